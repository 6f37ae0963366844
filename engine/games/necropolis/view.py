"""Draw one seat's Necropolis view as HTML with inline SVG tiles.

The same function draws the live sandbox and the page's figures, so a figure cannot disagree
with the engine. Clickable things are <button data-action>: a button with visible text is named
by that text (the full description is its title), a tile button by its description; hidden
tiles are drawn as backs that carry no face at all, except in a finished game's review
(`review_view`), which shows them face up and says so. Discarded graves stay face up here, as a
memory aid (at the table they lie face down).
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.games.necropolis.rules import SEAT_NAMES, describe_action, parse_tile
from engine.text import REVEALED

_PIP_SPOTS = {
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}
"""The label of a piece a review shows that was hidden from the seat during the game."""
_ENDINGS = {
    "pile-empty": "山が尽きたため",
    "agreement": "終了の提案が受け入れられたため",
    "safety": "20手番続けて山も墓地も動かなかったため（安全規則）",
}


def tile_label(tile: str) -> str:
    top, bottom = parse_tile(tile)
    return f"牌 上{top}・下{bottom}"


def tile_svg(tile: str, *, element_id: str = "", small: bool = False) -> str:
    """One upright tile: its top half above, its bottom half below, pips drawn."""
    top, bottom = parse_tile(tile)
    spots = [(x, y, 0) for x, y in _PIP_SPOTS[top]] + [(x, y, 1) for x, y in _PIP_SPOTS[bottom]]
    circles = "".join(
        f'<circle cx="{10 + 8 * x}" cy="{9 + 8 * y + 34 * half}" r="3"/>' for x, y, half in spots
    )
    ident = f' id="{element_id}"' if element_id else ""
    size = " rb-small" if small else ""
    return (
        f'<svg class="nec-tile{size}"{ident} data-tile="{tile}" viewBox="0 0 36 68" role="img" '
        f'aria-label="{tile_label(tile)}"><rect class="nec-face" x="1" y="1" width="34" height="66" rx="5"/>'
        f'<line x1="5" y1="34" x2="31" y2="34"/>{circles}</svg>'
    )


def _pile_svg() -> str:
    """The pile on its button: two face-down tiles, one on the other (the button's text names it)."""
    return (
        '<svg class="nec-tile nec-back nec-pile-tiles" viewBox="0 0 44 72" aria-hidden="true">'
        '<rect x="7" y="1" width="34" height="66" rx="5"/>'
        '<rect x="2" y="5" width="34" height="66" rx="5"/></svg>'
    )


def back_svg(element_id: str = "") -> str:
    """A face-down tile: the same shape, no face data."""
    ident = f' id="{element_id}"' if element_id else ""
    return (
        f'<svg class="nec-tile nec-back"{ident} viewBox="0 0 36 68" role="img" aria-label="裏向きの牌">'
        '<rect x="1" y="1" width="34" height="66" rx="5"/></svg>'
    )


def render(view: dict[str, Any], *, interactive: bool = True, prefix: str = "nec") -> str:
    """The whole board as `view["seat"]` sees it (None: a spectator)."""
    me = view["seat"]
    bottom = me if me is not None else 0
    legal = view["legal_actions"] if interactive else []
    dock = _centre(view, legal, prefix) + _seat_area(view, bottom, legal, prefix)
    # The discarded graves are a memory aid, no choice: they lie on the table, outside the dock
    # that a phone keeps on screen.
    table = _discarded(view["discarded"], prefix)
    other = f'<div class="nec-seats rb-seats">{_seat_area(view, 1 - bottom, [], prefix)}</div>'
    parts = [table, other, f'<div class="rb-dock">{dock}</div>']
    if "result" in view:
        parts.append(render_result(view, prefix))
    return f'<div class="rb-game nec-board" id="{prefix}-board">{"".join(parts)}</div>'


def _seat_area(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    """A seat: its head line (name, the grave's and the mastaba's counts) and its grave and mastaba.
    The grave is public and what the reader's choices weigh (which tiles are gone), so another
    seat shows it even when a phone shrinks the seat to a glance."""
    name = SEAT_NAMES[seat]
    mine = seat == view["seat"]
    current = " rb-current" if seat == view["current_player"] and "result" not in view else ""
    tags = (f"墓地 {len(view['graves'][seat])}枚", f"マスタバ {view['mastaba_counts'][seat]}枚")
    head = f'<span class="rb-name">{name}{"（あなた）" if mine else ""}</span>' + "".join(
        f'<span class="rb-tag">{tag}</span>' for tag in tags
    )
    grave, mastaba = _grave(view, seat, legal, prefix), _mastaba(view, seat, legal, prefix)
    return (
        f'<section class="nec-seat rb-box rb-seat{current}" data-seat="{seat}" id="{prefix}-seat-{seat}" '
        f'aria-label="{name}の場"><h3 class="rb-seat-head">{head}</h3>{grave}{mastaba}</section>'
    )


def _grave(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    row = view["graves"][seat]
    start = view["starts"][seat]
    tiles = "".join(
        f'<li class="{"nec-start" if tile == start else ""}">'
        f"{tile_svg(tile, element_id=f'{prefix}-t-{_key(tile)}')}</li>"
        for tile in row
    )
    ends = {side: _placement_buttons(legal, side) for side in "LR"}
    return (
        f'<div class="nec-grave rb-glance"><h4>墓地（{len(row)}枚・最初の牌は印つき）</h4>'
        f'<div class="nec-row">{ends["L"]}<ol class="nec-tiles" aria-label="{SEAT_NAMES[seat]}の墓地">'
        f"{tiles}</ol>{ends['R']}</div></div>"
    )


def _placement_buttons(legal: list[str], side: str) -> str:
    actions = [a for a in legal if a.split(":")[0] in ("add", "move") and a.split(":")[1] == side]
    if not actions:
        return ""
    buttons = "".join(
        f'<button type="button" class="nec-place" data-action="{a}" aria-label="{escape(describe_action(a))}"'
        f' title="{escape(describe_action(a))}">{tile_svg(a.rsplit(":", 1)[1], small=True)}</button>'
        for a in actions
    )
    where = "左端" if side == "L" else "右端"
    return f'<div class="nec-end" role="group" aria-label="{where}に置く">{buttons}</div>'


def _mastaba(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    tiles = view["mastabas"][seat]
    count = view["mastaba_counts"][seat]
    if tiles is None and count and "revealed" in view:
        shown = view["revealed"]["mastabas"][seat]
        items = "".join(_mastaba_tile(tile, [], prefix) for tile in shown)
        label = f"マスタバ（{count}枚・{REVEALED}）"
    elif tiles is None:
        items = "".join(f"<li>{back_svg(f'{prefix}-back-{seat}-{i}')}</li>" for i in range(count))
        label = f"マスタバ（{count}枚・裏向き）"
    else:
        items = "".join(_mastaba_tile(tile, legal, prefix) for tile in tiles)
        label = f"マスタバ（{count}枚）"
    empty = "" if count else '<p class="nec-empty">なし</p>'
    hand = " rb-hand" if seat == view["seat"] else ""
    return f'<div class="nec-mastaba"><h4>{label}</h4><ul class="nec-tiles{hand}">{items}</ul>{empty}</div>'


def _mastaba_tile(tile: str, legal: list[str], prefix: str) -> str:
    buttons = "".join(
        _button(action, text)
        for action, text in ((f"rebuild:{tile}", "作りなおし"), (f"exchange:{tile}", "交換"))
        if action in legal
    )
    actions = f'<span class="nec-tile-actions">{buttons}</span>' if buttons else ""
    return f"<li>{tile_svg(tile, element_id=f'{prefix}-t-{_key(tile)}')}{actions}</li>"


def _centre(view: dict[str, Any], legal: list[str], prefix: str) -> str:
    pile = f'<p class="nec-pile">山（ネクロポリス）: 残り <strong>{view["pile"]}</strong> 枚</p>'
    if "draw" in legal:  # the pile itself is what a finger taps to draw
        pile = (
            f'<div class="nec-pile-row"><button type="button" class="nec-pile-button" data-action="draw" '
            f'title="{escape(describe_action("draw"))}">{_pile_svg()}<span>{_short("draw")}</span></button>'
            f"{pile}</div>"
        )
    drawn = ""
    if view["drawn"]:
        tile = view["drawn"]
        face = tile_svg(tile, element_id=f"{prefix}-t-{_key(tile)}")
        drawn = f'<div class="nec-drawn"><span>引いた牌:</span>{face}</div>'
    elif view["has_drawn"] and "revealed" in view:
        tile = view["revealed"]["drawn"]
        face = tile_svg(tile, element_id=f"{prefix}-t-{_key(tile)}")
        drawn = f'<div class="nec-drawn"><span>引いた牌（{REVEALED}）:</span>{face}</div>'
    elif view["has_drawn"]:
        drawn = f'<div class="nec-drawn"><span>引いた牌:</span>{back_svg(f"{prefix}-drawn-back")}</div>'
    order = ["keep", "rebuild:draw", "propose", "accept", "decline"]
    buttons = "".join(_button(a, _short(a)) for a in order if a in legal)
    quiet = view["quiet_turns"]
    quiet_note = f'<p class="nec-quiet">動きのない手番: {quiet} / {view["quiet_limit"]}</p>' if quiet else ""
    controls = (
        f'<div class="nec-actions" role="group" aria-label="手番の行動">{buttons}</div>' if buttons else ""
    )
    aside = view.get("set_aside", 0)
    aside_note = f'<p class="nec-set-aside">練習でよけた牌: 裏向き {aside} 枚</p>' if aside else ""
    return (
        f'<section class="nec-centre rb-box" id="{prefix}-centre" aria-label="場の中央">'
        f"{pile}{aside_note}{drawn}{controls}{quiet_note}</section>"
    )


def _discarded(tiles: list[str], prefix: str) -> str:
    """The tiles of discarded graves, face up: a memory aid (the table turns them face down)."""
    if not tiles:
        return ""
    items = "".join(
        f"<li>{tile_svg(tile, element_id=f'{prefix}-t-{_key(tile)}', small=True)}</li>" for tile in tiles
    )
    return (
        f'<div class="nec-discarded rb-box"><h4>作りなおしで捨てた牌（{len(tiles)}枚・卓では裏向き）</h4>'
        f'<ul class="nec-tiles">{items}</ul></div>'
    )


def render_result(view: dict[str, Any], prefix: str = "nec") -> str:
    """The end-of-game breakdown: each part of each seat's score (lower is better)."""
    rows = "".join(
        f'<tr><th scope="row">{SEAT_NAMES[s]}</th>'
        f"<td>{' '.join(map(written, part['mastaba'])) or 'なし'}</td>"
        f"<td>{part['mastaba_pips']}</td><td>{written(part['start'])}</td><td>{part['start_pips']}</td>"
        f"<td>1</td><td><strong>{part['total']}</strong></td></tr>"
        for s, part in enumerate(view["result"]["breakdown"])
    )
    head = "".join(f"<th>{h}</th>" for h in ("席", "マスタバ", "目", "最初の牌", "目", "固定", "合計"))
    return (
        f'<section class="nec-result rb-box" id="{prefix}-result" aria-label="得点計算">'
        "<h3>得点計算（少ないほうが勝ち）</h3>"
        f"<p>{escape(outcome_text(view))}</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></section>"
    )


def written(tile: str) -> str:
    """A tile as the page writes it: [top|bottom]."""
    top, bottom = parse_tile(tile)
    return f"[{top}|{bottom}]"


def outcome_text(view: dict[str, Any]) -> str:
    result = view["result"]
    why = _ENDINGS.get(result["ending"], "")
    scores = result["scores"]
    if len(result["winners"]) == 2:
        verdict = f"引き分け（{scores[0]}点 対 {scores[1]}点）"
    else:
        verdict = f"{SEAT_NAMES[result['winners'][0]]}の勝ち（先手{scores[0]}点・後手{scores[1]}点）"
    return f"{why}ゲーム終了。{verdict}"


def status(view: dict[str, Any]) -> str:
    """One line on what happens now, for the sandbox's status bar."""
    if "result" in view:
        return outcome_text(view)
    current = SEAT_NAMES[view["current_player"]]
    if view["phase"] == "proposal":
        return f"{SEAT_NAMES[view['turn_player']]}が終了を提案しました。{current}が答えます。"
    if view["phase"] == "drawn":
        return f"{current}の手番: 引いた牌を墓地かマスタバに置きます。"
    return f"{current}の手番です。"


def _button(action: str, text: str) -> str:
    """A text button: named by its visible text, described by the action's full text."""
    title = escape(describe_action(action))
    return f'<button type="button" data-action="{action}" title="{title}">{text}</button>'


def _short(action: str) -> str:
    return {
        "draw": "山から引く",
        "keep": "マスタバに置く",
        "rebuild:draw": "作りなおし（山から）",
        "propose": "終了を提案",
        "accept": "受ける",
        "decline": "断る",
    }[action]


def _key(tile: str) -> str:
    top, bottom = parse_tile(tile)
    return f"{min(top, bottom)}-{max(top, bottom)}"

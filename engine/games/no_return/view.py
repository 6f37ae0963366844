"""Draw one seat's No Return view as HTML with inline SVG counters.

The same function draws the live sandbox and the page's figures, so a figure cannot disagree
with the engine. Clickable things are <button data-action>, each named by what it shows (its text,
or the counter on it) and described by the action's full text; a counter's colour always comes
with its own symbol (blue ●, red ▲, green ■, purple ◆, pink ★, yellow ✚) and its value; counters
another seat holds are drawn as backs that carry no face data at all, except in a finished
game's review (`review_view`), which shows every hidden counter face up and says so. Cashed
counters stay face up in the score piles, as a memory aid (at the table they are stacked face
down).
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.games.no_return.codec import (
    COLOUR_NAMES,
    COLOUR_SYMBOLS,
    describe_action,
    parse_counter,
)
from engine.text import REVEALED, game_over, points

_SHAPES = {
    "B": '<circle class="nr-symbol" cx="20" cy="12" r="5"/>',
    "R": '<polygon class="nr-symbol" points="20,6 26,17 14,17"/>',
    "G": '<rect class="nr-symbol" x="15" y="7" width="10" height="10"/>',
    "P": '<polygon class="nr-symbol" points="20,5 26,12 20,19 14,12"/>',
    "K": '<polygon class="nr-symbol" points="20,5 21.8,9.9 27,10.2 22.9,13.4 24.3,18.4 20,15.5 '
    '15.7,18.4 17.1,13.4 13,10.2 18.2,9.9"/>',
    "Y": '<path class="nr-symbol" d="M18 6h4v4h4v4h-4v4h-4v-4h-4v-4h4z"/>',
}
_SHORT = {
    "declare": "フェイズ2に移る",
    "place": "並べる",
    "exchange": "交換する",
    "pass": "パスする",
    "cancel": "やめる",
    "place:done": "並べて確定",
    "exchange:done": "交換を確定",
    "cash:done": "清算を確定",
    "cash:more": "清算を1個増やす",
    "cash:fewer": "清算を1個減らす",
}
"""The label of counters a review shows that were hidden from the seat during the game."""
_MODE_TEXT = {
    # the count is never broken (0〜／8個 on a phone: no-return.css)
    "setup": '準備の交換: 脇に伏せるカウンター<span class="nr-name">（0〜8個）</span>を選んでください',
    "choose": "この手番の行動を選んでください",
    "place": "並べるカウンター（1色）を選んでください",
    "exchange": "交換に出すカウンター（1〜4個）を選んでください",
    "cash": "清算する個数と、支払うカウンター（1色）を選んでください",
}


def colour_label(colour: str) -> str:
    return f"{COLOUR_NAMES[colour]}（{COLOUR_SYMBOLS[colour]}）"


def counter_label(counter: str) -> str:
    """Accessible name: "青（●）11"."""
    colour, value = _parse(counter)
    return f"{colour_label(colour)}{value}"


def token_svg(counter: str, *, element_id: str = "", small: bool = False) -> str:
    """One counter: a disc in its colour, its symbol above, its value below."""
    colour, value = _parse(counter)
    ident = f' id="{element_id}"' if element_id else ""
    size = " nr-small" if small else ""
    return (
        f'<svg class="nr-token nr-c-{colour}{size}"{ident} data-counter="{counter}" viewBox="0 0 40 40" '
        f'role="img" aria-label="{counter_label(counter)}"><circle class="nr-disc" cx="20" cy="20" r="18"/>'
        f'{_SHAPES[colour]}<text class="nr-value" x="20" y="33">{value}</text></svg>'
    )


def back_svg(element_id: str = "", *, small: bool = False) -> str:
    """A face-down counter: the same disc, hatched, with no face data."""
    ident = f' id="{element_id}"' if element_id else ""
    size = " nr-small" if small else ""
    return (
        f'<svg class="nr-token nr-back{size}"{ident} viewBox="0 0 40 40" role="img" '
        'aria-label="伏せたカウンター">'
        '<circle class="nr-disc" cx="20" cy="20" r="18"/></svg>'
    )


def render(view: dict[str, Any], *, interactive: bool = True, prefix: str = "nr") -> str:
    """The whole table as `view["seat"]` sees it (None: a spectator)."""
    me = view["seat"]
    legal = view["legal_actions"] if interactive else []
    order = _seat_order(view["players"], me)
    others = "".join(_seat_area(view, s, legal, prefix) for s in order if s != me)
    mine = _seat_area(view, me, legal, prefix) if me is not None else ""
    dock = f'<div class="rb-dock">{_controls(view, legal, prefix)}{mine}</div>'
    parts = [_table(view, prefix), f'<div class="nr-seats rb-seats">{others}</div>', dock]
    if "result" in view:
        parts.append(render_result(view, prefix))
    return f'<div class="rb-game nr-board" id="{prefix}-board">{"".join(parts)}</div>'


def _seat_order(players: int, me: int | None) -> list[int]:
    """Turn order starting after the viewer, so the viewer's own area comes last."""
    start = 0 if me is None else me + 1
    return [(start + i) % players for i in range(players)]


def _table(view: dict[str, Any], prefix: str) -> str:
    lid = view["lid"]
    payments = "".join(
        f"<li>{token_svg(c, element_id=f'{prefix}-lid-{i}', small=True)}</li>"
        for i, c in enumerate(lid["payments"])
    )
    end = view["end_triggered_by"]
    notice = (
        f'<p class="nr-end">{view["seat_names"][end]}が袋の最後のカウンターを引きました。'
        "この巡が終わるとゲーム終了です。</p>"
        if end is not None and "result" not in view
        else ""
    )
    boxed = (
        f'<p class="nr-note">練習用の短いゲームです（{view["boxed"]}個は箱にしまったまま使いません）。</p>'
        if "boxed" in view
        else ""
    )
    return (
        f'<section class="nr-table rb-box" id="{prefix}-table" aria-label="場の中央">'
        f'<p class="nr-bag">袋: 残り <strong>{view["bag"]}</strong> 個</p>{boxed}'
        f'<div class="nr-lid"><h3>上ブタ: 支払い {len(lid["payments"])}個（計{lid["payment_total"]}）・'
        f"伏せた交換 {lid['hidden']}個</h3>"
        f'<ul class="nr-tokens" aria-label="支払われたカウンター">{payments}</ul></div>{notice}</section>'
    )


def _seat_area(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    """A seat: its head line (name, phase, counters in hand, points cashed, start: what a glance
    needs, so that another seat on a phone is one line; the seat to move is ringed), then its
    columns (public, and what the reader's choices weigh: a phone shows them even at a glance),
    score pile, hand and face-down counters."""
    public = view["seats"][seat]
    name = view["seat_names"][seat]
    mine = seat == view["seat"]
    turn = " rb-current" if seat == view["current_player"] else ""
    tags = [("", f"フェイズ{public['phase']}"), (" nr-hand-count", f"手元{public['hand_count']}個")]
    tags += [("", f"清算{public['cashed_total']}")]
    tags += [("", "スタート")] if seat == view["start_player"] else []
    head = f'<span class="rb-name">{name}{"（あなた）" if mine else ""}</span>' + "".join(
        f'<span class="rb-tag{css}">{tag}</span>' for css, tag in tags
    )
    return (
        f'<section class="nr-seat rb-box rb-seat{turn}" data-seat="{seat}" id="{prefix}-seat-{seat}" '
        f'aria-label="{name}の場"><h3 class="rb-seat-head">{head}</h3>'
        f"{_columns(view, seat, legal, prefix)}{_cashed(public, seat, prefix)}"
        f"{_hand(view, seat, legal, prefix)}{_hidden(view, seat, prefix)}</section>"
    )


def _selection(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The selection `seat` is making, as this view may show it: the viewer's own, or in a
    review another seat's."""
    if seat == view["seat"]:
        return view["selection"]
    revealed = view.get("revealed")
    return revealed["selection"] if revealed and seat == view["current_player"] else None


def _columns(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    public = view["seats"][seat]
    selection = _selection(view, seat)
    cashing = selection["column"] if selection and selection["mode"] == "cash" else None
    taken = len(selection["cashing"]) if cashing else 0
    columns = "".join(
        _column(colour, values, seat, prefix, taken=taken if colour == cashing else 0, legal=legal)
        for colour, values in public["columns"].items()
    )
    body = columns or '<p class="nr-empty">まだ列はありません</p>'
    return (
        f'<div class="nr-columns rb-glance"><h4>列（残り計{public["column_total"]}・終了時に失点）</h4>'
        f'<div class="nr-column-row">{body}</div></div>'
    )


def _column(colour: str, values: list[int], seat: int, prefix: str, *, taken: int, legal: list[str]) -> str:
    first_taken = len(values) - taken
    items = "".join(
        f'<li class="{"nr-taken" if i >= first_taken else ""}">'
        f"{token_svg(f'{colour}{v}', element_id=f'{prefix}-s{seat}-{colour}-{i}')}</li>"
        for i, v in enumerate(values)
    )
    action = f"cash:column:{colour}"
    button = _button(action, "この列を清算") if action in legal else ""
    label = f"{colour_label(colour)}の列（上から下へ）"
    return (
        f'<div class="nr-column nr-c-{colour}-edge"><h5>{colour_label(colour)}</h5>'
        f'<ol class="nr-stack" aria-label="{label}">{items}</ol>{button}</div>'
    )


def _cashed(public: dict[str, Any], seat: int, prefix: str) -> str:
    items = "".join(
        f"<li>{token_svg(c, element_id=f'{prefix}-s{seat}-cashed-{i}', small=True)}</li>"
        for i, c in enumerate(public["cashed"])
    )
    return (
        f'<div class="nr-cashed"><h4>得点の山（{len(public["cashed"])}個・計{public["cashed_total"]}・'
        "卓では裏向き）</h4>"
        f'<ul class="nr-tokens">{items}</ul></div>'
    )


def _hand(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    count = view["seats"][seat]["hand_count"]
    if seat != view["seat"] and "revealed" in view:
        return _revealed_hand(view, seat, prefix)
    if seat != view["seat"] or view["hand"] is None:
        backs = "".join(
            f"<li>{back_svg(f'{prefix}-s{seat}-back-{i}', small=True)}</li>" for i in range(count)
        )
        heading = f"<h4>手元（{count}個・伏せてある）</h4>"
        return f'<div class="nr-hand">{heading}<ul class="nr-tokens">{backs}</ul></div>'
    selection = view["selection"]
    mode = selection["mode"] if selection else None
    picked = list(selection["picked"]) if selection else []
    items, copies = [], {}
    for counter in view["hand"]:
        copy = copies[counter] = copies.get(counter, -1) + 1
        chosen = counter in picked
        if chosen:
            picked.remove(counter)
        token = token_svg(counter, element_id=f"{prefix}-hand-{counter}-{copy}")
        items.append(f"<li>{_hand_token(token, counter, mode, chosen=chosen, legal=legal)}</li>")
    return (
        f'<div class="nr-hand"><h4>手元（{count}個）</h4>'
        f'<ul class="nr-tokens rb-hand">{"".join(items)}</ul></div>'
    )


def _revealed_hand(view: dict[str, Any], seat: int, prefix: str) -> str:
    """Another seat's hand in a review, face up, its chosen counters marked as they are chosen."""
    selection = _selection(view, seat)
    picked = list(selection["picked"]) if selection else []
    items = []
    for i, counter in enumerate(view["revealed"]["hands"][seat]):
        chosen = counter in picked
        if chosen:
            picked.remove(counter)
        token = token_svg(counter, element_id=f"{prefix}-s{seat}-hand-{i}")
        items.append(f'<li><span class="nr-slot{" nr-chosen" if chosen else ""}">{token}</span></li>')
    marked = "・枠つきは選んでいる途中" if selection and selection["picked"] else ""
    heading = f"手元（{len(items)}個・{REVEALED}{marked}）"
    return f'<div class="nr-hand"><h4>{heading}</h4><ul class="nr-tokens">{"".join(items)}</ul></div>'


def _hand_token(token: str, counter: str, mode: str | None, *, chosen: bool, legal: list[str]) -> str:
    """A hand counter; a button when choosing or un-choosing it is legal now."""
    action = f"{mode}:{'unpick' if chosen else 'pick'}:{counter}"
    css = " nr-chosen" if chosen else ""
    if action not in legal:
        return f'<span class="nr-slot{css}">{token}</span>'
    pressed = "true" if chosen else "false"
    css += " rb-selected" if chosen else ""
    return (
        f'<button type="button" class="nr-pick{css}" data-action="{action}" aria-pressed="{pressed}" '
        f'title="{escape(describe_action(action))}">{token}</button>'
    )


def _hidden(view: dict[str, Any], seat: int, prefix: str) -> str:
    """The counters `seat` put face down: how many, and in a review which."""
    public, revealed = view["seats"][seat], view.get("revealed")
    parts = []
    for key, count, text in (
        ("aside", public["aside_count"], "準備の交換で脇に伏せた"),
        ("exchanged", public["exchanged_count"], "交換で上ブタに伏せた"),
    ):
        if not count:
            continue
        if not revealed:
            parts.append(f'<p class="nr-note">{text}: {count}個</p>')
            continue
        tokens = "".join(
            f"<li>{token_svg(c, element_id=f'{prefix}-s{seat}-{key}-{i}', small=True)}</li>"
            for i, c in enumerate(revealed[key][seat])
        )
        parts.append(
            f'<p class="nr-note">{text}: {count}個（{REVEALED}）</p><ul class="nr-tokens">{tokens}</ul>'
        )
    return "".join(parts)


def _controls(view: dict[str, Any], legal: list[str], prefix: str) -> str:
    selection = view["selection"]
    opening = f'<section class="nr-controls rb-box" id="{prefix}-controls" aria-label="手番の操作">'
    if not selection or not legal:
        return f"{opening}</section>"
    order = ["declare", "place", "exchange", "cash:more", "cash:fewer", "pass"]
    order += ["setup:done", "place:done", "exchange:done", "cash:done", "cancel"]
    buttons = "".join(_button(a, _short(a, selection)) for a in order if a in legal)
    return (
        f'{opening}<p class="nr-prompt">{_MODE_TEXT[selection["mode"]]}</p>{_sums(selection)}'
        f'<div class="nr-actions" role="group" aria-label="行動">{buttons}</div></section>'
    )


def _sums(selection: dict[str, Any]) -> str:
    """The running sums of the current selection."""
    mode, picked = selection["mode"], selection["picked"]
    if mode == "choose":
        return ""
    # a counter's name is never broken across lines (no-return.css)
    chosen = "・".join(f'<span class="nr-name">{counter_label(c)}</span>' for c in picked) or "なし"
    if mode != "cash":
        total = selection["picked_sum"]
        return f'<p class="nr-sum">選んだもの: {len(picked)}個（{chosen}）・合計 <strong>{total}</strong></p>'
    cashing = "・".join(str(_parse(c)[1]) for c in selection["cashing"])
    enough = "足りている" if selection["picked_sum"] >= selection["cashing_sum"] else "足りない"
    return (
        f'<p class="nr-sum">清算: <span class="nr-name">{colour_label(selection["column"])}</span>'
        f"の{cashing}（計 <strong>"
        f"{selection['cashing_sum']}</strong>）</p>"
        f'<p class="nr-sum">支払い: {chosen}（計 <strong>{selection["picked_sum"]}</strong>・{enough}）</p>'
    )


def render_result(view: dict[str, Any], prefix: str = "nr") -> str:
    """The end-of-game breakdown: cashed counters (plus), counters left in columns (minus)."""
    result = view["result"]
    rows = "".join(_result_row(view, seat, part) for seat, part in enumerate(result["breakdown"]))
    return (
        f'<section class="nr-result rb-box" id="{prefix}-result" aria-label="得点計算"><h3>得点計算</h3>'
        f"<p>{escape(outcome_text(view))}</p>"
        "<table><thead><tr><th>席</th><th>清算したカウンター</th><th>得点</th><th>列に残ったカウンター</th>"
        f"<th>失点</th><th>合計</th></tr></thead><tbody>{rows}</tbody></table></section>"
    )


def _result_row(view: dict[str, Any], seat: int, part: dict[str, Any]) -> str:
    left = "、".join(f"{colour_label(c)}{'・'.join(map(str, values))}" for c, values in part["left"].items())
    return (
        f'<tr><th scope="row">{view["seat_names"][seat]}</th>'
        f"<td>{len(part['cashed'])}個</td><td>+{part['plus']}</td><td>{left or 'なし'}</td>"
        f"<td>{points(-part['minus'])}</td><td><strong>{points(part['total'])}</strong></td></tr>"
    )


def outcome_text(view: dict[str, Any]) -> str:
    result = view["result"]
    return game_over(
        view["seat_names"],
        result["scores"],
        result["winners"],
        shared="同点で失点も同じため、勝利を分かち合います",
    )


def status(view: dict[str, Any]) -> str:
    """One line on what happens now, for the sandbox's status bar."""
    if "result" in view:
        return outcome_text(view)
    current = view["seat_names"][view["current_player"]]
    if view["stage"] == "setup":
        # word joiners: the count is never broken (0〜／8個 on a phone's status line)
        count = "\u2060".join("0〜8個")
        return f"{current}の準備の交換です（{count}を伏せて引き直す）。"
    phase = view["seats"][view["current_player"]]["phase"]
    ending = "袋が空です。この巡で終了します。" if view["end_triggered_by"] is not None else ""
    return f"{current}の手番です（フェイズ{phase}）。{ending}"


def _short(action: str, selection: dict[str, Any]) -> str:
    if action == "setup:done":
        return "脇に伏せて引く" if selection["picked"] else "交換しない"
    return _SHORT[action]


def _button(action: str, text: str) -> str:
    """A text button: named by its visible text, described by the action's full text."""
    title = escape(describe_action(action))
    return f'<button type="button" data-action="{action}" title="{title}">{text}</button>'


def _parse(counter: str) -> tuple[str, int]:
    parsed = parse_counter(counter)
    if parsed is None:
        raise ValueError(f"not a counter: {counter!r}")
    return parsed

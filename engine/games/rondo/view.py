"""Draw one seat's Rondo view as HTML: the board (drawing.py), the turn's controls, the racks.

The same function draws the live sandbox and the page's figures, so a figure cannot disagree
with the engine. The spaces the seat may choose are <button data-action> laid over the board
(positioned in percent, so they scale with it); the chip choices are buttons below it. A colour
always comes with its symbol (purple ◆, green ■, blue ●, red ▲, yellow ✚), and another seat's
rack is drawn as backs with no colour at all, except in a finished game's review
(`review_view`), which shows every rack and every face-down chip's colour and says so.
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.games.rondo.board import GREY, INDEX, SPACES, VALUES
from engine.games.rondo.codec import COLOURS, chip_name, parse_action, space_label
from engine.games.rondo.drawing import SIDE_NAMES, board_svg, percent, rack_chip, space_text
from engine.text import REVEALED, game_over

"""The label of chips a review shows that were hidden from the seat during the game."""
REVIEW_NOTE = "振り返りなので、裏向きのチップの色と全員の手元のチップも見せています。"
_PROMPTS = {
    "choose": "置くなら、盤の光っているマスから最初のマスを選びます。置かないなら、置かずに引きます。",
    "chips": "このマスに置くチップを選びます（同じ色を表向きに何枚でも、または好きな色を1枚裏向き）。",
    "next": "続けるなら、直前のマスの隣で光っているマスを選びます。やめるなら、置き終えるボタンを押します。",
}


def render(view: dict[str, Any], *, interactive: bool = True, prefix: str = "rd") -> str:
    """The whole table as `view["seat"]` sees it (None: a spectator)."""
    return render_board(view, interactive=interactive, prefix=prefix)


def render_board(
    view: dict[str, Any], *, interactive: bool = True, prefix: str = "rd", marks: dict[str, str] | None = None
) -> str:
    """`render`, with letters (A, B, C) beside some spaces for the rules page's figures."""
    legal = view["legal_actions"] if interactive else []
    me = view["seat"]
    if "revealed" in view:
        view = _with_downs_shown(view)
    order = [(0 if me is None else me + 1 + i) % view["players"] for i in range(view["players"])]
    others = "".join(_seat(view, s, prefix) for s in order if s != me)
    mine = _seat(view, me, prefix) if me is not None else ""
    parts = [
        _info(view, prefix),
        _map(view, legal, prefix, marks),
        f'<div class="rd-seats rb-seats">{others}</div>',
        f'<div class="rb-dock">{_controls(view, legal, prefix)}{mine}</div>',
        _board_list(view, prefix),
    ]
    if "result" in view:
        parts.append(render_result(view, prefix))
    return f'<div class="rb-game rd-board" id="{prefix}-board">{"".join(parts)}</div>'


def _with_downs_shown(view: dict[str, Any]) -> dict[str, Any]:
    """A review's view with the colour of every face-down chip on the board, as the seat that laid
    it sees it, so the drawing and the list of the board show it."""
    downs = view["revealed"]["downs"]
    board = {
        space: {**place, "colour": downs[space]} if place["face"] == "down" else place
        for space, place in view["board"].items()
    }
    return {**view, "board": board}


def render_map(view: dict[str, Any], *, prefix: str) -> str:
    """The board alone, without buttons: for the rules page's pictures of the board."""
    return _map(view, [], prefix, None)


def _map(view: dict[str, Any], legal: list[str], prefix: str, marks: dict[str, str] | None) -> str:
    spaces = [action[3:] for action in legal if action.startswith("go:")]
    svg = board_svg(view, prefix=prefix, candidates=set(spaces), marks=marks)
    buttons = "".join(_go_button(space, view, prefix) for space in spaces)
    return f'<div class="rd-map" id="{prefix}-map">{svg}{buttons}</div>'


def _go_button(space: str, view: dict[str, Any], prefix: str) -> str:
    left, top = percent(space)
    verb = "に続けて置く" if view["turn"]["chain"] else "から置き始める"
    label = space_label(INDEX[space], view["side"]) + verb
    # A finger's piece only: the keyboard and screen readers choose from the list (rb-choice-list).
    return (
        f'<button type="button" class="rd-go" id="{prefix}-go-{space}" data-action="go:{space}" '
        f'style="left:{left:.2f}%;top:{top:.2f}%" aria-label="{label}" title="{label}" '
        'aria-hidden="true" tabindex="-1"></button>'
    )


def _go_list(view: dict[str, Any], legal: list[str], prefix: str) -> str:
    """The spaces to choose from again, as a row of labelled buttons: the keyboard's and a screen
    reader's way to the lit spaces of the drawing (on a phone a finger taps the space itself, and
    the list keeps out of sight unless it holds focus: rb-choice-list)."""
    buttons = "".join(
        f'<button type="button" data-action="{action}">'
        f"{escape(space_label(INDEX[action[3:]], view['side']))}"
        "</button>"
        for action in legal
        if action.startswith("go:")
    )
    # Its own id, as the actions' group has: a frame never turns a pressed (and so focused) chip
    # button into a space's button of this list, which would show the list on a phone.
    group = f'<div class="rd-go-list rb-choice-list" id="{prefix}-go-list" role="group"'
    return f'{group} aria-label="置けるマス">{buttons}</div>' if buttons else ""


def _board_list(view: dict[str, Any], prefix: str) -> str:
    """The occupied spaces as a list, for readers who cannot see the drawing."""
    values = VALUES[view["side"]]
    occupied = sorted(view["board"].items(), key=lambda item: INDEX[item[0]])
    items = "".join(
        f"<li>{escape(space_text(space, values[INDEX[space]], place, view['seat_names']))}</li>"
        for space, place in occupied
    )
    body = f"<ul>{items}</ul>" if items else "<p>まだチップはありません。</p>"
    return (
        f'<details class="rd-list" id="{prefix}-list"><summary>盤上のチップを文字で見る'
        f"（{len(occupied)}マス）</summary>{body}</details>"
    )


# --- around the board --------------------------------------------------------------------------------


def _info(view: dict[str, Any], prefix: str) -> str:
    ending = view["ending"]
    notice = ""
    if ending and "result" not in view:
        why = "灰色のマスがすべて埋まりました" if ending["reason"] == "grey" else "袋が空になりました"
        last = view["seat_names"][(view["start_player"] - 1) % view["players"]]
        notice = f'<p class="rd-end">{why}。{last}の手番でゲーム終了です。</p>'
    if "revealed" in view:
        notice += f'<p class="rd-revealed">{REVIEW_NOTE}</p>'
    return (
        f'<div class="rd-info rb-box" id="{prefix}-info" role="group" aria-label="場の様子">'
        f"<p>{SIDE_NAMES[view['side']]}・袋の残り <strong>{view['bag']}</strong> 枚・"
        # no line break inside "2 / 10" (at 360 px it broke before the slash)
        f"空いている灰色のマス <strong>{view['grey_left']}</strong>\u00a0/\u00a0{len(GREY)}</p>{notice}</div>"
    )


def _controls(view: dict[str, Any], legal: list[str], prefix: str) -> str:
    turn = view["turn"]
    inner = ""
    if turn is not None:
        prompt = f'<p class="rd-prompt">{_PROMPTS[turn["stage"]]}</p>' if legal else ""
        buttons = "".join(_button(action, view) for action in legal if not action.startswith("go:"))
        ident = f'id="{prefix}-actions" role="group" aria-label="選べる行動"'
        group = f'<div class="rd-actions" {ident}>{buttons}</div>' if buttons else ""
        inner = prompt + _chain_text(view) + _go_list(view, legal, prefix) + group
    ident = f'id="{prefix}-controls" role="group" aria-label="手番の操作"'
    return f'<div class="rd-controls rb-box" {ident}>{inner}</div>'


def _chain_text(view: dict[str, Any]) -> str:
    """The chain so far: each space's points and the total."""
    turn = view["turn"]
    if not turn["chain"] and not turn["target"]:
        return ""
    values = VALUES[view["side"]]
    steps = []
    for space in turn["chain"]:
        value, place = values[INDEX[space]], view["board"][space]
        name = f"{chip_name(SPACES[INDEX[space]].colour)}{value}"
        if place["face"] == "up":
            count = place["count"]
            steps.append(f"{name}に{count}枚（{count}×{value}={count * value}点）")
        else:
            steps.append(f"{name}に裏向き1枚（0点）")
    if turn["target"]:
        target = INDEX[turn["target"]]
        steps.append(f"{chip_name(SPACES[target].colour)}{values[target]}に？")
    return f'<p class="rd-chain-text">この手番: {"→".join(steps)}　<strong>計{turn["points"]}点</strong></p>'


def _button(action: str, view: dict[str, Any]) -> str:
    return f'<button type="button" data-action="{action}">{_button_text(action, view)}</button>'


def _button_text(action: str, view: dict[str, Any]) -> str:
    move = parse_action(action)
    assert move is not None
    turn = view["turn"]
    if move.kind == "draw":
        return f"置かずに{turn['draw']}枚引く" if turn["draw"] else "置かずに終える（袋が空）"
    if move.kind == "end":
        return "置き終えて1枚引く" if view["bag"] else "置き終える（袋が空）"
    if move.kind == "pass":
        return "パスする"
    if move.kind == "down":
        return _two_parts(f"{chip_name(move.argument)}を1枚", "裏向き（0点）")
    target = INDEX[turn["target"]]
    count, value = int(move.argument), VALUES[view["side"]][target]
    return _two_parts(f"{chip_name(SPACES[target].colour)}を{count}枚", f"表向き（{count * value}点）")


def _two_parts(chips: str, how: str) -> str:
    """A chip button's words in two units that each stay whole: on a phone three buttons share a
    row, each in two lines broken only between the units (rondo.css)."""
    return f'<span class="rd-unit">{chips}</span> <span class="rd-unit">{how}</span>'


def _seat(view: dict[str, Any], seat: int, prefix: str) -> str:
    """A seat: its head line (name, score, chips in hand, start: what a glance needs, so that
    another seat on a phone is one line; the seat to move is ringed) and its rack; the reader's
    rack is their hand."""
    public = view["seats"][seat]
    name = view["seat_names"][seat]
    mine = seat == view["seat"]
    css = " rb-current" if seat == view["current_player"] else ""
    count = public["rack_count"]
    revealed = not mine and "revealed" in view
    tags = [f"<strong>{public['score']}</strong>点", f"手元{count}枚"]
    tags += [REVEALED] if revealed else []
    tags += ["スタート"] if seat == view["start_player"] else []
    head = f'<span class="rb-name">{name}{"（あなた）" if mine else ""}</span>' + "".join(
        f'<span class="rb-tag">{tag}</span>' for tag in tags
    )
    hand = ""
    if (mine and view["rack"] is not None) or revealed:
        rack = view["revealed"]["racks"][seat] if revealed else view["rack"]
        chips = [c for c in COLOURS for _ in range(rack[c])]
        ident = f"{prefix}-s{seat}-rack" if revealed else f"{prefix}-rack"
        drawn = "".join(f"<li>{rack_chip(c, f'{ident}-{c}-{k}')}</li>" for k, c in enumerate(chips))
        label = "手元のチップ: " + (
            "、".join(f"{chip_name(c)}{rack[c]}枚" for c in COLOURS if rack[c]) or "なし"
        )
        hand = " rb-hand" if mine else ""
    else:
        drawn = "".join(f"<li>{rack_chip(None, f'{prefix}-s{seat}-back-{k}')}</li>" for k in range(count))
        label = f"手元のチップ{count}枚（色は見えない）"
    return (
        f'<div class="rd-seat rb-box rb-seat{css}" data-seat="{seat}" id="{prefix}-seat-{seat}" '
        f'role="group" aria-label="{name}"><h3 class="rb-seat-head">{head}</h3>'
        f'<ul class="rd-rack{hand}" aria-label="{label}">{drawn}</ul></div>'
    )


# --- the end -----------------------------------------------------------------------------------------


def render_result(view: dict[str, Any], prefix: str = "rd") -> str:
    """The final scores, with the rack counts that break a tie."""
    result = view["result"]
    winners = set(result["winners"])
    rows = "".join(
        f'<tr><th scope="row">{view["seat_names"][s]}</th><td>{score}点</td>'
        f"<td>{result['rack_counts'][s]}枚</td><td>{'勝ち' if s in winners else ''}</td></tr>"
        for s, score in enumerate(result["scores"])
    )
    return (
        f'<div class="rd-result rb-box" id="{prefix}-result" role="group" aria-label="結果"><h3>結果</h3>'
        f"<p>{escape(outcome_text(view))}</p>"
        "<table><thead><tr><th>席</th><th>得点</th><th>手元のチップ（同点のとき）</th><th>勝敗</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></div>"
    )


def outcome_text(view: dict[str, Any]) -> str:
    result = view["result"]
    return game_over(
        view["seat_names"],
        result["scores"],
        result["winners"],
        shared="得点も手元のチップの枚数も同じで、勝利を分かち合います",
    )


def status(view: dict[str, Any]) -> str:
    """One line on what happens now, for the sandbox's status bar."""
    if "result" in view:
        return outcome_text(view)
    turn = view["turn"]
    current = view["seat_names"][view["current_player"]]
    doing = "" if turn["stage"] == "choose" else f"（この手番 {turn['points']}点）"
    ending = "この巡でゲーム終了です。" if view["ending"] else ""
    return f"{current}の手番です{doing}。{ending}"

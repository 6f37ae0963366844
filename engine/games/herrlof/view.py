"""Draw one seat's Herrlof view as HTML with inline SVG cards.

The same function draws the live sandbox and the page's figures, so a figure cannot disagree
with the engine. Clickable things are <button data-action> whose accessible name is their own
visible content; a suit's colour always comes with its symbol (赤▲ 青● 緑■ 黄✚: engine.colours); the Valknut
(three linked triangles on a dark card) and the Hagalaz (the rune ᚺ) are drawn unlike any suit;
cards another seat holds are backs that carry no face data at all, except in a finished game's
review (`review_view`), which shows every hand, bid and hidden card face up and says so.
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.games.herrlof.cards import (
    HAGALAZ,
    VALKNUT,
    card_label,
    describe_action,
    rank_of,
    suit_label,
    suit_of,
)
from engine.text import REVEALED, seat_columns

_SYMBOLS = {
    "R": '<polygon class="hl-symbol" points="20,23 29,40 11,40"/>',
    "B": '<circle class="hl-symbol" cx="20" cy="32" r="8"/>',
    "G": '<rect class="hl-symbol" x="13" y="25" width="14" height="14"/>',
    "Y": '<path class="hl-symbol" d="M17.3 23.5h5.4v5.8h5.8v5.4h-5.8v5.8h-5.4v-5.8h-5.8v-5.4h5.8z"/>',
}


def _name_lines(*lines: str) -> str:
    """A card's name written on its face, above its picture: a reader who has not learned the
    pictures yet still tells the two unsuited cards apart (the picture alone said nothing)."""
    return "".join(
        f'<text class="hl-name" x="20" y="{10 + 8 * i}" text-anchor="middle">{line}</text>'
        for i, line in enumerate(lines)
    )


# The Valknut: three triangles, each turned a third of a circle, linked around the centre; its
# name in two lines above it, the knot a little lower and smaller to make room.
_VALKNUT = (
    _name_lines("ヴァルク", "ヌート")
    + '<g transform="translate(4 14) scale(0.8)">'
    + "".join(
        f'<polygon class="hl-knot" points="20,17 29,33 11,33" '
        f'transform="rotate({angle} 20 30) translate(0 -3)"/>'
        for angle in (0, 120, 240)
    )
    + "</g>"
)
_HAGALAZ = _name_lines("ハガラズ") + '<path class="hl-rune" d="M13 20V48M27 20V48M13 29L27 39"/>'
"""The label of cards and bids a review shows that were hidden from the seat during the game."""
_STAGE_PROMPTS = {
    "bid": "取れると思うトリックの数を予想してください（ほかの人には見えません）",
    "play": "トリックに出すカードを選んでください",
    "three": "3の効果: 山札の一番上を1枚引きますか？",
    "bury": "山札の下に伏せて入れる手札を1枚選んでください（引いたカードでもかまいません）",
    "one": "1の効果: 相手が取ったトリックを1つ奪いますか？",
    "six": "6の効果: 相手の手札から1枚を無作為に取りますか？",
    "give": "{victim}に渡す手札を1枚選んでください（取ったカードでもかまいません）",
}
_SHORT = {
    "three:draw": "山札から1枚引く",
    "three:pass": "引かない",
    "one:pass": "奪わない",
    "six:pass": "取らない",
}


def card_svg(card: str, *, element_id: str = "", small: bool = False) -> str:
    """One card face: its number and its suit's symbol in the suit's colour; V and H drawn apart."""
    ident = f' id="{element_id}"' if element_id else ""
    size = " hl-small" if small else ""
    suit = suit_of(card)
    if card == VALKNUT:
        kind, face = "hl-valknut", _VALKNUT
    elif card == HAGALAZ:
        kind, face = "hl-hagalaz", _HAGALAZ
    else:
        kind = f"hl-s-{suit}"
        face = f'{_SYMBOLS[suit]}<text class="hl-rank" x="6" y="15">{rank_of(card)}</text>'  # type: ignore[index]
    return (
        f'<svg class="hl-card {kind}{size}"{ident} data-card="{card}" viewBox="0 0 40 56" role="img" '
        f'aria-label="{card_label(card)}"><rect class="hl-face" x="1" y="1" width="38" height="54" rx="4"/>'
        f"{face}</svg>"
    )


def back_svg(element_id: str = "", *, small: bool = False) -> str:
    """A face-down card: the same shape with a plain inset pattern, no face data."""
    ident = f' id="{element_id}"' if element_id else ""
    size = " hl-small" if small else ""
    return (
        f'<svg class="hl-card hl-back{size}"{ident} viewBox="0 0 40 56" role="img" aria-label="伏せたカード">'
        '<rect class="hl-face" x="1" y="1" width="38" height="54" rx="4"/>'
        '<rect class="hl-inset" x="6" y="6" width="28" height="44" rx="2"/></svg>'
    )


def render(view: dict[str, Any], *, interactive: bool = True, prefix: str = "hl") -> str:
    """The whole table as `view["seat"]` sees it (None: a spectator)."""
    me = view["seat"]
    legal = view["legal_actions"] if interactive else []
    start = 0 if me is None else me + 1
    order = [(start + i) % view["players"] for i in range(view["players"])]
    others = "".join(_seat_area(view, s, legal, prefix) for s in order if s != me)
    mine = _seat_area(view, me, legal, prefix) if me is not None else ""
    dock = f'<div class="rb-dock">{_controls(view, legal, prefix)}{mine}</div>'
    parts = [_table(view, prefix), f'<div class="hl-seats rb-seats">{others}</div>', dock, _sheet(view)]
    if "result" in view:
        parts.insert(0, render_result(view))
    elif view["stage"] == "bid" and view["sheet"]:
        parts.insert(1, _round_result(view, view["sheet"][-1], prefix))
    return f'<div class="rb-game hl-board" id="{prefix}-board">{"".join(parts)}</div>'


# --- the table ------------------------------------------------------------------------------------


def _table(view: dict[str, Any], prefix: str) -> str:
    info = (
        f'<p class="hl-info">ラウンド <strong>{view["round"]}</strong>／最長{view["max_rounds"]}・'
        f"{view['target']}点で終了</p>"
    )
    return (
        f'<section class="hl-table rb-box" id="{prefix}-table" aria-label="場">{info}'
        f'<div class="hl-centre">{_stock(view, prefix)}{_trick(view, prefix)}{_last_trick(view, prefix)}'
        "</div></section>"
    )


def _stock(view: dict[str, Any], prefix: str) -> str:
    indicator = view["indicator"]
    covered = f"（下に{len(indicator) - 1}枚）" if len(indicator) > 1 else ""
    trump = view["trump"]
    trump_text = f"切り札 <strong>{suit_label(trump)}</strong>" if trump else "<strong>切り札なし</strong>"
    under = f"・下に伏せたカード {view['under']}枚" if view["under"] else ""
    destroyed = f"破壊されたカード {view['destroyed']}枚" if view["destroyed"] else ""
    return (
        '<div class="hl-stock">'
        f'<div class="hl-pile"><h4>切り札の表示{covered}</h4>'
        f"{card_svg(indicator[-1], element_id=f'{prefix}-indicator')}<p>{trump_text}</p></div>"
        f'<div class="hl-pile"><h4>山札</h4>{back_svg(f"{prefix}-stock")}'
        f"<p>{view['stock']}枚{under}</p>"
        f'<p class="hl-note">{destroyed}</p></div></div>'
    )


def _played(view: dict[str, Any], plays: list[list[Any]], prefix: str, *, winner: int | None = None) -> str:
    names = view["seat_names"]
    won = '<span class="hl-win-mark">（勝ち）</span>'  # narrow: the heading names the winner
    items = "".join(
        f'<li class="{"hl-winner" if seat == winner else ""}">'
        f"{card_svg(card, element_id=f'{prefix}-{i}')}<span>{names[seat]}"
        f"{won if seat == winner else ''}</span></li>"
        for i, (seat, card) in enumerate(plays)
    )
    return f'<ol class="hl-cards">{items}</ol>'


def _trick(view: dict[str, Any], prefix: str) -> str:
    names = view["seat_names"]
    plays = view["trick"]
    if view["stage"] == "over":
        return (
            f'<div class="hl-trick" id="{prefix}-current"><p class="hl-note">ゲームは終わりました。</p></div>'
        )
    if view["stage"] == "bid":
        body = '<p class="hl-note">予想が全員そろうと、最初のトリックが始まります。</p>'
    elif not plays:
        body = f'<p class="hl-note">{names[view["leader"]]}がリードします。</p>'
    else:
        body = _played(view, plays, f"{prefix}-trick")
    follow = f"・フォローする色 {suit_label(view['follow'])}" if view["follow"] else ""
    return (
        f'<div class="hl-trick" id="{prefix}-current"><h4>いまのトリック（リード {names[view["leader"]]}'
        f"{follow}）</h4>{body}</div>"
    )


def _last_trick(view: dict[str, Any], prefix: str) -> str:
    last = view["last_trick"]
    if not last:
        empty = '<p class="hl-note">まだありません</p>'
        return f'<div class="hl-last" id="{prefix}-last"><h4>直前のトリック</h4>{empty}</div>'
    winner = last["winner"]
    result = "ヴァルクヌートで破壊" if winner is None else f"{view['seat_names'][winner]}が取った"
    return (
        f'<div class="hl-last" id="{prefix}-last"><h4>直前のトリック（{result}）</h4>'
        f"{_played(view, last['cards'], f'{prefix}-last', winner=winner)}</div>"
    )


# --- seats ------------------------------------------------------------------------------------------


def _seat_area(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    public = view["seats"][seat]
    turn = " rb-current" if seat == view["current_player"] else ""
    name = view["seat_names"][seat]
    mine = seat == view["seat"]
    head = f'<span class="rb-name">{name}{"（あなた）" if mine else ""}</span>' + _tags(view, seat)
    return (
        f'<section class="hl-seat rb-box rb-seat{turn}" data-seat="{seat}" id="{prefix}-seat-{seat}" '
        f'aria-label="{name}の場"><h3 class="rb-seat-head">{head}</h3>'
        f"{_bid(view, seat)}{_won(public, seat, prefix)}{_hand(view, seat, legal, prefix)}"
        f"{_private(view) if mine else _revealed_notes(view, seat)}</section>"
    )


def _tags(view: dict[str, Any], seat: int) -> str:
    """What a player glances at on a seat's head line: its total, its bid (or whether it has
    bid), its tricks, its cards in hand, the dealer; on a phone another seat is only this line."""
    public = view["seats"][seat]
    if public["bid"] is not None:
        bid = f"予想{public['bid']}"
    elif public["has_bid"] and "revealed" in view:
        bid = f"予想{view['revealed']['bids'][seat]}"
    else:
        bid = "予想済み" if public["has_bid"] else "予想まだ"
    marks = [f"{public['total']}点", bid, f"トリック{public['tricks']}"]
    if seat != view["seat"] or view["hand"] is None:  # the reader's own count is their hand, in view
        marks.append(f"手札{public['hand_count']}枚")
    marks += ["ディーラー"] if seat == view["dealer"] else []
    return "".join(f'<span class="rb-tag">{mark}</span>' for mark in marks)


def _bid(view: dict[str, Any], seat: int) -> str:
    public = view["seats"][seat]
    if public["bid"] is not None and view["stage"] == "over":
        text = f"予想 <strong>{public['bid']}</strong>"
    elif public["bid"] is not None:
        text = f"予想 <strong>{public['bid']}</strong>（自分だけに見える）"
    elif public["has_bid"] and "revealed" in view:
        text = f"予想 <strong>{view['revealed']['bids'][seat]}</strong>（{REVEALED}）"
    elif public["has_bid"]:
        text = "予想 済み（伏せてある）"
    else:
        text = "予想 まだ"
    return f'<p class="hl-bid">{text}</p>'


def _won(public: dict[str, Any], seat: int, prefix: str) -> str:
    count = public["tricks"]
    stack = "".join(f"<li>{back_svg(f'{prefix}-s{seat}-won-{i}', small=True)}</li>" for i in range(count))
    return (
        f'<div class="hl-won"><h4>取ったトリック <strong>{count}</strong></h4>'
        f'<ol class="hl-stack" aria-label="取ったトリック{count}組（伏せて重ねてある）">{stack}</ol></div>'
    )


def _hand(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    count = view["seats"][seat]["hand_count"]
    if seat != view["seat"] and "revealed" in view:
        return _revealed_hand(view, seat, prefix)
    if seat != view["seat"] or view["hand"] is None:
        backs = "".join(
            f"<li>{back_svg(f'{prefix}-s{seat}-back-{i}', small=True)}</li>" for i in range(count)
        )
        return f'<div class="hl-hand"><h4>手札 {count}枚</h4><ul class="hl-cards hl-backs">{backs}</ul></div>'
    mine = view["mine"]
    marked = mine["drawn"] or mine["taken"]
    namespace = {"bury": "bury", "give": "give"}.get(view["stage"], "play")
    items, copies = [], {}
    for card in view["hand"]:
        copy = copies[card] = copies.get(card, -1) + 1
        face = card_svg(card, element_id=f"{prefix}-hand-{card}-{copy}")
        css = " hl-new" if card == marked else ""
        action = f"{namespace}:{card}"
        if action in legal:
            title = escape(describe_action(action, view["seat_names"]))
            items.append(
                f'<li><button type="button" class="hl-pick{css}" data-action="{action}" title="{title}">'
                f"{face}</button></li>"
            )
        else:
            items.append(f'<li><span class="hl-slot{css}">{face}</span></li>')
    cards = "".join(items)
    return f'<div class="hl-hand"><h4>手札 {count}枚</h4><ul class="hl-cards rb-hand">{cards}</ul></div>'


def _revealed_hand(view: dict[str, Any], seat: int, prefix: str) -> str:
    """Another seat's hand in a review, face up; the card its 3 drew or its 6 took marked."""
    revealed = view["revealed"]
    marked = (revealed["drawn"] or revealed["taken"]) if seat == view["current_player"] else None
    items = "".join(
        f'<li><span class="hl-slot{" hl-new" if card == marked else ""}">'
        f"{card_svg(card, element_id=f'{prefix}-s{seat}-hand-{i}')}</span></li>"
        for i, card in enumerate(revealed["hands"][seat])
    )
    count = len(revealed["hands"][seat])
    return (
        f'<div class="hl-hand"><h4>手札 {count}枚（{REVEALED}）</h4><ul class="hl-cards">{items}</ul></div>'
    )


def _revealed_notes(view: dict[str, Any], seat: int) -> str:
    """In a review, what only another seat knew: the cards it put under the stock, its 6s."""
    if "revealed" not in view:
        return ""
    revealed, names = view["revealed"], view["seat_names"]
    notes = []
    under = [card for owner, card in revealed["under"] if owner == seat]
    if under:
        notes.append(f"山札の下に伏せたカード: {'・'.join(card_label(card) for card in under)}")
    for swap in revealed["exchanges"]:
        if swap["taker"] == seat:
            taken, given = card_label(swap["taken"]), card_label(swap["given"])
            notes.append(f"6の交換: {names[swap['victim']]}から{taken}を取り、{given}を渡した")
    if revealed["taken"] and seat == view["current_player"]:
        notes.append(f"6の効果: {names[view['victim']]}から{card_label(revealed['taken'])}を取った")
    if not notes:
        return ""
    items = "".join(f"<li>{escape(note)}</li>" for note in notes)
    return f'<h4>{names[seat]}だけが知っていたこと（{REVEALED}）</h4><ul class="hl-private">{items}</ul>'


def _private(view: dict[str, Any]) -> str:
    """What only this seat knows: the cards it put under the stock and its 6 exchanges."""
    mine, names, me = view["mine"], view["seat_names"], view["seat"]
    notes = []
    if mine["under"]:
        cards = "・".join(card_label(card) for card in mine["under"])
        notes.append(f"自分が山札の下に伏せたカード: {cards}")
    for swap in mine["exchanges"]:
        taken, given = card_label(swap["taken"]), card_label(swap["given"])
        if swap["taker"] == me:
            notes.append(f"6の交換: {names[swap['victim']]}から{taken}を取り、{given}を渡した")
        else:
            notes.append(f"6の交換: {names[swap['taker']]}に{taken}を取られ、{given}を受け取った")
    if mine["taken"] and view["current_player"] != me:
        notes.append(f"6の効果: {names[view['current_player']]}に{card_label(mine['taken'])}を取られた")
    items = "".join(f"<li>{escape(note)}</li>" for note in notes)
    return f'<ul class="hl-private" aria-label="自分だけが知っていること">{items}</ul>' if items else ""


# --- controls, score sheet, results ---------------------------------------------------------------


def _controls(view: dict[str, Any], legal: list[str], prefix: str) -> str:
    ident = f'id="{prefix}-controls" aria-label="手番の操作"'
    if not legal:
        return f'<section class="hl-controls rb-box" {ident}></section>'
    buttons = "".join(
        _button(action, _short(action, view), view) for action in _ordered(legal) if not _in_hand(action)
    )
    kind = "hl-actions hl-bids" if view["stage"] == "bid" else "hl-actions"
    group = f'<div class="{kind}" role="group" aria-label="選択肢">{buttons}</div>' if buttons else ""
    prompt = f'<p class="hl-prompt">{_prompt(view)}</p>'
    return f'<section class="hl-controls rb-box" {ident}>{prompt}{group}</section>'


def _prompt(view: dict[str, Any]) -> str:
    victim = view["victim"]
    return _STAGE_PROMPTS[view["stage"]].format(victim="" if victim is None else view["seat_names"][victim])


def _ordered(legal: list[str]) -> list[str]:
    """Bids in numeric order, then the choices with the pass last."""
    return sorted(legal, key=lambda a: (a.endswith(":pass"), int(a[4:]) if a.startswith("bid:") else 0, a))


def _in_hand(action: str) -> bool:
    return action.split(":")[0] in ("play", "bury", "give")


def _short(action: str, view: dict[str, Any]) -> str:
    if action.startswith("bid:"):
        return action[4:]
    if action in _SHORT:
        return _SHORT[action]
    target = view["seat_names"][int(action.rsplit(":", 1)[1])]
    return f"{target}から奪う" if action.startswith("one:") else f"{target}から取る"


def _button(action: str, text: str, view: dict[str, Any]) -> str:
    title = escape(describe_action(action, view["seat_names"]))
    return f'<button type="button" data-action="{action}" title="{title}">{text}</button>'


def _sheet(view: dict[str, Any]) -> str:
    """The score sheet: one row a round, one column a seat (from the first round scored); each cell
    the round's points (◎ the bid met) over the bid and the tricks taken."""
    if not view["sheet"]:
        return ""
    rows = "".join(
        f'<tr><th scope="row">{row["round"]}</th>'
        + "".join(f"<td>{_sheet_cell(row, s)}</td>" for s in range(view["players"]))
        + "</tr>"
        for row in view["sheet"]
    )
    totals = "".join(f"<td><strong>{seat['total']}</strong></td>" for seat in view["seats"])
    return (
        '<section class="hl-sheet rb-box rb-sheet rb-scores" aria-label="得点表"><h3>得点表</h3><table>'
        f"{seat_columns('ラウンド', view['seat_names'])}<tbody>{rows}</tbody>"
        f'<tfoot><tr><th scope="row">合計</th>{totals}</tr></tfoot></table>'
        '<p class="hl-note">各欄: そのラウンドの得点（◎ 予想的中）、'
        "その下に 予想／取ったトリック数</p></section>"
    )


def _sheet_cell(row: dict[str, Any], seat: int) -> str:
    hit = " ◎" if row["exact"][seat] else ""
    return f"+{row['points'][seat]}{hit}<br><small>{row['bids'][seat]}／{row['tricks'][seat]}</small>"


def _round_lines(view: dict[str, Any], row: dict[str, Any]) -> str:
    items = []
    for seat, name in enumerate(view["seat_names"]):
        tricks = row["tricks"][seat]
        parts = [f"トリック{tricks}"]
        parts += ["予想的中10"] if row["exact"][seat] else []
        parts += ["3〜5トリック5"] if row["band"][seat] else []
        total = f"<strong>{row['points'][seat]}点</strong>（合計{row['totals'][seat]}点）"
        bid = f"予想{row['bids'][seat]}・{tricks}トリック"
        items.append(f"<li><strong>{name}</strong>: {bid} → {' + '.join(parts)} = {total}</li>")
    return f'<ul class="hl-breakdown">{"".join(items)}</ul>'


def _round_result(view: dict[str, Any], row: dict[str, Any], prefix: str) -> str:
    """The last round's breakdown, while the next is bid (its id: a tutorial points at it)."""
    return (
        f'<section class="hl-round-result rb-box" id="{prefix}-round-result"'
        f' aria-label="ラウンド{row["round"]}の結果">'
        f"<h3>ラウンド{row['round']}の結果（予想を公開）</h3>{_round_lines(view, row)}</section>"
    )


_DECIDED = {
    "total": "",
    "exact": "合計点が並んだため、予想的中の回数で決まりました。",
    "last-round": "合計点と予想的中の回数が並んだため、最後のラウンドのトリック数で決まりました。",
    "shared": "合計点・予想的中の回数・最後のラウンドのトリック数がすべて並んだため、勝利を分かち合います。",
}


def outcome_text(view: dict[str, Any]) -> str:
    result, names = view["result"], view["seat_names"]
    scores = "・".join(f"{names[s]} {total}点" for s, total in enumerate(result["totals"]))
    winners = "と".join(names[s] for s in result["winners"])
    return f"ゲーム終了。{winners}の勝ち（{scores}）。{_DECIDED[result['decided_by']]}"


def render_result(view: dict[str, Any]) -> str:
    """The end of the game: the totals and the tie-breaks, a column a seat as in the score sheet,
    then the last round's breakdown."""
    result = view["result"]

    def row(label: str, values: list[str]) -> str:
        return f'<tr><th scope="row">{label}</th>{"".join(f"<td>{value}</td>" for value in values)}</tr>'

    rows = (
        row("合計点", [f"<strong>{total}</strong>" for total in result["totals"]])
        + row("予想的中", [f"{count}回" for count in result["exact"]])
        + row("最後のラウンドの<br>トリック", [str(tricks) for tricks in result["last_tricks"]])
    )
    last = view["sheet"][-1]
    return (
        '<section class="hl-result rb-box rb-sheet" aria-label="ゲームの結果"><h3>ゲームの結果</h3>'
        f"<p>{escape(outcome_text(view))}</p>"
        f"<table>{seat_columns('', view['seat_names'])}<tbody>{rows}</tbody></table>"
        f"<h4>最後のラウンド（ラウンド{last['round']}）</h4>{_round_lines(view, last)}</section>"
    )


def status(view: dict[str, Any]) -> str:
    """One line on what happens now, for the sandbox's status bar."""
    if "result" in view:
        return outcome_text(view)
    name = view["seat_names"][view["current_player"]]
    doing = {
        "bid": "予想を書く番です",
        "play": "カードを出す番です",
        "three": "3の効果を使うか決めます",
        "bury": "山札の下に伏せるカードを選びます",
        "one": "1の効果を使うか決めます",
        "six": "6の効果を使うか決めます",
        "give": "渡すカードを選びます",
    }[view["stage"]]
    # whose turn and what to do, no more (the round and the trump are the table's first line): on
    # a phone it is one or two lines, a table guest's note of choosing in turn included
    return f"{name}が{doing}。"

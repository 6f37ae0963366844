"""Draw one seat's Bottle Imp view as HTML with inline SVG cards.

The same function draws the live sandbox and the page's figures, so a figure cannot disagree
with the engine. Clickable things are <button data-action> for exactly the legal actions. A
card shows its number, its suit's colour together with the suit's symbol (yellow ✚, blue ●,
red ▲) and its coins as pips; cards another seat holds, the Imp's trick and (2 players) the
opponent's face-up cards before the passes resolve are drawn as backs that carry no face data at
all, except in a finished game's review (`review_view`), which shows them face up and says so.
A card in play keeps one element id wherever it moves.
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.games.bottle_imp.cards import COINS, SUIT, card_label, card_name, suit_label
from engine.games.bottle_imp.codec import SLOT_NAMES, SLOTS, describe_action
from engine.text import REVEALED, game_over, points, seat_columns, signed

_SHAPES = {
    "B": '<circle class="bi-symbol" cx="22" cy="9" r="4.5"/>',
    "R": '<polygon class="bi-symbol" points="22,3.5 27.5,14 16.5,14"/>',
    "Y": '<path class="bi-symbol" d="M20 3.5h4v3.5h3.5v4h-3.5v3.5h-4v-3.5h-3.5v-4h3.5z"/>',
}
"""The label of cards a review shows that were hidden from the seat during the game."""
_BOTTLE = (
    '<path class="bi-bottle" d="M40 2h8v3h-1v7c5 3 7 7 7 12v20c0 3-2 4-4 4h-12c-2 0-4-1-4-4V24c0-5 2-9 '
    '7-12V5h-1z"/>'
)


# --- cards ------------------------------------------------------------------------------------------


def card_svg(card: int, *, element_id: str = "", small: bool = False) -> str:
    """One card face: a band in its suit's colour with the suit's symbol, the number, the coins."""
    ident = f' id="{element_id}"' if element_id else ""
    size = " bi-small" if small else ""
    suit = SUIT.get(card, "N")
    return (
        f'<svg class="bi-card bi-s-{suit}{size}"{ident} data-card="{card}" viewBox="0 0 44 62" '
        f'role="img" aria-label="{card_label(card)}">{_face(card)}</svg>'
    )


def _face(card: int) -> str:
    suit = SUIT.get(card)
    symbol = _SHAPES[suit] if suit else ""
    count = COINS.get(card, 0)
    pips = "".join(
        f'<circle class="bi-coin" cx="{22 - 3.5 * (count - 1) + 7 * i:.1f}" cy="53" r="3"/>'
        for i in range(count)
    )
    return (
        '<rect class="bi-face" x="1" y="1" width="42" height="60" rx="4"/>'
        '<path class="bi-band" d="M1 15V5a4 4 0 0 1 4-4h34a4 4 0 0 1 4 4v10z"/>'
        f'{symbol}<text class="bi-num" x="22" y="40">{card}</text>{pips}'
    )


def back_svg(element_id: str = "", *, small: bool = False) -> str:
    """A face-down card: the same outline, hatched, with no face data."""
    ident = f' id="{element_id}"' if element_id else ""
    size = " bi-small" if small else ""
    return (
        f'<svg class="bi-card bi-back{size}"{ident} viewBox="0 0 44 62" role="img" aria-label="伏せたカード">'
        '<rect class="bi-face" x="1" y="1" width="42" height="60" rx="4"/>'
        '<rect class="bi-hatch" x="6" y="6" width="32" height="50" rx="2"/></svg>'
    )


def price_svg(card: int, *, element_id: str = "") -> str:
    """The price card with the bottle standing on it."""
    ident = f' id="{element_id}"' if element_id else ""
    return (
        f'<svg class="bi-card bi-price-card bi-s-{SUIT.get(card, "N")}"{ident} data-card="{card}" '
        'viewBox="0 0 60 62" '
        f'role="img" aria-label="値段{card_label(card)}とその上のボトル">{_face(card)}{_BOTTLE}</svg>'
    )


# --- the board -----------------------------------------------------------------------------------------


def render(view: dict[str, Any], *, interactive: bool = True, prefix: str = "bi") -> str:
    """The whole table as `view["seat"]` sees it (None: a spectator)."""
    me = view["seat"]
    legal = view["legal_actions"] if interactive else []
    order = _seat_order(view["players"], me)
    others = "".join(_seat_area(view, s, legal, prefix) for s in order if s != me)
    mine = _seat_area(view, me, legal, prefix) if me is not None else ""
    scores = render_result(view, prefix) if "result" in view else _scores(view)
    dock = f'<div class="rb-dock">{_controls(view, legal, prefix)}{mine}</div>'
    parts = [_table(view, prefix), f'<div class="bi-others rb-seats">{others}</div>', dock, scores]
    return f'<div class="rb-game bi-board" id="{prefix}-board">{"".join(parts)}</div>'


def _seat_order(players: int, me: int | None) -> list[int]:
    """Play order starting after the viewer, so the viewer's own area comes last."""
    start = 0 if me is None else me + 1
    return [(start + i) % players for i in range(players)]


def _name(view: dict[str, Any], seat: int) -> str:
    return view["seat_names"][seat] + ("（あなた）" if seat == view["seat"] else "")


def _who(view: dict[str, Any], seat: int) -> str:
    """Who played a card, took a trick or holds the bottle: short and whole (a name broken as
    あな／た read badly)."""
    return f'<span class="rb-name">{"あなた" if seat == view["seat"] else view["seat_names"][seat]}</span>'


# --- the middle of the table ------------------------------------------------------------------------


def _table(view: dict[str, Any], prefix: str) -> str:
    holder = view["holder"]
    owner = "まだだれのものでもない" if holder is None else f"持ち主: <strong>{_who(view, holder)}</strong>"
    return (
        f'<section class="bi-table rb-box" id="{prefix}-table" aria-label="場の中央">'
        f'<div class="bi-price">{price_svg(view["price"], element_id=f"{prefix}-price")}'
        f'<p>ボトルの値段 <strong class="bi-price-value">{view["price"]}</strong><br>{owner}</p></div>'
        f"{_imp(view, prefix)}{_trick(view, prefix)}{_last_trick(view, prefix)}"
        f'<p class="bi-length">ハンド{view["hand_no"]}・ゲームの長さ: {_length(view)}</p></section>'
    )


def own_imp_cards(view: dict[str, Any]) -> list[int]:
    """The cards the viewer put into the Imp's trick, once they lie there."""
    passing = view["passing"]
    if not passing or not passing["resolved"] or not view["imp_count"]:
        return []
    pairs = zip(passing["slots"], passing["picks"], strict=True)
    return [card for kind, card in pairs if kind == "imp" and card is not None]


def _imp(view: dict[str, Any], prefix: str) -> str:
    count = view["imp_count"]
    if "result" in view:
        shown = view["results"][-1]["imp"]
        cards = "".join(f"<li>{card_svg(c, element_id=f'{prefix}-card-{c}', small=True)}</li>" for c in shown)
        heading = f"インプのトリック: {len(shown)}枚（表に返した）"
        return f'<div class="bi-imp"><h4>{heading}</h4><ul class="bi-cards">{cards}</ul></div>'
    if "revealed" in view and count:
        shown = view["revealed"]["imp"]
        cards = "".join(f"<li>{card_svg(c, element_id=f'{prefix}-card-{c}', small=True)}</li>" for c in shown)
        heading = f"インプのトリック: {count}枚（{REVEALED}）"
        return f'<div class="bi-imp"><h4>{heading}</h4><ul class="bi-cards">{cards}</ul></div>'
    known = own_imp_cards(view)
    items = [f"<li>{card_svg(c, element_id=f'{prefix}-card-{c}', small=True)}</li>" for c in known]
    items += [f"<li>{back_svg(f'{prefix}-imp-{i}', small=True)}</li>" for i in range(count - len(known))]
    # a phone leaves the notes out (bottle-imp.css): the backs and face-up cards say them
    note = "。表向きはあなたが入れたカード（あなたにだけ見える）" if known else ""
    body = (
        f'<ul class="bi-cards">{"".join(items)}</ul>'
        if count
        else '<p class="bi-empty">全員が渡すカードを選び終えると、ここに伏せて置かれます</p>'
    )
    notes = f'<span class="bi-imp-note">・伏せてある{note}</span>'
    return f'<div class="bi-imp"><h4>インプのトリック: {count}枚{notes}</h4>{body}</div>'


def _trick(view: dict[str, Any], prefix: str) -> str:
    trick = view["trick"]
    if not trick:
        heading = "いまのトリック: まだだれも出していません"
        return f'<div class="bi-trick"><h4>{heading}</h4></div>'
    led = suit_label(SUIT[trick[0][1]])
    items = "".join(
        f"<li>{card_svg(card, element_id=f'{prefix}-card-{card}')}"
        f'<span class="bi-who">{_who(view, seat)}{_part(view, part)}</span></li>'
        for seat, card, part in trick
    )
    return (
        f'<div class="bi-trick"><h4>いまのトリック（リードの色: {led}）</h4>'
        f'<ol class="bi-cards bi-played">{items}</ol></div>'
    )


def _part(view: dict[str, Any], part: str) -> str:
    if view["players"] != 2:
        return ""
    return f'<span class="bi-part">{"公開札から" if part == "open" else "手札から"}</span>'


def _last_trick(view: dict[str, Any], prefix: str) -> str:
    last = view["last_trick"]
    if not last:
        return ""
    cards = "".join(
        f'<li>{card_svg(card, small=True)}<span class="bi-who">{_who(view, seat)}</span></li>'
        for seat, card, _ in last["cards"]
    )
    winner = _who(view, last["winner"])
    if last["bottle_moved"]:
        bottle = "のまま" if last["holder_before"] == last["winner"] else "へ"
        outcome = (
            f"値段{last['price_before']}より小さいカードのうち最大の{last['card']}で、{winner}が取った。"
            f"ボトルは{winner}{bottle}、値段は{last['card']}に"
        )
    else:
        outcome = (
            f"値段{last['price_before']}より小さいカードがなく、最大の{last['card']}で{winner}が取った。"
            "ボトルは動かない"
        )
    return (
        # a phone says who took it in the heading, for the outcome's lines (bottle-imp.css); the
        # price and the holder it leads to are on the table over it, the reason in the log
        f'<div class="bi-last" id="{prefix}-last"><h4>直前のトリック'
        f'<span class="bi-last-taker">: {winner}が取った</span></h4>'
        f'<ol class="bi-cards bi-played">{cards}</ol>'
        f'<p class="bi-outcome">{outcome}</p></div>'
    )


# --- the seats --------------------------------------------------------------------------------------------


def _seat_area(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    public = view["seats"][seat]
    turn = " rb-current" if seat == view["current_player"] else ""
    label = f"{view['seat_names'][seat]}の席"
    cards = _hand(view, seat, legal, prefix) + _open(view, seat, legal, prefix) + _passed(view, seat)
    return (
        f'<section class="bi-seat rb-box rb-seat{turn}" data-seat="{seat}" id="{prefix}-seat-{seat}" '
        f'aria-label="{label}"><h3 class="rb-seat-head"><span class="rb-name">{_name(view, seat)}</span>'
        f"{_tags(view, seat)}</h3>{cards}"
        f'{_won(view, seat, prefix)}<p class="bi-total">合計 <strong>{points(public["total"])}</strong>点</p>'
        "</section>"
    )


def _tags(view: dict[str, Any], seat: int) -> str:
    """What a player glances at on a seat's head line: the bottle, the total, the cards in hand,
    the coins taken, the dealer, whether it has chosen its passes; on a phone another seat is only
    this line (and, with 2 players, its face-up cards)."""
    public = view["seats"][seat]
    marks = [("", "ボトル")] if seat == view["holder"] else []
    # the count of cards marked: the reader's own seat on a phone leaves it out, its hand says it
    marks += [("", f"{points(public['total'])}点"), (" bi-hand-count", f"手札{public['hand_count']}枚")]
    marks += [("", f"コイン{public['won_coins']}")]
    marks += [("", "ディーラー")] if seat == view["dealer"] else []
    if view["stage"] == "passing" and seat != view["current_player"]:
        marks.append(("", "選択済み" if public["passed"] else "選択中"))  # the status line says of what
    return "".join(f'<span class="rb-tag{css}">{mark}</span>' for css, mark in marks)


def _hand(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    count = view["seats"][seat]["hand_count"]
    label = "手札" if view["players"] != 2 else "手札（伏せてある）"
    if seat != view["seat"] and "revealed" in view:
        cards = "".join(
            f"<li>{card_svg(c, element_id=f'{prefix}-card-{c}', small=True)}</li>"
            for c in view["revealed"]["hands"][seat]
        )
        heading = f"{label}: {count}枚（{REVEALED}）"
        return f'<div class="bi-hand"><h4>{heading}</h4><ul class="bi-cards">{cards}</ul></div>'
    if seat != view["seat"]:
        backs = "".join(
            f"<li>{back_svg(f'{prefix}-s{seat}-back-{i}', small=True)}</li>" for i in range(count)
        )
        heading = f"{label}: {count}枚"
        return f'<div class="bi-hand"><h4>{heading}</h4><ul class="bi-cards bi-backs">{backs}</ul></div>'
    passing = view["passing"]
    chosen = [] if passing["resolved"] else [c for c in passing["picks"] if c is not None]
    shown = [card for card in view["hand"] if card not in chosen]
    received = {card for _, card in passing["received"]}
    items = "".join(
        f"<li>{_card_button(card, legal, prefix, received=card in received)}</li>" for card in shown
    )
    extra = f"（うち{len(chosen)}枚を渡すカードに選んでいる）" if chosen else ""
    return (
        f'<div class="bi-hand"><h4>{label}: {count}枚{extra}</h4>'
        f'<ul class="bi-cards bi-own rb-hand">{items}</ul></div>'
    )


def _open(view: dict[str, Any], seat: int, legal: list[str], prefix: str) -> str:
    """A seat's open cards (2 players), in a box a tutorial step can point at: {prefix}-open-{seat}."""
    if view["players"] != 2:
        return ""
    cards = view["seats"][seat]["open"]
    if None in cards and "revealed" in view:
        faces = "".join(
            f"<li>{card_svg(c, element_id=f'{prefix}-card-{c}', small=True)}</li>"
            for c in view["revealed"]["open"][seat]
        )
        heading = f"公開札: {len(cards)}枚（カードを渡し終えると表になる・{REVEALED}）"
        body = f'<ul class="bi-cards">{faces}</ul>'
    elif None in cards:  # another seat's, before the passes resolve: backs only
        backs = "".join(
            f"<li>{back_svg(f'{prefix}-s{seat}-open-{i}', small=True)}</li>" for i in range(len(cards))
        )
        heading = f"公開札: {len(cards)}枚{_open_note('カードを渡し終えると表になる')}"
        body = f'<ul class="bi-cards bi-backs">{backs}</ul>'
    else:
        items = "".join(f"<li>{_card_button(card, legal, prefix)}</li>" for card in cards)
        seen = "相手に見えるのはカードを渡し終えてから" if view["stage"] == "passing" else "全員に見える"
        heading = f"公開札: {len(cards)}枚{_open_note(seen)}"
        body = f'<ul class="bi-cards{" rb-hand" if seat == view["seat"] else ""}">{items}</ul>'
    glance = "" if seat == view["seat"] else " rb-glance"  # public, and the reader's play follows it
    return f'<div class="bi-open{glance}" id="{prefix}-open-{seat}"><h4>{heading}</h4>{body}</div>'


def _open_note(note: str) -> str:
    """What the heading of open cards adds in brackets: left out on a phone (bottle-imp.css)."""
    return f'<span class="bi-open-note">（{note}）</span>'


def _passed(view: dict[str, Any], seat: int) -> str:
    """In a review, the cards another seat chose to pass this hand and where they went."""
    if seat == view["seat"] or "revealed" not in view:
        return ""
    picks = view["revealed"]["picks"][seat]
    chosen = [
        f"{SLOT_NAMES[kind]}{_receiver_name(view, seat, kind)}に{card_name(card)}"
        for kind, card in zip(SLOTS[view["players"]], picks, strict=True)
        if card is not None
    ]
    if not chosen:
        return ""
    return f'<p class="bi-passed">渡すカードに選んだもの（{REVEALED}）: {"、".join(chosen)}</p>'


def _card_button(card: int, legal: list[str], prefix: str, *, received: bool = False) -> str:
    """A card of the viewer's own; a button when some action on it is legal now."""
    css = " bi-received" if received else ""
    face = card_svg(card, element_id=f"{prefix}-card-{card}")
    action = next((a for a in legal if a.endswith(f":{card}") and not a.startswith("back:")), None)
    if action is None:
        note = '<span class="bi-tag">受け取った</span>' if received else ""
        return f'<span class="bi-slot{css}">{face}{note}</span>'
    label = describe_action(action) + ("（受け取ったカード）" if received else "")
    return _button(action, label, face, css=f"bi-pick{css}")


def _won(view: dict[str, Any], seat: int, prefix: str) -> str:
    public = view["seats"][seat]
    won = public["won"]
    cards = "".join(f"<li>{card_svg(c, element_id=f'{prefix}-card-{c}', small=True)}</li>" for c in won)
    body = f'<ul class="bi-cards bi-won">{cards}</ul>' if won else ""
    heading = f"取ったカード: {len(won)}枚・コイン{public['won_coins']}"
    return f'<div class="bi-won-area"><h4>{heading}</h4>{body}</div>'


# --- the controls ------------------------------------------------------------------------------------


def _controls(view: dict[str, Any], legal: list[str], prefix: str) -> str:
    """The prompt for the viewer (also in figures, which offer no buttons) and its buttons."""
    seat = view["seat"]
    body = ""
    if seat is not None and view["stage"] == "passing":
        body = _passing_controls(view, legal, prefix)
    elif view["legal_actions"]:
        body = f'<p class="bi-prompt">{_play_prompt(view)}</p>'
    ident = f'id="{prefix}-controls" aria-label="手番の操作"'
    return f'<section class="bi-controls rb-box" {ident}>{body}</section>'


def _passing_controls(view: dict[str, Any], legal: list[str], prefix: str) -> str:
    passing = view["passing"]
    seat = view["seat"]
    slots = []
    for kind, card in zip(passing["slots"], passing["picks"], strict=True):
        receiver = _receiver_name(view, seat, kind)
        # breaks only between phrases (相手の／公開札／（プレイヤー2）), in every browser (CSS keep-all)
        name = SLOT_NAMES[kind].replace("の", "の<wbr>")
        where = name + (f'<wbr><span class="rb-name">{receiver}</span>' if receiver else "")
        if card is None:
            inside = '<span class="bi-empty-slot">未選択</span>'
        elif f"back:{card}" in legal:
            inside = _button(f"back:{card}", describe_action(f"back:{card}"), card_svg(card), css="bi-pick")
        else:
            inside = card_svg(card)
        slots.append(f'<li><span class="bi-slot-name">{where}</span>{inside}</li>')
    done = _button("done", f"渡す: {describe_action('done')}", "渡す") if "done" in legal else ""
    return (
        f'<p class="bi-prompt">{_passing_prompt(view)}</p>'
        f'<ul class="bi-slots" id="{prefix}-slots" aria-label="渡すカード">{"".join(slots)}</ul>'
        f'<div class="bi-actions">{done}</div>'
    )


def _passing_prompt(view: dict[str, Any]) -> str:
    passing = view["passing"]
    if passing["done"]:
        return "渡すカードを伏せて置きました。全員がそろうと一斉に渡します。"
    if view["current_player"] != view["seat"]:
        return "ほかのプレイヤーが渡すカードを選んでいます。"
    empty = [kind for kind, card in zip(passing["slots"], passing["picks"], strict=True) if card is None]
    if not empty:
        return "これでよければ「渡す」を押してください。選んだカードを押すと手札に戻せます。"
    where = SLOT_NAMES[empty[0]] + _receiver_name(view, view["seat"], empty[0])
    return f"手札から、{where}に渡すカードを選んでください。"


def _receiver_name(view: dict[str, Any], seat: int, kind: str) -> str:
    n = view["players"]
    if kind == "imp":
        return ""
    receiver = (seat - 1) % n if kind == "right" else (seat + 1) % n
    return f"（{view['seat_names'][receiver]}）"


def _play_prompt(view: dict[str, Any]) -> str:
    trick = view["trick"]
    if not trick:
        return "あなたのリードです。どのカードを出してもかまいません。"
    led = suit_label(SUIT[trick[0][1]])
    if view["players"] == 2:
        return f"出すカードを選んでください。手札・公開札それぞれ、{led}があればその中から出します。"
    return f"出すカードを選んでください。{led}を持っていれば{led}を出します。"


# --- scores ------------------------------------------------------------------------------------------------


def _length(view: dict[str, Any]) -> str:
    target = view["target"]
    return "1ハンドだけ" if target == "one-hand" else f"だれかの合計が{target}点以上になったハンドで終了"


def _scores(view: dict[str, Any]) -> str:
    """The last hand's scoring and every hand's scores so far (nothing before the first scoring)."""
    results = view["results"]
    if not results:
        return ""
    return (
        f'<section class="bi-scores rb-box rb-sheet rb-scores" aria-label="得点表"><h3>得点表</h3>'
        f"{hand_table(view, results[-1])}{history_table(view)}</section>"
    )


def hand_table(view: dict[str, Any], result: dict[str, Any], element_id: str = "") -> str:
    """One hand's scoring: the Imp's trick revealed, the holder's loss, everyone else's coins (the
    holder marked ※ as in every hand's table, where （ボトル） made the column too wide for a phone)."""
    ident = f' id="{element_id}"' if element_id else ""
    holder = result["holder"]
    imp = "".join(card_svg(c, small=True) for c in result["imp"])
    rows = []
    for seat, name in enumerate(view["seat_names"]):
        won = result["won_coins"][seat]
        coins = f"{won} → 0※" if seat == holder else str(won)
        rows.append(
            f'<tr><th scope="row">{name}</th><td>{coins}</td>'
            f"<td><strong>{signed(result['scores'][seat])}</strong></td>"
            f"<td>{points(result['totals'][seat])}</td></tr>"
        )
    return (
        f'<div class="bi-hand-result"{ident}><h4>ハンド{result["hand"]}の得点計算</h4>'
        f"<p>ボトルは{view['seat_names'][holder]}（値段{result['price']}）。"
        f'インプのトリック <span class="bi-inline">{imp}</span> のコイン{result["imp_coins"]}を'
        f"{view['seat_names'][holder]}が失い、取ったコインは数えない。ほかの人は取ったコインが得点。</p>"
        "<table><caption>※はボトルを持っていた人</caption>"
        "<thead><tr><th>席</th><th>取ったコイン</th><th>得点</th><th>合計</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def history_table(view: dict[str, Any]) -> str:
    """Every hand's scores, a row a hand (a game to 500 points has twenty and more), then the
    totals; ※ marks the bottle's holder."""
    rows = []
    for result in view["results"]:
        cells = "".join(
            f"<td>{signed(score)}{'※' if seat == result['holder'] else ''}</td>"
            for seat, score in enumerate(result["scores"])
        )
        rows.append(f'<tr><th scope="row">{result["hand"]}</th>{cells}</tr>')
    totals = "".join(f"<td><strong>{points(t)}</strong></td>" for t in view["results"][-1]["totals"])
    return (
        '<div class="bi-history"><table><caption>ハンドごとの得点（※はボトルを持っていた人）</caption>'
        f"{seat_columns('ハンド', view['seat_names'])}"
        f'<tbody>{"".join(rows)}<tr><th scope="row">合計</th>{totals}</tr></tbody></table></div>'
    )


def render_result(view: dict[str, Any], prefix: str = "bi") -> str:
    """The end-of-game breakdown: the last hand's scoring and every hand's scores."""
    return (
        '<section class="bi-scores bi-result rb-box rb-sheet" aria-label="得点計算">'
        "<h3>得点計算（ゲーム終了）</h3>"
        f"<p><strong>{escape(outcome_text(view))}</strong></p>"
        f"{hand_table(view, view['results'][-1], f'{prefix}-hand-result')}{history_table(view)}</section>"
    )


def outcome_text(view: dict[str, Any]) -> str:
    result = view["result"]
    return game_over(view["seat_names"], result["scores"], result["winners"])


def status(view: dict[str, Any]) -> str:
    """One line on what happens now, for the sandbox's status bar."""
    if "result" in view:
        return outcome_text(view)
    current = view["seat_names"][view["current_player"]]
    if view["stage"] == "passing":
        return f"ハンド{view['hand_no']}: {current}が渡すカードを選んでいます。"
    # the holder is on the table under it (持ち主): a phone's status line in two lines, not three;
    # a word joiner keeps the price whole (値段／19 at 390 px)
    return f"ハンド{view['hand_no']}: {current}の番です（値段\u2060{view['price']}）。"


def _button(action: str, label: str, content: str, *, css: str = "") -> str:
    """A legal action; its accessible name starts with the text it shows (a card: its number)."""
    cls = f' class="{css}"' if css else ""
    name = escape(label)
    return (
        f'<button type="button"{cls} data-action="{action}" aria-label="{name}" title="{name}">'
        f"{content}</button>"
    )

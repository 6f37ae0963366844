"""The Bottle Imp's worked examples and the page's figures, all drawn and checked by the engine.

Each example is a position just before the reader's (seat 0's) card; the tables under the
figures come from playing every legal card on a copy, so the page shows what the engine does.
"""

from __future__ import annotations

from engine.flowchart import flowchart
from engine.game import Figure, Scenario
from engine.games.bottle_imp.cards import DECK, START_PRICE, SUIT_CARDS, card_label, coins, suit_label
from engine.games.bottle_imp.rules import BottleImpState
from engine.games.bottle_imp.view import card_svg, price_svg, render

SETUP_SEED = 2003
HAND = "hand"


# --- the seed's example: price 19, 24 15 17 32 ---------------------------------------------------------


def price_position() -> BottleImpState:
    """4 players, first trick: プレイヤー2 leads 青24, プレイヤー3 (no blue) 黄15, プレイヤー4 青17;
    プレイヤー1 (the reader) holds 青32 and must follow blue."""
    return BottleImpState.from_position(
        players=4,
        dealer=0,
        hands=[
            [5, 8, 14, 22, 29, 30, 32, 36],
            [2, 4, 11, 20, 25, 33, 37],
            [1, 9, 16, 23, 28, 31, 35],
            [3, 6, 10, 12, 21, 26, 34],
        ],
        imp=[7, 13, 18, 27],
        won=[[], [], [], []],
        played=[[], [24], [15], [17]],
        trick=[(1, 24, HAND), (2, 15, HAND), (3, 17, HAND)],
        leader=1,
        picks=[[18, 4, 6], [7, 1, 5], [27, 3, 2], [13, 8, 9]],
    )


def price_holds(state: BottleImpState) -> bool:
    """With 32 the trick is 24, 15, 17, 32: the 17 wins, プレイヤー4 takes the bottle, the price
    is 17; and whatever blue プレイヤー1 plays instead, the 17 still wins."""
    after = _played(state, 32)
    seen = after.view(None)
    took = seen["holder"] == 3 and seen["price"] == 17 and seen["seats"][3]["won"] == [15, 17, 24, 32]
    return took and all(outcome(state, card)[0] == 3 for card in _legal_cards(state))


# --- our example: nobody goes under the price -------------------------------------------------------------


def no_undercut_position() -> BottleImpState:
    """3 players, third trick: プレイヤー2 holds the bottle at 9 and leads 赤21, プレイヤー3 plays
    赤35; プレイヤー1 holds 赤14, 赤29, 赤36 and must follow red."""
    return BottleImpState.from_position(
        players=3,
        dealer=0,
        hands=[
            [2, 4, 10, 12, 14, 20, 29, 32, 36],
            [1, 3, 6, 11, 13, 16, 22, 37],
            [5, 7, 8, 17, 23, 24, 26, 31],
        ],
        imp=[15, 18, 33],
        won=[[], [9, 25, 27, 28, 30, 34], []],
        played=[[28, 27], [9, 34, 21], [25, 30, 35]],
        trick=[(1, 21, HAND), (2, 35, HAND)],
        leader=1,
        price=9,
        holder=1,
        picks=[[15, 1, 5], [18, 7, 2], [33, 4, 3]],
    )


def no_undercut_holds(state: BottleImpState) -> bool:
    """プレイヤー1 may play only its reds, all above 9; each time the highest card wins and the
    bottle stays with プレイヤー2 at 9: 36 takes the trick, 14 or 29 leave it to the 35."""
    legal = _legal_cards(state)
    expected = {14: 2, 29: 2, 36: 0}
    return legal == sorted(expected) and all(outcome(state, card) == (expected[card], 1, 9) for card in legal)


# --- two players: following for each part on its own -------------------------------------------------------


TWO_PLAYER_CASES: list[tuple[list[int], list[int], list[int]]] = [
    ([4, 11], [3, 27], [3, 11, 27]),
    ([4, 12], [27, 33], [4, 12, 33]),
]
"""(hidden hand, face-up cards, the cards that may follow a red lead): RULES-NOTES' examples."""


def two_player_position(hidden: list[int] | None = None, face_up: list[int] | None = None) -> BottleImpState:
    """2 players, seventh trick: プレイヤー2 leads 赤23 from its hand; プレイヤー1 holds 青4 赤11 in
    its hand and 黄3 青27 face up (or the given cards, swapped in from elsewhere)."""
    places: dict[str, list[int]] = {
        "hidden0": [4, 11],
        "open0": [3, 27],
        "hidden1": [12],
        "open1": [6, 31],
        "imp": [1, 2, 20, 36],
        "won0": [22, 24, 25, 26, 28, 29, 30, 32, 33, 34, 35, 37],
        "won1": [5, 7, 8, 9, 10, 13, 14, 15, 16, 17, 18, 21],
    }
    for place, wanted in (("hidden0", hidden), ("open0", face_up)):
        for card in wanted or []:
            _swap_in(places, place, card, keep=wanted or [])
    return BottleImpState.from_position(
        players=2,
        dealer=0,
        hands=[places["hidden0"], places["hidden1"]],
        opens=[places["open0"], places["open1"]],
        imp=places["imp"],
        won=[places["won0"], places["won1"]],
        played=[places["won0"], [*places["won1"], 23]],
        trick=[(1, 23, HAND)],
        leader=1,
        price=7,
        holder=1,
    )


def _swap_in(places: dict[str, list[int]], place: str, card: int, *, keep: list[int]) -> None:
    """Bring `card` into `place`, sending one of its cards not in `keep` to where `card` was."""
    if card in places[place]:
        return
    source = next(name for name, cards in places.items() if card in cards)
    out = next(c for c in places[place] if c not in keep)
    places[source][places[source].index(card)] = out
    places[place][places[place].index(out)] = card
    for cards in places.values():
        cards.sort()


def two_player_holds(state: BottleImpState) -> bool:
    """Red led: 青4 赤11 in the hand with 黄3 青27 face up may play 11, 3 or 27; 青4 黄12 in the
    hand with 青27 赤33 face up may play 4, 12 or 33."""
    return _legal_cards(state) == TWO_PLAYER_CASES[0][2] and all(
        _legal_cards(two_player_position(hidden, face_up)) == allowed
        for hidden, face_up, allowed in TWO_PLAYER_CASES
    )


# --- scoring: the bottle bought with the very last card --------------------------------------------------


SCORING_IMP = [1, 18, 28]


def scoring_position() -> BottleImpState:
    """3 players, one hand, the last trick: プレイヤー3 holds the bottle at 3; プレイヤー2 leads
    赤37, プレイヤー3 plays 赤36, and プレイヤー1 has only 黄2 left."""
    rest = sorted(set(DECK) - {1, 2, 3, 18, 28, 36, 37})
    won = [rest[0::3], rest[1::3], sorted([3, *rest[2::3]])]
    return BottleImpState.from_position(
        players=3,
        dealer=0,
        hands=[[2], [], []],
        imp=list(SCORING_IMP),
        won=won,
        played=[list(won[0]), [*won[1], 37], [*won[2], 36]],
        trick=[(1, 37, HAND), (2, 36, HAND)],
        leader=1,
        price=3,
        holder=2,
        options={"target": "one-hand"},
    )


def scoring_holds(state: BottleImpState) -> bool:
    """The 2 is under the price 3: プレイヤー1 takes the last trick and the bottle, scores nothing
    for its won cards and loses the Imp's trick's 12 coins; the others score their coins."""
    won = [list(state.view(None)["seats"][s]["won"]) for s in range(3)]
    after = _played(state, 2)
    return after.is_over() and after.scores() == [-coins(SCORING_IMP), coins(won[1]), coins(won[2])]


# --- helpers -----------------------------------------------------------------------------------------------


def _legal_cards(state: BottleImpState) -> list[int]:
    return sorted(int(action.split(":")[1]) for action in state.legal_actions())


def _played(state: BottleImpState, card: int) -> BottleImpState:
    after = state.clone()
    after.apply(f"play:{card}")
    return after


def outcome(state: BottleImpState, card: int) -> tuple[int, int | None, int]:
    """Play `card` for the seat to move, on a copy: (trick winner, bottle holder, price)."""
    seen = _played(state, card).view(None)
    return seen["last_trick"]["winner"], seen["holder"], seen["price"]


SCENARIOS = {
    "price-example": Scenario(
        name="price-example",
        title="値段を下回るカードが2枚あるトリック",
        claim="値段19で24・15・17・32が出ると、19より小さい15と17のうち大きい17が勝ち、17を出した"
        "プレイヤーがボトルを受け取って、値段は17になる。",
        build=price_position,
        holds=price_holds,
    ),
    "no-undercut": Scenario(
        name="no-undercut",
        title="だれも値段を下回らないトリック",
        claim="値段9で赤21・赤35に続くプレイヤー1は赤しか出せず、赤はどれも9より大きい。いちばん大きい"
        "カードが勝ち、ボトルと値段は動かない。",
        build=no_undercut_position,
        holds=no_undercut_holds,
    ),
    "two-player-follow": Scenario(
        name="two-player-follow",
        title="2人用: 手札と公開札それぞれのマストフォロー",
        claim="赤がリードされたとき、手札が青4・赤11で公開札が黄3・青27なら11・3・27を、手札が青4・黄12で"
        "公開札が青27・赤33なら4・12・33を出せる。",
        build=two_player_position,
        holds=two_player_holds,
    ),
    "scoring-example": Scenario(
        name="scoring-example",
        title="最後のトリックでボトルを受け取ったハンドの得点",
        claim="最後のトリックで値段3より小さい2を出したプレイヤー1がボトルを受け取り、取ったカードは数えず、"
        "インプのトリックのコイン12を失う。",
        build=scoring_position,
        holds=scoring_holds,
    ),
}


# --- figures ----------------------------------------------------------------------------------------------


def draw_turn_flow() -> str:
    return flowchart(
        "ボトルインプの1ハンドの流れ",
        [
            ["カードを全部配る"],
            ["渡すカードを伏せて選ぶ\n（インプのトリック・左隣・右隣）"],
            ["全員がそろったら一斉に渡す"],
            ["リードする（どのカードでもよい）\n時計回りにマストフォロー"],
            [
                "値段より小さいカードがある\n→ その中で最大のカードが勝ち\nボトルと値段がそのカードへ",
                "値段より小さいカードがない\n→ 最大のカードが勝ち\nボトルは動かない",
            ],
            ["勝った人がトリックを取り、次をリード\n（手札がなくなるまで繰り返す）"],
            ["得点計算\nボトルの持ち主はインプのトリックを失う"],
        ],
        loop="目標点に\n届くまで\nディーラーを\n左へ回して\n次のハンド",
    )


def draw_components() -> str:
    rows = "".join(
        f'<li><span class="bi-suit-name">{suit_label(suit)}</span><span class="bi-inline">'
        + "".join(card_svg(card, small=True) for card in cards)
        + "</span></li>"
        for suit, cards in SUIT_CARDS.items()
    )
    return (
        f'<ul class="bi-set" aria-label="カード36枚: 3色12枚ずつ（コイン1〜6が2枚ずつ）">{rows}</ul>'
        f'<p class="bi-set-extra">{price_svg(START_PRICE)} '
        f"スタートの値段のカード（{START_PRICE}）とボトル</p>"
    )


def draw_passing() -> str:
    state = BottleImpState(4, SETUP_SEED)
    seat = state.current_player
    assert seat is not None
    hand = sorted(state.view(seat)["hand"])
    state.apply(f"imp:{hand[0]}")
    state.apply(f"left:{hand[1]}")
    return render(state.view(seat), interactive=False, prefix="fig-passing")


def draw_two_player_setup() -> str:
    """The deal as プレイヤー1 sees it: the opponent's face-up cards are backs until the passes."""
    return render(BottleImpState(2, SETUP_SEED).view(0), interactive=False, prefix="fig-two-setup")


def _outcome_table(state: BottleImpState, prefix: str, *, highlight: int | None = None) -> str:
    """The board before the reader's card, and what each legal card would do."""
    board = render(state.view(0), interactive=False, prefix=prefix)
    names = state.view(None)["seat_names"]
    rows = []
    for card in _legal_cards(state):
        winner, holder, price = outcome(state, card)
        bottle = "動かない" if holder == state.view(None)["holder"] else f"{names[holder]}へ（値段{price}）"
        mark = "（原文の例）" if card == highlight else ""
        rows.append(
            f"<tr><td>{card_svg(card, small=True)}{mark}</td><td>{names[winner]}</td><td>{bottle}</td></tr>"
        )
    head = "<thead><tr><th>プレイヤー1が出すカード</th><th>トリックを取る人</th><th>ボトル</th></tr></thead>"
    return f'{board}<table class="bi-options">{head}<tbody>{"".join(rows)}</tbody></table>'


def draw_price_example() -> str:
    return _outcome_table(price_position(), "fig-price", highlight=32)


def draw_no_undercut() -> str:
    return _outcome_table(no_undercut_position(), "fig-no-undercut")


def draw_two_player_follow() -> str:
    board = render(two_player_position().view(0), interactive=False, prefix="fig-two-follow")
    rows = "".join(
        f"<tr><td>{_cards(hidden)}</td><td>{_cards(face_up)}</td>"
        f"<td>{_cards(_legal_cards(two_player_position(hidden, face_up)))}</td></tr>"
        for hidden, face_up, _ in TWO_PLAYER_CASES
    )
    allowed = f"{suit_label('R')}のリードに出せるカード"
    head = f"<thead><tr><th>手札</th><th>公開札</th><th>{allowed}</th></tr></thead>"
    return f'{board}<table class="bi-options">{head}<tbody>{rows}</tbody></table>'


def draw_scoring_example() -> str:
    after = _played(scoring_position(), 2)
    return render(after.view(0), interactive=False, prefix="fig-scoring")


def _cards(cards: list[int]) -> str:
    return (
        f'<span class="bi-inline" aria-label="{"・".join(card_label(c) for c in cards)}">'
        + "".join(card_svg(c, small=True) for c in cards)
        + "</span>"
    )


def draw_cover() -> str:
    """The top page's picture: the bottle on its start price, and a card of each suit around it."""
    return price_svg(START_PRICE) + "".join(card_svg(card) for card in (18, 20, 21))


FIGURES: dict[str, Figure] = {
    "cover": Figure("値段19のカードに立つボトルと、3色のカード", draw_cover),
    "turn-flow": Figure("1ハンドの流れ（3〜4人）。2人のときの違いは「2人用ルール」の節に", draw_turn_flow),
    "components": Figure(
        "カード36枚。色ごとに12枚、コインは数の小さい順に1・1・2・2…6・6。記号は黄✚・青●・赤▲",
        draw_components,
    ),
    "passing": Figure(
        "4人のハンドの始め。プレイヤーはインプのトリックと左隣へのカードを選び、右隣へのカードを選ぶところ",
        draw_passing,
    ),
    "price-example": Figure(
        "値段19のトリック。24・15・17と出て、最後のプレイヤー1が出すカードごとの結果（エンジンが確かめたもの）",
        draw_price_example,
        scenario="price-example",
    ),
    "no-undercut": Figure(
        "値段9のトリック。プレイヤー1が出せるカードごとの結果（エンジンが確かめたもの）",
        draw_no_undercut,
        scenario="no-undercut",
    ),
    "scoring-example": Figure(
        "1ハンドだけのゲームの終わり。最後のトリックでボトルを受け取ったプレイヤー1の得点計算",
        draw_scoring_example,
        scenario="scoring-example",
    ),
    "two-player-setup": Figure(
        "2人の配り終わり。プレイヤー1に見えるのは自分の手札12枚と公開札6枚で、"
        "相手の公開札はカードを渡し終えるまで伏せてある",
        draw_two_player_setup,
    ),
    "two-player-follow": Figure(
        "2人用のマストフォロー。赤のリードに対して、手札と公開札を別々に見る（エンジンが確かめたもの）",
        draw_two_player_follow,
        scenario="two-player-follow",
    ),
}

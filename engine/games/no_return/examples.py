"""No Return's worked examples and the page's figures, all drawn and checked by the engine.

Each example's table is computed by playing the atomic steps on a copy of the position, so the
page shows what the engine allows; the tests compare those results with the source's claims.
"""

from __future__ import annotations

from collections import Counter as Multiset

from engine.errors import IllegalAction
from engine.flowchart import flowchart
from engine.game import Figure, Scenario
from engine.games.no_return.codec import ALL_COUNTERS, COLOURS, VALUES, counter_id
from engine.games.no_return.rules import NoReturnState
from engine.games.no_return.view import colour_label, counter_label, render, token_svg
from engine.rng import Rng

SETUP_SEED = 2019
BAG_SEED = 132

PLACING_HAND = ["B11", "B9", "B9", "B2", "R2", "G7", "P5", "R8"]
PLACING_COLUMNS = {"R": [10, 7], "G": [9, 7], "P": [9, 3]}
PLACING_OPTIONS: list[tuple[list[str], bool]] = [
    (["B11", "B9", "B9", "B2"], True),
    (["B11", "B9", "B9"], True),
    (["R2"], True),
    (["G7"], True),
    (["P5"], False),
    (["R8"], False),
]

CASHING_HAND = ["G11", "B3", "B1", "R1", "P2", "K2", "Y4", "Y3"]
CASHING_COLUMNS = {"G": [11], "R": [7, 2], "P": [8, 7, 3], "K": [8, 5, 5], "Y": [10, 5, 2, 1, 1]}
CASHING_PAYMENT = "G11"
CASHING_OPTIONS: list[tuple[str, int, bool]] = [
    ("G", 1, True),
    ("K", 2, True),
    ("Y", 4, True),
    ("R", 2, True),
    ("P", 2, True),
    ("K", 3, False),
]


def _position(hands: list[list[str]], columns: list[dict[str, list[int]]], *, phase2: bool) -> NoReturnState:
    """Seat 0's position from the source; seat 1 gets a plausible one; the rest is in the bag."""
    used = Multiset(hands[0]) + Multiset(f"{c}{v}" for c, vs in columns[0].items() for v in vs)
    used += Multiset(f"{c}{v}" for c, vs in columns[1].items() for v in vs)
    rest = list((Multiset(counter_id(c) for c in ALL_COUNTERS) - used).elements())
    Rng(BAG_SEED).shuffle(rest)
    hands = [hands[0], rest[:8]]
    return NoReturnState.from_position(
        hands=hands, columns=columns, bag=rest[8:], phase2=[phase2, False], turn_player=0
    )


def placing_position() -> NoReturnState:
    """The source's placing example: blue 11, 9, 9, 2 in hand and red, green, purple columns."""
    return _position([PLACING_HAND], [PLACING_COLUMNS, {"Y": [11, 8]}], phase2=False)


def cashing_position() -> NoReturnState:
    """The source's cashing example: a phase-2 player holding green 11 and five columns."""
    return _position([CASHING_HAND], [CASHING_COLUMNS, {"B": [10, 6]}], phase2=True)


def try_placement(state: NoReturnState, counters: list[str]) -> tuple[bool, str]:
    """Play the placing steps on a copy: (legal?, the column afterwards or the refusal)."""
    trial = state.clone()
    try:
        for action in ["place", *(f"place:pick:{c}" for c in counters), "place:done"]:
            trial.apply(action)
    except IllegalAction as refusal:
        return False, refusal.message
    colour = counters[0][0]
    column = trial.view(0)["seats"][0]["columns"][colour]
    return True, f"{colour_label(colour)}の列は上から{'・'.join(map(str, column))}になる"


def try_cash(state: NoReturnState, colour: str, count: int, payment: str) -> tuple[bool, str]:
    """Cash `count` counters from the bottom of a column, paying with `payment`, on a copy."""
    trial = state.clone()
    steps = [f"cash:column:{colour}", *["cash:more"] * (count - 1), f"cash:pick:{payment}", "cash:done"]
    try:
        for action in steps:
            trial.apply(action)
    except IllegalAction as refusal:
        return False, refusal.message
    left = trial.view(0)["seats"][0]["columns"].get(colour)
    return True, f"残りは{'・'.join(map(str, left))}" if left else "この列の清算が完了"


def placing_holds(state: NoReturnState) -> bool:
    """Every placement the page lists is allowed or refused exactly as it says."""
    return all(try_placement(state, counters)[0] is claimed for counters, claimed in PLACING_OPTIONS)


def cashing_holds(state: NoReturnState) -> bool:
    """Every cashing the page lists, paid with green 11, is allowed or refused as it says."""
    return all(
        try_cash(state, colour, count, CASHING_PAYMENT)[0] is claimed
        for colour, count, claimed in CASHING_OPTIONS
    )


SCENARIOS = {
    "placing-example": Scenario(
        name="placing-example",
        title="並べ方の例",
        claim="青11+9+9+2、青11+9+9（青2は手元に残す）、赤7の下に赤2、緑7の下に緑7を並べられる。"
        "紫5と赤8は並べられない。",
        build=placing_position,
        holds=placing_holds,
    ),
    "cashing-example": Scenario(
        name="cashing-example",
        title="清算の例",
        claim="緑11で支払えば、緑11、桃5+5（桃8が残る）、黄1+1+2+5（黄10が残る）、赤2+7（赤は完了）、"
        "紫3+7（紫8が残る）のどれかを清算できる。桃5+5+8は清算できない。",
        build=cashing_position,
        holds=cashing_holds,
    ),
}


def draw_turn_flow() -> str:
    return flowchart(
        "ノーリターンの手番の流れ",
        [
            ["手番の始め\n（フェイズ1なら、ここで\nフェイズ2に移ってもよい）"],
            ["並べる\n（フェイズ1）", "清算する\n（フェイズ2）", "交換\n（1〜4個）"],
            ["出した個数だけ\n袋から引いて補充"],
        ],
        loop="次の人の\n手番へ",
    )


def draw_components() -> str:
    rows = "".join(
        f'<li><span class="nr-colour-name">{colour_label(colour)}</span><span class="nr-tokens">'
        + "".join(token_svg(f"{colour}{value}", small=True) for value in VALUES)
        + "</span></li>"
        for colour in COLOURS
    )
    return f'<ul class="nr-set" aria-label="カウンター6色、1〜11（各2個）">{rows}</ul>'


def draw_setup() -> str:
    return render(NoReturnState(3, SETUP_SEED).view(None), interactive=False, prefix="fig-setup")


def draw_placing() -> str:
    state = placing_position()
    board = render(state.view(0), interactive=False, prefix="fig-placing")
    rows = "".join(_option_row(counters, *try_placement(state, counters)) for counters, _ in PLACING_OPTIONS)
    head = "<thead><tr><th>並べるカウンター</th><th>可否</th><th>結果・理由</th></tr></thead>"
    return f'{board}<table class="nr-options">{head}<tbody>{rows}</tbody></table>'


def draw_cashing() -> str:
    state = cashing_position()
    board = render(state.view(0), interactive=False, prefix="fig-cashing")
    rows = "".join(
        _option_row(_segment(colour, count), *try_cash(state, colour, count, CASHING_PAYMENT))
        for colour, count, _ in CASHING_OPTIONS
    )
    head = (
        f"<thead><tr><th>{counter_label(CASHING_PAYMENT)}で支払って清算する</th><th>可否</th>"
        "<th>結果・理由</th></tr></thead>"
    )
    return f'{board}<table class="nr-options">{head}<tbody>{rows}</tbody></table>'


def _segment(colour: str, count: int) -> list[str]:
    """The `count` counters at the bottom of a column of the cashing example, bottom first."""
    return [f"{colour}{v}" for v in CASHING_COLUMNS[colour][::-1][:count]]


def _option_row(counters: list[str], legal: bool, detail: str) -> str:
    tokens = "".join(token_svg(c, small=True) for c in counters)
    verdict = "できる" if legal else "できない"
    return f'<tr><td><span class="nr-tokens">{tokens}</span></td><td>{verdict}</td><td>{detail}</td></tr>'


def draw_cover() -> str:
    """The top page's picture: one counter of each colour, high to low as a column runs."""
    return "".join(
        token_svg(f"{colour}{value}") for colour, value in zip(COLOURS, (11, 9, 7, 5, 3, 1), strict=True)
    )


FIGURES = {
    "cover": Figure("6色のカウンター", draw_cover),
    "turn-flow": Figure(
        "手番の流れ: 今のフェイズの行動か交換を1つ。どちらもできなければパス", draw_turn_flow
    ),
    "components": Figure(
        "カウンター132個: 6色それぞれ1〜11が2個ずつ。色ごとに形の違う記号がつく", draw_components
    ),
    "setup": Figure("3人の準備: 各自8個を引いたところ。手元は本人にしか見えない。次は準備の交換", draw_setup),
    "placing-example": Figure(
        "並べ方の例: 手番のプレイヤーの手元と列。表はエンジンが確かめた並べられるかどうか",
        draw_placing,
        scenario="placing-example",
    ),
    "cashing-example": Figure(
        "清算の例: フェイズ2のプレイヤーが緑11で支払う場合。表はエンジンが確かめた清算の可否",
        draw_cashing,
        scenario="cashing-example",
    ),
}

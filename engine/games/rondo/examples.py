"""Rondo's worked examples and the page's figures, all drawn and checked by the engine.

The source tells one game of three players: プレイヤー1 lays purple, blue, yellow (6 points);
プレイヤー2 draws two; プレイヤー3 wants a chain that would branch and lays the allowed one
(7 points); プレイヤー1 draws two; プレイヤー2 bridges a yellow 1 with a face-down red chip and
lays three greens on a green 5 (15 points). The three positions are that game on our board:
each later one is the earlier one with the moves of the story played by the engine. Each
example's result is computed by playing the atomic steps on a copy, so the page shows what the
engine allows; the tests compare those results with the source's claims.
"""

from __future__ import annotations

from collections import Counter

from engine.errors import IllegalAction
from engine.flowchart import flowchart
from engine.game import Figure, Scenario
from engine.games.rondo.codec import ALL_CHIPS
from engine.games.rondo.rules import RondoState
from engine.games.rondo.view import render_board, render_map
from engine.rng import Rng

BAG_SEED = 2012
EARLIER = {
    "h01": ("G", 1, True, 1),
    "h02": ("P", 2, True, 1),
    "i01": ("Y", 1, True, 1),
    "i02": ("P", 1, True, 2),
}
"""The chips of the first round: プレイヤー2's chain green 1, purple 1 ×2, yellow 2 (5 points), then
プレイヤー3's purple 1."""
RACKS = ["PBYG", "GGR", "RPGB"]
NEXT_DRAWS = ["R", "G", "B", "Y", "P", "Y"]
"""The bag's next chips, in the order the story draws them."""

CHAIN = ["go:h03", "up:1", "go:h04", "up:1", "go:i05", "up:1"]
"""プレイヤー1: purple 2 (next to the centre), blue 1, yellow 3."""
BRANCHED = [
    ["go:m03", "up:1", "go:o07", "up:1", "go:o08", "up:1", "go:o06", "up:1"],
    ["go:m03", "up:1", "go:o07", "up:1", "go:o06", "up:1", "go:o08", "up:1"],
]
"""プレイヤー3's wish: red 2, purple 1, then both the green (B) and the blue (A) beside it."""
ALLOWED = ["go:m03", "up:1", "go:o07", "up:1", "go:e03", "up:1"]
"""プレイヤー3's chain instead: red 2, purple 1, blue 4 (C); the green stays on the rack."""
BRIDGE = ["go:i03", "down:R", "go:m02", "up:3"]
"""プレイヤー2: a red chip face down on the yellow 1, then three greens on the green 5."""
MARKS = {"o06": "A", "o08": "B", "e03": "C"}


def chain_position() -> RondoState:
    """Round 2 of the story, プレイヤー1 to move: purple, blue, yellow on the rack."""
    rest = list((Counter(ALL_CHIPS) - Counter("".join(RACKS) + "".join(NEXT_DRAWS)) - _on_board()).elements())
    Rng(BAG_SEED).shuffle(rest)
    return RondoState.from_position(
        racks=RACKS, board=EARLIER, bag=rest + NEXT_DRAWS[::-1], scores=[0, 5, 1], turn_player=0
    )


def _on_board() -> Counter[str]:
    return Counter(colour for colour, count, _, _ in EARLIER.values() for _ in range(count))


def branch_position() -> RondoState:
    """プレイヤー3 to move, after プレイヤー1's chain and プレイヤー2's draw."""
    return _played(chain_position(), [*CHAIN, "end", "draw"])


def bridge_position() -> RondoState:
    """プレイヤー2 to move, after プレイヤー3's allowed chain and プレイヤー1's draw."""
    return _played(branch_position(), [*ALLOWED, "end", "draw"])


def _played(state: RondoState, actions: list[str]) -> RondoState:
    """The position after `actions`, as a new starting point: the moves become part of the setup
    (a scenario's replay log holds only what is played after it opens)."""
    for action in actions:
        state.apply(action)
    state.history, state.journal = [], []
    return state


def try_chain(state: RondoState, actions: list[str]) -> tuple[bool, str, int]:
    """Play a chain's steps on a copy: (legal?, the refusal if not, the chain's points so far)."""
    trial = state.clone()
    try:
        for action in actions:
            trial.apply(action)
    except IllegalAction as refusal:
        return False, refusal.message, trial.chain_points()
    return True, "", trial.chain_points()


def gain(state: RondoState, actions: list[str]) -> int:
    """How many points the mover's score gains when the chain is played and finished."""
    seat = state.current_player
    assert seat is not None
    trial = state.clone()
    for action in [*actions, "end"]:
        trial.apply(action)
    return trial.scores()[seat] - state.scores()[seat]


def chain_holds(state: RondoState) -> bool:
    """Purple 2, blue 1, yellow 3 from the centre: 2 + 1 + 3 = 6 points."""
    return try_chain(state, CHAIN)[0] and gain(state, CHAIN) == 6


def branch_holds(state: RondoState) -> bool:
    """Both branched chains are refused at their last step; red 2, purple 1, blue 4 gives 7."""
    refused = all(not try_chain(state, steps)[0] and try_chain(state, steps[:-2])[0] for steps in BRANCHED)
    return refused and gain(state, ALLOWED) == 7


def bridge_holds(state: RondoState) -> bool:
    """The face-down red scores 0; three greens on the green 5 score 3 × 5 = 15."""
    return try_chain(state, BRIDGE[:2]) == (True, "", 0) and gain(state, BRIDGE) == 15


SCENARIOS = {
    "chain": Scenario(
        name="chain",
        title="チェーンの例",
        claim="中央の隣の紫2から、青1、黄3と続けて置くと2+1+3=6点。",
        build=chain_position,
        holds=chain_holds,
    ),
    "branch": Scenario(
        name="branch",
        title="枝分かれの例",
        claim="赤2・紫1のあと、緑（B）と青（A）の両方には置けない。青をCに置けば2+1+4=7点。",
        build=branch_position,
        holds=branch_holds,
    ),
    "bridge": Scenario(
        name="bridge",
        title="裏向きでつなぐ例",
        claim="黄1に赤を裏向きに置き（0点）、隣の緑5に緑3枚を表向きに置くと3×5=15点。",
        build=bridge_position,
        holds=bridge_holds,
    ),
}


# --- figures ---------------------------------------------------------------------------------------


def _mid_chain(state: RondoState, actions: list[str]) -> RondoState:
    trial = state.clone()
    for action in actions:
        trial.apply(action)
    return trial


def draw_chain() -> str:
    state = _mid_chain(chain_position(), CHAIN)
    return render_board(state.view(0), interactive=False, prefix="fig-chain")


def draw_branch() -> str:
    start = branch_position()
    state = _mid_chain(start, ALLOWED[:4])
    board = render_board(state.view(2), interactive=False, prefix="fig-branch", marks=MARKS)
    rows = [
        ("赤2→紫1→緑3（B）→青2（A）", *try_chain(start, BRANCHED[0])),
        ("赤2→紫1→青2（A）→緑3（B）", *try_chain(start, BRANCHED[1])),
        ("赤2→紫1→青4（C）", *try_chain(start, ALLOWED)),
    ]
    body = "".join(
        f"<tr><td>{chain}</td><td>{'できる' if legal else 'できない'}</td>"
        f"<td>{f'{points}点' if legal else reason}</td></tr>"
        for chain, legal, reason, points in rows
    )
    head = "<thead><tr><th>置きたいチェーン</th><th>できるか</th><th>得点・理由</th></tr></thead>"
    return f"{board}<table>{head}<tbody>{body}</tbody></table>"


def draw_bridge() -> str:
    state = _mid_chain(bridge_position(), BRIDGE)
    return render_board(state.view(1), interactive=False, prefix="fig-bridge")


def draw_board(side: str, *, prefix: str = "fig-board") -> str:
    """The board at set-up; the prefix keeps its element ids apart from another drawing's."""
    state = RondoState(2, 0, {"side": side, "start_player": 0})
    return render_map(state.view(None), prefix=f"{prefix}-{side}")


def draw_turn_flow() -> str:
    placing = "\n".join(
        [
            "チップを置く",
            "① マスを選ぶ（最初は中央か",
            "　チップの隣、次は直前の隣）",
            "② 同じ色を表向きに何枚でも",
            "　か、好きな色を1枚裏向き",
            "③ 続けるなら①へ",
            "④ 置き終えたら1枚引く",
        ]
    )
    return flowchart(
        "ロンドの手番の流れ",
        [
            ["手番の始め\n（手元5枚なら必ず置く）"],
            [placing, "置かずに引く\n2枚\n（手元4枚なら1枚）"],
            ["手番の終わり"],
        ],
        loop="次の人の\n手番へ",
    )


FIGURES = {
    "cover": Figure("ロンドの盤（青い面）", lambda: draw_board("blue", prefix="cover")),
    "turn-flow": Figure(
        "手番の流れ: 置くか、置かずに引くか。置くときは1マスずつ直前のマスの隣へ続ける", draw_turn_flow
    ),
    "board-blue": Figure(
        "このサイトの盤（青い面）。色ごとの記号と点数、灰色のマスは点線の二重の輪で示す",
        lambda: draw_board("blue"),
    ),
    "board-red": Figure("同じ盤の赤い面: マスの色と並びは同じで、点数だけが高い", lambda: draw_board("red")),
    "chain-example": Figure(
        "チェーンの例: プレイヤー1が中央の隣から紫2・青1・黄3に置いたところ（番号は置いた順）",
        draw_chain,
        scenario="chain",
    ),
    "branch-example": Figure(
        "枝分かれの例: プレイヤー3が赤2・紫1に置いたところ。紫1の先はA・B・Cのうち1つだけ"
        "（表はエンジンの判定）",
        draw_branch,
        scenario="branch",
    ),
    "bridge-example": Figure(
        "裏向きでつなぐ例: プレイヤー2が黄1に赤を裏向きに置き、緑5に緑3枚を置いたところ",
        draw_bridge,
        scenario="bridge",
    ),
}

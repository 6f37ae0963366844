"""Rondo's guided first game (engine.tutorial): the last turns of a two-player game.

The reader is プレイヤー1; プレイヤー2 started the game, so the reader closes every round. The
board is nearly full and the bag holds 8 chips, rigged so that each lesson comes up in order: a
two-space chain with a stack of two (then the draw of 1), the opponent starting next to the
reader's chip, the reader's draw of 2, the opponent's draw, the reader's draw of 1 when holding
4, the opponent's chain that takes the bag's last chip (the end: the round is finished), and the
reader's last turn with 5 chips: a face-down bridge to a blue 4, the most its rack can score
there. Both finish on 161 points and the reader wins on the chips left on the rack.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.games.rondo.board import SPACES
from engine.games.rondo.codec import COLOURS
from engine.games.rondo.rules import Placed, RondoState
from engine.tutorial import Step, Tutorial

READER, OPPONENT = 0, 1
RACKS = ["GGRB", "PB"]
DRAWS = "GRBGBRGP"
"""The bag in the order it is drawn: the reader's G, the opponent's R, the reader's B G, the
opponent's B R, the reader's G, the opponent's last P."""
EMPTY = {"m02", "o04", "o05", "o06", "e02", "o07", "e03", "o17", "o18", "e05", "o23"}
"""The spaces still empty: the lessons' chains, o05 and o06 (which would be cut off from the
centre), the grey e05, and o23, which leaves an odd total face up for SCORES."""
SCORES = [139, 142]
"""Together the points face up on the board (281), three apart so that the game ends in a tie."""


def _board() -> dict[str, Placed]:
    """Every other space face up: the chips of each colour not in the bag or on a rack, shared out
    as evenly as they go over that colour's spaces, the first in board order taking the extra."""
    board: dict[str, Placed] = {}
    for colour in COLOURS:
        spaces = [s.id for s in SPACES if s.colour == colour and s.id not in EMPTY]
        chips = 24 - "".join(RACKS).count(colour) - DRAWS.count(colour)
        base, extra = divmod(chips, len(spaces))
        for k, space in enumerate(spaces):
            board[space] = (colour, base + (k < extra), True, k % 2)
    return board


def start() -> RondoState:
    return RondoState.from_position(
        racks=RACKS,
        board=_board(),
        bag=list(reversed(DRAWS)),
        scores=SCORES,
        turn_player=READER,
        start_player=OPPONENT,
    )


def _view(state: State) -> dict[str, Any]:
    return state.view(READER)


def _rack(state: State) -> dict[str, int]:
    return _view(state)["rack"]


def _held(state: State, seat: int) -> int:
    return _view(state)["seats"][seat]["rack_count"]


def _turn(state: State) -> dict[str, Any]:
    return _view(state)["turn"]


def _chain(state: State) -> list[str]:
    return _turn(state)["chain"]


def _goes(state: State) -> list[str]:
    return [a for a in state.legal_actions() if a.startswith("go:")]


def _chips(state: State) -> list[str]:
    return [a for a in state.legal_actions() if a.startswith(("up:", "down:"))]


def _gains(state: State, actions: list[str]) -> int:
    """The reader's points after `actions`, played on a copy, less the points now."""
    trial = state.clone()
    for action in actions:
        trial.apply(action)
    return trial.scores()[READER] - state.scores()[READER]


def _most_points(state: State) -> int:
    """The most points any chain could score from here (every legal way, tried on copies)."""
    assert isinstance(state, RondoState)
    best = state.chain_points()
    for action in state.legal_actions():
        if action.startswith(("go:", "up:", "down:")):
            trial = state.clone()
            trial.apply(action)
            best = max(best, _most_points(trial))
    return best


def _first_turn(state: State) -> bool:
    return (
        "draw" in state.legal_actions()
        and _goes(state) != []
        and _held(state, READER) == 4
        and _turn(state)["draw"] == 1
    )


def _may_start_green(state: State) -> bool:
    return _rack(state)["G"] == 2 and "go:m02" in _goes(state) and "i03" in _view(state)["board"]


def _may_go_on_to_red(state: State) -> bool:
    return _chain(state) == ["m02"] and _goes(state) == ["go:o04"] and _rack(state)["R"] == 1


def _last_chip_drawn(state: State) -> bool:
    return (
        _view(state)["bag"] == 0
        and _view(state)["ending"] == {"reason": "bag", "by": OPPONENT}
        and state.scores() == [153, 161]
        and _view(state)["start_player"] == OPPONENT
        and state.current_player == READER
    )


def _last_turn(state: State) -> bool:
    return (
        _held(state, READER) == 5
        and "draw" not in state.legal_actions()
        and "go:o07" in _goes(state)
        and state.scores()[OPPONENT] - state.scores()[READER] == 8
        and _most_points(state) == 8
    )


def _bridge(state: State) -> bool:
    return _rack(state)["P"] == 0 and _rack(state)["B"] == 2 and sorted(_chips(state)) == ["down:B", "down:G"]


STEPS = (
    Step(
        say="ロンドへようこそ。手元の色チップを、丸い盤のマスに1本のチェーンにつなげて置き、"
        "点を集めるゲームです。得点がいちばん多い人の勝ちです。",
        rule="overview",
        holds=lambda s: s.players == 2 and s.current_player == READER and s.scores() == SCORES,
    ),
    Step(
        say="ふつうは各自が袋から2枚引いて始めますが、この練習は、盤がほとんど埋まった終わり近くから始めます。",
        rule="setup",
        holds=lambda s: _view(s)["bag"] == 8 and len(_view(s)["board"]) == len(SPACES) - len(EMPTY),
    ),
    Step(
        say="あなたはプレイヤー1で139点、相手は142点です。袋の残りは8枚です。",
        rule="setup",
        shows=("139 点", "142 点", "袋の残り 8 枚"),
        holds=lambda s: s.scores() == SCORES and _view(s)["bag"] == 8 and _held(s, READER) == 4,
        point=("rd-info",),
    ),
    Step(
        say="手番には、チップを置くか、置かずに引くかのどちらかを行います。置いた手番は、"
        "置き終えたら袋から1枚引きます。",
        rule="turn",
        holds=_first_turn,
        point=("draw",),
        live=True,
    ),
    Step(
        say="置かない手番は2枚引きますが、手元は5枚までなので、いまのように4枚なら1枚だけです。",
        rule="turn",
        shows=("手元4枚",),
        holds=_first_turn,
    ),
    Step(
        say="最初のマスは、チップのあるマス（または中央）の隣の空きマスから選びます。"
        "選べるマスは、盤の上で光っています。",
        rule="placing",
        holds=_may_start_green,
        live=True,
    ),
    Step(
        say="手元に緑が2枚あるので、緑のマスから始めます。「緑■5のマス（連絡路2）」を押しましょう。"
        "かっこの中は、マスの場所の名前です。",
        rule="placing",
        holds=_may_start_green,
        play=("go:m02",),
        point=("go:m02",),
        nudge="そのマスからも始められますが、この練習では手元の緑が生きる緑5のマス（連絡路2）から始めます。",
    ),
    Step(
        say="マスと同じ色のチップは、何枚でも重ねて表向きに置けます。得点はマスの点数×枚数です。"
        "「緑■を2枚 表向き（10点）」を押しましょう。",
        rule="chips",
        holds=lambda s: _turn(s)["target"] == "m02" and "up:2" in _chips(s) and _gains(s, ["up:2"]) == 10,
        play=("up:2",),
        point=("up:2",),
        nudge="1枚でも置けますが、2枚重ねれば点も2倍です。ここでは緑を2枚置きましょう。",
    ),
    Step(
        say="チェーンを続けるなら、次のマスは直前に置いたマスの隣の空きマスです。"
        "緑5の隣で空いているのは、赤4のマスだけです。",
        rule="placing",
        holds=_may_go_on_to_red,
    ),
    Step(
        say="「赤▲4のマス（外周4）」を押してから、「赤▲を1枚 表向き（4点）」を押しましょう。",
        rule="placing",
        holds=_may_go_on_to_red,
        play=("go:o04", "up:1"),
        until=lambda s: len(_chain(s)) == 2,
        point=("go:o04", "up:1"),
        nudge="この練習では、赤4のマス（外周4）に赤を1枚、表向きに置きます。",
    ),
    Step(
        say="チェーンは何マスで止めてもかまいません。この手番は10＋4＝14点です。"
        "「置き終えて1枚引く」を押すと、1枚引いて手番が終わります。",
        rule="drawing",
        shows=("この手番 14点",),
        holds=lambda s: (
            _chain(s) == ["m02", "o04"] and _turn(s)["points"] == 14 and "end" in s.legal_actions()
        ),
        play=("end",),
        then=("go:e02", "up:1", "end"),
        point=("end",),
        nudge="まだ続けられますが、この練習ではここで置き終えて、1枚引きます。",
    ),
    Step(
        say="相手は、あなたの赤4の隣の紫5のマスに紫を1枚置いて5点を取りました。"
        "チップのあるマスなら、だれが置いたものでも、その隣から始められます。",
        rule="placing",
        holds=lambda s: (
            _view(s)["board"]["e02"] == {"face": "up", "colour": "P", "count": 1}
            and s.scores() == [153, 147]
            and _held(s, READER) == 2
        ),
        point=("rd-sp-e02",),
    ),
    Step(
        say="あなたの手元は2枚です。今回は置かずに引いて、手元を増やします。「置かずに2枚引く」を押しましょう。",
        rule="drawing",
        shows=("手元2枚",),
        holds=lambda s: _held(s, READER) == 2 and "draw" in s.legal_actions() and _turn(s)["draw"] == 2,
        play=("draw",),
        then=("draw",),
        point=("draw",),
        nudge="置くこともできますが、この練習では「置かずに2枚引く」を試します。",
    ),
    Step(
        say="相手も置かずに2枚引き、手元が4枚になりました。ほかの人の手元は、枚数は見えても色は見えません。"
        "引いた色も本人にしか分かりません。",
        rule="visibility",
        shows=("147 点", "手元4枚"),
        holds=lambda s: _held(s, OPPONENT) == 4 and _view(s)["bag"] == 2 and s.current_player == READER,
        point=("rd-seat-1",),
    ),
    Step(
        say="あなたの手元も4枚です。4枚のときに引くと1枚だけで、手元は上限の5枚になります。"
        "「置かずに1枚引く」を押しましょう。",
        rule="drawing",
        shows=("153 点", "手元4枚"),
        holds=lambda s: _held(s, READER) == 4 and _turn(s)["draw"] == 1,
        play=("draw",),
        then=("go:o17", "up:2", "go:o18", "up:2", "end"),
        point=("draw",),
        nudge="置くこともできますが、この練習では手元が4枚のときの「置かずに1枚引く」を試します。",
    ),
    Step(
        say="相手は青3と赤4に2枚ずつ置いて14点を取り、袋の最後の1枚を引きました。",
        rule="ending",
        shows=("袋の残り 0 枚", "161 点"),
        holds=_last_chip_drawn,
        point=("rd-info",),
    ),
    Step(
        say="袋が空になるか、灰色のマス（点線の輪）がすべて埋まったら、その巡（全員が1回ずつ手番を行う"
        "ひと回り）を最後まで遊んで終わります。",
        rule="ending",
        holds=_last_chip_drawn,
    ),
    Step(
        say="スタートプレイヤーは相手なので、巡の最後は次のあなたの手番です。",
        rule="ending",
        holds=_last_chip_drawn,
    ),
    Step(
        say="手元は5枚なので引くことはできず、必ず置きます。相手とは8点差で、この手元で取れるいちばん多い点も8点です。",
        rule="drawing",
        shows=("153 点", "手元5枚", "161 点"),
        holds=_last_turn,
    ),
    Step(
        say="紫1のマスから、その先の青4のマスまでつなぎます。「紫◆1のマス（外周7）」を押しましょう。",
        rule="drawing",
        holds=_last_turn,
        play=("go:o07",),
        point=("go:o07",),
        nudge="ほかのマスから始めることもできますが、この練習では裏向きの橋を使って、紫1のマスから青4のマスまで届かせます。",
    ),
    Step(
        say="手元に紫がないので、紫1には表向きに置けません。好きな色のチップを1枚だけ裏向きに置けば、"
        "0点ですがチェーンを延ばす橋になります。",
        rule="chips",
        holds=_bridge,
    ),
    Step(
        say="青は青4のマスに2枚重ねるので、緑を橋にします。「緑■を1枚 裏向き（0点）」を押しましょう。",
        rule="chips",
        holds=_bridge,
        play=("down:G",),
        point=("down:G",),
        nudge="青は、次の青4のマスに2枚重ねるために残しておきましょう。",
    ),
    Step(
        say="紫1の隣で空いているのは、青2と青4のマスです。「青●4のマス（外端3）」を押し、"
        "「青●を2枚 表向き（8点）」を押しましょう。",
        rule="chips",
        holds=lambda s: (
            _chain(s) == ["o07"]
            and sorted(_goes(s)) == ["go:e03", "go:o06"]
            and _gains(s, ["go:e03", "up:2"]) == 8
        ),
        play=("go:e03", "up:2"),
        until=lambda s: len(_chain(s)) == 2,
        point=("go:e03", "up:2"),
        nudge="この練習では、点数の高い青4のマス（外端3）に青を2枚置きます。",
    ),
    Step(
        say="青4の先に空きマスはなく、チェーンはここまでです。点になるのは表向きのチップだけで、"
        "この手番は8点。「置き終える（袋が空）」を押しましょう。",
        rule="scoring",
        shows=("この手番 8点",),
        holds=lambda s: s.legal_actions() == ["end"] and _turn(s)["points"] == 8 and _view(s)["bag"] == 0,
        play=("end",),
        point=("end",),
    ),
    Step(
        say="ゲーム終了です。2人とも161点で同点です。同点なら、手元に残ったチップが多い人の勝ち。"
        "2枚残したあなたの勝ちです（相手は1枚）。",
        rule="winning",
        shows=("プレイヤー1 161点 2枚 勝", "プレイヤー2 161点"),
        holds=lambda s: (
            s.is_over()
            and s.scores() == [161, 161]
            and _view(s)["result"]["rack_counts"] == [2, 1]
            and s.winners() == [READER]
        ),
        point=("rd-result",),
    ),
)

FIRST_GAME = Tutorial(
    name="first-game",
    title="はじめての1局",
    build=start,
    steps=STEPS,
    learned=(
        ("手番には、チップを置くか、置かずに引くかのどちらか1つを行う。", "turn"),
        (
            "チェーンは、チップのあるマスか中央の隣から始め、直前に置いたマスの隣へ1マスずつ延ばす。",
            "placing",
        ),
        ("表向きは同じ色を何枚でも（点数×枚数）、裏向きは好きな色を1枚（0点の橋）。", "chips"),
        ("置いたら1枚、置かないなら2枚引く。4枚なら1枚だけ、5枚なら必ず置く。", "drawing"),
        ("袋が空になるか灰色のマスがすべて埋まったら、その巡を最後まで遊んで終わり。", "ending"),
        ("得点が多い人の勝ち、同点なら手元のチップが多い人の勝ち。", "winning"),
        (
            "作戦：高い点数のマスに同じ色を重ねると大きく稼げる。裏向きの橋で、そこまで届かせる。",
            "overview",
        ),
    ),
)
TUTORIALS = {FIRST_GAME.name: FIRST_GAME}

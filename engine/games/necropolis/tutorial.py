"""Necropolis's guided first game (engine.tutorial): a short game on a pile of eight tiles.

The reader is 先手. The pile is rigged so that each kind of turn comes up in order: a tile that
fits the grave, one that does not (the mastaba), a tile that makes a kept one fit later (from
the mastaba to the grave), and the opponent's exchange and rebuild to watch; the pile runs out
after the reader's last free choice, and the score decides. The other 18 tiles are set aside
face down for the practice game: the board shows only their count, so nothing tells which 8
tiles make the pile.
"""

from __future__ import annotations

from engine.core import State
from engine.games.necropolis.rules import ALL_TILES, NecropolisState, tile_id
from engine.tutorial import ANY, Step, Tutorial

READER, OPPONENT = 0, 1
DRAWS = ["4-5", "1-3", "1-2", "0-6", "2-5", "5-6", "0-1", "2-6"]
"""The pile in the order the tiles are drawn (the exchange puts [1|3] back second from the top)."""


def start() -> NecropolisState:
    aside = [tile_id(t) for t in ALL_TILES if tile_id(t) not in {"3-4", "6-6", *DRAWS}]
    return NecropolisState.from_position(
        graves=[["3-4"], ["6-6"]],
        starts=["3-4", "6-6"],
        mastabas=[[], []],
        pile=list(reversed(DRAWS)),
        set_aside=aside,
    )


def _view(state: State) -> dict:
    return state.view(READER)


def _mine(state: State) -> list[str]:
    return _view(state)["graves"][READER]


def _drawn(state: State) -> str | None:
    return _view(state)["drawn"]


def _adds(state: State) -> list[str]:
    return [a for a in state.legal_actions() if a.startswith("add:")]


def _score(state: State, seat: int) -> int:
    return state.scores()[seat]


STEPS = (
    Step(
        say="ネクロポリスへようこそ。2人で山から牌を掘り出し、自分の前に「墓地」の列を伸ばすゲームです。"
        "終わったときの得点が少ないほうの勝ちです。",
        rule="overview",
        holds=lambda s: s.players == 2 and s.current_player == READER and _view(s)["pile"] == 8,
    ),
    Step(
        say="準備で2人とも山から1枚ずつ引き、墓地の最初の牌にしました。牌は [上の目|下の目] と書きます。"
        "あなたは手前の [3|4]、相手は奥の [6|6] です。",
        rule="setup",
        holds=lambda s: _view(s)["starts"] == ["3-4", "6-6"] and _mine(s) == ["3-4"],
        point=("nec-t-3-4",),
    ),
    Step(
        say="練習用に、山は8枚だけにしてあります。残りの18枚は伏せてよけてあり、この1局では使いません。",
        rule="setup",
        shows=("山（ネクロポリス）: 残り 8 枚", "裏向き 18 枚"),
        holds=lambda s: _view(s)["pile"] == 8 and _view(s)["set_aside"] == 18 and _view(s)["discarded"] == [],
    ),
    Step(
        say="手番には、行動を1つだけ行います。いちばんよく使うのは、山から1枚引くことです。"
        "「山から引く」を押しましょう。",
        rule="turn",
        holds=lambda s: "draw" in s.legal_actions(),
        play=("draw",),
        point=("draw",),
        nudge="ほかの行動はあとで出てきます。まずは「山から引く」を押してください。",
    ),
    Step(
        say="墓地の牌は縦に立てて横に並べます。ふつうのドミノと違い、加える牌は端の牌と"
        "上の目どうしか下の目どうしをそろえます。置く前なら逆さにできます。",
        rule="grave-row",
        holds=lambda s: _drawn(s) == "4-5",
    ),
    Step(
        say="引いた [4|5] を逆さにした [5|4] なら、[3|4] と下の目の4がそろいます。"
        "右端に出ている [5|4] の牌を押しましょう。",
        rule="grave-row",
        holds=lambda s: _drawn(s) == "4-5" and _adds(s) == ["add:L:5-4", "add:R:5-4"],
        play=("add:R:5-4",),
        then=("draw", "keep"),
        point=("add:R:5-4",),
        nudge="左端にも置けますが、この練習では右端へ伸ばします。右端の [5|4] を押してください。",
    ),
    Step(
        say="相手は引いた牌を伏せたまま、マスタバ（伏せて手元に置く牌の置き場）に置きました。"
        "中身は持ち主にしか見えず、分かるのは枚数だけです。",
        rule="visibility",
        holds=lambda s: _view(s)["mastaba_counts"] == [0, 1] and _view(s)["mastabas"][OPPONENT] is None,
    ),
    Step(
        say="あなたの番です。もう一度「山から引く」を押しましょう。",
        rule="draw",
        holds=lambda s: s.current_player == READER and _mine(s) == ["3-4", "5-4"],
        play=("draw",),
        point=("draw",),
    ),
    Step(
        say="[1|2] は、どちらの端とも上の目も下の目もそろいません。「マスタバに置く」を押して、"
        "伏せて手元に取っておきましょう。",
        rule="draw",
        holds=lambda s: _drawn(s) == "1-2" and _adds(s) == [],
        play=("keep",),
        then=("draw", "add:R:6-0"),
        point=("keep",),
    ),
    Step(
        say="マスタバに残った牌の目は、最後に自分の得点に加わります。相手は引いた牌を墓地につなげました。"
        "「山から引く」を押しましょう。",
        rule="draw",
        holds=lambda s: _view(s)["graves"][OPPONENT] == ["6-6", "6-0"],
        play=("draw",),
        point=("draw",),
    ),
    Step(
        say="[2|5] を逆さにした [5|2] は、右端の [5|4] と上の目の5がそろいます。"
        "右端が [5|2] になれば、マスタバの [1|2] も下の目の2でつながります。",
        rule="grave-row",
        holds=lambda s: _drawn(s) == "2-5" and _adds(s) == ["add:R:5-2"],
        point=("nec-t-2-5",),
    ),
    Step(
        say="右端に出ている [5|2] の牌を押して、墓地につなげましょう。",
        rule="grave-row",
        holds=lambda s: _drawn(s) == "2-5" and _adds(s) == ["add:R:5-2"],
        play=("add:R:5-2",),
        then=("exchange:1-3",),
        point=("add:R:5-2",),
        nudge="マスタバに置くと目が得点に加わります。ここでは右端の [5|2] を押して、墓地につなげましょう。",
    ),
    Step(
        say="相手は「交換」をしました。マスタバの牌1枚を山の牌1枚と取りかえる行動です。"
        "戻した牌は山に混ぜられ、どれを戻したかは相手にしか分かりません。",
        rule="exchange",
        holds=lambda s: _view(s)["mastaba_counts"] == [1, 1] and _view(s)["pile"] == 3,
    ),
    Step(
        say="マスタバの牌を墓地に出すのも、手番の行動の1つです。右端に出ている [1|2] の牌を押しましょう。"
        "マスタバが減れば、得点も軽くなります。",
        rule="from-mastaba",
        holds=lambda s: _view(s)["mastabas"][READER] == ["1-2"] and "move:R:1-2" in s.legal_actions(),
        play=("move:R:1-2",),
        then=("rebuild:draw",),
        point=("move:R:1-2",),
        nudge="この練習では、マスタバの [1|2] を墓地の右端に出します。右端の [1|2] を押してください。",
    ),
    Step(
        say="相手は墓地を「作りなおし」ました。いまの墓地を捨て、"
        "山から引いた [0|1] を新しい最初の牌にしています。",
        rule="rebuild",
        holds=lambda s: _view(s)["starts"][OPPONENT] == "0-1" and "6-6" in _view(s)["discarded"],
    ),
    Step(
        say="最初の牌の目も得点に入るので、重い [6|6] から軽い [0|1] に替えたのです。"
        "捨てた牌は、このゲームではもう使いません。",
        rule="rebuild",
        holds=lambda s: _view(s)["starts"][OPPONENT] == "0-1" and "6-6" in _view(s)["discarded"],
    ),
    Step(
        say="山は残り2枚です。山がなくなると、その行動を終えたところで終わりです。"
        "2人が「もうどちらの墓地にも加えられない」と認め合っても終わります。",
        rule="ending",
        shows=("山（ネクロポリス）: 残り 2 枚",),
        holds=lambda s: _view(s)["pile"] == 2 and s.current_player == READER,
    ),
    Step(
        say="最後のあなたの手番です。「山から引く」を押しましょう。",
        rule="draw",
        holds=lambda s: _view(s)["mastaba_counts"][READER] == 0,
        play=("draw",),
        point=("draw",),
    ),
    Step(
        say="[1|3] は右端の [1|2] と上の目の1が、逆さにすれば左端の [3|4] と上の目の3がそろいます。"
        "端の牌か「マスタバに置く」を、好きに押してください。",
        rule="grave-row",
        holds=lambda s: _drawn(s) == "1-3" and _adds(s) == ["add:L:3-1", "add:R:1-3"],
        play=ANY,
        then=("draw", "keep"),
    ),
    Step(
        say="相手が最後の1枚を引いて、山がなくなりました。得点は「マスタバの牌の目＋いまの墓地の最初の牌の目＋1」で、"
        "少ないほうの勝ちです。",
        rule="scoring",
        shows=("山（ネクロポリス）: 残り 0 枚", "先手8点・後手21点"),
        holds=lambda s: s.is_over() and s.winners() == [READER] and _score(s, OPPONENT) == 21,
        point=("nec-result",),
    ),
)

FIRST_GAME = Tutorial(
    name="first-game",
    title="はじめての1局",
    build=start,
    steps=STEPS,
    learned=(
        ("手番には行動を1つ。山から引いて、墓地につなげるかマスタバに置く。", "draw"),
        ("墓地には、端の牌と上の目どうし・下の目どうしがそろう牌だけが置ける。", "grave-row"),
        ("マスタバの牌は、つながるようになったら墓地に出せる。", "from-mastaba"),
        ("交換と作りなおしで、重い牌を手放せる。", "rebuild"),
        ("山がなくなるか、2人が認め合ったら終わり。得点の少ないほうが勝つ。", "scoring"),
    ),
)
TUTORIALS = {FIRST_GAME.name: FIRST_GAME}

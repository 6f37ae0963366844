"""No Return's guided first game (engine.tutorial): a short 2-player game on a bag of 19 counters.

The rules are the same for 2 to 4 players, so one tutorial at 2 teaches them all. The reader is
the start player. The other 97 counters stay in the box (the board says so), so the game ends
after the set-up exchange and five turns each: two placing turns, the move to phase 2 with a
cashing, an exchange when no colour can pay, and a last cashing that draws the bag's last
counter; the opponent's last turn completes the round (巡) with a pass, and the scores tie so that
the tie-break decides.

The bag is listed as rigged, last counter drawn first. The set-up exchange puts the five
counters set aside back and shuffles the bag (with the generator `from_position` seeds), so
its first 14 counters are ordered for the refills to draw, in turn: the reader B4 G5 B9, the
opponent B1 Y9, the reader R3, the opponent P7 B8, the reader G2, the opponent G1 Y2 P4 R2,
the reader Y6 R5, the opponent K4 Y3, the reader P9 K2. The reader's G1 and R2 come back in one
refill of the opponent's, so the order the reader sets them aside in does not matter.
"""

from __future__ import annotations

from collections import Counter as Multiset
from typing import Any

from engine.core import State
from engine.games.no_return.codec import ALL_COUNTERS, counter_id
from engine.games.no_return.rules import NoReturnState
from engine.tutorial import Step, Tutorial

READER, OPPONENT = 0, 1
HANDS = [
    ["B11", "B10", "B7", "Y11", "Y8", "P5", "G1", "R2"],
    ["R11", "R11", "G6", "G6", "K11", "B1", "G5", "R5"],
]
BAG = [
    *("P9", "Y6", "K4", "K2", "P7", "Y2", "G2", "R3", "B9", "Y9", "Y3", "B4", "B8", "P4"),
    *("R1", "B2", "K11"),  # the opponent's draws in the set-up exchange
    *("P3", "K9"),  # the reader's
]


def start() -> NoReturnState:
    used = Multiset(HANDS[READER] + HANDS[OPPONENT] + BAG)
    boxed = Multiset(counter_id(c) for c in ALL_COUNTERS) - used
    return NoReturnState.from_position(
        hands=HANDS, columns=[{}, {}], bag=BAG, boxed=sorted(boxed.elements()), before_setup=True
    )


# --- what the reader can see -----------------------------------------------------------------


def _view(state: State) -> dict[str, Any]:
    return state.view(READER)


def _hand(state: State) -> list[str]:
    return sorted(_view(state)["hand"])


def _columns(state: State, seat: int) -> dict[str, list[int]]:
    return _view(state)["seats"][seat]["columns"]


def _picked(state: State) -> list[str]:
    return sorted(_view(state)["selection"]["picked"])


def _cashing(state: State) -> list[str]:
    return _view(state)["selection"]["cashing"]


def _bag(state: State) -> int:
    return _view(state)["bag"]


def _phase(state: State, seat: int) -> int:
    return _view(state)["seats"][seat]["phase"]


def _offered(state: State, *steps: str, kind: str = "") -> list[str]:
    """The reader's legal actions after `steps` (on a copy), those starting with `kind`."""
    trial = state.clone()
    for action in steps:
        trial.apply(action)
    return [a for a in trial.legal_actions() if a.startswith(kind)]


def _last_line(state: State) -> str:
    return state.log_lines(READER)[-1]


def _readers_turn(state: State) -> bool:
    return state.current_player == READER and _view(state)["selection"]["mode"] == "choose"


# --- the steps -------------------------------------------------------------------------------


def _before_phase_2(state: State) -> bool:
    return state.scores() == [0, 0] and _phase(state, READER) == _phase(state, OPPONENT) == 1


def _can_add_b4(state: State) -> bool:
    return (
        _columns(state, OPPONENT) == {"R": [11, 11]}
        and _columns(state, READER) == {"B": [11, 10, 7]}
        and {"B4", "B9"} <= set(_hand(state))
        and "place:pick:B4" in _offered(state, "place")
        and "place:pick:B9" not in _offered(state, "place")
    )


def _may_declare(state: State) -> bool:
    return _readers_turn(state) and _bag(state) == 11 and "declare" in state.legal_actions()


def _may_cash_blue(state: State) -> bool:
    return _phase(state, READER) == 2 and "cash:column:B" in state.legal_actions()


def _paying_for_11(state: State) -> bool:
    offered = _offered(state, kind="cash:pick")
    return _cashing(state) == ["B4", "B7"] and offered == ["cash:pick:Y11", "cash:pick:Y8"]


def _may_cash_b10(state: State) -> bool:
    return (
        _readers_turn(state)
        and {"Y8", "Y6"} <= set(_hand(state))
        and _offered(state, kind="cash:column") == ["cash:column:B"]
        and _offered(state, "cash:column:B", kind="cash:pick") == ["cash:pick:Y6", "cash:pick:Y8"]
        and "cash:more" not in _offered(state, "cash:column:B")
    )


def _last_drawn_by_reader(state: State) -> bool:
    return (
        _bag(state) == 0
        and _view(state)["end_triggered_by"] == READER
        and state.current_player == OPPONENT
        and not state.is_over()
    )


STEPS = (
    Step(
        say="ノーリターンへようこそ。6色のカウンターを色ごとに並べて「列」を作り、"
        "それを「清算」して得点にするゲームです。練習用に、袋の中は19個です。",
        rule="overview",
        shows=("袋: 残り 19 個",),
        holds=lambda s: s.players == 2 and _bag(s) == 19 and _view(s)["boxed"] == 97,
        point=("nr-table",),
    ),
    Step(
        say="目的は、終わったときの「清算した数の合計 − 列に残った数の合計」を大きくすることです。"
        "列に残ったカウンターは失点になります。",
        rule="overview",
        holds=_before_phase_2,
    ),
    Step(
        say="だれもがフェイズ1（並べる）から始め、自分の手番の始めに、好きなときにフェイズ2（清算）へ移ります。"
        "いつ移るかが、いちばんの悩みどころです。",
        rule="overview",
        holds=_before_phase_2,
    ),
    Step(
        say="まず「準備の交換」です。手元の8個から要らないものを伏せてよけ、同じ個数を引き直せます。"
        "同じ色の仲間がなく小さい緑1と赤2を選びましょう。",
        rule="setup",
        holds=lambda s: _view(s)["stage"] == "setup" and _hand(s) == sorted(HANDS[READER]),
        play=("setup:pick:G1", "setup:pick:R2"),
        until=lambda s: _picked(s) == ["G1", "R2"],
        point=("setup:pick:G1", "setup:pick:R2"),
        nudge="この練習では、同じ色の仲間がない緑1と赤2の2個をよけます。",
    ),
    Step(
        say="「脇に伏せて引く」を押すと、よけた2個のかわりに2個を引きます。準備の交換は1人1回ずつ。"
        "よけた分は全員が終えてから袋に戻します。",
        rule="setup",
        holds=lambda s: (
            _picked(s) == ["G1", "R2"]
            and "setup:done" in s.legal_actions()
            and _view(s)["start_player"] == READER
        ),
        play=("setup:done",),
        then=("setup:pick:B1", "setup:pick:G5", "setup:pick:R5", "setup:done"),
        point=("setup:done",),
        nudge="選んだ緑1と赤2のまま、「脇に伏せて引く」を押してください。",
    ),
    Step(
        say="相手も準備の交換（3個）を済ませ、脇の5個は袋に戻りました。ここから交互に手番です。"
        "フェイズ1の手番では「並べる」か「交換する」を1つ行います。",
        rule="turn",
        holds=lambda s: (
            _readers_turn(s)
            and _hand(s) == sorted(["B11", "B10", "B7", "Y11", "Y8", "P5", "K9", "P3"])
            and _bag(s) == 19
            and "3個を伏せて脇に置き" in _last_line(s)
        ),
        point=("place", "exchange"),
        live=True,
    ),
    Step(
        say="最初の列を作りましょう。「並べる」を押して、青11・青10・青7を選びます。"
        "1回に並べるのは1色だけで、列は上から大きい順です。",
        rule="placing",
        holds=lambda s: (
            _columns(s, READER) == {}
            and _offered(s, "place", "place:pick:B11", kind="place:pick")
            == ["place:pick:B10", "place:pick:B7"]
        ),
        play=("place", "place:pick:B11", "place:pick:B10", "place:pick:B7"),
        until=lambda s: _picked(s) == ["B10", "B11", "B7"],
        point=("place", "place:pick:B11", "place:pick:B10", "place:pick:B7"),
        nudge="ここでは青11・10・7の3個で青の列を作ります。1回の手番に並べられるのは1色だけです。",
    ),
    Step(
        say="「並べて確定」を押します。出した3個の分は、手番の終わりに袋から引いて8個に戻します。"
        "これを「補充」といいます。",
        rule="turn",
        holds=lambda s: _picked(s) == ["B10", "B11", "B7"] and "place:done" in s.legal_actions(),
        play=("place:done",),
        then=("place", "place:pick:R11", "place:pick:R11", "place:done"),
        point=("place:done",),
        nudge="選んだ青3個のまま、「並べて確定」を押してください。",
    ),
    Step(
        say="相手は赤の列を作りました。あなたは補充で青4と青9を引いています。列に足せるのは、"
        "いちばん下の7と同じか小さい数だけ。青9は足せません。",
        rule="placing",
        holds=_can_add_b4,
        point=("nr-s0-B-2",),
    ),
    Step(
        say="「並べる」を押して青4を選び、「並べて確定」を押しましょう。青4が青の列のいちばん下に加わります。",
        rule="placing",
        holds=_can_add_b4,
        play=("place", "place:pick:B4", "place:done"),
        until=lambda s: s.current_player != READER,
        then=("place", "place:pick:G6", "place:pick:G6", "place:done"),
        point=("place", "place:pick:B4", "place:done", "nr-s0-B-2"),
        nudge="この練習では、青4を1個だけ青の列のいちばん下に足します。",
    ),
    Step(
        say="相手は緑6を2個並べました。同じ数が続いてもかまいません。列は1色に1本だけで、"
        "途中に差しこむことはできません。",
        rule="placing",
        holds=lambda s: (
            _columns(s, OPPONENT) == {"R": [11, 11], "G": [6, 6]}
            and _columns(s, READER) == {"B": [11, 10, 7, 4]}
        ),
        point=("nr-s1-G-0", "nr-s1-G-1"),
    ),
    Step(
        say="袋は残り11個です。だれかが袋の最後を引いたら、全員の手番の回数がそろうところで終わり、"
        "列に残った数は失点になります。",
        rule="ending",
        shows=("袋: 残り 11 個",),
        holds=_may_declare,
    ),
    Step(
        say="そろそろ清算に移りましょう。手番の始めに「フェイズ2に移る」を押します。一度移ると、もう戻れません。",
        rule="phase-2",
        holds=_may_declare,
        play=("declare",),
        point=("declare",),
        nudge="袋が減ってきたので、この練習ではここでフェイズ2に移ります。移れるのは手番の始めだけです。",
    ),
    Step(
        say="移ったこの手番から清算できます。清算では、1本の列をいちばん下から何個か続けて引き取ります。",
        rule="cashing",
        holds=_may_cash_blue,
    ),
    Step(
        say="青の列の「この列を清算」を押し、「清算を1個増やす」で青4と青7の2個（計11）にしましょう。",
        rule="cashing",
        holds=_may_cash_blue,
        play=("cash:column:B", "cash:more"),
        until=lambda s: _cashing(s) == ["B4", "B7"],
        point=("cash:column:B", "cash:more"),
        nudge="ここでは青の列を、いちばん下の青4とその上の青7の2個まで清算します。",
    ),
    Step(
        say="支払いは手元の1色だけで、清算するカウンターの合計（11）以上になるように選びます。"
        "列と違う色でもかまいません。",
        rule="cashing",
        holds=_paying_for_11,
    ),
    Step(
        say="11に届くのは黄だけです。黄11を1個選んで、「清算を確定」を押しましょう。",
        rule="cashing",
        holds=_paying_for_11,
        play=("cash:pick:Y11", "cash:done"),
        until=lambda s: s.current_player != READER,
        then=(
            "exchange",
            "exchange:pick:Y9",
            "exchange:pick:P7",
            "exchange:pick:B8",
            "exchange:pick:B2",
            "exchange:done",
        ),
        point=("cash:pick:Y11", "cash:done"),
        nudge="ここでは黄11の1個で支払います。大事なのは個数ではなく数の合計です。",
    ),
    Step(
        say="清算した青4・7は、あなたの得点の山に入りました。支払った黄11は表向きで上ブタへ入り、"
        "ゲームから除かれます。",
        rule="cashing",
        holds=lambda s: (
            _view(s)["seats"][READER]["cashed"] == ["B7", "B4"]
            and _view(s)["lid"]["payments"] == ["Y11"]
            and len(_hand(s)) == 8
        ),
        point=("nr-s0-cashed-0", "nr-s0-cashed-1", "nr-lid-0"),
    ),
    Step(
        say="相手は4個を「交換」しました。準備の交換と違い、手元の1〜4個を伏せて上ブタへ入れ、"
        "同じ数を引きます。何を出したかは相手にしか分かりません。",
        rule="visibility",
        holds=lambda s: (
            _view(s)["seats"][OPPONENT]["exchanged_count"] == 4
            and _view(s)["lid"]["hidden"] == 4
            and "4個を伏せて上ブタに入れ" in _last_line(s)
        ),
    ),
    Step(
        say="青の列のいちばん下は10ですが、どの色も合計が10に届きません。「交換する」を押し、"
        "半端な赤3と緑2を選びましょう（1〜4個）。",
        rule="exchange",
        holds=lambda s: (
            _readers_turn(s)
            and _columns(s, READER) == {"B": [11, 10]}
            and s.legal_actions() == ["exchange"]
            and {"R3", "G2"} <= set(_hand(s))
        ),
        play=("exchange", "exchange:pick:R3", "exchange:pick:G2"),
        until=lambda s: _picked(s) == ["G2", "R3"],
        point=("exchange", "exchange:pick:R3", "exchange:pick:G2"),
        nudge="ここでは、どの色の合計にもあまり役立たない赤3と緑2の2個を交換に出します。",
    ),
    Step(
        say="「交換を確定」を押すと、2個は伏せて上ブタへ入り、袋から2個を引きます。",
        rule="exchange",
        holds=lambda s: _picked(s) == ["G2", "R3"] and "exchange:done" in s.legal_actions(),
        play=("exchange:done",),
        then=(
            "declare",
            "cash:column:R",
            "cash:more",
            "cash:pick:K11",
            "cash:pick:K11",
            "cash:done",
        ),
        point=("exchange:done",),
        nudge="選んだ赤3と緑2のまま、「交換を確定」を押してください。",
    ),
    Step(
        say="相手もフェイズ2に移り、赤の列の11・11（計22）を、桃11・11で払って清算しました。"
        "袋は残り2個です。",
        rule="phase-2",
        shows=("袋: 残り 2 個", "得点の山（2個・計22"),
        holds=lambda s: (
            _phase(s, OPPONENT) == 2
            and _view(s)["seats"][OPPONENT]["cashed"] == ["R11", "R11"]
            and _view(s)["lid"]["payments"] == ["Y11", "K11", "K11"]
            and _bag(s) == 2
        ),
        point=("nr-s1-cashed-0", "nr-s1-cashed-1"),
    ),
    Step(
        say="交換で黄6を引いたので、黄8と合わせて14になり、青10を清算できます。払いすぎた4は戻りません。",
        rule="cashing",
        holds=_may_cash_b10,
    ),
    Step(
        say="青の列の「この列を清算」を押し、黄8と黄6を選んで「清算を確定」を押しましょう。",
        rule="cashing",
        holds=_may_cash_b10,
        play=("cash:column:B", "cash:pick:Y8", "cash:pick:Y6", "cash:done"),
        until=lambda s: s.current_player != READER,
        point=("cash:column:B", "cash:pick:Y8", "cash:pick:Y6", "cash:done"),
        nudge="ここでは青10を1個だけ清算し、黄8と黄6で支払います。",
    ),
    Step(
        say="あなたは補充で袋の最後のカウンターを引きました。ゲームは、この巡（全員が1回ずつ手番を行う"
        "ひと回り）の終わりで終わります。",
        rule="ending",
        shows=("袋: 残り 0 個",),
        holds=_last_drawn_by_reader,
        point=("nr-table",),
    ),
    Step(
        say="手番の順で最後の人は相手なので、相手のこの手番で巡が終わります。",
        rule="ending",
        holds=_last_drawn_by_reader,
        then=("pass",),
    ),
    Step(
        say="相手はパスしました。袋が空で、清算できる列もないときは、パスして手番を回します。"
        "これで2人の手番の回数がそろい、ゲーム終了です。",
        rule="pass",
        holds=lambda s: s.is_over() and "パスした" in _last_line(s),
    ),
    Step(
        say="得点は「清算した数 − 列に残った数」で、手元は数えません。あなたは21−11（青11）で10点、"
        "相手は22−12（緑6・6）で10点です。",
        rule="scoring",
        shows=("プレイヤー1 3個 +21 青（●）11 −11 10", "プレイヤー2 2個 +22"),
        holds=lambda s: s.scores() == [10, 10] and [row["minus"] for row in s.breakdown()] == [11, 12],
        point=("nr-result",),
    ),
    Step(
        say="同点のときは、列に残った数の合計（失点）が小さいほうの勝ちです。失点11のあなたが、12の相手に勝ちました。",
        rule="scoring",
        shows=("−11 10", "−12 10"),
        holds=lambda s: s.winners() == [READER],
        point=("nr-result",),
    ),
)

FIRST_GAME = Tutorial(
    name="first-game",
    title="はじめての1局",
    build=start,
    steps=STEPS,
    learned=(
        ("準備の交換では、要らないカウンターを0〜8個よけて引き直せる。", "setup"),
        ("フェイズ1では1色を、列のいちばん下へ、同じか小さい数の順に並べる。", "placing"),
        ("交換は1〜4個で、どちらのフェイズでもできる。出した個数だけ引いて8個に戻す。", "exchange"),
        ("フェイズ2へは自分の手番の始めに移る。一度移ったら戻れない。", "phase-2"),
        ("清算は1列を下から。手元の1色で、合計以上を払う。", "cashing"),
        ("だれかが袋の最後を引いたら、その巡の終わりでゲーム終了。", "ending"),
        ("得点は清算した数 − 列に残った数。同点なら失点の小さいほうの勝ち。", "scoring"),
    ),
)
TUTORIALS = {FIRST_GAME.name: FIRST_GAME}

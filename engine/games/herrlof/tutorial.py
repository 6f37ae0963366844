"""Herrlof's guided games (engine.tutorial): a short first round for 2 players, then what changes with 3.

はじめての1局: a round of 8 tricks (the other cards lie in the stock), the 20-point short game so
that the round ends the game. The reader deals; プレイヤー2, who leads, has bid; the reader
bids, then the tricks are rigged so that each lesson comes up in order: following, a trump, a
double Valknut (the trump turns), a double Hagalaz (the reader lost with it and leads), then
the reader's own 9, 3, 6 and 1. The reader's 1 on the last trick steals the trick that makes the
bid of 5 exact: 5 + 10 + 5 reaches 20 and wins.

3人で遊ぶとき: a round of 4 tricks; プレイヤー3 deals, the reader leads. Another seat's 9 gives
the lead to its left neighbour, the reader's 1 may steal only from the seat with a trick and the
6 picks one of two seats; then the next round is dealt (11 each, the deal passed to the left).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import State
from engine.games.herrlof.cards import ALL_CARDS
from engine.games.herrlof.rules import HerrlofState
from engine.tutorial import Step, Tutorial

READER, SECOND, THIRD = 0, 1, 2


def _stock(hands: list[list[str]], indicator: str, top: list[str]) -> list[str]:
    """The stock, bottom to top: every card not dealt, `top` last (drawn first)."""
    rest = Counter(ALL_CARDS) - Counter([card for hand in hands for card in hand] + [indicator, *top])
    return sorted(rest.elements(), key=ALL_CARDS.index) + top


# --- what a claim may look at: the reader's view -------------------------------------------------


def _view(state: State) -> dict[str, Any]:
    return state.view(READER)


def _plays(state: State) -> set[str]:
    return {a.removeprefix("play:") for a in state.legal_actions() if a.startswith("play:")}


def _tricks(state: State) -> list[int]:
    return [seat["tricks"] for seat in _view(state)["seats"]]


def _last(state: State) -> tuple[list[list[Any]], int | None]:
    """The last completed trick's cards (seat, card) and who took it (None: destroyed)."""
    last = _view(state)["last_trick"]
    return last["cards"], last["winner"]


def _played(state: State, card: str) -> dict[str, Any]:
    """The reader's view once it plays `card` (not drawing, if it is a 3) and the trick goes on."""
    trial = state.clone()
    trial.apply(f"play:{card}")
    if "three:pass" in trial.legal_actions():
        trial.apply("three:pass")
    return trial.view(READER)


def _bids(count: int) -> set[str]:
    return {f"bid:{n}" for n in range(count + 1)}


def _result(state: State) -> dict[str, Any]:
    return _view(state)["sheet"][-1]


# --- はじめての1局 (2 players) ----------------------------------------------------------------------

HANDS = [["R7", "B8", "V", "H", "Y9", "G3", "G6", "B4"], ["R5", "G2", "V", "H", "Y2", "G8", "G4", "R4"]]
"""プレイヤー2 plays its cards in this order, the reader too (after the 3 the reader keeps the
drawn 黄1 for the last trick and puts 青4 under the stock)."""


def start() -> HerrlofState:
    return HerrlofState.from_position(
        hands=HANDS,
        stock=_stock(HANDS, "G5", ["Y1", "Y5"]),
        indicator=["G5"],
        leader=SECOND,
        bids=[None, 3],
        target=20,
    )


def _destroys(state: State, card: str, *, turns: bool) -> bool:
    after = _played(state, card)
    return after["last_trick"]["winner"] is None and (len(after["indicator"]) == 2) == turns


def _hagalaz_lesson(state: State) -> bool:
    """Two Hagalaz: the leader takes it and the reader, who lost with one, leads. Any other card
    takes it (a lone Hagalaz never wins), and プレイヤー2, who lost with it, leads (after 青4)."""
    both, plain = _played(state, "H"), _played(state, "B4")
    others = [_played(state, card)["last_trick"]["winner"] for card in _plays(state) - {"H"}]
    return (
        (both["last_trick"]["winner"], both["current_player"]) == (SECOND, READER)
        and set(others) == {READER}
        and plain["current_player"] == SECOND
    )


def _bidding(state: State) -> bool:
    return (
        set(state.legal_actions()) == _bids(15)
        and _view(state)["seats"][SECOND]["has_bid"]
        and _view(state)["seats"][SECOND]["bid"] is None
    )


def _red_5_led(state: State) -> bool:
    return _view(state)["trick"] == [[SECOND, "R5"]] and _plays(state) == {"R7", "V", "H"}


def _valknut_led(state: State) -> bool:
    return (
        _view(state)["trick"] == [[SECOND, "V"]]
        and _plays(state) == set(_view(state)["hand"])
        and _destroys(state, "V", turns=True)
        and all(_destroys(state, card, turns=False) for card in _plays(state) - {"V"})
    )


def _trump_turned(state: State) -> bool:
    return (
        _view(state)["indicator"] == ["G5", "Y5"]
        and _view(state)["trump"] == "Y"
        and _last(state)[1] is None
        and _tricks(state) == [1, 1]
        and _view(state)["trick"] == [[SECOND, "H"]]
    )


def _round_over(state: State) -> bool:
    return (
        _result(state)["bids"] == [5, 3]
        and _result(state)["tricks"] == [5, 2]
        and _result(state)["points"] == [20, 2]
    )


FIRST_STEPS = (
    Step(
        say="ヘルロフへようこそ。1人1枚ずつカードを出し、いちばん強いカードを出した人が、"
        "その1組（トリック）を取るゲームです。",
        rule="overview",
        holds=lambda s: s.players == 2 and _view(s)["stage"] == "bid" and s.current_player == READER,
    ),
    Step(
        say="大切なのは、ラウンドの最初に予想した数ぴったりにトリックを取ることです。",
        rule="overview",
        holds=lambda s: _view(s)["stage"] == "bid",
    ),
    Step(
        say="ラウンドごとに、取ったトリックと予想の的中で点を集めます。だれかの合計が目標点に届くか、"
        "10ラウンド目が終わったらゲーム終了です。",
        rule="ending",
        holds=lambda s: _view(s)["round"] == 1,
    ),
    Step(
        say="合計点のいちばん高い人の勝ちです。練習なので、目標点は20点にしてあります（ふつうは50点）。",
        rule="ending",
        holds=lambda s: _view(s)["target"] == 20 and _view(s)["round"] == 1,
    ),
    Step(
        say="山札の一番上を表にして横に置いたカードが、切り札表示です。その色が切り札"
        "（ほかの色より強い色）で、いまは緑■です。",
        rule="setup",
        shows=("切り札 緑■",),
        holds=lambda s: _view(s)["indicator"] == ["G5"] and _view(s)["trump"] == "G",
        point=("hl-indicator",),
    ),
    Step(
        say="表示がヴァルクヌートかハガラズ（色のない特殊なカード）なら、切り札なしです。"
        "練習用に、手札は8枚ずつ（ふつうは15枚）です。",
        rule="setup",
        holds=lambda s: len(_view(s)["hand"]) == 8 and _view(s)["seats"][SECOND]["hand_count"] == 8,
    ),
    Step(
        say="このラウンドのディーラーはあなたです。最初のトリックは、ディーラーでないプレイヤー2が"
        "リード（最初の1枚を出すこと）します。",
        rule="setup",
        holds=lambda s: _view(s)["dealer"] == READER and _view(s)["leader"] == SECOND,
    ),
    Step(
        say="最初のトリックの前に、取れそうなトリックの数を予想します。選べるのは、ふつうの手札15枚に"
        "合わせた0〜15です。卓では2人が同時に伏せて書きます。",
        rule="bidding",
        holds=_bidding,
    ),
    Step(
        say="この練習では5トリックを目指します。「5」を押しましょう。",
        rule="bidding",
        holds=_bidding,
        play=("bid:5",),
        then=("play:R5",),
        point=("bid:5",),
        nudge="ほかの数も書けますが、この練習は5トリックを目指して進みます。「5」を押してください。",
    ),
    Step(
        say="プレイヤー2が赤5をリードしました。リードの色を持っていれば、その色を出さなければなりません"
        "（マストフォロー）。",
        rule="follow",
        holds=_red_5_led,
        point=("hl-trick-0",),
    ),
    Step(
        say="出せるのは赤7と、いつでも出せる色のないカード、ヴァルクヌートとハガラズです。赤7を押しましょう。",
        rule="follow",
        holds=_red_5_led,
        play=("play:R7",),
        point=("play:R7",),
        nudge="ヴァルクヌートとハガラズもいつでも出せますが、このあとで使います。ここは赤7を出しましょう。",
    ),
    Step(
        say="赤7が赤5より大きく、あなたが取りました。取った人が次をリードし、リードはどのカードでも"
        "かまいません。青8を押しましょう。",
        rule="next-leader",
        holds=lambda s: _last(s)[1] == READER and _tricks(s) == [1, 0] and _plays(s) == set(_view(s)["hand"]),
        play=("play:B8",),
        then=("play:G2", "play:V"),
        point=("play:B8", "hl-last"),
        nudge="どのカードもリードできますが、この練習では青8をリードします。",
    ),
    Step(
        say="青のないプレイヤー2は、切り札の緑2を出しました。切り札はリードの色より強く、緑2の勝ちです。"
        "取ったプレイヤー2が次をリードします。",
        rule="trick-winner",
        holds=lambda s: (
            _last(s) == ([[READER, "B8"], [SECOND, "G2"]], SECOND) and _view(s)["trick"] == [[SECOND, "V"]]
        ),
        point=("hl-last",),
    ),
    Step(
        say="プレイヤー2がヴァルクヌートをリードしました。ヴァルクヌートが入ったトリックは破壊され、"
        "だれのものにもなりません。",
        rule="valknut",
        holds=_valknut_led,
        point=("hl-trick-0",),
    ),
    Step(
        say="色のないカードのリードなので、何を出してもかまいません。ヴァルクヌートを押して、重ねてみましょう。",
        rule="valknut",
        holds=_valknut_led,
        play=("play:V",),
        then=("play:H",),
        point=("play:V", "hl-trick-0"),
        nudge="どのカードを出しても、このトリックは破壊されます。この練習では、2枚目のヴァルクヌートを出してみます。",
    ),
    Step(
        say="2枚目のヴァルクヌートが出たので、山札の一番上の黄5が切り札表示に重なりました。"
        "次のトリックから、切り札は黄✚です。",
        rule="second-valknut",
        shows=("切り札 黄✚",),
        holds=_trump_turned,
        point=("hl-indicator",),
    ),
    Step(
        say="破壊のあとは、同じプレイヤー2がもう一度リードします。破壊されたトリックの分、"
        "このラウンドで取れるトリックの数は減ります。",
        rule="valknut",
        holds=_trump_turned,
    ),
    Step(
        say="プレイヤー2がハガラズをリードしました。ハガラズは1枚では勝てませんが、2枚になるとリードした人が"
        "勝ちます。ハガラズを押してみましょう。",
        rule="hagalaz",
        holds=lambda s: _view(s)["trick"] == [[SECOND, "H"]] and "H" in _plays(s) and _hagalaz_lesson(s),
        play=("play:H",),
        point=("play:H", "hl-trick-0"),
        nudge="ほかのカードならあなたが勝ちます。この練習では、ハガラズが2枚になるとどうなるかを見ます。",
    ),
    Step(
        say="2枚なので、リードしたプレイヤー2が取りました。そしてハガラズを出して負けた人が次をリードします。"
        "あなたは負けて、リードを得たのです。",
        rule="hagalaz",
        holds=lambda s: _last(s)[1] == SECOND and _tricks(s) == [1, 2] and s.current_player == READER,
        point=("hl-last",),
    ),
    Step(
        say="数字の1・3・6・9には、色に関係なく効果があります。3は出したとき、1と6は勝ったときに"
        "使うかどうかを選べます。9は勝てば必ず効きます。",
        rule="special-numbers",
        holds=lambda s: _view(s)["hand"] == ["B4", "G3", "G6", "Y9"] and s.current_player == READER,
    ),
    Step(
        say="黄9をリードしましょう。黄はいまの切り札で、9は最も大きい数字です。"
        "ただし9で勝つと、次のリードは必ず相手に渡ります。",
        rule="card-9",
        holds=lambda s: _view(s)["trump"] == "Y" and s.current_player == READER and "Y9" in _plays(s),
        play=("play:Y9",),
        then=("play:Y2", "play:G8"),
        point=("play:Y9",),
        nudge="この練習では、9の効果を見るために黄9をリードします。",
    ),
    Step(
        say="黄9で勝ち、取ったトリックは2つになりました。でも9の効果で、次のトリックはプレイヤー2がリードしました。",
        rule="card-9",
        shows=("取ったトリック 2",),
        holds=lambda s: (
            _last(s)[1] == READER and _tricks(s) == [2, 2] and _view(s)["trick"] == [[SECOND, "G8"]]
        ),
        point=("hl-last",),
    ),
    Step(
        say="プレイヤー2が緑8をリードしました。出せるのは緑3か緑6です。3は出したときに、"
        "山札の一番上を1枚引けます。緑3を押しましょう。",
        rule="card-3",
        holds=lambda s: _view(s)["trick"] == [[SECOND, "G8"]] and _plays(s) == {"G3", "G6"},
        play=("play:G3",),
        point=("play:G3",),
        nudge="緑6も出せますが、緑6はあとで使います。ここは緑3で3の効果を試しましょう。",
    ),
    Step(
        say="引いたら手札の1枚を山札の一番下に伏せて入れるので、枚数は変わりません。"
        "「山札から1枚引く」を押しましょう。",
        rule="card-3",
        holds=lambda s: sorted(s.legal_actions()) == ["three:draw", "three:pass"],
        play=("three:draw",),
        point=("three:draw", "hl-stock"),
        nudge="引かないこともできますが、この練習では「山札から1枚引く」を押してみます。",
    ),
    Step(
        say="引いたのは黄1です。山札の下に入れる1枚は、引いたカードでもかまいません。"
        "黄1と緑6はこのあと使うので、青4を押しましょう。",
        rule="card-3",
        holds=lambda s: (
            _view(s)["mine"]["drawn"] == "Y1" and set(s.legal_actions()) == {"bury:B4", "bury:G6", "bury:Y1"}
        ),
        play=("bury:B4",),
        then=("play:G4",),
        point=("bury:B4",),
        nudge="黄1と緑6はこのあと使います。青4を山札の下に入れましょう。",
    ),
    Step(
        say="山札の下に入れた青4は、あなたにしか分かりません（あなたの場にメモとして出ます）。"
        "相手には見えないカードです。",
        rule="visibility",
        holds=lambda s: _view(s)["mine"]["under"] == ["B4"] and _view(s)["under"] == 1,
    ),
    Step(
        say="緑3は緑8に負け、プレイヤー2が取って緑4をリードしました。6は勝つと効果を使えます。"
        "緑6を押しましょう。",
        rule="card-6",
        holds=lambda s: (
            _last(s)[1] == SECOND and _view(s)["trick"] == [[SECOND, "G4"]] and _plays(s) == {"G6"}
        ),
        play=("play:G6",),
        point=("play:G6",),
    ),
    Step(
        say="緑6で勝ちました。6の効果で、相手の手札から中を見ずに1枚取り、かわりに1枚を渡せます。"
        "「プレイヤー2から取る」を押しましょう。",
        rule="card-6",
        holds=lambda s: (
            sorted(s.legal_actions()) == ["six:pass", "six:take:1"]
            and _tricks(s) == [3, 3]
            and _view(s)["seats"][SECOND]["hand_count"] == 1
        ),
        play=("six:take:1",),
        point=("six:take:1",),
        nudge="取らないこともできますが、この練習では「プレイヤー2から取る」を押してみます。",
    ),
    Step(
        say="プレイヤー2の最後の1枚、赤4を取りました。黄1は最後に使うので、赤4を押して渡しましょう。"
        "このやり取りは2人にしか分かりません。",
        rule="card-6",
        holds=lambda s: (
            _view(s)["mine"]["taken"] == "R4" and set(s.legal_actions()) == {"give:R4", "give:Y1"}
        ),
        play=("give:R4",),
        point=("give:R4",),
        nudge="黄1を渡すと、最後のトリックで1の効果を使えません。赤4を渡しましょう。",
    ),
    Step(
        say="最後のトリックです。プレイヤー2の手札は赤4だけ。切り札でもリードの色でもないカードは"
        "勝てないので、黄1を押せば勝てます。",
        rule="card-1",
        holds=lambda s: (
            _view(s)["mine"]["exchanges"]
            == [{"taker": READER, "victim": SECOND, "taken": "R4", "given": "R4"}]
            and _view(s)["seats"][SECOND]["hand_count"] == 1
            and _plays(s) == {"Y1"}
        ),
        play=("play:Y1",),
        then=("play:R4",),
        point=("play:Y1",),
    ),
    Step(
        say="黄1で勝ちました。1で勝つと、相手がすでに取ったトリックを1つ奪えます。"
        "「プレイヤー2から奪う」を押しましょう。",
        rule="card-1",
        holds=lambda s: sorted(s.legal_actions()) == ["one:pass", "one:steal:1"] and _tricks(s) == [4, 3],
        play=("one:steal:1",),
        point=("one:steal:1",),
        nudge="奪わないこともできますが、この練習では「プレイヤー2から奪う」を押してみます。",
    ),
    Step(
        say="予想が公開されました。あなたは予想5で5トリック。1トリック1点の5点、的中の10点、"
        "3〜5トリックの5点で20点です。",
        rule="scoring",
        shows=("予想5・5トリック", "= 20点"),
        holds=_round_over,
    ),
    Step(
        say="プレイヤー2は予想3で2トリックだったので、取ったトリックの2点だけです。",
        rule="scoring",
        shows=("予想3・2トリック", "= 2点"),
        holds=_round_over,
    ),
    Step(
        say="あなたの合計が目標点の20点に届いたので、このラウンドでゲームが終わりました。合計点の高いあなたの勝ちです。",
        rule="ending",
        holds=lambda s: s.is_over() and s.winners() == [READER] and s.scores() == [20, 2],
    ),
    Step(
        say="最後にこつを1つ。取りすぎそうならヴァルクヌートで破壊し、リードがほしければハガラズで負ける。"
        "特殊なカードで数を合わせましょう。",
        rule="overview",
        holds=lambda s: s.is_over(),
    ),
)

FIRST_GAME = Tutorial(
    name="first-game",
    title="はじめての1局",
    build=start,
    steps=FIRST_STEPS,
    learned=(
        ("予想は最初のトリックの前に伏せて書く。ぴったり当たれば10点。", "bidding"),
        ("リードの色を持っていれば出す。切り札が最も強く、次にリードの色の大きい数字。", "trick-winner"),
        ("ヴァルクヌートはトリックを破壊し、2枚目が出ると切り札が変わる。", "valknut"),
        ("ハガラズは1枚では勝てず、負けた人が次をリード。2枚ならリードした人の勝ち。", "hagalaz"),
        ("1は奪う、3は引いて1枚を山札の下へ、6は取って1枚を渡す、9はリードを相手へ。", "special-numbers"),
        ("得点は1トリック1点、予想的中で10点、3〜5トリックで5点。", "scoring"),
    ),
)


# --- 3人で遊ぶとき -----------------------------------------------------------------------------------

THREE_HANDS = [["R4", "B1", "B6", "R8"], ["R9", "Y2", "B4", "G2"], ["R2", "Y6", "G7", "Y9"]]


def start_three() -> HerrlofState:
    return HerrlofState.from_position(
        hands=THREE_HANDS,
        stock=_stock(THREE_HANDS, "B5", []),
        indicator=["B5"],
        leader=READER,
        bids=[None, None, None],
    )


def _yellow_6_led(state: State) -> bool:
    return _view(state)["trick"] == [[THIRD, "Y6"]] and _plays(state) == {"B1", "B6", "R8"}


THREE_STEPS = (
    Step(
        say="3人で遊ぶときに変わるところを、短いラウンドで確かめます。3人では、ふつうは手札を"
        "11枚ずつ配ります。",
        rule="setup",
        holds=lambda s: s.players == 3 and _view(s)["stage"] == "bid",
    ),
    Step(
        say="練習用に、このラウンドの手札は4枚ずつにしてあります（山札が多いのはそのためです）。"
        "切り札は青●です。",
        rule="setup",
        shows=("手札 4枚", "切り札 青●"),
        holds=lambda s: len(_view(s)["hand"]) == 4 and _view(s)["trump"] == "B",
        point=("hl-indicator",),
    ),
    Step(
        say="予想できる数は、ふつうの手札11枚に合わせて0〜11です。卓では全員が同時に、こっそり書きます。"
        "この練習では「4」を押しましょう。",
        rule="bidding",
        holds=lambda s: set(s.legal_actions()) == _bids(11),
        play=("bid:4",),
        then=("bid:1", "bid:0"),
        point=("bid:4",),
        nudge="ほかの数も書けますが、この練習は4トリックを目指して進みます。「4」を押してください。",
    ),
    Step(
        say="ディーラーはプレイヤー3で、その左隣のあなたが最初にリードします。3人では左隣へ順に"
        "1枚ずつ出します。赤4を押しましょう。",
        rule="follow",
        holds=lambda s: _view(s)["dealer"] == THIRD and _view(s)["leader"] == READER and "R4" in _plays(s),
        play=("play:R4",),
        then=("play:R9", "play:R2", "play:Y6"),
        point=("play:R4",),
        nudge="どのカードもリードできますが、この練習では赤4をリードします。",
    ),
    Step(
        say="プレイヤー2が赤9で勝ち、左隣のプレイヤー3がリードしました。3人のとき、9のリードは左隣へ"
        "渡ります（ハガラズで負けた人がいればその人が先）。",
        rule="card-9",
        holds=lambda s: (
            _last(s)[1] == SECOND and _tricks(s) == [0, 1, 0] and _view(s)["trick"] == [[THIRD, "Y6"]]
        ),
        point=("hl-last",),
    ),
    Step(
        say="3人だけの決まりを1つ。2番目の人がヴァルクヌートかハガラズを出しても、3番目の人は、"
        "リードの色を持っていればその色を出します。",
        rule="follow",
        holds=_yellow_6_led,
    ),
    Step(
        say="あなたは黄を持っていないので、何を出してもかまいません。切り札の青1を押しましょう。"
        "勝てば1の効果を使えます。",
        rule="card-1",
        holds=_yellow_6_led,
        play=("play:B1",),
        then=("play:Y2",),
        point=("play:B1",),
        nudge="この練習では、1の効果を使うために青1を出します。",
    ),
    Step(
        say="青1で勝ちました。3人では、1で奪う相手をトリックを持っている人から選びます。"
        "いまはプレイヤー2だけ。「プレイヤー2から奪う」を押しましょう。",
        rule="special-numbers",
        holds=lambda s: sorted(s.legal_actions()) == ["one:pass", "one:steal:1"] and _tricks(s) == [1, 1, 0],
        play=("one:steal:1",),
        point=("one:steal:1",),
        nudge="奪わないこともできますが、この練習では「プレイヤー2から奪う」を押してみます。",
    ),
    Step(
        say="あなたのリードです。切り札の青6を押して、リードしましょう。",
        rule="card-6",
        holds=lambda s: _tricks(s) == [2, 0, 0] and s.current_player == READER and _plays(s) == {"B6", "R8"},
        play=("play:B6",),
        then=("play:B4", "play:G7"),
        point=("play:B6",),
        nudge="赤8もリードできますが、この練習では6の効果を使うために青6をリードします。",
    ),
    Step(
        say="青6で勝ちました。6の効果も、手札のある相手から1人を選びます。2人とも1枚ずつ持っています。"
        "「プレイヤー3から取る」を押しましょう。",
        rule="card-6",
        holds=lambda s: (
            sorted(s.legal_actions()) == ["six:pass", "six:take:1", "six:take:2"]
            and [seat["hand_count"] for seat in _view(s)["seats"]] == [1, 1, 1]
        ),
        play=("six:take:2",),
        point=("six:take:2",),
        nudge="プレイヤー2から取ることも、取らないこともできますが、この練習ではプレイヤー3から取ります。",
    ),
    Step(
        say="プレイヤー3の最後の1枚、黄9を取りました。かわりに1枚を渡します。赤8を押して渡しましょう。",
        rule="card-6",
        holds=lambda s: (
            _view(s)["mine"]["taken"] == "Y9" and set(s.legal_actions()) == {"give:R8", "give:Y9"}
        ),
        play=("give:R8",),
        point=("give:R8",),
        nudge="黄9を渡すこともできますが、この練習では赤8を渡します。",
    ),
    Step(
        say="最後のトリックです。黄9を押して、リードしましょう。",
        rule="follow",
        holds=lambda s: _plays(s) == {"Y9"} and _tricks(s) == [3, 0, 0],
        play=("play:Y9",),
        then=("play:G2", "play:R8"),
        point=("play:Y9",),
    ),
    Step(
        say="ラウンド1が終わり、「ラウンド1の結果」で予想が公開されました。得点のしかたは2人と同じで、"
        "あなたは4＋10＋5＝19点です。",
        rule="scoring",
        shows=("ラウンド1の結果（予想を公開）", "予想4・4トリック", "= 19点"),
        holds=lambda s: _result(s)["bids"] == [4, 1, 0] and _result(s)["points"][READER] == 19,
        point=("hl-round-result",),
    ),
    Step(
        say="0と予想して1つも取らなかったプレイヤー3にも、予想的中の10点が入ります。",
        rule="scoring",
        shows=("予想0・0トリック", "予想的中10 = 10点"),
        holds=lambda s: (
            _result(s)["bids"] == [4, 1, 0]
            and _result(s)["tricks"] == [4, 0, 0]
            and _result(s)["points"] == [19, 0, 10]
        ),
        point=("hl-round-result",),
    ),
    Step(
        say="次のラウンドが配られました。ディーラーは左隣のあなたに移り、その左隣のプレイヤー2が"
        "最初にリードします。手札は11枚、山札は8枚です。",
        rule="setup",
        shows=("伏せたカード 8枚", "手札 11枚"),
        holds=lambda s: (
            _view(s)["round"] == 2
            and (_view(s)["dealer"], _view(s)["leader"]) == (READER, SECOND)
            and len(_view(s)["hand"]) == 11
            and _view(s)["stock"] == 8
        ),
        point=("hl-stock",),
    ),
    Step(
        say="3人の目標点は、原作がすすめる40点です。だれかが40点に届いたラウンドか、10ラウンド目のあとで終わります。",
        rule="ending",
        holds=lambda s: _view(s)["target"] == 40 and not s.is_over(),
    ),
)

THREE_PLAYERS = Tutorial(
    name="three-players",
    title="3人で遊ぶとき",
    build=start_three,
    steps=THREE_STEPS,
    learned=(
        ("3人では手札11枚、伏せた山札8枚、予想は0〜11。", "setup"),
        ("9で勝つと、次は勝った人の左隣がリード。", "card-9"),
        ("1と6の効果は、効果を使える相手の中から1人を選ぶ。", "special-numbers"),
        ("ディーラーは毎ラウンド左隣へ移り、目標点は40点。", "ending"),
    ),
)

TUTORIALS = {FIRST_GAME.name: FIRST_GAME, THREE_PLAYERS.name: THREE_PLAYERS}

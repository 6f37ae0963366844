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


FIRST_STEPS = (
    Step(
        say="ヘルロフへようこそ。1人1枚ずつカードを出し合い、いちばん強いカードを出した人がその1組（トリック）を"
        "取るゲームです。大切なのは、最初に予想した数ぴったりにトリックを取ることです。",
        rule="overview",
        holds=lambda s: s.players == 2 and _view(s)["stage"] == "bid" and s.current_player == READER,
    ),
    Step(
        say="ラウンドごとに、取ったトリックと予想の的中で点を集めます。だれかの合計が目標点に届いたら終わりで、"
        "合計点のいちばん高い人の勝ちです。練習なので、目標点は20点にしてあります（ふつうは50点）。",
        rule="ending",
        holds=lambda s: _view(s)["target"] == 20 and _view(s)["round"] == 1,
    ),
    Step(
        say="山札の一番上を表にして横に置いたカードが切り札表示で、その色がこのラウンドの切り札（ほかの色より強い色）"
        "です。いまは緑■です。練習用に、手札は8枚ずつ（ふつうは15枚）にして、残りは山札にしてあります。",
        rule="setup",
        holds=lambda s: (
            _view(s)["indicator"] == ["G5"] and _view(s)["trump"] == "G" and len(_view(s)["hand"]) == 8
        ),
        point=("hl-indicator",),
    ),
    Step(
        say="最初のトリックの前に、このラウンドで取れそうなトリックの数を0〜15で予想します。予想は本人にしか見えず、"
        "プレイヤー2ももう伏せて書きました。この練習では5と書きましょう。",
        rule="bidding",
        holds=lambda s: (
            set(s.legal_actions()) == _bids(15)
            and _view(s)["seats"][SECOND]["has_bid"]
            and _view(s)["seats"][SECOND]["bid"] is None
        ),
        play=("bid:5",),
        then=("play:R5",),
        point=("bid:5",),
        nudge="ほかの数も書けますが、この練習は5トリックを目指して進みます。5を選んでください。",
    ),
    Step(
        say="プレイヤー2が赤5をリードしました（トリックの最初の1枚）。リードの色を持っていれば、その色を"
        "出さなければなりません（マストフォロー）。出せるのは赤7と、いつでも出せる色のないカード、"
        "ヴァルクヌートとハガラズです。赤7を出しましょう。",
        rule="follow",
        holds=lambda s: _view(s)["trick"] == [[SECOND, "R5"]] and _plays(s) == {"R7", "V", "H"},
        play=("play:R7",),
        point=("play:R7",),
        nudge="ヴァルクヌートとハガラズもいつでも出せますが、このあとで使います。ここは赤7を出しましょう。",
    ),
    Step(
        say="赤7は赤5より大きいので、あなたがトリックを取りました。取った人が次のトリックをリードします。"
        "リードでは、手札のどのカードを出してもかまいません。青8をリードしましょう。",
        rule="next-leader",
        holds=lambda s: _last(s)[1] == READER and _tricks(s) == [1, 0] and _plays(s) == set(_view(s)["hand"]),
        play=("play:B8",),
        then=("play:G2", "play:V"),
        point=("play:B8", "hl-last"),
        nudge="どのカードもリードできますが、この練習では青8をリードします。",
    ),
    Step(
        say="青を持っていなかったプレイヤー2は、切り札の緑2を出しました。切り札は、リードの色のカードより強いカードです。"
        "緑2の勝ちで、取ったプレイヤー2が次のトリックをリードしました。",
        rule="trick-winner",
        holds=lambda s: (
            _last(s) == ([[READER, "B8"], [SECOND, "G2"]], SECOND) and _view(s)["trick"] == [[SECOND, "V"]]
        ),
        point=("hl-last",),
    ),
    Step(
        say="プレイヤー2がヴァルクヌートをリードしました。ヴァルクヌートが入ったトリックは破壊され、だれのものにもなりません。"
        "色のないカードのリードなので何を出してもかまいませんが、ヴァルクヌートを重ねてみましょう。",
        rule="valknut",
        holds=lambda s: (
            _view(s)["trick"] == [[SECOND, "V"]]
            and _plays(s) == set(_view(s)["hand"])
            and _destroys(s, "V", turns=True)
            and all(_destroys(s, card, turns=False) for card in _plays(s) - {"V"})
        ),
        play=("play:V",),
        then=("play:H",),
        point=("play:V", "hl-trick-0"),
        nudge="どのカードを出しても、このトリックは破壊されます。この練習では、2枚目のヴァルクヌートを出してみます。",
    ),
    Step(
        say="2枚目のヴァルクヌートが出たので、山札の一番上の黄5が表になり、切り札表示に重なりました。"
        "次のトリックから切り札は黄✚です。破壊のあとは、同じプレイヤー2がもう一度リードしました。",
        rule="second-valknut",
        holds=lambda s: (
            _view(s)["indicator"] == ["G5", "Y5"]
            and _view(s)["trump"] == "Y"
            and _last(s)[1] is None
            and _tricks(s) == [1, 1]
            and _view(s)["trick"] == [[SECOND, "H"]]
        ),
        point=("hl-indicator",),
    ),
    Step(
        say="プレイヤー2がハガラズをリードしました。ハガラズは1枚だけでは勝てないので、ほかのカードを出せばあなたの勝ちです。"
        "でもハガラズが2枚になると、リードした人が勝ちます。ハガラズを出してみましょう。",
        rule="hagalaz",
        holds=lambda s: _view(s)["trick"] == [[SECOND, "H"]] and "H" in _plays(s) and _hagalaz_lesson(s),
        play=("play:H",),
        point=("play:H", "hl-trick-0"),
        nudge="ほかのカードならあなたが勝ちます。この練習では、ハガラズが2枚になるとどうなるかを見ます。",
    ),
    Step(
        say="ハガラズが2枚なので、リードしたプレイヤー2がトリックを取りました。そして、ハガラズを出して負けた人が"
        "次のトリックをリードします。あなたは負けて、次のリードを手に入れたのです。",
        rule="hagalaz",
        holds=lambda s: _last(s)[1] == SECOND and _tricks(s) == [1, 2] and s.current_player == READER,
        point=("hl-last",),
    ),
    Step(
        say="数字の1・3・6・9には、色に関係なく効果があります。1・6・9はそのカードでトリックに勝ったとき、"
        "3は出したときに使えます。ここからは、この4つを順に使ってみます。",
        rule="special-numbers",
        holds=lambda s: _view(s)["hand"] == ["B4", "G3", "G6", "Y9"] and s.current_player == READER,
    ),
    Step(
        say="黄9をリードしましょう。黄はいまの切り札で、9は最も大きい数字です。ただし9で勝つと、トリックは"
        "自分のものになりますが、次のリードは相手に渡ります。",
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
        holds=lambda s: (
            _last(s)[1] == READER and _tricks(s) == [2, 2] and _view(s)["trick"] == [[SECOND, "G8"]]
        ),
        point=("hl-last",),
    ),
    Step(
        say="プレイヤー2が緑8をリードしました。出せるのは緑3か緑6です。3は出したときに効果があり、"
        "山札の一番上を1枚引けます。緑3を出しましょう。",
        rule="card-3",
        holds=lambda s: _view(s)["trick"] == [[SECOND, "G8"]] and _plays(s) == {"G3", "G6"},
        play=("play:G3",),
        point=("play:G3",),
        nudge="緑6も出せますが、緑6はあとで使います。ここは緑3で3の効果を試しましょう。",
    ),
    Step(
        say="引くかどうかは選べます。引いたら、手札の1枚を山札の一番下に伏せて入れるので、手札の枚数は変わりません。"
        "引いてみましょう。",
        rule="card-3",
        holds=lambda s: sorted(s.legal_actions()) == ["three:draw", "three:pass"],
        play=("three:draw",),
        point=("three:draw", "hl-stock"),
        nudge="引かないこともできますが、この練習では引いてみます。",
    ),
    Step(
        say="引いたのは黄1です。山札の下に入れる1枚は、引いたカードでも、もとの手札でもかまいません。"
        "黄1と緑6はこのあと使うので、青4を入れましょう。",
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
        "相手の手札や予想の数と同じく、相手には見えないカードです。",
        rule="visibility",
        holds=lambda s: _view(s)["mine"]["under"] == ["B4"] and _view(s)["under"] == 1,
    ),
    Step(
        say="緑3は緑8に負け、プレイヤー2がトリックを取って、緑4をリードしました。緑6を出しましょう。"
        "6でトリックに勝つと、効果を使えます。",
        rule="card-6",
        holds=lambda s: (
            _last(s)[1] == SECOND and _view(s)["trick"] == [[SECOND, "G4"]] and _plays(s) == {"G6"}
        ),
        play=("play:G6",),
        point=("play:G6",),
    ),
    Step(
        say="緑6で勝ちました。6の効果で、プレイヤー2の手札から、中を見ずに1枚を取れます。"
        "取ったら、かわりに手札の1枚を渡します。取ってみましょう。",
        rule="card-6",
        holds=lambda s: (
            sorted(s.legal_actions()) == ["six:pass", "six:take:1"]
            and _tricks(s) == [3, 3]
            and _view(s)["seats"][SECOND]["hand_count"] == 1
        ),
        play=("six:take:1",),
        point=("six:take:1",),
        nudge="取らないこともできますが、この練習では取ってみます。",
    ),
    Step(
        say="プレイヤー2の手札は1枚だけだったので、その赤4を取りました。渡す1枚は、取ったカードでもかまいません。"
        "黄1は最後のトリックで使うので、赤4を渡しましょう。やり取りしたカードは、2人にしか分かりません。",
        rule="card-6",
        holds=lambda s: (
            _view(s)["mine"]["taken"] == "R4" and set(s.legal_actions()) == {"give:R4", "give:Y1"}
        ),
        play=("give:R4",),
        point=("give:R4",),
        nudge="黄1を渡すと、最後のトリックで1の効果を使えません。赤4を渡しましょう。",
    ),
    Step(
        say="最後のトリックです。プレイヤー2の手札は、あなたが渡した赤4だけです。"
        "1は最も小さい数字ですが、赤4は黄ではないので、黄1をリードすれば勝てます。",
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
        say="黄1で勝ちました。1で勝つと、相手がすでに取っているトリックを1つ奪えます。"
        "プレイヤー2から1つ奪いましょう。",
        rule="card-1",
        holds=lambda s: sorted(s.legal_actions()) == ["one:pass", "one:steal:1"] and _tricks(s) == [4, 3],
        play=("one:steal:1",),
        point=("one:steal:1",),
        nudge="奪わないこともできますが、この練習では奪ってみます。",
    ),
    Step(
        say="手札がなくなり、予想が公開されました。あなたは予想5で5トリック。1トリック1点の5点、予想的中の10点、"
        "3〜5トリックの5点で20点です。プレイヤー2は予想3で2トリック、2点です。",
        rule="scoring",
        holds=lambda s: (
            _result(s)["bids"] == [5, 3]
            and _result(s)["tricks"] == [5, 2]
            and _result(s)["points"] == [20, 2]
        ),
    ),
    Step(
        say="あなたの合計が目標点の20点に届いたので、このラウンドでゲームが終わりました。合計点の高いあなたの勝ちです。",
        rule="ending",
        holds=lambda s: s.is_over() and s.winners() == [READER] and s.scores() == [20, 2],
    ),
    Step(
        say="最後にこつを1つ。大事なのは予想ぴったりに取ることです。取りすぎそうならヴァルクヌートで破壊し、"
        "リードがほしければハガラズでわざと負ける、というように、特殊なカードで数を合わせましょう。",
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


THREE_STEPS = (
    Step(
        say="3人で遊ぶときに変わるところを、短いラウンドで確かめます。3人では手札が11枚ずつ、伏せた山札は8枚です。"
        "練習用に、手札は4枚ずつにしてあります。切り札は青●です。",
        rule="setup",
        holds=lambda s: s.players == 3 and len(_view(s)["hand"]) == 4 and _view(s)["trump"] == "B",
        point=("hl-indicator",),
    ),
    Step(
        say="予想できる数は、3人のときの手札の枚数に合わせて0〜11です。最初にリードするあなたから順に書きます。"
        "この練習では4と書きましょう。",
        rule="bidding",
        holds=lambda s: set(s.legal_actions()) == _bids(11),
        play=("bid:4",),
        then=("bid:1", "bid:0"),
        point=("bid:4",),
        nudge="ほかの数も書けますが、この練習は4トリックを目指して進みます。4を選んでください。",
    ),
    Step(
        say="ディーラーはプレイヤー3で、その左隣のあなたが最初にリードします。3人では、左隣へ順に、"
        "プレイヤー2、プレイヤー3と1枚ずつ出します。赤4をリードしましょう。",
        rule="follow",
        holds=lambda s: _view(s)["dealer"] == THIRD and _view(s)["leader"] == READER and "R4" in _plays(s),
        play=("play:R4",),
        then=("play:R9", "play:R2", "play:Y6"),
        point=("play:R4",),
        nudge="どのカードもリードできますが、この練習では赤4をリードします。",
    ),
    Step(
        say="プレイヤー2が赤9で勝ちました。9で勝った人は次のリードを渡しますが、3人のときに渡す先は左隣です。"
        "プレイヤー2の左隣のプレイヤー3が、次のトリックをリードしました。",
        rule="card-9",
        holds=lambda s: (
            _last(s)[1] == SECOND and _tricks(s) == [0, 1, 0] and _view(s)["trick"] == [[THIRD, "Y6"]]
        ),
        point=("hl-last",),
    ),
    Step(
        say="黄を持っていないので、何を出してもかまいません。切り札の青1を出しましょう。勝てば1の効果を使えます。",
        rule="card-1",
        holds=lambda s: _view(s)["trick"] == [[THIRD, "Y6"]] and _plays(s) == {"B1", "B6", "R8"},
        play=("play:B1",),
        then=("play:Y2",),
        point=("play:B1",),
        nudge="この練習では、1の効果を使うために青1を出します。",
    ),
    Step(
        say="青1で勝ちました。3人では、1の効果で奪う相手を、トリックを持っている人の中から選びます。"
        "いまトリックがあるのはプレイヤー2だけなので、プレイヤー2から奪いましょう。",
        rule="special-numbers",
        holds=lambda s: sorted(s.legal_actions()) == ["one:pass", "one:steal:1"] and _tricks(s) == [1, 1, 0],
        play=("one:steal:1",),
        point=("one:steal:1",),
        nudge="奪わないこともできますが、この練習では奪ってみます。",
    ),
    Step(
        say="あなたのリードです。切り札の青6をリードしましょう。",
        rule="card-6",
        holds=lambda s: _tricks(s) == [2, 0, 0] and s.current_player == READER and _plays(s) == {"B6", "R8"},
        play=("play:B6",),
        then=("play:B4", "play:G7"),
        point=("play:B6",),
        nudge="赤8もリードできますが、この練習では6の効果を使うために青6をリードします。",
    ),
    Step(
        say="青6で勝ちました。6の効果も、手札のある相手から1人を選んで使います。プレイヤー2もプレイヤー3も"
        "1枚ずつ持っています。プレイヤー3から取りましょう。",
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
        say="プレイヤー3の手札は1枚だけだったので、その黄9を取りました。かわりに1枚をプレイヤー3に渡します。"
        "赤8を渡しましょう。",
        rule="card-6",
        holds=lambda s: (
            _view(s)["mine"]["taken"] == "Y9" and set(s.legal_actions()) == {"give:R8", "give:Y9"}
        ),
        play=("give:R8",),
        point=("give:R8",),
        nudge="黄9を渡すこともできますが、この練習では赤8を渡します。",
    ),
    Step(
        say="最後のトリックです。黄9をリードしましょう。",
        rule="follow",
        holds=lambda s: _plays(s) == {"Y9"} and _tricks(s) == [3, 0, 0],
        play=("play:Y9",),
        then=("play:G2", "play:R8"),
        point=("play:Y9",),
    ),
    Step(
        say="ラウンドが終わり、予想が公開されました。得点のしかたは2人と同じで、"
        "あなたは4 + 10 + 5 = 19点です。"
        "0と予想して1つも取らなかったプレイヤー3にも、予想的中の10点が入ります。",
        rule="scoring",
        holds=lambda s: (
            _result(s)["bids"] == [4, 1, 0]
            and _result(s)["tricks"] == [4, 0, 0]
            and _result(s)["points"] == [19, 0, 10]
        ),
    ),
    Step(
        say="次のラウンドが配られました。ディーラーは左隣のあなたに移り、その左隣のプレイヤー2が最初にリードします。"
        "手札は11枚ずつ、山札は8枚です。",
        rule="setup",
        holds=lambda s: (
            _view(s)["round"] == 2
            and (_view(s)["dealer"], _view(s)["leader"]) == (READER, SECOND)
            and len(_view(s)["hand"]) == 11
            and _view(s)["stock"] == 8
        ),
        point=("hl-stock",),
    ),
    Step(
        say="3人のときの目標点は、原作がすすめる40点です。だれかの合計が40点に届いたラウンドで、ゲームが終わります。",
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

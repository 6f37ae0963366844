"""The Bottle Imp's guided games (engine.tutorial): a whole first hand for 3 players, and the
first trick of a 2-player hand.

3 players (「はじめての1局」): the reader is プレイヤー1, left of the dealer, so it passes and leads
first. The deal is rigged so that each lesson comes up in order: the passes; a first trick where
two cards go under the price (the higher one takes the bottle); following suit where nothing goes
under (the highest card wins, the bottle stays); the reader forced to take the bottle with its
only yellow, and passing it on with a lead above the price; a void and a small card dropped
under a smaller price card. From the sixth trick on every card the reader holds is above the
price and below what プレイヤー2 leads, so any card will do and プレイヤー2 takes every trick,
whatever the reader plays: the hand plays out to its scoring, where プレイヤー2 holds the bottle.
A read step's `then` is one move at most: the coach cannot yet resume a save taken part-way
through a longer one, so the next lead comes with the move step before it. The last three
tricks are one step: the other seats' cards come `between` the reader's.

2 players (「2人で遊ぶとき」): the deal, the passes, the face-up cards turned up, and one
four-card trick where following is judged for the hand and the face-up cards apart; the reader
then plays the hand on against the bot.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.games.bottle_imp.cards import SUIT
from engine.games.bottle_imp.rules import ONE_HAND, BottleImpState
from engine.tutorial import ANY, Step, Tutorial

READER, LEFT, RIGHT = 0, 1, 2
"""3 players: プレイヤー1 (the reader), its left neighbour プレイヤー2, its right neighbour プレイヤー3."""
OPPONENT = 1
OPTIONS = {"target": ONE_HAND}


def first_deal() -> BottleImpState:
    """プレイヤー3 deals; each hand as dealt, before the passes."""
    return BottleImpState.from_deal(
        players=3,
        dealer=RIGHT,
        hands=[
            [2, 3, 6, 7, 15, 17, 21, 23, 24, 26, 27, 31],
            [1, 9, 11, 12, 29, 30, 32, 33, 34, 35, 36, 37],
            [4, 5, 8, 10, 13, 14, 16, 18, 20, 22, 25, 28],
        ],
        options=OPTIONS,
    )


def two_player_deal() -> BottleImpState:
    """プレイヤー2 deals: 12 hidden and 6 face-up cards each, before the passes."""
    return BottleImpState.from_deal(
        players=2,
        dealer=OPPONENT,
        hands=[[1, 4, 5, 6, 7, 10, 12, 14, 20, 21, 25, 33], [11, 17, 18, 22, 23, 26, 29, 30, 34, 35, 36, 37]],
        opens=[[3, 9, 13, 24, 27, 28], [2, 8, 15, 16, 31, 32]],
        options=OPTIONS,
    )


# --- what the reader can see ----------------------------------------------------------------------


def _view(state: State) -> dict[str, Any]:
    return state.view(READER)


def _hand(state: State) -> list[int]:
    return _view(state)["hand"]


def _playable(state: State) -> list[int]:
    """The cards the reader may play now (its turn)."""
    return sorted(int(action.split(":")[1]) for action in state.legal_actions() if action.startswith("play:"))


def _trick(state: State) -> list[int]:
    return [card for _, card, _ in _view(state)["trick"]]


def _bottle(state: State) -> tuple[int | None, int]:
    """(holder, price)."""
    return _view(state)["holder"], _view(state)["price"]


def _took(state: State, seat: int, card: int) -> bool:
    """The last trick went to `seat` with `card`."""
    last = _view(state)["last_trick"]
    return last is not None and (last["winner"], last["card"]) == (seat, card)


def _won(state: State, seat: int) -> list[int]:
    return _view(state)["seats"][seat]["won"]


def _passing(state: State) -> dict[str, Any]:
    return _view(state)["passing"]


def _received(state: State) -> list[list[int]]:
    return _passing(state)["received"]


def _plays(*cards: int) -> tuple[str, ...]:
    return tuple(f"play:{card}" for card in cards)


REDS = (21, 23, 26, 29, 31)
"""The reader's reds after the passes, all above 19: any of them leads the first and the fourth trick."""
LEFT_HANDS_OVER = ("imp:1", "left:9", "right:29", "done")
RIGHT_HANDS_OVER = ("imp:28", "left:13", "right:14", "done")
"""プレイヤー2's and プレイヤー3's passes: the reader gets 赤29 and 青13, and the Imp's trick 黄1 and 黄28."""


# --- 3 players: a whole hand ----------------------------------------------------------------------


def _passed(state: State) -> bool:
    return (
        len(_hand(state)) == 11
        and _received(state) == [[LEFT, 29], [RIGHT, 13]]
        and _view(state)["imp_count"] == 3
    )


def _first_lead(state: State) -> bool:
    return state.current_player == READER and _trick(state) == [] and _playable(state) == _hand(state)


def _reds_above(state: State, price: int) -> bool:
    """Every red card the reader holds is above `price` (and it holds some)."""
    reds = [card for card in _hand(state) if SUIT[card] == "R"]
    return bool(reds) and all(card > price for card in reds)


def _blue_led(state: State) -> bool:
    return _trick(state) == [20] and _playable(state) == [6, 13, 17, 24, 27]


def _yellow_7_led(state: State) -> bool:
    return _trick(state) == [7, 5] and _playable(state) == _hand(state) and _bottle(state) == (LEFT, 11)


FIRST_STEPS = (
    Step(
        say="ボトルインプへようこそ。1人1枚ずつ出し合う「トリック」に勝って、取ったカードのコイン"
        "（カードの下の丸）を集めるゲームです。",
        rule="overview",
        holds=lambda s: s.players == 3 and _bottle(s) == (None, 19) and _view(s)["stage"] == "passing",
    ),
    Step(
        say="配ってから手札が尽きるまでが「ハンド」です。終わりにボトルを持つ人は、"
        "取ったコインが0点になり、19の下に伏せたカードのコインを引かれます。",
        rule="overview",
        holds=lambda s: _bottle(s) == (None, 19) and _view(s)["stage"] == "passing",
    ),
    Step(
        say="3人に12枚ずつ配りました。今回は1ハンドだけの勝負です。中央の19のカードに立っているのが"
        "ボトルで、値段は19、持ち主はまだいません。",
        rule="setup",
        shows=("値段 19",),
        holds=lambda s: len(_hand(s)) == 12 and _bottle(s) == (None, 19) and _view(s)["target"] == ONE_HAND,
        point=("bi-price",),
    ),
    Step(
        say="値段より小さいカードでトリックに勝った人が、ボトルを受け取ります。"
        "小さいカードを持っているほど、ボトルを受け取りやすいのです。",
        rule="setup",
        holds=lambda s: _bottle(s) == (None, 19),
        point=("bi-price",),
    ),
    Step(
        say="まず手札から3枚を選んで渡します。1枚目は、19の下に伏せる「インプのトリック」へ。"
        "ボトルを持って終えた人は、ここのコインを引かれます。",
        rule="passing",
        holds=lambda s: s.current_player == READER and "imp:2" in s.legal_actions(),
    ),
    Step(
        say="自分が引かれる側になったときに備えて、コインが1枚だけの黄2を入れましょう。手札の黄2を押します。",
        rule="passing",
        holds=lambda s: s.current_player == READER and "imp:2" in s.legal_actions(),
        play=("imp:2",),
        point=("imp:2",),
        nudge="この練習では黄2を入れます。コインが1枚だけで、数字が小さく、手元に残すとボトルを引き寄せやすいカードです。",
    ),
    Step(
        say="次に、左隣のプレイヤー2へ黄7、右隣のプレイヤー3へ黄3を選び、「渡す」を押しましょう。"
        "ボトルを引き寄せやすい小さいカードを手放します。",
        rule="passing",
        holds=lambda s: _passing(s)["picks"] == [2, None, None] and "left:7" in s.legal_actions(),
        play=("left:7", "right:3", "done"),
        until=lambda s: _passing(s)["done"],
        then=LEFT_HANDS_OVER + RIGHT_HANDS_OVER,
        point=("left:7", "right:3", "done", "bi-slots"),
        nudge="この練習では、左隣に黄7、右隣に黄3を選んでから「渡す」を押します。",
    ),
    Step(
        say="全員が選び終えたので、一斉に渡しました。点線の枠の赤29と青13が、受け取ったカードです。",
        rule="visibility",
        holds=_passed,
        point=("bi-card-29", "bi-card-13"),
    ),
    Step(
        say="インプのトリックの3枚は、ハンドの終わりまで伏せたままです。自分が入れた黄2だけは分かります"
        "（画面では表向きに描きます）。",
        rule="visibility",
        holds=_passed,
        point=("bi-card-2",),
    ),
    Step(
        say="最初のトリックは、ディーラー（配った人。今回はプレイヤー3）の左隣のあなたが"
        "リード（最初の1枚を出すこと）します。どのカードでもかまいません。",
        rule="playing",
        holds=_first_lead,
    ),
    Step(
        say="あなたの赤はどれも値段19より大きいので、赤を出せばボトルを受け取りません。赤のカードを1枚押しましょう。",
        rule="playing",
        holds=lambda s: _first_lead(s) and _reds_above(s, 19),
        play=_plays(*REDS),
        then=("play:14", "play:16"),
        point=_plays(*REDS),
        nudge="どのカードでもリードできますが、この練習では赤のカードでリードしてください。",
    ),
    Step(
        say="値段より小さいカードが出たら、その中でいちばん大きいカードが勝ちます。"
        "14と16のうち、16のプレイヤー3が勝ってボトルを受け取り、値段は16です。",
        rule="winning",
        shows=("値段 16",),
        holds=lambda s: _took(s, RIGHT, 16) and _bottle(s) == (RIGHT, 16),
        then=("play:20",),
        point=("bi-last",),
    ),
    Step(
        say="トリックを取ったプレイヤー3が、次に青20をリードしました。リードと同じ色を持っていれば、"
        "その色を出さなければなりません。",
        rule="following",
        holds=_blue_led,
        point=("bi-card-20",),
    ),
    Step(
        say="値段16より小さい青6や青13は、ボトルを受け取るおそれがあります。青17・青24・青27のどれかを押しましょう。",
        rule="following",
        holds=_blue_led,
        play=_plays(17, 24, 27),
        then=("play:30", "play:12"),
        point=_plays(17, 24, 27),
        nudge="青6や青13は値段16より小さいので、ボトルを受け取るおそれがあります。ここでは青17・青24・青27のどれかにしましょう。",
    ),
    Step(
        say="値段より小さいカードが1枚もないときは、いちばん大きいカードが勝ちます。"
        "青30のプレイヤー2が勝ちましたが、ボトルと値段16はそのままです。",
        rule="winning",
        shows=("値段 16",),
        holds=lambda s: _took(s, LEFT, 30) and _bottle(s) == (RIGHT, 16),
        then=("play:3",),
        point=("bi-last",),
    ),
    Step(
        say="プレイヤー2が黄12をリードしました。あなたの黄は15だけなので、黄15を押すしかありません。",
        rule="following",
        holds=lambda s: _trick(s) == [12, 3] and _playable(s) == [15] and _bottle(s) == (RIGHT, 16),
        play=("play:15",),
        point=("play:15",),
    ),
    Step(
        say="12・3・15はどれも値段16より小さく、いちばん大きい15が勝ちました。ボトルはあなたに移り、値段は15です。",
        rule="winning",
        shows=("値段 15",),
        holds=lambda s: _took(s, READER, 15) and _bottle(s) == (READER, 15) and _trick(s) == [],
        point=("bi-price", "bi-last"),
    ),
    Step(
        say="手放すには、ほかの人に15より小さいカードで勝ってもらうしかありません。"
        "あなたの赤はどれも15より大きいので、赤でリードしましょう。",
        rule="winning",
        holds=lambda s: _bottle(s) == (READER, 15) and _trick(s) == [] and _reds_above(s, 15),
        play=_plays(*REDS),
        then=("play:11", "play:4", "play:7"),
        point=_plays(*REDS),
        nudge="この練習では赤でリードします。あなたの赤はどれも値段15より大きいので、このトリックでボトルを取り直すことはありません。",
    ),
    Step(
        say="プレイヤー2が15より小さい赤11で勝ち、ボトルは値段11でプレイヤー2へ。"
        "あなたが取った黄3・12・15は、そのまま手元に残ります。",
        rule="winning",
        shows=("値段 11",),
        holds=lambda s: _took(s, LEFT, 11) and _bottle(s) == (LEFT, 11) and _won(s, READER) == [3, 12, 15],
        then=("play:5",),
        point=("bi-card-3", "bi-card-12", "bi-card-15"),
    ),
    Step(
        say="プレイヤー2が黄7をリードしました。リードの色を持っていないときは、どのカードを出してもかまいません。",
        rule="following",
        holds=_yellow_7_led,
    ),
    Step(
        say="7は値段11より小さいので、さらに小さい青6を出せば、ボトルを受け取らずに青6を手放せます。"
        "青6を押しましょう。",
        rule="following",
        holds=_yellow_7_led,
        play=("play:6",),
        then=("play:37", "play:9"),
        point=("play:6",),
        nudge="どのカードでも出せますが、ここでは青6を手放しましょう。7より小さいので、このトリックは7のプレイヤー2が取ります。",
    ),
    Step(
        say="ボトルの持ち主が値段より小さいカードで勝つと、ボトルはそのまま、値段だけ下がります（いまは7）。"
        "ここからは、出すカードを自分で選びましょう。",
        rule="winning",
        shows=("値段 7",),
        holds=lambda s: _took(s, LEFT, 7) and _bottle(s) == (LEFT, 7) and _trick(s) == [37, 9],
        play=ANY,
        then=("play:36", "play:18"),
    ),
    Step(
        say="あなたの手札はどれも値段7より大きく、値段は下がる一方なので、このハンドでボトルがあなたに"
        "回ってくることはもうありません。",
        rule="winning",
        shows=("値段 7",),
        holds=lambda s: all(card > _bottle(s)[1] for card in _hand(s)) and _trick(s) == [36, 18],
        play=ANY,
        then=("play:34", "play:8"),
    ),
    Step(
        say="プレイヤー2は大きいカードで勝ち続けています。それでも、ボトルを持ったままハンドを終えると、"
        "取ったカードのコインは数えません。",
        rule="scoring",
        holds=lambda s: _bottle(s)[0] == LEFT and len(_won(s, LEFT)) == 15 and _trick(s) == [34, 8],
        play=ANY,
        then=("play:35", "play:22"),
    ),
    Step(
        say="残りの3トリックも好きに出してください。小さいカードは終盤ほど危険です。"
        "値段が下がりきってから残ると、最後にボトルを押しつけられます。",
        rule="playing",
        holds=lambda s: len(_hand(s)) == 3 and _trick(s) == [35, 22],
        play=ANY,
        until=lambda s: not _hand(s),
        between=("play:32", "play:10", "play:33", "play:25"),
    ),
    Step(
        say="手札がなくなり、ハンドが終わりました。インプのトリックを表に返すと、黄1・黄2・黄28で、コインは8枚です。",
        rule="scoring",
        shows=("インプのトリック: 3枚（表に返した）",),
        holds=lambda s: s.is_over() and _view(s)["results"][-1]["imp"] == [1, 2, 28],
        point=("bi-card-1", "bi-card-2", "bi-card-28"),
    ),
    Step(
        say="ボトルを持つプレイヤー2は、取ったカードのコインを1枚も数えず、インプのトリックの8を引かれて−8点です。",
        rule="scoring",
        shows=("ボトルはプレイヤー2（値段7）", "プレイヤー2 −8点"),
        holds=lambda s: _view(s)["results"][-1]["holder"] == LEFT and s.scores()[LEFT] == -8,
        point=("bi-hand-result",),
    ),
    Step(
        say="ボトルを持っていない人は、取ったカードのコインがそのまま得点です。1ハンドだけの今回は、"
        "10点のあなたの勝ちです。",
        rule="ending",
        shows=("プレイヤー1 10 +10",),
        holds=lambda s: s.winners() == [READER] and s.scores()[READER] == 10,
        point=("bi-hand-result",),
    ),
    Step(
        say="ふつうは、だれかの合計が目標点（標準は500点）に届くまで、ハンドを重ねて遊びます。",
        rule="ending",
        holds=lambda s: s.is_over() and _view(s)["target"] == ONE_HAND,
    ),
)

FIRST_GAME = Tutorial(
    name="first-game",
    title="はじめての1局",
    build=first_deal,
    steps=FIRST_STEPS,
    learned=(
        (
            "ハンドのはじめに3枚を伏せて選び、インプのトリックと左右の隣へ1枚ずつ、全員そろってから渡す。",
            "passing",
        ),
        ("リードはどのカードでもよく、トリックを取った人が次をリードする。", "playing"),
        ("リードの色を持っていればその色を、なければどれでも出す。", "following"),
        (
            "値段より小さいカードがあれば、その中の最大のカードが勝ち、ボトルを受け取る。値段はその数字に下がる。",
            "winning",
        ),
        ("値段より小さいカードがなければ、最大のカードが勝ち、ボトルは動かない。", "winning"),
        (
            "ボトルを持ってハンドを終えた人は、取ったコインが0点になり、インプのトリックのコインを失う。",
            "scoring",
        ),
    ),
)


# --- 2 players: the deal, the passes and one trick ------------------------------------------------------

TWO_STEPS = (
    Step(
        say="2人で遊ぶときの違いを、最初のトリックまで見ていきます。2人のときは、各自に手札12枚と"
        "公開札6枚を配ります。",
        rule="two-players",
        holds=lambda s: (
            s.players == 2
            and len(_hand(s)) == 12
            and len(_view(s)["seats"][READER]["open"]) == 6
            and _view(s)["seats"][OPPONENT]["open"] == [None] * 6
        ),
        point=("bi-open-1", "bi-open-0"),
    ),
    Step(
        say="渡すカードは手札から4枚です。まずインプのトリックに2枚。引かれるかもしれないコインなので、"
        "コイン1枚ずつの黄1と青4を押しましょう。",
        rule="two-players",
        holds=lambda s: (
            _passing(s)["slots"] == ["imp", "imp", "open", "hand"] and "imp:1" in s.legal_actions()
        ),
        play=("imp:1", "imp:4"),
        until=lambda s: _passing(s)["picks"][:2] in ([1, 4], [4, 1]),
        point=("imp:1", "imp:4"),
        nudge="この練習では、インプのトリックにコインの少ない黄1と青4を入れます。",
    ),
    Step(
        say="次に相手の公開札へ黄5、相手の手札へ黄7を選び、「渡す」を押しましょう。"
        "ボトルを引き寄せやすい小さいカードを相手に回します。",
        rule="two-players",
        holds=lambda s: sorted(_passing(s)["picks"][:2]) == [1, 4] and "open:5" in s.legal_actions(),
        play=("open:5", "hand:7", "done"),
        until=lambda s: _passing(s)["done"],
        then=("imp:17", "imp:18", "open:22", "hand:30", "done"),
        point=("open:5", "hand:7", "done"),
        nudge="この練習では、相手の公開札に黄5、相手の手札に黄7を選んでから「渡す」を押します。",
    ),
    Step(
        say="2人とも渡し終えたので、公開札を表にしました。ここからは相手の公開札も見えます。",
        rule="two-players",
        holds=lambda s: None not in _view(s)["seats"][OPPONENT]["open"],
        point=("bi-open-1",),
    ),
    Step(
        say="あなたの公開札には、相手から黄22が加わりました。これで手札は9枚、公開札は7枚、インプのトリックは4枚です。",
        rule="two-players",
        shows=("インプのトリック: 4枚", "公開札: 7枚"),
        holds=lambda s: (
            _view(s)["seats"][READER]["open"] == [3, 9, 13, 22, 24, 27, 28]
            and len(_hand(s)) == 9
            and _view(s)["imp_count"] == 4
        ),
        point=("bi-card-22",),
    ),
    Step(
        say="ディーラーでないあなたがリードします。1回のトリックは4枚で、あなた、相手、あなた、相手の順です。"
        "手札からも公開札からも出せます。",
        rule="two-players",
        holds=lambda s: s.current_player == READER and _trick(s) == [] and 33 in _hand(s),
    ),
    Step(
        say="赤33は値段19より大きいので、この1枚でボトルを受け取ることはありません。"
        "手札の赤33を押して、リードしましょう。",
        rule="two-players",
        holds=lambda s: s.current_player == READER and _trick(s) == [] and 33 in _hand(s),
        play=("play:33",),
        then=("play:16",),
        point=("play:33",),
        nudge="この練習では、手札の赤33をリードします。",
    ),
    Step(
        say="相手は公開札から赤16。あなたの2枚目もリードの赤に従いますが、手札と公開札は別々に見ます。"
        "手札なら赤14か赤21、公開札ならどれでも出せます。",
        rule="two-player-follow",
        holds=lambda s: _trick(s) == [33, 16] and _playable(s) == [3, 9, 13, 14, 21, 22, 24, 27, 28],
        play=ANY,
        then=("play:36",),
    ),
    Step(
        say="値段19より小さいカードのうち最大の16で、相手が勝ってボトルを受け取りました。"
        "勝ち負けと得点計算は3〜4人と同じ、1ハンドは8トリックです。",
        rule="winning",
        shows=("値段 16",),
        holds=lambda s: _took(s, OPPONENT, 16) and _bottle(s) == (OPPONENT, 16),
    ),
)

TWO_PLAYERS = Tutorial(
    name="two-players",
    title="2人で遊ぶとき",
    build=two_player_deal,
    steps=TWO_STEPS,
    learned=(
        ("2人なら手札12枚と公開札6枚。相手の公開札は、カードを渡し終えてから表になる。", "two-players"),
        ("渡すのは4枚。インプのトリックに2枚、相手の公開札と手札に1枚ずつ。", "two-players"),
        ("1トリックは4枚で、リードした人、相手、リードした人、相手の順。", "two-players"),
        ("リードの色に従うかどうかは、手札と公開札で別々に決まる。", "two-player-follow"),
    ),
)

TUTORIALS = {FIRST_GAME.name: FIRST_GAME, TWO_PLAYERS.name: TWO_PLAYERS}

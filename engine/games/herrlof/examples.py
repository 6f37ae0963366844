"""Herrlof's worked examples and the page's figures, all drawn and checked by the engine.

Every example is a position of a 2-player round just before プレイヤー1 (the reader, seat 0)
plays the card that shows the rule. Its table plays each choice on a copy of the position, so the
page shows what the engine does; `holds` compares that with the page's claim.
"""

from __future__ import annotations

from collections import Counter as Multiset
from dataclasses import dataclass
from functools import partial

from engine.flowchart import flowchart
from engine.game import Figure, Scenario
from engine.games.herrlof.cards import ALL_CARDS, SUITS, VALKNUT, suit_label
from engine.games.herrlof.rules import HAND_SIZES, HerrlofState
from engine.games.herrlof.view import card_svg, render
from engine.rng import Rng

ME, THEM = 0, 1
SETUP_SEED = 2020
FILL_SEED = 42
STOCK_SIZE = 11  # the face-down stock of a 2-player round before any 3 or double Valknut


@dataclass(frozen=True)
class Example:
    """A position (hands, the trick so far, trump indicator, tricks won) and the choices to try."""

    name: str
    title: str
    claim: str
    caption: str
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    indicator: str
    leader: int
    trick: tuple[str, ...] = ()
    won: tuple[int, int] = (6, 5)
    stock_top: tuple[str, ...] = ()
    bids: tuple[int, int] = (6, 6)
    tries: tuple[tuple[str, ...], ...] = ()

    def position(self) -> HerrlofState:
        """The example's position; the cards it does not name lie in won tricks and the stock.

        The tricks played so far are those プレイヤー1 (yet to play to this trick) has played;
        every one of them was won, so no Valknut is among them: those not named are in the stock.
        """
        named = [*self.hands[0], *self.hands[1], self.indicator, *self.trick, *self.stock_top]
        rest = sorted((Multiset(ALL_CARDS) - Multiset(named)).elements())
        Rng(FILL_SEED).shuffle(rest)
        rest.sort(key=lambda card: card != VALKNUT)
        stock_size = STOCK_SIZE - len(self.stock_top)
        stock, rest = rest[:stock_size] + list(self.stock_top), rest[stock_size:]
        if sum(self.won) != HAND_SIZES[2] - len(self.hands[ME]) or len(rest) != 2 * sum(self.won):
            raise ValueError(f"{self.name}: the tricks won do not match the cards played")
        won = [[[rest.pop(), rest.pop()] for _ in range(count)] for count in self.won]
        return HerrlofState.from_position(
            hands=[list(hand) for hand in self.hands],
            stock=stock,
            indicator=[self.indicator],
            won=won,
            trick=list(zip([self.leader, 1 - self.leader], self.trick, strict=False)),
            leader=self.leader,
            bids=list(self.bids),
        )


def played(state: HerrlofState, actions: tuple[str, ...]) -> HerrlofState:
    """A copy of `state` after `actions`."""
    trial = state.clone()
    for action in actions:
        trial.apply(action)
    return trial


def outcome(state: HerrlofState, actions: tuple[str, ...]) -> dict[str, object]:
    """What a claim checks of one line of play: who took the trick, who acts next, the trick counts."""
    after = played(state, actions).view(ME)
    last = after["last_trick"]
    return {
        "winner": None if last is None else last["winner"],
        "next": after["current_player"],
        "tricks": [seat["tricks"] for seat in after["seats"]],
    }


# --- the examples ---------------------------------------------------------------------------------

LEAD_WINS = Example(
    name="lead-wins",
    title="色が違うカードだけなら、リードが勝つ",
    claim="切り札なしで赤2がリードされ、赤を持たないプレイヤー1が何を出しても、トリックはプレイヤー2が取る。",
    caption="切り札なし（表示はハガラズ）。プレイヤー2が赤2をリードし、赤を持たないプレイヤー1の番",
    hands=(("B9", "Y7", "G4", "H"), ("R5", "B1", "Y2")),
    indicator="H",
    leader=THEM,
    trick=("R2",),
    tries=(("play:B9",), ("play:Y7",), ("play:G4",), ("play:H",)),
)
NINE = Example(
    name="card-9",
    title="9で勝つと、相手がリードする",
    claim="赤5のリードに赤9で勝つとトリックはプレイヤー1のものになるが、次のリードはプレイヤー2。",
    caption="切り札は緑。プレイヤー2が赤5をリードし、プレイヤー1の番",
    hands=(("R9", "R4", "B2", "Y8"), ("B6", "G2", "Y1")),
    indicator="G5",
    leader=THEM,
    trick=("R5",),
    tries=(("play:R9",), ("play:R4",)),
)
HAGALAZ = Example(
    name="hagalaz",
    title="ハガラズは負け、負けた人が次もリードする",
    claim="プレイヤー1がハガラズをリードすると、プレイヤー2が何を出してもプレイヤー2が取り、次もプレイヤー1がリードする。",
    caption="切り札は緑。プレイヤー1がリードする番",
    hands=(("H", "B8", "Y3", "R6"), ("R7", "B4", "G2", "Y9")),
    indicator="G5",
    leader=ME,
    tries=(("play:H", "play:R7"), ("play:H", "play:B4"), ("play:H", "play:G2"), ("play:H", "play:Y9")),
)
DOUBLE_HAGALAZ = Example(
    name="double-hagalaz",
    title="ハガラズが2枚なら、リードが勝つ",
    claim="プレイヤー2のハガラズのリードにハガラズを出すとプレイヤー2が取り、次はプレイヤー1がリードする。"
    "赤9を出せばプレイヤー1が取り、次はプレイヤー2がリードする。",
    caption="切り札は緑。プレイヤー2がハガラズをリードし、プレイヤー1の番",
    hands=(("H", "R9", "B5", "Y4"), ("R1", "B7", "Y6")),
    indicator="G5",
    leader=THEM,
    trick=("H",),
    tries=(("play:H",), ("play:R9",)),
)
VALKNUT_EXAMPLE = Example(
    name="valknut",
    title="ヴァルクヌートはトリックを破壊する",
    claim="プレイヤー2の赤9にヴァルクヌートを出すと、トリックはだれのものにもならず、次もプレイヤー2がリードする"
    "（9の効果もない）。赤2を出せばプレイヤー2が取り、9の効果で次はプレイヤー1がリードする。",
    caption="切り札は緑。プレイヤー2が赤9をリードし、プレイヤー1の番",
    hands=(("V", "R2", "G7", "B5"), ("R3", "B6", "Y4")),
    indicator="G5",
    leader=THEM,
    trick=("R9",),
    tries=(("play:V",), ("play:R2",)),
)
DOUBLE_VALKNUT = Example(
    name="double-valknut",
    title="ヴァルクヌートが2枚なら、切り札が変わる",
    claim="プレイヤー2のヴァルクヌートにヴァルクヌートを出すと、山札の一番上の黄6が表になり、次のトリックから切り札は黄。"
    "トリックは破壊され、次もプレイヤー2がリードする。",
    caption="切り札は緑。プレイヤー2がヴァルクヌートをリードし、プレイヤー1の番",
    hands=(("V", "Y8", "G3", "B2"), ("R4", "B7", "G6")),
    indicator="G5",
    leader=THEM,
    trick=("V",),
    stock_top=("Y6",),
    tries=(("play:V",), ("play:Y8",)),
)
THREE = Example(
    name="card-3",
    title="3を出したら、山札から1枚引いてよい",
    claim="青3を出したプレイヤー1は、山札の一番上の緑8を引いてよい。引いたら手札1枚（緑8でもよい）を山札の下に伏せ、"
    "手札の枚数は変わらない。",
    caption="切り札は緑。プレイヤー2が青7をリードし、プレイヤー1の番。山札の一番上は緑8（伏せてある）",
    hands=(("B3", "R8", "Y2", "G4"), ("R1", "B4", "Y5")),
    indicator="G5",
    leader=THEM,
    trick=("B7",),
    stock_top=("G8",),
    tries=(
        ("play:B3", "three:draw", "bury:Y2"),
        ("play:B3", "three:draw", "bury:G8"),
        ("play:B3", "three:pass"),
    ),
)
SIX = Example(
    name="card-6",
    title="6で勝ったら、相手の手札を1枚取ってよい",
    claim="赤6で勝ったプレイヤー1は、プレイヤー2の手札から1枚を無作為に取ってよい。取ったら手札1枚（取ったカードでもよい）を"
    "プレイヤー2に渡し、どちらの手札の枚数も変わらない。",
    caption="切り札は緑。プレイヤー2が赤2をリードし、プレイヤー1の番",
    hands=(("R6", "B9", "Y1", "G2"), ("R8", "B3", "Y7")),
    indicator="G5",
    leader=THEM,
    trick=("R2",),
    tries=(("play:R6", "six:take:1", "give:Y1"), ("play:R6", "six:pass")),
)
ONE = Example(
    name="card-1",
    title="1で勝ったら、相手のトリックを1つ奪ってよい",
    claim="黄を持たないプレイヤー1が切り札の緑1で黄5に勝つと、プレイヤー2のトリックを1つ奪える。"
    "取ったトリックはプレイヤー1が5から7に（このトリックと奪った1つ）、プレイヤー2が6から5になる。",
    caption="切り札は緑。プレイヤー2が黄5をリードし、黄を持たないプレイヤー1の番。取ったトリックはプレイヤー1が5、プレイヤー2が6",
    hands=(("G1", "R7", "B4", "B8"), ("R2", "Y3", "B6")),
    indicator="G5",
    leader=THEM,
    trick=("Y5",),
    won=(5, 6),
    tries=(("play:G1", "one:steal:1"), ("play:G1", "one:pass")),
)
EXAMPLES = (LEAD_WINS, NINE, HAGALAZ, DOUBLE_HAGALAZ, VALKNUT_EXAMPLE, DOUBLE_VALKNUT, THREE, SIX, ONE)


# --- the claims -----------------------------------------------------------------------------------


def _holds_lead_wins(state: HerrlofState) -> bool:
    return all(outcome(state, line)["winner"] == THEM for line in LEAD_WINS.tries)


def _holds_nine(state: HerrlofState) -> bool:
    nine, low = (outcome(state, line) for line in NINE.tries)
    return (nine["winner"], nine["next"], low["winner"], low["next"]) == (ME, THEM, THEM, THEM)


def _holds_hagalaz(state: HerrlofState) -> bool:
    results = [outcome(state, line) for line in HAGALAZ.tries]
    return all((result["winner"], result["next"]) == (THEM, ME) for result in results)


def _holds_double_hagalaz(state: HerrlofState) -> bool:
    both, nine = (outcome(state, line) for line in DOUBLE_HAGALAZ.tries)
    return (both["winner"], both["next"], nine["winner"], nine["next"]) == (THEM, ME, ME, THEM)


def _holds_valknut(state: HerrlofState) -> bool:
    knot, low = (outcome(state, line) for line in VALKNUT_EXAMPLE.tries)
    untouched = knot["tricks"] == list(VALKNUT_EXAMPLE.won)
    return (knot["winner"], knot["next"], untouched, low["winner"], low["next"]) == (
        None,
        THEM,
        True,
        THEM,
        ME,
    )


def _holds_double_valknut(state: HerrlofState) -> bool:
    after = played(state, DOUBLE_VALKNUT.tries[0]).view(ME)
    turned = after["indicator"] == ["G5", "Y6"] and after["trump"] == "Y" and after["stock"] == STOCK_SIZE - 1
    return turned and after["last_trick"]["winner"] is None and after["current_player"] == THEM


def _holds_three(state: HerrlofState) -> bool:
    drawn = played(state, ("play:B3", "three:draw"))
    offered = drawn.legal_actions() == sorted(f"bury:{card}" for card in ("G4", "G8", "R8", "Y2"))
    lines = [played(state, line).view(ME) for line in THREE.tries]
    kept = [sorted(view["hand"]) for view in lines] == [
        ["G4", "G8", "R8"],
        ["G4", "R8", "Y2"],
        ["G4", "R8", "Y2"],
    ]
    under = [view["mine"]["under"] for view in lines] == [["Y2"], ["G8"], []]
    asked = played(state, ("play:B3",)).legal_actions() == ["three:draw", "three:pass"]
    return asked and offered and kept and under


def _holds_six(state: HerrlofState) -> bool:
    won = played(state, ("play:R6",))
    offered = won.legal_actions() == ["six:pass", "six:take:1"]
    taken = played(state, SIX.tries[0][:2])
    gives = {action.removeprefix("give:") for action in taken.legal_actions()}
    after = played(state, SIX.tries[0]).view(ME)
    sizes = [seat["hand_count"] for seat in after["seats"]] == [3, 3]
    return offered and len(taken.view(ME)["hand"]) == 4 and gives == set(taken.view(ME)["hand"]) and sizes


def _holds_one(state: HerrlofState) -> bool:
    steal, keep = (outcome(state, line) for line in ONE.tries)
    return steal["tricks"] == [7, 5] and keep["tricks"] == [6, 6]


_HOLDS = {
    "lead-wins": _holds_lead_wins,
    "card-9": _holds_nine,
    "hagalaz": _holds_hagalaz,
    "double-hagalaz": _holds_double_hagalaz,
    "valknut": _holds_valknut,
    "double-valknut": _holds_double_valknut,
    "card-3": _holds_three,
    "card-6": _holds_six,
    "card-1": _holds_one,
}
SCENARIOS = {
    example.name: Scenario(
        name=example.name,
        title=example.title,
        claim=example.claim,
        build=example.position,
        holds=_HOLDS[example.name],
    )
    for example in EXAMPLES
}


# --- figures -----------------------------------------------------------------------------------------

_SEATS = ("プレイヤー1", "プレイヤー2")


def _line_text(state: HerrlofState, line: tuple[str, ...]) -> str:
    """The choices of one line of play in words: "赤9を出す → 6の効果で…"."""
    return " → ".join(
        state.describe(action) if i == 0 else played(state, line[:i]).describe(action)
        for i, action in enumerate(line)
    )


def _result_text(state: HerrlofState, line: tuple[str, ...]) -> str:
    after = played(state, line).view(ME)
    last = after["last_trick"]
    if last is None or after["trick"]:
        return "（トリックはまだ続く）"
    taken = "だれも取らない（破壊）" if last["winner"] is None else f"{_SEATS[last['winner']]}が取る"
    following = after["current_player"]
    step = "リード" if after["stage"] == "play" else "選ぶ"
    tricks = "・".join(f"{_SEATS[s]} {seat['tricks']}" for s, seat in enumerate(after["seats"]))
    changed = after["trump"] != state.trump()
    trump = f"。次のトリックから切り札は{suit_label(after['trump'])}" if changed else ""
    return f"{taken}。次は{_SEATS[following]}が{step}（取ったトリック {tricks}）{trump}"


def draw_example(example: Example) -> str:
    state = example.position()
    board = render(state.view(ME), interactive=False, prefix=f"fig-{example.name}")
    rows = "".join(
        f"<tr><td>{_line_text(state, line)}</td><td>{_result_text(state, line)}</td></tr>"
        for line in example.tries
    )
    head = "<thead><tr><th>プレイヤー1の選択</th><th>結果（エンジンで確かめたもの）</th></tr></thead>"
    return f"{board}<table>{head}<tbody>{rows}</tbody></table>"


def draw_components() -> str:
    rows = "".join(
        '<li><span class="hl-cards">'
        + "".join(card_svg(f"{suit}{rank}", small=True) for rank in range(1, 10))
        + "</span></li>"
        for suit in SUITS
    )
    specials = "".join(card_svg(card, small=True) for card in ("V", "V", "V", "H", "H", "H"))
    return (
        f'<ul class="hl-set" aria-label="カード42枚: 4色の1〜9と、ヴァルクヌート3枚、ハガラズ3枚">{rows}'
        f'<li><span class="hl-cards">{specials}</span></li></ul>'
    )


def draw_setup() -> str:
    return render(HerrlofState(2, SETUP_SEED).view(ME), interactive=False, prefix="fig-setup")


def draw_round_flow() -> str:
    return flowchart(
        "1ラウンドの流れ",
        [
            ["カードを配り\n切り札をめくる"],
            ["全員が予想を\n伏せて書く"],
            ["手札がなくなるまで\nトリックを続ける"],
            ["予想を公開して\n得点を書く"],
        ],
        loop="次の\nラウンド",
    )


def draw_trick_flow() -> str:
    return flowchart(
        "1トリックの流れ",
        [
            ["リードが1枚出す\n（どのカードでもよい）"],
            ["左隣から順に1枚ずつ\n（リードの色があれば出す）"],
            ["ヴァルクヌートあり\n破壊・同じ人がリード", "なし\n勝者が取る\n1・6の効果"],
            ["次のリードを決める\n（ハガラズ・9・勝者）"],
        ],
        loop="次の\nトリック",
    )


def draw_cover() -> str:
    """The top page's picture: a card of each suit, then a Valknut and a Hagalaz."""
    return "".join(card_svg(card) for card in ("R9", "B7", "G5", "Y3", "V", "H"))


FIGURES = {
    "cover": Figure("4色のカードと、ヴァルクヌート、ハガラズ", draw_cover),
    "turn-flow": Figure(
        "1ラウンドの流れ。目標点に届いた人がいるか、10ラウンド目が終わったら、ゲームは終わり", draw_round_flow
    ),
    "trick-flow": Figure("1トリックの流れ。3を出した人は、次の人が出す前に効果を使う", draw_trick_flow),
    "components": Figure("カード42枚: 4色それぞれ1〜9と、ヴァルクヌート3枚、ハガラズ3枚", draw_components),
    "setup": Figure(
        "2人の準備: 15枚ずつ配り、山札の一番上をめくって切り札を決めたところ（プレイヤー1から見た場）",
        draw_setup,
    ),
    **{
        example.name: Figure(example.caption, partial(draw_example, example), scenario=example.name)
        for example in EXAMPLES
    },
}

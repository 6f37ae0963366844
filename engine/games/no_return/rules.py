"""No Return (Marco Teubner, moses. 2019): build descending columns of counters, then cash them.

Scope: 2–4 players, the whole game. Decisions (RULES-NOTES.md, No Return; each is stated on the
page under 補足 and locked by a test named `test_decision_...`):
- Start player: drawn at random from the seed; the option `start_player` (a seat) fixes it, so a
  sandbox may let the human start. The start player begins the set-up exchange and the game.
- Set-up exchange: once per player in turn order, 0–8 counters put aside face down and as many
  drawn at once; the put-aside counters go back into the bag (shuffled) only after the last
  player's exchange. No other counter ever returns to the bag.
- Later exchanges: 1–4 counters to the box lid face down (hidden), then a refill. Impossible once
  the bag is empty; with fewer counters in the bag than exchanged, the player draws what is left.
- Placing: one colour a turn, any number of its counters, under that colour's only column; the
  column reads non-increasing from top to bottom (equal values and gaps allowed). The engine
  places the chosen counters in descending order, so choosing them is enough.
- Phase 2 is declared at the start of one's own turn (before choosing the turn's action) and that
  same turn is already a phase-2 turn; there is no way back.
- Cashing: one column, 1 or more counters from its bottom upwards, paid with hand counters of ONE
  colour (any colour) whose sum is at least the cashed sum. Extra payment counters are allowed;
  the excess is lost. Payments go face up to the lid; cashed counters to the player's score pile.
- Refill: after every action that spent counters (set-up exchange, placing, exchange, cashing)
  the hand is refilled to 8 as far as the bag allows.
- Pass: legal exactly when the player can neither do the phase's own action (place in phase 1,
  cash in phase 2) nor exchange; that can only happen once the bag is empty. Declaring phase 2
  is never forced: a phase-1 player in that position may pass or declare (RULES-NOTES, "Passing
  in phase 1").
- End: the player who draws the bag's last counter (also part-way through a refill) triggers the
  end; play goes on until the last seat in turn order has finished its turn, so every player has
  had the same number of turns (at once if the last seat drew it).
- Score: cashed values minus the values left in one's columns; hand counters do not count.
  Best score wins; ties go to fewer minus points, then the win is shared.
- Visibility: hands, put-aside and exchanged counters are hidden (a seat sees its own hand);
  columns, payments and cashed counters are public. A turn's selection (what the player is
  choosing before finishing) is shown to that player only.

A turn is a run of small steps with an explicit finish, so the legal list stays short: choose
what to do (place / exchange / a column to cash / declare / pass), pick counters one at a time,
then finish (`...:done`) or `cancel` back to the choice. Only picks that can still lead to a
legal finish are offered. Selection steps write no log line; the finish logs the whole move.
Games of random steps end: before the end is triggered every finished turn draws at least one
counter, and every selection can be finished in a few steps (the shared invariant tests play
random games at every player count: tests/engine/harness.py).

A refused action's IllegalAction names the rule it breaks by one of RULE_ANCHORS (the page's
section anchors): setup, turn, placing, exchange, phase-2, cashing, pass, end.

Counters are written colour letter + value: B blue, R red, G green, P purple, K pink (桃),
Y yellow; e.g. "B11", "K5". Action ids are `namespace[:step[:argument]]`, one namespace per kind
of choice, so an id means the same in every situation:
    setup:pick:B3, setup:unpick:B3, setup:done        set-up exchange: choose 0–8, then finish
    declare                                           move to phase 2 (start of one's own turn)
    place, place:pick:B11, place:unpick:B11, place:done
    exchange, exchange:pick:R2, exchange:unpick:R2, exchange:done        (1–4 counters)
    cash:column:P                                     cash from the purple column (its bottom)
    cash:more, cash:fewer                             one counter more / fewer from the bottom
    cash:pick:G11, cash:unpick:G11, cash:done         pay with one colour, then cash
    cancel                                            drop the selection, choose again
    pass                                              neither the phase's action nor exchange

The codec lives in codec.py (counters, ids, their Japanese text):

>>> state = NoReturnState(2, seed=1)
>>> state.apply("setup:done"); state.apply("setup:done")
>>> state.legal_actions()
['declare', 'exchange', 'place']
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Any

from engine.core import GameInfo, LogEntry, State
from engine.games.no_return.codec import (
    ALL_COUNTERS,
    COLOUR_NAMES,
    COLOURS,
    PICK_IDS,
    UNPICK_IDS,
    Action,
    Counter,
    cashable_columns,
    colour_totals,
    counter_id,
    counter_name,
    describe_action,
    display_ids,
    fits,
    most_payable,
    names,
    parse_action,
    parse_counter,
    without,
)
from engine.games.no_return.scoring import breakdown, winners
from engine.options import START_PLAYER, start_player
from engine.rng import Rng

RULE_ANCHORS = ("setup", "turn", "placing", "exchange", "phase-2", "cashing", "pass", "end")
"""The sections of the rules page a refusal may point to (IllegalAction.rule)."""
INFO = GameInfo(
    id="no-return",
    name="ノーリターン",
    players=(2, 3, 4),
    options=(START_PLAYER,),
    rule_anchors=RULE_ANCHORS,
)
HAND_SIZE = 8
EXCHANGE_LIMIT = 4


class Stage(Enum):
    SETUP = "setup"  # the set-up exchange of the seat in turn
    CHOOSE = "choose"  # start of a turn: choose what to do
    PLACE = "place"  # choosing counters to place
    EXCHANGE = "exchange"  # choosing counters to exchange
    CASH = "cash"  # a column chosen: how many to cash, what to pay with
    OVER = "over"


# --- the state ----------------------------------------------------------------------------------


class NoReturnState(State):
    info = INFO
    _boxed: tuple[Counter, ...] = ()
    """Counters left in the box, out of play and unseen by all, for a shortened game (a tutorial's
    start). A class default, so an ordinary game's state holds no such field."""

    def __init__(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, seed, options)
        self._rng = Rng(seed)
        self._bag: list[Counter] = list(ALL_COUNTERS)
        self._rng.shuffle(self._bag)
        self._start_player = start_player(self.options, self.players, self._rng)
        self._hands: list[list[Counter]] = [
            [self._bag.pop() for _ in range(HAND_SIZE)] for _ in range(players)
        ]
        self._columns: list[dict[str, list[int]]] = [{} for _ in range(players)]
        self._cashed: list[list[Counter]] = [[] for _ in range(players)]
        self._paid: list[Counter] = []
        self._removed: list[list[Counter]] = [[] for _ in range(players)]
        self._aside: list[list[Counter]] = [[] for _ in range(players)]
        self._phase2 = [False] * players
        self._turns = [0] * players
        self._turn_player = self._start_player
        self._stage = Stage.SETUP
        self._picked: list[Counter] = []
        self._cash_colour: str | None = None
        self._cash_count = 0
        self._last_drawn_by: int | None = None

    def _order_index(self, seat: int) -> int:
        """Where a seat stands in turn order: the start player is 0."""
        return (seat - self._start_player) % self.players

    @classmethod
    def from_position(
        cls,
        *,
        hands: list[list[str]],
        columns: list[dict[str, list[int]]],
        bag: list[str],
        cashed: list[list[str]] | None = None,
        paid: list[str] | None = None,
        removed: list[list[str]] | None = None,
        phase2: list[bool] | None = None,
        turn_player: int = 0,
        end_triggered_by: int | None = None,
        boxed: list[str] | None = None,
        before_setup: bool = False,
    ) -> NoReturnState:
        """A rigged position after the set-up exchange; every one of the 132 counters placed once.

        An empty bag needs `end_triggered_by`, the seat that drew its last counter. `boxed`
        counters stay in the box (a shorter game); `before_setup` starts at seat 0's set-up
        exchange instead (hands dealt, no columns yet).
        """
        players = len(hands)
        state = cls(players, 0, {"start_player": 0})
        state._hands = [_parse_all(hand) for hand in hands]
        state._columns = [{c: list(values) for c, values in seat.items() if values} for seat in columns]
        state._bag = _parse_all(bag)
        state._cashed = [_parse_all(pile) for pile in cashed or [[]] * players]
        state._paid = _parse_all(paid or [])
        state._removed = [_parse_all(part) for part in removed or [[]] * players]
        state._phase2 = list(phase2 or [False] * players)
        state._turn_player = turn_player
        state._turns = [1 if seat < turn_player else 0 for seat in range(players)]
        state._stage = Stage.SETUP if before_setup else Stage.CHOOSE
        state._last_drawn_by = end_triggered_by
        if boxed:
            state._boxed = tuple(sorted(_parse_all(boxed)))
        dealt = len(state._bag) + len(state._boxed) + sum(map(len, state._hands))
        if before_setup and (turn_player or any(state._phase2) or dealt != len(ALL_COUNTERS)):
            raise ValueError(
                "before the set-up exchange, seat 0 begins and only hands, bag and box hold counters"
            )
        if (end_triggered_by is None) != bool(state._bag):
            raise ValueError("the end is triggered exactly when the bag is empty")
        if sorted(state.components()) != sorted(ALL_COUNTERS):
            raise ValueError("a position must hold each of the 132 counters exactly once")
        if any(not _descending(col) for seat in state._columns for col in seat.values()):
            raise ValueError("every column must read non-increasing from top to bottom")
        return state

    # --- contract ---------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self._stage is Stage.OVER else self._turn_player

    def is_over(self) -> bool:
        return self._stage is Stage.OVER

    def scores(self) -> list[int]:
        return [row["total"] for row in self.breakdown()]

    def breakdown(self) -> list[dict[str, Any]]:
        """Each seat's score in parts: cashed counters (plus) and counters left in columns (minus)."""
        return breakdown(self._cashed, self._columns)

    def winners(self) -> list[int]:
        return winners(self.breakdown())

    def components(self) -> list[Counter]:
        """Every counter wherever it is: bag, box, hands, columns, score piles, lid, set-up aside."""
        found = list(self._bag) + list(self._boxed) + list(self._paid)
        for seat in range(self.players):
            found += self._hands[seat] + self._cashed[seat] + self._removed[seat] + self._aside[seat]
            found += [(c, v) for c, column in self._columns[seat].items() for v in column]
        return found

    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redeal other seats' hands, put-aside and exchanged counters, the bag and the box.

        Another player's half-made selection is hidden too: that player is put back at the
        start of the choice (the set-up exchange, or the turn's action) with nothing chosen.
        """
        if self._turn_player != seat:
            self._picked = []
            if self._stage in (Stage.PLACE, Stage.EXCHANGE, Stage.CASH):
                self._reset_selection()
        others = [s for s in range(self.players) if s != seat]
        places = [part for s in others for part in (self._hands[s], self._removed[s], self._aside[s])]
        pool = sorted(self._bag + list(self._boxed) + [counter for part in places for counter in part])
        rng.shuffle(pool)
        for part in places:
            part[:], pool = pool[: len(part)], pool[len(part) :]
        if self._boxed:
            self._boxed, pool = tuple(pool[: len(self._boxed)]), pool[len(self._boxed) :]
        self._bag = pool
        self._rng = Rng(rng.next64())

    # --- legal actions --------------------------------------------------------------------------

    def _legal_actions(self) -> list[str]:
        return getattr(self, f"_legal_{self._stage.value}")()

    def _legal_setup(self) -> list[str]:
        return [*self._selection_actions("setup", self._unpicked()), "setup:done"]

    def _legal_choose(self) -> list[str]:
        seat = self._turn_player
        actions = self._phase_actions(seat) + (["exchange"] if self._bag else [])
        if not actions:
            actions.append("pass")
        if not self._phase2[seat]:
            actions.append("declare")  # always a free choice, never forced
        return actions

    def _phase_actions(self, seat: int) -> list[str]:
        """The phase's own action as the turn may start it: `place` in phase 1, a column to cash in 2."""
        hand, columns = self._hands[seat], self._columns[seat]
        if not self._phase2[seat]:
            return ["place"] if any(fits(counter, columns) for counter in hand) else []
        return [f"cash:column:{c}" for c in cashable_columns(columns, most_payable(hand))]

    def _legal_place(self) -> list[str]:
        columns = self._columns[self._turn_player]
        colour = self._picked[0][0] if self._picked else None
        pickable = [c for c in self._unpicked() if colour in (None, c[0]) and fits(c, columns)]
        done = ["place:done"] if self._picked else []
        return [*self._selection_actions("place", pickable), *done, "cancel"]

    def _legal_exchange(self) -> list[str]:
        pickable = self._unpicked() if len(self._picked) < EXCHANGE_LIMIT else []
        done = ["exchange:done"] if self._picked else []
        return [*self._selection_actions("exchange", pickable), *done, "cancel"]

    def _legal_cash(self) -> list[str]:
        column = self._cash_column()
        need = self._cash_need()
        totals = colour_totals(self._hands[self._turn_player])
        paying = self._picked[0][0] if self._picked else None
        budget = totals[paying] if paying else max(totals.values(), default=0)  # one colour pays
        actions = ["cancel"]
        if self._cash_count < len(column) and need + column[-self._cash_count - 1] <= budget:
            actions.append("cash:more")
        if self._cash_count > 1:
            actions.append("cash:fewer")
        if _value_sum(self._picked) >= need:
            actions.append("cash:done")
        pickable = [c for c in self._unpicked() if c[0] == paying or (not paying and totals[c[0]] >= need)]
        return [*actions, *self._selection_actions("cash", pickable)]

    def _selection_actions(self, namespace: str, pickable: Iterable[Counter]) -> list[str]:
        picks, unpicks = PICK_IDS[namespace], UNPICK_IDS[namespace]
        return [*{picks[c] for c in pickable}, *{unpicks[c] for c in self._picked}]

    def _unpicked(self) -> list[Counter]:
        """The current player's hand counters not chosen yet (one entry per copy)."""
        return without(self._hands[self._turn_player], self._picked)

    def _cash_column(self) -> list[int]:
        assert self._cash_colour is not None
        return self._columns[self._turn_player][self._cash_colour]

    def _cash_taken(self) -> list[int]:
        """The counters being cashed, bottom first."""
        return self._cash_column()[::-1][: self._cash_count]

    def _cash_need(self) -> int:
        return sum(self._cash_taken())

    # --- refusals ---------------------------------------------------------------------------------

    def _refusal(self, action: str) -> tuple[str, str]:
        move = parse_action(action)
        if move is None:
            return f"「{action}」という手はありません。", "turn"
        return self._stage_refusal(move) or getattr(self, f"_refuse_{move.namespace}")(move)

    def _stage_refusal(self, move: Action) -> tuple[str, str] | None:
        """Why `move` does not belong to this moment of the turn, if it does not."""
        starting = move.step in ("", "column") and move.namespace not in ("cancel", "setup")
        if self._stage is Stage.SETUP:
            return (
                None
                if move.namespace == "setup"
                else ("まず準備の交換（0〜8個）を済ませてください。", "setup")
            )
        if move.namespace == "setup":
            return "準備の交換はもう済んでいます。", "setup"
        if move.namespace == "declare" and self._stage is not Stage.CHOOSE:
            return "フェイズ2への移行は、手番の最初（行動を選ぶ前）にだけ宣言できます。", "phase-2"
        if self._stage is Stage.CHOOSE:
            chosen_yet = starting or move.namespace == "cancel"
            return None if chosen_yet else ("先に手番の行動（並べる・交換・清算）を選んでください。", "turn")
        if starting:
            return "選んでいる行動を確定するか「やめる」で選び直してから、別の行動を選んでください。", "turn"
        if move.namespace not in (self._stage.value, "cancel"):
            return f"今は{_STAGE_NAMES[self._stage]}カウンターを選んでいます。", "turn"
        return None

    def _refuse_setup(self, move: Action) -> tuple[str, str]:
        return self._refuse_pick(move, "setup") or ("準備の交換では、そのカウンターは選べません。", "setup")

    def _refuse_declare(self, _move: Action) -> tuple[str, str]:
        return "すでにフェイズ2です。フェイズ1には戻れません。", "phase-2"

    def _refuse_pass(self, _move: Action) -> tuple[str, str]:
        own = "清算" if self._phase2[self._turn_player] else "並べること"
        return f"{own}か交換ができるときは、パスできません。", "pass"

    def _refuse_cancel(self, _move: Action) -> tuple[str, str]:
        return "取り消す選択がありません。", "turn"

    def _refuse_place(self, move: Action) -> tuple[str, str]:
        seat = self._turn_player
        if move.step == "" and self._phase2[seat]:
            return "フェイズ2に移ったので、もう並べることはできません。", "phase-2"
        if move.step == "":
            return "手元に、列の下へ置けるカウンターがありません。", "placing"
        if move.step == "done":
            return "並べるカウンターを1個以上選んでください。", "placing"
        problem = self._refuse_pick(move, "placing")
        if problem:
            return problem
        counter = parse_counter(move.argument)
        assert counter is not None
        if self._picked and self._picked[0][0] != counter[0]:
            return "1回の手番に並べられるのは1色だけです。", "placing"
        bottom = self._columns[seat][counter[0]][-1]
        return (
            f"{counter_name(counter)}は{COLOUR_NAMES[counter[0]]}の列の一番下（{bottom}）より大きいので"
            "置けません。列は上から下へ、同じか小さい数の順です。",
            "placing",
        )

    def _refuse_exchange(self, move: Action) -> tuple[str, str]:
        if move.step == "":
            return "袋が空なので、もう交換はできません。", "exchange"
        if move.step == "done":
            return "交換するカウンターを1個以上選んでください。", "exchange"
        return self._refuse_pick(move, "exchange") or (
            f"交換できるのは1回に{EXCHANGE_LIMIT}個までです。",
            "exchange",
        )

    def _refuse_cash(self, move: Action) -> tuple[str, str]:
        if move.step == "column":
            return self._refuse_column(move.argument)
        need = self._cash_need()
        if move.step == "more" and self._cash_count == len(self._cash_column()):
            return "その列にはもう清算できる上のカウンターがありません。", "cashing"
        if move.step == "more":
            return "清算する合計が、1色で支払える合計を超えてしまいます。", "cashing"
        if move.step == "fewer":
            return "少なくとも1個は清算します。", "cashing"
        if move.step == "done":
            paid = sum(v for _, v in self._picked)
            return f"支払いの合計{paid}が、清算する合計{need}に足りません。", "cashing"
        problem = self._refuse_pick(move, "cashing")
        if problem:
            return problem
        if self._picked:
            return "支払いは1色のカウンターだけで行います。", "cashing"
        return f"その色の手元カウンターを全部出しても、清算する合計{need}に届きません。", "cashing"

    def _refuse_column(self, colour: str) -> tuple[str, str]:
        seat = self._turn_player
        if not self._phase2[seat]:
            return "清算はフェイズ2に移ってからです。", "cashing"
        column = self._columns[seat].get(colour)
        if not column:
            return f"{COLOUR_NAMES[colour]}の列がありません。", "cashing"
        return f"列の一番下の{column[-1]}を支払えるだけの、同じ色の手元カウンターがありません。", "cashing"

    def _refuse_pick(self, move: Action, rule: str) -> tuple[str, str] | None:
        """The reasons shared by every pick and unpick: the counter is not there to (un)choose."""
        counter = parse_counter(move.argument)
        if move.step == "unpick" and counter not in self._picked:
            return "そのカウンターは選ばれていません。", rule
        if move.step == "pick" and counter not in self._unpicked():
            return "そのカウンターは手元にありません（または選び済みです）。", rule
        return None

    # --- apply ------------------------------------------------------------------------------------

    def _apply(self, action: str) -> LogEntry:
        move = parse_action(action)
        assert move is not None
        if move.step in ("pick", "unpick"):
            return self._toggle(move)
        return getattr(self, f"_apply_{move.namespace}")(move)

    def _apply_setup(self, _move: Action) -> LogEntry:
        seat = self._turn_player
        chosen = self._take_picked()
        self._aside[seat] = chosen
        drawn = self._refill(seat)
        if chosen:
            public = f"準備の交換: {len(chosen)}個を伏せて脇に置き、{len(drawn)}個引いた"
            private = f"準備の交換: {names(chosen)}を伏せて脇に置き、{names(drawn)}を引いた"
        else:
            public = private = "準備の交換: 交換しなかった"
        return self._entry(seat, public, private, self._pass_setup_on())

    def _pass_setup_on(self) -> str:
        """Hand the set-up exchange on; after the last seat, put the aside counters back."""
        following = (self._turn_player + 1) % self.players
        if following != self._start_player:
            self._turn_player = following
            return ""
        returned = sum(len(part) for part in self._aside)
        for part in self._aside:
            self._bag += part
            part.clear()
        self._rng.shuffle(self._bag)
        self._turn_player = self._start_player
        self._stage = Stage.CHOOSE
        return f"。全員の交換が済んだので、脇の{returned}個を袋に戻して混ぜた"

    def _apply_declare(self, _move: Action) -> LogEntry:
        self._phase2[self._turn_player] = True
        return self._entry(self._turn_player, "フェイズ2に移った")

    def _apply_place(self, move: Action) -> LogEntry:
        if move.step == "":
            self._stage = Stage.PLACE
            return self._quiet()
        placed = sorted(self._take_picked(), key=lambda c: -c[1])
        colour = placed[0][0]
        self._columns[self._turn_player].setdefault(colour, []).extend(v for _, v in placed)
        values = "・".join(str(v) for _, v in placed)
        text = f"{COLOUR_NAMES[colour]}{values}を{COLOUR_NAMES[colour]}の列に並べ"
        return self._finish_turn(text, text)

    def _apply_exchange(self, move: Action) -> LogEntry:
        if move.step == "":
            self._stage = Stage.EXCHANGE
            return self._quiet()
        chosen = self._take_picked()
        self._removed[self._turn_player] += chosen
        public = f"{len(chosen)}個を伏せて上ブタに入れ（交換）"
        return self._finish_turn(public, f"{names(chosen)}を伏せて上ブタに入れ（交換）")

    def _apply_cash(self, move: Action) -> LogEntry:
        if move.step == "column":
            self._stage, self._cash_colour, self._cash_count = Stage.CASH, move.argument, 1
            return self._quiet()
        if move.step in ("more", "fewer"):
            self._cash_count += 1 if move.step == "more" else -1
            return self._quiet()
        return self._cash()

    def _cash(self) -> LogEntry:
        seat, colour = self._turn_player, self._cash_colour
        assert colour is not None
        taken = self._cash_taken()
        column = self._cash_column()
        del column[len(column) - len(taken) :]
        if not column:
            del self._columns[seat][colour]
        self._cashed[seat] += [(colour, v) for v in taken]
        payment = sorted(self._take_picked(), key=lambda c: -c[1])
        self._paid += payment
        text = (
            f"{COLOUR_NAMES[colour]}の列の{'・'.join(map(str, taken))}（計{sum(taken)}）を清算し、"
            f"{names(payment)}（計{sum(v for _, v in payment)}）で支払い"
        )
        return self._finish_turn(text, text)

    def _apply_cancel(self, _move: Action) -> LogEntry:
        self._reset_selection()
        return self._quiet()

    def _apply_pass(self, _move: Action) -> LogEntry:
        seat = self._turn_player
        return self._entry(seat, "パスした", None, self._end_turn())

    # --- helpers ---------------------------------------------------------------------------------

    def _toggle(self, move: Action) -> LogEntry:
        counter = parse_counter(move.argument)
        assert counter is not None
        if move.step == "pick":
            self._picked.append(counter)
        else:
            self._picked.remove(counter)
        return self._quiet()

    def _take_picked(self) -> list[Counter]:
        """Remove the chosen counters from the hand and return them."""
        chosen, self._picked = self._picked, []
        hand = self._hands[self._turn_player]
        for counter in chosen:
            hand.remove(counter)
        return chosen

    def _refill(self, seat: int) -> list[Counter]:
        """Draw up to a full hand as far as the bag allows; drawing its last counter starts the end."""
        hand = self._hands[seat]
        drawn = [self._bag.pop() for _ in range(min(HAND_SIZE - len(hand), len(self._bag)))]
        hand += drawn
        if drawn and not self._bag:
            self._last_drawn_by = seat
        return drawn

    def _finish_turn(self, public: str, private: str) -> LogEntry:
        """Refill after a spending action, log the whole move, and pass the turn on."""
        seat = self._turn_player
        drawn = self._refill(seat)
        if not drawn:
            empty = "、袋が空なので引かなかった"
            return self._entry(seat, public + empty, private + empty, self._end_turn())
        last = "。袋の最後のカウンターを引いた（この巡で終了）" if not self._bag else ""
        public += f"、{len(drawn)}個引いた{last}"
        private += f"、{names(drawn)}を引いた{last}"
        return self._entry(seat, public, private, self._end_turn())

    def _end_turn(self) -> str:
        """Close the turn; once the end is triggered, the game ends when the round is complete."""
        self._turns[self._turn_player] += 1
        self._reset_selection()
        following = (self._turn_player + 1) % self.players
        if self._last_drawn_by is not None and following == self._start_player:
            self._stage = Stage.OVER
            return "。ゲーム終了"
        self._turn_player = following
        return ""

    def _reset_selection(self) -> None:
        self._stage = Stage.CHOOSE
        self._picked = []
        self._cash_colour = None
        self._cash_count = 0

    def _quiet(self) -> LogEntry:
        """A selection step: no line in the move log."""
        return _QUIET[self._turn_player]

    def _entry(self, seat: int, public: str, private: str | None = None, suffix: str = "") -> LogEntry:
        name = self.seat_name(seat)
        return LogEntry(seat, f"{name}: {public}{suffix}", f"{name}: {private}{suffix}" if private else None)

    # --- text ---------------------------------------------------------------------------------

    def describe(self, action: str) -> str:
        return describe_action(action)

    # --- what a seat may see --------------------------------------------------------------------

    def bot_view(self, seat: int | None) -> dict[str, Any]:
        """What the bots read (bots.py): the bag, whether the end is triggered, the seat's own
        columns and phase (of the other seats' entries, nothing), the hand, the selection and the
        moves. A search's rollouts ask for it at every step: built without the rest of the seats'
        entries, the lid and the names, a weighing of つよい takes a fifth less time."""
        own = seat is not None and 0 <= seat < self.players
        to_move = own and seat == self.current_player
        return {
            "seat": seat,
            "players": self.players,
            "bag": len(self._bag),
            "end_triggered_by": self._last_drawn_by,
            "seats": [self._seat_for_bots(s) if s == seat else {} for s in range(self.players)],
            "hand": display_ids(self._hands[seat]) if own else None,
            "selection": self._selection_view() if to_move else None,
            "legal_actions": sorted(self._legal_actions()) if to_move else [],
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        current = self.current_player
        own = seat is not None and 0 <= seat < self.players
        to_move = own and seat == current
        view: dict[str, Any] = {
            "game": INFO.id,
            "seat": seat,
            "players": self.players,
            "seat_names": [self.seat_name(s) for s in range(self.players)],
            "stage": "setup" if self._stage is Stage.SETUP else "over" if self.is_over() else "play",
            "current_player": current,
            "start_player": self._start_player,
            "bag": len(self._bag),
            "end_triggered_by": self._last_drawn_by,
            "lid": {
                "payments": [counter_id(c) for c in self._paid],
                "payment_total": _value_sum(self._paid),
                "hidden": sum(len(part) for part in self._removed),
            },
            "seats": [self._public_seat(s) for s in range(self.players)],
            "hand": display_ids(self._hands[seat]) if own else None,
            "selection": self._selection_view() if to_move else None,
            "legal_actions": sorted(self._legal_actions()) if to_move else [],
        }
        if self._boxed:
            view["boxed"] = len(self._boxed)  # only in a shortened game: an ordinary view is unchanged
        if self.is_over():
            view["result"] = {
                "breakdown": self.breakdown(),
                "scores": self.scores(),
                "winners": self.winners(),
            }
        return view

    def _public_seat(self, seat: int) -> dict[str, Any]:
        return {
            "columns": self._columns_view(seat),
            "column_total": self._column_total(seat),
            "cashed": display_ids(self._cashed[seat]),
            "cashed_total": _value_sum(self._cashed[seat]),
            "phase": self._phase(seat),
            "hand_count": len(self._hands[seat]),
            "turns": self._turns[seat],
            "aside_count": len(self._aside[seat]),
            "exchanged_count": len(self._removed[seat]),
            "setup_done": self._stage is not Stage.SETUP
            or self._order_index(seat) < self._order_index(self._turn_player),
        }

    def _seat_for_bots(self, seat: int) -> dict[str, Any]:
        """The part of the seat's own entry in the view the bots read."""
        return {
            "columns": self._columns_view(seat),
            "column_total": self._column_total(seat),
            "phase": self._phase(seat),
        }

    def _columns_view(self, seat: int) -> dict[str, list[int]]:
        columns = self._columns[seat]
        return {c: list(columns[c]) for c in COLOURS if c in columns}

    def _column_total(self, seat: int) -> int:
        return sum(map(sum, self._columns[seat].values()))

    def _phase(self, seat: int) -> int:
        return 2 if self._phase2[seat] else 1

    def _selection_view(self) -> dict[str, Any]:
        cashing = self._cash_taken() if self._stage is Stage.CASH else []
        return {
            "mode": self._stage.value,
            "picked": [counter_id(c) for c in self._picked],
            "picked_sum": _value_sum(self._picked),
            "column": self._cash_colour,
            "cashing": [f"{self._cash_colour}{v}" for v in cashing],
            "cashing_sum": sum(cashing),
        }

    def review_view(self, seat: int | None) -> dict[str, Any]:
        """`seat`'s view with every seat's hand, set-up put-aside and exchanged counters shown, and
        the selection another seat is making (`revealed`); the bag (and the box) stay closed: they
        belong to nobody and nobody ever saw their order."""
        view = self.view(seat)
        current = self.current_player
        view["revealed"] = {
            "hands": [display_ids(hand) for hand in self._hands],
            "aside": [display_ids(part) for part in self._aside],
            "exchanged": [display_ids(part) for part in self._removed],
            "selection": self._selection_view() if current is not None and current != seat else None,
        }
        return view


_QUIET = tuple(LogEntry(seat, "") for seat in range(max(INFO.players)))
_STAGE_NAMES = {Stage.PLACE: "並べる", Stage.EXCHANGE: "交換する", Stage.CASH: "清算する"}


def _parse_all(ids: Iterable[str]) -> list[Counter]:
    counters = [parse_counter(text) for text in ids]
    if None in counters:
        raise ValueError(f"unknown counter among {ids!r}")
    return [c for c in counters if c is not None]


def _value_sum(counters: list[Counter]) -> int:
    return sum([value for _, value in counters])


def _descending(values: list[int]) -> bool:
    return all(a >= b for a, b in zip(values, values[1:], strict=False))

"""A sensible No Return player that reads only its own view.

It plans the whole turn from the view and then walks the atomic steps towards the plan, so it
needs no memory between calls. Why these choices:
- Placing: a column is worth what can later be cashed from it, and its bottom only ever goes
  down, so a placement scores the values it adds minus how far it lowers the column's bottom
  (an empty column counts as 12): blue 11+9+9 beats 11+9+9+2, and red 2 under red 7 is poor.
- Declaring: every counter left in a column is a minus point, and one turn cashes about
  CASH_PER_TURN; declare when the turns the bag still allows barely cover the columns.
- Cashing: the column segment and the one-colour payment with the least overpay, the bigger
  the cashed sum the better (overpaid value is lost).
- Exchanging: counters that can never be placed any more, then low ones.
- Part-way through a choice it completes what is already picked instead of undoing it: at the
  table that is its own plan, and a search that picks a counter for it (`engine.bots.rollouts`)
  learns what the best turn with that counter is worth.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

from engine.core import State
from engine.games.no_return.codec import COLOURS, Counter, counter_id, read_counters, without
from engine.games.no_return.rules import EXCHANGE_LIMIT, NoReturnState
from engine.rng import Rng

SETUP_JUNK = 5  # at set-up, put aside every counter up to this value
EMPTY_COLUMN = 12  # a virtual bottom above 11, so starting a column costs 12 - top
PLACE_MIN_GAIN = 8  # below this, an exchange beats a placement
CASH_PER_TURN = 12  # what one phase-2 turn cashes, roughly
DRAWS_PER_TURN = 2.5  # counters a turn takes from the bag, roughly
OVERPAY_COST = 0.5


def projected_scores(state: State) -> list[float]:
    """Each seat's score if its columns are cashed as far as the turns the bag still allows
    (about CASH_PER_TURN a turn) and the rest counts against it: mid-game, a column is a
    promise, not the minus it would be at the end."""
    assert isinstance(state, NoReturnState)
    turns_left = state.bot_view(None)["bag"] / (state.players * DRAWS_PER_TURN)
    cashable = turns_left * CASH_PER_TURN
    return [
        row["plus"] + min(row["minus"], cashable) - max(row["minus"] - cashable, 0.0)
        for row in state.breakdown()
    ]


@dataclass
class Plan:
    """What this turn should end as: the mode and the counters to choose."""

    mode: str
    counters: list[Counter] = field(default_factory=list)
    column: str | None = None
    count: int = 0  # how many counters to cash
    gain: float = 0.0  # how good the plan is (placing and cashing)


class HeuristicBot:
    def choose(self, view: dict[str, Any], rng: Rng) -> str:
        legal = view["legal_actions"]
        selection = view["selection"]
        step = _step_towards(_plan(view, selection["mode"]), selection)
        return step if step in legal else rng.choice(legal)


def _plan(view: dict[str, Any], mode: str) -> Plan:
    hand = read_counters(view["hand"])
    columns = view["seats"][view["seat"]]["columns"]
    picked = read_counters(view["selection"]["picked"])
    if mode == "setup":
        return Plan("setup", _completed([c for c in hand if c[1] <= SETUP_JUNK], picked))
    if mode == "choose":
        return _choose(view, hand, columns)
    if mode == "place":
        return _best_placement(hand, columns, keep=picked) or Plan("cancel")
    if mode == "exchange":
        junk = _junk(hand, columns, phase=view["seats"][view["seat"]]["phase"])
        return Plan("exchange", _completed(junk, picked)[: max(EXCHANGE_LIMIT, len(picked))])
    chosen = view["selection"]["column"]
    return _best_cash(hand, {chosen: columns[chosen]}, keep=picked) or Plan("cancel")


def _completed(planned: list[Counter], picked: list[Counter]) -> list[Counter]:
    """The counters already picked, then the planned ones not among them."""
    return picked + without(planned, picked)


def _holds(counters: Sequence[Counter], taken: Sequence[Counter]) -> bool:
    """Whether every counter of `taken` is among `counters` (as often as it is taken)."""
    return len(without(counters, taken)) == len(counters) - len(taken)


def _choose(view: dict[str, Any], hand: list[Counter], columns: dict[str, list[int]]) -> Plan:
    """The turn's action: declare, place, cash, exchange or pass."""
    can_exchange = view["bag"] > 0
    if view["seats"][view["seat"]]["phase"] == 1:
        if _should_declare(view):
            return Plan("declare")
        placement = _best_placement(hand, columns)
        if placement and (placement.gain >= PLACE_MIN_GAIN or not can_exchange):
            return placement
        return Plan("exchange") if can_exchange else Plan("declare")
    cash = _best_cash(hand, columns)
    if cash and (cash.gain > 0 or not can_exchange):
        return cash
    return Plan("exchange") if can_exchange else Plan("pass")


def _should_declare(view: dict[str, Any]) -> bool:
    """Declare once the turns left barely cover cashing what lies in the columns."""
    if view["end_triggered_by"] is not None:
        return True
    total = view["seats"][view["seat"]]["column_total"]
    turns_left = view["bag"] / (view["players"] * DRAWS_PER_TURN)
    return total > 0 and turns_left <= total / CASH_PER_TURN + 1


def _best_placement(
    hand: list[Counter], columns: dict[str, list[int]], keep: Sequence[Counter] = ()
) -> Plan | None:
    """The best run of one colour for its column (of the colour of `keep`, and holding it)."""
    best: Plan | None = None
    rest = without(hand, keep)
    for colour in [keep[0][0]] if keep else COLOURS:
        column = columns.get(colour)
        bottom = column[-1] if column else EMPTY_COLUMN
        fitting = sorted((c for c in rest if c[0] == colour and c[1] <= bottom), key=lambda c: -c[1])
        for size in range(0 if keep else 1, len(fitting) + 1):
            run = sorted([*keep, *fitting[:size]], key=lambda c: -c[1]) if keep else fitting[:size]
            gain = sum(v for _, v in run) - (bottom - run[-1][1])
            if best is None or gain > best.gain:
                best = Plan("place", run, gain=gain)
    return best


def _junk(hand: list[Counter], columns: dict[str, list[int]], *, phase: int) -> list[Counter]:
    """Up to EXCHANGE_LIMIT counters worth least: those that can no longer be placed first (phase 1)."""

    def worth(counter: Counter) -> tuple[int, int]:
        column = columns.get(counter[0])
        placeable = phase == 1 and (not column or column[-1] >= counter[1])
        return (1 if placeable else 0, counter[1])

    ranked = sorted(hand, key=worth)
    junk = [c for c in ranked[:EXCHANGE_LIMIT] if worth(c) < (1, 6)]
    return junk or ranked[:1]


def _best_cash(
    hand: list[Counter], columns: dict[str, list[int]], keep: Sequence[Counter] = ()
) -> Plan | None:
    """The column segment and payment with the best cashed sum for the least overpay (a payment
    of the colour of `keep`, holding it)."""
    if keep:
        totals, options = _payments(_of_colour(hand, keep[0][0]))
        held = [(total, p) for total, p in zip(totals, options, strict=True) if _holds(p, keep)]
        payments = [(tuple(total for total, _ in held), tuple(p for _, p in held))]
    else:
        payments = [_payments(same) for same in _by_colour(hand)]
    most = max((totals[-1] for totals, _ in payments if totals), default=0)
    best: Plan | None = None
    for colour, column in columns.items():
        need = 0
        for size, value in enumerate(reversed(column), start=1):
            need += value
            if need > most:
                break  # nothing pays this much, nor any longer segment
            for totals, options in payments:
                cheapest = bisect_left(totals, need)  # the first (cheapest) payment that covers it
                if cheapest == len(totals):
                    continue
                gain = need - OVERPAY_COST * (totals[cheapest] - need)
                if best is None or gain > best.gain:
                    best = Plan("cash", list(options[cheapest]), column=colour, count=size, gain=gain)
    return best


def _of_colour(hand: list[Counter], colour: str) -> tuple[Counter, ...]:
    return tuple(c for c in hand if c[0] == colour)


def _by_colour(hand: list[Counter]) -> list[tuple[Counter, ...]]:
    """The hand's counters of each colour it holds, in hand order, the colours sorted (no
    dependence on string hashing): `_of_colour` for every colour in one pass over the hand."""
    groups: dict[str, list[Counter]] = {}
    for counter in hand:
        groups.setdefault(counter[0], []).append(counter)
    return [tuple(groups[colour]) for colour in sorted(groups)]


@lru_cache(maxsize=4096)
def _payments(same: tuple[Counter, ...]) -> tuple[tuple[int, ...], tuple[tuple[Counter, ...], ...]]:
    """Every set of these same-coloured counters, cheapest first (then fewest counters), with its
    sum. Cached: a search's rollouts ask for the same hand's payments at step after step."""
    subsets = {s for size in range(1, len(same) + 1) for s in combinations(same, size)}
    ranked = sorted((sum(v for _, v in s), len(s), s) for s in subsets)
    return tuple(total for total, _, _ in ranked), tuple(s for _, _, s in ranked)


def _step_towards(plan: Plan, selection: dict[str, Any]) -> str:
    """The next atomic step from the current selection to the planned one."""
    mode = selection["mode"]
    if plan.mode in ("declare", "pass", "cancel"):
        return plan.mode
    if mode == "choose":
        return f"cash:column:{plan.column}" if plan.mode == "cash" else plan.mode
    if mode == "cash" and len(selection["cashing"]) != plan.count:
        return "cash:more" if len(selection["cashing"]) < plan.count else "cash:fewer"
    picked = read_counters(selection["picked"])
    unwanted, wanted = without(picked, plan.counters), without(plan.counters, picked)
    if unwanted:
        return f"{mode}:unpick:{counter_id(unwanted[0])}"
    if wanted:
        return f"{mode}:pick:{counter_id(wanted[0])}"
    return f"{mode}:done"

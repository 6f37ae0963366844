"""A sensible Bottle Imp player that reads only its own view.

Why these choices:
- Passing: low cards are the danger of the game (whoever plays the last card under the price
  keeps the bottle), so the three (2 players: four) lowest cards leave the hand: the lowest into
  the Imp's trick, the next ones to the neighbours.
- Playing: each legal card is valued by what the trick would do with it as things stand. Winning
  above the price earns the trick's coins (less likely with players still to come, who may go
  under the price). Taking the bottle costs what the holder loses (the Imp's trick and every
  coin it won) times the chance of being stuck with it, which falls with the number of unseen
  cards below the new price. Playing a low card under someone else's lower-than-price winner is
  a safe way to shed a danger; giving a rich card to another player's trick costs a little.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cached_property
from typing import Any

from engine.core import State
from engine.games.bottle_imp.cards import COINS, DECK, START_PRICE, coins, trick_winner
from engine.games.bottle_imp.rules import BottleImpState, trick_size
from engine.rng import Rng

COIN_MEAN = 3.5
LATER_KEEP = 0.55  # chance that one player still to come leaves a winning high card alone
SHED_WEIGHT = 0.25  # value of shedding a low card safely, per point below the start price
GIFT_WEIGHT = 0.35  # cost of each coin given to another player's trick
HIGH_CARD_WEIGHT = 0.15  # cost of spending a high card on a trick it does not win


def projected_scores(state: State) -> list[float]:
    """The totals with the hand in play scored as it stands: the totals alone change only when a
    hand ends, which a search's short rollouts seldom reach."""
    assert isinstance(state, BottleImpState)
    return [float(points) for points in state.standing()]


def hand_horizon(state: State) -> int:
    """A search's rollout plays to the end of the hand (about one turn a card; with the passing
    first): the totals change only then, and a rollout of a trick or two judged the bottle
    before its price had settled."""
    assert isinstance(state, BottleImpState)
    return state.plays_left_in_hand()


class HeuristicBot:
    def choose(self, view: dict[str, Any], rng: Rng) -> str:
        legal = view["legal_actions"]
        if view["stage"] == "passing":
            step = _passing_step(view)
        else:
            table = _Table(view)
            step = max(legal, key=lambda action: (table.value(int(action.split(":")[1])), action))
        return step if step in legal else rng.choice(legal)


# --- passing ---------------------------------------------------------------------------------------


def _passing_step(view: dict[str, Any]) -> str:
    """The next step from the current choice to the planned one: lowest cards out."""
    passing = view["passing"]
    plan = sorted(view["hand"])[: len(passing["slots"])]
    for card in passing["picks"]:
        if card is not None and card not in plan:
            return f"back:{card}"
    if None not in passing["picks"]:
        return "done"
    slot = passing["picks"].index(None)
    wanted = next(c for c in plan if c not in passing["picks"])
    return f"{passing['slots'][slot]}:{wanted}"


# --- playing ---------------------------------------------------------------------------------------------


class _Table:
    """The trick and the cards as this seat sees them, read once for every card it might play."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me, self.price = view["seat"], view["price"]
        self.trick = [(seat, c) for seat, c, _ in view["trick"]]
        self.later = trick_size(view["players"]) - len(self.trick) - 1

    def value(self, card: int) -> float:
        """How good playing `card` now looks."""
        me, price = self.me, self.price
        trick = [*self.trick, (me, card)]
        cards = [c for _, c in trick]
        winner = trick[trick_winner(cards, price)][0]
        shed = SHED_WEIGHT * max(0, START_PRICE - card)
        if winner != me:
            spent_high = HIGH_CARD_WEIGHT * max(0, card - price) if card > price else 0.0
            return shed - GIFT_WEIGHT * COINS[card] - spent_high
        gain = coins(cards) + COIN_MEAN * self.later
        if card >= price:
            keep = LATER_KEEP**self.later
            return gain * keep - GIFT_WEIGHT * COINS[card] * (1 - keep)
        return 0.5 * gain - self.bottle_risk(card)

    def bottle_risk(self, new_price: int) -> float:
        """Expected loss from taking the bottle at `new_price`: what a holder loses, times the
        chance that nobody takes it over (fewer unseen lower cards, more of my own lower cards)."""
        loss, own, unseen = self._holding
        own_below = bisect_left(own, new_price)
        unseen_below = bisect_left(unseen, new_price)
        stuck = (1 + own_below) / (1 + own_below + unseen_below)
        return loss * stuck

    @cached_property
    def _holding(self) -> tuple[float, list[int], list[int]]:
        """What a holder of the bottle would lose, my cards and the unseen ones (both sorted)."""
        view, seats = self.view, self.view["seats"]
        mine = set(view["hand"]) | set(seats[self.me]["open"])
        seen = mine | {c for s in seats for c in s["played"]} | {c for s in seats for c in s["open"]}
        loss = COIN_MEAN * view["imp_count"] + seats[self.me]["won_coins"] + COIN_MEAN * len(mine) / 2
        return loss, sorted(mine), [c for c in DECK if c not in seen]

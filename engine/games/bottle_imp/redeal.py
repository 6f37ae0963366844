"""Deal hidden cards afresh into fixed places, respecting the suits a place may not hold.

`resample_hidden` needs a deal of the cards a seat cannot see into the places it cannot see
(other hands, the Imp's trick) with the same sizes, where a player who failed to follow a suit
holds none of it. Cards of one suit are interchangeable for the constraints, so a partial deal
can be completed iff Hall's condition holds for every set of suits: the cards left of those
suits fit into the room left in the places that accept at least one of them. Each card goes
to a random place (weighted by the room left) among those that keep the deal completable.

>>> deal([1, 2, 4, 11], [Place(2, "BR"), Place(2, "YBR")], Rng(3))
[[4, 11], [1, 2]]
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from engine.games.bottle_imp.cards import SUIT, SUITS
from engine.rng import Rng

_SUIT_SETS = [set(group) for size in (1, 2, 3) for group in combinations(SUITS, size)]


class Place(NamedTuple):
    room: int
    suits: str
    """The suits this place may hold."""


def deal(cards: list[int], places: list[Place], rng: Rng) -> list[list[int]]:
    """Every card into a place, each place filled to its room; the result depends only on the
    arguments. The caller guarantees that some complete deal exists (the real one does)."""
    assert len(cards) == sum(place.room for place in places), "cards and room differ"
    order = sorted(cards)
    rng.shuffle(order)
    room = [place.room for place in places]
    left = {suit: sum(1 for c in order if SUIT[c] == suit) for suit in SUITS}
    constrained = any(len(place.suits) < len(SUITS) for place in places)
    touching = [[i for i, place in enumerate(places) if suits & set(place.suits)] for suits in _SUIT_SETS]
    dealt: list[list[int]] = [[] for _ in places]
    for card in order:
        suit = SUIT[card]
        left[suit] -= 1
        fits = [i for i, place in enumerate(places) if room[i] and suit in place.suits]
        if constrained:
            fits = [i for i in fits if _completable(left, room, touching, taking=i)]
        assert fits, "no complete deal exists"
        where = _weighted(fits, room, rng)
        dealt[where].append(card)
        room[where] -= 1
    return [sorted(part) for part in dealt]


def _completable(left: dict[str, int], room: list[int], touching: list[list[int]], *, taking: int) -> bool:
    """Could the cards still `left` be dealt if place `taking` takes the current card?
    `touching[k]` lists the places that accept some suit of the k-th set of suits."""
    for suits, places in zip(_SUIT_SETS, touching, strict=True):
        space = sum(room[i] for i in places) - (taking in places)
        if sum(left[s] for s in suits) > space:
            return False
    return True


def _weighted(choices: list[int], room: list[int], rng: Rng) -> int:
    """One of `choices`, each as likely as the room it has left (as a real deal would be)."""
    ticket = rng.below(sum(room[i] for i in choices))
    for i in choices:
        ticket -= room[i]
        if ticket < 0:
            return i
    raise AssertionError("unreachable")

"""Dealing hidden cards afresh so that what a seat has seen stays true (for resample_hidden).

A seat that saw a player fail to follow a suit knows that player holds none of it: the new deal
gives no such card to that hand. Cards are dealt one at a time to a random place with room
(weighted by room), and a place is taken only if the rest can still be dealt, which Hall's
condition decides over the four suits (Valknut and Hagalaz may go anywhere). A real deal exists,
so some place always works.

>>> from engine.rng import Rng
>>> hands = deal_hidden(["R1", "R2", "B1", "B2"], [(2, frozenset("R")), (2, frozenset())], Rng(3))
>>> sorted(hands[0]), sorted(hands[1])
(['B1', 'B2'], ['R1', 'R2'])
"""

from __future__ import annotations

from itertools import combinations

from engine.games.herrlof.cards import SUITS, suit_of
from engine.rng import Rng

Place = tuple[int, frozenset[str]]
"""Where hidden cards lie: how many, and the suits it cannot hold."""

_SUBSETS = [frozenset(group) for size in range(1, len(SUITS) + 1) for group in combinations(SUITS, size)]


def deal_hidden(pool: list[str], places: list[Place], rng: Rng) -> list[list[str]]:
    """Deal the cards of `pool` into `places` (sizes summing to the pool's size) at random."""
    cards = sorted(pool)
    rng.shuffle(cards)
    if not any(forbidden for _, forbidden in places):
        dealt, start = [], 0
        for size, _ in places:
            dealt.append(cards[start : start + size])
            start += size
        return dealt
    room = [size for size, _ in places]
    left = {suit: 0 for suit in SUITS}
    for card in cards:
        if suit_of(card):
            left[suit_of(card)] += 1  # type: ignore[index]
    dealt = [[] for _ in places]
    for card in cards:
        suit = suit_of(card)
        options = [i for i, (_, forbidden) in enumerate(places) if room[i] and suit not in forbidden]
        while True:
            assert options, "no deal respects what the seat knows"
            place = _weighted(options, room, rng)
            room[place] -= 1
            if suit:
                left[suit] -= 1
            if _can_finish(left, room, places):
                break
            room[place] += 1
            if suit:
                left[suit] += 1
            options.remove(place)
        dealt[place].append(card)
    return dealt


def _weighted(options: list[int], room: list[int], rng: Rng) -> int:
    """One of `options`, each as likely as the room it has left."""
    pick = rng.below(sum(room[i] for i in options))
    for i in options:
        pick -= room[i]
        if pick < 0:
            return i
    raise AssertionError("unreachable")


def _can_finish(left: dict[str, int], room: list[int], places: list[Place]) -> bool:
    """Hall's condition: every group of suits fits in the room of the places that take any of it."""
    for group in _SUBSETS:
        need = sum(left[suit] for suit in group)
        if need and need > sum(room[i] for i, (_, forbidden) in enumerate(places) if not group <= forbidden):
            return False
    return True

"""Herrlof's trick rules as pure functions over plain data: what may be played, who wins, who leads.

A trick is written as its cards in play order (the leader's first).

>>> playable(["R2", "B9", "H"], ["R7"])
['R2', 'H']
>>> trick_winner(["R2", "B9"], trump=None), trick_winner(["R2", "B9"], trump="B")
(0, 1)
>>> trick_winner(["H", "G4", "G8"], trump=None), trick_winner(["R9", "V"], trump=None) is None
(2, True)
>>> next_leader([1, 0], ["H", "R4"], winner=1, players=2)
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.games.herrlof.cards import ALL_CARDS, HAGALAZ, SUITS, VALKNUT, rank_of, suit_of


def follow_suit(trick: Sequence[str]) -> str | None:
    """The suit the followers must play: the lead's; none after a Valknut or Hagalaz lead."""
    return suit_of(trick[0]) if trick else None


_SUITED = {suit: frozenset(card for card in ALL_CARDS if suit_of(card) == suit) for suit in SUITS}
_MAY_FOLLOW = {suit: _SUITED[suit] | {VALKNUT, HAGALAZ} for suit in SUITS}
"""The cards of each suit, and those that may follow it: sets, as the legal moves are worked out
at every step of a search's rollouts."""


def playable(hand: Iterable[str], trick: Sequence[str]) -> list[str]:
    """The distinct cards of `hand` that may join `trick`: the led suit if the hand has it
    (a Valknut or a Hagalaz always may), else anything."""
    cards = list(dict.fromkeys(hand))
    suit = follow_suit(trick)
    if suit is None or _SUITED[suit].isdisjoint(cards):
        return cards
    return [card for card in cards if card in _MAY_FOLLOW[suit]]


def is_destroyed(trick: Sequence[str]) -> bool:
    """A Valknut destroys the trick: nobody wins it."""
    return VALKNUT in trick


def trick_winner(trick: Sequence[str], *, trump: str | None) -> int | None:
    """Position (in play order) of the card that wins; None when a Valknut destroys the trick.

    First that applies: two or more Hagalaz, the leader; a trump, the highest trump; else the
    highest card of the led suit, which after a Hagalaz lead is the first suited card's suit.
    A lone Hagalaz never wins (in a trick still being played it may be ahead: no card to beat).
    """
    if is_destroyed(trick):
        return None
    if trick.count(HAGALAZ) >= 2:
        return 0
    suits = [suit_of(card) for card in trick]
    led = next((suit for suit in suits if suit), None)
    if led is None:
        return 0
    best = trump if trump is not None and trump in suits else led
    winner, top = 0, 0
    for i, suit in enumerate(suits):  # one pass: a suit's numbers are all different
        if suit == best and rank_of(trick[i]) > top:
            winner, top = i, rank_of(trick[i])
    return winner


def winning_cards(trick: Sequence[str], cards: Iterable[str], *, trump: str | None) -> list[str]:
    """The cards of `cards` (in their order) that would win `trick`, begun and not yet complete, as
    it stands if played now: those for which `trick_winner([*trick, card])` is the new card's place.
    One pass over the trick for all of them (a bot asks this for every card in its hand).

    >>> winning_cards(["R5"], ["R7", "R2", "B9", "H", "V"], trump="B")
    ['R7', 'B9']
    """
    if is_destroyed(trick) or trick.count(HAGALAZ) >= 2:
        return []  # destroyed, or the leader's whatever comes
    top: dict[str | None, int] = {}  # the highest number of each suit in the trick
    for card in trick:
        top[suit_of(card)] = max(top.get(suit_of(card), 0), rank_of(card))
    led = follow_suit([card for card in trick if suit_of(card)])
    winners = []
    for card in cards:
        suit = suit_of(card)
        if suit is None:
            continue  # a Valknut destroys the trick; a Hagalaz after a suited card loses
        best = trump if trump is not None and (trump in top or suit == trump) else (led or suit)
        if suit == best and rank_of(card) > top.get(suit, 0):
            winners.append(card)
    return winners


def next_leader(seats: Sequence[int], trick: Sequence[str], *, winner: int, players: int) -> int:
    """Who leads after a trick `winner` (a seat) won, first that applies: the first player in
    play order who played a Hagalaz and lost; the winner's left neighbour when the winning card
    is a 9; the winner."""
    for seat, card in zip(seats, trick, strict=True):
        if card == HAGALAZ and seat != winner:
            return seat
    if rank_of(trick[seats.index(winner)]) == 9:
        return (winner + 1) % players
    return winner

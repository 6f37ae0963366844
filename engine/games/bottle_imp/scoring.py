"""The Bottle Imp's hand score and winners: pure functions over plain data.

A player without the bottle scores the coins of the cards it won; the holder scores nothing
for its own won cards and loses the coins of the Imp's trick (RULES-NOTES, the ruling against
the seed's abridged "all become minus").

>>> hand_scores([[24, 15, 17, 32], [37]], holder=0, imp=[1, 2])
[-2, 6]
>>> winners([120, 95, 120])
[0, 2]
"""

from __future__ import annotations

from engine.games.bottle_imp.cards import coins


def hand_scores(won: list[list[int]], *, holder: int, imp: list[int]) -> list[int]:
    return [-coins(imp) if seat == holder else coins(cards) for seat, cards in enumerate(won)]


def winners(totals: list[int]) -> list[int]:
    """The highest total wins; equal highest totals share the win."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]

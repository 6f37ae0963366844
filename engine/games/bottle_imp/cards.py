"""The Bottle Imp's deck (2003 edition): 36 cards numbered 1–37 without 19, in three suits.

Each suit has 12 cards whose coins run 1, 1, 2, 2, ..., 6, 6 in rising order of number, so every
suit holds 42 coins and the deck 126. The 19 is the start price and is never dealt.

>>> SUIT[24], COINS[24], card_name(24), card_label(24)
('B', 4, '青24', '24（青●・コイン4）')
>>> trick_winner([24, 15, 17, 32], price=19)
2
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.colours import COLOURS

START_PRICE = 19
SUITS = ("Y", "B", "R")
SUIT_NAMES = {suit: COLOURS[suit].name for suit in SUITS}
SUIT_SYMBOLS = {suit: COLOURS[suit].symbol for suit in SUITS}
"""The site's colour code (engine.colours), so a reader of every page meets one code."""

SUIT_CARDS: dict[str, tuple[int, ...]] = {
    "Y": (1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 25, 28),
    "B": (4, 6, 8, 10, 13, 17, 20, 24, 27, 30, 32, 34),
    "R": (11, 14, 16, 21, 23, 26, 29, 31, 33, 35, 36, 37),
}
SUIT: dict[int, str] = {card: suit for suit, cards in SUIT_CARDS.items() for card in cards}
COINS: dict[int, int] = {card: 1 + i // 2 for cards in SUIT_CARDS.values() for i, card in enumerate(cards)}
DECK: tuple[int, ...] = tuple(sorted(SUIT))
"""The 36 cards that are dealt, in order of number."""


def suit_label(suit: str) -> str:
    """A suit as the pages write it: its colour and its symbol, "青●"."""
    return f"{SUIT_NAMES[suit]}{SUIT_SYMBOLS[suit]}"


def card_name(card: int) -> str:
    """Short Japanese name for the move log: "青24"; the 19 has no suit."""
    return str(card) if card == START_PRICE else f"{SUIT_NAMES[SUIT[card]]}{card}"


def card_label(card: int) -> str:
    """Accessible name that starts with the printed number: "24（青●・コイン3）"."""
    if card == START_PRICE:
        return f"{card}（スタートの値段）"
    return f"{card}（{suit_label(SUIT[card])}・コイン{COINS[card]}）"


def names(cards: Iterable[int]) -> str:
    """Japanese list: "青24・黄15"."""
    return "・".join(card_name(c) for c in cards)


def coins(cards: Iterable[int]) -> int:
    return sum(COINS[c] for c in cards)


def trick_winner(cards: list[int], price: int) -> int:
    """Index of the winning card: the highest card below the price if there is one, else the
    highest card. Suits never matter here."""
    below = [c for c in cards if c < price]
    return cards.index(max(below) if below else max(cards))


def following(cards: list[int], led: str | None) -> list[int]:
    """The cards of one hand that may be played to a trick led in `led` (None: leading).

    >>> following([4, 11], "R"), following([4, 12], "R")
    ([11], [4, 12])
    """
    if led is None:
        return list(cards)
    same = [c for c in cards if SUIT[c] == led]
    return same or list(cards)

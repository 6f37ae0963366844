"""The engine's own seeded generator (SplitMix64).

Python's `random` may change between versions; this one gives the same numbers in CPython 3.11
and in Pyodide's 3.14, so a game is fully described by its seed and its actions.

>>> Rng(7).below(100), Rng(7).below(100)
(87, 87)
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def copy(self) -> Rng:
        """An independent generator at the same position."""
        twin = Rng(0)
        twin._state = self._state
        return twin

    def position(self) -> int:
        """Where the generator stands: two generators agree on every later number iff equal."""
        return self._state

    def next64(self) -> int:
        """Return the next 64-bit number."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

"""Numbers as a Japanese rulebook prints them, for every game's view.

>>> points(-12), points(0), signed(5), signed(-3)
('−12', '0', '+5', '−3')
"""

from __future__ import annotations

MINUS = "\u2212"  # a true minus sign, not a hyphen


def points(value: int) -> str:
    """A score: a true minus sign below zero, and 0 without a sign."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A change of score: always with its sign, but 0 without one."""
    return f"+{value}" if value > 0 else points(value)

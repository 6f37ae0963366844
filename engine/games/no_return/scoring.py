"""No Return's final score: cashed values minus the values left in one's columns.

Pure functions over plain data, so the rules, the view and the tests share one reckoning.

>>> rows = breakdown([[("G", 11)], []], [{"K": [8]}, {"R": [3]}])
>>> [row["total"] for row in rows], winners(rows)
([3, -3], [0])
"""

from __future__ import annotations

from typing import Any

COLOUR_ORDER = "BRGPKY"


def breakdown(
    cashed: list[list[tuple[str, int]]], columns: list[dict[str, list[int]]]
) -> list[dict[str, Any]]:
    """Per seat: the cashed counters (plus), what is left in the columns (minus), and the total."""
    rows = []
    for pile, seat_columns in zip(cashed, columns, strict=True):
        plus = sum(value for _, value in pile)
        minus = sum(sum(values) for values in seat_columns.values())
        ordered = sorted(pile, key=lambda c: (COLOUR_ORDER.index(c[0]), -c[1]))
        rows.append(
            {
                "cashed": [f"{colour}{value}" for colour, value in ordered],
                "plus": plus,
                "left": {c: list(seat_columns[c]) for c in COLOUR_ORDER if seat_columns.get(c)},
                "minus": minus,
                "total": plus - minus,
            }
        )
    return rows


def winners(rows: list[dict[str, Any]]) -> list[int]:
    """Highest total wins; a tie goes to fewer minus points, then the win is shared."""
    best = max(row["total"] for row in rows)
    fewest = min(row["minus"] for row in rows if row["total"] == best)
    return [seat for seat, row in enumerate(rows) if row["total"] == best and row["minus"] == fewest]

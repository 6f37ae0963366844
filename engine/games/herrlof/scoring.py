"""Herrlof's round score and the game's winners, pure functions over plain data.

>>> round_points(bid=4, tricks=4)
{'tricks': 4, 'exact': 10, 'band': 5, 'points': 19}
>>> round_points(bid=0, tricks=7)['points']
7
>>> winners(totals=[52, 52], exact=[3, 2], last_tricks=[4, 9])
[0]
"""

from __future__ import annotations

EXACT_BONUS = 10
BAND_BONUS = 5
BAND = range(3, 6)  # 3, 4 or 5 tricks, whatever the bid


def round_points(*, bid: int, tricks: int) -> dict[str, int]:
    """One seat's round: a point a trick, 10 for tricks equal to the bid, 5 for 3 to 5 tricks."""
    exact = EXACT_BONUS if tricks == bid else 0
    band = BAND_BONUS if tricks in BAND else 0
    return {"tricks": tricks, "exact": exact, "band": band, "points": tricks + exact + band}


def winners(*, totals: list[int], exact: list[int], last_tricks: list[int]) -> list[int]:
    """Highest total; among equal totals more exact bids, then more tricks in the last round;
    seats still equal share the win."""
    ranks = [(total, hits, tricks) for total, hits, tricks in zip(totals, exact, last_tricks, strict=True)]
    best = max(ranks)
    return [seat for seat, rank in enumerate(ranks) if rank == best]


def deciding_rule(*, totals: list[int], exact: list[int], last_tricks: list[int]) -> str:
    """What decided the winner: "total", "exact", "last-round" or "shared"."""
    top = [s for s, total in enumerate(totals) if total == max(totals)]
    if len(top) == 1:
        return "total"
    hits = [exact[s] for s in top]
    if hits.count(max(hits)) == 1:
        return "exact"
    top = [s for s in top if exact[s] == max(hits)]
    tricks = [last_tricks[s] for s in top]
    return "last-round" if tricks.count(max(tricks)) == 1 else "shared"

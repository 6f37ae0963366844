"""A sensible Necropolis player that reads only its own view.

Why these priorities: a tile in a grave costs nothing while a mastaba tile costs its pips, so
bury what fits, the heaviest first; a rebuild from the mastaba always saves the old starting
tile's pips (the new start leaves the mastaba); an exchange pays off when the tile returned is
much heavier than an average unseen tile.
"""

from __future__ import annotations

from typing import Any

from engine.games.necropolis.rules import ALL_TILES, Tile, parse_tile, penalty, pips, tile_id
from engine.rng import Rng

REBUILD_GAIN = 5
EXCHANGE_GAIN = 4
PROPOSE_BELOW_PILE = 8


class HeuristicBot:
    def choose(self, view: dict[str, Any], rng: Rng) -> str:
        legal = view["legal_actions"]
        if "accept" in legal:
            return "accept" if _my_estimate(view) < _their_estimate(view) else "decline"
        adds = [a for a in legal if a.startswith("add:")]
        if "keep" in legal:
            return rng.choice(adds) if adds else "keep"
        return self._turn(view, legal)

    def _turn(self, view: dict[str, Any], legal: list[str]) -> str:
        moves = [a for a in legal if a.startswith("move:")]
        if moves:
            return max(moves, key=lambda a: (pips(parse_tile(a.rsplit(":", 1)[1])), a))
        seat = view["seat"]
        start_pips = pips(parse_tile(view["starts"][seat]))
        rebuilds = [a for a in legal if a.startswith("rebuild:") and a != "rebuild:draw"]
        if rebuilds and start_pips >= REBUILD_GAIN:
            return max(rebuilds, key=lambda a: (pips(parse_tile(a.split(":")[1])), a))
        endgame = view["pile"] < PROPOSE_BELOW_PILE
        if "propose" in legal and endgame and _my_estimate(view) + 2 < _their_estimate(view):
            return "propose"
        exchanges = [a for a in legal if a.startswith("exchange:")]
        if exchanges:
            heaviest = max(exchanges, key=lambda a: (pips(parse_tile(a.split(":")[1])), a))
            if pips(parse_tile(heaviest.split(":")[1])) - unseen_average(view) >= EXCHANGE_GAIN:
                return heaviest
        return "draw" if "draw" in legal else legal[0]


def unseen_tiles(view: dict[str, Any]) -> list[Tile]:
    """The tiles the seat has not seen: the pile's, the opponent's mastaba and its drawn tile."""
    seen = {t for grave in view["graves"] for t in grave} | set(view["discarded"])
    seen |= set(view["mastabas"][view["seat"]] or []) | ({view["drawn"]} if view["drawn"] else set())
    seen = {tile_id(tuple(sorted(parse_tile(t)))) for t in seen}
    return [t for t in ALL_TILES if tile_id(t) not in seen]


def unseen_average(view: dict[str, Any]) -> float:
    """The mean pips of the tiles the seat has not seen (0 when it has seen them all)."""
    unseen = [pips(t) for t in unseen_tiles(view)]
    return sum(unseen) / len(unseen) if unseen else 0.0


def _my_estimate(view: dict[str, Any]) -> float:
    seat = view["seat"]
    return penalty([parse_tile(t) for t in view["mastabas"][seat] or []], parse_tile(view["starts"][seat]))


def _their_estimate(view: dict[str, Any]) -> float:
    other = 1 - view["seat"]
    hidden = view["mastaba_counts"][other] * unseen_average(view)
    return hidden + penalty([], parse_tile(view["starts"][other]))

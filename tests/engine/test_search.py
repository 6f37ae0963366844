"""The search bot, for every registered game at every player count (small budgets: the strength
targets live in `make bench`, see build_tools/bench_search.py).

The choices in golden/<game>.search.json were made by host CPython; the Pyodide run of this
suite checks them on the browser's Python. Regenerate them on purpose with

    python -m tests.engine.test_search
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.bots.levels import LEVELS
from engine.bots.perspective import Perspective
from engine.bots.search import SearchBot
from engine.core import State
from engine.registry import games
from engine.rng import Rng

from .harness import Table, tables

GOLDEN = Path(__file__).with_name("golden")
ITERATIONS = 12
POSITIONS = 6


def searcher(table: Table) -> SearchBot:
    """A fresh bot (its own plan cache) at a small budget, without the wall-clock cap."""
    _, heuristic = table.game.bots["heuristic"]
    return SearchBot(heuristic(), ITERATIONS, evaluate=table.game.projected_scores)


def positions(table: Table, count: int = POSITIONS) -> Iterator[State]:
    """Positions of seeded games between heuristic bots (a random move now and then) where the
    seat to move has a choice, some of them part-way through a turn."""
    _, make = table.game.bots["heuristic"]
    heuristic = make()
    found = 0
    for seed in range(count):
        state, rng = table.new_game(seed), Rng(seed)
        stop = 3 + rng.below(40)
        for _ in range(stop):
            if state.is_over():
                break
            seat = state.current_player
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if rng.below(6) == 0 else heuristic.choose(state.view(seat), rng))
        while not state.is_over() and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        if not state.is_over():
            found += 1
            yield state
    assert found, f"{table.id}: no position with a choice"


def twin(state: State, seat: int, rng: Rng) -> Perspective | None:
    """The same turn as `seat` lived it, with everything hidden from it drawn afresh at the turn's
    start; None where the draw would have shown the seat something different."""
    past = Perspective(state, seat).turn()
    start = past[0][0].sample(rng) if past else state.resample_hidden(seat, rng)
    lived: list[tuple[State, str]] = []
    for point, action in past:
        if start.view(seat) != point.view() or action not in start.legal_actions():
            return None
        lived.append((start.clone(), action))
        start.apply(action)
    if start.view(seat) != state.view(seat):
        return None
    return Perspective(start, seat, past=lived)


@pytest.mark.parametrize("table", tables(), ids=lambda t: t.id)
def test_the_search_chooses_from_what_its_seat_knows_alone(table: Table) -> None:
    """Two states that differ only in what the seat cannot see give the same choice."""
    compared = 0
    for state in positions(table):
        seat = state.current_player
        assert seat is not None
        other = next(filter(None, (twin(state, seat, Rng(k)) for k in range(20))), None)
        if other is None:
            continue
        choice = searcher(table).choose(Perspective(state, seat), Rng(7))
        assert choice in state.legal_actions()
        assert searcher(table).choose(other, Rng(7)) == choice
        compared += 1
    assert compared, f"{table.id}: no position could be redrawn"


@pytest.mark.parametrize("table", tables(), ids=lambda t: t.id)
def test_a_search_seat_plays_to_the_end_without_going_round_in_circles(table: Table) -> None:
    """Within a turn the search never brings its seat back to a view it already had."""
    bot = searcher(table)
    _, make = table.game.bots["heuristic"]
    heuristic = make()
    state, rng = table.new_game(11), Rng(11)
    views: list[str] = []
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        if seat != 0:
            views = []
            state.apply(heuristic.choose(state.view(seat), rng))
            continue
        view = json.dumps(state.view(seat), sort_keys=True)
        assert view not in views, f"{table.id}: the search went back to an earlier view"
        views.append(view)
        state.apply(bot.choose(Perspective(state, seat), rng))
    assert state.winners()


@pytest.mark.parametrize("table", tables(), ids=lambda t: t.id)
def test_every_log_line_belongs_to_the_seat_that_acted(table: Table) -> None:
    """Perspective.turn finds the seat's own run of actions through the journal."""
    state, rng = table.new_game(5), Rng(5)
    while not state.is_over():
        seat = state.current_player
        state.apply(rng.choice(state.legal_actions()))
        assert state.journal[-1].seat == seat


@pytest.mark.parametrize("table", tables(), ids=lambda t: t.id)
def test_choices_match_the_recorded_ones(table: Table) -> None:
    path = GOLDEN / f"{table.game.id}.search.json"
    recorded = json.loads(path.read_text()) if path.exists() else {}
    assert table.id in recorded, f"no recorded choices for {table.id}: run python -m tests.engine.test_search"
    assert choices(table) == recorded[table.id]


def choices(table: Table) -> list[str]:
    bot = searcher(table)
    return [
        bot.choose(Perspective(state, state.current_player), Rng(3))  # type: ignore[arg-type]
        for state in positions(table)
    ]


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_level_plays_a_legal_move(game_id: str) -> None:
    game = games()[game_id]
    state = game.state_class(game.info.players[0], 4)
    for key, level in LEVELS.items():
        seat = state.current_player
        assert seat is not None
        assert level.make(game).choose(Perspective(state, seat), Rng(4)) in state.legal_actions(), key
    assert game.default_bot in LEVELS


def main() -> None:
    """Record the search's choices for every table, one file per game."""
    by_game: dict[str, dict[str, list[str]]] = {}
    for table in tables():
        by_game.setdefault(table.game.id, {})[table.id] = choices(table)
    for game_id, recorded in by_game.items():
        (GOLDEN / f"{game_id}.search.json").write_text(json.dumps(recorded, indent=1) + "\n")
        print(f"wrote golden/{game_id}.search.json")


if __name__ == "__main__":
    main()

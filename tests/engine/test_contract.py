"""The shared suite: every registered game, at every player count, keeps the engine's contract.

A game is covered here the moment it is registered; its own test file holds only its rules and
decisions. See harness.py for what each random game checks.
"""

from __future__ import annotations

import re
from itertools import islice

import pytest

import engine
from engine.bots.levels import LEVELS
from engine.core import State, canonical, position_key
from engine.registry import games
from engine.rng import Rng

from .harness import COVER_GAMES, GAMES, Table, check_hidden, random_games, run_invariants, tables

TABLES = tables()
GAME_IDS = sorted(games())


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.id)
def test_invariants_over_random_games(table: Table) -> None:
    games = COVER_GAMES if table.cover else GAMES
    assert run_invariants(table, games) == games


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_describes_itself(game_id: str) -> None:
    game = engine.find_game(game_id)
    info = game.info
    assert info.id == game_id and not info.name.isascii() and info.players
    assert {"random", "heuristic"} <= set(game.bots)
    assert game.default_bot in LEVELS
    assert info.rule_anchors and all(re.fullmatch(r"[a-z0-9-]+", a) for a in info.rule_anchors)
    for option in info.options:
        assert not option.label.isascii() and option.default in [v for v, _ in option.choices]
    for options in game.option_samples:
        engine.new_game(game_id, info.players[0], 1, options)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_player_counts_and_options_are_refused_in_japanese(game_id: str) -> None:
    info = engine.find_game(game_id).info
    for players in (0, 1, max(info.players) + 1):
        if players not in info.players:
            with pytest.raises(engine.BadOption, match="人"):
                engine.new_game(game_id, players, 1)
    with pytest.raises(engine.BadOption, match="設定"):
        engine.new_game(game_id, info.players[0], 1, {"no-such-option": 1})
    for option in info.options:
        with pytest.raises(engine.BadOption, match=option.label):
            engine.new_game(game_id, info.players[0], 1, {option.key: "not-a-choice"})


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.id)
def test_clone_is_independent_and_equal(table: Table) -> None:
    """A clone equals its original, and nothing done to the clone (a move, then every container
    in it emptied and its generators run on) reaches the original."""
    state = table.new_game(3)
    rng = Rng(3)
    for _ in range(40):
        if state.is_over():
            break
        before = canonical(state)
        twin = state.clone()
        assert canonical(twin) == before
        twin.apply(rng.choice(twin.legal_actions()))
        assert canonical(state) == before, "a move on the clone changed the original"
        scorch(vars(twin))
        assert canonical(state) == before, "the clone shares a container with the original"
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.host_only  # the recorded choices pin the rollouts, which read it, in both Pythons
@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.id)
def test_the_bots_view_is_part_of_the_view_and_moves_the_bots_alike(table: Table) -> None:
    """`bot_view` (what a search's rollouts show the heuristic) is part of the view (`part_of`),
    so it shows a bot nothing its seat may not see, and the game's own bots choose from it what
    they choose from the whole view (over the first 300 steps of two games)."""
    for seed, state, _ in islice(random_games(table, 2), 300):
        for seat in range(state.players):
            lean, whole = state.bot_view(seat), state.view(seat)
            assert part_of(lean, whole), f"{table.id}: keys the view does not have, or other values"
        seat = state.current_player
        if seat is not None:
            for name, make in table.game.bots.items():
                alike = [make().choose(view, Rng(seed)) for view in (state.bot_view(seat), state.view(seat))]
                assert alike[0] == alike[1], f"{table.id}: {name} moves otherwise from its bot view"


def part_of(lean: object, whole: object) -> bool:
    """Whether `lean` is `whole` with some keys of its dicts left out, at any depth: a dict holds
    some of the keys, each with a part of the value; a list holds as many items, each a part of
    the item; anything else is equal."""
    if isinstance(lean, dict) and isinstance(whole, dict):
        return lean.keys() <= whole.keys() and all(part_of(lean[key], whole[key]) for key in lean)
    if isinstance(lean, list) and isinstance(whole, list):
        return len(lean) == len(whole) and all(map(part_of, lean, whole))
    return lean == whole


@pytest.mark.host_only  # the recorded choices pin the search, which keys its memory by it, in both Pythons
@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.id)
def test_a_position_key_tells_apart_all_but_how_the_game_got_here(table: Table) -> None:
    """The search remembers a finished move's worth by `position_key`: two states that would play
    on differently (any part of the state but its history and move log, its generator included)
    must not share a key, and a clone shares its original's."""
    rng = Rng(5)
    state = table.new_game(5)
    compared = 0
    for _ in range(30):
        if state.is_over():
            break
        later = state.clone()
        for _ in range(3):
            if not later.is_over():
                later.apply(rng.choice(later.legal_actions()))
        key, whole = position_key(state), canonical(state)  # the state's, computed once a step
        assert position_key(state.clone()) == key
        for name, value in vars(later).items():
            mixed = state.clone()
            setattr(mixed, name, value)
            if name in {"history", "journal"} or canonical(mixed) == whole:
                continue
            assert position_key(mixed) != key, f"position_key leaves out {name}"
            compared += 1
        for name, value in vars(state).items():
            if isinstance(value, Rng):
                moved = state.clone()
                vars(moved)[name].next64()
                assert position_key(moved) != key, f"position_key leaves out {name}"
                compared += 1
        state.apply(rng.choice(state.legal_actions()))
    assert compared


def scorch(value: object) -> None:
    """Empty every container inside `value`, depth first, and run every generator on."""
    if isinstance(value, Rng):
        value.next64()
    elif isinstance(value, list | set | dict):
        for item in list(value.values() if isinstance(value, dict) else value):
            scorch(item)
        value.clear()


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.id)
def test_resampling_redraws_what_is_hidden(table: Table) -> None:
    """Resampling really changes something hidden (else the leak checks would prove nothing)."""
    state = table.new_game(5)
    seat = state.current_player
    differs = any(
        canonical(state.resample_hidden(seat, Rng(k))) != canonical(state.resample_hidden(seat, Rng(k + 99)))
        for k in range(5)
    )
    assert differs, "resample_hidden gives the same state for every generator"
    check_hidden(state, seat, Rng(1))


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.id)
def test_a_sample_holds_nothing_its_seat_could_not_know(table: Table) -> None:
    """A sample (what the search bots draw thousands of) keeps no seed, no history and no
    private log line of another seat, so its log rebuilds neither the game nor its deal."""
    rng = Rng(17)
    state = table.new_game(17)
    dealt = canonical(table.new_game(17))
    for step in range(60):
        if state.is_over():
            break
        if step % 7 == 3:
            for seat in [*range(state.players), None]:
                check_sample(state, seat, dealt, rng)
        state.apply(rng.choice(state.legal_actions()))


def check_sample(state: State, seat: int | None, dealt: str, rng: Rng) -> None:
    sample = state.resample_hidden(seat, Rng(rng.next64()))
    assert sample.seed == 0 and sample.history == [], f"seat {seat}'s sample keeps the seed or the moves"
    assert [(e.seat, e.public) for e in sample.journal] == [(e.seat, e.public) for e in state.journal]
    for mine, real in zip(sample.journal, state.journal, strict=True):
        known = real.private if real.seat == seat else None
        assert mine.private == known, f"seat {seat}'s sample holds a private line of seat {mine.seat}"
    rebuilt = engine.load_log(engine.to_log(sample))
    assert rebuilt.history == [] and canonical(rebuilt) != dealt, f"seat {seat}'s sample rebuilds the deal"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_scenario_holds_its_claim_and_opens_from_a_log(game_id: str) -> None:
    game = engine.find_game(game_id)
    for name, scenario in game.scenarios.items():
        state = scenario.build()
        assert scenario.holds(state), f"{game_id}/{name}: the page's claim does not hold"
        assert sorted(state.components()) == sorted(engine.new_game(game_id, state.players, 0).components())
        log = engine.to_log(state, scenario=name)
        assert canonical(engine.load_log(log)) == canonical(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_figure_draws(game_id: str) -> None:
    from engine.figures import render_figure

    game = engine.find_game(game_id)
    for name, figure in game.figures.items():
        html = render_figure(game_id, name)
        assert html.startswith("<figure") and "data-action" not in html
        assert figure.scenario is None or figure.scenario in game.scenarios

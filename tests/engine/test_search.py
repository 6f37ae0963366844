"""Both kinds of search and the seat levels, for every registered game at every player count and
every choice of its options (`harness.tables`; small budgets, few positions, fewer at a table
added only to cover a choice: the strength targets live in `make bench`, build_tools/bench_search.py).

The choices in golden/<game>.<kind>.json were made by host CPython; the Pyodide run of this
suite checks them on the browser's Python. Regenerate them on purpose with

    python -m tests.engine.test_search
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import replace
from itertools import islice
from typing import Any

import pytest

from engine.benchmark import turn_worth
from engine.bots.levels import BUDGETS, LEVELS, budget, new_search, search
from engine.bots.perspective import Perspective
from engine.bots.rollouts import RACE_AFTER, RACE_MARGIN, RolloutBot, convinces, still_racing
from engine.bots.search import SearchBot, leads
from engine.bridge import handle_json
from engine.core import State
from engine.game import next_turn
from engine.registry import games
from engine.replay import new_game, to_log
from engine.rng import Rng

from .golden_files import record, recorded
from .harness import Table, bounded, tables

ITERATIONS = 12
POSITIONS = 6
COVER_POSITIONS = 1
"""Positions at a table added only to cover an option's choice (`Table.cover`)."""
COVER_STEPS = 40
"""Steps of a cover table's game that a search seat plays in: some are 500-point games of The
Bottle Imp, over 1,000 steps, too long to play whole at every test run."""
CIRCLE_STEPS = 100
"""Steps of a game in which a search seat is watched for going round in circles: every table's
first 100 hold from 4 to 36 turns of several steps (seat 0, seed 11, heuristic play), and a whole
game (up to 240 steps) cost the test a quarter more time for more of the same turns."""
RECORDED_DRAWS = Rng(3)
"""The generator a recorded choice was searched with (recorded_cases): a twin position searched
with a copy of it must choose the same."""
COMPOUND_POSITIONS = 40
"""Positions tried at most until a compound turn is found (Necropolis needs about a dozen)."""
WITNESSED = 3
"""Weighed and followed steps of runs seen before a test of the steps weighed stops looking."""
SMALL = {"tree": ITERATIONS, "rollouts": 3}
"""A small budget of each kind of search: iterations of the tree, draws of the rollouts."""
KINDS = list(SMALL)


def search_cases() -> list[Any]:
    """(table, kind): both kinds of search at every sample table; at a cover table, the game's
    own kind only (the one its seats play), so the option sets added cost little."""
    return [
        pytest.param(table, kind, id=f"{kind}-{table.id}")
        for table in tables()
        for kind in KINDS
        if not table.cover or kind == table.game.search_kind
    ]


def searcher(table: Table, kind: str, budget: int | None = None) -> SearchBot | RolloutBot:
    """A search of `kind` as the seat menu makes it, at a small budget, without the wall-clock cap."""
    return new_search(table.game, budget or SMALL[kind], kind=kind, time_limit=None)


def positions(table: Table, count: int | None = None) -> Iterator[State]:
    """Positions of seeded games between heuristic bots (a random move now and then) where the
    seat to move has a choice, some of them part-way through a compound turn (by default
    POSITIONS, or COVER_POSITIONS at a cover table)."""
    make = table.game.bots["heuristic"]
    heuristic = make()
    found = 0
    for seed in range(count or (COVER_POSITIONS if table.cover else POSITIONS)):
        state, rng = table.new_game(seed), Rng(seed)
        for _ in range(3 + rng.below(40)):
            if state.is_over():
                break
            seat = state.current_player
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if rng.below(6) == 0 else heuristic.choose(state.view(seat), rng))
        for _ in bounded(table.id):
            if state.is_over() or len(state.legal_actions()) > 1:
                break
            state.apply(state.legal_actions()[0])
        if not state.is_over():
            found += 1
            yield state
    assert found, f"{table.id}: no position with a choice"


class Blindfold:
    """A perspective with no state behind it: only what a search may ask."""

    __slots__ = ("_real", "seat")

    def __init__(self, real: Perspective) -> None:
        self._real = real
        self.seat = real.seat

    def view(self) -> dict[str, Any]:
        return self._real.view()

    def log_lines(self) -> list[str]:
        return self._real.log_lines()

    def sample(self, rng: Rng) -> State:
        return self._real.sample(rng)

    def turn(self) -> list[tuple[Blindfold, str]]:
        return [(Blindfold(point), action) for point, action in self._real.turn()]

    def steps_taken(self) -> int:
        return self._real.steps_taken()


def twin(state: State, seat: int, rng: Rng) -> Perspective | None:
    """The same run of actions as `seat` lived it, with everything hidden from it drawn afresh at
    the run's start; None where that draw would have shown the seat something different."""
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


@pytest.mark.parametrize(("table", "kind"), search_cases())
def test_the_search_chooses_from_what_its_seat_knows_alone(table: Table, kind: str) -> None:
    """A state (and a run so far) that differs only in what the seat cannot see gives the same
    choice as the real one: the choice recorded there (test_choices_match_the_recorded_ones makes
    it again, in both Pythons, so it is not searched twice). The twin is searched behind a
    stand-in that offers only view, samples and earlier views (no state at all): the search reads
    nothing else of its perspective."""
    expected = recorded(table, kind)
    assert expected is not None, f"no recorded choices for {table.id}: run python -m tests.engine.test_search"
    compared = 0
    for state, choice in zip(positions(table), expected, strict=True):
        seat = state.current_player
        assert seat is not None
        other = next(filter(None, (twin(state, seat, Rng(k)) for k in range(20))), None)
        redrawn = state.resample_hidden(seat, Rng(0))
        if other is None or all(redrawn.view(s) == state.view(s) for s in range(state.players)):
            continue  # nothing hidden from the seat just now
        assert choice in state.legal_actions()
        assert searcher(table, kind).choose(Blindfold(other), RECORDED_DRAWS.copy()) == choice  # type: ignore[arg-type]
        compared += 1
    assert compared, f"{table.id}: no position with anything hidden"


@pytest.mark.parametrize(("table", "kind"), search_cases())
def test_a_search_seat_never_goes_round_in_circles(table: Table, kind: str) -> None:
    """Within a run of its own actions the search never brings its seat back to a view it
    already had (its perspective replays the run from the log, as in a sandbox), over the first
    CIRCLE_STEPS steps of a game (COVER_STEPS at a cover table), which hold turns of several steps."""
    bot = searcher(table, kind)
    make = table.game.bots["heuristic"]
    heuristic = make()
    state, rng = table.new_game(11), Rng(11)
    views: list[str] = []
    longest = 0
    for _ in range(COVER_STEPS if table.cover else CIRCLE_STEPS):
        if state.is_over():
            break
        seat = state.current_player
        assert seat is not None
        if seat != 0:
            views = []
            state.apply(heuristic.choose(state.view(seat), rng))
            continue
        view = json.dumps(state.view(seat), sort_keys=True)
        assert view not in views, f"{table.id}: the search went back to an earlier view"
        views.append(view)
        longest = max(longest, len(views))
        state.apply(bot.choose(Perspective(state, seat), rng))
    assert longest > 1, f"{table.id}: the search seat had no turn of several steps to watch"


class Witness(Blindfold):
    """A perspective that notes the generator's next value at every sample a search asks of it."""

    def __init__(self, real: Perspective) -> None:
        super().__init__(real)
        self.draws: list[int] = []

    def sample(self, rng: Rng) -> State:
        self.draws.append(rng.copy().next64())
        return super().sample(rng)


@pytest.mark.parametrize(
    "table", [t for t in tables() if t.game.search_horizon is next_turn], ids=lambda t: t.id
)
def test_the_default_horizon_plays_until_the_seat_has_had_its_next_turn(table: Table) -> None:
    """`next_turn`: from the end of a seat's turn, that many turns (changes of the seat to move)
    of heuristic play end with the seat's own next turn, the seat playing once; the contract's
    old default of two turns stopped before it at 3 and 4 players."""
    bot, rng = table.game.bots["heuristic"](), Rng(7)
    for seed in range(3):
        state = table.new_game(seed)
        for _ in range(5 * table.players):  # a few turns in
            state.apply(bot.choose(state.view(state.current_player), rng))
        seat = state.current_player
        for _ in bounded(f"{table.id} seed {seed}: seat {seat}'s turn"):
            if state.current_player != seat:
                break
            state.apply(bot.choose(state.view(seat), rng))
        finished = []
        for _ in range(next_turn(state)):
            mover = state.current_player
            for _ in bounded(f"{table.id} seed {seed}: a turn"):
                if state.current_player != mover:
                    break
                state.apply(bot.choose(state.view(mover), rng))
            finished.append(mover)
        assert finished.count(seat) == 1 and finished[-1] == seat


@pytest.mark.parametrize("table", tables(), ids=lambda t: t.id)
def test_every_step_of_a_compound_turn_is_weighed_on_the_draws_of_its_start(table: Table) -> None:
    """The rollouts weigh each step of a run on the samples drawn for the run's first step, so
    the line the last step chose is weighed again as it was, and a step leaves it only for one
    that does better on the same draws (with fresh draws each step, a turn wandered on noise).
    Every table has compound turns: positions are tried until a run of several weighed steps
    was checked, and one must be."""
    bot = searcher(table, "rollouts")
    compound = 0
    for start in positions(table, COMPOUND_POSITIONS):
        if compound:
            break
        state, rng = start.clone(), Rng(3)
        seat = state.current_player
        runs: list[list[list[int]]] = []  # per run (`Perspective.turn`), the draws of each step
        for _ in bounded(table.id):
            if state.current_player != seat or state.is_over():
                break
            perspective = Perspective(state, seat)
            if not perspective.turn() or not runs:
                runs.append([])
            witness = Witness(perspective)
            state.apply(bot.choose(witness, rng))  # type: ignore[arg-type]  # a perspective's methods
            runs[-1] += [witness.draws] if witness.draws else []
        for weighed in runs:
            # the same generator (a step that showed the seat a hidden piece draws the rest anew)
            firsts = {draws[0] for draws in weighed}
            assert len(firsts) <= 1, f"{table.id}: fresh draws mid-run"
            compound += len(weighed) > 1
    assert compound, f"{table.id}: no compound turn among {COMPOUND_POSITIONS} positions"


@pytest.mark.parametrize(
    "table",
    [t for t in tables() if t.game.search_steps_weighed is not None and not t.cover],
    ids=lambda t: t.id,
)
def test_past_the_steps_it_weighs_a_run_follows_the_line_chosen(table: Table) -> None:
    """A game's `search_steps_weighed`: the bot weighs that many steps of a run (it samples) and
    plays the heuristic's step at every later one, without sampling; a hint still weighs them.
    Runs are followed until WITNESSED steps of each kind were seen."""
    bot = searcher(table, "rollouts")
    limit = table.game.search_steps_weighed
    assert limit is not None
    heuristic = table.game.bots["heuristic"]()
    weighed, followed = 0, 0
    for start in positions(table, COMPOUND_POSITIONS):
        if min(weighed, followed) >= WITNESSED:
            break
        state, rng = start.clone(), Rng(3)
        seat = state.current_player
        for _ in bounded(table.id):
            if state.current_player != seat or state.is_over():
                break
            perspective = Perspective(state, seat)
            witness, step = Witness(perspective), len(perspective.turn())
            action = bot.choose(witness, Rng(4))  # type: ignore[arg-type]  # a perspective's methods
            if len(state.legal_actions()) > 1 and step < limit:
                weighed += 1
                assert witness.draws, f"{table.id}: step {step} of a run was not weighed"
            elif len(state.legal_actions()) > 1:
                followed += 1
                assert not witness.draws, f"{table.id}: step {step} of a run was weighed"
                assert action == heuristic.choose(perspective.view(), Rng(4))
                assert bot.weigh(perspective, rng).actions[0].samples  # a hint weighs it
            state.apply(action)
    assert weighed and followed, f"{table.id}: {weighed} steps weighed, {followed} followed"


@pytest.mark.parametrize("table", tables(), ids=lambda t: t.id)
def test_the_turn_so_far_is_the_seats_own_run(table: Table) -> None:
    """Perspective.turn finds the views and actions of the seat's current run, from the log, and
    `steps_taken` counts them without the replay (over 120 steps, COVER_STEPS at a cover table)."""
    state, rng = table.new_game(5), Rng(5)
    run: list[tuple[dict[str, Any], str]] = []
    for _ in range(COVER_STEPS if table.cover else 120):
        if state.is_over():
            break
        seat = state.current_player
        assert seat is not None
        assert [(point.view(), action) for point, action in Perspective(state, seat).turn()] == run
        assert Perspective(state, seat).steps_taken() == len(run)
        view, action = state.view(seat), rng.choice(state.legal_actions())
        state.apply(action)
        run = [*run, (view, action)] if state.current_player == seat else []


def test_a_games_projection_values_the_positions_a_rollout_stops_at() -> None:
    """`Game.projected_scores` replaces the scores as they stand wherever a rollout stops early."""
    table = tables()[0]
    stopped: list[bool] = []

    def projection(state: State) -> list[float]:
        stopped.append(state.is_over())
        return [float(score) for score in state.scores()]

    heuristic = table.game.bots["heuristic"]
    state = next(positions(table))
    SearchBot(heuristic(), ITERATIONS, horizon=2, evaluate=projection).choose(
        Perspective(state, state.current_player), Rng(1)
    )  # type: ignore[arg-type]
    assert stopped and not any(stopped)


def test_a_rollout_is_worth_the_seats_lead_over_the_best_other_seat() -> None:
    assert leads([30, 42, 35], lower_wins=False) == [-12, 7, -7]
    assert leads([30, 42, 35], lower_wins=True) == [5, -12, -5]
    assert leads([10, 10], lower_wins=False) == [0, 0]


def test_a_horizon_given_as_a_function_is_asked_at_each_rollout() -> None:
    """`Game.search_horizon` may be a function of the position a rollout starts from."""
    table = tables()[0]
    asked: list[State] = []

    def horizon(state: State) -> int:
        asked.append(state)
        return 1

    state = next(positions(table))
    seat = state.current_player
    assert seat is not None
    search = SearchBot(table.game.bots["heuristic"](), ITERATIONS, horizon=horizon)
    search.choose(Perspective(state, seat), Rng(1))
    assert asked and all(isinstance(s, table.game.state_class) for s in asked)


def test_paired_leads_convince_by_their_mean_difference_over_its_standard_error() -> None:
    assert convinces([3.0, 3.0, 3.0], [1.0, 1.0, 1.0], 5.0)  # no spread: any gain convinces
    swings = [5.0, -1.0, 5.0, -1.0]  # differences 4, -2, 4, -2: mean 1, standard error √3
    assert convinces(swings, [1.0] * 4, 0.5)
    assert not convinces(swings, [1.0] * 4, 0.6)
    assert not convinces([9.0], [0.0], 0.1)  # one draw shows no spread


def test_the_rollouts_stop_weighing_an_action_the_leader_has_clearly_beaten() -> None:
    """After RACE_AFTER draws, an action the leader beats by RACE_MARGIN standard errors of their
    paired differences is dropped; one the game keeps (the heuristic's, where it asks for
    evidence) and one within the margin race on."""
    clear = [4.0, 5.0, 4.0, 5.0]  # differences 3, 4, 3, 4 against `leader`: far past two errors
    near = [5.0, 9.0, 6.0, 9.0]  # differences 2, 0, 1, 0: mean 0.75, standard error 0.48
    leader = [7.0, 9.0, 7.0, 9.0]
    leads = {"leader": leader, "clear": clear, "near": near, "kept": clear}
    assert still_racing(leads, list(leads), keep="kept") == ["leader", "near", "kept"]
    assert RACE_MARGIN * 0.48 > 0.75  # `near` is within the margin, as the comment says


def test_a_dropped_action_was_weighed_on_the_first_draws_and_the_choice_on_the_most() -> None:
    """In every game that plays the rollouts, at つよい's budget: the race drops some actions (so it
    saves work), never before RACE_AFTER draws, never the choice, and never the heuristic's
    action where the game asks for evidence before leaving it."""
    dropped = 0
    for table in tables():
        game = table.game
        if table.cover or game.search_kind != "rollouts":
            continue
        strong = budget(game, "strong", table.players)
        for state in positions(table, 2):
            perspective = Perspective(state, state.current_player)  # type: ignore[arg-type]
            weighing = new_search(game, strong, time_limit=None).weigh(perspective, Rng(2))
            most = max(weighed.samples for weighed in weighing.actions)
            by_action = {weighed.action: weighed.samples for weighed in weighing.actions}
            assert by_action[weighing.choice] == most, table.id
            for samples in by_action.values():
                assert samples == most or RACE_AFTER <= samples < most, table.id
            if game.search_confidence:
                hint = game.bots["heuristic"]().choose(perspective.view(), Rng(2))
                assert by_action.get(hint, most) == most, table.id
            dropped += sum(samples < most for samples in by_action.values())
    assert dropped


def test_the_rollouts_leave_the_heuristic_only_on_the_evidence_a_game_asks_for() -> None:
    """With evidence asked for, the rollouts play the heuristic's choice or the one they play
    without; past what any draws can show, the heuristic's wherever the plain search left it."""
    kept = 0
    for table in tables():
        game = table.game
        for state in islice(positions(table, 3), 1):
            perspective = Perspective(state, state.current_player)  # type: ignore[arg-type]
            hint = game.bots["heuristic"]().choose(perspective.view(), Rng(2))
            plain, cautious, stubborn = (
                new_search(
                    replace(game, search_confidence=confidence), 4, kind="rollouts", time_limit=None
                ).choose(perspective, Rng(2))
                for confidence in (0.0, 1.0, math.inf)
            )
            assert cautious in (plain, hint) and stubborn in (plain, hint), table.id
            kept += plain != hint and stubborn == hint
    assert kept, "no position where the plain rollouts left the heuristic"


@pytest.mark.parametrize("table", [t for t in tables() if t.game.offers], ids=lambda t: t.id)
@pytest.mark.parametrize("kind", KINDS)
def test_an_offer_is_made_only_where_the_heuristic_makes_it(table: Table, kind: str) -> None:
    """A proposal to end, early in the game, is no free try for the つよい search: where the
    heuristic would not propose, neither does it (it did in 8 of 84 such Necropolis positions)."""
    bot = searcher(table, kind, BUDGETS[kind]["strong"])
    heuristic = table.game.bots["heuristic"]()
    asked = 0
    for seed in range(12):
        state, rng = table.new_game(seed), Rng(seed)
        for _ in range(12):
            if state.is_over():
                break
            seat = state.current_player
            assert seat is not None
            hint = heuristic.choose(state.view(seat), rng)
            if set(state.legal_actions()) & table.game.offers and hint not in table.game.offers:
                asked += 1
                assert bot.choose(Perspective(state, seat), Rng(1)) not in table.game.offers
            state.apply(hint)
    assert asked, f"{table.id}: no position where an offer was legal"


def recorded_cases() -> list[Any]:
    """(table, kind): every table with both kinds of search; the kind a game's seats do not play
    is host_only (the browser's Python runs it for no game: the kinds' code is the same for all)."""
    return [
        pytest.param(
            table,
            kind,
            id=f"{kind}-{table.id}",
            marks=() if kind == table.game.search_kind else pytest.mark.host_only,
        )
        for table in tables()
        for kind in KINDS
    ]


@pytest.mark.parametrize(("table", "kind"), recorded_cases())
def test_choices_match_the_recorded_ones(table: Table, kind: str) -> None:
    """Same position, same seed, same move: in CPython and in Pyodide alike."""
    expected = recorded(table, kind)
    assert expected is not None, f"no recorded choices for {table.id}: run python -m tests.engine.test_search"
    assert choices(table, kind) == expected


def choices(table: Table, kind: str) -> list[str]:
    return [
        searcher(table, kind).choose(Perspective(state, state.current_player), RECORDED_DRAWS.copy())  # type: ignore[arg-type]
        for state in positions(table)
    ]


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_level_is_in_the_seat_menu_and_plays_through_the_bridge(game_id: str) -> None:
    game = games()[game_id]
    entry = json.loads(handle_json(json.dumps({"op": "catalog", "game": game_id})))["game"]
    kinds = [kind["id"] for kind in entry["seat_kinds"]]
    assert kinds == ["human", *(f"bot:{key}" for key in LEVELS)]
    assert {str(n): game.default_seats(n) for n in game.info.players} == entry["default_seats"]
    assert all(seat in kinds for seats in entry["default_seats"].values() for seat in seats)
    players = game.info.players[0]
    for key in LEVELS:
        seats = [f"bot:{key}"] * players
        request = {
            "op": "open",
            "sandbox": f"levels-{key}",
            "log": to_log(new_game(game_id, players, 4)),
            "seats": seats,
        }
        reply = json.loads(handle_json(json.dumps(request)))
        assert reply["ok"], reply
        for _ in range(3):
            reply = json.loads(handle_json(json.dumps({"op": "step", "sandbox": f"levels-{key}"})))
            assert reply["ok"], (key, reply)
        handle_json(json.dumps({"op": "close", "sandbox": f"levels-{key}"}))


@pytest.mark.parametrize("game_id", sorted(games()))
def test_the_seat_menus_search_levels_spend_the_games_own_budgets(game_id: str) -> None:
    """ふつう and つよい run the game's kind of search at its budgets (the kind's, unless the game
    gives its own, for every player count or by count), and つよい spends more than ふつう."""
    game = games()[game_id]
    budgets = game.search_budgets or BUDGETS[game.search_kind]
    for players in game.info.players:
        spent, expected = {}, {}
        for level in ("normal", "strong"):
            bot = search(game, level, players)
            assert isinstance(bot, RolloutBot if game.search_kind == "rollouts" else SearchBot)
            spent[level] = bot.samples if isinstance(bot, RolloutBot) else bot.iterations
            given = budgets[level]
            expected[level] = given if isinstance(given, int) else given[players]
        assert spent == expected, players
        assert spent["normal"] < spent["strong"], players


@pytest.mark.parametrize("game_id", sorted(games()))
def test_a_turn_is_weighed_against_the_heuristics_on_the_same_samples_and_dice(game_id: str) -> None:
    """`turn_worth` (build_tools/bench_turns.py) plays both turns on shared draws, so the heuristic
    weighed against itself differs nowhere and is worth exactly nothing."""
    players = games()[game_id].info.players[0]
    same = turn_worth(game_id, players, "heuristic", range(3), samples=2)
    assert same["gains"], "no position was sampled"
    assert set(same["gains"]) == {0.0}
    assert not any(same["differed"])


if __name__ == "__main__":
    for kind in KINDS:
        record(lambda table, kind=kind: choices(table, kind), kind)

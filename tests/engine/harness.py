"""One harness for every registered game: seeded random games, checked as they are played.

Nothing here knows a game. The games come from `games()`, their pieces from
`State.components()`, what a seat cannot see from `State.resample_hidden()`, and the players
from each game's own bots: half the games are played by uniform random choices (every corner
of the rules), the other half by the game's heuristic bot at every seat with a random move now
and then (games of realistic length and shape). The tables are every game at every player count
with its own sample option sets, and with more sets until every choice of every option is
played at that count (The Bottle Imp's default 500-point game among them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import zip_longest
from typing import Any

import engine
from engine.core import State, canonical
from engine.game import Game
from engine.registry import games
from engine.rng import Rng

GAMES = int(os.environ.get("RB_INVARIANT_GAMES", "100"))
"""Random games per game, player count and sample option set: 100 in `make test` (a fresh clone
under ten minutes on two cores), 100,000 in `make soak`."""
COVER_GAMES = max(2, GAMES // 100)
"""Random games of an option set added only to cover a choice (some are games ten times longer)."""
SAMPLE_ODDS = 400  # the full check runs at a step with odds 1 in 400, and at every fourth game's end
ALL_LEGAL_GAMES = 50  # in the first games, every legal action is tried at those steps
REPLAY_ONE_IN = 4  # every fourth game is checked in full at its end and replayed from its log
MAX_STEPS = 20_000
JUNK = ("", "nonsense", "9:9:9", "play:999", "pass:now", "x" * 200)
BUTTON = re.compile(r'<button\b[^>]*\bdata-action="([^"]*)"')


@dataclass(frozen=True)
class Table:
    """One configuration of a game: a player count and an option set."""

    game: Game
    players: int
    options: dict[str, Any]
    cover: bool = False
    """True for a set added to `Game.option_samples` only so that every choice is played: a test
    may play fewer games of it (the default of a game whose samples shorten it is long)."""

    @property
    def id(self) -> str:
        options = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game.id}-{self.players}p" + (f"-{options}" if options else "")

    def new_game(self, seed: int) -> State:
        return engine.new_game(self.game.id, self.players, seed, self.options)


def tables() -> list[Table]:
    """Every registered game at each of its player counts, with each of its sample option sets,
    then with the sets that cover every other choice of its options (`covering`)."""
    return [
        table
        for game in games().values()
        for players in game.info.players
        for table in covering(game, players)
    ]


def covering(game: Game, players: int) -> list[Table]:
    """The game's sample tables at `players`, then as few more as play every choice of every
    option that the count allows at least once (a start player beyond the count aside); the
    missing choices of several options share a table."""
    samples = [Table(game, players, options) for options in game.option_samples]
    played = {(key, repr(value)) for table in samples for key, value in table.new_game(0).options.items()}
    missing = [
        [
            (option.key, value)
            for value, _ in option.choices
            if (option.key, repr(value)) not in played and allowed(game, players, {option.key: value})
        ]
        for option in game.info.options
    ]
    more = [dict(pair for pair in column if pair) for column in zip_longest(*missing)]
    return samples + [Table(game, players, options, cover=True) for options in more]


def allowed(game: Game, players: int, options: dict[str, Any]) -> bool:
    try:
        engine.new_game(game.id, players, 0, options)
    except engine.BadOption:
        return False
    return True


def bounded(what: str, limit: int = MAX_STEPS) -> Iterator[int]:
    """0, 1, 2, ... for a loop that ends with `break`: one still going after `limit` steps fails,
    naming `what` (a test that hangs says nothing until CI gives up on it)."""
    yield from range(limit)
    raise AssertionError(f"{what}: no end after {limit} steps")


def random_games(table: Table, count: int, *, first_seed: int = 0) -> Iterator[tuple[int, State, str | None]]:
    """Yield (seed, state, the action about to be played) at every step, and (seed, state, None)
    once each game is over."""
    make_random = table.game.bots["random"]
    make_heuristic = table.game.bots["heuristic"]
    for seed in range(first_seed, first_seed + count):
        state = table.new_game(seed)
        chooser = Rng(seed * 7919 + 1)
        uniform = seed % 2 == 0
        bot = make_random() if uniform else make_heuristic()
        for _ in range(MAX_STEPS):
            if state.is_over():
                break
            seat = state.current_player
            assert seat is not None
            if uniform or chooser.below(8) == 0:
                action = chooser.choice(state.legal_actions())
            else:
                action = bot.choose(state.view(seat), chooser)
            yield seed, state, action
            state.apply(action)
        assert state.is_over(), f"{table.id} seed {seed}: no end after {MAX_STEPS} steps"
        yield seed, state, None


# --- the checks ------------------------------------------------------------------------------------


def check_step(state: State, expected: list[Any], *, all_legal: bool, rng: Rng) -> None:
    """Every invariant of one moment; `expected` is the sorted components of a fresh game."""
    assert sorted(state.components()) == expected, "a piece appeared or vanished"
    legal = state.legal_actions()
    assert legal == sorted(set(legal)), "legal actions must be sorted and distinct"
    if state.is_over():
        assert legal == [] and state.current_player is None
        assert state.winners() and len(state.scores()) == state.players
    else:
        assert legal, "legal actions must not be empty before the end"
    check_refusals(state, legal, rng)
    if all_legal:
        for candidate in legal:
            state.clone().apply(candidate)
    for seat in [*range(state.players), None]:
        check_hidden(state, seat, rng)


def check_refusals(state: State, legal: list[str], rng: Rng) -> None:
    """Illegal actions are refused in Japanese, name a rule of the page, and change nothing."""
    before = canonical(state)
    pool = [a for a in state.history[-8:] + list(JUNK) if a not in legal]
    for bad in [rng.choice(pool) for _ in range(3)] + [None, 7]:  # type: ignore[list-item]
        try:
            state.apply(bad)  # type: ignore[arg-type]
        except engine.IllegalAction as error:
            assert error.message and not error.message.isascii(), error.message
            assert not error.rule or error.rule in state.info.rule_anchors, f"unknown rule {error.rule!r}"
        else:
            raise AssertionError(f"illegal action {bad!r} was accepted")
        assert canonical(state) == before, f"refusing {bad!r} changed the state"


def check_hidden(state: State, seat: int | None, rng: Rng) -> None:
    """What `seat` sees does not depend on anything hidden from it.

    A resampled twin shows `seat` the same view, log lines, legal actions and board; the twin
    keeps every piece and can be played on; and resampling depends on nothing but what `seat`
    knows: resampling the twin again with the same generator gives the twin itself (what
    resampling the original gave).
    """
    seed = rng.next64()
    twin = state.resample_hidden(seat, Rng(seed))
    drawn = canonical(twin)
    assert sorted(twin.components()) == sorted(state.components()), "resampling lost a piece"
    assert twin.view(seat) == state.view(seat), f"seat {seat}'s view depends on hidden pieces"
    assert twin.log_lines(seat) == state.log_lines(seat), f"seat {seat}'s log depends on hidden pieces"
    if seat is not None and seat == state.current_player:
        assert twin.legal_actions() == state.legal_actions()
        check_buttons(state, seat)
    assert canonical(twin.resample_hidden(seat, Rng(seed))) == drawn, (
        f"resample_hidden({seat}) depends on more than what that seat knows"
    )
    if not twin.is_over():
        twin.apply(Rng(seed).choice(twin.legal_actions()))


def check_buttons(state: State, seat: int) -> None:
    """The board the current seat sees offers exactly the legal actions as buttons."""
    game = engine.find_game(state.info.id)
    html = game.render(state.view(seat), interactive=True)
    assert set(BUTTON.findall(html)) == set(state.legal_actions()), "buttons differ from legal actions"
    assert not BUTTON.findall(game.render(state.view(seat), interactive=False))


def check_replay(state: State) -> None:
    """Replaying the log gives the same state, every hidden detail included."""
    assert canonical(engine.load_log(engine.to_log(state))) == canonical(state)


def run_invariants(table: Table, count: int = GAMES, *, first_seed: int = 0) -> int:
    """Play and check `count` games; return how many finished."""
    expected = sorted(table.new_game(first_seed).components())
    sampler = Rng(table.players * 1000 + first_seed)
    finished = 0
    for seed, state, action in random_games(table, count, first_seed=first_seed):
        all_legal = seed - first_seed < ALL_LEGAL_GAMES
        if action is not None:
            if sampler.below(SAMPLE_ODDS) == 0:
                check_step(state, expected, all_legal=all_legal, rng=sampler)
            continue
        finished += 1
        if seed % REPLAY_ONE_IN == 0:
            check_step(state, expected, all_legal=all_legal, rng=sampler)
            check_replay(state)
    return finished

"""What a search bot is given instead of the state: one seat's knowledge of a game in progress."""

from __future__ import annotations

import hashlib
from typing import Any

from engine.core import State
from engine.replay import Redeal, load_log, to_log
from engine.rng import Rng


class Perspective:
    """One seat's view, samples of everything hidden from it, and its own earlier decisions in
    its current run of actions; nothing else of the state.

    `sample` redraws every piece hidden from the seat (`State.resample_hidden`), so a bot can
    play a position on without learning how the hidden pieces really lie. `turn` lets it follow
    one plan through a compound turn (pick, pick, done) instead of wandering or going round in
    circles.
    """

    __slots__ = ("_past", "_redeal", "_scenario", "_state", "seat")

    def __init__(
        self,
        state: State,
        seat: int,
        *,
        scenario: str | None = None,
        redeal: Redeal | None = None,
        past: list[tuple[State, str]] | None = None,
    ) -> None:
        """`past`: the seat's earlier positions and actions of this run, where the caller has
        them; otherwise they are replayed from the state's log (of the worked example or tutorial
        `scenario`, and with its `redeal`: engine.replay)."""
        self._state = state
        self._scenario = scenario
        self._redeal = redeal
        self._past = past
        self.seat = seat

    @property
    def players(self) -> int:
        """The number of seats at the table (known to all)."""
        return self._state.players

    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def describe(self, action: str) -> str:
        """What the seat's own button for `action` says (its own move: nothing hidden from it)."""
        return self._state.describe(action)

    def log_lines(self) -> list[str]:
        """The move log as the seat may read it."""
        return self._state.log_lines(self.seat)

    def sample(self, rng: Rng) -> State:
        """A state the seat cannot tell from the real one, the hidden pieces drawn with `rng`."""
        return self._state.resample_hidden(self.seat, rng)

    def turn(self) -> list[tuple[Perspective, str]]:
        """The seat's earlier decisions since another seat last acted: where it stood (as it saw
        it then: a perspective of its own) and what it did."""
        if self._past is None:
            self._past = self._replay()
        past = self._past
        return [
            (Perspective(state, self.seat, past=past[:i]), action) for i, (state, action) in enumerate(past)
        ]

    def steps_taken(self) -> int:
        """How many actions the seat has taken in its current run: `len(turn())`, without
        replaying the log (a bot that follows its line past the steps it weighs asks only this)."""
        if self._past is not None:
            return len(self._past)
        journal = self._state.journal
        run = 0
        while run < len(journal) and journal[-1 - run].seat == self.seat:
            run += 1
        return run

    def _replay(self) -> list[tuple[State, str]]:
        history = self._state.history
        run = self.steps_taken()
        if not run:
            return []
        upto = len(history) - run
        state = load_log(to_log(self._state, scenario=self._scenario, upto=upto, redeal=self._redeal))
        past = []
        for action in history[len(history) - run :]:
            past.append((state.clone(), action))
            state.apply(action)
        return past


def signature(view: dict[str, Any]) -> str:
    """A view as a string: two views are the same iff their signatures are."""
    return repr(view)


def seed_from(knowledge: list[str]) -> int:
    """A search's seed, drawn from what its seat knows (log lines, signatures of its views), so
    the same position gives the same move in CPython and in Pyodide."""
    return int.from_bytes(hashlib.sha256("\n".join(knowledge).encode()).digest()[:8], "big")


def run_seed(start: Perspective) -> int:
    """The seed of the run of actions that began at `start`, from what the seat knew there: every
    step of the run finds the same one (a compound turn weighs its steps on the same draws)."""
    return seed_from([*start.log_lines(), signature(start.view())])

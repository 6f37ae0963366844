"""The search's wall-clock cap: a safety net for the browser, held however long one sample takes.

The budgets (iterations, draws) fix every choice, so the same position gives the same move in
CPython and in Pyodide; the cap only bounds what a slow browser can make the reader wait. It is
checked inside the work of a sample (every step of a rollout), not only between samples: one
sample of a long horizon can take longer than the whole cap. A sample the cap cuts short is
dropped, so every action is still weighed on the same finished draws.

The cap holds for a seat's whole run of actions (a compound turn: pick, pick, done), since the
reader waits for the whole move, not for each of its steps. The time is spent thinking, so a
slow bot pace in the sandbox, which waits between the steps, does not eat into it.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Clock = Callable[[], float]
"""Seconds from some fixed point: `time.perf_counter`, or a test's own clock."""

RUNS_KEPT = 16
"""Runs whose thinking time is remembered: a run's steps come one after another, but several
sandboxes (and seats) may share one search bot."""


class OutOfTime(Exception):
    """The cap passed in the middle of a sample; the search drops that sample."""


class Deadline:
    """A point in time past which `check` raises `OutOfTime` (never, for None)."""

    __slots__ = ("_at", "_now")

    def __init__(self, seconds: float | None, now: Clock = time.perf_counter) -> None:
        self._now = now
        self._at = None if seconds is None else now() + seconds

    def passed(self) -> bool:
        return self._at is not None and self._now() >= self._at

    def check(self) -> None:
        if self.passed():
            raise OutOfTime


NO_DEADLINE = Deadline(None)


class RunClock:
    """The thinking time each run of a seat's actions has spent, against `limit` seconds a run."""

    def __init__(self, limit: float | None, now: Clock = time.perf_counter) -> None:
        self.limit = limit
        self.now = now
        self._spent: OrderedDict[int, float] = OrderedDict()

    @contextmanager
    def thinking(self, run: int, *, first_step: bool) -> Iterator[Deadline]:
        """A deadline for one step of the run `run` (what is left of its cap); the time spent in
        the block counts against the run. The first step of a run starts from nothing, so a
        position met again (a replayed game) is given the whole cap again."""
        if first_step:
            self._spent.pop(run, None)
        spent = self._spent.pop(run, 0.0)
        started = self.now()
        try:
            yield NO_DEADLINE if self.limit is None else Deadline(max(0.0, self.limit - spent), self.now)
        finally:
            self._spent[run] = spent + self.now() - started
            while len(self._spent) > RUNS_KEPT:
                self._spent.popitem(last=False)

"""What a search bot is given instead of the state: one seat's knowledge of a game in progress."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.replay import load_log, to_log
from engine.rng import Rng


class Perspective:
    """One seat's view, samples of everything hidden from it, and the views it had earlier in
    its current run of actions; nothing else of the state.

    `sample` redraws every piece hidden from the seat (`State.resample_hidden`), so a bot can
    play a position on without learning how the hidden pieces really lie. `earlier_views` lets
    it keep a compound turn (pick, unpick, done) from going back to where it already stood.
    """

    __slots__ = ("_earlier", "_scenario", "_state", "seat")

    def __init__(
        self,
        state: State,
        seat: int,
        *,
        scenario: str | None = None,
        earlier: list[dict[str, Any]] | None = None,
    ) -> None:
        """`earlier`: the seat's earlier views of this run, where the caller has them; otherwise
        they are replayed from the state's log (of the worked example `scenario`)."""
        self._state = state
        self._scenario = scenario
        self._earlier = earlier
        self.seat = seat

    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def sample(self, rng: Rng) -> State:
        """A state the seat cannot tell from the real one, the hidden pieces drawn with `rng`."""
        return self._state.resample_hidden(self.seat, rng)

    def earlier_views(self) -> list[dict[str, Any]]:
        """The seat's views before each of its actions since another seat last acted."""
        if self._earlier is None:
            self._earlier = self._replay()
        return self._earlier

    def _replay(self) -> list[dict[str, Any]]:
        journal, history = self._state.journal, self._state.history
        run = 0
        while run < len(journal) and journal[-1 - run].seat == self.seat:
            run += 1
        if not run:
            return []
        state = load_log(to_log(self._state, scenario=self._scenario, upto=len(history) - run))
        views = []
        for action in history[len(history) - run :]:
            views.append(state.view(self.seat))
            state.apply(action)
        return views

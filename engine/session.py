"""One sandbox's game: seats (human or bot), whose eyes the board is drawn for, undo and hand-over.

The shell knows no game; it sends clicks here and shows the frame this returns.
"""

from __future__ import annotations

from html import escape
from typing import Any, cast

from engine.core import State
from engine.errors import BadOption, IllegalAction
from engine.registry import Game, find_game
from engine.replay import load_log, to_log
from engine.rng import Rng

HUMAN = "human"


class Session:
    def __init__(self, log: object, seats: object) -> None:
        self.state: State = load_log(log)  # validates the whole log: a dict from here on
        self.game: Game = find_game(self.state.info.id)
        self.scenario: str | None = cast("dict[str, Any]", log).get("scenario")
        self.seats = self._check_seats(seats)
        self.viewer: int | None = None
        self._settle_viewer()

    # --- commands --------------------------------------------------------------------------------

    def act(self, action: object) -> None:
        """A human's click; refused unless a human whose screen is shown is to move."""
        if self.next_step() != HUMAN:
            raise IllegalAction(
                "今はあなたの手番ではありません。", action=action, seat=self.state.current_player
            )
        self.state.apply(action)  # type: ignore[arg-type]  # apply refuses non-strings itself
        self._settle_viewer()

    def step(self) -> None:
        """Let the bot whose turn it is make one atomic action, seeing only its own view."""
        seat = self.state.current_player
        if seat is None or self.seats[seat] == HUMAN:
            raise IllegalAction("今はボットの手番ではありません。", action=None, seat=seat)
        _, make_bot = self.game.bots[self.seats[seat].removeprefix("bot:")]
        rng = Rng(self.state.seed ^ (len(self.state.history) * 0x9E3779B97F4A7C15))
        self.state.apply(make_bot().choose(self.state.view(seat), rng))
        self._settle_viewer()

    def undo(self) -> None:
        """Replay without the last human action and every bot action after it."""
        humans = [i for i, entry in enumerate(self.state.journal) if self.seats[entry.seat] == HUMAN]
        if not humans:
            raise IllegalAction("戻せる手がありません。", action=None, seat=self.state.current_player)
        self.state = load_log(to_log(self.state, scenario=self.scenario, upto=humans[-1]))
        self.viewer = self.state.current_player

    def reveal(self) -> None:
        """The next player has the device: show their side."""
        if self.next_step() != "handover":
            raise IllegalAction("今は交代の場面ではありません。", action=None, seat=self.state.current_player)
        self.viewer = self.state.current_player

    # --- what the shell shows ------------------------------------------------------------------

    def next_step(self) -> str:
        seat = self.state.current_player
        if seat is None:
            return "over"
        if self.seats[seat] != HUMAN:
            return "bot"
        return "handover" if self.viewer not in (None, seat) else HUMAN

    def frame(self) -> dict[str, Any]:
        step = self.next_step()
        viewer = self._final_viewer() if step == "over" else self.viewer
        view = self.state.view(viewer)
        if step == "handover":
            html, status = self._handover_html(), "交代してください。"
        else:
            html, status = self.game.render(view, interactive=step == HUMAN), self.game.status(view)
        return {
            "ok": True,
            "html": html,
            "status": status,
            "next": step,
            "viewer": viewer,
            "lines": self.state.log_lines(viewer) if step != "handover" else [],
            "log": to_log(self.state, scenario=self.scenario),
            "seats": list(self.seats),
            "seed": self.state.seed,
            "can_undo": any(self.seats[e.seat] == HUMAN for e in self.state.journal),
        }

    # --- helpers ---------------------------------------------------------------------------------

    def _check_seats(self, seats: object) -> list[str]:
        kinds = {HUMAN, *(f"bot:{name}" for name in self.game.bots)}
        if not isinstance(seats, list) or len(seats) != self.state.players:
            raise BadOption(f"席は{self.state.players}つ指定してください。")
        for seat in seats:
            if seat not in kinds:
                raise BadOption(f"「{seat}」という席の種類はありません。")
        return seats

    def _humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def _settle_viewer(self) -> None:
        """Show the current human's side, unless another human's side is on screen (hand-over)."""
        seat = self.state.current_player
        if (
            seat is not None
            and self.seats[seat] == HUMAN
            and (self.viewer is None or len(self._humans()) < 2)
        ):
            self.viewer = seat
        elif self.viewer is None and self._humans():
            self.viewer = self._humans()[0]

    def _final_viewer(self) -> int | None:
        humans = self._humans()
        return humans[0] if len(humans) == 1 else None

    def _handover_html(self) -> str:
        name = escape(self.state.seat_name(self.state.current_player or 0))
        return (
            '<section class="rb-handover" role="dialog" aria-label="交代">'
            f"<p>次は<strong>{name}</strong>の番です。端末を{name}の人に渡してください。</p>"
            f'<button type="button" data-command="reveal">{name}の画面を表示する</button></section>'
        )

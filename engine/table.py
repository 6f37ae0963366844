"""みんなのスマホで遊ぶ: one game, one device running it (the host), every other human seat on a
phone of its own. The host's shell relays frames to the phones over its table protocol; this is
what the engine gives it, once for every game.

A `TableSession` is a `Session` whose screen never changes hands: the host's screen is its own
seat (`host`), or the table as everyone sees it (`host` None: a tablet in the middle). There is no
hand-over and no undo (a move made on a phone cannot be taken back from another). Each human seat
but the host's is a guest; its frame is drawn from `view(seat)` alone and holds only the keys of
`GUEST_FRAME_KEYS`: never the save, the seed, the log, the setup, a review or a coach, not even at
the end (the host's own screen shows those then). A guest's click or ヒント goes through the same
checks as the host's, and only while that seat is to move: which seat a request is for is decided
by the host's shell from the connection it came on.
"""

from __future__ import annotations

from typing import Any

from engine import advice
from engine.errors import BadOption, IllegalAction
from engine.session import HUMAN, Session

NO_UNDO = "みんなのスマホで遊んでいるあいだは「一手戻す」は使えません。"
NO_HINT = "今はヒントを出せません。"
NOT_YOUR_TURN = "今はあなたの手番ではありません。"
NOT_OVER = "もう1局は、このゲームが終わってから始められます。"
AT_ONCE = "（ここでは1人ずつ順に）"
"""Added to the status line while a choice made at once at a real table is taken seat by seat."""
WAITING = "wait"
"""`next` of a frame whose viewer is not to move while another device's human is."""
GUEST_FRAME_KEYS = ("ok", "html", "status", "next", "mover", "lines")
"""All a guest's phone is sent, by name: a key a later change adds to frames stays on the host."""


class TableSession(Session):
    def __init__(self, log: object, seats: object, host: object = None) -> None:
        self.host: int | None = None  # _settle_viewer (called by Session) reads it
        super().__init__(log, seats)
        self.host = self._check_host(host, self.seats)
        self.viewer = self.host

    # --- commands ------------------------------------------------------------------------------

    def act(self, action: object, seat: object = None) -> None:
        """A click on the host's screen (`seat` None) or on the phone of `seat`."""
        self._check_to_move(self.host if seat is None else seat, action)
        with self._transaction():
            self.state.apply(action)  # type: ignore[arg-type]  # apply refuses non-strings itself

    def hint(self, seat: object = None) -> dict[str, Any]:  # type: ignore[override]
        """ヒント for the host's seat or a guest's, from that seat's perspective alone."""
        at = self.host if seat is None else seat
        try:
            self._check_to_move(at, None)
        except IllegalAction:
            raise IllegalAction(
                "今はヒントを出せません。", action=None, seat=self.state.current_player
            ) from None
        return advice.hint(self.game, self._perspective(at))  # type: ignore[arg-type]

    def undo(self) -> None:
        raise IllegalAction(NO_UNDO, action=None, seat=self.state.current_player)

    def reseat(self, seats: object) -> None:
        """A seat handed to a bot (its phone gone) or back to its guest; the host's stays."""
        checked = self._check_seats(seats)
        self._check_host(self.host, checked)
        super().reseat(checked)
        self.viewer = self.host

    # --- frames ----------------------------------------------------------------------------------

    def next_step(self) -> str:
        """As the screen being drawn sees it: its own move, a bot's, or another device's (wait)."""
        seat = self.state.current_player
        if seat is None:
            return "over"
        if self.seats[seat] != HUMAN:
            return "bot"
        return HUMAN if seat == self.viewer else WAITING

    def frame(self) -> dict[str, Any]:
        """The host's frame, with every guest's beside it for the host's shell to send on."""
        frame = self._frame_for(self.host)
        frame["table"] = {
            "host": self.host,
            "guests": {str(seat): self.seat_frame(seat) for seat in self.guests()},
        }
        return frame

    def seat_frame(self, seat: int) -> dict[str, Any]:
        """The frame of a guest's phone, as much as its shell reads to draw the seat: the board,
        the status line and the log lines as `seat` sees them, whose turn it is, and what comes
        next on that phone. What else a frame holds (undo, review, hint marks, a coach) is the
        host's alone, and the shell takes a key it is not sent as none."""
        frame = self._frame_for(seat)
        return {key: frame[key] for key in GUEST_FRAME_KEYS}

    def next_game(self, seed: int) -> tuple[TableSession, list[int]]:
        """もう1局: a fresh game of the same players with the same options, everyone seated as the
        rules say for a next game (`State.next_seating`); and where each seat's player went, for
        the host's shell to move each phone's connection along."""
        if not self.state.is_over():
            raise IllegalAction(NOT_OVER, action=None, seat=self.state.current_player)
        moved = self.state.next_seating()
        seats = [""] * len(self.seats)
        for seat, kind in enumerate(self.seats):
            seats[moved[seat]] = kind
        log = {**self._log(), "seed": seed, "actions": []}
        log.pop("redeal", None)
        log.pop("scenario", None)
        host = None if self.host is None else moved[self.host]
        return TableSession(log, seats, host), moved

    def guests(self) -> list[int]:
        return [seat for seat in self._humans() if seat != self.host]

    def export(self) -> dict[str, Any]:
        return {**super().export(), "table": {"host": self.host}}

    # --- helpers ---------------------------------------------------------------------------------

    def _frame_for(self, viewer: int | None) -> dict[str, Any]:
        self.viewer = viewer
        try:
            frame = super().frame()
        finally:
            self.viewer = self.host
        frame["viewer"] = viewer
        frame["can_undo"] = False
        if self.state.chosen_at_once():
            frame["status"] += AT_ONCE
        frame["reviewable"] = frame["reviewable"] and viewer == self.host
        return frame

    def _final_viewer(self) -> int | None:
        return self.viewer

    def _settle_viewer(self) -> None:
        self.viewer = self.host

    def _check_to_move(self, seat: object, action: object) -> None:
        mover = self.state.current_player
        if type(seat) is not int or seat != mover or self.seats[seat] != HUMAN:
            raise IllegalAction(NOT_YOUR_TURN, action=action, seat=mover)

    @staticmethod
    def _check_host(host: object, seats: list[str]) -> int | None:
        if host is None:
            return None
        if type(host) is not int or not 0 <= host < len(seats) or seats[host] != HUMAN:
            raise BadOption("この端末の席は、人間の席から選んでください。")
        return host

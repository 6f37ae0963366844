"""One sandbox's game: seats (human or bot), whose eyes the board is drawn for, undo and hand-over,
and the coach of a tutorial (engine.coach) when the game is one.

The shell knows no game; it sends clicks here and shows the frame this returns. A frame holds
only what the person at the screen may see: while the game is on, the replay log and the seed
(from either of which every hidden piece could be rebuilt) travel only in `save`, which the
worker keeps for resuming and never passes to the page, or in an explicit `export`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from typing import Any

from engine.advice import hint
from engine.bots.levels import LEVELS
from engine.bots.perspective import Perspective
from engine.coach import Coach
from engine.core import State
from engine.errors import BadLog, BadOption, IllegalAction
from engine.game import Game
from engine.registry import find_game
from engine.replay import Redeal, load_log, new_game, to_log
from engine.review import Review
from engine.rng import Rng

HUMAN = "human"
BOT_PREFIX = "bot:"
NOT_A_BOT = "今はボットの手番ではありません。"


class Session:
    def __init__(self, log: object, seats: object, coach: object = None) -> None:
        """`coach`: a saved tutorial's progress ({"tutorial", "marks"}), where the log is one."""
        self.state: State = load_log(log)  # validates the whole log: a dict from here on
        self.game: Game = find_game(self.state.info.id)
        self.scenario: str | None = log.get("scenario")  # type: ignore[union-attr]
        self.redeal: Redeal | None = log.get("redeal")  # type: ignore[union-attr]
        self.seats = self._check_seats(seats)
        self.coach = None if coach is None else self._resumed_coach(coach)
        self.review: Review | None = None
        self.suggestion: tuple[int, int, str] | None = None
        """After 打ち直す: (position, seat, the review's better move), shown until the seat moves."""
        self.viewer: int | None = None
        self._settle_viewer()

    @classmethod
    def tutorial(cls, game_id: object, name: object) -> Session:
        """A tutorial of the game from its first step: the reader at its seat, and the other seats
        scripted (the game's default bot once the tutorial is over and the reader plays on)."""
        game = find_game(game_id)
        if not isinstance(name, str) or name not in game.tutorials:
            raise BadOption(f"「{str(name)[:40]}」というチュートリアルはありません。")
        tutorial = game.tutorials[name]
        state = tutorial.build()
        bot = f"{BOT_PREFIX}{game.default_bot}"
        seats = [HUMAN if seat == tutorial.reader else bot for seat in range(state.players)]
        return cls(to_log(state, scenario=name), seats, {"tutorial": name, "marks": [0]})

    # --- commands: each one happens whole or not at all ---------------------------------------

    def act(self, action: object) -> None:
        """A human's click; refused unless a human whose screen is shown is to move (and, in a
        tutorial, unless the step takes it)."""
        if self.next_step() != HUMAN:
            raise IllegalAction(
                "今はあなたの手番ではありません。", action=action, seat=self.state.current_player
            )
        with self._transaction():
            if self.coach:
                self.coach.check(self.state, action)  # type: ignore[arg-type]  # apply checks the type
            self.state.apply(action)  # type: ignore[arg-type]  # apply refuses non-strings itself
            if self.coach:
                self.coach.settle(self.state)
            self._settle_viewer()
        self.suggestion = None  # the reader moved: an undo back to it does not bring it back

    def step(self) -> None:
        """Let the bot whose turn it is make one atomic action, knowing only what its seat knows;
        in a tutorial, the script's next move."""
        if self.coach:
            self._scripted_step(self.coach)
            return
        seat = self.state.current_player
        if seat is None or self.seats[seat] == HUMAN:
            raise IllegalAction(NOT_A_BOT, action=None, seat=seat)
        player = LEVELS[self.seats[seat].removeprefix(BOT_PREFIX)].make(self.game, self.state.players)
        rng = Rng(self.state.seed ^ (len(self.state.history) * 0x9E3779B97F4A7C15))
        with self._transaction():
            self.state.apply(player.choose(self._perspective(seat), rng))
            self._settle_viewer()

    def undo(self) -> None:
        """Replay without the last human action and every bot action after it; then hand over
        exactly as after a move, so the screen never shows another seat's side. A tutorial steps
        back with its coach's own 1つ戻る instead (`coach_command`)."""
        if self.coach:
            raise IllegalAction("チュートリアルでは「1つ戻る」で戻ってください。", action=None, seat=None)
        humans = [i for i, entry in enumerate(self.state.journal) if self.seats[entry.seat] == HUMAN]
        if not humans:
            raise IllegalAction("戻せる手がありません。", action=None, seat=self.state.current_player)
        with self._transaction():
            self.state = load_log(self._log(upto=humans[-1]))
            self._settle_viewer()

    def reseat(self, seats: object) -> None:
        """Change who plays each seat, keeping the game; the screen keeps showing the side it
        showed, so a different human to move still gets the hand-over screen first."""
        if self.coach:
            raise BadOption("チュートリアルの途中では席を変えられません。")
        self.seats = self._check_seats(seats)
        self.review = None  # it reviewed a seat that may be a bot's now
        self._settle_viewer()

    def coach_command(self, command: object, *, seed: int = 0) -> None:
        """A tutorial's own controls: "next" (a read step's 次へ), "back" (one step), "restart",
        and "continue" once it is over: the scripted seats go to the default bot and the reader
        plays on, from where the tutorial stopped or, if its game is over, in a fresh game of the
        same seats with the game's usual options, dealt from `seed` (engine.coach.PLAY_ON)."""
        coach = self.coach
        if coach is None:
            raise IllegalAction(
                "今はチュートリアルではありません。", action=None, seat=self.state.current_player
            )
        with self._transaction():
            if command == "next":
                coach.next(self.state)
            elif command in ("back", "restart"):
                keep = coach.back(self.state) if command == "back" else coach.restart()
                self.state = load_log(self._log(upto=keep))
            elif command == "continue" and coach.finished():
                self.coach = None
                if self.state.is_over():
                    self._start_afresh(seed)
            else:
                raise BadOption("チュートリアルの操作が正しくありません。")
            self._settle_viewer()

    def hint(self) -> dict[str, Any]:
        """ヒント for the seat at the screen, when it is to move (in a tutorial, at a move step):
        from that seat's knowledge alone (engine.advice)."""
        seat = self.state.current_player
        moves = self.next_step() == HUMAN and (not self.coach or self.coach.waiting(self.state) == "move")
        if seat is None or not moves or seat != self.viewer:
            raise IllegalAction("今はヒントを出せません。", action=None, seat=seat)
        return hint(self.game, self._perspective(seat))

    def open_review(self, seat: object = None) -> dict[str, Any]:
        """振り返り of a finished game by one of its human seats (the first, unless `seat` names
        another): how many moves and decisions there are."""
        humans = self._humans()
        if not self.state.is_over() or not humans:
            raise BadOption("振り返りは、人間の席があるゲームが終わってからできます。")
        chosen = humans[0] if seat is None else seat
        if chosen not in humans:
            raise BadOption("振り返る席は、人間の席から選んでください。")
        self.review = Review(self.game, self._log(), chosen)  # type: ignore[arg-type]
        return {"seat": chosen, "moves": len(self.state.history), "decisions": len(self.review.decisions)}

    def reviewing(self) -> Review:
        if self.review is None:
            raise BadOption("振り返りが開いていません。")
        return self.review

    def replayed(self, at: object, *, as_seen: bool, seed: int) -> Session:
        """打ち直す: a new game from position `at` of the reviewed game, as it really lay, or as the
        reviewed seat saw it (everything hidden from it drawn afresh from `seed`); same seats."""
        review = self.reviewing()
        if type(at) is not int or not 0 <= at < len(review.actions):
            raise BadOption("打ち直す局面の番号が正しくありません。")
        log = self._log(upto=at)
        if as_seen:
            if "redeal" in log:  # a log holds one redeal: a second would replay the first's moves wrongly
                raise BadOption(
                    "この対局は一度「見えていたとおりに」打ち直したものです。その後の局面は"
                    "「そのままの局面」から打ち直してください。"
                )
            log = {**log, "redeal": {"at": at, "seat": review.seat, "seed": seed}}
        replayed = Session(log, self.seats)
        better = review.better_at(at)
        replayed.suggestion = None if better is None else (at, review.seat, better)
        return replayed

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
        if self.coach:
            return "bot" if self.coach.waiting(self.state) == "script" else HUMAN
        if self.seats[seat] != HUMAN:
            return "bot"
        return "handover" if self.viewer not in (None, seat) else HUMAN

    def frame(self) -> dict[str, Any]:
        """What the page may show now; `save` is for the worker only (see the module docstring)."""
        step = self.next_step()
        over = step == "over"
        viewer = self._final_viewer() if over else self.viewer
        view = self.state.view(viewer)
        if step == "handover":
            html, status = self._handover_html(), "交代してください。"
        else:
            moves = step == HUMAN and (not self.coach or self.coach.draws_moves(self.state))
            html, status = self.game.render(view, interactive=moves), self.game.status(view)
        frame = {
            "ok": True,
            "html": html,
            "status": status,
            "next": step,
            "mover": self.state.current_player,
            "viewer": viewer,
            "lines": self.state.log_lines(viewer) if step != "handover" else [],
            "seats": list(self.seats),
            "scenario": self.scenario,
            "players": self.state.players,
            "options": dict(self.state.options),
            "reviewable": over and bool(self._humans()),
            "suggest": self._suggested(step),
            "can_undo": not self.coach and any(self.seats[e.seat] == HUMAN for e in self.state.journal),
            "coach": self.coach.frame(self.state) if self.coach else None,
            "save": self.export(),
        }
        if over:
            frame["seed"] = self.state.seed
            frame["log"] = frame["save"]["log"]
        return frame

    def export(self) -> dict[str, Any]:
        """The whole game as a share link holds it; `reveals` while hidden pieces remain hidden."""
        exported = {
            "log": self._log(),
            "seats": list(self.seats),
            "reveals": not self.state.is_over(),
        }
        if self.coach:
            exported["coach"] = self.coach.saved()
        return exported

    # --- helpers ---------------------------------------------------------------------------------

    def _suggested(self, step: str) -> list[str]:
        """The review's better move at the position 打ち直す opened, while the reviewed seat is at
        the screen to make that decision; the seat's own knowledge only (Review.better_at)."""
        if self.suggestion is None or step != HUMAN:
            return []
        at, seat, better = self.suggestion
        here = len(self.state.history) == at and self.viewer == seat == self.state.current_player
        return [better] if here and better in self.state.legal_actions() else []

    def _log(self, *, upto: int | None = None) -> dict[str, Any]:
        return to_log(self.state, scenario=self.scenario, upto=upto, redeal=self.redeal)

    def _perspective(self, seat: int) -> Perspective:
        """What a bot or a hint of `seat` is given: its knowledge of the game (engine.bots)."""
        return Perspective(self.state, seat, scenario=self.scenario, redeal=self.redeal)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """A change of the game: the review of the game as it was closes. Undo every change of
        the block if it raises, whatever it raises."""
        state, viewer, coach = self.state.clone(), self.viewer, self.coach and self.coach.clone()
        review, self.review = self.review, None
        try:
            yield
        except BaseException:
            self.state, self.viewer, self.coach, self.review = state, viewer, coach, review
            raise

    def _scripted_step(self, coach: Coach) -> None:
        action = coach.scripted(self.state)
        if action is None:
            raise IllegalAction(NOT_A_BOT, action=None, seat=self.state.current_player)
        with self._transaction():
            self.state.apply(action)
            coach.settle(self.state)
            self._settle_viewer()

    def _start_afresh(self, seed: int) -> None:
        """A new game of the same game, player count and seats, with the usual options."""
        self.state = new_game(self.game.id, self.state.players, seed)
        self.scenario = self.redeal = None
        self.viewer = None

    def _resumed_coach(self, saved: object) -> Coach:
        """The coach of a saved tutorial, checked against the log (which starts at its start)."""
        name = saved.get("tutorial") if isinstance(saved, dict) else None
        if not isinstance(name, str) or name != self.scenario or name not in self.game.tutorials:
            raise BadLog("保存されたチュートリアルを開けません。最初から始めてください。")
        marks, pressed = saved.get("marks"), saved.get("pressed", False)  # type: ignore[union-attr]
        return Coach.resume(self.game.tutorials[name], self.state, marks, pressed)

    def _check_seats(self, seats: object) -> list[str]:
        kinds = {HUMAN, *(BOT_PREFIX + key for key in LEVELS)}
        if not isinstance(seats, list) or len(seats) != self.state.players:
            raise BadOption(f"席は{self.state.players}つ指定してください。")
        for seat in seats:
            if not isinstance(seat, str) or seat not in kinds:
                raise BadOption(f"「{str(seat)[:40]}」という席の種類はありません。")
        return list(seats)

    def _humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def _settle_viewer(self) -> None:
        """Decide whose side the screen shows. `viewer` is the seat whose private side may be on
        screen now; a human to move who is not the viewer gets the hand-over screen first."""
        seat = self.state.current_player
        humans = self._humans()
        if seat is not None and self.seats[seat] == HUMAN:
            if self.viewer is None:
                self.viewer = seat
        elif self.viewer is None and len(humans) == 1:
            self.viewer = humans[0]

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

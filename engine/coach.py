"""A tutorial in progress (engine.tutorial): which step the reader is at, what it accepts, and the
other seats' scripted moves. The session asks it before every move; it knows no game.

The coach keeps `marks`: how many actions had been played when each step began (the first step
begins at 0, on the tutorial's own position); the current step is the last mark's. Everything
else is read off the state: the actions since the current mark are the reader's part of the
step (first) and then the script's (in a step with `between`, the reader's seat's moves and the
others' interleave: the script moves only the other seats). A saved tutorial is its log and its
marks, and `resume` plays the log again through the same checks as play, so a damaged save is
refused whole.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.errors import BadLog, IllegalAction
from engine.tutorial import Step, Tutorial

OFF_LESSON = "このステップでは、光っている手を選んでください。"
READ_FIRST = "まずコーチの説明を読んで、「次へ」を押してください。"
NOT_YOURS = "今はほかのプレイヤーが指す番です。"
NOT_READING = "今は「次へ」で進むところではありません。"
OVER = "チュートリアルはここまでです。「このまま続けて遊ぶ」か「新しいゲーム」を選んでください。"
PLAY_ON = {
    "here": "「このまま続けて遊ぶ」を押すと、この局面から続けます。ほかの席はボットが受け持ちます。",
    "afresh": "この1局は終わりました。「このまま続けて遊ぶ」を押すと、同じ席（相手はボット）で、"
    "練習用でないふつうの新しい1局が始まります。",
}
"""What 「このまま続けて遊ぶ」 will do, said at the end (engine.session: play on from the tutorial's
position, or a fresh game when its game is over)."""
BAD_SAVE = "保存されたチュートリアルの進み具合が正しくありません。最初から始めてください。"


class Coach:
    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.marks = [0]
        self._pressed = False  # 次へ pressed on a read step whose script has not begun

    def clone(self) -> Coach:
        twin = Coach(self.tutorial)
        twin.marks, twin._pressed = list(self.marks), self._pressed
        return twin

    @property
    def index(self) -> int:
        return len(self.marks) - 1

    def finished(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    def step(self) -> Step:
        return self.tutorial.steps[self.index]

    # --- where the current step stands ---------------------------------------------------------

    def waiting(self, state: State) -> str:
        """What the step waits for: "read" (次へ), "move" (the reader's), "script" (the other
        seats' moves of `between` or `then`), or "done" (the tutorial is over)."""
        if self.finished():
            return "done"
        if not self._reader_done(state):
            step = self.step()
            if step.is_read():
                return "read"
            return "script" if step.between and state.current_player != self.tutorial.reader else "move"
        return "script"

    def draws_moves(self, state: State) -> bool:
        """Whether the board draws the reader's moves: on a move step, and on a `live` read step
        where the reader is to move (a press there is refused: 次へ first)."""
        waiting = self.waiting(state)
        live = waiting == "read" and self.step().live and state.current_player == self.tutorial.reader
        return waiting == "move" or live

    def scripted(self, state: State) -> str | None:
        """The script's next move: of `between` while the reader's part of the step goes on, then
        of `then` once it is done."""
        if self.waiting(state) != "script":
            return None
        step = self.step()
        script = step.between + step.then if self._reader_done(state) else step.between
        played = len(state.history) - self.marks[-1] - self._reader_moves(state)
        return script[played] if played < len(script) else None

    def _reader_moves(self, state: State) -> int:
        """The reader's moves since the step began: they come before the script's, or, in a step
        with `between`, are every move of the reader's seat (the script moves only the others)."""
        since = state.journal[self.marks[-1] :]
        if self.step().between:
            return sum(entry.seat == self.tutorial.reader for entry in since)
        count = 0
        for entry in since:
            if entry.seat != self.tutorial.reader:
                break
            count += 1
        return count

    def _reader_done(self, state: State) -> bool:
        step = self.step()
        since = len(state.history) - self.marks[-1]
        if step.is_read():
            return self._pressed or since > 0
        mine = self._reader_moves(state)
        if mine < since and not step.between:
            return True  # the script has begun
        return mine > 0 and (step.until is None or step.until(state))

    # --- what happens ------------------------------------------------------------------------

    def check(self, state: State, action: str) -> None:
        """Refuse a reader's move the step does not take (an illegal one is refused by the rules,
        afterwards, as in any game)."""
        waiting = self.waiting(state)
        if waiting == "read":
            raise IllegalAction(READ_FIRST, action=action, seat=self.tutorial.reader, rule=self.step().rule)
        if waiting != "move":
            message = OVER if waiting == "done" else NOT_YOURS
            raise IllegalAction(message, action=action, seat=state.current_player)
        step = self.step()
        if action in state.legal_actions() and not step.accepts(action):
            raise IllegalAction(
                step.nudge or OFF_LESSON, action=action, seat=self.tutorial.reader, rule=step.rule
            )

    def next(self, state: State) -> None:
        """次へ on a read step."""
        if self.waiting(state) != "read":
            raise IllegalAction(NOT_READING, action=None, seat=state.current_player)
        self._pressed = True
        self.settle(state)

    def settle(self, state: State) -> None:
        """Go on to the next step while the current one is complete."""
        while not self.finished() and self._complete(state):
            self.marks.append(len(state.history))
            self._pressed = False

    def _complete(self, state: State) -> bool:
        if not self._reader_done(state):
            return False
        step = self.step()
        played = len(state.history) - self.marks[-1] - self._reader_moves(state)
        return played >= len(step.between) + len(step.then)

    def back(self, state: State) -> int:
        """One step back: to the start of the current step if the reader has begun it, else to
        the start of the one before. Returns how many actions to keep."""
        begun = self._pressed or len(state.history) > self.marks[-1]
        self._pressed = False
        if len(self.marks) > 1 and (self.finished() or not begun):
            self.marks.pop()
        return self.marks[-1]

    def restart(self) -> int:
        """Back to the first step; returns how many actions to keep (none)."""
        self.marks, self._pressed = [0], False
        return 0

    # --- what the page sees, and what is saved ----------------------------------------------

    def frame(self, state: State) -> dict[str, Any]:
        tutorial, waiting = self.tutorial, self.waiting(state)
        shown = {"tutorial": tutorial.name, "title": tutorial.title, "steps": len(tutorial.steps)}
        begun = len(state.history) > self.marks[-1]
        shown["can_back"] = self.index > 0 or begun
        if waiting == "done":
            learned = [{"text": text, "rule": rule} for text, rule in tutorial.learned]
            play_on = PLAY_ON["afresh" if state.is_over() else "here"]
            return {
                **shown,
                "step": len(tutorial.steps),
                "waiting": waiting,
                "learned": learned,
                "play_on": play_on,
            }
        step = self.step()
        return {
            **shown,
            "step": self.index + 1,
            "waiting": waiting,
            "say": step.say,
            "rule": step.rule,
            "point": list(step.point) if waiting == "move" or step.is_read() else [],
        }

    def saved(self) -> dict[str, Any]:
        """The marks, and whether 次へ was pressed on a read step whose script has not begun."""
        return {"tutorial": self.tutorial.name, "marks": list(self.marks), "pressed": self._pressed}

    @classmethod
    def resume(cls, tutorial: Tutorial, state: State, marks: object, pressed: object = False) -> Coach:
        """The coach of a saved tutorial whose game is `state`: its log is played again from the
        tutorial's start through the same checks as play, passing each read step the save had
        passed (and any read step a logged action follows); the marks reached must be the saved
        ones, and a 次へ pressed where the log cannot show it stays pressed."""
        if not isinstance(marks, list) or not all(type(m) is int for m in marks) or not marks:
            raise BadLog(BAD_SAVE)
        if type(pressed) is not bool:
            raise BadLog(BAD_SAVE)
        coach, replay = cls(tutorial), tutorial.build()
        try:
            for action in state.history:
                coach._pass_read_steps(replay, len(marks))
                if coach.waiting(replay) == "read":
                    coach.next(replay)  # an action after a read step: its 次へ was pressed
                if coach.waiting(replay) == "script":
                    if action != coach.scripted(replay):
                        raise BadLog(BAD_SAVE)
                else:
                    coach.check(replay, action)
                replay.apply(action)
                coach.settle(replay)
            coach._pass_read_steps(replay, len(marks))
        except IllegalAction as error:
            raise BadLog(BAD_SAVE) from error
        if coach.marks != marks:
            raise BadLog(BAD_SAVE)
        if pressed and coach.waiting(replay) == "read":
            coach.next(replay)  # pressed before its script began: nothing in the log shows it
        return coach

    def _pass_read_steps(self, state: State, marks: int) -> None:
        while self.waiting(state) == "read" and len(self.marks) < marks:
            self.next(state)

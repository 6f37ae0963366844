"""Guided first games (「はじめての1局」): a tutorial is data in its game's package, `tutorial.py`.

A tutorial starts from a position built for teaching (through the game's own constructor, as
the worked examples are) and walks the reader through its steps. Each step says what is
happening and what to do, in two or three short sentences of our own Japanese (`say`), names the
rule it teaches by its anchor on the rules page (`rule`), and claims something about the
position where it begins, which `holds` checks: the shared suite runs every claim, in CPython
and in Pyodide, so a tutorial that stops telling the truth fails a test instead of misleading a
reader. A claim may speak only of what the reader's seat can know (the suite checks it on
states whose hidden pieces are drawn afresh).

What the reader does at a step (`play`):
- `READ`: nothing on the board; the coach's 次へ goes on (a theme, a goal, a look at the board);
- `ANY`: any legal move;
- a tuple of action ids: one of those; another legal move is refused with `nudge`, a friendly
  word on why this lesson asks for the other, and the reader tries again.
With `until`, the step takes the reader's moves (each as `play` allows) until `until` holds of
the position (a compound turn: pick, pick, done); without it, one move. The other seats' moves
that follow are `then`, played one at a time like a bot's, before the next step begins. The other
seats' moves that come between the reader's moves of an `until` step (the rest of each trick, over
the last tricks of a hand) are `between`, played whenever another seat is to move before `until`
holds; such an `until` must stay true once it holds.

What the screen shows at a step is what its words speak of: a step lists in `shows` the counts,
scores and headings it names as the board writes them, and a read step that speaks of the moves
the reader has (the spaces lit) is `live`, its board drawn with them. The shared suite checks both
on the step's frame, and that everything a step points at is on the board and not empty.

`engine.coach` plays a tutorial in a session.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from engine.core import State

READ: tuple[str, ...] = ()
"""`Step.play` of a step that only explains: the reader goes on with 次へ."""
ANY: tuple[str, ...] = ("*",)
"""`Step.play` of a step where any legal move will do."""
SAY_LIMIT = 70
"""The widest `Step.say`, in full-width characters (`say_width`): a step must be read whole on a
phone, in at most four lines of the coach's box. At 390 px the box holds about 21 full-width
characters a line, but lines break early (a bracket kept with its word, a number not split):
measured in Chromium at 390 px, one step 71.5 wide took five lines, and at this limit all 163
steps take at most four (at 360 px, 27 of them take five). A longer step is rewritten or split
in two, one idea each."""


def say_width(text: str) -> float:
    """How wide `text` runs, in full-width characters: a half-width one (digits, Latin letters,
    [3|4]) counts a half."""
    return sum(1 if unicodedata.east_asian_width(c) in "FWA" else 0.5 for c in text)


@dataclass(frozen=True)
class Step:
    say: str
    rule: str
    holds: Callable[[State], bool]
    play: tuple[str, ...] = READ
    until: Callable[[State], bool] | None = None
    then: tuple[str, ...] = ()
    between: tuple[str, ...] = ()
    point: tuple[str, ...] = ()
    """What to highlight: action ids of the board's buttons, or element ids of its pieces."""
    nudge: str = ""
    shows: tuple[str, ...] = ()
    """What the words speak of that the board shows where the step begins (a count, a score, a
    box's heading), each as the board's text reads it: the shared suite finds each in the step's
    frame, so that a step never talks of a state its screen does not show."""
    live: bool = False
    """A read step whose words speak of the reader's moves (the spaces lit, the controls): its
    board draws them as a move step's would; pressing one asks for 次へ first."""

    def is_read(self) -> bool:
        return self.play == READ

    def accepts(self, action: str) -> bool:
        """Whether the lesson takes `action` (a legal one) at this step."""
        return self.play == ANY or action in self.play


@dataclass(frozen=True)
class Tutorial:
    """A guided game: its start, its steps, and what the reader has learned at the end (a few lines,
    each with the anchor of its rule)."""

    name: str
    title: str
    build: Callable[[], State]
    steps: tuple[Step, ...]
    learned: tuple[tuple[str, str], ...]
    reader: int = 0

    def anchors(self) -> list[str]:
        """The rule anchors it teaches, in order, each once."""
        return list(dict.fromkeys([step.rule for step in self.steps] + [rule for _, rule in self.learned]))

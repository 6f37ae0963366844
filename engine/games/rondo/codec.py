"""Rondo's chips and action ids: one codec, disjoint namespaces (see rules.py's docstring).

>>> parse_action("go:o07"), parse_action("up:3"), parse_action("down:R")
(Action(kind='go', argument='o07'), Action(kind='up', argument='3'), Action(kind='down', argument='R'))
>>> parse_action("go:x99") is None, parse_action("up:6") is None
(True, True)
>>> chip_name("Y")
'黄✚'
"""

from __future__ import annotations

from typing import NamedTuple

from engine.colours import COLOURS as CODE
from engine.games.rondo.board import SPACES, space_place

COLOURS = ("P", "G", "B", "R", "Y")
"""Purple, green, blue, red, yellow: the order racks and tables list them in."""
COLOUR_NAMES = {colour: CODE[colour].name for colour in COLOURS}
COLOUR_SYMBOLS = {colour: CODE[colour].symbol for colour in COLOURS}
"""Each colour's own symbol, drawn with it everywhere: the site's colour code (engine.colours)."""
CHIPS_PER_COLOUR = 24
RACK_LIMIT = 5
ALL_CHIPS: tuple[str, ...] = tuple(c for c in COLOURS for _ in range(CHIPS_PER_COLOUR))


def chip_name(colour: str) -> str:
    """A colour with its symbol: "紫◆"."""
    return COLOUR_NAMES[colour] + COLOUR_SYMBOLS[colour]


class Action(NamedTuple):
    kind: str
    argument: str = ""


GO_IDS: tuple[str, ...] = tuple(f"go:{space.id}" for space in SPACES)
"""By space index: choose this space as the chain's next (or first) space."""
UP_IDS: tuple[str, ...] = tuple(f"up:{n}" for n in range(RACK_LIMIT + 1))
"""By count (index 0 unused): put that many chips of the space's colour face up on it."""
DOWN_IDS: dict[str, str] = {c: f"down:{c}" for c in COLOURS}
"""By colour: put one chip of it face down on the chosen space."""

ACTIONS: dict[str, Action] = {
    "draw": Action("draw"),
    "end": Action("end"),
    "pass": Action("pass"),
    **{text: Action("go", space.id) for text, space in zip(GO_IDS, SPACES, strict=True)},
    **{UP_IDS[n]: Action("up", str(n)) for n in range(1, RACK_LIMIT + 1)},
    **{text: Action("down", colour) for colour, text in DOWN_IDS.items()},
}
"""Every well-formed action id (legal or not at some moment), read once."""


def parse_action(text: str) -> Action | None:
    """Read an action id; None unless it is well formed (legality is a separate question)."""
    return ACTIONS.get(text)


def space_label(index: int, side: str) -> str:
    """A space as the text names it: "紫◆1のマス（外周7）"."""
    space = SPACES[index]
    value = space.blue if side == "blue" else space.red
    return f"{chip_name(space.colour)}{value}のマス（{space_place(index)}）"

"""Rondo's board: our own adaptation, as data (the printed board is not public).

Two concentric rings joined by spokes around the centre (RULES-NOTES.md, Rondo):
- 4 hub spokes of 2 spaces lead from the centre to the inner ring (h01-h08: h01 and h02 at 12
  o'clock, h03 and h04 at 3 o'clock, ...); the 4 spaces next to the centre are h01, h03, h05, h07;
- the inner ring, 16 spaces (i01 at 12 o'clock, then clockwise);
- 8 middle spokes of 1 space join the inner ring to the outer ring (m01 at 12 o'clock, every 45°);
- the outer ring, 24 spaces (o01 at 12 o'clock, then clockwise);
- 8 end spaces stand outside the outer ring where the middle spokes meet it (e01 ... e08).

Each space has a colour, a value on each side of the board (blue side 1-5, red side higher,
2-9) and perhaps the grey mark (a mark on a coloured space that scores normally). The drawing
position is polar: `angle` in degrees clockwise from 12 o'clock, `radius` in board units (a
space is drawn with radius 0.5). tests/engine/test_rondo_rules.py checks every constraint of
RULES-NOTES on this data, the worked examples' fits included:

- the purple 2 - blue 1 - yellow 3 chain: h03, h04, i05;
- the red 2 next to that yellow 3: m03; the purple 1 after it: o07, whose further neighbours
  are a blue (o06), a green (o08; the two do not touch) and the blue 4 (e03);
- the yellow 1 next to the green 5: i03 and m02.

>>> purple = INDEX["o07"]
>>> SPACES[purple].colour, SPACES[purple].blue, sorted(SPACES[i].id for i in NEIGHBOURS[purple])
('P', 1, ['e03', 'm03', 'o06', 'o08'])
"""

from __future__ import annotations

from typing import NamedTuple

HUB, INNER, MIDDLE, OUTER, END = "hub", "inner", "middle", "outer", "end"
REGION_NAMES = {HUB: "中央路", INNER: "内周", MIDDLE: "連絡路", OUTER: "外周", END: "外端"}
"""Japanese names of the board's parts, as the rules page uses them."""


class Space(NamedTuple):
    id: str
    region: str
    angle: float
    radius: float
    colour: str
    blue: int
    red: int
    grey: bool


SPACES: tuple[Space, ...] = (
    #     id     region  angle radius colour blue red grey
    Space("h01", HUB, 0, 1.3, "G", 1, 2, False),
    Space("h02", HUB, 0, 2.42, "P", 1, 2, False),
    Space("h03", HUB, 90, 1.3, "P", 2, 3, False),
    Space("h04", HUB, 90, 2.42, "B", 1, 2, False),
    Space("h05", HUB, 180, 1.3, "B", 1, 2, False),
    Space("h06", HUB, 180, 2.42, "G", 1, 2, False),
    Space("h07", HUB, 270, 1.3, "B", 1, 2, False),
    Space("h08", HUB, 270, 2.42, "R", 1, 2, False),
    Space("i01", INNER, 0, 3.54, "Y", 2, 3, False),
    Space("i02", INNER, 22.5, 3.54, "P", 1, 3, False),
    Space("i03", INNER, 45, 3.54, "Y", 1, 2, False),
    Space("i04", INNER, 67.5, 3.54, "R", 1, 3, False),
    Space("i05", INNER, 90, 3.54, "Y", 3, 4, False),
    Space("i06", INNER, 112.5, 3.54, "G", 3, 5, False),
    Space("i07", INNER, 135, 3.54, "R", 1, 3, False),
    Space("i08", INNER, 157.5, 3.54, "B", 2, 3, False),
    Space("i09", INNER, 180, 3.54, "Y", 1, 2, False),
    Space("i10", INNER, 202.5, 3.54, "G", 3, 4, False),
    Space("i11", INNER, 225, 3.54, "R", 3, 4, False),
    Space("i12", INNER, 247.5, 3.54, "Y", 2, 3, False),
    Space("i13", INNER, 270, 3.54, "B", 1, 2, False),
    Space("i14", INNER, 292.5, 3.54, "G", 1, 2, False),
    Space("i15", INNER, 315, 3.54, "R", 3, 5, False),
    Space("i16", INNER, 337.5, 3.54, "P", 1, 2, False),
    Space("m01", MIDDLE, 0, 4.66, "R", 2, 5, False),
    Space("m02", MIDDLE, 45, 4.66, "G", 5, 7, False),
    Space("m03", MIDDLE, 90, 4.66, "R", 2, 4, False),
    Space("m04", MIDDLE, 135, 4.66, "G", 5, 8, False),
    Space("m05", MIDDLE, 180, 4.66, "R", 5, 7, False),
    Space("m06", MIDDLE, 225, 4.66, "B", 4, 7, False),
    Space("m07", MIDDLE, 270, 4.66, "Y", 5, 7, False),
    Space("m08", MIDDLE, 315, 4.66, "G", 4, 7, False),
    Space("o01", OUTER, 0, 5.78, "B", 4, 7, False),
    Space("o02", OUTER, 15, 5.78, "R", 2, 5, False),
    Space("o03", OUTER, 30, 5.78, "Y", 3, 5, False),
    Space("o04", OUTER, 45, 5.78, "R", 4, 6, False),
    Space("o05", OUTER, 60, 5.78, "Y", 4, 8, False),
    Space("o06", OUTER, 75, 5.78, "B", 2, 4, False),
    Space("o07", OUTER, 90, 5.78, "P", 1, 4, False),
    Space("o08", OUTER, 105, 5.78, "G", 3, 5, False),
    Space("o09", OUTER, 120, 5.78, "R", 4, 7, False),
    Space("o10", OUTER, 135, 5.78, "Y", 3, 6, False),
    Space("o11", OUTER, 150, 5.78, "B", 5, 7, True),
    Space("o12", OUTER, 165, 5.78, "P", 3, 5, False),
    Space("o13", OUTER, 180, 5.78, "B", 4, 6, False),
    Space("o14", OUTER, 195, 5.78, "G", 3, 6, False),
    Space("o15", OUTER, 210, 5.78, "P", 3, 7, True),
    Space("o16", OUTER, 225, 5.78, "Y", 4, 6, False),
    Space("o17", OUTER, 240, 5.78, "B", 3, 7, False),
    Space("o18", OUTER, 255, 5.78, "R", 4, 6, False),
    Space("o19", OUTER, 270, 5.78, "P", 5, 7, False),
    Space("o20", OUTER, 285, 5.78, "G", 2, 6, True),
    Space("o21", OUTER, 300, 5.78, "P", 5, 7, False),
    Space("o22", OUTER, 315, 5.78, "Y", 5, 7, False),
    Space("o23", OUTER, 330, 5.78, "P", 4, 7, False),
    Space("o24", OUTER, 345, 5.78, "G", 2, 4, False),
    Space("e01", END, 0, 7.0, "Y", 4, 7, True),
    Space("e02", END, 45, 7.0, "P", 5, 8, True),
    Space("e03", END, 90, 7.0, "B", 4, 7, False),
    Space("e04", END, 135, 7.0, "P", 3, 6, True),
    Space("e05", END, 180, 7.0, "P", 3, 7, True),
    Space("e06", END, 225, 7.0, "G", 4, 7, True),
    Space("e07", END, 270, 7.0, "B", 5, 9, True),
    Space("e08", END, 315, 7.0, "R", 5, 8, True),
)

_LINK_TEXT = """
    h01-h02 h02-i01 h03-h04 h04-i05 h05-h06 h06-i09 h07-h08 h08-i13
    i01-i02 i02-i03 i03-i04 i04-i05 i05-i06 i06-i07 i07-i08 i08-i09
    i09-i10 i10-i11 i11-i12 i12-i13 i13-i14 i14-i15 i15-i16 i16-i01
    i01-m01 m01-o01 i03-m02 m02-o04 i05-m03 m03-o07 i07-m04 m04-o10
    i09-m05 m05-o13 i11-m06 m06-o16 i13-m07 m07-o19 i15-m08 m08-o22
    o01-o02 o02-o03 o03-o04 o04-o05 o05-o06 o06-o07 o07-o08 o08-o09
    o09-o10 o10-o11 o11-o12 o12-o13 o13-o14 o14-o15 o15-o16 o16-o17
    o17-o18 o18-o19 o19-o20 o20-o21 o21-o22 o22-o23 o23-o24 o24-o01
    o01-e01 o04-e02 o07-e03 o10-e04 o13-e05 o16-e06 o19-e07 o22-e08
"""
LINKS: tuple[tuple[str, str], ...] = tuple((pair[:3], pair[4:]) for pair in _LINK_TEXT.split())
"""The adjacency list, one line per part: hub spokes, inner ring (two lines), middle spokes
(two lines), outer ring (three lines), end spaces."""
CENTRE_LINKS: tuple[str, ...] = ("h01", "h03", "h05", "h07")
"""The spaces next to the centre. The centre is not a space: it holds no chips, counts as
occupied all game, and no chain passes through it."""

# --- derived once, by index (the rules and the bots run hot on these) -------------------------

INDEX: dict[str, int] = {space.id: i for i, space in enumerate(SPACES)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted({INDEX[b] for a, b in LINKS if a == space.id} | {INDEX[a] for a, b in LINKS if b == space.id})
    )
    for space in SPACES
)
BY_CENTRE: frozenset[int] = frozenset(INDEX[space] for space in CENTRE_LINKS)
GREY: tuple[int, ...] = tuple(i for i, space in enumerate(SPACES) if space.grey)
VALUES: dict[str, tuple[int, ...]] = {
    "blue": tuple(space.blue for space in SPACES),
    "red": tuple(space.red for space in SPACES),
}
COLOURS_OF: tuple[str, ...] = tuple(space.colour for space in SPACES)


def space_place(index: int) -> str:
    """Where a space is, in words: "外周7"."""
    space = SPACES[index]
    return f"{REGION_NAMES[space.region]}{int(space.id[1:])}"

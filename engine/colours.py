"""The site's one colour code: a colour is named and drawn with the same symbol on every board and
every page, so that a reader who has learnt it on one game reads it on the next, and no colour
has to be told apart by hue. Every game with colours takes its names and symbols from here,
keyed by the letters their ids use (No Return's six counters set the code first).

>>> COLOURS["R"], label("Y")
(Colour(name='赤', symbol='▲'), '黄✚')
"""

from __future__ import annotations

from typing import NamedTuple


class Colour(NamedTuple):
    name: str
    """As the pages write it: 赤."""
    symbol: str
    """Drawn with it everywhere: ▲."""


COLOURS: dict[str, Colour] = {
    "B": Colour("青", "●"),
    "R": Colour("赤", "▲"),
    "G": Colour("緑", "■"),
    "P": Colour("紫", "◆"),
    "K": Colour("桃", "★"),
    "Y": Colour("黄", "✚"),
}


def label(letter: str) -> str:
    """A colour with its symbol, as the text writes it: "赤▲"."""
    return COLOURS[letter].name + COLOURS[letter].symbol

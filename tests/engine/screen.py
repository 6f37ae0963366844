"""Read a rendered board as a reader sees it (for the tutorials' test that a step's words and its
screen agree): its text, and whether an element a step points at is there with something in it.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Screen(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.filled: dict[str, bool] = {}  # element id -> has text or an element inside
        self._open: list[str | None] = []  # the ids of the open elements (None: none)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self._mark_filled()
        if tag == "svg" and values.get("role") == "img" and values.get("aria-label"):
            self.words.append(values["aria-label"] or "")  # a picture's name: what it shows
        if tag in VOID:
            return
        ident = values.get("id")
        if ident:
            self.filled.setdefault(ident, False)
        self._open.append(ident)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if data.strip():
            self._mark_filled()
            self.words.append(data)

    def _mark_filled(self) -> None:
        for ident in self._open:
            if ident:
                self.filled[ident] = True


def _read(html: str) -> _Screen:
    screen = _Screen()
    screen.feed(html)
    return screen


def board_text(html: str) -> str:
    """The board's words in order, pictures by their names, any run of spaces as one."""
    return re.sub(r"\s+", " ", " ".join(_read(html).words)).strip()


def filled_ids(html: str) -> dict[str, bool]:
    """Every element id of the board, and whether anything (text or an element) is inside it."""
    return _read(html).filled

"""Read the buttons of a rendered board as a screen reader names them (for the views' tests).

axe-core's label-content-name-mismatch wants a button's accessible name to contain its visible
text; the views go further and name a text button by its text alone (no aria-label), so the
rule cannot be broken by a later edit of the description.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Button:
    attrs: dict[str, str | None]
    text: str = ""  # visible text outside any <svg>
    images: list[str] = field(default_factory=list)  # aria-labels of the <svg role="img"> inside

    @property
    def name(self) -> str:
        """The accessible name: aria-label, else the text and the images' names in order."""
        return self.attrs.get("aria-label") or self.text.strip() or " ".join(self.images)


class _Buttons(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[Button] = []
        self._open: Button | None = None
        self._svg_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "button":
            self._open = Button(values)
        elif tag == "svg":
            self._svg_depth += 1
            if self._open is not None and values.get("role") == "img":
                self._open.images.append(values.get("aria-label") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self._open is not None:
            self.found.append(self._open)
            self._open = None
        elif tag == "svg":
            self._svg_depth -= 1

    def handle_data(self, data: str) -> None:
        if self._open is not None and not self._svg_depth:
            self._open.text += data


def buttons(html: str) -> list[Button]:
    """Every <button> of `html`, with its attributes, visible text and images' names."""
    parser = _Buttons()
    parser.feed(html)
    return parser.found


def misnamed(html: str) -> list[str]:
    """The buttons with no name, or whose name does not start with their visible text."""
    return [
        f"{b.attrs.get('data-action')}: {b.name!r} / {b.text!r}"
        for b in buttons(html)
        if not b.name or not b.name.startswith(b.text.strip())
    ]

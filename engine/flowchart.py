"""Turn-flow diagrams for the rules pages, drawn as inline SVG at build time.

A diagram is a column of rows; a row holds one box, or several side by side when the player
chooses one of them. Arrows lead from every box of a row to every box of the next; `loop`
labels an arrow from the last row back to the first ("the next player's turn").

>>> svg = flowchart("手番の流れ", [["手札を見る"], ["出す", "引く"]], loop="次の人へ")
>>> svg.startswith('<svg class="rb-flow"') and svg.count('class="rb-flow-box"') == 3
True
"""

from __future__ import annotations

from html import escape
from unicodedata import east_asian_width
from zlib import crc32

CHAR = 14  # px per full-width character at the diagram's font size
NARROW = 0.6  # a half-width character (digits, Latin letters), in full-width characters
LINE = 20  # px per line of text
PAD = 10  # px inside a box
GAP_X = 18  # px between boxes of a row
GAP_Y = 34  # px between rows (room for the arrows)
LOOP_GAP = 24  # px from the widest row to the loop arrow's vertical line


def flowchart(title: str, rows: list[list[str]], *, loop: str | None = None) -> str:
    """The diagram as an accessible <svg>: `title` names it; box texts and `loop` may hold "\\n"."""
    sizes = [[_box_size(text) for text in row] for row in rows]
    widths = [sum(w for w, _ in row) + GAP_X * (len(row) - 1) for row in sizes]
    heights = [max(h for _, h in row) for row in sizes]
    inner = max(widths)
    width = inner + (_loop_room(loop) if loop else 0) + 2
    height = sum(heights) + GAP_Y * (len(rows) - 1) + 2
    parts, centres, top = [], [], 1
    for row, row_sizes, row_width, row_height in zip(rows, sizes, widths, heights, strict=True):
        x = 1 + (inner - row_width) / 2
        row_centres = []
        for text, (w, h) in zip(row, row_sizes, strict=True):
            y = top + (row_height - h) / 2
            parts.append(_box(text, x, y, w, h))
            row_centres.append((x + w / 2, y, y + h, x + w))
            x += w + GAP_X
        centres.append(row_centres)
        top += row_height + GAP_Y
    for upper, lower in zip(centres, centres[1:], strict=False):
        parts += [_arrow(a[0], a[2], b[0], b[1]) for a in upper for b in lower]
    if loop:
        parts.append(_loop(loop, centres[-1][-1], centres[0][-1], inner))
    steps = " → ".join("／".join(text.replace("\n", "") for text in row) for row in rows)
    after = "。" + loop.replace("\n", "") if loop else ""
    head = f"rb-flow-head-{crc32(title.encode()):08x}"  # unique per diagram, the same every build
    return (
        f'<svg class="rb-flow" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" role="img" '
        f'aria-label="{escape(title)}"><desc>{escape(steps + after)}</desc>'
        f'<defs><marker id="{head}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker></defs>'
        f"{''.join(parts).replace('#rb-flow-head', '#' + head)}</svg>"
    )


def _text_width(line: str) -> float:
    """px of one line: full-width characters take CHAR, half-width ones (digits, Latin) less."""
    return sum(CHAR if east_asian_width(c) in "WFA" else CHAR * NARROW for c in line)


def _box_size(text: str) -> tuple[float, float]:
    lines = text.split("\n")
    return max(map(_text_width, lines)) + 2 * PAD, len(lines) * LINE + 2 * PAD - 4


def _loop_room(label: str) -> float:
    """px to the right of the widest row for the loop arrow and its label beside it."""
    return LOOP_GAP + 8 + max(map(_text_width, label.split("\n"))) + 4


def _box(text: str, x: float, y: float, w: float, h: float) -> str:
    lines = text.split("\n")
    first = y + PAD + LINE - 6
    spans = "".join(
        f'<tspan x="{x + w / 2:.0f}" y="{first + i * LINE:.0f}">{escape(line)}</tspan>'
        for i, line in enumerate(lines)
    )
    return (
        f'<g class="rb-flow-box"><rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="6"/>'
        f'<text text-anchor="middle">{spans}</text></g>'
    )


def _arrow(x1: float, y1: float, x2: float, y2: float) -> str:
    return (
        f'<path class="rb-flow-arrow" d="M{x1:.0f} {y1:.0f}C{x1:.0f} {y1 + 16:.0f} {x2:.0f} {y2 - 16:.0f} '
        f'{x2:.0f} {y2 - 2:.0f}" marker-end="url(#rb-flow-head)"/>'
    )


Box = tuple[float, float, float, float]  # centre x, top, bottom, right edge


def _loop(label: str, last: Box, first: Box, inner: float) -> str:
    """An arrow from the last row's right-hand box back up to the first row, labelled beside it."""
    right = inner + LOOP_GAP
    y_from, y_to = (last[1] + last[2]) / 2, (first[1] + first[2]) / 2
    lines = label.split("\n")
    middle = (y_from + y_to) / 2 - (len(lines) - 1) * LINE / 2
    spans = "".join(
        f'<tspan x="{right + 8:.0f}" y="{middle + i * LINE:.0f}">{escape(line)}</tspan>'
        for i, line in enumerate(lines)
    )
    return (
        f'<path class="rb-flow-arrow" d="M{last[3]:.0f} {y_from:.0f}H{right:.0f}V{y_to:.0f}'
        f'H{first[3] + 2:.0f}" marker-end="url(#rb-flow-head)"/>'
        f'<text class="rb-flow-loop">{spans}</text>'
    )

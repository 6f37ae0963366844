"""The round board as inline SVG: rings and spokes, the centre, the spaces and the chips on them.

Board units (board.py) are drawn at U = 20 SVG units, so text sizes stay in whole pixels (a
browser may refuse fonts below a minimum size) while the viewBox scales the drawing to any
width. A space shows its colour, its symbol and its value; a grey space has a dashed ring
around it; a face-up stack shows its colour's symbol and how many chips it holds; a face-down
chip is hatched and marked 裏, with its colour's symbol only in the view of the seat that laid it.
"""

from __future__ import annotations

from html import escape
from math import cos, radians, sin
from typing import Any

from engine.games.rondo.board import INDEX, SPACES, VALUES, space_place
from engine.games.rondo.codec import chip_name

U = 20  # SVG units per board unit
EXTENT = 7.75 * U  # the board's half-width: the end spaces' grey rings fit inside
CENTRE = 0.8 * U
SPACE = 0.5 * U
CHIP = 0.44 * U
GREY_RING = 0.68 * U
RING = 0.58 * U  # the ring of a space that may be chosen, inside a grey space's dashed ring
SIDE_NAMES = {"blue": "青い面", "red": "赤い面"}


def position(space_id: str) -> tuple[float, float]:
    """Where a space is drawn, in SVG units from the centre."""
    space = SPACES[INDEX[space_id]]
    angle = radians(space.angle)
    return space.radius * U * sin(angle), -space.radius * U * cos(angle)


def percent(space_id: str) -> tuple[float, float]:
    """Where a space is drawn, in percent of the drawing's width and height from its top left."""
    x, y = position(space_id)
    return (x + EXTENT) / (2 * EXTENT) * 100, (y + EXTENT) / (2 * EXTENT) * 100


def symbol(colour: str, x: float, y: float, size: float, css: str) -> str:
    """A colour's symbol centred on (x, y), `size` wide: ◆ ■ ● ▲ ✚."""
    h = size / 2
    if colour == "B":
        return f'<circle class="{css}" cx="{x:.1f}" cy="{y:.1f}" r="{h * 0.9:.1f}"/>'
    if colour == "G":
        s = size * 0.8
        return (
            f'<rect class="{css}" x="{x - s / 2:.1f}" y="{y - s / 2:.1f}" width="{s:.1f}" height="{s:.1f}"/>'
        )
    if colour == "R":
        return f'<path class="{css}" d="M{x:.1f} {y - h:.1f}L{x + h:.1f} {y + h * 0.8:.1f}H{x - h:.1f}Z"/>'
    if colour == "P":
        return (
            f'<path class="{css}" d="M{x:.1f} {y - h:.1f}L{x + h:.1f} {y:.1f}'
            f'L{x:.1f} {y + h:.1f}L{x - h:.1f} {y:.1f}Z"/>'
        )
    t = size / 3  # yellow: a plus whose arms are a third of its width
    return (
        f'<path class="{css}" d="M{x - t / 2:.1f} {y - h:.1f}'
        f'h{t:.1f}v{t:.1f}h{t:.1f}v{t:.1f}h{-t:.1f}v{t:.1f}h{-t:.1f}v{-t:.1f}h{-t:.1f}v{-t:.1f}h{t:.1f}Z"/>'
    )


def board_svg(
    view: dict[str, Any], *, prefix: str, candidates: set[str], marks: dict[str, str] | None = None
) -> str:
    """The board as `view` shows it; `candidates` are ringed, `marks` letter some spaces (A, B, C)."""
    turn = view["turn"] or {}
    chain = turn.get("chain", [])
    values = VALUES[view["side"]]
    spaces = "".join(
        _space(
            space.id, values[i], view, prefix, candidate=space.id in candidates, step=_step(chain, space.id)
        )
        for i, space in enumerate(SPACES)
    )
    target = turn.get("target")
    focus = _ring(target, "rd-target", RING) if target else ""
    letters = "".join(_mark(space, letter) for space, letter in (marks or {}).items())
    return (
        f'<svg class="rd-svg" viewBox="{-EXTENT:.0f} {-EXTENT:.0f} {2 * EXTENT:.0f} {2 * EXTENT:.0f}" '
        f'role="img" aria-label="ロンドの盤（{SIDE_NAMES[view["side"]]}）。'
        '盤上のチップは下の一覧でも読めます">'
        f"{_defs(prefix)}{_lines()}{_chain_line(chain)}"
        f'<circle class="rd-centre" r="{CENTRE:.0f}"/><text class="rd-centre-text" y="5">中央</text>'
        f"{spaces}{focus}{letters}</svg>"
    )


def _defs(prefix: str) -> str:
    return (
        f'<defs><pattern id="{prefix}-hatch" width="5" height="5" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect class="rd-hatch-bg" width="5" height="5"/>'
        '<line class="rd-hatch-line" x1="0" y1="0" x2="0" y2="5"/></pattern></defs>'
    )


def _lines() -> str:
    """The rings and spokes the spaces sit on."""
    inner, end = SPACES[INDEX["i01"]].radius * U, SPACES[INDEX["e01"]].radius * U
    outer = SPACES[INDEX["o01"]].radius * U
    hub = "".join(_radial(angle, CENTRE, inner) for angle in (0, 90, 180, 270))
    spokes = "".join(_radial(45 * k, inner, end) for k in range(8))
    return f'<g class="rd-lines"><circle r="{inner:.1f}"/><circle r="{outer:.1f}"/>{hub}{spokes}</g>'


def _radial(angle: float, start: float, stop: float) -> str:
    s, c = sin(radians(angle)), -cos(radians(angle))
    return f'<line x1="{start * s:.1f}" y1="{start * c:.1f}" x2="{stop * s:.1f}" y2="{stop * c:.1f}"/>'


def _chain_line(chain: list[str]) -> str:
    """This turn's chain so far, as a thick line from space to space."""
    if len(chain) < 2:
        return ""
    points = " ".join("{:.1f},{:.1f}".format(*position(space)) for space in chain)
    return f'<polyline class="rd-chain" points="{points}"/>'


def _step(chain: list[str], space: str) -> int:
    return chain.index(space) + 1 if space in chain else 0


def _space(
    space_id: str, value: int, view: dict[str, Any], prefix: str, *, candidate: bool, step: int
) -> str:
    space = SPACES[INDEX[space_id]]
    x, y = position(space_id)
    place = view["board"].get(space_id)
    parts = [
        f'<g class="rd-space rd-c-{space.colour}" id="{prefix}-sp-{space_id}">',
        f"<title>{escape(space_text(space_id, value, place, view['seat_names']))}</title>",
    ]
    if space.grey:
        parts.append(f'<circle class="rd-grey" cx="{x:.1f}" cy="{y:.1f}" r="{GREY_RING:.1f}"/>')
    parts.append(f'<circle class="rd-face" cx="{x:.1f}" cy="{y:.1f}" r="{SPACE:.1f}"/>')
    if place is None:
        parts.append(symbol(space.colour, x, y - 4.6, 5.4, "rd-symbol"))
        parts.append(f'<text class="rd-value" x="{x:.1f}" y="{y + 8:.1f}">{value}</text>')
    elif place["face"] == "up":
        parts.append(_chip_up(place, x, y, f"{prefix}-chip-{space_id}"))
    else:
        parts.append(_chip_down(place, x, y, f"{prefix}-chip-{space_id}", prefix))
    if candidate:
        parts.append(_ring(space_id, "rd-candidate", RING))
    if step:
        parts.append(
            f'<circle class="rd-step" cx="{x + 8:.1f}" cy="{y - 8:.1f}" r="4.6"/>'
            f'<text class="rd-step-text" x="{x + 8:.1f}" y="{y - 5.6:.1f}">{step}</text>'
        )
    return "".join(parts) + "</g>"


def _chip_up(place: dict[str, Any], x: float, y: float, element_id: str) -> str:
    colour = place["colour"]
    return (
        f'<g class="rd-chip rd-c-{colour}" id="{element_id}">'
        f'<circle class="rd-chip-face" cx="{x:.1f}" cy="{y:.1f}" r="{CHIP:.1f}"/>'
        f"{symbol(colour, x, y - 3.6, 5.6, 'rd-chip-symbol')}"
        f'<text class="rd-count" x="{x:.1f}" y="{y + 7.2:.1f}">×{place["count"]}</text></g>'
    )


def _chip_down(place: dict[str, Any], x: float, y: float, element_id: str, prefix: str) -> str:
    colour = place["colour"]
    known = symbol(colour, x, y - 3.6, 5.6, f"rd-known rd-c-{colour}") if colour else ""
    text_y = y + 7.2 if colour else y + 3.6
    return (
        f'<g class="rd-chip rd-down" id="{element_id}">'
        f'<circle class="rd-down-face" cx="{x:.1f}" cy="{y:.1f}" r="{CHIP:.1f}" fill="url(#{prefix}-hatch)"/>'
        f'{known}<text class="rd-down-text" x="{x:.1f}" y="{text_y:.1f}">裏</text></g>'
    )


def _ring(space_id: str, css: str, radius: float) -> str:
    x, y = position(space_id)
    return f'<circle class="{css}" cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}"/>'


def _mark(space_id: str, letter: str) -> str:
    """A figure's letter at the space's lower left (its top right holds the chain's step number)."""
    x, y = position(space_id)
    return (
        f'<g class="rd-mark"><circle cx="{x - 11:.1f}" cy="{y + 11:.1f}" r="6.5"/>'
        f'<text x="{x - 11:.1f}" y="{y + 14.6:.1f}">{escape(letter)}</text></g>'
    )


def space_text(space_id: str, value: int, place: dict[str, Any] | None, seat_names: list[str]) -> str:
    """One space in words, for its tooltip and the text list of the board."""
    space = SPACES[INDEX[space_id]]
    text = f"{chip_name(space.colour)}{value}のマス（{space_place(INDEX[space_id])}）"
    if space.grey:
        text += "・灰色"
    if place is None:
        return text + "・空き"
    if place["face"] == "up":
        return text + f"・{chip_name(place['colour'])}{place['count']}枚（表向き）"
    colour = f"{chip_name(place['colour'])}、" if place["colour"] else ""
    return text + f"・裏向き1枚（{colour}{seat_names[place['by']]}が置いた）"


def rack_chip(colour: str | None, element_id: str) -> str:
    """A chip on a rack: its colour and symbol, or (another seat's) a plain back."""
    if colour is None:
        return (
            f'<svg class="rd-rack-chip rd-back" id="{element_id}" viewBox="-10 -10 20 20" aria-hidden="true">'
            '<circle r="9.2"/></svg>'
        )
    return (
        f'<svg class="rd-rack-chip rd-chip rd-c-{colour}" id="{element_id}" viewBox="-10 -10 20 20" '
        f'role="img" aria-label="{chip_name(colour)}"><circle class="rd-chip-face" r="9.2"/>'
        f"{symbol(colour, 0, 0, 9, 'rd-chip-symbol')}</svg>"
    )

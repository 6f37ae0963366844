"""The installed app's icons, drawn at build time from the site's own artwork: the logo that
material puts in every page's header (an SVG path), white on the header's indigo.

No browser is at hand at build time, so the path is flattened here into polygons (it uses lines,
cubic curves and circular arcs) and Pillow fills them at four times the size, then scales down
(the anti-aliasing). A maskable icon keeps the logo inside the central circle every launcher's
mask leaves whole (40 % of the size from the centre).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

BACKGROUND = "#4051b5"  # material's indigo, the header's colour (theme_color in the manifest)
FOREGROUND = "#ffffff"
SUPERSAMPLE = 4
CURVE_STEPS = 24
TOKEN = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
ARGUMENTS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "A": 7, "Z": 0}

Point = tuple[float, float]


@dataclass(frozen=True)
class Icon:
    """One PNG of the manifest: its file name, size in pixels and purpose."""

    name: str
    size: int
    purpose: str  # "any" or "maskable"

    @property
    def logo_share(self) -> float:
        """How much of the icon's width the logo's 24-unit box takes."""
        return 0.5 if self.purpose == "maskable" else 0.7


ICONS = (
    Icon("icon-192.png", 192, "any"),
    Icon("icon-512.png", 512, "any"),
    Icon("icon-maskable-192.png", 192, "maskable"),
    Icon("icon-maskable-512.png", 512, "maskable"),
)


def logo_path(svg: str) -> tuple[str, float]:
    """The path data of a one-path SVG icon and the width of its viewBox."""
    path = re.search(r'<path d="([^"]+)"', svg)
    box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    if not path or not box or box[1] != box[2]:
        raise ValueError("the logo is not one path in a square viewBox")
    return path[1], float(box[1])


def subpaths(data: str) -> list[list[Point]]:
    """The path's outlines as polygons (absolute coordinates), for the commands material's icons use."""
    tokens = TOKEN.findall(data)
    outlines: list[list[Point]] = []
    current: list[Point] = []
    x = y = 0.0
    command = ""
    i = 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        upper = command.upper()
        if upper not in ARGUMENTS:
            raise ValueError(f"path command {command!r} is not drawn here")
        count = ARGUMENTS[upper]
        args = [float(token) for token in tokens[i : i + count]]
        i += count
        relative = command.islower()
        if upper == "Z":
            if current:
                outlines.append(current)
                x, y = current[0]
            current = []
            continue
        if upper == "M":
            if current:
                outlines.append(current)
            x, y = (x + args[0], y + args[1]) if relative else (args[0], args[1])
            current = [(x, y)]
            command = "l" if relative else "L"  # further pairs after a move are lines
            continue
        if upper == "H":
            end = (x + args[0] if relative else args[0], y)
            points = [end]
        elif upper == "V":
            end = (x, y + args[0] if relative else args[0])
            points = [end]
        elif upper == "L":
            end = (x + args[0], y + args[1]) if relative else (args[0], args[1])
            points = [end]
        elif upper == "C":
            pts = [(x + args[k], y + args[k + 1]) if relative else (args[k], args[k + 1]) for k in (0, 2, 4)]
            points = cubic((x, y), *pts)
        else:  # A
            end = (x + args[5], y + args[6]) if relative else (args[5], args[6])
            points = arc((x, y), args[0], args[1], args[2], bool(args[3]), bool(args[4]), end)
        current.extend(points)
        x, y = points[-1]
    if current:
        outlines.append(current)
    return outlines


def cubic(start: Point, c1: Point, c2: Point, end: Point) -> list[Point]:
    points = []
    for step in range(1, CURVE_STEPS + 1):
        t = step / CURVE_STEPS
        u = 1 - t
        points.append(
            (
                u**3 * start[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * end[0],
                u**3 * start[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * end[1],
            )
        )
    return points


def arc(
    start: Point, rx: float, ry: float, rotation: float, large: bool, sweep: bool, end: Point
) -> list[Point]:
    """An SVG elliptical arc as points (the endpoint-to-centre conversion of the SVG spec)."""
    phi = math.radians(rotation)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (start[0] - end[0]) / 2, (start[1] - end[1]) / 2
    x1, y1 = cos * dx + sin * dy, -sin * dx + cos * dy
    rx, ry = abs(rx), abs(ry)
    scale = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    factor = math.sqrt(max(0.0, numerator / (rx * rx * y1 * y1 + ry * ry * x1 * x1)))
    if large == sweep:
        factor = -factor
    cx1, cy1 = factor * rx * y1 / ry, -factor * ry * x1 / rx
    cx = cos * cx1 - sin * cy1 + (start[0] + end[0]) / 2
    cy = sin * cx1 + cos * cy1 + (start[1] + end[1]) / 2
    theta = math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    delta = math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    points = []
    for step in range(1, CURVE_STEPS + 1):
        angle = theta + delta * step / CURVE_STEPS
        ex, ey = rx * math.cos(angle), ry * math.sin(angle)
        points.append((cos * ex - sin * ey + cx, sin * ex + cos * ey + cy))
    return points


def draw(icon: Icon, outlines: list[list[Point]], box: float) -> Image.Image:
    """The icon: the logo (even-odd fill) centred on the background colour, full-bleed."""
    size = icon.size * SUPERSAMPLE
    scale = size * icon.logo_share / box
    offset = (size - box * scale) / 2
    mask = Image.new("1", (size, size), 0)
    for outline in outlines:
        shape = Image.new("1", (size, size), 0)
        ImageDraw.Draw(shape).polygon(
            [(offset + px * scale, offset + py * scale) for px, py in outline], fill=1
        )
        mask = ImageChops.logical_xor(mask, shape)
    image = Image.new("RGB", (size, size), BACKGROUND)
    image.paste(Image.new("RGB", (size, size), FOREGROUND), mask=mask)
    return image.resize((icon.size, icon.size), Image.Resampling.LANCZOS)


def write_icons(svg: str, folder: Path) -> None:
    """Every icon of ICONS, as PNG files in `folder`."""
    data, box = logo_path(svg)
    outlines = subpaths(data)
    folder.mkdir(parents=True, exist_ok=True)
    for icon in ICONS:
        draw(icon, outlines, box).save(folder / icon.name, optimize=True)

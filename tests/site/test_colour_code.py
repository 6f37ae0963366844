"""One colour code across the site: wherever a board, a button, the move log, a figure or a rules
page names a colour with a symbol, it is the symbol engine.colours gives that colour.

The boards are read as the reader gets them: every game at every player count, played by random
choices, rendered for each seat and for a spectator, with its status line, its buttons' texts
and its move log; then every figure the pages draw, and the pages' own Markdown.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from engine.colours import COLOURS
from engine.core import State
from engine.figures import render_figure
from engine.registry import games
from engine.rng import Rng
from tests.engine.harness import bounded

ROOT = Path(__file__).resolve().parents[2]
SYMBOL_OF = {colour.name: colour.symbol for colour in COLOURS.values()}
SYMBOLS = "".join(SYMBOL_OF.values())
# A colour's name, then its symbol: 赤▲7, 青（●）, or a table's cells | 緑 | ■ |.
PAIR = re.compile(rf"({'|'.join(SYMBOL_OF)})[\s|（(]*([{SYMBOLS}])")
SEEDS = range(3)
EVERY = 10  # moves between two readings of a random game's boards


Pairs = set[tuple[str, str]] | frozenset[tuple[str, str]]


def pairs(text: str) -> set[tuple[str, str]]:
    return set(PAIR.findall(html.unescape(text)))


def wrong(found: Pairs) -> list[str]:
    """The pairs off the code, each with what the code says."""
    off = sorted((name, mark) for name, mark in found if SYMBOL_OF[name] != mark)
    return [f"{name}{mark} (code: {name}{SYMBOL_OF[name]})" for name, mark in off]


def shown(state: State) -> Iterator[str]:
    """Everything a reader of the sandbox is shown in this position, whoever they are."""
    game = games()[state.info.id]
    for seat in [*range(state.players), None]:
        view = state.view(seat)
        yield game.render(view)
        yield game.status(view)
        yield "\n".join(state.log_lines(seat))
    yield "\n".join(state.describe(action) for action in state.legal_actions())


@cache
def board_pairs(game_id: str) -> frozenset[tuple[str, str]]:
    """The pairs on the game's boards, read every few moves of random games, and its figures'."""
    game = games()[game_id]
    found: set[tuple[str, str]] = set()
    for players in game.info.players:
        for seed in SEEDS:
            state, chooser = game.state_class(players, seed), Rng(seed)
            for step in bounded(f"{game_id}: a random game"):
                if state.is_over():
                    break
                if step % EVERY == 0:
                    found |= set().union(*map(pairs, shown(state)))
                state.apply(chooser.choice(state.legal_actions()))
            found |= set().union(*map(pairs, shown(state)))
    for name in game.figures:
        found |= pairs(render_figure(game_id, name))
    return frozenset(found)


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_board_draws_each_colour_with_the_sites_symbol(game_id: str) -> None:
    found = board_pairs(game_id)
    assert not wrong(found), f"{game_id} breaks the colour code: {wrong(found)}"


@pytest.mark.parametrize("page", sorted((ROOT / "docs").glob("*.md")), ids=lambda p: p.name)
def test_every_page_writes_each_colour_with_the_sites_symbol(page: Path) -> None:
    found = pairs(page.read_text(encoding="utf-8"))
    assert not wrong(found), f"{page.name} breaks the colour code: {wrong(found)}"


def test_the_code_is_in_use_for_every_colour_it_names() -> None:
    """The checks above read real pairs: each colour of the code is named with its symbol on
    some board and some page (a code no game uses would be dead)."""
    boards = set().union(*map(board_pairs, games()))
    pages = set().union(*(pairs(page.read_text(encoding="utf-8")) for page in (ROOT / "docs").glob("*.md")))
    every = set(SYMBOL_OF.items())
    assert every <= boards and every <= pages

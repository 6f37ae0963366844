"""The top page's cards: one per registered game, in the registry's order, drawn at build time.

A card takes what it says from where it is kept: the name and the player counts from the game's
`GameInfo`, the picture from its `cover` figure (drawn by its own view, like the page's figures),
the play time from the players-and-time line of its rules page (the time as that page labels it),
and the line of what the game is like from that page's `description` (its meta description too).
Once a rules page holds the anchor `first-game`, its card links straight to the guided first game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from mkdocs.exceptions import PluginError

from engine.game import Game
from engine.registry import games

COVER = "cover"
FIRST_GAME = "first-game"
# 「2〜4人用・8歳以上・約30分（時間はこのサイトの目安）。」 (tests/site/test_pages.py holds pages to it)
TIME = re.compile(
    r"・(?P<time>(?:\d+点までで)?約?\d+(?:〜\d+)?分)（時間は(?P<source>原作の表記|このサイトの目安)）。"
)


@dataclass(frozen=True)
class RulesPage:
    """What a card needs of a game's rules page: its link from the top page, its Markdown, its
    meta description, and its rendered HTML (for its anchors)."""

    href: str
    markdown: str
    description: str
    html: str


def players(counts: tuple[int, ...]) -> str:
    """「2人」「2〜4人」, or 「2・4人」 for counts with a gap."""
    if len(counts) == 1:
        return f"{counts[0]}人"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}〜{counts[-1]}人"
    return "・".join(str(n) for n in counts) + "人"


def card(game: Game, page: RulesPage) -> str:
    """One game's card: picture, name (its link covers the card), facts, the line, the links."""
    time = TIME.search(page.markdown)
    if time is None:
        raise PluginError(f"{game.id}.md: no players-and-time line for the top page's card")
    if not page.description:
        raise PluginError(f"{game.id}.md: no description in its front matter for the top page's card")
    if COVER not in game.figures:
        raise PluginError(f"{game.id}: no figure named {COVER!r} for the top page's card")
    cover = game.figures[COVER]
    links = [f'<a href="{page.href}#play">遊んでみる</a>']
    if f'id="{FIRST_GAME}"' in page.html:
        links.insert(0, f'<a href="{page.href}#{FIRST_GAME}">はじめての1局</a>')
    return (
        '<li class="rb-game-card">'
        f'<div class="rb-card-picture" role="img" aria-label="{escape(cover.caption)}">{cover.draw()}</div>'
        f'<h3><a class="rb-card-title" href="{page.href}">{escape(game.info.name)}</a></h3>'
        f'<p class="rb-card-facts"><strong>{players(game.info.players)}・{time["time"]}</strong>'
        f"<span>（{time['source']}）</span></p>"
        f'<p class="rb-card-line">{escape(page.description)}</p>'
        f'<p class="rb-card-links">{"・".join(links)}</p></li>'
    )


def cards(pages: dict[str, RulesPage]) -> str:
    """Every registered game's card, as material's grid cards; `pages` by game id."""
    missing = sorted(set(games()) - set(pages))
    if missing:
        raise PluginError(f"no rules page for the top page's cards: {', '.join(missing)}")
    items = "".join(card(game, pages[game_id]) for game_id, game in games().items())
    return f'<div class="grid cards rb-game-cards"><ul>{items}</ul></div>'

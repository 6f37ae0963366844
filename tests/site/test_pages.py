"""Every game's rules page follows the outline of ARCHITECTURE.md, and its links hold.

Checked on the built site: the summary box first, the turn-flow figure, the sections in order,
the three kinds of note, every rule anchor the engine's refusals name, and every in-page link.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.registry import games

OUTLINE = [
    "overview",
    "components",
    "setup",
    "turn",
    "end",
    "notes",
    "rulings",
    "site-rules",
    "sandbox-display",
    "faq",
    "play",
    "credits",
]
GAME_IDS = sorted(games())


class Page(HTMLParser):
    """The ids, in-page links, headings' ids and figures of one built page's article."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.headings: list[tuple[str, str]] = []  # (tag, id)
        self.figures: list[str] = []
        self.first_block: str | None = None
        self._in_article = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "article":
            self._in_article = True
        if not self._in_article:
            return
        if "id" in values:
            self.ids.append(values["id"])
        if tag == "a" and values.get("href", "").startswith("#"):
            self.links.append(values["href"][1:])
        if tag in ("h2", "h3", "h4") and "id" in values:
            self.headings.append((tag, values["id"]))
        if tag == "figure" and "id" in values:
            self.figures.append(values["id"])
        if self.first_block is None and tag in ("div", "p", "h2", "figure"):
            self.first_block = values.get("class", tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._in_article = False


def built(site_dir: Path, game_id: str) -> Page:
    page = Page()
    page.feed((site_dir / f"{game_id}.html").read_text(encoding="utf-8"))
    return page


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_page_opens_with_the_summary_box_and_the_turn_flow(site_dir: Path, game_id: str) -> None:
    page = built(site_dir, game_id)
    assert page.first_block == "admonition abstract"
    assert page.figures[0] == f"fig-{game_id}-turn-flow"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_page_sections_follow_the_outline(site_dir: Path, game_id: str) -> None:
    order = [anchor for _, anchor in built(site_dir, game_id).headings if anchor in OUTLINE]
    assert order == OUTLINE


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_anchor_of_the_engine_is_on_the_page(site_dir: Path, game_id: str) -> None:
    ids = set(built(site_dir, game_id).ids)
    assert [anchor for anchor in games()[game_id].info.rule_anchors if anchor not in ids] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_note_is_a_linkable_heading_under_its_kind(site_dir: Path, game_id: str) -> None:
    """Notes are h4 headings with ids: ruling-N under rulings, site-rule-N, display-N."""
    headings = built(site_dir, game_id).headings
    kinds = {"rulings": "ruling-", "site-rules": "site-rule-", "sandbox-display": "display-"}
    kind = None
    for tag, anchor in headings:
        if tag in ("h2", "h3"):
            kind = anchor
        elif any(anchor.startswith(prefix) for prefix in kinds.values()):
            assert kind in kinds and anchor.startswith(kinds[kind]), f"{anchor} under {kind}"


@pytest.mark.parametrize("name", [*(f"{g}.html" for g in GAME_IDS), "index.html", "about.html"])
def test_every_in_page_link_has_its_target(site_dir: Path, name: str) -> None:
    page = Page()
    page.feed((site_dir / name).read_text(encoding="utf-8"))
    assert sorted(set(page.links) - set(page.ids)) == []

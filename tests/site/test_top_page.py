"""The top page shows the games: a card per registered game, whose every fact comes from where it
is kept (the registry, the game's cover figure, the game's rules page), and no sandbox.

Checked on the built site: the cards against the registry and against each rules page as built.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from build_tools.game_cards import RulesPage, cards
from engine.registry import games

# HTML elements without an end tag: they open no part of a card.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Cards(HTMLParser):
    """Each card of the top page, as {part: texts}: "picture" (its accessible name), "svg" (the
    drawings in it), "title", "href" (the name's link), "facts", "line", "links" (their hrefs)."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, list[str]]] = []
        self._parts: list[str | None] = []  # the card part each open element is in

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        classes = values.get("class", "").split()
        part = next((c.removeprefix("rb-card-") for c in classes if c.startswith("rb-card-")), None)
        part = part or (self._parts[-1] if self._parts else None)
        if tag not in VOID:
            self._parts.append(part)
        if "rb-game-card" in classes:
            self.cards.append(
                {key: [] for key in ("picture", "svg", "title", "href", "facts", "line", "links")}
            )
        elif part == "picture" and "rb-card-picture" in classes:
            self.cards[-1]["picture"].append(values.get("aria-label", ""))
        elif part == "picture" and tag == "svg":
            self.cards[-1]["svg"].append(values.get("class", ""))
        elif part in ("title", "links") and tag == "a":
            self.cards[-1]["href" if part == "title" else "links"].append(values["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self._parts:
            self._parts.pop()

    def handle_data(self, data: str) -> None:
        if self._parts and self._parts[-1] in ("title", "facts", "line"):
            self.cards[-1][self._parts[-1]].append(data)


def top_page_cards(site_dir: Path) -> list[dict[str, list[str]]]:
    parser = Cards()
    parser.feed((site_dir / "index.html").read_text(encoding="utf-8"))
    return parser.cards


def description(site_dir: Path, game_id: str) -> str:
    found = re.search(
        r'<meta name="description" content="([^"]*)"', (site_dir / f"{game_id}.html").read_text("utf-8")
    )
    assert found, f"{game_id}.html has no description"
    return found[1]


def test_a_card_for_every_game_in_the_registrys_order(site_dir: Path) -> None:
    cards = top_page_cards(site_dir)
    assert ["".join(card["title"]) for card in cards] == [game.info.name for game in games().values()]
    assert [card["href"] for card in cards] == [[f"{game_id}.html"] for game_id in games()]


@pytest.mark.parametrize("index", range(len(games())), ids=list(games()))
def test_each_card_says_what_its_game_and_page_say(site_dir: Path, index: int) -> None:
    game_id, game = list(games().items())[index]
    card = top_page_cards(site_dir)[index]
    page = (site_dir / f"{game_id}.html").read_text(encoding="utf-8")
    assert card["picture"] == [game.figures["cover"].caption] and card["svg"], "the engine's picture"
    facts = "".join(card["facts"])
    counts = re.match(r"(\d)(?:〜(\d))?人・", facts)
    assert counts, facts
    assert set(range(int(counts[1]), int(counts[2] or counts[1]) + 1)) == set(game.info.players)
    time, source = re.fullmatch(r"\d(?:〜\d)?人・(.+分)（(.+)）", facts).groups()  # type: ignore[union-attr]
    assert f"・{time}（時間は{source}）。" in page, "the time as the rules page gives it"
    assert "".join(card["line"]) == description(site_dir, game_id)
    assert f"{game_id}.html#play" in card["links"] and 'id="play"' in page
    first_game = 'id="first-game"' in page
    assert (f"{game_id}.html#first-game" in card["links"]) == first_game


def test_the_top_page_starts_no_python(site_dir: Path) -> None:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    assert "rb-sandbox" not in html and "data-worker" not in html and "pyodide" not in html


def rules_pages(**changes: str) -> dict[str, RulesPage]:
    """Every game's rules page as the build reads it, with `changes` made to The Bottle Imp's."""
    plain = RulesPage(
        href="x.html",
        markdown="2〜4人用・約30分（時間はこのサイトの目安）。",
        description="一行",
        html='id="play"',
    )
    pages = {game_id: plain for game_id in games()}
    pages["bottle-imp"] = replace(plain, **changes)
    return pages


def test_a_rules_page_with_a_guided_first_game_gets_a_link_to_it() -> None:
    assert "x.html#first-game" not in cards(rules_pages())
    with_anchor = cards(rules_pages(html='id="play" id="first-game"'))
    assert with_anchor.count('href="x.html#first-game">はじめての1局</a>') == 1


@pytest.mark.parametrize(
    "changes",
    [{"markdown": "2〜4人用・長め。"}, {"description": ""}],
    ids=["no time", "no description"],
)
def test_a_card_missing_a_fact_fails_the_build(changes: dict[str, str]) -> None:
    with pytest.raises(PluginError, match="bottle-imp"):
        cards(rules_pages(**changes))


def test_a_game_without_a_rules_page_fails_the_build() -> None:
    pages = rules_pages()
    del pages["rondo"]
    with pytest.raises(PluginError, match="rondo"):
        cards(pages)

"""Each game's tutorials against its built rules page: the rules they link to exist, and together
with the worked examples they teach every section a first game needs.

Required: every h2 and h3 heading of the page's 概要, 準備, 手番 and 終了と得点 (an h2 is taught
where one of its h3 is). Taught: each anchor a tutorial's steps or its closing lines name, and
each heading under which a worked example's figure (one that opens in the sandbox) stands.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.registry import games
from tests.site.pagetree import Node, article

SECTIONS = ("overview", "setup", "turn", "end")
GAME_IDS = sorted(games())


def page(site_dir: Path, game_id: str) -> Node:
    return article((site_dir / f"{game_id}.html").read_text(encoding="utf-8"))


def taught(game_id: str) -> set[str]:
    return {anchor for tutorial in games()[game_id].tutorials.values() for anchor in tutorial.anchors()}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_a_tutorial_names_is_on_its_page(site_dir: Path, game_id: str) -> None:
    ids = {node.attrs["id"] for node in page(site_dir, game_id).walk() if "id" in node.attrs}
    assert sorted(taught(game_id) - ids) == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tutorials_and_worked_examples_teach_every_section_of_the_rules(site_dir: Path, game_id: str) -> None:
    required: dict[str, list[str]] = {}  # h2 -> its h3s, within SECTIONS
    examples: set[str] = set()
    h2 = heading = None
    for node in page(site_dir, game_id).walk():
        anchor = node.attrs.get("id", "")
        if node.tag == "h2":
            h2 = heading = anchor
            if anchor in SECTIONS:
                required[anchor] = []
        elif node.tag in ("h3", "h4") and anchor:
            heading = anchor
            if node.tag == "h3" and h2 in required:
                required[h2].append(anchor)
        elif "rb-open-scenario" in node.attrs.get("class", "") and heading:
            examples.add(heading)
    covered = taught(game_id) | examples
    missing = [h3 for h3s in required.values() for h3 in h3s if h3 not in covered]
    missing += [h2 for h2, h3s in required.items() if h2 not in covered and not set(h3s) & covered]
    assert missing == [], f"no tutorial step or worked example teaches: {missing}"

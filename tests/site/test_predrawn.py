"""The pre-drawn frames beside the built pages (build_tools/predrawn.py): each sandbox names its
game's file, drawn from the engine as it is now (its name carries the engine's digest), and every
frame in it is drawn again here through the bridge and must be the same."""

from __future__ import annotations

import base64
import gzip
import json
import random
import re
import zlib
from pathlib import Path
from typing import Any

import pytest

from build_tools.predrawn import DEALS, ask, draw, engine_digest, file_name
from engine.registry import PACKAGES

SANDBOX = re.compile(r'<div class="rb-sandbox" data-game="([^"]*)" data-rb-predrawn="([^"]*)">')
# the page's own copy of what first.js draws before the file is in (mkdocs_hooks.py)
FIRST = re.compile(r'<script data-worker="[^"]*" data-predrawn="([^"]*)" data-first="([^"]*)"')


def sandboxes(site: Path) -> dict[str, Path]:
    """game id -> the pre-drawn file its page's sandbox names."""
    found = {}
    for page in site.glob("*.html"):
        for game, url in SANDBOX.findall(page.read_text(encoding="utf-8")):
            found[game] = (page.parent / url).resolve()
    return found


def test_every_game_page_names_its_games_file_drawn_by_this_engine(site_dir: Path) -> None:
    named = sandboxes(site_dir)
    assert set(named) == set(PACKAGES)
    for game, path in named.items():
        assert path == (site_dir / file_name(game, engine_digest())).resolve(), game
        assert path.is_file(), path


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_the_pre_drawn_frames_are_the_engines(site_dir: Path, game: str) -> None:
    shipped = json.loads(gzip.decompress((site_dir / file_name(game, engine_digest())).read_bytes()))
    assert shipped == draw(game)
    deals: list[dict[str, Any]] = shipped["deals"]
    assert len(deals) == DEALS and len({deal["log"]["seed"] for deal in deals}) == DEALS
    for deal in deals:
        assert deal["frame"]["next"] == "human" and deal["log"]["actions"] == []
    assert set(shipped["tutorials"]) == {tutorial["name"] for tutorial in shipped["catalog"]["tutorials"]}
    for frames in shipped["tutorials"].values():
        waiting = [frame["coach"]["waiting"] for frame in frames]
        assert waiting[:-1] == ["read"] * (len(frames) - 1) and waiting[-1] != "read", waiting
    tutorial_frames = [frame for frames in shipped["tutorials"].values() for frame in frames]
    for frame in [deal["frame"] for deal in deals] + tutorial_frames:
        assert "save" not in frame and "log" not in frame  # the worker's alone: never sent to a page


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_a_deal_dealt_again_from_any_seed_shows_the_same(game: str) -> None:
    """The page has the worker deal again everything hidden from the reader (predrawn.js): the
    reader's frame must not change, whatever the seed."""
    for deal in draw(game)["deals"]:
        for seed in random.Random(deal["log"]["seed"]).sample(range(2**53), 3):
            redeal = {"at": 0, "seat": deal["frame"]["viewer"], "seed": seed}
            opened = ask({"op": "open", "log": {**deal["log"], "redeal": redeal}, "seats": deal["seats"]})
            assert opened == deal["frame"], (deal["log"]["seed"], seed)


def test_each_page_carries_its_deals_as_its_file_has_them(site_dir: Path) -> None:
    """first.js draws a deal from the page's own copy, and the shell goes on with the file's deal
    of the same number: both must be the same deals, with the catalog entry."""
    games = set()
    for page in site_dir.glob("*.html"):
        found = FIRST.search(page.read_text(encoding="utf-8"))
        if not found:
            continue
        shipped = json.loads(gzip.decompress((page.parent / found[1]).read_bytes()))
        inline = json.loads(zlib.decompress(base64.b64decode(found[2]), -15))  # raw DEFLATE
        assert inline == {key: shipped[key] for key in ("game", "catalog", "deals")}, page.name
        games.add(inline["game"])
    assert games == set(PACKAGES)

"""The frames a reader meets first, drawn at build time so that a sandbox shows a board before
Python has started (docs/assets/javascripts/sandbox/predrawn.js).

For each game the build asks the engine's own bridge (CPython, the engine the worker runs) what
the worker would answer: the game's catalog entry; the default game's opening for a few deals
(the page picks one at random: the worker then opens the same log, and its first frame is this
one); and each tutorial's frames from its first step up to and including its first move step
(the read steps' 次へ and 1つ戻る work before Python is ready). A deal is kept only where the reader
moves first, so that the page has a move to offer before Python can answer.

The frames are the page's own (the viewer's view, no `save`), written beside the pages as
`assets/predrawn/<game>.<digest>.json.gzip`: gzip alone, since a plain host compresses nothing,
and the page unpacks it itself (not `.gz`: the suffix of the runtime's siblings, which exist
unpacked too and which a host may send decoded). `digest` is a hash of the engine's sources and
this file, so a changed engine draws them anew (kept in .cache/predrawn/ between builds).
The seeds of the deals travel with them, so the page has the worker deal again everything hidden
from the reader's seat (predrawn.js): the frame stays the same (tests/site/test_predrawn.py).

The deals and the catalog entry (not the tutorials) also go into the page itself (`first`: raw
DEFLATE in base64, 2-7 KB), so that first/draw.js draws a deal as the parser goes, without
waiting for the file: Chromium and Firefox passed a fetch's answer to the page only once the page
had been parsed (build_tools/bench_predrawn), long after its first paint.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import zlib
from pathlib import Path
from typing import Any

from engine import bridge
from engine.registry import find_game

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "predrawn"
FOLDER = "assets/predrawn"
DEALS = 4  # the openings a page picks from
SANDBOX = "predrawn"  # the bridge's sandbox id while drawing


def engine_digest() -> str:
    """A hash of every file the frames depend on: the engine's sources and this drawing."""
    files = sorted((ROOT / "engine").rglob("*.py")) + [Path(__file__).resolve()]
    hashed = hashlib.sha256()
    for path in files:
        hashed.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return hashed.hexdigest()[:16]


def file_name(game: str, digest: str) -> str:
    return f"{FOLDER}/{game}.{digest}.json.gzip"


def ask(request: dict[str, Any]) -> dict[str, Any]:
    """The bridge's reply as the page gets it: through JSON, without the worker's `save`."""
    reply = json.loads(bridge.handle_json(json.dumps({**request, "sandbox": SANDBOX})))
    if not reply.get("ok"):
        raise ValueError(f"the engine refused {request}: {reply.get('error')}")
    reply.pop("save", None)
    return reply


def fresh_log(catalog: dict[str, Any], seed: int) -> dict[str, Any]:
    """The log the page opens for a new game (component.js freshLog): the first player count,
    every option at its default."""
    options = {option["key"]: option["default"] for option in catalog["options"]}
    players = catalog["players"][0]
    return {
        "game": catalog["id"],
        "players": players,
        "seed": seed,
        "options": options,
        "actions": [],
        "scenario": None,
    }


def deals(catalog: dict[str, Any]) -> list[dict[str, Any]]:
    """The first DEALS seeds from 1 on whose opening the reader moves first."""
    seats = catalog["default_seats"][str(catalog["players"][0])]
    found = []
    seed = 0
    while len(found) < DEALS:
        seed += 1
        log = fresh_log(catalog, seed)
        frame = ask({"op": "open", "log": log, "seats": seats})
        if frame["next"] == "human":
            found.append({"log": log, "seats": seats, "frame": frame})
    return found


def tutorial_frames(game: str, name: str) -> list[dict[str, Any]]:
    """The tutorial's frames from its start, 次へ after 次へ, up to its first step that is not read."""
    frames = [ask({"op": "tutorial", "game": game, "name": name})]
    while frames[-1]["coach"]["waiting"] == "read":
        frames.append(ask({"op": "coach", "do": "next"}))
    return frames


def draw(game: str) -> dict[str, Any]:
    """Everything a page shows before Python of `game`."""
    catalog = ask({"op": "catalog", "game": game})["game"]
    tutorials = {tutorial: tutorial_frames(game, tutorial) for tutorial in find_game(game).tutorials}
    return {"game": game, "catalog": catalog, "deals": deals(catalog), "tutorials": tutorials}


def encoded(game: str, digest: str) -> bytes:
    """The file's bytes, drawn once per engine (CACHE keeps them under the digest)."""
    kept = CACHE / digest / f"{game}.json.gzip"
    if kept.is_file():
        return kept.read_bytes()
    text = json.dumps(draw(game), ensure_ascii=False, separators=(",", ":"))
    data = gzip.compress(text.encode(), compresslevel=9, mtime=0)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(data)
    return data


def first(game: str, digest: str) -> str:
    """What a page draws first of `game` ({game, catalog, deals}, the file's own), as raw DEFLATE
    (first/unpack.js inflates it) in base64, for an attribute of the page."""
    drawn = json.loads(gzip.decompress(encoded(game, digest)))
    text = json.dumps(
        {key: drawn[key] for key in ("game", "catalog", "deals")}, ensure_ascii=False, separators=(",", ":")
    )
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw: no header, no checksum
    return base64.b64encode(packer.compress(text.encode()) + packer.flush()).decode()


def write(site: Path, games: list[str], digest: str) -> None:
    """Write each game's file into the built site."""
    for game in games:
        target = site / file_name(game, digest)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(encoded(game, digest))

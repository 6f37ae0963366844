"""Recorded results per table, one JSON file per game in golden/: read by the tests, rewritten by
`python -m tests.engine.test_golden` (final-state hashes) and `python -m tests.engine.test_search`
(the search's choices) after an intended change."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from .harness import Table, tables

GOLDEN = Path(__file__).with_name("golden")


def path(game_id: str, kind: str) -> Path:
    return GOLDEN / (f"{game_id}.json" if not kind else f"{game_id}.{kind}.json")


def recorded(table: Table, kind: str = "") -> list[str] | None:
    """What was recorded for `table`, or None if nothing was."""
    file = path(table.game.id, kind)
    return json.loads(file.read_text()).get(table.id) if file.exists() else None


def record(compute: Callable[[Table], list[str]], kind: str = "", *, only: list[Table] | None = None) -> None:
    """Record `compute(table)` for every table (or those `only`), one file per game."""
    GOLDEN.mkdir(exist_ok=True)
    by_game: dict[str, dict[str, list[str]]] = {}
    for table in tables() if only is None else only:
        by_game.setdefault(table.game.id, {})[table.id] = compute(table)
    for game_id, results in by_game.items():
        path(game_id, kind).write_text(json.dumps(results, indent=1) + "\n")
        print(f"wrote {path(game_id, kind).relative_to(GOLDEN.parent)}")

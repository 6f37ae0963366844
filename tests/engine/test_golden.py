"""Golden replays: a fixed set of seeded games per table ends in the same state everywhere.

The hashes in golden/<game>.json were made by host CPython; the Pyodide run of this suite
checks them on the browser's Python, so both runtimes agree to the last hidden detail. A
change of rules or generator changes them on purpose: regenerate with

    python -m tests.engine.test_golden
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from engine.core import canonical
from engine.rng import Rng

from .harness import Table, tables

GOLDEN = Path(__file__).with_name("golden")
SEEDS = range(8)


def final_hash(table: Table, seed: int) -> str:
    """Play one seeded game with uniform random choices; hash its final state."""
    state = table.new_game(seed)
    chooser = Rng(seed + 1_000_003)
    while not state.is_over():
        state.apply(chooser.choice(state.legal_actions()))
    return hashlib.sha256(canonical(state).encode()).hexdigest()[:16]


def hashes(table: Table) -> list[str]:
    return [final_hash(table, seed) for seed in SEEDS]


@pytest.mark.parametrize("table", tables(), ids=lambda t: t.id)
def test_golden_replays_end_in_the_recorded_states(table: Table) -> None:
    path = GOLDEN / f"{table.game.id}.json"
    recorded = json.loads(path.read_text()) if path.exists() else {}
    assert table.id in recorded, f"no golden replays for {table.id}: run python -m tests.engine.test_golden"
    assert hashes(table) == recorded[table.id]


def main() -> None:
    """Record the golden replays of every table, one file per game."""
    GOLDEN.mkdir(exist_ok=True)
    by_game: dict[str, dict[str, list[str]]] = {}
    for table in tables():
        by_game.setdefault(table.game.id, {})[table.id] = hashes(table)
    for game_id, recorded in by_game.items():
        (GOLDEN / f"{game_id}.json").write_text(json.dumps(recorded, indent=1) + "\n")
        print(f"wrote golden/{game_id}.json")


if __name__ == "__main__":
    main()

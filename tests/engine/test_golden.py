"""Golden replays: a fixed set of seeded games per table ends in the same state everywhere.

The hashes in golden/<game>.json were made by host CPython; the Pyodide run of this suite
checks them on the browser's Python, so both runtimes agree to the last hidden detail. A
change of rules or generator changes them on purpose: regenerate with

    python -m tests.engine.test_golden
"""

from __future__ import annotations

import hashlib

import pytest

from engine.core import canonical
from engine.rng import Rng

from .golden_files import record, recorded
from .harness import Table, bounded, tables

SEEDS = range(8)


def final_hash(table: Table, seed: int) -> str:
    """Play one seeded game with uniform random choices; hash its final state."""
    state = table.new_game(seed)
    chooser = Rng(seed + 1_000_003)
    for _ in bounded(f"{table.id} seed {seed}"):
        if state.is_over():
            break
        state.apply(chooser.choice(state.legal_actions()))
    return hashlib.sha256(canonical(state).encode()).hexdigest()[:16]


def hashes(table: Table) -> list[str]:
    return [final_hash(table, seed) for seed in SEEDS]


@pytest.mark.parametrize("table", tables(), ids=lambda t: t.id)
def test_golden_replays_end_in_the_recorded_states(table: Table) -> None:
    expected = recorded(table)
    assert expected is not None, f"no golden replays for {table.id}: run python -m tests.engine.test_golden"
    assert hashes(table) == expected


if __name__ == "__main__":
    record(hashes)

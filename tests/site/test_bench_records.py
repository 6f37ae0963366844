"""The search bench: its kept games count only for the code that played them, and its intervals
(build_tools/bench_search.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import engine
from build_tools.bench_search import code_digest, digest_of, load, prune, rounded, share_interval, stamped
from engine.benchmark import play_match

ENGINE = Path(engine.__file__).parent


def test_a_digest_changes_with_the_games_and_the_shared_code_not_with_a_comment(tmp_path: Path) -> None:
    copy = tmp_path / "engine"
    shutil.copytree(ENGINE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    rondo = copy / "games" / "rondo"
    before = digest_of(copy, rondo)
    assert before == code_digest("rondo")
    (copy / "games" / "herrlof" / "bots.py").write_text("# another game's change\n", encoding="utf-8")
    assert digest_of(copy, rondo) == before
    bots = rondo / "bots.py"
    bots.write_text(bots.read_text(encoding="utf-8") + "\n# the figures measured\n", encoding="utf-8")
    assert digest_of(copy, rondo) == before
    for changed in (rondo / "bots.py", copy / "bots" / "rollouts.py"):
        kept = changed.read_text(encoding="utf-8")
        changed.write_text(kept + "\nNEW_SETTING = 1\n", encoding="utf-8")
        assert digest_of(copy, rondo) != before, changed
        changed.write_text(kept, encoding="utf-8")


def test_kept_chunks_of_changed_code_stop_counting_and_are_pruned(tmp_path: Path) -> None:
    out = tmp_path / "records" / "search.jsonl"
    chunk = stamped(play_match("rondo", 2, "heuristic", "random", range(2)), first=0, runtime="cpython")
    stale = {**chunk, "first": 10, "code": "0" * 16}
    out.parent.mkdir()
    out.write_text(json.dumps(chunk) + "\n" + json.dumps(stale) + "\n", encoding="utf-8")
    assert load(out) == [chunk] and len(chunk["shares"]) == 2
    prune(out)
    assert [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()] == [chunk]


def test_think_times_are_kept_to_two_significant_figures() -> None:
    assert rounded([0.01234, 47.4, 46.6, 471.0, 1234.5]) == {"0.012": 1, "47.0": 2, "470.0": 1, "1200.0": 1}


def test_only_a_search_levels_think_times_are_kept() -> None:
    heuristic = stamped(play_match("rondo", 2, "heuristic", "random", range(1)), first=0, runtime="cpython")
    search = stamped(play_match("rondo", 2, "normal", "random", range(1)), first=0, runtime="cpython")
    assert heuristic["think"] == {} and sum(search["think"].values()) > 0


def test_a_share_of_every_game_has_an_interval_that_does_not_shrink_to_nothing() -> None:
    assert share_interval([1.0] * 400) == (1.0, pytest.approx(0.99049, abs=1e-5), 1.0)
    half_won = share_interval([1.0, 0.0] * 50)
    assert half_won == (0.5, pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))

"""Replay logs: saving, loading, and refusing bad logs without half-loading."""

from __future__ import annotations

import pytest

import engine

from .harness import bounded


def finished_log(seed: int = 4) -> dict:
    state = engine.new_game("necropolis", 2, seed)
    for _ in bounded(f"necropolis seed {seed}"):
        if state.is_over():
            break
        legal = [a for a in state.legal_actions() if a != "propose"]
        state.apply(legal[0])
    return engine.to_log(state)


def test_a_log_replays_to_the_same_position() -> None:
    log = finished_log()
    state = engine.load_log(log)
    assert engine.to_log(state) == log and state.is_over()


def test_the_first_bad_action_is_reported_by_its_number() -> None:
    log = finished_log()
    log["actions"][3] = "move:L:9-9"
    with pytest.raises(engine.BadLog) as caught:
        engine.load_log(log)
    assert caught.value.index == 3 and "4手目" in caught.value.message


@pytest.mark.parametrize(
    ("log", "words"),
    [
        ([], "形式"),
        ({"game": "chess", "players": 2, "seed": 1, "options": {}, "actions": []}, "chess"),
        ({"game": "necropolis", "players": 3, "seed": 1, "options": {}, "actions": []}, "2人"),
        ({"game": "necropolis", "players": 2, "seed": "x", "options": {}, "actions": []}, "seed"),
        ({"game": "necropolis", "players": 2, "seed": 1, "options": {}, "actions": [1]}, "actions"),
        ({"game": "necropolis", "players": 2, "seed": 1, "options": {}, "actions": [], "extra": 1}, "extra"),
        (
            {"game": "necropolis", "players": 2, "seed": 1, "options": {}, "actions": [], "scenario": "no"},
            "no",
        ),
    ],
)
def test_malformed_logs_are_refused_in_japanese(log: object, words: str) -> None:
    with pytest.raises(engine.BadLog, match=words):
        engine.load_log(log)


@pytest.mark.parametrize("seed", [True, False, -1, 2**63, 2**70, 1.0, 7.5, "5", None, [1]], ids=repr)
def test_a_log_whose_seed_is_no_whole_number_in_range_is_refused(seed: object) -> None:
    """A saved game or share link holds a seed of 0 to 2**63 - 1 (a 64-bit generator's); any
    other (a flag, a fraction, text, a number out of range) is refused by name."""
    with pytest.raises(engine.BadLog, match="seed"):
        engine.load_log({"game": "necropolis", "players": 2, "seed": seed, "options": {}, "actions": []})


@pytest.mark.parametrize("seed", [0, 1, 2**63 - 1])
def test_a_log_may_hold_any_seed_in_range(seed: int) -> None:
    log = {"game": "necropolis", "players": 2, "seed": seed, "options": {}, "actions": []}
    assert engine.load_log(log).seed == seed


def test_the_generator_gives_pinned_numbers_on_every_python() -> None:
    """Pinned values: the same on the host's CPython and on Pyodide's (both run this test)."""
    from engine.rng import Rng

    rng = Rng(2026)
    assert [rng.below(1000) for _ in range(5)] == [51, 301, 734, 186, 241]

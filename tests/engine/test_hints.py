"""ヒント (engine.advice) for every registered game: legal actions named as the buttons name them,
the one the search plays marked, nothing that depends on what the seat cannot see, the same
hint in CPython and in Pyodide (golden/<game>.hints.json, checked by the Pyodide run of this
suite), refused with nothing changed where the seat at the screen is not to move, ほぼ互角 said
only within the error it shows, and a sentence on why for a fair share of decisions (each game's
sentences are proved true where given by tests/engine/test_hint_figures.py).

The search's budget here is ふつう's (the same call as つよい's, with fewer draws or iterations).
Regenerate the recorded hints on purpose with

    python -m tests.engine.test_hints
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.advice import hint
from engine.bots.levels import search
from engine.bots.perspective import Perspective, run_seed
from engine.core import State
from engine.errors import IllegalAction
from engine.registry import games
from engine.replay import new_game, to_log
from engine.rng import Rng
from engine.session import Session

from .golden_files import record, recorded
from .harness import Table, tables
from .test_search import positions, twin

LEVEL = "normal"
COUNT_TABLES = list({(t.game.id, t.players): t for t in reversed(tables())}.values())[::-1]
"""Each game at each player count (its first option set there)."""
GAME_TABLES = [next(t for t in tables() if t.game.id == game_id) for game_id in sorted(games())]
"""Each game's first table (its default player count and first option set)."""


@pytest.fixture(autouse=True)
def budgets_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints here are compared with recorded ones and with each other, so the budgets alone must
    decide them: the wall-clock cap (a slow browser's safety net, tested in test_search_cap) is
    lifted, or a loaded machine (Pyodide beside the browser suite in CI) cuts a search short."""
    for game in games().values():
        for players in game.info.players:
            monkeypatch.setattr(search(game, LEVEL, players).clock, "limit", None)


def hints_at(table: Table, count: int = 3) -> Iterator[tuple[State, dict]]:
    for state in positions(table, count):
        seat = state.current_player
        assert seat is not None
        yield state, hint(table.game, Perspective(state, seat), level=LEVEL)


@pytest.mark.parametrize("table", COUNT_TABLES, ids=lambda t: t.id)
def test_a_hint_names_legal_actions_and_marks_the_one_the_search_plays(table: Table) -> None:
    """The one marked is what the search plays where it weighs (past a game's
    `search_steps_weighed` steps of a run, the bot follows its line unweighed; a hint weighs);
    ほぼ互角 is said within the error shown."""
    for state, shown in hints_at(table, 2):
        seat = state.current_player
        assert seat is not None
        actions = [item["action"] for item in shown["actions"]]
        assert actions and set(actions) <= set(state.legal_actions())
        assert [item["label"] for item in shown["actions"]] == [state.describe(a) for a in actions]
        perspective = Perspective(state, seat)
        bot, rng = search(table.game, LEVEL, table.players), Rng(run_seed(perspective))
        steps = table.game.search_steps_weighed
        follows = steps is not None and perspective.steps_taken() >= steps
        plays = bot.weigh(perspective, rng).choice if follows else bot.choose(perspective, rng)
        assert [item["action"] for item in shown["actions"] if item["best"]] == [plays]
        assert shown["forced"] == (len(state.legal_actions()) == 1)
        assert not shown["forced"] or [item["figure"] for item in shown["actions"]] == [None]
        assert_close_within_its_error(table, shown)


def assert_close_within_its_error(table: Table, shown: dict) -> None:
    """Where the hint says ほぼ互角, the best two figures shown differ by no more than the error it
    shows (the rollouts' paired error is that of the figures: the best two weighed the same draws);
    only the rollouts may not know the error (one draw)."""
    if not shown["close"] or shown["margin"] is None:
        assert not shown["close"] or table.game.search_kind == "rollouts"
        return
    best, second = (_number(item["figure"]) for item in shown["actions"][:2])
    assert abs(best - second) <= _number(shown["margin"]) + 0.1, shown  # each rounded to 0.1 (or 1 %)


@pytest.mark.host_only
@pytest.mark.parametrize("table", GAME_TABLES, ids=lambda t: t.id)
def test_a_hint_depends_only_on_what_the_seat_knows(table: Table) -> None:
    """A state (and a run so far) that differs only in what the seat cannot see gives the same hint."""
    compared = 0
    for state in positions(table):
        seat = state.current_player
        assert seat is not None
        other = next(filter(None, (twin(state, seat, Rng(k)) for k in range(20))), None)
        if other is None:
            continue
        mine = hint(table.game, Perspective(state, seat), level=LEVEL)
        assert hint(table.game, other, level=LEVEL) == mine
        compared += 1
    assert compared, f"{table.id}: no position with anything hidden"


def recorded_hints(table: Table) -> list[str]:
    """Each hint in one line: action=figure (* where the search plays it), "close" and its error
    where it is, and the sentence on why where there is one."""
    lines = []
    for _, shown in hints_at(table, 2):
        items = [f"{i['action']}={i['figure']}{'*' if i['best'] else ''}" for i in shown["actions"]]
        close = f" close {shown['margin']}" if shown["close"] else ""
        lines.append(";".join(items) + close + (f" {shown['why']}" if shown["why"] else ""))
    return lines


def _number(text: str) -> float:
    """The number in a figure as the page prints it ("点差の見込み −0.5点", "±6 %")."""
    match = re.search(r"[+−±]?\d+(?:\.\d+)?", text)
    assert match, text
    return float(match[0].replace("−", "-").lstrip("+±"))


EXPLAINED = 1 / 3
"""The least share of decisions a game says why of: measured on 60 positions a table with the
heuristic's choice, from 0.38 (No Return at 4 players: a set-up exchange has no certain sentence)
and 0.63 (The Bottle Imp at 3) to 0.92 (Rondo), 0.96 (Necropolis) and 1.0 (Herrlof)."""


@pytest.mark.host_only
@pytest.mark.parametrize("table", COUNT_TABLES, ids=lambda t: t.id)
def test_a_fair_share_of_decisions_is_explained(table: Table) -> None:
    """The sentence on why is given for the action a good player picks (the heuristic's) at a
    fair share of positions with a choice: a game whose sentences never come up fails here."""
    explain = table.game.explain
    assert explain is not None, f"{table.id}: no sentence on why (Game.explain)"
    heuristic = table.game.bots["heuristic"]()
    said = total = 0
    for state in positions(table, 60):
        view = state.view(state.current_player)
        said += explain(view, heuristic.choose(view, Rng(len(state.history)))) is not None
        total += 1
    assert said >= EXPLAINED * total, f"{table.id}: {said} of {total} decisions explained"


@pytest.mark.parametrize("table", GAME_TABLES, ids=lambda t: t.id)
def test_hints_match_the_recorded_ones(table: Table) -> None:
    """Same position, same hint: in CPython and in Pyodide alike."""
    expected = recorded(table, "hints")
    assert expected is not None, f"no recorded hints for {table.id}: run python -m tests.engine.test_hints"
    assert recorded_hints(table) == expected


@pytest.mark.host_only
@pytest.mark.parametrize("game_id", sorted(games()))
def test_a_hint_is_refused_unless_the_seat_at_the_screen_is_to_move(game_id: str) -> None:
    game = games()[game_id]
    players = game.info.players[0]
    log = to_log(new_game(game_id, players, 3, game.option_samples[0]))
    bots = Session(log, ["bot:heuristic"] * players)  # which bot does not matter: a bot's turn
    hot_seat = Session(log, ["human"] * players)
    seen, hinted = set(), set()
    for session in (bots, hot_seat):
        for _ in range(24):  # each kind of screen comes up several times
            if session.state.is_over():
                break
            seen.add(session.next_step())
            if session.next_step() == "handover":
                before = session.frame()
                with pytest.raises(IllegalAction):
                    session.hint()
                assert session.frame() == before
                session.reveal()
            elif session.next_step() == "bot":
                with pytest.raises(IllegalAction):
                    session.hint()
                session.step()
            else:
                if session.viewer not in hinted:  # つよい's search: once for each seat at the screen
                    assert session.hint()["actions"]
                    hinted.add(session.viewer)
                session.act(session.state.legal_actions()[0])
    assert seen >= {"bot", "human"}  # and the hand-over, in a game that hides anything
    tutorial = Session.tutorial(game_id, next(iter(game.tutorials)))
    coach = tutorial.coach
    assert coach is not None
    assert coach.waiting(tutorial.state) == "read"  # every tutorial opens with words to read
    with pytest.raises(IllegalAction):
        tutorial.hint()


if __name__ == "__main__":
    record(recorded_hints, "hints", only=GAME_TABLES)

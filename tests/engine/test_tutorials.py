"""Every game's guided first games (engine.tutorial), played through the session as a reader would.

For every registered tutorial: each claim holds where its step begins, and holds however the
pieces hidden from the reader lie (a claim speaks only of what the reader can know); the
scripted moves are legal; a step takes each move it lists, any legal move where it says so, and
refuses any other legal move with its friendly word and nothing changed; the tutorial reaches its
end; a save resumes at the same step; one step back shows the step as it was. The page's side
(every anchor exists, the sections are covered) is checked on the built site (tests/site).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.coach import PLAY_ON, READ_FIRST, Coach
from engine.errors import BadLog, IllegalAction
from engine.registry import games
from engine.rng import Rng
from engine.session import Session
from engine.tutorial import ANY, SAY_LIMIT, Tutorial, say_width

from .buttons import buttons
from .screen import board_text, filled_ids

RESAMPLES = 4
MAX_ACTIONS = 400

TUTORIALS = [(game_id, name) for game_id, game in games().items() for name in game.tutorials]


def tutorial_of(game_id: str, name: str) -> Tutorial:
    return games()[game_id].tutorials[name]


def test_every_game_has_a_guided_first_game() -> None:
    """A game registered without a tutorial fails here: its page promises 「はじめての1局」."""
    missing = [game_id for game_id, game in games().items() if not game.tutorials]
    assert missing == [], f"no tutorial (engine/games/<pkg>/tutorial.py) for: {missing}"
    for game in games().values():
        first = next(iter(game.tutorials.values()))
        assert first.title == "はじめての1局"


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_every_step_fits_a_phones_coach_box(game_id: str, name: str) -> None:
    """A step's words are read whole on a phone: at most `SAY_LIMIT` wide (about four lines)."""
    long = [
        (index + 1, say_width(step.say))
        for index, step in enumerate(tutorial_of(game_id, name).steps)
        if say_width(step.say) > SAY_LIMIT
    ]
    assert long == [], f"steps wider than {SAY_LIMIT} full-width characters: rewrite or split them"


QUOTED_BUTTON = re.compile(r"「([^「」]+)」(?:を押|ボタン)")
"""A step's words that send the reader to a button: 「…」を押す, 「…」ボタン."""


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_a_move_step_names_its_buttons_as_the_board_writes_them(game_id: str, name: str) -> None:
    """Every button a step (or its nudge) tells the reader to press is spelled as on the board (its
    visible text) at that step, and a move step that takes a button with words on it (not a piece) quotes at
    least one of them: the reader matches the words on screen."""
    tutorial = tutorial_of(game_id, name)
    session = Session.tutorial(game_id, name)
    shown: dict[int, set[str]] = {}  # each move step: the text buttons on its board
    taken: dict[int, set[str]] = {}  # each move step: those of them it takes
    for index, waiting in walk(session):
        if waiting != "move":
            continue
        step = tutorial.steps[index]
        for button in buttons(session.frame()["html"]):
            text = button.text.strip()
            if text:
                shown.setdefault(index, set()).add(text)
                if step.play != ANY and button.attrs.get("data-action") in step.play:
                    taken.setdefault(index, set()).add(text)
    for index, step in enumerate(tutorial.steps):
        named = set(QUOTED_BUTTON.findall(step.say + step.nudge))
        assert named <= shown.get(index, set()), (
            f"step {index + 1}: no button reads {named - shown.get(index, set())}"
        )
        if taken.get(index):
            quoted = set(re.findall(r"「([^「」]+)」", step.say))
            assert quoted & taken[index], f"step {index + 1} names none of its buttons {taken[index]}"


LIT = "光って"
"""Words that tell the reader to look at what the board lights: its moves must be drawn."""


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_every_step_shows_what_it_says(game_id: str, name: str) -> None:
    """Where a step begins, its screen shows what its words speak of: each thing it declares it
    shows (`Step.shows`: a count, a score, a box's heading) is in the board's text or the status
    line; a step that speaks of what is lit has the reader's moves drawn (a move step, or a `live`
    read step); and everything it points at is on the board: a button it takes there to press, a
    piece or box with something in it (not an empty frame)."""
    tutorial = tutorial_of(game_id, name)
    session = Session.tutorial(game_id, name)
    checked = set()
    for index, waiting in walk(session):
        if waiting == "done":
            break
        step, frame = tutorial.steps[index], session.frame()
        where = f"step {index + 1} ({step.say[:24]}…)"
        drawn = {b.attrs.get("data-action") for b in buttons(frame["html"]) if "disabled" not in b.attrs}
        legal, filled = set(session.state.legal_actions()), filled_ids(frame["html"])
        for pointed in frame["coach"]["point"]:  # at every press of the step
            if pointed in legal:
                assert pointed in drawn, f"{where}: points at {pointed}, a button its screen does not draw"
            elif pointed not in step.play:  # a press later in the step: checked when it is legal
                assert filled.get(pointed), f"{where}: points at {pointed}, absent or empty on its screen"
        if index in checked:
            continue
        checked.add(index)
        text = board_text(frame["html"]) + " " + frame["status"]
        missing = [shown for shown in step.shows if shown not in text]
        assert not missing, f"{where}: the screen does not show {missing}"
        if LIT in step.say:
            assert drawn & legal, f"{where}: nothing is lit on its screen"
    assert checked == set(range(len(tutorial.steps)))


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_a_live_read_steps_moves_are_drawn_and_a_press_asks_for_next_first(game_id: str, name: str) -> None:
    """A `live` read step draws the reader's moves lit, but it is still a read step: pressing one
    is refused with the word to press 次へ, and nothing changes."""
    tutorial = tutorial_of(game_id, name)
    session = Session.tutorial(game_id, name)
    for index, waiting in walk(session):
        if waiting != "read" or not tutorial.steps[index].live:
            continue
        before = session.frame()
        drawn = [b.attrs.get("data-action") for b in buttons(before["html"]) if "disabled" not in b.attrs]
        legal = [action for action in drawn if action in session.state.legal_actions()]
        assert legal, f"step {index + 1} is live but draws no move"
        with pytest.raises(IllegalAction) as refusal:
            session.act(legal[0])
        assert refusal.value.message == READ_FIRST
        assert session.frame() == before


def test_the_screen_check_sees_a_step_that_speaks_of_what_is_not_shown() -> None:
    """The check above fails a step whose words name a count its screen does not show, and one
    that points at an empty box: it is not a test that cannot fail."""
    game_id, name = "rondo", "first-game"
    text = board_text(Session.tutorial(game_id, name).frame()["html"])
    assert "袋の残り 8 枚" in text and "袋の残り 9 枚" not in text
    assert filled_ids('<section id="box"></section><p id="full">1</p>') == {"box": False, "full": True}


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_a_tutorials_name_is_not_a_worked_examples(game_id: str, name: str) -> None:
    """Both name the position a saved game starts from (the log's "scenario")."""
    assert name not in games()[game_id].scenarios


def walk(session: Session, choose: str = "first") -> Iterator[tuple[int, str]]:
    """Follow a tutorial's steps to its end, as a reader who does what each step asks; yields
    (step index, what the step waits for) at each step's beginning and at every move."""
    for _ in range(MAX_ACTIONS):
        coach = session.coach  # a refused command puts back a copy: never keep the old one
        assert coach is not None
        waiting = coach.waiting(session.state)
        yield coach.index, waiting
        if waiting == "done":
            return
        if waiting == "read":
            session.coach_command("next")
        elif waiting == "move":
            step, legal = coach.step(), session.state.legal_actions()
            takes = legal if step.play == ANY else [a for a in step.play if a in legal]
            assert takes, f"step {coach.index + 1} takes none of the legal moves {legal}"
            session.act(takes[0] if choose == "first" else takes[-1])
        else:
            assert session.next_step() == "bot"
            between = coach.step().between
            assert not between or session.state.current_player != coach.tutorial.reader, "the script moved"
            session.step()
    raise AssertionError(f"the tutorial did not end in {MAX_ACTIONS} moves")


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_every_claim_holds_where_its_step_begins_whatever_is_hidden(game_id: str, name: str) -> None:
    tutorial = tutorial_of(game_id, name)
    session = Session.tutorial(game_id, name)
    checked = set()
    for index, _ in walk(session):
        if index in checked or index >= len(tutorial.steps):
            continue
        checked.add(index)
        step, state = tutorial.steps[index], session.state
        assert step.holds(state), f"step {index + 1}: its claim is false ({step.say[:30]}…)"
        for seed in range(RESAMPLES):
            sample = state.resample_hidden(tutorial.reader, Rng(seed))
            assert step.holds(sample), f"step {index + 1}: its claim depends on what the reader cannot see"
    assert checked == set(range(len(tutorial.steps)))


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_each_step_takes_every_move_it_offers_and_the_script_stays_legal(game_id: str, name: str) -> None:
    """At each move step, every move the step takes (every legal one, for ANY) leads on to the
    next step: the script after it is legal and the next claim holds."""
    tutorial = tutorial_of(game_id, name)
    session = Session.tutorial(game_id, name)
    for index, waiting in walk(session):
        if waiting != "move":
            continue
        step = tutorial.steps[index]
        legal = session.state.legal_actions()
        for action in legal if step.play == ANY else [a for a in step.play if a in legal]:
            trial = Session(session.export()["log"], session.seats, session.coach.saved())  # type: ignore[union-attr]
            trial.act(action)
            coach = trial.coach
            assert coach is not None
            for _ in range(MAX_ACTIONS):
                if coach.index > index or coach.waiting(trial.state) != "script":
                    break
                trial.step()
            if coach.index > index and not coach.finished():
                assert tutorial.steps[coach.index].holds(trial.state), f"after {action} at step {index + 1}"


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_another_legal_move_gets_the_steps_word_and_changes_nothing(game_id: str, name: str) -> None:
    tutorial = tutorial_of(game_id, name)
    session = Session.tutorial(game_id, name)
    nudged = 0
    for index, waiting in walk(session):
        step = tutorial.steps[index] if index < len(tutorial.steps) else None
        if waiting != "move" or step is None or step.play == ANY:
            continue
        others = [a for a in session.state.legal_actions() if a not in step.play]
        if not others:
            continue
        before = session.frame()
        with pytest.raises(IllegalAction) as refusal:
            session.act(others[0])
        assert refusal.value.message == (step.nudge or "このステップでは、光っている手を選んでください。")
        assert refusal.value.rule == step.rule
        assert session.frame() == before
        nudged += 1
    assert nudged or all(s.play == ANY or len(s.play) > 1 for s in tutorial.steps)


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_a_saved_tutorial_resumes_at_its_step_and_a_bad_save_is_refused(game_id: str, name: str) -> None:
    session = Session.tutorial(game_id, name)
    for _index, _ in walk(session):
        saved = session.export()
        resumed = Session(saved["log"], saved["seats"], saved["coach"])
        shown, again = session.frame(), resumed.frame()
        assert again["coach"] == shown["coach"] and again["html"] == shown["html"]
    saved = session.export()
    marks = saved["coach"]["marks"]
    for bad in (None, [], [1], [*marks, len(saved["log"]["actions"]) + 1], "0", [0.0]):
        with pytest.raises(BadLog):
            Session(saved["log"], saved["seats"], {"tutorial": name, "marks": bad})
    with pytest.raises(BadLog):
        Session(saved["log"], saved["seats"], {"tutorial": "no-such-tutorial", "marks": marks})
    for pressed in ("yes", 1, None):
        with pytest.raises(BadLog):
            Session(saved["log"], saved["seats"], {"tutorial": name, "marks": marks, "pressed": pressed})


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_one_step_back_shows_the_step_before_as_it_began(game_id: str, name: str) -> None:
    """From the start of each step, 1つ戻る shows the step before exactly as it began; from part
    way through a step, the same step as it began."""
    session = Session.tutorial(game_id, name)
    began: list[tuple[dict, dict]] = []  # (frame, save) where each step began
    for index, _ in walk(session):
        if index == len(began):
            began.append((session.frame(), session.export()))
    for index in range(1, len(began)):
        saved = began[index][1]
        back = Session(saved["log"], saved["seats"], saved["coach"])
        back.coach_command("back")
        assert back.frame() == began[index - 1][0], f"back from step {index + 1}"
        if index < len(began) - 1 and back.coach and back.coach.waiting(back.state) == "move":
            _one_move(back)
            if back.coach.index == index - 1 and len(back.state.history) > back.coach.marks[-1]:
                back.coach_command("back")
                assert back.frame() == began[index - 1][0], f"back part way through step {index}"


def _one_move(session: Session) -> None:
    coach = session.coach
    assert coach is not None
    step, legal = coach.step(), session.state.legal_actions()
    session.act(legal[0] if step.play == ANY else next(a for a in step.play if a in legal))


@pytest.mark.parametrize(("game_id", "name"), TUTORIALS)
def test_when_it_is_over_the_reader_plays_on_against_the_default_bot_and_has_a_move(
    game_id: str, name: str
) -> None:
    """「このまま続けて遊ぶ」 goes on from the tutorial's last position, or, where its game is over,
    into a fresh game of the same seats; either way the reader soon has a move, and the end says
    which of the two it will be."""
    tutorial, game = tutorial_of(game_id, name), games()[game_id]
    session = Session.tutorial(game_id, name)
    for _ in walk(session):
        pass
    frame, over = session.frame(), session.state.is_over()
    assert frame["coach"]["waiting"] == "done" and frame["coach"]["learned"]
    assert frame["coach"]["play_on"] == PLAY_ON["afresh" if over else "here"]
    played = list(session.state.history)
    session.coach_command("continue", seed=11)
    assert session.coach is None
    bot = f"bot:{game.default_bot}"
    assert session.seats == [
        "human" if seat == tutorial.reader else bot for seat in range(session.state.players)
    ]
    assert session.state.history == ([] if over else played)
    assert session.scenario == (None if over else name)
    for _ in range(MAX_ACTIONS):
        if session.next_step() != "bot":
            break
        session.step()
    assert session.next_step() == "human" and session.state.current_player == tutorial.reader
    assert session.state.legal_actions() and session.frame()["viewer"] == tutorial.reader


def test_the_coach_refuses_what_its_step_does_not_wait_for() -> None:
    game_id, name = TUTORIALS[0]
    session = Session.tutorial(game_id, name)
    assert isinstance(session.coach, Coach)
    for _index, waiting in walk(session):
        before = session.frame()
        legal = session.state.legal_actions()
        if waiting == "read" and legal:
            with pytest.raises(IllegalAction):
                session.act(legal[0])
        elif waiting == "move":
            with pytest.raises(IllegalAction):
                session.coach_command("next")
        else:
            continue
        assert session.frame() == before
    for command in ("next", "sideways", None, 3):
        with pytest.raises((IllegalAction, ValueError)):
            session.coach_command(command)


def test_a_save_part_way_through_a_read_steps_script_resumes() -> None:
    """次へ on a read step, one of its two scripted moves played, saved: the log shows the press."""
    from engine.games.necropolis.tutorial import start
    from engine.tutorial import READ, Step

    anything = lambda state: True  # noqa: E731
    tutorial = Tutorial(
        name="probe",
        title="試し",
        build=start,
        steps=(
            Step(say="引く", rule="turn", holds=anything, play=("draw",)),
            Step(say="置く", rule="turn", holds=anything, play=("keep",)),
            Step(say="相手の番", rule="turn", holds=anything, play=READ, then=("draw", "keep")),
            Step(say="終わり", rule="turn", holds=anything),
        ),
        learned=(),
    )
    coach, state = Coach(tutorial), tutorial.build()
    for action in ("draw", "keep"):
        coach.check(state, action)
        state.apply(action)
        coach.settle(state)
    coach.next(state)
    state.apply(coach.scripted(state))  # type: ignore[arg-type]
    coach.settle(state)
    saved = coach.saved()
    resumed = Coach.resume(tutorial, state, saved["marks"], saved["pressed"])
    assert resumed.waiting(state) == "script" and resumed.scripted(state) == "keep"
    assert resumed.frame(state) == coach.frame(state)

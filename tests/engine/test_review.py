"""振り返り (engine.review) for every registered game: a finished game stepped through with every
hidden piece shown, the reviewed seat's decisions weighed one request at a time, its costliest
moments, and 打ち直す from one of them, as it really lay or as the seat saw it. Through the bridge,
as the page asks; every bad request is refused and changes nothing.
"""

from __future__ import annotations

import pytest

from engine.bridge import handle
from engine.core import canonical
from engine.errors import BadOption
from engine.registry import games
from engine.replay import load_log, new_game, to_log
from engine.review import MOMENTS, Review
from engine.rng import Rng
from engine.session import Session

from .harness import bounded

pytestmark = pytest.mark.host_only  # see pyproject.toml

WEIGHED = 8
"""Decisions weighed per game here (a whole game's take seconds; the bench times them)."""
GAME_IDS = sorted(games())


def finished(game_id: str, seed: int = 5) -> dict:
    """A finished game of the game's first option set between heuristic bots, as a log."""
    game = games()[game_id]
    state = new_game(game_id, game.info.players[0], seed, game.option_samples[0])
    bot, rng = game.bots["heuristic"](), Rng(seed)
    for _ in bounded("finished"):
        if state.is_over():
            break
        state.apply(bot.choose(state.view(state.current_player), rng))
    return to_log(state)


def opened(game_id: str, sandbox: str) -> dict:
    """A sandbox holding a finished game with a human in seat 0."""
    log = finished(game_id)
    players = log["players"]
    frame = handle(
        {"op": "open", "sandbox": sandbox, "log": log, "seats": ["human"] + ["bot:strong"] * (players - 1)}
    )
    assert frame["ok"] and frame["next"] == "over" and frame["reviewable"]
    return log


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_position_of_a_finished_game_is_shown_with_its_moves_so_far(game_id: str) -> None:
    log = opened(game_id, game_id)
    review = handle({"op": "review", "sandbox": game_id, "do": "open"})["review"]
    assert review["moves"] == len(log["actions"]) and review["seat"] == 0
    lines = 0
    for at in (0, 1, review["moves"] // 2, review["moves"]):
        shown = handle({"op": "review", "sandbox": game_id, "do": "show", "at": at})["review"]
        assert shown["at"] == at and shown["html"] and shown["status"]
        assert len(shown["lines"]) >= lines
        lines = len(shown["lines"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_review_shows_the_pieces_the_players_held_hidden(game_id: str) -> None:
    """`review_view` depends on how the hidden pieces lie (it shows them), where `view` does not."""
    log = finished(game_id)
    review = Review(games()[game_id], log, 0)
    shown = 0
    for state in review.positions[1:-1:7]:
        other = state.resample_hidden(0, Rng(1))
        if other.view(0) == state.view(0) and other.review_view(0) != state.review_view(0):
            shown += 1
    assert shown, f"{game_id}: review_view never shows a piece hidden from the seat"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_seats_decisions_are_weighed_one_a_request_and_the_costliest_are_its_moments(
    game_id: str,
) -> None:
    log = finished(game_id)
    review = Review(games()[game_id], log, 0)
    assert review.decisions and all(review.positions[at].current_player == 0 for at in review.decisions)
    review.decisions = review.decisions[:WEIGHED]
    for count in range(1, len(review.decisions) + 1):
        progress = review.weigh_next()
        assert progress["weighed"] == count and progress["decisions"] == len(review.decisions)
    moments = progress["moments"]
    assert len(moments) <= MOMENTS
    judged = {j.at: j for j in review.judged if j}
    losses = [judged[m["at"]].loss for m in moments]
    assert losses == sorted(losses, reverse=True)
    for moment in moments:
        state = review.positions[moment["at"]]
        assert moment["played_action"] == log["actions"][moment["at"]] != moment["best_action"]
        assert moment["best_action"] in state.legal_actions()
        drawn = games()[game_id].render(state.view(0), interactive=False, prefix=f"moment{moment['at']}")
        assert moment["html"] == drawn  # its own ids: several moments and the board share the page
    assert len({review.runs[m["at"]] for m in moments}) == len(moments), "two moments of one move"
    session = Session(log, ["human"] + ["bot:heuristic"] * (log["players"] - 1))
    assert session.frame()["suggest"] == []
    session.review = review  # the one weighed above
    for moment in moments[:1]:  # 打ち直す marks the better move for the seat, until it moves
        for as_seen in (False, True):
            replayed = session.replayed(moment["at"], as_seen=as_seen, seed=7)
            assert replayed.frame()["suggest"] == [moment["best_action"]]
            replayed.act(moment["played_action"])
            assert replayed.frame()["suggest"] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_play_on_from_a_position_as_it_lay_or_as_the_seat_saw_it(game_id: str) -> None:
    log = opened(game_id, f"{game_id}-replay")
    sandbox = f"{game_id}-replay"
    handle({"op": "review", "sandbox": sandbox, "do": "open"})
    review = Review(games()[game_id], log, 0)
    at = review.decisions[len(review.decisions) // 2]
    real = handle({"op": "review", "sandbox": sandbox, "do": "replay", "at": at, "as_seen": False})
    assert real["ok"] and real["next"] == "human"
    state = load_log(handle({"op": "export", "sandbox": sandbox})["log"])
    assert canonical(state) == canonical(review.positions[at])
    handle({"op": "open", "sandbox": sandbox, "log": log, "seats": real["seats"]})
    handle({"op": "review", "sandbox": sandbox, "do": "open"})
    seen = handle({"op": "review", "sandbox": sandbox, "do": "replay", "at": at, "as_seen": True})
    assert seen["ok"] and seen["next"] == "human"
    exported = handle({"op": "export", "sandbox": sandbox})["log"]
    assert exported["redeal"]["at"] == at and exported["redeal"]["seat"] == 0
    redealt = load_log(exported)
    assert redealt.view(0) == review.positions[at].view(0)
    step = handle({"op": "act", "sandbox": sandbox, "action": redealt.legal_actions()[0]})
    assert step["ok"]
    again = load_log(handle({"op": "export", "sandbox": sandbox})["log"])
    assert again.history == [*redealt.history, redealt.legal_actions()[0]]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_replayed_as_seen_is_replayed_again_only_as_it_lay_from_then_on(game_id: str) -> None:
    """A log holds one redeal: a second, at or after the first, would replay the moves after the
    first on the original deal. It is refused, and nothing changes; before the first, and as the
    position lay, replays are open."""
    log = finished(game_id)
    first = Review(games()[game_id], log, 0).decisions
    at = first[len(first) // 2]
    state = load_log({**to_log(load_log(log), upto=at), "redeal": {"at": at, "seat": 0, "seed": 5}})
    rng = Rng(5)
    for _ in bounded(f"{game_id} replayed as seen"):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    replayed_log = to_log(state, redeal={"at": at, "seat": 0, "seed": 5})
    assert canonical(load_log(replayed_log)) == canonical(state)
    session = Session(replayed_log, ["human"] * log["players"])
    session.open_review(0)
    later = next(d for d in session.reviewing().decisions if d >= at)
    before = canonical(session.state)
    with pytest.raises(BadOption, match="そのままの局面"):
        session.replayed(later, as_seen=True, seed=9)
    assert canonical(session.state) == before and session.review is not None
    lay = session.replayed(later, as_seen=False, seed=9)
    assert canonical(lay.state) == canonical(session.reviewing().positions[later])
    earlier = next((d for d in session.reviewing().decisions if d < at), None)
    if earlier is not None:
        assert session.replayed(earlier, as_seen=True, seed=9).redeal == {"at": earlier, "seat": 0, "seed": 9}


@pytest.mark.parametrize("game_id", GAME_IDS[:2])
def test_bad_review_requests_are_refused_and_change_nothing(game_id: str) -> None:
    sandbox = f"{game_id}-bad"
    game = games()[game_id]
    live = to_log(new_game(game_id, game.info.players[0], 1, game.option_samples[0]))
    handle({"op": "open", "sandbox": sandbox, "log": live, "seats": ["human"] * game.info.players[0]})
    assert not handle({"op": "review", "sandbox": sandbox, "do": "open"})["ok"]  # not over yet
    opened(game_id, sandbox)
    before = handle({"op": "export", "sandbox": sandbox})
    assert not handle({"op": "review", "sandbox": sandbox, "do": "show", "at": 0})["ok"]  # not open
    handle({"op": "review", "sandbox": sandbox, "do": "open"})
    for bad in (
        {"do": "show", "at": -1},
        {"do": "show", "at": 10**6},
        {"do": "show", "at": "3"},
        {"do": "show", "at": True},
        {"do": "replay", "at": None},
        {"do": "sideways"},
        {"do": "open", "seat": 1},
        {},
    ):
        reply = handle({"op": "review", "sandbox": sandbox, **bad})
        assert not reply["ok"] and reply["error"], bad
        assert handle({"op": "export", "sandbox": sandbox}) == before

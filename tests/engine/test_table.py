"""みんなのスマホで遊ぶ through the bridge: one host, a phone per other human seat (engine.table)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import bridge
from engine.bridge import handle
from engine.core import canonical
from engine.registry import games
from engine.rng import Rng
from engine.session import Session
from engine.table import AT_ONCE, GUEST_FRAME_KEYS, NO_UNDO, NOT_OVER, TableSession

from .harness import bounded


@pytest.fixture(autouse=True)
def no_sessions() -> None:
    bridge._sessions.clear()


def open_table(
    game: str,
    players: int,
    seed: int,
    host: int | None,
    seats: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> dict:
    log = {"game": game, "players": players, "seed": seed, "options": options or {}, "actions": []}
    seats = seats or ["human"] * players
    return handle({"op": "open", "sandbox": "t", "log": log, "seats": seats, "table": {"host": host}})


def twin_frame(session: TableSession, seat: int, rng: Rng) -> dict[str, Any]:
    """The guest frame of `seat` with everything hidden from that seat lying otherwise."""
    twin = object.__new__(TableSession)
    twin.__dict__.update(vars(session))
    twin.state = session.state.resample_hidden(seat, rng)
    return twin.seat_frame(seat)


@pytest.mark.host_only  # the same session code as the small tests below, game after game
@pytest.mark.parametrize("game_id", sorted(games()))
def test_each_phone_gets_its_own_seat_alone_across_a_whole_game(game_id: str) -> None:
    """Every seat on a phone of its own but the host's (at the game's largest count, the table in
    the middle on the host's screen): each guest's frame is what it would be had everything
    hidden from that seat lain otherwise (checked at about every fourth step and at the end),
    and holds the allowed keys alone (no save, seed nor log, even at the end); each move (the
    heuristic's, now and then a random one) is made from the mover's phone, where that seat's
    frame offers it."""
    players = max(games()[game_id].info.players)
    reply = open_table(game_id, players, 11, None)
    rng, bot = Rng(11), games()[game_id].bots["heuristic"]()
    for _ in bounded(f"{game_id}: a table game"):
        session = bridge._sessions["t"]
        assert reply["ok"] and reply["viewer"] is None and reply["table"]["host"] is None
        guests = reply["table"]["guests"]
        assert sorted(guests) == [str(seat) for seat in range(players)]
        for seat_key, frame in guests.items():
            seat = int(seat_key)
            assert set(frame) == set(GUEST_FRAME_KEYS), "a key not allowed reached a guest's phone"
            if rng.below(4) == 0 or reply["next"] == "over":
                assert frame == twin_frame(session, seat, Rng(rng.next64())), (
                    f"seat {seat}'s phone shows something hidden from it"
                )
        if reply["next"] == "over":
            break
        mover = reply["mover"]
        assert reply["next"] == "wait", "the table in the middle never moves itself"
        assert guests[str(mover)]["next"] == "human"
        view = session.state.view(mover)
        action = rng.choice(view["legal_actions"]) if rng.below(8) == 0 else bot.choose(view, rng)
        assert f'data-action="{action}"' in guests[str(mover)]["html"]
        reply = handle({"op": "guest_act", "sandbox": "t", "seat": mover, "action": action})


def test_a_key_added_to_frames_stays_off_the_phones(monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted fault: frames gain a key holding every seat's view (as a later change might add
    a review or a coach's script). The host's frame has it; no guest's frame does, at any step
    nor at the end."""
    plain = Session.frame

    def leaky(self: Session) -> dict[str, Any]:
        frame = plain(self)
        frame["secret"] = [self.state.view(seat) for seat in range(self.state.players)]
        return frame

    monkeypatch.setattr(Session, "frame", leaky)
    reply = open_table("herrlof", 3, 5, 0)
    for _ in bounded("a table game with a planted key"):
        assert "secret" in reply and reply["table"]["guests"]
        for frame in reply["table"]["guests"].values():
            assert set(frame) == set(GUEST_FRAME_KEYS), "the planted key reached a guest's phone"
        if reply["next"] == "over":
            break
        action = bridge._sessions["t"].state.legal_actions()[0]
        mover = reply["mover"]
        op = {"op": "act"} if mover == 0 else {"op": "guest_act", "seat": mover}
        reply = handle({**op, "sandbox": "t", "action": action})
        assert reply["ok"], reply


def test_a_seat_acts_only_on_its_own_turn_and_a_refusal_changes_nothing() -> None:
    """A phone whose seat is not to move, a seat that is no seat, a bot's seat, and the host's
    screen while a guest is to move: each refused in Japanese, the game unchanged."""
    frame = open_table("bottle-imp", 3, 4, 0, ["human", "human", "bot:random"])
    session = bridge._sessions["t"]
    mover = frame["mover"]
    legal = session.state.legal_actions()
    before = canonical(session.state)
    others = [seat for seat in range(3) if seat != mover]
    attempts = [
        {"op": "guest_act", "seat": seat, "action": legal[0]} for seat in [*others, 3, -1, "1", None, True]
    ]
    if mover != 0:
        attempts.append({"op": "act", "action": legal[0]})
    for attempt in attempts:
        reply = handle({**attempt, "sandbox": "t"})
        assert reply["ok"] is False and "手番" in reply["error"], (attempt, reply)
        assert canonical(session.state) == before
    reply = handle({"op": "guest_act", "sandbox": "t", "seat": mover, "action": "nonsense"})
    assert reply["ok"] is False and canonical(session.state) == before


def test_no_undo_no_hand_over_and_hints_only_for_the_seat_to_move() -> None:
    frame = open_table("herrlof", 2, 3, 1)
    assert frame["can_undo"] is False and frame["viewer"] == 1
    mover = frame["mover"]
    refused = handle({"op": "undo", "sandbox": "t"})
    assert refused["ok"] is False and refused["error"] == NO_UNDO
    assert handle({"op": "reveal", "sandbox": "t"})["ok"] is False
    assert handle({"op": "guest_hint", "sandbox": "t", "seat": 1 - mover})["ok"] is False
    shown = handle({"op": "guest_hint", "sandbox": "t", "seat": mover})
    assert shown["ok"] and shown["hint"]["actions"]
    session = bridge._sessions["t"]
    assert all(item["action"] in session.state.legal_actions() for item in shown["hint"]["actions"])


def test_a_plain_sandbox_refuses_guests_and_bad_tables_are_refused() -> None:
    log = {"game": "necropolis", "players": 2, "seed": 1, "options": {}, "actions": []}
    handle({"op": "open", "sandbox": "t", "log": log, "seats": ["human", "human"]})
    assert handle({"op": "guest_act", "sandbox": "t", "seat": 0, "action": "x"})["ok"] is False
    for table in ({"host": 1}, {"host": 5}, {"host": "0"}, "nonsense"):
        reply = handle(
            {"op": "open", "sandbox": "u", "log": log, "seats": ["human", "bot:random"], "table": table}
        )
        assert reply["ok"] is False and reply["error"]


def test_a_seat_handed_to_a_bot_and_back_and_the_save_resumes_the_table() -> None:
    """A phone gone: its seat goes to a bot, which plays it, and back to the guest; the host's
    seat cannot be given away; the host's save reopens the same table (a host that reloads)."""
    frame = open_table("no-return", 3, 8, 0)
    for _ in bounded("a guest's turn"):
        if frame["mover"] != 0:
            break
        frame = handle(
            {"op": "act", "sandbox": "t", "action": bridge._sessions["t"].state.legal_actions()[0]}
        )
    away = frame["mover"]
    seats = ["human"] * 3
    seats[away] = "bot:random"
    frame = handle({"op": "seats", "sandbox": "t", "seats": seats})
    assert frame["next"] == "bot" and str(away) not in frame["table"]["guests"]
    frame = handle({"op": "step", "sandbox": "t"})
    assert frame["ok"]
    assert handle({"op": "seats", "sandbox": "t", "seats": ["bot:random", "human", "human"]})["ok"] is False
    frame = handle({"op": "seats", "sandbox": "t", "seats": ["human"] * 3})
    assert sorted(frame["table"]["guests"]) == ["1", "2"]
    save = frame["save"]
    assert save["table"] == {"host": 0}
    resumed = handle({"op": "open", "sandbox": "again", **save})
    assert resumed["table"] == frame["table"] and resumed["html"] == frame["html"]


@pytest.mark.parametrize("game_id", sorted(games()))
def test_a_choice_made_at_once_at_the_table_says_so_on_every_phone(game_id: str) -> None:
    """While the game's rules say the seats choose at once at a real table (`chosen_at_once`),
    every device's status line says that the choices are taken one by one and kept face down;
    never otherwise. A whole game at the game's shortest options (the first of its samples)."""
    game = games()[game_id]
    players = game.info.players[-1]
    frame = open_table(game_id, players, 2, 0, options=game.option_samples[0])
    session = bridge._sessions["t"]
    assert isinstance(session, TableSession)
    rng = Rng(2)
    seen = False
    for _ in bounded(f"{game_id}: a whole game"):
        at_once = session.state.chosen_at_once()
        seen |= at_once
        statuses = [frame["status"], *(guest["status"] for guest in frame["table"]["guests"].values())]
        assert all(status.endswith(AT_ONCE) == at_once for status in statuses), statuses
        if frame["next"] == "over":
            break
        seat = session.state.current_player
        action = rng.choice(session.state.legal_actions())
        frame = handle(
            {"op": "guest_act", "sandbox": "t", "seat": seat, "action": action}
            if seat
            else {"op": "act", "sandbox": "t", "action": action}
        )
    assert seen == (game_id in {"herrlof", "bottle-imp"})


def test_one_more_game_seats_the_same_players_as_the_rules_say() -> None:
    """もう1局 only once the game is over: a fresh game (another seed, the same options), each
    seat's kind and the host's seat moved where `next_seating` says, and `table.moved` saying so."""
    one_hand = games()["bottle-imp"].option_samples[0]  # a short whole game
    frame = open_table("bottle-imp", 3, 4, 1, ["human", "human", "bot:random"], options=one_hand)
    refused = handle({"op": "table_again", "sandbox": "t"})
    assert refused["ok"] is False and refused["error"] == NOT_OVER
    session = bridge._sessions["t"]
    rng = Rng(4)
    for _ in bounded("a whole game"):
        if frame["next"] == "over":
            break
        seat = session.state.current_player
        action = rng.choice(session.state.legal_actions())
        request = (
            {"op": "act", "action": action}
            if seat == 1
            else {"op": "guest_act", "seat": seat, "action": action}
        )
        frame = (
            handle({**request, "sandbox": "t"})
            if frame["next"] != "bot"
            else handle({"op": "step", "sandbox": "t"})
        )
    moved = session.state.next_seating()
    again = handle({"op": "table_again", "sandbox": "t"})
    assert again["ok"] and again["table"]["moved"] == moved == [1, 2, 0]
    fresh = bridge._sessions["t"]
    assert isinstance(fresh, TableSession) and fresh.state.history == [] and fresh.host == 2
    assert fresh.seats == ["bot:random", "human", "human"]
    assert fresh.state.options == session.state.options
    assert set(again["table"]["guests"]) == {"1"}

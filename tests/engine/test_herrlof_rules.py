"""One test per Herrlof rule and per decision in RULES-NOTES.md (and those the rules module adds)."""

from __future__ import annotations

import json
import re
from collections import Counter as Multiset

import pytest

import engine
from engine.benchmark import play_games
from engine.core import canonical
from engine.games.herrlof import scoring
from engine.games.herrlof.bots import HeuristicBot, estimate, round_horizon
from engine.games.herrlof.cards import (
    ACTIONS,
    ALL_CARDS,
    SUIT_SYMBOLS,
    SUITS,
    action_id,
    describe_action,
    parse_action,
)
from engine.games.herrlof.examples import EXAMPLES, FIGURES, draw_example
from engine.games.herrlof.hidden import deal_hidden
from engine.games.herrlof.rules import HAND_SIZES, MAX_ROUNDS, RULE_ANCHORS, HerrlofState
from engine.games.herrlof.tricks import next_leader, playable, trick_winner, winning_cards
from engine.games.herrlof.view import card_svg, render, status
from engine.rng import Rng

from .harness import bounded

BUTTON = re.compile(r"<button\b([^>]*)>(.*?)</button>", re.S)
NAMES = ["プレイヤー1", "プレイヤー2", "プレイヤー3"]


def position(
    hands: list[list[str]],
    *,
    trick: list[tuple[int, str]] | None = None,
    leader: int = 0,
    indicator: str = "G5",
    won: list[list[list[str]]] | None = None,
    stock_top: list[str] | None = None,
    bids: list[int] | None = None,
) -> HerrlofState:
    """A rigged position during a round. The face-down stock holds 11 (2 players) or 8 cards,
    `stock_top` last (drawn first); the cards not placed anywhere lie in destroyed tricks."""
    players = len(hands)
    named = [c for hand in hands for c in hand] + [indicator] + [c for _, c in trick or []]
    named += [c for tricks in won or [] for t in tricks for c in t] + list(stock_top or [])
    rest = sorted((Multiset(ALL_CARDS) - Multiset(named)).elements())
    size = (11 if players == 2 else 8) - len(stock_top or [])
    return HerrlofState.from_position(
        hands=hands,
        stock=rest[:size] + list(stock_top or []),
        indicator=[indicator],
        won=won,
        destroyed=rest[size:],
        trick=trick,
        leader=leader,
        bids=bids,
    )


def play(state: HerrlofState, *actions: str) -> HerrlofState:
    for action in actions:
        state.apply(action)
    return state


def refusal(state: HerrlofState, action: str) -> engine.IllegalAction:
    before = canonical(state)
    with pytest.raises(engine.IllegalAction) as caught:
        state.apply(action)
    assert canonical(state) == before
    return caught.value


def finish_bids(state: HerrlofState, bid: int = 3) -> HerrlofState:
    for _ in bounded("the bidding"):
        if state.view(None)["stage"] != "bid":
            break
        state.apply(f"bid:{bid}")
    return state


def last_trick(state: HerrlofState) -> dict:
    return state.view(None)["last_trick"]


# --- cards, seats and the deal ----------------------------------------------------------------------


def test_decision_42_cards_four_suits_1_to_9_three_valknut_three_hagalaz() -> None:
    assert len(ALL_CARDS) == 42
    assert Multiset(ALL_CARDS)["V"] == 3 and Multiset(ALL_CARDS)["H"] == 3
    assert sorted(c for c in ALL_CARDS if len(c) == 2) == sorted(
        f"{s}{r}" for s in SUITS for r in range(1, 10)
    )


def test_decision_every_suit_has_its_own_colour_and_symbol_and_the_unsuited_cards_their_own_drawing() -> None:
    assert len(set(SUIT_SYMBOLS.values())) == 4
    faces = {card: card_svg(card) for card in ("R7", "B7", "G7", "Y7", "V", "H")}
    shapes = {re.sub(r'(aria-label|data-card|class)="[^"]*"', "", svg) for svg in faces.values()}
    assert len(shapes) == 6, "each suit and each special card is drawn with its own shape"
    assert 'aria-label="赤▲7"' in faces["R7"] and 'aria-label="ヴァルクヌート"' in faces["V"]


@pytest.mark.parametrize("players", [1, 4])
def test_two_and_three_players_only(players: int) -> None:
    with pytest.raises(engine.BadOption, match="人"):
        HerrlofState(players, 1)


@pytest.mark.parametrize(("players", "hand", "stock"), [(2, 15, 11), (3, 11, 8)])
def test_decision_deal_and_the_indicator_set_face_up_beside_the_stock(
    players: int, hand: int, stock: int
) -> None:
    state = HerrlofState(players, 7)
    view = state.view(0)
    assert [seat["hand_count"] for seat in view["seats"]] == [hand] * players
    assert view["stock"] == stock and len(view["indicator"]) == 1
    assert sorted(state.components()) == sorted(ALL_CARDS)


def test_decision_trump_is_the_indicators_suit_and_none_under_a_valknut_or_hagalaz() -> None:
    for indicator, trump in (("B4", "B"), ("V", None), ("H", None)):
        state = position([["R1", "R2"], ["R3", "R4"]], indicator=indicator)
        assert state.trump() == trump == state.view(0)["trump"]


def test_decision_first_dealer_from_the_seed_the_deal_passes_left_and_the_left_neighbour_leads() -> None:
    dealers = {HerrlofState(3, seed).view(None)["dealer"] for seed in range(30)}
    assert dealers == {0, 1, 2}
    state = HerrlofState(3, 4)
    first = state.view(None)
    assert first["leader"] == first["current_player"] == (first["dealer"] + 1) % 3
    rng = Rng(4)
    for _ in bounded("round 1"):
        if state.view(None)["round"] != 1:
            break
        state.apply(rng.choice(state.legal_actions()))
    second = state.view(None)
    assert second["dealer"] == (first["dealer"] + 1) % 3 and second["leader"] == (second["dealer"] + 1) % 3


# --- bids -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_decision_bids_0_to_the_hand_size_once_each_in_seat_order_from_the_first_leader(players: int) -> None:
    state = HerrlofState(players, 11)
    first = state.current_player
    assert state.legal_actions() == sorted(f"bid:{n}" for n in range(HAND_SIZES[players] + 1))
    order = []
    for _ in bounded("the bidding"):
        if state.view(None)["stage"] != "bid":
            break
        order.append(state.current_player)
        state.apply("bid:2")
    assert order == [(first + i) % players for i in range(players)]
    assert state.current_player == first and state.view(None)["stage"] == "play"
    assert refusal(state, "bid:2").rule == "follow"


def test_decision_bids_stay_hidden_until_the_round_is_scored() -> None:
    state = HerrlofState(2, 3)
    bidder = state.current_player
    state.apply("bid:7")
    other = 1 - bidder
    assert state.view(bidder)["seats"][bidder]["bid"] == 7
    assert state.view(other)["seats"][bidder] == {**state.view(bidder)["seats"][bidder], "bid": None}
    assert "7" not in state.log_lines(other)[-1] and "7" in state.log_lines(bidder)[-1]
    twin = state.resample_hidden(other, Rng(5))
    assert {twin.resample_hidden(other, Rng(k))._bids[bidder] for k in range(30)} != {7}
    rng = Rng(1)
    for _ in bounded("round 1"):
        if state.view(None)["round"] != 1:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.view(other)["sheet"][0]["bids"][bidder] == 7


# --- following ----------------------------------------------------------------------------------------


def test_follow_the_led_suit_when_able_with_valknut_and_hagalaz_always_allowed() -> None:
    assert sorted(playable(["R2", "B9", "H", "V"], ["R7"])) == ["H", "R2", "V"]
    assert sorted(playable(["B9", "G1", "H"], ["R7"])) == ["B9", "G1", "H"]
    state = position([["R2", "B9", "H"], ["B1", "Y2"]], trick=[(1, "R7")], leader=1)
    error = refusal(state, "play:B9")
    assert error.rule == "follow" and "赤▲" in error.message
    assert refusal(state, "play:Y9").message == "黄9は手札にありません。"


def test_decision_after_a_valknut_or_hagalaz_lead_every_follower_is_free() -> None:
    for lead in ("V", "H"):
        assert sorted(playable(["R2", "B9", "G1"], [lead])) == ["B9", "G1", "R2"]


def test_decision_a_valknut_or_hagalaz_played_second_does_not_change_what_the_third_must_follow() -> None:
    for second in ("V", "H"):
        state = position([["R7"], ["B2"], ["R4", "B9"]], trick=[(0, "R8"), (1, second)], leader=0)
        assert state.current_player == 2 and state.legal_actions() == ["play:R4"]


# --- who wins ---------------------------------------------------------------------------------------


def test_the_highest_trump_wins_else_the_highest_card_of_the_led_suit() -> None:
    assert trick_winner(["R2", "G1"], trump="G") == 1
    assert trick_winner(["G3", "G1", "R9"], trump="G") == 0
    assert trick_winner(["R2", "R8", "R5"], trump="G") == 1


def test_cards_of_other_suits_without_trump_lose_to_the_lead_whatever_their_number() -> None:
    assert trick_winner(["R2", "B9"], trump=None) == 0
    assert trick_winner(["R2", "B9", "Y8"], trump="G") == 0


def test_decision_after_a_hagalaz_lead_the_led_suit_is_that_of_the_first_suited_card() -> None:
    assert trick_winner(["H", "G4", "G8"], trump=None) == 2
    assert trick_winner(["H", "R2", "B9"], trump=None) == 1
    assert trick_winner(["H", "R2", "B9"], trump="B") == 2


@pytest.mark.host_only  # random games (or every case), one after another: see pyproject.toml
def test_the_cards_that_would_win_a_trick_are_those_the_winner_rule_makes_win() -> None:
    """`winning_cards` (the heuristic's one pass) against `trick_winner` card by card: every trick
    of one or two cards (what a card joins at 2 and 3 players), every card, every trump."""
    distinct = sorted(set(ALL_CARDS))
    tricks = [[a] for a in distinct] + [[a, b] for a in distinct for b in distinct if a != b or a in "VH"]
    for trump in (*SUITS, None):
        for trick in tricks:
            expected = [c for c in distinct if trick_winner([*trick, c], trump=trump) == len(trick)]
            assert winning_cards(trick, distinct, trump=trump) == expected, (trick, trump)


def test_a_lone_hagalaz_never_wins_and_two_make_the_leader_win() -> None:
    assert trick_winner(["H", "R1"], trump=None) == 1
    assert trick_winner(["R1", "H"], trump=None) == 0
    assert trick_winner(["R1", "H", "H"], trump="R") == 0
    assert trick_winner(["H", "H"], trump=None) == 0
    assert trick_winner(["G9", "H", "H"], trump="G") == 0


def test_the_trick_goes_to_its_winner_face_down_and_only_the_last_one_is_shown() -> None:
    state = position([["R8", "B1", "Y1"], ["R2", "B2", "Y2"]], leader=0)
    play(state, "play:R8", "play:R2")
    assert last_trick(state) == {"cards": [[0, "R8"], [1, "R2"]], "winner": 0}
    play(state, "play:B1", "play:B2")
    assert last_trick(state) == {"cards": [[0, "B1"], [1, "B2"]], "winner": 1}
    assert [seat["tricks"] for seat in state.view(0)["seats"]] == [1, 1]
    assert "R8" not in str(state.view(1)) and "R2" not in render(state.view(1))


# --- the Valknut ------------------------------------------------------------------------------------------


def test_decision_a_valknut_destroys_the_trick_and_its_leader_leads_again() -> None:
    state = position([["V", "R1", "B1"], ["B2", "Y2"]], trick=[(1, "R9")], leader=1)
    before = [seat["tricks"] for seat in state.view(0)["seats"]]
    play(state, "play:V")
    view = state.view(0)
    assert last_trick(state)["winner"] is None and [s["tricks"] for s in view["seats"]] == before
    assert view["destroyed"] >= 2 and view["current_player"] == 1 and view["leader"] == 1


def test_decision_no_1_6_9_or_hagalaz_effect_in_a_destroyed_trick_but_a_3_still_draws() -> None:
    for card in ("R1", "R6", "R9"):
        state = position([["V", "B4"], ["B5"]], trick=[(1, card)], leader=1, won=[[["Y1", "Y2"]], []])
        play(state, "play:V")
        assert state.view(0)["stage"] == "play" and state.current_player == 1
    hagalaz = position([["V", "B4"], ["B5"]], trick=[(1, "H")], leader=1)
    assert play(hagalaz, "play:V").current_player == 1
    three = position([["V", "B4"], ["R3", "B5"]], leader=1, stock_top=["G8"])
    play(three, "play:R3", "three:draw", "bury:B5", "play:V")
    assert last_trick(three)["winner"] is None
    assert three.view(1)["mine"]["under"] == ["B5"] and "G8" in three.view(1)["hand"]


def test_decision_the_second_valknut_turns_a_new_trump_at_once_and_only_once_a_trick() -> None:
    state = position(
        [["V", "B1"], ["V", "B2"], ["V", "B3"]], leader=0, indicator="G5", stock_top=["R2", "Y6"]
    )
    play(state, "play:V")
    assert state.trump() == "G"
    play(state, "play:V")
    assert state.view(2)["indicator"] == ["G5", "Y6"] and state.trump() == "Y"
    play(state, "play:V")
    view = state.view(2)
    assert view["indicator"] == ["G5", "Y6"] and view["stock"] == 7 and last_trick(state)["winner"] is None


# --- next leader and the 9 ----------------------------------------------------------------------------


def test_the_winner_leads_the_next_trick() -> None:
    assert next_leader([0, 1], ["R8", "R2"], winner=0, players=2) == 0


@pytest.mark.parametrize(("players", "expected"), [(2, 0), (3, 2)])
def test_a_winning_9_hands_the_lead_to_the_opponent_or_the_left_neighbour(
    players: int, expected: int
) -> None:
    trick = ["R2", "R9", "R3"][:players]
    assert next_leader(list(range(players)), trick, winner=1, players=players) == expected


def test_decision_the_first_hagalaz_loser_leads_before_the_9_rule() -> None:
    assert next_leader([0, 1, 2], ["R9", "H", "H"], winner=0, players=3) == 1
    assert next_leader([0, 1, 2], ["H", "R9", "R2"], winner=1, players=3) == 0
    assert next_leader([2, 0, 1], ["H", "R4", "H"], winner=0, players=3) == 2


def test_decision_the_9_acts_whatever_its_suit_and_however_it_won() -> None:
    state = position([["G9", "B1"], ["B2"]], trick=[(1, "R4")], leader=1, indicator="G5")
    play(state, "play:G9")
    assert last_trick(state)["winner"] == 0 and state.current_player == 1


# --- the 3 ------------------------------------------------------------------------------------------------


def test_decision_a_3_may_draw_and_then_must_bury_one_card_the_drawn_one_allowed() -> None:
    state = position([["R3", "B1"], ["B2"]], trick=[(1, "R8")], leader=1, stock_top=["G8"])
    play(state, "play:R3")
    assert state.legal_actions() == ["three:draw", "three:pass"] and state.current_player == 0
    assert refusal(state, "play:B1").rule == "card-3"
    play(state, "three:draw")
    assert state.legal_actions() == ["bury:B1", "bury:G8"] and state.view(0)["mine"]["drawn"] == "G8"
    play(state, "bury:G8")
    view = state.view(0)
    assert view["hand"] == ["B1"] and view["mine"]["under"] == ["G8"] and view["under"] == 1
    assert last_trick(state)["winner"] == 1


def test_decision_the_3_is_optional() -> None:
    state = position([["R3", "B1"], ["B2"]], trick=[(1, "R8")], leader=1)
    stock = state.view(0)["stock"]
    play(state, "play:R3", "three:pass")
    assert state.view(0)["stock"] == stock and state.view(0)["hand"] == ["B1"]


def test_decision_a_3_led_is_decided_before_the_next_card() -> None:
    state = position([["R3", "B1"], ["R8", "B2"]], leader=0)
    play(state, "play:R3")
    assert state.current_player == 0 and state.view(1)["stage"] == "three"
    play(state, "three:pass")
    assert state.current_player == 1


@pytest.mark.host_only  # random games (or every case), one after another: see pyproject.toml
def test_decision_cards_put_under_the_stock_are_never_drawn_again_in_a_round() -> None:
    """The face-down stock outlasts every draw a round can make: four 3s and one double Valknut."""
    for players in (2, 3):
        for seed in range(60):
            state, rng = HerrlofState(players, seed), Rng(seed)
            for _ in bounded(f"seed {seed}"):
                if state.is_over():
                    break
                assert state.view(None)["stock"] >= (11 if players == 2 else 8) - 5
                state.apply(rng.choice(state.legal_actions()))


# --- the 1 and the 6 ------------------------------------------------------------------------------------


def test_decision_a_winning_1_may_steal_a_trick_only_from_an_opponent_who_has_one() -> None:
    won = [[["Y1", "Y2"]], [["Y3", "Y4"], ["Y5", "Y6"]]]
    state = position([["R1", "B1"], ["B2"]], trick=[(1, "R8")], leader=1, indicator="R5", won=won)
    play(state, "play:R1")
    assert last_trick(state)["winner"] == 1 and state.view(0)["stage"] == "play"
    state = position([["G1", "B1"], ["B2"]], trick=[(1, "R8")], leader=1, won=won)
    play(state, "play:G1")
    assert state.legal_actions() == ["one:pass", "one:steal:1"]
    assert refusal(state, "one:steal:0").rule == "card-1"
    play(state, "one:steal:1")
    assert [seat["tricks"] for seat in state.view(0)["seats"]] == [3, 1]
    empty = position([["G1", "B1"], ["B2"]], trick=[(1, "R8")], leader=1)
    assert play(empty, "play:G1").view(0)["stage"] == "play"


def test_decision_a_winning_6_may_take_a_random_card_and_must_give_one_back_the_taken_one_allowed() -> None:
    state = position([["R6", "B1", "Y1"], ["B2", "B3"]], trick=[(1, "R2")], leader=1)
    play(state, "play:R6")
    assert state.legal_actions() == ["six:pass", "six:take:1"]
    play(state, "six:take:1")
    taken = state.view(0)["mine"]["taken"]
    assert taken in ("B2", "B3") and state.view(1)["mine"]["taken"] == taken
    assert sorted(state.legal_actions()) == sorted(f"give:{c}" for c in {"B1", "Y1", taken})
    assert refusal(state, "give:R6").rule == "card-6"
    play(state, f"give:{taken}")
    assert state.view(1)["hand"] == ["B2", "B3"] and state.view(0)["hand"] == ["B1", "Y1"]
    assert state.view(1)["mine"]["exchanges"] == [{"taker": 0, "victim": 1, "taken": taken, "given": taken}]


def test_decision_no_6_on_the_last_trick_the_opponents_hand_is_empty() -> None:
    state = position([["R6"], []], trick=[(1, "R2")], leader=1)
    play(state, "play:R6")
    assert state.view(0)["stage"] in ("bid", "over") and state.view(0)["sheet"]


def test_decision_with_3_players_the_winner_chooses_the_opponent_among_the_eligible() -> None:
    won = [[], [["Y1", "Y2", "Y3"]], []]
    state = position([["G1", "B1"], ["B2"], ["B3"]], trick=[(1, "R8"), (2, "R4")], leader=1, won=won)
    play(state, "play:G1")
    assert state.legal_actions() == ["one:pass", "one:steal:1"]
    assert "トリックを1つも" in refusal(state, "one:steal:2").message
    state = position([["G6", "B1"], ["B2"], ["B3"]], trick=[(1, "R8"), (2, "R4")], leader=1)
    play(state, "play:G6")
    assert state.legal_actions() == ["six:pass", "six:take:1", "six:take:2"]


def test_decision_the_number_decides_however_the_card_won_a_1_winning_through_two_hagalaz() -> None:
    won = [[], [["Y1", "Y2", "Y3"]], []]
    state = position([["R1", "B1"], ["H", "B2"], ["H", "B3"]], leader=0, indicator="G5", won=won)
    play(state, "play:R1", "play:H", "play:H")
    assert last_trick(state)["winner"] == 0 and state.legal_actions() == ["one:pass", "one:steal:1"]
    play(state, "one:pass")
    assert state.current_player == 1, "the first Hagalaz loser leads"


# --- scoring and the end ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [(4, 4, 19), (0, 0, 10), (0, 7, 7), (2, 3, 8), (6, 6, 16), (5, 6, 6), (3, 5, 10)],
)
def test_decision_round_score_a_point_a_trick_10_exact_5_for_3_to_5(
    bid: int, tricks: int, points: int
) -> None:
    assert scoring.round_points(bid=bid, tricks=tricks)["points"] == points


def test_decision_stolen_tricks_count_and_the_round_is_scored_with_the_bids_revealed() -> None:
    won = [[["Y1", "Y2"], ["Y3", "Y4"]], [["Y5", "Y6"], ["Y7", "Y8"]]]
    state = position([["G1"], []], trick=[(1, "R8")], leader=1, won=won, bids=[4, 1])
    play(state, "play:G1", "one:steal:1")
    row = state.view(1)["sheet"][0]
    assert row["bids"] == [4, 1] and row["tricks"] == [4, 1] and row["points"] == [19, 11]
    assert state.view(1)["seats"][0]["total"] == 19
    assert "予想4" in state.log_lines(1)[-1]


@pytest.mark.parametrize(("players", "target"), [(2, 50), (3, 40)])
def test_decision_the_game_ends_after_the_round_that_reaches_the_target(players: int, target: int) -> None:
    state = HerrlofState(players, 2)
    assert state.view(None)["target"] == target
    assert HerrlofState(players, 2, {"target": 20}).view(None)["target"] == 20
    rng = Rng(2)
    for _ in bounded("the game"):
        if state.is_over():
            break
        before = state.view(None)
        state.apply(rng.choice(state.legal_actions()))
    totals = state.scores()
    assert max(totals) >= target or state.view(None)["round"] == MAX_ROUNDS
    assert max(before["seats"][s]["total"] for s in range(players)) < target


def test_decision_the_game_ends_after_round_10_whatever_the_totals() -> None:
    hands = [["R9"], ["R2"]]
    state = position(hands, leader=0)
    state._round = MAX_ROUNDS
    play(state, "play:R9", "play:R2")
    assert state.is_over() and max(state.scores()) < 50


def test_decision_ties_go_to_more_exact_bids_then_more_tricks_in_the_last_round_then_shared() -> None:
    assert scoring.winners(totals=[40, 52, 52], exact=[4, 2, 3], last_tricks=[9, 9, 0]) == [2]
    assert scoring.winners(totals=[52, 52], exact=[3, 3], last_tricks=[4, 6]) == [1]
    assert scoring.winners(totals=[52, 52], exact=[3, 3], last_tricks=[4, 4]) == [0, 1]
    assert scoring.deciding_rule(totals=[52, 52], exact=[3, 3], last_tricks=[4, 6]) == "last-round"


# --- what a seat may see -----------------------------------------------------------------------------


def test_decision_hands_stock_and_the_cards_others_put_under_it_are_hidden() -> None:
    state = position([["R3", "B1", "Y7"], ["B2", "Y9"]], trick=[(1, "R8")], leader=1, stock_top=["G8"])
    play(state, "play:R3", "three:draw", "bury:Y7")
    other = state.view(1)
    assert other["hand"] == ["B2", "Y9"] and other["under"] == 1 and other["mine"]["under"] == []
    assert not {"G8", "Y7", "B1"} & set(re.findall(r'data-card="(\w+)"', render(other)))
    lines = state.log_lines(1)
    assert not any(name in " ".join(lines) for name in ("緑8", "黄7")) and "緑8" in " ".join(
        state.log_lines(0)
    )


def test_decision_a_6_exchange_is_known_only_to_its_two_players() -> None:
    state = position([["G6", "B1"], ["B2"], ["B3"]], trick=[(1, "R8"), (2, "R4")], leader=1)
    play(state, "play:G6", "six:take:2", "give:B1")
    assert state.view(1)["mine"]["exchanges"] == []
    assert state.view(2)["mine"]["exchanges"][0]["given"] == "B1"
    assert "青1" not in " ".join(state.log_lines(1)) and "青1" in " ".join(state.log_lines(0))


def test_decision_the_move_log_lists_every_card_played_while_the_table_shows_only_the_last_trick() -> None:
    state = HerrlofState(2, 8)
    finish_bids(state)
    rng, played = Rng(8), []
    for _ in bounded("round 1"):
        if state.view(None)["round"] != 1 or state.is_over():
            break
        action = rng.choice(state.legal_actions())
        if action.startswith("play:"):
            played.append(state.describe(action).removesuffix("を出す"))
        state.apply(action)
    log = " ".join(state.log_lines(None))
    assert all(f"{name}を出した" in log for name in played)


def test_resampling_keeps_voids_and_the_cards_a_seat_knows_the_others_hold() -> None:
    state = position([["G6", "B1", "Y1"], ["B2", "B3"]], trick=[(1, "R2")], leader=1)
    play(state, "play:G6", "six:take:1", "give:Y1")
    for k in range(20):
        twin = state.resample_hidden(0, Rng(k))
        assert "Y1" in twin._hands[1]
    voided = position([["R9", "B1", "B4"], ["B2", "Y3", "G2"]], leader=0)
    play(voided, "play:R9", "play:B2")
    for k in range(20):
        assert not any(c.startswith("R") for c in voided.resample_hidden(0, Rng(k))._hands[1])


def test_deal_hidden_respects_sizes_and_forbidden_suits() -> None:
    pool = ["R1", "R2", "R3", "B1", "B2", "G1", "V", "H"]
    places = [(3, frozenset("R")), (2, frozenset("RB")), (3, frozenset())]
    for k in range(50):
        dealt = deal_hidden(pool, places, Rng(k))
        assert [len(part) for part in dealt] == [3, 2, 3] and sorted(sum(dealt, [])) == sorted(pool)
        assert not any(c[0] == "R" for c in dealt[0]) and not any(c[0] in "RB" for c in dealt[1])


# --- codec, text, refusals, view ----------------------------------------------------------------------


def test_action_ids_round_trip_and_their_namespaces_are_disjoint() -> None:
    for text, move in ACTIONS.items():
        assert action_id(*move) == text and parse_action(text) == move
    assert parse_action("play:R0") is None and parse_action("bid:16") is None
    spaces = {move.namespace for move in ACTIONS.values()}
    assert spaces == {"bid", "play", "three", "bury", "one", "six", "give"}


def test_every_action_has_its_own_japanese_description() -> None:
    texts = [describe_action(action, NAMES) for action in ACTIONS]
    assert len(set(texts)) == len(texts) and all(not text.isascii() for text in texts)


def test_refusals_are_japanese_and_name_a_rule_of_the_page() -> None:
    state = HerrlofState(3, 5)
    error = refusal(state, "play:R1")
    assert error.rule == "bidding" and error.rule in RULE_ANCHORS
    assert "0〜11" in refusal(state, "bid:12").message
    assert refusal(state, "nonsense").rule == "bidding"


def test_view_buttons_are_the_legal_actions_with_their_visible_text_in_their_names() -> None:
    for players in (2, 3):
        state, rng = HerrlofState(players, 21), Rng(21)
        for _ in bounded("the game"):
            if state.is_over():
                break
            seat = state.current_player
            html = render(state.view(seat))
            buttons = BUTTON.findall(html)
            actions = {re.search(r'data-action="([^"]*)"', attrs)[1] for attrs, _ in buttons}
            assert actions == set(state.legal_actions())
            for attrs, inner in buttons:
                assert "aria-label" not in attrs and 'type="button"' in attrs
                visible = re.sub(r"<[^>]+>", "", inner)
                label = re.search(r'aria-label="([^"]*)"', inner)
                assert visible or label, "every button has a name"
                assert label is None or visible in label[1]
            ids = re.findall(r'\bid="([^"]+)"', html)
            assert len(ids) == len(set(ids))
            assert status(state.view(seat))
            state.apply(rng.choice(state.legal_actions()))
        assert "ゲーム終了" in render(state.view(0))


@pytest.mark.host_only
def test_heuristic_bot_bids_its_estimate_and_beats_randoms() -> None:
    state = HerrlofState(2, 13)
    view = state.view(state.current_player)
    assert HeuristicBot().choose(view, Rng(1)) == f"bid:{round(estimate(view['hand'], view['trump'], 2))}"
    for players, clearly_better in ((2, 0.7), (3, 0.55)):
        assert play_games("herrlof", 60, players=players)["share"]["heuristic"] > clearly_better


def test_heuristic_bot_ducks_once_its_bid_is_made() -> None:
    state = position([["R9", "R2", "B1"], ["B2", "B3"]], trick=[(1, "R5")], leader=1, bids=[0, 3])
    assert HeuristicBot().choose(state.view(0), Rng(1)) == "play:R2"
    state = position([["R9", "R2", "B1"], ["B2", "B3"]], trick=[(1, "R5")], leader=1, bids=[3, 3])
    assert HeuristicBot().choose(state.view(0), Rng(1)) == "play:R9"


def test_every_worked_example_is_drawn_with_the_engines_own_results() -> None:
    for example in EXAMPLES:
        html = draw_example(example)
        assert html.count("<tr>") == len(example.tries) + 1 and "data-action" not in html
    assert {example.name for example in EXAMPLES} <= set(FIGURES)
    assert "黄✚" in draw_example(EXAMPLES[5])


def test_a_view_is_plain_json_data_at_every_stage() -> None:
    state, rng, stages = HerrlofState(3, 1), Rng(1), set()
    for _ in bounded("the game"):
        if state.is_over():
            break
        for seat in (None, 0, 1, 2):
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
        stages.add(state.view(None)["stage"])
        state.apply(rng.choice(state.legal_actions()))
    assert stages == {"bid", "play", "three", "bury", "one", "six", "give"}


def test_the_search_projects_the_round_in_play_from_the_bids_and_the_tricks_left() -> None:
    """`projected_scores`: with 15 tricks to come and each seat as likely to win any of them,
    a bid of 7 (near the 7.5 expected) is worth more than a bid of 0; a trick won raises its
    winner's projection (a point now instead of a one-in-two chance of it)."""
    project = engine.find_game("herrlof").projected_scores
    state = HerrlofState(2, 3)
    state.apply("bid:0")
    state.apply("bid:7")
    assert state.round_in_play() == ([0, 7], [0, 0], 15)
    before = project(state)
    assert before[1] > before[0] > 0
    for _ in bounded("the first trick"):
        if state.round_in_play()[1] != [0, 0]:
            break
        state.apply(state.legal_actions()[0])
    winner = state.round_in_play()[1].index(1)
    assert project(state)[winner] > before[winner]


@pytest.mark.parametrize("players", [2, 3])
def test_the_searchs_rollouts_play_to_about_the_end_of_the_round(players: int) -> None:
    """`round_horizon`: from any turn of a round, a rollout of that many turns (changes of the
    seat to move) of heuristic play ends a few turns from the round's end, on either side (who
    leads next decides whether a trick passes the turn once more), and on average within two;
    two turns, the contract's default, would stop most of a round short."""
    bot, rng = HeuristicBot(), Rng(5)
    misses = []
    for seed in range(8):
        state = HerrlofState(players, seed)
        for _ in bounded(f"seed {seed}"):
            if state.view(None)["round"] != 1:
                break
            horizon, rollout = round_horizon(state), state.clone()
            turns, mover = 0, rollout.current_player
            for _ in bounded(f"seed {seed}: a rollout"):
                if rollout.view(None)["round"] != 1:
                    break
                rollout.apply(bot.choose(rollout.view(rollout.current_player), rng))
                turns += rollout.current_player != mover
                mover = rollout.current_player
            misses.append(turns - horizon)
            state.apply(bot.choose(state.view(state.current_player), rng))
    assert max(abs(miss) for miss in misses) <= 3 * players
    assert abs(sum(misses) / len(misses)) <= 2


def test_the_review_shows_the_other_hand_and_bid_that_the_view_hides() -> None:
    state = HerrlofState(2, seed=1)
    bidder = state.current_player
    assert bidder is not None
    other = 1 - bidder
    state.apply("bid:3")
    live, review = state.view(other), state.review_view(other)
    assert {key: review[key] for key in live} == live
    assert live["seats"][bidder]["bid"] is None and review["revealed"]["bids"][bidder] == 3
    assert review["revealed"]["hands"][bidder] == state.view(bidder)["hand"]
    card = next(c for c in state.view(bidder)["hand"] if c[0] in "RBGY")
    html, hidden = render(review, interactive=False), render(live, interactive=False)
    assert "予想 <strong>3</strong>（振り返りなので表向き）" in html
    assert f'data-card="{card}"' in html and f'data-card="{card}"' not in hidden

"""One test per Bottle Imp rule and per decision in RULES-NOTES.md (and those the rules module adds)."""

from __future__ import annotations

import copy
import re

import pytest

import engine
from engine.bots.random_bot import RandomBot
from engine.core import canonical
from engine.games.bottle_imp.bots import HeuristicBot
from engine.games.bottle_imp.cards import (
    COINS,
    DECK,
    START_PRICE,
    SUIT,
    SUIT_CARDS,
    SUIT_SYMBOLS,
    card_label,
    card_name,
    coins,
    trick_winner,
)
from engine.games.bottle_imp.codec import ACTIONS, describe_action, parse_action
from engine.games.bottle_imp.examples import (
    SETUP_SEED,
    TWO_PLAYER_CASES,
    no_undercut_position,
    outcome,
    price_position,
    scoring_position,
    two_player_position,
)
from engine.games.bottle_imp.redeal import Place, deal
from engine.games.bottle_imp.rules import RULE_ANCHORS, BottleImpState
from engine.games.bottle_imp.scoring import hand_scores, winners
from engine.games.bottle_imp.view import card_svg, render, status
from engine.registry import find_game
from engine.rng import Rng

from .harness import Table, bounded, run_invariants

HAND = "hand"


def play(state: BottleImpState, *actions: str) -> BottleImpState:
    for action in actions:
        state.apply(action)
    return state


def refusal(state: BottleImpState, action: str) -> engine.IllegalAction:
    before = canonical(state)
    with pytest.raises(engine.IllegalAction) as caught:
        state.apply(action)
    assert canonical(state) == before
    assert caught.value.rule in RULE_ANCHORS and not caught.value.message.isascii()
    return caught.value


def choose_lowest(state: BottleImpState) -> list[int]:
    """The seat to move chooses its lowest hidden cards for its slots and hands them over."""
    seat = state.current_player
    view = state.view(seat)
    chosen = view["hand"][: len(view["passing"]["slots"])]
    for kind, card in zip(view["passing"]["slots"], chosen, strict=True):
        state.apply(f"{kind}:{card}")
    state.apply("done")
    return chosen


def pass_all(state: BottleImpState) -> dict[int, list[int]]:
    """Every seat chooses its lowest cards; returns each seat's choice."""
    chosen = {}
    for _ in bounded("pass_all"):
        if state.view(None)["stage"] != "passing":
            break
        seat = state.current_player
        chosen[seat] = choose_lowest(state)
    return chosen


def play_hand(state: BottleImpState, rng: Rng) -> None:
    """Play random legal actions until the current hand has been scored."""
    hands = len(state.view(None)["results"])
    for _ in bounded("play_hand"):
        if state.is_over() or len(state.view(None)["results"]) != hands:
            break
        state.apply(rng.choice(state.legal_actions()))


# --- the deck -------------------------------------------------------------------------------------


def test_decision_the_2003_deck_36_cards_three_suits_coins_1_to_6_twice_126_coins() -> None:
    assert tuple(n for n in range(1, 38) if n != START_PRICE) == DECK and START_PRICE not in SUIT
    assert SUIT_CARDS["Y"] == (1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 25, 28)
    assert SUIT_CARDS["B"] == (4, 6, 8, 10, 13, 17, 20, 24, 27, 30, 32, 34)
    assert SUIT_CARDS["R"] == (11, 14, 16, 21, 23, 26, 29, 31, 33, 35, 36, 37)
    for cards in SUIT_CARDS.values():
        assert [COINS[c] for c in cards] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert sum(COINS.values()) == 126


def test_decision_not_the_matagot_2023_deck() -> None:
    """The later deck moves 3, 4, 23, 24, 34, 35 to other suits and gives 17 four coins."""
    assert (SUIT[3], SUIT[4], SUIT[23], SUIT[24], SUIT[34], SUIT[35]) == ("Y", "B", "R", "B", "B", "R")
    assert COINS[17] == 3


def test_a_card_shows_its_number_its_suit_colour_with_a_symbol_and_its_coins() -> None:
    drawing = card_svg(24)
    assert ">24</text>" in drawing and "bi-s-B" in drawing and 'class="bi-symbol"' in drawing
    assert drawing.count('class="bi-coin"') == 4 and card_label(24) == "24（青●・コイン4）"
    assert len(set(SUIT_SYMBOLS.values())) == 3
    shapes = {
        suit: re.search(r'<\w+ class="bi-symbol"[^>]*>', card_svg(cards[0]))[0]
        for suit, cards in SUIT_CARDS.items()
    }
    assert len(set(shapes.values())) == 3


# --- set-up ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hidden", "face_up"), [(2, 12, 6), (3, 12, 0), (4, 9, 0)])
def test_decision_every_card_is_dealt_price_19_and_nobody_holds_the_bottle(
    players: int, hidden: int, face_up: int
) -> None:
    view = BottleImpState(players, 4).view(None)
    assert [s["hand_count"] for s in view["seats"]] == [hidden] * players
    assert [len(s["open"]) for s in view["seats"]] == [face_up] * players
    assert view["price"] == START_PRICE and view["holder"] is None and view["imp_count"] == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_rigged_deal_starts_a_hand_as_a_shuffled_deal_does(players: int) -> None:
    """from_deal (the guided games' start) gives every seat the view a shuffle dealing those
    cards gives, and refuses a deal that leaves a card out."""
    real = BottleImpState(players, 9, {"target": "one-hand"})
    views = [real.view(seat) for seat in range(players)]
    deal = {
        "players": players,
        "dealer": views[0]["dealer"],
        "hands": [view["hand"] for view in views],
        "opens": [view["seats"][seat]["open"] for seat, view in enumerate(views)],
        "options": {"target": "one-hand"},
    }
    assert [BottleImpState.from_deal(**deal).view(seat) for seat in range(players)] == views
    with pytest.raises(AssertionError):
        BottleImpState.from_deal(**{**deal, "hands": [hand[1:] for hand in deal["hands"]]})


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players_only(players: int) -> None:
    with pytest.raises(engine.BadOption, match="人"):
        BottleImpState(players, 1)


def test_decision_first_dealer_from_the_seed_the_deal_passes_left_each_hand() -> None:
    dealers = {BottleImpState(4, seed).view(None)["dealer"] for seed in range(20)}
    assert dealers == {0, 1, 2, 3}
    for players in (2, 3, 4):
        state = BottleImpState(players, 7, {"target": 500})
        first = state.view(None)["dealer"]
        rng = Rng(players)
        for hand in range(1, 4):
            play_hand(state, rng)
            assert state.view(None)["dealer"] == (first + hand) % players
            assert state.view(None)["hand_no"] == hand + 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_left_of_the_dealer_chooses_first_and_leads_the_first_trick(players: int) -> None:
    state = BottleImpState(players, 12)
    first = (state.view(None)["dealer"] + 1) % players
    assert state.current_player == first
    pass_all(state)
    assert state.view(None)["stage"] == "playing" and state.current_player == first


# --- passing --------------------------------------------------------------------------------------


def test_decision_passing_three_cards_imp_left_right_in_that_order_then_done() -> None:
    state = BottleImpState(4, 3)
    seat = state.current_player
    hand = state.view(seat)["hand"]
    assert {a.split(":")[0] for a in state.legal_actions()} == {"imp"}
    play(state, f"imp:{hand[0]}")
    assert {a.split(":")[0] for a in state.legal_actions()} == {"left", "back"}
    play(state, f"left:{hand[1]}", f"right:{hand[2]}")
    assert sorted(state.legal_actions()) == sorted(["done", *(f"back:{c}" for c in hand[:3])])
    assert refusal(state, f"imp:{hand[3]}").rule == "passing"


def test_a_choice_can_be_changed_before_handing_over() -> None:
    state = BottleImpState(3, 3)
    seat = state.current_player
    hand = state.view(seat)["hand"]
    play(state, f"imp:{hand[0]}", f"left:{hand[1]}", f"right:{hand[2]}", f"back:{hand[1]}")
    assert state.view(seat)["passing"]["picks"] == [hand[0], None, hand[2]]
    assert f"left:{hand[5]}" in state.legal_actions() and "done" not in state.legal_actions()
    play(state, f"left:{hand[5]}", "done")
    assert state.view(seat)["passing"]["picks"] == [hand[0], hand[5], hand[2]]


def test_passing_refusals_name_the_passing_rule() -> None:
    state = BottleImpState(3, 3)
    seat = state.current_player
    hand = state.view(seat)["hand"]
    other = next(c for c in DECK if c not in hand)
    assert "そろっていません" in refusal(state, "done").message
    assert "順に" in refusal(state, f"left:{hand[0]}").message
    assert "手札にありません" in refusal(state, f"imp:{other}").message
    assert refusal(state, f"open:{hand[0]}").rule == "passing"
    assert "トリックは始まっていません" in refusal(state, f"play:{hand[0]}").message
    play(state, f"imp:{hand[0]}")
    assert "もう選んでいます" in refusal(state, f"left:{hand[0]}").message
    assert "選ばれていません" in refusal(state, f"back:{hand[1]}").message


def test_decision_nothing_moves_until_every_seat_has_chosen_and_choices_stay_hidden() -> None:
    state = BottleImpState(4, 8)
    first = state.current_player
    before = [state.view(s) for s in range(4)]
    chosen = choose_lowest(state)
    second = state.current_player
    assert second == (first + 1) % 4
    others = [state.view(s) for s in range(4) if s != first]
    assert [v["seats"] for v in others] == [
        [{**seat, "passed": seat_no == first} for seat_no, seat in enumerate(v["seats"])]
        for s, v in enumerate(before)
        if s != first
    ]
    assert state.view(first)["hand"] == before[first]["hand"]  # still in the hand: nothing moved
    assert state.view(first)["passing"]["picks"] == chosen
    assert all(v["passing"]["picks"] == [None] * 3 for v in others)
    assert state.log_lines(second)[-1] == f"プレイヤー{first + 1}: 渡すカードを選び終えた"
    assert all(str(c) in state.log_lines(first)[-1] for c in chosen)


def test_decision_four_players_pass_left_and_right_and_opposite_exchanges_nothing() -> None:
    state = BottleImpState(4, 21)
    hands = [state.view(s)["hand"] for s in range(4)]
    chosen = pass_all(state)
    for seat in range(4):
        left, right, opposite = (seat + 1) % 4, (seat - 1) % 4, (seat + 2) % 4
        hand = state.view(seat)["hand"]
        imp, to_left, to_right = chosen[seat]
        assert to_left in state.view(left)["hand"] and to_right in state.view(right)["hand"]
        assert chosen[opposite][1] not in hand and chosen[opposite][2] not in hand
        assert sorted(hand) == sorted(
            [c for c in hands[seat] if c not in chosen[seat]] + [chosen[right][1], chosen[left][2]]
        )
        assert len(hand) == 8
    assert state.view(None)["imp_count"] == 4


def test_three_players_end_with_eleven_cards_each_and_three_in_the_imps_trick() -> None:
    state = BottleImpState(3, 2)
    chosen = pass_all(state)
    assert [state.view(None)["seats"][s]["hand_count"] for s in range(3)] == [11] * 3
    assert state.view(None)["imp_count"] == 3
    for seat in range(3):
        assert chosen[seat][1] in state.view((seat + 1) % 3)["hand"]
        assert chosen[seat][2] in state.view((seat - 1) % 3)["hand"]


def test_decision_two_players_pass_two_to_the_imp_one_face_up_one_hidden() -> None:
    state = BottleImpState(2, 6)
    opens = [state.view(s)["seats"][s]["open"] for s in range(2)]
    first = state.current_player
    view = state.view(first)
    assert view["passing"]["slots"] == ["imp", "imp", "open", "hand"]
    hand = view["hand"]
    play(state, f"imp:{hand[0]}", f"imp:{hand[1]}", f"open:{hand[2]}", f"hand:{hand[3]}", "done")
    other = state.current_player
    assert other == 1 - first and state.view(other)["seats"][1 - first]["open"] == opens[1 - first]
    choose_lowest(state)
    seen = state.view(None)
    assert [s["hand_count"] for s in seen["seats"]] == [9, 9] and seen["imp_count"] == 4
    assert hand[2] in seen["seats"][other]["open"] and len(seen["seats"][other]["open"]) == 7
    assert hand[3] in state.view(other)["hand"]
    assert "公開札" in state.log_lines(None)[-1] and str(hand[2]) in state.log_lines(None)[-1]
    assert state.current_player == (seen["dealer"] + 1) % 2


def test_decision_two_players_may_pass_only_hidden_cards() -> None:
    state = BottleImpState(2, 6)
    seat = state.current_player
    face_up = state.view(seat)["seats"][seat]["open"][0]
    assert "手札にありません" in refusal(state, f"imp:{face_up}").message
    assert refusal(state, f"left:{state.view(seat)['hand'][0]}").rule == "two-players"


# --- playing --------------------------------------------------------------------------------------


def test_the_leader_may_lead_any_card_even_one_below_the_price() -> None:
    state = BottleImpState(3, 5)
    pass_all(state)
    seat = state.current_player
    assert sorted(int(a[5:]) for a in state.legal_actions()) == state.view(seat)["hand"]


def test_followers_must_follow_the_led_suit_when_able() -> None:
    state = price_position()  # blue led; プレイヤー1 holds 青8 30 32 and other suits
    assert sorted(int(a[5:]) for a in state.legal_actions()) == [8, 30, 32]
    error = refusal(state, "play:36")
    assert error.rule == "following" and "青●" in error.message
    assert "ありません" in refusal(state, "play:37").message


def test_a_player_without_the_led_suit_may_play_anything_and_shows_a_void() -> None:
    state = price_position()  # プレイヤー3 played 黄15 on 青24
    assert state.view(None)["seats"][2]["voids"] == "B"
    play(state, "play:32", "play:6", "play:30", "play:20")  # プレイヤー4 led 青6
    assert state.current_player == 2
    assert sorted(int(a[5:]) for a in state.legal_actions()) == state.view(2)["hand"]


def test_decision_the_price_never_restricts_what_may_be_played() -> None:
    state = no_undercut_position()  # プレイヤー2 holds the bottle; nobody must go under
    assert [int(a[5:]) for a in sorted(state.legal_actions())] == [14, 29, 36]
    state = price_position()
    play(state, "play:32")  # プレイヤー4 now holds the bottle and leads
    view = state.view(3)
    assert sorted(int(a[5:]) for a in state.legal_actions()) == view["hand"]


def test_decision_highest_card_below_the_price_wins_and_becomes_the_price() -> None:
    assert trick_winner([24, 15, 17, 32], 19) == 2
    state = play(price_position(), "play:32")
    view = state.view(None)
    assert view["holder"] == 3 and view["price"] == 17 and view["seats"][3]["won"] == [15, 17, 24, 32]
    assert state.current_player == 3 and view["last_trick"]["bottle_moved"]


def test_decision_with_no_card_below_the_price_the_highest_wins_and_bottle_stays() -> None:
    assert trick_winner([21, 35, 29], 9) == 1
    assert outcome(no_undercut_position(), 36) == (0, 1, 9)
    state = play(no_undercut_position(), "play:29")
    assert state.view(None)["price"] == 9 and state.view(None)["holder"] == 1 and state.current_player == 2


def test_decision_the_holder_keeps_the_bottle_when_it_wins_lower_again() -> None:
    state = play(price_position(), "play:32")  # プレイヤー4 holds it at 17 and leads
    play(state, "play:6", "play:30", "play:20", "play:35")  # only 青6 is below 17
    view = state.view(None)
    assert view["holder"] == 3 and view["price"] == 6 and "持ち主のまま" in state.log_lines(None)[-1]


def test_decision_the_card_under_the_bottle_stays_with_whoever_won_it() -> None:
    state = play(price_position(), "play:32")  # プレイヤー4 won 17 and holds the bottle on it
    play(state, "play:26", "play:14", "play:33", "play:16")  # 16 is the highest below 17
    view = state.view(None)
    assert view["holder"] == 2 and view["price"] == 16
    assert 17 in view["seats"][3]["won"] and 16 in view["seats"][2]["won"]


def test_decision_the_19_belongs_to_nobody_and_never_scores() -> None:
    rng = Rng(4)
    state = BottleImpState(3, 4, {"target": "one-hand"})
    for _ in bounded("test_decision_the_19_belongs_to_nobody_and_never_scores"):
        if state.is_over():
            break
        assert all(START_PRICE not in s["won"] for s in state.view(None)["seats"])
        state.apply(rng.choice(state.legal_actions()))
    assert START_PRICE in state.components() and START_PRICE not in COINS


def test_the_winner_of_a_trick_leads_the_next() -> None:
    state = play(no_undercut_position(), "play:36")
    assert state.current_player == 0 and state.view(None)["trick"] == []


def test_decision_two_players_play_leader_other_leader_other() -> None:
    state = BottleImpState(2, 9)
    pass_all(state)
    leader = state.current_player
    seats = []
    for _ in range(4):
        seats.append(state.current_player)
        play(state, state.legal_actions()[0])
    assert seats == [leader, 1 - leader, leader, 1 - leader]
    assert len(state.view(None)["last_trick"]["cards"]) == 4


def test_decision_two_players_the_led_suit_binds_the_leaders_second_card() -> None:
    state = two_player_position()  # プレイヤー2 led 赤23 and plays again third
    play(state, "play:11")
    hidden, face_up = state.view(1)["hand"], state.view(1)["seats"][1]["open"]
    assert (hidden, face_up) == ([12], [6, 31])
    assert sorted(int(a[5:]) for a in state.legal_actions()) == [12, 31]
    assert refusal(state, "play:6").rule == "two-players"


@pytest.mark.parametrize(("hidden", "face_up", "allowed"), TWO_PLAYER_CASES)
def test_decision_two_players_follow_for_the_hidden_hand_and_the_face_up_cards_apart(
    hidden: list[int], face_up: list[int], allowed: list[int]
) -> None:
    state = two_player_position(hidden, face_up)
    assert state.view(0)["hand"] == hidden and state.view(0)["seats"][0]["open"] == face_up
    assert sorted(int(a[5:]) for a in state.legal_actions()) == allowed


def test_decision_two_players_which_part_a_card_came_from_is_public() -> None:
    state = play(two_player_position(), "play:3")
    assert state.view(1)["trick"][-1] == [0, 3, "open"] and "公開札から" in state.log_lines(1)[-1]
    assert state.view(1)["seats"][0]["voids"] == ""


# --- scoring and the end --------------------------------------------------------------------------


def test_decision_holder_loses_the_imps_trick_and_scores_nothing_for_its_won_cards() -> None:
    assert hand_scores([[1, 37], [24, 25]], holder=0, imp=[18, 28]) == [-11, 10]
    state = scoring_position()
    won = [state.view(None)["seats"][s]["won"] for s in range(3)]
    play(state, "play:2")
    result = state.view(0)["results"][-1]
    assert result["holder"] == 0 and result["imp"] == [1, 18, 28] and result["imp_coins"] == 12
    assert result["scores"] == [-12, sum(COINS[c] for c in won[1]), sum(COINS[c] for c in won[2])]
    assert result["won_coins"][0] > 0 and state.scores() == result["totals"]


def test_decision_the_imps_trick_is_revealed_only_when_the_hand_is_scored() -> None:
    state = BottleImpState(3, 30, {"target": "one-hand"})
    chosen = pass_all(state)
    view = state.view(1)
    html = render(view)
    assert view["imp_count"] == 3 and "imp" not in str(view["results"])
    assert f'data-card="{chosen[1][0]}"' in html  # its own card, face up
    assert f'data-card="{chosen[0][0]}"' not in html and f'data-card="{chosen[2][0]}"' not in html
    rng = Rng(2)
    for _ in bounded("test_decision_the_imps_trick_is_revealed_only_when_the_hand_is_scored"):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert sorted(state.view(1)["results"][-1]["imp"]) == sorted(c[0] for c in chosen.values())


def test_decision_someone_always_holds_the_bottle_at_the_end_of_a_hand() -> None:
    rng = Rng(9)
    for seed in range(40):
        state = BottleImpState(2 + seed % 3, seed, {"target": "one-hand"})
        for _ in bounded("test_decision_someone_always_holds_the_bottle_at_the_end_of_a_hand"):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.view(None)["results"][0]["holder"] is not None


def test_decision_one_hand_game_ends_after_the_first_hand_highest_hand_score_wins() -> None:
    state = scoring_position()
    play(state, "play:2")
    assert state.is_over() and state.current_player is None and state.legal_actions() == []
    scores = state.scores()
    assert state.winners() == [s for s in range(3) if scores[s] == max(scores)]
    assert "ゲーム終了" in status(state.view(None))


@pytest.mark.parametrize("target", [200, 300])
def test_decision_game_ends_after_the_hand_in_which_a_total_reaches_the_target(target: int) -> None:
    state = BottleImpState(3, 14, {"target": target})
    rng = Rng(14)
    for _ in bounded("test_decision_game_ends_after_the_hand_in_which_a_total_reaches_the_target"):
        if state.is_over():
            break
        play_hand(state, rng)
        totals = state.view(None)["results"][-1]["totals"]
        assert state.is_over() == (max(totals) >= target)
    assert len(state.view(None)["results"]) > 1


def test_decision_default_length_is_500_and_the_options_are_one_hand_200_300_500() -> None:
    info = find_game("bottle-imp").info
    (option,) = info.options
    assert option.default == 500 and [v for v, _ in option.choices] == ["one-hand", 200, 300, 500]
    assert BottleImpState(3, 1).options == {"target": 500}
    with pytest.raises(engine.BadOption, match="ゲームの長さ"):
        BottleImpState(3, 1, {"target": 250})


def test_decision_equal_highest_totals_share_the_win_and_totals_may_be_negative() -> None:
    assert winners([120, 95, 120]) == [0, 2] and winners([-4, -9]) == [0]
    assert hand_scores([[], [5]], holder=0, imp=[37, 36]) == [-12, 2]


# --- visibility -----------------------------------------------------------------------------------


def test_decision_hands_are_hidden_and_drawn_as_backs() -> None:
    state = BottleImpState(4, 17)
    html = render(state.view(0))
    mine = set(state.view(0)["hand"])
    shown = {int(n) for n in re.findall(r'data-card="(\d+)"', html)}
    assert shown == mine | {START_PRICE}
    assert state.view(0)["seats"][1]["hand_count"] == 9 and "hand" not in state.view(0)["seats"][1]


def test_decision_played_won_face_up_cards_price_and_holder_are_public() -> None:
    state = play(two_player_position(), "play:3")
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["trick"] == [[1, 23, "hand"], [0, 3, "open"]] and view["price"] == 7
        assert view["seats"][0]["open"] == [27] and view["seats"][1]["won"][0] == 5


def faces(html: str) -> set[int]:
    """The numbers of every card drawn face up in a board."""
    return {int(n) for n in re.findall(r'data-card="(\d+)"', html)}


def test_decision_two_player_face_up_cards_shown_once_passes_resolve() -> None:
    """Each seat sees its own six face-up cards from the deal on, the opponent's only once both
    have chosen and the passes resolve (as in the licensed online version). Until then the
    opponent's are backs in the view and the board, and a twin whose face-up cards lie
    otherwise gives every seat and the spectator the same view, log lines and board."""
    state = BottleImpState(2, 6)
    opens = [state.view(s)["seats"][s]["open"] for s in range(2)]
    first = state.current_player
    second = 1 - first
    hand = state.view(first)["hand"]
    steps = [[f"imp:{hand[0]}", f"imp:{hand[1]}"], [f"open:{hand[2]}", f"hand:{hand[3]}", "done"]]
    for step in [[], *steps]:
        play(state, *step)
        for viewer in (0, 1, None):
            view, html = state.view(viewer), render(state.view(viewer))
            for seat in range(2):
                own = seat == viewer
                assert view["seats"][seat]["open"] == (opens[seat] if own else [None] * 6)
                assert faces(html) & set(opens[seat]) == (set(opens[seat]) if own else set())
                assert html.count(f'id="bi-s{seat}-open-') == (0 if own else 6)
            twins = [state.resample_hidden(viewer, Rng(k)) for k in range(4)]
            assert any(twin._open != state._open for twin in twins)
            for twin in twins:
                assert twin.view(viewer) == view and render(twin.view(viewer)) == html
                assert twin.log_lines(viewer) == state.log_lines(viewer)
    assert state.current_player == second and state.view(None)["stage"] == "passing"
    assert all(str(card) not in line for card in opens[first] for line in state.log_lines(second))
    passed = choose_lowest(state)[2]
    assert state.view(None)["stage"] == "playing"
    shown = [sorted(opens[first] + [passed]), sorted(opens[second] + [hand[2]])]
    shown = shown if first == 0 else shown[::-1]
    for viewer in (0, 1, None):
        view, html = state.view(viewer), render(state.view(viewer))
        assert [view["seats"][seat]["open"] for seat in range(2)] == shown
        backs = [f"-s{seat}-open-" for seat in range(2)]  # a face-down open card's id
        assert faces(html) >= set(shown[0] + shown[1]) and not any(back in html for back in backs)
    assert f"{state.seat_name(second)}の公開札に{card_name(hand[2])}" in state.log_lines(None)[-1]


def test_the_two_player_setup_figure_shows_the_opponents_face_up_cards_as_backs() -> None:
    state = BottleImpState(2, SETUP_SEED)
    drawn = find_game("bottle-imp").figures["two-player-setup"].draw()
    assert faces(drawn) == {*state.view(0)["hand"], *state.view(0)["seats"][0]["open"], START_PRICE}
    assert drawn.count('id="fig-two-setup-s1-open-') == 6


def test_decision_a_seat_knows_what_it_passed_and_received() -> None:
    state = BottleImpState(3, 40)
    chosen = pass_all(state)
    passing = state.view(0)["passing"]
    assert passing["picks"] == chosen[0]
    assert sorted(passing["received"]) == sorted([[1, chosen[1][2]], [2, chosen[2][1]]])


def test_decision_resampling_keeps_the_cards_a_seat_passed_and_the_voids_it_saw() -> None:
    state = price_position()
    for k in range(30):
        twin = state.resample_hidden(0, Rng(k))
        assert 4 in twin.view(1)["hand"] and 6 in twin.view(3)["hand"]  # what プレイヤー1 passed
        assert not any(SUIT[c] == "B" for c in twin.view(2)["hand"])  # プレイヤー3 showed no blue
        assert 18 in twin._imp and twin.view(0) == state.view(0)


def test_redeal_respects_suits_a_place_may_not_hold() -> None:
    cards = [1, 2, 3, 4, 6, 8, 11, 14]
    for k in range(40):
        dealt = deal(cards, [Place(3, "Y"), Place(3, "BR"), Place(2, "YBR")], Rng(k))
        assert all(SUIT[c] == "Y" for c in dealt[0]) and all(SUIT[c] != "Y" for c in dealt[1])
        assert sorted(sum(dealt, [])) == cards and [len(p) for p in dealt] == [3, 3, 2]


def test_decision_choosing_writes_no_log_line_and_handing_over_hides_the_cards() -> None:
    state = BottleImpState(3, 3)
    seat = state.current_player
    hand = state.view(seat)["hand"]
    before = state.log_lines(seat)
    play(state, f"imp:{hand[0]}")
    assert state.log_lines(seat) == before and state.journal[-1].text_for(seat) == ""
    play(state, f"left:{hand[1]}", f"right:{hand[2]}", "done")
    other = (seat + 1) % 3
    assert state.log_lines(other)[-1].endswith("渡すカードを選び終えた")
    assert "インプのトリックに" in state.log_lines(seat)[-1]


# --- codec, text and view -------------------------------------------------------------------------


def test_action_ids_round_trip_and_namespaces_are_disjoint() -> None:
    for text, move in ACTIONS.items():
        assert parse_action(text) == move
        assert text == move.kind if move.card is None else text == f"{move.kind}:{move.card}"
    assert parse_action("play:19") is None and parse_action("play:38") is None and parse_action("imp") is None
    texts = [describe_action(a) for a in ACTIONS]
    assert len(set(texts)) == len(texts) and not any(t.isascii() for t in texts)


def test_a_cards_button_names_start_with_the_number_it_shows() -> None:
    state = BottleImpState(3, 3)
    html = render(state.view(state.current_player))
    for match in re.finditer(r'<button[^>]*data-action="(\w+):(\d+)"[^>]*aria-label="([^"]+)"', html):
        assert match[3].startswith(match[2])


def test_refusals_are_japanese_and_name_a_rule_in_every_situation() -> None:
    rng = Rng(5)
    for seed in range(6):
        state = BottleImpState(2 + seed % 3, seed, {"target": "one-hand"})
        for _ in bounded("test_refusals_are_japanese_and_name_a_rule_in_every_situation"):
            if state.is_over():
                break
            legal = state.legal_actions()
            for bad in [rng.choice(list(ACTIONS)), "nonsense", "play:19"]:
                if bad not in legal:
                    refusal(state, bad)
            state.apply(rng.choice(legal))


def test_view_buttons_are_the_legal_actions_and_element_ids_are_unique() -> None:
    rng = Rng(11)
    for seed in range(6):
        state = BottleImpState(2 + seed % 3, seed, {"target": 200 if seed == 0 else "one-hand"})
        for _ in bounded("test_view_buttons_are_the_legal_actions_and_element_ids_are_unique"):
            if state.is_over():
                break
            seat = state.current_player
            html = render(state.view(seat), prefix="p")
            assert set(re.findall(r'data-action="([^"]+)"', html)) == set(state.legal_actions())
            ids = re.findall(r'\bid="([^"]+)"', html)
            assert len(ids) == len(set(ids)) and all(i.startswith("p-") for i in ids)
            assert not status(state.view(seat)).isascii()
            state.apply(rng.choice(state.legal_actions()))
        html = render(state.view(None))
        assert "得点計算（ゲーム終了）" in html and '<th scope="row">1</th>' in html  # every hand's row


def test_a_seat_that_already_chose_sees_its_cards_waiting() -> None:
    state = BottleImpState(3, 3)
    seat = state.current_player
    chosen = choose_lowest(state)
    html = render(state.view(seat))
    assert "伏せて置きました" in html and all(f'data-card="{c}"' in html for c in chosen)


# --- bots and whole games -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bot_beats_randoms(players: int) -> None:
    wins = 0.0
    games = 40
    for seed in range(games):
        state = BottleImpState(players, seed, {"target": "one-hand"})
        bots = [HeuristicBot(), *[RandomBot()] * (players - 1)]
        rng = Rng(seed)
        for _ in bounded("test_heuristic_bot_beats_randoms"):
            if state.is_over():
                break
            seat = state.current_player
            state.apply(bots[seat].choose(state.view(seat), rng))
        winners_ = state.winners()
        wins += 1 / len(winners_) if 0 in winners_ else 0
    assert wins / games > 1.4 / players


@pytest.mark.host_only
@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_of_several_hands_keep_the_contract(players: int) -> None:
    """The shared suite plays one-hand games (fast); here whole games to 200 run its checks."""
    assert run_invariants(Table(find_game("bottle-imp"), players, {"target": 200}), 80) == 80


def test_worked_examples_open_from_a_log_and_keep_their_claims() -> None:
    game = find_game("bottle-imp")
    for name, scenario in game.scenarios.items():
        log = {"game": "bottle-imp", "players": 0, "seed": 0, "options": {}, "scenario": name, "actions": []}
        state = engine.load_log(log)
        assert state.current_player == 0 and scenario.holds(copy.deepcopy(state))
    for figure in game.figures.values():
        assert "data-action" not in figure.draw()


def test_worked_examples_play_on_with_every_card_in_one_place() -> None:
    """A position opened in the sandbox plays on like any other (no list shared between places)."""
    whole = sorted([*DECK, START_PRICE])
    for scenario in find_game("bottle-imp").scenarios.values():
        state = scenario.build()
        rng = Rng(1)
        for _ in range(200):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
            assert sorted(state.components()) == whole


def test_the_standing_scores_the_hand_in_play_as_if_it_ended_now() -> None:
    """What the search bot values a position by (`projected_scores`): the holder would lose the
    Imp's trick, every other seat would score the coins it has won so far."""
    state = no_undercut_position()
    assert state.standing() == [0, -coins([15, 18, 33]), 0]
    state.apply("play:36")  # the highest red wins 21, 35 and 36; the bottle stays at 9
    assert state.standing() == [coins([21, 35, 36]), -coins([15, 18, 33]), 0]
    assert find_game("bottle-imp").projected_scores(state) == [13.0, -14.0, 0.0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_looks_ahead_to_the_end_of_the_hand(players: int) -> None:
    """The search's rollouts play until the hand is scored (`Game.search_horizon`): at the deal,
    one pass per seat and then every card that will be played; after the passing, one play per
    card still in a hand or face up, down to the hand's last."""
    horizon = find_game("bottle-imp").search_horizon
    assert callable(horizon)
    state, rng = BottleImpState(players, 5, {"target": "one-hand"}), Rng(5)
    at_deal = horizon(state)
    for _ in bounded("test_the_search_looks_ahead_to_the_end_of_the_hand"):
        if state.view(None)["stage"] != "passing":
            break
        state.apply(rng.choice(state.legal_actions()))
    assert at_deal == players + horizon(state)
    plays = 0
    for _ in bounded("test_the_search_looks_ahead_to_the_end_of_the_hand"):
        if state.is_over():
            break
        assert horizon(state) == len(DECK) - state.view(None)["imp_count"] - plays
        state.apply(rng.choice(state.legal_actions()))
        plays += 1
    assert horizon(state) == 0 and plays == len(DECK) - state.view(None)["imp_count"]


def test_the_review_shows_the_other_hands_their_passes_and_the_imps_trick_that_the_view_hides() -> None:
    state = play(BottleImpState(3, seed=1), "imp:3", "left:6", "right:9", "done")
    chosen = state.view(1)["hand"][0]
    play(state, f"imp:{chosen}")
    live, review = state.view(0), state.review_view(0)
    assert {key: review[key] for key in live} == live
    assert review["revealed"]["picks"][1] == [chosen, None, None]
    assert review["revealed"]["hands"][1] == state.view(1)["hand"]
    html = render(review, interactive=False)
    assert f'data-card="{chosen}"' in html and "振り返りなので表向き" in html
    assert f'data-card="{chosen}"' not in render(live, interactive=False)
    for _ in bounded("the passing of the reviewed hand"):
        if state.view(0)["stage"] != "passing":
            break
        legal = state.legal_actions()
        play(state, "done" if "done" in legal else next(a for a in legal if not a.startswith("back:")))
    imp = state.review_view(0)["revealed"]["imp"]
    assert len(imp) == 3 and 3 in imp and chosen in imp
    assert render(state.view(0), interactive=False).count('data-card="') < render(
        state.review_view(0), interactive=False
    ).count('data-card="')

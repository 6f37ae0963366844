"""One test per No Return rule and per decision in RULES-NOTES.md (and those the rules module adds)."""

from __future__ import annotations

import copy
import re
from collections import Counter as Multiset

import pytest

import engine
from engine.bots.random_bot import RandomBot
from engine.games.no_return.bots import HeuristicBot, _plan, _step_towards
from engine.games.no_return.codec import (
    ACTIONS,
    ALL_COUNTERS,
    COLOUR_NAMES,
    COLOUR_SYMBOLS,
    COLOURS,
    action_id,
    counter_id,
    describe_action,
    parse_action,
)
from engine.games.no_return.examples import (
    CASHING_OPTIONS,
    CASHING_PAYMENT,
    FIGURES,
    PLACING_OPTIONS,
    cashing_position,
    placing_position,
    try_cash,
    try_placement,
)
from engine.games.no_return.rules import RULE_ANCHORS, NoReturnState
from engine.games.no_return.view import counter_label as token_label
from engine.games.no_return.view import render, status, token_svg
from engine.rng import Rng

from .buttons import buttons as board_buttons
from .buttons import misnamed
from .harness import bounded

EVERY_ID = [counter_id(c) for c in ALL_COUNTERS]


def position(
    hands: list[list[str]],
    columns: list[dict[str, list[int]]] | None = None,
    *,
    bag: list[str] | None = None,
    cashed: list[list[str]] | None = None,
    phase2: list[bool] | None = None,
    turn_player: int = 0,
) -> NoReturnState:
    """A rigged position after set-up. Counters not placed fill the bag unless `bag` is given
    (then they lie in the lid as payments). The bag's last counter is drawn first; an empty bag
    was emptied by seat 0."""
    columns = columns or [{} for _ in hands]
    used = Multiset(c for part in [*hands, *(cashed or [])] for c in part) + Multiset(bag or [])
    used += Multiset(f"{c}{v}" for seat in columns for c, values in seat.items() for v in values)
    rest = sorted((Multiset(EVERY_ID) - used).elements())
    return NoReturnState.from_position(
        hands=hands,
        columns=columns,
        bag=rest if bag is None else bag,
        paid=[] if bag is None else rest,
        cashed=cashed,
        phase2=phase2,
        turn_player=turn_player,
        end_triggered_by=0 if bag == [] else None,
    )


def play(state: NoReturnState, *actions: str) -> NoReturnState:
    for action in actions:
        state.apply(action)
    return state


def refusal(state: NoReturnState, action: str) -> engine.IllegalAction:
    before = copy.deepcopy(state)
    with pytest.raises(engine.IllegalAction) as caught:
        state.apply(action)
    assert state.view(state.current_player) == before.view(before.current_player)
    assert caught.value.rule in RULE_ANCHORS and not caught.value.message.isascii()
    return caught.value


def finish_setup(state: NoReturnState) -> NoReturnState:
    for _ in range(state.players):
        state.apply("setup:done")
    return state


HAND_A = ["B11", "B9", "B9", "B2", "R2", "G7", "P5", "R8"]
HAND_B = ["Y11", "Y10", "Y9", "K4", "K3", "G1", "P1", "R1"]


# --- components and set-up ---------------------------------------------------------------------


def test_decision_132_counters_six_colours_values_1_to_11_two_copies() -> None:
    assert len(ALL_COUNTERS) == 132
    assert Multiset(ALL_COUNTERS) == Multiset({(c, v): 2 for c in COLOURS for v in range(1, 12)})
    assert [COLOUR_NAMES[c] for c in COLOURS] == ["青", "赤", "緑", "紫", "桃", "黄"]


def test_decision_every_colour_has_its_own_symbol_red_and_pink_differ_without_colour() -> None:
    assert len(set(COLOUR_SYMBOLS.values())) == 6
    red, pink = token_svg("R5"), token_svg("K5")
    shape = re.compile(r'<(?:circle|polygon|rect|path) class="nr-symbol"[^>]*>')
    assert shape.search(red)[0] != shape.search(pink)[0]
    assert "▲" in red and "★" in pink and 'data-counter="R5"' in red


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_draws_a_hand_of_eight(players: int) -> None:
    view = NoReturnState(players, 3).view(None)
    assert [s["hand_count"] for s in view["seats"]] == [8] * players
    assert view["bag"] == 132 - 8 * players and view["stage"] == "setup"


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players_only(players: int) -> None:
    with pytest.raises(engine.BadOption, match="2・3・4人"):
        engine.new_game("no-return", players, 1)


def test_decision_start_player_is_random_from_the_seed_and_can_be_chosen() -> None:
    starts = {NoReturnState(3, seed).current_player for seed in range(30)}
    assert starts == {0, 1, 2}
    for seed in range(5):
        state = NoReturnState(3, seed)
        start = state.current_player
        assert state.view(None)["start_player"] == start
        assert finish_setup(state).current_player == start
    assert NoReturnState(4, 1, {"start_player": 2}).current_player == 2
    with pytest.raises(engine.BadOption, match="スタートプレイヤー"):
        NoReturnState(2, 1, {"start_player": 5})


def test_decision_setup_exchange_once_per_player_in_turn_order_0_to_8() -> None:
    state = NoReturnState(3, 8)
    assert state.current_player == 0 and "setup:done" in state.legal_actions()
    for counter in list(state._hands[0]):
        state.apply(f"setup:pick:{counter_id(counter)}")
    assert not [a for a in state.legal_actions() if a.startswith("setup:pick")]
    play(state, "setup:done")
    assert state.current_player == 1
    play(state, "setup:done", "setup:done")
    assert state.current_player == 0 and "setup:done" not in state.legal_actions()
    assert refusal(state, "setup:done").rule == "setup"


def test_decision_setup_exchange_draws_at_once() -> None:
    state = NoReturnState(2, 4)
    aside = list(state._hands[0][:3])
    play(state, *(f"setup:pick:{counter_id(c)}" for c in aside), "setup:done")
    assert len(state._hands[0]) == 8 and state.view(None)["bag"] == 132 - 16 - 3


def test_decision_setup_exchange_returns_counters_only_after_everyone() -> None:
    state = NoReturnState(3, 6)
    first = state._hands[0][0]
    play(state, f"setup:pick:{counter_id(first)}", "setup:done")
    assert state._aside[0] == [first] and first not in state._bag[-20:] + state._hands[1]
    assert state.view(2)["seats"][0]["aside_count"] == 1
    play(state, "setup:done")
    assert state.view(None)["bag"] == 132 - 24 - 1
    second = state._hands[2][:2]
    play(state, *(f"setup:pick:{counter_id(c)}" for c in second), "setup:done")
    assert state.view(None)["bag"] == 132 - 24 and state._aside == [[], [], []]
    assert Multiset(state._bag)[first] >= 1 and state.view(0)["stage"] == "play"
    assert "脇の3個を袋に戻して" in state.log_lines(1)[-1]


def test_decision_only_the_setup_exchange_returns_counters_to_the_bag() -> None:
    for seed in range(10):
        state = finish_setup(NoReturnState(2 + seed % 3, seed))
        rng, bag = Rng(seed), state.view(None)["bag"]
        for _ in bounded(f"seed {seed}"):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
            assert state.view(None)["bag"] <= bag
            bag = state.view(None)["bag"]


# --- refill --------------------------------------------------------------------------------------


def test_decision_hand_refilled_to_eight_after_spending_as_far_as_the_bag_allows() -> None:
    state = position([HAND_A, HAND_B])
    play(state, "place", "place:pick:B11", "place:pick:B9", "place:done")
    assert len(state._hands[0]) == 8 and state.view(None)["bag"] == 132 - 16 - 2
    short = position([HAND_A, HAND_B], bag=["Y1"])
    play(short, "place", "place:pick:B11", "place:pick:B9", "place:done")
    assert len(short._hands[0]) == 7 and short.view(None)["bag"] == 0


# --- placing ---------------------------------------------------------------------------------


def test_placing_one_colour_per_turn() -> None:
    state = play(position([HAND_A, HAND_B]), "place", "place:pick:B11")
    assert "place:pick:R2" not in state.legal_actions()
    assert "1色" in refusal(state, "place:pick:R2").message


def test_placing_each_colour_has_one_column_extended_at_its_bottom() -> None:
    state = play(position([HAND_A, HAND_B]), "place", "place:pick:B11", "place:done")
    play(state, "exchange", "exchange:pick:Y11", "exchange:done")
    play(state, "place", "place:pick:B9", "place:done")
    assert state.view(1)["seats"][0]["columns"] == {"B": [11, 9]}


def test_placing_a_column_reads_non_increasing_equal_values_and_gaps_allowed() -> None:
    state = position([HAND_A, HAND_B], [{"R": [10, 7], "G": [9, 7]}, {}])
    play(state, "place")
    legal = state.legal_actions()
    assert "place:pick:G7" in legal and "place:pick:R2" in legal
    error = refusal(state, "place:pick:R8")
    assert error.rule == "placing" and "一番下（7）" in error.message


def test_decision_the_chosen_counters_go_under_the_column_highest_first() -> None:
    state = play(position([HAND_A, HAND_B]), "place", "place:pick:B2", "place:pick:B11", "place:pick:B9")
    play(state, "place:done")
    assert state.view(0)["seats"][0]["columns"]["B"] == [11, 9, 2]


def test_placing_needs_at_least_one_counter_and_cancel_goes_back() -> None:
    state = play(position([HAND_A, HAND_B]), "place")
    assert "place:done" not in state.legal_actions()
    assert refusal(state, "place:done").rule == "placing"
    play(state, "place:pick:B9", "cancel")
    assert state.view(0)["selection"] == {
        "mode": "choose",
        "picked": [],
        "picked_sum": 0,
        "column": None,
        "cashing": [],
        "cashing_sum": 0,
    }


def test_place_is_not_offered_when_nothing_fits() -> None:
    state = position(
        [["R9", "R8", "R9", "R8", "G11", "G10", "G11", "G10"], HAND_B], [{"R": [7], "G": [9]}, {}]
    )
    assert "place" not in state.legal_actions()
    assert refusal(state, "place").rule == "placing"


# --- exchange --------------------------------------------------------------------------------


def test_decision_exchange_removes_1_to_4_counters_face_down() -> None:
    state = play(position([HAND_A, HAND_B]), "exchange")
    for counter in HAND_A[:4]:
        state.apply(f"exchange:pick:{counter}")
    assert not [a for a in state.legal_actions() if a.startswith("exchange:pick")]
    assert "4個まで" in refusal(state, "exchange:pick:G7").message
    play(state, "exchange:done")
    assert sorted(state._removed[0]) == sorted([("B", 11), ("B", 9), ("B", 9), ("B", 2)])
    assert state.view(1)["lid"] == {"payments": [], "payment_total": 0, "hidden": 4}
    assert len(state._hands[0]) == 8


def test_decision_exchange_of_zero_is_not_an_action() -> None:
    state = play(position([HAND_A, HAND_B]), "exchange")
    assert "exchange:done" not in state.legal_actions()
    assert refusal(state, "exchange:done").rule == "exchange"


def test_decision_no_exchange_once_the_bag_is_empty() -> None:
    state = position([HAND_A, HAND_B], bag=[])
    assert "exchange" not in state.legal_actions()
    assert "袋が空" in refusal(state, "exchange").message


def test_decision_an_exchange_larger_than_the_bag_draws_what_is_left() -> None:
    state = position([HAND_A, HAND_B], bag=["Y1", "Y2"])
    play(state, "exchange", "exchange:pick:B2", "exchange:pick:R2", "exchange:pick:P5", "exchange:done")
    assert len(state._hands[0]) == 7 and state.view(1)["end_triggered_by"] == 0


# --- phase 2 ---------------------------------------------------------------------------------


CASHER = ["G11", "B3", "B1", "R1", "P2", "K2", "Y4", "Y3"]
CASH_COLUMNS = {"G": [11], "R": [7, 2], "P": [8, 7, 3], "K": [8, 5, 5], "Y": [10, 5, 2, 1, 1]}


def cash_position(**kwargs: object) -> NoReturnState:
    return position([CASHER, HAND_B], [CASH_COLUMNS, {}], phase2=[True, False], **kwargs)


def test_decision_declare_phase_two_at_the_start_of_ones_own_turn_and_cash_at_once() -> None:
    state = position([CASHER, HAND_B], [CASH_COLUMNS, {}])
    assert "declare" in state.legal_actions() and "cash:column:K" not in state.legal_actions()
    assert refusal(state, "cash:column:K").rule == "cashing"
    play(state, "declare")
    assert state.current_player == 0 and state.view(1)["seats"][0]["phase"] == 2
    assert "cash:column:K" in state.legal_actions() and "place" not in state.legal_actions()
    play(state, "cash:column:K", "cash:more", f"cash:pick:{CASHING_PAYMENT}", "cash:done")
    assert state.current_player == 1


def test_decision_declaring_is_only_possible_before_choosing_the_turns_action() -> None:
    state = play(position([HAND_A, HAND_B]), "place")
    assert refusal(state, "declare").rule == "phase-2"


def test_decision_phase_two_has_no_way_back() -> None:
    state = play(cash_position(), "exchange", "exchange:pick:B1", "exchange:done")
    play(state, "exchange", "exchange:pick:Y11", "exchange:done")
    assert "declare" not in state.legal_actions() and "place" not in state.legal_actions()
    assert refusal(state, "place").rule == "phase-2" and refusal(state, "declare").rule == "phase-2"


def test_cashing_goes_from_the_bottom_up_without_skipping() -> None:
    state = play(cash_position(), "cash:column:Y")
    assert state.view(0)["selection"]["cashing"] == ["Y1"]
    play(state, "cash:more", "cash:more")
    assert state.view(0)["selection"]["cashing"] == ["Y1", "Y1", "Y2"]
    assert state.view(0)["selection"]["cashing_sum"] == 4


def test_cashing_pays_with_one_colour_which_may_differ_from_the_column() -> None:
    state = play(cash_position(), "cash:column:K", "cash:more", "cash:pick:G11")
    assert "cash:pick:Y4" not in state.legal_actions()
    assert "1色" in refusal(state, "cash:pick:Y4").message
    play(state, "cash:done")
    view = state.view(1)
    assert view["seats"][0]["columns"]["K"] == [8] and view["seats"][0]["cashed"] == ["K5", "K5"]
    assert view["lid"]["payments"] == ["G11"]


def test_cashing_needs_a_payment_at_least_the_cashed_sum() -> None:
    state = play(cash_position(), "cash:column:Y", "cash:more", "cash:more", "cash:pick:Y3")
    assert "cash:done" not in state.legal_actions()
    assert "足りません" in refusal(state, "cash:done").message
    play(state, "cash:pick:Y4", "cash:done")
    assert state.view(0)["seats"][0]["columns"]["Y"] == [10, 5]


def test_cashing_picks_offer_only_colours_that_can_pay_and_more_only_what_can_be_paid() -> None:
    state = play(cash_position(), "cash:column:K", "cash:more")
    legal = state.legal_actions()
    assert "cash:pick:G11" in legal and "cash:pick:Y4" not in legal and "cash:more" not in legal
    assert refusal(state, "cash:more").rule == "cashing"


def test_a_column_may_be_cashed_over_several_turns() -> None:
    state = play(cash_position(), "cash:column:P", "cash:more", "cash:pick:G11", "cash:done")
    play(state, "exchange", "exchange:pick:Y11", "exchange:done")
    assert "cash:column:P" in state.legal_actions()
    assert state.view(0)["seats"][0]["columns"]["P"] == [8]


def test_decision_overpayment_is_allowed_and_the_excess_is_lost() -> None:
    state = play(cash_position(), "cash:column:Y", "cash:pick:G11", "cash:done")
    assert state.view(1)["seats"][0]["cashed_total"] == 1 and state.view(1)["lid"]["payment_total"] == 11


def test_decision_extra_payment_counters_are_allowed() -> None:
    state = play(cash_position(), "cash:column:Y", "cash:more", "cash:pick:Y4", "cash:pick:Y3", "cash:done")
    assert sorted(state.view(1)["lid"]["payments"]) == ["Y3", "Y4"]


# --- the end ------------------------------------------------------------------------------------


def test_decision_drawing_the_last_counter_part_way_through_a_refill_triggers_the_end() -> None:
    state = position([HAND_A, HAND_B], bag=["Y1", "Y2"])
    play(state, "place", "place:pick:B11", "place:pick:B9", "place:pick:B9", "place:done")
    assert state.view(1)["end_triggered_by"] == 0 and not state.is_over()
    assert "最後のカウンター" in state.log_lines(1)[-1]


def test_decision_the_round_is_completed_so_everyone_has_equal_turns() -> None:
    hands = [HAND_A, HAND_B, ["K11", "K10", "K9", "K8", "P11", "P10", "P9", "P8"]]
    state = position(hands, bag=["Y1"], turn_player=1)
    play(state, "place", "place:pick:Y11", "place:done")
    assert state.current_player == 2 and not state.is_over()
    play(state, "place", "place:pick:K11", "place:done")
    assert state.is_over() and [s["turns"] for s in state.view(None)["seats"]] == [1, 1, 1]
    assert state.log_lines(None)[-1].endswith("ゲーム終了")


def test_decision_game_ends_at_once_when_the_last_seat_draws_the_last_counter() -> None:
    state = position([HAND_A, HAND_B], bag=["Y1"], turn_player=1)
    play(state, "place", "place:pick:Y11", "place:done")
    assert state.is_over() and state.current_player is None and state.legal_actions() == []


def test_decision_passing_in_phase_one_declaring_is_never_forced() -> None:
    """A phase-1 player who can neither place nor exchange may pass, or declare instead."""
    stuck = [{"K": [1]}, {}]
    state = position([["K11"], HAND_B], stuck, bag=[])
    assert state.legal_actions() == ["declare", "pass"]
    play(state, "pass")
    assert state.current_player == 1 and state.view(1)["seats"][0]["phase"] == 1
    assert state.log_lines(1)[-1] == "プレイヤー1: パスした"
    state = position([["K11"], HAND_B], stuck, bag=[])
    play(state, "declare")
    assert state.legal_actions() == ["cash:column:K"]


def test_decision_a_phase_two_player_who_can_neither_cash_nor_exchange_passes() -> None:
    state = position([["R1"], HAND_B], [{"K": [11]}, {}], bag=[], phase2=[True, False])
    assert state.legal_actions() == ["pass"]
    play(state, "pass")
    assert state.current_player == 1


@pytest.mark.parametrize("phase2", [False, True])
def test_decision_no_pass_while_the_phases_action_or_an_exchange_is_possible(phase2: bool) -> None:
    state = position([HAND_A, HAND_B], phase2=[phase2, False], bag=None)
    assert "exchange" in state.legal_actions() and "pass" not in state.legal_actions()
    assert refusal(state, "pass").rule == "pass"
    state = position([HAND_A, HAND_B], [{"B": [11], "R": [8]}, {}], phase2=[phase2, False], bag=[])
    own = "cash:column:R" if phase2 else "place"
    assert own in state.legal_actions() and "exchange" not in state.legal_actions()
    caught = refusal(state, "pass")
    assert caught.rule == "pass" and ("清算" if phase2 else "並べること") in caught.message


# --- score -----------------------------------------------------------------------------------


def test_decision_score_is_cashed_minus_left_in_columns_hand_not_counted() -> None:
    state = play(cash_position(bag=[]), "cash:column:K", "cash:more", "cash:pick:G11", "cash:done")
    play(state, "declare", "pass")
    assert state.is_over()
    mine = state.breakdown()[0]
    assert mine["plus"] == 10 and mine["minus"] == 11 + 9 + 18 + 8 + 19 and mine["total"] == 10 - 65
    assert state.scores() == [10 - 65, 0] and state.winners() == [1]
    assert state.view(1)["result"]["breakdown"][0]["cashed"] == ["K5", "K5"]


def test_decision_tie_goes_to_fewer_minus_points_then_shared() -> None:
    poor = [
        ["B1", "B1", "G1", "G1", "P1", "P1", "K1", "K1"],
        ["Y1", "Y1", "B2", "B2", "G2", "G2", "P2", "P2"],
    ]
    state = position(poor, [{"R": [9]}, {"R": [5]}], bag=[], cashed=[["K10", "K4"], ["K10"]])
    play(state, "declare", "pass", "declare", "pass")
    assert state.is_over() and state.scores() == [5, 5] and state.winners() == [1]
    state = position(poor, [{"R": [9]}, {"R": [9]}], bag=[], cashed=[["K10", "K4"], ["K11", "K3"]])
    play(state, "declare", "pass", "declare", "pass")
    assert state.scores() == [5, 5] and state.winners() == [0, 1]


# --- visibility --------------------------------------------------------------------------------


def test_decision_hands_and_exchanged_counters_are_hidden() -> None:
    state = play(position([HAND_A, HAND_B]), "exchange", "exchange:pick:B11", "exchange:pick:R8")
    assert sorted(state.view(1)["hand"]) == sorted(HAND_B) and state.view(1)["selection"] is None
    assert state.view(0)["seats"][1]["hand_count"] == 8 and state.view(None)["hand"] is None
    play(state, "exchange:done")
    line = state.log_lines(1)[-1]
    assert line == "プレイヤー1: 2個を伏せて上ブタに入れ（交換）、2個引いた"
    assert "青11" in state.log_lines(0)[-1] and not re.search("[青赤緑紫桃黄][0-9]", line)
    html = render(state.view(1), prefix="t")
    seat0 = html[html.index('id="t-seat-0"') : html.index('id="t-controls"')]
    assert "data-counter" not in seat0 and "伏せたカウンター" in seat0


def test_decision_columns_payments_and_cashed_counters_are_public() -> None:
    state = play(cash_position(), "cash:column:R", "cash:more", "cash:pick:G11", "cash:done")
    for viewer in (1, None):
        view = state.view(viewer)
        assert view["lid"]["payments"] == ["G11"] and view["seats"][0]["cashed"] == ["R7", "R2"]
        assert view["seats"][0]["columns"]["K"] == [8, 5, 5]
    assert "赤の列の2・7（計9）を清算し、緑11（計11）で支払い" in state.log_lines(1)[-1]


def test_decision_log_lines_name_to_others_only_counters_played_openly() -> None:
    """Placing and cashing name their counters; draws, exchanges and set-up never do."""
    named = re.compile("[青赤緑紫桃黄][0-9]")
    rng = Rng(8)
    for seed in range(12):
        state = NoReturnState(2 + seed % 3, seed)
        for _ in bounded(f"seed {seed}"):
            if state.is_over():
                break
            legal = state.legal_actions()
            done = [a for a in legal if a.endswith(":done") and a != "setup:done"]
            state.apply(rng.choice(done) if done and rng.below(2) else rng.choice(legal))
        for entry in state.journal:
            public = entry.public
            if "並べ" in public or "清算し" in public:
                public = public.rsplit("、", 1)[1]
            assert not named.search(public), entry.public


def test_decision_setup_exchange_log_hides_the_counters_from_others() -> None:
    state = NoReturnState(2, 9)
    first = counter_id(state._hands[0][0])
    play(state, f"setup:pick:{first}", "setup:done")
    assert state.log_lines(1) == ["プレイヤー1: 準備の交換: 1個を伏せて脇に置き、1個引いた"]
    assert state.log_lines(0)[0].startswith("プレイヤー1: 準備の交換: ")
    assert "1個を" not in state.log_lines(0)[0]


def test_decision_selection_steps_write_no_log_line_and_show_only_to_the_player() -> None:
    state = play(position([HAND_A, HAND_B]), "place", "place:pick:B11", "place:pick:B9")
    assert state.log_lines(0) == [] and state.log_lines(1) == []
    assert state.view(0)["selection"]["picked_sum"] == 20 and state.view(1)["selection"] is None
    assert "選んだもの: 2個" in render(state.view(0))


# --- codec, text and refusals -------------------------------------------------------------------


def test_action_ids_round_trip_and_their_namespaces_are_disjoint() -> None:
    for text, move in ACTIONS.items():
        assert parse_action(text) == move and action_id(*move) == text
    assert parse_action("place:pick:B12") is None and parse_action("place:") is None
    assert parse_action("cash:column:X") is None and parse_action("setup") is None
    stages = {"setup": {"setup"}, "place": {"place", "cancel"}, "exchange": {"exchange", "cancel"}}
    stages |= {"cash": {"cash", "cancel"}}
    rng = Rng(3)
    for seed in range(20):
        state = NoReturnState(2 + seed % 3, seed)
        for _ in bounded(f"seed {seed}"):
            if state.is_over():
                break
            allowed = stages.get(state._stage.value)
            if allowed:
                assert {a.split(":")[0] for a in state.legal_actions()} <= allowed
            state.apply(rng.choice(state.legal_actions()))


def test_every_action_has_its_own_japanese_description() -> None:
    texts = [describe_action(a) for a in ACTIONS]
    assert len(set(texts)) == len(texts) and not any(t.isascii() for t in texts)
    assert describe_action("cash:pick:G11") == "緑11で支払う"


@pytest.mark.host_only  # random games (or every case), one after another: see pyproject.toml
def test_refusals_are_japanese_and_name_the_rule_in_every_situation() -> None:
    rng = Rng(5)
    for seed in range(6):
        state = NoReturnState(2 + seed % 3, seed)
        for _ in bounded(f"seed {seed}"):
            if state.is_over():
                break
            legal = state.legal_actions()
            before = state.view(state.current_player)
            for bad in [rng.choice(list(ACTIONS)), rng.choice(["nonsense", "place:pick:B99", "cash:more"])]:
                if bad not in legal:
                    with pytest.raises(engine.IllegalAction) as caught:
                        state.apply(bad)
                    assert caught.value.rule in RULE_ANCHORS and not caught.value.message.isascii()
            assert state.view(state.current_player) == before
            state.apply(rng.choice(legal))


# --- views ---------------------------------------------------------------------------------------


@pytest.mark.host_only  # random games (or every case), one after another: see pyproject.toml
def test_view_buttons_are_the_legal_actions_and_element_ids_are_unique() -> None:
    rng = Rng(11)
    for seed in range(3):
        state = NoReturnState(2 + seed % 3, seed)
        for _ in bounded(f"seed {seed}"):
            if state.is_over():
                break
            seat = state.current_player
            html = render(state.view(seat), prefix="p")
            buttons = set(re.findall(r'data-action="([^"]+)"', html))
            assert buttons == set(state.legal_actions())
            ids = re.findall(r'\bid="([^"]+)"', html)
            assert len(ids) == len(set(ids)) and all(i.startswith("p-") for i in ids)
            assert status(state.view(seat)) and not status(state.view(seat)).isascii()
            state.apply(rng.choice(state.legal_actions()))
        assert "得点計算" in render(state.view(None)) and "ゲーム終了" in status(state.view(None))


@pytest.mark.host_only  # random games (or every case), one after another: see pyproject.toml
def test_every_button_is_named_by_what_it_shows() -> None:
    """Text buttons by their text, hand counters by the counter; the action's text describes both."""
    rng = Rng(5)
    kinds: set[str] = set()
    for seed in range(3):
        state = NoReturnState(2 + seed, seed)
        for _ in range(100):  # the set-up and several turns of random steps
            if state.is_over():
                break
            html = render(state.view(state.current_player))
            assert misnamed(html) == []
            for button in board_buttons(html):
                action = button.attrs["data-action"] or ""
                assert "aria-label" not in button.attrs and button.attrs["title"] == describe_action(action)
                if ":pick:" in action or ":unpick:" in action:
                    assert button.images == [token_label(action.rsplit(":", 1)[1])]
                kinds.add("counter" if button.images else "text")
            state.apply(rng.choice(state.legal_actions()))
    assert kinds == {"counter", "text"}


def test_decision_cashed_counters_lie_face_down_at_the_table_and_face_up_in_the_sandbox() -> None:
    state = play(cash_position(), "cash:column:K", "cash:more", "cash:pick:G11", "cash:done")
    pile = render(state.view(1)).split('class="nr-cashed"', 1)[1].split("</div>", 1)[0]
    assert "卓では裏向き" in pile and pile.count('data-counter="K5"') == 2


# --- bots ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bot_follows_its_plan_and_beats_randoms(players: int) -> None:
    wins = 0.0
    for seed in range(12):
        state = NoReturnState(players, seed)
        bots = [HeuristicBot(), *[RandomBot()] * (players - 1)]
        rng = Rng(seed)
        for _ in bounded(f"seed {seed}"):
            if state.is_over():
                break
            seat = state.current_player
            view = state.view(seat)
            if seat == 0:
                assert (
                    _step_towards(_plan(view, view["selection"]["mode"]), view["selection"])
                    in view["legal_actions"]
                )
            state.apply(bots[seat].choose(view, rng))
        winners = state.winners()
        wins += 1 / len(winners) if 0 in winners else 0
    assert wins >= 10


def test_the_heuristic_completes_a_choice_it_did_not_start_instead_of_undoing_it() -> None:
    """Handed a selection with a counter it would not have picked first (as the rollout search
    hands it one), the heuristic finishes a move that holds that counter: it never unpicks it."""
    finished = Multiset[str]()
    for seed in range(30):
        state, rng, bot = NoReturnState(2 + seed % 3, seed), Rng(seed), HeuristicBot()
        for _ in bounded(f"seed {seed}"):
            if state.is_over():
                break
            seat = state.current_player
            view = state.view(seat)
            hint = bot.choose(view, rng)
            mode = view["selection"]["mode"]
            foreign = [a for a in view["legal_actions"] if ":pick:" in a and a != hint]
            if not view["selection"]["picked"] and foreign and rng.below(3) == 0:
                counter = foreign[rng.below(len(foreign))].split(":")[2]
                state.apply(f"{mode}:pick:{counter}")
                for _ in bounded(f"seed {seed}: a {mode}"):
                    if state.current_player != seat or state.view(seat)["selection"]["mode"] != mode:
                        break
                    step = bot.choose(state.view(seat), rng)
                    assert step != f"{mode}:unpick:{counter}" and step != "cancel", (mode, counter)
                    state.apply(step)
                finished[mode] += 1
            else:
                state.apply(hint)
    assert set(finished) == {"setup", "place", "exchange", "cash"}, finished


def test_play_games_reports_the_share_for_more_players() -> None:
    from engine.benchmark import play_games

    report = play_games("no-return", 4, players=4)
    # Each game hands out exactly one win: the heuristic's seat and the three random seats.
    total = report["share"]["heuristic"] + 3 * report["share"]["random"]
    assert report["players"] == 4 and report["fair_share"] == 0.25 and abs(total - 1) < 1e-9


# --- worked examples -------------------------------------------------------------------------------


def test_worked_example_placing_lists_four_options_and_refuses_purple_5_and_red_8() -> None:
    state = placing_position()
    play(state, "place")
    picks = {a.split(":")[2] for a in state.legal_actions() if a.startswith("place:pick")}
    assert picks == {"B11", "B9", "B2", "R2", "G7"}
    state = placing_position()
    for counters, claimed in PLACING_OPTIONS:
        assert try_placement(state, counters)[0] is claimed, counters
    assert try_placement(state, ["B11", "B9", "B9", "B2"])[1].endswith("11・9・9・2になる")
    assert try_placement(state, ["R2"])[1].endswith("10・7・2になる")


def test_worked_example_cashing_with_green_11() -> None:
    state = cashing_position()
    results = {
        (colour, count): try_cash(state, colour, count, CASHING_PAYMENT)
        for colour, count, _ in CASHING_OPTIONS
    }
    for colour, count, claimed in CASHING_OPTIONS:
        assert results[colour, count][0] is claimed, (colour, count)
    assert results["K", 2][1] == "残りは8" and results["Y", 4][1] == "残りは10"
    assert results["R", 2][1] == "この列の清算が完了" and results["P", 2][1] == "残りは8"


def test_worked_examples_open_from_a_log_and_every_figure_draws() -> None:
    for name in ("placing-example", "cashing-example"):
        log = {"game": "no-return", "players": 2, "seed": 0, "options": {}, "scenario": name, "actions": []}
        assert engine.load_log(log).current_player == 0
    for name, figure in FIGURES.items():
        html = figure.draw()
        assert "data-action" not in html and html.count("<svg") >= (1 if name == "turn-flow" else 6)


def test_turn_flow_shows_the_declaration_each_phases_action_the_exchange_and_the_refill() -> None:
    flow = FIGURES["turn-flow"].draw()
    assert flow.count('class="rb-flow-box"') == 5
    desc = flow.split("<desc>", 1)[1].split("</desc>", 1)[0]
    steps = ("フェイズ2に移ってもよい", "並べる（フェイズ1）", "清算する（フェイズ2）", "交換", "補充")
    assert [step for step in steps if step not in desc] == []


def test_the_search_counts_a_column_as_cash_to_come_while_the_bag_allows() -> None:
    """`projected_scores`: early on, a column is worth what it will cash; as the bag runs out,
    only what the turns left can cash counts for it; at the end, the score itself."""
    project = engine.find_game("no-return").projected_scores
    state, rng, bot = NoReturnState(2, 1), Rng(1), HeuristicBot()
    for _ in bounded("the game"):
        if any(row["minus"] for row in state.breakdown()):
            break
        state.apply(bot.choose(state.view(state.current_player), rng))
    assert project(state) == [row["plus"] + row["minus"] for row in state.breakdown()]
    projected_less = False
    for _ in bounded("the game"):
        if state.is_over():
            break
        state.apply(bot.choose(state.view(state.current_player), rng))
        for row, projected in zip(state.breakdown(), project(state), strict=True):
            assert row["total"] <= projected <= row["plus"] + row["minus"]
            projected_less = projected_less or projected < row["plus"] + row["minus"]
    assert projected_less
    assert project(state) == state.scores()


def test_the_review_shows_the_other_hand_its_exchange_and_selection_that_the_view_hides() -> None:
    hands = [
        ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"],
        ["R2", "G11", "G10", "G9", "P1", "P2", "K3", "Y4"],
    ]
    state = play(position(hands, turn_player=1), "exchange", "exchange:pick:R2", "exchange:done")
    play(state, "exchange", "exchange:pick:B1", "exchange:done", "place", "place:pick:G11")
    live, review = state.view(0), state.review_view(0)
    assert {key: review[key] for key in live} == live
    revealed = review["revealed"]
    assert revealed["exchanged"] == [["B1"], ["R2"]] and "G11" in revealed["hands"][1]
    assert revealed["selection"]["mode"] == "place" and revealed["selection"]["picked"] == ["G11"]
    assert revealed["hands"][0] == live["hand"]
    html, hidden = render(review, interactive=False), render(live, interactive=False)
    assert 'data-counter="R2"' in html and "振り返りなので表向き" in html and "nr-chosen" in html
    assert 'data-counter="R2"' not in hidden and 'data-counter="G11"' not in hidden

"""One test per Rondo rule and per decision in RULES-NOTES.md, and the board's constraints on its data."""

from __future__ import annotations

import copy
import math
import re
from collections import Counter
from html.parser import HTMLParser

import pytest

import engine
from engine.benchmark import play_games
from engine.games.rondo.board import (
    BY_CENTRE,
    CENTRE_LINKS,
    END,
    GREY,
    HUB,
    INDEX,
    INNER,
    LINKS,
    MIDDLE,
    NEIGHBOURS,
    OUTER,
    SPACES,
    VALUES,
)
from engine.games.rondo.bots import END_WORTH, WORTH_SHARE
from engine.games.rondo.codec import ACTIONS, ALL_CHIPS, COLOUR_SYMBOLS, COLOURS, parse_action
from engine.games.rondo.examples import BRANCHED, FIGURES, branch_position, try_chain
from engine.games.rondo.rules import RULE_ANCHORS, SIDE, RondoState
from engine.games.rondo.view import render, status
from engine.rng import Rng

from .harness import Table, bounded, run_invariants

FILLER = {"G": "h01", "P": "h02", "Y": "i01", "R": "m01", "B": "o01"}
"""A path from the centre holding all five colours: where a test parks the chips it does not need."""


def position(
    racks: list[str],
    board: dict[str, tuple[str, int, bool, int]] | None = None,
    *,
    bag: list[str] | None = None,
    scores: list[int] | None = None,
    turn_player: int = 0,
    start_player: int = 0,
    side: str = "blue",
    triggered_by: int | None = None,
) -> RondoState:
    """A rigged position. Chips not placed fill the bag unless `bag` is given (its last chip is
    drawn first); then they are stacked face up on the FILLER path, which must be free."""
    board = dict(board or {})
    used = Counter("".join(racks)) + Counter(bag or [])
    used += Counter(c for colour, count, _, _ in board.values() for c in colour * count)
    rest = Counter(ALL_CHIPS) - used
    if bag is None:
        bag = sorted(rest.elements())
    else:
        for colour, count in sorted(rest.items()):
            assert FILLER[colour] not in board
            board[FILLER[colour]] = (colour, count, True, 0)
    return RondoState.from_position(
        racks=racks,
        board=board,
        bag=bag,
        scores=scores or [0] * len(racks),
        turn_player=turn_player,
        start_player=start_player,
        side=side,
        triggered_by=triggered_by,
    )


def play(state: RondoState, *actions: str) -> RondoState:
    for action in actions:
        state.apply(action)
    return state


def refusal(state: RondoState, action: str) -> engine.IllegalAction:
    before = copy.deepcopy(state)
    with pytest.raises(engine.IllegalAction) as caught:
        state.apply(action)
    assert state.view(state.current_player) == before.view(before.current_player)
    assert caught.value.rule in RULE_ANCHORS
    return caught.value


def neighbours(space: str) -> set[str]:
    return {SPACES[j].id for j in NEIGHBOURS[INDEX[space]]}


def region(name: str) -> list[str]:
    return [space.id for space in SPACES if space.region == name]


# --- the board's data --------------------------------------------------------------------------------


@pytest.mark.parametrize("ring", [INNER, OUTER])
def test_board_rings_are_closed_cycles_around_the_centre(ring: str) -> None:
    spaces = region(ring)
    radii = {SPACES[INDEX[s]].radius for s in spaces}
    assert len(radii) == 1
    assert all(len(neighbours(s) & set(spaces)) == 2 for s in spaces)
    seen, here = [spaces[0]], spaces[0]
    # walk the ring one way round: it comes back having met every space once
    for _ in bounded("the walk round the ring"):
        here = next(s for s in sorted(neighbours(here) & set(spaces)) if s not in seen[-2:])
        if here == spaces[0]:
            break
        seen.append(here)
    assert sorted(seen) == sorted(spaces)


def test_board_rings_are_concentric_and_joined_by_spokes() -> None:
    inner, outer = SPACES[INDEX["i01"]].radius, SPACES[INDEX["o01"]].radius
    assert 0 < inner < outer
    for space in region(MIDDLE):
        linked = neighbours(space)
        assert len(linked) == 2 and {SPACES[INDEX[s]].region for s in linked} == {INNER, OUTER}
    hubs = region(HUB)
    assert all({SPACES[INDEX[s]].region for s in neighbours(s)} <= {HUB, INNER} for s in hubs)
    assert all(
        neighbours(s) and {SPACES[INDEX[t]].region for t in neighbours(s)} == {OUTER} for s in region(END)
    )


def test_board_size_and_every_space_reachable_from_the_centre() -> None:
    assert 60 <= len(SPACES) <= 80
    assert len(INDEX) == len(SPACES)  # ids are unique
    reached, frontier = set(CENTRE_LINKS), list(CENTRE_LINKS)
    while frontier:
        for other in neighbours(frontier.pop()) - reached:
            reached.add(other)
            frontier.append(other)
    assert reached == set(INDEX)


def test_board_centre_is_not_a_space_and_touches_exactly_four() -> None:
    assert len(set(CENTRE_LINKS)) == 4 and {INDEX[s] for s in CENTRE_LINKS} == BY_CENTRE
    assert all(a in INDEX and b in INDEX for a, b in LINKS)  # no link names the centre
    assert not any(b in neighbours(a) for a in CENTRE_LINKS for b in CENTRE_LINKS)


def test_board_links_are_symmetric_and_simple() -> None:
    pairs = [frozenset(link) for link in LINKS]
    assert len(set(pairs)) == len(pairs) and all(len(p) == 2 for p in pairs)
    assert all(INDEX[a] in NEIGHBOURS[INDEX[b]] and INDEX[b] in NEIGHBOURS[INDEX[a]] for a, b in LINKS)


def test_board_colours_differ_between_neighbours() -> None:
    assert {space.colour for space in SPACES} == set(COLOURS)
    assert all(SPACES[INDEX[a]].colour != SPACES[INDEX[b]].colour for a, b in LINKS)


def test_board_blue_side_has_values_one_to_five_in_every_colour() -> None:
    assert {space.blue for space in SPACES} == {1, 2, 3, 4, 5}
    assert {(space.colour, space.blue) for space in SPACES} == {(c, v) for c in COLOURS for v in range(1, 6)}


def test_board_red_side_is_higher_on_every_space_within_two_to_nine() -> None:
    assert all(space.blue < space.red <= 9 and space.red >= 2 for space in SPACES)


def test_board_grey_marks_mostly_outside_and_never_by_the_centre() -> None:
    grey = [SPACES[i] for i in GREY]
    assert 8 <= len(grey) <= 12
    outside = [space for space in grey if space.region in (OUTER, END)]
    assert 4 * len(outside) >= 3 * len(grey)
    assert not any(INDEX[space.id] in BY_CENTRE for space in grey)
    assert all(space.colour in COLOURS and 1 <= space.blue <= 5 for space in grey)  # a mark, not a colour


def test_board_fits_the_worked_examples() -> None:
    def space(space_id: str) -> tuple[str, int]:
        return SPACES[INDEX[space_id]].colour, SPACES[INDEX[space_id]].blue

    # purple 2 (next to the centre) - blue 1 - yellow 3
    assert "h03" in CENTRE_LINKS and [space(s) for s in ("h03", "h04", "i05")] == [
        ("P", 2),
        ("B", 1),
        ("Y", 3),
    ]
    assert "h04" in neighbours("h03") and "i05" in neighbours("h04")
    # red 2 next to that yellow 3, then purple 1 with a blue (A), a green (B) and the blue 4 (C)
    assert space("m03") == ("R", 2) and "m03" in neighbours("i05")
    assert space("o07") == ("P", 1) and neighbours("o07") == {"m03", "o06", "o08", "e03"}
    assert space("o06")[0] == "B" and space("o08")[0] == "G" and space("e03") == ("B", 4)
    assert "o08" not in neighbours("o06")
    # a yellow 1 next to a green 5
    assert space("i03") == ("Y", 1) and space("m02") == ("G", 5) and "m02" in neighbours("i03")


def test_board_drawing_positions_keep_spaces_apart() -> None:
    points = [
        (s.radius * math.sin(math.radians(s.angle)), -s.radius * math.cos(math.radians(s.angle)))
        for s in SPACES
    ]
    assert min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1 :]) >= 1.1
    assert min(math.hypot(*p) for p in points) >= 1.3  # clear of the centre's disc


# --- set-up ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_two_chips_each_from_a_bag_of_120(players: int) -> None:
    state = RondoState(players, seed=8)
    assert Counter(state.components()) == {c: 24 for c in COLOURS}
    assert state.rack_counts() == [2] * players
    assert state.view(None)["bag"] == 120 - 2 * players and state.scores() == [0] * players
    assert state.view(None)["board"] == {}


def test_decision_start_player_random_unless_chosen() -> None:
    starts = {RondoState(4, seed).current_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert {RondoState(4, seed, {"start_player": 2}).current_player for seed in range(10)} == {2}
    with pytest.raises(engine.BadOption, match="スタートプレイヤー"):
        RondoState(2, 1, {"start_player": 3})


def test_decision_turns_go_clockwise_from_the_start_player() -> None:
    state = RondoState(3, 1, {"start_player": 2})
    order = []
    for _ in range(4):
        order.append(state.current_player)
        state.apply("draw")
    assert order == [2, 0, 1, 2]


# --- placing: the chain --------------------------------------------------------------------------------


def test_decision_first_space_next_to_an_occupied_space_or_the_centre() -> None:
    state = position(["PBY", "G"], {"h03": ("P", 1, True, 1)})
    starts = {a[3:] for a in state.legal_actions() if a.startswith("go:")}
    assert starts == {"h01", "h04", "h05", "h07"}
    error = refusal(state, "go:o07")
    assert error.rule == "placing" and "隣り合っていません" in error.message
    assert "もうチップがあります" in refusal(state, "go:h03").message


def test_decision_face_down_chips_count_as_occupied_whoever_laid_them() -> None:
    state = position(["PBY", "G"], {"h03": ("R", 1, False, 1)})
    assert "go:h04" in state.legal_actions()
    assert "go:h03" not in state.legal_actions()


def test_decision_chain_goes_on_only_next_to_the_space_filled_just_before() -> None:
    state = play(position(["PBYG", "R"]), "go:h03", "up:1")
    assert sorted(state.legal_actions()) == ["end", "go:h04"]
    play(state, "go:h04", "up:1")
    assert sorted(state.legal_actions()) == ["end", "go:i05"]
    play(state, "go:i05", "up:1")
    assert sorted(state.legal_actions()) == ["end", "go:i04", "go:i06", "go:m03"]


def test_decision_no_chain_passes_through_the_centre() -> None:
    state = play(position(["PBYG", "R"]), "go:h03", "up:1")
    error = refusal(state, "go:h05")
    assert error.rule == "placing" and "枝分かれ" in error.message


def test_decision_chain_may_not_branch_jump_revisit_or_top_up() -> None:
    state = branch_position()
    for steps in BRANCHED:  # the second neighbour of purple 1 is refused: it would branch
        legal, reason, _ = try_chain(state, steps)
        assert not legal and "隣ではありません" in reason
    trial = play(state.clone(), "go:m03", "up:1", "go:o07", "up:1")
    assert "go:m03" not in trial.legal_actions()  # no revisit
    assert "もうチップがあります" in refusal(trial, "go:i05").message  # an earlier stack: no top-up
    assert "隣ではありません" in refusal(trial, "go:o05").message  # no jump


def test_decision_touching_other_chips_neither_helps_nor_hurts() -> None:
    earlier = {s: (SPACES[INDEX[s]].colour, 1, True, 1) for s in ("h01", "h02", "i01", "i02", "i03", "i04")}
    state = play(position(["PBYG", "R"], earlier), "go:h03", "up:1")
    assert "隣ではありません" in refusal(state, "go:i05").message  # i05 touches i04, not purple h03
    play(state, "go:h04", "up:1")
    assert "go:i05" in state.legal_actions()  # touching the chips on i04 does no harm either


# --- chips: face up and face down ------------------------------------------------------------------


def test_face_up_any_number_of_the_spaces_colour_scores_value_times_chips() -> None:
    state = play(position(["PPPB", "G"]), "go:h03")  # purple 2
    assert sorted(state.legal_actions()) == ["down:B", "down:P", "up:1", "up:2", "up:3"]
    play(state, "up:3", "end")
    assert state.scores() == [6, 0]
    assert state.view(0)["board"]["h03"] == {"face": "up", "colour": "P", "count": 3}


def test_face_up_only_in_the_spaces_colour() -> None:
    state = play(position(["BBR", "G"]), "go:h03")  # purple: no purple on the rack
    assert sorted(state.legal_actions()) == ["down:B", "down:R"]
    error = refusal(state, "up:1")
    assert error.rule == "chips" and "裏向きでしか" in error.message


def test_decision_face_down_allowed_even_when_the_colour_matches() -> None:
    state = play(position(["PB", "G"]), "go:h03", "down:P", "end")
    assert state.scores() == [0, 0]
    assert state.view(0)["board"]["h03"] == {"face": "down", "by": 0, "colour": "P"}


def test_decision_face_down_anywhere_in_the_chain_even_alone_or_last() -> None:
    state = play(position(["PBR", "G"]), "go:h03", "up:1", "go:h04", "down:R")
    assert state.chain_points() == 2 and "end" in state.legal_actions()
    alone = play(position(["R", "G"]), "go:h03", "down:R")
    assert alone.legal_actions() == ["end"]  # the rack is empty: the chain can only end
    play(alone, "end")
    assert alone.scores() == [0, 0] and alone.current_player == 1


def test_a_chosen_space_must_get_chips_before_anything_else() -> None:
    state = play(position(["PB", "G"]), "go:h03")
    assert refusal(state, "end").rule == "chips"
    assert refusal(state, "go:h04").rule == "chips"
    assert refusal(state, "draw").rule == "drawing"


# --- drawing ------------------------------------------------------------------------------------


def test_placing_then_draws_exactly_one() -> None:
    state = position(["PBY", "G"], bag=[*"BBBBB", "R"])
    play(state, "go:h03", "up:1", "end")
    assert state.view(0)["rack"] == {"P": 0, "G": 0, "B": 1, "R": 1, "Y": 1}
    assert state.view(None)["bag"] == 5


@pytest.mark.parametrize(("rack", "drawn"), [("", 2), ("P", 2), ("PB", 2), ("PBY", 2), ("PBYG", 1)])
def test_decision_drawing_takes_two_or_one_when_holding_four(rack: str, drawn: int) -> None:
    state = position([rack, "G"], bag=[*"BBBBBB"])
    play(state, "draw")
    assert state.rack_counts()[0] == len(rack) + drawn


def test_decision_a_player_holding_five_must_place() -> None:
    state = position(["PBYGR", "G"])
    assert "draw" not in state.legal_actions()
    error = refusal(state, "draw")
    assert error.rule == "drawing" and "5枚" in error.message


def test_decision_no_drawing_instead_of_finishing_a_chain() -> None:
    state = play(position(["PB", "G"]), "go:h03", "up:1")
    assert "draw" not in state.legal_actions()
    assert refusal(state, "draw").rule == "drawing"


def test_decision_pass_only_when_neither_placing_nor_drawing_is_possible() -> None:
    assert "pass" not in position(["PBYGR", "G"]).legal_actions()
    assert refusal(position(["PBYGR", "G"]), "pass").rule == "turn"
    board = {space.id: (space.colour, 1, True, 1) for space in SPACES}
    rest = Counter(ALL_CHIPS) - Counter(space.colour for space in SPACES) - Counter("PBYGRG")
    for colour, count in rest.items():  # stack the rest onto the first space of each colour
        first = next(s.id for s in SPACES if s.colour == colour)
        board[first] = (colour, count + 1, True, 1)
    full = RondoState.from_position(
        racks=["PBYGR", "G"],
        board=board,
        bag=[],
        scores=[0, 0],
        triggered_by=1,
        turn_player=0,
        start_player=1,
    )
    assert full.legal_actions() == ["pass"]
    play(full, "pass")
    assert full.is_over()  # seat 0 sits just before the start player: the round is complete


# --- the end -----------------------------------------------------------------------------------------


def test_decision_a_draw_that_empties_the_bag_triggers_the_end() -> None:
    state = position(["P", "G", "B"], bag=["Y", "R"], start_player=0)
    play(state, "draw")
    assert state.view(None)["ending"] == {"reason": "bag", "by": 0}
    assert "袋が空になった" in state.log_lines(None)[-1]
    play(state, "draw", "draw")
    assert state.is_over() and state.rack_counts() == [3, 1, 1]  # later draws take nothing


def test_decision_a_draw_asking_for_more_than_the_bag_takes_what_is_left() -> None:
    state = position(["P", "G"], bag=["Y"], start_player=1, turn_player=0)
    play(state, "draw")
    assert state.rack_counts() == [2, 1] and state.is_over()  # seat 0 is last in the round: ends at once


def test_decision_drawing_stays_allowed_from_an_empty_bag_below_five() -> None:
    state = position(["PB", "G", "Y"], bag=[], start_player=1, triggered_by=2, turn_player=0)
    assert "draw" in state.legal_actions()
    play(state, "draw")
    assert state.is_over() and state.rack_counts() == [2, 1, 1]
    assert "袋が空なので引かなかった" in state.log_lines(None)[-1]


def test_decision_filling_the_last_grey_space_triggers_the_end_and_the_chain_goes_on() -> None:
    path = ["h01", "h02", "i01", "m01", *(f"o{n:02d}" for n in range(1, 25))]
    board = {space: (COLOURS[k % 5], 1, False, 2) for k, space in enumerate(path)}  # joins all to the centre
    board |= {SPACES[i].id: (SPACES[i].colour, 1, True, 1) for i in GREY if SPACES[i].id != "e01"}
    state = position(["YYR", "G", "B"], board, start_player=0, turn_player=0)
    assert state.view(None)["grey_left"] == 1 and state.view(None)["ending"] is None
    play(state, "go:e01", "up:2")  # the last grey space: yellow 4 at the end of the 12 o'clock spoke
    assert state.view(None)["ending"] == {"reason": "grey", "by": 0} and state.view(None)["grey_left"] == 0
    assert state.legal_actions() == ["end"] and state.scores()[0] == 8  # the turn goes on as usual
    play(state, "end")
    assert "灰色のマスがすべて埋まった" in state.log_lines(None)[-1] and state.rack_counts()[0] == 2
    play(state, "draw")
    assert state.current_player == 2 and not state.is_over()
    play(state, "draw")
    assert state.is_over()


@pytest.mark.parametrize(("trigger", "more_turns"), [(0, 2), (1, 1), (2, 0)])
def test_decision_the_round_is_completed_after_the_trigger(trigger: int, more_turns: int) -> None:
    """Start player 0 of three: play goes on until seat 2 has had its turn."""
    state = position(["P", "G", "B"], bag=["Y", "R", "B", "G", "P", "Y"][: 2 * trigger + 2], turn_player=0)
    for _ in range(trigger):
        play(state, "draw")
    assert state.view(None)["ending"] is None
    play(state, "draw")
    assert state.view(None)["ending"] == {"reason": "bag", "by": trigger}
    for _ in range(more_turns):
        assert not state.is_over()
        play(state, "draw")
    assert state.is_over() and state.current_player is None and state.legal_actions() == []


def test_decision_most_points_win_then_most_chips_on_the_rack_then_shared() -> None:
    def ended(racks: list[str], scores: list[int]) -> RondoState:
        return position(racks, bag=[], scores=scores, triggered_by=0, start_player=1, turn_player=0)

    assert play(ended(["P", "GG", "B"], [9, 10, 10]), "draw").winners() == [1]
    assert play(ended(["P", "GG", "BB"], [9, 10, 10]), "draw").winners() == [1, 2]
    assert play(ended(["PPP", "GG", "B"], [12, 10, 10]), "draw").winners() == [0]


def test_each_side_of_the_option_has_its_values() -> None:
    assert {value for value, _ in SIDE.choices} == set(VALUES) == {"blue", "red"} and SIDE.default == "blue"


def test_red_side_scores_the_red_values() -> None:
    state = play(position(["PP", "G"], side="red"), "go:h03", "up:2", "end")
    assert state.scores() == [2 * SPACES[INDEX["h03"]].red, 0]


# --- visibility --------------------------------------------------------------------------------------


def test_decision_rack_colours_hidden_counts_public() -> None:
    state = position(["PBY", "GG"])
    assert state.view(1)["rack"] == {"P": 0, "G": 2, "B": 0, "R": 0, "Y": 0}
    assert state.view(1)["seats"][0]["rack_count"] == 3 and state.view(None)["rack"] is None
    html = render(state.view(1), interactive=False)
    assert 'aria-label="紫◆"' not in html and "手元のチップ3枚（色は見えない）" in html


def test_decision_face_down_colour_known_only_to_the_seat_that_laid_it() -> None:
    state = play(position(["RB", "GG", "P"], bag=[*"YYYYY", "G"]), "go:h03", "down:R", "end")
    assert state.view(0)["board"]["h03"]["colour"] == "R"
    for seat in (1, 2, None):
        assert state.view(seat)["board"]["h03"] == {"face": "down", "by": 0, "colour": None}
        assert "赤" not in state.log_lines(seat)[-1] and "緑" not in state.log_lines(seat)[-1]
    assert "赤▲を1枚裏向き" in state.log_lines(0)[-1] and "1枚（緑■）引いた" in state.log_lines(0)[-1]
    assert 'class="rd-known' not in render(state.view(1), interactive=False)
    assert 'class="rd-known rd-c-R"' in render(state.view(0), interactive=False)


def test_resampling_keeps_what_the_seat_knows() -> None:
    state = play(position(["RB", "GG", "P"]), "go:h03", "down:R", "end", "go:h04", "down:G", "end")
    twin = state.resample_hidden(0, Rng(5))
    assert twin.view(0) == state.view(0)
    assert twin._board[INDEX["h03"]] == state._board[INDEX["h03"]]  # its own face-down red stays red
    colours = {state.resample_hidden(0, Rng(k))._board[INDEX["h04"]][0] for k in range(30)}
    assert len(colours) > 1  # another seat's face-down chip may have been any colour


# --- ids, messages and the page's words ----------------------------------------------------------------


def test_action_ids_round_trip_in_disjoint_namespaces() -> None:
    kinds = Counter(move.kind for move in ACTIONS.values())
    assert kinds == {"go": len(SPACES), "up": 5, "down": 5, "draw": 1, "end": 1, "pass": 1}
    assert all(parse_action(text) == move for text, move in ACTIONS.items())
    assert (
        parse_action("go:centre") is None and parse_action("up:0") is None and parse_action("down:X") is None
    )


def test_every_refusal_is_japanese_and_names_a_rule_of_the_page() -> None:
    state = position(["PB", "G"])
    for action in ["up:1", "down:P", "end", "pass", "go:o07", "nonsense"]:
        error = refusal(state, action)
        assert not error.message.isascii()


def test_buttons_carry_their_visible_text_and_colour_symbols() -> None:
    state = play(position(["PPB", "G"]), "go:h03")
    html = render(state.view(0))
    buttons = re.findall(r'<button type="button" data-action="([^"]+)">(.*?)</button>', html)
    assert {action: re.sub(r"<[^>]+>", "", inner) for action, inner in buttons} == {
        "up:1": "紫◆を1枚 表向き（2点）",
        "up:2": "紫◆を2枚 表向き（4点）",
        "down:P": "紫◆を1枚 裏向き（0点）",
        "down:B": "青●を1枚 裏向き（0点）",
    }
    assert set(COLOUR_SYMBOLS.values()) == {"◆", "■", "●", "▲", "✚"}


def test_space_buttons_name_the_space_and_the_chain_points_show() -> None:
    state = play(position(["PBY", "G"]), "go:h03", "up:1")
    html = render(state.view(0))
    assert (
        'data-action="go:h04" style="left:' in html
        and 'aria-label="青●1のマス（中央路4）に続けて置く"' in html
    )
    assert "計2点" in html and "計2点" in render(state.view(1))  # everyone watches the chain
    assert status(state.view(1)) == "プレイヤー1の手番です（この手番 2点）。"


def test_figures_draw_the_examples() -> None:
    assert {
        "turn-flow",
        "board-blue",
        "board-red",
        "chain-example",
        "branch-example",
        "bridge-example",
    } <= set(FIGURES)
    branch = FIGURES["branch-example"].draw()
    assert branch.count("できない") == 2 and "7点" in branch


# --- bots --------------------------------------------------------------------------------------------


@pytest.mark.host_only
@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_beats_random_clearly(players: int) -> None:
    report = play_games("rondo", 40, players=players)
    assert report["share"]["heuristic"] > 0.8


@pytest.mark.host_only  # random games (or every case), one after another: see pyproject.toml
def test_red_side_keeps_the_contract() -> None:
    """The shared suite plays the default (blue) side; the red side differs only in its values."""
    table = Table(engine.find_game("rondo"), 3, {"side": "red"})
    assert run_invariants(table, 40) == 40


def test_describe_names_every_legal_action_in_japanese() -> None:
    state, rng = RondoState(3, 4), Rng(4)
    seen = set()
    for _ in bounded("the game"):
        if state.is_over():
            break
        for action in state.legal_actions():
            text = state.describe(action)
            assert text and not text.isascii() and "という手はありません" not in text
            seen.add(action.split(":")[0])
        state.apply(rng.choice(state.legal_actions()))
    assert seen >= {"draw", "go", "up", "down", "end"}
    assert "という手はありません" in state.describe("nonsense")


class _Nesting(HTMLParser):
    """Checks that every element the view opens is closed in order (void elements aside)."""

    VOID = frozenset({"br", "img", "input", "meta", "link", "hr"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass  # <circle/> and the like

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open.pop() == tag, f"</{tag}> closes something else"


def test_views_are_well_nested_html() -> None:
    state, rng = RondoState(4, 9), Rng(9)
    for _ in bounded("the game"):
        if state.is_over():
            break
        for seat in (state.current_player, None) if len(state.history) % 5 == 0 else ():
            checker = _Nesting()
            checker.feed(render(state.view(seat)))
            assert checker.open == []
        state.apply(rng.choice(state.legal_actions()))
    checker = _Nesting()
    checker.feed(render(state.view(0)))
    assert checker.open == [] and "rd-result" in render(state.view(0))


def test_the_search_values_a_chip_on_a_rack_as_the_heuristic_does() -> None:
    """`projected_scores`: points plus each chip held at the heuristic's worth, which falls to
    END_WORTH once the bag is nearly empty (a chip then only breaks a tie)."""
    project = engine.find_game("rondo").projected_scores
    worth = WORTH_SHARE * sum(VALUES["blue"]) / len(VALUES["blue"])
    early = position(["PBY", "PP"], scores=[10, 12])
    assert project(early) == pytest.approx([10 + 3 * worth, 12 + 2 * worth])
    late = position(["PBY", "PP"], bag=["P", "B"], scores=[10, 12])
    assert project(late) == pytest.approx([10 + 3 * END_WORTH, 12 + 2 * END_WORTH])


def test_the_review_shows_the_other_rack_and_face_down_colours_that_the_view_hides() -> None:
    state = RondoState(2, seed=3, options={"start_player": 0})
    state.apply("draw")
    rack = state.view(1)["rack"]
    colour = next(c for c in COLOURS if rack[c])
    first = next(a for a in state.legal_actions() if a.startswith("go:"))
    for action in (first, f"down:{colour}", "end"):
        state.apply(action)
    space = first[3:]
    live, review = state.view(0), state.review_view(0)
    assert {key: review[key] for key in live} == live
    assert live["board"][space]["colour"] is None and review["revealed"]["downs"] == {space: colour}
    assert review["revealed"]["racks"][1] == state.view(1)["rack"]
    html, hidden = render(review, interactive=False), render(live, interactive=False)
    assert "振り返りなので表向き" in html and 'id="rd-s1-rack-' in html and 'id="rd-s1-rack-' not in hidden
    assert f"rd-known rd-c-{colour}" in html and "rd-known" not in hidden

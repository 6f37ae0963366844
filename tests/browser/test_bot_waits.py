"""The reader never waits long for つよい: several hands of The Bottle Imp's default game in Chromium.

Issue 38: at the start of a later hand of the default game (2 players, 500 points, つよい
opposite), choosing the passing cards kept the sandbox at 考え中 for 9 s to over 100 s. The
search's cap (engine.bots.levels.SAFETY_SECONDS) now bounds a bot's whole move; here each wait
the reader sees, from the frame that shows つよい to move to the frame that shows its move done
(build_tools.bench_waits, which measures the same in every browser), must stay within the cap
and a margin for the frames around it. The reader's own moves are the heuristic's.
"""

from __future__ import annotations

from build_tools.bench_waits import RECORD_FRAMES, STOP_RECORDING, bot_waits
from engine.bots.levels import SAFETY_SECONDS
from engine.registry import find_game
from engine.rng import Rng
from tests.browser.conftest import WarmSite
from tests.browser.helpers import click_action, new_log, next_step, open_shared, true_state

GAME = "bottle-imp"
HANDS = 3
MARGIN_S = 3.0
"""What a bot's move may add to its search's cap: the frames of its steps, the log replayed at
each step, the page drawing them (more on a machine running the other test suites)."""
MAX_MOVES = 400


def test_no_wait_for_the_strong_bot_outlasts_its_cap_over_several_hands(warm: WarmSite) -> None:
    game = find_game(GAME)
    page = warm.show(GAME)
    page.evaluate(RECORD_FRAMES)
    try:
        open_shared(page, {"log": new_log(GAME, 2, 38, {}), "seats": ["human", "bot:strong"]})
        reader, rng = game.bots["heuristic"](), Rng(38)
        for _ in range(MAX_MOVES):
            state = true_state(page, GAME)
            view = state.view(0)
            if state.is_over() or view["hand_no"] > HANDS:
                break
            assert next_step(page) == "human"
            click_action(page, reader.choose(view, rng))
        else:
            raise AssertionError(f"{HANDS} hands not played in {MAX_MOVES} of the reader's moves")
        frames = page.evaluate("() => window.__rbFrames")
    finally:
        page.evaluate(STOP_RECORDING)
    waits = bot_waits(frames, humans=frozenset({"0"}))
    assert len(waits) > 30, f"only {len(waits)} moves of つよい were seen"
    longest = max(waits, key=lambda wait: wait.seconds)
    assert longest.seconds <= SAFETY_SECONDS + MARGIN_S, f"the reader waited {longest}"

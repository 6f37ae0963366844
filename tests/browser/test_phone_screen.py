"""A game on a phone is one screen: at each of the reader's decisions every legal choice, every
piece of the reader's hand, the status line and a hint's mark are on screen and uncovered, with no
scrolling (build_tools/phone.py says how that is seen), and the reader plays by tapping the pieces.

Chromium contexts with a phone's viewport, `is_mobile` and `has_touch`; every press a `tap`.
Every game at every player count (the shorter option where a game has one: `option_samples[0]`),
in two parts that between them meet every kind of decision a game has: the first FIRST decisions
of a game from its start, then its last LAST decisions to its end (a game played on by the
heuristic, opened from a share link); the two parts at the two phone sizes, swapped from one
player count to the next, so each size sees every game's start and end. At the first decision a
ヒント is asked and its mark on the piece must be in view. The reader taps a random legal piece.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

from build_tools.phone import PHONES, UNSEEN, Decision, play_by_taps, reader_seats
from engine.registry import games
from tests.browser.conftest import WarmSite
from tests.browser.helpers import SANDBOX, frames, near_the_end, new_log, share_fragment, wait_settled

FIRST = 20
LAST = 10
CASES = [
    pytest.param(game_id, players, part, PHONES[(k + (part == "end")) % 2], id=f"{game_id}-{players}p-{part}")
    for game_id, game in sorted(games().items())
    for k, players in enumerate(game.info.players)
    for part in ("start", "end")
]


@pytest.fixture(scope="module")
def phones(browser: Browser, http_server: str) -> Iterator[dict[tuple[int, int], WarmSite]]:
    """One warm phone per size: its Python stays booted from game to game."""
    touch = {"is_mobile": True, "has_touch": True}
    sites = {
        size: WarmSite(browser, http_server, viewport={"width": size[0], "height": size[1]}, **touch)
        for size in PHONES
    }
    yield sites
    for site in sites.values():
        site.context.close()


def open_on_phone(site: WarmSite, log: dict[str, Any]) -> None:
    """The game of `log` in the sandbox, opened over the rules by a tap on 「遊ぶ」."""
    page = site.show(log["game"])
    before = frames(page)
    seats = reader_seats(log["game"], log["players"])
    page.evaluate("f => { location.hash = f }", share_fragment({"log": log, "seats": seats}))
    wait_settled(page, after=before)
    if page.get_attribute("html", "data-rb-panel") != "open":
        page.locator(".rb-play-fab").tap()
        page.wait_for_function("document.documentElement.dataset.rbPanel === 'open'")


def ask_hint(decision: Decision, page: Any) -> None:
    """ヒント at this decision: its mark must be on a piece in view (then the box is closed)."""
    page.locator(f"{SANDBOX} .rb-hint-button").tap()
    page.wait_for_function("!document.querySelector('.rb-sandbox .rb-hint-button').disabled", polling=100)
    decision.problems += [problem for problem in page.evaluate(UNSEEN) if problem.startswith("hint")]
    page.locator(f"{SANDBOX} .rb-hint-dismiss").tap()


@pytest.mark.parametrize(("game_id", "players", "part", "size"), CASES)
def test_every_decision_fits_a_phone_screen(
    phones: dict[tuple[int, int], WarmSite], game_id: str, players: int, part: str, size: tuple[int, int]
) -> None:
    site = phones[size]
    site.guard.reset()
    options = games()[game_id].option_samples[0]
    log = new_log(game_id, players, 11 + players, options)
    if part == "end":
        log = near_the_end(log, LAST)
    open_on_phone(site, log)
    page = site.page
    seen: list[Decision] = []
    for decision in play_by_taps(page, seed=players, max_decisions=FIRST if part == "start" else 10_000):
        if not seen and part == "start":
            ask_hint(decision, page)
        seen.append(decision)
    unseen = [f"{d.number} {d.kind}: {'; '.join(d.problems)}" for d in seen if d.problems]
    assert seen, "the reader never had a decision"
    assert not unseen, f"{game_id} at {players}, {size[0]}×{size[1]}:\n" + "\n".join(unseen)
    if part == "end":
        assert page.get_attribute(SANDBOX, "data-rb-next") == "over", "the game did not end"
    site.guard.check()

"""A game on a phone is one screen: at each of the reader's decisions every legal choice, every piece
of the reader's hand, every other seat's head line (what a player glances at), the status line and
a hint's mark are on screen and uncovered, with no scrolling (build_tools/phone.py says how that is
seen), and the reader plays by tapping the pieces.

One Chromium context per test worker with a phone's viewport, `is_mobile` and `has_touch`, its
Python kept booted from case to case, resized to each case's size as a phone turned on its side is
resized (the page lays itself out again, as it must for a reader who turns the phone); every press
a `tap`.
Every game at every player count (the shorter option where a game has one: `option_samples[0]`),
in two parts that between them meet every kind of decision a game has: the first FIRST decisions
of a game from its start, then its last LAST decisions to its end (a game played on by the
heuristic, opened from a share link); the two parts at the two phone sizes, swapped from one
player count to the next, so each size sees every game's start and end. At the first decision a
ヒント is asked: with its details open, its mark on the piece must be in view, and every legal
choice, every piece of the hand and the part of the table the decision is about stay uncovered;
then 記録 and 得点表 (where shown) are opened and closed over the table, which stays where it was.
The reader taps a random legal piece at the start; in the last part, the piece the game's heuristic
would choose from the reader's seat (as it chose before that part), so that the game ends within
about LAST decisions: random taps picked and unpicked No Return's counters for 86 decisions.

At each of the reader's decisions of these upright cases, the board must also be exactly what the
engine renders for seat 0's view of the true state (the game the worker saved, replayed on the
host, once a decision: TrueGame): the engine's leak tests prove that view reveals nothing hidden,
so the DOM reveals nothing either. The board's buttons must be the legal actions, the move log what
that seat may read, and the share link's seed kept; at a game's end, the board the engine's final
view and the seed shown. This walk is where a game is played through the board: every game at
every count, from its start and to its end (the middle of a game is the same boards again). The
board is the engine's HTML at every width but for the marks screen.js adds narrow, which the
comparison takes away; test_games.py compares each worked example's board at 1280 px.

FIRST is the smallest start that meets every kind: played this way, each kind of decision a game
has first came within its first 14 decisions at one count or another (the latest, The Bottle
Imp's passing back the Imp at 4 players and No Return's exchange at 4, at the 14th), or in the
last part (Herrlof's burying and giving, No Return's cashing in).

A phone on its side (740 × 360: the table and the reader's seat in two columns, sandbox.css), a
sample: every game at its fewest and at its fullest player count, its first SIDEWAYS_FIRST
decisions (the lower of the two phones turned; the fewest count deals card games their largest
hands, the fullest draws the most other seats and the setup of them all). They replay the upright
start's own positions (the same log, the same taps), whose boards are checked there. The two
columns are one layout for every game and decision, which the start's decisions put to the test;
the guest's case below adds Rondo at 844 × 390.

振り返り on a phone is a layer over the table, not a longer page: its controls and the moments it
finds on screen and uncovered, its board stepped by taps, and closed (Escape, or its button) on the
table as it was: the same board at the same scroll.

A table guest's phone (みんなのスマホで遊ぶ) holds the same at 360 × 740, every game at its fewest
players, over its first GUEST_DECISIONS decisions, and Rondo's on its side (844 × 390); its first
notice, over the panel's bar, goes at a tap. A fresh host page and guest page each case, in one
context per worker (the first host boots Python, the others restore its snapshot).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import engine
from build_tools.phone import ON_ITS_SIDE, PHONES, QUIET, UNSEEN, Decision, play_by_taps, reader_seats
from engine.core import State
from engine.registry import find_game, games
from engine.rng import Rng
from tests.browser.conftest import WarmSite, guarded_context
from tests.browser.helpers import (
    BOARD,
    BOARD_DIFFERENCE,
    SANDBOX,
    board_mismatch,
    move_lines,
    near_the_end,
    new_log,
    open_shared,
    saved,
    share_fragment,
    true_state,
    wait_settled,
)
from tests.browser.table import TRANSPORT, answer, connected, invite, paste
from tests.browser.test_advice import UNCOVERED
from tests.conftest import Guard

FIRST = 14
LAST = 10
SIDEWAYS = ON_ITS_SIDE[0]
SIDEWAYS_FIRST = 8
CASES = [
    pytest.param(game_id, players, part, PHONES[(k + (part == "end")) % 2], id=f"{game_id}-{players}p-{part}")
    for game_id, game in sorted(games().items())
    for k, players in enumerate(game.info.players)
    for part in ("start", "end")
] + [
    pytest.param(game_id, players, part, size, id=f"{game_id}-{players}p-{part}-{size[0]}x{size[1]}")
    for game_id, game in sorted(games().items())
    for players, part, size in sorted(
        {(count, "start", SIDEWAYS) for count in (game.info.players[0], game.info.players[-1])}
    )
]


@pytest.fixture(scope="module")
def phone(browser: Browser, http_server: str) -> Iterator[WarmSite]:
    """One warm phone (a phone's touch and viewport), its Python booted from game to game and case
    to case; each case sizes it to its own screen (`at_size`)."""
    upright = {"width": PHONES[0][0], "height": PHONES[0][1]}
    site = WarmSite(browser, http_server, viewport=upright, is_mobile=True, has_touch=True)
    yield site
    site.context.close()


def at_size(site: WarmSite, size: tuple[int, int]) -> WarmSite:
    """The phone resized to `size`: a phone turned on its side is resized, as a page sees it, and
    the page lays itself out again (layout.js, screen.js, the container queries)."""
    site.page.set_viewport_size({"width": size[0], "height": size[1]})
    return site


def open_on_phone(site: WarmSite, log: dict[str, Any]) -> None:
    """The game of `log` in the sandbox, opened over the rules by a tap on 「遊ぶ」, which puts the
    status line under the panel's bar (a panel the case before left open is closed first: at the
    end of a game it lay at its top, the toolbar in view and the reader's seat over the seats)."""
    page = site.show(log["game"])
    if page.get_attribute("html", "data-rb-panel") == "open":
        page.locator(".rb-panel-back").tap()
        page.wait_for_function("document.documentElement.dataset.rbPanel !== 'open'")
    open_shared(page, {"log": log, "seats": reader_seats(log["game"], log["players"])})
    page.locator(".rb-play-fab").tap()
    page.wait_for_function("document.documentElement.dataset.rbPanel === 'open'")


# The lines of ヒント's open details that its bottom edge cuts (the details scroll within
# themselves: a reader sees whole lines, the next one under the edge).
CUT_LINES = """() => {
  const sheet = document.querySelector(".rb-sandbox .rb-hint:not([hidden])");
  const box = sheet.getBoundingClientRect();
  const edge = box.bottom - parseFloat(getComputedStyle(sheet).borderBottomWidth);
  const range = document.createRange();
  const texts = document.createTreeWalker(sheet, NodeFilter.SHOW_TEXT);
  const cut = [];
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    range.selectNodeContents(text);
    const across = (line) => line.top < edge - 1 && line.bottom > edge + 1;
    if ([...range.getClientRects()].some(across)) cut.push(text.textContent.trim());
  }
  return cut;
}"""


def ask_hint(decision: Decision, page: Any) -> None:
    """ヒント at this decision: with its details open, its mark on a piece in view, every legal
    choice and piece of the hand still seen and the part of the table the decision is about
    uncovered (build_tools/phone.py UNSEEN), and no line of the details cut at their bottom edge;
    then the details are closed."""
    page.locator(f"{SANDBOX} .rb-hint-button").tap()
    page.wait_for_function("!document.querySelector('.rb-sandbox .rb-hint-button').disabled", polling=100)
    decision.problems += [f"ヒント open: {problem}" for problem in page.evaluate(UNSEEN, True)]
    decision.problems += [
        f"ヒント's line cut at its bottom edge: {line}" for line in page.evaluate(CUT_LINES)
    ]
    page.locator(f"{SANDBOX} .rb-hint-dismiss").tap()


TABLE = """() => {
  const panel = document.querySelector(".rb-panel--open");
  const board = document.querySelector(".rb-sandbox .rb-board");
  return { scroll: panel && Math.round(panel.scrollTop), board: board.innerHTML };
}"""
"""The table as the reader left it: the panel's scroll and the board drawn."""
LAYER_BUTTONS = ".rb-panel-bar .rb-layer-button"
LAYER = "() => document.querySelector('.rb-sandbox').dataset.rbLayer ?? null"
LAYERS = {"log": f"{SANDBOX} .rb-moves", "sheet": f"{SANDBOX} .rb-board .rb-scores"}
"""What each layer the bar's buttons open shows over the table, by its name (screen.js)."""
# Whether the layer `selector` is shown over the table: there, on screen, and topmost at its top.
LAYER_SHOWN = """selector => {
  const layer = document.querySelector(selector);
  if (!layer || !layer.checkVisibility()) return false;
  const box = layer.getBoundingClientRect();
  const [x, y] = [box.left + box.width / 2, box.top + Math.min(box.height / 2, 20)];
  return box.height > 0 && box.top >= 0 && y < innerHeight && layer.contains(document.elementFromPoint(x, y));
}"""


def open_and_close_the_layers(decision: Decision, page: Page) -> None:
    """記録, and 得点表 where the board keeps a running score sheet: each opened by a tap in the
    panel's bar, shown over the table, and closed by another, the table where it was all along (the
    same scroll, and closed the same board: a tap's focus on the bar's button scrolled the panel to
    its top, the other seats' head lines under the reader's seat from then on). A button shown
    opens something (得点表 showed before any score sheet, and opened nothing)."""
    table = page.evaluate(TABLE)
    buttons = page.locator(LAYER_BUTTONS)
    for index in range(buttons.count()):
        button = buttons.nth(index)
        if not button.is_visible():
            continue
        name = button.inner_text()
        button.tap()
        page.wait_for_function(f"({LAYER})() !== null")
        if page.evaluate(TABLE)["scroll"] != table["scroll"]:
            decision.problems.append(f"「{name}」 opened scrolled the table")
        if not page.evaluate(LAYER_SHOWN, LAYERS[page.evaluate(LAYER)]):
            decision.problems.append(f"「{name}」 opened shows nothing over the table")
        button.tap()
        page.wait_for_function(f"({LAYER})() === null")
        if page.evaluate(TABLE) != table:
            decision.problems.append(f"「{name}」 opened and closed left the table moved")


# At one of the reader's decisions, in one look: where the board differs from the engine's `html`
# (BOARD_DIFFERENCE), the actions of the board's enabled buttons, and the move log's lines as the
# page shows them.
AS_SHOWN = f"""([selector, html]) => ({{
  difference: ({BOARD_DIFFERENCE})([selector, html]),
  buttons: [...document.querySelectorAll(`${{selector}} button[data-action]:not(:disabled)`)]
    .map((button) => button.dataset.action),
  lines: [...document.querySelectorAll(".rb-sandbox .rb-log li")].map((line) => line.innerText),
}})"""


class TrueGame:
    """The game behind the phone's board: at each of the reader's decisions the game the worker
    saved, replayed on the host once (`state`, which the heuristic's plan reads too), and the
    board checked against it (the module's docstring says what that proves)."""

    def __init__(self, game_id: str, seed: int) -> None:
        self.game = find_game(game_id)
        self.seed = seed
        self.state: State | None = None

    def check(self, page: Page, decision: Decision) -> None:
        """At a decision of the reader's (play_by_taps' `at_decision`): the seed of the share link
        kept, seat 0 to move, the board exactly the engine's render of its view, the buttons the
        legal actions, the move log what it may read."""
        log = saved(page, self.game.id)["log"]
        assert log["seed"] == self.seed, f"the share link's seed {self.seed} became {log['seed']}"
        self.state = state = engine.load_log(log)
        at = f"{self.game.id}, the reader's decision {decision.number} ({decision.kind})"
        assert state.current_player == 0 and not state.is_over(), f"{at}: not seat 0's turn"
        shown = page.evaluate(AS_SHOWN, [BOARD, self.game.render(state.view(0), interactive=True)])
        assert shown["difference"] is None, f"{at}: the board is not seat 0's view\n{shown['difference']}"
        assert set(shown["buttons"]) == set(state.legal_actions()), (
            f"{at}: the buttons are not the legal actions"
        )
        assert shown["lines"] == state.log_lines(0), f"{at}: the move log is not seat 0's"

    def check_end(self, page: Page) -> None:
        """Once the game is over: the board the engine's final render of seat 0's view, without a
        button, the whole move log seat 0 may read, and the seed shown."""
        state = true_state(page, self.game.id)
        assert state.is_over(), "the page says over, the true game does not"
        assert board_mismatch(page, self.game.render(state.view(0), interactive=False)) is None
        assert move_lines(page) == state.log_lines(0)
        expect(page.locator(f"{SANDBOX} .rb-seed")).to_have_text(f"シード: {self.seed}")


def the_heuristics_plan(true: TrueGame) -> Callable[[], str | None]:
    """What the game's heuristic would play from the reader's seat now (from what that seat sees,
    as every bot), read from the decision's true state: a plan for play_by_taps."""
    bot, rng = true.game.bots["heuristic"](), Rng(5)

    def choose() -> str | None:
        assert true.state is not None, "no true state at this decision"
        return bot.choose(true.state.view(0), rng)

    return choose


@pytest.mark.parametrize(("game_id", "players", "part", "size"), CASES)
def test_every_decision_fits_a_phone_screen(
    phone: WarmSite, game_id: str, players: int, part: str, size: tuple[int, int]
) -> None:
    site = at_size(phone, size)
    site.guard.reset()
    seed = 11 + players
    log = new_log(game_id, players, seed, games()[game_id].option_samples[0])
    if part == "end":
        log = near_the_end(log, LAST)
    open_on_phone(site, log)
    page = site.page
    seen: list[Decision] = []
    true = TrueGame(game_id, seed) if size != SIDEWAYS else None
    check = true.check if true else None
    if part == "start":
        first = SIDEWAYS_FIRST if size == SIDEWAYS else FIRST
        decisions = play_by_taps(page, seed=players, max_decisions=first, at_decision=check)
    else:
        assert true
        decisions = play_by_taps(page, seed=players, choose=the_heuristics_plan(true), at_decision=check)
    for decision in decisions:
        if not seen and part == "start":
            ask_hint(decision, page)
            open_and_close_the_layers(decision, page)
        seen.append(decision)
    unseen = [f"{d.number} {d.kind}: {'; '.join(d.problems)}" for d in seen if d.problems]
    assert seen, "the reader never had a decision"
    assert not unseen, f"{game_id} at {players}, {size[0]}×{size[1]}:\n" + "\n".join(unseen)
    over = page.get_attribute(SANDBOX, "data-rb-next") == "over"
    if part == "end":
        assert over, "the game did not end"
    if over and true:
        true.check_end(page)
    site.guard.check()


REVIEW = f"{SANDBOX} .rb-review:not(.rb-review-found)"


def review_controls_seen(page: Page) -> list[str]:
    """The review's controls not on screen or covered (its steps, its close, the first moment and,
    opened, that moment's replays)."""
    review = f"{REVIEW}:not([hidden])"
    controls = [f"{review} .rb-review-close"] + [
        f"{review} .rb-review-steps .md-button:nth-of-type({n})" for n in (1, 2, 3, 4)
    ]
    page.wait_for_selector(f"{SANDBOX} .rb-review-found:not([hidden]) h4", timeout=180_000)
    unseen = [selector for selector in controls if not page.evaluate(UNCOVERED, selector)]
    line = f"{SANDBOX} .rb-review-line"
    if page.locator(line).count():  # a game without a costly move has none
        page.locator(line).first.tap()
        replays = f"{SANDBOX} .rb-review-moment .md-button--primary"
        unseen += [s for s in (line, replays) if not page.evaluate(UNCOVERED, s)]
    return unseen


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_the_review_is_a_layer_over_the_table(phone: WarmSite, size: tuple[int, int]) -> None:
    site = at_size(phone, size)
    site.guard.reset()
    open_on_phone(site, near_the_end(new_log("necropolis", 2, 7), 2))
    page = site.page
    for _ in play_by_taps(page, seed=1):
        pass
    assert page.get_attribute(SANDBOX, "data-rb-next") == "over", "the game did not end"
    table = page.evaluate(TABLE)
    assert table["scroll"] is not None, "the panel is not open"
    for close in ("Escape", "button"):
        page.locator(f"{SANDBOX} .rb-review-button").tap()
        page.wait_for_selector(f"{REVIEW}:not([hidden])")
        unseen = review_controls_seen(page)
        assert not unseen, f"{size}: the review's controls unseen: {unseen}"
        where = page.inner_text(f"{REVIEW} .rb-review-where")
        page.locator(f"{REVIEW} .rb-review-steps .md-button:nth-of-type(2)").tap()  # 前へ
        page.wait_for_function(
            "([s, t]) => document.querySelector(s).textContent !== t",
            arg=[f"{REVIEW} .rb-review-where", where],
        )
        if close == "Escape":
            page.keyboard.press("Escape")
        else:
            page.locator(f"{REVIEW} .rb-review-close").tap()
        page.wait_for_selector(REVIEW, state="hidden")
        page.wait_for_selector(f"{SANDBOX} .rb-review-button:not([hidden])")  # the game's frame is back
        assert page.evaluate(TABLE) == table, f"{close} did not return to the same table"
        assert page.get_attribute("html", "data-rb-panel") == "open", f"{close} closed the panel too"
    site.guard.check()


# The first notice on the screen: its words and a point of it over no button (its left edge, over
# the panel's margin), ready to hear the click a tap there makes; null when no notice is up.
FIRST_NOTICE = """() => {
  const line = document.querySelector(".rb-sandbox .rb-notices .rb-notice");
  if (!line) return null;
  window.__rbNoticeTap = new Promise((done) => {
    addEventListener("click", (event) => {
      const tapped = event.target.closest?.(".rb-notice");
      done(tapped === line ? (line.isConnected ? "still up" : "put away") : "timed out");
    }, { once: true });
  });
  const box = line.getBoundingClientRect();
  return { text: line.textContent, x: box.left + 2, y: box.top + box.height / 2 };
}"""
# The panel's bar's buttons that something else covers at their centre.
BAR_COVERED = """() => [...document.querySelectorAll(".rb-panel-bar button")].filter((button) => {
  const box = button.getBoundingClientRect();
  if (!box.width) return false;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !(hit && button.contains(hit));
}).map((button) => button.textContent)"""


def put_away_by_a_tap(page: Page) -> str:
    """A notice is a toast: a tap on it puts it away at once, the panel's bar's buttons, which it
    lay over, free again, its words still in the log's お知らせ and the live region still there.
    "put away", or "timed out" where its six seconds ran out before the tap (a loaded machine)."""
    notice = page.evaluate(FIRST_NOTICE)
    if notice is None:
        return "timed out"
    page.touchscreen.tap(notice["x"], notice["y"])
    what = page.evaluate("window.__rbNoticeTap")
    if what == "put away" and not page.locator(f"{SANDBOX} .rb-notice").count():
        assert page.evaluate(BAR_COVERED) == []
    assert notice["text"] in (page.text_content(f"{SANDBOX} .rb-notice-log") or "")
    assert page.locator(f"{SANDBOX} .rb-notices[role=status]").count() == 1
    return what


BUZZ = ".rb-panel-bar .rb-table-buzz"


def switch_in_view(page: Page, decision: Decision) -> None:
    """The guest's own switch, the vibration's, stays in view from tap to tap (where the phone can
    vibrate), in the panel's bar: as a line above the table it took the height that a 3-player
    Herrlof's other seats needed, and a focused button's scroll put it under the status line."""
    if not page.evaluate("typeof navigator.vibrate === 'function'"):
        return
    if not (page.locator(BUZZ).is_visible() and page.evaluate(UNCOVERED, BUZZ)):
        decision.problems.append("the vibration's switch is not in the panel's bar, or covered")


GUEST_DECISIONS = 5
"""A guest's phone draws the same views as the reader's, whose every kind of decision the cases above
meet: what the guest adds is its own box, its notices and the relayed frame, from its first decision."""
GUESTS = [pytest.param(game_id, PHONES[0], id=game_id) for game_id in sorted(games())] + [
    pytest.param("rondo", ON_ITS_SIDE[1], id="rondo-844x390")  # its spaces right under the status line
]


@dataclass
class TablePhones:
    """The table tests' browser context (a phone's touch and viewport), kept from case to case so
    that only its first host boots Python cold (the others restore its snapshot), with the guard
    of the case in progress."""

    context: BrowserContext
    guard: Guard


@pytest.fixture(scope="module")
def table_phones(browser: Browser) -> Iterator[TablePhones]:
    guard = Guard()
    upright = {"width": PHONES[0][0], "height": PHONES[0][1]}
    context = guarded_context(browser, guard, viewport=upright, is_mobile=True, has_touch=True)
    context.add_init_script(QUIET)
    yield TablePhones(context, guard)
    context.close()


@pytest.fixture
def host_and_guest(table_phones: TablePhones) -> Iterator[tuple[Page, Page]]:
    """A fresh host page and a fresh guest page, closed after the case; foreign requests and console
    errors during the case fail it."""
    table_phones.guard.reset()
    host, guest = table_phones.context.new_page(), table_phones.context.new_page()
    yield host, guest
    guest.close()
    host.close()
    table_phones.guard.check()


@pytest.mark.parametrize(("game_id", "size"), GUESTS)
def test_a_table_guests_decisions_fit_a_phone_screen(
    host_and_guest: tuple[Page, Page],
    http_server: str,
    game_id: str,
    size: tuple[int, int],
) -> None:
    """The same on a table guest's phone at 360 × 740 (みんなのスマホで遊ぶ over BroadcastChannels,
    the guest in the first seat at the game's fewest players, every other seat a bot), its first
    GUEST_DECISIONS decisions (a Herrlof guest deals or not: the host's deal is random): once the
    game is on, the guest's own switch (the vibration's) is in the panel's bar, and the notices
    (the guest's seat connected, at once) lie over the panel's bar and the status line, not over
    the table, and go at a tap, the bar's buttons free. Also Rondo on a phone on its side, where
    the first notice lay over the spaces the guest had to tap (844 × 390).

    The host opens its game page by a link to a new game, as a reader may: a shared game opens in
    place of the page's saved one, so that Rondo's second case does not resume the first's table
    game (a host that reloads resumes its table and invites its guests again)."""
    players = games()[game_id].info.players[0]
    host, guest = host_and_guest
    for page in (host, guest):
        page.set_viewport_size({"width": size[0], "height": size[1]})
    seats = reader_seats(game_id, players)
    fresh = share_fragment({"log": new_log(game_id, players, 11 + players), "seats": seats})
    host.goto(f"{http_server}{game_id}.html{TRANSPORT}{fresh}")
    wait_settled(host)
    [link] = invite(host, ["friend"] + [seats[1]] * (players - 1))
    assert paste(host, answer(guest, link)) == ""
    connected(host, 0)
    guest.bring_to_front()
    assert put_away_by_a_tap(guest) in {"put away", "timed out"}
    seen = list(play_by_taps(guest, seed=players, max_decisions=GUEST_DECISIONS, at_decision=switch_in_view))
    unseen = [f"{d.number} {d.kind}: {'; '.join(d.problems)}" for d in seen if d.problems]
    assert seen, "the guest never had a decision"
    assert not unseen, f"{game_id} guest at {players}:\n" + "\n".join(unseen)

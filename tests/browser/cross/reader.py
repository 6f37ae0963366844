"""A reader at a sandbox in any browser engine, through build_tools.browsers' Driver.

Only the shell's stable interface is used: `.rb-sandbox[data-rb-state]` (idle, loading, ready,
busy, error) and `[data-rb-next]` (human, bot, handover, over), the board `.rb-board` with its
`button[data-action]`, share links `#rb=<base64url of {log, seats}>`, the bot speed preference,
and the saved game, read by `saved_game` alone.

The test table: the reader in seat 0 against the game's heuristic bot in every other seat (quick
to answer in every browser), at the game's smallest player count, from a fixed seed. The reader
clicks, one time in five, any enabled button; otherwise the button the heuristic would choose for
the reader's view, so that games
with many small steps still end in a few hundred clicks. The same game, played in host Python by
`planned_game`, says in advance how the browser's game must go.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from build_tools.browsers import Driver
from engine.game import Game
from engine.replay import new_game, to_log
from engine.rng import Rng
from engine.session import Session
from tests.browser.helpers import BOARD, BOARD_DIFFERENCE, READ_SAVE
from tests.engine.harness import bounded

SEED = 2026
READER = 0  # the reader's seat
BOT = "bot:heuristic"  # every other seat
RANDOM_ONE_IN = 5
BOOT_TIMEOUT_S = 180
MOVE_TIMEOUT_S = 60

STATE = "() => document.querySelector('.rb-sandbox')?.dataset.rbState"
SETTLED = "() => ['ready', 'error'].includes(document.querySelector('.rb-sandbox')?.dataset.rbState)"
NEXT = "() => document.querySelector('.rb-sandbox').dataset.rbNext"
ENABLED_ACTIONS = (
    "() => [...document.querySelectorAll('.rb-sandbox .rb-board button[data-action]:not(:disabled)')]"
    ".map((button) => button.dataset.action)"
)

# Notes when the sandbox leaves "busy": after a click, that (and not a state that was already
# "ready" before the click took effect) is the sign that the answer is on screen.
WATCH_BUSY = """() => {
  window.__rbLeftBusy = false;
  new MutationObserver((records) => {
    if (records.some((record) => record.oldValue === "busy")) window.__rbLeftBusy = true;
  }).observe(document.querySelector(".rb-sandbox"), {
    attributeFilter: ["data-rb-state"],
    attributeOldValue: true,
  });
}"""
SETTLED_AFTER_BUSY = f"() => window.__rbLeftBusy && ({SETTLED})()"


def table(game: Game) -> dict[str, Any]:
    """The test game as a share link holds it: {log, seats}."""
    players = min(game.info.players)
    return {"log": to_log(new_game(game.id, players, SEED)), "seats": ["human"] + [BOT] * (players - 1)}


def choose(game: Game, view: dict[str, Any], actions: list[str], rng: Rng) -> str:
    """The reader's click: any enabled action one time in five, else the default bot's."""
    if rng.below(RANDOM_ONE_IN) == 0:
        return rng.choice(sorted(set(actions)))
    return game.bots["heuristic"]().choose(view, rng)


def planned_game(game: Game) -> list[str]:
    """Every action of the test game, played in host Python exactly as the browser test plays it."""
    entry = table(game)
    session, rng = Session(entry["log"], entry["seats"]), Rng(SEED)
    for _ in bounded("planned_game"):
        if (step := session.next_step()) == "over":
            break
        if step == "bot":
            session.step()
        else:
            view = session.state.view(READER)
            session.act(choose(game, view, session.state.legal_actions(), rng))
    return list(session.state.history)


def open_sandbox(driver: Driver, url: str) -> None:
    """Load a sandbox page and wait until the reader may act.

    Bots move at once by the reader's own speed setting, which the shell reads before each bot
    move: set as soon as the page has loaded, while Python is still starting (had Python won
    that race, the bots would only be slower). Setting it on an earlier page of the site would
    cost a page that either runs scripts or has no icon (a 404 in Chromium's console)."""
    driver.goto(url)
    driver.evaluate("() => localStorage.setItem('rb:bot-speed', 'instant')")
    wait_ready(driver)


def wait_ready(driver: Driver) -> None:
    """Wait until the page's sandbox has started and the reader may act (`click` may follow)."""
    driver.wait_for(SETTLED, timeout=BOOT_TIMEOUT_S)
    assert_ready(driver)
    driver.evaluate(WATCH_BUSY)


def assert_ready(driver: Driver) -> None:
    state = driver.evaluate(STATE)
    assert state == "ready", driver.evaluate("() => document.querySelector('.rb-sandbox').innerText")


def click(driver: Driver, selector: str) -> None:
    """Click a sandbox button and wait until its answer (and the bots' moves after it) is shown."""
    driver.evaluate("() => { window.__rbLeftBusy = false; }")
    driver.click(selector)
    driver.wait_for(SETTLED_AFTER_BUSY, timeout=MOVE_TIMEOUT_S)
    assert_ready(driver)


def action_button(action: str) -> str:
    return f'{BOARD} button[data-action="{action}"]:not(:disabled)'


def next_step(driver: Driver) -> str:
    return driver.evaluate(NEXT)


def enabled_actions(driver: Driver) -> list[str]:
    return driver.evaluate(ENABLED_ACTIONS)


def saved_game(driver: Driver, game_id: str) -> dict[str, Any]:
    """The {log, seats} the shell keeps for a game."""
    entry = driver.evaluate(READ_SAVE, game_id)
    assert entry is not None, f"no saved game for {game_id}"
    return entry


def board_difference(driver: Driver, html: str) -> str | None:
    return driver.evaluate(BOARD_DIFFERENCE, [BOARD, html])


def left_the_host(requests: list[str], base: str) -> list[str]:
    """The requests that went anywhere but the serving host (data: and blob: URLs stay inside)."""
    home = urlsplit(base).netloc
    return [
        url
        for url in requests
        if urlsplit(url).scheme in {"http", "https", "ws", "wss"} and urlsplit(url).netloc != home
    ]

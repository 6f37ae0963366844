"""みんなのスマホで遊ぶ in WebKitGTK (test_cross_browser.py), the engine of every browser on an
iPhone. Debian builds it without WebRTC, so:

1. The product says so: the table's panel tells the host, in Japanese, that this browser can
   neither host nor join, and offers no invitation no phone could answer (on a page opened
   without `TRANSPORT`); an invitation opened in it says the same to the guest.
2. The table's protocol over the BroadcastChannel transport (`TRANSPORT`), on the page of the
   reader's game, opened with it (its game over; the table starts the next): the host in that
   tab and a guest in another tab of the same profile, as two phones; a few moves each, made on
   the device whose seat is to move, each shown on both; the guest closes its tab, the host hears
   it and invites the seat afresh, and the guest rejoins on the same seat, with the same hand, and
   plays on. The guest never asks for Python nor starts the sandbox's worker (its page's resource
   entries: WebKit's WebDriver reports no requests).
"""

from __future__ import annotations

from build_tools.browsers import WebKitDriver
from engine.rng import Rng
from engine.table import TableSession
from tests.browser.cross.reader import SETTLED, saved_game
from tests.browser.helpers import BOARD, BOARD_DIFFERENCE
from tests.browser.table import TRANSPORT

PANEL = ".rb-sandbox .rb-table"
MOVES = 3  # moves before the guest leaves, and after it is back
CONNECT_TIMEOUT_S = 60
NO_TRANSPORT = "WebRTC"  # named in the message (transports.js NO_TRANSPORT_TEXT)

SHOWN_BUTTONS = f"""() => [...document.querySelectorAll('{PANEL} button')]
  .filter((b) => b.offsetParent).map((b) => b.textContent)"""
GUEST_NOTE = "() => document.querySelector('.rb-table-guest .rb-table-note')?.textContent"
NOTE = f"() => document.querySelector('{PANEL} .rb-table-note')?.textContent"
FRAMES = "() => Number(document.querySelector('.rb-sandbox').dataset.rbFrames ?? 0)"
MORE_FRAMES = f"(n) => ({FRAMES})() > n && ({SETTLED})()"
PYTHON_ASKED = """() => performance.getEntriesByType("resource").map((e) => e.name)
  .filter((name) => /pyodide|python|\\.whl|sandbox\\/worker/.test(name))"""
PASTE = f"""(code) => {{
  document.querySelector('{PANEL} .rb-table-paste').value = code;
  [...document.querySelectorAll('{PANEL} button')].find((b) => b.textContent === 'つなぐ').click();
  return document.querySelector('{PANEL} .rb-table-note').textContent;
}}"""
PRESS = f"""(text) => [...document.querySelectorAll('{PANEL} button')]
  .find((b) => b.textContent === text).click()"""
CONNECTED = f"() => document.querySelector('{PANEL} li[data-seat=\"1\"]')?.dataset.connected === 'true'"
LINK = "() => document.querySelector('.rb-table-card input')?.value"
ANSWER = "() => document.querySelector('.rb-table-code')?.value"
MOVER = "() => document.querySelector('.rb-sandbox').dataset.rbMover"
BUTTONS = f"""() => [...document.querySelectorAll('{BOARD} button[data-action]:not(:disabled)')]
  .map((b) => b.dataset.action)"""
PRESS_ACTION = f'(a) => document.querySelector(`{BOARD} button[data-action="${{a}}"]`).click()'
BOARD_HTML = f"() => document.querySelector('{BOARD}').innerHTML"
SHOWS = f"(board) => ({BOARD_DIFFERENCE})(board) === null && ({SETTLED})()"  # board: [selector, html]
GAME = "() => document.querySelector('.rb-sandbox').dataset.game"
NOTICES = """() => [...document.querySelectorAll('.rb-sandbox .rb-notice-log li')]
  .map((li) => li.textContent).join(' ')"""


def says_it_cannot_connect(driver: WebKitDriver) -> None:
    """On a ready page opened without TRANSPORT: no RTCPeerConnection, and the panel says so at
    once."""
    assert driver.evaluate("() => typeof RTCPeerConnection") == "undefined"
    driver.click(".rb-sandbox .rb-table-open")
    assert NO_TRANSPORT in driver.wait_for(NOTE)
    assert driver.evaluate(SHOWN_BUTTONS) == ["やめる"], "an invitation offered without a transport"
    driver.evaluate(PRESS, "やめる")


def guest_says_it_cannot_connect(driver: WebKitDriver, host: str, link: str) -> None:
    """An invitation opened in this browser without the tests' transport: said at once."""
    guest = driver.new_tab()
    driver.goto(link)
    assert NO_TRANSPORT in driver.wait_for(GUEST_NOTE)
    no_errors(driver, guest)
    driver.close_tab(guest, back_to=host)


def play_a_table(driver: WebKitDriver, rng: Rng) -> None:
    """The host on this tab's ready page, opened with TRANSPORT (seat 0), and a friend's tab
    (seat 1) over BroadcastChannels; see the docstring."""
    host = driver.tab()
    assert TRANSPORT in driver.evaluate("() => location.search"), "the host's page has no transport"
    driver.click(".rb-sandbox .rb-table-open")
    driver.evaluate(PRESS, "招待を作る")
    link = driver.wait_for(LINK, timeout=CONNECT_TIMEOUT_S)
    guest_says_it_cannot_connect(driver, host, link.replace(TRANSPORT, ""))
    guest = join(driver, host, link)
    play(driver, {0: host, 1: guest}, rng)
    no_errors(driver, guest)
    left_with = driver.evaluate(BOARD_HTML)
    driver.close_tab(guest, back_to=host)
    assert "接続が切れました" in driver.wait_for(NOTICES)
    guest = join(driver, host, driver.wait_for(LINK, timeout=CONNECT_TIMEOUT_S))  # shown at once: one scan
    assert driver.evaluate(BOARD_HTML) == left_with, "the friend came back to another seat or hand"
    play(driver, {0: host, 1: guest}, rng)
    no_errors(driver, guest)
    driver.close_tab(guest, back_to=host)


def no_errors(driver: WebKitDriver, tab: str) -> None:
    driver.use_tab(tab)
    assert driver.errors() == [], driver.errors()


def join(driver: WebKitDriver, host: str, link: str) -> str:
    """Open `link` in a new tab, paste its answer on the host; the guest's tab, seated and shown
    its seat's frame, having asked for no Python."""
    guest = driver.new_tab()
    driver.goto(link)
    code = driver.wait_for(ANSWER, timeout=CONNECT_TIMEOUT_S)
    driver.use_tab(host)
    assert driver.evaluate(PASTE, code) == ""
    driver.wait_for(CONNECTED, timeout=CONNECT_TIMEOUT_S)
    driver.use_tab(guest)
    driver.wait_for(MORE_FRAMES, 0, timeout=CONNECT_TIMEOUT_S)
    python = driver.evaluate(PYTHON_ASKED)
    assert python == [], f"a guest asked for Python: {python}"
    return guest


def play(driver: WebKitDriver, tabs: dict[int, str], rng: Rng) -> None:
    """MOVES moves, each on the tab of the seat to move (bots aside: seats 0 and 1 are human):
    the host's tab (seat 0) and the mover's show a new frame, and the guest's then shows its
    seat's board in the game as saved (a move it cannot see sends it nothing)."""
    for _ in range(MOVES):
        driver.use_tab(tabs[0])
        if driver.evaluate("() => document.querySelector('.rb-sandbox').dataset.rbNext") == "over":
            return
        seat = int(driver.evaluate(MOVER))
        before = {}
        for tab in {tabs[0], tabs[seat]}:
            driver.use_tab(tab)
            before[tab] = driver.evaluate(FRAMES)
        driver.use_tab(tabs[seat])
        driver.wait_for(f"() => ({BUTTONS})().length", timeout=CONNECT_TIMEOUT_S)
        action = rng.choice(driver.evaluate(BUTTONS))
        driver.evaluate(PRESS_ACTION, action)
        for tab, count in before.items():
            driver.use_tab(tab)
            driver.wait_for(MORE_FRAMES, count, timeout=CONNECT_TIMEOUT_S)
        driver.use_tab(tabs[0])
        saved = saved_game(driver, driver.evaluate(GAME))
        session = TableSession(saved["log"], saved["seats"], saved["table"]["host"])
        driver.use_tab(tabs[1])
        driver.wait_for(SHOWS, [BOARD, session.seat_frame(1)["html"]], timeout=CONNECT_TIMEOUT_S)

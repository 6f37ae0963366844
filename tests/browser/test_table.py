"""みんなのスマホで遊ぶ in Chromium: over BroadcastChannels, pages of one browser as the phones at a
table; and over real data channels in a network namespace made here (tests/browser/table_rtc.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from build_tools.netns import INSIDE, inside_namespace
from engine.rng import Rng
from engine.table import NOT_YOUR_TURN
from tests.browser.conftest import guarded_context
from tests.browser.helpers import (
    NO_SERVICE_WORKER,
    SANDBOX,
    frames,
    legal_buttons,
    saved,
    true_state,
    wait_settled,
)
from tests.browser.table import (
    CONNECT_MS,
    NOTICE_RECORDER,
    RECORDER,
    TABLE,
    TRANSPORT,
    answer,
    check_everything_sent,
    check_guest_screen,
    connected,
    errors_received,
    fresh_invitation,
    invite,
    new_games_on_the_same_phones,
    noticed,
    one_hand_host,
    paste,
    play_moves,
    received_frames,
    seat_frames,
    seat_friends,
    seated,
)
from tests.browser.test_accessibility import serious_violations
from tests.conftest import ROOT, Guard
from tests.engine.harness import bounded

MALFORMED = "届いたメッセージの形式が正しくありません。"
STALE = "盤面が変わったあとの操作でした。もう一度選んでください。"
OTHER_VERSION = "このページとホストの版が違います。両方のページを読み込み直してください。"
REPLAY = "この操作はもう届いています。同じものは二度使いません。"
AT_ONCE = {  # what a flood is refused with at once, before anything reaches the host's engine
    "ホストが前の操作をまだ進めています。少し待ってから、もう一度選んでください。",
    "操作が速すぎます。少し待ってから、もう一度選んでください。",
}
RATE_BURST = 60  # table/protocol.js RATE.burst
# A flood's size: past what the check lets through (the burst, and as many again for the tokens
# that come back while the flood is read) by a burst more, so that a host that refused nothing at
# once (every request queued for Python) fails it, as one with the rate limit alone passes it.
FLOOD = 3 * RATE_BURST
UNREACHABLE = "プレイヤー3の席のスマホとつながりませんでした。"
PYTHON_FILES = ("pyodide", "/vendor/python/", "worker.mjs")


@pytest.fixture(scope="module")
def table_profile(browser: Browser) -> Iterator[tuple[BrowserContext, Guard]]:
    """The phones' browser that this module's tables over BroadcastChannels share, at 390 × 844,
    and its guard: the first host page starts Python cold and keeps the interpreter, the later
    tests' hosts restore it (how the host's Python started is no part of a table). Each test plays
    another game, whose saved game is its own."""
    guard = Guard()
    context = guarded_context(browser, guard, viewport={"width": 390, "height": 844})
    context.add_init_script(NO_SERVICE_WORKER)  # keeping the site offline is no part of a table
    context.add_init_script(RECORDER)
    context.add_init_script(NOTICE_RECORDER)
    yield context, guard
    context.close()


@pytest.fixture
def phones(table_profile: tuple[BrowserContext, Guard]) -> Iterator[BrowserContext]:
    """The shared phones' browser with this test's guard; the test's pages closed after it."""
    context, guard = table_profile
    guard.reset()
    yield context
    for page in context.pages:
        page.close()
    guard.check()


def guest_page(context, requests: list[str]) -> Page:  # noqa: ANN001 (Playwright's BrowserContext)
    page = context.new_page()
    page.on("request", lambda request: requests.append(request.url))
    return page


SEND = """message => window.__rbSend(typeof message === "string" ? message : JSON.stringify(
  // a number of its own, past the page's, unless the test gives one (null: none at all)
  { ...message, seq: message.seq === undefined ? window.__rbSeq() : message.seq ?? undefined }))"""


def send_and_hear(guest: Page, message: str | dict[str, Any]) -> str:
    """What the host answers when this guest sends `message` (a dict: numbered past the page's
    own messages unless it holds "seq") on its own connection."""
    heard = len(errors_received(guest))
    guest.evaluate(SEND, message)
    errors = "n => window.__rbReceived.filter(t => JSON.parse(t).kind === 'error').length > n"
    guest.wait_for_function(errors, arg=heard, polling=100)
    return errors_received(guest)[heard]


NOTES_KEPT = """(note) => {
  // Every line the page's table note shows from now on.
  const line = () => document.querySelector(note)?.textContent ?? "";
  window.__rbNotes = [line()];
  const keep = () => window.__rbNotes.at(-1) !== line() && window.__rbNotes.push(line());
  new MutationObserver(keep).observe(document.body, { childList: true, characterData: true, subtree: true });
}"""
# Unless the notice `text` was seen already, the code at `selector` scrolled so that its middle
# lies at the status line's foot (half of it under the status line, where the notices lie on a
# phone's game screen).
UNDER_THE_STATUS_LINE = """async ([selector, text]) => {
  if (window.__rbNoticesSeen.some((notice) => notice.text.startsWith(text))) return;
  const svg = document.querySelector(selector);
  const { top, bottom } = svg.getBoundingClientRect();
  const foot = document.querySelector(".rb-sandbox .rb-head").getBoundingClientRect().bottom;
  (svg.closest(".rb-panel--open") ?? document.scrollingElement).scrollBy(0, (top + bottom) / 2 - foot);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def test_friends_play_each_on_their_own_page(phones: BrowserContext, http_server: str) -> None:
    """The Bottle Imp (one hand) at 3, most of the hand: the host's own seat and two guests paired
    by link and pasted answer. Each seat moves on its own page; every frame each guest shows and
    every message it got is its own seat's; bad messages are refused and change nothing; a used
    invitation cannot take a seat from a second page; a guest that closes its page rejoins with a
    fresh invitation on the same seat and hand (a bot played the seat meanwhile; a phone that
    answered and vanished got the host's 15 s "cannot connect" word, with the game going on, seen
    even with that invitation's code under the status line, and the dead code went); a guest
    whose answer the host never read says by itself what to do (a Firefox guest read too late
    never connects and gets no sign); ヒント on a guest's phone reaches that phone alone; a guest
    loads no Python; axe-core finds no serious violation on the host's invitations, a guest's
    answer nor either mid-game (390 px). Then, the seat's phone back, new games on the same phones
    (new_games_on_the_same_phones). A table game's end: table_rtc.py, over data channels."""
    context = phones
    host = one_hand_host(context, http_server)

    links = invite(host, ["here", "friend", "friend"])
    # A first invitation needs no second: 新しい招待を出す comes once it was used or failed.
    assert host.locator(TABLE).get_by_role("button", name="新しい招待を出す").count() == 0
    requests: list[str] = []
    guests = [guest_page(context, requests) for _ in links]
    assert serious_violations(host, TABLE) == []  # the invitations, their QR codes
    for seat, guest, link in zip((1, 2), guests, links, strict=True):
        code = answer(guest, link)
        guest.wait_for_selector(f"{TABLE} .rb-table-qr svg")
        if seat == 1:  # the answer's screen (the second guest's is the same but for its code)
            assert serious_violations(guest, SANDBOX) == []
        assert paste(host, code) == ""
        connected(host, seat)
    for guest in guests:
        seated(guest)
    # A page whose answer the host never reads (here a used invitation's) says by itself, a while
    # after showing it, what to do: looked at once the rest of the test has taken longer than that.
    unread = guest_page(context, requests)
    answer(unread, links[0])
    unread.evaluate(NOTES_KEPT, f"{TABLE} .rb-table-note")
    # The first guest heard who was still awaited, then the second's arrival, as events of seats.
    noticed(guests[0], "プレイヤー3の席のスマホを待っています。")
    noticed(guests[0], "プレイヤー3の席がつながりました。")
    devices = {0: host, 1: guests[0], 2: guests[1]}
    rng = Rng(3)
    play_moves(devices, host, rng, moves=8)
    while (mover := int(host.get_attribute(SANDBOX, "data-rb-mover"))) == 0:
        play_moves(devices, host, rng, moves=1)
    # ヒント on a guest's phone: weighed by the host from that seat's view, answered to it alone.
    devices[mover].locator(".rb-hint-button").click()
    devices[mover].wait_for_selector(".rb-hint-list li")
    other = devices[3 - mover]
    assert not other.evaluate("window.__rbReceived.some((text) => JSON.parse(text).kind === 'hint')")
    assert host.locator(".rb-hint").is_hidden() and other.locator(".rb-hint").is_hidden()
    assert serious_violations(guests[0], SANDBOX) == [] and serious_violations(host, SANDBOX) == []

    # Bad input from a guest whose seat is not to move: refused, answered, nothing applied.
    mover = int(host.get_attribute(SANDBOX, "data-rb-mover"))
    idle = next(seat for seat in (1, 2) if seat != mover)
    hostile, action = devices[idle], legal_buttons(devices[mover])[0]
    at = json.loads(hostile.evaluate("window.__rbReceived.at(-1)"))["id"]
    game_before, host_frames = saved(host, "bottle-imp")["log"]["actions"], frames(host)
    act = {"v": 2, "kind": "act", "action": action, "at": at}
    refusals = [
        (act, NOT_YOUR_TURN),
        ({**act, "seat": mover}, MALFORMED),  # a message never names its seat
        ("{", MALFORMED),
        ({**act, "action": "x" * 17_000}, "届いたメッセージが大きすぎます。"),
        ({**act, "at": at - 1}, STALE),  # an earlier frame's click, sent again
        ({**act, "v": 1}, OTHER_VERSION),
        ({**act, "seq": None}, MALFORMED),  # a message without its own number
        ({**act, "seq": 0}, REPLAY),  # a number its page has used already
    ]
    for message, refusal in refusals:
        assert send_and_hear(hostile, message) == refusal
    assert saved(host, "bottle-imp")["log"]["actions"] == game_before and frames(host) == host_frames

    # A guest closes its page: everyone is told; it rejoins on the same seat with a fresh invitation.
    for _ in bounded("seat 3's turn", 200):  # it leaves on its turn: a bot given the seat moves at once
        if host.get_attribute(SANDBOX, "data-rb-mover") == "2":
            break
        play_moves(devices, host, rng, moves=1)
    left = guests[1]
    left_frames = received_frames(left)
    left.close()
    gone = "プレイヤー3の席の接続が切れました。"
    for page in (host, guests[0]):
        noticed(page, gone)

    # The host hands the seat to a bot meanwhile, which plays it until the friend is back.
    def moves_of_seat_three() -> int:
        return len([entry for entry in true_state(host, "bottle-imp").journal if entry.seat == 2])

    moved = moves_of_seat_three()
    before = frames(host)
    seat = host.locator(f'{TABLE} li[data-seat="2"]')
    assert seat.get_by_role("button", name="新しい招待を出す").count() == 0  # its fresh one is shown
    seat.get_by_role("button", name="ボットに任せる").click()
    wait_settled(host, after=before)
    assert host.get_attribute(SANDBOX, "data-rb-mover") != "2"
    assert moves_of_seat_three() > moved
    # Another page with a used invitation (a filled seat's, or the old one of the seat that left)
    # cannot take a seat: only the fresh invitation can.
    link = fresh_invitation(host, 2)
    for used in links:
        stranger = guest_page(context, requests)
        assert paste(host, answer(stranger, used)).startswith("この席の招待は使えません")
        stranger.close()
    back = guest_page(context, requests)
    assert paste(host, answer(back, link)) == ""
    connected(host, 2)
    seated(back)
    check_guest_screen(back)
    devices[2] = back
    play_moves(devices, host, rng, moves=10)
    possible = seat_frames(host, "bottle-imp", away=(2,))
    assert all(json.dumps(frame, sort_keys=True) in possible[2] for frame in left_frames)
    assert check_everything_sent(back, 2, possible) > 5
    assert back.evaluate("window.__rbWorkerStarts") is None

    # The phone goes again, and the next one to answer is then out of reach (gone, or kept apart
    # by the Wi-Fi): a bot plays the seat and the game goes on while the host waits; 15 s after
    # the host took the answer it says what to try, seen even where the code lay under the status
    # line (a live code keeps the notices away: a camera must read it whole; a dead one goes).
    back.close()
    noticed(host, gone)
    before = frames(host)
    host.locator(f'{TABLE} li[data-seat="2"]').get_by_role("button", name="ボットに任せる").click()
    wait_settled(host, after=before)
    unreachable = guest_page(context, requests)
    code = answer(unreachable, fresh_invitation(host, 2))
    unreachable.close()
    assert paste(host, code) == ""
    devices = {0: host, 1: guests[0]}
    moved = moves_of_seat_three()
    for _ in bounded("a move of seat 3's bot while the host waits for the phone", 10):
        if moves_of_seat_three() > moved:
            break
        play_moves(devices, host, rng, moves=1)
    card = host.locator(f'{TABLE} .rb-table-card[data-seat="2"]')
    # (unless the 15 s ran out during the moves, on a loaded machine)
    host.evaluate(UNDER_THE_STATUS_LINE, [f"{TABLE} .rb-table-card[data-seat='2'] svg", UNREACHABLE])
    noticed(host, UNREACHABLE)
    # the dead code and its link are gone, so that no friend scans them; the card says what to do
    expect(card.locator("svg")).to_have_count(0)
    assert card.locator("input").count() == 0
    expect(card).to_contain_text("この招待ではもうつながりません。")
    assert host.get_attribute(f'{TABLE} li[data-seat="2"]', "data-connected") == "false"
    # A failed invitation: now a new one is offered.
    offered = host.locator(f'{TABLE} li[data-seat="2"]').get_by_role("button", name="新しい招待を出す")
    assert offered.is_visible()

    possible = seat_frames(host, "bottle-imp", away=(2,))
    assert check_everything_sent(guests[0], 1, possible) > 10
    assert not [url for url in requests if any(part in url for part in PYTHON_FILES)], "a guest loaded Python"
    assert not [url for url in requests if "search_index.json" in url], "a guest loaded the search's index"
    assert guests[0].evaluate("window.__rbWorkerStarts") is None
    # The page whose answer was never read said what to do (its later words, once the guest's own
    # time-out is past, name no button: a loaded machine may be there by now).
    unread.wait_for_function(
        "text => window.__rbNotes.some((line) => line.startsWith(text))",
        arg="まだホストとつながっていません。",
        timeout=3 * CONNECT_MS,
        polling=100,
    )
    slow = unread.evaluate("() => window.__rbNotes.find((line) => line.startsWith('まだ'))")
    assert "新しい招待を出す" in slow, slow

    # The seat's phone back by the invitation offered, then new games on the same phones.
    offered.click()
    last = guest_page(context, requests)
    assert paste(host, answer(last, fresh_invitation(host, 2))) == ""
    connected(host, 2)
    seated(last)
    new_games_on_the_same_phones(host, {**devices, 2: last}, rng)


FLOOD_SEND = """([message, count]) => {
  // `count` copies of `message`, ヒント and the click by turns, each with a number of its own, in
  // one burst; what the guest had received before it.
  const before = window.__rbReceived.length;
  for (let i = 0; i < count; i++) {
    const { action, ...rest } = message;
    const click = i % 2 ? { kind: "act", action } : { kind: "hint" };
    window.__rbSend(JSON.stringify({ ...rest, ...click, seq: window.__rbSeq() }));
  }
  return before;
}"""
ANSWERED = """([from, count]) => window.__rbReceived.slice(from).map((t) => JSON.parse(t))
  .filter((m) => m.kind === "error" || m.kind === "hint" || (m.kind === "part" && m.i === m.n - 1))
  .length >= count"""


def flood(guest: Page, action: str) -> list[str]:
    """FLOOD valid-looking ヒント and act messages from `guest` in one burst, on the frame it shows;
    waits until each was answered (a refusal, a hint, or the frame of a click applied) and returns
    the refusals."""
    at = json.loads(guest.evaluate(f"({LAST_PART})()"))["id"]
    message = {"v": 2, "kind": "act", "action": action, "at": at}
    before = guest.evaluate(FLOOD_SEND, [message, FLOOD])
    guest.wait_for_function(ANSWERED, arg=[before, FLOOD], polling=100)
    return [
        m["error"]
        for m in map(json.loads, guest.evaluate(f"window.__rbReceived.slice({before})"))
        if m["kind"] == "error"
    ]


LAST_PART = """() => window.__rbReceived.findLast((t) => JSON.parse(t).kind === "part")"""


def test_a_guest_flooding_the_host_holds_up_nobody(phones: BrowserContext, http_server: str) -> None:
    """No Return at 3, the host's own seat and two guests. Two copies of a guest's move (a counter
    picked, its turn going on), sent in one burst with one message number, apply once: the second
    is refused as a copy, not as a move of a frame gone by. Then a guest that sends FLOOD ヒント and
    act messages in one burst, off its turn and on it, has all but a few refused at once (of the
    host, never of Python); the host's game, its worker and the other guest play on, and the
    flooding guest's own next move is applied with nothing timed out."""
    host = phones.new_page()
    host.goto(http_server + "no-return.html" + TRANSPORT)
    wait_settled(host)
    devices = seat_friends(host, ["here", "friend", "friend"])
    rng = Rng(11)

    def mover() -> int:
        return int(host.get_attribute(SANDBOX, "data-rb-mover"))

    def picks() -> list[str]:
        """The counters the seat to move may pick: its turn goes on after one (the set-up's
        exchange, or a placement's)."""
        return [a for a in true_state(host, "no-return").legal_actions() if ":pick:" in a]

    for _ in bounded("a guest's turn picking a counter", 100):
        if mover() != 0 and picks():
            break
        play_moves(devices, host, rng, moves=1)
    flooder, other = devices[mover()], devices[3 - mover()]
    pick = picks()[0]
    picked = saved(host, "no-return")["log"]["actions"].count(pick)
    at = json.loads(flooder.evaluate(f"({LAST_PART})()"))["id"]
    before = frames(host)
    message = json.dumps(
        {"v": 2, "kind": "act", "action": pick, "at": at, "seq": flooder.evaluate("window.__rbSeq()")}
    )
    flooder.evaluate("text => { window.__rbSend(text); window.__rbSend(text); }", message)
    wait_settled(host, after=before)
    flooder.wait_for_function(
        "t => window.__rbReceived.some((m) => JSON.parse(m).error === t)", arg=REPLAY, polling=100
    )
    assert saved(host, "no-return")["log"]["actions"].count(pick) == picked + 1

    action = picks()[0]
    for guest in (other, flooder):  # off its turn, then on it
        refusals = flood(guest, action)
        assert len([text for text in refusals if text in AT_ONCE]) >= FLOOD - 2 * RATE_BURST
        assert not [text for text in refusals if "Python" in text or "応答" in text], set(refusals)
    assert host.get_attribute(SANDBOX, "data-rb-state") == "ready", host.inner_text(SANDBOX)
    assert "応答がありません" not in host.inner_text(SANDBOX)
    assert play_moves(devices, host, rng, moves=6) == 6  # the flooder's own next move among them


DEVICE_STUBS = """(() => {
  // navigator.wakeLock and navigator.vibrate that record their calls, and a page the test can hide
  // and show again (a hidden page loses its wake lock, as in a browser).
  const calls = (window.__rbCalls = { locks: [], vibrate: [] });
  const wakeLock = {
    request: async (type) => {
      const lock = { type, released: false, release: async () => void (lock.released = true) };
      calls.locks.push(lock);
      return lock;
    },
  };
  Object.defineProperty(navigator, "wakeLock", { configurable: true, value: wakeLock });
  const vibrate = (ms) => calls.vibrate.push(ms) > 0;
  Object.defineProperty(navigator, "vibrate", { configurable: true, value: vibrate });
  let hidden = false;
  const visibility = () => (hidden ? "hidden" : "visible");
  Object.defineProperty(document, "visibilityState", { configurable: true, get: visibility });
  window.__rbHide = (on) => {
    hidden = on;
    if (on) for (const lock of calls.locks) lock.released = true;
    document.dispatchEvent(new Event("visibilitychange"));
  };
})()"""
YOUR_TURN = "あなたの番"


def test_phones_stay_awake_and_buzz_on_their_turn(phones: BrowserContext, http_server: str) -> None:
    """Herrlof at 2, the host's seat and a guest: both hold a screen wake lock during the table
    game; the guest's page hidden and shown again asks for it again; when the guest's seat becomes
    to move its phone vibrates, its title says あなたの番 and its sandbox is marked, and all that
    ends with its turn; once the reader turns the vibration off, the next turn does not vibrate."""
    host = phones.new_page()
    host.add_init_script(DEVICE_STUBS)  # the pages' own, not the shared browser's
    host.goto(http_server + "herrlof.html" + TRANSPORT)
    wait_settled(host)
    title = host.title()  # the page's own, before any table
    [link] = invite(host, ["here", "friend"])
    guest = phones.new_page()
    guest.add_init_script(DEVICE_STUBS)
    assert paste(host, answer(guest, link)) == ""
    connected(host, 1)
    seated(guest)
    devices = {0: host, 1: guest}
    rng = Rng(7)
    locks = "window.__rbCalls.locks.filter((lock) => !lock.released).length"
    for page in devices.values():
        page.wait_for_function(f"{locks} === 1", polling=100)

    def until_to_move(seat: int) -> None:
        for _ in bounded(f"seat {seat + 1} to move", 100):
            if int(host.get_attribute(SANDBOX, "data-rb-mover")) == seat:
                return
            play_moves(devices, host, rng, moves=1)

    until_to_move(0)
    assert (
        guest.evaluate("document.title") == title
        and guest.get_attribute(SANDBOX, "data-rb-your-turn") is None
    )
    buzzed = guest.evaluate("window.__rbCalls.vibrate.length")
    until_to_move(1)
    assert guest.evaluate("window.__rbCalls.vibrate.length") == buzzed + 1
    assert guest.evaluate("document.title") == f"{YOUR_TURN} – {title}"
    assert guest.get_attribute(SANDBOX, "data-rb-your-turn") == ""
    assert host.evaluate("document.title") == title

    guest.evaluate("window.__rbHide(true)")
    assert guest.evaluate(locks) == 0
    guest.evaluate("window.__rbHide(false)")
    guest.wait_for_function(f"{locks} === 1", polling=100)

    guest.get_by_label("自分の番で振動する").uncheck()
    buzzed = guest.evaluate("window.__rbCalls.vibrate.length")
    until_to_move(0)
    assert guest.evaluate("document.title") == title
    until_to_move(1)
    assert guest.evaluate("document.title") == f"{YOUR_TURN} – {title}"
    assert guest.evaluate("window.__rbCalls.vibrate.length") == buzzed


RTC_TESTS = Path(__file__).with_name("table_rtc.py")


def test_real_data_channels_inside_a_network_namespace() -> None:
    """tests/browser/table_rtc.py, run by pytest inside a network namespace made here
    (build_tools/netns.py)."""
    pytest_run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(RTC_TESTS)]
    env = {**os.environ, INSIDE: "1"}
    env.pop("PYTEST_XDIST_WORKER", None)
    run = subprocess.run(
        inside_namespace(pytest_run),
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]

"""Drive みんなのスマホで遊ぶ in Chromium: a host page and a page per guest's phone, paired by the
invitation link and the pasted answer, as friends at a table do; and check what each guest got.

A guest page records every message it received (RECORDER), so a test can check each one against
the engine: every frame a guest got must be exactly its own seat's frame at some point of the
host's game (engine.table.TableSession.seat_frame), which the engine's tests prove holds nothing
hidden from that seat.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import pairwise
from typing import Any

from playwright.sync_api import BrowserContext, Page

from engine.registry import find_game
from engine.replay import load_log, to_log
from engine.rng import Rng
from engine.table import GUEST_FRAME_KEYS, TableSession
from tests.browser.helpers import (
    BOARD,
    SANDBOX,
    board_mismatch,
    frames,
    legal_buttons,
    move_lines,
    open_settings,
    saved,
    wait_settled,
)

TABLE = f"{SANDBOX} .rb-table"
TRANSPORT = "?rb-transport=bc"
"""A page's query for the tests' BroadcastChannel transport (table/transports.js): the tabs of one
profile as phones, where no data channel is needed."""
CONNECT_MS = 30_000
FROM_HOST = {  # every message a host may send a guest (table/protocol.js), and its fields
    "welcome": {"seat", "name"},
    "seat": {"seat", "name"},
    "part": {"id", "i", "n", "data"},
    "hint": {"hint"},
    "notice": {"text"},
    "error": {"error"},
}

RECORDER = """(() => {
  // Every message a guest's page receives over the table's transport, and a way for the test to
  // send what a hostile guest could (on the same connection, as that guest): __rbSend(text)
  // sends it as it is; __rbSeq() is a number past every message the page sent so far. The page's
  // own messages after the test's are numbered past those (as a page typing into its own console
  // would number them), so the guest plays on after a hostile burst.
  window.__rbReceived = [];
  window.__rbSend = null;
  let last = -1;
  let injected = false;
  window.__rbSeq = () => {
    injected = true;
    return ++last;
  };
  const numbered = (text) => {
    const message = JSON.parse(text);
    if (typeof message.seq !== "number") return text; // the host's messages
    if (injected && message.seq <= last) message.seq = last + 1;
    last = Math.max(last, message.seq);
    return JSON.stringify(message);
  };
  const listen = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, handler, options) {
    const dc = typeof RTCDataChannel === "function" && this instanceof RTCDataChannel;
    if (type === "message" && (dc || this instanceof BroadcastChannel) && !this.__rbRecorded) {
      this.__rbRecorded = true;
      const channel = this;
      listen.call(this, "message", ({ data }) => window.__rbReceived.push(dc ? data : data?.text));
      const post = dc ? channel.send : channel.postMessage;
      if (dc) channel.send = (text) => post.call(channel, numbered(text));
      const renumbered = (data) => (data?.text ? { ...data, text: numbered(data.text) } : data);
      if (!dc) channel.postMessage = (data) => post.call(channel, renumbered(data));
      window.__rbSend = (text) => post.call(channel, dc ? text : { from: "test", text });
    }
    return listen.call(this, type, handler, options);
  };
})()"""


def invite(host: Page, choices: list[str]) -> list[str]:
    """Open the table on the host and make its invitations: `choices` per seat ("here", "friend"
    or a bot's kind). Returns the friends' links in seat order."""
    host.locator(f"{SANDBOX} .rb-table-open").click()
    host.select_option(f"{TABLE} select[name=table-players]", str(len(choices)))
    for select, choice in zip(host.locator(f"{TABLE} .rb-table-seats select").all(), choices, strict=True):
        select.select_option(choice)
    host.locator(TABLE).get_by_role("button", name="招待を作る").click()
    friends = choices.count("friend")
    filled = "n => [...document.querySelectorAll('.rb-table-card input')].filter(i => i.value).length === n"
    host.wait_for_function(filled, arg=friends, polling=100)
    return host.eval_on_selector_all(".rb-table-card input", "inputs => inputs.map(i => i.value)")


ANSWER_SHOWN = """document.querySelector('.rb-table-code')?.value.length > 0 &&
  document.querySelector('.rb-table-qr svg') !== null"""


def answer(guest: Page, link: str) -> str:
    """Open an invitation on a guest's page; its answer's code, once its QR code is drawn too (the
    code is written first, the picture after its module loads: a fresh clone once read it empty)."""
    guest.goto(link)
    guest.wait_for_function(ANSWER_SHOWN, polling=100)
    return guest.input_value(".rb-table-code")


def paste(host: Page, code: str) -> str:
    """Paste a guest's answer on the host; what the host says about it at once (nothing if taken)."""
    host.fill(f"{TABLE} .rb-table-paste", code)
    return host.evaluate(
        """table => {
          const note = document.querySelector(`${table} .rb-table-note`);
          note.textContent = "";
          [...document.querySelectorAll(`${table} button`)].find((b) => b.textContent === "つなぐ").click();
          return note.textContent; // the click's handler ran: what it said, before any connection
        }""",
        TABLE,
    )


def fresh_invitation(host: Page, seat: int) -> str:
    """The seat's new invitation, which the host shows by itself once the seat's phone left (or
    the host reloaded), so that one scan brings the friend back; its link."""
    card = f'.rb-table-card[data-seat="{seat}"] input'
    host.wait_for_function("card => document.querySelector(card)?.value", arg=card, polling=100)
    return host.input_value(card)


NOTICE_RECORDER = """(() => {
  // Each of the sandbox's notices as it appears: its text, whether it was whole in the viewport
  // and the topmost thing at its centre, and whether it sits in an alert (an error's look).
  window.__rbNoticesSeen = [];
  new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes])) {
      if (!(node instanceof HTMLElement) || !node.matches(".rb-notices .rb-notice")) continue;
      const box = node.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const inView = box.top >= 0 && box.bottom <= innerHeight && Boolean(hit && node.contains(hit));
      const alert = Boolean(node.closest("[role=alert], .rb-alert"));
      window.__rbNoticesSeen.push({ text: node.textContent, inView, alert });
    }
  }).observe(document, { childList: true, subtree: true });
})()"""


def noticed(page: Page, text: str, timeout: float = CONNECT_MS) -> None:
    """`page` showed the notice `text` (its start, at least), in view and not as an error."""
    seen = "text => window.__rbNoticesSeen.find((notice) => notice.text.startsWith(text))"
    page.wait_for_function(seen, arg=text, timeout=timeout, polling=100)
    notice = page.evaluate(seen, text)
    assert notice["inView"] and not notice["alert"], notice


def connected(host: Page, seat: int) -> None:
    """The host lists the seat as connected."""
    host.wait_for_selector(f'{TABLE} li[data-seat="{seat}"][data-connected="true"]', timeout=CONNECT_MS)


def seated(guest: Page) -> None:
    """The guest is connected and shows its seat's first frame."""
    wait_settled(guest, CONNECT_MS)


def seat_friends(host: Page, choices: list[str]) -> dict[int, Page]:
    """Invite the friends of `choices` (see invite) from the host, each on a page of its own in
    the host's context, paired by pasting its reply; every device by seat, once each shows its
    seat ("here" is the host)."""
    links = invite(host, choices)
    friends = [seat for seat, choice in enumerate(choices) if choice == "friend"]
    devices = {seat: host for seat, choice in enumerate(choices) if choice == "here"}
    for seat, link in zip(friends, links, strict=True):
        devices[seat] = host.context.new_page()
        assert paste(host, answer(devices[seat], link)) == ""
        connected(host, seat)
    for seat in friends:
        seated(devices[seat])
    return devices


def received_frames(guest: Page) -> list[dict[str, Any]]:
    """Every frame the guest was sent, rebuilt from its parts; and every message well formed."""
    built, parts = [], []
    for text in guest.evaluate("window.__rbReceived"):
        message = json.loads(text)
        assert message["v"] == 2, message
        if message["kind"] != "part":
            continue
        parts = [] if message["i"] == 0 else parts
        parts.append(message["data"])
        if len(parts) == message["n"]:
            built.append(json.loads("".join(parts)))
    return built


def errors_received(guest: Page) -> list[str]:
    messages = [json.loads(text) for text in guest.evaluate("window.__rbReceived")]
    return [message["error"] for message in messages if message["kind"] == "error"]


LAST_FRAME = """() => {
  // The last whole frame the guest was sent, rebuilt from its parts (read from the end).
  const messages = window.__rbReceived.map((text) => JSON.parse(text)).filter((m) => m.kind === "part");
  const end = messages.findLastIndex((m) => m.i === m.n - 1);
  const last = messages[end];
  return JSON.parse(messages.slice(end - last.n + 1, end + 1).map((m) => m.data).join(""));
}"""


def check_guest_screen(guest: Page) -> None:
    """The guest's board and log are exactly the last frame it was sent."""
    last = guest.evaluate(LAST_FRAME)
    assert board_mismatch(guest, last["html"]) is None, board_mismatch(guest, last["html"])
    assert move_lines(guest) == last["lines"]


SENT_LAST = f"""expected => {{
  // The guest's last frame is `expected`, key by key.
  const last = ({LAST_FRAME})();
  const keys = Object.keys(expected);
  return Object.keys(last).length === keys.length &&
    keys.every((key) => JSON.stringify(last[key]) === JSON.stringify(expected[key]));
}}"""


def play_moves(devices: dict[int, Page], host: Page, rng: Rng, moves: int | None = None) -> int:
    """Each move made on the device of the seat to move (a random button of its board), until
    the game is over or `moves` were made; after each, the host and the mover's device show a new
    frame, and each guest was last sent its seat's frame in the host's game as saved (a guest is
    sent nothing when a move changed nothing it sees) and shows it. Returns the moves made."""
    game = host.get_attribute(SANDBOX, "data-game")
    made = 0
    while host.get_attribute(SANDBOX, "data-rb-next") != "over" and made != moves:
        mover = int(host.get_attribute(SANDBOX, "data-rb-mover"))
        device = devices[mover]
        assert device.get_attribute(SANDBOX, "data-rb-next") == "human", f"seat {mover}'s device may not move"
        before = {page: frames(page) for page in {host, device}}
        device.bring_to_front()  # a phone in the friend's hand: pages of one context are tabs of one window
        device.locator(f'{BOARD} button[data-action="{rng.choice(legal_buttons(device))}"]').first.click()
        for page, count in before.items():
            wait_settled(page, after=count)
        entry = saved(host, game)
        session = TableSession(entry["log"], entry["seats"], entry["table"]["host"])
        for seat, page in devices.items():
            if page is not host:
                page.wait_for_function(
                    SENT_LAST, arg=session.seat_frame(seat), timeout=CONNECT_MS, polling=100
                )
                wait_settled(page)
                check_guest_screen(page)
        made += 1
    return made


def one_more_game(host: Page, devices: dict[int, Page], rng: Rng, moves: int) -> dict[int, Page]:
    """A game over alike on every device (the same score sheet and status line), then the host's
    「同じメンバーでもう1局」: a fresh game on the same connections, no new pairing, each phone
    following its player to the seat the game's rules give it for a next game
    (`next_seating`), told so once; then `moves` of the new game made on the devices as
    play_moves checks them. Returns the devices by their new seats."""
    game = host.get_attribute(SANDBOX, "data-game")
    sheets = {seat: page.inner_text(f"{BOARD} .rb-sheet") for seat, page in devices.items()}
    statuses = {seat: page.inner_text(f"{SANDBOX} .rb-status") for seat, page in devices.items()}
    assert len(set(sheets.values())) == 1 and sheets[0].strip(), sheets
    assert len(set(statuses.values())) == 1, statuses
    moved = load_log(saved(host, game)["log"]).next_seating()
    again = host.get_by_role("button", name="同じメンバーでもう1局")
    before = {page: frames(page) for page in devices.values()}
    again.click()
    for page, count in before.items():
        wait_settled(page, after=count)
    entry = saved(host, game)
    devices = {moved[seat]: page for seat, page in devices.items()}
    assert entry["log"]["actions"] == []
    assert devices[entry["table"]["host"]] is host
    for seat, page in devices.items():
        if page is not host:
            told = [m for m in map(json.loads, page.evaluate("window.__rbReceived")) if m["kind"] == "seat"]
            assert [m["seat"] for m in told] == [seat]
            connected(host, seat)
    assert again.is_hidden()
    assert play_moves(devices, host, rng, moves) == moves
    return devices


def seat_frames(host: Page, game: str, away: tuple[int, ...] = ()) -> dict[int, set[str]]:
    """Every frame each guest seat could have been sent in the host's game as saved: its seat's
    frame after each number of actions (as JSON, keys sorted), with the seats as saved or with a
    seat of `away` handed to the game's default bot or back to its friend."""
    entry = saved(host, game)
    log, host_seat = entry["log"], entry["table"]["host"]
    state = load_log(log)
    bot = f"bot:{find_game(game).default_bot}"
    seatings = [
        entry["seats"],
        *(
            [other if i == seat else kind for i, kind in enumerate(entry["seats"])]
            for seat in away
            for other in (bot, "human")
        ),
    ]
    possible: dict[int, set[str]] = {}
    for upto in range(len(state.history) + 1):
        for seats in seatings:
            session = TableSession(to_log(state, upto=upto), seats, host_seat)
            for seat in session.guests():
                possible.setdefault(seat, set()).add(json.dumps(session.seat_frame(seat), sort_keys=True))
    return possible


def check_everything_sent(guest: Page, seat: int, possible: dict[int, set[str]]) -> int:
    """Each message the guest received is of the protocol's kinds with their fields alone, its
    welcome is to its own seat, and each frame is its own seat's at some point of the game, with
    the allowed keys alone, and differs from the one before (a step of another seat that the
    guest cannot see sent it nothing); returns how many frames."""
    for message in map(json.loads, guest.evaluate("window.__rbReceived")):
        assert set(message) == {"v", "kind", *FROM_HOST[message["kind"]]}, message
        assert message["kind"] != "welcome" or message["seat"] == seat, message
    got = received_frames(guest)
    assert all(one != next_one for one, next_one in pairwise(got)), "a frame sent again told of a step"
    for frame in got:
        assert set(frame) == set(GUEST_FRAME_KEYS), f"seat {seat} got keys not allowed: {sorted(frame)}"
        assert json.dumps(frame, sort_keys=True) in possible[seat], f"seat {seat} got a frame not its own"
    return len(got)


def one_hand_host(context: BrowserContext, base: str) -> Page:
    """A host page of `context` (over BroadcastChannels) with The Bottle Imp at one hand on it."""
    host = context.new_page()
    host.goto(base + "bottle-imp.html" + TRANSPORT)
    wait_settled(host)
    open_settings(host)
    before = frames(host)
    host.select_option(f"{SANDBOX} select[name=target]", json.dumps("one-hand"))
    wait_settled(host, after=before)
    return host


HEARD = """([text, times]) => [...document.querySelectorAll(".rb-notice-log li")]
  .filter((item) => item.textContent === text).length >= times"""


def new_game_on_host(host: Page, change: Callable[[], None]) -> None:
    """Make `change` on the host's setup and wait until the host shows the game it started."""
    before = frames(host)
    change()
    wait_settled(host, after=before)


def still_paired(host: Page, devices: dict[int, Page]) -> None:
    """Every friend's phone is still connected on its seat, and no new invitation was made."""
    for seat, page in devices.items():
        if page is not host:
            connected(host, seat)
    assert host.locator(f"{TABLE} .rb-table-card").count() == 0, "a new invitation was made"


def new_games_on_the_same_phones(host: Page, devices: dict[int, Page], rng: Rng) -> None:
    """The Bottle Imp at 3 on a table of the host's seat and two friends' phones, in play. 2
    players would leave a phone without its seat: said in Japanese, and nothing changes. Another
    target, then 4 players (the new seat a bot's), then 新しいゲーム: each a fresh game on the same
    phones in the same seats, no new pairing, every device told; each played by taps on the
    devices. The host then ends the table: the game goes on on its device alone."""
    game_before, host_frames = saved(host, "bottle-imp")["log"], frames(host)
    host.select_option(f"{SANDBOX} select[name=players]", "2")
    alert = host.locator(f"{SANDBOX} .rb-alert")
    alert.wait_for()
    assert alert.inner_text().startswith("2人のゲームにはプレイヤー3の席がないので"), alert.inner_text()
    assert saved(host, "bottle-imp")["log"] == game_before and frames(host) == host_frames
    assert host.input_value(f"{SANDBOX} select[name=players]") == "3"  # the setup says what is played
    still_paired(host, devices)

    last_seed = game_before["seed"]
    toolbar = host.locator(f"{SANDBOX} .rb-toolbar")
    changes = [  # each a new game, and its number of players
        (lambda: host.select_option(f"{SANDBOX} select[name=target]", json.dumps(500)), 3),
        (lambda: host.select_option(f"{SANDBOX} select[name=players]", "4"), 4),
        (lambda: toolbar.get_by_role("button", name="新しいゲーム").click(), 4),
    ]
    for told, (change, players) in enumerate(changes):
        new_game_on_host(host, change)
        entry = saved(host, "bottle-imp")
        assert entry["log"]["seed"] != last_seed and entry["log"]["options"]["target"] == 500
        bots = {seat for seat, kind in enumerate(entry["seats"]) if kind != "human"}
        assert {made.seat for made in load_log(entry["log"]).journal} <= bots  # fresh: no phone moved yet
        last_seed = entry["log"]["seed"]
        assert entry["table"]["host"] == 0 and entry["seats"][:3] == ["human"] * 3
        assert len(entry["seats"]) == players and all(kind.startswith("bot") for kind in entry["seats"][3:])
        still_paired(host, devices)
        for page in devices.values():
            page.wait_for_function(HEARD, arg=["ホストが新しいゲームを始めました。", told + 1], polling=100)
        assert play_moves(devices, host, rng, moves=2) == 2

    guests = [page for page in devices.values() if page is not host]
    new_game_on_host(host, lambda: host.get_by_role("button", name="みんなのスマホで遊ぶを終える").click())
    assert host.locator(TABLE).count() == 0 and saved(host, "bottle-imp").get("table") is None
    for guest in guests:
        guest.wait_for_selector(f"{TABLE} .rb-table-note:has-text('ホストとの接続が切れました')")

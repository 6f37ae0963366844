"""What a phone shows of a game: is every piece the reader may press, every piece of the reader's
hand, and every other seat's head line (its name and tags), on screen and uncovered, without
scrolling? One check for the phone test
(tests/browser/test_phone_screen.py), the contact sheet (build_tools/contact_sheet.py) and anyone
looking at a game on a phone:

    python -m build_tools.phone --game herrlof --players 2 --size 360x740 [--hint] [--out DIR]

plays one game by taps (a random legal piece at each of the reader's decisions, every other seat
a bot at once), prints each decision's kind and what was off screen or covered, and keeps a
picture of each kind of decision in DIR (default .cache/phone).

A piece is seen when its box lies whole inside the viewport and inside every box that clips it (a
seat that scrolls within itself), and the topmost element at its centre (`elementFromPoint`) is
the piece or inside it. A choice offered twice (a board's space and, for
the keyboard and screen readers, a list's button) is seen when one of its pieces is. The reader's
hand is what the views mark `.rb-hand` inside the reader's seat (`.rb-dock`): each child a piece.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from build_tools.browsers import CHROMIUM, CHROMIUM_ARGS
from build_tools.serve import serving
from engine.registry import find_game
from tests.browser.helpers import INSTANT_BOTS, frames, share_fragment, wait_settled

ROOT = Path(__file__).resolve().parent.parent
PHONES = [(360, 740), (390, 844)]
ON_ITS_SIDE = [(740, 360), (844, 390)]  # the same phones turned: two columns (sandbox.css)
SANDBOX = ".rb-sandbox"
BOOT_MS = 120_000
# the offline note (offline.js: remembered per site, this one served at its root), tested on its own;
# a new page's about:blank has no localStorage to write
QUIET = "try { localStorage.setItem('rb:offline-noted:/', 'yes') } catch {}"

# The part of the screen where `node` can be seen: the viewport cut by every box around it that
# clips what overflows it (a seat that scrolls within itself); [left, top, right, bottom]. Also
# the tutorial walk's (tests/browser/test_tutorials.py).
SHOWN_AREA = """(node) => {
  let [left, top, right, bottom] = [0, 0, innerWidth, innerHeight];
  // the page's own scroller (html, body) shows the viewport, whatever its box
  for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const c = box.getBoundingClientRect();
    [left, top] = [Math.max(left, c.left), Math.max(top, c.top)];
    [right, bottom] = [Math.min(right, c.right), Math.min(bottom, c.bottom)];
  }
  return [left, top, right, bottom];
}"""

# Every problem of the screen as the reader sees it now: choices, hand pieces and the pieces of
# other seats' head lines not seen (see the module's docstring), and the status line out of view.
# With ヒント's details open (`UNSEEN, True`), they lie over the status line (sandbox.css: a sheet over
# the panel's bar and the status line), so that is not asked; instead their 閉じる must be seen, and
# they must lie over nothing of the part of the table the decision is about, below the status line
# (what the held status line covers, it hides anyway): each part of the table (a child of the view's
# `.rb-game`, the reader's seat and choice among them) that holds a legal choice, and every other
# seat's public pieces that a decision needs (`.rb-glance`).
UNSEEN = f"""(hintOpen = false) => {{
  const shownArea = {SHOWN_AREA};
  const sandbox = document.querySelector(".rb-sandbox");
  const board = sandbox.querySelector(".rb-board");
  const name = (node) => (node.getAttribute("aria-label") || node.textContent || node.dataset.action || "")
    .replace(/\\s+/g, " ").trim().slice(0, 40);
  // "" when the node lies whole on the screen (inside the viewport and every box that clips it,
  // a scrolling seat's included) and is the topmost thing at its centre; else what is wrong
  const where = (node) => {{
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height) return "not drawn";
    const [left, top, right, bottom] = shownArea(node);
    const shownW = Math.min(r.right, right) - Math.max(r.left, left);
    const shownH = Math.min(r.bottom, bottom) - Math.max(r.top, top);
    if (shownW <= 0 || shownH <= 0) return `off screen (at ${{Math.round(r.left)}}, ${{Math.round(r.top)}})`;
    if (shownW < r.width - 1 || shownH < r.height - 1) {{
      return `cut (${{Math.round((100 * shownW * shownH) / (r.width * r.height))}} % shown)`;
    }}
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(node === hit || node.contains(hit))) {{
      const by = hit ? (hit.className?.baseVal ?? hit.className) || hit.nodeName : "nothing";
      return `covered by ${{String(by).slice(0, 40)}} "${{(hit?.textContent ?? "").trim().slice(0, 20)}}"`;
    }}
    return "";
  }};
  // "" when the topmost thing is the node or inside it at its centre and near its four corners
  const wholeUncovered = (node) => {{
    const r = node.getBoundingClientRect();
    const inset = Math.min(3, r.width / 4, r.height / 4);
    const xs = [r.left + inset, r.left + r.width / 2, r.right - inset];
    const ys = [r.top + inset, r.top + r.height / 2, r.bottom - inset];
    for (const [x, y] of [[xs[1], ys[1]], [xs[0], ys[0]], [xs[2], ys[0]], [xs[0], ys[2]], [xs[2], ys[2]]]) {{
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(node === hit || node.contains(hit))) {{
        const by = hit ? (hit.className?.baseVal ?? hit.className) || hit.nodeName : "nothing";
        return `covered at (${{Math.round(x)}}, ${{Math.round(y)}}) by ${{String(by).slice(0, 40)}}`;
      }}
    }}
    return "";
  }};
  const problems = [];
  const byAction = new Map();
  for (const node of board.querySelectorAll("[data-action]")) {{
    if (node.disabled) continue;
    const list = byAction.get(node.dataset.action) ?? [];
    list.push(node);
    byAction.set(node.dataset.action, list);
  }}
  for (const [action, nodes] of byAction) {{
    const seen = nodes.map(where);
    if (!seen.includes("")) problems.push(`choice ${{action}} 「${{name(nodes[0])}}」: ${{seen[0]}}`);
  }}
  for (const piece of board.querySelectorAll(".rb-dock .rb-hand > *")) {{
    const why = where(piece);
    if (why) problems.push(`hand piece 「${{name(piece)}}」: ${{why}}`);
  }}
  // every other seat's head line (its name and tags: score, cards... what a player glances at,
  // LAYOUT.md) is read whole: each piece on screen, its middle and corners uncovered (a line half
  // under the reader's seat left its centre free). Upright only: on its side the table is a
  // column that scrolls, Rondo's board its whole height, the seats below.
  const heads = board.querySelectorAll(".rb-game .rb-seat:not(.rb-dock .rb-seat) > .rb-seat-head");
  for (const head of innerHeight > innerWidth ? heads : []) {{
    for (const piece of head.children.length ? head.children : [head]) {{
      const why = where(piece) || wholeUncovered(piece);
      if (why) problems.push(`other seat's head 「${{name(head)}}」, 「${{name(piece)}}」: ${{why}}`);
    }}
  }}
  const status = sandbox.querySelector(".rb-status");
  const s = status.getBoundingClientRect();
  const cut = s.top < 0 || s.bottom > innerHeight;
  if (!hintOpen && (cut || where(status))) problems.push(`status line: ${{where(status) || "cut"}}`);
  if (hintOpen) {{
    const details = sandbox.querySelector(".rb-hint");
    const close = details.querySelector(".rb-hint-dismiss");
    if (where(close)) problems.push(`ヒント's 閉じる: ${{where(close)}}`);
    const d = details.getBoundingClientRect();
    const foot = sandbox.querySelector(".rb-head").getBoundingClientRect().bottom;
    const game = board.querySelector(".rb-game");
    const legal = (part) => [part, ...part.querySelectorAll("[data-action]")]
      .some((node) => node.dataset.action && !node.disabled);
    const glances = game.querySelectorAll(".rb-seat:not(.rb-dock .rb-seat) .rb-glance");
    for (const part of [...[...game.children].filter(legal), ...glances]) {{
      const r = part.getBoundingClientRect();
      const [top, bottom] = [Math.max(r.top, foot), Math.min(r.bottom, innerHeight)];
      const across = Math.min(r.right, d.right) - Math.max(r.left, d.left);
      const down = Math.min(bottom, d.bottom) - Math.max(top, d.top);
      if (r.width && r.height && across > 0.5 && down > 0.5) {{
        problems.push(`ヒント's details over 「${{name(part)}}」 (${{Math.round(down)}} px of it)`);
      }}
    }}
  }}
  for (const mark of board.querySelectorAll(".rb-hint-best")) {{
    const why = where(mark);
    if (why) problems.push(`hint's mark 「${{name(mark)}}」: ${{why}}`);
  }}
  return problems;
}}"""

# The reader's choices now, each once, with the point a finger taps: the centre of a piece of it
# that is the topmost thing there.
PRESSABLE = """() => {
  const board = document.querySelector(".rb-sandbox .rb-board");
  const found = new Map();
  for (const node of board.querySelectorAll("[data-action]")) {
    if (node.disabled || found.has(node.dataset.action)) continue;
    const r = node.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const top = r.width && r.height ? document.elementFromPoint(x, y) : null;
    if (top && (top === node || node.contains(top))) found.set(node.dataset.action, [x, y]);
  }
  return [...found].sort();
}"""

# The reader's legal actions as the board offers them.
ACTIONS = """() => [...new Set([...document.querySelectorAll(".rb-sandbox .rb-board [data-action]")]
  .filter((node) => !node.disabled).map((node) => node.dataset.action))].sort()"""


@dataclass
class Decision:
    """One of the reader's decisions: its kind (the legal actions' kinds) and what was unseen."""

    number: int
    kind: str
    problems: list[str] = field(default_factory=list)


def kind_of(actions: list[str]) -> str:
    """A decision's kind: the kinds of its legal actions (the part of an id before its first ':'
    and, where the id has three parts, its second: `place:pick:G11` is place:pick)."""
    parts = [action.split(":") for action in actions]
    kinds = {":".join(part[:2]) if len(part) >= 3 else part[0] for part in parts}
    return " ".join(sorted(kinds))


def phone_context(browser: Browser, size: tuple[int, int], **options: Any) -> Any:
    """A phone's browser context: its viewport, touch, a phone's user agent behaviour."""
    context = browser.new_context(
        locale="ja-JP",
        viewport={"width": size[0], "height": size[1]},
        is_mobile=True,
        has_touch=True,
        **options,
    )
    context.add_init_script(INSTANT_BOTS)
    context.add_init_script(QUIET)
    return context


def open_game(page: Page, base: str, log: dict[str, Any], seats: list[str]) -> None:
    """The game page with `log` opened through a share link, its sandbox open on the screen."""
    page.goto(f"{base}{log['game']}.html{share_fragment({'log': log, 'seats': seats})}")
    settle_to_reader(page)
    fab = page.locator(".rb-play-fab")
    if fab.is_visible():
        fab.tap()
        page.wait_for_function("document.documentElement.dataset.rbPanel === 'open'")


def reader_seats(game_id: str, players: int) -> list[str]:
    """The reader in the first seat, the game's default bots in the others."""
    default = find_game(game_id).default_seats(players)
    bots = [kind for kind in default if kind != "human"] or ["bot:heuristic"]
    return ["human"] + [bots[i % len(bots)] for i in range(players - 1)]


def settle_to_reader(page: Page) -> str:
    """Wait until the reader is to move or the game is over; returns data-rb-next."""
    page.wait_for_function(
        "() => { const el = document.querySelector('.rb-sandbox');"
        " return el.dataset.rbState === 'ready' && ['human', 'over'].includes(el.dataset.rbNext); }",
        timeout=BOOT_MS,
        polling=100,
    )
    return page.get_attribute(SANDBOX, "data-rb-next") or ""


def play_by_taps(
    page: Page,
    *,
    seed: int,
    max_decisions: int = 10_000,
    at_decision: Any = None,
    choose: Callable[[], str | None] | None = None,
) -> Iterator[Decision]:
    """Tap a random seen legal piece at each of the reader's decisions until the game ends (or
    `max_decisions`), yielding each decision with what was unseen before the tap. `at_decision
    (page, decision)` runs before the tap (a picture, a hint). `choose()`, if given, names the
    action to tap instead (a player's plan: random taps may pick and unpick a piece for ever), the
    random piece where it names none that a finger can reach."""
    rng = random.Random(seed)
    for number in range(max_decisions):
        if settle_to_reader(page) == "over":
            return
        actions = page.evaluate(ACTIONS)
        decision = Decision(number, kind_of(actions), page.evaluate(UNSEEN))
        if at_decision:
            at_decision(page, decision)
        yield decision
        pressable = page.evaluate(PRESSABLE)
        before = frames(page)
        planned = dict(pressable).get(choose()) if choose else None
        if planned:
            page.touchscreen.tap(*planned)
        elif pressable:
            _, (x, y) = rng.choice(pressable)
            page.touchscreen.tap(x, y)
        else:  # nothing a finger can reach (said in the decision's problems): go on all the same
            piece = page.locator(f'{SANDBOX} .rb-board [data-action="{rng.choice(actions)}"]').first
            piece.dispatch_event("click")
        wait_settled(page, after=before)


@contextmanager
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--size", default="360x740")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=10_000, help="stop after this many")
    parser.add_argument("--hint", action="store_true", help="press ヒント at each decision first")
    parser.add_argument("--out", type=Path, default=ROOT / ".cache" / "phone")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    shot: set[str] = set()

    def look(page: Page, decision: Decision) -> None:
        if args.hint:
            page.locator(f"{SANDBOX} .rb-hint-button").tap()
            page.wait_for_function("!document.querySelector('.rb-hint-button').disabled", polling=100)
            decision.problems = page.evaluate(UNSEEN, True)
        name = f"{args.game}-{args.players}-{width}-{decision.kind.replace(':', '_').replace(' ', '+')}"
        if name not in shot or decision.problems:
            shot.add(name)
            page.screenshot(path=args.out / f"{name}{'-BAD' if decision.problems else ''}.png")
        if args.hint:
            page.locator(f"{SANDBOX} .rb-hint-dismiss").tap()

    log = {"game": args.game, "players": args.players, "seed": args.seed, "options": {}, "actions": []}
    with serving(ROOT / "site", quiet=True) as base, chromium() as browser:
        page = phone_context(browser, (width, height)).new_page()
        open_game(page, base, log, reader_seats(args.game, args.players))
        bad = 0
        for decision in play_by_taps(page, seed=args.seed, max_decisions=args.decisions, at_decision=look):
            bad += bool(decision.problems)
            flag = "  ".join(decision.problems)
            print(f"{decision.number:3d} {decision.kind:30s} {flag}")
        print(f"{bad} decisions with something unseen; pictures in {args.out}")


if __name__ == "__main__":
    main()

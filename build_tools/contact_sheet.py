"""A contact sheet of every tutorial and of every kind of decision of every game: anyone can look
through what a phone reader sees in a minute, without playing. From the built site, in Debian's
Chromium:

- every tutorial at 390 × 844: one PNG per step, and one after each of a step's moves that leaves
  the step on screen (the moves are the first the step takes, chosen on a host Python session that
  follows the page);
- every game at every player count at 360 × 740 (or --size), in a phone's context (touch), played by taps
  (build_tools/phone.py): the first time each kind of decision comes up, one PNG of ordinary play,
  one with ヒント open, and one on a table guest's phone (みんなのスマホで遊ぶ between two pages
  of one browser, the guest in the reader's seat, every other seat a bot).

    python -m build_tools.contact_sheet [--game rondo] [--only tutorials|decisions]
        [--size 390x844] [--out .cache/contact-sheet]   (make contact-sheet)

Files: <game>-<tutorial>-<NN>.png (step NN as it comes up), <game>-<tutorial>-<NN>-<k>.png (after
the step's k-th move, while the step still waits), <game>-<tutorial>-end.png (what was learned);
decisions/<game>-<N>p-<kind>-{play,hint,guest}.png, with -BAD where something was unseen.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from build_tools.browsers import CHROMIUM, CHROMIUM_ARGS
from build_tools.phone import Decision, open_game, phone_context, play_by_taps, reader_seats
from build_tools.serve import serving
from engine.registry import games
from engine.session import Session
from engine.tutorial import ANY

ROOT = Path(__file__).resolve().parent.parent
PHONE = {"width": 390, "height": 844}
SANDBOX = ".rb-sandbox"
READY = f"document.querySelector('{SANDBOX}')?.dataset.rbState === 'ready'"
FRAMES = f"Number(document.querySelector('{SANDBOX}')?.dataset.rbFrames ?? 0)"
MAX_PRESSES = 300
BOOT_MS = 120_000
GUEST_TAP_MS = 110
"""A guest's taps at most one per this: the host refuses a seat's messages past 10 a second (after
a burst of 60: table/protocol.js RATE), which taps as fast as the browser answers outran in a
long exchange of No Return's counters (no finger does)."""


def reader_action(session: Session) -> str | None:
    """What a reader following the tutorial does next: None on a read step (次へ), else the first
    move the step takes (the first legal one, where it takes any)."""
    coach = session.coach
    assert coach is not None, "the tutorial is no longer on"
    if coach.waiting(session.state) != "move":
        return None
    step, legal = coach.step(), session.state.legal_actions()
    return legal[0] if step.play == ANY else next(a for a in step.play if a in legal)


def settle(session: Session) -> None:
    """Let the script move, as the page's worker does, until the reader is asked again."""
    while session.next_step() == "bot":
        session.step()


def wait_frame(page: Page, before: int) -> None:
    page.wait_for_function(
        f"{FRAMES} > {before} && document.querySelector('{SANDBOX}').dataset.rbState === 'ready'",
        timeout=BOOT_MS,
        polling=100,
    )


def shoot(page: Page, path: Path) -> None:
    page.evaluate("document.fonts.ready")
    page.screenshot(path=path, animations="disabled")


def sheet(page: Page, base: str, game_id: str, name: str, out: Path) -> int:
    """Play one tutorial on the page, a picture at every step and after every move; returns the
    pictures taken."""
    page.goto(f"{base}{game_id}.html")
    page.wait_for_function(READY, timeout=BOOT_MS)
    session = Session.tutorial(game_id, name)
    before = page.evaluate(FRAMES)
    page.locator(f".rb-tutorial-links #{name}").click()
    wait_frame(page, before)
    moves, last = 0, None
    for taken in range(MAX_PRESSES):
        coach = session.frame()["coach"]
        at = coach["step"]
        if coach["waiting"] == "done":
            shoot(page, out / f"{game_id}-{name}-end.png")
            return taken + 1
        moves = moves + 1 if at == last else 0
        last = at
        shoot(page, out / f"{game_id}-{name}-{at:02d}{f'-{moves}' if moves else ''}.png")
        action = reader_action(session)
        before = page.evaluate(FRAMES)
        if action is None:
            page.locator(f"{SANDBOX} .rb-coach-next").click()
            session.coach_command("next")
        else:
            page.locator(f'{SANDBOX} .rb-board button[data-action="{action}"]').first.click()
            session.act(action)
        settle(session)
        wait_frame(page, before)
    raise AssertionError(f"{game_id} {name}: no end after {MAX_PRESSES} presses")


def decisions(
    browser: Browser, base: str, game_id: str, players: int, out: Path, size: tuple[int, int]
) -> int:
    """Pictures of each kind of decision of one table, in ordinary play and with ヒント open;
    returns how many."""
    page = phone_context(browser, size).new_page()
    log = {"game": game_id, "players": players, "seed": 3, "options": {}, "actions": []}
    open_game(page, base, log, reader_seats(game_id, players))
    taken: set[str] = set()

    def look(page: Page, decision: Decision) -> None:
        name = f"{game_id}-{players}p-{decision.kind.replace(':', '_').replace(' ', '+')}"
        if name in taken:
            return
        taken.add(name)
        shoot(page, out / f"{name}-play{'-BAD' if decision.problems else ''}.png")
        page.locator(".rb-sandbox .rb-hint-button").tap()
        page.wait_for_function("!document.querySelector('.rb-sandbox .rb-hint-button').disabled", polling=100)
        shoot(page, out / f"{name}-hint.png")
        page.locator(".rb-sandbox .rb-hint-dismiss").tap()

    for _ in play_by_taps(page, seed=players, at_decision=look):
        pass
    page.context.close()
    return 2 * len(taken)


def guest_decisions(
    browser: Browser, base: str, game_id: str, players: int, out: Path, size: tuple[int, int]
) -> int:
    """Pictures of each kind of decision on a table guest's phone (the guest in the first seat);
    returns how many."""
    from tests.browser.table import answer, connected, invite, paste  # the one driver of a table

    context = phone_context(browser, size)
    host, guest = context.new_page(), context.new_page()
    host.goto(f"{base}{game_id}.html?rb-transport=bc")
    host.wait_for_function(READY, timeout=BOOT_MS)
    bot = reader_seats(game_id, players)[1]
    [link] = invite(host, ["friend"] + [bot] * (players - 1))
    paste(host, answer(guest, link))
    connected(host, 0)
    guest.bring_to_front()
    taken: set[str] = set()

    def look(page: Page, decision: Decision) -> None:
        name = f"{game_id}-{players}p-{decision.kind.replace(':', '_').replace(' ', '+')}"
        if name not in taken:
            taken.add(name)
            shoot(page, out / f"{name}-guest{'-BAD' if decision.problems else ''}.png")
        page.wait_for_timeout(GUEST_TAP_MS)

    for _ in play_by_taps(guest, seed=players, at_decision=look):
        pass
    context.close()
    return len(taken)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one game only")
    parser.add_argument("--only", choices=["tutorials", "decisions"], help="one kind of picture only")
    parser.add_argument("--size", default="360x740", help="the phone of the decisions' pictures")
    parser.add_argument("--out", type=Path, default=ROOT / ".cache" / "contact-sheet")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    shutil.rmtree(args.out, ignore_errors=True)
    (args.out / "decisions").mkdir(parents=True)
    chosen = {game_id: game for game_id, game in games().items() if args.game in (None, game_id)}
    with serving(ROOT / "site", quiet=True) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if args.only != "decisions":
            page = browser.new_page(locale="ja-JP", viewport=PHONE)
            for game_id, game in chosen.items():
                for name in game.tutorials:
                    taken = sheet(page, base, game_id, name, args.out)
                    print(f"{game_id} {name}: {taken} pictures")
            page.close()
        if args.only != "tutorials":
            for game_id, game in chosen.items():
                for players in game.info.players:
                    out = args.out / "decisions"
                    taken = decisions(browser, base, game_id, players, out, (width, height))
                    taken += guest_decisions(browser, base, game_id, players, out, (width, height))
                    print(f"{game_id} at {players}: {taken} pictures of decisions")
        browser.close()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

"""A contact sheet of every tutorial: one PNG per step, and one after each of a step's moves that
leaves the step on screen, at 390 × 844 in Debian's Chromium, from the built site. Anyone can look
through what a phone reader sees at every step in a minute, without playing the tutorials.

    python -m build_tools.contact_sheet [--game rondo] [--out .cache/contact-sheet]   (make contact-sheet)

Files: <game>-<tutorial>-<NN>.png (step NN as it comes up), <game>-<tutorial>-<NN>-<k>.png (after
the step's k-th move, while the step still waits), <game>-<tutorial>-end.png (what was learned).
The moves are the first the step takes, chosen on a host Python session that follows the page.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from build_tools.browsers import CHROMIUM, CHROMIUM_ARGS
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one game's tutorials only")
    parser.add_argument("--out", type=Path, default=ROOT / ".cache" / "contact-sheet")
    args = parser.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    args.out.mkdir(parents=True)
    with serving(ROOT / "site", quiet=True) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(locale="ja-JP", viewport=PHONE)
        for game_id, game in games().items():
            if args.game not in (None, game_id):
                continue
            for name in game.tutorials:
                taken = sheet(page, base, game_id, name, args.out)
                print(f"{game_id} {name}: {taken} pictures")
        browser.close()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

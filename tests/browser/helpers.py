"""Drive a sandbox through its page the way a reader does: wait for its state, click its buttons."""

from __future__ import annotations

import base64
import json
import random
from typing import Any

from playwright.sync_api import Page

SANDBOX = ".rb-sandbox"
BOOT_TIMEOUT_MS = 90_000
PROPOSALS = {"propose", "accept", "decline"}


def share_fragment(entry: dict[str, Any]) -> str:
    """The '#rb=…' fragment of a share link for {log, seats}."""
    data = base64.urlsafe_b64encode(json.dumps(entry).encode()).rstrip(b"=")
    return "#rb=" + data.decode()


def decode_fragment(url: str) -> dict[str, Any]:
    data = url.split("#rb=", 1)[1]
    return json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))


def new_log(seed: int) -> dict[str, Any]:
    return {"game": "necropolis", "players": 2, "seed": seed, "options": {}, "actions": []}


def wait_settled(page: Page, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait until the sandbox is ready for the reader (or has failed: then say why)."""
    page.wait_for_function(
        "sel => ['ready', 'error'].includes(document.querySelector(sel)?.dataset.rbState)",
        arg=SANDBOX,
        timeout=timeout,
    )
    state = page.get_attribute(SANDBOX, "data-rb-state")
    assert state == "ready", page.inner_text(SANDBOX)


def open_sandbox(page: Page, url: str) -> None:
    page.goto(url)
    wait_settled(page)


def next_step(page: Page) -> str:
    return page.get_attribute(SANDBOX, "data-rb-next") or ""


def move_lines(page: Page) -> list[str]:
    return page.locator(f"{SANDBOX} .rb-log li").all_inner_texts()


def saved(page: Page, game: str = "necropolis") -> dict[str, Any]:
    """The {log, seats} the shell keeps in localStorage for a game."""
    return page.evaluate("key => JSON.parse(localStorage.getItem(key))", f"rb:{game}")


def legal_buttons(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        f"{SANDBOX} .rb-board button[data-action]:not(:disabled)",
        "buttons => buttons.map(b => b.dataset.action)",
    )


def choose(page: Page, rng: random.Random) -> str:
    """Any enabled action button, preferring those that do not propose or answer an ending."""
    actions = legal_buttons(page)
    assert actions, "a human is to move but no action button is enabled"
    return rng.choice([a for a in actions if a not in PROPOSALS] or actions)


def click_action(page: Page, action: str) -> None:
    page.locator(f'{SANDBOX} .rb-board button[data-action="{action}"]').first.click()
    wait_settled(page)


def click_command(page: Page, command: str) -> None:
    page.locator(f'{SANDBOX} .rb-board button[data-command="{command}"]').click()
    wait_settled(page)


def click_control(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()
    wait_settled(page)

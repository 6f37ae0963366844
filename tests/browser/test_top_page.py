"""The top page, as a reader choosing a game meets it: a card per game that opens the game's page
wherever it is pressed, and no Python started (no worker, no runtime fetched) until a game's page."""

from __future__ import annotations

from playwright.sync_api import Page

from engine.registry import games

PYTHON = ("pyodide", "vendor/python", "sandbox/worker")  # the runtime, the engine, the sandbox's worker


def test_the_top_page_shows_the_games_and_starts_no_python(sandbox_page: Page, http_server: str) -> None:
    page = sandbox_page
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(http_server + "index.html", wait_until="networkidle")
    cards = page.locator(".rb-game-cards li")
    assert cards.count() == len(games())
    for card in cards.all():
        box = card.locator(".rb-card-picture").bounding_box()
        assert box is not None and box["width"] > 0 and 0 < box["height"] <= 130, "a small picture"
    started = fetched + [worker.url for worker in page.workers]  # material's search has its own
    assert [url for url in started if any(part in url for part in PYTHON)] == []
    line = cards.nth(list(games()).index("rondo")).locator(".rb-card-line")
    line.scroll_into_view_if_needed()
    box = line.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # on the text, not the link
    page.wait_for_url("**/rondo.html")

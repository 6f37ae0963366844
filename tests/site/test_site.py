"""The built site: strict build, pages, offline assets, and Japanese search."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from build_tools.serve import serving
from engine.registry import find_game, games
from tests.browser.helpers import search_hit
from tests.conftest import Guard

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["index.html", "about.html", *(f"{game_id}.html" for game_id in sorted(games()))]
# (page, compound word): words a reader of that page would search for.
COMPOUND_WORDS = [
    ("necropolis", "墓地"),
    ("necropolis", "作りなおし"),
    ("necropolis", "得点計算"),
    ("necropolis", "マスタバ"),
    ("no-return", "手元カウンター"),
    ("no-return", "上ブタ"),
    ("no-return", "スタートプレイヤー"),
    ("bottle-imp", "インプのトリック"),
    ("rondo", "灰色のマス"),
    ("herrlof", "ヴァルクヌート"),
    ("herrlof", "切り札表示"),
]


class FetchedUrls(HTMLParser):
    """Collect the URLs a browser would fetch: every src, and every <link href> but rel=canonical."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.urls += [value for name, value in attrs if name == "src" and value]
        if tag == "link" and values.get("rel") != "canonical" and values.get("href"):
            self.urls.append(values["href"])


@pytest.mark.usefixtures("site_dir")  # the build needs the vendored runtime
def test_strict_build_passes(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site" / "sitemap.xml").is_file()


@pytest.mark.parametrize("name", PAGES)
def test_page_is_built(site_dir: Path, name: str) -> None:
    text = (site_dir / name).read_text(encoding="utf-8")
    assert '<html lang="ja"' in text


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_rule_a_refusal_names_is_an_anchor_on_the_page(site_dir: Path, game_id: str) -> None:
    text = (site_dir / f"{game_id}.html").read_text(encoding="utf-8")
    missing = [a for a in find_game(game_id).info.rule_anchors if f'id="{a}"' not in text]
    assert missing == [], f"{game_id}.html lacks the anchors {missing}"


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_game_page_has_its_sandbox_and_is_in_the_nav(site_dir: Path, game_id: str) -> None:
    text = (site_dir / f"{game_id}.html").read_text(encoding="utf-8")
    assert f'<div class="rb-sandbox" data-game="{game_id}"' in text  # and its pre-drawn file
    index = (site_dir / "index.html").read_text(encoding="utf-8")
    assert f'href="{game_id}.html"' in index


def test_no_page_fetches_from_elsewhere(site_dir: Path) -> None:
    fetched: dict[str, list[str]] = {}
    for html_file in sorted(site_dir.rglob("*.html")):
        parser = FetchedUrls()
        parser.feed(html_file.read_text(encoding="utf-8"))
        assert parser.urls, f"{html_file.name}: no assets found, the parser is broken"
        fetched[html_file.name] = [url for url in parser.urls if urlsplit(url).scheme or url.startswith("//")]
    assert {name: urls for name, urls in fetched.items() if urls} == {}


def test_vendored_runtime_is_trimmed_and_files_match_the_manifest(site_dir: Path) -> None:
    vendor = site_dir / "assets" / "vendor"
    lock = json.loads((vendor / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.14")
    manifest = json.loads((vendor / "python" / "manifest.json").read_text())
    for kind in ("wheel", "stdlib"):
        published = vendor / "python" / manifest[kind]["file"]
        digest = hashlib.sha256(published.read_bytes()).hexdigest()
        assert digest == manifest[kind]["sha256"] and digest[:16] in published.name


def test_search_index_is_japanese_and_holds_the_words(site_dir: Path) -> None:
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == ["ja"]
    missing = [
        (name, word)
        for name, word in COMPOUND_WORDS
        if not any(word in d["text"] + d["title"] for d in index["docs"] if d["location"].startswith(name))
    ]
    assert missing == []


@pytest.fixture(scope="module")
def search_page(browser: Browser, http_server: str) -> Iterator[Page]:
    """One page whose search index is built once for every word (guarded like every page)."""
    guard = Guard()
    context = browser.new_context(locale="ja-JP")
    guard.watch(context)
    context.on("page", guard.watch_page)
    page = context.new_page()
    page.goto(http_server + "index.html")
    yield page
    context.close()
    guard.check()


@pytest.mark.parametrize(("name", "word"), COMPOUND_WORDS)
def test_search_finds_compound_word(search_page: Page, name: str, word: str) -> None:
    hit = search_hit(search_page, word, name)
    expect(hit).to_be_visible(timeout=60_000)  # the first word waits for the index to be built
    marks = search_page.locator(f".md-search-result__item a[href*='/{name}.html'] mark")
    expect(marks.first).to_be_visible()


# Runs before the site's scripts, so the rebasing wrapper wraps this one and has finished its work
# (and Material has subscribed to clicks) by the time the flag can be polled.
SITEMAP_PARSED = """
const parse = DOMParser.prototype.parseFromString;
DOMParser.prototype.parseFromString = function (text, type) {
  const doc = parse.call(this, text, type);
  if (type === "text/xml") window.rbSitemapParsed = true;
  return doc;
};
"""


@pytest.fixture
def sub_path_server(site_dir: Path, tmp_path: Path) -> Iterator[str]:
    """Serve the same site under /games/rules/ on another free port."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "rules").symlink_to(site_dir)
    with serving(tmp_path) as url:
        yield url + "games/rules/"


@pytest.mark.parametrize("root", ["http_server", "sub_path_server"])
def test_instant_navigation_on_any_port_and_path(
    page: Page, root: str, request: pytest.FixtureRequest
) -> None:
    base = request.getfixturevalue(root)
    page.add_init_script(SITEMAP_PARSED)
    page.goto(base + "index.html")
    # Material follows a link in place only once it has read the sitemap; a quicker click reloads.
    page.wait_for_function("window.rbSitemapParsed === true")
    page.evaluate("window.rbSamePage = true")
    page.locator(".md-nav__link[href$='about.html']").first.click()
    page.wait_for_url(base + "about.html")
    assert page.evaluate("window.rbSamePage === true"), "the click reloaded the page"
    # The page is still fetching the shell and the search's files: leave it before the server
    # stops, or a reset connection is logged on the console (a loaded machine met it in CI).
    page.goto("about:blank")

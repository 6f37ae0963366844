"""MkDocs hooks: check the vendored runtime, add each game's stylesheet, draw the engine's figures,
draw the top page's cards of the games, start the sandbox's worker and shell early, point each
sandbox at its pre-drawn first frames (build_tools/predrawn.py) and have it mounted as soon as it
is parsed; after the build, write those frames, then make the site offline and installable
(build_tools/offline.py).

A page asks for a figure with `<div class="rb-figure" data-game="G" data-figure="N"></div>`;
the hook replaces the element with `engine.figures.render_figure(G, N)`, and
`<div class="rb-tutorial-links" data-game="G"></div>` with the buttons of G's tutorials. An unknown figure, or
a placeholder missing either attribute, fails the build. `<div class="rb-game-cards"></div>`
becomes a card per registered game (build_tools/game_cards.py), once every page has been read.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from build_tools.game_cards import RulesPage, cards
from build_tools.module_graph import static_imports
from build_tools.offline import SERVICE_WORKER, write_app, write_service_worker
from build_tools.predrawn import engine_digest, file_name, first
from build_tools.predrawn import write as write_predrawn
from build_tools.runtime import MANIFEST
from build_tools.vendor import vendored_files
from engine.figures import render_figure, render_tutorial_links
from engine.registry import PACKAGES

PLACEHOLDER = re.compile(r"""<div\b(?P<attrs>[^>]*\bclass=["']rb-figure["'][^>]*)>\s*</div>""")
ATTRIBUTE = re.compile(r"""\b(data-game|data-figure)=["']([^"']*)["']""")
TUTORIALS = re.compile(r"""<div class="rb-tutorial-links" data-game="(?P<game>[^"]*)">\s*</div>""")
SANDBOX = re.compile(r"""<div class="rb-sandbox" data-game="(?P<game>[^"]*)"></div>""")
PREDRAWN = re.compile(r'\bdata-game="(?P<game>[^"]*)" data-rb-predrawn="(?P<url>[^"]*)"')
# The page's own script right after each sandbox: its pre-drawn board is drawn as soon as the parser
# has it (early.js, first/draw.js), and the shell mounts it once its modules run.
PARSED = "<script>window.__rbSandboxParsed?.(document.currentScript.previousElementSibling)</script>"
# The page's own script after material's sidebar beside the rules: the pre-drawn board may be drawn
# there before the parser reaches the sandbox at the rules' end (first/draw.js drawAhead).
CONTENT = '<div class="md-content"'
SIDEBAR_PARSED = "<script>window.__rbSidebarParsed?.()</script>"
CARDS = re.compile(r"""<div class=["']rb-game-cards["']>\s*</div>""")


GAME_STYLES = "assets/stylesheets/games"
# copied inline into the <head> of a page with a sandbox, in this order: the parts of
# globalThis.rbFirst (first/element.js), each after the parts it uses, then early.js, which uses them
# (the shell's modules import the parts they use in this order too)
FIRST = "assets/javascripts/sandbox/first"
INLINE = (
    *(f"{FIRST}/{part}.js" for part in ("element", "controls", "saved", "panel", "unpack", "draw")),
    "assets/javascripts/sandbox/early.js",
)
# a line that is a comment alone, or a /** … */ block of lines: what every page need not carry
COMMENT_LINES = re.compile(r"^[ \t]*(?://[^\n]*|/\*\*.*?\*/[ \t]*)\n", re.MULTILINE | re.DOTALL)
WORKER = "assets/javascripts/sandbox/worker.mjs"
SHELL = "assets/javascripts/sandbox/index.js"  # in the worker's folder
CHARSET = '<meta charset="utf-8">'
SHORT_NAME = "ルールブック"  # under an installed app's icon, where the whole name is cut
DIGEST = engine_digest()  # of the engine the pre-drawn frames come from


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Stop early, with the fix, when the vendored runtime or the engine wheel is missing; add
    every game's own stylesheet (assets/stylesheets/games/<game id>.css), so a new game needs no
    line in mkdocs.yml for it."""
    missing = [path for path in (*vendored_files(), MANIFEST) if not path.is_file()]
    if missing:
        names = ", ".join(str(path.relative_to(config.docs_dir)) for path in missing)
        raise PluginError(f"vendored files missing under docs/: {names}. Run `make site`.")
    styles = sorted(Path(config.docs_dir, GAME_STYLES).glob("*.css"))
    config.extra_css.extend(f"{GAME_STYLES}/{path.name}" for path in styles)
    return config


def on_page_content(html_text: str, page: Page, **_: object) -> str:
    """Replace every figure placeholder of the page with the engine's drawing, and the tutorials'
    placeholder with their buttons."""

    def draw(match: re.Match[str]) -> str:
        attrs = dict(ATTRIBUTE.findall(match["attrs"]))
        if set(attrs) != {"data-game", "data-figure"}:
            raise PluginError(f"{page.file.src_path}: rb-figure needs data-game and data-figure: {match[0]}")
        game, name = html.unescape(attrs["data-game"]), html.unescape(attrs["data-figure"])
        try:
            return render_figure(game, name)
        except (KeyError, ValueError) as error:
            raise PluginError(f"{page.file.src_path}: figure {game}/{name}: {error}") from error

    def tutorials(match: re.Match[str]) -> str:
        try:
            return render_tutorial_links(html.unescape(match["game"]))
        except ValueError as error:
            raise PluginError(f"{page.file.src_path}: tutorials of {match['game']}: {error}") from error

    def predrawn(match: re.Match[str]) -> str:
        url = get_relative_url(file_name(html.unescape(match["game"]), DIGEST), page.url)
        attributes = f'data-game="{match["game"]}" data-rb-predrawn="{html.escape(url)}"'
        return f'<div class="rb-sandbox" {attributes}></div>{PARSED}'

    return SANDBOX.sub(predrawn, TUTORIALS.sub(tutorials, PLACEHOLDER.sub(draw, html_text)))


def on_page_context(context: dict[str, Any], page: Page, nav: Navigation, **_: object) -> dict[str, Any]:
    """Draw the games' cards where a page asks for them: by now every page has been read, so
    each card can take its line and time from its game's rules page."""
    if page.content and CARDS.search(page.content):
        pages = {
            other.file.src_uri.removesuffix(".md"): RulesPage(
                href=get_relative_url(other.url, page.url),
                markdown=other.markdown or "",
                description=str(other.meta.get("description", "")),
                html=other.content or "",
            )
            for other in nav.pages
        }
        page.content = CARDS.sub(lambda _: cards(pages), page.content)
    return context


def on_post_page(output: str, page: Page, config: MkDocsConfig, **_: object) -> str:
    """On a page with a sandbox, start its worker first thing in <head>: early.js, inline (a file
    would cost a request first), before the stylesheets (which hold a script back until they
    have loaded), with the sandbox's pre-drawn file for it to fetch at once and every module of
    the shell for it to ask for (paths from the worker's folder); the parts of first/ before it,
    which draw that board as soon as the parser reaches material's sidebar beside the rules (where
    the panel goes on a wide screen) or the sandbox."""
    if 'class="rb-sandbox"' not in output:
        return output
    if CHARSET not in output:
        raise PluginError(f"{page.file.src_path}: no {CHARSET} to put the early worker after")
    sources = (Path(config.docs_dir, name).read_text(encoding="utf-8") for name in INLINE)
    code = without_comments("".join(sources))
    found = PREDRAWN.search(output)
    predrawn = (
        f' data-predrawn="{found["url"]}" data-first="{first(html.unescape(found["game"]), DIGEST)}"'
        if found
        else ""
    )
    shell = Path(config.docs_dir, SHELL).resolve()
    modules = " ".join(module.relative_to(shell.parent).as_posix() for module in static_imports(shell))
    worker = get_relative_url(WORKER, page.url)
    script = f'<script data-worker="{worker}"{predrawn} data-shell="{modules}">\n{code}</script>'
    return output.replace(CHARSET, CHARSET + script, 1).replace(CONTENT, SIDEBAR_PARSED + CONTENT, 1)


def without_comments(code: str) -> str:
    """`code` without its comment lines and blank lines: the files keep them for their readers,
    a page served as it is (a plain host compresses nothing) need not carry them (30 KB: 19 KB)."""
    return "\n".join(line for line in COMMENT_LINES.sub("", code).splitlines() if line.strip()) + "\n"


@event_priority(-1000)  # after every plugin's: material's offline plugin writes its files at -100
def on_post_build(config: MkDocsConfig, **_: object) -> None:
    """The pre-drawn frames, the web app manifest and its icons (drawn from the header's logo),
    then the service worker with the list of every built file: last, so that the list is the
    whole site."""
    site = Path(config.site_dir)
    write_predrawn(site, list(PACKAGES), DIGEST)
    description = config.site_description or ""
    logo = header_logo(config)
    write_app(site, logo, name=config.site_name, short_name=SHORT_NAME, description=description)
    source = Path(config.docs_dir, SERVICE_WORKER).read_text(encoding="utf-8")
    write_service_worker(site, source)


def header_logo(config: MkDocsConfig) -> str:
    """The SVG of the icon material puts in the header (theme.icon.logo, by default its library)."""
    icon = (config.theme.get("icon") or {}).get("logo") or "material/library"
    for folder in config.theme.dirs:
        path = Path(folder, ".icons", f"{icon}.svg")
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise PluginError(f"the header's logo {icon} was not found among the theme's icons")

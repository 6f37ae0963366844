"""The MkDocs hooks: the engine's figures drawn into the pages, the early worker on sandbox pages."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from build_tools.mkdocs_hooks import INLINE, on_page_content, on_post_page
from build_tools.module_graph import static_imports
from engine.figures import render_figure

PAGE = SimpleNamespace(file=SimpleNamespace(src_path="necropolis.md"))


def test_placeholder_becomes_the_engine_figure() -> None:
    text = '<p>例</p>\n<div class="rb-figure" data-game="necropolis" data-figure="grave-row"></div>'
    assert on_page_content(text, page=PAGE) == "<p>例</p>\n" + render_figure("necropolis", "grave-row")


@pytest.mark.parametrize(
    "placeholder",
    [
        '<div class="rb-figure" data-game="necropolis" data-figure="no-such-figure"></div>',
        '<div class="rb-figure" data-game="no-such-game" data-figure="grave-row"></div>',
        '<div class="rb-figure" data-game="necropolis"></div>',
    ],
)
def test_bad_placeholder_fails_the_build(placeholder: str) -> None:
    with pytest.raises(PluginError, match="necropolis.md"):
        on_page_content(placeholder, page=PAGE)


CONFIG = SimpleNamespace(docs_dir=str(Path(__file__).resolve().parents[2] / "docs"))


def test_a_page_with_a_sandbox_starts_its_worker_before_anything_else_in_head() -> None:
    page = SimpleNamespace(file=PAGE.file, url="games/necropolis.html")
    html = '<html><head><meta charset="utf-8"><link rel="stylesheet" href="a.css"></head>'
    html += '<body><div class="rb-sandbox" data-game="necropolis"></div></body></html>'
    sandbox = Path(CONFIG.docs_dir) / "assets/javascripts/sandbox"
    assert [Path(name).name for name in INLINE[-1:]] == ["early.js"]
    parts = {Path(CONFIG.docs_dir, name) for name in INLINE[:-1]}
    assert parts == set((sandbox / "first").glob("*.js")), "every part of globalThis.rbFirst, inline"
    source = "".join(Path(CONFIG.docs_dir, name).read_text(encoding="utf-8") for name in INLINE)
    built = on_post_page(html, page=page, config=CONFIG)
    shell = re.search(r' data-shell="([^"]*)"', built)
    assert shell, "no list of the shell's modules for early.js"
    assert shell[1].split()[0] == "index.js" and "table/guest.js" in shell[1].split()
    head = f'<meta charset="utf-8"><script data-worker="../assets/javascripts/sandbox/worker.mjs"{shell[0]}>'
    inline = re.search(r"<script data-worker[^>]*>\n(.*?)</script>", built, re.DOTALL)
    assert inline and built == html.replace('<meta charset="utf-8">', f"{head}\n{inline[1]}</script>")
    # the parts of first/ then early.js, every line of code in order; no comment line, which no page needs
    code = [line.strip() for line in inline[1].splitlines()]
    assert not [line for line in code if line.startswith(("//", "/*", "*")) or not line]
    assert [line for line in source_lines(source) if line] == code


def source_lines(source: str) -> list[str]:
    """The lines of `source` that are code (stripped), outside every comment line and block."""
    lines, in_block = [], False
    for line in (raw.strip() for raw in source.splitlines()):
        if line.startswith("/**") or in_block:
            in_block = not line.endswith("*/")
        elif not line.startswith("//"):
            lines.append(line)
    return lines


# what a part of globalThis.rbFirst (sandbox/first/) reads of the others as it runs, and adds
USES = re.compile(r"^  const \{ ([^}]*) \} = rb;$", re.MULTILINE)
ADDS = re.compile(r"^  Object\.assign\(rb, \{ ([^}]*) \}\);$", re.MULTILINE)
FIRST_IMPORT = re.compile(r'^import "\./first/(\w+\.js)";$', re.MULTILINE)


def names(pattern: re.Pattern[str], part: Path) -> set[str]:
    """The names `pattern` finds in `part`'s source."""
    return {name for found in pattern.findall(part.read_text(encoding="utf-8")) for name in found.split(", ")}


def test_each_part_of_rb_first_comes_after_the_parts_it_uses() -> None:
    """Inline in the hook's order, and imported by each shell module in that order with what they
    use before them (a page reached by instant navigation has only the modules' copies): a part
    run before one it uses would find nothing there."""
    sandbox = Path(CONFIG.docs_dir) / "assets/javascripts/sandbox"
    order = [Path(CONFIG.docs_dir, name) for name in INLINE[:-1]]
    imports = (FIRST_IMPORT.findall(module.read_text(encoding="utf-8")) for module in sandbox.rglob("*.js"))
    runs = [[sandbox / "first" / name for name in found] for found in imports if found]
    assert runs, "the shell's modules import the parts"
    for run in [order, *runs]:
        assert run == sorted(run, key=order.index), run
        added: set[str] = set()
        for part in run:
            assert names(USES, part) <= added, f"{part.name} runs before a part it uses"
            added |= names(ADDS, part)


def test_the_sidebar_beside_the_rules_says_when_it_is_parsed() -> None:
    """first.js may draw the pre-drawn board there before the parser reaches the sandbox."""
    page = SimpleNamespace(file=PAGE.file, url="necropolis.html")
    html = '<html><head><meta charset="utf-8"></head><body><div class="md-sidebar md-sidebar--secondary">'
    html += '</div><div class="md-content"><div class="rb-sandbox" data-game="necropolis"></div></div>'
    html += "</body></html>"
    built = on_post_page(html, page=page, config=CONFIG)
    assert '</div><script>window.__rbSidebarParsed?.()</script><div class="md-content">' in built


def test_the_shell_list_holds_every_module_the_entry_imports_at_any_depth() -> None:
    """early.js asks for these at once: a module missed would come level by level again."""
    folder = Path(CONFIG.docs_dir) / "assets/javascripts/sandbox"
    listed = {path.relative_to(folder.resolve()).as_posix() for path in static_imports(folder / "index.js")}
    pages = {path.relative_to(folder).as_posix() for path in folder.rglob("*.js")}
    assert listed == pages - {"early.js"}, "every page-side module of the sandbox is reached from index.js"


def test_a_page_without_a_sandbox_starts_no_worker() -> None:
    html = '<html><head><meta charset="utf-8"></head><body><p>読み物</p></body></html>'
    assert on_post_page(html, page=SimpleNamespace(file=PAGE.file, url="about.html"), config=CONFIG) == html

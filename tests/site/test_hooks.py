"""The MkDocs hook that draws the engine's figures into the pages."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from build_tools.mkdocs_hooks import on_page_content
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

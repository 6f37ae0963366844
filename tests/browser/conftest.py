"""The sandbox page fixture: tests/conftest.py's guarded page, failing on any console error too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page


@pytest.fixture
def sandbox_page(page: Page) -> Iterator[Page]:
    """The guarded page (no request may leave 127.0.0.1); console errors, workers' included, fail."""
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert not errors, f"console errors: {errors}"

"""The cross-browser suite's site: site/ served on 127.0.0.1 by a server that notes every request.

The browsers come from build_tools.browsers, started by each test itself (a fresh profile, so a
cold cache and no saved game), not from tests/conftest.py's Playwright fixtures.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from build_tools.serve import SiteServer, running


@dataclass
class Site:
    """The served site: its root URL (ending in '/') and what its server has sent so far."""

    url: str
    server: SiteServer

    @property
    def served(self) -> list[tuple[str, int]]:
        """(path, status) of each request so far."""
        assert self.server.sent is not None
        return [(sent.path, sent.status) for sent in self.server.sent]

    def forget(self) -> None:
        """Start a new list of requests."""
        assert self.server.sent is not None
        self.server.sent.clear()


@pytest.fixture(scope="session")
def site(site_dir: Path) -> Iterator[Site]:
    with running(site_dir, quiet=True, log=True) as server:
        yield Site(f"http://127.0.0.1:{server.server_port}/", server)

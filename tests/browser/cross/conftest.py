"""The cross-browser suite's site: site/ served on 127.0.0.1 by a server that notes every request.

The browsers come from build_tools.browsers, started by each test itself (a fresh profile, so a
cold cache and no saved game), not from tests/conftest.py's Playwright fixtures.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from threading import Thread

import pytest

from build_tools.serve import QuietHandler


@dataclass
class Site:
    """The served site: its root URL (ending in '/') and (path, status) of each request so far."""

    url: str
    served: list[tuple[str, int]] = field(default_factory=list)


class RecordingHandler(QuietHandler):
    server: RecordingServer

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.server.site.served.append((self.path, int(code)))


class RecordingServer(ThreadingHTTPServer):
    site: Site


@pytest.fixture(scope="session")
def site(site_dir: Path) -> Iterator[Site]:
    server = RecordingServer(("127.0.0.1", 0), partial(RecordingHandler, directory=str(site_dir)))
    server.site = Site(f"http://127.0.0.1:{server.server_port}/")
    thread = Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    yield server.site
    server.shutdown()
    server.server_close()
    thread.join()

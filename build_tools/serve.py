"""Serve a built site on 127.0.0.1 with the MIME types Pyodide needs.

Module workers refuse JavaScript served with another type, and WebAssembly streaming
compilation needs application/wasm, so both are set here rather than left to the system.

    python -m build_tools.serve [SITE_DIR] [--port 8000]
"""

from __future__ import annotations

import argparse
import contextlib
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }


class QuietHandler(SiteHandler):
    """The site's handler without a line per request; a download the browser drops is no error."""

    def log_message(self, *args: object) -> None:
        pass

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
        with contextlib.suppress(ConnectionError):
            super().copyfile(source, outputfile)


def make_server(site: Path, port: int = 0, *, quiet: bool = False) -> ThreadingHTTPServer:
    """Return a server for site/ on 127.0.0.1 (port 0 picks a free one)."""
    handler = QuietHandler if quiet else SiteHandler
    return ThreadingHTTPServer(("127.0.0.1", port), partial(handler, directory=str(site)))


@contextlib.contextmanager
def serving(site: Path, *, quiet: bool = False) -> Iterator[str]:
    """Serve `site` from a background thread on a free port; yield its root URL (ending in /)."""
    server = make_server(site, quiet=quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="site", type=Path)
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    with make_server(args.site, args.port) as server:
        print(f"serving {args.site}/ on http://127.0.0.1:{server.server_port}/ (Ctrl+C to stop)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()

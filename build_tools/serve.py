"""Serve a built site on 127.0.0.1 with the MIME types Pyodide needs.

Module workers refuse JavaScript served with another type, and WebAssembly streaming
compilation needs application/wasm, so both are set here rather than left to the system. Like
most static hosts it validates by Last-Modified (304 to an If-Modified-Since no older than the
file's time, compressed or not): the offline tests rely on it to show that an update never takes
an older copy for a changed file (tests/browser/test_offline.py).

For measurements (build_tools.bench) the server can also stand in for other hosts:
- `--rate MB/s`: one shared link of that speed, as a reader's connection is; every response's
  bytes queue on it in turn (concurrent downloads share it rather than each getting the rate);
- `--gzip`: compress on the fly like a host that does (nginx `gzip on` with wasm among its types,
  GitHub Pages, Netlify), for clients that accept it; without it the server sends every file as it
  is, like `python3 -m http.server`;
- `log`: a list of what was sent (path, status, bytes on the wire, encoding);
- `reachable`: set to False, the server closes every connection unanswered, as a host the
  network cannot reach (the cross-browser test of the site kept offline: tests/browser/cross).

    python -m build_tools.serve [SITE_DIR] [--port 8000] [--rate 5] [--gzip]
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import gzip
import io
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO
from urllib.parse import unquote, urlsplit

CHUNK = 16 * 1024
# What a compressing host compresses: text and wasm; never archives or images.
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".txt", ".map"}


class Link:
    """A link of `rate` bytes per second shared by every response: bytes leave in turn."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self._lock = threading.Lock()
        self._free_at = 0.0  # time.monotonic() at which the link has sent everything queued

    def send(self, data: bytes, out: BinaryIO) -> None:
        for start in range(0, len(data), CHUNK):
            chunk = data[start : start + CHUNK]
            with self._lock:
                done = max(time.monotonic(), self._free_at) + len(chunk) / self.rate
                self._free_at = done
            time.sleep(max(0.0, done - time.monotonic()))
            out.write(chunk)


@dataclass(frozen=True)
class Sent:
    """One response: what the browser asked for and what went over the wire."""

    path: str
    status: int
    size: int  # body bytes sent (compressed, when encoding is "gzip")
    encoding: str  # "gzip" or ""


class SiteServer(ThreadingHTTPServer):
    """site/ served at `address` (port 0 picks a free one); `rate` in bytes/s; `log`: keep a list
    of what was sent (`sent`)."""

    daemon_threads = True
    # Python's default listen queue is 5 connections. An HTTP/1.0 server takes a connection for
    # every file, and on a loaded machine (the tests, beside everything else) a page and its
    # worker can open more than that before the server accepts them. A browser whose connection
    # finds the queue full waits for its own retries, which take seconds and grow each time.
    request_queue_size = 128

    def __init__(
        self,
        address: tuple[str, int],
        site: Path,
        *,
        quiet: bool = False,
        rate: float | None = None,
        compress: bool = False,
        files: dict[str, bytes] | None = None,
        log: bool = False,
    ) -> None:
        self.site = site
        self.quiet = quiet
        self.link = Link(rate) if rate else None
        self.compress = compress
        self.files = files or {}  # extra in-memory files by URL path (the bench's probe page)
        self.sent: list[Sent] | None = [] if log else None
        self.reachable = True
        self._gzipped: dict[tuple[str, float], bytes] = {}
        self._lock = threading.Lock()
        super().__init__(address, SiteHandler)

    def gzipped(self, path: str) -> bytes:
        """The file gzip-compressed (level 6, as hosts do on the fly), made once per version."""
        key = (path, os.stat(path).st_mtime)
        with self._lock:
            if key not in self._gzipped:
                self._gzipped[key] = gzip.compress(Path(path).read_bytes(), 6, mtime=0)
            return self._gzipped[key]

    def compress_all(self) -> None:
        """Compress every compressible file now, so no measured request waits for it."""
        for path in self.site.rglob("*"):
            if path.is_file() and path.suffix in COMPRESSIBLE:
                self.gzipped(str(path))

    def record(self, sent: Sent) -> None:
        if self.sent is not None:
            with self._lock:
                self.sent.append(sent)


class SiteHandler(SimpleHTTPRequestHandler):
    server: SiteServer
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".gz": "application/gzip",
    }

    def __init__(self, *args: object, **kwargs: object) -> None:
        server = args[2]
        assert isinstance(server, SiteServer)
        super().__init__(*args, directory=str(server.site), **kwargs)  # type: ignore[arg-type]

    def handle(self) -> None:
        if self.server.reachable:
            super().handle()

    def log_message(self, format: str, *args: object) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)

    def send_head(self) -> BinaryIO | None:
        url_path = unquote(urlsplit(self.path).path)
        if url_path in self.server.files:
            return self._send_bytes(url_path, self.server.files[url_path], "")
        path = self.translate_path(self.path)
        if self.server.compress and os.path.isfile(path) and self._wants_gzip(path):
            if self._not_modified(path):
                self.server.record(Sent(url_path, 304, 0, ""))
                return None
            return self._send_bytes(url_path, self.server.gzipped(path), "gzip", path)
        body = super().send_head()
        if body is None:
            self.server.record(Sent(url_path, self._status, 0, ""))
        else:
            self.server.record(Sent(url_path, self._status, os.fstat(body.fileno()).st_size, ""))
        return body

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = int(code)
        super().send_response(code, message)

    def end_headers(self) -> None:
        if self.server.compress:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
        """Send the body, paced by the link if there is one; a download the browser drops is no error."""
        with contextlib.suppress(ConnectionError):
            if self.server.link is None:
                super().copyfile(source, outputfile)
            else:
                self.server.link.send(source.read(), outputfile)

    def _wants_gzip(self, path: str) -> bool:
        accepted = self.headers.get("Accept-Encoding", "")
        return "gzip" in accepted and os.path.splitext(path)[1] in COMPRESSIBLE

    def _not_modified(self, path: str) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        with contextlib.suppress(TypeError, ValueError, OverflowError):
            if int(os.stat(path).st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.end_headers()
                return True
        return False

    def _send_bytes(self, url_path: str, body: bytes, encoding: str, path: str | None = None) -> BinaryIO:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path or url_path))
        self.send_header("Content-Length", str(len(body)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if path:
            self.send_header("Last-Modified", self.date_time_string(int(os.stat(path).st_mtime)))
        self.end_headers()
        self.server.record(Sent(url_path, int(HTTPStatus.OK), len(body), encoding))
        return io.BytesIO(body)


@contextlib.contextmanager
def serving(site: Path, *, quiet: bool = False, **options: object) -> Iterator[str]:
    """Serve `site` from a background thread on a free port; yield its root URL (ending in /)."""
    with running(site, quiet=quiet, **options) as server:
        yield f"http://127.0.0.1:{server.server_port}/"


@contextlib.contextmanager
def running(site: Path, *, quiet: bool = False, **options: object) -> Iterator[SiteServer]:
    """Like serving(), but yield the server itself (its port, its log of what it sent)."""
    server = SiteServer(("127.0.0.1", 0), site, quiet=quiet, **options)  # type: ignore[arg-type]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default="site", type=Path)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--rate", type=float, help="a shared link of this many MB/s (1 MB = 10^6 bytes)")
    parser.add_argument("--gzip", action="store_true", help="compress responses like a compressing host")
    args = parser.parse_args()
    rate = args.rate * 1e6 if args.rate else None
    with SiteServer(("127.0.0.1", args.port), args.site, rate=rate, compress=args.gzip) as server:
        print(f"serving {args.site}/ on http://127.0.0.1:{server.server_port}/ (Ctrl+C to stop)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()

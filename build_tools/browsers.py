"""One small interface to the three browser engines that Debian packages, so one test body runs in each.

    chromium  Debian's chromium through Playwright (Playwright never downloads a browser here)
    firefox   Debian's firefox-esr through WebDriver BiDi: Firefox's own server
              (--remote-debugging-port), spoken over the websockets package
    webkit    Debian's WebKitWebDriver driving MiniBrowser (WebKitGTK) through classic WebDriver
              (plain HTTP and JSON), on an Xvfb display of its own

`launch(name, viewport)` starts the browser with a fresh profile and a viewport of that many CSS
pixels, and yields a `Driver`: goto, evaluate, click and wait_for, plus what the browser reported
on the side: console errors and uncaught exceptions (`errors()`), and the URLs it was seen
requesting (`requests()`). MiniBrowser's toolbar will not shrink below 447 px, so WebKit gets a
screen of exactly the viewport's size and fills it (--full-screen, which needs a window manager:
matchbox, made for small screens).

What each engine lets a client see differs, and each driver says so:
- Chromium and Firefox report every request, workers' included, and every console message.
- WebKit's classic WebDriver reports neither. Its requests go through a guard proxy that this
  module runs: MiniBrowser reaches 127.0.0.1 directly and any other host only through the guard,
  which refuses it and notes it; so `requests()` there lists exactly the http and https requests
  that tried to leave (WebSockets included). Its console is read by a recorder that `goto` and
  `back` install once the page has loaded, so errors before the load event go unseen (a page that
  fails that early never gets ready), and so do a worker's own console messages (its errors
  reach the page's console through the shell).
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from websockets.sync.client import ClientConnection

BROWSERS = ("chromium", "firefox", "webkit")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.1/MiniBrowser"
XVFB = "/usr/bin/Xvfb"
WINDOW_MANAGER = "/usr/bin/matchbox-window-manager"
LOCAL_HOSTS = ("127.0.0.1", "localhost")
REFUSAL = b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
DESKTOP = (1280, 720)
# No GPU here: WebKit's GL compositing would run on Mesa's software rasteriser (llvmpipe), about
# 1.5 s of CPU per page load that a phone's GPU does; layout and painting are the same without it.
WEBKIT_ENV = {"WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
START_TIMEOUT_S = 60
COMMAND_TIMEOUT_S = 300  # longer than any wait_for, which carries its own timeout

# Firefox's remote agent already applies its recommended automation prefs (no updates, no
# safe-browsing lists, no first-run pages); these quiet the rest of its own background traffic.
FIREFOX_PREFS = {
    "intl.accept_languages": "ja",
    "browser.startup.page": 0,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
}

# Whether the page's service worker has kept the whole build (offline.js marks the page): what the
# offline tests and the benches wait for before they cut the host or come back.
SITE_KEPT = "document.documentElement.dataset.rbOffline === 'ready'"

# Every evaluate goes through this: JSON in, the awaited result as JSON out, whatever the engine.
CALL = "async (json) => JSON.stringify((await ({function})(...JSON.parse(json))) ?? null)"

WAIT_FOR = """(predicate, args, timeoutMs) => new Promise((resolve, reject) => {
  const test = (0, eval)(`(${predicate})`);
  const started = performance.now();
  // A predicate may answer with a promise: its value is what counts, not the promise (which is
  // always truthy; Playwright's page.wait_for_function takes it so).
  const poll = () => Promise.resolve().then(() => test(...args)).then((value) => {
    if (value) resolve(value);
    else if (performance.now() - started > timeoutMs) reject(new Error(`no ${predicate} in ${timeoutMs} ms`));
    else setTimeout(poll, 20);
  }, reject);
  poll();
})"""

# The document's address without its fragment (which the shell may drop), its readyState, and the
# kind of navigation that made it (navigate, reload, back_forward).
LOADED = """() => [location.href.split("#")[0], document.readyState,
  performance.getEntriesByType("navigation")[0]?.type ?? "navigate"]"""

TO_THE_MIDDLE = """async (selector) => {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  element.scrollIntoView({ block: "center", inline: "center" });
  // Until the element stays put for a frame: the page's own scroll handlers may still move it (in
  // Firefox, a click pressed in the same frame as material's pinned sidebar settled after a scroll
  // landed 31 px above the button, on the text over it).
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  let before = "";
  for (let tries = 0; tries < 30; tries++) {
    await frame();
    const now = JSON.stringify(element.getBoundingClientRect());
    if (now === before) return;
    before = now;
  }
}"""

# WebKit only: console errors and uncaught exceptions of the current document.
RECORD_ERRORS = """() => {
  if (window.__rbErrors) return;
  const errors = (window.__rbErrors = []);
  const consoleError = console.error.bind(console);
  console.error = (...args) => { errors.push(args.map(String).join(" ")); consoleError(...args); };
  addEventListener("error", (event) => errors.push(String(event.message)));
  addEventListener("unhandledrejection", (event) => errors.push(`unhandled: ${event.reason}`));
}"""


class BrowserError(RuntimeError):
    """The browser or its driver refused a command (a script error, a missing element...)."""


class Driver(ABC):
    """A browser with one tab, as the tests and the bench use it."""

    name: str
    version: str

    @abstractmethod
    def goto(self, url: str) -> None:
        """Load `url` and return once its load event has fired."""

    @abstractmethod
    def call(self, source: str, argument: str) -> str:
        """Call the JavaScript function `source` with one string; await and return its string."""

    @abstractmethod
    def press(self, selector: str) -> None:
        """Click the first element matching `selector`, in view, with the driver's own pointer."""

    @abstractmethod
    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions so far, of every page this tab has shown."""

    @abstractmethod
    def requests(self) -> list[str]:
        """URLs this browser was seen requesting (see the module docstring for what each sees)."""

    def evaluate(self, function: str, *args: Any) -> Any:
        """Call a JavaScript function (its source) with JSON arguments; return its awaited result."""
        return json.loads(self.call(CALL.format(function=function), json.dumps(args)))

    def wait_for(self, predicate: str, *args: Any, timeout: float = 90.0) -> Any:
        """Wait inside the page until the JavaScript function `predicate` returns a truthy value."""
        return self.evaluate(WAIT_FOR, predicate, list(args), timeout * 1000)

    def back(self, url: str, made_by: tuple[str, ...] = ()) -> None:
        """Go back in the tab's history, as the browser's Back button does, to `url` (see
        wait_shown for `made_by`)."""
        with contextlib.suppress(BrowserError):  # the call may not outlive the page it leaves
            self.evaluate("() => void setTimeout(() => history.back())")
        self.wait_shown(url, made_by)

    def wait_shown(self, url: str, made_by: tuple[str, ...] = ()) -> None:
        """Wait until the tab shows `url` (its fragment aside) loaded, by a document that one of
        the navigations `made_by` made (any, if none is given): a page the browser shows again
        from its back-forward cache keeps the kind of navigation that first loaded it."""
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            with contextlib.suppress(BrowserError):  # a script in a document going away fails
                address, state, kind = self.evaluate(LOADED)
                if address == url.split("#")[0] and state == "complete" and kind in (made_by or (kind,)):
                    return
            time.sleep(0.02)
        raise BrowserError(f"{url} was not shown in {START_TIMEOUT_S} s (made by {made_by or 'any'})")

    def click(self, selector: str) -> None:
        """Click the first element matching `selector` as a reader would: scrolled to the middle
        of the screen first (where no floating button of the page covers it), then pressed."""
        self.evaluate(TO_THE_MIDDLE, selector)
        self.press(selector)


@contextlib.contextmanager
def launch(
    name: str, viewport: tuple[int, int] = DESKTOP, firefox_prefs: dict[str, Any] | None = None
) -> Iterator[Driver]:
    """Start a browser by name (see BROWSERS) with a fresh profile; stop it afterwards. Firefox
    takes `firefox_prefs` on top of its quiet ones (the table's tests: WebRTC in a namespace)."""
    starters: dict[str, Callable[[tuple[int, int]], contextlib.AbstractContextManager[Driver]]] = {
        "chromium": _chromium,
        "firefox": lambda size: _firefox(size, firefox_prefs or {}),
        "webkit": _webkit,
    }
    with starters[name](viewport) as driver:
        yield driver


# --------------------------------------------------------------------------------- Chromium


class ChromiumDriver(Driver):
    name = "chromium"

    def __init__(self, page: Any) -> None:
        self.page = page
        self.version = page.context.browser.version
        self._errors: list[str] = []
        self._requests: list[str] = []
        page.on("console", lambda message: message.type == "error" and self._errors.append(message.text))
        page.on("pageerror", lambda error: self._errors.append(str(error)))
        page.context.on("request", lambda request: self._requests.append(request.url))

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def call(self, source: str, argument: str) -> str:
        from playwright.sync_api import Error

        try:
            return self.page.evaluate(source, argument)
        except Error as error:
            raise BrowserError(error.message) from error

    def press(self, selector: str) -> None:
        self.page.locator(selector).first.click()

    def errors(self) -> list[str]:
        return list(self._errors)

    def requests(self) -> list[str]:
        return list(self._requests)


@contextlib.contextmanager
def _chromium(viewport: tuple[int, int]) -> Iterator[Driver]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            size = {"width": viewport[0], "height": viewport[1]}
            page = browser.new_context(locale="ja-JP", viewport=size).new_page()
            page.set_default_timeout(COMMAND_TIMEOUT_S * 1000)
            yield ChromiumDriver(page)
        finally:
            browser.close()


# --------------------------------------------------------------------------------- Firefox


class BiDi:
    """A WebDriver BiDi connection: commands wait for their answer; events go to handlers."""

    def __init__(self, socket: ClientConnection) -> None:
        self._socket = socket
        self._ids = itertools.count(1)
        self._pending: dict[int, Future[dict[str, Any]]] = {}
        self._handlers: dict[str, Callable[[dict[str, Any]], None]] = {}
        self._reader = threading.Thread(target=self._read, name="bidi-reader", daemon=True)
        self._reader.start()

    def on(self, event: str, handler: Callable[[dict[str, Any]], None]) -> None:
        self._handlers[event] = handler

    def send(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        command = next(self._ids)
        answer: Future[dict[str, Any]] = Future()
        self._pending[command] = answer
        self._socket.send(json.dumps({"id": command, "method": method, "params": params}))
        message = answer.result(timeout=COMMAND_TIMEOUT_S)
        if message.get("type") == "error":
            raise BrowserError(f"{method}: {message['error']}: {message.get('message', '')}")
        return message["result"]

    def close(self) -> None:
        self._socket.close()
        self._reader.join(timeout=START_TIMEOUT_S)

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            for raw in self._socket:
                message = json.loads(raw)
                if message.get("type") == "event":
                    handler = self._handlers.get(message["method"])
                    if handler:
                        handler(message["params"])
                elif message.get("id") in self._pending:
                    self._pending.pop(message["id"]).set_result(message)
        for answer in self._pending.values():
            answer.set_exception(BrowserError("Firefox closed the BiDi connection"))


class FirefoxDriver(Driver):
    name = "firefox"

    def __init__(self, bidi: BiDi) -> None:
        self.bidi = bidi
        self.version = bidi.send("session.new", {"capabilities": {}})["capabilities"]["browserVersion"]
        self.context = bidi.send("browsingContext.getTree", {})["contexts"][0]["context"]
        self._errors: list[str] = []
        self._requests: list[str] = []
        bidi.on("log.entryAdded", self._log)
        bidi.on("network.beforeRequestSent", lambda params: self._requests.append(params["request"]["url"]))
        bidi.send("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent"]})

    def _log(self, entry: dict[str, Any]) -> None:
        if entry.get("level") == "error":
            text = entry.get("text") or json.dumps(entry.get("args", []))
            frames = entry.get("stackTrace", {}).get("callFrames", [])
            at = f" (at {frames[0]['url']}:{frames[0]['lineNumber']})" if frames else ""
            self._errors.append(text + at)

    def goto(self, url: str) -> None:
        """Navigate, then wait until the tab shows `url` loaded: Firefox ESR's navigate answers
        before that (seen: the new document still "interactive" right after, every time; and once,
        on a loaded machine, the next script ran in the page being left)."""
        self.bidi.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})
        self.wait_shown(url)

    def _call(self, source: str, arguments: list[dict[str, Any]]) -> dict[str, Any]:
        params = {
            "functionDeclaration": source,
            "arguments": arguments,
            "target": {"context": self.context},
            "awaitPromise": True,
        }
        reply = self.bidi.send("script.callFunction", params)
        if reply["type"] == "exception":
            raise BrowserError(reply["exceptionDetails"]["text"])
        return reply["result"]

    def call(self, source: str, argument: str) -> str:
        return self._call(source, [{"type": "string", "value": argument}])["value"]

    def press(self, selector: str) -> None:
        find = "(selector) => document.querySelector(selector)"
        element = self._call(find, [{"type": "string", "value": selector}])
        origin = {"type": "element", "element": {"sharedId": element["sharedId"]}}
        pointer = [
            {"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        mouse = {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer}
        self.bidi.send("input.performActions", {"context": self.context, "actions": [mouse]})

    def errors(self) -> list[str]:
        return list(self._errors)

    def requests(self) -> list[str]:
        return list(self._requests)


@contextlib.contextmanager
def _firefox(viewport: tuple[int, int], extra_prefs: dict[str, Any]) -> Iterator[Driver]:
    from websockets.sync.client import connect

    profile = tempfile.mkdtemp(prefix="rb-firefox-")
    chosen = {**FIREFOX_PREFS, **extra_prefs}
    prefs = "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in chosen.items())
    with open(os.path.join(profile, "user.js"), "w") as user_js:
        user_js.write(prefs)
    command = [FIREFOX, "--headless", "--no-remote", "--profile", profile, "--remote-debugging-port=0"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        url = _bidi_url(process) + "/session"
        with connect(url, max_size=None, open_timeout=START_TIMEOUT_S) as socket:
            bidi = BiDi(socket)
            try:
                driver = FirefoxDriver(bidi)
                size = {"width": viewport[0], "height": viewport[1]}
                bidi.send("browsingContext.setViewport", {"context": driver.context, "viewport": size})
                yield driver
            finally:
                with contextlib.suppress(BrowserError, OSError):
                    bidi.send("browser.close", {})
                bidi.close()
    finally:
        _stop(process)
        shutil.rmtree(profile, ignore_errors=True)


def _bidi_url(process: subprocess.Popen[str]) -> str:
    """Read Firefox's stderr up to the line that names its BiDi server; drain the rest."""
    assert process.stderr is not None
    seen = []
    for line in process.stderr:
        found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
        if found:
            threading.Thread(target=process.stderr.read, name="firefox-stderr", daemon=True).start()
            return found.group(1)
        seen.append(line)
    raise BrowserError("Firefox stopped before its BiDi server started:\n" + "".join(seen[-20:]))


# --------------------------------------------------------------------------------- WebKit


class WebDriverClassic:
    """A W3C WebDriver session over HTTP: the few commands the WebKit driver needs."""

    def __init__(self, base: str, capabilities: dict[str, Any]) -> None:
        self.base = base
        reply = self.send("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        self.session = f"/session/{reply['sessionId']}"
        self.capabilities = reply["capabilities"]

    def send(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=COMMAND_TIMEOUT_S) as response:
                return json.load(response)["value"]
        except urllib.error.HTTPError as error:
            value = json.load(error)["value"]
            raise BrowserError(f"{path.rsplit('/', 1)[-1]}: {value['error']}: {value['message']}") from error

    def command(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        return self.send(method, self.session + path, body)


class WebKitDriver(Driver):
    name = "webkit"

    def __init__(self, webdriver: WebDriverClassic, guard: Guard) -> None:
        self.webdriver = webdriver
        self.guard = guard
        self.version = webdriver.capabilities["browserVersion"]
        self._earlier_errors: list[str] = []
        webdriver.command("POST", "/timeouts", {"script": COMMAND_TIMEOUT_S * 1000})

    def goto(self, url: str) -> None:
        self._earlier_errors = self.errors()
        self.webdriver.command("POST", "/url", {"url": url})
        self.evaluate(RECORD_ERRORS)

    def back(self, url: str, made_by: tuple[str, ...] = ()) -> None:
        """As Driver.back, the errors of the page left kept and the page shown recorded, as goto."""
        self._earlier_errors = self.errors()
        super().back(url, made_by)
        self.evaluate(RECORD_ERRORS)

    def call(self, source: str, argument: str) -> str:
        script = f"return ({source})(arguments[0]);"
        return self.webdriver.command("POST", "/execute/sync", {"script": script, "args": [argument]})

    def press(self, selector: str) -> None:
        found = self.webdriver.command("POST", "/element", {"using": "css selector", "value": selector})
        (element,) = found.values()
        self.webdriver.command("POST", f"/element/{element}/click")

    def errors(self) -> list[str]:
        current = self.evaluate("() => window.__rbErrors ?? []")
        return self._earlier_errors + current

    def requests(self) -> list[str]:
        return self.guard.refused()

    def tab(self) -> str:
        """The handle of the tab in use."""
        return self.webdriver.command("GET", "/window")

    def new_tab(self) -> str:
        """Open a new tab of the same profile and use it; its handle."""
        handle = self.webdriver.command("POST", "/window/new", {"type": "tab"})["handle"]
        self.use_tab(handle)
        return handle

    def use_tab(self, handle: str) -> None:
        self.webdriver.command("POST", "/window", {"handle": handle})

    def close_tab(self, handle: str, back_to: str) -> None:
        """Close the tab `handle`, as a reader closes a page, and use `back_to`."""
        self.use_tab(handle)
        self.webdriver.command("DELETE", "/window")
        self.use_tab(back_to)


class Guard:
    """A proxy on 127.0.0.1 that refuses every request sent to it and notes where it was going."""

    def __init__(self) -> None:
        self._server = socket.create_server(("127.0.0.1", 0))
        self.address = f"127.0.0.1:{self._server.getsockname()[1]}"
        self._refused: list[str] = []
        self._thread = threading.Thread(target=self._serve, name="guard-proxy", daemon=True)
        self._thread.start()

    def refused(self) -> list[str]:
        return list(self._refused)

    def _serve(self) -> None:
        with contextlib.suppress(OSError):  # the socket was shut down: stop
            while True:
                connection, _ = self._server.accept()
                threading.Thread(target=self._refuse, args=(connection,), daemon=True).start()

    def _refuse(self, connection: socket.socket) -> None:
        """Note the request's target (GET http://host/path, or CONNECT host:443 for https)."""
        connection.settimeout(5)
        with connection, contextlib.suppress(OSError):
            line = connection.recv(4096).split(b"\r\n", 1)[0].decode("latin-1").split()
            target = line[1] if len(line) == 3 else repr(line)
            self._refused.append(target if "://" in target else f"https://{target}/")
            connection.sendall(REFUSAL)

    def close(self) -> None:
        self._server.shutdown(socket.SHUT_RDWR)  # wakes the accept() above (close alone would not)
        self._server.close()
        self._thread.join(timeout=START_TIMEOUT_S)


@contextlib.contextmanager
def _webkit(viewport: tuple[int, int]) -> Iterator[Driver]:
    (minibrowser,) = glob.glob(MINIBROWSER_GLOB)
    with contextlib.ExitStack() as stack:
        display = stack.enter_context(_xvfb(viewport))
        on_display = {**os.environ, "DISPLAY": display, **WEBKIT_ENV}
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        window_manager = subprocess.Popen([WINDOW_MANAGER, "-use_titlebar", "no"], env=on_display, **quiet)
        stack.callback(_stop, window_manager)
        port = _free_port()
        driver = subprocess.Popen([WEBKIT_DRIVER, f"--port={port}"], env=on_display, **quiet)
        stack.callback(_stop, driver)
        base = f"http://127.0.0.1:{port}"
        _wait_for_driver(base, driver)
        guard = Guard()
        stack.callback(guard.close)
        # The proxy through MiniBrowser's own options: WebDriver's proxy capability made one new
        # session in five hang in WebKitWebDriver 2.50 (it never started the browser).
        args = [
            "--automation",
            "--full-screen",
            f"--proxy=http://{guard.address}",
            *(f"--ignore-host={host}" for host in LOCAL_HOSTS),
        ]
        capabilities = {"webkitgtk:browserOptions": {"binary": minibrowser, "args": args}}
        webdriver = WebDriverClassic(base, capabilities)
        stack.callback(webdriver.command, "DELETE", "")
        driver = WebKitDriver(webdriver, guard)
        if driver.evaluate("() => [innerWidth, innerHeight]") != list(viewport):
            raise BrowserError(f"MiniBrowser did not fill the {viewport[0]} × {viewport[1]} screen")
        yield driver


@contextlib.contextmanager
def _xvfb(size: tuple[int, int]) -> Iterator[str]:
    """An X display of our own (Xvfb picks a free number and writes it to a pipe)."""
    read, write = os.pipe()
    screen = f"{size[0]}x{size[1]}x24"
    command = [XVFB, "-displayfd", str(write), "-screen", "0", screen, "-nolisten", "tcp"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    process = subprocess.Popen(command, pass_fds=(write,), **quiet)
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            number = numbers.readline().strip()
        if not number:
            raise BrowserError("Xvfb did not start")
        yield f":{number}"
    finally:
        _stop(process)


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return probe.getsockname()[1]


def _wait_for_driver(base: str, process: subprocess.Popen[Any]) -> None:
    """WebKitWebDriver prints nothing when it listens: ask for its status until it answers."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(base + "/status", timeout=5) as response:
                if json.load(response)["value"]["ready"]:
                    return
        except OSError:
            time.sleep(0.05)
    raise BrowserError(f"WebKitWebDriver did not answer at {base}")


def _stop(process: subprocess.Popen[Any]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()

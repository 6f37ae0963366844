"""Runs inside Pyodide (build_tools/runtime.mjs), never in the host's Python.

Made by the browser's own interpreter, so the bytecode's magic number is the runtime's:
- `precompile(site_packages)`: an unchecked-hash .pyc beside every module of the installed engine
  (the .py stay, for tracebacks); Python then never compiles the engine in the browser;
- `exercise()`: what the sandbox can ask of Python (every engine module imported, every game
  driven through the bridge, a traceback formatted), so that sys.modules afterwards names every
  standard module the browser can need;
- `write_stdlib(source, target, modules)`: the standard library's zip cut to those modules,
  compiled to .pyc (Python's start-up in Pyodide imports ~150 standard modules; from source it
  compiles them on every boot);
- `pack_wheel(source, target, site_packages)`: the engine wheel with the .pyc added to it.

Unchecked-hash .pyc (PEP 552) are valid whatever the files' times, which a zip or a wheel does not
keep; the build makes them from the very sources it ships.
"""

from __future__ import annotations

import ast
import contextlib
import html
import importlib.util
import io
import json
import re
import sys
import traceback
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

from zips import record_line, write_member  # beside this file in Pyodide's /build (runtime.mjs)


def precompile(site_packages: str) -> list[str]:
    """Write engine/**/__pycache__/*.pyc next to the installed sources; return their paths."""
    import py_compile  # here, not above: the sandbox never imports it (see stdlib_modules)

    written = []
    for source in sorted(Path(site_packages, "engine").rglob("*.py")):
        written.append(
            py_compile.compile(
                str(source), doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH
            )
        )
    return written


def exercise() -> None:
    """Import every engine module and drive every game through the bridge as the sandbox does."""
    import engine
    from engine.bridge import handle_json
    from engine.registry import PACKAGES

    (package,) = engine.__path__
    for source in sorted(Path(package).rglob("*.py")):
        parts = source.relative_to(Path(package).parent).with_suffix("").parts
        importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))

    def ask(**request: object) -> dict:
        reply = json.loads(handle_json(json.dumps(request)))
        if not reply.get("ok", True) and reply.get("bug"):
            raise RuntimeError(f"the bridge failed on {request}: {reply}")
        return reply

    for game in PACKAGES:
        entry = ask(op="catalog", game=game)["game"]
        bots = [kind["id"] for kind in entry["seat_kinds"] if kind["id"] != "human"]
        for players in entry["players"]:
            seats = ["human"] + bots[:1] * (players - 1)
            log = {"game": game, "players": players, "seed": 1, "options": {}, "actions": []}
            frame = ask(op="open", sandbox="trace", log=log, seats=seats)
            for _ in range(20):
                if frame["next"] == "bot":
                    frame = ask(op="step", sandbox="trace")
                elif frame["next"] == "handover":
                    frame = ask(op="reveal", sandbox="trace")
                elif frame["next"] == "human":
                    action = html.unescape(re.findall(r'data-action="([^"]*)"', frame["html"])[0])
                    frame = ask(op="act", sandbox="trace", action=action)
                else:
                    break
            ask(op="act", sandbox="trace", action="no-such-action")
            ask(op="undo", sandbox="trace")
            ask(op="seats", sandbox="trace", seats=seats)
            ask(op="export", sandbox="trace")
            ask(op="close", sandbox="trace")
        ask(op="bench", game=game, games=2)
    handle_json("not json")
    try:
        raise RuntimeError("a traceback, as the bridge prints one for a bug")
    except RuntimeError:
        with contextlib.redirect_stderr(io.StringIO()):
            traceback.print_exc()


def stdlib_modules(archive: str) -> dict[str, str]:
    """Every module now imported from the standard library's zip: name -> path inside the zip.
    This module's own imports are among them, so it imports at the top only what the sandbox
    imports too, and the rest inside the functions that run after this one."""
    prefix = archive + "/"
    found = {}
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(prefix):
            found[name] = origin[len(prefix) :]
    return found


def unlisted_imports(site_packages: str, archive: str, kept: dict[str, str]) -> list[str]:
    """Standard modules named in any import statement of the engine (even one inside a function
    the exercise did not reach) that the cut zip would lack: the build stops if there are any."""
    missing = set()
    for source in Path(site_packages, "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                if name.split(".")[0] in ("engine", "__future__"):
                    continue
                spec = importlib.util.find_spec(name)
                if spec and (spec.origin or "").startswith(archive + "/") and name not in kept:
                    missing.add(name)
    return sorted(missing)


def write_stdlib(source: str, target: str, modules: dict[str, str]) -> list[str]:
    """The zip of `modules` (and their packages' __init__), compiled; returns the entries."""
    wanted = set(modules.values())
    for path in list(wanted):
        parts = path.split("/")[:-1]
        wanted.update("/".join(parts[:i]) + "/__init__.py" for i in range(1, len(parts) + 1))
    entries = []
    with zipfile.ZipFile(source) as stock, zipfile.ZipFile(target, "w") as out:
        for info in stock.infolist():
            if info.filename not in wanted:
                continue
            data = stock.read(info)
            name = info.filename
            if name.endswith(".py"):
                code = compile(data, f"{source}/{name}", "exec", dont_inherit=True)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name += "c"
            write_member(out, name, data)
            entries.append(name)
    return entries


def pack_wheel(source: str, target: str, site_packages: str) -> None:
    """Copy the wheel, add every engine .pyc under site-packages, and list them in RECORD."""
    root = Path(site_packages)
    added = {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.glob("engine/**/__pycache__/*.pyc"))
    }
    with zipfile.ZipFile(source) as wheel, zipfile.ZipFile(target, "w") as out:
        for info in wheel.infolist():
            data = wheel.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                data += "".join(record_line(name, content) for name, content in added.items()).encode()
            write_member(out, info.filename, data)
        for name, content in added.items():
            write_member(out, name, content)

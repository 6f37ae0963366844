"""Make and publish what the browser's Python loads besides Pyodide's own files.

build_tools/runtime.mjs runs the vendored Pyodide in Node on the engine's wheel (.cache/wheel/)
and makes the engine wheel with .pyc and the standard library cut to what the sandbox imports,
as .pyc. This module publishes both to docs/assets/vendor/python/ under names that carry their
content's hash (a host may cache them for good), with manifest.json, the worker's one look-up:

    {"wheel": {"file", "sha256"}, "stdlib": {"file", "sha256"}, "key": ...}

`key` is a hash of every file the interpreter's memory depends on (Pyodide's loader, its wasm
and JavaScript, the standard library zip, the wheel): a memory snapshot made with other files
must never be restored. Node's work is cached in .cache/runtime/ by the hash of its inputs.

    python -m build_tools.runtime
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from build_tools.vendor import VENDOR
from build_tools.wheel import DIST

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = VENDOR / "pyodide"
PUBLISHED = VENDOR / "python"
MANIFEST = PUBLISHED / "manifest.json"
CACHE = ROOT / ".cache" / "runtime"
# The files whose bytes end up in the interpreter's memory, in the key's order.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
SCRIPTS = (
    ROOT / "build_tools" / "runtime.mjs",
    ROOT / "build_tools" / "runtime_trace.py",
    ROOT / "build_tools" / "zips.py",
    ROOT / "docs" / "assets" / "javascripts" / "sandbox" / "python.mjs",
)
KEY_VERSION = "rb-snapshot-1"  # bump when the worker changes what a snapshot holds


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def source_wheel() -> Path:
    (wheel,) = DIST.glob("engine-*-py3-none-any.whl")
    return wheel


def made(wheel: Path) -> Path:
    """Node's output for these inputs, made now or taken from the cache."""
    inputs = [wheel, *(PYODIDE / name for name in (*RUNTIME_FILES, "python_stdlib.zip")), *SCRIPTS]
    folder = CACHE / sha256(b"".join(sha256(path.read_bytes()).encode() for path in inputs))[:32]
    if (folder / "report.json").is_file():
        return folder
    with tempfile.TemporaryDirectory(dir=ROOT / ".cache") as work:
        shutil.copyfile(wheel, Path(work, "source.whl"))
        subprocess.run(["node", str(SCRIPTS[0]), str(PYODIDE), work], check=True)
        Path(work, "source.whl").unlink()
        shutil.rmtree(CACHE, ignore_errors=True)  # only the newest build is worth keeping
        CACHE.mkdir(parents=True)
        shutil.copytree(work, folder)
    return folder


def snapshot_key(runtime: list[str], stdlib: str, wheel: str) -> str:
    """The hash a snapshot is kept under: of the runtime's files, the stdlib and the wheel (sha256s)."""
    return sha256(json.dumps([KEY_VERSION, runtime, stdlib, wheel]).encode())


def publish(folder: Path) -> dict:
    """Copy the wheel and the zip under hashed names, and write the manifest."""
    files = {
        "wheel": (folder / "engine.whl").read_bytes(),
        "stdlib": (folder / "stdlib.zip").read_bytes(),
    }
    names = {"wheel": "engine-{}.whl", "stdlib": "python_stdlib-{}.zip"}
    runtime = [sha256((PYODIDE / name).read_bytes()) for name in RUNTIME_FILES]
    manifest: dict = {}
    for kind, data in files.items():
        digest = sha256(data)
        manifest[kind] = {"file": names[kind].format(digest[:16]), "sha256": digest}
    manifest["key"] = snapshot_key(runtime, manifest["stdlib"]["sha256"], manifest["wheel"]["sha256"])
    if MANIFEST.is_file() and json.loads(MANIFEST.read_text()) == manifest:
        return manifest
    shutil.rmtree(PUBLISHED, ignore_errors=True)
    PUBLISHED.mkdir(parents=True)
    for kind, data in files.items():
        (PUBLISHED / manifest[kind]["file"]).write_bytes(data)
    MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def main() -> None:
    manifest = publish(made(source_wheel()))
    print(f"runtime: {manifest['wheel']['file']}, {manifest['stdlib']['file']}, key {manifest['key'][:16]}…")


if __name__ == "__main__":
    main()

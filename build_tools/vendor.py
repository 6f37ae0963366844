"""Vendor npm packages, pinned and integrity checked: the browser runtime, and the test tools.

Each package in build_tools/vendor.lock.json is fetched once with `npm pack` into .cache/npm/,
its tarball checked against the pinned sha512 integrity, and the listed files extracted into
docs/assets/vendor/ (served with the site), or into the folder its `into` names (relative to
the repository, outside docs/: tools the tests use, such as axe-core, are never served).
Pyodide's lock file is trimmed to no packages, so nothing can be fetched by name at run time.
The runtime's two big files get gzip siblings (PRECOMPRESSED): the worker fetches and unpacks
those itself, so a server that compresses nothing (python3 -m http.server) still sends 4 MB, not 13.

    python -m build_tools.vendor
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import subprocess
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "build_tools" / "vendor.lock.json"
CACHE = ROOT / ".cache" / "npm"
DOCS = ROOT / "docs"
VENDOR = DOCS / "assets" / "vendor"
PYODIDE_LOCK = "pyodide-lock.json"
PRECOMPRESSED = ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs")  # under VENDOR


def pins() -> dict[str, dict]:
    """The lock: package name -> {version, integrity, files, and optionally into}."""
    return json.loads(LOCK.read_text())


def destination(name: str, pin: dict) -> Path:
    """Where a package's files go: docs/assets/vendor/, or `into`, which must lie outside docs/."""
    if "into" not in pin:
        return VENDOR
    folder = (ROOT / pin["into"]).resolve()
    if folder.is_relative_to(DOCS) or not folder.is_relative_to(ROOT):
        raise SystemExit(f"{name}: `into` must be a folder of the repository outside docs/: {pin['into']}")
    return folder


def package_files(name: str) -> list[Path]:
    """Every file this module writes for one package."""
    pin = pins()[name]
    return [destination(name, pin) / dest for dest in pin["files"].values()]


def vendored_files() -> list[Path]:
    """Every file this module writes under docs/assets/vendor/: what the site serves."""
    files = [path for name, pin in pins().items() if "into" not in pin for path in package_files(name)]
    return files + [sibling(VENDOR / name) for name in PRECOMPRESSED]


def sibling(path: Path) -> Path:
    return path.with_name(path.name + ".gz")


def precompress(path: Path) -> None:
    """Write path.gz (gzip -9, no time stamp: the same file gives the same bytes) unless it is
    newer than the file (extract() rewrites only what changed)."""
    target = sibling(path)
    if not target.exists() or target.stat().st_mtime < path.stat().st_mtime:
        target.write_bytes(gzip.compress(path.read_bytes(), 9, mtime=0))


def integrity_of(path: Path) -> str:
    """Return the npm-style integrity string (sha512, base64) of a file."""
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_tarball(name: str, version: str, integrity: str) -> Path:
    """Return the cached tarball of name@version, packing it with npm when missing or wrong."""
    tarball = CACHE / f"{name.removeprefix('@').replace('/', '-')}-{version}.tgz"  # as npm pack names it
    if tarball.exists() and integrity_of(tarball) == integrity:
        return tarball
    CACHE.mkdir(parents=True, exist_ok=True)
    tarball.unlink(missing_ok=True)
    subprocess.run(
        ["npm", "pack", "--loglevel=error", "--pack-destination", str(CACHE), f"{name}@{version}"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    found = integrity_of(tarball)
    if found != integrity:
        tarball.unlink()
        raise SystemExit(f"{name}@{version}: integrity {found} does not match the pinned {integrity}")
    return tarball


def trim_pyodide_lock(data: bytes) -> bytes:
    """Keep the runtime's info and drop every package, so nothing loads by name."""
    lock = json.loads(data)
    return json.dumps({"info": lock["info"], "packages": {}, "tool": {}}, indent=1).encode()


def extract(tarball: Path, files: dict[str, str], into: Path) -> None:
    """Write each listed member of the tarball to its place under `into`."""
    with tarfile.open(tarball) as tar:
        for member, dest in files.items():
            source = tar.extractfile(member)
            if source is None:
                raise SystemExit(f"{tarball.name}: {member} is not a file")
            data = source.read()
            if Path(member).name == PYODIDE_LOCK:
                data = trim_pyodide_lock(data)
            target = into / dest
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists() or target.read_bytes() != data:
                target.write_bytes(data)


def main() -> None:
    for name, pin in pins().items():
        into = destination(name, pin)
        extract(fetch_tarball(name, pin["version"], pin["integrity"]), pin["files"], into)
        print(f"vendored {name}@{pin['version']} into {into.relative_to(ROOT)}")
    for name in PRECOMPRESSED:
        precompress(VENDOR / name)


if __name__ == "__main__":
    main()

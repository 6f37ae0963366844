"""Vendor the browser runtime from npm into docs/assets/vendor/ (pinned, integrity checked).

Each package in build_tools/vendor.lock.json is fetched once with `npm pack` into .cache/npm/,
its tarball checked against the pinned sha512 integrity, and the listed files extracted.
Pyodide's lock file is trimmed to no packages, so nothing can be fetched by name at run time.

    python -m build_tools.vendor
"""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "build_tools" / "vendor.lock.json"
CACHE = ROOT / ".cache" / "npm"
VENDOR = ROOT / "docs" / "assets" / "vendor"
PYODIDE_LOCK = "pyodide-lock.json"


def vendored_files() -> list[Path]:
    """Every file this module writes under docs/assets/vendor/."""
    return [VENDOR / dest for pin in json.loads(LOCK.read_text()).values() for dest in pin["files"].values()]


def integrity_of(path: Path) -> str:
    """Return the npm-style integrity string (sha512, base64) of a file."""
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_tarball(name: str, version: str, integrity: str) -> Path:
    """Return the cached tarball of name@version, packing it with npm when missing or wrong."""
    tarball = CACHE / f"{name}-{version}.tgz"
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


def extract(tarball: Path, files: dict[str, str]) -> None:
    """Write each listed member of the tarball to its place under docs/assets/vendor/."""
    with tarfile.open(tarball) as tar:
        for member, dest in files.items():
            source = tar.extractfile(member)
            if source is None:
                raise SystemExit(f"{tarball.name}: {member} is not a file")
            data = source.read()
            if Path(member).name == PYODIDE_LOCK:
                data = trim_pyodide_lock(data)
            target = VENDOR / dest
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists() or target.read_bytes() != data:
                target.write_bytes(data)


def main() -> None:
    for name, pin in json.loads(LOCK.read_text()).items():
        extract(fetch_tarball(name, pin["version"], pin["integrity"]), pin["files"])
        print(f"vendored {name}@{pin['version']}")


if __name__ == "__main__":
    main()

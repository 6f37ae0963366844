"""Write the engine's wheel into .cache/wheel/ (build_tools.runtime makes the browser's from it).

A pure-Python py3-none-any wheel is a zip of the package, its metadata and a RECORD of both, so it
is written here with the standard library alone: it needs no installed package, and a fresh
clone's `make` makes the runtime while pip installs the rest.

    python -m build_tools.wheel
"""

from __future__ import annotations

import tomllib
import zipfile
from pathlib import Path

from build_tools.zips import record_line, write_member

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / ".cache" / "wheel"
PACKAGE = ROOT / "engine"


def project() -> dict[str, str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def members(about: dict[str, str]) -> dict[str, bytes]:
    """The wheel's files by their path inside it: the package's modules, then the metadata of the
    project `about` (pyproject.toml's [project])."""
    name, version = about["name"], about["version"]
    info = f"{name}-{version}.dist-info"
    files = {path.relative_to(ROOT).as_posix(): path.read_bytes() for path in sorted(PACKAGE.rglob("*.py"))}
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {about['description']}\n"
        f"Requires-Python: {about['requires-python']}\n"
    ).encode()
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: build_tools.wheel\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{info}/licenses/LICENSE"] = (ROOT / "LICENSE").read_bytes()
    record = "".join(record_line(path, data) for path, data in files.items()) + f"{info}/RECORD,,\n"
    files[f"{info}/RECORD"] = record.encode()
    return files


def build_wheel() -> Path:
    """Write engine-*-py3-none-any.whl into .cache/wheel/ and return its path."""
    about = project()
    DIST.mkdir(parents=True, exist_ok=True)
    for old in DIST.glob("*.whl"):
        old.unlink()
    wheel = DIST / f"{about['name']}-{about['version']}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, data in members(about).items():
            write_member(archive, path, data)
    return wheel


def main() -> None:
    print(f"wheel {build_wheel().name}")


if __name__ == "__main__":
    main()

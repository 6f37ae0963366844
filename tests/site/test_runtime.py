"""What build_tools.runtime publishes for the browser's Python: bytecode made by Pyodide itself,
the standard library cut to what the sandbox imports, and the key that guards snapshots."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from build_tools.runtime import snapshot_key

UNCHECKED_HASH = 0b01  # PEP 552 flags: hash-based, source not checked


def published(site_dir: Path, kind: str) -> zipfile.ZipFile:
    folder = site_dir / "assets" / "vendor" / "python"
    manifest = json.loads((folder / "manifest.json").read_text())
    return zipfile.ZipFile(folder / manifest[kind]["file"])


def pyc_flags(data: bytes) -> int:
    return int.from_bytes(data[4:8], "little")


def test_the_standard_library_is_cut_and_compiled(site_dir: Path) -> None:
    stdlib = published(site_dir, "stdlib")
    stock = zipfile.ZipFile(site_dir / "assets" / "vendor" / "pyodide" / "python_stdlib.zip")
    names = stdlib.namelist()
    assert names and all(name.endswith(".pyc") for name in names)
    assert {name.removesuffix("c") for name in names} <= set(stock.namelist())
    assert len(names) < len(stock.namelist()) / 3
    assert {"json/__init__.pyc", "traceback.pyc", "dataclasses.pyc"} <= set(names)  # the engine's
    assert {"unittest/__init__.pyc", "pydoc.pyc"}.isdisjoint(names)  # nobody's in the sandbox
    assert {pyc_flags(stdlib.read(name)) for name in names} == {UNCHECKED_HASH}


def test_every_engine_module_ships_with_its_bytecode(site_dir: Path) -> None:
    wheel = published(site_dir, "wheel")
    names = set(wheel.namelist())
    sources = sorted(name for name in names if name.endswith(".py"))
    assert "engine/bridge.py" in sources
    for source in sources:
        folder, _, module = source.rpartition("/")
        compiled = f"{folder}/__pycache__/{module.removesuffix('.py')}.cpython-314.pyc"
        assert compiled in names, source
        assert pyc_flags(wheel.read(compiled)) == UNCHECKED_HASH
    (record,) = (name for name in names if name.endswith(".dist-info/RECORD"))
    listed = {line.split(",")[0] for line in wheel.read(record).decode().splitlines()}
    assert names <= listed


@pytest.mark.parametrize("changed", range(5))
def test_the_snapshot_key_changes_with_any_file_the_memory_depends_on(changed: int) -> None:
    files = ["loader", "asm-js", "asm-wasm", "stdlib", "wheel"]
    other = [name + ("'" if i == changed else "") for i, name in enumerate(files)]
    assert snapshot_key(files[:3], files[3], files[4]) != snapshot_key(other[:3], other[3], other[4])

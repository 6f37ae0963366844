"""Build the engine wheel offline and publish it to docs/assets/vendor/wheels/.

hatchling builds a pure-Python py3-none-any wheel with no build isolation and no index, so no
network is needed. The worker finds it through manifest.json: {"file": ..., "sha256": ...}.

    python -m build_tools.wheel
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / ".cache" / "wheel"
WHEELS = ROOT / "docs" / "assets" / "vendor" / "wheels"
MANIFEST = WHEELS / "manifest.json"


def build_wheel() -> Path:
    """Build engine-*-py3-none-any.whl into .cache/wheel/ and return its path."""
    for old in DIST.glob("*.whl"):
        old.unlink()
    subprocess.run(
        [sys.executable, "-m", "build", "-q", "--wheel", "--no-isolation", "--outdir", str(DIST), str(ROOT)],
        check=True,
    )
    (wheel,) = DIST.glob("engine-*-py3-none-any.whl")
    return wheel


def publish(wheel: Path) -> dict[str, str]:
    """Copy the wheel into the site's vendor folder (alone) and write its manifest."""
    WHEELS.mkdir(parents=True, exist_ok=True)
    for old in WHEELS.glob("*.whl"):
        old.unlink()
    data = wheel.read_bytes()
    (WHEELS / wheel.name).write_bytes(data)
    manifest = {"file": wheel.name, "sha256": hashlib.sha256(data).hexdigest()}
    MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def main() -> None:
    manifest = publish(build_wheel())
    print(f"wheel {manifest['file']} sha256 {manifest['sha256'][:16]}…")


if __name__ == "__main__":
    main()

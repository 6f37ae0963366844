"""Build the engine wheel offline into .cache/wheel/ (build_tools.runtime publishes it).

hatchling builds a pure-Python py3-none-any wheel with no build isolation and no index, so no
network is needed.

    python -m build_tools.wheel
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / ".cache" / "wheel"


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


def main() -> None:
    print(f"wheel {build_wheel().name}")


if __name__ == "__main__":
    main()

"""みんなのスマホで遊ぶ's harder paths: a plain-http host and a Firefox guest read too late, over
real data channels in a network namespace made here (tests/browser/table_paths_rtc.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from build_tools.netns import INSIDE, inside_namespace
from tests.conftest import ROOT

PATHS_TESTS = Path(__file__).with_name("table_paths_rtc.py")


def test_plain_http_host_and_late_firefox_guest_inside_a_network_namespace(site_dir: Path) -> None:
    """tests/browser/table_paths_rtc.py, run by pytest inside a network namespace made here
    (build_tools/netns.py), on the site built (`site_dir`)."""
    pytest_run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(PATHS_TESTS)]
    env = {**os.environ, INSIDE: "1", "RB_SITE_BUILT": "1"}
    env.pop("PYTEST_XDIST_WORKER", None)
    run = subprocess.run(
        inside_namespace(pytest_run), cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]

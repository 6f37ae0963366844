"""A private network namespace for real WebRTC data channels between browser contexts on one
machine (みんなのスマホで遊ぶ's tests and bench): a veth pair on 192.0.2.0/24 (the documentation
range) and a default route through it, without which Chromium gathers no ICE candidate at all.
Nothing can leave it; the site is served on its own loopback.
"""

from __future__ import annotations

import os

INSIDE = "RB_TABLE_NETNS"
"""Set to "1" for the command run inside."""

SETUP = """ip link set lo up
ip link add rbv0 type veth peer name rbv1
ip addr add 192.0.2.10/24 dev rbv0
ip link set rbv0 up
ip link set rbv1 up
ip route add default via 192.0.2.1 dev rbv0 onlink
exec "$@"
"""


def inside_namespace(command: list[str]) -> list[str]:
    """`command` run in a fresh network namespace: as root (CI), else as root of a user namespace."""
    unshare = ["unshare", "-n"] if os.geteuid() == 0 else ["unshare", "-rn"]
    return [*unshare, "sh", "-c", SETUP, "rb-netns", *command]

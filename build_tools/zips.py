"""Zip members with fixed times and a wheel's RECORD lines, so that the same inputs give the same
bytes (the snapshot key hashes the wheel). The standard library alone: this runs in the host's
Python (build_tools/wheel.py) and in Pyodide (build_tools/runtime_trace.py, beside which
build_tools/runtime.mjs writes it)."""

from __future__ import annotations

import base64
import hashlib
import zipfile

ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def record_line(name: str, data: bytes) -> str:
    """The RECORD line of a wheel member: its path, its urlsafe SHA-256, its size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def write_member(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data, compresslevel=9)

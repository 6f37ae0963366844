"""The shell's modules a game page needs for its first board: every file the sandbox's entry
(sandbox/index.js) imports, directly or through another, so that the page can ask for all of
them at once from its <head> (early.js adds a `<link rel="modulepreload">` for each one the hooks
list) instead of level by level as each module's own imports are read (five levels: some 0.5 s
of a first visit on a loaded two-core machine, build_tools/bench_predrawn). Static imports only:
what a module asks for with import() (morphdom, the QR encoder) comes when it is used."""

from __future__ import annotations

import re
from pathlib import Path

# `import … from "./x.js"`, `export … from "./x.js"` and `import "./x.js"`: relative specifiers only
STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^"';]*?["'](\.\.?/[^"']+)["']\s*;""", re.MULTILINE)


def static_imports(entry: Path) -> list[Path]:
    """`entry` and every module it imports statically, at any depth, in the order first met."""
    found = [entry.resolve()]
    for module in found:  # grows as it is walked
        for specifier in STATIC_IMPORT.findall(module.read_text(encoding="utf-8")):
            imported = (module.parent / specifier).resolve()
            if imported not in found:
                found.append(imported)
    return found

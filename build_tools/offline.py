"""The site offline and installable, written into the built site after the build (mkdocs_hooks.py):
the web app manifest and its icons, then the service worker `sw.js` at the site's root (so that its
scope covers every page, at any sub-path) with the list of every built file and a digest of them.

What the service worker keeps is the built site, listed here from site/, never by hand, with two
savings: a file whose gzip sibling unpacks to the very same bytes (the runtime's two large files,
the sitemap) is kept as that sibling only, and the service worker unpacks it when the file itself
is asked for; and the files no page asks for over http are not kept (`never_asked`: 5 MB of 13).
The digest names the cache (with the site's scope: sw.js), so one build's files are never mixed with
another's, and each file's SHA-256 is listed, so that the service worker keeps only the build's own
bytes (never an older copy a host or a cache answered with). Run on a built folder (the update test
makes a second build so):

    python -m build_tools.offline SITE_DIR
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
from pathlib import Path
from urllib.parse import quote

from build_tools.icons import BACKGROUND, ICONS, write_icons

SERVICE_WORKER = "sw.js"
WEB_MANIFEST = "manifest.webmanifest"
ICON_FOLDER = "assets/icons"
BUILD_MARKER = "const BUILD = null; // written by build_tools/offline.py"


def web_manifest(name: str, short_name: str, description: str) -> dict[str, object]:
    """The manifest an installing browser reads; every URL relative to it, at the site's root."""
    return {
        "name": name,
        "short_name": short_name,
        "description": description,
        "lang": "ja",
        "dir": "ltr",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": BACKGROUND,
        "background_color": "#ffffff",
        "icons": [
            {
                "src": f"{ICON_FOLDER}/{icon.name}",
                "sizes": f"{icon.size}x{icon.size}",
                "type": "image/png",
                "purpose": icon.purpose,
            }
            for icon in ICONS
        ],
    }


def write_app(site: Path, logo_svg: str, *, name: str, short_name: str, description: str) -> None:
    """The icons and the web app manifest."""
    write_icons(logo_svg, site / ICON_FOLDER)
    text = json.dumps(web_manifest(name, short_name, description), ensure_ascii=False, indent=1)
    (site / WEB_MANIFEST).write_text(text + "\n", encoding="utf-8")


SEARCH_INDEX = "search/search_index.json"
LUNR = "assets/javascripts/lunr/"
SEGMENTERS = {"ja": "tinyseg.js", "th": "wordcut.js"}  # material's word splitters, by language
NEVER_ASKED = {
    "search/search_index.js": "material's index for pages opened as files, where no service worker runs",
    "assets/vendor/pyodide/python_stdlib.zip": "Pyodide's own standard library, for the bench's bare "
    "boot: the sandbox runs the cut one in assets/vendor/python/",
}


def search_languages(site: Path) -> set[str]:
    """The languages of material's search index (its config), if the site has one."""
    index = site / SEARCH_INDEX
    return set(json.loads(index.read_text(encoding="utf-8"))["config"]["lang"]) if index.is_file() else set()


def never_asked(name: str, languages: set[str]) -> bool:
    """Whether no page of the site asks for the built file `name` over http, so that keeping it
    offline would only take a reader's space: source maps (developer tools read them),
    `NEVER_ASKED`, and material's search languages and word splitters other than the index's own."""
    if name.endswith(".map") or name in NEVER_ASKED:
        return True
    if not name.startswith(LUNR):
        return False
    file = name.removeprefix(LUNR)
    if file in SEGMENTERS.values():
        return not any(SEGMENTERS.get(language) == file for language in languages)
    language = file.removeprefix("min/lunr.").removesuffix(".min.js")
    return file.startswith("min/lunr.") and language not in {"stemmer.support", "multi", *languages}


def sha256(body: bytes) -> str:
    """The SHA-256 of `body` in base64, as the service worker writes what it fetched (sw.js)."""
    return base64.b64encode(hashlib.sha256(body).digest()).decode()


def build_listing(site: Path) -> dict[str, object]:
    """What the service worker keeps: `files` [[URL path relative to the root, its bytes' sha256]]
    in the cache, `packed` {URL path: its sibling's} answered from a kept sibling, `unpacked`
    {sibling: the sha256 of the bytes it unpacks to} (what a host that decodes a .gz itself sends),
    `bytes` in all, and `digest` of every file (but the service worker itself), kept or not."""
    paths = sorted(
        p for p in site.rglob("*") if p.is_file() and p.relative_to(site).as_posix() != SERVICE_WORKER
    )
    names = {p.relative_to(site).as_posix() for p in paths}
    languages = search_languages(site)
    digest = hashlib.sha256()
    files: list[list[str]] = []
    packed: dict[str, str] = {}
    unpacked: dict[str, str] = {}
    total = 0
    for path in paths:
        name = path.relative_to(site).as_posix()
        body = path.read_bytes()
        digest.update(f"{name}\0{len(body)}\0".encode() + hashlib.sha256(body).digest())
        sibling = name + ".gz"
        if never_asked(name, languages):
            continue
        if sibling in names and gzip.decompress((site / sibling).read_bytes()) == body:
            packed[quote(name)] = quote(sibling)
            unpacked[quote(sibling)] = sha256(body)
        else:
            files.append([quote(name), sha256(body)])
            total += len(body)
    return {
        "digest": digest.hexdigest()[:16],
        "bytes": total,
        "files": files,
        "packed": packed,
        "unpacked": unpacked,
    }


def write_service_worker(site: Path, source: str) -> dict[str, object]:
    """sw.js: `source` (docs/sw.js) with the build's listing in place of its marker."""
    if source.count(BUILD_MARKER) != 1:
        raise ValueError(f"the service worker's source must hold `{BUILD_MARKER}` once")
    listing = build_listing(site)
    line = f"const BUILD = {json.dumps(listing, separators=(',', ':'))};"
    (site / SERVICE_WORKER).write_text(source.replace(BUILD_MARKER, line), encoding="utf-8")
    return listing


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the service worker's list of a built site again.")
    parser.add_argument("site", type=Path)
    args = parser.parse_args()
    source = Path(__file__).resolve().parent.parent / "docs" / SERVICE_WORKER
    listing = write_service_worker(args.site, source.read_text(encoding="utf-8"))
    files, size, digest = len(listing["files"]), listing["bytes"], listing["digest"]  # type: ignore[arg-type]
    print(f"{args.site / SERVICE_WORKER}: {files} files, {size} bytes, digest {digest}")


if __name__ == "__main__":
    main()

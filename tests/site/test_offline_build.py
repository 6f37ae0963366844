"""What the service worker keeps (build_tools/offline.py): the built site, listed from it, but the
files no page asks for over http."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from urllib.parse import unquote, urljoin

from build_tools.offline import SERVICE_WORKER, build_listing


def written_listing(site: Path) -> dict:
    text = (site / SERVICE_WORKER).read_text(encoding="utf-8")
    return json.loads(text.split("const BUILD = ", 1)[1].split(";\n", 1)[0])


def test_the_built_service_worker_keeps_every_file_of_the_site_a_page_can_ask_for(site_dir: Path) -> None:
    listing = written_listing(site_dir)
    assert listing == build_listing(site_dir)  # written after the last file of the build
    built = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    kept = {unquote(path) for path, _ in listing["files"]}
    packed = {unquote(path) for path in listing["packed"]}
    lunr = "assets/javascripts/lunr/"
    language = re.escape(lunr) + r"min/lunr\.(?!ja\.|multi\.|stemmer\.support\.)[a-z]+\.min\.js"
    other_languages = {name for name in built if re.fullmatch(language, name)}
    assert "assets/javascripts/lunr/min/lunr.de.min.js" in other_languages
    left_out = {
        *(name for name in built if name.endswith(".map")),
        "search/search_index.js",  # material's, for pages opened as files
        "assets/vendor/pyodide/python_stdlib.zip",  # the bench's bare boot
        lunr + "wordcut.js",  # Thai's word splitter
        *other_languages,
    }
    assert kept | packed == built - {SERVICE_WORKER} - left_out and not kept & packed
    assert {unquote(sibling) for sibling in listing["packed"].values()} <= kept
    assert "assets/vendor/pyodide/pyodide.asm.wasm" in packed
    assert {lunr + "tinyseg.js", lunr + "min/lunr.ja.min.js", "search/search_index.json"} <= kept
    assert listing["bytes"] == sum((site_dir / unquote(path)).stat().st_size for path in kept)


def test_every_file_a_built_page_links_to_is_kept(site_dir: Path) -> None:
    listing = written_listing(site_dir)
    kept = {unquote(path) for path, _ in listing["files"]} | {unquote(path) for path in listing["packed"]}
    for page in site_dir.rglob("*.html"):
        name = page.relative_to(site_dir).as_posix()
        for link in re.findall(r'(?:src|href)="([^"#?:]+)', page.read_text(encoding="utf-8")):
            target = urljoin(name, link)
            if (site_dir / target).is_file():
                assert target in kept, f"{name} links to {target}, which the service worker leaves out"
            elif target.endswith("/") and (site_dir / target / "index.html").is_file():
                assert target + "index.html" in kept, f"{name} links to {target}"


def test_a_sibling_is_kept_for_its_file_only_when_it_unpacks_to_the_same_bytes(tmp_path: Path) -> None:
    (tmp_path / "same.txt").write_bytes(b"a" * 100)
    (tmp_path / "same.txt.gz").write_bytes(gzip.compress(b"a" * 100))
    (tmp_path / "other.txt").write_bytes(b"b" * 100)
    (tmp_path / "other.txt.gz").write_bytes(gzip.compress(b"c" * 100))
    listing = build_listing(tmp_path)
    assert listing["packed"] == {"same.txt": "same.txt.gz"}
    assert sorted(path for path, _ in listing["files"]) == ["other.txt", "other.txt.gz", "same.txt.gz"]
    digest = listing["digest"]
    (tmp_path / "other.txt").write_bytes(b"b" * 99 + b"x")
    assert build_listing(tmp_path)["digest"] != digest  # a changed byte is a new build

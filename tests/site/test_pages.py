"""Every game's rules page follows the house style of ARCHITECTURE.md, and its links hold.

Checked on the built site: the summary box first and in です/ます, the turn-flow figure, the
players-and-time line under it, the sections in order, the visibility table, the three kinds of
note (each kind holding notes, every note an h4 with its own numbered id and label, every link to
a note named by that label), the FAQ as a definition list, every rule anchor the engine's refusals
name, and every in-page link.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from engine.registry import games
from tests.site.pagetree import Node, article

OUTLINE = [
    "overview",
    "components",
    "setup",
    "turn",
    "end",
    "notes",
    "rulings",
    "site-rules",
    "sandbox-display",
    "faq",
    "play",
    "credits",
]
GAME_IDS = sorted(games())
# The three kinds of note: the h3's id and heading, and each note's id prefix and label.
NOTE_KINDS = {
    "rulings": ("原作に書かれていない点と読み方の裁定", "ruling-", "裁定"),
    "site-rules": ("このサイト独自のルール", "site-rule-", "独自ルール"),
    "sandbox-display": ("サンドボックスでの表示", "display-", "表示"),
}
NOTE_ID = re.compile(r"(ruling|site-rule|display)-(\d+)")
# 「2〜4人用・8歳以上・約30分（時間はこのサイトの目安）。」: players, the age when the source gives
# one, and the time labelled as the source's or this site's estimate.
FACTS = re.compile(
    r"(?P<players>\d(?:〜\d)?)人用(?:（(?P<more>[^（）]*)）)?(?:・\d+歳以上)?"
    r"・(?:\d+点までで)?約?\d+(?:〜\d+)?分（時間は(?:原作の表記|このサイトの目安)）。"
)
POLITE = ("ます", "ません", "です", "でした", "ましょう", "ください")
VISIBILITY_HEAD = ["もの", "卓で見える人", "サンドボックス"]


@cache
def built(site_dir: Path, name: str) -> Node:
    """The article of a built page, read once per run."""
    return article((site_dir / name).read_text(encoding="utf-8"))


def section(page: Node, anchor: str) -> list[Node]:
    """The article's top-level elements from the heading with id `anchor` up to the next heading of
    the same or a higher level."""
    blocks = page.elements()
    start = next(i for i, node in enumerate(blocks) if node.attrs.get("id") == anchor)
    level = blocks[start].tag
    end = next(
        (i for i in range(start + 1, len(blocks)) if blocks[i].tag in ("h2", "h3")[: int(level[1]) - 1]),
        len(blocks),
    )
    return blocks[start + 1 : end]


def headings(page: Node) -> list[Node]:
    return [node for node in page.walk() if node.tag in ("h2", "h3", "h4")]


def sentences(text: str) -> list[str]:
    """Sentences ending in 。, split outside （） only; a trailing aside is dropped from each."""
    found, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"（": 1, "）": -1}.get(char, 0)
        if char == "。" and depth == 0:
            found.append(re.sub(r"(（[^（）]*）)+$", "", text[start:i]).strip())
            start = i + 1
    return found


# --- the top of the page -----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_page_opens_with_the_summary_box_and_the_turn_flow(site_dir: Path, game_id: str) -> None:
    blocks = built(site_dir, f"{game_id}.html").elements()
    first = next(node for node in blocks if node.tag in ("div", "p", "h2", "figure"))
    assert first.attrs.get("class") == "admonition abstract"
    figures = [node.attrs.get("id") for node in blocks if node.tag == "figure"]
    assert figures[0] == f"fig-{game_id}-turn-flow"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_summary_box_speaks_in_desu_masu(site_dir: Path, game_id: str) -> None:
    """Every sentence of the box ends in a polite form; a block without a full stop is a label."""
    page = built(site_dir, f"{game_id}.html")
    box = next(node for node in page.elements() if node.attrs.get("class") == "admonition abstract")
    blocks = [
        node
        for node in box.walk()
        if node.tag in ("p", "li") and "admonition-title" not in node.attrs.get("class", "")
    ]
    plain = []
    for block in blocks:
        text = block.text()
        if "。" not in text:
            assert block.tag == "p" and len(text) <= 12, f"not a sentence nor a label: {text}"
            continue
        assert text.endswith("。") or re.search(r"。(（[^（）]*）)+$", text), f"ends mid-sentence: {text}"
        plain += [sentence for sentence in sentences(text) if not sentence.endswith(POLITE)]
    assert plain == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_players_and_time_follow_the_figure_in_one_format(site_dir: Path, game_id: str) -> None:
    blocks = built(site_dir, f"{game_id}.html").elements()
    after = blocks[[node.attrs.get("id") for node in blocks].index(f"fig-{game_id}-turn-flow") + 1]
    assert after.tag == "p"
    facts = FACTS.match(after.text())
    assert facts, after.text()
    low, _, high = facts["players"].partition("〜")
    counts = set(range(int(low), int(high or low) + 1))
    counts |= {int(n) for n in re.findall(r"(\d)人", facts["more"] or "")}
    assert counts == set(games()[game_id].info.players)


# --- the sections ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_page_sections_follow_the_outline(site_dir: Path, game_id: str) -> None:
    order = [node.attrs.get("id") for node in headings(built(site_dir, f"{game_id}.html"))]
    assert [anchor for anchor in order if anchor in OUTLINE] == OUTLINE


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_anchor_of_the_engine_is_on_the_page(site_dir: Path, game_id: str) -> None:
    ids = {node.attrs.get("id") for node in built(site_dir, f"{game_id}.html").walk()}
    assert [anchor for anchor in games()[game_id].info.rule_anchors if anchor not in ids] == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_end_says_who_sees_what_in_one_table(site_dir: Path, game_id: str) -> None:
    """終了と得点 ends with 見えるもの・見えないもの: the table, then the sandbox beside it."""
    end = section(built(site_dir, f"{game_id}.html"), "end")
    ids = [node.attrs.get("id") for node in end if node.tag == "h3"]
    assert ids[-1] == "visibility"
    table = next(
        node for node in section(built(site_dir, f"{game_id}.html"), "visibility") if node.tag == "table"
    )
    assert [cell.text() for cell in table.walk() if cell.tag == "th"] == VISIBILITY_HEAD


# --- the notes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_kind_of_note_holds_numbered_notes_with_ids(site_dir: Path, game_id: str) -> None:
    """Under 補足, each kind's h3 has its house name and holds h4 notes 1, 2, … whose ids and labels
    agree (#### 裁定2　… {#ruling-2}); a note heading without its own id fails."""
    page = built(site_dir, f"{game_id}.html")
    notes = section(page, "notes")
    kinds = [node for node in notes if node.tag == "h3"]
    assert [(node.attrs.get("id"), node.text()) for node in kinds] == [
        (kind, name) for kind, (name, _, _) in NOTE_KINDS.items()
    ]
    for kind, (_, prefix, label) in NOTE_KINDS.items():
        held = [node for node in section(page, kind) if node.tag == "h4"]
        assert held, f"{kind} holds no note"
        for number, note in enumerate(held, start=1):
            assert note.attrs.get("id") == f"{prefix}{number}", (
                f"{note.text()} has id {note.attrs.get('id')!r}"
            )
            assert note.text().startswith(f"{label}{number}　"), note.text()
    stray = [
        (node.tag, node.attrs.get("id"))
        for node in notes
        if node.tag in ("h5", "h6")
        or (node.tag not in ("h3", "h4") and NOTE_ID.fullmatch(node.attrs.get("id", "")))
    ]
    assert stray == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_link_to_a_note_is_named_by_its_label(site_dir: Path, game_id: str) -> None:
    labels = {prefix.rstrip("-"): label for _, prefix, label in NOTE_KINDS.values()}
    misnamed = []
    for link in built(site_dir, f"{game_id}.html").walk():
        target = NOTE_ID.fullmatch(link.attrs.get("href", "#")[1:]) if link.tag == "a" else None
        if target and "headerlink" not in link.attrs.get("class", ""):
            expected = f"{labels[target[1]]}{target[2]}"
            misnamed += [(link.text(), expected)] if link.text() != expected else []
    assert misnamed == []


def test_the_notes_are_introduced_alike_on_every_page(site_dir: Path) -> None:
    """補足's first paragraph names the three kinds in the same words everywhere, and so does each
    kind's first paragraph for the two kinds whose scope is the same on every page."""
    intros = {
        anchor: {section(built(site_dir, f"{g}.html"), anchor)[0].text() for g in GAME_IDS}
        for anchor in ("notes", "site-rules", "sandbox-display")
    }
    assert {anchor: len(texts) for anchor, texts in intros.items()} == dict.fromkeys(intros, 1), intros


# --- the FAQ -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_faq_is_a_definition_list_of_questions_and_answers(site_dir: Path, game_id: str) -> None:
    faq = section(built(site_dir, f"{game_id}.html"), "faq")
    assert [node.tag for node in faq] == ["dl"]
    pairs = faq[0].elements()
    assert [node.tag for node in pairs] == ["dt", "dd"] * (len(pairs) // 2) and pairs
    questions, answers = [node.text() for node in pairs[::2]], [node.text() for node in pairs[1::2]]
    assert [q for q in questions if not q.endswith("？")] == []
    assert all(answers)


# --- links -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [*(f"{g}.html" for g in GAME_IDS), "index.html", "about.html"])
def test_every_in_page_link_has_its_target(site_dir: Path, name: str) -> None:
    page = built(site_dir, name)
    ids = {node.attrs.get("id") for node in page.walk()}
    links = {
        node.attrs["href"][1:]
        for node in page.walk()
        if node.tag == "a" and node.attrs.get("href", "").startswith("#")
    }
    assert sorted(links - ids) == []

"""Necropolis's worked examples and the page's figures, all drawn by the engine."""

from __future__ import annotations

from engine.flowchart import flowchart
from engine.game import Figure, Scenario
from engine.games.necropolis.rules import (
    ALL_TILES,
    NecropolisState,
    canonical,
    parse_tile,
    placements,
    tile_id,
)
from engine.games.necropolis.view import back_svg, render, tile_svg
from engine.rng import Rng

GRAVE_ROW = ["0-0", "0-5", "1-5", "1-2"]
GRAVE_ROW_MASTABA = ["0-3", "2-6", "3-4"]
SETUP_SEED = 2013


def grave_row_position() -> NecropolisState:
    """The source's grave-row example: a blank fits on the left end, a 1 or a 2 on the right."""
    used = {canonical(parse_tile(t)) for t in [*GRAVE_ROW, *GRAVE_ROW_MASTABA, "4-4"]}
    pile = [tile_id(t) for t in ALL_TILES if t not in used]
    Rng(SETUP_SEED).shuffle(pile)
    return NecropolisState.from_position(
        graves=[GRAVE_ROW, ["4-4"]],
        starts=["0-5", "4-4"],
        mastabas=[GRAVE_ROW_MASTABA, []],
        pile=pile,
    )


def grave_row_holds(state: NecropolisState) -> bool:
    """A blank fits the left end, a 1 or a 2 the right end; of the mastaba, [0|3] goes left
    (either way up), [2|6] right (turned), [3|4] nowhere."""
    grave = state.view(0)["graves"][0]
    ends = [parse_tile(grave[0]), parse_tile(grave[-1])]
    fits_ends = all(
        {side for side, _ in placements(tile, ends)}
        == {side for side, fits in (("L", 0 in tile), ("R", 1 in tile or 2 in tile)) if fits}
        for tile in ALL_TILES
    )
    moves = sorted(a for a in state.legal_actions() if a.startswith("move:"))
    return fits_ends and moves == ["move:L:0-3", "move:L:3-0", "move:R:6-2"]


SCENARIOS = {
    "grave-row": Scenario(
        name="grave-row",
        title="墓地の並べ方の例",
        claim="左端には0（ブランク）の目を持つ牌だけ、右端には1か2の目を持つ牌だけが置ける。",
        build=grave_row_position,
        holds=grave_row_holds,
    ),
}


def draw_turn_flow() -> str:
    return flowchart(
        "ネクロポリスの手番の流れ",
        [
            ["手番の始め\n（終了の提案もできる）"],
            ["山から引いて\n墓地か\nマスタバへ", "マスタバの\n牌を墓地へ", "墓地の\n作りなおし", "交換"],
            ["山が空なら\nゲーム終了"],
        ],
        loop="相手の\n手番へ",
    )


def draw_tiles() -> str:
    items = "".join(f"<li>{tile_svg(tile_id(t), small=True)}</li>" for t in ALL_TILES)
    return f'<ul class="nec-set" aria-label="ダブルシックスの牌28枚">{items}</ul>'


def draw_setup() -> str:
    return render(NecropolisState(2, SETUP_SEED).view(None), interactive=False, prefix="fig-setup")


def draw_grave_row() -> str:
    state = grave_row_position()
    board = render(state.view(0), interactive=False, prefix="fig-grave-row")
    grave = [parse_tile(t) for t in GRAVE_ROW]
    rows = "".join(
        f"<tr><td>{tile_svg(tile, small=True)}</td><td>{_where(parse_tile(tile), grave)}</td></tr>"
        for tile in GRAVE_ROW_MASTABA
    )
    head = "<thead><tr><th>マスタバの牌</th><th>置ける場所</th></tr></thead>"
    table = f'<table class="nec-fits">{head}<tbody>{rows}</tbody></table>'
    return board + table


def _where(tile: tuple[int, int], grave: list[tuple[int, int]]) -> str:
    found = placements(tile, grave)
    if not found:
        return "どちらの端にも置けない"
    side_names = {"L": "左端", "R": "右端"}
    return "、".join(f"{side_names[side]}に上{t[0]}・下{t[1]}で" for side, t in found)


def draw_cover() -> str:
    """The top page's picture: the page's grave row, and a tile face down as in a mastaba."""
    return "".join(tile_svg(tile) for tile in GRAVE_ROW) + back_svg()


FIGURES = {
    "cover": Figure("墓地に並んだ牌と、伏せた牌", draw_cover),
    "turn-flow": Figure(
        "手番の流れ: 4つの行動から1つを選ぶ。山が空になったら、その行動を終えてゲーム終了", draw_turn_flow
    ),
    "tiles": Figure("ダブルシックスの牌28枚（0〜6の目の組み合わせすべて）", draw_tiles),
    "setup": Figure("準備が終わったところ: 双方の墓地に最初の牌が1枚ずつ、残り26枚が山", draw_setup),
    "grave-row": Figure(
        "先手の墓地は4枚。左端の[0|0]には0の目が、右端の[1|2]には上に1か下に2が合えば置ける",
        draw_grave_row,
        scenario="grave-row",
    ),
}

"""Figures for the rules pages, drawn at build time by the same views the sandbox uses."""

from __future__ import annotations

from html import escape

from engine.registry import find_game


def render_figure(game_id: str, name: str) -> str:
    """A <figure> for the page; a scenario's figure carries a button that opens it in the sandbox."""
    game = find_game(game_id)
    if name not in game.figures:
        raise KeyError(f"{game_id} has no figure named {name!r}")
    figure = game.figures[name]
    button = ""
    if figure.scenario:
        players = game.scenarios[figure.scenario].build().players
        button = (
            f'<button type="button" class="rb-open-scenario md-button" data-game="{game_id}" '
            f'data-scenario="{figure.scenario}" data-players="{players}">'
            "この局面を遊ぶ</button>"
        )
    return (
        f'<figure class="rb-figure" id="fig-{game_id}-{name}">{figure.draw()}'
        f"<figcaption>{escape(figure.caption)}</figcaption>{button}</figure>"
    )

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


def render_tutorial_links(game_id: str) -> str:
    """The page's buttons that open the game's tutorials in its sandbox, by the one-minute summary
    (the first is 「はじめての1局」). Each carries its tutorial's name as its id: a link to
    `<page>#<name>` (the top page's cards) opens that tutorial once the sandbox is ready."""
    game = find_game(game_id)
    buttons = "".join(
        f'<button type="button" class="rb-open-tutorial md-button{" md-button--primary" if i == 0 else ""}" '
        f'id="{escape(name)}" data-game="{game_id}" data-tutorial="{escape(name)}">'
        f"{escape(tutorial.title)}{'（チュートリアル）' if i == 0 else ''}</button>"
        for i, (name, tutorial) in enumerate(game.tutorials.items())
    )
    return f'<div class="rb-tutorial-links">{buttons}</div>'

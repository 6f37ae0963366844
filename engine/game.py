"""What the site needs of one game, below every game package: `Game`, `Scenario`, `Figure`.

A game package ends with one `GAME = Game(...)`; the registry (above the games) lists them.
Nothing here imports a game, so no import ever runs back up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.bots.base import Bot
from engine.core import GameInfo, State
from engine.tutorial import Tutorial


@dataclass(frozen=True)
class Scenario:
    """A worked example: a position built by `build`, what the page claims about it, and
    `holds`, which checks that claim on the position (the shared suite runs it)."""

    name: str
    title: str
    claim: str
    build: Callable[[], State]
    holds: Callable[[State], bool]


@dataclass(frozen=True)
class Figure:
    """A drawing for the rules page; a figure of a scenario can be opened in the sandbox."""

    caption: str
    draw: Callable[[], str]
    scenario: str | None = None


def next_turn(state: State) -> int:
    """A search's rollout plays until the seat has had its next turn (every other seat once, then
    the seat): what it drew or kept for later shows its worth only once it is used. (Rondo at 3
    and 4 players: 1.95× the fair share against やさしい, where two turns made 1.22× and 1.34×.)"""
    return state.players


@dataclass(frozen=True)
class Game:
    """One game's rules, view, bots and worked examples; the rules module itself knows none of this.

    `bots` maps "random" and "heuristic" to the game's own players (their names are the seat
    menu's, `engine.bots.levels`); `default_bot` is the level the sandbox seats opposite the
    reader, and in the scripted seats when a tutorial is played on: やさしい, the game's own
    heuristic, for every game. A first-time reader should meet a player they can beat sometimes
    while learning the rules; つよい beat やさしい in 68-100 % of two-player games in the kept
    bench records (build_tools/records), and is one tap away in the seat menu. `projected_scores` may help the
    search bot: each seat's likely final score from a position, oriented like `scores()` (without
    it, the scores as they stand); `search_horizon` is how many turns its rollouts play before
    that: a number, or a function of the position (`next_turn` unless a game gives its own: a
    game whose scores change when a hand ends plays to it). `search_kind` is
    the search of ふつう and つよい: the tree (`engine.bots.search`) or determinised rollouts
    (`engine.bots.rollouts`), stronger where moves differ by a point or two that only paired
    draws can tell apart. Each game makes both choices on paired games in `make bench`.
    `search_budgets` replaces the kind's budgets of ふつう and つよい (`engine.bots.levels.BUDGETS`)
    for a game whose playouts are much cheaper or dearer than the others': a game with cheap
    playouts can weigh more draws within the same think-time limit. A level's budget may be one
    number or one per player count (a table whose moves are dearer to weigh).
    `search_confidence` (rollouts only) is how many standard errors of evidence the search needs
    before it plays another action than the heuristic's (0: the best mean is played), for a game
    whose heuristic is hard to beat on a few draws. `search_steps_weighed` (rollouts only; None:
    all) is how many steps of a seat's run of actions the bot weighs before it follows the line
    the last one chose, for a game whose compound turns (pick, pick, done) the search only
    confirms after their first steps.
    `offers` are actions that ask the other seats to agree (a proposal to end): the search makes
    one only where the heuristic would, since to a tree an offer that may be declined is a free
    try, and a bot offering every turn is not what a person at the table does.
    `option_samples` are the option sets the shared test suite plays (the first one also the
    benchmark's): a game with a long default can test a short one too.
    `tutorials` are the guided games of the page (engine.tutorial), the first one 「はじめての1局」.
    `explain` may say in one short Japanese sentence why an action is good, from the seat's view
    alone (a hint shows it beside the search's figures; None: the figures alone).
    """

    state_class: type[State]
    render: Callable[..., str]
    status: Callable[[dict[str, Any]], str]
    bots: dict[str, Callable[[], Bot]]
    default_bot: str = "heuristic"
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    figures: dict[str, Figure] = field(default_factory=dict)
    option_samples: tuple[dict[str, Any], ...] = ({},)
    projected_scores: Callable[[State], list[float]] | None = None
    search_horizon: int | Callable[[State], int] = next_turn
    search_kind: Literal["tree", "rollouts"] = "tree"
    search_budgets: dict[str, int | dict[int, int]] | None = None
    search_confidence: float = 0.0
    search_steps_weighed: int | None = None
    offers: frozenset[str] = frozenset()
    tutorials: dict[str, Tutorial] = field(default_factory=dict)
    explain: Callable[[dict[str, Any], str], str | None] | None = None

    @property
    def info(self) -> GameInfo:
        return self.state_class.info

    @property
    def id(self) -> str:
        return self.info.id

    def start(self, name: str) -> State | None:
        """The position a worked example or a tutorial named `name` starts from (None: no such)."""
        if name in self.scenarios:
            return self.scenarios[name].build()
        if name in self.tutorials:
            return self.tutorials[name].build()
        return None

    def default_seats(self, players: int) -> list[str]:
        """The reader in the first seat, the default bot everywhere else."""
        return ["human"] + [f"bot:{self.default_bot}"] * (players - 1)

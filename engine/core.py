"""The contract every game keeps: a state with legal actions and apply.

A game subclasses `State` and writes the hooks (`_legal_actions`, `_apply`, `_refusal`,
`_redraw_hidden`, ...); the public calls live here, so "an illegal action changes nothing" holds
for every game by construction: `apply` checks the action against `legal_actions()` before the
game's `_apply` runs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, NamedTuple, Self

from engine.errors import BadOption, IllegalAction
from engine.rng import Rng

JSON = dict[str, Any]


@dataclass(frozen=True)
class Option:
    """One setting of a game, offered in the sandbox as a select: `choices` are (value, 日本語)."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: Any

    def check(self, value: object) -> Any:
        if not any(value == v and type(value) is type(v) for v, _ in self.choices):
            allowed = "・".join(text for _, text in self.choices)
            raise BadOption(f"「{self.label}」には {allowed} のどれかを選んでください。")
        return value


@dataclass(frozen=True)
class GameInfo:
    """What a game is, before any state exists: id, Japanese name, seat counts, options."""

    id: str
    name: str
    players: tuple[int, ...]
    options: tuple[Option, ...] = ()
    seat_names: tuple[str, ...] = ()
    lower_wins: bool = False
    """True where the lowest score wins (Necropolis counts penalty points)."""
    rule_anchors: tuple[str, ...] = ()
    """The rules page's section anchors that a refusal may name (IllegalAction.rule)."""

    def seat_name(self, seat: int) -> str:
        """What the rules call a seat (先手, 後手), or プレイヤーN where they name none."""
        return self.seat_names[seat] if seat < len(self.seat_names) else PLAYER_NAMES[seat]

    def defaults(self) -> JSON:
        return {option.key: option.default for option in self.options}


class LogEntry(NamedTuple):
    """One move-log line as each seat sees it: the actor may read more than the others.

    A named tuple, not a frozen dataclass: a search's rollouts write one at every step, and a
    tuple is made in half the time."""

    seat: int
    public: str
    private: str | None = None

    def text_for(self, viewer: int | None) -> str:
        return self.private if viewer == self.seat and self.private else self.public


PLAYER_NAMES = tuple(f"プレイヤー{n}" for n in range(1, 9))
"""What a seat is called where the rules name none (for up to eight seats, more than any game
has), written once: a rollout's log lines name a seat at every step."""


class State(ABC):
    """A game in progress. Subclasses set `info` and write the `_`-prefixed hooks.

    Every attribute is plain data (lists, dicts, sets, str, int, enums, `Rng`, `LogEntry`, and
    tuples of immutable values), so `clone` and `canonical` work for every game without a hook.
    """

    info: ClassVar[GameInfo]

    def __init__(self, players: int, seed: int, options: JSON | None = None) -> None:
        if players not in self.info.players:
            counts = "・".join(str(n) for n in self.info.players)
            raise BadOption(f"{self.info.name}は{counts}人で遊ぶゲームです（{players}人は選べません）。")
        self.players = players
        self.seed = seed
        self.options = self._check_options(options or {})
        self.history: list[str] = []
        self.journal: list[LogEntry] = []

    # --- the public contract -------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Seat that must act now; None once the game is over."""

    def legal_actions(self) -> list[str]:
        """Every action the current player may take, sorted; empty once the game is over."""
        return [] if self.is_over() else sorted(self._legal_actions())

    def apply(self, action: str) -> None:
        """Play one action, or raise IllegalAction and change nothing."""
        seat = self.current_player
        if not isinstance(action, str):
            raise IllegalAction("手の形式が正しくありません。", action=action, seat=seat)
        if self.is_over():
            raise IllegalAction("ゲームはもう終わっています。", action=action, seat=seat)
        if action not in self.legal_actions():
            message, rule = self._refusal(action)
            raise IllegalAction(message, action=action, seat=seat, rule=rule)
        self.apply_legal(action)

    def apply_legal(self, action: str) -> None:
        """Play an action taken from this very position's `legal_actions()` without checking it
        again: a search's rollouts play hundreds of thousands of their heuristic's choices, and
        the check would cost a fifth of each step. Anything else goes through `apply`."""
        entry = self._apply(action)
        self.history.append(action)
        self.journal.append(entry)

    @abstractmethod
    def is_over(self) -> bool: ...

    def next_seating(self) -> list[int]:
        """For a next game of the same players (みんなのスマホで遊ぶ's もう1局): the seat each seat's
        player takes in it. By default everyone moves one seat on, so that whoever the seat order
        favoured (the first to move) passes that on; a game whose rules say otherwise for a next
        game says so here."""
        return [(seat + 1) % self.players for seat in range(self.players)]

    def chosen_at_once(self) -> bool:
        """Whether the decision now is one that every seat makes at the same time, face down, at
        a real table (bids written in secret), though the sandbox takes it one seat after another:
        a table of phones says so (engine/table.py). False unless a game has such a phase."""
        return False

    @abstractmethod
    def scores(self) -> list[int]:
        """One score per seat; `info.lower_wins` says which way they point."""

    @abstractmethod
    def winners(self) -> list[int]: ...

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """Exactly what `seat` may know (None: a spectator), built fresh from an allow-list."""

    def bot_view(self, seat: int) -> JSON:
        """The part of `view(seat)` the game's own bots read (the same keys with the same values):
        by default the whole view. A search's rollouts ask the heuristic for a move at every step,
        so a game whose view also carries what only the page draws (names, the score sheet, the
        last trick) may give its bots just what they read."""
        return self.view(seat)

    def review_view(self, seat: int | None) -> JSON:
        """What a finished game's review (engine.review) shows `seat` at this position: its view,
        with every piece the players held hidden shown as well, since nothing is secret once the
        game is over. A game draws its hidden pieces here; by default, the seat's own view."""
        return self.view(seat)

    @abstractmethod
    def describe(self, action: str) -> str:
        """Japanese text of what `action` would do, for the current player's buttons."""

    @abstractmethod
    def components(self) -> list[Any]:
        """Every piece of the game wherever it lies: the same multiset from start to end."""

    def log_lines(self, viewer: int | None) -> list[str]:
        """The move log as `viewer` may read it; silent steps (a pick inside a compound turn,
        whose finishing action logs the whole move) write an empty line and are left out."""
        return [text for entry in self.journal if (text := entry.text_for(viewer))]

    def seat_name(self, seat: int) -> str:
        return self.info.seat_name(seat)

    def clone(self) -> Self:
        """An independent copy: containers copied, immutable values shared (cheaper than deepcopy)."""
        twin = object.__new__(type(self))
        twin.__dict__.update({name: _copy(value) for name, value in vars(self).items()})
        return twin

    def resample_hidden(self, seat: int | None, rng: Rng) -> Self:
        """A state identical in all that `seat` may know, everything hidden from it drawn afresh.

        The result depends only on what `seat` knows and on `rng` (never on how the hidden
        pieces really lie), so leak tests can compare and a search bot can sample from it. Its
        replay history and seed are dropped (hidden too): it can be played on, not logged.
        """
        twin = self.clone()
        twin.seed = 0
        twin.history = []
        twin.journal = [
            e if e.private is None or e.seat == seat else LogEntry(e.seat, e.public) for e in self.journal
        ]
        twin._redraw_hidden(seat, rng)
        return twin

    # --- hooks for games -----------------------------------------------------------------

    @abstractmethod
    def _legal_actions(self) -> list[str]: ...

    @abstractmethod
    def _apply(self, action: str) -> LogEntry:
        """Change the state for a legal action and return its log line."""

    @abstractmethod
    def _refusal(self, action: str) -> tuple[str, str]:
        """Why `action` is illegal now: (Japanese message naming the rule, rule anchor)."""

    @abstractmethod
    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redeal, in place, every piece hidden from `seat` (None: hidden from everyone).

        Pool the hidden pieces in a canonical order (sorted), shuffle them with `rng`, deal them
        back into the same places in the same numbers, respecting what `seat` can deduce (a suit
        it saw a player fail to follow, a card it passed), and replace the game's own generator
        with `Rng(rng.next64())`.
        """

    def _check_options(self, options: JSON) -> JSON:
        known = {option.key: option for option in self.info.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise BadOption(f"{self.info.name}に「{unknown[0]}」という設定はありません。")
        return {key: known[key].check(value) for key, value in {**self.info.defaults(), **options}.items()}


_ATOMS = frozenset({str, int, float, bool, tuple, type(None), LogEntry})
"""Values a clone may share: immutable (tuples in a state hold only immutable values)."""


def _copy(value: Any) -> Any:
    """Copy the containers a state is made of; share what cannot change."""
    kind = type(value)
    if kind in _ATOMS or isinstance(value, Enum):
        return value
    if kind is list:
        if _ATOMS.issuperset(map(type, value)):  # a history, a bag, a board: checked in C
            return value.copy()
        return [item if type(item) in _ATOMS else _copy(item) for item in value]
    if kind is dict:
        if _ATOMS.issuperset(map(type, value.values())):
            return value.copy()
        return {key: item if type(item) in _ATOMS else _copy(item) for key, item in value.items()}
    if kind is set:
        return set(value)
    if kind is Rng:
        return value.copy()
    raise TypeError(f"a state may hold only plain data, not {kind.__name__}")


def win_shares(winners: list[int], players: int) -> list[float]:
    """Each seat's share of a win: 1/k for each of k winners, 0 for the rest."""
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]


def canonical(state: State) -> str:
    """Everything a state holds, hidden details and the generator included, as one string.

    Sets are sorted, so two runs (or CPython and Pyodide, whose string hashes differ) agree.
    """
    return _canonical(vars(state))


def position_key(state: State) -> str:
    """`canonical` without the record of how the game got here (the replay history and the move
    log): two states that play on alike share it, whether reached by replaying a log or drawn
    as a sample (which keeps no history)."""
    return _canonical({name: value for name, value in vars(state).items() if name not in _RECORDS})


_RECORDS = frozenset({"history", "journal"})


def _canonical(value: Any) -> str:
    kind = type(value)
    if kind is list or kind is tuple:
        if all(type(item) in _ATOMS for item in value):
            return repr([(e.seat, e.public, e.private) if type(e) is LogEntry else e for e in value])
        return "[" + ",".join(map(_canonical, value)) + "]"
    if kind is dict:
        return "{" + ",".join(sorted(f"{_canonical(k)}:{_canonical(v)}" for k, v in value.items())) + "}"
    if kind is set or kind is frozenset:
        return "{" + ",".join(sorted(map(_canonical, value))) + "}"
    if kind is Rng:
        return f"Rng({value.position()})"
    if kind is LogEntry:
        return repr((value.seat, value.public, value.private))
    return repr(value)  # str, int, a tuple of those, None, an enum member

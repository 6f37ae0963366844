"""Necropolis (Rey Alicea, 2013): a two-player drawing game with a double-six domino set.

Scope and decisions (see RULES-NOTES.md, Necropolis; each is stated on the page under 補足):
- A turn is one of: draw then add to the grave or keep in the mastaba (two atomic actions),
  move a mastaba tile to the grave, rebuild the grave, exchange a mastaba tile, or propose to end.
- Exchange draws first; only then the returned tile is shuffled into the pile.
- The game ends once the pile is empty after an action, on an accepted proposal, or by the
  safety rule: 20 turns in a row without a tile taken from the pile for good (an exchange keeps
  the pile's size, so it is not) and without a tile added to a grave.
- Score (lower wins): mastaba pips + pips of the tile that started the current grave + 1.
  Equal scores are a draw.

Action ids (sorted strings, disjoint per phase; tiles are "a-b" with a <= b, placed tiles
"top-bottom"):
    draw, keep, add:L:0-3, add:R:6-2          draw a tile; keep it or add it (turned as written)
    move:L:3-0                                a mastaba tile to the grave
    rebuild:draw, rebuild:2-5                 new grave from the pile or from the mastaba
    exchange:2-5                              a mastaba tile for one from the pile
    propose, accept, decline                  ending by agreement
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from engine.core import GameInfo, LogEntry, State
from engine.rng import Rng

SEAT_NAMES = ("先手", "後手")
INFO = GameInfo(
    id="necropolis",
    name="ネクロポリス",
    players=(2,),
    seat_names=SEAT_NAMES,
    lower_wins=True,
    rule_anchors=("turn", "grave-row", "ending"),
)
QUIET_TURN_LIMIT = 20

Tile = tuple[int, int]
"""A tile as (top, bottom) when placed; as a set piece it is written with top <= bottom."""

ALL_TILES: tuple[Tile, ...] = tuple((a, b) for a in range(7) for b in range(a, 7))


class Phase(Enum):
    TURN = "turn"  # the current player chooses what to do
    DRAWN = "drawn"  # a tile was drawn: add it to the grave or keep it
    PROPOSAL = "proposal"  # the opponent answers a proposal to end
    OVER = "over"


class Ending(Enum):
    """How the game ended; each value names the rule on the page."""

    PILE_EMPTY = "pile-empty"
    AGREEMENT = "agreement"
    SAFETY = "safety"


def tile_id(tile: Tile) -> str:
    return f"{tile[0]}-{tile[1]}"


def parse_tile(text: str) -> Tile:
    """Read "a-b" (no validation beyond shape; legality is checked against legal_actions)."""
    top, bottom = text.split("-")
    return int(top), int(bottom)


def canonical(tile: Tile) -> Tile:
    return (min(tile), max(tile))


def pips(tile: Tile) -> int:
    return tile[0] + tile[1]


def orientations(tile: Tile) -> list[Tile]:
    """The ways a tile can stand: as it is, and turned over (once for a double)."""
    turned = (tile[1], tile[0])
    return [tile] if turned == tile else [tile, turned]


def fits(placed: Tile, end: Tile) -> bool:
    """A tile fits beside an end tile when their tops or their bottoms are equal."""
    return placed[0] == end[0] or placed[1] == end[1]


def penalty(mastaba: list[Tile], start: Tile) -> int:
    """A seat's score (lower wins): its mastaba's pips, its grave's starting tile's pips, and 1."""
    return sum(pips(t) for t in mastaba) + pips(start) + 1


def placements(tile: Tile, grave: list[Tile]) -> list[tuple[str, Tile]]:
    """Every (side, oriented tile) that may extend `grave` with `tile`."""
    found = []
    for side, end in (("L", grave[0]), ("R", grave[-1])):
        found += [(side, turned) for turned in orientations(tile) if fits(turned, end)]
    return found


class NecropolisState(State):
    info = INFO
    _set_aside: tuple[Tile, ...] = ()
    """Tiles a short practice game (a tutorial's position) leaves out, face down: nobody sees
    them, the view gives only their count. An ordinary game has none, and no such attribute of
    its own (so its canonical form is what it always was)."""

    def __init__(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, seed, options)
        self._rng = Rng(seed)
        self._pile: list[Tile] = list(ALL_TILES)
        self._rng.shuffle(self._pile)
        self._graves: list[list[Tile]] = []
        self._starts: list[Tile] = []
        self._mastabas: list[list[Tile]] = [[], []]
        self._discarded: list[Tile] = []
        self._drawn: Tile | None = None
        self._phase = Phase.TURN
        self._turn_player = 0
        self._proposed_this_turn = False
        self._quiet_turns = 0
        self._ending: Ending | None = None
        for _seat in range(2):
            first = self._pile.pop()
            self._graves.append([first])
            self._starts.append(first)

    @classmethod
    def from_position(
        cls,
        *,
        graves: list[list[str]],
        starts: list[str],
        mastabas: list[list[str]],
        pile: list[str],
        turn_player: int = 0,
        discarded: list[str] | None = None,
        set_aside: list[str] | None = None,
    ) -> NecropolisState:
        """A rigged position for worked examples and tutorials; every one of the 28 tiles must be
        placed once (the pile is drawn from its end; `discarded`: tiles of graves given up;
        `set_aside`: tiles a practice game leaves out, face down)."""
        state = cls(2, 0)
        state._graves = [[parse_tile(t) for t in grave] for grave in graves]
        state._starts = [parse_tile(t) for t in starts]
        state._mastabas = [[parse_tile(t) for t in m] for m in mastabas]
        state._pile = [parse_tile(t) for t in pile]
        state._discarded = [parse_tile(t) for t in discarded or []]
        if set_aside:
            state._set_aside = tuple(sorted(parse_tile(t) for t in set_aside))
        state._turn_player = turn_player
        placed = [canonical(t) for grave in state._graves for t in grave]
        placed += (
            [t for m in state._mastabas for t in m] + state._pile + state._discarded + list(state._set_aside)
        )
        if sorted(placed) != sorted(ALL_TILES):
            raise ValueError("a position must hold each of the 28 tiles exactly once")
        return state

    # --- contract ---------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self._phase is Phase.OVER:
            return None
        if self._phase is Phase.PROPOSAL:
            return 1 - self._turn_player
        return self._turn_player

    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    def scores(self) -> list[int]:
        """Penalty points, lower is better."""
        return [row["total"] for row in self.breakdown()]

    def breakdown(self) -> list[dict[str, Any]]:
        """Each seat's score in parts: mastaba pips, starting tile pips, and the fixed 1."""
        return [
            {
                "mastaba": [tile_id(t) for t in sorted(self._mastabas[s])],
                "mastaba_pips": sum(pips(t) for t in self._mastabas[s]),
                "start": tile_id(canonical(self._starts[s])),
                "start_pips": pips(self._starts[s]),
                "total": penalty(self._mastabas[s], self._starts[s]),
            }
            for s in range(2)
        ]

    def winners(self) -> list[int]:
        scores = self.scores()
        return [s for s in range(2) if scores[s] == min(scores)]

    @property
    def ending(self) -> Ending | None:
        return self._ending

    def components(self) -> list[Tile]:
        """The 28 tiles: graves, mastabas, pile, discarded graves, tiles set aside and a tile in hand."""
        tiles = [canonical(t) for grave in self._graves for t in grave]
        tiles += [t for m in self._mastabas for t in m] + self._pile + self._discarded + list(self._set_aside)
        return tiles + ([canonical(self._drawn)] if self._drawn else [])

    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redeal the pile's order, every mastaba `seat` cannot see, a tile drawn by another and
        the tiles set aside."""
        hidden_mastabas = [] if self.is_over() else [s for s in range(2) if s != seat]
        drawn_hidden = self._drawn is not None and self._turn_player != seat
        pool = sorted(
            self._pile + [t for s in hidden_mastabas for t in self._mastabas[s]] + list(self._set_aside)
        )
        if drawn_hidden:
            assert self._drawn is not None
            pool = sorted([*pool, canonical(self._drawn)])
        rng.shuffle(pool)
        for s in hidden_mastabas:
            count = len(self._mastabas[s])
            self._mastabas[s], pool = pool[:count], pool[count:]
        if drawn_hidden:
            self._drawn = pool.pop()
        if self._set_aside:
            aside, pool = pool[: len(self._set_aside)], pool[len(self._set_aside) :]
            self._set_aside = tuple(sorted(aside))
        self._pile = pool
        self._rng = Rng(rng.next64())

    # --- legal actions ------------------------------------------------------------------------

    def _legal_actions(self) -> list[str]:
        if self._phase is Phase.PROPOSAL:
            return ["accept", "decline"]
        seat = self._turn_player
        grave = self._graves[seat]
        if self._phase is Phase.DRAWN:
            assert self._drawn is not None
            adds = [f"add:{side}:{tile_id(t)}" for side, t in placements(self._drawn, grave)]
            return ["keep", *adds]
        actions: list[str] = []
        for tile in set(self._mastabas[seat]):
            actions += [f"move:{side}:{tile_id(t)}" for side, t in placements(tile, grave)]
            actions.append(f"rebuild:{tile_id(tile)}")
            if self._pile:
                actions.append(f"exchange:{tile_id(tile)}")
        if self._pile:
            actions += ["draw", "rebuild:draw"]
        if not self._proposed_this_turn:
            actions.append("propose")
        return actions

    def _refusal(self, action: str) -> tuple[str, str]:
        verb, _, rest = action.partition(":")
        if self._phase is Phase.PROPOSAL:
            return "終了の提案に「受ける」か「断る」で答えてください。", "ending"
        if self._phase is Phase.DRAWN and verb not in ("add", "keep"):
            return "引いた牌を墓地に加えるか、マスタバに置いてください。", "turn"
        if self._phase is Phase.TURN and verb in ("add", "keep", "accept", "decline"):
            return "今は引いた牌も提案もありません。手番の行動を1つ選んでください。", "turn"
        if (verb in ("draw", "exchange") or action == "rebuild:draw") and not self._pile:
            return "山（ネクロポリス）に牌が残っていません。", "turn"
        if verb in ("move", "rebuild", "exchange") and rest:
            tile = _parse_tail_tile(rest)
            if tile is None or canonical(tile) not in self._mastabas[self._turn_player]:
                return "その牌は自分のマスタバにありません。", "turn"
        if verb in ("add", "move"):
            return "墓地の端の牌と上どうし・下どうしの目が合わない置き方です。", "grave-row"
        if verb == "propose":
            return "終了の提案は1手番に1回までです。", "ending"
        return f"「{action}」という手はありません。", "turn"

    # --- apply -------------------------------------------------------------------------------

    def _apply(self, action: str) -> LogEntry:
        verb, _, rest = action.partition(":")
        return getattr(self, f"_apply_{verb}")(rest)

    def _apply_draw(self, _rest: str) -> LogEntry:
        self._drawn = self._pile.pop()
        self._phase = Phase.DRAWN
        return self._entry("山から牌を1枚引いた", f"山から{_show(self._drawn)}を引いた")

    def _apply_keep(self, _rest: str) -> LogEntry:
        assert self._drawn is not None
        tile, self._drawn = self._drawn, None
        self._mastabas[self._turn_player].append(canonical(tile))
        entry = self._entry("引いた牌をマスタバに置いた", f"{_show(tile)}をマスタバに置いた")
        self._end_turn(progressed=True)
        return entry

    def _apply_add(self, rest: str) -> LogEntry:
        side, placed = _parse_side_tile(rest)
        self._drawn = None
        self._extend(side, placed)
        entry = self._entry(f"引いた{_show(placed)}を墓地の{_SIDE[side]}に加えた")
        self._end_turn(progressed=True)
        return entry

    def _apply_move(self, rest: str) -> LogEntry:
        side, placed = _parse_side_tile(rest)
        self._mastabas[self._turn_player].remove(canonical(placed))
        self._extend(side, placed)
        entry = self._entry(f"マスタバの{_show(placed)}を墓地の{_SIDE[side]}に加えた")
        self._end_turn(progressed=True)
        return entry

    def _apply_rebuild(self, rest: str) -> LogEntry:
        seat = self._turn_player
        self._discarded += [canonical(t) for t in self._graves[seat]]
        if rest == "draw":
            start, source = self._pile.pop(), "山から引いた"
        else:
            start, source = parse_tile(rest), "マスタバの"
            self._mastabas[seat].remove(start)
        self._graves[seat] = [start]
        self._starts[seat] = start
        entry = self._entry(f"墓地を作りなおし、{source}{_show(start)}から始めた")
        self._end_turn(progressed=rest == "draw")
        return entry

    def _apply_exchange(self, rest: str) -> LogEntry:
        seat = self._turn_player
        returned = parse_tile(rest)
        drawn = self._pile.pop()
        self._mastabas[seat].remove(returned)
        self._mastabas[seat].append(canonical(drawn))
        self._pile.insert(self._rng.below(len(self._pile) + 1), returned)
        entry = self._entry(
            "マスタバの牌1枚を山の牌と交換した",
            f"マスタバの{_show(returned)}を山に戻し、{_show(drawn)}を引いた",
        )
        self._end_turn(progressed=False)
        return entry

    def _apply_propose(self, _rest: str) -> LogEntry:
        self._proposed_this_turn = True
        self._phase = Phase.PROPOSAL
        return self._entry("ゲームの終了を提案した")

    def _apply_accept(self, _rest: str) -> LogEntry:
        self._finish(Ending.AGREEMENT)
        return LogEntry(
            1 - self._turn_player, f"{self.seat_name(1 - self._turn_player)}: 提案を受け、ゲーム終了"
        )

    def _apply_decline(self, _rest: str) -> LogEntry:
        self._phase = Phase.TURN
        answerer = 1 - self._turn_player
        return LogEntry(answerer, f"{self.seat_name(answerer)}: 提案を断った")

    # --- helpers ---------------------------------------------------------------------------

    def _extend(self, side: str, placed: Tile) -> None:
        grave = self._graves[self._turn_player]
        if side == "L":
            grave.insert(0, placed)
        else:
            grave.append(placed)

    def _end_turn(self, *, progressed: bool) -> None:
        """Close the turn: check the end of the game, else pass the turn."""
        self._phase = Phase.TURN
        self._proposed_this_turn = False
        self._quiet_turns = 0 if progressed else self._quiet_turns + 1
        if not self._pile:
            self._finish(Ending.PILE_EMPTY)
        elif self._quiet_turns >= QUIET_TURN_LIMIT:
            self._finish(Ending.SAFETY)
        else:
            self._turn_player = 1 - self._turn_player

    def _finish(self, ending: Ending) -> None:
        self._phase = Phase.OVER
        self._ending = ending

    def _entry(self, public: str, private: str | None = None) -> LogEntry:
        name = self.seat_name(self._turn_player)
        return LogEntry(self._turn_player, f"{name}: {public}", f"{name}: {private}" if private else None)

    # --- text ----------------------------------------------------------------------------------

    def describe(self, action: str) -> str:
        return describe_action(action)

    # --- what a seat may see ------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.is_over()
        current = self.current_player
        view: dict[str, Any] = {
            "game": INFO.id,
            "seat": seat,
            "seat_names": list(SEAT_NAMES),
            "phase": self._phase.value,
            "current_player": current,
            "turn_player": self._turn_player,
            "pile": len(self._pile),
            "graves": [[tile_id(t) for t in grave] for grave in self._graves],
            "starts": [tile_id(t) for t in self._starts],
            "discarded": [tile_id(t) for t in self._discarded],
            "mastaba_counts": [len(m) for m in self._mastabas],
            "mastabas": [
                [tile_id(t) for t in sorted(m)] if over or s == seat else None
                for s, m in enumerate(self._mastabas)
            ],
            "drawn": tile_id(self._drawn) if self._drawn and seat == self._turn_player else None,
            "has_drawn": self._drawn is not None,
            "quiet_turns": self._quiet_turns,
            "quiet_limit": QUIET_TURN_LIMIT,
            "legal_actions": self.legal_actions() if seat is not None and seat == current else [],
        }
        if self._set_aside:  # only a practice game has any: an ordinary game's view is as it always was
            view["set_aside"] = len(self._set_aside)
        if over:
            view["result"] = {
                "ending": self._ending.value if self._ending else None,
                "breakdown": self.breakdown(),
                "scores": self.scores(),
                "winners": self.winners(),
            }
        return view

    def review_view(self, seat: int | None) -> dict[str, Any]:
        """`seat`'s view with both mastabas and a tile another seat drew shown (`revealed`); the
        pile stays face down: it belongs to nobody and nobody ever saw its order."""
        view = self.view(seat)
        view["revealed"] = {
            "mastabas": [[tile_id(t) for t in sorted(m)] for m in self._mastabas],
            "drawn": tile_id(self._drawn) if self._drawn else None,
        }
        return view


_SIDE = {"L": "左端", "R": "右端"}
_PLAIN = {
    "draw": "山から1枚引く",
    "keep": "引いた牌をマスタバに置く",
    "propose": "ゲームの終了を提案する",
    "accept": "提案を受けて終了する",
    "decline": "提案を断る",
}


def describe_action(action: str) -> str:
    """Japanese text of an action id, as a button or a log would say it."""
    verb, _, rest = action.partition(":")
    if verb in ("add", "move"):
        side, placed = _parse_side_tile(rest)
        source = "引いた牌" if verb == "add" else "マスタバの牌"
        return f"{source}を上{placed[0]}・下{placed[1]}の向きで墓地の{_SIDE[side]}に置く"
    if verb == "rebuild":
        source = "山から引いた牌" if rest == "draw" else f"マスタバの{_show(parse_tile(rest))}"
        return f"墓地を作りなおす（{source}から始める）"
    if verb == "exchange":
        return f"マスタバの{_show(parse_tile(rest))}を山の牌と交換する"
    return _PLAIN[action]


def _show(tile: Tile) -> str:
    return f"[{tile[0]}|{tile[1]}]"


def _parse_side_tile(rest: str) -> tuple[str, Tile]:
    side, _, tile = rest.partition(":")
    return side, parse_tile(tile)


def _parse_tail_tile(rest: str) -> Tile | None:
    try:
        return parse_tile(rest.rpartition(":")[2])
    except ValueError:
        return None

"""Rondo (Reiner Knizia, Schmidt Spiele 2012): lay chains of coloured chips on a round board.

Scope: 2–4 players, the whole game, on either side of our adapted board (board.py). Decisions
(RULES-NOTES.md, Rondo; each is stated on the page and locked by a test named `test_decision_...`):
- Chips: 120, 24 in each of five colours, in a bag. Racks hold at most 5; each player starts
  with 2 (dealt in turn order from the start player). Rack counts are public, colours hidden.
- Start player: drawn at random from the seed; the option `start_player` fixes it, so a sandbox
  may let the human start. Turns go clockwise (seat order).
- A turn is one of: place 1 or more chips, then draw exactly 1; or place nothing and draw 2
  (only 1 when holding 4). A player holding 5 must place. A player who can neither place nor
  draw passes (on our connected board only when it is full).
- Placing is a chain: the first space is empty and next to an occupied space (face-down chips
  count, whoever laid them) or to the centre; each further space is empty and next to the space
  filled just before. No branching, no jump, no revisit, no topping up an earlier stack; other
  chips next to the chain neither help nor hurt. On each space: 1 or more chips of the space's
  colour face up (value × chips, scored at once) or exactly 1 chip of any colour face down
  (0 points), anywhere in the chain, even when the colour matches.
- End: triggered when every grey space is occupied (checked after every chip, the chain goes
  on) or when a draw empties the bag (a draw asking for more takes what is left; once empty,
  draws take nothing and drawing stays allowed below 5 chips). The triggering turn is finished,
  its draw included; play goes on until the seat before the start player has had its turn (at
  once if it triggered). Most points wins; ties go to most chips on the rack, then are shared.
- Visibility: a seat sees its own rack and the colours of the face-down chips it laid; everyone
  sees rack counts, the bag count, face-up chips, who laid each face-down chip, and scores.

A turn is a run of small steps: choose a space (`go:`), choose its chips (`up:` / `down:`),
then another space next to it or `end` (which draws). The steps write no log line; `end`
logs the whole chain. Random games end: every finished turn before the end is triggered fills
a space or draws a chip, and a chain fills at most 5 spaces.

A refused action's IllegalAction names the rule it breaks by one of RULE_ANCHORS (the page's
section anchors): setup, turn, placing, chips, drawing, end.

Chips are written by colour letter (P purple, G green, B blue, R red, Y yellow), spaces by their
board id (board.py). Action ids, one namespace per kind of choice:
    draw              place nothing and draw (2, or 1 when holding 4)
    go:o07            choose the chain's first space, or its next one
    up:3              put 3 chips of the chosen space's colour face up on it
    down:R            put 1 red chip face down on the chosen space
    end               stop the chain and draw 1
    pass              nothing else is possible

>>> state = RondoState(2, seed=3, options={"start_player": 0})
>>> state.legal_actions()
['draw', 'go:h01', 'go:h03', 'go:h05', 'go:h07']
"""

from __future__ import annotations

from collections.abc import Collection
from enum import Enum
from typing import Any

from engine.core import GameInfo, LogEntry, Option, State
from engine.games.rondo.board import (
    BY_CENTRE,
    COLOURS_OF,
    GREY,
    INDEX,
    NEIGHBOURS,
    SPACES,
    VALUES,
)
from engine.games.rondo.codec import (
    ALL_CHIPS,
    COLOURS,
    DOWN_IDS,
    GO_IDS,
    RACK_LIMIT,
    UP_IDS,
    Action,
    chip_name,
    parse_action,
    space_label,
)
from engine.options import START_PLAYER, start_player
from engine.rng import Rng

RULE_ANCHORS = ("setup", "turn", "placing", "chips", "drawing", "end")
"""The sections of the rules page a refusal may point to (IllegalAction.rule)."""
SIDE = Option(
    key="side",
    label="盤の面",
    choices=(("blue", "青い面（1〜5点）"), ("red", "赤い面（2〜9点）")),
    default="blue",
)
INFO = GameInfo(
    id="rondo",
    name="ロンド",
    players=(2, 3, 4),
    options=(SIDE, START_PLAYER),
    rule_anchors=RULE_ANCHORS,
)
START_CHIPS = 2
Placed = tuple[str, int, bool, int]
"""What lies on a space: (colour, count, face up?, seat that laid it). Face down: count 1."""


class Stage(Enum):
    CHOOSE = "choose"  # start of a turn: draw, or choose the first space
    CHIPS = "chips"  # a space is chosen: choose the chips for it
    NEXT = "next"  # a space is filled: the next space, or end
    OVER = "over"


def chain_starts(filled: Collection[int]) -> list[int]:
    """Where a chain may begin: the empty spaces next to a filled one or to the centre, in order
    (the rules' `first_spaces`; the hints and the heuristic ask it of the board they see)."""
    near = set(BY_CENTRE).union(*(NEIGHBOURS[i] for i in filled))
    return sorted(near.difference(filled))


class RondoState(State):
    info = INFO

    def __init__(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, seed, options)
        self._rng = Rng(seed)
        self._bag: list[str] = list(ALL_CHIPS)
        self._rng.shuffle(self._bag)
        self._start = start_player(self.options, self.players, self._rng)
        self._ending: str | None = None  # "grey" or "bag" once the end is triggered
        self._triggered_by: int | None = None
        self._racks: list[list[int]] = [[0] * len(COLOURS) for _ in range(players)]
        for offset in range(players):
            self._draw((self._start + offset) % players, START_CHIPS)
        self._board: list[Placed | None] = [None] * len(SPACES)
        self._scores = [0] * players
        self._turn = self._start
        self._stage = Stage.CHOOSE
        self._target: int | None = None
        self._chain: list[int] = []

    @classmethod
    def from_position(
        cls,
        *,
        racks: list[str],
        board: dict[str, Placed],
        bag: list[str],
        scores: list[int],
        turn_player: int = 0,
        start_player: int = 0,
        side: str = "blue",
        triggered_by: int | None = None,
    ) -> RondoState:
        """A rigged position at the start of `turn_player`'s turn; racks as colour letters ("PBY").

        The bag is drawn from its end. Every one of the 120 chips must lie somewhere exactly once,
        face-up stacks must match their space, every occupied space must join the centre through
        occupied spaces, as in a real game, and an empty bag or a full set of grey spaces needs
        `triggered_by`, the seat whose turn started the end.
        """
        players = len(racks)
        state = cls(players, 0, {"start_player": start_player, "side": side})
        state._racks = [[rack.count(c) for c in COLOURS] for rack in racks]
        state._board = [board.get(space.id) for space in SPACES]
        state._bag = list(bag)
        state._scores = list(scores)
        state._turn = turn_player
        reason = "bag" if not bag else "grey" if all(state._board[i] for i in GREY) else None
        if (reason is None) != (triggered_by is None):
            raise ValueError(
                "the end is triggered exactly when the bag is empty or every grey space is filled"
            )
        state._ending, state._triggered_by = reason, triggered_by
        state._check_position()
        return state

    def _check_position(self) -> None:
        if sorted(self.components()) != sorted(ALL_CHIPS):
            raise ValueError("a position must hold each of the 120 chips exactly once")
        if any(sum(rack) > RACK_LIMIT for rack in self._racks):
            raise ValueError(f"a rack holds at most {RACK_LIMIT} chips")
        for i, place in enumerate(self._board):
            if place and (
                place[1] < 1 or (place[2] and place[0] != COLOURS_OF[i]) or (not place[2] and place[1] != 1)
            ):
                raise ValueError(f"{SPACES[i].id}: face up only the space's colour, face down one chip")
        if not self._connected():
            raise ValueError("every occupied space must join the centre through occupied spaces")

    def _connected(self) -> bool:
        reached = {i for i in BY_CENTRE if self._board[i] is not None}
        frontier = list(reached)
        while frontier:
            for j in NEIGHBOURS[frontier.pop()]:
                if j not in reached and self._board[j] is not None:
                    reached.add(j)
                    frontier.append(j)
        return len(reached) == sum(place is not None for place in self._board)

    # --- contract ---------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self._stage is Stage.OVER else self._turn

    def is_over(self) -> bool:
        return self._stage is Stage.OVER

    def scores(self) -> list[int]:
        return list(self._scores)

    def rack_counts(self) -> list[int]:
        return [sum(rack) for rack in self._racks]

    def winners(self) -> list[int]:
        """Most points; among those, most chips on the rack; then shared."""
        racks = self.rack_counts()
        best = max(zip(self._scores, racks, strict=True))
        return [seat for seat in range(self.players) if (self._scores[seat], racks[seat]) == best]

    def components(self) -> list[str]:
        """Every chip wherever it is: bag, racks, board (a stack counts each chip)."""
        found = list(self._bag)
        for rack in self._racks:
            found += [colour for colour, count in zip(COLOURS, rack, strict=True) for _ in range(count)]
        for place in self._board:
            if place is not None:
                found += [place[0]] * place[1]
        return found

    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redeal the bag, the other seats' racks and the colours of the face-down chips they laid.

        Nothing else narrows what those hidden chips may be: a face-down chip may have any
        colour (even the space's), and neither a draw nor a chain reveals a rack's other chips.
        """
        others = [s for s in range(self.players) if s != seat]
        downs = [i for i, place in enumerate(self._board) if place and not place[2] and place[3] != seat]
        pool = list(self._bag)
        for s in others:
            pool += [
                colour for colour, count in zip(COLOURS, self._racks[s], strict=True) for _ in range(count)
            ]
        pool += [self._board[i][0] for i in downs]  # type: ignore[index]
        pool.sort()
        rng.shuffle(pool)
        for s in others:
            size = sum(self._racks[s])
            dealt, pool = pool[:size], pool[size:]
            self._racks[s] = [dealt.count(c) for c in COLOURS]
        for i in downs:
            _, count, _, layer = self._board[i]  # type: ignore[misc]
            self._board[i] = (pool.pop(), count, False, layer)
        self._bag = pool
        self._rng = Rng(rng.next64())

    # --- legal actions ------------------------------------------------------------------------

    def _legal_actions(self) -> list[str]:
        rack = self._racks[self._turn]
        held = sum(rack)
        if self._stage is Stage.CHOOSE:
            actions = ["draw"] if held < RACK_LIMIT else []
            if held:
                actions += [GO_IDS[i] for i in self.first_spaces()]
            return actions or ["pass"]
        if self._stage is Stage.CHIPS:
            assert self._target is not None
            same = rack[COLOURS.index(COLOURS_OF[self._target])]
            return [*UP_IDS[1 : same + 1], *(DOWN_IDS[c] for c, n in zip(COLOURS, rack, strict=True) if n)]
        return ["end", *(GO_IDS[i] for i in self.next_spaces())] if held else ["end"]

    def first_spaces(self) -> list[int]:
        """Where a chain may begin (`chain_starts`)."""
        return chain_starts([i for i, place in enumerate(self._board) if place is not None])

    def next_spaces(self) -> list[int]:
        """Empty spaces next to the space filled just before: where the chain may go on."""
        return [j for j in NEIGHBOURS[self._chain[-1]] if self._board[j] is None]

    # --- refusals -------------------------------------------------------------------------------

    def _refusal(self, action: str) -> tuple[str, str]:
        move = parse_action(action)
        if move is None:
            return f"「{action}」という手はありません。", "turn"
        return getattr(self, f"_refuse_{move.kind}")(move)

    def _refuse_draw(self, _move: Action) -> tuple[str, str]:
        if self._stage is not Stage.CHOOSE:
            return "チップを置いた手番は、「置き終える」で1枚引いて終わります。", "drawing"
        return f"手元が{RACK_LIMIT}枚なので引けません。必ずチップを置きます。", "drawing"

    def _refuse_go(self, move: Action) -> tuple[str, str]:
        index = INDEX[move.argument]
        name = space_label(index, self.side)
        if self._stage is Stage.CHIPS:
            return "先に、選んだマスに置くチップを決めてください。", "chips"
        if self._board[index] is not None:
            return f"{name}にはもうチップがあります。チップのあるマスには置けません。", "placing"
        if not sum(self._racks[self._turn]):
            return "手元にチップがありません。", "placing"
        if self._stage is Stage.CHOOSE:
            return f"{name}は、チップのあるマスにも中央にも隣り合っていません。", "placing"
        last = space_label(self._chain[-1], self.side)
        return (
            f"{name}は直前に置いた{last}の隣ではありません。チェーンは1本道で、枝分かれや飛び越しはできません。",
            "placing",
        )

    def _refuse_up(self, move: Action) -> tuple[str, str]:
        if self._target is None:
            return "先に、チップを置くマスを選んでください。", "placing"
        colour = COLOURS_OF[self._target]
        held = self._racks[self._turn][COLOURS.index(colour)]
        if not held:
            return f"手元に{chip_name(colour)}がないので、このマスには裏向きでしか置けません。", "chips"
        return f"手元の{chip_name(colour)}は{held}枚です（{move.argument}枚は置けません）。", "chips"

    def _refuse_down(self, move: Action) -> tuple[str, str]:
        if self._target is None:
            return "先に、チップを置くマスを選んでください。", "placing"
        return f"手元に{chip_name(move.argument)}がありません。", "chips"

    def _refuse_end(self, _move: Action) -> tuple[str, str]:
        if self._stage is Stage.CHIPS:
            return "選んだマスにチップを置いてから終えてください。", "chips"
        return "まだチップを置いていません。置かないなら「引く」を選びます。", "turn"

    def _refuse_pass(self, _move: Action) -> tuple[str, str]:
        return "置くことも引くこともできるときは、パスできません。", "turn"

    # --- apply ------------------------------------------------------------------------------------

    def _apply(self, action: str) -> LogEntry:
        move = parse_action(action)
        assert move is not None
        return getattr(self, f"_apply_{move.kind}")(move)

    def _apply_draw(self, _move: Action) -> LogEntry:
        seat = self._turn
        drawn = self._draw(seat, 2 if sum(self._racks[seat]) <= RACK_LIMIT - 2 else 1)
        public, private = _drawn_text(drawn)
        return self._entry(seat, f"置かずに{public}", f"置かずに{private}", self._end_turn())

    def _apply_go(self, move: Action) -> LogEntry:
        self._target = INDEX[move.argument]
        self._stage = Stage.CHIPS
        return _QUIET[self._turn]

    def _apply_up(self, move: Action) -> LogEntry:
        assert self._target is not None
        colour, count = COLOURS_OF[self._target], int(move.argument)
        self._scores[self._turn] += count * self.values[self._target]
        return self._fill(colour, count, face_up=True)

    def _apply_down(self, move: Action) -> LogEntry:
        return self._fill(move.argument, 1, face_up=False)

    def _fill(self, colour: str, count: int, *, face_up: bool) -> LogEntry:
        """Lay the chosen chips on the chosen space; filling the last grey space starts the end."""
        assert self._target is not None
        seat = self._turn
        self._racks[seat][COLOURS.index(colour)] -= count
        self._board[self._target] = (colour, count, face_up, seat)
        self._chain.append(self._target)
        self._target = None
        self._stage = Stage.NEXT
        if self._ending is None and all(self._board[i] is not None for i in GREY):
            self._ending, self._triggered_by = "grey", seat
        return _QUIET[seat]

    def _apply_end(self, _move: Action) -> LogEntry:
        seat = self._turn
        steps = [self._step_text(i, reveal=False) for i in self._chain]
        secret = [self._step_text(i, reveal=True) for i in self._chain]
        head = f"計{self.chain_points()}点、"
        public, private = _drawn_text(self._draw(seat, 1))
        return self._entry(
            seat,
            "→".join(steps) + f"。{head}{public}",
            "→".join(secret) + f"。{head}{private}",
            self._end_turn(),
        )

    def _apply_pass(self, _move: Action) -> LogEntry:
        return self._entry(self._turn, "パスした（置けるマスがなく、手元が5枚）", None, self._end_turn())

    # --- helpers ---------------------------------------------------------------------------------

    @property
    def side(self) -> str:
        return self.options["side"]

    @property
    def values(self) -> tuple[int, ...]:
        """Each space's value on the side in play."""
        return VALUES[self.side]

    def chain_points(self) -> int:
        """The points of this turn's chain so far."""
        return sum(self._points_of(i) for i in self._chain)

    def _points_of(self, index: int) -> int:
        place = self._board[index]
        assert place is not None
        return place[1] * self.values[index] if place[2] else 0

    def _step_text(self, index: int, *, reveal: bool) -> str:
        colour, count, face_up, _ = self._board[index]  # type: ignore[misc]
        if face_up:
            return f"{space_label(index, self.side)}に{count}枚（{self._points_of(index)}点）"
        chip = f"{chip_name(colour)}を" if reveal else ""
        return f"{space_label(index, self.side)}に{chip}1枚裏向き（0点）"

    def _draw(self, seat: int, wanted: int) -> list[str]:
        """Draw up to `wanted` chips; the draw that empties the bag starts the end."""
        drawn = [self._bag.pop() for _ in range(min(wanted, len(self._bag)))]
        for colour in drawn:
            self._racks[seat][COLOURS.index(colour)] += 1
        if drawn and not self._bag and self._ending is None:
            self._ending, self._triggered_by = "bag", seat
        return drawn

    def _end_turn(self) -> str:
        """Close the turn; once the end is triggered, the game ends when the round is complete."""
        seat = self._turn
        self._chain = []
        self._target = None
        notice = _TRIGGER_TEXT[self._ending] if self._triggered_by == seat and self._ending else ""
        if self._ending is not None and seat == (self._start - 1) % self.players:
            self._stage = Stage.OVER
            return notice + "。ゲーム終了"
        self._turn = (seat + 1) % self.players
        self._stage = Stage.CHOOSE
        return notice + ("（この巡の終わりでゲーム終了）" if notice else "")

    def _entry(self, seat: int, public: str, private: str | None = None, suffix: str = "") -> LogEntry:
        name = self.seat_name(seat)
        return LogEntry(seat, f"{name}: {public}{suffix}", f"{name}: {private}{suffix}" if private else None)

    # --- text ---------------------------------------------------------------------------------

    def describe(self, action: str) -> str:
        move = parse_action(action)
        if move is None:
            return f"「{action}」という手はありません"
        return getattr(self, f"_describe_{move.kind}")(move)

    def _describe_draw(self, _move: Action) -> str:
        wanted = 2 if sum(self._racks[self._turn]) <= RACK_LIMIT - 2 else 1
        if not self._bag:
            return "チップを置かずに手番を終える（袋が空なので何も引けない）"
        return f"チップを置かずに袋から{min(wanted, len(self._bag))}枚引く"

    def _describe_go(self, move: Action) -> str:
        name = space_label(INDEX[move.argument], self.side)
        return f"{name}から置き始める" if not self._chain else f"続けて{name}に置く"

    def _describe_up(self, move: Action) -> str:
        target = self._target if self._target is not None else 0
        count, value = int(move.argument), self.values[target]
        return f"{chip_name(COLOURS_OF[target])}を{count}枚表向きに置く（{count}×{value}={count * value}点）"

    def _describe_down(self, move: Action) -> str:
        return f"{chip_name(move.argument)}を1枚裏向きに置く（0点）"

    def _describe_end(self, _move: Action) -> str:
        draw = "袋から1枚引く" if self._bag else "袋が空なので引かない"
        return f"置き終えて{draw}（この手番 {self.chain_points()}点）"

    def _describe_pass(self, _move: Action) -> str:
        return "パスする（置けるマスがなく、手元が5枚）"

    # --- what a seat may see ------------------------------------------------------------------

    def bot_view(self, seat: int | None) -> dict[str, Any]:
        """What the heuristic reads (bots.py): the side, the bag, whether the end has come, which
        spaces are taken and which face up, the rack, the turn and its moves. A search's rollouts
        ask for it at every step: built without the names, the scores and the chips' colours, it
        costs half the whole view."""
        own = seat is not None and 0 <= seat < self.players
        return {
            "seat": seat,
            "players": self.players,
            "side": self.side,
            "bag": len(self._bag),
            "ending": {"reason": self._ending, "by": self._triggered_by} if self._ending else None,
            "board": {
                SPACES[i].id: {"face": "up" if place[2] else "down"}
                for i, place in enumerate(self._board)
                if place is not None
            },
            "rack": dict(zip(COLOURS, self._racks[seat], strict=True)) if own else None,
            "turn": self._turn_view(),
            "legal_actions": self.legal_actions() if own and seat == self.current_player else [],
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        current = self.current_player
        own = seat is not None and 0 <= seat < self.players
        view: dict[str, Any] = {
            "game": INFO.id,
            "seat": seat,
            "players": self.players,
            "seat_names": [self.seat_name(s) for s in range(self.players)],
            "side": self.side,
            "stage": "over" if self.is_over() else "play",
            "current_player": current,
            "start_player": self._start,
            "bag": len(self._bag),
            "grey_left": sum(self._board[i] is None for i in GREY),
            "ending": {"reason": self._ending, "by": self._triggered_by} if self._ending else None,
            "board": {
                SPACES[i].id: self._place_view(place, seat)
                for i, place in enumerate(self._board)
                if place is not None
            },
            "seats": [
                {"score": self._scores[s], "rack_count": sum(self._racks[s])} for s in range(self.players)
            ],
            "rack": dict(zip(COLOURS, self._racks[seat], strict=True)) if own else None,
            "turn": self._turn_view(),
            "legal_actions": self.legal_actions() if own and seat == current else [],
        }
        if self.is_over():
            view["result"] = {
                "scores": self.scores(),
                "rack_counts": self.rack_counts(),
                "winners": self.winners(),
            }
        return view

    def review_view(self, seat: int | None) -> dict[str, Any]:
        """`seat`'s view with every rack and the colour of every face-down chip shown
        (`revealed`); the bag stays closed: it belongs to nobody and nobody ever saw into it."""
        view = self.view(seat)
        view["revealed"] = {
            "racks": [dict(zip(COLOURS, rack, strict=True)) for rack in self._racks],
            "downs": {
                SPACES[i].id: place[0] for i, place in enumerate(self._board) if place and not place[2]
            },
        }
        return view

    @staticmethod
    def _place_view(place: Placed, seat: int | None) -> dict[str, Any]:
        colour, count, face_up, layer = place
        if face_up:
            return {"face": "up", "colour": colour, "count": count}
        return {"face": "down", "by": layer, "colour": colour if layer == seat else None}

    def _turn_view(self) -> dict[str, Any] | None:
        """The turn in progress, as everyone at the table watches it."""
        if self.is_over():
            return None
        held = sum(self._racks[self._turn])
        return {
            "stage": self._stage.value,
            "chain": [SPACES[i].id for i in self._chain],
            "points": self.chain_points(),
            "target": SPACES[self._target].id if self._target is not None else None,
            "draw": min(2 if held <= RACK_LIMIT - 2 else 1 if held < RACK_LIMIT else 0, len(self._bag)),
        }


_TRIGGER_TEXT = {"grey": "。灰色のマスがすべて埋まった", "bag": "。袋が空になった"}
_QUIET = tuple(LogEntry(seat, "") for seat in range(max(INFO.players)))


def _drawn_text(drawn: list[str]) -> tuple[str, str]:
    """What a draw looks like to the table and to the drawer."""
    if not drawn:
        return "袋が空なので引かなかった", "袋が空なので引かなかった"
    names = "・".join(chip_name(c) for c in drawn)
    return f"{len(drawn)}枚引いた", f"{len(drawn)}枚（{names}）引いた"

"""The Bottle Imp (Günter Cornett, Bambus 2003): a trick-taking game where low cards buy a cursed bottle.

Scope: 2–4 players, whole games. Decisions (RULES-NOTES.md, The Bottle Imp; each is stated on the
page under 補足 and locked by a test named `test_decision_...`):
- Deck: the 2003 edition (cards.py): 36 cards, 1–37 without 19, three suits, 126 coins.
- Seats: play runs in seat order (clockwise; the left neighbour is the next seat). The first
  dealer is drawn from the seed; the deal passes left after every hand. Every hand: shuffle, deal
  all 36 (2 players: 12 hidden + 6 face up each; 3: 12 each; 4: 9 each), price 19, no holder.
- Passing: every player secretly chooses cards from its hidden hand: 3–4 players one for the
  Imp's trick, one for the left and one for the right neighbour (opposite players exchange
  nothing); 2 players two for the Imp's trick, one for the opponent's face-up cards and one for
  the opponent's hidden hand. The engine asks seat by seat, starting left of the dealer; a
  seat's choices stay hidden, and nothing moves until every seat has handed over.
- Play: left of the dealer leads the first trick, a trick's winner the next. The leader may lead
  anything; the others follow the led suit if able. 2 players: a trick is 4 cards, played
  leader, other, leader, other; the first card's suit binds the other three, and following is
  judged for the hidden hand and the face-up cards apart (a card from a part must be of the led
  suit when that part holds one).
- Winning: the highest card below the price wins and its player takes (or keeps) the bottle,
  which moves onto that card, the new price; with no card below the price the highest card
  wins and bottle and price stay. The winner takes every card of the trick; the card under the
  bottle stays with whoever won it. The price never restricts what may be played.
- Scoring (scoring.py): the holder loses the coins of the Imp's trick and scores nothing for its
  own won cards; everyone else scores the coins they won. Totals may be negative.
- Game length (option `target`): one hand (the highest hand score wins), or hands until a total
  reaches 200 / 300 / 500 after a hand's scoring (default 500); equal highest totals share.
- Visibility: hidden hands, the Imp's trick and the choices while passing are hidden. A player
  knows what it passed and to whom; the Imp's trick's size is public and its cards are revealed
  when the hand is scored; price, holder and every played card with its player (2 players: and
  from which part) are public. 2 players: each sees its own face-up cards from the deal on and
  the opponent's once the passes resolve (as in the licensed online version); from then on they
  are public. The won cards are public too (all were played face up; the page says that the
  table keeps them face down).

Passing is a compound turn: the engine offers the next empty slot (Imp, left, right; 2 players:
Imp, Imp, face-up, hidden) for each hand card, `back:<card>` to change a choice, and `done` once
every slot is filled. Choosing writes no log line; `done` logs the whole choice (the chosen
cards only to the chooser). Action ids are in codec.py.

A refused action names the rule it breaks by one of RULE_ANCHORS, the page's section anchors.

>>> state = BottleImpState(3, seed=1)
>>> state.current_player, state.view(0)["hand"][:4]
(0, [3, 6, 9, 12])
>>> for action in ["imp:3", "left:6", "right:9", "done"]:
...     state.apply(action)
>>> state.current_player, state.view(0)["passing"]["picks"], state.view(1)["passing"]["picks"]
(1, [3, 6, 9], [None, None, None])
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from engine.core import GameInfo, LogEntry, Option, State
from engine.games.bottle_imp.cards import (
    DECK,
    START_PRICE,
    SUIT,
    SUITS,
    card_name,
    coins,
    following,
    names,
    suit_label,
    trick_winner,
)
from engine.games.bottle_imp.codec import (
    BACK_IDS,
    PICK_IDS,
    PLAY_IDS,
    SLOT_NAMES,
    SLOTS,
    Action,
    describe_action,
    parse_action,
)
from engine.games.bottle_imp.redeal import Place, deal
from engine.games.bottle_imp.scoring import hand_scores, winners
from engine.rng import Rng

RULE_ANCHORS = (
    "setup",
    "turn",
    "passing",
    "playing",
    "following",
    "winning",
    "scoring",
    "end",
    "two-players",
)
"""The sections of the rules page a refusal may point to (IllegalAction.rule)."""
ONE_HAND = "one-hand"
TARGET = Option(
    key="target",
    label="ゲームの長さ",
    choices=((ONE_HAND, "1ハンドだけ"), (200, "200点まで"), (300, "300点まで"), (500, "500点まで")),
    default=500,
)
INFO = GameInfo(
    id="bottle-imp",
    name="ボトルインプ",
    players=(2, 3, 4),
    options=(TARGET,),
    rule_anchors=RULE_ANCHORS,
)
HIDDEN_DEAL = {2: 12, 3: 12, 4: 9}
OPEN_DEAL = 6  # face-up cards per player, 2 players only
HAND, OPEN = "hand", "open"
"""The two parts a 2-player card is played from: the hidden hand and the face-up cards."""


def trick_size(players: int) -> int:
    """Cards in a trick: one a player, and four with two players (each plays twice)."""
    return 4 if players == 2 else players


class Stage(Enum):
    PASSING = "passing"  # seats choose their cards to pass, one after another
    PLAYING = "playing"  # tricks
    OVER = "over"


class BottleImpState(State):
    info = INFO

    def __init__(self, players: int = 3, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, seed, options)
        self._rng = Rng(seed)
        self._dealer = self._rng.below(players)
        self._totals = [0] * players
        self._results: list[dict[str, Any]] = []
        self._hand_no = 0
        self._deal()

    def _deal(self) -> None:
        """Start a hand: shuffle, deal every card, the bottle back on the 19 with nobody."""
        n = self.players
        deck = list(DECK)
        self._rng.shuffle(deck)
        size = HIDDEN_DEAL[n]
        self._hands: list[list[int]] = [sorted(deck[s * size : (s + 1) * size]) for s in range(n)]
        rest = deck[n * size :]
        self._open: list[list[int]] = [sorted(rest[s * OPEN_DEAL : (s + 1) * OPEN_DEAL]) for s in range(n)]
        self._picks: list[list[int | None]] = [[None] * len(SLOTS[n]) for _ in range(n)]
        self._passed = [False] * n
        self._imp: list[int] = []
        self._trick: list[tuple[int, int, str]] = []  # (seat, card, part) in playing order
        self._played: list[list[int]] = [[] for _ in range(n)]
        self._won: list[list[int]] = [[] for _ in range(n)]
        self._voids = [""] * n  # suits a player's hidden hand was seen to lack, this hand
        self._price = START_PRICE
        self._holder: int | None = None
        self._last_trick: dict[str, Any] | None = None
        self._hand_no += 1
        self._stage = Stage.PASSING
        self._turn = self._first_leader()

    @classmethod
    def from_deal(
        cls,
        *,
        players: int,
        dealer: int,
        hands: list[list[int]],
        opens: list[list[int]] | None = None,
        options: dict[str, Any] | None = None,
    ) -> BottleImpState:
        """A rigged deal at the start of a hand, before the passes, for the guided first games.

        Every card must be dealt, as many to each seat as a real deal gives (`opens`: the face-up
        cards, 2 players only).
        """
        state = cls(players, 0, options)
        state._dealer = dealer
        state._hands = [sorted(hand) for hand in hands]
        state._open = [sorted(part) for part in opens or [[] for _ in range(players)]]
        state._turn = state._first_leader()
        sizes = [len(part) for part in (*state._hands, *state._open)]
        dealt = [HIDDEN_DEAL[players]] * players + [OPEN_DEAL if players == 2 else 0] * players
        assert sizes == dealt, "each seat gets a real deal's number of cards"
        assert sorted(state.components()) == sorted([*DECK, START_PRICE]), "every card is dealt once"
        return state

    @classmethod
    def from_position(
        cls,
        *,
        players: int,
        dealer: int,
        hands: list[list[int]],
        imp: list[int],
        won: list[list[int]],
        played: list[list[int]],
        trick: list[tuple[int, int, str]],
        leader: int,
        price: int = START_PRICE,
        holder: int | None = None,
        opens: list[list[int]] | None = None,
        picks: list[list[int | None]] | None = None,
        voids: list[str] | None = None,
        options: dict[str, Any] | None = None,
    ) -> BottleImpState:
        """A rigged position in the middle of a hand, after the passes, for worked examples.

        Every card (and the 19) must lie in exactly one place; `played` lists each seat's cards
        played this hand (those of `trick` included); `picks` are the pass records (default: none
        shown). Voids are taken from `voids` plus what the current trick shows.
        """
        state = cls(players, 0, options)
        state._dealer, state._imp = dealer, sorted(imp)
        state._hands, state._won, state._played = _copied(hands), _copied(won), _copied(played)
        state._open = _copied(opens or [[] for _ in range(players)])
        state._picks = _copied(picks or [[None] * len(SLOTS[players]) for _ in range(players)])
        state._passed = [True] * players
        state._trick = list(trick)
        state._price, state._holder = price, holder
        state._voids = list(voids or [""] * players)
        state._stage = Stage.PLAYING
        for seat, card, part in trick[1:]:
            state._note_void(seat, card, part, SUIT[trick[0][1]])
        state._turn = (trick[-1][0] + 1) % players if trick else leader
        placed = sorted(state.components())
        assert placed == sorted([*DECK, START_PRICE]), "every card must lie in exactly one place"
        for seat in range(players):
            assert not any(SUIT[c] in state._voids[seat] for c in hands[seat]), "a void holds its suit"
        return state

    # --- whose turn, and the end ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self._stage is Stage.OVER else self._turn

    def is_over(self) -> bool:
        return self._stage is Stage.OVER

    def chosen_at_once(self) -> bool:
        """At the table every seat chooses its cards to pass at once; here seat after seat."""
        return self._stage is Stage.PASSING

    def scores(self) -> list[int]:
        return list(self._totals)

    def winners(self) -> list[int]:
        return winners(self._totals)

    def standing(self) -> list[int]:
        """Each total with the hand in play scored as if it ended now (before any card went
        under the price, nobody holds the bottle and nobody pays)."""
        if self._stage is Stage.OVER:
            return self.scores()
        if self._holder is None:
            hand = [coins(cards) for cards in self._won]
        else:
            hand = hand_scores(self._won, holder=self._holder, imp=self._imp)
        return [total + points for total, points in zip(self._totals, hand, strict=True)]

    def plays_left_in_hand(self) -> int:
        """The cards still to be played in this hand; while passing, also each seat's pass, less
        the cards the passes put into the Imp's trick."""
        cards = sum(len(part) for part in (*self._hands, *self._open))
        if self._stage is not Stage.PASSING:
            return cards
        return self.players * (1 - self._slots().count("imp")) + cards

    def components(self) -> list[int]:
        cards = [START_PRICE, *self._imp, *(card for _, card, _ in self._trick)]
        for seat in range(self.players):
            cards += self._hands[seat] + self._open[seat] + self._won[seat]
        return cards

    def _first_leader(self) -> int:
        """Left of the dealer (2 players: the non-dealer) leads the first trick and passes first."""
        return (self._dealer + 1) % self.players

    def _slots(self) -> tuple[str, ...]:
        return SLOTS[self.players]

    # --- legal actions -------------------------------------------------------------------------

    def _legal_actions(self) -> list[str]:
        if self._stage is Stage.PASSING:
            return self._passing_actions(self._turn)
        return [PLAY_IDS[card] for card in self._playable(self._turn)]

    def _passing_actions(self, seat: int) -> list[str]:
        picks = self._picks[seat]
        chosen = [card for card in picks if card is not None]
        actions = [BACK_IDS[card] for card in chosen]
        slot = self._next_slot(seat)
        if slot is None:
            return [*actions, "done"]
        ids = PICK_IDS[slot]
        return actions + [ids[card] for card in self._hands[seat] if card not in chosen]

    def _next_slot(self, seat: int) -> str | None:
        """The slot the seat fills next: the first empty one (Imp, left, right / Imp, Imp, ...)."""
        picks = self._picks[seat]
        return next((kind for kind, card in zip(self._slots(), picks, strict=True) if card is None), None)

    def _playable(self, seat: int) -> list[int]:
        """The cards `seat` may play now: any when leading, else following per part."""
        led = SUIT[self._trick[0][1]] if self._trick else None
        return following(self._hands[seat], led) + following(self._open[seat], led)

    # --- refusals ----------------------------------------------------------------------------------

    def _refusal(self, action: str) -> tuple[str, str]:
        move = parse_action(action)
        if move is None:
            return f"「{action}」という手はありません。", "turn"
        if self._stage is Stage.PASSING:
            return self._refuse_passing(move)
        if move.kind != "play":
            return "カードを渡すのはハンドの始めだけです。今はトリックの途中です。", "passing"
        return self._refuse_play(move)

    def _refuse_passing(self, move: Action) -> tuple[str, str]:
        seat = self._turn
        picks = self._picks[seat]
        rule = "two-players" if self.players == 2 else "passing"
        wanted = "・".join(SLOT_NAMES[kind] for kind in self._slots())
        if move.kind == "play":
            return "まだトリックは始まっていません。先に渡すカードを選んでください。", "passing"
        if move.kind == "done":
            return f"渡すカードがまだそろっていません（{wanted}に1枚ずつ）。", rule
        if move.kind == "back":
            return "そのカードは選ばれていません。", rule
        if move.kind not in self._slots():
            return f"{self.players}人のときに選ぶのは、{wanted}へのカードです。", rule
        if move.card not in self._hands[seat]:
            return "そのカードは手札にありません（渡せるのは手札のカードだけです）。", rule
        if move.card in picks:
            return "そのカードはもう選んでいます。1枚のカードは1か所にしか渡せません。", rule
        slot = self._next_slot(seat)
        if slot is None:
            return "もう全部選んでいます。変えるときは、選んだカードを先に手札へ戻してください。", rule
        return f"順に選びます。次は{SLOT_NAMES[slot]}に渡すカードです。", rule

    def _refuse_play(self, move: Action) -> tuple[str, str]:
        seat = self._turn
        card = move.card
        assert card is not None
        own = self._hands[seat] + self._open[seat]
        if card not in own:
            where = "手札にも公開札にも" if self.players == 2 else "手札に"
            return f"{card_name(card)}は{where}ありません。", "playing"
        led = SUIT[self._trick[0][1]]
        part = "公開札" if card in self._open[seat] else "手札"
        rule = "two-players" if self.players == 2 else "following"
        return (
            f"{part}にリードされた色（{suit_label(led)}）のカードがあるので、{part}から出すなら"
            f"{suit_label(led)}を出さなければなりません（マストフォロー）。",
            rule,
        )

    # --- apply ----------------------------------------------------------------------------------

    def _apply(self, action: str) -> LogEntry:
        move = parse_action(action)
        assert move is not None
        if move.kind == "play":
            return self._play(move.card)
        if move.kind == "done":
            return self._hand_over()
        seat = self._turn
        picks = self._picks[seat]
        if move.kind == "back":
            picks[picks.index(move.card)] = None
        else:
            picks[picks.index(None)] = move.card
        return _QUIET[seat]

    def _hand_over(self) -> LogEntry:
        """A seat has chosen; after the last seat, every chosen card moves at once."""
        seat = self._turn
        self._passed[seat] = True
        chosen = [card for card in self._picks[seat] if card is not None]
        pairs = zip(self._slots(), chosen, strict=True)
        private = "、".join(f"{SLOT_NAMES[kind]}に{card_name(card)}" for kind, card in pairs)
        public = "渡すカードを選び終えた"
        if not all(self._passed):
            self._turn = (seat + 1) % self.players
            return self._entry(seat, public, f"{public}（{private}）")
        suffix = self._resolve_passes()
        return self._entry(seat, public + suffix, f"{public}（{private}）{suffix}")

    def _resolve_passes(self) -> str:
        n = self.players
        revealed = []
        for seat, picks in enumerate(self._picks):
            for kind, card in zip(self._slots(), picks, strict=True):
                assert card is not None
                self._hands[seat].remove(card)
                if kind == "imp":
                    self._imp.append(card)
                elif kind == "open":
                    self._open[(seat + 1) % n].append(card)
                    revealed.append(f"{self.seat_name((seat + 1) % n)}の公開札に{card_name(card)}")
                else:
                    self._hands[self._receiver(seat, kind)].append(card)
        for part in (*self._hands, *self._open, self._imp):
            part.sort()
        self._stage = Stage.PLAYING
        self._turn = self._first_leader()
        shown = f"。{'、'.join(revealed)}が加わった" if revealed else ""
        return f"。全員が選び終えたので、カードを渡した（インプのトリックは{len(self._imp)}枚）{shown}"

    def _receiver(self, seat: int, kind: str) -> int:
        """Who gets the card `seat` passes in slot `kind` (not the Imp's trick)."""
        return (seat - 1) % self.players if kind == "right" else (seat + 1) % self.players

    def _play(self, card: int | None) -> LogEntry:
        assert card is not None
        seat = self._turn
        part = OPEN if card in self._open[seat] else HAND
        (self._open if part == OPEN else self._hands)[seat].remove(card)
        if self._trick:
            self._note_void(seat, card, part, SUIT[self._trick[0][1]])
        self._trick.append((seat, card, part))
        self._played[seat].append(card)
        source = ("公開札から" if part == OPEN else "手札から") if self.players == 2 else ""
        text = f"{source}{card_name(card)}を出した"
        if len(self._trick) < trick_size(self.players):
            self._turn = (seat + 1) % self.players
            return self._entry(seat, text)
        return self._entry(seat, text + self._close_trick())

    def _note_void(self, seat: int, card: int, part: str, led: str) -> None:
        """A hidden-hand card off the led suit shows that the hidden hand holds none of it."""
        if part == HAND and SUIT[card] != led and led not in self._voids[seat]:
            self._voids[seat] = "".join(s for s in SUITS if s in self._voids[seat] or s == led)

    def _close_trick(self) -> str:
        """Give the trick to its winner, move the bottle if a card went under the price."""
        cards = [card for _, card, _ in self._trick]
        winner, card, _ = self._trick[trick_winner(cards, self._price)]
        price, holder = self._price, self._holder
        self._won[winner] += cards
        name = f"{card_name(card)}（{self.seat_name(winner)}）"
        if card < price:
            self._price, self._holder = card, winner
            kept = "ボトルは持ち主のまま値段が" if holder == winner else "ボトルも受け取り、値段は"
            text = f"。{name}がトリックを取った。{kept}{price}から{card}に下がった"
        else:
            text = f"。値段{price}より小さいカードがないので、いちばん大きい{name}がトリックを取った"
        self._last_trick = {
            "cards": [[s, c, p] for s, c, p in self._trick],
            "winner": winner,
            "card": card,
            "price_before": price,
            "holder_before": holder,
            "bottle_moved": card < price,
        }
        self._trick = []
        self._turn = winner
        if not any(self._hands) and not any(self._open):
            text += self._score_hand()
        return text

    def _score_hand(self) -> str:
        """Score the hand, reveal the Imp's trick, and end the game or deal the next hand."""
        holder = self._holder
        assert holder is not None, "some card below 19 is always played, so someone holds the bottle"
        scores = hand_scores(self._won, holder=holder, imp=self._imp)
        self._totals = [t + s for t, s in zip(self._totals, scores, strict=True)]
        self._results.append(
            {
                "hand": self._hand_no,
                "dealer": self._dealer,
                "holder": holder,
                "price": self._price,
                "imp": list(self._imp),
                "imp_coins": coins(self._imp),
                "won_cards": [len(w) for w in self._won],
                "won_coins": [coins(w) for w in self._won],
                "scores": scores,
                "totals": list(self._totals),
            }
        )
        listed = "、".join(f"{self.seat_name(s)} {_signed(score)}" for s, score in enumerate(scores))
        loser = self.seat_name(holder)
        text = (
            f"。ハンド終了: ボトルは{loser}（値段{self._price}）。"
            f"インプのトリック {names(self._imp)}（コイン{coins(self._imp)}）を{loser}が失う。得点 {listed}"
        )
        self._picks = [[None] * len(self._slots()) for _ in range(self.players)]  # the passes are history
        target = self.options["target"]
        if target == ONE_HAND or max(self._totals) >= target:
            self._stage = Stage.OVER
            best = "と".join(self.seat_name(s) for s in self.winners())
            return text + f"。ゲーム終了: {best}の勝ち"
        self._dealer = (self._dealer + 1) % self.players
        self._deal()
        return text + f"。次のハンド（ディーラーは{self.seat_name(self._dealer)}）"

    def _entry(self, seat: int, public: str, private: str | None = None) -> LogEntry:
        name = self.seat_name(seat)
        return LogEntry(seat, f"{name}: {public}", f"{name}: {private}" if private else None)

    # --- text ------------------------------------------------------------------------------------

    def describe(self, action: str) -> str:
        return describe_action(action)

    # --- what a seat may see ------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        own = seat is not None and 0 <= seat < self.players
        current = self.current_player
        view: dict[str, Any] = {
            "game": INFO.id,
            "seat": seat,
            "players": self.players,
            "seat_names": [self.seat_name(s) for s in range(self.players)],
            "stage": self._stage.value,
            "current_player": current,
            "hand_no": self._hand_no,
            "dealer": self._dealer,
            "target": self.options["target"],
            "price": self._price,
            "holder": self._holder,
            "imp_count": len(self._imp),
            "trick": [[s, c, p] for s, c, p in self._trick],
            "last_trick": _copy_trick(self._last_trick),
            "seats": [self._public_seat(s, seat) for s in range(self.players)],
            "results": [_copy_result(result) for result in self._results],
            "hand": list(self._hands[seat]) if own else None,
            "passing": self._own_passing(seat) if own else None,
            "legal_actions": self.legal_actions() if own and seat == current else [],
        }
        if self.is_over():
            view["result"] = {"scores": self.scores(), "winners": self.winners()}
        return view

    def bot_view(self, seat: int | None) -> dict[str, Any]:
        """What the heuristic reads (bots.py): the stage, the price, the trick, the Imp's card
        count, each seat's face-up, played and won cards, the hand, the choice of passes and the
        moves. A search's rollouts ask for it at every step: built without the names, the score
        sheet, the last trick and what the seat received, it costs a third of the whole view."""
        own = seat is not None and 0 <= seat < self.players
        return {
            "seat": seat,
            "players": self.players,
            "stage": self._stage.value,
            "price": self._price,
            "imp_count": len(self._imp),
            "trick": [[s, c, p] for s, c, p in self._trick],
            "seats": [
                {
                    "open": self._open_as_seen(s, seat),
                    "won_coins": coins(self._won[s]),
                    "played": list(self._played[s]),
                }
                for s in range(self.players)
            ],
            "hand": list(self._hands[seat]) if own else None,
            "passing": {"slots": list(self._slots()), "picks": list(self._picks[seat])} if own else None,
            "legal_actions": self.legal_actions() if own and seat == self.current_player else [],
        }

    def _public_seat(self, seat: int, viewer: int | None) -> dict[str, Any]:
        return {
            "hand_count": len(self._hands[seat]),
            "open": self._open_as_seen(seat, viewer),
            "won": sorted(self._won[seat]),
            "won_coins": coins(self._won[seat]),
            "played": list(self._played[seat]),
            "voids": self._voids[seat],
            "passed": self._passed[seat],
            "total": self._totals[seat],
        }

    def _open_as_seen(self, seat: int, viewer: int | None) -> list[int | None]:
        """`seat`'s face-up cards as `viewer` sees them: its own from the deal on, another seat's
        only once the passes resolve; until then one back (None) a card."""
        if self._stage is Stage.PASSING and seat != viewer:
            return [None] * len(self._open[seat])
        return list(self._open[seat])

    def _own_passing(self, seat: int) -> dict[str, Any]:
        """What `seat` chose (and, once the passes resolved, received) this hand."""
        received = []
        if self._stage is Stage.PLAYING:
            for giver in range(self.players):
                received += [[giver, card] for card in self._sent_by(giver).get(seat, [])]
        return {
            "slots": list(self._slots()),
            "picks": list(self._picks[seat]),
            "done": self._passed[seat],
            "resolved": self._stage is not Stage.PASSING,
            "received": received,
        }

    def review_view(self, seat: int | None) -> dict[str, Any]:
        """`seat`'s view with every hidden card shown (`revealed`): every seat's hidden hand and
        face-up cards, the cards each chose to pass this hand, and the Imp's trick. Nothing is left
        face down: every card is dealt."""
        view = self.view(seat)
        view["revealed"] = {
            "hands": [list(hand) for hand in self._hands],
            "open": [list(part) for part in self._open],
            "picks": [list(picks) for picks in self._picks],
            "imp": list(self._imp),
        }
        return view

    # --- hidden information ------------------------------------------------------------------------

    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        others = [s for s in range(self.players) if s != seat]
        if self._stage is Stage.PASSING:
            self._redraw_passing(others, rng)
        elif self._stage is Stage.PLAYING:
            self._redraw_playing(seat, others, rng)
        self._rng = Rng(rng.next64())

    def _redraw_passing(self, others: list[int], rng: Rng) -> None:
        """Others' hidden hands and face-up cards (not shown before the passes resolve) redealt;
        a seat that has chosen gets random choices from its new hand, a seat still choosing
        starts over."""
        parts = [part for s in others for part in (self._hands[s], self._open[s])]
        pool = [card for part in parts for card in part]
        dealt = deal(pool, [Place(len(part), "".join(SUITS)) for part in parts], rng)
        for i, s in enumerate(others):
            hand = self._hands[s] = dealt[2 * i]
            self._open[s] = dealt[2 * i + 1]
            if self._passed[s]:
                chosen = list(hand)
                rng.shuffle(chosen)
                self._picks[s] = list(chosen[: len(self._slots())])
            else:
                self._picks[s] = [None] * len(self._slots())

    def _redraw_playing(self, seat: int | None, others: list[int], rng: Rng) -> None:
        """Others' hidden hands and the unknown part of the Imp's trick redealt, keeping the cards
        `seat` passed where they went and no card of a suit a player was seen to lack; then the
        others' pass records drawn anew to fit the new deal."""
        sent = self._sent_by(seat) if seat is not None else {}
        fixed = {s: [c for c in sent.get(s, []) if c in self._hands[s]] for s in others}
        known_imp = [c for c in self._imp if seat is not None and c in self._picks[seat]]
        pool = [c for s in others for c in self._hands[s] if c not in fixed[s]]
        pool += [c for c in self._imp if c not in known_imp]
        places = [Place(len(self._hands[s]) - len(fixed[s]), _allowed(self._voids[s])) for s in others]
        places.append(Place(len(self._imp) - len(known_imp), "".join(SUITS)))
        dealt = deal(pool, places, rng)
        for s, cards in zip(others, dealt[:-1], strict=True):
            self._hands[s] = sorted(fixed[s] + cards)
        self._imp = sorted(known_imp + dealt[-1])
        self._redraw_records(seat, others, dealt[-1], rng)

    def _sent_by(self, seat: int) -> dict[int, list[int]]:
        """The hidden-hand cards `seat` passed, by receiver (face-up passes are public anyway)."""
        sent: dict[int, list[int]] = {}
        for kind, card in zip(self._slots(), self._picks[seat], strict=True):
            if card is not None and kind in ("left", "right", "hand"):
                sent.setdefault(self._receiver(seat, kind), []).append(card)
        return sent

    def _redraw_records(self, seat: int | None, others: list[int], unknown_imp: list[int], rng: Rng) -> None:
        """Others' pass records, where `seat` cannot know them: their Imp cards from the redealt
        Imp's trick, their passes to third players from what those players held after passing."""
        if any(card is None for s in others for card in self._picks[s]):
            return  # a rigged position without records
        imp_cards = list(unknown_imp)
        rng.shuffle(imp_cards)
        for s in others:
            record: list[int | None] = []
            for kind, card in zip(self._slots(), self._picks[s], strict=True):
                if kind == "imp":
                    record.append(imp_cards.pop())
                elif kind == OPEN or (seat is not None and self._receiver(s, kind) == seat):
                    record.append(card)
                else:
                    record.append(None)
            self._picks[s] = record
        claimed = {c for s in range(self.players) for c in self._picks[s] if c is not None}
        for s in others:
            for i, (kind, card) in enumerate(zip(self._slots(), self._picks[s], strict=True)):
                if card is None:
                    receiver = self._receiver(s, kind)
                    holding = self._hands[receiver] + self._played[receiver]
                    held = sorted(c for c in holding if c not in claimed)
                    self._picks[s][i] = choice = rng.choice(held)
                    claimed.add(choice)


def _copied(parts: list[list[Any]]) -> list[list[Any]]:
    """Fresh lists, so that a rigged position shares none with its caller or with itself."""
    return [list(part) for part in parts]


def _allowed(voids: str) -> str:
    return "".join(s for s in SUITS if s not in voids)


def _copy_trick(trick: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if trick is None else {**trick, "cards": [list(c) for c in trick["cards"]]}


def _copy_result(result: dict[str, Any]) -> dict[str, Any]:
    return {key: list(value) if isinstance(value, list) else value for key, value in result.items()}


def _signed(value: int) -> str:
    """A score as Japanese print writes it: +12, −5 (a true minus sign), 0."""
    return f"−{-value}" if value < 0 else f"+{value}" if value else "0"


_QUIET = tuple(LogEntry(seat, "") for seat in range(max(INFO.players)))

"""Herrlof (Alexander Kneepkens & Inge van Dasselaar, Jolly Dutch 2020): bid, then take tricks.

Scope: 2 and 3 players, the whole game. Decisions (RULES-NOTES.md, Herrlof; each is stated on the
page and locked by a test named `test_decision_...`):
- 42 cards: 1-9 in four suits, 3 Valknut (V), 3 Hagalaz (H); V and H have no suit and no number.
- Seats play in seat order ("left" is the next seat). The first dealer is drawn from the seed;
  the deal passes to the left each round; the dealer's left neighbour leads the first trick.
- Deal 15 each (2 players, 12 in the stock) or 11 each (3 players, 9). The top stock card is set
  face up beside the stock as the trump indicator and is never drawn: its suit is trump, V or H
  means no trump. The face-down stock then holds 11 / 8 cards.
- Bids 0 to the hand size (15 / 11), once, secretly, in seat order from the first leader; shown
  only when the round is scored.
- Following: the leader plays anything; the others play the led suit if they can; V and H may
  always be played; after a V or H lead every follower is free.
- A trick with a Valknut is destroyed: its cards leave the round face down, nobody wins it, no
  1, 6, 9 or Hagalaz rule applies (a 3's draw still does) and the same leader leads again. The
  second Valknut of a trick at once turns the top stock card onto the indicator (new trump from
  the next trick); once per trick.
- Winner and next leader: tricks.py. 1, 6 and 9 act when they are the winning card, whatever
  their suit and however they won; 1 and 6 resolve after the trick is taken, before the next
  lead; with 3 players the winner picks the opponent among those eligible. Hagalaz before 9.
- 3, when played: may draw the top stock card; then must put one hand card (the drawn one
  allowed) face down under the stock. Cards put under are never drawn again in the round: the
  stock holds 11 / 8 and a round draws at most 5 (four 3s and one double Valknut).
- 6, when it wins and the opponent has cards: may take one at random, then must give one back
  (the taken one allowed).
- Round score (scoring.py); the game ends after the round in which someone reaches the target
  (option, by default 50 with 2 players and 40 with 3) or after round 10.
- Visibility: a seat sees its own hand; others' hand sizes; who has bid; the indicator, the
  stock size and the number of cards under it; every trick's count; only the last completed
  trick face up (the move log, a sandbox memory aid, lists every card played, all seen by
  everyone); the cards it put under the stock and the cards of 6 exchanges it took part in.

Action ids (namespace:step[:argument], disjoint namespaces; cards as in cards.py):
    bid:0 … bid:15                       the secret bid
    play:R7, play:V, play:H              play a card to the trick
    three:draw, three:pass               a 3 was played: draw the top stock card or not
    bury:B2                              put a hand card under the stock (after three:draw)
    one:steal:1, one:pass                a 1 won: take a trick from seat 1, or not
    six:take:1, six:pass                 a 6 won: take a random card from seat 1, or not
    give:Y4                              give a hand card back (after six:take)

>>> state = HerrlofState(2, seed=1)
>>> state.legal_actions()[:3], len(state.legal_actions())
(['bid:0', 'bid:1', 'bid:10'], 16)
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from engine.core import GameInfo, LogEntry, Option, State
from engine.games.herrlof import scoring
from engine.games.herrlof.cards import (
    ALL_CARDS,
    SUIT_NAMES,
    VALKNUT,
    card_name,
    describe_action,
    display_order,
    parse_action,
    rank_of,
    suit_label,
    suit_of,
)
from engine.games.herrlof.hidden import Place, deal_hidden
from engine.games.herrlof.tricks import follow_suit, next_leader, playable, trick_winner
from engine.rng import Rng

RULE_ANCHORS = (
    "setup",
    "bidding",
    "follow",
    "trick-winner",
    "valknut",
    "hagalaz",
    "card-1",
    "card-3",
    "card-6",
    "card-9",
    "scoring",
    "end",
)
"""The sections of the rules page a refusal may point to (IllegalAction.rule)."""
TARGET = Option(
    key="target",
    label="終了の点数",
    choices=((None, "標準（2人50点・3人40点）"), (50, "50点"), (40, "40点"), (20, "20点（短いゲーム）")),
    default=None,
)
INFO = GameInfo(id="herrlof", name="ヘルロフ", players=(2, 3), options=(TARGET,), rule_anchors=RULE_ANCHORS)
HAND_SIZES = {2: 15, 3: 11}
STANDARD_TARGETS = {2: 50, 3: 40}
MAX_ROUNDS = 10

Held = tuple[int, str]
"""(seat, card): a card a seat played to a trick, put under the stock, or is known to hold."""


class Stage(Enum):
    BID = "bid"  # the seat in turn writes its bid
    PLAY = "play"  # the seat in turn plays a card
    THREE = "three"  # a 3 was just played: draw from the stock or not
    BURY = "bury"  # a card was drawn: choose the one to put under the stock
    ONE = "one"  # a 1 won the trick: steal a trick or not
    SIX = "six"  # a 6 won the trick: take a card or not
    GIVE = "give"  # a card was taken: choose the one to give back
    OVER = "over"


class HerrlofState(State):
    info = INFO

    def __init__(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        super().__init__(players, seed, options)
        self._rng = Rng(seed)
        self._target: int = self.options["target"] or STANDARD_TARGETS[players]
        self._dealer = self._rng.below(players)
        self._round = 0
        self._totals = [0] * players
        self._sheet: list[dict[str, Any]] = []
        self._deal()

    def _deal(self) -> None:
        """Shuffle all 42 cards, deal from the dealer's left, turn the indicator; bids come next."""
        n = self.players
        deck = list(ALL_CARDS)
        self._rng.shuffle(deck)
        size = HAND_SIZES[n]
        self._round += 1
        self._hands: list[list[str]] = [deck[seat * size : (seat + 1) * size] for seat in range(n)]
        self._stock: list[str] = deck[n * size :]  # face down; the top is the last card
        self._indicator: list[str] = [self._stock.pop()]  # face up beside the stock; the top is last
        self._under: list[Held] = []  # cards put under the stock by a 3, with who put them there
        self._won: list[list[tuple[str, ...]]] = [[] for _ in range(n)]
        self._destroyed: list[str] = []
        self._trick: list[Held] = []
        self._last: tuple[Held, ...] = ()  # the last completed trick, as shown face up
        self._last_winner: int | None = None
        self._bids: list[int | None] = [None] * n
        self._leader = (self._dealer + 1) % n
        self._turn = self._leader
        self._stage = Stage.BID
        self._turned_this_trick = False
        self._after_trick = self._leader  # who leads next, once a won trick's 1 or 6 is settled
        self._drawn: str | None = None
        self._taken: str | None = None
        self._victim: int | None = None
        self._exchanges: list[tuple[int, int, str | None, str | None]] = []  # (taker, victim, taken, given)
        # What each observer (seats, then index n: everyone) knows of the others' hands.
        self._voids: list[list[set[str]]] = [[set() for _ in range(n)] for _ in range(n + 1)]
        self._known: list[list[Held]] = [[] for _ in range(n)]  # (holder, card) the seat knows

    @classmethod
    def from_position(
        cls,
        *,
        hands: list[list[str]],
        stock: list[str],
        indicator: list[str],
        won: list[list[list[str]]] | None = None,
        destroyed: list[str] | None = None,
        trick: list[Held] | None = None,
        leader: int = 0,
        dealer: int | None = None,
        bids: list[int | None] | None = None,
        totals: list[int] | None = None,
        round_number: int = 1,
        target: int | None = None,
    ) -> HerrlofState:
        """A rigged position during a round: every one of the 42 cards placed once.

        `stock` lists the face-down stock bottom to top; `trick` the cards played so far to the
        trick `leader` leads; the seat after its last card is to play. A bid of None is not yet
        written: the round is still bidding, from `leader` on in seat order (a tutorial's start).
        """
        players = len(hands)
        state = cls(players, 0, {"target": target})
        state._hands = [list(hand) for hand in hands]
        state._stock = list(stock)
        state._indicator = list(indicator)
        state._won = [[tuple(t) for t in tricks] for tricks in won or [[]] * players]
        state._destroyed = list(destroyed or [])
        state._trick = list(trick or [])
        state._leader = leader
        state._after_trick = leader
        state._turn = (leader + len(state._trick)) % players
        state._dealer = (leader - 1) % players if dealer is None else dealer
        state._bids = list(bids or [0] * players)
        state._totals = list(totals or [0] * players)
        state._round = round_number
        state._stage = Stage.BID if None in state._bids else Stage.PLAY
        if state._stage is Stage.BID:
            state._turn = state._first_to_bid()
        state._turned_this_trick = state._trick_cards().count(VALKNUT) >= 2
        if sorted(state.components()) != sorted(ALL_CARDS):
            raise ValueError("a position must hold each of the 42 cards exactly once")
        for i, (seat, card) in enumerate(state._trick):
            if card not in playable([*state._hands[seat], card], state._trick_cards()[:i]):
                raise ValueError(f"{card} could not have been played to this trick")
        return state

    def _first_to_bid(self) -> int:
        """In a rigged bidding position, the seat to bid: the first from the leader without a bid;
        the seats before it have bid, the ones after it not, and no card has been played yet."""
        order = [(self._leader + i) % self.players for i in range(self.players)]
        written = [self._bids[seat] is not None for seat in order]
        if written != sorted(written, reverse=True) or self._trick or any(self._won):
            raise ValueError("bids are written in seat order from the leader, before the first trick")
        return order[written.index(False)]

    # --- contract ---------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self._stage is Stage.OVER else self._turn

    def is_over(self) -> bool:
        return self._stage is Stage.OVER

    def chosen_at_once(self) -> bool:
        """At the table every seat writes its bid at once, face down; here seat after seat."""
        return self._stage is Stage.BID

    def scores(self) -> list[int]:
        return list(self._totals)

    def winners(self) -> list[int]:
        return scoring.winners(**self._tie_breaks())

    def round_in_play(self) -> tuple[list[int | None], list[int], int]:
        """The round so far: each seat's bid (None before it bids), its tricks, and how many
        tricks are still to be won (the current one included)."""
        left = 0 if self.is_over() else max(len(hand) for hand in self._hands)
        return list(self._bids), [len(tricks) for tricks in self._won], left

    def _tie_breaks(self) -> dict[str, list[int]]:
        last = self._sheet[-1]["tricks"] if self._sheet else [0] * self.players
        exact = [sum(1 for row in self._sheet if row["exact"][s]) for s in range(self.players)]
        return {"totals": list(self._totals), "exact": exact, "last_tricks": list(last)}

    def components(self) -> list[str]:
        """Every card wherever it lies: hands, stock, indicator, under the stock, tricks."""
        found = self._stock + self._indicator + self._destroyed + self._trick_cards()
        found += [card for _, card in self._under]
        for seat in range(self.players):
            found += self._hands[seat] + [card for trick in self._won[seat] for card in trick]
        return found

    def _redraw_hidden(self, seat: int | None, rng: Rng) -> None:
        """Redeal the others' hands, the stock and the cards others put under it; redraw the
        others' bids. What `seat` saw stays true: cards it knows a hand holds stay there, and no
        hand gets a suit it was seen to lack. What others saw is forgotten down to the public."""
        others = [s for s in range(self.players) if s != seat]
        size = HAND_SIZES[self.players]
        for other in others:
            if self._bids[other] is not None and not self.is_over():  # the last bids are shown at the end
                self._bids[other] = rng.below(size + 1)
        if self._turn != seat:
            self._drawn = None
        if seat not in (self._turn, self._victim):
            self._taken = None
        self._exchanges = [e if seat in e[:2] else (e[0], e[1], None, None) for e in self._exchanges]
        self._redeal(seat, others, rng)
        public = self._voids[self.players]
        for other in others:
            self._voids[other] = [set(suits) for suits in public]
            self._known[other] = []
        self._rng = Rng(rng.next64())

    def _redeal(self, seat: int | None, others: list[int], rng: Rng) -> None:
        known = list(self._known[seat]) if seat is not None else []
        voids = self._voids[self.players if seat is None else seat]
        pool = self._stock + [card for s in others for card in self._hands[s]]
        hidden_under = [i for i, (owner, _) in enumerate(self._under) if owner != seat]
        pool += [self._under[i][1] for i in hidden_under]
        kept: dict[int, list[str]] = {s: [] for s in others}
        for holder, card in known:
            kept[holder].append(card)
            pool.remove(card)
        places: list[Place] = [(len(self._hands[s]) - len(kept[s]), frozenset(voids[s])) for s in others]
        places += [(len(self._stock), frozenset())] + [(1, frozenset())] * len(hidden_under)
        dealt = deal_hidden(pool, places, rng)
        for s, cards in zip(others, dealt, strict=False):
            self._hands[s] = kept[s] + cards
        self._stock = dealt[len(others)]
        for i, cards in zip(hidden_under, dealt[len(others) + 1 :], strict=True):
            self._under[i] = (self._under[i][0], cards[0])

    # --- legal actions --------------------------------------------------------------------------

    def _legal_actions(self) -> list[str]:
        seat = self._turn
        hand = self._hands[seat]
        match self._stage:
            case Stage.BID:
                return [f"bid:{n}" for n in range(HAND_SIZES[self.players] + 1)]
            case Stage.PLAY:
                return [f"play:{card}" for card in playable(hand, self._trick_cards())]
            case Stage.THREE:
                return ["three:draw", "three:pass"] if self._stock else ["three:pass"]
            case Stage.BURY:
                return [f"bury:{card}" for card in set(hand)]
            case Stage.ONE:
                return [f"one:steal:{s}" for s in self._steal_targets()] + ["one:pass"]
            case Stage.SIX:
                return [f"six:take:{s}" for s in self._take_targets()] + ["six:pass"]
            case Stage.GIVE:
                return [f"give:{card}" for card in set(hand)]
        return []

    def _steal_targets(self) -> list[int]:
        """Opponents with at least one won trick (a 1 may steal from them)."""
        return [s for s in range(self.players) if s != self._turn and self._won[s]]

    def _take_targets(self) -> list[int]:
        """Opponents with cards in hand (a 6 may take from them)."""
        return [s for s in range(self.players) if s != self._turn and self._hands[s]]

    def _trick_cards(self) -> list[str]:
        return [card for _, card in self._trick]

    # --- refusals -------------------------------------------------------------------------------

    def _refusal(self, action: str) -> tuple[str, str]:
        move = parse_action(action)
        expected = _STAGE_NAMESPACES[self._stage]
        if move is None or move.namespace not in expected:
            return _STAGE_PROMPTS[self._stage]
        if move.namespace == "bid":
            return f"予想は0〜{HAND_SIZES[self.players]}トリックの範囲で書きます。", "bidding"
        if move.namespace == "play":
            return self._refuse_play(move.step)
        if move.namespace in ("bury", "give"):
            rule = "card-3" if move.namespace == "bury" else "card-6"
            return f"{card_name(move.step)}は手札にありません。", rule
        if move.namespace == "three":
            return "山札がないので、3の効果で引くことはできません。", "card-3"
        return self._refuse_target(move.namespace, int(move.argument))

    def _refuse_play(self, card: str) -> tuple[str, str]:
        if card not in self._hands[self._turn]:
            return f"{card_name(card)}は手札にありません。", "follow"
        suit = follow_suit(self._trick_cards())
        assert suit is not None
        name = SUIT_NAMES[suit]
        return (
            f"リードの色{suit_label(suit)}を持っているので、{name}のカードを出します"
            "（ヴァルクヌートとハガラズはいつでも出せます）。",
            "follow",
        )

    def _refuse_target(self, namespace: str, target: int) -> tuple[str, str]:
        rule = "card-1" if namespace == "one" else "card-6"
        if target == self._turn:
            return "自分自身は選べません。相手を選んでください。", rule
        if target >= self.players:
            return f"このゲームは{self.players}人です。", rule
        name = self.seat_name(target)
        if namespace == "one":
            return f"{name}はトリックを1つも取っていないので、奪えません。", rule
        return f"{name}の手札はもうないので、取れません。", rule

    # --- apply ------------------------------------------------------------------------------------

    def _apply(self, action: str) -> LogEntry:
        move = parse_action(action)
        assert move is not None
        return getattr(self, f"_apply_{move.namespace}")(move.step, move.argument)

    def _apply_bid(self, amount: str, _argument: str) -> LogEntry:
        seat = self._turn
        self._bids[seat] = int(amount)
        if None in self._bids:
            self._turn = (seat + 1) % self.players
            suffix = ""
        else:
            self._stage, self._turn = Stage.PLAY, self._leader
            suffix = f"。全員の予想がそろった。{self.seat_name(self._leader)}がリード"
        return self._entry(seat, f"予想を伏せて書いた{suffix}", f"予想を{amount}と書いた{suffix}")

    def _apply_play(self, card: str, _argument: str) -> LogEntry:
        seat = self._turn
        led = follow_suit(self._trick_cards())
        self._hands[seat].remove(card)
        if led and suit_of(card) not in (led, None):
            for observer in self._voids:
                observer[seat].add(led)
        self._forget_card(seat, card)
        self._trick.append((seat, card))
        text = f"{card_name(card)}を出した"
        if card == VALKNUT and self._trick_cards().count(VALKNUT) == 2 and not self._turned_this_trick:
            text += self._turn_indicator()
        if rank_of(card) == 3 and self._stock:
            self._stage = Stage.THREE
            return self._entry(seat, text)
        return self._entry(seat, text + self._advance())

    def _apply_three(self, step: str, _argument: str) -> LogEntry:
        seat = self._turn
        if step == "pass":
            return self._entry(seat, "3の効果は使わなかった" + self._advance())
        card = self._stock.pop()
        self._hands[seat].append(card)
        self._drawn, self._stage = card, Stage.BURY
        self._forget_hand([o for o in range(self.players + 1) if o != seat], seat)
        return self._entry(seat, "3の効果で山札から1枚引いた", f"3の効果で山札から{card_name(card)}を引いた")

    def _apply_bury(self, card: str, _argument: str) -> LogEntry:
        seat = self._turn
        self._hands[seat].remove(card)
        self._under.append((seat, card))
        self._drawn = None
        after = self._advance()
        public, private = "手札1枚を山札の下に伏せた", f"{card_name(card)}を山札の下に伏せた"
        return self._entry(seat, public + after, private + after)

    def _apply_one(self, step: str, target: str) -> LogEntry:
        seat = self._turn
        if step == "pass":
            return self._entry(seat, "1の効果は使わなかった" + self._next_trick())
        victim = int(target)
        self._won[seat].append(self._won[victim].pop())
        text = f"1の効果で{self.seat_name(victim)}のトリックを1つ奪った"
        return self._entry(seat, text + self._next_trick())

    def _apply_six(self, step: str, target: str) -> LogEntry:
        seat = self._turn
        if step == "pass":
            return self._entry(seat, "6の効果は使わなかった" + self._next_trick())
        victim = int(target)
        card = self._hands[victim].pop(self._rng.below(len(self._hands[victim])))
        self._hands[seat].append(card)
        self._taken, self._victim, self._stage = card, victim, Stage.GIVE
        self._note_take(seat, victim, card)
        text = f"6の効果で{self.seat_name(victim)}の手札から1枚を無作為に取った"
        return self._entry(seat, text, text.replace("1枚を", f"{card_name(card)}を"))

    def _apply_give(self, card: str, _argument: str) -> LogEntry:
        seat, victim, taken = self._turn, self._victim, self._taken
        assert victim is not None
        self._hands[seat].remove(card)
        self._hands[victim].append(card)
        self._note_give(seat, victim, card)
        self._exchanges.append((seat, victim, taken, card))
        self._taken = self._victim = None
        name = self.seat_name(victim)
        after = self._next_trick()
        return self._entry(
            seat, f"{name}に手札を1枚渡した{after}", f"{name}に{card_name(card)}を渡した{after}"
        )

    # --- the course of a trick and a round ---------------------------------------------------------

    def _turn_indicator(self) -> str:
        """The second Valknut of a trick: the top stock card goes face up onto the indicator."""
        card = self._stock.pop()
        self._indicator.append(card)
        self._turned_this_trick = True
        trump = suit_of(card)
        new = f"切り札は{suit_label(trump)}" if trump else "切り札なし"
        return f"。2枚目のヴァルクヌート: 山札の一番上の{card_name(card)}を表にした（次のトリックから{new}）"

    def _advance(self) -> str:
        """After a card and its 3: the next seat plays, or the trick is complete."""
        self._stage = Stage.PLAY
        if len(self._trick) < self.players:
            self._turn = (self._turn + 1) % self.players
            return ""
        return self._resolve_trick()

    def _resolve_trick(self) -> str:
        cards, seats = self._trick_cards(), [seat for seat, _ in self._trick]
        index = trick_winner(cards, trump=self.trump())
        self._last, self._trick = tuple(self._trick), []
        if index is None:
            self._destroyed += cards
            self._last_winner = None
            self._after_trick = self._leader
            return "。ヴァルクヌートがトリックを破壊した（だれも取らない）" + self._next_trick()
        winner = seats[index]
        self._won[winner].append(tuple(cards))
        self._last_winner = winner
        self._after_trick = next_leader(seats, cards, winner=winner, players=self.players)
        text = f"。{self.seat_name(winner)}が{card_name(cards[index])}でトリックを取った"
        self._turn = winner
        if rank_of(cards[index]) == 1 and self._steal_targets():
            self._stage = Stage.ONE
            return text + "（1の効果を使えます）"
        if rank_of(cards[index]) == 6 and self._take_targets():
            self._stage = Stage.SIX
            return text + "（6の効果を使えます）"
        return text + self._next_trick()

    def _next_trick(self) -> str:
        """Lead the next trick, or score the round once the hands are empty."""
        if not self._hands[0]:
            return self._end_round()
        self._leader = self._turn = self._after_trick
        self._stage = Stage.PLAY
        self._turned_this_trick = False
        return f"。次は{self.seat_name(self._leader)}がリード"

    def _end_round(self) -> str:
        bids = [bid for bid in self._bids if bid is not None]
        parts = [
            scoring.round_points(bid=bid, tricks=len(tricks))
            for bid, tricks in zip(bids, self._won, strict=True)
        ]
        self._totals = [total + part["points"] for total, part in zip(self._totals, parts, strict=True)]
        self._sheet.append(
            {
                "round": self._round,
                "dealer": self._dealer,
                "bids": bids,
                "tricks": [part["tricks"] for part in parts],
                "exact": [part["exact"] > 0 for part in parts],
                "band": [part["band"] > 0 for part in parts],
                "points": [part["points"] for part in parts],
                "totals": list(self._totals),
            }
        )
        names = [self.seat_name(s) for s in range(self.players)]
        summary = "、".join(
            f"{name} 予想{bid}・{part['tricks']}トリック・+{part['points']}点"
            for name, bid, part in zip(names, bids, parts, strict=True)
        )
        text = f"。ラウンド{self._round}終了（{summary}）"
        if max(self._totals) >= self._target or self._round == MAX_ROUNDS:
            self._stage = Stage.OVER
            return text + "。ゲーム終了"
        self._dealer = (self._dealer + 1) % self.players
        self._deal()
        trump = f"切り札は{suit_label(self.trump())}" if self.trump() else "切り札なし"
        return text + f"。ラウンド{self._round}: {self.seat_name(self._dealer)}が配り、{trump}"

    # --- what each seat has seen ------------------------------------------------------------------

    def _forget_card(self, holder: int, card: str) -> None:
        """A card left `holder`'s hand face up: nobody needs to remember that it holds it."""
        for known in self._known:
            if (holder, card) in known:
                known.remove((holder, card))

    def _forget_hand(self, observers: list[int], holder: int) -> None:
        """`holder`'s hand changed unseen by `observers`: what they knew of it no longer holds."""
        for observer in observers:
            self._voids[observer][holder].clear()
            if observer < self.players:
                self._known[observer] = [entry for entry in self._known[observer] if entry[0] != holder]

    def _note_take(self, taker: int, victim: int, card: str) -> None:
        """A 6: the victim knows which card the taker now holds; the others know nothing more."""
        self._forget_hand([o for o in range(self.players + 1) if o not in (taker, victim)], taker)
        self._forget_hand([o for o in range(self.players + 1) if o not in (taker, victim)], victim)
        self._known[victim].append((taker, card))
        self._voids[victim][taker].discard(suit_of(card) or "")
        if (victim, card) in self._known[taker]:
            self._known[taker].remove((victim, card))

    def _note_give(self, taker: int, victim: int, card: str) -> None:
        """The card given back: both know where it is now."""
        self._known[taker].append((victim, card))
        self._voids[taker][victim].discard(suit_of(card) or "")
        if (taker, card) in self._known[victim]:
            self._known[victim].remove((taker, card))

    # --- text ---------------------------------------------------------------------------------

    def _entry(self, seat: int, public: str, private: str | None = None) -> LogEntry:
        name = self.seat_name(seat)
        if private is None:
            return LogEntry(seat, f"{name}: {public}")
        return LogEntry(seat, f"{name}: {public}", f"{name}: {private}")

    def describe(self, action: str) -> str:
        return describe_action(action, [self.seat_name(s) for s in range(self.players)])

    def trump(self) -> str | None:
        """The trump suit: the indicator's; none under a Valknut or a Hagalaz."""
        return suit_of(self._indicator[-1])

    # --- what a seat may see --------------------------------------------------------------------

    def bot_view(self, seat: int | None) -> dict[str, Any]:
        """What the heuristic reads (bots.py): the stage, the trump, the trick, the seats' bids and
        tricks, the hand and its moves. Half the cost of the whole view, which a search's
        rollouts would otherwise build at every step."""
        own = seat is not None and 0 <= seat < self.players
        over = self.is_over()
        return {
            "seat": seat,
            "players": self.players,
            "stage": self._stage.value,
            "hand_size": HAND_SIZES[self.players],
            "trump": self.trump(),
            "trick": [[s, card] for s, card in self._trick],
            "seats": [self._public_seat(s, seat, over) for s in range(self.players)],
            "hand": display_order(self._hands[seat]) if own else None,
            "legal_actions": self.legal_actions() if own and seat == self.current_player else [],
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        own = seat is not None and 0 <= seat < self.players
        lean = self.bot_view(seat)
        view: dict[str, Any] = {
            "game": INFO.id,
            "seat": seat,
            "players": self.players,
            "seat_names": [self.seat_name(s) for s in range(self.players)],
            "stage": lean["stage"],
            "current_player": self.current_player,
            "round": self._round,
            "max_rounds": MAX_ROUNDS,
            "target": self._target,
            "dealer": self._dealer,
            "leader": self._leader,
            "hand_size": lean["hand_size"],
            "trump": lean["trump"],
            "indicator": list(self._indicator),
            "stock": len(self._stock),
            "under": len(self._under),
            "destroyed": len(self._destroyed),
            "trick": lean["trick"],
            "victim": self._victim,
            "follow": follow_suit(self._trick_cards()),
            "last_trick": self._last_trick_view(),
            "seats": lean["seats"],
            "hand": lean["hand"],
            "mine": self._private_view(seat) if own else None,
            "sheet": [{key: v[:] if type(v) is list else v for key, v in row.items()} for row in self._sheet],
            "legal_actions": lean["legal_actions"],
        }
        if self.is_over():
            breaks = self._tie_breaks()
            decided_by = scoring.deciding_rule(**breaks)
            view["result"] = {**breaks, "winners": self.winners(), "decided_by": decided_by}
        return view

    def review_view(self, seat: int | None) -> dict[str, Any]:
        """`seat`'s view with every hidden card and bid shown (`revealed`): every hand, every bid,
        the cards put under the stock and who put them there, the card a 3 drew or a 6 took
        that is being decided on, and every 6 exchange. The stock stays face down: it belongs to
        nobody and nobody ever saw its order."""
        view = self.view(seat)
        view["revealed"] = {
            "hands": [display_order(hand) for hand in self._hands],
            "bids": list(self._bids),
            "under": [[owner, card] for owner, card in self._under],
            "drawn": self._drawn,
            "taken": self._taken,
            "exchanges": [
                {"taker": taker, "victim": victim, "taken": taken, "given": given}
                for taker, victim, taken, given in self._exchanges
            ],
        }
        return view

    def _last_trick_view(self) -> dict[str, Any] | None:
        if not self._last:
            return None
        return {"cards": [[s, card] for s, card in self._last], "winner": self._last_winner}

    def _public_seat(self, seat: int, viewer: int | None, over: bool) -> dict[str, Any]:
        return {
            "hand_count": len(self._hands[seat]),
            "tricks": len(self._won[seat]),
            "has_bid": self._bids[seat] is not None,
            "bid": self._bids[seat] if seat == viewer or over else None,
            "total": self._totals[seat],
        }

    def _private_view(self, seat: int) -> dict[str, Any]:
        """What only `seat` knows: the card it drew or took, what it put under the stock, its 6s."""
        giving = self._stage is Stage.GIVE and seat in (self._turn, self._victim)
        return {
            "drawn": self._drawn if seat == self._turn else None,
            "taken": self._taken if giving else None,
            "under": [card for owner, card in self._under if owner == seat],
            "exchanges": [
                {"taker": taker, "victim": victim, "taken": taken, "given": given}
                for taker, victim, taken, given in self._exchanges
                if seat in (taker, victim)
            ],
        }


_STAGE_NAMESPACES = {
    Stage.BID: ("bid",),
    Stage.PLAY: ("play",),
    Stage.THREE: ("three",),
    Stage.BURY: ("bury",),
    Stage.ONE: ("one",),
    Stage.SIX: ("six",),
    Stage.GIVE: ("give",),
    Stage.OVER: (),
}
_STAGE_PROMPTS = {
    Stage.BID: ("今は予想を書く場面です。取れると思うトリックの数を選んでください。", "bidding"),
    Stage.PLAY: ("今はトリックにカードを1枚出す場面です。", "follow"),
    Stage.THREE: ("先に、出した3の効果（山札から1枚引くかどうか）を決めてください。", "card-3"),
    Stage.BURY: ("先に、山札の下に伏せる手札を1枚選んでください。", "card-3"),
    Stage.ONE: ("先に、1の効果（トリックを1つ奪うかどうか）を決めてください。", "card-1"),
    Stage.SIX: ("先に、6の効果（相手の手札を1枚取るかどうか）を決めてください。", "card-6"),
    Stage.GIVE: ("先に、相手に渡す手札を1枚選んでください。", "card-6"),
    Stage.OVER: ("ゲームはもう終わっています。", "end"),
}

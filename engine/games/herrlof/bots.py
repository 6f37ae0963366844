"""A sensible Herrlof player that reads only its own view.

It bids the tricks its hand should take and then plays to make exactly that many. Why:
- Bidding: each suited card counts its rough chance of winning a trick (a trump more, a high
  card more), scaled by the player count (a trick of three cards is harder to win); Valknut and
  Hagalaz win nothing. The exact bid is worth 10, more than any trick.
- Playing: while short of the bid it wins as cheaply as it can (the lowest card that takes the
  trick as it stands) and leads its strongest card; once the bid is reached it ducks with the
  highest card that still loses, destroys a trick it would win with a Valknut, and leads low.
- Special cards serve the same aim: a 1 steals while short; a 3 always draws (one more card to
  choose from) and buries, like a 6 gives back, the card least useful for the aim.
"""

from __future__ import annotations

from math import comb
from typing import Any

from engine.core import State
from engine.games.herrlof.cards import ALL_CARDS, HAGALAZ, SUITS, VALKNUT, rank_of, suit_of
from engine.games.herrlof.rules import HerrlofState
from engine.games.herrlof.scoring import round_points
from engine.games.herrlof.tricks import winning_cards
from engine.rng import Rng

TRUMP_ODDS = (0.0, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95)  # by rank: a trump wins a trick
PLAIN_ODDS = (0.0, 0.0, 0.0, 0.05, 0.08, 0.15, 0.25, 0.4, 0.6, 0.8)  # a card of another suit
SCALE = {2: 1.5, 3: 0.85}  # fitted so that bids neither over- nor undershoot on average (self-play)
TRUMP_BONUS = 10  # a trump outranks every card of another suit


def projected_scores(state: State) -> list[float]:
    """The totals plus each seat's expected points for the round in play, as if every trick still
    to come fell to each seat alike (1 in n): the totals alone change only when a round ends,
    and a search's rollout stops about there (`round_horizon`), as often a play or two short."""
    assert isinstance(state, HerrlofState)
    bids, tricks, left = state.round_in_play()
    share = 1 / state.players
    chances = [comb(left, k) * share**k * (1 - share) ** (left - k) for k in range(left + 1)]
    projected = []
    for total, bid, won in zip(state.scores(), bids, tricks, strict=True):
        points = sum(
            chance * (round_points(bid=bid, tricks=won + k)["points"] if bid is not None else won + k)
            for k, chance in enumerate(chances)
        )
        projected.append(total + points)
    return projected


def round_horizon(state: State) -> int:
    """A search's rollout plays to about the end of the round in play: the points are made there
    (an exact bid is worth 10), and a rollout of two turns judged a bid before a trick was won.
    Every card in hand is still to be played, but a trick's winner who played last leads the
    next without the turn passing, so a trick counts players − ½ turns: about as often a play or
    two short as into the next deal, and `projected_scores` values what is left.
    """
    assert isinstance(state, HerrlofState)
    bids, _, left = state.round_in_play()
    return int((state.players - 0.5) * left) + sum(bid is None for bid in bids)


class HeuristicBot:
    def choose(self, view: dict[str, Any], rng: Rng) -> str:
        legal = view["legal_actions"]
        choice = _CHOOSERS[view["stage"]](view)
        return choice if choice in legal else rng.choice(legal)


def estimate(hand: list[str], trump: str | None, players: int) -> float:
    """The tricks a hand should take: each suited card's rough chance of winning one."""
    odds = sum((TRUMP_ODDS if suit_of(card) == trump else PLAIN_ODDS)[rank_of(card)] for card in hand)
    return odds * SCALE[players]


def strength(card: str, trump: str | None) -> int:
    """How likely a card is to win: a trump above every other suit; Valknut and Hagalaz lowest."""
    if suit_of(card) is None:
        return 0
    return rank_of(card) + (TRUMP_BONUS if suit_of(card) == trump else 0)


_ORDERED = {trump: {card: (strength(card, trump), card) for card in ALL_CARDS} for trump in (*SUITS, None)}
"""Each card's place from weakest to strongest under each trump (by strength, then id): looked up,
not worked out, at every play of a search's rollouts."""


def wants_tricks(view: dict[str, Any]) -> bool:
    """Short of the bid: take tricks; at or past it: avoid them."""
    me = view["seats"][view["seat"]]
    return me["bid"] is None or me["tricks"] < me["bid"]


def _bid(view: dict[str, Any]) -> str:
    guess = estimate(view["hand"], view["trump"], view["players"])
    return f"bid:{min(view['hand_size'], round(guess))}"


def _play(view: dict[str, Any]) -> str:
    cards = [a.removeprefix("play:") for a in view["legal_actions"]]
    trump, trick = view["trump"], [card for _, card in view["trick"]]
    by_strength = sorted(cards, key=_ORDERED[trump].__getitem__)
    if not trick:
        lead = by_strength[-1] if wants_tricks(view) else _lowest_lead(by_strength)
        return f"play:{lead}"
    ahead = winning_cards(trick, by_strength, trump=trump)
    behind = [c for c in by_strength if c != VALKNUT and c not in ahead]
    if wants_tricks(view):
        pick = ahead[0] if ahead else _cheapest(by_strength)
    elif behind:
        pick = behind[-1]
    else:
        pick = VALKNUT if VALKNUT in cards else by_strength[-1]
    return f"play:{pick}"


def _lowest_lead(by_strength: list[str]) -> str:
    """Lead to lose: a Hagalaz (it cannot win alone), else the weakest suited card."""
    if HAGALAZ in by_strength:
        return HAGALAZ
    suited = [card for card in by_strength if suit_of(card)]
    return suited[0] if suited else by_strength[0]


def _cheapest(by_strength: list[str]) -> str:
    """The card worth least to a player who wants tricks: keep Valknuts for later."""
    others = [card for card in by_strength if card != VALKNUT]
    return others[0] if others else by_strength[0]


def _least_useful(view: dict[str, Any]) -> str:
    """The hand card to part with: the weakest while short of the bid, else the strongest."""
    hand = sorted(view["hand"], key=_ORDERED[view["trump"]].__getitem__)
    return hand[0] if wants_tricks(view) else hand[-1]


def _three(view: dict[str, Any]) -> str:
    return "three:draw"


def _bury(view: dict[str, Any]) -> str:
    return f"bury:{_least_useful(view)}"


def _give(view: dict[str, Any]) -> str:
    return f"give:{_least_useful(view)}"


def _one(view: dict[str, Any]) -> str:
    if not wants_tricks(view):
        return "one:pass"
    targets = [a for a in view["legal_actions"] if a.startswith("one:steal:")]
    return max(targets, key=lambda a: view["seats"][int(a.rsplit(":", 1)[1])]["tricks"], default="one:pass")


def _six(view: dict[str, Any]) -> str:
    targets = [a for a in view["legal_actions"] if a.startswith("six:take:")]
    return max(targets, key=lambda a: view["seats"][int(a.rsplit(":", 1)[1])]["tricks"], default="six:pass")


_CHOOSERS = {
    "bid": _bid,
    "play": _play,
    "three": _three,
    "bury": _bury,
    "one": _one,
    "six": _six,
    "give": _give,
}

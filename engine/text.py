"""Numbers as a Japanese rulebook prints them, for every game's view.

>>> points(-12), points(0), signed(5), signed(-3)
('−12', '0', '+5', '−3')
>>> game_over(["先手", "後手"], [3, -1], [0])
'ゲーム終了。先手の勝ち（先手 3点・後手 −1点）'
>>> weighed("lead", 2.34), weighed("lead", -0.5), weighed("win", 0.637)
('平均で2.3点リード', '平均で0.5点ビハインド', '勝つ見込み 64 %')
"""

from __future__ import annotations

MINUS = "\u2212"  # a true minus sign, not a hyphen
REVEALED = "振り返りなので表向き"
"""Beside a piece a review shows that its holder kept hidden in play (`State.review_view`)."""


def points(value: int) -> str:
    """A score: a true minus sign below zero, and 0 without a sign."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A change of score: always with its sign, but 0 without one."""
    return f"+{value}" if value > 0 else points(value)


def game_over(
    names: list[str], scores: list[int], winners: list[int], *, shared: str = "同点で勝ちを分け合います"
) -> str:
    """The status line at the end of a game: who won, or who share the win and why (`shared`,
    the game's tie-break said in words), then every seat's score."""
    listing = "・".join(f"{names[seat]} {points(score)}点" for seat, score in enumerate(scores))
    if len(winners) > 1:
        return f"ゲーム終了。{'と'.join(names[seat] for seat in winners)}が{shared}（{listing}）"
    return f"ゲーム終了。{names[winners[0]]}の勝ち（{listing}）"


def weighed(unit: str, value: float) -> str:
    """What a search found for an action, in its own unit: the mean lead over the best other seat
    where its rollouts stop ("lead"), or the mean win share ("win")."""
    if unit == "win":
        return f"勝つ見込み {round(100 * value)} %"
    lead = f"{abs(value):.1f}"
    return f"平均で{lead}点{'リード' if value >= 0 or lead == '0.0' else 'ビハインド'}"

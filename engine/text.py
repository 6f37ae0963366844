"""Numbers as a Japanese rulebook prints them, and the head of a score sheet, for every game's view.

>>> points(-12), points(0), signed(5), signed(-3)
('−12', '0', '+5', '−3')
>>> game_over(["先手", "後手"], [3, -1], [0])
'ゲーム終了。先手の勝ち（先手 3点・後手 −1点）'
>>> weighed("lead", 2.34), weighed("lead", -0.5), weighed("lead", -0.02), weighed("win", 0.637)
('点差の見込み +2.3点', '点差の見込み −0.5点', '点差の見込み 0.0点', '勝つ見込み 64 %')
>>> margin("lead", 0.63), margin("win", 0.058)
('±0.6点', '±6 %')
>>> seat_columns("ハンド", ["先手", "後手"])
'<thead><tr><th scope="col">ハンド</th><th scope="col">先手</th><th scope="col">後手</th></tr></thead>'
>>> seat_columns("", ["プレイヤー1", "プレイヤー2"])  # doctest: +NORMALIZE_WHITESPACE
'<thead><tr><td rowspan="2"></td><th scope="colgroup" colspan="2">プレイヤー</th></tr><tr><th
scope="col" aria-label="プレイヤー1">1</th><th scope="col" aria-label="プレイヤー2">2</th></tr></thead>'
"""

from __future__ import annotations

from engine.core import PLAYER_NAMES

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
    where its rollouts stop ("lead"), or the mean win share ("win").

    A lead is a signed 点差 (a difference of points), never リード or ビハインド: in a trick-taking
    game リード is leading a trick, and a sign reads as plainly when every choice is behind."""
    if unit == "win":
        return f"勝つ見込み {round(100 * value)} %"
    return f"点差の見込み {_signed_tenths(value)}点"


def margin(unit: str, error: float) -> str:
    """The search's noise as a reader sees it beside ほぼ互角: ± one standard error, in the unit of
    the figures."""
    return f"±{round(100 * error)} %" if unit == "win" else f"±{error:.1f}点"


def _signed_tenths(value: float) -> str:
    """One decimal with its sign (a true minus), and 0.0 without one."""
    tenths = f"{abs(value):.1f}"
    if tenths == "0.0":
        return tenths
    return f"+{tenths}" if value > 0 else f"{MINUS}{tenths}"


def seat_columns(first: str, names: list[str]) -> str:
    """The head of a score sheet with a column a seat, `first` over the rows' own headers. Seats
    the rules name none (プレイヤーN) are numbered under one プレイヤー, each named in full for a
    screen reader: three or four プレイヤーN side by side broke in two on a phone."""
    numbered = list(names) == list(PLAYER_NAMES[: len(names)])
    span = ' rowspan="2"' if numbered else ""
    corner = f'<th scope="col"{span}>{first}</th>' if first else f"<td{span}></td>"
    if not numbered:
        head = "".join(f'<th scope="col">{name}</th>' for name in names)
        return f"<thead><tr>{corner}{head}</tr></thead>"
    numbers = "".join(
        f'<th scope="col" aria-label="{name}">{seat + 1}</th>' for seat, name in enumerate(names)
    )
    return (
        f'<thead><tr>{corner}<th scope="colgroup" colspan="{len(names)}">プレイヤー</th></tr>'
        f"<tr>{numbers}</tr></thead>"
    )

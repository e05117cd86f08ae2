"""Seat advantage in words: by turn position (the start player first) and, as a second view, by seat
index. People count seats and positions from 1. Works on a light install too (no numpy/scipy: a
normal-approximation interval instead of Student's t)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.words import seat_name

if TYPE_CHECKING:
    from .runner import GameResult


def _share(xs: list[float], chance: float) -> dict[str, Any]:
    """`stats.share_test` when the lab libraries are there; else mean ± 1.96·s/√n."""
    try:
        import numpy as np

        from .stats import share_test
    except ModuleNotFoundError:
        n = len(xs)
        m = sum(xs) / n if n else math.nan
        sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else math.nan
        h = 1.96 * sd / math.sqrt(n) if n > 1 else math.nan
        return {"games": n, "win_share": m, "ci": [max(0.0, m - h), min(1.0, m + h)], "p": math.nan}
    return share_test(np.array(xs, dtype=float), chance)


def position_name(k: int, players: int, lang: str) -> str:
    """Turn position k (0 = start player) as a person says it."""
    if lang == "ja":
        if k == 0:
            return "スタートプレイヤー"
        return f"{k + 1}番手" + ("（最後）" if k == players - 1 else "")
    if k == 0:
        return "the start player"
    nth = {1: "2nd", 2: "3rd"}.get(k, f"{k + 1}th")
    return f"the {nth} player" + (" (last)" if k == players - 1 else "")


def _flag(r: dict[str, Any], chance: float, lang: str) -> str:
    lo, hi = r["ci"]
    if lo is None or math.isnan(lo):
        return ""
    if lo > chance:
        return "（有意に高い）" if lang == "ja" else " (significantly above chance)"
    if hi < chance:
        return "（有意に低い）" if lang == "ja" else " (significantly below chance)"
    return ""


def share_text(w: float, ci: Sequence[float | None], lang: str = "en") -> str:
    """'37% ± 5%' when the interval is symmetric, '0% [0%, 24%]' when it is cut at 0 or 1 (Wilson);
    in Japanese '37%±5%' and '0%［0%〜24%］', written as the questions' known lines write them."""
    lo, hi = ci
    if lo is None or hi is None or math.isnan(lo):  # no interval (both ends are None together)
        return f"{w:.0%}"
    if abs((w - lo) - (hi - w)) < 0.005:
        return f"{w:.0%}±{(hi - lo) / 2:.0%}" if lang == "ja" else f"{w:.0%} ± {(hi - lo) / 2:.0%}"
    return f"{w:.0%}［{lo:.0%}〜{hi:.0%}］" if lang == "ja" else f"{w:.0%} [{lo:.0%}, {hi:.0%}]"


def line(name: str, r: dict[str, Any], players: int, lang: str) -> str:
    c = 1 / players
    t = share_text(r["win_share"], r["ci"], lang)
    if lang == "ja":
        return f"{name}の勝率は {t}（期待値 {c:.0%}）{_flag(r, c, lang)}"
    return f"{name[0].upper() + name[1:]} wins {t}, chance is {c:.0%}{_flag(r, c, lang)}"


def position_lines(rows: list[dict[str, Any]], players: int, lang: str) -> list[str]:
    """One sentence per turn position ([] for a game without turn order)."""
    return [line(position_name(r["turn_pos"], players, lang), r, players, lang) for r in rows]


def seat_lines(rows: list[dict[str, Any]], players: int, lang: str) -> list[str]:
    return [line(seat_name(r["seat"], lang), r, players, lang) for r in rows]


def no_order_line(lang: str) -> str:
    return ("このゲームは全員が同時に選ぶため手番順がありません。席番号ごとの勝率のみを示します。" if lang == "ja" else
            "This game has no turn order (everyone chooses at once); only the seat index view applies.")


def from_results(results: Sequence[GameResult], players: int) -> list[dict[str, Any]]:
    """Win share per turn position from in-memory results (`runner.GameResult`), one value per game."""
    if not results or results[0].turn_order is None:
        return []
    cols: list[list[float]] = [[] for _ in range(players)]
    for r in results:
        w = r.winners
        assert r.turn_order is not None  # one game's results: each has a turn order when the first has
        for k, seat in enumerate(r.turn_order):
            cols[k].append(1 / len(w) if seat in w else 0.0)
    return [{"turn_pos": k, **_share(cols[k], 1 / players)} for k in range(players)]


def seats_from_results(results: Sequence[GameResult], players: int) -> list[dict[str, Any]]:
    """Win share per seat index from in-memory results, one value per game."""
    cols: list[list[float]] = [[] for _ in range(players)]
    for r in results:
        w = r.winners
        for i in range(players):
            cols[i].append(1 / len(w) if i in w else 0.0)
    return [{"seat": i, **_share(cols[i], 1 / players)} for i in range(players)]

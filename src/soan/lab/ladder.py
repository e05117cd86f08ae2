"""The ladder: a line-up of agents, rotated through the seats, with strength per distinct agent."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .runner import GameResult, run_games
from .stats import ALPHA, wilson  # statsmodels: the lab extra (`soan ladder` is a lab command)


def ladder(game: str, agents: list[str], n: int, seed: int = 0, jobs: int = 1, variants: Sequence[str] = (),
           params: dict[str, Any] | None = None,
           progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Play `n` games of the line-up (one agent per seat; rotated by game index) and rate each agent.

    A shared win counts 1/k to each of the k winners. Shares are per seat-game, so one agent among
    three others has chance 1/players. Each row also has `above`: per other agent of the line-up, the
    share of games in which this agent finished above it (a tie counts a half; with several seats of
    an agent, the game's mean of its seat pairs) with a 95% interval: a paired, within-game measure
    that orders levels even where neither wins often (random against easy among stronger bots)."""
    res = run_games(game, n, len(agents), agents, seed, variants, params, jobs=jobs, timed=True, progress=progress)
    return rate(res)


def rate(results: list[GameResult]) -> list[dict[str, Any]]:
    acc: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    order: list[str] = []
    scores: dict[str, list[float]] = defaultdict(list)  # per game: the agent's mean over its seats
    above: dict[tuple[str, str], list[float]] = defaultdict(list)  # (a, b) -> per game: a's share above b
    for r in results:
        seats: dict[str, list[int]] = defaultdict(list)  # agent -> its seats in this game
        for seat, a in enumerate(r.agents):
            seats[a].append(seat)
        _placings(r, seats, above)
        for a, sa in seats.items():
            scores[a].append(sum(r.scores[i] for i in sa) / len(sa))
        w = r.winners
        for seat, a in enumerate(r.agents):
            if a not in order:
                order.append(a)
            x = acc[a]
            x["games"] += 1
            x["wins"] += (1 / len(w)) if seat in w else 0.0
            x["score"] += r.scores[seat]
            x["rank"] += r.ranks[seat]
            x["think"] += r.think[seat]
            x["decisions"] += r.decisions[seat]
    out = []
    for a in order:
        x = acc[a]
        g = int(x["games"])
        lo, hi = wilson(x["wins"], g)
        out.append({
            "agent": a, "games": g, "win_share": x["wins"] / g, "win_share_ci": [lo, hi],
            "mean_score": x["score"] / g, "mean_score_ci": list(_mean_ci(scores[a])), "mean_rank": x["rank"] / g,
            "decision_ms": 1000 * x["think"] / x["decisions"] if x["decisions"] else 0.0,
            "above": {b: _share(above[(a, b)]) for b in order if b != a and above[(a, b)]},
        })
    return out


def _placings(r: GameResult, seats: dict[str, list[int]], above: dict[tuple[str, str], list[float]]) -> None:
    """Add one game's pairwise placings: for each two distinct agents, the share of their seat pairs in
    which the first finished above the second (ties a half)."""
    for a, sa in seats.items():
        for b, sb in seats.items():
            if a == b:
                continue
            pairs = [1.0 if r.ranks[i] < r.ranks[j] else 0.5 if r.ranks[i] == r.ranks[j] else 0.0
                     for i in sa for j in sb]
            above[(a, b)].append(sum(pairs) / len(pairs))


def _share(per_game: list[float]) -> dict[str, Any]:
    """A share over games with a 95% Wilson interval (statsmodels). A game's value is a share in [0, 1] (ties and
    several seats); such values vary less than 0/1 outcomes, so the interval is conservative: it may
    call a real step unclear, never a chance one significant."""
    n = len(per_game)
    k = sum(per_game)
    lo, hi = wilson(k, n)
    return {"share": k / n, "ci": [lo, hi], "games": n}


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    """95% interval of a mean over games: Student's t with n - 1 degrees of freedom (statsmodels'
    `DescrStatsW.tconfint_mean`), as the lab's other means (stats.mean_ci). The spread is estimated
    from the same games, so t, not the normal 1.96, gives the 95% the interval claims; the two differ
    at a few games (t(0.975, 9) = 2.26) and agree from some hundred on. Games are independent, an
    agent's seats in one game are not, so they come averaged per game. Every game alike: the mean."""
    n = len(xs)
    if n < 2:
        return (xs[0], xs[0]) if n else (0.0, 0.0)
    if min(xs) == max(xs):
        return (xs[0], xs[0])
    from statsmodels.stats.weightstats import DescrStatsW

    lo, hi = DescrStatsW(np.asarray(xs, dtype=float)).tconfint_mean(alpha=ALPHA)
    return (float(lo), float(hi))


def order_holds(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """For each two neighbours of the line-up's order (first distinct agents first), whether the later
    one finishes above the earlier significantly: `rows` as `rate` gives them."""
    out = []
    for lower, upper in zip(rows, rows[1:], strict=False):
        h = upper["above"].get(lower["agent"])
        if h is None:
            continue
        lo, hi = h["ci"]
        out.append({"lower": lower["agent"], "upper": upper["agent"], **h,
                    "verdict": "above" if lo > 0.5 else "below" if hi < 0.5 else "unclear"})
    return out


_VERDICT = {"above": ("finishes above, significantly", "有意に上位"), "below": ("finishes below, significantly", "有意に下位"),
            "unclear": ("no significant difference at this number of games", "この対局数では差があるとは言えない")}


def order_text(h: dict[str, Any], lang: str = "en", label: Callable[[str], str] = str) -> str:
    """One neighbour pair of `order_holds` in words; `label(spec)` names a bot for the reader."""
    lo, hi = h["ci"]
    up, low = label(h["upper"]), label(h["lower"])
    v = _VERDICT[h["verdict"]][1 if lang == "ja" else 0]
    if lang == "ja":
        return f"{up}が{low}より上の順位で終わった割合：{h['share']:.0%}（95%区間 {lo:.0%}〜{hi:.0%}、{h['games']}局）→ {v}"
    return f"{up} placed above {low} in {h['share']:.0%} of {h['games']} games (95% interval {lo:.0%}–{hi:.0%}): {v}"


ORDER_NOTE = ("A tie counts a half; with several seats of one bot, a game counts the mean over its pairings.",
              "同順位は半分と数え、同じボットが複数の席にいる対局では、組み合わせごとの平均を数えます。")

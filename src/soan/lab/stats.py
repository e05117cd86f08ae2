"""Statistics over study tables: shares with intervals, differences of means with intervals."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .runner import wilson


def column(table, name: str) -> np.ndarray:
    return np.array([x if x is not None else np.nan for x in table.column(name).to_pylist()], dtype=float)


def mean_ci(x: np.ndarray) -> tuple[float, float, float]:
    x = x[~np.isnan(x)]
    if len(x) == 0:
        return (math.nan, math.nan, math.nan)
    m = float(x.mean())
    h = 1.96 * float(x.std(ddof=1)) / math.sqrt(len(x)) if len(x) > 1 else math.nan
    return (m, m - h, m + h)


def diff_ci(a: np.ndarray, b: np.ndarray) -> dict[str, Any]:
    """Welch: b - a with a 95% interval; significant when the interval excludes 0."""
    a = a[~np.isnan(a)]
    b = b[~np.isnan(b)]
    if len(a) < 2 or len(b) < 2:
        return {"a": float(a.mean()) if len(a) else None, "b": float(b.mean()) if len(b) else None,
                "diff": None, "ci": [None, None], "significant": False}
    ma, mb = float(a.mean()), float(b.mean())
    se = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    d = mb - ma
    lo, hi = d - 1.96 * se, d + 1.96 * se
    return {"a": ma, "b": mb, "diff": d, "ci": [lo, hi], "significant": bool(lo > 0 or hi < 0) if se > 0 else d != 0}


def seat_shares(seats, players: int) -> list[dict[str, Any]]:
    seat = column(seats, "seat")
    win = column(seats, "win")
    out = []
    for i in range(players):
        w = win[seat == i]
        n = len(w)
        k = float(w.sum())
        lo, hi = wilson(k, n)
        sc = column(seats, "score")[seat == i]
        out.append({"seat": i, "games": n, "win_share": k / n if n else math.nan, "ci": [lo, hi],
                    "mean_score": float(sc.mean()) if n else math.nan,
                    "min_score": int(sc.min()) if n else None, "max_score": int(sc.max()) if n else None})
    return out


def agent_shares(seats) -> list[dict[str, Any]]:
    agents = seats.column("agent").to_pylist()
    win = column(seats, "win")
    score = column(seats, "score")
    rank = column(seats, "rank")
    out = []
    for a in dict.fromkeys(agents):
        m = np.array([x == a for x in agents])
        n = int(m.sum())
        k = float(win[m].sum())
        lo, hi = wilson(k, n)
        out.append({"agent": a, "games": n, "win_share": k / n, "ci": [lo, hi], "mean_score": float(score[m].mean()),
                    "mean_rank": float(rank[m].mean())})
    return out


def measures(games, seats, players: int) -> dict[str, np.ndarray]:
    """Every comparable measure as an array of observations (per game or per seat-game)."""
    out: dict[str, np.ndarray] = {}
    for k in ("length", "gap12", "lead_changes", "multi_choice_share", "mean_options"):
        if k in games.column_names:
            out[k] = column(games, k)
    out["score"] = column(seats, "score")
    seat = column(seats, "seat")
    win = column(seats, "win")
    for i in range(players):
        out[f"win_share_seat_{i}"] = win[seat == i]
    agents = seats.column("agent").to_pylist()
    if len(set(agents)) > 1:
        for a in dict.fromkeys(agents):
            out[f"win_share_{a}"] = win[np.array([x == a for x in agents])]
    for k in seats.column_names:
        if k.startswith("m_"):
            try:
                out[k[2:]] = column(seats, k)
            except (TypeError, ValueError):
                pass
    return out

"""Measuring a candidate again on fresh seeds: the figure, its 95% interval, and whether it holds.

The games that proposed a candidate never count as its evidence. Every candidate of a hunt is measured
on games played on seeds no search has used, planned in size before they are played (no look at the
data decides to play more), and it *holds* when its interval at the Bonferroni-adjusted level (5% shared
among all the hunt's candidates) lies wholly beyond its line (`bound`, on the side `side`): so the
chance that any reported finding is a fluke of the seeds stays at most 5% however many were looked at.
A share of events (a tie, a refusal) gets Wilson's interval; a mean of win shares Student's t.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from scipy import stats as st
from statsmodels.stats.proportion import proportion_confint

ALPHA = 0.05
CHOICE_WEIGHT = 0.1  # a dead or forced choice offered in every game ranks with a 10-point win-share edge
MIN_GAMES = 20  # fewer values than this: never holds (a figure from a handful of games says nothing)


def interval(values: Sequence[float], binary: bool, alpha: float = ALPHA) -> tuple[float, float, float]:
    """(mean, low, high) of per-game values at confidence 1 − alpha."""
    n = len(values)
    if n == 0:
        return (math.nan, 0.0, 1.0)
    mean = sum(values) / n
    if binary:
        lo, hi = proportion_confint(round(sum(values)), n, alpha=alpha, method="wilson")
        return (mean, float(lo), float(hi))
    if n < 2:
        return (mean, 0.0, 1.0)
    sd = statistics.stdev(values)
    if sd == 0:
        return (mean, mean, mean)
    h = float(st.t.ppf(1 - alpha / 2, n - 1)) * sd / math.sqrt(n)
    return (mean, max(0.0, mean - h), min(1.0, mean + h))


def judge(c: dict[str, Any], values: Sequence[float], binary: bool, family: int) -> dict[str, Any]:
    """The candidate's evidence on fresh games: figure, 95% interval, the adjusted one, and `holds`."""
    mean, lo, hi = interval(values, binary)
    _, alo, ahi = interval(values, binary, ALPHA / max(1, family))
    side, bound = c["side"], c["bound"]
    beyond = alo > bound if side == "above" else ahi < bound
    return {"n": len(values), "share": mean, "ci": [lo, hi], "ci_adjusted": [alo, ahi], "family": family,
            "holds": bool(len(values) >= MIN_GAMES and beyond and not math.isnan(mean))}


def impact(c: dict[str, Any], ev: dict[str, Any]) -> float:
    """How much a finding moves the game, for ranking: points of win share or share of games; a choice
    that is none (dead, always) or moved from the draft (dropped, rose) weighs less (`CHOICE_WEIGHT`)."""
    x = float(ev["share"])
    if c["oracle"] == "component" and c["direction"] in ("dead", "always"):  # a choice that is none: it
        return CHOICE_WEIGHT * float(c.get("offered", 0.0))  # moves how the game feels more than who wins
    if c["oracle"] == "component" and c["direction"] in ("dropped", "rose"):
        return CHOICE_WEIGHT * 2 * abs(x - float(c.get("draft", 0.0)))
    if c["oracle"] == "runaway":
        return x - 1 / max(1, int(c.get("players", 4)))
    return abs(x - float(c.get("chance", 0.0)))

"""Sharing a fixed number of games among studies by what each question needs (`soan ask`'s resizing).

A question needs its studies to hold some number of games each (ask/plan.py `question_needs`: from the
spread of the games played so far, never from a difference). `allot` keeps the plan's total: it funds
the questions whose needs cost the fewest extra games first (a study shared by several questions, the
base game, is paid for once), as long as the total allows, then fills every study up to one common level
with what is left, so that a study no question needs more of still grows like the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def _extra(target: Mapping[str, int], need: Mapping[str, int]) -> int:
    return sum(max(0, n - target.get(s, 0)) for s, n in need.items())


def _level(total: int, target: Mapping[str, int], cap: int) -> int:
    """The highest level L (at most `cap`) that lifting every study to it keeps within `total`."""
    lo, hi = 0, cap
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if sum(max(t, mid) for t in target.values()) <= total:
            lo = mid
        else:
            hi = mid - 1
    return lo


def allot(total: int, have: Mapping[str, int], needs: Sequence[Mapping[str, int]],
          cap: int, keep: float = 0.5) -> tuple[dict[str, int], list[int]]:
    """Games per study, summing to at most `total` (no study below what it `have`s, none above `cap`),
    and the indices of the `needs` met. Each need maps studies to the games the question needs in each.
    A need is met only while every study can still be lifted to `keep` of an equal share (the questions
    no size was found for, e.g. those a large difference answers, keep games too)."""
    if total < 0 or cap < 0:
        raise ValueError(f"total and cap must be >= 0; got {total} and {cap}")
    if not 0.0 <= keep <= 1.0:
        raise ValueError(f"keep must be between 0 and 1; got {keep}")
    for k, need in enumerate(needs):
        bad = sorted(s for s in need if s not in have)
        if bad:
            raise ValueError(f"need {k} names studies the plan does not hold: {bad}")
    target = dict(have)
    floor = min(cap, int(keep * total / max(1, len(have))))
    met: list[int] = []
    open_ = [k for k, need in enumerate(needs) if all(n <= cap for n in need.values())]
    while open_:  # the cheapest question first, its cost counted against what is funded so far
        k = min(open_, key=lambda i: (_extra(target, needs[i]), i))
        trial = {**target, **{s: max(target[s], n) for s, n in needs[k].items()}}
        if sum(max(t, floor) for t in trial.values()) > total:
            break
        target = trial
        met.append(k)
        open_.remove(k)
    # what is left lifts every study to one level (the highest that fits), a study above it keeps its games
    lo = _level(total, target, cap)
    return {s: max(t, lo) for s, t in target.items()}, sorted(met)


__all__ = ["allot"]

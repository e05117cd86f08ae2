"""The lab's shares: a share and its interval are taken over the same unit (the game)."""

from __future__ import annotations

import pyarrow as pa
import pytest

from soan.lab.stats import agent_shares


def test_agent_share_and_its_interval_are_over_games():
    # game 0: the person holds 2 seats and wins one; games 1-3: one seat each, one win (game 3)
    rows = [(0, "human", 1), (0, "human", 0), (0, "normal", 0),
            (1, "human", 0), (1, "normal", 1), (2, "human", 0), (2, "normal", 1), (3, "human", 1), (3, "normal", 0)]
    seats = pa.table({"index": [r[0] for r in rows], "agent": [r[1] for r in rows],
                      "win": [float(r[2]) for r in rows], "score": [10.0 * r[2] for r in rows],
                      "rank": [1.0 if r[2] else 2.0 for r in rows]})
    got = {a["agent"]: a for a in agent_shares(seats)}
    h = got["human"]
    assert h["win_share"] == pytest.approx((1 / 2 + 0 + 0 + 1) / 4)  # per game, not 2 wins / 5 seats
    assert h["ci"][0] <= h["win_share"] <= h["ci"][1]
    assert h["games"] == 5 and got["normal"]["win_share"] == pytest.approx(0.5)


def test_tuning_keeps_a_weights_sign_so_the_default_is_inside_its_range():
    """A negative default (a penalty) was given the range 0..1: the default itself fell outside it and
    every trial turned the penalty into a reward. Each range now holds its default, sign kept."""
    from soan.lab.tune import space

    got = space({"vp": 1.0, "gain": 2.0, "card": -0.6, "none": 0.0})
    assert "vp" not in got  # the scale of a value is never tuned
    assert got["gain"] == (0.5, 6.0) and got["none"] == (0.0, 1.0)
    lo, hi = got["card"]
    assert lo == pytest.approx(-1.8) and hi == pytest.approx(-0.15) and lo < -0.6 < hi

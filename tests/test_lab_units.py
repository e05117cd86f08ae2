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

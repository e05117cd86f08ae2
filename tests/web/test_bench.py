"""`soan bench-serve`: the figures it reports, and a short run against a real server that ends on time."""

from __future__ import annotations

import io

from rich.console import Console

from soan.web.bench import memory_summary, run_bench, stats_ms, verdict

from .conftest import free_port


def test_stats_count_the_requests_over_one_second():
    xs = [0.01] * 97 + [0.5, 1.2, 3.0]
    s = stats_ms(xs)
    assert s["n"] == 100 and s["over_1s"] == 2 and s["max"] == 3000.0 and s["p50"] == 10.0
    assert stats_ms([2.0] * 5) == {"n": 5, "p50": None, "p95": None, "p99": None, "max": None, "over_1s": 5}


def test_memory_growth_is_measured_after_the_first_minute_server_and_bots_together():
    mem = [(0, 80.0, 0.0), (30, 100.0, 60.0), (60, 105.0, 60.0), (120, 106.0, 61.0), (180, 104.5, 61.5)]
    m = memory_summary(mem)
    assert m["at_60s"] == 165.0 and m["end"] == 166.0 and m["growth_after_60s"] == 1.0
    assert m["after_60s_min_max"] == [165.0, 167.0] and m["bot_processes_end"] == 61.5


def test_the_verdict_counts_slow_requests_and_connection_errors():
    res = {"person_move_ms": {"p95": 240.0, "over_1s": 1}, "unrelated_ms": {"over_1s": 2},
           "connection_errors": 3, "memory_mb": {"growth_after_60s": 0.5}}
    v = verdict(res)
    assert v == {"person_move_p95_under_250ms": True, "requests_over_1s": 6, "memory_growth_after_60s_mb": 0.5}
    res["person_move_ms"]["p95"] = 250.0
    assert not verdict(res)["person_move_p95_under_250ms"]


def test_a_short_run_against_a_real_server_ends_on_time_with_every_figure(tmp_path):
    """Two rooms for a few seconds: the people move, the spectators get pushes, nothing hangs (a
    WebSocket that waits for nothing is closed at the end), the server's bot processes are counted."""
    out = io.StringIO()
    res = run_bench(Console(file=out, width=200), rooms=2, clients=2, game="undecim", seconds=4, bots="random",
                    port=free_port(), think=0.1, db=str(tmp_path / "b.sqlite"), nice=False)
    assert res["server_alive"] and res["moves"] > 0 and res["pushes"] > 0 and res["person_move_ms"]["n"] > 0
    assert res["connection_errors"] == 0 and res["client_lag_ms"]["n"] > 0
    assert res["refused_moves"] == 0 and res["refused_by_status"] == {} and "moves refused: 0" in out.getvalue()  # no stale view answered
    assert res["memory_mb"]["bot_processes_end"] > 0  # the bot processes' memory counts with the server's
    assert "load average during the run" in " ".join(out.getvalue().split()) and set(res["aims"]) == {
        "person_move_p95_under_250ms", "requests_over_1s", "memory_growth_after_60s_mb"}

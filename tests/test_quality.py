"""Design-quality measures (lab/quality.py, docs/balance.md), each against a hand-built game record:
a score trace (the scores after every step), the winners, the options of each decision, who acted."""

from __future__ import annotations

import math

import pytest

from soan.lab import quality as q
from soan.lab import quality_summary as qs
from soan.lab.runner import GameResult, play_game

# A hand-built 3-player game of 8 steps: seat 2 trails by 4 after step 2, is level with seat 0 at
# step 5 and strictly ahead from step 6 on, and wins 12 to 9 to 3.
TRACE = [[0, 0, 0], [2, 0, 0], [4, 1, 0], [4, 1, 2], [6, 1, 5], [6, 1, 6], [7, 2, 9], [9, 3, 12]]
ACTORS = [[0], [0], [1], [2], [0], [2], [2], [0]]


def test_drama_is_the_winner_behind_and_by_how_far():
    assert q.drama(TRACE, [2]) == (1, 4.0)  # at step 2: 0 against the leader's 4
    assert q.drama(TRACE, [0]) == (1, 3.0)  # seat 0 trailed 9 to 12 only at the end... by 3
    led = [[1, 0], [3, 1], [4, 4], [6, 5]]
    assert q.drama(led, [0]) == (0, 0.0)  # level at 4-4 is not behind
    assert q.drama([[0, 2], [5, 5]], [0, 1]) == (0, 0.0)  # a shared win: the calmer winner counts


def test_decided_at_is_where_the_winner_stays_ahead_for_good():
    # seat 2 is level with seat 0 at index 5 (6-6), strictly ahead from index 6 on: decided after 6 of 8
    assert q.decided_at(TRACE, [2]) == pytest.approx(6 / 8)
    assert q.decided_at([[1, 0], [2, 0], [3, 1]], [0]) == 0.0  # ahead all along
    assert q.decided_at([[0, 1], [0, 2], [3, 2]], [0]) == pytest.approx(2 / 3)  # only at the last step
    # a shared win: decided once no winner is behind anyone
    assert q.decided_at([[0, 1, 0], [2, 2, 0], [3, 3, 1]], [0, 1]) == pytest.approx(1 / 3)


def test_kingmaker_marks_a_seat_out_of_contention_still_deciding_between_two_contenders():
    # 3 players. After step 1 seat 2 has 0 against 10 and 9; from there the biggest gain anyone makes is
    # 3 (seat 1: 9 -> 12), so seat 2 cannot reach 10: out of contention, and it acts at step 2 while
    # seats 0 and 1 can both still win.
    trace = [[5, 5, 0], [10, 9, 0], [11, 9, 1], [11, 12, 1]]
    actors = [[0], [1], [2], [1]]
    assert q.kingmaker(trace, actors) == 1.0
    # the same scores, but seat 2 never acts again after it falls behind: no kingmaking
    assert q.kingmaker(trace, [[2], [1], [0], [1]]) == 0.0
    # only one contender left: seat 0 far ahead of both: nobody decides between leaders
    assert q.kingmaker([[5, 0, 0], [20, 1, 0], [21, 2, 1]], [[0], [1], [2]]) == 0.0
    assert math.isnan(q.kingmaker([[1, 0]], [[0]]))


def test_branching_over_the_game_by_thirds():
    assert q.thirds([6, 6, 3, 3, 1, 1]) == (6.0, 3.0, 1.0)
    assert q.thirds([2, 4, 6, 8, 10, 12, 14, 16, 18]) == (4.0, 10.0, 16.0)
    assert all(math.isnan(x) for x in q.thirds([]))


def test_game_quality_spread_closeness_and_every_key():
    m = q.game_quality(TRACE, [2], [3, 3, 2, 2, 1, 1, 1, 1], ACTORS)
    assert set(m) == set(q.KEYS)
    assert m["spread"] == 9.0  # 12 - 3
    assert m["gap12_rel"] == pytest.approx(3 / 12)
    assert m["drama"] == 1.0 and m["drama_depth"] == 4.0 and m["drama_depth_rel"] == pytest.approx(4 / 12)
    assert (m["options_early"], m["options_mid"], m["options_late"]) == (pytest.approx(8 / 3), 1.5, 1.0)


def _result(i: int, agents: list[str], scores: list[int], trace, options, actors) -> GameResult:
    ranks = [1 + sum(1 for y in scores if y > x) for x in scores]
    winners = [k for k, r in enumerate(ranks) if r == 1]
    stats = {"multi_choice_share": 1.0, "mean_options": sum(options) / len(options), "lead_changes": 1,
             "gap12": sorted(scores)[-1] - sorted(scores)[-2], **q.game_quality(trace, winners, options, actors)}
    return GameResult(i, 1000 + i, agents, scores, ranks, len(trace), [1, 1, 1], [0.0] * 3, stats,
                      [{} for _ in scores], [0, 1, 2])


def _hand_study():
    """Twelve hand-built games of a 3-bot ladder (weak, mid, strong): strong always first, mid second,
    weak last; half the games have the winner behind at some point."""
    from soan.lab.study import _tables

    ags = ["random", "greedy:samples=1", "greedy"]
    res = []
    for i in range(12):
        rot = ags[-(i % 3):] + ags[:-(i % 3)] if i % 3 else list(ags)
        scores = [{"random": 3, "greedy:samples=1": 6, "greedy": 9}[a] for a in rot]
        w = scores.index(9)
        mid = [0, 0, 0]
        mid[(w + 1) % 3] = 5 if i % 2 else 0  # someone else leads mid-game in odd games
        res.append(_result(i, rot, scores, [[0, 0, 0], mid, scores], [2, 4, 6], [[0], [1], [2]]))
    settings = {"game": "undecim", "players": 3, "variants": [], "params": {}, "agents": ags}
    return settings, *_tables(res, settings)


def test_summary_intervals_and_skill_depth_from_a_hand_built_study():
    settings, games, _ = _hand_study()
    rows = {r["measure"]: r for r in qs.summary(games)}
    assert rows["drama"]["mean"] == 0.5 and rows["drama"]["games"] == 12
    lo, hi = rows["drama"]["ci"]
    assert lo < 0.5 < hi
    assert rows["spread"]["mean"] == 6.0 and rows["spread"]["ci"] == [6.0, 6.0]  # the same in every game
    d = qs.study_skill_depth(settings, games)
    assert d is not None
    assert (d["steps"], d["significant"], d["from_bottom"]) == (2, 2, 2)
    # the ladder named strongest first: both steps go the wrong way
    d2 = qs.study_skill_depth({**settings, "agents": list(reversed(settings["agents"]))}, games)
    assert d2 is not None and d2["significant"] == 0 and d2["from_bottom"] == 0


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_report_section_in_both_languages(lang):
    from soan.lab.report import quality_section

    settings, games, _ = _hand_study()
    html = "".join(quality_section(settings, games, lang))
    if lang == "ja":
        assert "ゲームデザインの質の指標" in html and "勝者が途中で負けていたゲームの割合：50%" in html
        assert "技量の深さ：強さの段階 2 段のうち 2 段" in html
    else:
        assert "Design quality" in html and "games whose winner was behind at some point: 50%" in html
        assert "Skill depth: 2 of 2 steps" in html
    for k in ("drama", "decided_at", "kingmaker", "options_early", "spread", "gap12_rel", "skill_depth"):
        assert f"data-measure='{k}'" in html


def test_the_runner_keeps_the_measures_of_a_real_game():
    r = play_game("undecim", 3, 5, ["random"] * 3, collect=True)
    assert set(q.KEYS) <= set(r.stats)
    assert r.stats["spread"] == max(r.scores) - min(r.scores)
    assert 0.0 <= r.stats["decided_at"] <= 1.0 and r.stats["kingmaker"] in (0.0, 1.0)


@pytest.mark.parametrize("trace, changes", [
    ([[0, 0, 0], [0, 1, 0]], 0),  # the first score makes the first leader: no change (was counted as one)
    ([[0, 0, 0], [0, 0, 2], [0, 3, 2], [0, 3, 3], [0, 4, 3]], 1),  # seat 2, then seat 1; a tie, seat 1 again
    ([[1, 0], [1, 1], [2, 1]], 0),  # a tie and the same leader again
    ([[1, 0], [1, 1], [1, 2]], 1),  # a tie, then the other ahead
    ([[0, 3, 4], [5, 3, 4], [5, 6, 4], [7, 6, 4]], 3),  # a game that starts unequal: its first leader is no change
    ([[0, 3, 4], [0, 3, 4]], 0),
    ([[2, 2, 2], [2, 2, 2]], 0),  # nobody ever leads alone
    ([], 0),
])
def test_lead_changes_count_changes_of_the_sole_leader(trace, changes):
    assert q.lead_changes(trace) == changes


@pytest.mark.parametrize("params", [{}, {"position_vp": [0, 3, 4]}])
def test_the_runner_counts_lead_changes_from_the_start_of_the_game(monkeypatch, params):
    """Against the scores the runner saw (captured): the start's scores count as the first point, so a
    base game's first scorer is no lead change and a game that starts unequal counts the same way."""
    import soan
    from soan.lab import runner

    seen: list = []
    real = runner.game_quality
    monkeypatch.setattr(runner, "game_quality", lambda trace, *a: seen.append([list(x) for x in trace]) or real(trace, *a))
    for seed in range(6):
        start = soan.make("undecim", players=3, seed=seed, params=params).scores()
        r = play_game("undecim", 3, seed, ["greedy"] * 3, collect=True, params=params)
        assert r.stats["lead_changes"] == q.lead_changes([start, *seen[-1]]), seed


def test_the_demos_skill_depth_reads_its_line_up_weakest_first():
    """The demo's line-up names greedy first, then random: the ladder is read weakest first by level, so a
    greedy bot that beats random counts as a step (it said 0 of 1 in every demo report)."""
    from soan.lab.quality_summary import ladder_order, study_skill_depth
    from soan.lab.study import load, run_study, settings_for

    assert ladder_order(["greedy", "random", "random"]) == ["random", "greedy"]
    assert ladder_order(["hard", "easy", "normal"]) == ["easy", "normal", "hard"]
    assert ladder_order(["greedy:samples=2", "greedy:samples=1"]) == ["greedy:samples=2", "greedy:samples=1"]
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        st = settings_for("undecim", 60, 3, ["greedy", "random", "random"], 2026, [], {})
        run_study(st, d)
        settings, games, _ = load(d)
        depth = study_skill_depth(settings, games)
    assert depth["steps"] == 1 and depth["significant"] == 1 and depth["pairs"][0][:2] == ("random", "greedy")


def test_a_summary_interval_stays_within_its_measures_range():
    """`soan report`'s quality rows: a count's interval never below 0, a share's never above 100%."""
    import pyarrow as pa

    games = pa.table({"lead_changes": [0.0, 0.0, 0.0, 3.0], "decided_at": [1.0, 1.0, 0.98, 0.2]})
    rows = {r["measure"]: r for r in qs.summary(games)}
    assert rows["lead_changes"]["ci"][0] == 0.0 and rows["lead_changes"]["ci"][1] > 0.75
    assert rows["decided_at"]["ci"][1] == 1.0 and rows["decided_at"]["ci"][0] < 0.8

"""The lab's statistics against reference values, the A/A check, turn order, exact seeds, issue-17 measures."""

from __future__ import annotations

import csv

import numpy as np
import pyarrow.parquet as pq
import pytest

from soan.core.game import make
from soan.lab.runner import SEED_BITS, play_game, study_seeds
from soan.lab.stats import adjust, compare_tables, diff_test, mean_ci, share_test, wilson
from soan.lab.study import export_csv, load, run_study, settings_for


def test_mean_interval_matches_the_t_table():
    m, lo, hi = mean_ci(np.array([1, 2, 3, 4, 5], dtype=float))
    # 3 ± t(0.975, 4) · s / √n = 3 ± 2.776445 · 1.581139 / 2.236068
    assert m == 3 and lo == pytest.approx(1.036757, abs=1e-5) and hi == pytest.approx(4.963243, abs=1e-5)


def test_welch_and_paired_differences_match_reference_values():
    a = np.array([1, 2, 3, 4], dtype=float)
    b = np.array([2, 4, 6, 8, 10], dtype=float)
    r = diff_test(a, b, paired=False)
    # Welch by hand: d = 3.5, se = √(1.6667/4 + 10/5) = 1.554563, t = 2.251436,
    # df (Welch–Satterthwaite) = 5.520788, p = 0.069134, 95%: 3.5 ± t(0.975, df)·se = [-0.385368, 7.385368]
    assert r["diff"] == pytest.approx(3.5)
    assert r["p"] == pytest.approx(0.069134, abs=1e-5)
    assert r["ci"] == pytest.approx([-0.385368, 7.385368], abs=1e-5)
    p = diff_test(np.array([1, 2, 3, 4.0]), np.array([2, 2.5, 4, 5.5]), paired=True)
    # differences 1, .5, 1, 1.5: mean 1, s = 0.408248, t = 4.898979 with 3 df, p = 0.01628
    assert p["diff"] == pytest.approx(1.0) and p["p"] == pytest.approx(0.01628, abs=1e-4)
    assert p["ci"] == pytest.approx([0.35039, 1.64961], abs=1e-4)
    same = diff_test(np.ones(5), np.ones(5) * 2, paired=True)
    assert same["ci"] == [1.0, 1.0] and same["p"] == 0.0


def test_holm_and_wilson_reference_values():
    rows = adjust([{"p": 0.01}, {"p": 0.04}, {"p": 0.03}, {"p": None}])
    assert [r["p_adj"] for r in rows[:3]] == pytest.approx([0.03, 0.06, 0.06])
    assert [r["significant"] for r in rows] == [True, False, False, False]
    lo, hi = wilson(5, 20)
    assert lo == pytest.approx(0.11186, abs=1e-4) and hi == pytest.approx(0.46870, abs=1e-4)
    # the light install's own Wilson (lab/runner.py, for `soan sim` without statsmodels) agrees with it
    from soan.lab.runner import wilson as light_wilson

    for k, n in ((0, 1), (5, 20), (0, 50), (50, 50), (17.5, 40), (333, 1000)):
        assert light_wilson(k, n) == pytest.approx(wilson(k, n), abs=1e-4), (k, n)


def test_the_ladders_mean_interval_is_students_t_from_statsmodels():
    from soan.lab.ladder import _mean_ci

    # the t table's figures (3 ± 2.776445 · 1.581139 / √5), where 1.96 would give [1.614096, 4.385904]
    assert _mean_ci([1, 2, 3, 4, 5]) == pytest.approx((1.036757, 4.963243), abs=1e-5)
    rng = np.random.default_rng(3)
    for x in ([30.0, 34.0], [0.0, 1.0, 0.5, 0.0], list(rng.normal(20, 5, 10)), list(rng.integers(0, 60, 400))):
        m, lo, hi = mean_ci(np.array(x, dtype=float))  # scipy's t interval: the same figures another way
        assert _mean_ci([float(v) for v in x]) == pytest.approx((lo, hi), abs=1e-9), x
    assert _mean_ci([7.5] * 6) == (7.5, 7.5) and _mean_ci([4.0]) == (4.0, 4.0) and _mean_ci([]) == (0.0, 0.0)


def test_the_light_installs_seat_share_interval_is_the_normal_one_and_near_the_labs_t(monkeypatch):
    """seatadv's fallback (`soan sim` without numpy/scipy): statsmodels' normal interval, and
    within a point of the lab's t interval from a hundred games on."""
    import sys

    from statsmodels.stats.weightstats import DescrStatsW

    from soan.lab import seatadv

    rng = np.random.default_rng(5)
    cases = [[1.0, 0.0, 0.5, 0.0, 1.0], [0.0, 1.0] * 10, list(rng.integers(0, 2, 100) * 1.0),
             list(rng.choice([0.0, 1 / 3, 0.5, 1.0], 400)), list(rng.integers(0, 2, 1000) * 0.5)]
    lab = [seatadv._share(x, 0.25) for x in cases]
    monkeypatch.setitem(sys.modules, "numpy", None)  # as a light install: the import fails
    light = [seatadv._share(x, 0.25) for x in cases]
    monkeypatch.undo()
    for x, a, b in zip(cases, lab, light, strict=True):
        d = DescrStatsW(np.array(x))
        lo, hi = d.zconfint_mean(alpha=0.05)
        assert b["ci"] == pytest.approx([max(0.0, lo), min(1.0, hi)], abs=1e-4), x  # 1.96 for 1.959964
        assert b["win_share"] == pytest.approx(a["win_share"]) and b["games"] == a["games"] == len(x)
        if len(x) >= 100:
            assert b["ci"] == pytest.approx(a["ci"], abs=0.01), x


def test_tied_win_shares_get_an_interval_from_the_games():
    x = np.array([1, 0, 0.5, 0, 1, 0, 0.5, 0], dtype=float)  # two games tied for first (1/2 each)
    r = share_test(x, 0.25)
    assert r["win_share"] == pytest.approx(0.375) and r["ci"][0] < 0.375 < r["ci"][1] and r["games"] == 8


@pytest.fixture(scope="module")
def un3(tmp_path_factory):
    d = tmp_path_factory.mktemp("aa")
    out = {}
    for name, seed in (("a", 1), ("b", 2), ("a2", 1)):
        st = settings_for("undecim", 120, 3, ["random"] * 3, seed, [], {})
        run_study(st, d / name)
        out[name] = d / name
    return out


def test_aa_two_studies_of_the_same_settings_flag_nothing(un3):
    _, ga, ta = load(un3["a"])
    _, gb, tb = load(un3["b"])
    rows, paired = compare_tables((ga, ta), (gb, tb), 3)
    assert not paired and len(rows) > 30
    assert [r["measure"] for r in rows if r["significant"]] == []
    rows, paired = compare_tables((ga, ta), load(un3["a2"])[1:], 3)  # the same seeds: paired, no difference
    assert paired and all(r["diff"] in (0.0, None) for r in rows)


def test_turn_order_start_player_and_positions(un3):
    _, g, s = load(un3["a"])
    start = g.column("start_player").to_pylist()
    assert set(start) == {0, 1, 2}
    pos = {(r["index"], r["seat"]): r["turn_pos"] for r in s.select(["index", "seat", "turn_pos"]).to_pylist()}
    for i, sp in enumerate(start):
        assert pos[(i, sp)] == 0 and sorted(pos[(i, k)] for k in range(3)) == [0, 1, 2]
        assert pos[(i, (sp + 1) % 3)] == 1  # UN-S4: clockwise from the start player
    r = play_game("la-superba", 3, 5, ["random"] * 3)
    assert r.turn_order is None  # simultaneous play: no turn order


def test_seeds_survive_csv_and_float_arrays(un3):
    assert all(s < 2 ** SEED_BITS for _, s in study_seeds(123456789, 500))
    st, g, seats = load(un3["a"])
    export_csv(un3["a"])
    with open(un3["a"] / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    as_float = np.array([float(r["seed"]) for r in rows])  # what a spreadsheet or numpy makes of them
    parquet_float = pq.read_table(un3["a"] / "games.parquet").column("seed").to_numpy().astype(float)
    for k in (0, 57, 119):
        seed = int(as_float[k])
        assert seed == int(parquet_float[k]) == g.column("seed")[k].as_py()
        agents = [g.column(f"agent_{i}")[k].as_py() for i in range(3)]
        again = play_game("undecim", 3, seed, agents)
        assert again.scores == [g.column(f"score_{i}")[k].as_py() for i in range(3)]
        assert make("undecim", players=3, seed=seed).view() == make("undecim", players=3, seed=seed).view()


def test_undecim_dealt_cards_measured(un3):
    _, _, s = load(un3["a"])
    cards = [c[len("m_dealt_kept_"):] for c in s.column_names if c.startswith("m_dealt_kept_")]
    rows = s.to_pylist()
    hand = len(rows[0]["m_dealt_cards"].split())
    assert hand >= 1
    for r in rows:
        assert sum(r["m_dealt_" + c] for c in cards) == hand
        assert all(r["m_dealt_kept_" + c] <= r["m_dealt_" + c] for c in cards)
        assert sorted(r["m_dealt_cards"].split()) == sorted(c for c in cards if r["m_dealt_" + c])


def test_la_superba_round_measures_agree_with_the_round_table():
    from soan.games.la_superba.measures import Measures

    s = make("la-superba", players=4, seed=11)
    m = Measures(4)
    s.listener = m
    rng = np.random.default_rng(0)
    while not s.is_over():
        for seat in s.to_act():
            la = s.legal_actions(seat)
            s.apply(seat, la[int(rng.integers(len(la)))])
            if s.is_over() or seat not in s.to_act():
                break
    rows = m.per_seat(s)
    events = {ev.id: ev for ev in s.R.events}
    for r, e in enumerate(m.entries, start=1):
        counting = 3 if events[e["event"]].community_off else 4  # 3 played + the community card (LS-R3)
        for i in range(4):
            x = rows[i]
            assert x[f"power_r{r}"] == e["power"][i]
            assert x[f"weather_r{r}"] + x[f"crew_r{r}"] + x[f"ship_r{r}"] == counting
            assert x[f"all_weather_r{r}"] == int(x[f"weather_r{r}"] == counting)
            if counting == 3:
                assert x[f"community_added_r{r}"] == 0 and x[f"community_changed_first_r{r}"] == 0
    assert sum(x["first"] for x in rows) == 5
    assert all(x["all_tie_wipeouts"] == 0 for x in rows)  # no LS-V3: never an all-tie wipe-out


def test_asian_delivery_worker_measures_add_up():
    for variants, decays in (([], False), (["worker-decay"], True)):
        r = play_game("asian-delivery", 3, 21, ["random"] * 3, variants, collect=True)
        for x in r.seat_measures:
            assert x["extra_plays"] + x["decay_losses"] == x["workers_spent"]
            assert x["workers_supply_r1"] == 4 and x["workers_supply_min"] >= 0
            assert decays or x["decay_losses"] == 0  # without AD-V10 no worker is ever lost
            assert {f"cubes_standing_r{k}" for k in range(1, 9)} <= set(x)
            assert 0 <= x["areas_with_others"] <= x["shared_areas"] <= 9
        assert (sum(x["decay_losses"] for x in r.seat_measures) > 0) == decays  # with AD-V10 random players lose some


def test_a_study_grown_past_a_partial_chunk_plays_the_missing_games(tmp_path):
    st = settings_for("undecim", 8, 3, ["random"] * 3, 4, [], {})
    run_study(dict(st), tmp_path)
    r = run_study({**st, "n": 20}, tmp_path)
    _, g, _ = load(tmp_path)
    assert r["played"] == 20 and g.num_rows == 20 and g.column("index").to_pylist() == list(range(20))


def test_a_share_without_variation_gets_an_exact_test():
    r = share_test(np.zeros(8), 0.25)  # 8 games, never won: not rare enough to flag
    # exact binomial, two-sided: P(X=0) + P(X=4) + P(X≥5) for X ~ B(8, 1/4) = 0.100113 + 0.086517 + 0.027298;
    # Wilson's upper bound for 0 of 8: z²/(n + z²) = 3.8415/11.8415
    assert r["p"] == pytest.approx(0.213928, abs=1e-5) and r["ci"][0] == 0 and r["ci"][1] == pytest.approx(0.3244, abs=1e-3)


def test_a_card_is_flagged_only_when_significant_and_three_points_from_chance():
    import pyarrow as pa

    from soan.lab.stats import card_rows

    # 4 players, 20,000 games; one seat a game holds the card and wins with probability p: 26.5% is
    # significant at this N but 1.5 points from chance; 40% is far from it; 25% is chance.
    def row(p: float) -> dict:
        rng = np.random.default_rng(3)
        G, P = 20000, 4
        holder = rng.integers(P, size=G)
        won = rng.random(G) < p
        other = rng.integers(P - 1, size=G)  # a non-holder wins otherwise
        winner = np.where(won, holder, (holder + 1 + other) % P)
        seats = np.tile(np.arange(P), G)
        games = np.repeat(np.arange(G), P)
        t = pa.table({"index": games, "win": (seats == np.repeat(winner, P)).astype(float),
                      "m_card_x": (seats == np.repeat(holder, P)).astype(float)})
        (r,) = card_rows(t, P, "card_", None)
        return r

    slight, strong, plain = row(0.265), row(0.40), row(0.25)
    assert slight["significant"] and not slight["flag"]
    assert strong["significant"] and strong["flag"]
    assert not plain["flag"]


def test_a_share_interval_of_a_few_games_stays_within_0_and_1_and_says_so():
    from soan.lab.seatadv import share_text

    r = share_test(np.array([1, 0, 0, 0], dtype=float), 0.25)  # 4 games, one won: t gives [-0.55, 1.05]
    assert r["ci"] == pytest.approx([0.0456, 0.6994], abs=1e-4)  # yes/no games: Wilson's interval
    assert share_text(r["win_share"], r["ci"]) == "25% [5%, 70%]"
    tied = share_test(np.array([0.5, 0, 0, 1, 0.5], dtype=float), 0.25)  # shared wins: t, cut to [0, 1]
    assert 0.0 <= tied["ci"][0] < tied["ci"][1] <= 1.0
    assert share_text(0.37, [0.32, 0.42]) == "37% ± 5%"
    assert share_text(0.37, [0.32, 0.42], "ja") == "37%±5%"  # as the questions' known lines write it
    assert share_text(r["win_share"], r["ci"], "ja") == "25%［5%〜70%］"


def test_a_share_never_lies_outside_its_own_interval():
    # none of 18 games won: Wilson's lower bound comes back as 1e-17, above the share 0 (a report's
    # error bar would then be negative and matplotlib refuses it)
    r = share_test(np.zeros(18), 0.25)
    assert r["ci"][0] <= r["win_share"] == 0.0 <= r["ci"][1]


def test_a_negligible_verdict_shows_the_interval_its_equivalence_test_uses():
    """TOST at level a is the (1 - 2a) interval inside ±margin: each row found equivalent (Holm over the
    rows) carries that interval, and it lies inside the margin even where the 95% interval crosses it."""
    import numpy as np

    from soan.lab.stats import adjust_equiv, paired_diff

    rng = np.random.default_rng(5)
    crossed = 0
    for trial in range(60):
        rows = []
        for shift in (0.0, 0.15, 0.3):
            a = rng.normal(0, 1, 400)
            rows.append(paired_diff(a, a + rng.normal(shift, 1.5, 400), margin=0.5))
        adjust_equiv(rows)
        for r in rows:
            if r["equivalent"]:
                lo, hi = r["ci_equiv"]
                assert -0.5 <= lo and hi <= 0.5, (trial, r["ci_equiv"])
                assert r["ci_equiv_level"] >= 0.9 - 1e-9  # 90% for one comparison, wider after Holm
                crossed += not (-0.5 <= r["ci"][0] and r["ci"][1] <= 0.5)
    assert crossed > 0  # the case the interval is shown for: the 95% one crosses the margin

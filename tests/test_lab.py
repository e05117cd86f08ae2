"""The playtesting lab: studies in Parquet, resume, Ray, export/import, report, compare, study, sweep."""

from __future__ import annotations

import json
import re
import shutil

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from soan.lab.study import run_study, settings_for

runner = CliRunner()


def sim(*args):
    r = runner.invoke(app, ["sim", *args])
    assert r.exit_code == 0, r.output
    return r


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    d = tmp_path_factory.mktemp("studies")
    sim("la-superba", "-n", "60", "--agents", "greedy:samples=1,random,random,random", "--out", str(d / "a"))
    sim("la-superba", "-n", "60", "--agents", "greedy:samples=1,random,random,random", "-V", "weather-double",
        "--out", str(d / "b"), "-j", "2")
    sim("undecim", "-n", "40", "--players", "3", "--out", str(d / "u"), "-j", "2")
    return d


def test_study_tables_have_games_seats_and_measures(studies):
    g = pq.read_table(studies / "a" / "games.parquet")
    s = pq.read_table(studies / "a" / "seats.parquet")
    assert g.num_rows == 60 and s.num_rows == 240
    for c in ("seed", "variants", "params", "length", "agent_0", "score_3", "rank_2", "winners", "lead_changes",
              "gap12", "multi_choice_share", "mean_options"):
        assert c in g.column_names
    for c in ("m_rank_r1", "m_rank_r5", "m_carried", "m_lost", "m_pepper_won", "m_glass_won", "m_silk_won"):
        assert c in s.column_names  # La Superba's own measures
    u = pq.read_table(studies / "u" / "seats.parquet")
    assert {"m_taken_bonus", "m_unchanged_turns", "m_played_explore", "m_held_explore"} <= set(u.column_names)
    settings = json.loads((studies / "a" / "study.json").read_text())
    assert settings["agents"][0] == "greedy:samples=1" and settings["n"] == 60
    # every agent sits in every seat equally
    agents = [g.column(f"agent_{i}").to_pylist() for i in range(4)]
    assert all(col.count("greedy:samples=1") == 15 for col in agents)


def test_results_do_not_depend_on_jobs_and_interrupted_studies_resume(tmp_path):
    st = settings_for("la-superba", 250, 4, ["random"] * 4, 7, [], {})
    full = run_study(dict(st), tmp_path / "full", jobs=2)
    assert full["played"] == 250
    part = tmp_path / "part"
    run_study(dict(st), part, jobs=1)
    (part / "parts" / "games-00001.parquet").unlink()  # as if interrupted before chunk 1 was saved
    (part / "parts" / "seats-00001.parquet").unlink()
    again = run_study(dict(st), part, jobs=1)
    assert again["played"] == 100  # only the missing chunk
    a = pq.read_table(tmp_path / "full" / "games.parquet")
    b = pq.read_table(part / "games.parquet")
    assert a.equals(b)
    other = settings_for("la-superba", 250, 4, ["greedy"] * 4, 7, [], {})
    with pytest.raises(soan.SoanError, match="other settings"):
        run_study(other, part)


def test_ray_backend_gives_the_local_results(tmp_path):
    pytest.importorskip("ray")
    st = settings_for("undecim", 30, 3, ["random"] * 3, 3, ["no-retake"], {})
    run_study(dict(st), tmp_path / "local", jobs=1)
    r = runner.invoke(app, ["sim", "undecim", "-n", "30", "--players", "3", "--seed", "3", "-V", "no-retake",
                            "--backend", "ray", "--jobs", "2", "--out", str(tmp_path / "ray"), "--json"])
    assert r.exit_code == 0, r.output
    a = pq.read_table(tmp_path / "local" / "games.parquet")
    b = pq.read_table(tmp_path / "ray" / "games.parquet")
    assert a.equals(b)
    sa = pq.read_table(tmp_path / "local" / "seats.parquet").drop(["think_s"])
    sb = pq.read_table(tmp_path / "ray" / "seats.parquet").drop(["think_s"])
    assert sa.equals(sb)


def test_export_csv(studies):
    r = runner.invoke(app, ["export", str(studies / "a"), "--csv"])
    assert r.exit_code == 0, r.output
    head = (studies / "a" / "games.csv").read_text().splitlines()[0]
    assert "agent_0" in head and len((studies / "a" / "seats.csv").read_text().splitlines()) == 241


def test_import_human_records_as_a_study(tmp_path):
    from soan.cli.play import Session

    recs = []
    for k in range(3):
        p = tmp_path / f"r{k}.jsonl"
        Session("la-superba", 4, [0], ["random"], k, "en", record=str(p), input_fn=lambda _: "1",
                output=lambda _: None, clear=False).run()
        recs.append(str(p))
    r = runner.invoke(app, ["import", *recs, "--out", str(tmp_path / "human")])
    assert r.exit_code == 0, r.output
    s = pq.read_table(tmp_path / "human" / "seats.parquet")
    assert s.num_rows == 12 and s.column("agent").to_pylist()[0] == "human" and "m_carried" in s.column_names
    r = runner.invoke(app, ["report", str(tmp_path / "human")])
    assert r.exit_code == 0, r.output
    bad = tmp_path / "unfinished.jsonl"
    bad.write_text((tmp_path / "r0.jsonl").read_text().splitlines()[0] + "\n")
    r = runner.invoke(app, ["import", str(bad), "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "not finished" in r.output


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_report_is_one_self_contained_html(studies, lang):
    r = runner.invoke(app, ["report", str(studies / "u"), "--lang", lang])
    assert r.exit_code == 0, r.output
    h = (studies / "u" / ("report-ja.html" if lang == "ja" else "report.html")).read_text(encoding="utf-8")
    assert "http://" not in h and "https://" not in h and "<script" not in h
    assert len(re.findall(r'src="data:image/png;base64,', h)) >= 6
    alts = re.findall(r'<img alt="([^"]*)" src="data:image', h)  # every figure says what it shows
    assert len(alts) == len(re.findall(r"<img ", h)) and all(a and a != "—" for a in alts), alts
    assert ("番手の勝率は" in h and "期待値" in h) if lang == "ja" else ("Seat 1 wins" in h and "chance is 33%" in h)
    assert ("手札の流動性" if lang == "ja" else "hand fluidity") in h
    if lang == "ja":  # no English word a reader sees (the hex hash and the tool's name aside)
        text = re.sub(r"<(style|script)[^>]*>.*?</\1>|data:image/png;base64,[^\"]+|<[^>]+>", " ", h, flags=re.S)
        words = set(re.findall(r"[A-Za-z][A-Za-z_]{2,}", text)) - {"soan"}
        assert not {w for w in words if not re.fullmatch(r"[0-9a-f]+", w)}, words


def test_compare_json_and_html(studies):
    r = runner.invoke(app, ["compare", str(studies / "a"), str(studies / "b"), "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    by = {x["measure"]: x for x in rows}
    for x in rows:
        assert set(x) >= {"measure", "a", "b", "diff", "ci", "significant"}
    assert {"length", "score", "win_share_seat_0", "mean_power"} <= set(by)
    mp = by["mean_power"]
    assert mp["ci"][0] <= mp["diff"] <= mp["ci"][1]
    assert mp["paired"] and mp["p_adj"] >= mp["p"]  # same seeds on both sides; Holm never lowers a p
    assert mp["significant"] == (mp["p_adj"] < 0.05)
    r = runner.invoke(app, ["compare", str(studies / "a"), str(studies / "b")])
    assert r.exit_code == 0 and (studies / "b" / "compare.html").exists()
    page = (studies / "b" / "compare.html").read_text(encoding="utf-8")
    assert "seat 1&#x27;s win share" in page and "win_share_seat" not in page
    # the table names each measure as a reader does, seats counted from 1 (the ids stay in --json)
    assert "seat 1's win share" in r.output and "win_share_seat_0" not in r.output, r.output
    r = runner.invoke(app, ["compare", str(studies / "a"), str(studies / "b"), "--lang", "ja"])
    assert "席1の勝率" in r.output and "１ゲームの選択の回数" in r.output and "ランダムボットの勝率" in r.output
    assert "win_share" not in r.output, r.output
    r = runner.invoke(app, ["compare", str(studies / "a"), str(studies / "u")])
    assert r.exit_code == 2 and "cannot compare" in r.output
    r = runner.invoke(app, ["compare", str(studies / "a"), str(studies / "u"), "--lang", "ja"])
    assert r.exit_code == 2 and "は比べられません" in r.output and "la-superba" not in r.output and "undecim" not in r.output


def test_study_runs_variant_sets_and_compares(tmp_path):
    r = runner.invoke(app, ["study", "la-superba", "--variants", "base,weather-double+lean-weather", "-n", "20",
                            "--agents", "random", "--out", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d[0]["b"].endswith("la-superba-weather-double+lean-weather") and d[0]["rows"]


def test_sweep_grid_table_and_plot(tmp_path):
    r = runner.invoke(app, ["sweep", "undecim", "--param", "gold_rate=1,3", "--param",
                            "building_table=4,8,12,18|2,4,6,8", "-n", "12", "--players", "3", "--agents", "random",
                            "--out", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    assert [x["setting"] for x in rows] == ["gold_rate=1,building_table=4,8,12,18",
                                            "gold_rate=1,building_table=2,4,6,8",
                                            "gold_rate=3,building_table=4,8,12,18",
                                            "gold_rate=3,building_table=2,4,6,8"]
    assert (tmp_path / "undecim-sweep.png").exists()
    r = runner.invoke(app, ["sweep", "undecim", "--param", "nope=1", "-n", "2", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "unknown parameter 'nope'" in r.output


def test_missing_study_is_a_clear_error(tmp_path):
    r = runner.invoke(app, ["report", str(tmp_path / "none")])
    assert r.exit_code == 2 and "not a finished study" in r.output
    shutil.rmtree(tmp_path, ignore_errors=True)


def test_a_few_games_still_go_to_every_job():
    """`--jobs 2` with 24 slow games used one process while the chunk was 50 games; results stay the same."""
    from soan.lab.runner import chunk_size, run_games
    assert chunk_size(24, 2) == 3 and chunk_size(10_000, 2) == 50 and chunk_size(3, 4) == 1 and chunk_size(24, 1) == 50
    one = run_games("la-superba", 6, 3, ["greedy:samples=1", "random", "random"], seed=4, jobs=1)
    two = run_games("la-superba", 6, 3, ["greedy:samples=1", "random", "random"], seed=4, jobs=2)
    assert [(r.index, r.scores, r.ranks) for r in one] == [(r.index, r.scores, r.ranks) for r in two]


def test_a_run_of_games_sets_the_collector_for_itself_and_gives_it_back(monkeypatch):
    """`_work` plays its games with the cyclic collector set for a long search (GAMES_GC, the heap before
    the run frozen out of its walks) and restores it afterwards: nested runs included, after a run that
    raised, and a caller's own freeze stays; the results are those of games played with the default
    collector (a searching bot's too)."""
    import gc

    from soan.lab import runner

    before = gc.get_threshold()
    inside = runner.GAMES_GC if runner._THRESHOLDS else before
    seen = []
    real = runner.play_game

    def spy(*a, **k):
        seen.append((gc.get_threshold(), gc.get_freeze_count() > 0))
        return real(*a, **k)

    bots = ["greedy:samples=1", "random", "random"]
    task = ("la-superba", 3, bots, (), {}, None, [(0, 11), (1, 12)], False, False)
    plain = [(r.scores, r.ranks, r.length)
             for r in (real("la-superba", 3, s, runner.lineup(bots, i), index=i) for i, s in task[6])]
    monkeypatch.setattr(runner, "play_game", spy)
    with runner.games_heap():  # a run inside a run: the inner one leaves the collector to the outer
        inner = runner._work(task)
        assert gc.get_threshold() == inside
    assert seen == [(inside, True)] * 2
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    assert [(r.scores, r.ranks, r.length) for r in inner] == plain

    def boom(*a, **k):
        raise RuntimeError("a game failed")

    monkeypatch.setattr(runner, "play_game", boom)
    with pytest.raises(RuntimeError):
        runner._work(task)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0 and runner._gc_depth == [0]
    monkeypatch.setattr(runner, "play_game", spy)
    gc.freeze()  # a caller (a server) froze its own objects: they stay frozen after a run
    try:
        frozen = gc.get_freeze_count()
        runner._work(task)
        assert seen[-1] == (inside, True) and gc.get_freeze_count() >= frozen
    finally:
        gc.unfreeze()
    gc.disable()  # a caller that manages the collector itself is left alone
    try:
        runner._work(task)
        assert seen[-1] == (before, False)
    finally:
        gc.enable()

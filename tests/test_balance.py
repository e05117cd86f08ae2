"""`soan balance` (the package lab/balance/, docs/balance.md): the target grammar, what may move, the search,
validation and robustness, the report; and the rule parameters added for balancing (UN-B1, AD-B1, LS-B1)."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from soan.core.errors import ComponentError, ConfigError
from soan.lab import balance as b
from soan.lab.balance.report import setting_words as report_words
from soan.lab.balance.report import targets_of as targets_of

runner = CliRunner()


# --- targets -----------------------------------------------------------------------------------------


def test_targets_in_words():
    t = b.parse_target("start-player=25±3", 4)
    assert (t.measure, t.op, t.value, t.tol, t.share) == ("win_share_pos_0", "within", 0.25, 0.03, True)
    t = b.parse_target("seat:2 within 25 ± 3 points", 4)
    assert (t.measure, t.op, t.value, t.tol) == ("win_share_seat_1", "within", 0.25, 0.03)
    t = b.parse_target("position:3 = chance +- 2", 3)
    assert t.measure == "win_share_pos_2" and t.value == pytest.approx(1 / 3) and t.tol == 0.02
    t = b.parse_target("length at most 120", 4)
    assert (t.measure, t.op, t.value, t.share) == ("length", "atmost", 120.0, False)
    t = b.parse_target("drama>=60%", 4)
    assert (t.op, t.value) == ("atleast", 0.6)
    t = b.parse_target("all_weather ≥ 0.6", 4, known={"all_weather", "length"})
    assert (t.measure, t.value) == ("all_weather", 0.6)
    t = b.parse_target("win-when:dealt_harvest=chance±3", 4, known={"m_dealt_harvest"})
    assert (t.measure, t.value, t.tol) == ("win-when:dealt_harvest", 0.25, 0.03)


def test_a_target_holds_and_misses():
    t = b.parse_target("start-player=25±3", 4)
    assert t.holds(0.27) and t.holds(0.22) and not t.holds(0.29) and not t.holds(math.nan)
    assert t.miss(0.25) == 0 and t.miss(0.31) == pytest.approx(2.0)  # in half-widths from the centre
    lo = b.parse_target("all_weather>=0.6", 4)
    assert lo.holds(0.6) and not lo.holds(0.5) and lo.miss(0.9) == 0 and lo.miss(0.3) == pytest.approx(0.5)
    hi = b.parse_target("length<=100", 4)
    assert hi.holds(100) and hi.miss(120) == pytest.approx(0.2)


@pytest.mark.parametrize("text,en,ja", [
    ("start-player 25", "cannot read the target", "を読めません"),
    ("seat:5=25±3", "counts from 1 to 4", "1〜4（人数）"),
    ("nosuch>=1", "no measure 'nosuch'", "指標 'nosuch' はこのゲームにありません"),
    ("length=chance±3", "'chance' is a win share's value", "勝率にだけ使えます"),
    ("start-player=25±0", "must be above 0", "0より大きく"),
    ("win-when:nosuch=25±3", "no seat measure 'nosuch'", "席ごとの指標 'nosuch'"),
    ("team:1=25±3", "unknown target subject", "目標の対象"),
])
def test_bad_targets_are_named_in_both_languages(text, en, ja):
    with pytest.raises(ConfigError) as e:
        b.parse_target(text, 4, known={"length", "m_dealt_harvest"})
    assert en in str(e.value) and ja in e.value.ja


# --- what may move -----------------------------------------------------------------------------------


def _axis(text, game="undecim", players=4, variants=(), params=None):
    from soan.core.game import check_config

    _, P, vs, ps = check_config(game, players, list(variants), params or {})
    return b.parse_axis(text, game, P, vs, ps)


def test_axes_parameters_items_variants_and_component_values():
    a = _axis("gold_rate=1..3")
    assert (a.kind, a.values, a.base) == ("param", [1, 2, 3], 1)
    a = _axis("gold_rate=2,3")  # the base value joins the choices: the search can keep it
    assert a.values == [1, 2, 3]
    a = _axis("building_table=4,8,12,18|4,9,14,20")
    assert a.values == [(4, 8, 12, 18), (4, 9, 14, 20)]
    a = _axis("position_vp[3]=0..2")
    assert (a.kind, a.name, a.index, a.values, a.base) == ("item", "position_vp", 2, [0, 1, 2], 0)
    a = _axis("variant:bonus-lock")
    assert (a.kind, a.values, a.base) == ("variant", [False, True], False)
    a = _axis("campaign")
    assert (a.kind, a.values) == ("param", [False, True])
    a = _axis("data:voyage_cards[15].power=2..4", game="la-superba")
    assert (a.kind, a.values, a.base) == ("data", [2, 3, 4], 3)


@pytest.mark.parametrize("text,game,en", [
    ("nosuch=1..2", "undecim", "unknown parameter 'nosuch'"),
    ("gold_rate=3..1", "undecim", "a range is LOW..HIGH"),
    ("gold_rate=1..2000", "undecim", "at most 200 per setting"),
    ("gold_rate[2]=0..1", "undecim", "is not a list"),
    ("position_vp[5]=0..1", "undecim", "items count from 1 to 4"),
    ("variant:nosuch", "undecim", "unknown variant 'nosuch'"),
    ("gold_rate", "undecim", "--search takes"),
    ("data:nosuch[3].power=1..2", "la-superba", "has no 'nosuch[3].power'"),
    ("data:voyage_cards=1..2", "la-superba", "not a single value"),
])
def test_bad_axes_are_named(text, game, en):
    with pytest.raises(ConfigError) as e:
        _axis(text, game=game)
    assert en in str(e.value) and e.value.ja


def test_a_list_parameter_written_once_is_one_list_and_a_value_twice_one_choice():
    a = _axis("position_vp=0,1,1,2")  # one vector (no |), not the choices [0], [1], [1], [2]
    assert a.values == [(), (0, 1, 1, 2)]
    assert _axis("gold_rate=1,2,2").values == [1, 2]


def test_a_parameter_is_named_in_words_for_a_japanese_reader():
    a = _axis("position_vp=0,1,1,2")
    assert a.label("undecim", "ja") == "position_vp（手番順ごとにシーズン開始時に持つ勝利点）"
    assert a.label("undecim", "en") == "position_vp"
    res = {"game": "undecim", "axes": [{"text": a.text, "kind": a.kind, "name": a.name, "values": a.values,
                                        "index": None, "base": a.base}],
           "best": {"changed": [{"axis": a.text, "from": [], "to": [0, 1, 1, 2]}], "params": {}}}
    assert report_words(res, "ja") == "position_vp（UN-B1：手番順ごとにシーズン開始時に持つ勝利点） を 空 から 0,1,1,2 に"
    assert report_words(res, "en") == "set position_vp (UN-B1) from empty to 0,1,1,2"


def test_a_misspelt_target_names_what_it_likely_meant():
    known = {"length", "gap12", "win_share_pos_0", "m_dealt_harvest"}
    with pytest.raises(ConfigError) as e:
        b.parse_target("start-playr=25±3", 4, known)
    assert "did you mean 'start-player'?" in str(e.value) and "'start-player' のことですか？" in e.value.ja
    with pytest.raises(ConfigError, match="did you mean 'length'"):
        b.parse_target("lenght<=100", 4, known)


def test_a_component_value_the_game_refuses_is_named_before_any_search():
    with pytest.raises(ComponentError, match="power"):
        _axis("data:voyage_cards[15].power=-3..-2", game="la-superba")
    with pytest.raises(ComponentError) as e:
        _axis("data:action_cards[8].effects[0].n=-1..0")
    en, ja = str(e.value), e.value.ja
    assert en.startswith("the game refuses data:action_cards[8].effects[0].n=-1\n") and "greater than or equal to 1" in en
    assert ja.startswith("ゲームが data:action_cards[8].effects[0].n=-1 を受け付けません") and "1 以上で指定してください" in ja
    assert ".yaml" not in en + ja  # never the scratch file the value was written to


def _problem(tmp_path, game="undecim", axes=("position_vp[2]=0..1",), targets=("start-player=25±10",), **kw):
    from soan.core.game import check_config

    _, P, vs, ps = check_config(game, kw.pop("players", 4), [], {})
    pb = b.Problem(game, P, ["random"] * P, vs, ps, [], [b.parse_axis(x, game, P, vs, ps) for x in axes],
                   out=tmp_path, **kw)
    pb.targets = [b.parse_target(t, P) for t in targets]
    return pb


def test_settings_of_a_choice(tmp_path):
    pb = _problem(tmp_path, axes=("position_vp[2]=0..2", "position_vp[4]=0..2", "variant:no-retake"))
    vs, ps, comp = b.setting_of(pb, {"position_vp[2]=0..2": 1, "position_vp[4]=0..2": 2, "variant:no-retake": True})
    assert ps["position_vp"] == (0, 1, 0, 2) and vs == ("no-retake",) and comp is None
    assert [(a.name, v) for a, v in b.changed(pb, {"position_vp[2]=0..2": 1, "position_vp[4]=0..2": 0,
                                                  "variant:no-retake": False})] == [("position_vp", 1)]
    ls = _problem(tmp_path, game="la-superba", axes=("data:voyage_cards[15].power=2..4",), targets=("length>=1",))
    _, _, comp = b.setting_of(ls, {"data:voyage_cards[15].power=2..4": 4})
    s = soan.make("la-superba", players=4, seed=1, components=comp)
    assert s.R.power[16] == 4 and soan.make("la-superba", players=4, seed=1).R.power[16] == 3


def test_neighbours_and_the_choice_to_validate(tmp_path):
    pb = _problem(tmp_path, axes=("position_vp[2]=0..2", "variant:no-retake"))
    ch = {"position_vp[2]=0..2": 1, "variant:no-retake": False}
    nb = [(a.text, v) for a, v, _ in b.neighbours(pb, ch)]
    assert nb == [("position_vp[2]=0..2", 0), ("position_vp[2]=0..2", 2), ("variant:no-retake", True)]

    def trial(choice, value, holds):
        return {"trial": 0, "choice": choice, "targets": [{"value": value, "holds": holds, "miss": abs(value - 0.25) / 0.1}]}
    base = {"position_vp[2]=0..2": 0, "variant:no-retake": False}
    one = {"position_vp[2]=0..2": 1, "variant:no-retake": False}
    two = {"position_vp[2]=0..2": 2, "variant:no-retake": True}
    # both meet the target: the one changing fewer settings wins even if a little further from the centre
    assert b.best_of(pb, [trial(base, 0.40, False), trial(two, 0.25, True), trial(one, 0.27, True)])["choice"] == one
    # none meets it: the smallest miss
    assert b.best_of(pb, [trial(base, 0.40, False), trial(one, 0.37, False)])["choice"] == one


# --- a whole run ----------------------------------------------------------------------------------------


def test_a_balance_run_writes_its_proposal_in_both_languages_and_resumes(tmp_path):
    args = ["balance", "undecim", "--agents", "random", "-t", "start-player=25±10", "-s", "position_vp[2]=0..1",
            "-s", "variant:no-retake", "--games", "12", "--trials", "3", "--validate", "12", "--robust", "10",
            "--out", str(tmp_path)]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert "Proposal:" in r.output and "Validated on 12 fresh games" in r.output and "Robustness:" in r.output
    res = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    assert len(res["trials"]) == 3 and res["trials"][0]["choice"] == {"position_vp[2]=0..1": 0,
                                                                     "variant:no-retake": False}  # the base first
    v = res["validation"]
    assert v["games"] == 12 and len(v["base"]) == len(v["best"]) == 1
    lo, hi = v["best"][0]["ci"]
    assert lo <= v["best"][0]["value"] <= hi
    assert len(res["robustness"]["neighbours"]) == 2  # one step along each searched setting
    ja = (tmp_path / "balance-ja.html").read_text(encoding="utf-8")
    assert "提案：" in ja and "頑健性：" in ja and "スタートプレイヤーの勝率" in ja
    assert "Proposal:" in (tmp_path / "balance-en.html").read_text(encoding="utf-8")
    # again with the same settings: the search resumes from the stored trials, none is played twice
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    again = json.loads(r.output)
    assert [t["trial"] for t in again["trials"]] == [t["trial"] for t in res["trials"]]


def test_ctrl_c_during_the_search_says_one_line_and_no_traceback(tmp_path, monkeypatch, capfd):
    from soan.lab import runner as lab_runner

    real, calls = lab_runner.run_games, []

    def stopped_on_the_second_trial(*a, **kw):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*a, **kw)

    monkeypatch.setattr(lab_runner, "run_games", stopped_on_the_second_trial)
    r = runner.invoke(app, ["balance", "undecim", "--agents", "random", "-t", "start-player=25±10", "-s",
                            "position_vp[2]=0..2", "--games", "10", "--trials", "3", "--out", str(tmp_path)])
    err = capfd.readouterr()
    assert r.exit_code == 130 and "Stopped. The finished trials are kept in" in r.output
    assert "Traceback" not in r.output + err.out + err.err and "KeyboardInterrupt" not in err.err


def test_a_budget_of_no_time_is_refused_and_a_short_one_still_plays_the_base_game(tmp_path):
    for bad in ("0", "-5m", "nan"):
        r = runner.invoke(app, ["balance", "undecim", "--agents", "random", "-t", "start-player=25±10", "-s",
                                "gold_rate=1..2", "--budget", bad, "--out", str(tmp_path)])
        assert r.exit_code == 2 and "--budget takes a time in seconds or minutes, above 0" in r.output, r.output
    r = runner.invoke(app, ["ask", "undecim", "--budget=-5", "--lang", "ja"])  # ask takes 0: the start sizes
    assert r.exit_code == 2 and "0 以上。0 は問いのファイルにある最初のゲーム数" in r.output, r.output
    pb = _problem(tmp_path, games=10, trials=3, budget_s=1e-9)
    assert [t["trial"] for t in b.search(pb)] == [0]  # the base game, then the budget is spent


def test_the_report_names_each_searched_setting_by_its_name_and_value(tmp_path):
    r = runner.invoke(app, ["balance", "undecim", "--agents", "random", "-t", "start-player=25±10", "-s",
                            "position_vp=0,1,1,2", "-s", "variant:no-retake", "--games", "10", "--trials", "2",
                            "--validate", "10", "--robust", "10", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    en = (tmp_path / "balance-en.html").read_text(encoding="utf-8")
    ja = (tmp_path / "balance-ja.html").read_text(encoding="utf-8")
    assert "<td style='text-align:left'>position_vp=empty, UN-V3 (no retake)=off</td>" in en
    assert "<td style='text-align:left'>position_vp（手番順ごとにシーズン開始時に持つ勝利点）=空、UN-V3（" in ja
    assert "False" not in en + ja and "=[]" not in en + ja
    import json
    import re

    n = len(json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))["trials"])
    assert re.findall(r"<tr><td>(\d+)</td>", en) == [str(k) for k in range(1, n + 1)]  # rows from 1, no gaps


def test_ctrl_c_during_ask_fix_says_where_the_trials_are_kept(tmp_path, monkeypatch, capsys):
    import typer

    from soan.cli.ask import _fix

    def stopped(*a, **kw):
        raise KeyboardInterrupt
    monkeypatch.setattr(b, "fix_problem", stopped)
    res = {"answers": [_answer("seats", [{"significant": True}], {"targets": ["x"], "search": ["y"]})]}
    with pytest.raises(typer.Exit) as e:
        _fix("undecim", res, str(tmp_path), 1, True, "ja")
    out = capsys.readouterr().out
    assert e.value.exit_code == 130 and "中断しました。seat-advantage を直す設定の探索" in out
    assert "fix-seat-advantage" in out and "同じコマンドで続きから再開します" in out


def test_progress_counts_games_in_every_stage(tmp_path):
    pb = _problem(tmp_path, axes=("position_vp[2]=0..2",), games=60, trials=2, validate=60, robust=60)
    seen: dict[str, list[tuple[int, int]]] = {}
    res = b.run(pb, lambda stage, done, total: seen.setdefault(stage, []).append((done, total)))
    assert seen["search"][-1] == (120, 120) and (50, 120) in seen["search"]  # the bar moves inside a trial
    same = res["best"]["changed"] == []
    assert seen["validate"][-1] == ((60, 60) if same else (120, 120))
    n = len(res["robustness"]["neighbours"])
    assert seen["robust"][-1] == (60 * n, 60 * n) and n >= 1
    for stage, ticks in seen.items():
        assert [d for d, _ in ticks] == sorted(d for d, _ in ticks), stage  # never backwards


def test_a_folder_reused_with_other_settings_keeps_the_earlier_report(tmp_path):
    args = ["balance", "undecim", "--agents", "random", "-t", "start-player=25±10", "--games", "10", "--trials", "2",
            "--validate", "10", "--robust", "10", "--out", str(tmp_path)]
    r = runner.invoke(app, [*args, "-s", "position_vp[2]=0..1"])
    assert r.exit_code == 0, r.output
    first = (tmp_path / "balance.json").read_text(encoding="utf-8")
    r = runner.invoke(app, [*args, "-s", "position_vp[2]=0..1", "--validate", "12"])  # the same run, grown
    assert r.exit_code == 0 and "was moved to" not in r.output and not list(tmp_path.glob("earlier-*"))
    grown = (tmp_path / "balance.json").read_text(encoding="utf-8")
    r = runner.invoke(app, [*args, "-s", "position_vp[1]=0..1", "--lang", "ja"])  # other settings
    assert r.exit_code == 0, r.output
    (earlier,) = tmp_path.glob("earlier-*")
    assert "別の設定での実行のレポートは" in r.output and earlier.name in r.output
    assert (earlier / "balance.json").read_text(encoding="utf-8") == grown != first
    assert {p.name for p in earlier.iterdir()} == {"balance.json", "balance-en.html", "balance-ja.html"}
    assert "position_vp[1]" in (tmp_path / "balance.json").read_text(encoding="utf-8")


def test_undecim_score_parts_are_named_in_words_in_both_languages():
    from soan.games.undecim.fields import LEDGER

    for part in LEDGER:
        for lang in ("en", "ja"):
            assert b.measure_label(f"vp_{part}", "undecim", 4, lang) != f"vp_{part}", (part, lang)


def test_the_proposal_is_checked_with_other_bots_on_the_fresh_seeds(tmp_path):
    args = ["balance", "undecim", "--agents", "random", "-t", "start-player=25±10", "-s", "position_vp[2]=0..1",
            "--games", "10", "--trials", "2", "--validate", "12", "--robust", "10", "--level", "easy",
            "--level", "random,easy,random,easy", "--level-games", "14", "--out", str(tmp_path)]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    res = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    lv = res["levels"]
    assert [x["agents"] for x in lv] == [["easy"] * 4, ["random", "easy", "random", "easy"]]
    assert all(x["games"] == 14 and len(x["base"]) == len(x["best"]) == 1 for x in lv)
    easy = soan.lab.balance.play(b.Problem("undecim", 4, ["easy"] * 4, (), {}, [], []), {}, 14, res["fresh_seed"])
    assert lv[0]["base"][0]["value"] == pytest.approx(b.per_game(*easy, 4, targets_of(res)[0]).mean())
    assert "With other bots (the same fresh seeds, 14 games each): easy: the start player's win share" in r.output
    assert "random,easy,random,easy:" in r.output
    ja = (tmp_path / "balance-ja.html").read_text(encoding="utf-8")
    assert "他のボットでは（同じ新しいシードで各14ゲーム）：初級：スタートプレイヤーの勝率" in ja


def test_bad_input_to_the_command_is_one_clear_line(tmp_path):
    r = runner.invoke(app, ["balance", "undecim", "-t", "start-player 25", "-s", "gold_rate=1..2", "--lang", "ja",
                            "--out", str(tmp_path)])
    assert r.exit_code == 2 and "エラー：" in r.output and "を読めません" in r.output
    r = runner.invoke(app, ["balance", "undecim", "-t", "start-player=25±3", "-s", "nosuch=1..2", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "unknown parameter 'nosuch'" in r.output
    assert not (tmp_path / "optuna.db").exists()  # nothing started


# --- the rule parameters added for balancing -------------------------------------------------------------


def test_UN_B1_position_vp_starts_each_position_with_its_vp():
    from soan.games.undecim.fields import START
    from soan.games.undecim.measures import turn_order

    s = soan.make("undecim", players=4, seed=3, params={"position_vp": "0,1,2,3"})
    order = turn_order(s)
    assert [s.scores()[seat] for seat in order] == [0, 1, 2, 3]
    assert [s.ledger[seat][START] for seat in order] == [0, 1, 2, 3]
    short = soan.make("undecim", players=4, seed=3, params={"position_vp": "0,2"})  # missing positions: 0
    assert [short.scores()[seat] for seat in turn_order(short)] == [0, 2, 0, 0]
    with pytest.raises(ConfigError) as e:
        soan.make("undecim", players=3, seed=3, params={"position_vp": "0,1,1,2"})
    assert "4 turn positions for 3 players" in str(e.value) and "3人" in e.value.ja


def _final(game, params, seed=7):
    from soan.lab.runner import play_game

    return play_game(game, 4, seed, ["random"] * 4, params=params).scores


def test_UN_B1_and_AD_B1_default_and_zeros_keep_the_base_game():
    assert soan.make("undecim").cfg.params["position_vp"] == ()
    assert soan.make("asian-delivery").cfg.params["position_vp"] == ()
    assert _final("undecim", {"position_vp": "0,0,0,0"}) == _final("undecim", {})
    assert _final("asian-delivery", {"position_vp": "0,0,0,0"}) == _final("asian-delivery", {})


def test_AD_B1_position_vp_by_round_one_turn_order():
    from soan.games.asian_delivery.measures import turn_order

    s = soan.make("asian-delivery", players=3, seed=5, params={"position_vp": [0, 1, 2]})
    assert [s.scores()[seat] for seat in turn_order(s)] == [0, 1, 2]
    with pytest.raises(ConfigError):
        soan.make("asian-delivery", players=3, seed=5, params={"position_vp": [0, 1, 2, 3]})


def test_LS_B1_weather_bonus_adds_power_to_all_weather_voyages_only():
    from soan.games.la_superba.model import voyage_power

    R = soan.make("la-superba", params={"weather_bonus": 3}).R
    assert voyage_power((1, 16, 17), R) == 1 + 3 + 3 + 3  # every counting card weather
    assert voyage_power((7, 8, 19), R) == 4 * 2 + 1 + 1  # crew and a ship: no bonus
    assert voyage_power((1, 16, 7), R) == 1 + 3 + 1  # mixed: no bonus
    D = soan.make("la-superba", variants=["weather-double"], params={"weather_bonus": 3}).R
    assert voyage_power((1, 16, 17), D) == 2 * 7 + 3  # after LS-V1's doubling
    base = soan.make("la-superba").R
    assert voyage_power((1, 16, 17), base) == 7
    assert _final("la-superba", {"weather_bonus": 0}) == _final("la-superba", {})


# --- answers that propose a fix (soan ask --fix) ----------------------------------------------------------


def _answer(kind, rows, fix=None):
    q = {"id": "seat-advantage", "kind": kind, "ja": "問い", "en": "question", "draft": "…",
         "fixed": {"ja": "…", "en": "…"}}
    if fix:
        q["fix"] = fix
    return {"id": q["id"], "kind": kind, "q": q, "lead": "greedy",
            "by_bot": {"greedy": {"rows": rows}, "random": {"rows": []}}}


def test_which_answers_say_this_is_a_problem():
    assert b.is_problem(_answer("seats", [{"significant": False}, {"significant": True}]))
    assert not b.is_problem(_answer("seats", [{"significant": False}]))
    assert b.is_problem(_answer("dealt", [{"flag": True}])) and not b.is_problem(_answer("cards", [{"flag": False}]))
    assert b.is_problem(_answer("compare", [{"effect": "none"}, {"effect": "worse"}]))
    assert not b.is_problem(_answer("compare", [{"effect": "better"}]))
    assert not b.is_problem(_answer("level", [{"value": 1}]))
    # the leading (competent) bot level decides: random's rows alone do not
    a = _answer("seats", [{"significant": False}])
    a["by_bot"]["random"]["rows"] = [{"significant": True}]
    assert not b.is_problem(a)


def test_a_problem_with_a_fix_block_runs_a_balance_search_and_the_ask_report_links_it(tmp_path):
    fix = {"agents": "random", "targets": ["start-player=25±10"], "search": ["position_vp[2]=0..1"],
           "games": 12, "trials": 2, "validate": 12, "robust": 10}
    calm = _answer("seats", [{"significant": False}], fix)
    assert b.fix_problem("undecim", calm, tmp_path / "calm") is None and not (tmp_path / "calm").exists()
    assert b.fix_lines("undecim", calm, "en") == []
    ans = _answer("seats", [{"significant": True}], fix)
    assert b.fix_lines("undecim", ans, "ja") == ["直す設定を探すには：soan ask undecim seat-advantage --fix"]
    r = b.fix_problem("undecim", ans, tmp_path / "fix-seat-advantage")
    assert r is not None and (tmp_path / "fix-seat-advantage" / "balance.json").exists()
    assert r["command"].startswith("soan balance undecim --agents random -t ") and "position_vp[2]=0..1" in r["command"]
    ans["fix"] = r
    en = b.fix_lines("undecim", ans, "en")
    assert en[0].startswith("What would fix it (soan balance): Proposal: ")
    h = b.fix_html("undecim", ans, "ja", tmp_path)
    assert "解決の目安（soan balance）：提案：" in h and "href='fix-seat-advantage/balance-ja.html'" in h
    bad = _answer("seats", [{"significant": True}], {"targets": ["start-player=25±3"]})
    with pytest.raises(ConfigError, match="needs 'targets' and 'search'"):
        b.fix_problem("undecim", bad, tmp_path / "bad")


@pytest.mark.parametrize("game", [g["id"] for g in soan.games()])
def test_the_shipped_fix_blocks_are_valid_balance_searches(game):
    from soan.core.game import check_config
    from soan.lab.ask import load_questions

    qs = [q for q in load_questions(game)["questions"] if q.get("fix")]
    assert qs
    for q in qs:
        fx = q["fix"]
        _, P, vs, ps = check_config(game, fx.get("players"), fx.get("variants") or [], fx.get("params") or {})
        for s in fx["search"]:
            b.parse_axis(s, game, P, vs, ps)
        for t in fx["targets"]:
            b.parse_target(t, P)


def test_a_seed_optuna_cannot_take_is_refused_by_name_before_any_game(tmp_path):
    """`--seed -1` or beyond 2**32 - 1 (Optuna's samplers' range): a one-line error naming --seed, in
    Japanese too — never a traceback; the Python API refuses it as well, nothing written."""
    base = ["balance", "undecim", "--agents", "random", "-t", "start-player=25±10", "-s", "position_vp[2]=0..1",
            "--games", "10", "--trials", "2", "--out", str(tmp_path / "out")]
    for bad in ("-1", str(2**32)):
        r = runner.invoke(app, [*base, "--seed", bad])
        assert r.exit_code == 2 and "--seed" in r.output and "Traceback" not in r.output, r.output
        r = runner.invoke(app, [*base, "--seed", bad, "--lang", "ja"])
        assert r.exit_code == 2 and "--seed の値が正しくありません" in r.output and "Input should" not in r.output, r.output
    import dataclasses

    pb = _problem(tmp_path / "api")
    for bad in (-1, 2**32, True, 1.5):
        with pytest.raises(ConfigError, match="seed must be a whole number from 0 to 4294967295"):
            b.run(dataclasses.replace(pb, seed=bad))
    assert not (tmp_path / "out").exists() and not (tmp_path / "api").exists()


def test_ask_fix_is_sized_to_the_budget_and_says_its_expected_time_first():
    """`soan ask --fix`: the search's sizes shrink alike to fit --budget at the ask's price of a game (never
    below the floors), and the expected time is said before it starts, in both languages."""
    from soan.cli.ask import fix_plan_line
    from soan.lab.balance import FIX_FLOORS, fix_sizes

    fx = {"search": ["position_vp=0,1|0,2"], "targets": ["start-player=25±3"], "games": 150, "trials": 4,
          "validate": 600, "robust": 300, "budget": 900}
    full = fix_sizes(fx, None, 0.1)  # 4×150 + 2×600 + 2×300 games at 0.1 s: 240 s, within its own 900 s
    assert not full["scaled"] and full["games_total"] == 2400 and full["expected_s"] == pytest.approx(240)
    small = fix_sizes(fx, 60, 0.1)  # a one-minute --budget
    assert small["scaled"] and small["budget_s"] == 60 and small["trials"] == 4
    assert small["games"] >= FIX_FLOORS["games"] and small["validate"] >= FIX_FLOORS["validate"]
    assert small["expected_s"] < full["expected_s"]
    line = fix_plan_line("seat-advantage", small, "en")
    assert "Searching for a fix to seat-advantage: 4 settings" in line and "sized down to --budget" in line
    assert "約" in fix_plan_line("seat-advantage", small, "ja") and "--budget" in fix_plan_line("x", small, "ja")
    assert "time unknown" in fix_plan_line("x", fix_sizes(fx, 60, None), "en")


def test_a_run_stopped_after_its_search_keeps_the_validation_robustness_and_level_games(tmp_path, monkeypatch):
    """Ctrl-C in the robustness stage: the search (optuna.db) and the validation games were kept, but the
    validation and level games were played again from zero. Each setting's games are now kept whole
    (OUT/played/), so running again plays only what was not finished, and gives the same result."""
    pb = _problem(tmp_path, axes=("position_vp[2]=0..2",), games=20, trials=2, validate=20, robust=20)
    pb.levels = [["random"] * 4]
    pb.level_games = 10
    first = b.run(pb)
    calls = []
    from soan.lab.balance import procedure as balance_search

    real = balance_search.play
    monkeypatch.setattr(balance_search, "play", lambda *a, **kw: calls.append(a[2]) or real(*a, **kw))
    again = b.run(pb)
    assert calls == []  # nothing played again: the search from optuna.db, the rest from OUT/played/
    assert again["validation"] == first["validation"] and again["robustness"] == first["robustness"]
    assert again["levels"] == first["levels"]
    for f in (tmp_path / "played").glob("*-games.parquet"):
        f.unlink()
        break
    b.run(pb)
    assert len(calls) == 1  # one setting's games gone: only they are played again


def test_the_proposal_is_checked_with_the_hard_bots_and_the_report_names_them(tmp_path):
    """`--level hard` end to end at its smallest size (La Superba's hard: MCTS, about 2 s a game)."""
    args = ["balance", "la-superba", "--agents", "random", "-t", "start-player=33±30", "-s", "item_effect=exclusive,all",
            "--games", "10", "--trials", "2", "--validate", "10", "--robust", "10", "--level", "hard",
            "--level-games", "2", "--out", str(tmp_path)]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    lv = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))["levels"]
    assert [x["agents"] for x in lv] == [["hard"] * 4] and lv[0]["games"] == 2
    assert "With other bots (the same fresh seeds, 2 games each): hard: the start player's win share" in r.output
    ja = (tmp_path / "balance-ja.html").read_text(encoding="utf-8")
    assert "他のボットでは（同じ新しいシードで各2ゲーム）：上級：スタートプレイヤーの勝率" in ja

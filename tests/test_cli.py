"""The command line: play at a prompt (en/ja, bad input, undo, resume, hot seat), sim, analyze, bench."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import soan
from play_helpers import Script, session
from soan.cli.main import app

runner = CliRunner()


def test_a_whole_game_at_the_prompt_with_bad_input_re_prompting(tmp_path):
    sc = Script(["", "99", "fly away", "carry pepper=9", "help", "view", "log", "undo"])
    s = session(tmp_path, sc)
    assert s.run() == 0
    t = sc.text
    assert "No option 99; the options are 1-10." in t
    assert "'fly away' is not an action: unknown action 'fly'" in t
    assert "'carry pepper=9' is not an action" in t
    assert "Trade cards:" in t and "Pepper boom" in t  # help shows the cards' texts
    assert "Nothing of yours to undo" in t
    assert "Final scores" in t and "Winner:" in t
    assert soan.replay(tmp_path / "rec.jsonl").is_over()


def test_japanese_text(tmp_path):
    sc = Script(["help"])
    s = session(tmp_path, sc, lang="ja")
    assert s.run() == 0
    assert "ラウンド1：手札5枚から3枚を選び" in sc.text and "交易カード:" in sc.text and "最終得点" in sc.text


def test_log_shows_what_others_did_without_their_secrets(tmp_path):
    sc = Script([], limit=3)
    s = session(tmp_path, sc, humans=[3])
    s.run()
    assert "Player 1: played 3 cards face down" in sc.text
    assert "Player 1: chose their cargo (hidden)" in sc.text
    rv = soan.replay(tmp_path / "rec.jsonl")
    hidden = ", ".join(rv.card_name(c) for c in rv.played[0])
    assert hidden not in sc.text


def test_undo_takes_back_own_step_before_the_reveal(tmp_path):
    sc = Script(["1", "undo", "2"], then_first=False)
    s = session(tmp_path, sc, humans=[0])
    s.run()
    assert "Undone: play" in sc.text
    rec = [json.loads(x) for x in (tmp_path / "rec.jsonl").read_text().splitlines()[1:]]
    mine = [r["action"] for r in rec if r["seat"] == 0]
    first_options = soan.make("la-superba", players=4, seed=5).legal_actions(0)
    assert mine[0] == first_options[1].to_json()


def test_quit_saves_and_resume_goes_on(tmp_path):
    sc = Script(["1", "quit"], then_first=False)
    s = session(tmp_path, sc)
    assert s.run() == 1
    assert "--resume" in sc.text
    n_before = len((tmp_path / "rec.jsonl").read_text().splitlines())
    sc2 = Script([])
    s2 = session(tmp_path, sc2, resume=str(tmp_path / "rec.jsonl"))
    assert s2.state.played[0] is not None  # the first step was kept
    assert s2.run() == 0
    final = soan.replay(tmp_path / "rec.jsonl")
    assert final.is_over() and len((tmp_path / "rec.jsonl").read_text().splitlines()) > n_before


def test_hot_seat_hands_over_between_people(tmp_path):
    sc = Script([], limit=12)
    s = session(tmp_path, sc, humans=[0, 1])
    s.run()
    assert "Pass the keyboard to Player 2" in sc.text


def test_cli_play_rejects_bad_options():
    r = runner.invoke(app, ["play", "la-superba", "--lang", "fr"])
    assert r.exit_code == 2 and "--lang takes en or ja" in r.output
    r = runner.invoke(app, ["play", "la-superba", "--bots", "genius"])
    assert r.exit_code == 2 and "unknown agent 'genius'" in r.output


def test_sim_prints_win_share_and_speed():
    r = runner.invoke(app, ["sim", "la-superba", "-n", "40", "--players", "3", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["games"] == 40 and len(d["seats"]) == 3 and d["games_per_s"] > 0
    assert abs(sum(x["win_share"] for x in d["seats"]) - 1) < 1e-9
    r = runner.invoke(app, ["sim", "la-superba", "-n", "20", "-V", "weather-double"])
    assert r.exit_code == 0 and "win share" in r.output and "games/s" in r.output
    r = runner.invoke(app, ["sim", "la-superba", "-n", "5", "-V", "nope"])
    assert r.exit_code == 2 and "unknown variant 'nope'" in r.output
    r = runner.invoke(app, ["sim", "undecim", "-n", "8", "--lang", "ja"])  # in Japanese, seats from 1
    assert r.exit_code == 0 and "勝率" in r.output and "スタートプレイヤーの勝率は" in r.output and "毎秒" in r.output
    assert "win share" not in r.output and "games/s" not in r.output and "chance is" not in r.output, r.output


def test_sim_results_do_not_depend_on_jobs():
    from soan.lab.runner import run_games

    a = run_games("la-superba", 30, 4, ["random"] * 4, seed=3, jobs=1, chunk=7)
    b = run_games("la-superba", 30, 4, ["random"] * 4, seed=3, jobs=2, chunk=7)
    assert [r.scores for r in a] == [r.scores for r in b]


def test_analyze_json_has_the_notes_figures():
    r = runner.invoke(app, ["analyze", "la-superba", "power", "--json", "--param", "crew_power_with_ships=false"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["max"] == 16 and ["crew-1", "crew-1", "ship×4", "ship×4"] in d["argmax"]
    assert abs(sum(d["distribution"].values()) - 1) < 1e-9
    r = runner.invoke(app, ["analyze", "la-superba", "power", "-V", "weather-double"])
    assert r.exit_code == 0 and "22" in r.output and "literal" in r.output


def test_bench_reports_figures():
    r = runner.invoke(app, ["bench", "la-superba", "--games", "20", "--runs", "2", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["games_per_s"] > 0 and d["actions_per_s"] > 0 and d["clone_us"] > 0
    assert d["compiled"] == "none (pure Python)" or d["compiled"].endswith(" modules")  # the compiled build in use
    r = runner.invoke(app, ["bench", "la-superba", "--games", "5", "--runs", "1"])
    assert "random games a second:" in r.output and "games_per_s" not in r.output, r.output  # figures by name
    r = runner.invoke(app, ["bench", "la-superba", "--games", "5", "--runs", "1", "--lang", "ja"])
    assert "ランダムな対戦の毎秒ゲーム数" in r.output and "ラ・スペルバ" in r.output and "_per_" not in r.output, r.output


def test_bench_whole_bot_games_when_the_bot_plays_every_seat():
    """`--agent X --against X`: besides seat 1's choices, whole games of X in every seat (CPU time)."""
    r = runner.invoke(app, ["bench", "undecim", "--agent", "easy", "--against", "easy", "--games", "2", "--runs", "1",
                            "--decisions", "2", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["all_games_per_run"] == 2 and d["all_games_per_s"] > 0 and d["all_ms_per_choice"] > 0
    assert 0 < d["all_choices_per_game"] and d["decisions"] == 2
    r = runner.invoke(app, ["bench", "undecim", "--agent", "easy", "--decisions", "2", "--runs", "1", "--json"])
    assert r.exit_code == 0 and "all_games_per_s" not in json.loads(r.output)  # against random: seat 1 only


def test_deck_commands(tmp_path):
    out = tmp_path / "v.csv"
    r = runner.invoke(app, ["deck", "export", "la-superba", "voyage_cards", str(out)])
    assert r.exit_code == 0 and "wrote 24 cards" in r.output
    r = runner.invoke(app, ["deck", "import", "la-superba", "voyage_cards", str(out), "--out", str(tmp_path / "m.yaml")])
    assert r.exit_code == 0, r.output
    assert soan.make("la-superba", components=str(tmp_path / "m.yaml")).R.deck == tuple(range(1, 25))
    r = runner.invoke(app, ["deck", "export", "la-superba", "nothing", str(out)])
    assert r.exit_code == 2 and "no deck 'nothing'" in r.output


def test_games_and_replay_commands(tmp_path):
    r = runner.invoke(app, ["games", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)[0]["id"]
    r = runner.invoke(app, ["replay", str(tmp_path / "none.jsonl")])
    assert r.exit_code == 2 and "cannot read record" in r.output


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_render_shows_only_own_hand(lang):
    from soan.games.la_superba.text import render

    s = soan.make("la-superba", seed=8)
    t = render(s, 0, lang)
    sep = "、" if lang == "ja" else ", "
    other = sep.join(s.card_name(c, lang) for c in s.hands[1])
    assert other not in t and sep.join(s.card_name(c, lang) for c in s.hands[0]) in t


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_undecim_whole_campaign_at_the_prompt(tmp_path, lang):
    sc = Script(["help", "log", "zzz", "take nothing", "undo"], limit=2000)
    s = session(tmp_path, sc, game="undecim", lang=lang, params={"campaign": True}, players=3)
    assert s.run() == 0
    t = sc.text
    final = soan.replay(tmp_path / "rec.jsonl")
    assert final.is_over() and final.season == 3
    if lang == "en":
        assert "Council normal" in t and "Frontier" in t and "Action cards:" in t and "Final scores" in t
        assert "Season 1 result" in t and "land majority" in t
        assert "Not a legal action now" in t
    else:
        assert "議会（ノーマルエリア）" in t and "開拓地" in t and "シーズン1の結果" in t and "アクションカード:" in t and "最終得点" in t


def test_undecim_undo_within_a_turn(tmp_path):
    sc = Script(["1", "undo"], then_first=False)
    s = session(tmp_path, sc, game="undecim", humans=[0], players=3, seed=2)
    s.run()
    assert "Undone: take" in sc.text
    assert s.state.to_act() == (0,) and s.state.stage == "take"


def test_play_campaign_flag():
    r = runner.invoke(app, ["play", "undecim", "--campaign", "--players", "3", "--humans", "", "--bots", "random",
                            "--record", "/tmp/soan-campaign-test.jsonl", "--seed", "1"], input="")
    assert r.exit_code in (0, 1), r.output
    assert soan.replay("/tmp/soan-campaign-test.jsonl").seasons == 3


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_asian_delivery_whole_game_at_the_prompt(tmp_path, lang):
    sc = Script(["view", "help", "end", "n", "2", "undo", "99"], limit=5000)
    s = session(tmp_path, sc, game="asian-delivery", lang=lang, players=3, seed=4)
    assert s.run() == 0
    t = sc.text
    final = soan.replay(tmp_path / "rec.jsonl")
    assert final.is_over() and final.round == 8
    if lang == "en":
        assert "Request display" in t and "Train at" in t and "Business cards:" in t and "End your action step?" in t
        assert "Undone: play" in t and "No option 99" in t
    else:
        assert "依頼置き場" in t and "列車 エリア" in t and "中間決算" in t and "最終決算" in t and "アクションを終了しますか？" in t and "最終得点" in t


def test_asian_delivery_end_step_needs_confirmation(tmp_path):
    sc = Script(["play 40 down", "done", "end", "n"], then_first=False)
    s = session(tmp_path, sc, game="asian-delivery", players=3, seed=4, humans=[0])
    s.run()
    assert "End your action step?" in sc.text
    assert s.state.stack[-1] == ("action", 0) and s.state.played == 1  # 'n' kept the step open


def test_bot_reasons_shown_for_public_moves_only(tmp_path):
    sc = Script([], limit=4)
    s = session(tmp_path, sc, game="undecim", players=3, seed=1, humans=[2], bots=["greedy:samples=1"])
    s.run()
    assert "weighed:" not in sc.text  # reasons only on request
    sc = Script(["why"], limit=4)
    s = session(tmp_path, sc, game="undecim", players=3, seed=1, humans=[2], bots=["greedy:samples=1"])
    s.run()
    assert "weighed:" in sc.text
    sc2 = Script(["why"], limit=3)
    s2 = session(tmp_path, sc2, game="la-superba", players=3, seed=1, humans=[2], bots=["greedy:samples=1"])
    s2.run()
    assert "weighed:" not in sc2.text and "secret until the reveal" in sc2.text  # La Superba's moves are secret: no reasons that would leak them


def test_demo_speaks_japanese_under_lang_ja(tmp_path):
    """`soan demo --lang ja`: the summary table, the reports' lines and what to try next in Japanese (both
    reports are written either way)."""
    r = runner.invoke(app, ["demo", "-n", "4", "--out", str(tmp_path), "--lang", "ja"])
    assert r.exit_code == 0, r.output
    assert "ラ・スペルバ" in r.output and "貪欲" in r.output and "レポート：" in r.output and "次に試すこと：" in r.output
    assert "win share" not in r.output and "Next:" not in r.output and "report:" not in r.output, r.output
    assert (tmp_path / "undecim" / "report.html").exists() and (tmp_path / "undecim" / "report-ja.html").exists()


def test_sim_on_a_complete_study_says_nothing_was_played(tmp_path):
    args = ["sim", "undecim", "-n", "4", "--out", str(tmp_path / "s")]
    assert runner.invoke(app, args).exit_code == 0
    r = runner.invoke(app, args)
    text = " ".join(r.output.split())  # the console folds long lines
    assert r.exit_code == 0 and "already held its 4 games, so none was played" in text and "games/s" not in text


def test_a_slow_bots_games_a_second_never_read_as_zero():
    """`soan sim` with a searching bot printed "0 games/s": rates below 10 keep two significant digits."""
    from soan.cli.common import per_second

    assert [per_second(x) for x in (12_345.6, 10.0, 4.26, 0.354, 0.0049, 0.000012)] == [
        "12,346", "10", "4.3", "0.35", "0.0049", "0.000012"]
    assert per_second(0.0) == "0"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_games_lists_the_bots_play_styles_as_a_bot_takes_them(lang):
    """A play style could be listed only by playing games with one or by naming a wrong one: `soan games`
    lists each game's styles (data/styles.yaml) in the reader's language, and its JSON holds them."""
    from soan.agents.styles import game_styles

    out = runner.invoke(app, ["games", "--lang", lang]).output
    for game in ("asian-delivery", "la-superba"):
        for st in game_styles(game).values():
            assert f"greedy:style={st.name}" in out and (st.ja if lang == "ja" else st.en) in out
    assert ("プレイスタイル steady" if lang == "ja" else "style steady") in out
    doc = {g["id"]: g for g in json.loads(runner.invoke(app, ["games", "--json"]).output)}
    assert {s["id"] for s in doc["asian-delivery"]["styles"]} == set(game_styles("asian-delivery"))

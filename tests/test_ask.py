"""`soan ask`: questions as data, answered from shared-seed studies, cached; `soan aa`."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from soan.core.errors import ConfigError
from soan.lab.ask import ask, load_questions
from soan.lab.ask_report import lines, write_html

runner = CliRunner()


@pytest.mark.parametrize("game", [g["id"] for g in soan.games()])
def test_every_game_has_checked_questions_in_both_languages(game):
    doc = load_questions(game)
    ids = [q["id"] for q in doc["questions"]]
    assert "seat-advantage" in ids and len(ids) >= 5
    for q in doc["questions"]:
        assert q["ja"] and q["en"] and q["draft"] and q["fixed"]["ja"] and q["fixed"]["en"]


def test_ask_answers_with_paired_studies_and_asking_again_is_cached(tmp_path):
    res = ask("undecim", ["hand-fluidity"], budget_s=0, out=tmp_path, jobs=1, bots=("random",),
              start_n={"random": 120})
    (ans,) = res["answers"]
    rows = ans["by_bot"]["random"]["rows"]
    assert [r["setting"] for r in rows] == ["random-4p-bonus-lock", "random-4p-one-card-hand", "random-4p-no-retake"]
    assert all(r["paired"] and r["games"] == [120, 120] for r in rows)
    v2 = rows[1]
    assert v2["diff"] > 0 and v2["ci"][0] > 0 and v2["effect"] == "worse"  # UN-V2: the hand changes less often
    en = lines("undecim", ans, "en")
    ja = lines("undecim", ans, "ja")
    assert "UN-V2 (one card hand) raises the share" in en[1] and "which is undesirable" in en[1]
    assert "→" in en[1] and "95% range" in en[1]
    assert "UN-V2（" in ja[1] and "を上げる（望ましくない向き）" in ja[1]  # a share goes up (上げる), not 増やす
    for x in ja:  # the verdicts in plain words: no test names in them
        assert not any(word in x for word in ("t検定", "Holm", "p値", "有意"))
    again = ask("undecim", ["hand-fluidity"], budget_s=0, out=tmp_path, jobs=1, bots=("random",))
    assert again["answers"][0]["by_bot"]["random"]["rows"][1]["diff"] == v2["diff"]
    assert res["before_s"] == 0 and again["before_s"] == pytest.approx(res["spent_s"])  # the first ask's time
    assert again["continued"] and not res["continued"]
    r = runner.invoke(app, ["ask", "undecim", "hand-fluidity", "--budget", "0", "--out", str(tmp_path), "-j", "1",
                            "--bots", "random", "--lang", "ja"])
    assert r.exit_code == 0, r.output
    assert "前回までの試行を引き継いだ" in r.output and "別の --out" in r.output  # asking again says it continues
    for lang in ("en", "ja"):
        h = write_html(res, lang, tmp_path / f"a-{lang}.html").read_text(encoding="utf-8")
        assert h.count("data:image/png;base64,") == 1 and ("草案" in h if lang == "ja" else "The draft" in h)
        if lang == "ja":  # settings, bots and verdicts in Japanese; folder names (in <code>) and the methods' names aside
            text = re.sub(r"<(style|script|code)[^>]*>.*?</\1>|data:image/png;base64,[^\"']+|<[^>]+>", " ", h, flags=re.S)
            assert set(re.findall(r"[A-Za-z][A-Za-z_]{2,}", text)) <= {"Holm", "Haybittle", "Peto", "Wilson", "soan", "ask", "TOST", "out", "budget", "seed"}


def test_asking_again_never_looks_again_with_more_games(tmp_path):
    """The plan is made once, before any game is looked at: a larger budget on the same folder answers
    from the same games (another --out plans afresh), so no answer comes from looking until it is clear."""
    res = ask("undecim", ["gold-bonus"], budget_s=0, out=tmp_path, jobs=1, bots=("random",), start_n={"random": 30})
    again = ask("undecim", ["gold-bonus"], budget_s=600, out=tmp_path, jobs=1, bots=("random",))
    assert res["studies"] == again["studies"] == {"random-4p-base": 30, "random-4p-base_gold_rate-2": 30}
    assert again["answers"][0]["by_bot"]["random"]["rows"][0]["diff"] == res["answers"][0]["by_bot"]["random"]["rows"][0]["diff"]


def test_a_second_ctrl_c_while_the_first_is_handled_keeps_the_message_and_a_whole_state(tmp_path, monkeypatch):
    """Two quick Ctrl-C's: the second came while the state was saved or the workers stopped, and the message
    that says how to go on was lost. Further Ctrl-C's now wait until it is printed, then work again."""
    import os
    import signal

    from soan.lab.ask import asker as ask_mod

    real_run, real_dumps = ask_mod.run_studies, json.dumps
    seen = {"interrupted": False, "second": 0}

    def interrupted(*args, **kw):
        real_run(*args, **kw)
        seen["interrupted"] = True
        raise KeyboardInterrupt

    def dumps_after_a_second_ctrl_c(*args, **kw):
        if seen["interrupted"] and not seen["second"]:  # Ctrl-C again while the state is being saved
            seen["second"] += 1
            os.kill(os.getpid(), signal.SIGINT)
        return real_dumps(*args, **kw)

    monkeypatch.setattr(ask_mod, "run_studies", interrupted)
    monkeypatch.setattr(json, "dumps", dumps_after_a_second_ctrl_c)
    before = signal.getsignal(signal.SIGINT)
    r = runner.invoke(app, ["ask", "undecim", "gold-bonus", "--budget", "2s", "--out", str(tmp_path), "-j", "1",
                            "--bots", "random"])
    assert seen["second"] == 1 and r.exit_code == 130, r.output
    assert "To go on, run the same command again" in r.output, r.output
    assert isinstance(json.loads((tmp_path / "undecim" / "ask-state.json").read_text())["n"], dict)  # whole
    assert signal.getsignal(signal.SIGINT) is before  # given back once the message is out


def test_a_studys_progress_is_the_games_it_holds_so_a_later_stage_never_runs_past_the_plan(tmp_path):
    """A stage's bar counted the games a study already held as if played again (`424/200`): the progress
    is now the games the study holds, out of what it will hold."""
    from soan.lab.ask import Asker, Setting

    seen: list[tuple[str, int, int]] = []
    a = Asker("undecim", tmp_path, jobs=1, bots=("random",), progress=lambda *x: seen.append(x))
    s = Setting(4, "random", ())
    a.ensure(s, 20)  # a first stage
    a.ensure(s, 50)  # the next: 20 held, 30 more
    assert all(held <= n for _, held, n in seen), seen
    start = [held for _, held, n in seen if n == 50][0]  # the whole chunks held (a part-full one is played again)
    assert 0 < start <= 20 and seen[-1] == (s.name, 50, 50)


def test_ctrl_c_keeps_the_games_says_how_to_go_on_and_asking_again_continues(tmp_path, monkeypatch):
    """Issue 27: an ask interrupted right after its pilot left a folder on which every later ask failed
    (OverflowError: a pilot with no cost recorded). Ctrl-C now says what was kept and how to go on."""
    from soan.lab.ask import asker as ask_mod

    real = ask_mod.run_studies
    calls = []

    def interrupted_after_the_pilot(*args, **kw):
        r = real(*args, **kw)
        calls.append(r)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return r

    monkeypatch.setattr(ask_mod, "run_studies", interrupted_after_the_pilot)
    cmd = ["ask", "undecim", "gold-bonus", "--budget", "2s", "--out", str(tmp_path), "-j", "1", "--bots", "greedy"]
    r = runner.invoke(app, cmd)
    assert r.exit_code == 130, r.output
    assert "Interrupted." in r.output and "kept in" in r.output
    # the same command: the budget it planned with too (a resumed ask keeps to it), and a wanted --fix
    assert f"soan ask undecim gold-bonus --out {tmp_path} --budget 2s --bots greedy" in r.output.replace("\n", " ")
    calls.clear()  # interrupted again, on other games: the way on keeps --seed (OUT/seed-3, not the default folder)
    r = runner.invoke(app, [*cmd, "--seed", "3"])
    assert r.exit_code == 130 and "--seed 3" in r.output.replace("\n", " ") and "-j 1" in r.output, r.output
    calls.clear()
    r = runner.invoke(app, [*cmd, "--fix"])
    assert r.exit_code == 130 and "-j 1 --fix" in r.output.replace("\n", " "), r.output
    calls.clear()  # a budget with a space, as budget_seconds takes it: quoted for the shell
    r = runner.invoke(app, [*cmd[:3], "--budget", "2 s", *cmd[5:]])
    assert r.exit_code == 130 and "--budget '2 s'" in r.output.replace("\n", " "), r.output
    r = runner.invoke(app, [*cmd, "--lang", "ja"])
    assert r.exit_code == 0, r.output
    assert "前回までの試行を引き継いだ" in r.output and "金の得点" in r.output
    state = json.loads((tmp_path / "undecim" / "ask-state.json").read_text())
    assert state["cost"]["greedy"] > 0 and set(state["plan"]) == {"greedy-4p-base", "greedy-4p-base_gold_rate-2"}


def test_the_ask_procedure_flags_nothing_in_an_a_a_check_and_finds_a_real_difference(tmp_path):
    """A small version of scripts/ask_aa.py: the whole procedure on A/A versions of a question (each
    side its own seeds) flags nothing, while the same procedure finds UN-V2's effect."""
    from soan.lab.ask import aa, aa_question, load_questions

    q = next(x for x in load_questions("undecim")["questions"] if x["id"] == "hand-fluidity")
    a = aa_question("undecim", q, 3)
    assert {s["seed"] for s in a["against"]} | {a["base"]["seed"]} == {3001, 3002, 3003, 3004}
    res = aa("undecim", "hand-fluidity", reps=4, budget_s=0, out=tmp_path, jobs=1, start_n={"random": 40})
    assert res["reps"] == 4 and res["flagged"] == 0 and res["games_max"] == 40
    assert not list(tmp_path.iterdir())  # each repetition's folder is removed
    two = aa("undecim", ["hand-fluidity", "gold-bonus"], reps=2, budget_s=0, out=tmp_path, jobs=1,
             start_n={"random": 40})
    assert set(two["by_question"]) == {"hand-fluidity", "gold-bonus"} and two["comparisons"] == 4
    assert two["flagged"] <= sum(two["by_question"].values()) and two["reshared"] == 0  # no budget: no resharing
    real = ask("undecim", ["hand-fluidity"], budget_s=0, out=tmp_path, jobs=1, bots=("random",),
               start_n={"random": 40})
    assert real["answers"][0]["by_bot"]["random"]["rows"][1]["effect"] == "worse"


def test_no_events_or_no_spread_is_never_an_answer():
    from soan.lab.ask.verdict import _effect
    from soan.lab.stats import adjust, adjust_equiv, paired_diff

    q = {"better": "higher", "margin": 0.5}
    none = paired_diff(np.zeros(8), np.zeros(8), 0.5)
    same = paired_diff(np.arange(8.0), np.arange(8.0) + 1, 0.5)
    rows = adjust_equiv(adjust([{**none}, {**same}]))
    for r in rows:
        r["negligible"] = bool(r["equivalent"] and r["spread"] == "ok")
        r["significant"] = bool(r["significant"] and r["spread"] == "ok")
    assert none["spread"] == "no_events" and _effect(q, rows[0], "undecim", 4) == "no_events"
    assert same["spread"] == "none" and _effect(q, rows[1], "undecim", 4) == "no_spread"
    with pytest.raises(ValueError, match="the same games"):
        paired_diff(np.zeros(3), np.zeros(4))


def test_ask_names_what_is_wrong(tmp_path):
    with pytest.raises(ConfigError, match="unknown question 'nope'"):
        ask("undecim", ["nope"], out=tmp_path)
    r = runner.invoke(app, ["ask", "undecim", "--budget", "soon", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "--budget takes a time in seconds or minutes" in r.output and "soon" in r.output
    r = runner.invoke(app, ["ask", "undecim", "--list", "--lang", "ja"])
    assert r.exit_code == 0 and "hand-fluidity: 手札は動いているか" in r.output


def test_aa_command_reports_the_false_positive_share():
    r = runner.invoke(app, ["aa", "undecim", "-n", "40", "--reps", "1", "-p", "3", "-j", "1", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["reps"] == 1 and d["measures"] > 30 and 0 <= d["false_positive_share"] <= d["uncorrected_share"] <= 1


def test_the_plan_fits_the_budget_before_any_game_is_looked_at(tmp_path):
    """Each study's size comes from the budget and a pilot's price, never from results: the lead level
    takes what the context level leaves, shared equally; a slow level gets the floor and a note."""
    from soan.lab.ask import Asker, Setting, plan_sizes
    from soan.lab.ask.asker import MIN_N, OVERHEAD_S, SAFETY, STAGES

    class Priced(Asker):
        def ensure(self, s, n):
            self.cost[s] = self.per_game[s.bot]
            self.n[s] = n

    lead = [Setting(4, "greedy", (f"V{k}",), ()) for k in range(10)]
    ctx = [Setting(4, "random", (f"V{k}",), ()) for k in range(10)]
    a = Priced("asian-delivery", tmp_path, bots=("greedy", "random"))
    a.per_game = {"greedy": 4.0, "random": 0.002}  # seconds a game on one core: greedy 2 s on the default 2 jobs
    plan = plan_sizes(a, ("greedy", "random"), {"greedy": lead, "random": ctx}, {}, 600.0, {"random": 200})
    assert {plan[s.name] for s in ctx} == {200}
    left = 600 * SAFETY - (200 * 10 * 0.001 + 10 * OVERHEAD_S)
    assert {plan[s.name] for s in lead} == {int((left - 10 * len(STAGES) * OVERHEAD_S) / 2.0 / 10)}
    assert a.jobs == 2 and not a.over
    state = {}
    slow = plan_sizes(a, ("greedy",), {"greedy": lead}, state, 30.0, {})
    assert set(slow.values()) == {MIN_N} and a.over[0]["bot"] == "greedy" and a.over[0]["games"] == MIN_N
    assert plan_sizes(a, ("greedy",), {"greedy": lead}, state, 6000.0, {}) == slow  # planned once: kept
    assert set(plan_sizes(a, ("greedy",), {"greedy": lead}, {}, 0.0, {"greedy": 8}).values()) == {8}
    # a folder an ask with other questions planned: a new study is compared pair by pair with the planned
    # ones, so it is planned no larger (a later ask grew one to 1120 games beside a base of 530: no use)
    reused = plan_sizes(a, ("greedy",), {"greedy": lead}, {"plan": {s.name: 40 for s in lead[:5]}}, 6000.0, {})
    assert {reused[s.name] for s in lead} == {40}


def test_the_pilot_prices_a_level_on_a_study_with_the_most_players(tmp_path):
    """The study names sort 3-player studies first; the pilot plays the dearer 4-player games."""
    from soan.lab.ask import Asker, Setting
    from soan.lab.ask.plan import _price

    class Priced(Asker):
        def ensure(self, s, n):
            self.cost[s] = 0.3 if s.players == 4 else 0.2
            self.n[s] = n

    todo = [Setting(3, "greedy", (), ()), Setting(4, "greedy", (), ()), Setting(4, "greedy", ("V1",), ())]
    a = Priced("asian-delivery", tmp_path, bots=("greedy",))
    assert _price(a, "greedy", todo, {}) == 0.3 / 2 and set(a.n) == {todo[1]}


def test_a_questions_file_names_bad_bot_levels(tmp_path, monkeypatch):
    import yaml

    from soan.core.errors import ConfigError
    from soan.lab.ask import questions as ask_mod

    src = ask_mod.questions_path("undecim")
    doc = yaml.safe_load(src.read_text(encoding="utf-8"))
    bad = tmp_path / "questions.yaml"
    monkeypatch.setattr(ask_mod, "questions_path", lambda game: bad)
    for extra, word in (({"bots": ["random", "nosuchbot"]}, "nosuchbot"), ({"start_n": {"random": 0}}, "start_n")):
        bad.write_text(yaml.safe_dump({**doc, **extra}, allow_unicode=True), encoding="utf-8")
        with pytest.raises(ConfigError, match=word):
            ask_mod.load_questions("undecim")
    bad.write_text(yaml.safe_dump({**doc, "bots": ["random", "easy"], "start_n": {"easy": 5}}, allow_unicode=True),
                   encoding="utf-8")
    got = ask_mod.load_questions("undecim")
    assert got["bots"] == ["random", "easy"] and got["start_n"] == {"easy": 5}


def test_a_questions_file_the_designer_broke_is_named_with_its_line_in_both_languages(tmp_path, monkeypatch):
    """A YAML slip in questions.yaml (a colon inside an unquoted text, as it is easy to make) gives the
    file, its line and column and what is wrong — never a parser traceback; a file that is no mapping too."""
    from soan.cli.main import app
    from soan.core.errors import SoanError
    from soan.lab.ask import questions as ask_mod

    bad = tmp_path / "questions.yaml"
    monkeypatch.setattr(ask_mod, "questions_path", lambda game: bad)
    bad.write_text("questions:\n  - id: q\n    en: Does it work: yes or no?\n", encoding="utf-8")
    with pytest.raises(SoanError, match=r"questions.yaml: line 3, column \d+: not valid YAML") as e:
        ask_mod.load_questions("undecim")
    assert "3行目" in e.value.ja and "YAML として読めません" in e.value.ja and "mapping" not in e.value.ja
    r = CliRunner().invoke(app, ["ask", "undecim", "--list", "--lang", "ja"])
    assert r.exit_code != 0 and "3行目" in r.output and "Traceback" not in r.output, r.output
    bad.write_text("- just\n- a list\n", encoding="utf-8")
    with pytest.raises(SoanError, match="expected a mapping with 'questions'") as e:
        ask_mod.load_questions("undecim")
    assert "list" not in e.value.ja  # no Python type name in the Japanese
    for text in ("questions: hello\n", "questions:\n  - just a string\n"):  # an AttributeError before
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(SoanError, match="'questions' is a list of questions") as e:
            ask_mod.load_questions("undecim")
        assert "問いの並び" in e.value.ja
    bad.write_text("questions:\n  - {id: q, ja: 問い, en: q, draft: 草案, kind: guess}\n", encoding="utf-8")
    with pytest.raises(SoanError, match="kind 'guess'; expected one of compare, level") as e:
        ask_mod.load_questions("undecim")
    assert e.value.ja.startswith("questions.yaml：問い 'q'：kind 'guess' は使えません。使えるのは「compare、")


@pytest.mark.parametrize("game", [g["id"] for g in soan.games()])
def test_every_question_quotes_its_draft_verbatim(game):
    import re
    from pathlib import Path

    draft = (Path(__file__).parents[1] / "docs" / "drafts" / f"{game}.txt").read_text(encoding="utf-8")
    text = re.sub(r"\n[\u3000 ]*", "", draft)  # a quote may run over the draft's line breaks
    for q in load_questions(game)["questions"]:
        quote = re.sub(r"（全ゲーム共通の問い：[^）]*）", "", q["draft"])  # the project's own questions
        for part in (p.strip() for p in quote.split("…")):
            assert not part or part in text, f"{game} {q['id']}: not in the draft: {part}"


def test_an_exact_part_gives_the_la_superba_maxima_of_the_notes(tmp_path):
    # LS-A1: 22 with weather-double (three weather-3 and one weather-2, doubled: (9 + 2) × 2), 20 once
    # LS-V2 removes a weather-3 and a weather-2 — the notes' own arithmetic, computed over the deck
    res = ask("la-superba", ["weather-double-strength"], budget_s=0, out=tmp_path, jobs=1, bots=("random",))
    (ex,) = [x for x in res["answers"][0]["exact"] if x["key"] == "max"]
    assert ex["values"] == [22, 20]
    text = "\n".join(lines("la-superba", res["answers"][0], "ja"))
    assert "厳密計算" in text and "22 → 20" in text


def test_both_levels_agree_only_when_both_are_clear_and_give_the_same_answer():
    """The competent level leads; 'the same answer with both' needs both clear and agreeing, otherwise
    the lines say which level said what."""
    from soan.lab.ask.verdict import agree as agreement
    from soan.lab.ask_report.sentences import levels_line

    bots = ("greedy", "random")
    clear_worse = {"clear": True, "gist": ["worse"]}
    for ctx, agree, word in (({"clear": True, "gist": ["worse"]}, True, "両方で同じ答え"),
                             ({"clear": True, "gist": ["negligible"]}, False, "答えが異なる"),
                             ({"clear": False, "gist": ["none"]}, None, None)):
        by_bot = {"greedy": clear_worse, "random": ctx}
        assert agreement({}, by_bot, bots) is agree
        got = levels_line("undecim", {"by_bot": by_bot, "agree": agree}, "ja")
        if word is None:  # the context level's own line says it is not clear yet
            assert got == []
            continue
        (line,) = got
        assert word in line and "中級ボット（貪欲）" in line  # (random players differ as a reference line)
    unclear_lead = {"greedy": {"clear": False, "gist": ["none"]}, "random": clear_worse}
    assert agreement({}, unclear_lead, bots) is None
    assert levels_line("undecim", {"by_bot": unclear_lead, "agree": None}, "en") == []  # never "holds with both"


def test_card_serials_sort_as_numbers_and_the_figures_keep_each_bots_cards():
    from soan.lab.ask_report import figure
    from soan.lab.report import pyplot
    from soan.lab.stats import _natural

    assert sorted(["bycard_10", "bycard_9", "bycard_100", "ship-x4"], key=_natural) == \
        ["bycard_9", "bycard_10", "bycard_100", "ship-x4"]
    row = {"use": 0.5, "ci": [0.2, 0.4], "games": 10, "flag": False}
    ans = {"kind": "cards", "q": {"id": "c"}, "by_bot": {
        "greedy": {"players": 4, "rows": [{**row, "card": "a", "win_share": 0.3}, {**row, "card": "c", "win_share": 0.3}]},
        "random": {"players": 4, "rows": [{**row, "card": "b", "win_share": 0.2}, {**row, "card": "c", "win_share": 0.25}]}}}
    seen = {}
    plt = pyplot("en")
    real = plt.Axes.errorbar

    def spy(self, x, y, **kw):
        seen[kw["label"]] = list(zip(x, y, strict=True))
        return real(self, x, y, **kw)

    plt.Axes.errorbar = spy
    try:
        figure("undecim", ans, "en", plt)
    finally:
        plt.Axes.errorbar = real
    # cards a, c, b at rows 0, 1, 2: each bot's figures sit on its own cards' rows
    assert [round(y) for _, y in seen["normal bots (greedy)"]] == [0, 1]
    assert [round(y) for _, y in seen["random bots"]] == [2, 1] or [round(y) for _, y in seen["random bots"]] == [1, 2]
    assert dict((round(y), x) for x, y in seen["random bots"])[1] == 0.25


def test_a_question_says_what_other_measurements_add(tmp_path, monkeypatch):
    """Undecim's start-player question carries what all-hard games found; a bad `known` is named."""
    import yaml

    from soan.core.errors import ConfigError
    from soan.lab.ask import questions as ask_mod
    from soan.lab.ask_report import lines

    doc = ask_mod.load_questions("undecim")
    q = next(x for x in doc["questions"] if x["id"] == "seat-advantage")
    ans = {"kind": "seats", "q": q, "by_bot": {}}
    monkeypatch.setattr("soan.lab.ask_report.sentences.seats_lines", lambda game, a, lang: ["(the verdict)"])
    ja, en = lines("undecim", ans, "ja"), lines("undecim", ans, "en")
    assert ja[0] == en[0] == "(the verdict)"
    assert len(ja) == len(en) == 2
    assert ja[-1] == "別の測定から：" + q["known"]["ja"] and en[-1] == "Known from other measurements: " + q["known"]["en"]
    raw = yaml.safe_load(ask_mod.questions_path("undecim").read_text(encoding="utf-8"))
    raw["questions"][0]["known"] = {"ja": "だけ"}
    bad = tmp_path / "questions.yaml"
    bad.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    monkeypatch.setattr(ask_mod, "questions_path", lambda game: bad)
    with pytest.raises(ConfigError, match="'known' needs a text in 'ja' and in 'en'"):
        ask_mod.load_questions("undecim")


def test_json_writes_the_html_reports_too_with_the_budget_notes(tmp_path):
    r = runner.invoke(app, ["ask", "undecim", "gold-bonus", "--budget", "0", "--out", str(tmp_path), "-j", "1",
                            "--bots", "random", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert sorted(d["html"]) == sorted(str(tmp_path / "undecim" / f"answers-{lg}.html") for lg in ("en", "ja"))
    h = (tmp_path / "undecim" / "answers-ja.html").read_text(encoding="utf-8")
    assert "判定の方法" in h and "同等性検定" in h  # the methods' footnote, in the HTML
    en = (tmp_path / "undecim" / "answers-en.html").read_text(encoding="utf-8")
    assert "Fixed would look like: " in en and "：" not in en.split("Fixed would look like")[1][:2]  # a colon in English
    res = {**d, "over": [{"bot": "greedy", "studies": 14, "games": 4, "needs_s": 900.0, "share_s": 60.0}]}
    h = write_html(res, "ja", tmp_path / "over.html").read_text(encoding="utf-8")
    assert "予算を超えた" in h and "中級ボット（貪欲）" in h  # the over-budget note in the HTML


def timed_asker(clock: list[float], per_game: float):
    """An Asker class whose games are not played but cost `per_game` seconds each on `clock`."""
    from soan.lab.ask import Asker

    class Timed(Asker):
        def ensure_all(self, todo):
            played = 0
            for s, n in todo:
                played += max(0, n - self.n.get(s, 0))
                self.n[s] = max(n, self.n.get(s, 0))
            clock[0] += played * per_game
            return played

    return Timed


def test_the_clock_stops_the_lead_level_after_a_last_stage_that_fits_never_a_result(tmp_path):
    """The lead level's studies grow together (a quarter, half, all of the plan, in whole chunks); a stage
    that would end past the budget at the last stage's pace is not started: a last stage grows every
    study by what the time left allows (at that pace), so every study keeps the same games and no time is
    left idle."""
    from soan.lab.ask import Setting
    from soan.lab.ask.run import run_plan

    clock = [0.0]

    Timed = timed_asker(clock, 1.0)  # a second a game

    lead = [Setting(4, "greedy", (f"V{k}",), ()) for k in range(3)]
    ctx = [Setting(4, "random", (f"V{k}",), ()) for k in range(3)]
    plan = {s.name: 64 for s in lead} | {s.name: 10 for s in ctx}
    a = Timed("undecim", tmp_path, bots=("greedy", "random"))
    run_plan(a, ("greedy", "random"), {"greedy": lead, "random": ctx}, plan, 200.0, 0.0, lambda: None,
             clock=lambda: clock[0])
    # context 30 s; stage 1: 48 s (78 s); stage 2 would end at 126 s (fits 200); stage 3 would end at
    # 222: the 74 s left, at 192 s per plan, fit 0.85 × 74 / 192 = 32.8% of it, 20 games, in whole chunks 16
    assert {a.n[s] for s in ctx} == {10} and {a.n[s] for s in lead} == {48} and clock[0] == 174.0
    assert a.stopped[0]["bot"] == "greedy" and set(a.stopped[0]["reached"].values()) == {48}
    c = Timed("undecim", tmp_path, bots=("greedy", "random"))
    clock[0] = 0.0
    run_plan(c, ("greedy", "random"), {"greedy": lead, "random": ctx}, plan, 130.0, 0.0, lambda: None,
             clock=lambda: clock[0])
    # 4 s left fit 1.8% of the plan, less than LAST_STAGE (5%): no last stage, the half stands
    assert {c.n[s] for s in lead} == {32} and set(c.stopped[0]["reached"].values()) == {32}
    b = Timed("undecim", tmp_path, bots=("greedy", "random"))
    clock[0] = 0.0
    run_plan(b, ("greedy", "random"), {"greedy": lead, "random": ctx}, plan, 1000.0, 0.0, lambda: None,
             clock=lambda: clock[0])
    # the plan played by 222 s; the 778 s left, at 192 s per plan, grow it by 0.85 × 778 / 192 = 344%:
    # 220 games, in whole chunks 216, every study to 280 games (the context level is not grown)
    assert {b.n[s] for s in lead} == {280} and {b.n[s] for s in ctx} == {10} and not b.stopped
    assert set(b.extended[0]["reached"].values()) == {280} and set(b.extended[0]["planned"].values()) == {64}
    before = clock[0]
    run_plan(b, ("greedy", "random"), {"greedy": lead, "random": ctx}, plan, 1000.0, 0.0, lambda: None,
             clock=lambda: clock[0])  # asked again: the plan is played, nothing more (no look again)
    assert clock[0] == before and {b.n[s] for s in lead} == {280} and len(b.extended) == 1


def test_asking_again_with_a_larger_budget_completes_the_plan_and_grows_nothing(tmp_path, monkeypatch):
    """A plan the clock cut short (120 of 203) is completed by asking again with a larger budget, and no
    more: the time left grows only a plan made by the same ask (a trial grew it to 856 games)."""
    from soan.lab.ask import run as ask_mod

    seen = {}
    real = ask_mod.run_plan

    def spy(*args, **kw):
        seen["grow"] = kw.get("grow")
        return real(*args, **kw)

    monkeypatch.setattr(ask_mod, "run_plan", spy)
    first = ask("undecim", ["gold-bonus"], budget_s=0, out=tmp_path, jobs=1, bots=("random",), start_n={"random": 30})
    assert seen["grow"] is True
    again = ask("undecim", ["gold-bonus"], budget_s=600, out=tmp_path, jobs=1, bots=("random",))
    assert seen["grow"] is False and again["studies"] == first["studies"] and not again["extended"]


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"plan": {}}', '{"spent_s": null, "n": {}}',
                                  '{"spent_s": 1.5, "n": {}, "plan": [1]}'])
def test_a_folder_whose_ask_state_cannot_be_read_is_a_clear_error_and_nothing_changes(tmp_path, text):
    state = tmp_path / "undecim" / "ask-state.json"
    state.parent.mkdir(parents=True)
    state.write_text(text)
    with pytest.raises(ConfigError) as e:
        ask("undecim", ["gold-bonus"], budget_s=0, out=tmp_path, jobs=1, bots=("random",), start_n={"random": 30})
    assert str(state) in str(e.value) and "--out" in str(e.value) and "soan ask の状態" in e.value.ja
    assert state.read_text() == text and sorted(p.name for p in state.parent.iterdir()) == ["ask-state.json"]
    r = runner.invoke(app, ["ask", "undecim", "gold-bonus", "--out", str(tmp_path), "--budget", "0", "--lang", "ja"])
    assert r.exit_code != 0 and "Traceback" not in r.output and "何も変更していません" in r.output, r.output
    # one line that the terminal wraps, never cut mid-phrase where the output goes to a file or pipe
    assert any(x.startswith("エラー：") and x.endswith("指定してください") for x in r.output.splitlines()), r.output


def test_an_ask_state_that_is_a_folder_is_named_as_unreadable_not_as_broken_json(tmp_path):
    state = tmp_path / "undecim" / "ask-state.json"
    state.mkdir(parents=True)
    with pytest.raises(ConfigError) as e:
        ask("undecim", ["gold-bonus"], budget_s=0, out=tmp_path, jobs=1, bots=("random",), start_n={"random": 30})
    assert "could not be read" in str(e.value) and "読み込めない" in e.value.ja and "not JSON" not in str(e.value)


def test_a_plan_the_time_left_grew_is_said_again_by_a_later_ask_of_the_folder(tmp_path, monkeypatch):
    """The growth is kept in the folder's state: asking again (e.g. for the other language) answers from
    the same games and still says that the time left grew the plan, with the same figures. An ask of the
    same folder about other studies never reports it (only studies that all grew then)."""
    from soan.lab.ask import run as ask_mod

    real = ask_mod.run_plan

    def growing(a, bots, need, plan, *args, **kw):
        r = real(a, bots, need, plan, *args, **kw)
        if kw.get("grow"):  # an ask that made its plan: as if the time left had grown it
            a.extended.append({"bot": bots[0], "reached": {s.name: a.n[s] + 10 for s in need[bots[0]]},
                               "planned": {s.name: plan[s.name] for s in need[bots[0]]}})
        return r

    monkeypatch.setattr(ask_mod, "run_plan", growing)
    kw = {"budget_s": 0, "out": tmp_path, "jobs": 1, "bots": ("random",), "start_n": {"random": 30}}
    first = ask("undecim", ["gold-bonus"], **kw)
    grown = {"bot": "random", "reached": {"random-4p-base": 40, "random-4p-base_gold_rate-2": 40},
             "planned": {"random-4p-base": 30, "random-4p-base_gold_rate-2": 30}}
    assert first["extended"] == [grown]
    again = ask("undecim", ["gold-bonus"], **kw)  # the same question: the same games, the growth said again
    assert again["extended"] == [grown] and again["studies"] == first["studies"]
    other = ask("undecim", ["development-weak"], **kw)  # the base shared, its own study not grown
    assert "random-4p-base" in other["studies"] and len(other["studies"]) == 2 and other["extended"] == []
    assert ask("undecim", ["gold-bonus", "development-weak"], **kw)["extended"] == []
    seats = ask("undecim", ["card-balance"], **kw)  # the base game alone: it grew, and is said so
    assert seats["studies"] == {"random-4p-base": 30}
    assert seats["extended"] == [{"bot": "random", "reached": {"random-4p-base": 40}, "planned": {"random-4p-base": 30}}]
    assert ask("undecim", ["gold-bonus"], **kw)["extended"] == [grown]  # kept through the other asks


def test_one_pool_for_the_whole_ask_plays_the_same_games_as_one_process(tmp_path):
    """The ask's workers are started once and every study's chunks share their queue (study.run_studies):
    each study then holds the same games, game for game, as when played in this process."""
    from soan.lab.study import load

    kw = dict(budget_s=0, bots=("random",), start_n={"random": 130})
    one = ask("undecim", ["gold-bonus"], out=tmp_path / "one", jobs=1, **kw)
    two = ask("undecim", ["gold-bonus"], out=tmp_path / "two", jobs=2, **kw)
    assert one["studies"] == two["studies"] == {"random-4p-base": 130, "random-4p-base_gold_rate-2": 130}
    for name in one["studies"]:
        _, g1, s1 = load(tmp_path / "one" / "undecim" / name)
        _, g2, s2 = load(tmp_path / "two" / "undecim" / name)
        assert g1.column("seed").to_pylist() == g2.column("seed").to_pylist()
        assert s1.select(["index", "seat", "score"]).to_pylist() == s2.select(["index", "seat", "score"]).to_pylist()
        assert len(list((tmp_path / "two" / "undecim" / name / "parts").glob("games-*.parquet"))) == 17  # the lead level: chunks of 8
    assert one["answers"][0]["by_bot"]["random"]["rows"][0]["diff"] == two["answers"][0]["by_bot"]["random"]["rows"][0]["diff"]


def test_growing_a_study_counts_the_part_full_chunk_it_plays_again(tmp_path):
    """A plan of 127 games leaves chunk 15 (games 120-126) part-full: growing the study plays it again
    whole, and the time left is priced with those games, so the budget is kept (an Asian Delivery ask
    grown from 127 to 139 ran 20 s past its 600 s before)."""
    from soan.lab.ask import Asker, Setting
    from soan.lab.ask.run import _grown, _to_play

    assert _to_play(127, 139, 8) == 19 and _to_play(128, 136, 8) == 8 and _to_play(50, 40, 8) == 0
    s = Setting(4, "greedy", (), ())
    a = Asker("asian-delivery", tmp_path, bots=("greedy",))
    a.n[s] = 127
    (grow,) = _grown(a, {s.name: 127}, [s], 8, seconds=19.0, pace=1.0)  # 19 games' time: 2 whole chunks
    assert grow == (s, 136) and _to_play(127, 136, 8) <= 19
    assert _grown(a, {s.name: 127}, [s], 8, seconds=5.0, pace=1.0) == []  # below LAST_STAGE of the plan


def test_a_stage_ends_on_whole_chunks_so_no_game_is_played_twice():
    """A stage's size is a whole number of saved chunks (a chunk saved part-full would be played again
    whole when the study grows), rounded down, never past the plan, never below the floor."""
    from soan.lab.ask.asker import CHUNK_LEAD, MIN_N
    from soan.lab.ask.run import _stage_size

    assert CHUNK_LEAD == 8
    assert [_stage_size(168, f, 8) for f in (0.25, 0.5, 1.0)] == [40, 80, 168]  # not 42, 84: chunks 5 and 10 part-full
    assert [_stage_size(19, f, 8) for f in (0.25, 0.5, 1.0)] == [5, 8, 19]  # a small plan's first stage stays small
    assert _stage_size(3, 0.25, 8) == 3 and _stage_size(40, 0.01, 8) == MIN_N == 4


def test_a_measure_above_chance_has_as_many_random_games_as_the_lead(tmp_path):
    """UN-V2 against its own chance level: the normal bots' share of unchanged turns minus random
    players' in the same deals, game by game, so the random studies are planned as large as the lead's."""
    res = ask("undecim", ["hand-fluidity"], budget_s=0, out=tmp_path, jobs=1, bots=("greedy", "random"),
              start_n={"greedy": 6, "random": 3})
    lead = res["answers"][0]["by_bot"]["greedy"]["rows"]
    assert [r["n"] for r in lead] == [6, 6, 6] and res["studies"]["random-4p-one-card-hand"] == 6
    from soan.lab.ask import Asker, Setting, load_questions
    from soan.lab.ask.verdict import _measures

    q = next(x for x in load_questions("undecim")["questions"] if x["id"] == "hand-fluidity")
    a = Asker("undecim", tmp_path, bots=("greedy", "random"))
    _, above = _measures(a, q, Setting(4, "greedy", ("one-card-hand",)), 4)
    _, raw = _measures(a, {**q, "chance_bot": None}, Setting(4, "greedy", ("one-card-hand",)), 4)
    _, rnd = _measures(a, q, Setting(4, "random", ("one-card-hand",)), 4)
    assert np.allclose(above["unchanged_share"], raw["unchanged_share"] - rnd["unchanged_share"])


# --- the planning check (--check-bots): does a bot that plans with the rule do better? --------------------
def test_check_bots_plays_each_compared_setting_with_a_base_rules_planner_and_says_what_planning_pays(tmp_path):
    """Issue: bots blind to the rule asked about. With check_bots, each compared setting is played again on
    the same seeds with one seat (rotating) planning under the base rules; the answer gives that seat's
    score planning with the rule minus planning without it, and says so in words (en and ja)."""
    from soan.lab.ask_report import lines

    res = ask("undecim", ["gold-bonus"], budget_s=0, out=tmp_path, jobs=1, bots=("normal",), check_bots=True)
    assert res["studies"]["normal-4p-base_gold_rate-2_plan-base"] == res["studies"]["normal-4p-base_gold_rate-2"]
    row = res["answers"][0]["by_bot"]["normal"]["rows"][0]
    p = row["planning"]
    assert p["n"] == res["studies"]["normal-4p-base"] and p["verdict"] in ("pays", "costs", "unclear", "same")
    lo, hi = p["ci"]
    assert lo <= p["diff"] <= hi
    assert p["verdict"] == ("pays" if lo > 0 else "costs" if hi < 0 else "unclear")
    en, ja = " ".join(lines("undecim", res["answers"][0], "en")), " ".join(lines("undecim", res["answers"][0], "ja"))
    assert "takes this rule into account" in en or "Taking this rule into account" in en
    assert "このルールを踏まえて手を決め" in ja
    # without it: no planner study, no planning line
    plain = ask("undecim", ["gold-bonus"], budget_s=0, out=tmp_path / "plain", jobs=1, bots=("normal",))
    assert not any(k.endswith("_plan-base") for k in plain["studies"])
    assert plain["answers"][0]["by_bot"]["normal"]["rows"][0]["planning"] is None


def test_the_planning_check_applies_only_where_a_position_can_be_stated_under_the_base_rules():
    """UN-V2 (one card in hand) changes what a seat holds: no base-rules planner for it; random bots cannot
    plan under other rules at all."""
    from soan.lab.ask.questions import planner_settings, planner_spec

    q = next(q for q in load_questions("undecim")["questions"] if q["id"] == "hand-fluidity")
    names = [s.name for s in planner_settings("undecim", q, "normal")]
    assert names == ["normal-4p-bonus-lock_plan-base", "normal-4p-no-retake_plan-base"]
    assert planner_spec("undecim", "random") is None and planner_spec("undecim", "normal") == "greedy:rules=base"


def test_check_bots_with_bots_that_cannot_plan_under_other_rules_says_so(tmp_path):
    from soan.lab.ask_report import notes

    res = ask("undecim", ["gold-bonus"], budget_s=0, out=tmp_path, jobs=1, bots=("random",), check_bots=True)
    assert res["check_bots"] == "not_possible" and not any(k.endswith("_plan-base") for k in res["studies"])
    assert any("--check-bots was asked" in x for x in notes(res, "en"))
    assert any("計画の確認は行っていない" in x for x in notes(res, "ja"))


def test_the_planning_checks_study_is_told_apart_from_its_setting_in_the_reports_table(tmp_path):
    """The studies' table names each study: the planning check's (one seat planning with the base rules)
    must not read like the setting it checks, in either language."""
    res = ask("undecim", ["gold-bonus"], budget_s=0, out=tmp_path, jobs=1, bots=("normal",), check_bots=True)
    assert "normal-4p-base_gold_rate-2_plan-base" in res["studies"]
    for lang, said in (("en", "one seat planning with the base rules"), ("ja", "1席だけ基本ルールで手を決める")):
        h = write_html(res, lang, tmp_path / f"{lang}.html").read_text(encoding="utf-8")
        rows = re.findall(r"<tr><td style='text-align:left'>([^<]*)</td><td>\d+</td>"
                          r"<td style='text-align:left'><code>([^<]*)</code>", h)
        assert len(rows) == len(res["studies"]) and len({text for text, _ in rows}) == len(rows), rows
        planned = [text for text, k in rows if k.endswith("_plan-base")]
        assert planned and all(said in text for text in planned), rows
        assert not any(said in text for text, k in rows if not k.endswith("_plan-base")), rows


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_real_difference_inside_the_margin_is_said_to_be_smaller_than_what_matters(lang):
    """Many games find a small real difference (significant) whose whole interval lies within the
    question's margin (equivalent too): the verdict says both, not a bare "makes it worse"."""
    from soan.lab.ask_report.sentences import sentence

    q = {"id": "serial-numbers", "measure": "all_tie_wipeouts", "name": {"en": "all-tie wipe-outs", "ja": "全員同点の全滅"},
         "better": "lower", "margin": 0.1, "format": "num"}
    row = {"against": {"variants": ["no-serials"]}, "effect": "worse", "n": 1667, "a": 0.0, "b": 0.01, "diff": 0.01,
           "ci": [0.004, 0.012], "significant": True, "negligible": True, "spread": "ok"}
    small = sentence("la-superba", q, row, "normal", lang)
    plain = sentence("la-superba", q, {**row, "negligible": False}, "normal", lang)
    if lang == "en":
        assert ("increases the number of all-tie wipe-outs slightly, which is undesirable, but by less than "
                "what matters (within ±0.10)") in small
        assert "less than what matters" not in plain
        assert "increases the number of all-tie wipe-outs, which is undesirable:" in plain
    else:
        assert "全員同点の全滅をわずかに増やす（望ましくない向き）。ただし差は意味のある幅（±0.10）より小さい" in small
        assert "意味のある幅" not in plain and "を増やす（望ましくない向き）：" in plain


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_clear_verdict_says_which_way_the_measure_moved_and_whether_the_question_hoped_for_it(lang):
    """"Improves" said of a higher-is-the-point count of turns cut short read as fewer of them: the verdict
    names the direction the measure moved, in words that fit it (a count increases, 増やす; a share is
    raised, 上げる; a question's own `verbs`; closer to or away from chance), then whether that is what the
    question hopes for (its `better`)."""
    from soan.lab.ask.questions import check_question
    from soan.lab.ask_report.sentences import sentence

    q = {"id": "workers-meaningless", "measure": "turns_short_of_worker", "better": "higher", "margin": 0.25,
         "format": "num", "name": {"en": "turns short of a worker", "ja": "ワーカー不足の手番"}}
    up = {"against": {"variants": ["worker-decay"]}, "effect": "better", "n": 200, "a": 1.2, "b": 2.8, "diff": 1.6,
          "ci": [1.5, 1.7], "significant": True, "negligible": False, "spread": "ok"}
    down = {**up, "effect": "worse", "b": 0.6, "diff": -0.6, "ci": [-0.7, -0.5]}
    lower_is_better = {**q, "better": "lower"}
    said = {k: sentence("asian-delivery", qq, r, "normal", lang) for k, qq, r in
            (("up_hoped", q, up), ("down_not", q, down), ("up_not", lower_is_better, {**up, "effect": "worse"}),
             ("down_hoped", lower_is_better, {**down, "effect": "better"}))}
    share = {**q, "format": "pct", "name": {"en": "win share of the top builder", "ja": "建物の得点が最も多い人の勝率"}}
    spread = {**q, "verbs": {"ja": ["広げる", "狭める"], "en": ["widens", "narrows"]},
              "name": {"en": "spread of voyage power", "ja": "航海力の幅"}}
    head = {"draft": "草案", "ja": "問い", "en": "question", "kind": "compare"}
    check_question("asian-delivery", {**head, **spread, "against": [{"variants": ["worker-decay"]}]}, "test")  # valid
    if lang == "en":
        assert "increases the number of turns short of a worker, which is desirable:" in said["up_hoped"]
        assert "decreases the number of turns short of a worker, which is undesirable:" in said["down_not"]
        assert "increases the number of turns short of a worker, which is undesirable" in said["up_not"]
        assert "decreases the number of turns short of a worker, which is desirable" in said["down_hoped"]
        assert not any("improves" in x for x in said.values())
        assert "raises the win share of the top builder, which is desirable" in sentence("undecim", share, up, "normal", lang)
        assert "widens the spread of voyage power" in sentence("la-superba", spread, up, "normal", lang)
        assert "narrows the spread of voyage power" in sentence("la-superba", spread, down, "normal", lang)
    else:
        assert "ワーカー不足の手番を増やす（望ましい向き）：" in said["up_hoped"]
        assert "ワーカー不足の手番を減らす（望ましくない向き）：" in said["down_not"]
        assert "を増やす（望ましくない向き）" in said["up_not"] and "を減らす（望ましい向き）" in said["down_hoped"]
        assert not any("改善" in x for x in said.values())
        assert "勝率を上げる（望ましい向き）" in sentence("undecim", share, up, "normal", lang)
        assert "航海力の幅を広げる" in sentence("la-superba", spread, up, "normal", lang)
        assert "航海力の幅を狭める" in sentence("la-superba", spread, down, "normal", lang)
    # a win share that should be near chance: closer to / away from it, whichever side it started on
    near = {**q, "better": "closer", "format": "pct", "margin": 0.03, "name": {"en": "start player's win share",
                                                                                "ja": "スタートプレイヤーの勝率"}}
    away = {**up, "effect": "worse", "a": 0.40, "b": 0.45, "diff": 0.05, "ci": [0.01, 0.09]}
    closer = {**away, "effect": "better", "b": 0.30, "diff": -0.10, "ci": [-0.14, -0.06]}
    a, c = (sentence("asian-delivery", near, r, "normal", lang) for r in (away, closer))
    if lang == "en":
        assert "moves the start player's win share away from chance:" in a
        assert "brings the start player's win share closer to chance:" in c
    else:
        assert "スタートプレイヤーの勝率を期待値から遠ざける：" in a and "スタートプレイヤーの勝率を期待値に近づける：" in c


def test_a_questions_own_verbs_need_two_words_in_each_language():
    from soan.core.errors import ConfigError
    from soan.lab.ask.questions import check_question

    q = {"id": "x", "draft": "草案", "ja": "問い", "en": "question", "kind": "compare", "measure": "m",
         "name": {"en": "x", "ja": "x"}, "better": "higher",
         "against": [{"variants": ["worker-decay"]}], "verbs": {"ja": ["広げる"], "en": ["widens", "narrows"]}}
    with pytest.raises(ConfigError, match="questions.yaml: question 'x': 'verbs' needs two words") as e:
        check_question("asian-delivery", q, "questions.yaml")
    assert e.value.ja.startswith("questions.yaml：問い 'x'：verbs には ja と en のそれぞれに")


def test_a_context_line_names_the_setting_by_its_rule_id_the_lead_line_gave_its_meaning():
    """The lead level's verdict gives a variant's meaning; the context line under it (参考：) names the
    same setting by its rule ID alone, not the whole description again (AD-V7's runs to 70 characters)."""
    from soan.core.game import game_info
    from soan.lab.ask_report.sentences import sentence

    doc = game_info("asian-delivery").variants["set-weight"].doc_ja
    q = {"id": "colour-pairs", "measure": "pairs", "name": {"en": "colour pairs", "ja": "色ペアの数"},
         "better": "higher", "margin": 0.1, "format": "num"}
    row = {"against": {"variants": ["set-weight"]}, "effect": "none", "n": 128, "a": 6.6, "b": 6.67, "diff": 0.07,
           "ci": [-0.04, 0.18], "significant": False, "negligible": False, "spread": "ok"}
    lead = sentence("asian-delivery", q, row, "greedy", "ja")
    context = sentence("asian-delivery", q, row, "random", "ja", context=True)
    assert f"AD-V7（{doc}）" in lead
    assert context.startswith("参考：ランダムボットでは、AD-V7で色ペアの数が変わるかは") and doc not in context
    # in English too: the rule ID and its name in words on the lead's line, the ID alone on the context line
    assert "AD-V7 (set weight)" in sentence("asian-delivery", q, row, "greedy", "en")
    en_context = sentence("asian-delivery", q, row, "random", "en", context=True)
    assert "AD-V7" in en_context and "set weight" not in en_context and "set-weight" not in en_context


def test_the_report_printed_to_a_pipe_keeps_its_lines_whole(tmp_path):
    """Piped or redirected, the report's lines are not broken at the console's width (which split
    「差 +0.1%」 and left a line holding only 「。」): each verdict and note is one line."""
    r = runner.invoke(app, ["ask", "undecim", "gold-bonus", "--budget", "0", "--out", str(tmp_path), "-j", "1",
                            "--lang", "ja", "--bots", "random"], env={"COLUMNS": "60"})
    assert r.exit_code == 0, r.output
    out = r.output.splitlines()
    assert "。" not in [x.strip() for x in out]
    foot = [x for x in out if x.startswith("判定の方法：")]
    assert len(foot) == 1 and foot[0].endswith("新たに計画する。") and len(foot[0]) > 60


def test_the_plan_line_gives_the_games_planned_and_the_clocks_line_the_games_played():
    """A plan the clock cut short: the plan line says what was planned (168), the next what was played
    (128 of 168), so no reader takes the games played for the plan."""
    from soan.lab.ask_report import notes

    res = {"game": "asian-delivery", "budget_s": 600, "bots": ["greedy"], "cost": {"greedy": 0.19},
           "studies": {"greedy-4p-base": 128}, "plan": {"greedy-4p-base": 168},
           "settings": {"greedy-4p-base": {"bot": "greedy"}},
           "stopped": [{"bot": "greedy", "reached": {"greedy-4p-base": 128}, "planned": {"greedy-4p-base": 168}}]}
    ja, en = notes(res, "ja"), notes(res, "en")
    assert "１試行 168 ゲームを計画した" in ja[0] and "１試行 128 ゲーム（計画は 168 ゲーム）" in ja[1]
    assert "168 games a study planned" in en[0] and "128 games a study (of 168 planned)" in en[1]
    assert "before the plan of the normal bots (greedy) was complete" in en[1]  # not "(greedy)' plan"
    grown = {**res, "stopped": [], "extended": [{"bot": "greedy", "reached": {"greedy-4p-base": 240},
                                                 "planned": {"greedy-4p-base": 168}}]}
    assert "残り時間で各試行を同じ割合で 240 ゲームまで増やした（計画は 168 ゲーム）" in notes(grown, "ja")[1]
    assert "grew every study by the same share of its plan, to 240 games (of 168 planned)" in notes(grown, "en")[1]
    shared = {**res, "stopped": [{"bot": "greedy", "reached": {"a": 88, "b": 96}, "planned": {"a": 120, "b": 592}}]}
    assert "１試行 88–96 ゲーム（計画は 120–592 ゲーム）" in notes(shared, "ja")[1]  # a plan shared by need
    del res["plan"]  # an answers.json written before the plan was kept: the games played, as then
    assert "１試行 128 ゲームを計画した" in notes(res, "ja")[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_reports_first_line_names_the_bot_level_the_verdicts_come_from(tmp_path, lang):
    """The opening sentence names the lead level as every verdict line does (中級ボット / normal bots)."""
    r = runner.invoke(app, ["ask", "undecim", "gold-bonus", "--budget", "0", "--out", str(tmp_path), "-j", "1",
                            "--bots", "normal", "--lang", lang])
    assert r.exit_code == 0, r.output
    first = r.output.strip().splitlines()[0]
    assert ("基準とする上手に遊ぶボット（中級ボット）同士" in first) if lang == "ja" else ("games of normal bots" in first)
    h = (tmp_path / "undecim" / f"answers-{lang}.html").read_text(encoding="utf-8")
    assert ("（中級ボット）同士" in h) if lang == "ja" else ("games of normal bots" in h)


def test_the_plan_is_shared_anew_once_after_the_first_stage_and_the_stages_that_follow_play_it(tmp_path):
    """`resize` runs once, after the lead level's first stage (before the second is sized), never for a
    context level; the later stages play the plan it left, the total kept."""
    from soan.lab.ask import Setting
    from soan.lab.ask.run import run_plan

    clock = [0.0]
    seen = []

    Timed = timed_asker(clock, 0.01)

    lead = [Setting(4, "greedy", (f"V{k}",), ()) for k in range(3)]
    ctx = [Setting(4, "random", (f"V{k}",), ()) for k in range(3)]
    plan = {s.name: 64 for s in lead} | {s.name: 10 for s in ctx}
    a = Timed("undecim", tmp_path, bots=("greedy", "random"))

    def resize():
        seen.append({s.name: a.n.get(s, 0) for s in lead + ctx})
        plan.update({lead[0].name: 128, lead[1].name: 32, lead[2].name: 32})

    run_plan(a, ("greedy", "random"), {"greedy": lead, "random": ctx}, plan, 1e9, 0.0, lambda: None,
             clock=lambda: clock[0], grow=False, resize=resize)
    assert len(seen) == 1 and {seen[0][s.name] for s in lead} == {16} and {seen[0][s.name] for s in ctx} == {10}
    assert [a.n[s] for s in lead] == [128, 32, 32]  # the new plan played to its end
    assert sum(a.n[s] for s in lead) == 3 * 64


def test_a_questions_need_comes_from_the_spread_of_the_differences_never_from_the_difference(tmp_path, monkeypatch):
    """A compare question needs the games that find a difference the size of its margin with NEED_POWER at
    its corrected level, from the paired differences' spread: shifting one side changes nothing; no spread
    or no margin gives no size; a level question needs the games for its interval's width."""
    import math

    import numpy as np
    from statsmodels.stats.power import TTestPower

    from soan.lab.ask import plan as A
    from soan.lab.ask import verdict as V

    rng = np.random.default_rng(1)
    base = rng.normal(10, 1, 40)
    other = base + rng.normal(0, 2, 40)
    data = {"": base}

    def measures(a, q, s, P):
        x = data[""] if not s.variants else data["v"]
        return np.arange(len(x)), {"m": x}

    monkeypatch.setattr(V, "_measures", measures)
    q = {"id": "q", "kind": "compare", "measure": "m", "margin": 0.5, "against": [{"variants": ["V"]}],
         "players": [4]}
    a = A.Asker("undecim", tmp_path, bots=("greedy",))
    data["v"] = other
    r = A.question_needs(a, q, "greedy")
    sd = float(np.std(other - base, ddof=1))
    k = math.ceil(TTestPower().solve_power(effect_size=0.5 / sd, nobs=None, alpha=0.05, power=A.NEED_POWER))
    assert r["need"] == -(-k // A.CHUNK_LEAD) * A.CHUNK_LEAD and set(r["studies"].values()) == {r["need"]}
    assert set(r["studies"]) == {"greedy-4p-base", "greedy-4p-V"}
    data["v"] = other + 3.0  # a large difference, the same spread: the same need
    assert A.question_needs(a, q, "greedy")["need"] == r["need"]
    data["v"] = base + 1.0  # every game the same difference: no size answers it
    assert A.question_needs(a, q, "greedy")["need"] is None
    assert A.question_needs(a, {**q, "margin": None}, "greedy")["need"] is None
    assert A.question_needs(a, {**q, "kind": "seats"}, "greedy") is None

    monkeypatch.setattr(A.Asker, "tables", lambda self, s: (None, None))
    monkeypatch.setattr(A, "game_measures", lambda g, t, P: (None, {"x": base}))
    lv = A.question_needs(a, {"id": "l", "kind": "level", "measures": [{"measure": "x"}], "players": [4]}, "greedy")
    width = 0.05 * abs(base.mean())
    want = math.ceil(A.NEED_PAD * (1.96 * float(np.std(base, ddof=1)) / width) ** 2)
    assert lv["need"] == max(A.CHUNK_LEAD, -(-want // A.CHUNK_LEAD) * A.CHUNK_LEAD)
    assert lv["studies"] == {"greedy-4p-base": lv["need"]}


def test_the_report_says_how_the_plan_was_shared_anew_and_what_an_open_answer_would_take():
    from soan.lab.ask_report import lines, notes

    res = {"game": "asian-delivery", "budget_s": 600, "bots": ["greedy"], "cost": {"greedy": 0.19},
           "studies": {"greedy-4p-base": 480}, "plan": {"greedy-4p-base": 480},
           "settings": {"greedy-4p-base": {"bot": "greedy"}},
           "resized": {"bot": "greedy", "after": 32, "total": 2200, "needs": {"a": 232, "b": None, "c": 1000},
                       "met": ["a"]}}
    ja, en = "\n".join(notes(res, "ja")), "\n".join(notes(res, "en"))
    assert "１試行 32 ゲーム" in ja and "2200 ゲーム" in ja and "見積もれた 2 問のうち計画に収まる 1 問" in ja
    assert "差の大きさは見ていない" in ja
    assert "(32 games a study)" in en and "1 of the 2 questions" in en and "never from a difference" in en
    none = {**res, "resized": {**res["resized"], "met": []}}
    assert "どれも計画全体の 2200 ゲームに収まらなかった" in "\n".join(notes(none, "ja"))
    assert "none of the 2 needs fitted" in "\n".join(notes(none, "en"))
    words_only = {**res, "resized": {**res["resized"], "needs": {"w": None}, "met": []}}
    assert not any("were estimated" in x for x in notes(words_only, "en"))  # nothing estimated: no line
    ans = {"id": "colour-pairs", "kind": "words", "q": {"words": {"ja": "言葉", "en": "words"}}, "clear": False,
           "need": 4168}
    # the need is the whole question's (a comparison may be clear already on a few games): it says so
    assert lines("asian-delivery", ans, "ja")[-1].startswith("問い全体にはっきりした答えを出すには、１試行あたり約4,200ゲームが必要")
    assert lines("asian-delivery", ans, "en")[-1].startswith("A clear answer to the whole question would take about 4,200 games")
    alone = {**ans, "need": 552, "alone_s": 61.0, "alone": {"jobs": 2, "out": "studies/ask-colour-pairs", "bots": None}}
    cmd = "soan ask asian-delivery colour-pairs --budget 2m -j 2 --out studies/ask-colour-pairs"
    assert "約550ゲーム" in lines("asian-delivery", alone, "ja")[-1] and f"`{cmd}`" in lines("asian-delivery", alone, "ja")[-1]
    random_led = {**alone, "alone": {**alone["alone"], "bots": "random"}}
    assert f"`{cmd} --bots random`" in lines("asian-delivery", random_led, "en")[-1]
    assert "more than 6,400 games" in lines("asian-delivery", {**ans, "need": 7000}, "en")[-1]
    assert len(lines("asian-delivery", {**ans, "clear": True}, "en")) == 1


def test_a_need_has_a_number_even_where_the_power_solver_gives_none():
    """A tiny spread against the margin (a rule that rarely matters): statsmodels' solver returns NaN for
    a large standardized effect; the need is then the normal approximation's, never an error."""
    from soan.lab.ask.plan import games_for

    assert games_for(10.0, 0.05, 0.9) == 2 and games_for(0.2, 0.05, 0.9) in range(260, 270)


def test_sharing_anew_keeps_the_plans_total_when_a_study_holds_more_than_its_plan(tmp_path, monkeypatch):
    """The pilot's study may hold more games than its plan: it is counted at its plan, so the other studies
    are not starved and the total planned stays the plan's."""
    from soan.lab.ask import plan as A

    lead = [A.Setting(4, "greedy", (f"V{k}",), ()) for k in range(3)]
    a = A.Asker("undecim", tmp_path, bots=("greedy",))
    a.n = {lead[0]: 170, lead[1]: 4, lead[2]: 4}
    plan = {s.name: 8 for s in lead}
    monkeypatch.setattr(A, "question_needs", lambda a_, q, b, **k: {"id": q["id"], "need": None, "studies": {}})
    state: dict = {}
    A.resize(a, [{"id": "q", "kind": "level"}], lead, plan, state)
    assert sum(plan.values()) == 24 and plan[lead[1].name] == plan[lead[2].name] == 8
    assert state["resized"]["total"] == 24 and state["resized"]["met"] == []


def test_another_seed_asks_on_other_games_in_its_own_folder_and_says_so(tmp_path):
    """`--seed N`: every study's seed plus N, in OUT/seed-N (the default ask's folder untouched); the report
    says the games are other ones; a seed that is no whole number >= 0 is refused by name."""
    from soan.lab.ask import ask
    from soan.lab.ask_report import notes
    from soan.lab.study import load

    kw = dict(budget_s=0, out=tmp_path, jobs=1, bots=("random",), start_n={"random": 12})
    base = ask("undecim", ["gold-bonus"], **kw)
    other = ask("undecim", ["gold-bonus"], seed=7, **kw)
    assert (tmp_path / "seed-7" / "undecim" / "answers.json").exists() and other["seed"] == 7
    name = "random-4p-base"
    _, g0, _ = load(tmp_path / "undecim" / name)
    _, g7, _ = load(tmp_path / "seed-7" / "undecim" / name)
    assert g0.num_rows == g7.num_rows == 12 and g0.column("seed").to_pylist() != g7.column("seed").to_pylist()
    assert base["seed"] == 0 and not any("7" in x and "seed" in x.lower() for x in notes(base, "en"))
    assert any("シードに 7 を足した" in x for x in notes(other, "ja"))
    from soan.core.errors import ConfigError

    for bad in (-1, True, 1.5):
        with pytest.raises(ConfigError, match="seed must be a whole number"):
            ask("undecim", ["gold-bonus"], seed=bad, **kw)


def test_an_open_card_answer_says_its_games_are_per_card():
    """「50ゲーム以下では」 did not say where 50 came from: it is the most games any one card was seen in."""
    from soan.lab.ask_report import cards_lines

    rows = [{"card": "harvest", "games": 50, "win_share": 0.3, "ci": [0.1, 0.5], "flag": False},
            {"card": "hunt", "games": 31, "win_share": 0.2, "ci": [0.05, 0.4], "flag": False}]
    ans = {"kind": "cards", "q": {"margin": 0.05}, "lead": "greedy",
           "by_bot": {"greedy": {"players": 4, "rows": rows, "clear": False}}}
    ja, en = cards_lines("undecim", ans, "ja")[0], cards_lines("undecim", ans, "en")[0]
    assert "１枚あたり多くて50ゲームでは" in ja and "at most 50 games a card" in en


def test_a_later_ask_of_the_folder_counts_only_its_own_questions_needs(tmp_path):
    """The plan was shared anew for the questions asked then; asking the same folder again with fewer
    questions reports the needs of those asked now (not "none of the 2 needs fitted" for one question)."""
    import json

    from soan.lab.ask import ask
    from soan.lab.ask_report import notes

    kw = dict(budget_s=0, out=tmp_path, jobs=1, bots=("random",), start_n={"random": 12})
    ask("undecim", ["gold-bonus", "hand-fluidity"], **kw)
    path = tmp_path / "undecim" / "ask-state.json"
    state = json.loads(path.read_text())
    state["resized"] = {"bot": "random", "after": 12, "total": 7959, "needs": {"gold-bonus": 900, "hand-fluidity": 300},
                        "met": ["hand-fluidity"]}
    path.write_text(json.dumps(state))
    both = ask("undecim", ["gold-bonus", "hand-fluidity"], **kw)
    assert both["resized"]["needs"] == {"gold-bonus": 900, "hand-fluidity": 300} and both["resized"]["met"] == ["hand-fluidity"]
    one = ask("undecim", ["gold-bonus"], **kw)
    assert one["resized"]["needs"] == {"gold-bonus": 900} and one["resized"]["met"] == []
    # its need did not fit, but the plan was shared anew for the question asked before: said so, not "even"
    en, ja = " ".join(notes(one, "en")), " ".join(notes(one, "ja"))
    assert "the one need did not fit in the plan's 7959 games in all, which went to the needs of 1 other question" in en, en
    assert "kept an even share" not in en and "均等のままにした" not in ja
    assert "見積もった必要数は計画全体の 7959 ゲームに収まらなかった。計画のゲームは、このフォルダで以前に尋ねたほかの 1 問" in ja, ja
    alone = {**one, "resized": {**one["resized"], "others_met": 0}}  # nothing met anywhere: an even share
    assert any("the one need did not fit in the plan's 7959 games in all, so every study kept an even share" in x
               for x in notes(alone, "en"))
    met = {**one, "resized": {**one["resized"], "met": ["gold-bonus"]}}
    assert any("the one question whose need could be estimated was given it" in x for x in notes(met, "en"))
    assert any("見積もれた１問に必要数を割り当て" in x for x in notes(met, "ja"))
    other = ask("undecim", ["seat-advantage"], **kw)  # no need of it was estimated: no line about the sharing
    assert not any("were estimated" in x for x in notes(other, "en"))


def test_the_ask_command_with_another_seed_reports_from_its_own_folder(tmp_path):
    """`soan ask … --seed 1`: the answers in the terminal and the HTML beside them in OUT/seed-1/GAME; the
    default ask's report in OUT/GAME is left as it was (it was overwritten, or the command failed when
    there was none)."""
    from soan.cli.main import app

    args = ["ask", "undecim", "gold-bonus", "--budget", "0", "-j", "1", "--bots", "random", "--out", str(tmp_path)]
    r = runner.invoke(app, [*args, "--seed", "1"])
    assert r.exit_code == 0, r.output
    seeded = tmp_path / "seed-1" / "undecim"
    assert "gold" in r.output.lower() and str(seeded / "answers-en.html") in r.output.replace("\n", "")
    assert (seeded / "answers-en.html").exists() and (seeded / "answers-ja.html").exists()
    assert not (tmp_path / "undecim").exists()
    r0 = runner.invoke(app, args)
    assert r0.exit_code == 0, r0.output
    before = (tmp_path / "undecim" / "answers-en.html").read_text(encoding="utf-8")
    assert runner.invoke(app, [*args, "--seed", "1"]).exit_code == 0
    assert (tmp_path / "undecim" / "answers-en.html").read_text(encoding="utf-8") == before


def test_ask_refuses_no_workers_and_says_a_range_in_japanese_and_lists_questions_as_json(tmp_path):
    """`--jobs 0` or negative is refused before any game (it was taken silently); a number out of its range
    is said in Japanese (「0以上の数を…」, not pydantic's English); `--list --json` is JSON."""
    import json

    from soan.cli.main import app

    for bad in ("0", "-3"):
        r = runner.invoke(app, ["ask", "undecim", "--jobs", bad, "--budget", "0", "--out", str(tmp_path)])
        assert r.exit_code == 2 and "--jobs" in r.output, r.output
    assert not (tmp_path / "undecim").exists()
    r = runner.invoke(app, ["ask", "undecim", "--seed", "-1", "--lang", "ja", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "--seed の値が正しくありません：0以上の整数を指定してください" in r.output, r.output
    r = runner.invoke(app, ["ask", "undecim", "--list", "--json", "--lang", "ja"])
    got = json.loads(r.output)
    assert r.exit_code == 0 and got[0]["id"] == "hand-fluidity" and "UN-V1" in got[0]["question"]


def test_a_difference_that_rounds_to_nothing_has_no_minus_sign():
    from soan.lab.ask_report.wording import fmt

    assert fmt(-0.0001, "num", True) == "+0.00" and fmt(-0.00004, "pct", True) == "+0.0%"
    assert fmt(-0.006, "num", True) == "-0.01" and fmt(-0.0006, "pct", True) == "-0.1%" and fmt(-0.0, "num") == "0.00"
    assert fmt(-0.004, "num", True, bound=True) == "-0.00"  # an interval's end keeps its side of zero


def test_the_over_budget_note_says_seconds_under_a_minute_and_counts_the_runs_fixed_cost():
    """A tiny budget said the random bots alone "need about 1 min" for games of 0.0007 s each: any need
    read as at least a minute. The note now says seconds under a minute, and the need counts each
    study run's fixed cost (what really exceeds a tiny budget)."""
    from soan.lab.ask_report import notes

    base = {"game": "la-superba", "budget_s": 8, "bots": ["random"], "cost": {}, "studies": {}, "plan": {},
            "settings": {}}
    small = {**base, "over": [{"bot": "random", "studies": 6, "games": 4, "needs_s": 9.6, "share_s": 6.8}]}
    large = {**base, "over": [{"bot": "random", "studies": 6, "games": 4, "needs_s": 900.0, "share_s": 6.8}]}
    assert "約10秒かかり" in "\n".join(notes(small, "ja")) and "about 10 s for" in "\n".join(notes(small, "en"))
    assert "約15分かかり" in "\n".join(notes(large, "ja")) and "about 15 min for" in "\n".join(notes(large, "en"))


def test_two_levels_that_both_find_no_difference_that_matters_agree():
    """A real difference inside the margin ("slightly more, but less than what matters") and "no difference
    that matters" say the same thing: the levels agree, and the report does not say the answer depends
    on how well the game is played."""
    from soan.lab.ask import verdict as A

    inside = [{"negligible": True, "effect": "negligible"}, {"negligible": False, "effect": "better"}]
    slightly = [{"negligible": True, "effect": "worse"}, {"negligible": False, "effect": "better"}]
    other = [{"negligible": False, "effect": "worse"}, {"negligible": False, "effect": "better"}]
    agree = {b: {"clear": True, "gist": A._gist(r)} for b, r in (("greedy", inside), ("random", slightly))}
    assert A._gist(slightly) == ["negligible", "better"] and A.agree({}, agree, ("greedy", "random")) is True
    differ = {b: {"clear": True, "gist": A._gist(r)} for b, r in (("greedy", inside), ("random", other))}
    assert A.agree({}, differ, ("greedy", "random")) is False


def test_a_flagged_card_reads_as_a_sentence_in_japanese():
    """「船員1#7 32%（…）強すぎる。」 had no particle and did not say the figure is a win share: a flagged
    card now reads 「(card)は勝率32%（95%の範囲 28%〜36%）で強すぎる。」."""
    from soan.lab.ask_report import cards_lines

    rows = [{"card": "harvest", "flag": True, "win_share": 0.32, "ci": [0.28, 0.36], "games": 200},
            {"card": "charter", "flag": True, "win_share": 0.08, "ci": [0.05, 0.11], "games": 200}]
    ans = {"q": {"margin": 0.05}, "by_bot": {"greedy": {"players": 4, "rows": rows, "clear": True}}}
    ja = "\n".join(cards_lines("undecim", ans, "ja"))
    assert "は勝率32%（95%の範囲 28%〜36%）で強すぎる。" in ja and "は勝率8%（95%の範囲 5%〜11%）で弱すぎる。" in ja
    assert "32% (95% range 28% to 36%) too strong" in "\n".join(cards_lines("undecim", ans, "en"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_setting_measured_against_a_questions_own_base_names_that_base(lang):
    """LS-V1 + LS-V2 is compared with LS-V1 alone (the question's `base`), not with the plain game: the
    verdict says so, or it reads as a change from the plain game."""
    from soan.lab.ask_report.sentences import sentence

    q = {"id": "weather-double-strength", "measure": "m", "better": "lower", "margin": 0.1, "format": "num",
         "base": {"variants": ["weather-double"]}, "name": {"en": "all-weather firsts", "ja": "全天候の１位"}}
    row = {"against": {"variants": ["weather-double", "lean-weather"]}, "effect": "better", "n": 200, "a": 0.41,
           "b": 0.32, "diff": -0.09, "ci": [-0.12, -0.06], "significant": True, "negligible": False, "spread": "ok"}
    lead = sentence("la-superba", q, row, "normal", lang)
    plain = sentence("la-superba", {**q, "base": {}}, row, "normal", lang)
    if lang == "ja":
        assert lead.startswith("LS-V1のみと比べると、LS-V1") and "のみと比べると" not in plain
    else:
        assert lead.startswith("Against LS-V1 alone, LS-V1") and "alone" not in plain


def test_a_comparison_beyond_doubt_at_the_first_stage_gets_no_more_games_and_the_report_says_so(tmp_path):
    """Haybittle–Peto: after the first stage, a comparison at p < 0.001 (Holm) is settled. Random players'
    first 40 games already show AD-V1's and AD-V10's turns cut short beyond doubt: their studies keep their
    40 games and the rest of their plan goes to the open questions, the plan's total kept; the base, which
    colour-pairs still needs, is never released; the time left grows only the open studies; both
    languages say which comparisons were settled."""
    from soan.lab.ask import Asker
    from soan.lab.ask.plan import resize, settled_rows
    from soan.lab.ask.questions import settings_for_question
    from soan.lab.ask.run import _grown
    from soan.lab.ask.verdict import _compare
    from soan.lab.ask_report import notes

    qs = {q["id"]: q for q in load_questions("asian-delivery")["questions"]}
    chosen = [qs["workers-meaningless"], qs["colour-pairs"]]
    a = Asker("asian-delivery", tmp_path, jobs=2, bots=("random",))
    studies = list(dict.fromkeys(s for q in chosen for s in settings_for_question("asian-delivery", q, "random")))
    a.ensure_all([(s, 40) for s in studies])
    assert settled_rows(a, qs["workers-meaningless"], "random") == {"random-4p-one-porter", "random-4p-worker-decay"}
    assert settled_rows(a, qs["colour-pairs"], "random") == set()
    plan = {s.name: 200 for s in studies}
    state: dict = {}
    resize(a, chosen, studies, plan, state)
    rs = state["resized"]
    assert plan["random-4p-one-porter"] == plan["random-4p-worker-decay"] == 40
    assert rs["released"] == ["random-4p-one-porter", "random-4p-worker-decay"] and rs["freed"] == 320
    assert sum(plan.values()) == 800 and plan["random-4p-base"] > 200 and plan["random-4p-set-weight"] > 200
    assert rs["needs"]["workers-meaningless"] == 0 and "workers-meaningless" in rs["met"]
    assert a.released == {"random-4p-one-porter", "random-4p-worker-decay"}
    grown = {s.name for s, _ in _grown(a, plan, studies, 8, 1e6, 0.001)}
    assert grown == {"random-4p-base", "random-4p-set-weight"}
    # each settled comparison's answer says it stopped at the first stage; an open one does not
    from soan.lab.ask_report.sentences import sentence

    wm = _compare(a, qs["workers-meaningless"], "random", {})["rows"]
    cp = _compare(a, qs["colour-pairs"], "random", {})["rows"]
    assert [r["stopped_early"] for r in wm] == [True, True] and [r["stopped_early"] for r in cp] == [False]
    assert "40ゲーム：最初の４分の１で既にはっきりしたので、ここで止めた）。" in sentence(
        "asian-delivery", qs["workers-meaningless"], wm[0], "random", "ja")
    assert "40 games: beyond doubt after the plan's first quarter, so stopped there)." in sentence(
        "asian-delivery", qs["workers-meaningless"], wm[0], "random", "en")
    assert "ここで止めた" not in sentence("asian-delivery", qs["colour-pairs"], cp[0], "random", "ja")
    res = {"game": "asian-delivery", "budget_s": 60, "bots": ["random"], "studies": {}, "settings": {},
           "resized": {**rs, "needs": {"colour-pairs": 96, "next-start": 4000, "workers-meaningless": 0},
                       "met": ["workers-meaningless", "colour-pairs"]},
           "answers": [{"id": "interaction", "by_bot": {"random": {"rows": [{"measure": "shared_areas"}]}}},
                       {"id": "suit-attributes", "by_bot": None},
                       {"id": "workers-meaningless", "by_bot": {"random": {"rows": [
               {"setting": "random-4p-one-porter", "against": {"variants": ["one-porter"]}},
               {"setting": "random-4p-worker-decay", "against": {"variants": ["worker-decay"]}}]}}}]}
    ja, en = "\n".join(notes(res, "ja")), "\n".join(notes(res, "en"))
    # the question all settled needs nothing: it is not counted among the needs met
    assert "見積もれた 2 問のうち計画に収まる 1 問に必要数を割り当て" in ja and "1 of the 2 questions" in en
    assert "既にはっきりしていた 2 件の比較（AD-V1、AD-V10。" in ja and "計画の残り 320 ゲームをほかの試行の計画に回した" in ja
    assert "2 comparisons were already beyond doubt (AD-V1, AD-V10:" in en and "the 320 games left in their plans" in en
    # the even share is the still-playing studies' (the settled ones stopped), and one comparison reads as one
    assert "残りは止めていない試行に均等に配った" in ja and "went evenly to every study still playing" in en
    one = {**res, "answers": [{**res["answers"][2], "by_bot": {"random": {"rows": res["answers"][2]["by_bot"]["random"]["rows"][:1]}}}]}
    en1 = "\n".join(notes(one, "en"))
    assert "one comparison was already beyond doubt (AD-V1:" in en1 and "The studies only it uses stopped there" in en1
    # the time left's growth is told of the studies still playing (the settled ones kept 40)
    grown_res = {**res, "extended": [{"bot": "random", "reached": {"random-4p-base": 216, "random-4p-one-porter": 40},
                                      "planned": {"random-4p-base": 200, "random-4p-one-porter": 40}}]}
    assert any("216 ゲームまで増やした（計画は 200 ゲーム）" in x for x in notes(grown_res, "ja"))


def test_a_deadline_stops_a_run_between_chunks_leaving_whole_first_parts_alike(tmp_path):
    """`run_studies(deadline=…)`: the studies' chunks take turns, none starts after the deadline, and each
    study keeps a whole first part of its games, the same games a full run begins with."""
    from soan.lab.study import StudyRun, load, run_studies, settings_for

    ticks = iter(range(100))
    runs = [StudyRun(settings_for("undecim", 10, 3, ["random"] * 3, seed, [], {}, chunk=2), tmp_path / f"s{seed}")
            for seed in (1, 2, 3)]
    run_studies(runs, None, deadline=4, clock=lambda: next(ticks))  # four chunks start, then the clock is past
    assert [r.played for r in runs] == [4, 2, 2] and [r.planned for r in runs] == [10, 10, 10]
    full = StudyRun(settings_for("undecim", 10, 3, ["random"] * 3, 1, [], {}, chunk=2), tmp_path / "full")
    run_studies([full])
    _, cut, _ = load(tmp_path / "s1")
    _, whole, _ = load(tmp_path / "full")
    assert cut["seed"].to_pylist() == whole["seed"].to_pylist()[:4]


def test_an_ask_past_its_deadline_starts_no_more_games_and_says_the_plan_was_cut(tmp_path, monkeypatch):
    """The budget is kept on a loaded machine: once the deadline passes (here at once after the pilot and
    plan), no chunk starts; the answers rest on what was played and the notes say so."""
    from soan.lab.ask import asker as ask_mod

    real = ask_mod.run_studies
    calls = []

    def late(runs, pool=None, deadline=None, clock=None):
        assert deadline is not None  # the ask's budget gives every run its deadline
        calls.append(len(runs))
        if len(runs) == 1:  # the pilot's runs
            return real(runs, pool)
        out = real(runs, pool, deadline=0.0, clock=lambda: 1.0)  # a machine so slow the budget is gone
        for r in runs:  # a study with games plays none; one without plays its first chunk only
            assert r.played == (0 if r.held else min(r.planned, r.settings["chunk"])), (r.held, r.played)
        return out

    monkeypatch.setattr(ask_mod, "run_studies", late)
    res = ask("undecim", ["gold-bonus"], budget_s=30, out=tmp_path, jobs=1, bots=("random",))
    assert res["stopped"] and res["stopped"][0]["bot"] == "random"
    assert calls[-1] > 1 and calls.count(calls[-1]) == 1  # the stage the clock cut is the last run of games
    assert all(x["clear"] is False or x["clear"] is True for x in res["answers"])  # answered from what was played


def test_random_players_never_make_an_answer_depend_on_skill():
    """A context level of random players that disagrees is a reference line, not a level of skill: the
    answer does not say it depends on how well the game is played (a skill level's disagreement does)."""
    from soan.lab.ask_report.sentences import levels_line

    ans = {"by_bot": {"greedy": {}, "random": {}}, "agree": False}
    line = " ".join(levels_line("undecim", ans, "en"))
    assert "reference line" in line and "depends on how well" not in line
    assert "技量の段階ではない" in "".join(levels_line("undecim", ans, "ja"))
    skill = {"by_bot": {"greedy": {}, "mcts": {}}, "agree": False}
    assert "depends on how well the game is played" in " ".join(levels_line("undecim", skill, "en"))


def test_the_last_games_start_early_enough_for_the_answers_on_a_short_budget_too():
    """A 20-s ask in a fresh clone ended 22 s after its start: 6% of 20 s (1.2 s) did not hold the answers and
    the reports (~2 s). The last chunk now starts at most 94% into the budget and at least 3 s before its end."""
    from soan.lab.ask.asker import ANSWER_S, PLAY_END, play_deadline

    assert play_deadline(100.0, 600.0) == pytest.approx(100.0 + 600.0 * PLAY_END)  # the default: 94%
    assert play_deadline(100.0, 20.0) == pytest.approx(100.0 + 20.0 - ANSWER_S)
    assert play_deadline(100.0, 2.0) == 100.0  # a budget shorter than the answers: the first chunks only

"""`soan ask`: questions as data, answered from shared-seed studies, cached; `soan aa`."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from soan.cli.main import app
from soan.core.errors import ConfigError
from soan.lab.ask import ask, load_questions
from soan.lab.ask_report import lines, write_html

runner = CliRunner()


@pytest.mark.parametrize("game", ["asian-delivery", "la-superba", "undecim"])
def test_every_game_has_checked_questions_in_both_languages(game):
    doc = load_questions(game)
    ids = [q["id"] for q in doc["questions"]]
    assert "seat-advantage" in ids and len(ids) >= 5
    for q in doc["questions"]:
        assert q["ja"] and q["en"] and q["draft"] and q["fixed"]["ja"] and q["fixed"]["en"]


def test_ask_answers_with_paired_studies_and_asking_again_is_cached(tmp_path):
    res = ask("undecim", ["hand-fluidity"], budget_s=0, out=tmp_path, jobs=1, bots=("random",))
    (ans,) = res["answers"]
    rows = ans["by_bot"]["random"]["rows"]
    assert [r["setting"] for r in rows] == ["random-4p-bonus-lock", "random-4p-one-card-hand", "random-4p-no-retake"]
    assert all(r["paired"] and r["games"] == [100, 100] for r in rows)
    v2 = rows[1]
    assert v2["diff"] > 0 and v2["ci"][0] > 0 and v2["effect"] == "worse"  # UN-V2: the hand changes less often
    en = lines("undecim", ans, "en")
    ja = lines("undecim", ans, "ja")
    assert "UN-V2 one-card-hand makes it worse" in en[1] and "→" in en[1] and "[" in en[1]
    assert "UN-V2（" in ja[1] and "悪化させる" in ja[1]
    again = ask("undecim", ["hand-fluidity"], budget_s=0, out=tmp_path, jobs=1, bots=("random",))
    assert again["answers"][0]["by_bot"]["random"]["rows"][1]["diff"] == v2["diff"]
    assert res["before_s"] == 0 and again["before_s"] == pytest.approx(res["spent_s"])  # the first ask's time
    r = runner.invoke(app, ["ask", "undecim", "hand-fluidity", "--budget", "0", "--out", str(tmp_path), "-j", "1",
                            "--bots", "random", "--lang", "ja"])
    assert r.exit_code == 0, r.output
    assert "前回までの試行" in r.output and "別の --out" in r.output  # asking again says it continues
    for lang in ("en", "ja"):
        h = write_html(res, lang, tmp_path / f"a-{lang}.html").read_text(encoding="utf-8")
        assert h.count("data:image/png;base64,") == 1 and ("草案" in h if lang == "ja" else "The draft" in h)
        if lang == "ja":  # settings, bots and verdicts in Japanese; folder names (in <code>) and Holm aside
            text = re.sub(r"<(style|script|code)[^>]*>.*?</\1>|data:image/png;base64,[^\"']+|<[^>]+>", " ", h, flags=re.S)
            assert set(re.findall(r"[A-Za-z][A-Za-z_]{2,}", text)) <= {"Holm", "soan", "ask"}


def test_ask_names_what_is_wrong(tmp_path):
    with pytest.raises(ConfigError, match="unknown question 'nope'"):
        ask("undecim", ["nope"], out=tmp_path)
    r = runner.invoke(app, ["ask", "undecim", "--budget", "soon", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "--budget takes seconds or minutes" in r.output
    r = runner.invoke(app, ["ask", "undecim", "--list", "--lang", "ja"])
    assert r.exit_code == 0 and "hand-fluidity: 手札は動いているか" in r.output


def test_aa_command_reports_the_false_positive_share():
    r = runner.invoke(app, ["aa", "undecim", "-n", "40", "--reps", "1", "-p", "3", "-j", "1", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["reps"] == 1 and d["measures"] > 30 and 0 <= d["false_positive_share"] <= d["uncorrected_share"] <= 1


def test_the_first_round_fits_the_budget_without_dropping_a_study(tmp_path):
    """A slow bot level (Asian Delivery's greedy) starts every study smaller, never below MIN_N, so
    the first round stays within its share of the budget; a cheap one keeps START_N."""
    from soan.lab.ask import MIN_N, START_N, Asker, Setting, _first_size

    class Priced(Asker):
        def ensure(self, s, n):
            self.cost[s] = self.per_game
            self.n[s] = n

    todo = [Setting(4, "greedy", (f"V{k}",), ()) for k in range(10)]
    a = Priced("asian-delivery", tmp_path)
    a.per_game = 4.0  # seconds a game on one core: 2 s on the default 2 jobs
    assert _first_size(a, "greedy", todo, {"n": {}}, 120.0) == 6  # 120 s / 2 s a game / 10 studies
    assert a.jobs == 2  # the pilot ran in-process, the jobs are back
    assert not a.over
    assert _first_size(a, "greedy", todo, {"n": {}}, 10.0) == MIN_N
    assert a.over == [{"bot": "greedy", "studies": 10, "games": MIN_N, "needs_s": MIN_N * 10 * 2.0, "share_s": 10.0}]
    assert _first_size(a, "greedy", todo, {"n": {}}, 0.0) == START_N["greedy"]  # zero budget: start sizes
    a.per_game = 0.01
    assert _first_size(a, "greedy", todo, {"n": {}}, 120.0) == START_N["greedy"]
    assert _first_size(a, "greedy", todo, {"n": {t.name: 8 for t in todo}}, 1.0) == START_N["greedy"]  # cached


def test_a_questions_file_names_bad_bot_levels(tmp_path, monkeypatch):
    import yaml

    from soan.core.errors import ConfigError
    from soan.lab import ask as ask_mod

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


@pytest.mark.parametrize("game", ["asian-delivery", "la-superba", "undecim"])
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


def test_the_bot_check_says_whether_a_finding_holds_with_both_bot_levels():
    from soan.lab.ask_report import _bot_check

    n = {"random": 6400, "greedy": 64}
    assert "両方のボットで同じ" in _bot_check({"random": ["収穫"], "greedy": ["収穫"]}, n, "ja")[0]
    assert "neither confirm nor rule it out" in _bot_check({"random": ["Harvest"], "greedy": []}, n, "en")[0]
    both = {"random": 400, "greedy": 400}
    assert "depends on the bots" in _bot_check({"random": ["Harvest"], "greedy": ["Mint"]}, both, "en")[0]
    assert _bot_check({"random": [], "greedy": []}, n, "en") == []


def test_a_question_says_what_other_measurements_add(tmp_path, monkeypatch):
    """Undecim's start-player question carries what all-hard games found; a bad `known` is named."""
    import yaml

    from soan.core.errors import ConfigError
    from soan.lab import ask as ask_mod
    from soan.lab.ask_report import lines

    doc = ask_mod.load_questions("undecim")
    q = next(x for x in doc["questions"] if x["id"] == "seat-advantage")
    ans = {"kind": "seats", "q": q, "by_bot": {}}
    monkeypatch.setattr("soan.lab.ask_report.seats_lines", lambda game, a, lang: ["(the verdict)"])
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

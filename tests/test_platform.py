"""The platform: generic layers name no game, hooks drive reports/analyses/flags, one error path."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import soan
from soan.cli.app import describe
from soan.cli.main import app
from soan.core.game import game_info, games

runner = CliRunner()
SRC = Path(soan.__file__).parent


def test_generic_layers_name_no_game():
    ids = [g["id"] for g in games()]
    pat = re.compile("|".join(re.escape(i).replace(r"\-", "[-_]") for i in ids), re.I)
    hits = []
    for layer in ("core", "agents", "lab", "cli", "web"):
        for f in sorted((SRC / layer).rglob("*.py")) if (SRC / layer).exists() else []:
            for k, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                if pat.search(line):
                    hits.append(f"{f.relative_to(SRC)}:{k}: {line.strip()}")
    assert not hits, "\n".join(hits)


@pytest.fixture(scope="module")
def small_studies(tmp_path_factory):
    d = tmp_path_factory.mktemp("panels")
    out = {}
    for g in games():
        r = runner.invoke(app, ["sim", g["id"], "-n", "6", "--players", "3", "--out", str(d / g["id"]), "--json"])
        assert r.exit_code == 0, r.output
        out[g["id"]] = d / g["id"]
    return out


def test_each_game_report_shows_its_own_panels(small_studies):
    gids = list(small_studies)
    for gid, lang in [(g, "en") for g in gids] + [(gids[0], "ja")]:
        d = small_studies[gid]
        r = runner.invoke(app, ["report", str(d), "--lang", lang])
        assert r.exit_code == 0, r.output
        h = (d / ("report-ja.html" if lang == "ja" else "report.html")).read_text(encoding="utf-8")
        loader = game_info(gid).hooks.report_panels
        assert loader is not None
        for panel in loader():
            assert f"<h3>{html.escape(panel.heading(lang))}</h3>" in h
        others = [p.heading(lang) for g in games() if g["id"] != gid
                  for p in (game_info(g["id"]).hooks.report_panels or list)()]
        assert not any(html.escape(o) in h for o in others)  # no other game's panel


def test_a_panel_without_its_columns_draws_nothing(small_studies):
    from soan.lab.report import study_data
    from soan.lab.study import load

    settings, g, s = load(small_studies["undecim"])
    for other in [x["id"] for x in games() if x["id"] != "undecim"]:
        for panel in (game_info(other).hooks.report_panels or list)():
            assert panel.draw(study_data(settings, g, s, None), "en") == []


def test_analyze_lists_and_runs_declared_analyses():
    r = runner.invoke(app, ["analyze", "la-superba"])
    assert r.exit_code == 0 and "soan analyze la-superba power" in r.output
    r = runner.invoke(app, ["analyze", "la-superba", "--json"])
    assert [a["name"] for a in json.loads(r.output)] == ["power"]
    r = runner.invoke(app, ["analyze", "undecim"])
    assert r.exit_code == 0 and "no analyses" in r.output
    r = runner.invoke(app, ["analyze", "undecim", "power"])
    assert r.exit_code == 2 and "undecim has no analysis 'power'; available: none" in r.output
    # a true/false parameter as a flag gives the same result as -P name=false
    a = runner.invoke(app, ["analyze", "la-superba", "power", "--json", "--no-crew-power-with-ships"])
    b = runner.invoke(app, ["analyze", "la-superba", "power", "--json", "-P", "crew_power_with_ships=false"])
    assert a.exit_code == 0 and json.loads(a.output) == json.loads(b.output) and json.loads(a.output)["max"] == 16
    r = runner.invoke(app, ["analyze", "la-superba", "power", "--lang", "ja"])
    assert r.exit_code == 0 and "航海力" in r.output and "メモの読み方" in r.output


def test_true_false_parameters_are_flags(tmp_path):
    rec = tmp_path / "c.jsonl"
    r = runner.invoke(app, ["play", "undecim", "--campaign", "--players", "3", "--humans", "", "--bots", "random",
                            "--record", str(rec), "--seed", "2"], input="")
    assert r.exit_code == 0 and "Winner" in r.output, r.output  # bots only: the campaign plays to its end
    assert soan.replay(rec).seasons == 3 and soan.replay(rec).is_over()
    r = runner.invoke(app, ["sim", "undecim", "-n", "2", "--players", "3", "--campagn"])
    assert r.exit_code == 2 and "no such option '--campagn'" in r.output and "--campaign" in r.output
    r = runner.invoke(app, ["sim", "la-superba", "-n", "2", "--campaign"])
    assert r.exit_code == 2 and "la-superba's true/false parameters as flags: --crew-power-with-ships" in r.output
    help_text = runner.invoke(app, ["sim", "--help"]).output
    assert "--campaign" in help_text and all(g["id"] in help_text for g in games())


def test_one_error_path_for_user_files(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\xff\xfe\x00junk")
    r = runner.invoke(app, ["deck", "export", "la-superba", "voyage_cards", str(tmp_path / "no" / "dir" / "x.csv")])
    assert r.exit_code == 2 and "error:" in r.output and "x.csv" in r.output
    r = runner.invoke(app, ["replay", str(tmp_path / "none.jsonl")])
    assert r.exit_code == 2 and "none.jsonl" in r.output
    r = runner.invoke(app, ["play", "la-superba", "--humans", "a,b"])
    assert r.exit_code == 2 and "--humans takes seat numbers" in r.output
    assert describe(ModuleNotFoundError("No module named 'pyarrow'", name="pyarrow")) == (
        "this command needs pyarrow, which comes with soan[lab]: pip install 'soan[lab]'")
    e = UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
    assert "not UTF-8" in describe(e)

"""`soan check` (the designer's data check) and the CLI's refusals of bad input (exit 2, no traceback)."""

from __future__ import annotations

import dataclasses
import os

import pytest
import yaml
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from soan.core.game import game_info
from soan.games.la_superba.model import DATA as LS_DATA
from soan.games.undecim.model import DATA as UN_DATA

runner = CliRunner()


@pytest.mark.parametrize("game", [g["id"] for g in soan.games()])
def test_check_passes_the_shipped_data(game, tmp_path):
    r = runner.invoke(app, ["check", game, "-n", "6", "--normal-every", "3", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "6 games checked (3/4 players, 4 with random bots, 2 with normal bots): no problem found" in r.output
    r = runner.invoke(app, ["check", game, "-n", "2", "--lang", "ja", "-p", "3", "--out", str(tmp_path)])
    assert r.exit_code == 0 and "問題は見つかりませんでした" in r.output


def _edit(src, tmp_path, **changes):
    raw = yaml.safe_load(src.read_text(encoding="utf-8"))
    raw.update(changes)
    p = tmp_path / "mine.yaml"
    p.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return str(p)


def test_check_finds_the_issues_broken_files(tmp_path):
    raw = yaml.safe_load(LS_DATA.read_text(encoding="utf-8"))
    raw["trade_cards"][3]["effects"][0]["by_rank"] = [3, -1, 1]
    p = tmp_path / "neg.yaml"
    p.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    r = runner.invoke(app, ["check", "la-superba", "--components", str(p), "-n", "3"])
    assert r.exit_code == 1 and "cannot be used" in r.output and "by_rank" in r.output
    p = _edit(UN_DATA, tmp_path, campaign_start_vp={2: [], 3: [3, 2, 1, 0]})
    r = runner.invoke(app, ["check", "undecim", "--components", p, "-n", "3", "--lang", "ja"])
    assert r.exit_code == 1 and "使えません" in r.output and "campaign_start_vp.2" in r.output


def test_check_names_the_player_count_a_short_deck_cannot_serve(tmp_path):
    raw = yaml.safe_load(LS_DATA.read_text(encoding="utf-8"))
    raw["voyage_cards"] = raw["voyage_cards"][:18]  # 3 players need 16 cards, 4 need 21
    p = tmp_path / "short.yaml"
    p.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    r = runner.invoke(app, ["check", "la-superba", "--components", str(p), "-n", "4", "--out", str(tmp_path)])
    assert r.exit_code == 1
    assert "4 players cannot play" in r.output and "18 cards" in r.output and "need 21" in r.output


def test_check_reports_a_broken_invariant_with_a_record(tmp_path, monkeypatch):
    info = game_info("undecim")
    calls = []

    def broken(s):
        calls.append(1)
        return ["the council lost a card"] if s.turn_no == 3 else []

    monkeypatch.setattr(info, "hooks", dataclasses.replace(info.hooks, invariants=broken))
    r = runner.invoke(app, ["check", "undecim", "-n", "2", "--out", str(tmp_path)])
    assert r.exit_code == 1, r.output
    assert "the council lost a card" in r.output and "2 of 2 games had a problem" in r.output
    recs = sorted(os.listdir(tmp_path))
    assert recs and all(x.endswith(".jsonl") for x in recs)
    rr = runner.invoke(app, ["replay", str(tmp_path / recs[0]), "--json"])
    assert rr.exit_code == 0 and '"turn_no": 3' in rr.output  # the record stops at the problem


@pytest.mark.parametrize("args", [
    ["sim", "undecim", "-n", "-5"], ["sim", "undecim", "-n", "5", "--jobs", "0"], ["bench", "undecim", "--games", "0"],
    ["check", "undecim", "-n", "0"], ["check", "undecim", "--variant", "nope"], ["check", "undecim", "--lang", "fr"],
])
def test_cli_refuses_out_of_range_options(args):
    r = runner.invoke(app, args)
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_cli_refuses_binary_and_non_json_files(tmp_path):
    b = tmp_path / "b.bin"
    b.write_bytes(bytes(range(255, -1, -1)) * 8)
    for args in (["sim", "undecim", "-n", "2", "--components", str(b)], ["replay", str(b)],
                 ["import", str(b), "--out", str(tmp_path / "st")],
                 ["deck", "import", "undecim", "action_cards", str(b), "--out", str(tmp_path / "x.yaml")]):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and "not UTF-8" in r.output, (args, r.output)
        assert "Traceback" not in r.output and isinstance(r.exception, SystemExit), (args, r.exception)
    st = tmp_path / "study"
    st.mkdir()
    (st / "study.json").write_text("not json", encoding="utf-8")
    (st / "games.parquet").write_bytes(b"")
    for cmd in ("report", "export"):
        r = runner.invoke(app, [cmd, str(st)])
        assert r.exit_code == 2 and "not a study settings file" in r.output, r.output

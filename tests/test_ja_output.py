"""Japanese mode says no English sentence: the deck, print and export commands, soan export-web, soan
serve's help, a web record's replay, soan check's bot names, soan ask's progress bars; an Asian
Delivery face-up build that can build nothing says why in its option."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from soan.core.game import game_info
from system import installed
from test_cli_ja import _english

runner = CliRunner()


def _ja(args: list[str]) -> str:
    r = runner.invoke(app, [*args, "--lang", "ja"])
    assert r.exit_code == 0, r.output
    assert _english(r.output) == [], r.output
    return r.output


def test_deck_commands_speak_japanese(tmp_path):
    out = tmp_path / "a.csv"
    assert "カード 11 枚を書き出しました" in _ja(["deck", "export", "undecim", "action_cards", str(out)])
    said = _ja(["deck", "import", "undecim", "action_cards", str(out), "--out", str(tmp_path / "u.yaml")])
    assert "--components" in said and "を書きました" in said


def test_print_and_export_speak_japanese(tmp_path):
    pytest.importorskip("PIL")
    assert "カード 30 枚" in _ja(["export", "la-superba", "--to", "images", "-o", str(tmp_path / "i")])
    if not installed("libpango-1.0-0"):
        pytest.skip("needs the Debian package libpango-1.0-0, which is not installed")
    pytest.importorskip("weasyprint")
    assert "に書き出しました" in _ja(["print", "la-superba", "--no-backs", "-o", str(tmp_path / "p.pdf")])


def test_export_web_speaks_japanese(tmp_path):
    pytest.importorskip("sqlalchemy")
    said = _ja(["export-web", "--db", str(tmp_path / "none.sqlite"), "--out", str(tmp_path / "o")])
    assert "記録 0 件" in said


def test_serve_help_lists_lang():
    r = runner.invoke(app, ["serve", "--help", "--lang", "ja"])
    assert r.exit_code == 0 and "--lang" in r.output


def test_a_record_without_its_language_replays_in_soan_lang(tmp_path):
    s = soan.make("undecim", players=3, seed=2)
    rec = tmp_path / "r.jsonl"
    rec.write_text(json.dumps({"format": "soan-record/1", **s.header()}) + "\n", encoding="utf-8")
    r = runner.invoke(app, ["replay", str(rec)], env={"SOAN_LANG": "ja"})
    assert r.exit_code == 0 and _english(r.output) == [] and "位" in r.output, r.output
    r = runner.invoke(app, ["replay", str(rec)], env={"SOAN_LANG": ""})
    assert r.exit_code == 0 and "位" not in r.output


def test_a_web_rooms_record_says_its_language():
    pytest.importorskip("fastapi")
    from soan.web.room import Room

    s = soan.make("undecim", players=3, seed=2)
    room = Room("x", s, {"format": "soan-record/1", **s.header()}, [{"bot": None, "joined": False}] * 3, 0, "ja", 0.0)
    assert room.record_lines()[0]["lang"] == "ja"


def test_check_and_ask_name_the_bots_and_settings_in_japanese():
    from soan.cli.ask import _task_label
    from soan.cli.check import BOTS_JA

    assert BOTS_JA["normal"] == "中級"
    assert _task_label("random-4p-base_building_table-6.12.18.27", 3, "ja") == "設定3（4人）"
    assert _task_label("random-4p-base", 1, "en") == "random-4p-base"


def test_a_build_that_can_build_nothing_says_why():
    t = game_info("asian-delivery").hooks.text
    s = soan.make("asian-delivery", seed=0)
    seat = s.to_act()[0]
    ups = [a for a in s.legal_actions(seat) if getattr(a, "face", None) == "up"
           and [o.op for o in s.T.ops[a.card]][:1] == ["build"]]
    assert ups and not s._buildable(seat)  # the start: empty warehouses pay for nothing
    assert "建設では何も建ちません" in t.action_text(s, ups[0], "ja")
    assert "the build builds nothing" in t.action_text(s, ups[0], "en")
    others = [a for a in s.legal_actions(seat) if getattr(a, "face", None) == "up" and "build" not in
              [o.op for o in s.T.ops[a.card]]]
    assert others and all("何も建ちません" not in t.action_text(s, a, "ja") for a in others)


def test_the_replay_page_uses_no_glyph_debian_lacks():
    from pathlib import Path

    import soan.web

    js = (Path(soan.web.__file__).parent / "static" / "replay.js").read_text(encoding="utf-8")
    assert "⏮" not in js and "⏭" not in js


@pytest.mark.parametrize("game", ["undecim", "la-superba", "asian-delivery"])
def test_compare_in_japanese_names_every_measure(tmp_path, game):
    pytest.importorskip("pyarrow")
    for d, seed in (("a", "1"), ("b", "2")):
        r = runner.invoke(app, ["sim", game, "-n", "3", "--seed", seed, "--out", str(tmp_path / d)])
        assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["compare", str(tmp_path / "a"), str(tmp_path / "b"), "--lang", "ja",
                            "--html", str(tmp_path / "c.html")], env={"COLUMNS": "250"})
    assert r.exit_code == 0, r.output
    rows = [x.split("│")[1].strip() for x in r.output.splitlines() if x.count("│") > 2]
    assert len(rows) > 20 and [x for x in rows if re.search(r"[a-z]{3,}", x)] == []

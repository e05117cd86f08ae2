"""The command line for a Japanese reader and for the usual mistakes: every command's help in
Japanese under --lang ja or SOAN_LANG=ja, `soan games --lang ja`, did-you-mean for options and game
ids, a missing --resume file, a busy port said first, `soan replay` in the record's language, the
option numbers that exist, every game's help listing every prompt command."""

from __future__ import annotations

import json
import re
import socket

import pytest
import typer
from typer.testing import CliRunner

import soan
from soan.cli import help_ja
from soan.cli.main import app
from soan.cli.play_text import COMMANDS
from soan.core.game import game_info, games

runner = CliRunner()


def _commands():
    root = typer.main.get_command(app)
    out = [("", root)]

    def walk(c, path):
        for name, sub in getattr(c, "commands", {}).items():
            p = f"{path} {name}".strip()
            out.append((p, sub))
            walk(sub, p)

    walk(root, "")
    return out


def _english(text: str) -> list[str]:
    """Runs of English words (two or more in a row), outside option names, ids and paths."""
    text = re.sub(r"\b[A-Z_]{2,}\b\.*|--?[A-Za-z][\w-]*|[\w.-]*/[\w./*-]*|\b[a-z]+(?:-[a-z]+)+\b|\w+=\w+|soan [\w-]+|Python API",
                  " ", text)  # options, paths, ids, k=v, commands to type, a name
    return re.findall(r"\b[A-Za-z]{3,}(?: [A-Za-z]{3,})+\b", text)


def test_every_command_and_parameter_has_japanese_help():
    missing = []
    for path, cmd in _commands():
        if cmd.help and not help_ja.command_help(path):
            missing.append(path or "soan")
        for p in cmd.params:
            if getattr(p, "help", None) and not help_ja.param_help(path, p.name):
                missing.append(f"{path} {p.name}")
    assert missing == []


@pytest.mark.parametrize("how", ["flag", "env"])
def test_help_in_japanese_for_every_command(how):
    for path, _ in _commands():
        args = [*path.split(), "--help"]
        r = runner.invoke(app, args + (["--lang", "ja"] if how == "flag" else []),
                          env={"SOAN_LANG": "ja"} if how == "env" else {})
        assert r.exit_code == 0, (path, r.output)
        assert ("使い方: soan " + path).strip() in r.output and "オプション" in r.output
        assert _english(r.output) == [], (path, _english(r.output))
    r = runner.invoke(app, ["--help"])  # English stays English
    assert "Usage" in r.output and "使い方" not in r.output and len(_english(r.output)) > 20


def test_games_in_japanese():
    r = runner.invoke(app, ["games", "--lang", "ja"])
    assert r.exit_code == 0 and "ラ・スペルバ（3〜4人）" in r.output and "ヴァリアント weather-double" in r.output
    assert "variant " not in r.output and "param " not in r.output and "players" not in r.output


@pytest.mark.parametrize("args, en, ja", [
    (["play", "la-superba", "--seet", "2"], "did you mean --seed or --seat?", "--seed、--seat のことですか？"),
    (["play", "la-superb"], "did you mean 'la-superba'?", "'la-superba' のことですか？"),
    (["sim", "la-superba", "--jbos", "2"], "did you mean --jobs", "--jobs"),
    (["play", "la-superba", "--resume", "no-such.jsonl"], "cannot read record", "記録 no-such.jsonl を読めません（ファイルがありません）"),
    (["nope"], "No such command", "コマンド nope はありません"),
    (["sim", "la-superba", "-n", "x"], "", "-n の値が正しくありません：整数を指定してください"),
    (["check", "la-superba", "extra.yaml"], "extra argument(s) (extra.yaml)", "余分な引数があります：extra.yaml（soan check"),
])
def test_mistakes_are_named_with_the_nearest_choice(args, en, ja):
    r = runner.invoke(app, args)
    assert r.exit_code == 2 and en in r.output, r.output
    r = runner.invoke(app, [*args, "--lang", "ja"])
    assert r.exit_code == 2 and ja in r.output and _english(r.output.split("：", 1)[1]) == [], r.output


def test_a_busy_port_is_said_first(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = runner.invoke(app, ["serve", "--port", str(port), "--db", str(tmp_path / "s.sqlite")])
        assert r.exit_code == 2
        first = r.output.strip().splitlines()[0]
        assert f"port {port}" in first and "already in use" in first and f"--port {port + 1}" in r.output
        assert not (tmp_path / "s.sqlite").exists()  # nothing opened before it
        r = runner.invoke(app, ["serve", "--port", str(port), "--lang", "ja", "--db", str(tmp_path / "s.sqlite")])
        assert r.exit_code == 2 and f"ポート {port} は使用中です" in r.output and "--port" in r.output


def test_replay_speaks_the_records_language(tmp_path):
    from play_helpers import Script, session

    s = session(tmp_path, Script([], limit=3), lang="ja", players=3)
    s.run()
    r = runner.invoke(app, ["replay", str(tmp_path / "rec.jsonl")])
    assert r.exit_code == 0 and "ゲームは途中です" in r.output and "位 プレイヤー 1: " in r.output, r.output
    r = runner.invoke(app, ["replay", str(tmp_path / "rec.jsonl"), "--lang", "en"])
    assert "The game is not over" in r.output
    header = json.loads((tmp_path / "rec.jsonl").read_text().splitlines()[0])
    assert header["lang"] == "ja"


def test_option_numbers_that_exist_are_named():
    from soan.cli.play import number_ranges

    assert number_ranges([1, 2, 3, 5, 7, 8], "ja") == "1〜3、5、7、8"
    assert number_ranges([2, 4, 5, 6], "en") == "2, 4-6"


def test_wrong_numbers_name_the_options(tmp_path):
    from play_helpers import Script, session

    sc = Script(["99"], then_first=False, limit=2)
    session(tmp_path, sc, game="asian-delivery", players=3, seed=4, lang="ja").run()
    said = [x for x in sc.out if x.startswith("99番はありません")]
    assert said and re.fullmatch(r"99番はありません。選べる番号は [0-9〜、]+ です。", said[0]), said


@pytest.mark.parametrize("game", [g["id"] for g in games()])
def test_every_games_help_lists_every_prompt_command(game):
    s = soan.make(game, players=3, seed=1)
    text = game_info(game).hooks.text
    letters = sorted({k for k in COMMANDS if len(k) == 1 and k.isalpha()})
    for lang in ("en", "ja"):
        h = text.help_text(s, lang)
        missing = [k for k in letters if not re.search(rf"(^|[ 、。：,;]){k} ", h, re.M)]
        assert missing == [], (game, lang, missing)


def test_every_variant_and_parameter_reads_as_japanese():
    """The lobby and `soan games --lang ja` show these words as they are: no code names or rule ids."""
    found = {}
    for g in games():
        for v in g["variants"]:
            found.update({f"{g['id']} {v['id']}": w for w in re.findall(r"[A-Za-z]{2,}", v["doc_ja"]) if w != "VP"})
        for p in g["params"]:
            words = p["doc_ja"] + "".join(p["choices_ja"] or [])
            found.update({f"{g['id']} {p['name']}": w for w in re.findall(r"[A-Za-z]{2,}", words) if w != "VP"})
            assert p["doc_ja"], (g["id"], p["name"])
            assert not p["choices"] or p["choices_ja"], (g["id"], p["name"])  # a choice has its Japanese name
    assert found == {}


def test_soan_lang_sets_a_new_games_language_and_a_resumed_game_keeps_its_own(tmp_path):
    rec = tmp_path / "g.jsonl"
    r = runner.invoke(app, ["play", "undecim", "--players", "3", "--seed", "4", "--bots", "random", "--record", str(rec)],
                      input="quit\n", env={"SOAN_LANG": "ja"})
    assert json.loads(rec.read_text(encoding="utf-8").splitlines()[0])["lang"] == "ja", r.output
    assert "ラウンド" in r.output or "手番" in r.output, r.output
    r = runner.invoke(app, ["play", "undecim", "--resume", str(rec)], input="quit\n", env={"SOAN_LANG": "en"})
    assert json.loads(rec.read_text(encoding="utf-8").splitlines()[0])["lang"] == "ja"  # kept, not rewritten
    rec2 = tmp_path / "h.jsonl"
    runner.invoke(app, ["play", "undecim", "--players", "3", "--seed", "4", "--record", str(rec2)], input="quit\n",
                  env={"SOAN_LANG": "en"})
    assert json.loads(rec2.read_text(encoding="utf-8").splitlines()[0])["lang"] == "en"


def test_soan_lang_for_lab_commands():
    r = runner.invoke(app, ["games"], env={"SOAN_LANG": "ja"})
    assert "ラ・スペルバ" in r.output
    r = runner.invoke(app, ["analyze", "undecim"], env={"SOAN_LANG": "ja"})
    assert r.exit_code == 0 and re.search(r"[ぁ-んァ-ン]", r.output), r.output
    assert re.search(r"[ぁ-んァ-ン]", runner.invoke(app, ["analyze", "undecim"]).output) is None


def test_serve_says_its_start_in_japanese(monkeypatch):
    from soan.cli import serve

    monkeypatch.setattr("sys.argv", ["soan", "serve", "--lang", "ja"])
    ja = serve._start_lines("http://127.0.0.1:8000/", 3, "soan.sqlite", None, False, [])
    assert "保存された対戦 3 件" in ja[0] and "このコンピューターからしか開けません" in ja[1]
    lan = serve._start_lines("http://127.0.0.1:8000/", 0, "x.sqlite", None, True, ["http://192.168.1.20:8000"])
    assert "同じネットワークの友だちは http://192.168.1.20:8000/ を開きます" in lan[1]
    assert _english("\n".join(ja + lan).replace("soan serve", "")) == []
    monkeypatch.setattr("sys.argv", ["soan", "serve"])
    monkeypatch.delenv("SOAN_LANG", raising=False)
    assert "stored game(s)" in serve._start_lines("http://127.0.0.1:8000/", 3, "soan.sqlite", None, False, [])[0]


@pytest.mark.parametrize("line", [["--help"], ["--lang", "ja", "--help"], ["play", "--help", "--lang", "ja"]])
def test_the_japanese_help_follows_the_width_columns_gives_as_the_english_does(line):
    from soan.core.width import cols as text_width

    for cols in (60, 100):
        env = {"COLUMNS": str(cols), "SOAN_LANG": "ja"}
        ja = runner.invoke(app, line, env=env)
        en = runner.invoke(app, [x for x in line if x not in ("--lang", "ja")], env={**env, "SOAN_LANG": "en"})
        assert ja.exit_code == 0 and en.exit_code == 0, ja.output + en.output
        assert "使い方" in ja.output
        widest = max(text_width(x) for x in ja.output.splitlines())
        assert cols - 10 < widest <= cols, (cols, widest)
        assert max(text_width(x) for x in en.output.splitlines()) <= cols


@pytest.mark.parametrize("line", [["--lang", "ja", "games"], ["--lang=ja", "games"], ["games", "--lang", "ja"]])
def test_lang_before_the_command_is_the_commands_own(line):
    """`soan --lang ja games` as `soan games --lang ja`: the root has no --lang of its own to refuse it."""
    r = CliRunner().invoke(app, line)
    assert r.exit_code == 0, r.output
    assert "アジアンデリバリー" in r.output and "No such option" not in r.output


def test_lang_after_command_moves_only_what_comes_before_the_command():
    assert help_ja.lang_after_command(["--lang", "ja", "ladder", "undecim", "--agents", "x"], ["ladder"]) == \
        ["ladder", "--lang", "ja", "undecim", "--agents", "x"]
    assert help_ja.lang_after_command(["deck", "--lang=ja", "export", "x"], ["deck", "export"]) == \
        ["deck", "export", "--lang=ja", "x"]
    assert help_ja.lang_after_command(["ladder", "--lang", "ja"], ["ladder"]) == ["ladder", "--lang", "ja"]


def _mistakes(tmp_path):
    """(command line, what its Japanese error says) — errors that were said in English under --lang ja."""
    bad_record = tmp_path / "bad.jsonl"
    bad_record.write_text("xx\n", encoding="utf-8")
    (tmp_path / "notstudy").mkdir()
    (tmp_path / "afile").write_text("", encoding="utf-8")
    return [
        (["report", str(tmp_path / "notstudy")], "は終わった研究のフォルダではありません"),
        (["replay", str(bad_record)], "1行目：見出しの行が JSON ではありません"),
        (["deck", "export", "undecim", "nosuch", str(tmp_path / "x.csv")], "デッキ 'nosuch' はありません。使えるのは「items、"),
        (["deck", "import", "undecim", "items", str(tmp_path / "none.csv"), "--out", str(tmp_path / "o.yaml")],
         "が見つかりません"),
        (["analyze", "undecim", "nosuch"], "ウーンデキムに分析 'nosuch' はありません"),
        (["check", "undecim", "--components", str(tmp_path / "notstudy"), "-n", "1"], "ファイルではありません"),
        (["sim", "undecim", "-n", "2", "--out", str(tmp_path / "afile")], "フォルダであるべき場所がファイルです"),
        (["ask", "undecim", "nosuch"], "使えるのは「card-balance、"),
        (["sim", "undecim", "-n", "0"], "1以上の整数を指定してください"),
    ]


def test_the_usual_mistakes_are_said_in_japanese_under_lang_ja(tmp_path):
    for args, said in _mistakes(tmp_path):
        r = runner.invoke(app, [*args, "--lang", "ja"])
        assert r.exit_code != 0 and said in r.output.replace("\n", ""), (args, r.output)
        assert not re.search(r"\b(expected|not a|is not|Input should|No such|Not a directory)\b", r.output), (args, r.output)


def test_the_japanese_help_shows_the_defaults_the_english_one_shows():
    r = runner.invoke(app, ["ask", "--help", "--lang", "ja"])
    assert "（既定：10m）" in r.output and "（既定：studies/ask）" in r.output and "（既定：2）" in r.output, r.output
    r = runner.invoke(app, ["balance", "--help", "--lang", "ja"])
    line = next(x for x in r.output.splitlines() if "--level-games" in x)
    assert "既定：0" not in line  # its text says the default (as --robust), as in English

"""Card texts follow their data: one card of every game changed in its component data reads the new
number in the terminal help, the options and the web board; a hand text that contradicts its data is
refused by `soan check`; CSV export/import writes readable columns and keeps the YAML's comments."""

from __future__ import annotations

import csv
import re

import pytest
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from soan.core import cardtext
from soan.core.errors import SoanError
from soan.core.game import game_info

runner = CliRunner()
UN_DATA = game_info("undecim").hooks.components.path
LS_DATA = game_info("la-superba").hooks.components.path
AD_DATA = game_info("asian-delivery").hooks.components.path


def _harvest_two(tmp_path):
    """收穫's gain 3 -> 2 the designer's way: deck export, edit the CSV, deck import."""
    out = tmp_path / "a.csv"
    r = runner.invoke(app, ["deck", "export", "undecim", "action_cards", str(out)])
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    row = next(x for x in rows if x["id"] == "harvest")
    assert row["effects[0].op"] == "gain" and row["effects[0].n"] == "3"
    row["effects[0].n"] = "2"
    with out.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    y = tmp_path / "u.yaml"
    r = runner.invoke(app, ["deck", "import", "undecim", "action_cards", str(out), "--out", str(y)])
    assert r.exit_code == 0, r.output
    return y


def test_undecim_harvest_reads_its_new_gain_in_help_options_and_web(tmp_path):
    y = _harvest_two(tmp_path)
    s = next(x for x in (soan.make("undecim", seed=k, components=str(y)) for k in range(40))
             if any(getattr(a, "card", None) == "harvest" for a in x.legal_actions(x.to_act()[0])))
    t = game_info("undecim").hooks.text
    two, three = "開拓地からリソースを２枚獲得する", "開拓地からリソースを３枚獲得する"
    help_ja = t.help_text(s, "ja")
    assert f"収穫: {two}" in help_ja and three not in help_ja
    assert "Harvest [harvest]: Gain 2 cards from the frontier" in t.help_text(s, "en")
    takes = [a for a in s.legal_actions(s.to_act()[0]) if getattr(a, "card", None) == "harvest"]
    assert takes, "harvest is in the council at the start"
    assert two in t.action_text(s, takes[0], "ja") and two in s.action_text(takes[0], "ja")
    assert "Gain 2 cards" in s.action_text(takes[0], "en")
    web = game_info("undecim").hooks.web_board.labels(s, "ja")
    assert two in web["actions"]["harvest"]["text"]
    shipped = soan.make("undecim", seed=3)  # the shipped data still says 3
    assert three in game_info("undecim").hooks.web_board.labels(shipped, "ja")["actions"]["harvest"]["text"]


def test_la_superba_trade_card_reads_its_new_points(tmp_path):
    y = tmp_path / "l.yaml"
    text = LS_DATA.read_text(encoding="utf-8")
    assert "effects: [{effect: good_bonus, good: pepper, points: 1}]" in text
    y.write_text(text.replace("good: pepper, points: 1}", "good: pepper, points: 2}"), encoding="utf-8")
    s = soan.make("la-superba", seed=1, components=str(y))
    t = game_info("la-superba").hooks.text
    assert "胡椒の高騰: このラウンドに輸送した胡椒は１個につき＋２点。" in t.help_text(s, "ja")
    assert "scores 2 more" in t.help_text(s, "en")
    web = game_info("la-superba").hooks.web_board.labels(s, "ja")
    assert "＋２点" in web["trade"]["pepper-boom"]["text"]
    assert "＋１点" in game_info("la-superba").hooks.web_board.labels(soan.make("la-superba", seed=1), "ja")[
        "trade"]["pepper-boom"]["text"]


def test_asian_delivery_card_reads_its_new_transport(tmp_path):
    text = AD_DATA.read_text(encoding="utf-8")
    y = tmp_path / "a.yaml"
    s0 = soan.make("asian-delivery", seed=1)
    m = s0.cfg.components
    wagon = next(c for c in m.business_cards if c.name == "Express wagon")
    n = next(e.n for e in wagon.effects if e.op == "transport")
    i = text.index("name: Express wagon")
    j = text.index("n: ", text.index("op: transport", i))
    y.write_text(text[:j] + f"n: {n + 5}" + text[j + 3 + len(str(n)):], encoding="utf-8")
    s = soan.make("asian-delivery", seed=1, components=str(y))
    t = game_info("asian-delivery").hooks.text
    assert f"荷物{n + 5}個まで" in t.help_text(s, "ja") and f"up to {n + 5} cubes" in t.help_text(s, "en")
    web = game_info("asian-delivery").hooks.web_board.labels(s, "ja")
    k = next(k for k, c in web["cards"].items() if c["name"] == wagon.name_ja)
    assert f"荷物{n + 5}個まで" in web["cards"][k]["effect"]


def test_every_card_of_every_game_has_a_text_in_both_languages():
    for g in ("undecim", "la-superba", "asian-delivery"):
        s = soan.make(g, seed=1)
        for lang in ("en", "ja"):
            h = game_info(g).hooks.text.help_text(s, lang)
            assert not re.search(r"^  \S.*[:：] *$", h, re.MULTILINE), (g, lang)  # never 「収穫: 」 with nothing after


@pytest.mark.parametrize("hand,ok", [
    ("Gain 3 cards from the frontier (either side).", True),  # the old hand text, said its own way
    ("Take 3 cards from the frontier.", True),
    ("Gain 2 cards from the frontier (either side).", False),
    ("Gain 3 gold from the frontier.", False),
])
def test_a_hand_text_is_checked_against_its_data(tmp_path, hand, ok):
    text = UN_DATA.read_text(encoding="utf-8")
    y = tmp_path / "h.yaml"
    y.write_text(text.replace("    name_ja: 収穫\n", f"    name_ja: 収穫\n    text: \"{hand}\"\n"), encoding="utf-8")
    r = runner.invoke(app, ["check", "undecim", "--components", str(y), "-n", "1", "--out", str(tmp_path / "o")])
    if ok:
        assert r.exit_code == 0, r.output
        s = soan.make("undecim", seed=1, components=str(y))
        assert f"Harvest [harvest]: {hand}" in game_info("undecim").hooks.text.help_text(s, "en")
    else:
        assert r.exit_code == 1 and "action_cards[8] (id harvest): text" in r.output and "contradicts" in r.output


def test_a_japanese_hand_text_that_contradicts_is_refused_in_japanese_words(tmp_path):
    text = LS_DATA.read_text(encoding="utf-8")
    y = tmp_path / "h.yaml"
    y.write_text(text.replace("    name_ja: 凪\n", "    name_ja: 凪\n    text_ja: \"このラウンドは最下位のカードを数えない。\"\n"),
                 encoding="utf-8")
    with pytest.raises(SoanError, match="text_ja .* contradicts the card's data: it says '最下位'") as e:
        soan.make("la-superba", components=str(y))
    assert "text_ja の「このラウンドは最下位のカードを数えない。」がカードのデータと食い違います。データにない「最下位」が" \
           "書かれています" in e.value.ja


def test_a_problem_keeps_both_languages_through_a_copy():
    import copy
    import pickle

    p = cardtext.Problem("en words", "日本語")
    for q in (copy.copy(p), pickle.loads(pickle.dumps(p))):
        assert q == "en words" and q.ja == "日本語"


def test_numbers_and_disagreement():
    assert cardtext.numbers("開拓地から２枚、金１０枚; develop twice, once") == [2, 10, 2, 1]
    assert cardtext.zen(12) == "１２"
    assert cardtext.disagreement("Gain ３ cards", "gain 3 cards", ["gold"]) is None
    assert "numbers [2]" in cardtext.disagreement("gain 2", "gain 3", [])
    assert "lacks 'gold'" in cardtext.disagreement("gain 3", "gain 3 gold", ["gold"])
    with pytest.raises(SoanError, match="terms is a list"):
        cardtext.disagreement("a", "b", "gold")
    with pytest.raises(SoanError, match="a number is an int"):
        cardtext.zen("2")


def test_csv_has_a_column_per_effect_field_and_import_keeps_the_comments(tmp_path):
    y = _harvest_two(tmp_path)
    header = (tmp_path / "a.csv").read_text(encoding="utf-8").splitlines()[0].split(",")
    assert {"effects[0].op", "effects[0].n", "effects[1].then[0].op"} <= set(header)
    old, new = UN_DATA.read_text(encoding="utf-8").splitlines(), y.read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(old, new, strict=True) if a != b]  # same length: every other line kept
    assert changed == [("    effects: [{op: gain, n: 3}]", "    effects: [{op: gain, n: 2}]")]
    assert any(x.startswith("# UN-C2") for x in new)


def test_csv_of_an_old_json_column_still_imports(tmp_path):
    out = tmp_path / "old.csv"
    out.write_text('id,name,name_ja,effects\nx,X,エックス,"[{""op"": ""gain"", ""n"": 2}]"\n', encoding="utf-8")
    from soan.core.components import _read_rows

    assert _read_rows(out) == [{"id": "x", "name": "X", "name_ja": "エックス", "effects": [{"op": "gain", "n": 2}]}]

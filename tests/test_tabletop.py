"""`soan export GAME --to tts|pcio|images`: every Tabletop Simulator card ID maps to a cell of its sheet,
the data's counts, sheets within TTS's limits; the playingcards.io file's cards and the images manifest
match the data; a record's position is exported with each seat's view."""

from __future__ import annotations

import csv
import json
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from soan.core.records import write_record

PIL = pytest.importorskip("PIL.Image")
runner = CliRunner()
GAMES = ("undecim", "la-superba", "asian-delivery")


def _counts(game: str) -> dict[str, list[int]]:
    """Each deck's copies per design, read from the component data (4 players: every base card set)."""
    m = soan.make(game, players=4, seed=0).cfg.components
    if game == "undecim":
        return {"action_cards": [1] * len(m.action_cards), "scenario_cards": [1] * len(m.scenario_cards),
                "resource_cards": [r.count for r in m.resource_cards]}
    if game == "la-superba":
        return {"voyage_cards": [1] * len(m.voyage_cards), "trade_cards": [1] * len(m.trade_cards)}
    return {"business_cards": [1] * len(m.business_cards), "base_cards": [4] * len(m.base_cards),
            "requests": [1] * len(m.requests)}


def _run(*args):
    r = runner.invoke(app, ["export", *args])
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize("game", GAMES)
def test_tts_card_ids_map_to_sheet_cells_with_the_datas_counts(tmp_path, game):
    _run(game, "--to", "tts", "-o", str(tmp_path))
    saved = json.loads((tmp_path / f"{game}-tts.json").read_text(encoding="utf-8"))
    decks = {o["Description"]: o for o in saved["ObjectStates"][0]["ContainedObjects"] if o["Name"] == "DeckCustom"}
    want = _counts(game)
    assert sorted(decks) == sorted(want)
    for deck_id, o in decks.items():
        sheets = o["CustomDeck"]
        for sh in sheets.values():
            assert 2 <= sh["NumWidth"] <= 10 and 2 <= sh["NumHeight"] <= 7
            img = PIL.open(Path(sh["FaceURL"].removeprefix("file://")))
            assert img.size[0] <= 4096 and img.size[1] <= 4096
            assert img.size[0] % sh["NumWidth"] == 0 and img.size[1] % sh["NumHeight"] == 0
            assert Path(sh["BackURL"].removeprefix("file://")).is_file()
        ids = o["DeckIDs"]
        for cid in ids:
            sh = sheets[str(cid // 100)]
            assert cid % 100 < sh["NumWidth"] * sh["NumHeight"] - 1  # a cell, never the hidden card's
        assert Counter(c["CardID"] for c in o["ContainedObjects"]) == Counter(ids)
        per_design = [n for _, n in sorted(Counter(ids).items())]  # cells in sheet order = designs in data order
        assert per_design == want[deck_id], deck_id


@pytest.mark.parametrize("game", GAMES)
def test_images_manifest_matches_the_data(tmp_path, game):
    _run(game, "--to", "images", "-o", str(tmp_path), "--lang", "ja")
    rows = list(csv.DictReader((tmp_path / "manifest.csv").open(encoding="utf-8")))
    got: dict[str, list[int]] = {}
    for r in rows:
        got.setdefault(r["deck"], []).append(int(r["count"]))
        assert PIL.open(tmp_path / r["file"]).size == (750, 1050) and (tmp_path / r["back"]).is_file()
    assert got == _counts(game)


def test_pcio_file_holds_every_card(tmp_path):
    out = tmp_path / "g.pcio"
    _run("la-superba", "--to", "pcio", "-o", str(out))
    with zipfile.ZipFile(out) as z:
        widgets = json.loads(z.read("widgets.json"))
        names = set(z.namelist())
    decks = {w["id"]: w for w in widgets if w["type"] == "cardDeck"}
    cards = [w for w in widgets if w["type"] == "card"]
    for d in decks.values():
        for t in d["cardTypes"].values():
            assert t["image"].removeprefix("package://") in names
    boards = [w for w in widgets if w["type"] == "board"]
    assert all(b["boardImage"].removeprefix("package://") in names for b in boards)
    per = Counter(c["deck"] for c in cards)
    assert {k.removeprefix("deck-"): v for k, v in per.items()} == {k: sum(v) for k, v in _counts("la-superba").items()}
    assert all(c["cardType"] in decks[c["deck"]]["cardTypes"] for c in cards)


def test_a_records_position_goes_with_each_seats_view(tmp_path):
    s = soan.make("undecim", players=3, seed=4)
    moves = []
    for _ in range(5):
        seat = s.to_act()[0]
        a = s.legal_actions(seat)[0]
        moves.append((seat, a))
        s.apply(seat, a)
    rec = tmp_path / "r.jsonl"
    write_record(rec, soan.make("undecim", players=3, seed=4), moves)
    _run("undecim", "--to", "tts", "--record", str(rec), "--move", "3", "-o", str(tmp_path / "t"), "--lang", "ja")
    saved = json.loads((tmp_path / "t" / "undecim-tts.json").read_text(encoding="utf-8"))
    notes = [o for o in saved["ObjectStates"][0]["ContainedObjects"] if o["Name"] == "Notecard"]
    assert len(notes) == 3 and all("手札" in n["Description"] for n in notes)
    r = runner.invoke(app, ["export", "undecim", "--to", "tts", "--move", "3"])
    assert r.exit_code == 2 and "--move needs --record" in r.output
    r = runner.invoke(app, ["export", "la-superba", "--to", "tts", "--record", str(rec)])
    assert r.exit_code == 2 and "is a game of undecim" in r.output


def test_export_target_and_study_options_are_checked(tmp_path):
    r = runner.invoke(app, ["export", "undecim", "--to", "tabletopia"])
    assert r.exit_code == 2 and "--to takes tts, pcio or images" in r.output
    r = runner.invoke(app, ["export", str(tmp_path), "-V", "bonus-lock"])
    assert r.exit_code == 2 and "go with --to" in r.output


def test_a_changed_card_reads_its_new_number_in_the_export(tmp_path):
    from test_card_texts import _harvest_two

    y = _harvest_two(tmp_path)
    _run("undecim", "--to", "tts", "--components", str(y), "-o", str(tmp_path / "t"), "--lang", "ja")
    saved = json.loads((tmp_path / "t" / "undecim-tts.json").read_text(encoding="utf-8"))
    cards = [c for o in saved["ObjectStates"][0]["ContainedObjects"] if o["Name"] == "DeckCustom"
             for c in o["ContainedObjects"] if c["Nickname"] == "収穫"]
    assert [c["Description"] for c in cards] == ["開拓地からリソースを２枚獲得する（上下自由）。"]


def test_a_deck_of_more_designs_than_a_sheet_holds_takes_several_sheets(tmp_path):
    from soan.core import tabletop
    from soan.core.pnp import Card, Deck, Pieces

    cards = tuple(Card(title=f"c{k}", count=1 + k % 3) for k in range(150))
    p = Pieces(game="Test", lang="en", decks=(Deck("big", "Big deck", cards),))
    saved = json.loads(tabletop.export_tts(p, tmp_path, name="t").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]["ContainedObjects"][0]
    assert sorted(deck["CustomDeck"]) == ["1", "2", "3"]  # 69 + 69 + 12 designs
    for sh in deck["CustomDeck"].values():
        assert sh["NumWidth"] <= 10 and sh["NumHeight"] <= 7
        assert PIL.open(Path(sh["FaceURL"].removeprefix("file://"))).size == (sh["NumWidth"] * 400, sh["NumHeight"] * 558)
    per = Counter(deck["DeckIDs"])
    assert [per[i] for i in sorted(per)] == [c.count for c in cards]
    assert sorted(per)[68:71] == [168, 200, 201] and max(per) == 311


def test_the_board_goes_on_the_table_as_an_image_when_a_rasteriser_is_there(tmp_path):
    import shutil

    if not (shutil.which("rsvg-convert") or shutil.which("chromium")):
        pytest.skip("needs the Debian package chromium, which is not installed")
    _run("la-superba", "--to", "tts", "-o", str(tmp_path))
    saved = json.loads((tmp_path / "la-superba-tts.json").read_text(encoding="utf-8"))
    tiles = [o for o in saved["ObjectStates"][0]["ContainedObjects"] if o["Name"] == "Custom_Tile"]
    assert len(tiles) == 1
    img = PIL.open(Path(tiles[0]["CustomImage"]["ImageURL"].removeprefix("file://")))
    assert img.size[0] == 2048 and img.convert("RGB").getextrema() != ((255, 255), (255, 255), (255, 255))  # not blank

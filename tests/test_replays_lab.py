"""Replays in the lab: a study keeps records and its notable games (chosen as documented), the report
links self-contained replay files of them, and `soan import` takes people's games and playtest answers
straight from a server's database into a study whose report sets them against the bots'."""

from __future__ import annotations

import json
import re
import time

import pyarrow as pa
import pytest
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from soan.lab.notable import choose, kept, record_path
from soan.lab.study import load, run_study, settings_for

runner = CliRunner()


def _games(gaps, lengths):
    n = len(gaps)
    return pa.table({"index": list(range(n)), "seed": [100 + i for i in range(n)], "gap12": gaps, "length": lengths,
                     "score_0": [10 + g for g in gaps], "score_1": [10] * n})


def test_notable_games_are_the_closest_the_biggest_win_and_the_one_nearest_the_medians():
    g = _games([3, 0, 7, 0, 12, 3, 5], [40, 50, 44, 41, 60, 45, 70])
    by = {n["kind"]: n for n in choose(g)}
    assert by["closest"]["index"] == 1  # gap 0 twice: the lower index
    assert by["biggest"]["index"] == 4 and by["biggest"]["gap"] == 12 and by["biggest"]["scores"] == [22, 10]
    # medians: length 45, gap 3; game 5 is exactly there
    assert by["typical"]["index"] == 5 and by["typical"]["seed"] == 105
    # among a subset the medians stay the study's: game 0 (length 40, gap 3) beats game 2 (44, 7)
    sub = {n["kind"]: n["index"] for n in choose(g, {0, 2, 3})}
    assert sub == {"closest": 3, "biggest": 2, "typical": 0}
    assert choose(g, set()) == []


def test_a_study_keeps_a_sample_and_its_notable_games_which_replay_to_the_stored_scores(tmp_path):
    out = tmp_path / "s"
    st = settings_for("la-superba", 24, 4, ["random"] * 4, 5, [], {}, records=2)
    run_study(st, out)
    settings, games, _ = load(out)
    notable = choose(games)
    assert {0, 1} | {n["index"] for n in notable} == kept(out)
    scores = {i: [games.column(f"score_{k}")[i].as_py() for k in range(4)] for i in range(games.num_rows)}
    for i in kept(out):
        assert soan.replay(record_path(out, i)).scores() == scores[i]
    r = runner.invoke(app, ["report", str(out), "--lang", "ja"])
    assert r.exit_code == 0, r.output
    h = (out / "report-ja.html").read_text(encoding="utf-8")
    for n in notable:
        page = out / "replays" / f"game-{n['index']:06d}.html"
        assert f"href='replays/{page.name}'" in h and page.exists()
        assert "SOAN_REPLAY_DATA" in page.read_text(encoding="utf-8")
    assert "最も接戦のゲーム" in h and "典型的なゲーム" in h


def _web_game(c, game, players, seed, bots, feedback=None):
    g = c.post("/api/games", json={"game": game, "players": players, "seed": seed, "bots": bots}).json()
    toks = [x["token"] for x in g["seats"]]
    for tok in toks:  # every person takes their seat (a GET joins nothing): the bots wait for them
        assert c.post(f"/api/games/{g['id']}/join", params={"token": tok}).status_code == 200
    deadline = time.time() + 60
    while True:
        states = [c.get(f"/api/games/{g['id']}", params={"token": tok}).json() for tok in toks or [None]]
        if states[0]["over"]:
            break
        assert time.time() < deadline
        moved = False
        for tok, p in zip(toks, states, strict=False):  # no tokens: bots only, nothing to move
            if p["legal"]:
                c.post(f"/api/games/{g['id']}/actions", params={"token": tok}, json=p["legal"][0]["json"])
                moved = True
        if not moved:
            time.sleep(0.02)
    if feedback:
        r = c.post(f"/api/games/{g['id']}/feedback", params={"token": toks[0]}, json=feedback)
        assert r.status_code == 200, r.text
    return g["id"], toks


def test_each_persons_token_answers_the_playtest_form_for_its_own_seat_only(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from soan.web.app import create_app

    with TestClient(create_app(str(tmp_path / "fb.sqlite"), bot_delay=0)) as c:
        gid, toks = _web_game(c, "undecim", 3, 7, {"3": "random"})
        answer = {"fun": 5, "clarity": 5, "length": "right"}
        r = c.post(f"/api/games/{gid}/feedback", params={"token": toks[1]}, json=answer)
        assert r.status_code == 200 and r.json()["seat_number"] == 2
        assert c.post(f"/api/games/{gid}/feedback", params={"token": "not-a-seat"}, json=answer).status_code == 403
        r = c.post(f"/api/games/{gid}/feedback", params={"token": toks[1]}, json={**answer, "seat": 0})
        assert r.status_code == 422 and "unknown feedback field(s): seat" in r.json()["error"]
        fb = c.get(f"/api/games/{gid}/feedback").json()["feedback"]
        assert [x["seat_number"] for x in fb] == [2]  # seat 1 has not answered; nobody answered for it


def test_import_from_a_server_database_and_the_report_sets_people_against_the_bots(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from soan.lab.playtest import import_games
    from soan.lab.study import StudyError
    from soan.web.app import create_app
    from soan.web.export import export_db

    db = str(tmp_path / "soan.sqlite")
    with TestClient(create_app(db, bot_delay=0)) as c:
        _web_game(c, "undecim", 3, 1, {"2": "random", "3": "random"},
                  {"fun": 4, "clarity": 2, "length": "too_long", "too_strong": "Mint", "confusing": "the frontier rule",
                   "comment": "楽しかったが長い"})
        _web_game(c, "undecim", 3, 2, {"2": "random", "3": "random"})
        _web_game(c, "undecim", 4, 3, {str(k): "random" for k in range(1, 5)})  # bots only, another setting
    export_db(db, tmp_path / "export")
    with pytest.raises(StudyError, match=r"several settings \(undecim for 3: 2 games; undecim for 4: 1 game\)"):
        import_games([str(tmp_path / "export")], tmp_path / "study")
    r = runner.invoke(app, ["import", "--db", db, "--players", "3", "--out", str(tmp_path / "study")])
    assert r.exit_code == 0, r.output
    assert "2 games and 1 playtest answers" in r.output
    settings, games, seats = load(tmp_path / "study")
    assert settings["n"] == 2 and seats.column("agent").to_pylist()[:3] == ["human", "random", "random"]
    fb = [json.loads(x) for x in (tmp_path / "study" / "feedback.jsonl").read_text().splitlines()]
    assert len(fb) == 1 and fb[0]["fun"] == 4 and fb[0]["seat"] == 0 and games.column("index")[fb[0]["index"]].as_py() == fb[0]["index"]
    assert kept(tmp_path / "study") == {0, 1}
    runner.invoke(app, ["sim", "undecim", "-p", "3", "-n", "30", "--out", str(tmp_path / "bots"), "--records", "0"])
    r = runner.invoke(app, ["report", str(tmp_path / "study")])  # the bot study is found next to it
    assert r.exit_code == 0, r.output
    h = (tmp_path / "study" / "report.html").read_text(encoding="utf-8")
    assert "楽しかったが長い" in h and "mean 4.0 of 5" in h and "too long 1" in h
    assert f"bot study {tmp_path / 'bots'} (30 games" in h
    named = h[h.index("id='fb-named'"):].split("</table>")[0]
    assert re.search(r">Mint</td>.*?>Mint: \d+% \[\d+%, \d+%\], \d+%</td>", named)  # its measured win share
    assert re.search(r">the frontier rule</td>.*?no card of that name", named)
    bad = runner.invoke(app, ["sim", "undecim", "-p", "4", "-n", "4", "--out", str(tmp_path / "b4"), "--records", "0"])
    assert bad.exit_code == 0
    r = runner.invoke(app, ["report", str(tmp_path / "study"), "--bots", str(tmp_path / "b4")])
    assert r.exit_code == 2 and "a study of undecim for 4" in r.output

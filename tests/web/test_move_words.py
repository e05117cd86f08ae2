"""A move's words are fixed when it is made: a whole Undecim game in the browser's API, whose log and
turn lines, read after every move, never change afterwards — and a take from the council's bonus
area is logged as one, also once the card has left the area."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

import soan
from soan.core.actions import parse_action
from soan.core.game import game_info
from soan.web.app import create_app


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(str(tmp_path / "t.sqlite"), bot_delay=0)) as c:
        yield c


def test_an_undecim_web_log_reads_the_same_during_and_after_the_game(client):
    r = client.post("/api/games", json={"game": "undecim", "players": 3, "seed": 5, "lang": "ja"})
    assert r.status_code == 201, r.text
    g = r.json()
    gid, tokens = g["id"], {s["seat_number"] - 1: s["token"] for s in g["seats"]}
    rng = random.Random(3)
    seen: dict[int, str] = {}  # move index -> its line, as first shown to seat 1
    logs: list[tuple[int, list[str]]] = []  # (moves made, seat 1's log then)
    bonus_takes = 0
    while True:
        p = client.get(f"/api/games/{gid}", params={"token": tokens[0], "lang": "ja"}).json()
        logs.append((p["moves"], p["log"]))
        for t in p.get("turns", []):
            for k, line in enumerate(t["lines"], start=t["first"]):
                assert seen.setdefault(k, line) == line, (k, seen[k], line)  # never worded again
        if p["over"]:
            break
        seat = p["to_act"][0]
        me = client.get(f"/api/games/{gid}", params={"token": tokens[seat], "lang": "ja"}).json()
        bonus = set(me["observation"]["council"]["bonus"])
        takes = [x for x in me["legal"] if x["json"].get("type") == "take" and x["json"]["card"] in bonus]
        choice = takes[0] if takes else rng.choice(me["legal"])  # a bonus-area take whenever there is one
        bonus_takes += bool(takes)
        r = client.post(f"/api/games/{gid}/actions", params={"token": tokens[seat], "lang": "ja"}, json=choice["json"])
        assert r.status_code == 200, r.text
    final = logs[-1][1]
    # the lines as they were when each move was made: the game's words on the state before it
    room = client.app.state.manager.get(gid)
    text = game_info("undecim").hooks.text
    s = soan.make("undecim", players=3, seed=5)
    expected = []
    for seat, a in room.moves:
        expected.append(text.log_move(s, seat, parse_action("undecim", a.to_json()), "ja", 0))
        s.apply(seat, a)
    assert bonus_takes >= 3 and sum("をボーナスエリアから取る" in x for x in expected) == bonus_takes
    for n, log in logs:  # seat 1's log after every move: the same lines as when they were made
        assert log == expected[:n][-len(log):] if log else n == 0
    assert final == expected[-len(final):]
    assert sum("をボーナスエリアから取る" in x for x in final) >= 1

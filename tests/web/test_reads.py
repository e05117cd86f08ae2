"""A GET is a read: it writes nothing to the store, joins no seat and starts no bot, whether the room is
in memory or loaded from the store by that GET. Joining is a POST (or the play page's live connection)."""

from __future__ import annotations

import random
import sqlite3
import time

from fastapi.testclient import TestClient

from soan.core.game import make
from soan.core.records import header_for
from soan.web.app import create_app

from .conftest import join

JSON = {"Content-Type": "application/json"}


def rows(db: str) -> dict[str, list[tuple]]:
    """Every row of every table, as stored (compared byte for byte)."""
    with sqlite3.connect(db) as con:
        names = [n for (n,) in con.execute("select name from sqlite_master where type = 'table' order by name")]
        return {n: sorted(con.execute(f"select * from {n}").fetchall(), key=repr) for n in names}


class Watch:
    """The manager's wake-ups of its bots and the bots' decisions, counted from now on."""

    def __init__(self, mgr) -> None:
        self.kicks: list[str] = []
        self.decisions = 0
        kick, run = mgr.kick, mgr.bots.run

        def spy_kick(room):
            self.kicks.append(room.id)
            kick(room)

        async def spy_run(*args):
            self.decisions += 1
            return await run(*args)

        mgr.kick, mgr.bots.run = spy_kick, spy_run


def reads(c, gid: str, tok: str, host: str) -> list[int]:
    """Every GET a browser or a client makes of a room; their statuses."""
    paths = [(f"/api/games/{gid}", {"token": tok}), (f"/api/games/{gid}", {"token": tok, "lang": "en"}),
             (f"/api/games/{gid}", {}), (f"/api/games/{gid}/invites", {"host": host}),
             (f"/api/games/{gid}/labels", {}), (f"/api/games/{gid}/record", {}),
             (f"/api/games/{gid}/feedback", {}), ("/api/games", {}), (f"/play/{gid}", {"token": tok}),
             (f"/room/{gid}", {"host": host})]
    return [c.get(p, params=q).status_code for p, q in paths]


def test_a_get_leaves_the_store_byte_identical_and_starts_no_bot(tmp_path):
    db = str(tmp_path / "r.sqlite")
    with TestClient(create_app(db, bot_delay=0), headers=JSON) as c:
        mgr = c.app.state.manager
        g = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": 4,
                                       "bots": {"2": "random", "3": "random"}}).json()
        gid, tok = g["id"], g["seats"][0]["token"]
        time.sleep(0.2)  # (anything the creation set going has settled)
        watch, before = Watch(mgr), rows(db)
        assert reads(c, gid, tok, g["host"]).count(200) >= 7
        time.sleep(0.2)
        room = mgr.get(gid)
        assert rows(db) == before and watch.kicks == [] and watch.decisions == 0
        assert not room.seats[0]["joined"] and room.moves == []
        # the same reads of a room not in memory: loaded from the store, nothing written, no bot woken
        mgr.rooms.clear()
        assert reads(c, gid, tok, g["host"]).count(200) >= 7
        time.sleep(0.2)
        assert rows(db) == before and watch.kicks == [] and watch.decisions == 0
        assert not mgr.get(gid).seats[0]["joined"]
        # joining is a POST: stored, and the bots, which waited for seat 1, play
        join(c, gid, tok)
        assert rows(db) != before and watch.kicks == [gid]
        assert [s["joined"] for s in mgr.get(gid).seats] == [True, False, False]
        deadline = time.time() + 30
        while not (watch.decisions or c.get(f"/api/games/{gid}", params={"token": tok}).json()["legal"]):
            assert time.time() < deadline, "the bots did not play after seat 1 joined"
            time.sleep(0.02)


def test_joining_needs_a_seats_token_and_a_spectators_get_of_a_bots_room_moves_nothing(tmp_path):
    db = str(tmp_path / "j.sqlite")
    with TestClient(create_app(db, bot_delay=0), headers=JSON) as c:
        g = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": 4, "bots": {"3": "random"}}).json()
        assert c.post(f"/api/games/{g['id']}/join").status_code == 401
        assert c.post(f"/api/games/{g['id']}/join", params={"token": "forged"}).status_code == 403
        assert c.post("/api/games/nope/join", params={"token": g["seats"][0]["token"]}).status_code == 404
        r = c.post(f"/api/games/{g['id']}/join", params={"token": g["seats"][1]["token"], "lang": "en"})
        assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["lang"] == "en"
        joined = [s["joined"] for s in c.get(f"/api/games/{g['id']}/invites", params={"host": g["host"]}).json()["seats"]]
        assert joined == [False, True]


def test_a_finished_game_stored_as_unfinished_is_stored_as_over_by_a_live_connection_not_by_a_get(tmp_path):
    """A room an earlier version stored without its end: a GET loads it and writes nothing; the live
    connection (the play page) stores the end."""
    db = str(tmp_path / "o.sqlite")
    with TestClient(create_app(db, bot_delay=0), headers=JSON) as c:
        mgr = c.app.state.manager
        s, rng, played = make("undecim", seed=5), random.Random(5), []
        while not s.is_over():
            seat = s.to_act()[0]
            a = rng.choice(s.legal_actions(seat))
            s.apply(seat, a)
            played.append((seat, a.to_json()))
        seats = [{"token": f"t{i}", "bot": None, "joined": True} for i in range(s.cfg.players)]
        mgr.store.add_game("0123456789ab", header_for(s, humans=[0, 1, 2], bots=[], source="soan serve"),
                           {"seats": seats, "host": "h", "lang": "ja", "undone": 0, "over": False, "to_act": []},
                           played)
        watch, before = Watch(mgr), rows(db)
        assert c.get("/api/games/0123456789ab", params={"token": "t0"}).json()["over"]
        assert rows(db) == before and watch.kicks == []
        with c.websocket_connect("/ws/games/0123456789ab") as ws:
            assert ws.receive_json()["over"]
        assert rows(db) != before and mgr.store.load_game("0123456789ab").room["over"] is True

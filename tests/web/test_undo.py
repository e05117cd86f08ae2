"""Undo on the server: a seat takes back its own moves of the turn until a card is drawn; the record,
the other seats' views and a restarted server agree. Asian Delivery, two people and two bots."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from soan.core.actions import parse_action
from soan.core.game import make
from soan.web.app import create_app

from .conftest import join


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "u.sqlite")


def _new(c):
    r = c.post("/api/games", json={"game": "asian-delivery", "players": 4, "seed": 11, "bots": {"3": "random", "4": "random"}})
    assert r.status_code == 201, r.text
    g = r.json()
    for s in g["seats"][:2]:  # both people take their seats: the bots wait for them
        join(c, g["id"], s["token"])
    return g["id"], g["seats"][0]["token"], g["seats"][1]["token"], g["host"]


def _get(c, gid, tok):
    return c.get(f"/api/games/{gid}", params={"token": tok, "lang": "en"}).json()


def _act(c, gid, tok, json):
    r = c.post(f"/api/games/{gid}/actions", params={"token": tok}, json=json)
    assert r.status_code == 200, r.text
    return r.json()


def _my_action_step(c, gid, mine, other):
    """Drive the other person (ending steps quickly) until seat 1 stands at the start of its action step."""
    deadline = time.time() + 30
    while time.time() < deadline:
        p = _get(c, gid, mine)
        top = p["observation"]["stack"][-1]
        if p["legal"] and top[0] == "action" and p["observation"]["turn"]["played"] == 0:
            return p
        if p["legal"]:  # seat 1 in another step of its turn (a start-of-turn effect, the draft): go on
            _act(c, gid, mine, p["legal"][0]["json"])
            continue
        q = _get(c, gid, other)
        if q["legal"]:
            end = next((a for a in q["legal"] if a["json"]["type"] == "end"), q["legal"][0])
            _act(c, gid, other, end["json"])
        else:
            time.sleep(0.02)  # the bots' turn
    raise AssertionError("seat 1 never reached its action step")


def test_undo_takes_back_own_steps_until_a_card_is_drawn_and_is_stored(db):
    with TestClient(create_app(db, bot_delay=0)) as c:
        gid, t1, t2, host = _new(c)
        start = _my_action_step(c, gid, t1, t2)
        assert not start["can_undo"]  # the last move is another seat's
        play = next(a for a in start["legal"] if a["json"]["type"] == "play" and a["json"]["face"] == "down")
        mid = _act(c, gid, t1, play["json"])  # a porter move: choose the source next
        assert mid["can_undo"] and mid["observation"]["turn"]["porter_used"]
        src = _act(c, gid, t1, mid["legal"][0]["json"])
        assert src["observation"]["stack"] != mid["observation"]["stack"]
        # two undos: back to the start of the action step, exactly; every version is newer than the last
        r = c.post(f"/api/games/{gid}/undo", params={"token": t1})
        assert r.status_code == 200 and r.json()["observation"] == mid["observation"]
        back = c.post(f"/api/games/{gid}/undo", params={"token": t1, "lang": "en"}).json()
        assert back["observation"] == start["observation"] and back["legal"] == start["legal"]
        assert back["moves"] == start["moves"] and back["version"] == start["version"] + 4
        assert not back["can_undo"]
        # the other seat sees the same state; the record lost both moves
        assert {k: v for k, v in _get(c, gid, t2)["observation"].items() if k != "seat"} == \
            {k: v for k, v in back["observation"].items() if k != "seat"}
        assert len(c.app.state.manager.store.load_game(gid).moves) == back["moves"]  # (the record opens at the end)
        # nothing of seat 1's left to undo in this turn: refused, nothing changed
        r = c.post(f"/api/games/{gid}/undo", params={"token": t1})
        assert r.status_code == 409 and any(w in r.json()["error"] for w in ("not yours", "no move yet")), r.text
        assert _get(c, gid, t1)["version"] == back["version"]
        # play the turn to its draft: drawing refills the display, after which undo is refused
        p = _act(c, gid, t1, play["json"])
        while p["observation"]["stack"][-1][0] != "draft":
            end = next((a for a in p["legal"] if a["json"]["type"] in ("end", "done")), p["legal"][0])
            p = _act(c, gid, t1, end["json"])
        while p["legal"] and p["observation"]["stack"][-1][0] == "draft":
            p = _act(c, gid, t1, p["legal"][0]["json"])
        assert p["legal"] and p["observation"]["stack"][-1][0] == "retrieve"  # still seat 1's turn
        assert not p["can_undo"]
        r = c.post(f"/api/games/{gid}/undo", params={"token": t1})
        assert r.status_code == 409 and "hidden information was revealed" in r.json()["error"]
        assert _get(c, gid, t1)["observation"] == p["observation"]
        kept = p["observation"]
    with TestClient(create_app(db, bot_delay=0)) as c:  # a restarted server replays the record without them
        again = _get(c, gid, t1)
        assert again["observation"] == kept and again["version"] == p["version"]
        s = make("asian-delivery", players=4, seed=11)  # and the record replays to the same state
        for seat, action in c.app.state.manager.store.load_game(gid).moves:
            s.apply(seat, parse_action("asian-delivery", action))
        assert s.observation(0) == kept


def test_a_token_undoes_its_own_seat_only(db):
    with TestClient(create_app(db, bot_delay=0)) as c:
        gid, t1, t2, _ = _new(c)
        start = _my_action_step(c, gid, t1, t2)
        load = next(a for a in start["legal"] if a["json"]["type"] in ("load", "play"))
        after = _act(c, gid, t1, load["json"])
        for tok, status, words in ((t2, 409, "not yours"), (None, 401, "token"), ("forged", 403, "unknown token")):
            r = c.post(f"/api/games/{gid}/undo", params={"token": tok} if tok else {})
            assert r.status_code == status and words in r.json()["error"], r.text
        assert _get(c, gid, t1)["observation"] == after["observation"]  # refused: nothing changed
        assert c.post("/api/games/nope/undo", params={"token": t1}).status_code == 404
        assert c.post(f"/api/games/{gid}/undo", params={"token": t1}).json()["observation"] == start["observation"]


def test_watching_bots_judge_the_moves_that_stand_after_an_undo_and_a_restart(db, monkeypatch):
    """A bot that watches the others (Asian Delivery's moves are public) has seen exactly the moves that
    stand: a move taken back is forgotten, and a restarted server shows it the stored game again."""
    from play_helpers import Spy

    monkeypatch.setattr("soan.web.rooms.make_agent", lambda spec, seed=0: Spy(seed))

    def standing(room, bot_seat):
        return [(s, str(a)) for s, a in room.moves if s != bot_seat]

    with TestClient(create_app(db, bot_delay=0)) as c:
        gid, t1, t2, _ = _new(c)
        start = _my_action_step(c, gid, t1, t2)
        room = c.app.state.manager.get(gid)
        play = next(a for a in start["legal"] if a["json"]["type"] == "play" and a["json"]["face"] == "down")
        _act(c, gid, t1, play["json"])
        taken_back = (0, str(room.moves[-1][1]))
        assert room.agents[2].seen == standing(room, 2) and room.agents[2].seen[-1] == taken_back
        assert c.post(f"/api/games/{gid}/undo", params={"token": t1}).status_code == 200
        for bot in (2, 3):
            assert room.agents[bot].seen == standing(room, bot) and len(room.moves) > 0
        assert taken_back not in room.agents[2].seen[-1:]
        moves = len(room.moves)
    with TestClient(create_app(db, bot_delay=0)) as c:  # restarted: the bots see the stored game again
        _get(c, gid, t1)  # (a room is loaded when asked for)
        room = c.app.state.manager.get(gid)
        assert len(room.moves) == moves
        for bot in (2, 3):
            assert room.agents[bot].seen == standing(room, bot)


def test_a_bot_failing_to_watch_again_loses_nothing_on_undo_or_restart(db, monkeypatch):
    """The undo is stored and the room goes on when a watching bot fails while the game is shown to it
    again; a restarted server starts, and that room says its bots stopped."""
    from play_helpers import WatchFails as Broken

    with TestClient(create_app(db, bot_delay=0)) as c:
        gid, t1, t2, _ = _new(c)
        start = _my_action_step(c, gid, t1, t2)
        room = c.app.state.manager.get(gid)
        monkeypatch.setattr("soan.web.rooms.make_agent", lambda spec, seed=0: Broken(seed))
        c.app.state.manager._setup(room)  # the bots from now on watch, and fail
        play = next(a for a in start["legal"] if a["json"]["type"] == "play" and a["json"]["face"] == "down")
        _act(c, gid, t1, play["json"])
        r = c.post(f"/api/games/{gid}/undo", params={"token": t1, "lang": "en"})
        assert r.status_code == 200, r.text
        assert r.json()["observation"] == start["observation"] and r.json()["bot_error"]
        moves = len(room.moves)
    with TestClient(create_app(db, bot_delay=0)) as c:
        p = _get(c, gid, t1)
        assert p["moves"] == moves and p["observation"] == start["observation"] and p["bot_error"]

"""Bots decide in worker processes: the server's event loop never waits behind a bot's search, the
rooms play move for move as when the bots decide in the server, and a killed worker is replaced."""

from __future__ import annotations

import os
import signal
import time

import pytest
from fastapi.testclient import TestClient

from soan.web.app import create_app
from soan.web.limits import Limits

from .conftest import join
from .test_api import JSON, new_game

ALL_BOTS = {"1": "normal", "2": "normal", "3": "normal"}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(str(tmp_path / "t.sqlite"), bot_delay=0), headers=JSON) as c:
        yield c


def _until(pred, what: str, seconds: float = 120.0):
    deadline = time.time() + seconds
    while not (got := pred()):
        assert time.time() < deadline, what
        time.sleep(0.02)
    return got


def test_bot_decisions_run_outside_the_servers_process(client):
    """A bot that says where it decides: never in the server's process (so never on its event loop,
    never holding its interpreter lock), and the room takes the bot back after each decision."""
    from play_helpers import WhereBot

    mgr = client.app.state.manager
    decisions = []
    run = mgr.bots.run

    async def spy(rid, fn, *args):
        out = await run(rid, fn, *args)
        decisions.append(out[0])
        return out

    mgr.bots.run = spy
    g = new_game(client, game="undecim", players=3, bots={"2": "random", "3": "random"})
    room = mgr.get(g["id"])
    for seat in room.agents:
        room.agents[seat] = WhereBot(seat)
    tok = g["seats"][0]["token"]
    join(client, g["id"], tok)

    def bots_moved() -> bool:
        p = client.get(f"/api/games/{g['id']}", params={"token": tok}).json()
        if p["legal"]:
            client.post(f"/api/games/{g['id']}/actions", params={"token": tok}, json=p["legal"][0]["json"])
        return len([d for d in decisions if d.why]) >= 4

    _until(bots_moved, "the bots did not move")
    where = [dict(d.why) for d in decisions if d.why]
    assert all(w["pid"] != os.getpid() for w in where), where
    assert all(isinstance(b, WhereBot) for b in room.agents.values())  # the bot after its decision


def test_rooms_play_move_for_move_as_with_bots_in_the_server(tmp_path):
    """The same room (seed, bots) played with the bots in worker processes and in the server's threads:
    the same moves, so a bot that travels to a process and back decides as if it had stayed."""
    games = []
    for processes in (True, False):
        lim = Limits(bot_processes=processes)
        with TestClient(create_app(str(tmp_path / f"p{processes}.sqlite"), bot_delay=0, limits=lim)) as c:
            g = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": 77, "bots": ALL_BOTS}).json()
            room = c.app.state.manager.get(g["id"])
            _until(lambda room=room: room.state.is_over(), "the bots' game did not end")
            games.append([(s, a.to_json()) for s, a in room.moves])
    assert len(games[0]) > 20 and games[0] == games[1]


def test_a_killed_bot_process_is_replaced_and_the_bots_go_on(client):
    """A bot process killed outright (out of memory, kill -9): the rooms' bots go on in new ones."""
    mgr = client.app.state.manager
    g = new_game(client, game="undecim", players=3, bots={"1": "random", "2": "random", "3": "random"})
    _until(lambda: len(mgr.get(g["id"]).moves) > 0 or mgr.get(g["id"]).state.is_over(), "no bot moved")
    for pid in list(mgr.bots.pool._processes):  # every bot process of this server
        os.kill(pid, signal.SIGKILL)
    g2 = new_game(client, game="undecim", players=3, bots={"1": "random", "2": "random", "3": "random"})
    end = _until(lambda: (p := client.get(f"/api/games/{g2['id']}").json())["over"] and p, "the bots stopped")
    assert end["version"] > 20 and not end["bot_error"]


def test_bots_play_a_game_added_at_run_time(client):
    """A game added with `register` (a draft in a notebook, not installed): the bot processes, which did
    not know it, find it where the server's process has it and play it through."""
    import tiny_game
    from soan.core import game

    game.register(tiny_game.INFO)
    try:
        g = client.post("/api/games", json={"game": tiny_game.INFO.id, "players": 3, "seed": 3,
                                            "bots": {"1": "normal", "2": "random", "3": "random"}}).json()
        end = _until(lambda: (p := client.get(f"/api/games/{g['id']}").json())["over"] and p, "the bots stopped")
        assert not end["bot_error"] and end["version"] > 3
    finally:
        game.unregister(tiny_game.INFO.id)


def test_a_bot_process_keeps_no_copy_of_the_rule_tables_per_decision():
    """A bot process unpickles a copy of the state, rule tables included, at every decision: no cache
    may keep them all (Undecim's pickable items per tables kept every copy, ~1 MB a game)."""
    import gc
    import pickle

    from soan.agents import SeatView, make_agent
    from soan.core.game import make
    from soan.web import botwork

    s = make("undecim", players=3, seed=5)
    bots = {i: make_agent("normal", seed=i) for i in range(3)}
    decisions = 0
    while not s.is_over():
        seat = s.to_act()[0]
        agent, view = pickle.loads(pickle.dumps((bots[seat], SeatView(s.clone(), seat))))
        d, bots[seat] = botwork.decide(agent, view)
        s.apply(seat, d.action)
        decisions += 1
    gc.collect()
    kept = sum(1 for o in gc.get_objects() if type(o) is type(s.T))
    assert decisions > 80 and kept <= 66, kept  # the bound of the cache, not one per decision

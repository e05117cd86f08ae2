"""A server that is safe to share: no request opens a file, every cost a request can cause is bounded,
bad input is a 4xx with the reason (never a 500), the host key shows no secret, pages carry security
headers, and the API refuses other sites' pages. docs/web.md, "Limits" and "Safety"."""

from __future__ import annotations

import asyncio
import builtins
import gc
import json
import logging
import pathlib
import re
import threading
import time

import pytest
from fastapi.testclient import TestClient

import soan
from soan.core.records import header_for
from soan.web.app import create_app
from soan.web.limits import Limits, RateLimit

from .conftest import join

JSON = {"Content-Type": "application/json"}


def app_client(tmp_path, name="s.sqlite", **limits):
    return TestClient(create_app(str(tmp_path / name), bot_delay=0, limits=Limits(**limits)), headers=JSON)


@pytest.fixture
def client(tmp_path):
    with app_client(tmp_path) as c:
        yield c


def record_text(header: dict, moves=()) -> bytes:
    return ("\n".join(json.dumps(x) for x in [header, *({"seat": s, "action": a} for s, a in moves)]) + "\n").encode()


# -- finding 1-2: a record never names a file --------------------------------------------------------
def test_a_record_naming_a_file_is_refused_without_touching_it(client, tmp_path, monkeypatch):
    db = str(tmp_path / "s.sqlite")
    secret = tmp_path / "secret.yaml"
    secret.write_text("root: x\npassword: hunter2\n")
    good = header_for(soan.make("undecim", players=3, seed=1))
    touched: list[str] = []
    named = ("passwd", "s.sqlite", "secret.yaml")

    def spy(real):
        def wrapper(*a, **kw):
            if any(n in str(x) for x in a[:2] for n in named):
                touched.append(str(a[:2]))
            return real(*a, **kw)
        return wrapper

    for cls_attr in ("exists", "is_file", "read_bytes", "read_text", "open", "resolve", "stat"):
        monkeypatch.setattr(pathlib.Path, cls_attr, spy(getattr(pathlib.Path, cls_attr)))
    monkeypatch.setattr(builtins, "open", spy(builtins.open))
    for path in ("/etc/passwd", db, str(secret), "../../etc/shadow"):
        r = client.post("/api/replays", content=record_text({**good, "components": path}))
        assert r.status_code == 422, r.text
        err = r.json()["error"]
        assert "component file" in err and "never opens" in err
        assert "root" not in err and "hunter2" not in err and "password" not in err
    assert touched == []
    r = client.post("/api/replays", params={"lang": "ja"}, content=record_text({**good, "components": "/etc/passwd"}))
    assert r.status_code == 422 and "ファイルは開きません" in r.json()["error"]
    monkeypatch.undo()
    # the game's own data still replays, and a record made with other data is named as such (no file read)
    assert client.post("/api/replays", content=record_text(good)).status_code == 201
    r = client.post("/api/replays", content=record_text({**good, "components_hash": "0" * 16}))
    assert r.status_code == 422 and "other component data" in r.json()["error"]


# -- finding 3: bots ----------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["mcts:time=60", "mcts:iters=1000000000", "greedy:samples=1000000", "mcts:temp=0",
                                  "greedy:style=nope", "mcts:iters=1e400", "genius"])
def test_web_rooms_take_the_catalogues_bots_only(client, spec):
    r = client.post("/api/games", json={"game": "undecim", "players": 3, "bots": {"2": spec}})
    assert r.status_code == 422 and "seat 2" in r.json()["error"], r.text
    for ok in ("easy", "normal", "hard", "random", "greedy", "mcts", "rollout"):
        r = client.post("/api/games", json={"game": "undecim", "players": 3, "bots": {"2": ok}})
        assert r.status_code == 201, (ok, r.text)


def test_bot_options_are_bounded_and_specs_that_cannot_play_are_refused(tmp_path):
    with app_client(tmp_path, bot_options=True, rooms_per_minute=100) as c:
        for spec, words in [("mcts:time=60", "out of bounds"), ("mcts:iters=1000000000", "out of bounds"),
                            ("greedy:samples=1000000", "out of bounds"), ("mcts:temp=0", "out of bounds"),
                            ("greedy:style=nope", "no play style"), ("mcts:iters=1e400", "out of bounds"),
                            ("mcts:iters=nan", "out of bounds")]:
            r = c.post("/api/games", json={"game": "undecim", "players": 3, "bots": {"2": spec}})
            assert r.status_code == 422 and words in r.json()["error"], (spec, r.text)
        r = c.post("/api/games", json={"game": "undecim", "players": 3, "bots": {"2": "mcts:iters=50:c=1.2"}})
        assert r.status_code == 201, r.text


def test_a_room_with_slow_bots_never_starves_another_rooms_bots(client):
    """Three rooms of bots that take long to decide, two bot workers: a fourth room of quick bots still
    plays its game through while the slow rooms make only a few moves."""
    from play_helpers import SlowBot

    mgr = client.app.state.manager
    slow = []
    for k in range(3):
        g = client.post("/api/games", json={"game": "undecim", "players": 3, "seed": k,
                                            "bots": {"1": "random", "2": "random", "3": "random"}}).json()
        room = mgr.get(g["id"])
        for seat in room.agents:
            room.agents[seat] = SlowBot(seat)  # a deliberately slow bot: holds its worker 0.2 s a move
        slow.append(room)

    def slow_moves() -> int:
        return sum(len(r.moves) for r in slow)

    while slow_moves() < 3:  # the slow rooms are deciding
        time.sleep(0.01)
    quick = client.post("/api/games", json={"game": "undecim", "players": 3, "seed": 9,
                                            "bots": {"1": "random", "2": "random", "3": "random"}}).json()
    start = slow_moves()
    while not (p := client.get(f"/api/games/{quick['id']}").json())["over"]:
        assert slow_moves() - start < 40, f"the quick room starved: {p['version']} moves"
        time.sleep(0.01)
    assert p["version"] > 40


# -- finding 4-5: bodies, JSON, bad inputs --------------------------------------------------------------
def test_bodies_over_the_limit_are_refused_with_413(tmp_path):
    with app_client(tmp_path, body_bytes=1000, record_bytes=5000) as c:
        r = c.post("/api/games", content=b'{"game": "undecim", "x": "' + b"a" * 2000 + b'"}')
        assert r.status_code == 413 and "1,000 bytes" in r.json()["error"]
        r = c.post("/api/replays", content=b"x" * 6000)
        assert r.status_code == 413
        r = c.post("/api/replays", params={"lang": "ja"}, content=b"x" * 6000)
        assert r.status_code == 413 and "上限" in r.json()["error"]


def test_bad_inputs_are_4xx_with_the_reason_never_a_500(client, caplog):
    g = client.post("/api/games", json={"game": "undecim", "players": 3, "seed": 3, "bots": {"3": "random"}}).json()
    gid, tok = g["id"], g["seats"][0]["token"]
    deep = "[" * 20_000 + "]" * 20_000
    cases = [
        ("get", f"/api/games/{gid}", {"token": "トークン"}, None, 403),
        ("post", f"/api/games/{gid}/actions", {"token": "é" * 20}, '"done"', 403),
        ("get", f"/api/games/{gid}/invites", {"host": "ホスト"}, None, 403),
        ("post", "/api/games", {}, deep, 422),
        ("post", f"/api/games/{gid}/actions", {"token": tok}, deep, 422),
        ("post", "/api/games", {}, '{"game": "undecim", "players": ' + "9" * 5000 + "}", 422),
        ("post", "/api/games", {}, '{"game": "undecim", "seed": ' + "9" * 5000 + "}", 422),
        ("post", "/api/games", {}, '{"game": "undecim", "seed": 1e400}', 422),
        ("post", "/api/games", {}, '{"game": "undecim", "seed": NaN}', 422),
        ("post", "/api/games", {}, '{"game": "undecim", "bots": {"2": "mcts:iters=1e400"}}', 422),
        ("post", "/api/games", {}, '{"game": "undecim", "bots": {"' + "1" * 5000 + '": "random"}}', 422),
        ("post", f"/api/games/{gid}/actions", {"token": tok}, '{"type": "play", "card": ' + "7" * 5000 + "}", 422),
        ("post", "/api/replays", {}, "[" * 5000, 422),
        ("post", "/api/replays", {}, json.dumps({"game": "undecim", "seed": 1}) + "\n" + "[" * 5000, 422),
        ("post", "/api/replays", {}, b"\xff\xfe", 422),
        ("get", f"/api/games/{gid}", {"lang": "ü"}, None, 422),
        ("get", "/api/games/" + "é" * 40, {}, None, 404),
    ]
    for method, url, params, body, status in cases:
        kw = {"params": params}
        if body is not None:
            kw["content"] = body.encode() if isinstance(body, str) else body
        r = getattr(client, method)(url, **kw)
        assert r.status_code == status and r.json()["error"], (url, params, str(body)[:60], r.status_code, r.text[:200])
        assert "Traceback" not in r.text


def test_a_websocket_with_a_bad_token_closes_cleanly(client, caplog):
    g = client.post("/api/games", json={"game": "undecim", "players": 3, "seed": 3}).json()
    caplog.set_level(logging.ERROR)
    for tok in ("forged", "トークン", "é" * 300):
        with client.websocket_connect(f"/ws/games/{g['id']}?token={tok}") as ws:
            msg = ws.receive_json()
            assert msg["status"] == 403 and "unknown token" in msg["error"]
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['seats'][0]['token']}") as ws:
        assert ws.receive_json()["seat"] == 0
    gc.collect()
    assert not [r for r in caplog.records if "never retrieved" in r.getMessage() or r.exc_info], caplog.text


# -- finding 6: rooms and replays per client, CSRF, headers --------------------------------------------
def test_rooms_per_client_per_minute_and_in_all_are_limited(tmp_path):
    with app_client(tmp_path, rooms_per_minute=3, rooms_per_client=10) as c:
        for _ in range(3):
            assert c.post("/api/games", json={"game": "undecim", "players": 3}).status_code == 201
        r = c.post("/api/games", json={"game": "undecim", "players": 3})
        assert r.status_code == 429 and "a minute" in r.json()["error"] and "try again in" in r.json()["error"]
        r = c.post("/api/games", json={"game": "undecim", "players": 3, "lang": "ja"})
        assert r.status_code == 429 and "1分に3まで" in r.json()["error"]
        assert c.post("/api/games", json={"game": "nope"}).status_code == 422  # a bad request is named first
    with app_client(tmp_path, "b.sqlite", rooms_per_minute=100, rooms_per_client=2) as c:
        for _ in range(2):
            assert c.post("/api/games", json={"game": "undecim", "players": 3}).status_code == 201
        r = c.post("/api/games", json={"game": "undecim", "players": 3})
        assert r.status_code == 429 and "unfinished rooms" in r.json()["error"]
    rl = RateLimit(window=60)
    assert [rl.hit("a", 2, now=t) for t in (0, 1, 2)] == [0, 0, 58] and rl.hit("a", 2, now=61) == 0


def test_replays_are_limited_per_client_and_held_in_bounds(tmp_path):
    with app_client(tmp_path, replays_per_minute=4, replays_per_client=2, replays_held=3) as c:
        ids = []
        for seed in range(4):
            r = c.post("/api/replays", content=record_text(header_for(soan.make("undecim", players=3, seed=seed))))
            assert r.status_code == 201, r.text
            ids.append(r.json()["id"])
        held = c.app.state.replays.held
        assert list(held) == ids[2:]  # one client holds two
        assert c.get(f"/api/replays/{ids[0]}").status_code == 404
        r = c.post("/api/replays", content=record_text(header_for(soan.make("undecim", players=3, seed=9))))
        assert r.status_code == 429
        # the same record again is no new replay
        assert c.post("/api/replays", content=record_text(header_for(soan.make("undecim", players=3, seed=3)))
                      ).status_code == 201


def test_cross_site_and_non_json_requests_are_refused(client):
    r = client.post("/api/games", content=b'{"game": "undecim"}', headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and "JSON only" in r.json()["error"]
    r = client.post("/api/games", content=b"game=undecim",
                    headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    r = client.post("/api/games", json={"game": "undecim"}, headers={"Origin": "https://evil.example"})
    assert r.status_code == 403 and "another site" in r.json()["error"]
    r = client.post("/api/games", json={"game": "undecim", "players": 3}, headers={"Origin": "http://testserver"})
    assert r.status_code == 201
    assert client.app.state.manager.rooms and len(client.app.state.manager.rooms) == 1
    with pytest.raises(Exception):  # noqa: B017 - a WebSocket from another site is not accepted
        with client.websocket_connect(f"/ws/games/{r.json()['id']}", headers={"Origin": "https://evil.example"}):
            pass


def test_pages_carry_security_headers(client):
    for url in ("/", "/replay"):
        h = client.get(url).headers
        assert "frame-ancestors 'none'" in h["content-security-policy"]
        assert "script-src 'self'" in h["content-security-policy"]
        assert h["x-content-type-options"] == "nosniff" and h["x-frame-options"] == "DENY"
    assert client.get("/api/catalog").headers["x-content-type-options"] == "nosniff"


# -- finding 8: the host key and replays of live games -----------------------------------------------
def test_the_host_key_shows_nothing_hidden_and_live_replays_show_one_seat(client):
    g = client.post("/api/games", json={"game": "la-superba", "players": 3, "bots": {"3": "random"}}).json()
    gid, host, t1 = g["id"], g["host"], g["seats"][0]["token"]
    assert client.get(f"/api/games/{gid}/record", params={"host": host}).status_code == 403
    assert client.post(f"/api/games/{gid}/replay", params={"host": host}).status_code == 403
    inv = client.get(f"/api/games/{gid}/invites", params={"host": host}).json()  # what the host manages
    assert [s["seat_number"] for s in inv["seats"]] == [1, 2] and inv["waiting_for"] == [0, 1]
    r = client.post(f"/api/games/{gid}/replay", params={"token": t1})
    assert r.status_code == 201 and r.json()["seat"] == 0
    rid = r.json()["id"]
    mine = client.get(f"/api/replays/{rid}", params={"step": 0}).json()
    assert mine["seat"] == 0 and "hand" in mine["observation"]
    for seat in ("full", "1", "2"):
        r = client.get(f"/api/replays/{rid}", params={"seat": seat})
        assert r.status_code == 403 and "seat 1's view only" in r.json()["error"]


def test_web_rooms_get_64_bit_random_seeds(client):
    seeds = []
    for _ in range(6):
        g = client.post("/api/games", json={"game": "undecim", "players": 3}).json()
        seeds.append(client.app.state.manager.get(g["id"]).state.cfg.seed)
    assert max(seeds) >= 2**32 and len(set(seeds)) == 6


# -- finding 6-7: rooms leave memory and come back on demand --------------------------------------------
def test_finished_and_idle_rooms_leave_memory_and_load_on_demand(tmp_path):
    db = str(tmp_path / "m.sqlite")
    with TestClient(create_app(db, bot_delay=0, limits=Limits(rooms_in_memory=2)), headers=JSON) as c:
        mgr = c.app.state.manager
        made = [c.post("/api/games", json={"game": "undecim", "players": 3, "seed": k,
                                           "bots": {"2": "random", "3": "random"}}).json() for k in range(5)]
        views = {}
        for g in made:
            tok = g["seats"][0]["token"]
            p = join(c, g["id"], tok)
            while not p["legal"]:
                time.sleep(0.01)
                p = c.get(f"/api/games/{g['id']}", params={"token": tok}).json()
            views[g["id"]] = p
        mgr.evict(now=time.monotonic() + 20)  # (a room used in the last seconds stays)
        assert len(mgr.rooms) <= 2
        for g in made:  # every room loads again as it was
            again = c.get(f"/api/games/{g['id']}", params={"token": g["seats"][0]["token"]}).json()
            assert again["observation"] == views[g["id"]]["observation"] and again["version"] == views[g["id"]]["version"]
        finished = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": 9,
                                              "bots": {"1": "random", "2": "random", "3": "random"}}).json()
        while not c.get(f"/api/games/{finished['id']}").json()["over"]:
            time.sleep(0.01)
    calls = []
    real = __import__("soan.web.rooms", fromlist=["Manager"]).Manager._restore
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("soan.web.rooms.Manager._restore", lambda self, g: calls.append(g.id) or real(self, g))
        with TestClient(create_app(db, bot_delay=0), headers=JSON) as c:  # start-up replays no waiting or finished game
            assert calls == [] and c.app.state.manager.rooms == {}
            assert c.get(f"/api/games/{finished['id']}").json()["over"]
            assert calls == [finished["id"]]
            assert c.get("/api/games/ffffffffffff").status_code == 404


def test_eviction_keeps_rooms_in_use(tmp_path):
    async def go():
        from soan.web.rooms import Manager
        from soan.web.store import Store

        mgr = Manager(Store(str(tmp_path / "e.sqlite")), bot_delay=0, limits=Limits(rooms_in_memory=1))
        a = await mgr.create({"game": "undecim", "players": 3})
        a.subscribers.add(asyncio.Queue())  # someone watches room a
        b = await mgr.create({"game": "undecim", "players": 3})
        assert set(mgr.rooms) == {a.id, b.id}  # b was just used
        c = await mgr.create({"game": "undecim", "players": 3})
        c.touched += 20
        mgr.evict(now=time.monotonic() + 20)
        assert a.id in mgr.rooms and c.id in mgr.rooms and b.id not in mgr.rooms
        assert (await mgr.fetch(b.id)).state.observation(0) == b.state.observation(0)
        await mgr.close()

    asyncio.run(go())


# -- finding 9: strict action text ---------------------------------------------------------------------
@pytest.mark.parametrize("text, sign", [("play -5 -7 -15", "-"), ("play #5#7#15", "#"), ("play 5;7;15", ";"),
                                        ("carry pepper=2 + silk=1", "+")])
def test_action_text_with_signs_outside_the_syntax_is_refused_with_the_reason(client, text, sign):
    from soan.core.actions import parse_action
    from soan.core.errors import IllegalAction

    with pytest.raises(IllegalAction, match=re.escape(f"the character {sign!r} has no place")):
        parse_action("la-superba", text)
    assert str(parse_action("la-superba", "carry pepper=2, silk:1")) == "carry pepper=2 silk=1"  # the syntax's signs
    g = client.post("/api/games", json={"game": "la-superba", "players": 3, "seed": 1, "bots": {"3": "random"}}).json()
    tok = g["seats"][0]["token"]
    legal = client.get(f"/api/games/{g['id']}", params={"token": tok}).json()["legal"][0]["str"]  # e.g. play 5 7 15
    signed = legal.replace(" ", f" {sign}")
    r = client.post(f"/api/games/{g['id']}/actions", params={"token": tok}, json=signed)
    assert r.status_code == 422 and f"'{sign}' has no place" in r.json()["error"]
    r = client.post(f"/api/games/{g['id']}/actions", params={"token": tok, "lang": "ja"}, json=signed)
    assert r.status_code == 422 and "手の書き方に使えません" in r.json()["error"]
    assert client.get(f"/api/games/{g['id']}", params={"token": tok}).json()["moves"] == 0
    assert client.post(f"/api/games/{g['id']}/actions", params={"token": tok}, json=legal).status_code == 200


def test_terminal_play_names_a_sign_outside_the_syntax_and_asks_again(tmp_path):
    from soan.cli.play import Session

    out: list[str] = []
    said = iter(["play -1 -2 -3"])

    def answer(_prompt: str) -> str:
        try:
            return next(said)
        except StopIteration:
            raise EOFError from None

    Session("la-superba", 3, [0], ["random"], 1, "en", record=str(tmp_path / "g.jsonl"), input_fn=answer,
            output=out.append, clear=False).run()
    said_back = [" ".join(x.split()) for x in out]  # (lines are wrapped)
    assert any("'play -1 -2 -3' is not an action" in x and "'-' has no place in an action's text" in x
               for x in said_back), out[-5:]


# -- finding 10: reachable by friends -----------------------------------------------------------------------
def test_serve_on_every_address_prints_the_lan_address_and_links_use_it(tmp_path, monkeypatch):
    import uvicorn
    from typer.testing import CliRunner

    from soan.cli import serve
    from soan.cli.main import app

    from .conftest import free_port

    seen: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda web, **kw: seen.update(web=web, **kw))
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20"])
    port = free_port()
    r = CliRunner().invoke(app, ["serve", "--host", "0.0.0.0", "--port", str(port), "--db", str(tmp_path / "l.sqlite")])
    assert r.exit_code == 0, r.output
    assert f"friends on your network open http://192.168.1.20:{port}/" in r.output
    assert seen["host"] == "0.0.0.0" and not seen["proxy_headers"]  # no proxy named: X-Forwarded-For not trusted
    with TestClient(seen["web"], base_url=f"http://127.0.0.1:{port}", headers=JSON) as c:  # the designer's page
        g = c.post("/api/games", json={"game": "undecim", "players": 3}).json()
        assert all(s["url"].startswith(f"http://192.168.1.20:{port}/play/") for s in g["seats"])
        inv = c.get(f"/api/games/{g['id']}/invites", params={"host": g["host"]}).json()
        assert inv["seats"][0]["url"].startswith(f"http://192.168.1.20:{port}/")
    r = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", str(tmp_path / "l.sqlite")])
    assert "only this computer" in r.output and "--host 0.0.0.0" in r.output


def test_behind_a_reverse_proxy_links_and_origin_use_the_public_url(tmp_path):
    app = create_app(str(tmp_path / "p.sqlite"), bot_delay=0, public_url="https://games.example.org/")
    with TestClient(app, base_url="http://127.0.0.1:8000", headers=JSON) as c:
        g = c.post("/api/games", json={"game": "undecim", "players": 3},
                   headers={"Origin": "https://games.example.org"})
        assert g.status_code == 201, g.text
        assert all(s["url"].startswith("https://games.example.org/play/") for s in g.json()["seats"])
        assert c.post("/api/games", json={"game": "undecim", "players": 3},
                      headers={"Origin": "http://games.example.org"}).status_code == 403  # not the HTTPS page


def test_refusals_of_moves_undo_and_feedback_are_said_in_japanese(client):
    g = client.post("/api/games", json={"game": "undecim", "players": 3, "seed": 4}).json()
    gid = g["id"]
    acting = client.get(f"/api/games/{gid}").json()["to_act"]
    first = next(s for s in g["seats"] if s["seat"] in acting)
    waiting = next(s for s in g["seats"] if s["seat"] not in acting)
    move = client.get(f"/api/games/{gid}", params={"token": first["token"]}).json()["legal"][0]["json"]
    r = client.post(f"/api/games/{gid}/actions", params={"token": waiting["token"], "lang": "ja"}, json=move)
    assert r.status_code == 409 and "あなたの番ではありません" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/undo", params={"token": first["token"], "lang": "ja"})
    assert r.status_code == 409 and "まだ手が打たれていません" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/feedback", params={"token": first["token"], "lang": "ja"}, json={})
    assert r.status_code == 409 and "感想はゲームが終わってから" in r.json()["error"]


def test_a_replay_being_built_does_not_hold_up_other_requests(tmp_path, monkeypatch):
    """Uploaded records are parsed and replayed off the event loop: while one is being built (held
    here until the other request is answered), the server answers others."""
    import httpx

    from soan.core import replay as replay_model

    started, release = threading.Event(), threading.Event()
    real = replay_model.Replay.__init__

    def slow(self, *a, **kw):
        started.set()
        release.wait(10)  # (on a blocked event loop nothing else could run meanwhile)
        real(self, *a, **kw)

    monkeypatch.setattr(replay_model.Replay, "__init__", slow)
    app = create_app(str(tmp_path / "r.sqlite"), bot_delay=0)
    body = record_text(header_for(soan.make("undecim", players=3, seed=1)))

    async def go():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver",
                                     headers=JSON) as c:
            upload = asyncio.ensure_future(c.post("/api/replays", content=body))
            while not started.is_set():
                await asyncio.sleep(0.01)
            other = await c.get("/api/catalog")
            answered_first = not upload.done()
            release.set()
            return other.status_code, answered_first, (await upload).status_code

    try:
        assert asyncio.run(go()) == (200, True, 201)
    finally:
        release.set()


def test_a_stored_game_this_version_cannot_make_is_a_clear_409(tmp_path):
    from sqlalchemy import update

    from soan.web.store import Store, games

    db = str(tmp_path / "v.sqlite")
    with TestClient(create_app(db, bot_delay=0), headers=JSON) as c:
        g = c.post("/api/games", json={"game": "undecim", "players": 3, "bots": {"3": "random"}}).json()
    s = Store(db)
    header = s.load_game(g["id"]).header  # a rule option this version does not have
    with s.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == g["id"]).values(
            header=json.dumps({**header, "params": {"no_such_rule": 1}})))
    s.close()
    with TestClient(create_app(db, bot_delay=0), headers=JSON) as c:
        r = c.get(f"/api/games/{g['id']}", params={"lang": "en"})
        assert r.status_code == 409 and "another version of soan" in r.json()["error"]
        assert c.get(f"/api/games/{g['id']}", params={"lang": "ja"}).json()["error"].endswith("続けられません")

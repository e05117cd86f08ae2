"""Nothing stalls and nothing answers a 500: slow and many connections, bad headers, keys and frames, hosts
the server never printed, caps counted from the store, quiet defaults (docs/web.md, "Limits")."""

from __future__ import annotations

import logging
import os
import resource
import socket
import subprocess
import sys
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from soan.web.app import create_app
from soan.web.conn import Gate
from soan.web.http import host_name
from soan.web.limits import Counts, Limits

from .conftest import ROOT, free_port, join, play_to_end

JSON = {"Content-Type": "application/json"}


def _client(tmp_path, name="c.sqlite", **kw):
    limits = kw.pop("limits", None)
    return TestClient(create_app(str(tmp_path / name), bot_delay=0, limits=limits, **kw), headers=JSON)


# -- 2: slow connections never lock others out ------------------------------------------------------------
def _serve(tmp_path, port: int, *args: str) -> subprocess.Popen:
    """`soan serve` as a process whose file limit is a desktop's usual 1,024 (soft and hard)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))

    def files_1024() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    proc = subprocess.Popen([sys.executable, "-c", "from soan.cli.main import app; app()", "serve", "--port",
                             str(port), "--db", str(tmp_path / "slow.sqlite"), "--bot-delay", "0", *args],
                            env=env, stdout=subprocess.DEVNULL, stderr=open(tmp_path / "serve.log", "w"),
                            preexec_fn=files_1024)
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1)
            return proc
        except httpx.HTTPError:
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()
            time.sleep(0.1)
    raise RuntimeError("soan serve did not start")


def test_a_thousand_half_sent_requests_do_not_stop_a_room_page_or_a_move(tmp_path):
    """Slowloris from 127.0.0.2: 1,100 connections each sending half a request's headers and then nothing.
    A person on 127.0.0.1 still opens the room page and makes a move within 2 s each; the attacker's
    connections over its cap are refused at once (429) and the rest closed after `header_seconds` (408)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2400:
        pytest.skip(f"this test opens 1,100 sockets; the file limit here is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 2400), hard))
    port = free_port()
    proc = _serve(tmp_path, port, "--limit", "header_seconds=4")
    url = f"http://127.0.0.1:{port}"
    held: list[socket.socket] = []
    try:
        g = httpx.post(url + "/api/games", json={"game": "undecim", "players": 3, "seed": 2,
                                                 "bots": {"2": "random", "3": "random"}}).json()
        gid, tok = g["id"], g["seats"][0]["token"]
        join(httpx, gid, tok, url)
        for _ in range(1100):
            s = socket.socket()
            s.bind(("127.0.0.2", 0))
            s.setblocking(False)
            try:
                s.connect(("127.0.0.1", port))
            except BlockingIOError:
                pass
            held.append(s)
        time.sleep(0.5)
        for s in held:
            try:
                s.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            except OSError:
                pass  # already refused and closed
        time.sleep(0.5)
        t0 = time.monotonic()
        page = httpx.get(f"{url}/room/{gid}", params={"host": g["host"]}, timeout=5)
        assert page.status_code == 200 and time.monotonic() - t0 < 2.0
        deadline = time.time() + 30
        while not (p := httpx.get(f"{url}/api/games/{gid}", params={"token": tok}, timeout=5).json())["legal"]:
            assert time.time() < deadline
            time.sleep(0.05)
        t0 = time.monotonic()
        r = httpx.post(f"{url}/api/games/{gid}/actions", params={"token": tok}, json=p["legal"][0]["json"], timeout=5)
        assert r.status_code == 200 and time.monotonic() - t0 < 2.0, r.text
        refused = 0
        for s in held:  # most of the attacker's connections were answered with the refusal and closed
            s.setblocking(True)
            s.settimeout(8)
            try:
                got = s.recv(200)
            except OSError:
                continue
            refused += got.startswith((b"HTTP/1.1 429", b"HTTP/1.1 408"))
        assert refused >= 1000, refused
    finally:
        for s in held:
            s.close()
        proc.kill()
        proc.wait(10)
    log = (tmp_path / "serve.log").read_text()
    assert "Traceback" not in log and "Too many open files" not in log, log[-2000:]


def test_the_gate_counts_per_address_and_in_all_and_exempts_a_trusted_proxy():
    g = Gate(2, 3, exempt=frozenset({"10.0.0.9"}))
    assert g.admit("a") is None and g.admit("a") is None
    assert g.admit("a").startswith(b"HTTP/1.1 429")
    assert g.admit("10.0.0.9") is None
    assert g.admit("b").startswith(b"HTTP/1.1 503") and b'"error_ja"' in g.admit("b")
    g.release("a")
    assert g.admit("b") is None and g.counts.all == 3
    with pytest.raises(ValueError, match="caps are 1 or more"):
        Counts(0, 5)


def test_websockets_are_capped_per_address_and_their_messages_bounded(tmp_path, caplog):
    caplog.set_level(logging.ERROR)
    with _client(tmp_path, limits=Limits(websockets_per_client=2, ws_frames_per_second=5)) as c:
        g = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": 1}).json()
        path = f"/ws/games/{g['id']}"
        with c.websocket_connect(path) as a, c.websocket_connect(path) as b:
            a.receive_json()
            b.receive_json()
            with c.websocket_connect(path) as third:
                msg = third.receive_json()
                assert msg["status"] == 429 and "live connections from your address" in msg["error"]
        with c.websocket_connect(path) as ws:  # the two closed: room again
            ws.receive_json()
            ws.send_bytes(b"\x00\x01")  # a binary frame: closed with a reason, no 1011
            with pytest.raises(WebSocketDisconnect) as e:
                ws.receive_json()
            assert e.value.code == 1003
        with c.websocket_connect(path) as ws:
            ws.receive_json()
            for _ in range(8):
                ws.send_text("ping")
            with pytest.raises(WebSocketDisconnect) as e:
                ws.receive_json()
            assert e.value.code == 1008
    assert not [r for r in caplog.records if r.exc_info], caplog.text


# -- 3: no 500 on any header, key or frame ---------------------------------------------------------------
def test_a_broken_origin_or_a_lone_surrogate_is_a_4xx_never_a_500(tmp_path, caplog):
    caplog.set_level(logging.ERROR)
    with _client(tmp_path) as c:
        r = c.post("/api/games", json={"game": "undecim", "players": 3}, headers={"Origin": "http://["})
        assert r.status_code == 403 and "another site" in r.json()["error"]
        with pytest.raises(WebSocketDisconnect):
            with c.websocket_connect("/ws/games/x", headers={"Origin": "http://["}) as ws:
                ws.receive_json()
        r = c.post("/api/games", content=b'{"game": "undecim", "bots": {"\\ud800": "random"}}')
        assert r.status_code == 422 and "lone surrogate" in r.json()["error"]
        g = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": 4,
                                       "bots": {"2": "random", "3": "random"}}).json()
        r = c.post(f"/api/games/{g['id']}/feedback", params={"token": g["seats"][0]["token"]},
                   content=b'{"fun": 3, "comment": "a\\udc00b"}')
        assert r.status_code == 422 and "lone surrogate" in r.json()["error"]
    assert not [x for x in caplog.records if x.exc_info], caplog.text


# -- 5: only the hosts it printed ------------------------------------------------------------------------
def test_a_host_the_server_never_printed_is_refused(tmp_path):
    hosts = ["127.0.0.1", "localhost", "::1", "192.168.1.20"]
    app = create_app(str(tmp_path / "h.sqlite"), bot_delay=0, hosts=hosts)
    with TestClient(app, base_url="http://127.0.0.1:8000", headers=JSON) as c:
        assert c.get("/api/catalog").status_code == 200
        r = c.post("/api/games", json={"game": "undecim", "players": 3},
                   headers={"Host": "evil.example", "Origin": "http://evil.example"})  # DNS rebinding
        assert r.status_code == 400 and "does not answer to the host 'evil.example'" in r.json()["error"]
        assert c.get("/", headers={"Host": "evil.example:8000"}).status_code == 400
        assert c.get("/api/catalog", headers={"Host": "192.168.1.20:8000"}).status_code == 200
        assert c.get("/api/catalog", headers={"Host": "[::1]:8000"}).status_code == 200
        with pytest.raises(WebSocketDisconnect):
            with c.websocket_connect("/ws/games/x", headers={"Host": "evil.example"}) as ws:
                ws.receive_json()
    assert host_name("[::1]:8000") == "::1" and host_name("Example.ORG") == "example.org" and host_name("[") == ""


def test_serve_answers_to_the_addresses_it_prints_and_allow_host(tmp_path, monkeypatch):
    import uvicorn
    from typer.testing import CliRunner

    from soan.cli import serve
    from soan.cli.main import app

    seen: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda web, **kw: seen.update(web=web, **kw))
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20"])
    r = CliRunner().invoke(app, ["serve", "--host", "0.0.0.0", "--port", str(free_port()), "--db",
                                 str(tmp_path / "a.sqlite"), "--allow-host", "mypc.local"])
    assert r.exit_code == 0, r.output
    with TestClient(seen["web"], headers=JSON) as c:
        for host, status in [("mypc.local", 200), ("192.168.1.20:8000", 200), ("localhost", 200),
                             ("evil.example", 400), ("testserver", 400)]:
            assert c.get("/api/catalog", headers={"Host": host}).status_code == status, host
    assert seen["ws_max_size"] == Limits().ws_frame_bytes and seen["http"].__name__ == "BoundedHttp"


# -- 6: caps count what is stored ------------------------------------------------------------------------
def test_unfinished_rooms_count_from_the_store_across_eviction_and_restart(tmp_path):
    lim = Limits(rooms_per_client=3, rooms_open=5, rooms_per_minute=100)
    with _client(tmp_path, "r.sqlite", limits=lim) as c:
        for _ in range(3):
            assert c.post("/api/games", json={"game": "undecim", "players": 3}).status_code == 201
        mgr = c.app.state.manager
        mgr.rooms.clear()  # every room left memory (idle): still stored, still unfinished
        r = c.post("/api/games", json={"game": "undecim", "players": 3})
        assert r.status_code == 429 and "unfinished rooms from your address (at most 3)" in r.json()["error"]
    with _client(tmp_path, "r.sqlite", limits=lim) as c:  # a restart: counted from the store
        assert c.post("/api/games", json={"game": "undecim", "players": 3}).status_code == 429
        assert c.app.state.manager.open_rooms_total() == 3
    with _client(tmp_path, "r.sqlite", limits=Limits(rooms_per_client=10, rooms_open=4, rooms_per_minute=100)) as c:
        assert c.post("/api/games", json={"game": "undecim", "players": 3}).status_code == 201
        r = c.post("/api/games", json={"game": "undecim", "players": 3})
        assert r.status_code == 429 and "rooms on this server (at most 4" in r.json()["error"]


def test_a_finished_game_no_longer_counts(tmp_path):
    lim = Limits(rooms_per_client=1, rooms_per_minute=100)
    with _client(tmp_path, "f.sqlite", limits=lim) as c:
        g = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": 4,
                                       "bots": {"2": "random", "3": "random"}}).json()
        gid, tok = g["id"], g["seats"][0]["token"]
        assert c.post("/api/games", json={"game": "undecim", "players": 3}).status_code == 429
        play_to_end(c, gid, tok)
        assert c.post("/api/games", json={"game": "undecim", "players": 3}).status_code == 201


# -- 7: quiet by default ---------------------------------------------------------------------------------
def test_api_schema_pages_only_when_asked(tmp_path):
    with _client(tmp_path, "d.sqlite") as c:
        for path in ("/docs", "/redoc", "/openapi.json"):
            assert c.get(path).status_code == 404, path
    with _client(tmp_path, "e.sqlite", api_docs=True) as c:
        assert c.get("/openapi.json").status_code == 200 and c.get("/docs").status_code == 200


def test_forwarded_headers_are_trusted_only_behind_a_named_proxy(tmp_path, monkeypatch):
    import uvicorn
    from typer.testing import CliRunner

    from soan.cli.main import app

    seen: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda web, **kw: seen.update(kw))
    db = str(tmp_path / "p.sqlite")
    CliRunner().invoke(app, ["serve", "--port", str(free_port()), "--db", db])
    assert seen["proxy_headers"] is False
    CliRunner().invoke(app, ["serve", "--port", str(free_port()), "--db", db, "--trust-proxy"])
    assert seen["proxy_headers"] is True and seen["forwarded_allow_ips"] == "127.0.0.1"
    r = CliRunner().invoke(app, ["serve", "--port", str(free_port()), "--db", db],
                           env={"SOAN_PUBLIC_URL": "https://games.example.org"})
    assert seen["proxy_headers"] is True and "people open https://games.example.org" in r.output


# -- 8: a container on the LAN ----------------------------------------------------------------------------
def test_the_containers_lan_recipe_gives_links_friends_can_open(tmp_path, monkeypatch):
    """In a container the server sees only its bridge address (172.17.x.x); the Dockerfile's recipe gives
    the host's LAN address as SOAN_PUBLIC_URL, which the links and the start-up line use."""
    import uvicorn
    from typer.testing import CliRunner

    from soan.cli import serve
    from soan.cli.main import app

    docker = (ROOT / "Dockerfile").read_text()
    assert "SOAN_PUBLIC_URL=http://" in docker
    seen: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda web, **kw: seen.update(web=web, **kw))
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["172.17.0.2"])
    r = CliRunner().invoke(app, ["serve", "--host", "0.0.0.0", "--port", "8000", "--db", str(tmp_path / "k.sqlite")],
                           env={"SOAN_PUBLIC_URL": "http://192.168.1.20:8000"})
    assert r.exit_code == 0, r.output
    assert "people open http://192.168.1.20:8000" in r.output and "172.17" not in r.output
    with TestClient(seen["web"], base_url="http://192.168.1.20:8000", headers=JSON) as c:
        g = c.post("/api/games", json={"game": "undecim", "players": 3}).json()
        assert all(s["url"].startswith("http://192.168.1.20:8000/play/") for s in g["seats"])


# -- the review's findings ----------------------------------------------------------------------------------
def test_an_abandoned_room_stops_counting_and_a_move_keeps_one_counting(tmp_path):
    """Unfinished rooms count from the store, but a room with no move for `rooms_abandoned_hours` no longer
    does (it stays stored): a client that abandons rooms is not locked out for ever, nor is the server."""
    lim = Limits(rooms_per_client=2, rooms_per_minute=100, rooms_abandoned_hours=1.5 / 3600)  # 1.5 s
    with _client(tmp_path, "a.sqlite", limits=lim) as c:
        for _ in range(2):
            assert c.post("/api/games", json={"game": "undecim", "players": 3}).status_code == 201
        assert c.post("/api/games", json={"game": "undecim", "players": 3}).status_code == 429
        time.sleep(1.6)
        g = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": 4,
                                       "bots": {"2": "random", "3": "random"}})
        assert g.status_code == 201  # the two abandoned ones no longer count
        gid, tok = g.json()["id"], g.json()["seats"][0]["token"]
        assert c.app.state.manager.open_count("testclient") == 1
        join(c, gid, tok)
        time.sleep(1.0)
        deadline = time.time() + 30
        while not (p := c.get(f"/api/games/{gid}", params={"token": tok}).json())["legal"]:
            assert time.time() < deadline
            time.sleep(0.05)
        assert c.post(f"/api/games/{gid}/actions", params={"token": tok}, json=p["legal"][0]["json"]).status_code == 200
        time.sleep(0.7)  # 1.7 s after the room was made, 0.7 s after its move: it still counts
        assert c.app.state.manager.open_count("testclient") == 1


def test_rooms_stored_before_clients_were_kept_count_by_their_age(tmp_path):
    """A database from before this version has unfinished rooms without a client or a last move: they
    count in all by their creation time, and old ones do not lock the server."""
    from soan.web.store import Store

    db = tmp_path / "old.sqlite"
    store = Store(str(db))
    header = {"game": "undecim", "players": 3, "seed": 1}
    for i in range(3):
        store.add_game(f"old{i}", header, {"seats": [], "host": "h", "lang": "en", "over": False}, [])
    store.close()
    with _client(tmp_path, "old.sqlite", limits=Limits(rooms_open=3, rooms_per_minute=100)) as c:
        r = c.post("/api/games", json={"game": "undecim", "players": 3})
        assert r.status_code == 429 and "rooms on this server (at most 3" in r.json()["error"]
    with _client(tmp_path, "old.sqlite", limits=Limits(rooms_open=3, rooms_per_minute=100,
                                                       rooms_abandoned_hours=0.5 / 3600)) as c:
        time.sleep(0.6)
        assert c.post("/api/games", json={"game": "undecim", "players": 3}).status_code == 201


def test_a_live_connection_is_given_back_however_loading_its_room_fails(tmp_path, monkeypatch):
    with _client(tmp_path, "w.sqlite", limits=Limits(websockets_per_client=2)) as c:
        g = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": 1}).json()
        site = c.app.state.site

        async def broken(gid):
            raise RuntimeError("a stored room that no longer replays")

        monkeypatch.setattr(site.manager, "fetch", broken)
        for _ in range(4):
            with pytest.raises(Exception):  # noqa: B017 - the app's error closes the socket
                with c.websocket_connect(f"/ws/games/{g['id']}") as ws:
                    ws.receive_json()
        assert site.sockets.all == 0 and site.sockets.open == {}


def test_trusted_proxies_match_as_networks_and_hosts_normalise():
    from soan.cli.serve import allowed_hosts
    from soan.web.conn import Networks

    nets = Networks(["127.0.0.1", "172.17.0.0/16", "::1"])
    assert "172.17.3.4" in nets and "127.0.0.1" in nets and "::1" in nets
    assert "172.18.0.1" not in nets and "testclient" not in nets and "10.0.0.1" not in nets
    assert "8.8.8.8" in Networks(["*"])
    with pytest.raises(ValueError, match="not an address or network"):
        Networks(["proxy.local"])
    hosts = allowed_hosts("0.0.0.0", ["192.168.1.20"], "https://Games.Example.org/", ["mypc.local:8000", "pc.lan."])
    assert {"mypc.local", "pc.lan", "games.example.org", "192.168.1.20", "::1", "localhost"} <= set(hosts)
    assert host_name("pc.lan.:8000") == "pc.lan"


def test_slow_bodies_and_unread_answers_are_dropped(tmp_path):
    """A body that does not arrive in time gets a 408 that closes the connection; a client that sends many
    requests and never reads the answers is dropped after `stall_seconds` (its count given back)."""
    port = free_port()
    proc = _serve(tmp_path, port, "--limit", "body_seconds=1", "--limit", "stall_seconds=2")
    try:
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100\r\n\r\n{\"game\"")
        s.settimeout(10)
        got = b""
        while b"\r\n\r\n" not in got or not got.endswith(b"}"):
            chunk = s.recv(4096)
            if not chunk:
                break
            got += chunk
        assert got.startswith(b"HTTP/1.1 408") and b"connection: close" in got.lower(), got[:300]
        assert s.recv(100) == b""  # closed with the answer
        s.close()
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 3000)
        time.sleep(5)  # the answers pile up unread: the server stops after stall_seconds
        s.settimeout(10)
        answers = 0
        data = b""
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
        except (ConnectionResetError, TimeoutError):
            pass
        answers = data.count(b"HTTP/1.1 200")
        assert 0 < answers < 3000, answers  # dropped part way
        s.close()
        assert httpx.get(f"http://127.0.0.1:{port}/api/catalog").status_code == 200
    finally:
        proc.kill()
        proc.wait(10)
    assert "Traceback" not in (tmp_path / "serve.log").read_text()

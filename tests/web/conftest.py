"""Shared helpers: an in-process app, and a real `soan serve` process on a free loopback port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`soan serve` as a separate process (so it can be killed with SIGKILL and started again)."""

    def __init__(self, db: Path, bot_delay: float = 0.0) -> None:
        self.db, self.bot_delay, self.port = db, bot_delay, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.log = db.with_suffix(".log")

    def start(self) -> Server:
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from soan.cli.main import app; app()", "serve", "--port", str(self.port),
             "--db", str(self.db), "--bot-delay", str(self.bot_delay)],
            env=env, stdout=subprocess.DEVNULL, stderr=open(self.log, "w"))
        deadline = time.time() + 120  # a loaded 2-core machine starts it in seconds, not always in 30
        while time.time() < deadline:
            try:
                httpx.get(self.url + "/api/catalog", timeout=1)
                return self
            except httpx.HTTPError:
                if self.proc.poll() is not None:
                    raise RuntimeError(self.log.read_text()) from None
                time.sleep(0.1)
        raise RuntimeError("soan serve did not start within 120 s")

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()  # SIGKILL: no shutdown hook runs
            self.proc.wait(10)


@pytest.fixture
def server(tmp_path):
    made: list[Server] = []

    def start(db: Path | None = None, bot_delay: float = 0.0) -> Server:
        s = Server(db or tmp_path / "soan.sqlite", bot_delay).start()
        made.append(s)
        return s

    yield start
    for s in made:
        s.kill()


def join(client, gid: str, tok: str, base: str = "", **params) -> dict:
    """The person of `tok` takes their seat (`POST .../join`, as the play page's live connection does; a
    GET joins nothing) and the bots, which wait for every person, may start; the seat's view. `client`:
    a TestClient, or the httpx module with the server's `base` address."""
    r = client.post(f"{base}/api/games/{gid}/join", params={"token": tok, **params})
    assert r.status_code == 200, r.text
    return r.json()


def play_to_end(client, gid: str, tok: str, seconds: float = 60.0) -> dict:
    """Play a room's person seat (its first legal move each time) until the game is over; its last view."""
    join(client, gid, tok)
    deadline = time.time() + seconds
    while not (p := client.get(f"/api/games/{gid}", params={"token": tok}).json())["over"]:
        assert time.time() < deadline, "the game did not end in time"
        if p["legal"]:
            client.post(f"/api/games/{gid}/actions", params={"token": tok}, json=p["legal"][0]["json"])
        else:
            time.sleep(0.02)
    return p

"""The same server on PostgreSQL: a throwaway cluster started for the test (Debian's postgresql, which
`make test` installs when missing), a real `soan serve` process killed with SIGKILL and restarted."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import httpx
import pytest

from system import PREFIX, installed

from .conftest import Server, free_port
from .test_api import _play_some


def _as_postgres(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as the `postgres` user then."""
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@pytest.fixture(scope="module")
def pg_url():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found or not installed("postgresql"):
        pytest.skip(f"{PREFIX} postgresql, which is not installed")
    bindir = Path(found[-1]).parent
    top = tempfile.mkdtemp(prefix="soan-pg-")
    if os.geteuid() == 0:
        shutil.chown(top, "postgres")
    data, port = Path(top) / "data", free_port()
    subprocess.run(_as_postgres([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "soan"]),
                   check=True, capture_output=True)
    subprocess.run(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-w", "-l", f"{top}/log",
                                 "-o", f"-p {port} -k {top} -c listen_addresses=127.0.0.1", "start"]),
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://soan@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(top, ignore_errors=True)


class PgServer(Server):
    def __init__(self, url: str, log: Path) -> None:
        super().__init__(log.with_suffix(".sqlite"))
        self.db, self.log = url, log  # type: ignore[assignment]


def test_postgresql_store_keeps_every_move_through_a_sigkill(pg_url, tmp_path):
    from sqlalchemy import create_engine, text

    s = PgServer(pg_url, tmp_path / "pg.log").start()
    try:
        r = httpx.post(s.url + "/api/games", json={"game": "la-superba", "players": 3, "seed": 5,
                                                   "bots": {"2": "random", "3": "random"}}).json()
        gid, tok = r["id"], r["seats"][0]["token"]
        mid = _play_some(s.url, gid, tok, 3)
        assert mid["version"] > 0 and not mid["over"]
        s.kill()
        engine = create_engine(pg_url)
        with engine.connect() as c:  # the moves are rows in PostgreSQL, not in a file
            stored = c.execute(text("select count(*) from moves where game_id = :g"), {"g": gid}).scalar()
        engine.dispose()
        assert stored >= mid["version"]  # bots may have moved between the last look and the kill
        s = PgServer(pg_url, tmp_path / "pg2.log").start()
        after = httpx.get(f"{s.url}/api/games/{gid}", params={"token": tok}).json()
        assert after["version"] >= stored
        end = _play_some(s.url, gid, tok, 400)
        assert end["over"] and len(end["ranking"]) == 3
        fb = {"fun": 5, "clarity": 4, "length": "right", "comment": "また遊びたい"}
        assert httpx.post(f"{s.url}/api/games/{gid}/feedback", params={"token": tok}, json=fb).status_code == 200
    finally:
        s.kill()

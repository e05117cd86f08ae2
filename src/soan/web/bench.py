"""`soan bench-serve`: N rooms (one person driven over HTTP, bots for the rest) and M WebSocket
clients against a `soan serve` process on 127.0.0.1; reports moves/s and a person's move latency."""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


async def _person(c: httpx.AsyncClient, url: str, gid: str, tok: str, stop: float, lat: list[float],
                  srv: list[float], think: float, rng: random.Random) -> None:
    """A person: waits for pushes on the WebSocket and answers each turn over HTTP (timed), after
    thinking `think` seconds on average (0: at once, a stress test rather than people)."""
    import json

    import websockets

    async with websockets.connect(f"{url}/ws/games/{gid}?token={tok}") as ws:
        while time.perf_counter() < stop:
            try:
                p = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.perf_counter())))
            except TimeoutError:
                return
            if p["over"]:
                return
            if p["legal"]:
                if think > 0:
                    await asyncio.sleep(min(think * rng.uniform(0.5, 1.5), max(0.0, stop - time.perf_counter())))
                    if time.perf_counter() >= stop:
                        return
                t0 = time.perf_counter()
                r = await c.post(f"/api/games/{gid}/actions", params={"token": tok}, json=p["legal"][0]["json"])
                if r.status_code == 200:
                    lat.append(time.perf_counter() - t0)
                    srv.append(float(r.headers.get("server-timing", "move;dur=nan").split("dur=")[1]) / 1000)


async def _watcher(url: str, gid: str, stop: float, counts: list[int]) -> None:
    import websockets

    async with websockets.connect(f"{url}/ws/games/{gid}") as ws:
        while time.perf_counter() < stop:
            try:
                await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.perf_counter()))
                counts[0] += 1
            except TimeoutError:
                return


async def _moves(c: httpx.AsyncClient, made: list[tuple[str, str]]) -> int:
    total = 0
    for gid, _ in made:
        total += (await c.get(f"/api/games/{gid}")).json()["version"]
    return total


async def _run(url: str, rooms: int, clients: int, game: str, seconds: float, bots: str, think: float) -> dict:
    async with httpx.AsyncClient(base_url=url, timeout=30,
                                 limits=httpx.Limits(max_connections=rooms + 16)) as c:
        from ..core.game import game_info

        players = game_info(game).default_players
        made = []
        for _ in range(rooms):
            r = (await c.post("/api/games", json={"game": game, "players": players,
                                                  "bots": {str(k): bots for k in range(2, players + 1)}})).json()
            made.append((r["id"], r["seats"][0]["token"]))
        lat: list[float] = []
        srv: list[float] = []
        counts = [0]
        v0 = await _moves(c, made)
        t0 = time.perf_counter()
        stop = t0 + seconds
        ws_url = url.replace("http://", "ws://")
        rng = random.Random(1)
        tasks = [_person(c, ws_url, gid, tok, stop, lat, srv, think, rng) for gid, tok in made]
        tasks += [_watcher(ws_url, made[k % rooms][0], stop, counts) for k in range(clients)]
        await asyncio.gather(*tasks)
        dt = time.perf_counter() - t0
        v1 = await _moves(c, made)
    def p50_p95(xs: list[float]) -> tuple[float | None, float | None]:
        if len(xs) < 20:
            return None, None
        return round(1000 * statistics.median(xs), 1), round(1000 * statistics.quantiles(xs, n=20)[18], 1)

    (p50, p95), (s50, s95) = p50_p95(lat), p50_p95(srv)
    return {"rooms": rooms, "clients": clients, "think_s": think, "seconds": round(dt, 1), "moves": v1 - v0,
            "moves_per_s": round((v1 - v0) / dt, 1), "person_moves": len(lat),
            "p50_ms": p50, "p95_ms": p95, "server_p50_ms": s50, "server_p95_ms": s95,
            "pushes": counts[0]}


def _cpu_s(pid: int) -> float:
    """The server process's CPU seconds so far (Linux /proc; 0 elsewhere)."""
    try:
        f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def run_bench(console, rooms: int, clients: int, game: str, seconds: float, bots: str, port: int,
              think: float = 2.0) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite"
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        proc = subprocess.Popen([sys.executable, "-c", "from soan.cli.main import app; app()", "serve",
                                 "--host", "127.0.0.1", "--port", str(port), "--db", str(db), "--bot-delay", "0"],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    httpx.get(url + "/api/catalog", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            console.print(f"bench-serve: {rooms} rooms of {game} (1 person + {bots} bots, the person thinks "
                          f"~{think:g} s a move), {clients} WebSocket clients, {seconds:g} s, on {url}")
            cpu0 = _cpu_s(proc.pid)
            res = asyncio.run(_run(url, rooms, clients, game, seconds, bots, think))
            cpu = _cpu_s(proc.pid) - cpu0
            res["server_cpu_s"] = round(cpu, 1)
            res["server_cpu_ms_per_move"] = round(1000 * cpu / max(1, res["moves"]), 2)
            res["load_average"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        finally:
            proc.kill()
            proc.wait(10)
    console.print(res)
    return res

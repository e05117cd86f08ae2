"""`soan bench-serve`: N rooms (one person driven over HTTP, bots for the rest) and M WebSocket
clients against a `soan serve` process on 127.0.0.1; reports moves/s and a person's move latency."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


async def _person(c: httpx.AsyncClient, gid: str, tok: str, stop: float, lat: list[float]) -> None:
    while time.perf_counter() < stop:
        p = (await c.get(f"/api/games/{gid}", params={"token": tok})).json()
        if p["over"]:
            return
        if not p["legal"]:
            await asyncio.sleep(0.02)
            continue
        t0 = time.perf_counter()
        r = await c.post(f"/api/games/{gid}/actions", params={"token": tok}, json=p["legal"][0]["json"])
        if r.status_code == 200:
            lat.append(time.perf_counter() - t0)


async def _watcher(url: str, gid: str, stop: float, counts: list[int]) -> None:
    import websockets

    async with websockets.connect(f"{url}/ws/games/{gid}") as ws:
        while time.perf_counter() < stop:
            try:
                await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.perf_counter()))
                counts[0] += 1
            except TimeoutError:
                return


async def _run(url: str, rooms: int, clients: int, game: str, seconds: float, bots: str) -> dict:
    async with httpx.AsyncClient(base_url=url, timeout=30,
                                 limits=httpx.Limits(max_connections=64)) as c:
        players = 4 if game != "la-superba" else 4
        made = []
        for _ in range(rooms):
            r = (await c.post("/api/games", json={"game": game, "players": players,
                                                  "bots": {str(k): bots for k in range(2, players + 1)}})).json()
            made.append((r["id"], r["seats"][0]["token"]))
        lat: list[float] = []
        counts = [0]
        v0 = sum((await c.get(f"/api/games/{gid}")).json()["version"] for gid, _ in made)
        t0 = time.perf_counter()
        stop = t0 + seconds
        ws_url = url.replace("http://", "ws://")
        tasks = [_person(c, gid, tok, stop, lat) for gid, tok in made]
        tasks += [_watcher(ws_url, made[k % rooms][0], stop, counts) for k in range(clients)]
        await asyncio.gather(*tasks)
        dt = time.perf_counter() - t0
        v1 = sum((await c.get(f"/api/games/{gid}")).json()["version"] for gid, _ in made)
    lat.sort()
    q = statistics.quantiles(lat, n=20) if len(lat) >= 20 else [float("nan")] * 19
    return {"rooms": rooms, "clients": clients, "seconds": round(dt, 1), "moves": v1 - v0,
            "moves_per_s": round((v1 - v0) / dt, 1), "person_moves": len(lat),
            "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None, "p95_ms": round(1000 * q[18], 1),
            "pushes": counts[0]}


def run_bench(console, rooms: int, clients: int, game: str, seconds: float, bots: str, port: int) -> dict:
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
            console.print(f"bench-serve: {rooms} rooms of {game} (1 person + {bots} bots), {clients} WebSocket "
                          f"clients, {seconds:g} s, on {url}")
            res = asyncio.run(_run(url, rooms, clients, game, seconds, bots))
        finally:
            proc.kill()
            proc.wait(10)
    console.print(res)
    return res

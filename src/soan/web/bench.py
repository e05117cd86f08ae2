"""`soan bench-serve`: what players feel on a `soan serve` process on 127.0.0.1.

N rooms (one person driven over the WebSocket and HTTP, bots in the other seats) and M WebSocket
spectators, against a server whose database already holds `--played` finished games (a server that
has been running a while keeps its played rooms). Measured as the client sees it: a person's move
(request to acknowledged, stored move) and an unrelated request made meanwhile (another room's view
for a spectator), their p50/p95/p99 and maximum; inside the server (`Server-Timing`); moves/s; the
server's memory (RSS) over time."""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


async def _person(c: httpx.AsyncClient, url: str, gid: str, tok: str, stop: float, lat: list[float],
                  srv: list[float], think: float, rng: random.Random, failed: list[float]) -> None:
    """A person: waits for pushes on the WebSocket and answers each turn over HTTP (timed), after
    thinking `think` seconds on average (0: at once, a stress test rather than people)."""
    import websockets

    async with websockets.connect(f"{url}/ws/games/{gid}?token={tok}") as ws:
        while time.perf_counter() < stop:
            try:
                p = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.perf_counter())))
            except TimeoutError:
                return
            if p.get("over"):
                return
            if p.get("legal"):
                if think > 0:
                    await asyncio.sleep(min(think * rng.uniform(0.5, 1.5), max(0.0, stop - time.perf_counter())))
                    if time.perf_counter() >= stop:
                        return
                t0 = time.perf_counter()
                try:
                    r = await c.post(f"/api/games/{gid}/actions", params={"token": tok}, json=p["legal"][0]["json"])
                except httpx.TransportError:  # (a kept-alive connection the server closed meanwhile)
                    failed.append(time.perf_counter() - t0)
                    continue
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


async def _unrelated(c: httpx.AsyncClient, gids: list[str], stop: float, lat: list[float], every: float,
                     failed: list[float]) -> None:
    """Someone else on the server: a spectator's view of a room, then the list of games, in turn."""
    k = 0
    while time.perf_counter() < stop:
        t0 = time.perf_counter()
        try:
            r = await (c.get(f"/api/games/{gids[k % len(gids)]}") if k % 2 == 0 else c.get("/api/games"))
        except httpx.TransportError:
            failed.append(time.perf_counter() - t0)
            k += 1
            continue
        if r.status_code == 200:
            lat.append(time.perf_counter() - t0)
        k += 1
        await asyncio.sleep(every)


def _rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


async def _memory(pid: int, t0: float, stop: float, out: list[tuple[float, float]], every: float) -> None:
    while time.perf_counter() < stop:
        mb = _rss_mb(pid)
        if mb is not None:
            out.append((round(time.perf_counter() - t0), mb))
        await asyncio.sleep(every)


async def _moves(c: httpx.AsyncClient, made: list[tuple[str, str]]) -> int:
    total = 0
    for gid, _ in made:
        total += (await c.get(f"/api/games/{gid}")).json()["version"]
    return total


def stats_ms(xs: list[float]) -> dict[str, float | int | None]:
    """p50/p95/p99 and the maximum of latencies (seconds) in ms; None below 20 samples."""
    if len(xs) < 20:
        return {"n": len(xs), "p50": None, "p95": None, "p99": None, "max": None}
    q = statistics.quantiles(xs, n=100, method="inclusive")
    return {"n": len(xs), "p50": round(1000 * statistics.median(xs), 1), "p95": round(1000 * q[94], 1),
            "p99": round(1000 * q[98], 1), "max": round(1000 * max(xs), 1)}


async def _run(url: str, rooms: int, clients: int, game: str, seconds: float, bots: str, think: float,
               pid: int) -> dict:
    async with httpx.AsyncClient(base_url=url, timeout=30, headers={"Content-Type": "application/json"},
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
        other: list[float] = []
        mem: list[tuple[float, float]] = []
        counts = [0]
        v0 = await _moves(c, made)
        t0 = time.perf_counter()
        stop = t0 + seconds
        ws_url = url.replace("http://", "ws://")
        rng = random.Random(1)
        failed: list[float] = []
        tasks = [_person(c, ws_url, gid, tok, stop, lat, srv, think, rng, failed) for gid, tok in made]
        tasks += [_watcher(ws_url, made[k % rooms][0], stop, counts) for k in range(clients)]
        tasks += [_unrelated(c, [g for g, _ in made], stop, other, 0.2, failed), _memory(pid, t0, stop, mem, 5.0)]
        await asyncio.gather(*tasks)
        dt = time.perf_counter() - t0
        v1 = await _moves(c, made)
    after = [mb for t, mb in mem if t >= 60]
    return {"rooms": rooms, "clients": clients, "think_s": think, "seconds": round(dt, 1), "moves": v1 - v0,
            "moves_per_s": round((v1 - v0) / dt, 1), "person_move_ms": stats_ms(lat), "server_move_ms": stats_ms(srv),
            "unrelated_ms": stats_ms(other), "pushes": counts[0], "connection_errors": len(failed),
            "rss_mb": {"start": mem[0][1] if mem else None, "at_60s": after[0] if after else None,
                       "end": mem[-1][1] if mem else None,
                       "after_60s_min_max": [min(after), max(after)] if after else None},
            "rss_series": mem[::6]}


def prefill(db: str, game: str, n: int, seed: int = 1) -> int:
    """`n` finished games (random play) stored as a server stores them: a server that has been played on."""
    from ..core.game import make
    from ..core.records import header_for
    from .store import Store

    store = Store(db)
    rng = random.Random(seed)
    try:
        for k in range(n):
            s = make(game, seed=rng.getrandbits(63))
            n_seats = s.cfg.players
            header = header_for(s, humans=[0], bots=["random"] * (n_seats - 1), source="soan serve")
            moves = []
            while not s.is_over():
                seat = s.to_act()[0]
                a = rng.choice(s.legal_actions(seat))
                s.apply(seat, a)
                moves.append((seat, a.to_json()))
            seats = [{"token": secrets.token_urlsafe(12) if i == 0 else None, "bot": None if i == 0 else "random",
                      "joined": True} for i in range(n_seats)]
            store.add_game(f"p{k:011x}", header, {"seats": seats, "host": secrets.token_urlsafe(12), "lang": "ja",
                                                  "undone": 0, "over": True, "to_act": []}, moves)
    finally:
        store.close()
    return n


def _cpu_s(pid: int) -> float:
    """The server process's CPU seconds so far (Linux /proc; 0 elsewhere)."""
    try:
        f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def run_bench(console, rooms: int, clients: int, game: str, seconds: float, bots: str, port: int,
              think: float = 2.0, played: int = 0, db: str | None = None) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = db or str(Path(tmp) / "bench.sqlite")
        if played:
            t = time.perf_counter()
            prefill(path, game, played)
            console.print(f"bench-serve: {played} finished games of {game} stored in {time.perf_counter() - t:.0f} s")
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        t_start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", "from soan.cli.main import app; app()", "serve",
                                 "--host", "127.0.0.1", "--port", str(port), "--db", path, "--bot-delay", "0",
                                 "--limit", f"rooms_per_minute={rooms + 10}", "--limit", f"rooms_per_client={rooms + 10}"],
                                env=env, stdout=subprocess.DEVNULL, stderr=open(Path(tmp) / "server.log", "w"))
        url = f"http://127.0.0.1:{port}"
        if hasattr(os, "nice"):
            os.nice(5)  # the clients yield to the server they measure (they share the machine)
        try:
            for _ in range(1200):
                try:
                    httpx.get(url + "/api/catalog", timeout=1)
                    break
                except httpx.HTTPError:
                    if proc.poll() is not None:
                        raise RuntimeError("the server stopped at start") from None
                    time.sleep(0.1)
            started = time.perf_counter() - t_start
            console.print(f"bench-serve: {rooms} rooms of {game} (1 person + {bots} bots, the person thinks "
                          f"~{think:g} s a move), {clients} WebSocket clients, {seconds:g} s, on {url} "
                          f"(started in {started:.1f} s with {played} played games stored)")
            cpu0 = _cpu_s(proc.pid)
            load0 = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
            res = asyncio.run(_run(url, rooms, clients, game, seconds, bots, think, proc.pid))
            cpu = _cpu_s(proc.pid) - cpu0
            res["played_stored"] = played
            res["start_s"] = round(started, 1)
            res["server_cpu_s"] = round(cpu, 1)
            res["server_cpu_ms_per_move"] = round(1000 * cpu / max(1, res["moves"]), 2)
            res["load_average"] = [load0, os.getloadavg()[0]] if load0 is not None else None
            res["server_alive"] = proc.poll() is None
        finally:
            proc.kill()
            proc.wait(10)
            errors = (Path(tmp) / "server.log").read_text(errors="replace")
            if errors.strip():
                console.print("server's log:\n" + errors[-3000:], highlight=False, markup=False)
    console.print(res)
    return res

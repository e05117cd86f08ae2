"""`soan bench-serve`: what players feel on a `soan serve` process on 127.0.0.1.

N rooms (one person driven over the WebSocket and HTTP, bots in the other seats) and M WebSocket
spectators, against a server whose database already holds `--played` finished games (a server that
has been running a while keeps its played rooms). Measured as the client sees it: a person's move
(request to acknowledged, stored move) and an unrelated request made meanwhile (another room's view
for a spectator, the list of games), their p50/p95/p99 and maximum and how many took over 1 s; inside
the server (`Server-Timing`); moves/s; the memory of the server and of its bot processes over time;
the machine's load average during the run. The client (aiohttp, one process at a lower priority)
measures its own event loop's lag too, so a run says when the client, not the server, was late."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import resource
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SLOW = 1.0  # seconds: a request over this is counted (the aim: none)
GRACE = 5.0  # seconds after the end for the moves on their way; then every connection is closed
AIM_P95 = 0.250  # seconds: the aim for a person's move, p95


class Tally:
    def __init__(self) -> None:
        self.person: list[float] = []
        self.server: list[float] = []
        self.other: list[float] = []
        self.lag: list[float] = []
        self.failed: list[float] = []
        self.refused: dict[int, int] = {}  # a person's moves the server refused, by status
        self.pushes = 0
        self.posting: set[str] = set()  # rooms whose person's move is on its way
        self.mem: list[tuple[float, float, float]] = []  # (s, server MB, bot processes MB)
        self.load: list[tuple[float, float]] = []  # (s, 1-minute load average)


async def _person(http, ws_url: str, gid: str, tok: str, stop: float, t: Tally, think: float,
                  rng: random.Random) -> None:
    """A person: waits for pushes on the WebSocket and answers each turn over HTTP (timed), after
    thinking `think` seconds on average (0: at once, a stress test rather than people)."""
    import aiohttp

    answered = -1  # the version of the last view this person answered: a push of it or older is stale
    async with http.ws_connect(f"{ws_url}/ws/games/{gid}?token={tok}", autoping=True) as ws:
        while time.perf_counter() < stop:
            msg = await ws.receive()
            if msg.type != aiohttp.WSMsgType.TEXT or time.perf_counter() >= stop:
                return
            p = json.loads(msg.data)
            if p.get("over"):
                return
            if p.get("legal") and p.get("version", 0) > answered:
                answered = p.get("version", 0)
                if think > 0:
                    await asyncio.sleep(min(think * rng.uniform(0.5, 1.5), max(0.0, stop - time.perf_counter())))
                    if time.perf_counter() >= stop:
                        return
                body = json.dumps(p["legal"][0]["json"]).encode()
                t0 = time.perf_counter()
                t.posting.add(gid)
                try:
                    async with http.post(f"/api/games/{gid}/actions", params={"token": tok}, data=body) as r:
                        await r.read()
                        dt = time.perf_counter() - t0
                        timing = r.headers.get("server-timing", "move;dur=nan")
                        ok = r.status == 200
                except aiohttp.ClientError:  # (a kept-alive connection the server closed meanwhile)
                    t.failed.append(time.perf_counter() - t0)
                    continue
                finally:
                    t.posting.discard(gid)
                if ok:
                    t.person.append(dt)
                    t.server.append(float(timing.split("dur=")[1]) / 1000)
                else:
                    t.refused[r.status] = t.refused.get(r.status, 0) + 1


async def _watcher(http, ws_url: str, gid: str, stop: float, t: Tally) -> None:
    import aiohttp

    async with http.ws_connect(f"{ws_url}/ws/games/{gid}") as ws:
        while time.perf_counter() < stop:
            msg = await ws.receive()
            if msg.type != aiohttp.WSMsgType.TEXT:
                return
            t.pushes += time.perf_counter() < stop


async def _unrelated(http, gids: list[str], stop: float, t: Tally, every: float) -> None:
    """Someone else on the server: a spectator's view of a room, then the list of games, in turn."""
    import aiohttp

    k = 0
    while time.perf_counter() < stop:
        t0 = time.perf_counter()
        try:
            async with http.get(f"/api/games/{gids[k % len(gids)]}" if k % 2 == 0 else "/api/games") as r:
                await r.read()
                if r.status == 200:
                    t.other.append(time.perf_counter() - t0)
        except aiohttp.ClientError:
            t.failed.append(time.perf_counter() - t0)
        k += 1
        await asyncio.sleep(every)


async def _lag(stop: float, t: Tally, every: float = 0.05) -> None:
    """The client's own event loop: how late a short sleep wakes up (a late client inflates its figures)."""
    while time.perf_counter() < stop:
        t0 = time.perf_counter()
        await asyncio.sleep(every)
        t.lag.append(max(0.0, time.perf_counter() - t0 - every))


def _rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


def children(pid: int) -> list[int]:
    """The processes started by `pid` (its bot processes), from /proc (none elsewhere)."""
    out = []
    try:
        for d in os.listdir("/proc"):
            if d.isdigit():
                try:
                    if int(Path(f"/proc/{d}/stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(d))
                except (OSError, IndexError, ValueError):
                    continue
    except OSError:
        pass
    return out


async def _watch_machine(pid: int, t0: float, stop: float, t: Tally, every: float) -> None:
    while time.perf_counter() < stop:
        now = round(time.perf_counter() - t0)
        mb = _rss_mb(pid)
        if mb is not None:
            kids = sum(x for x in (_rss_mb(c) for c in children(pid)) if x is not None)
            t.mem.append((now, mb, round(kids, 1)))
        if hasattr(os, "getloadavg"):
            t.load.append((now, round(os.getloadavg()[0], 2)))
        await asyncio.sleep(every)


async def _moves(http, made: list[tuple[str, str]]) -> int:
    total = 0
    for gid, _ in made:
        async with http.get(f"/api/games/{gid}") as r:
            total += (await r.json())["version"]
    return total


def stats_ms(xs: list[float]) -> dict[str, float | int | None]:
    """p50/p95/p99, the maximum (ms) and how many over SLOW of latencies in seconds; None below 20 samples."""
    if len(xs) < 20:
        return {"n": len(xs), "p50": None, "p95": None, "p99": None, "max": None, "over_1s": sum(x > SLOW for x in xs)}
    q = statistics.quantiles(xs, n=100, method="inclusive")
    return {"n": len(xs), "p50": round(1000 * statistics.median(xs), 1), "p95": round(1000 * q[94], 1),
            "p99": round(1000 * q[98], 1), "max": round(1000 * max(xs), 1), "over_1s": sum(x > SLOW for x in xs)}


def memory_summary(mem: list[tuple[float, float, float]], after: float = 60.0) -> dict[str, object]:
    """Memory (server + bot processes, MB) at the start, at `after` s and at the end, and its growth
    between `after` s and the end ("flat after the first minute": a growth near 0)."""
    tot = [(s, round(a + b, 1)) for s, a, b in mem]
    late = [mb for s, mb in tot if s >= after]
    return {"start": tot[0][1] if tot else None, "at_60s": late[0] if late else None,
            "end": tot[-1][1] if tot else None, "after_60s_min_max": [min(late), max(late)] if late else None,
            "growth_after_60s": round(late[-1] - late[0], 1) if late else None,
            "server_end": mem[-1][1] if mem else None, "bot_processes_end": mem[-1][2] if mem else None}


def verdict(res: dict) -> dict[str, object]:
    """The aims of a shared server: a person's move p95 < 250 ms, no request over 1 s, memory flat."""
    p95 = res["person_move_ms"]["p95"]
    over = res["person_move_ms"]["over_1s"] + res["unrelated_ms"]["over_1s"] + res["connection_errors"]
    growth = res["memory_mb"]["growth_after_60s"]
    return {"person_move_p95_under_250ms": p95 is not None and p95 < 1000 * AIM_P95,
            "requests_over_1s": over, "memory_growth_after_60s_mb": growth}


async def _run(url: str, rooms: int, clients: int, game: str, seconds: float, bots: str, think: float,
               pid: int) -> dict:
    import aiohttp

    from ..core.game import game_info

    conn = aiohttp.TCPConnector(limit=2 * rooms + clients + 16)  # (every WebSocket holds a connection)
    async with aiohttp.ClientSession(base_url=url, connector=conn, headers={"Content-Type": "application/json"},
                                     timeout=aiohttp.ClientTimeout(total=60)) as http:
        players = game_info(game).default_players
        made = []
        for _ in range(rooms):
            body = {"game": game, "players": players, "bots": {str(k): bots for k in range(2, players + 1)}}
            async with http.post("/api/games", data=json.dumps(body).encode()) as r:
                got = await r.json()
                if r.status != 201:
                    raise RuntimeError(f"the server refused a room: {got}")
            made.append((got["id"], got["seats"][0]["token"]))
        t = Tally()
        v0 = await _moves(http, made)
        gc.collect()
        gc.freeze()
        gc.disable()  # the client never pauses to collect while it measures (a short run: memory is no concern)
        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        t0 = time.perf_counter()
        stop = t0 + seconds
        ws_url = url.replace("http://", "ws://")
        rng = random.Random(1)
        coros = [_person(http, ws_url, gid, tok, stop, t, think, rng) for gid, tok in made]
        coros += [_watcher(http, ws_url, made[k % rooms][0], stop, t) for k in range(clients)]
        coros += [_unrelated(http, [g for g, _ in made], stop, t, 0.2), _watch_machine(pid, t0, stop, t, 5.0),
                  _lag(stop, t)]
        tasks = [asyncio.ensure_future(c) for c in coros]
        _, pending = await asyncio.wait(tasks, timeout=seconds + GRACE)
        dt = time.perf_counter() - t0
        cpu1 = resource.getrusage(resource.RUSAGE_SELF)
        gc.enable()
        t.failed.extend(SLOW + 1 for _ in t.posting)  # a move still unanswered GRACE s after the end
        await conn.close()  # every connection, WebSockets included: a client waiting on one stops
        for task in pending:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    async with aiohttp.ClientSession(base_url=url) as http:
        v1 = await _moves(http, made)
    loads = [x for _, x in t.load]
    res = {"rooms": rooms, "clients": clients, "think_s": think, "seconds": round(dt, 1), "moves": v1 - v0,
           "moves_per_s": round((v1 - v0) / dt, 1), "person_move_ms": stats_ms(t.person),
           "server_move_ms": stats_ms(t.server), "unrelated_ms": stats_ms(t.other), "pushes": t.pushes,
           "connection_errors": len(t.failed), "refused_moves": sum(t.refused.values()),
           "refused_by_status": {str(k): v for k, v in sorted(t.refused.items())}, "client_lag_ms": stats_ms(t.lag),
           "client_cpu_s": round(cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime, 1),
           "load_average_during": {"min": min(loads), "mean": round(statistics.mean(loads), 2), "max": max(loads)}
           if loads else None,
           "memory_mb": memory_summary(t.mem), "memory_series": [(s, round(a + b, 1)) for s, a, b in t.mem][::6]}
    return res


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
              think: float = 2.0, played: int = 0, db: str | None = None, limits: list[str] | None = None,
              nice: bool = True) -> dict:
    """The benchmark (`nice`: this process, the client, lowers its CPU priority for good, below the server)."""
    import urllib.request

    with tempfile.TemporaryDirectory() as tmp:
        path = db or str(Path(tmp) / "bench.sqlite")
        if played:
            t = time.perf_counter()
            prefill(path, game, played)
            console.print(f"bench-serve: {played} finished games of {game} stored in {time.perf_counter() - t:.0f} s")
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        load_before = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
        t_start = time.perf_counter()
        extra = [x for item in (limits or []) for x in ("--limit", item)]
        proc = subprocess.Popen([sys.executable, "-c", "from soan.cli.main import app; app()", "serve",
                                 "--host", "127.0.0.1", "--port", str(port), "--db", path, "--bot-delay", "0",
                                 "--limit", f"rooms_per_minute={rooms + 10}", "--limit", f"rooms_per_client={rooms + 10}",
                                 # every simulated person comes from this one address
                                 "--limit", f"connections_per_client={4 * (rooms + clients) + 100}",
                                 "--limit", f"connections_open={4 * (rooms + clients) + 200}",
                                 "--limit", f"websockets_per_client={2 * (rooms + clients) + 10}",
                                 "--limit", f"websockets_open={2 * (rooms + clients) + 10}",
                                 *extra], env=env, stdout=subprocess.DEVNULL,
                                stderr=open(Path(tmp) / "server.log", "w"))
        url = f"http://127.0.0.1:{port}"
        if nice and hasattr(os, "nice"):
            os.nice(5)  # the clients yield to the server they measure (they share the machine)
        try:
            for _ in range(1200):
                try:
                    urllib.request.urlopen(url + "/api/catalog", timeout=1).read()
                    break
                except OSError:
                    if proc.poll() is not None:
                        raise RuntimeError("the server stopped at start") from None
                    time.sleep(0.1)
            started = time.perf_counter() - t_start
            console.print(f"bench-serve: {rooms} rooms of {game} (1 person + {bots} bots, the person thinks "
                          f"~{think:g} s a move), {clients} WebSocket clients, {seconds:g} s, on {url} "
                          f"(started in {started:.1f} s with {played} played games stored; load average before "
                          f"{load_before})", highlight=False)
            kids0 = children(proc.pid)
            cpu0 = _cpu_s(proc.pid)
            bots0 = sum(_cpu_s(k) for k in kids0)
            res = asyncio.run(_run(url, rooms, clients, game, seconds, bots, think, proc.pid))
            cpu = _cpu_s(proc.pid) - cpu0
            bot_cpu = sum(_cpu_s(k) for k in children(proc.pid)) - bots0
            res["played_stored"] = played
            res["start_s"] = round(started, 1)
            res["server_cpu_s"] = round(cpu, 1)
            res["bot_processes_cpu_s"] = round(bot_cpu, 1)
            res["server_cpu_ms_per_move"] = round(1000 * cpu / max(1, res["moves"]), 2)
            res["load_average_before"] = load_before
            res["server_alive"] = proc.poll() is None
            res["aims"] = verdict(res)
        finally:
            kids = children(proc.pid)
            proc.terminate()  # a clean stop: its bot processes stop with it
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
            for k in kids:  # (after a forced stop) the server's bot processes, never another process
                try:
                    if b"multiprocessing" in Path(f"/proc/{k}/cmdline").read_bytes():
                        os.kill(k, 9)
                except OSError:
                    pass
            errors = (Path(tmp) / "server.log").read_text(errors="replace")
            if errors.strip():
                console.print("server's log:\n" + errors[-3000:], highlight=False, markup=False)
    console.print(res)
    a, p, o = res["aims"], res["person_move_ms"], res["unrelated_ms"]
    console.print(f"a person's move p50/p95/p99/max {p['p50']}/{p['p95']}/{p['p99']}/{p['max']} ms "
                  f"(p95 < 250 ms: {'yes' if a['person_move_p95_under_250ms'] else 'no'}); an unrelated request "
                  f"{o['p50']}/{o['p95']}/{o['p99']}/{o['max']} ms; requests over 1 s: {a['requests_over_1s']}; "
                  f"moves refused: {res['refused_moves']}; "
                  f"memory after the first minute {res['memory_mb']['after_60s_min_max']} MB (growth "
                  f"{a['memory_growth_after_60s_mb']} MB); load average during the run {res['load_average_during']}",
                  highlight=False, soft_wrap=True)
    return res

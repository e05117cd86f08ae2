"""Studies: N games over local cores or a Ray cluster, results in Parquet, resumable.

Layout of a study folder:
  study.json       the settings (game, players, agents, seed, variants, params, n, chunk, version)
  parts/           one Parquet pair per finished chunk of games (what makes a study resumable)
  games.parquet    one row per game: seed, variants, params, length, per-seat agent/score/rank, winners
  seats.parquet    one row per game and seat: agent, score, rank, win share, and the game's own measures
  records/         the records of the first `records` games and of the notable ones (lab/notable.py)
Each game's seed derives from (study seed, game index) and the line-up rotates by the index, so the
results are the same whatever the number of jobs or the backend.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import SoanError
from ..core.game import check_config, game_info
from ..core.version import __version__
from .notable import keep_notable, record_path, write_record_lines
from .quality import KEYS as QUALITY
from .runner import GameResult, _work, study_seeds

if TYPE_CHECKING:
    import pyarrow as pa

    from ..core.hooks import StateContract

CHUNK = 100
Task = tuple[Any, ...]  # a chunk of games as runner._work takes it
Moves = list[tuple[int, dict[str, Any]]]  # a record's moves: (seat, action)


class StudyError(SoanError):
    pass


def _tables(results: list[GameResult], settings: dict[str, Any]) -> tuple[pa.Table, pa.Table]:
    import pyarrow as pa

    P = settings["players"]
    games: dict[str, list[Any]] = {k: [] for k in ("index", "seed", "game", "variants", "params", "players", "length",
                                                "winners", "multi_choice_share", "mean_options", "lead_changes",
                                                "gap12", "start_player", *QUALITY)}
    for i in range(P):
        for k in ("agent", "score", "rank"):
            games[f"{k}_{i}"] = []
    seat_rows: list[dict[str, Any]] = []
    variants = ",".join(settings["variants"]) or "base"
    params = json.dumps(settings["params"], sort_keys=True)
    for r in results:
        games["index"].append(r.index)
        games["seed"].append(r.seed)
        games["game"].append(settings["game"])
        games["variants"].append(variants)
        games["params"].append(params)
        games["players"].append(P)
        games["length"].append(r.length)
        games["winners"].append(",".join(str(w) for w in r.winners))
        order = r.turn_order
        games["start_player"].append(order[0] if order else None)
        for k in ("multi_choice_share", "mean_options", "lead_changes", "gap12", *QUALITY):
            games[k].append(r.stats.get(k))
        w = r.winners
        for i in range(P):
            games[f"agent_{i}"].append(r.agents[i])
            games[f"score_{i}"].append(r.scores[i])
            games[f"rank_{i}"].append(r.ranks[i])
            row = {"index": r.index, "seed": r.seed, "seat": i, "agent": r.agents[i], "score": r.scores[i],
                   "rank": r.ranks[i], "win": (1 / len(w)) if i in w else 0.0, "decisions": r.decisions[i],
                   "think_s": r.think[i], "variants": variants,
                   "turn_pos": order.index(i) if order else None}
            for k, v in (r.seat_measures[i] if r.seat_measures else {}).items():
                row["m_" + k] = v
            seat_rows.append(row)
    cols = sorted({k for row in seat_rows for k in row}, key=lambda k: (k.startswith("m_"), k))
    seats = {k: [row.get(k) for row in seat_rows] for k in cols}
    games["seed"] = pa.array(games["seed"], pa.uint64())  # below 2^53 for studies (runner.SEED_BITS)
    seats["seed"] = pa.array(seats["seed"], pa.uint64())
    games["start_player"] = pa.array(games["start_player"], pa.int64())
    seats["turn_pos"] = pa.array(seats["turn_pos"], pa.int64())
    return pa.table(games), pa.table(seats)


def settings_for(game: str, n: int, players: int | None, agents: list[str], seed: int,
                 variants: list[str] | tuple[str, ...] | None, params: dict[str, Any] | None,
                 components: str | None = None, records: int | None = None, chunk: int = CHUNK) -> dict[str, Any]:
    """A study's settings. `chunk`: games per saved part (and per task of a worker); smaller chunks
    spread a study of a few slow games over every job, and keep more of it when it is interrupted."""
    if not isinstance(chunk, int) or chunk < 1:
        raise StudyError(f"chunk must be a whole number of games >= 1; got {chunk!r}")
    info, P, vs, ps = check_config(game, players, variants, params)
    comps, h = info.load_components(components)
    return {"game": info.id, "n": n, "players": P, "agents": list(agents), "seed": seed, "variants": list(vs),
            "params": {k: (list(v) if isinstance(v, tuple) else v) for k, v in ps.items()},
            "components": components, "components_hash": h, "chunk": chunk, "version": __version__,
            "records": records or 0}


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("game", "players", "agents", "seed", "variants", "params", "components_hash", "chunk")
    return all(a.get(k) == b.get(k) for k in keys)


class StudyRun:
    """One study's share of a run: its folder checked and its settings written, the chunks still to play
    (`tasks`), `save` for a played chunk and `finish` that merges the parts. `run_study` plays one study;
    `run_studies` plays several through one open pool."""

    def __init__(self, settings: dict[str, Any], out: str | Path,
                 progress: Callable[[int], None] | None = None) -> None:
        out = Path(out)
        parts = out / "parts"
        parts.mkdir(parents=True, exist_ok=True)
        sfile = out / "study.json"
        if sfile.exists():
            old = read_settings(sfile)
            if not _same(old, settings):
                raise StudyError(f"{out} holds a study with other settings ({old['game']}, agents {old['agents']}, "
                                 f"variants {old['variants']}); use another --out folder")
            settings["n"] = max(settings["n"], old.get("n", 0))
        sfile.write_text(json.dumps(settings, indent=2, ensure_ascii=False))
        n, chunk = settings["n"], settings["chunk"]
        done = _done_chunks(parts, n, chunk)
        todo = [c for c in range(0, (n + chunk - 1) // chunk) if c not in done]
        if progress:
            progress(sum(min(chunk, n - c * chunk) for c in done))
        self.settings, self.out, self.progress = settings, out, progress
        self.tasks: list[tuple[int, Task]] = []
        for c in todo:
            items = list(study_seeds(settings["seed"], min(n, (c + 1) * chunk), c * chunk))
            self.tasks.append((c, (settings["game"], settings["players"], settings["agents"],
                                   tuple(settings["variants"]), settings["params"], settings["components"], items,
                                   True, True, settings.get("records", 0))))
        self.held = sum(min(chunk, n - c * chunk) for c in done)  # the games it held before this run
        self.planned = sum(len(t[1][6]) for t in self.tasks)  # the games its chunks hold
        self.played = 0  # the games saved so far (fewer than planned when a deadline stopped the run)
        self.write_s = 0.0

    def save(self, c: int, res: list[GameResult]) -> None:
        import pyarrow.parquet as pq

        t = time.perf_counter()
        g, s = _tables(res, self.settings)
        for r in res:
            if r.record is not None:
                write_record_lines(record_path(self.out, r.index), r.record)
        pq.write_table(g, self.out / "parts" / f"games-{c:05d}.parquet")
        pq.write_table(s, self.out / "parts" / f"seats-{c:05d}.parquet")
        self.write_s += time.perf_counter() - t
        self.played += len(res)
        if self.progress:
            self.progress(len(res))

    def finish(self, play_s: float) -> dict[str, Any]:
        import pyarrow.parquet as pq

        t_merge = time.perf_counter()
        _merge(self.out)
        self.write_s += time.perf_counter() - t_merge
        if self.settings.get("records"):
            keep_notable(self.out, self.settings, pq.read_table(self.out / "games.parquet"))
        return {"out": str(self.out), "games": self.settings["n"], "played": self.played, "seconds": play_s,
                "write_seconds": self.write_s}


def run_study(settings: dict[str, Any], out: str | Path, jobs: int = 1, backend: str = "local",
              address: str | None = None, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play the study's games not yet done in `out`, then write games.parquet and seats.parquet."""
    if backend not in ("local", "ray"):
        raise StudyError(f"unknown backend {backend!r}; expected local or ray")
    run = StudyRun(settings, out, progress)
    if backend == "ray":
        t0 = time.perf_counter()
        _run_ray(run.tasks, run.save, address, jobs)
        return run.finish(time.perf_counter() - t0)
    if jobs <= 1:
        return run_studies([run])[0]
    from .runner import process_pool

    with process_pool(jobs, settings["game"]) as pool:
        return run_studies([run], pool)[0]


def run_studies(runs: list[StudyRun], pool: Any = None, deadline: float | None = None,
                clock: Callable[[], float] = time.perf_counter) -> list[dict[str, Any]]:
    """Several studies' chunks in one queue: through `pool` (an open `runner.process_pool`), so that no
    study starts its own workers and no core waits at a study's end for the study's last chunk; in this
    process without one. Every study is then merged (`StudyRun.finish`: what `run_study` returns).

    The studies' chunks take turns (the first chunk of each, then the second of each, …), each study's
    in its own order, and one a worker is out at a time. `deadline` (a `clock()` time): no chunk
    starts after it, but the first of a study that holds no game yet (every study has games to answer
    from); those already started are played to their end and saved. So a run the clock stops leaves
    every study with a whole first part of its games (the same seeds as a full run's), about the same
    number in each, and ends within a chunk's time of the deadline however loaded the machine is."""
    per = [list(r.tasks) for r in runs]
    tasks = [(k, *per[k][i]) for i in range(max(map(len, per), default=0)) for k in range(len(runs)) if i < len(per[k])]
    first = {(k, per[k][0][0]) for k, r in enumerate(runs) if per[k] and not r.held}  # exempt from the deadline
    t0 = time.perf_counter()
    if pool is None:
        for k, c, t in tasks:
            if deadline is not None and clock() >= deadline and (k, c) not in first:
                continue
            runs[k].save(c, _work(t))
    else:
        _pooled(pool, tasks, runs, deadline, clock, first)
    play_s = time.perf_counter() - t0
    return [r.finish(play_s) for r in runs]


def _pooled(pool: Any, tasks: list[tuple[int, int, Task]], runs: list[StudyRun], deadline: float | None,
            clock: Callable[[], float], first: set[tuple[int, int]]) -> None:
    """The tasks through the pool, one a worker out at once, none started past the deadline but those in
    `first`; each saved in this process as it comes back (in any order)."""
    import queue

    done: queue.Queue[tuple[int, int, list[GameResult]] | BaseException] = queue.Queue()
    window = max(1, getattr(pool, "_processes", 2) or 2)  # one a worker: none waits in a queue past the deadline
    out = 0
    todo = list(tasks)
    while True:
        if deadline is not None and todo and clock() >= deadline:
            todo = [x for x in todo if (x[0], x[1]) in first]
        while todo and out < window:
            pool.apply_async(_indexed_many, (todo.pop(0),), callback=done.put, error_callback=done.put)
            out += 1
        if not out:
            return
        got = done.get()
        out -= 1
        if isinstance(got, BaseException):
            raise got
        k, c, res = got
        runs[k].save(c, res)


def _done_chunks(parts: Path, n: int, chunk: int) -> set[int]:
    """Chunks saved with all their games (a study grown past a partial chunk replays that chunk)."""
    import pyarrow.parquet as pq

    done = set()
    for p in parts.glob("games-*.parquet"):
        c = int(p.stem.split("-")[1])
        if pq.ParquetFile(p).metadata.num_rows >= min(chunk, n - c * chunk):
            done.add(c)
    return done


def _indexed(task: tuple[int, Task]) -> tuple[int, list[GameResult]]:
    c, t = task
    return c, _work(t)


def _indexed_many(task: tuple[int, int, Task]) -> tuple[int, int, list[GameResult]]:
    k, c, t = task
    return k, c, _work(t)


def _run_ray(tasks: list[tuple[int, Task]], save: Callable[[int, list[GameResult]], None], address: str | None,
             jobs: int) -> None:
    try:
        import ray
    except ImportError:
        raise StudyError("the ray backend needs Ray: pip install 'soan[ray]'") from None
    started = False
    if not ray.is_initialized():
        kw: dict[str, Any] = {"address": address} if address else {"num_cpus": max(jobs, 1)}
        ray.init(ignore_reinit_error=True, include_dashboard=False, log_to_driver=False, **kw)
        started = True
    try:
        remote = ray.remote(_indexed)
        pending = [remote.remote(t) for t in tasks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            c, res = ray.get(ready[0])
            save(c, res)
    finally:
        if started:
            ray.shutdown()


def _merge(out: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    for name in ("games", "seats"):
        files = sorted((out / "parts").glob(f"{name}-*.parquet"))
        if not files:
            continue
        tabs = [pq.read_table(f) for f in files]
        t = pa.concat_tables(tabs, promote_options="default").sort_by("index")
        pq.write_table(t, out / f"{name}.parquet")


def load(out: str | Path) -> tuple[dict[str, Any], pa.Table, pa.Table]:
    """(settings, games, seats) of a study folder, as a dict and two pyarrow tables."""
    import pyarrow.parquet as pq

    out = Path(out)
    sfile = out / "study.json"
    if not sfile.exists() or not (out / "games.parquet").exists():
        raise StudyError(f"{out} is not a finished study (no study.json / games.parquet); run soan sim ... --out {out}",
                         ja=f"{out} は終わった研究のフォルダではありません（study.json と games.parquet がない）。"
                            f"soan sim ... --out {out} で作ります")
    return read_settings(sfile), pq.read_table(out / "games.parquet"), pq.read_table(out / "seats.parquet")


def read_settings(sfile: Path) -> dict[str, Any]:
    """A study's settings file, or a StudyError naming what is wrong with it."""
    try:
        d = json.loads(sfile.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise StudyError(f"{sfile}: not a study settings file (JSON written by soan sim --out): "
                         f"{type(e).__name__}") from None
    if not isinstance(d, dict) or not isinstance(d.get("game"), str):
        raise StudyError(f"{sfile}: not a study settings file: expected a JSON object with 'game'")
    return d


def export_csv(out: str | Path) -> list[Path]:
    import pyarrow.csv as pcsv

    _, g, s = load(out)
    files = []
    for name, t in (("games", g), ("seats", s)):
        p = Path(out) / f"{name}.csv"
        pcsv.write_csv(t, p)
        files.append(p)
    return files


def import_records(paths: list[str], out: str | Path, feedback: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Human playtests as a study: replay each record, collecting the same measures as bot studies.
    The records are copied to OUT/records/ (game-<index>.jsonl, for the report's replays) and the
    playtest answers (`feedback`, as `soan export-web` writes them) to OUT/feedback.jsonl, each with
    the index of its game in the study; an answer is matched to its record by the web game's id."""
    from ..core.records import read_record

    out = Path(out)
    results: list[GameResult] = []
    settings: dict[str, Any] | None = None
    kept: list[tuple[int, dict[str, Any], Moves]] = []
    web_ids: dict[str, int] = {}
    for k, p in enumerate(paths):
        header, moves = read_record(p)
        s, meas, decisions, order = _replay_record(p, header, moves)
        P = s.cfg.players
        agents = _record_agents(header, P)
        settings = _same_setting(settings, s, agents, p)
        settings["imported"].append(str(p))
        if isinstance(header.get("web_id"), str):
            web_ids[header["web_id"]] = k
        kept.append((k, header, moves))
        results.append(GameResult(k, s.cfg.seed, agents, s.scores(), s.ranks(), len(moves), decisions, [0.0] * P,
                                  {"multi_choice_share": None, "mean_options": None, "lead_changes": None,
                                   "gap12": sorted(s.scores())[-1] - sorted(s.scores())[-2]},
                                  meas.per_seat(s) if meas else [{} for _ in range(P)], order))
    if settings is None:
        raise StudyError("no records given")
    answers = []
    for fb in feedback or []:
        gi = web_ids.get(str(fb.get("game_id")))
        if gi is not None:
            answers.append({"index": gi, **fb})
    settings["n"] = len(results)
    settings["feedback"] = len(answers)
    _write_import(out, kept, answers, settings, results)
    return {"out": str(out), "games": len(results), "answers": len(answers)}


def _replay_record(p: str, header: dict[str, Any],
                   moves: Moves) -> tuple[StateContract, Any, list[int], list[int] | None]:
    """The record's game replayed to its end with the game's measures listening; the decisions per seat
    and the turn order (taken at the start)."""
    from ..core.actions import parse_action
    from ..core.records import state_from_header

    s = state_from_header(header, str(p))
    P = s.cfg.players
    hooks = game_info(s.game_id).hooks
    order = list(hooks.turn_order(s)) if hooks.turn_order is not None else None
    meas = hooks.measures(P) if hooks.measures else None
    s.listener = meas
    if meas is not None and hasattr(meas, "start"):
        meas.start(s)
    before, after = getattr(meas, "before", None), getattr(meas, "after", None)
    decisions = [0] * P
    for i, (seat, aj) in enumerate(moves, start=2):
        try:
            a = parse_action(s.game_id, aj)
            if before is not None:
                before(s, seat, a)
            s.apply(seat, a)
        except SoanError as e:
            raise StudyError(f"{p}: line {i}: action {aj} by seat {seat} cannot be replayed: {e}") from None
        if after is not None:
            after(s, seat, a)
        decisions[seat] += 1
    if not s.is_over():
        raise StudyError(f"{p}: the game is not finished ({len(moves)} actions); only finished games import")
    return s, meas, decisions, order


def _record_agents(header: dict[str, Any], P: int) -> list[str]:
    """Who sat where: "human" for the record's humans, its bots in turn for the other seats."""
    humans = header.get("humans", [])
    bots = header.get("bots", [])
    agents, b = [], 0
    for i in range(P):
        if i in humans:
            agents.append("human")
        else:
            agents.append(bots[b % len(bots)] if bots else "bot")
            b += 1
    return agents


def _same_setting(settings: dict[str, Any] | None, s: Any, agents: list[str], p: str) -> dict[str, Any]:
    """The study's settings from its first record; every later record must be of the same setting."""
    st = {"game": s.game_id, "players": s.cfg.players, "variants": list(s.cfg.variants),
          "params": {k2: (list(v) if isinstance(v, tuple) else v) for k2, v in s.cfg.params.items()}}
    if settings is None:
        return {**st, "n": 0, "agents": agents, "seed": None, "components": s.cfg.components_path,
                "components_hash": s.cfg.components_hash, "chunk": CHUNK, "version": __version__, "imported": []}
    if (st["game"], st["players"], st["variants"]) != (settings["game"], settings["players"], settings["variants"]):
        raise StudyError(f"{p}: a {st['game']} game for {st['players']} with variants {st['variants'] or 'none'}; "
                         f"the others are {settings['game']} for {settings['players']} with variants "
                         f"{settings['variants'] or 'none'} (import one setting per study)")
    return settings


def _write_import(out: Path, kept: list[tuple[int, dict[str, Any], Moves]], answers: list[dict[str, Any]],
                  settings: dict[str, Any], results: list[GameResult]) -> None:
    """The records, the answers, study.json and the tables of an imported study."""
    import pyarrow.parquet as pq

    (out / "parts").mkdir(parents=True, exist_ok=True)
    for old in (out / "records").glob("game-*.jsonl"):
        old.unlink()  # an earlier import into the same folder
    for k, header, moves in kept:
        write_record_lines(record_path(out, k), [header] + [{"seat": seat, "action": a} for seat, a in moves])
    (out / "feedback.jsonl").write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in answers),
                                        encoding="utf-8")
    (out / "study.json").write_text(json.dumps(settings, indent=2, ensure_ascii=False))
    g, s2 = _tables(results, settings)
    pq.write_table(g, out / "parts" / "games-00000.parquet")
    pq.write_table(s2, out / "parts" / "seats-00000.parquet")
    _merge(out)

"""`soan fuzz [GAME...]`: the long random run over every game, variant mix, parameter values and player
count (core/fuzz.py says what is checked, and how often). Exit 1 if any game had a problem."""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from itertools import zip_longest
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from ..core.errors import SoanError
from .app import app
from .common import LangOpt, check_lang, progress

T: dict[str, dict[str, Any]] = {
    "en": {
        "head": "{n} games: {games}; seed {seed}; deep checks every {every} actions; {jobs} processes.",
        "label": "fuzzing",
        "cols": ("game", "games", "refused settings", "played", "actions", "median actions", "variant mixes",
                 "problems"),
        "problem": "{game} game {index} ({players} players, variants {variants}, params {params}):",
        "record": "  record: {path}   again: soan fuzz {game} --seed {seed} --start {index} -n 1",
        "none": "No crash, hang, invariant violation, leak, inexact replay or non-soan exception "
                "in {n} games ({secs:.0f} s).",
        "found": "{bad} of {n} games had a problem (first {shown} shown above).",
        "log": "every game's settings and result: {path}",
    },
    "ja": {
        "head": "{n}ゲーム：{games}。シード{seed}、詳しい検査は{every}手ごと、{jobs}プロセス。",
        "label": "ファズ検査中",
        "cols": ("ゲーム", "ゲーム数", "設定が拒否", "プレイ", "手数", "手数の中央値", "ヴァリアントの組み合わせ",
                 "問題"),
        "problem": "{game}の{index}ゲーム目（{players}人、ヴァリアント{variants}、パラメータ{params}）：",
        "record": "  棋譜：{path}　再実行：soan fuzz {game} --seed {seed} --start {index} -n 1",
        "none": "{n}ゲームで、クラッシュ・停止・不変条件の違反・情報の漏れ・再生のずれ・soan以外の例外は"
                "ひとつもありませんでした（{secs:.0f}秒）。",
        "found": "{n}ゲーム中{bad}ゲームで問題が見つかりました（上に最初の{shown}件）。",
        "log": "全ゲームの設定と結果：{path}",
    },
}
SHOW = 5
BATCH = 10


@app.command()
def fuzz(
    games: list[str] | None = typer.Argument(None, help="games to fuzz (default: every game)"),
    n: int = typer.Option(1000, "-n", min=1, help="games in all, shared evenly among the games"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes"),
    seed: int = typer.Option(0, "--seed", help="the run's seed: every game's settings and moves follow from it"),
    start: int = typer.Option(0, "--start", min=0, help="the first game's number (to rerun one game: --start K -n 1)"),
    every: int = typer.Option(10, "--every", min=1, help="the costlier checks every K actions (the cheap ones: every action)"),
    out: str = typer.Option("out/fuzz", "--out", help="where records of problem games and the log go"),
    lang: str = LangOpt,
) -> None:
    """Random games of every game and variant mix, checked for crashes, hangs, invariant violations,
    leaks, inexact replays and bad input escaping as non-soan exceptions. Exit 1 on a problem."""
    from ..core.game import game_info
    from ..core.game import games as all_games

    check_lang(lang)
    t = T[lang]
    ids = [game_info(g).id for g in games] if games else [g["id"] for g in all_games()]
    if len(set(ids)) != len(ids):
        raise SoanError(f"a game is named twice: {ids}")
    share = {g: n // len(ids) + (1 if i < n % len(ids) else 0) for i, g in enumerate(ids)}
    per_game = [[(g, list(range(k, min(k + BATCH, start + share[g]))), seed, every, out)
                 for k in range(start, start + share[g], BATCH)] for g in ids]
    tasks = [t for row in zip_longest(*per_game) for t in row if t is not None]  # the games take turns
    con = Console() if sys.stdout.isatty() else Console(width=160)
    con.print(t["head"].format(n=n, games=", ".join(f"{g} {share[g]}" for g in ids), seed=seed, every=every,
                               jobs=jobs), highlight=False)
    Path(out).mkdir(parents=True, exist_ok=True)
    log = Path(out) / f"fuzz-seed{seed}.jsonl"
    t0 = time.perf_counter()
    rows, bad = _run(tasks, ids, n, jobs, seed, log, t)
    secs = time.perf_counter() - t0
    con.print(_table(ids, rows, t))
    con.print(t["log"].format(path=log), highlight=False)
    if bad:
        con.print(t["found"].format(bad=bad, n=n, shown=min(bad, SHOW)), highlight=False)
        raise typer.Exit(1)
    con.print(t["none"].format(n=n, secs=secs), highlight=False)


def _run(tasks: list, ids: list[str], n: int, jobs: int, seed: int, log: Path,
         t: dict[str, Any]) -> tuple[dict[str, list], int]:
    """Every batch played (in `jobs` processes), each game's result logged; the first SHOW problems
    printed as they come. The results by game, and how many games had a problem."""
    from ..core.fuzz import as_json, fuzz_batch

    rows: dict[str, list] = defaultdict(list)
    bad = shown = 0
    t0 = time.perf_counter()
    with progress(t["label"], False) as prog, log.open("w", encoding="utf-8") as f:
        task = prog.add_task(t["label"], total=n, rate="")
        if jobs == 1:
            results = map(fuzz_batch, tasks)
            pool = None
        else:
            from ..lab.runner import process_pool

            pool = process_pool(jobs, ids)  # every game of the run, a run-time one too
            results = pool.imap_unordered(fuzz_batch, tasks)
        try:
            for batch in results:
                for r in batch:
                    f.write(as_json(r) + "\n")
                    rows[r.game].append(r)
                    if r.problems:
                        bad += 1
                        if shown < SHOW:
                            shown += 1
                            _print_problem(prog.console, r, seed, t)
                prog.advance(task, len(batch))
                done = prog.tasks[0].completed
                prog.update(task, rate=f"{done / max(time.perf_counter() - t0, 1e-9):,.1f} games/s")
        finally:
            if pool is not None:
                pool.terminate()
    return rows, bad


def _print_problem(console: Console, r: Any, seed: int, t: dict[str, Any]) -> None:
    """A problem game: its settings, each problem, its record and the command that plays it again."""
    console.print(t["problem"].format(game=r.game, index=r.index, players=r.players, variants=r.variants,
                                      params=r.params), highlight=False, markup=False)
    for p in r.problems:
        console.print(f"  {p}", highlight=False, markup=False)
    console.print(t["record"].format(path=r.record, game=r.game, seed=seed, index=r.index),
                  highlight=False, markup=False)


def _table(ids: list[str], rows: dict[str, list], t: dict[str, Any]) -> Any:
    """One row per game: games, refused settings, played, actions, median actions, variant mixes, problems."""
    from rich.table import Table

    tab = Table(*t["cols"])
    for g in ids:
        rs = rows[g]
        played = [r for r in rs if not r.refused_settings]
        mixes = {(r.players, tuple(r.variants)) for r in played}
        tab.add_row(g, str(len(rs)), str(len(rs) - len(played)), str(len(played)),
                    f"{sum(r.actions for r in played):,}",
                    f"{statistics.median(r.actions for r in played):.0f}" if played else "-",
                    str(len({m[1] for m in mixes})), str(sum(1 for r in rs if r.problems)))
    return tab

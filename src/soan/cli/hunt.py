"""`soan hunt GAME`: the holes the designer did not ask about, each with the shortest record that shows it."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import typer

from .app import app, console
from .common import FLAGS, GameArg, LangOpt, ParamOpt, VariantOpt, budget_seconds, check_lang, game_params


@app.command(context_settings=FLAGS)
def hunt(
    ctx: typer.Context,
    game: str = GameArg,
    players: int | None = typer.Option(None, "--players", "-p", help="number of players (default: the game's)"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    components: str | None = typer.Option(None, "--components", help="a components file of your own"),
    budget: str = typer.Option("10m", "--budget", help="wall time for the whole hunt, e.g. 300s or 10m (on --jobs cores)"),
    check_level: str = typer.Option("hard", "--check-level", help="the bot level each finding is measured at again "
                                    "(the findings rest on normal; 'normal' or '' to skip)"),
    out: str = typer.Option("studies/hunt", "--out", help="folder for the hunt (one per game and variants; "
                            "an interrupted hunt continues from it)"),
    jobs: int = typer.Option(2, "--jobs", "-j", min=1, help="worker processes playing games at once"),
    seed: int = typer.Option(0, "--seed", min=0, max=2**32 - 1, help="another hunt on other games"),
    lang: str = LangOpt,
    as_json: bool = typer.Option(False, "--json", help="print the result as JSON (the HTML reports are written too)"),
) -> None:
    """Look for holes nobody asked about: seat edges, unresolved ties, degenerate games, dead or decisive
    moves, runaway leaders, kingmaking and dominant strategies. Each finding is measured again on fresh
    seeds and comes with the shortest record that shows it (docs/hunt.md)."""
    from ..core.game import game_info
    from ..lab.hunt.main import Interrupted
    from ..lab.hunt.main import hunt as run
    from ..lab.hunt.report import lines, write_html

    check_lang(lang)
    info = game_info(game)
    seconds = budget_seconds(budget)
    if check_level not in ("", "normal"):
        from ..agents import parse_agents

        parse_agents(check_level, 1)  # a clear error for an unknown bot
    params = game_params(info.id, param, ctx.args)
    vs = tuple(variant or ())
    folder = Path(out) / "+".join([info.id, *vs]) if out else None
    from rich.progress import BarColumn, Progress, TaskID, TextColumn

    labels = {"explore": ("exploring", "探索"), "probe": ("kingmaking probes", "キングメーカーの調査"),
              "strategy": ("strategy search", "戦略の探索"), "confirm": ("fresh games", "新しいゲームで確認"),
              "check": ("other level", "別の強さで確認")}
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                      console=console, disable=as_json, transient=True) as prog:
            tasks: dict[str, TaskID] = {}

            def tick(stage: str, done: int, planned: int) -> None:
                if stage not in tasks:
                    en, ja = labels.get(stage, (stage, stage))
                    tasks[stage] = prog.add_task(ja if lang == "ja" else en, total=planned or None)
                prog.update(tasks[stage], completed=done, total=planned or None)

            res = run(info.id, players, vs, params, components, seconds, folder, jobs, seed,
                      check=check_level if check_level != "normal" else "", progress=tick)
    except Interrupted as e:
        again = "soan hunt " + shlex.join([info.id, *sum((["-V", v] for v in vs), []),
                                           *sum((["-P", p] for p in (param or [])), []),
                                           *(["--components", components] if components else []),
                                           *(["--budget", budget] if budget != "10m" else []), "--out", out,
                                           *(["--lang", lang] if lang != "en" else [])])
        console.print(f"\n中断した。探索したゲームは {e.folder} に残っている。続けるには同じコマンドをもう一度実行する：{again}"
                      if lang == "ja" else f"\nInterrupted. The games played so far are kept in {e.folder}. "
                      f"To go on, run the same command again: {again}", highlight=False, soft_wrap=True)
        raise typer.Exit(130) from None
    paths = [write_html(res, lg) for lg in dict.fromkeys((lang, "ja", "en"))]
    if as_json:
        res["html"] = [str(p) for p in paths]
        print(json.dumps(res, ensure_ascii=False))
        return
    for line in lines(res, lang):
        console.print(line, highlight=False, soft_wrap=True)
    console.print(f"html: {', '.join(map(str, paths))}", highlight=False, soft_wrap=True)

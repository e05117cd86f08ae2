"""`soan balance GAME --target ... --search ...`: a setting that meets targets (docs/balance.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from ..core.errors import SoanError
from .app import app, console
from .common import FLAGS, GameArg, LangOpt, ParamOpt, VariantOpt, budget_seconds, check_lang, game_params

STAGES = {"search": ("search", "探索"), "validate": ("validation on fresh seeds", "新しいシードで検証"),
          "robust": ("robustness (one step either way)", "頑健性（１段ずつ動かす）"),
          "levels": ("other bots", "他のボット")}


def games_column(ja: bool):
    """The progress bars' count, in games (a stage's bar moves with every chunk of games played)."""
    from rich.progress import TextColumn

    return TextColumn("{task.completed}/{task.total}" + ("ゲーム" if ja else " games"))


@app.command(context_settings=FLAGS)
def balance(
    ctx: typer.Context,
    game: str = GameArg,
    target: list[str] = typer.Option(..., "--target", "-t", help="what the setting must achieve, e.g. "
                                     "'start-player=25±3', 'seat:2 within 25 ± 3', 'all_weather>=0.6', "
                                     "'length at most 120'; repeat for several (docs/balance.md)"),
    search_: list[str] = typer.Option(..., "--search", "-s", help="what may move: NAME=LOW..HIGH, NAME=A,B,C, "
                                      "NAME[K]=LOW..HIGH (item K of a list parameter), variant:ID, "
                                      "data:PATH=LOW..HIGH (a component value); repeat for several"),
    players: int | None = typer.Option(None, "--players", "-p", help="number of players (default: the game's)"),
    agents: str = typer.Option("normal", "--agents", help="the bots (one spec per seat, or one for all): "
                               "competent bots, as the problem was found with"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    games: int = typer.Option(200, "--games", min=10, help="games per trial (the same seeds for every trial)"),
    trials: int = typer.Option(30, "--trials", min=1, help="settings tried (the base game first)"),
    validate: int = typer.Option(800, "--validate", min=10, help="fresh games for the base and the proposal each"),
    robust: int = typer.Option(400, "--robust", min=10, help="fresh games per setting one step away"),
    level: list[str] | None = typer.Option(None, "--level", help="other bots to check the proposal with on the "
                                           "validation's fresh seeds, e.g. --level easy --level hard (a spec "
                                           "per seat or one for all); repeat for several"),
    level_games: int = typer.Option(0, "--level-games", min=0, show_default=False,
                                    help="games of the base and the proposal per --level (default: as --robust)"),
    budget: str | None = typer.Option(None, "--budget", help="time for the search, e.g. 20m (validation follows)"),
    seed: int = typer.Option(0, "--seed", min=0, max=2**32 - 1,  # Optuna's samplers take 0 .. 2**32 - 1
                             help="seed of the search games; validation uses fresh seeds from it"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes playing games at once"),
    out: str | None = typer.Option(None, "--out", help="folder for the search state and the report "
                                   "(default balance/GAME); a stopped run resumes there"),
    lang: str = LangOpt,
    as_json: bool = typer.Option(False, "--json", help="print the result as JSON (the report files are written too)"),
) -> None:
    """Search rule parameters, variants and component values for a setting that meets the targets,
    validate it on fresh seeds and check it still holds one step away."""
    from ..agents import parse_agents
    from ..core.game import check_config
    from ..lab.balance import (
        Problem,
        keep_earlier,
        known_measures,
        parse_axis,
        parse_target,
        run,
        summary_lines,
        write,
    )

    check_lang(lang)
    info, np_, vs, ps = check_config(game, players, variant, game_params(game, param, ctx.args))
    ags = parse_agents(agents, np_)
    if len(ags) != np_:
        raise SoanError(f"{len(ags)} bots for {np_} players; give one per seat or a single one",
                        ja=f"{np_}人に対してボットが{len(ags)}つです。席ごとに１つか、全員に１つを指定します")
    levels = []
    for spec in level or []:
        la = parse_agents(spec, np_)
        if len(la) != np_:
            raise SoanError(f"--level {spec}: {len(la)} bots for {np_} players; give one per seat or a single one",
                            ja=f"--level {spec}：{np_}人に対してボットが{len(la)}つです。席ごとに１つか、全員に１つを指定します")
        levels.append(la)
    folder = Path(out) if out else Path("balance") / info.id
    axes = [parse_axis(s, info.id, np_, vs, ps) for s in search_]
    names = [a.text for a in axes]
    if len(set(names)) != len(names):
        raise SoanError("a --search item is given twice", ja="同じ --search が２回指定されています")
    pb = Problem(info.id, np_, ags, vs, ps, [], axes, games, trials, validate, robust, seed, jobs,
                 budget_seconds(budget) if budget else None, folder, levels, level_games)
    known = known_measures(pb)
    pb.targets = [parse_target(t, np_, known) for t in target]
    show = sys.stderr.isatty() and not as_json
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    ja = lang == "ja"
    with Progress(TextColumn("{task.description}"), BarColumn(), games_column(ja),
                  TimeElapsedColumn(), disable=not show, console=Console(stderr=True)) as prog:
        tasks: dict[str, Any] = {}

        def tick(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = prog.add_task(STAGES[stage][1 if ja else 0], total=max(total, 1))
            prog.update(tasks[stage], completed=done, total=max(total, 1))

        try:
            res = run(pb, tick)
        except KeyboardInterrupt:
            prog.stop()
            console.print(("中断しました。終わった試行は {f} に残っています。同じコマンドで続きから再開します。" if ja else
                           "Stopped. The finished trials are kept in {f}; the same command resumes.").format(f=folder),
                          highlight=False)
            raise typer.Exit(130) from None
    moved = keep_earlier(res, folder)
    files = write(res, folder)
    if moved is not None and not as_json:
        console.print((f"{folder} にあった別の設定での実行のレポートは {moved} に移しました。" if ja else
                       f"The report of an earlier run with other settings in {folder} was moved to {moved}."),
                      highlight=False)
    if as_json:
        print(json.dumps(res, ensure_ascii=False, default=str))
        return
    for line in summary_lines(res, lang):
        console.print(line, highlight=False)
    console.print(("レポート：" if ja else "report: ") + ", ".join(str(f) for f in files), highlight=False)

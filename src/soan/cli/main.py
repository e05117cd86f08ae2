"""`soan`: play, simulate, benchmark and analyse the games."""

from __future__ import annotations

import json
import sys

import typer
from rich.console import Console
from rich.table import Table

from ..core.errors import SoanError

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="soan (草案): play, simulate, benchmark and analyse tabletop game drafts.")
deck_app = typer.Typer(no_args_is_help=True, help="Export and import decks as CSV.")
app.add_typer(deck_app, name="deck")
console = Console() if sys.stdout.isatty() else Console(width=140)


def fail(e: Exception) -> None:
    console.print(f"[red]error:[/red] {e}", markup=True, highlight=False)
    raise typer.Exit(2)


def parse_params(items: list[str] | None) -> dict[str, str]:
    out = {}
    for it in items or []:
        if "=" not in it:
            fail(SoanError(f"--param takes key=value, got {it!r}"))
        k, v = it.split("=", 1)
        out[k.strip()] = v.strip()
    return out


GameArg = typer.Argument(..., help="asian-delivery | la-superba | undecim")
VariantOpt = typer.Option(None, "--variant", "-V", help="a named variant; repeat for several")
ParamOpt = typer.Option(None, "--param", "-P", help="a rule parameter as key=value; repeat for several")


@app.command()
def games(as_json: bool = typer.Option(False, "--json", help="print JSON")) -> None:
    """List games, their variants and parameters."""
    from ..core.game import games as _games

    gs = _games()
    if as_json:
        print(json.dumps(gs, ensure_ascii=False, indent=2))
        return
    for g in gs:
        console.print(f"[bold]{g['id']}[/bold] — {g['name']} / {g['name_ja']} ({g['players'][0]}-{g['players'][1]} players)")
        for v in g["variants"]:
            console.print(f"  variant [cyan]{v['id']}[/cyan] ({v['rule']}): {v['doc']}", highlight=False)
        for p in g["params"]:
            extra = f" choices {p['choices']}" if p["choices"] else ""
            req = f" (with {p['requires']})" if p["requires"] else ""
            console.print(f"  param [green]{p['name']}[/green] = {p['default']}{extra}{req}: {p['doc']}", highlight=False)


@app.command()
def play(
    game: str = GameArg,
    players: int = typer.Option(4, "--players", "-p"),
    seat: int = typer.Option(0, "--seat", help="your seat (0-based)"),
    humans: str | None = typer.Option(None, "--humans", help="several people at one keyboard, e.g. 0,1"),
    bots: str = typer.Option("random", "--bots", help="bot specs for the other seats, comma-separated"),
    seed: int | None = typer.Option(None, "--seed"),
    lang: str = typer.Option("en", "--lang", help="en | ja"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    components: str | None = typer.Option(None, "--components", help="your own component file"),
    record: str | None = typer.Option(None, "--record", help="where to save the record"),
    resume: str | None = typer.Option(None, "--resume", help="a saved record to go on with"),
    campaign: bool = typer.Option(False, "--campaign", help="undecim: the 3-season campaign"),
) -> None:
    """Play at the terminal against bots, or with friends at one keyboard."""
    import random as _random

    from ..agents import parse_agents
    from .play import Session

    if lang not in ("en", "ja"):
        fail(SoanError(f"--lang takes en or ja, got {lang!r}"))
    try:
        hs = [int(x) for x in humans.split(",")] if humans else [seat]
        if any(not 0 <= h < players for h in hs):
            raise SoanError(f"seats are 0..{players - 1}; got humans {hs}")
        bs = parse_agents(bots)
        sd = seed if seed is not None else _random.randrange(1 << 31)
        ps = parse_params(param)
        if campaign:
            ps["campaign"] = "true"
        sess = Session(game, players, hs, bs, sd, lang, variant or [], ps, components, record, resume)
    except (SoanError, ValueError) as e:
        fail(e)
    raise typer.Exit(sess.run())


@app.command()
def sim(
    game: str = GameArg,
    n: int = typer.Option(1000, "-n", help="number of games"),
    players: int | None = typer.Option(None, "--players", "-p"),
    agents: str = typer.Option("random", "--agents", help="one spec per seat, comma-separated (rotated)"),
    seed: int = typer.Option(0, "--seed"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    jobs: int = typer.Option(1, "--jobs", "-j"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Play N bot games; print win share per seat, scores and games per second."""
    import time

    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    from ..agents import parse_agents
    from ..core.game import check_config
    from ..lab.runner import run_games, summarize, wilson

    try:
        info, np_, vs, ps = check_config(game, players, variant, parse_params(param))
        ags = parse_agents(agents, np_)
        if len(ags) != np_:
            raise SoanError(f"{len(ags)} agents for {np_} players; give one per seat or a single one")
    except SoanError as e:
        fail(e)
    t0 = time.perf_counter()
    show = sys.stderr.isatty() and not as_json
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TextColumn("{task.fields[rate]}"), TimeRemainingColumn(), disable=not show,
                  console=Console(stderr=True)) as prog:
        task = prog.add_task(info.id, total=n, rate="")

        def tick(k: int) -> None:
            prog.advance(task, k)
            done = prog.tasks[0].completed
            prog.update(task, rate=f"{done / max(time.perf_counter() - t0, 1e-9):.0f} games/s")

        try:
            res = run_games(info.id, n, np_, ags, seed, vs, ps, jobs=jobs, progress=tick)
        except SoanError as e:
            fail(e)
    dt = time.perf_counter() - t0
    summ = summarize(res, np_)
    summ.update(game=info.id, players=np_, agents=ags, variants=list(vs), seconds=dt, games_per_s=n / dt)
    for s in summ["seats"]:
        s["win_share_ci"] = list(wilson(s["win_share"] * n, n))
    if as_json:
        print(json.dumps(summ, ensure_ascii=False))
        return
    tab = Table(title=f"{info.name}: {n} games, {np_} players, agents {','.join(ags)} (rotated)"
                + (f", variants {','.join(vs)}" if vs else ""))
    for col in ("seat", "win share", "95% interval", "mean score", "min", "max"):
        tab.add_column(col, justify="right")
    for s in summ["seats"]:
        lo, hi = s["win_share_ci"]
        tab.add_row(str(s["seat"]), f"{s['win_share']:.1%}", f"{lo:.1%}–{hi:.1%}", f"{s['mean_score']:.2f}",
                    str(s["min_score"]), str(s["max_score"]))
    console.print(tab)
    console.print(f"chance is {1 / np_:.0%} per seat; mean length {summ['mean_length']:.1f} actions; "
                  f"{n / dt:,.0f} games/s ({dt:.2f} s, jobs={jobs})")


@app.command()
def ladder(
    game: str = GameArg,
    agents: str = typer.Option(..., "--agents", help="one spec per seat, e.g. greedy,random,random,random"),
    n: int = typer.Option(400, "-n", help="games (a multiple of the player count rotates evenly)"),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", "-j"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Rate a line-up of bots: win share with a 95% interval, mean score and rank, decision time."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    from ..agents import parse_agents
    from ..core.game import check_config
    from ..lab.ladder import ladder as _ladder

    try:
        ags = parse_agents(agents)
        info, np_, vs, ps = check_config(game, len(ags), variant, parse_params(param))
    except SoanError as e:
        fail(e)
    show = sys.stderr.isatty() and not as_json
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeRemainingColumn(), disable=not show, console=Console(stderr=True)) as prog:
        task = prog.add_task(f"{info.id} ladder", total=n)
        rows = _ladder(info.id, ags, n, seed, jobs, vs, ps, progress=lambda k: prog.advance(task, k))
    if as_json:
        print(json.dumps(rows))
        return
    tab = Table(title=f"{info.name}: {n} games of {','.join(ags)} (rotated); chance {1 / np_:.0%}")
    for col in ("agent", "seat-games", "win share", "95% interval", "mean score", "mean rank", "ms/decision"):
        tab.add_column(col, justify="right")
    for r in rows:
        lo, hi = r["win_share_ci"]
        tab.add_row(r["agent"], str(r["games"]), f"{r['win_share']:.1%}", f"{lo:.1%}–{hi:.1%}",
                    f"{r['mean_score']:.2f}", f"{r['mean_rank']:.2f}", f"{r['decision_ms']:.1f}")
    console.print(tab)


@app.command()
def bench(
    game: str = GameArg,
    players: int | None = typer.Option(None, "--players", "-p"),
    games_: int = typer.Option(1000, "--games", help="games per run"),
    runs: int = typer.Option(5, "--runs", help="runs; figures are medians"),
    agent: str | None = typer.Option(None, "--agent", help="benchmark a bot's search, e.g. mcts:iters=200"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Random-playout games/s, actions/s (legal actions included), clone µs: medians of several runs."""
    from ..lab.bench import bench_agent, bench_game

    try:
        r = bench_agent(game, agent, players, runs=runs) if agent else bench_game(game, players, games_, runs)
    except SoanError as e:
        fail(e)
    if as_json:
        print(json.dumps(r))
        return
    for k, v in r.items():
        console.print(f"{k:>28}: {v:,.2f}" if isinstance(v, float) else f"{k:>28}: {v}", highlight=False)


@app.command()
def analyze(
    game: str = GameArg,
    what: str = typer.Argument("power", help="la-superba: power (LS-A1)"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    components: str | None = typer.Option(None, "--components"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Exact analyses of a draft's arithmetic (La Superba: voyage power, LS-A1)."""
    from ..core.game import game_info

    try:
        info = game_info(game)
        if info.id != "la-superba" or what != "power":
            raise SoanError("available analyses: 'soan analyze la-superba power'")
        from ..games.la_superba.analysis import power_analysis

        r = power_analysis(variant or [], parse_params(param), components)
    except SoanError as e:
        fail(e)
    if as_json:
        print(json.dumps(r, ensure_ascii=False))
        return
    from .analysis_text import print_power

    print_power(console, r)


@deck_app.command("export")
def deck_export(game: str = GameArg, deck: str = typer.Argument(...), out: str = typer.Argument(...),
                components: str | None = typer.Option(None, "--components")) -> None:
    """Write one deck of a component file as CSV."""
    from ..core.components import export_csv
    from ..core.game import game_info

    try:
        info = game_info(game)
        m, _ = info.load_components(components)
        k = export_csv(m, deck, out)
    except SoanError as e:
        fail(e)
    console.print(f"wrote {k} cards to {out}")


@deck_app.command("import")
def deck_import(game: str = GameArg, deck: str = typer.Argument(...), csv_file: str = typer.Argument(...),
                out: str = typer.Option(..., "--out", help="the new component file (YAML)"),
                components: str | None = typer.Option(None, "--components", help="base file (default: shipped)")) -> None:
    """Replace one deck by a CSV's rows, validate, and write a new component file."""
    from ..core.components import import_csv
    from ..core.game import game_info

    try:
        info = game_info(game)
        mod = info.extra["model"]
        k = import_csv(mod.Components, components or mod.DATA, deck, csv_file, out, mod.check)
    except SoanError as e:
        fail(e)
    console.print(f"wrote {out} with {k} cards in {deck}; use it with --components {out}")


@app.command()
def replay(record: str = typer.Argument(...), as_json: bool = typer.Option(False, "--json")) -> None:
    """Replay a record and print the final position's scores (or its whole view with --json)."""
    from ..core.records import replay as _replay

    try:
        s = _replay(record)
    except SoanError as e:
        fail(e)
    if as_json:
        print(json.dumps(s.view(), ensure_ascii=False))
        return
    console.print(f"{s.game_id}: over={s.is_over()} scores={s.scores()} ranks={s.ranks()}")


@app.command()
def demo(n: int = typer.Option(400, "-n", help="games per game")) -> None:
    """The main job: a batch of bot games of every game, with a summary table."""
    from .demo import run_demo

    run_demo(console, n)


def main() -> None:  # pragma: no cover
    app()

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
            default = "(unset)" if p["default"] is None else p["default"]
            console.print(f"  param [green]{p['name']}[/green] = {default}{extra}{req}: {p['doc']}", highlight=False)


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


def _progress(total: int, label: str, quiet: bool):
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                    TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                    disable=quiet or not sys.stderr.isatty(), console=Console(stderr=True))


def _run_with_progress(total: int, label: str, quiet: bool, fn):
    import time

    t0 = time.perf_counter()
    with _progress(total, label, quiet) as prog:
        task = prog.add_task(label, total=total, rate="")

        def tick(k: int) -> None:
            prog.advance(task, k)
            done = prog.tasks[0].completed
            prog.update(task, rate=f"{done / max(time.perf_counter() - t0, 1e-9):,.0f} games/s")

        return fn(tick), time.perf_counter() - t0


def _seat_table(title: str, seats: list[dict], players: int) -> Table:
    tab = Table(title=title)
    for col in ("seat", "win share", "95% interval", "mean score", "min", "max"):
        tab.add_column(col, justify="right")
    for s in seats:
        lo, hi = s["win_share_ci"]
        tab.add_row(str(s["seat"]), f"{s['win_share']:.1%}", f"{lo:.1%}–{hi:.1%}", f"{s['mean_score']:.2f}",
                    str(s.get("min_score", "")), str(s.get("max_score", "")))
    return tab


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
    out: str | None = typer.Option(None, "--out", help="a study folder: Parquet results, resumable"),
    backend: str = typer.Option("local", "--backend", help="local | ray"),
    address: str | None = typer.Option(None, "--address", help="a Ray cluster address (with --backend ray)"),
    components: str | None = typer.Option(None, "--components"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Play N bot games: win share per seat, scores, games per second (and a study folder with --out)."""
    from ..agents import parse_agents
    from ..core.game import check_config
    from ..lab.runner import run_games, summarize, wilson

    try:
        info, np_, vs, ps = check_config(game, players, variant, parse_params(param))
        ags = parse_agents(agents, np_)
        if len(ags) != np_:
            raise SoanError(f"{len(ags)} agents for {np_} players; give one per seat or a single one")
        if backend not in ("local", "ray"):
            raise SoanError(f"--backend takes local or ray, got {backend!r}")
        if backend == "ray" and not out:
            raise SoanError("--backend ray needs --out DIR (results are written as a study)")
    except SoanError as e:
        fail(e)
    if out:
        from ..lab.stats import seat_shares
        from ..lab.study import load, run_study, settings_for

        try:
            st = settings_for(info.id, n, np_, ags, seed, vs, ps, components)
            r, dt = _run_with_progress(n, info.id, as_json,
                                       lambda tick: run_study(st, out, jobs, backend, address, tick))
            settings, games_t, seats_t = load(out)
        except SoanError as e:
            fail(e)
        seats = [{"seat": x["seat"], "win_share": x["win_share"], "win_share_ci": x["ci"],
                  "mean_score": x["mean_score"], "min_score": x["min_score"], "max_score": x["max_score"]}
                 for x in seat_shares(seats_t, np_)]
        summ = {"game": info.id, "games": games_t.num_rows, "players": np_, "agents": ags, "variants": list(vs),
                "seats": seats, "seconds": dt, "played": r["played"], "write_seconds": r["write_seconds"],
                "games_per_s": r["played"] / r["seconds"] if r["seconds"] else 0.0, "out": out}
    else:
        try:
            res, dt = _run_with_progress(n, info.id, as_json, lambda tick: run_games(
                info.id, n, np_, ags, seed, vs, ps, components, jobs=jobs, progress=tick))
        except SoanError as e:
            fail(e)
        summ = summarize(res, np_)
        summ.update(game=info.id, players=np_, agents=ags, variants=list(vs), seconds=dt, games_per_s=n / dt)
        for s in summ["seats"]:
            s["win_share_ci"] = list(wilson(s["win_share"] * n, n))
    if as_json:
        print(json.dumps(summ, ensure_ascii=False))
        return
    console.print(_seat_table(f"{info.name}: {summ['games']} games, {np_} players, agents {','.join(ags)} (rotated)"
                              + (f", variants {','.join(vs)}" if vs else ""), summ["seats"], np_))
    extra = f"; mean length {summ['mean_length']:.1f} actions" if "mean_length" in summ else ""
    console.print(f"chance is {1 / np_:.0%} per seat{extra}; {summ['games_per_s']:,.0f} games/s "
                  f"({summ['seconds']:.2f} s, jobs={jobs})" + (f"; results in {out}" if out else ""), highlight=False)


@app.command("export")
def export_(out: str = typer.Argument(..., help="a study folder"),
            csv: bool = typer.Option(True, "--csv/--no-csv", help="write games.csv and seats.csv")) -> None:
    """Write a study's tables as CSV for spreadsheets."""
    from ..lab.study import export_csv

    try:
        files = export_csv(out)
    except SoanError as e:
        fail(e)
    for f in files:
        console.print(f"wrote {f}", highlight=False)


@app.command("import")
def import_(records: list[str] = typer.Argument(..., help="records saved by soan play"),
            out: str = typer.Option(..., "--out", help="the study folder to write")) -> None:
    """Turn records of games people played into a study, for the same reports as bot studies."""
    from ..lab.study import import_records

    try:
        r = import_records(records, out)
    except SoanError as e:
        fail(e)
    console.print(f"imported {r['games']} games into {out}; next: soan report {out}", highlight=False)


@app.command()
def report(out: str = typer.Argument(..., help="a study folder"),
           lang: str = typer.Option("en", "--lang", help="en | ja")) -> None:
    """Write DIR/report.html: a self-contained page of plots and a summary in plain words."""
    from ..lab.report import summary_lines, write_report
    from ..lab.study import load

    if lang not in ("en", "ja"):
        fail(SoanError(f"--lang takes en or ja, got {lang!r}"))
    try:
        p = write_report(out, lang)
        settings, g, s = load(out)
    except SoanError as e:
        fail(e)
    for line in summary_lines(settings, g, s, lang):
        console.print("• " + line, highlight=False)
    console.print(f"report: {p}", highlight=False)


def _print_compare(rows, a: str, b: str) -> None:
    tab = Table(title=f"A = {a}   B = {b}")
    for col in ("measure", "A", "B", "B − A", "95% interval", "significant"):
        tab.add_column(col, justify="right")

    def f(x):
        return "" if x is None else f"{x:.3f}"

    for r in rows:
        tab.add_row(r["measure"], f(r["a"]), f(r["b"]), f(r["diff"]), f"{f(r['ci'][0])} – {f(r['ci'][1])}",
                    "[bold]yes[/bold]" if r["significant"] else "")
    console.print(tab)


@app.command("compare")
def compare_(dir_a: str = typer.Argument(...), dir_b: str = typer.Argument(...),
             html_out: str | None = typer.Option(None, "--html", help="also write this HTML file"),
             as_json: bool = typer.Option(False, "--json")) -> None:
    """Each measure of two studies side by side: difference, 95% interval, significance."""
    from ..lab.compare import compare, compare_html

    try:
        rows = compare(dir_a, dir_b)
    except SoanError as e:
        fail(e)
    if as_json:
        print(json.dumps(rows))
        return
    _print_compare(rows, dir_a, dir_b)
    p = compare_html(rows, dir_a, dir_b, html_out or f"{dir_b.rstrip('/')}/compare.html")
    console.print(f"html: {p}", highlight=False)


@app.command()
def study(
    game: str = GameArg,
    variants: str = typer.Option(..., "--variants", help="variant sets to compare, e.g. base,weather-double "
                                 "(join variants of one set with +)"),
    n: int = typer.Option(1000, "-n"),
    players: int | None = typer.Option(None, "--players", "-p"),
    agents: str = typer.Option("greedy", "--agents"),
    seed: int = typer.Option(0, "--seed"),
    param: list[str] | None = ParamOpt,
    jobs: int = typer.Option(1, "--jobs", "-j"),
    out: str = typer.Option("studies", "--out", help="parent folder; one study per variant set"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Run one study per variant set (same seeds) and compare each with the first."""
    from ..agents import parse_agents
    from ..core.game import check_config
    from ..lab.compare import compare, compare_html
    from ..lab.study import run_study, settings_for

    sets = [[] if v.strip() in ("base", "") else v.strip().split("+") for v in variants.split(",")]
    names = [v.strip() or "base" for v in variants.split(",")]
    if len(sets) < 2:
        fail(SoanError("--variants needs at least two sets, e.g. base,weather-double"))
    dirs = []
    try:
        for name, vs in zip(names, sets, strict=True):
            info, np_, vv, ps = check_config(game, players, vs, parse_params(param))
            ags = parse_agents(agents, np_)
            st = settings_for(info.id, n, np_, ags, seed, vv, ps)
            d = f"{out.rstrip('/')}/{info.id}-{name}"
            _run_with_progress(n, f"{info.id} {name}", as_json, lambda tick, st=st, d=d: run_study(st, d, jobs,
                                                                                                   progress=tick))
            dirs.append(d)
        results = [(dirs[0], d, compare(dirs[0], d)) for d in dirs[1:]]
    except SoanError as e:
        fail(e)
    if as_json:
        print(json.dumps([{"a": a, "b": b, "rows": rows} for a, b, rows in results]))
        return
    for a, b, rows in results:
        _print_compare(rows, a, b)
        console.print(f"html: {compare_html(rows, a, b, b + '/compare.html')}", highlight=False)


@app.command()
def sweep(
    game: str = GameArg,
    param: list[str] = typer.Option(..., "--param", "-P", help="k=v1,v2,... (list values: k=1,2,3|4,5,6)"),
    n: int = typer.Option(500, "-n", help="games per setting"),
    players: int | None = typer.Option(None, "--players", "-p"),
    agents: str = typer.Option("greedy", "--agents"),
    variant: list[str] | None = VariantOpt,
    measure: list[str] | None = typer.Option(None, "--measure", "-m",
                                             help="measures to report (default: score, length, gap12, seat 1's win share)"),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", "-j"),
    out: str = typer.Option("sweeps", "--out"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Play a grid of parameter settings; report chosen measures per setting as a table and a plot."""
    from ..lab.sweep import grid, run_sweep

    try:
        settings = grid(game, param)
        rows, plot = run_sweep(game, settings, n, players, agents, variant or [], seed, jobs, out,
                               measure or ["score", "length", "gap12", "win_share_seat_0"],
                               lambda total, label, fn: _run_with_progress(total, label, as_json, fn)[0])
    except SoanError as e:
        fail(e)
    if as_json:
        print(json.dumps(rows))
        return
    ms = [k for k in rows[0] if k not in ("setting", "out")]
    tab = Table(title=f"{game}: {n} games per setting")
    tab.add_column("setting")
    for m in ms:
        tab.add_column(m, justify="right")
    for r in rows:
        tab.add_row(r["setting"], *[f"{r[m][0]:.3f} ± {r[m][1]:.3f}" for m in ms])
    console.print(tab)
    console.print(f"plot: {plot}", highlight=False)


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
        cm = info.hooks.components
        if cm is None:
            raise SoanError(f"{info.id} declares no component schema")
        k = import_csv(cm.model, components or cm.path, deck, csv_file, out, cm.check)
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
def demo(n: int = typer.Option(300, "-n", help="games per game"),
         out: str = typer.Option("out/demo", "--out", help="where the studies and reports go"),
         jobs: int = typer.Option(2, "--jobs", "-j")) -> None:
    """The main job: a small study of each game with default bots, a report each, a summary table."""
    from .demo import run_demo

    run_demo(console, n, jobs, out)


from . import bots as _bots  # noqa: E402,F401  (seatcheck, styles: the bots' commands)


def main() -> None:  # pragma: no cover
    app()

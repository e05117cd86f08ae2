"""The lab's commands: sim, export, import, report, compare, study, sweep, ladder.

They need the `lab` extra (numpy, pyarrow, matplotlib): each imports the lab inside the command, so
the rest of `soan` works on a light install; without the extra, the error path (app.py) says what to
install.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from ..core.errors import SoanError
from .app import app, console
from .common import (
    FLAGS,
    GameArg,
    LangOpt,
    ParamOpt,
    VariantOpt,
    check_lang,
    game_params,
    per_second,
    run_with_progress,
)


def _seat_table(title: str, seats: list[dict], lang: str = "en") -> Table:
    tab = Table(title=title)
    cols = (("席", "勝率", "95%区間", "平均得点", "最低", "最高") if lang == "ja" else
            ("seat", "win share", "95% interval", "mean score", "min", "max"))
    for col in cols:
        tab.add_column(col, justify="right")
    for s in seats:
        lo, hi = s["win_share_ci"]
        tab.add_row(str(s["seat"] + 1), f"{s['win_share']:.1%}", f"{lo:.1%}–{hi:.1%}", f"{s['mean_score']:.2f}",
                    str(s.get("min_score", "")), str(s.get("max_score", "")))
    return tab


@app.command(context_settings=FLAGS)
def sim(
    ctx: typer.Context,
    game: str = GameArg,
    n: int = typer.Option(1000, "-n", min=1, help="number of games"),
    players: int | None = typer.Option(None, "--players", "-p"),
    agents: str = typer.Option("random", "--agents", help="one spec per seat, comma-separated (rotated)"),
    seed: int = typer.Option(0, "--seed"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes playing games at once"),
    out: str | None = typer.Option(None, "--out", help="a study folder: Parquet results, resumable"),
    records: int = typer.Option(20, "--records", min=0,
                                help="with --out: keep the records of the first K games (and always of the "
                                     "notable ones: closest, biggest win, typical) for replays; 0: none"),
    backend: str = typer.Option("local", "--backend", help="local | ray"),
    address: str | None = typer.Option(None, "--address", help="a Ray cluster address (with --backend ray)"),
    components: str | None = typer.Option(None, "--components"),
    as_json: bool = typer.Option(False, "--json", help="print the summary as JSON (seats from 0, as the Python API)"),
    lang: str = LangOpt,
) -> None:
    """Play N bot games: win share per seat, scores, games per second (and a study folder with --out)."""
    from ..agents import parse_agents
    from ..core.game import check_config
    from ..lab.runner import run_games, summarize

    check_lang(lang)
    info, np_, vs, ps = check_config(game, players, variant, game_params(game, param, ctx.args))
    ags = parse_agents(agents, np_)
    if len(ags) != np_:
        raise SoanError(f"{len(ags)} agents for {np_} players; give one per seat or a single one")
    if backend not in ("local", "ray"):
        raise SoanError(f"--backend takes local or ray, got {backend!r}")
    if backend == "ray" and not out:
        raise SoanError("--backend ray needs --out DIR (results are written as a study)")
    if out:
        from ..lab.stats import position_shares, seat_shares
        from ..lab.study import load, run_study, settings_for

        st = settings_for(info.id, n, np_, ags, seed, vs, ps, components, records)
        r, dt = run_with_progress(n, info.id, as_json, lambda tick: run_study(st, out, jobs, backend, address, tick))
        settings, games_t, seats_t = load(out)
        seats = [{"seat": x["seat"], "win_share": x["win_share"], "win_share_ci": x["ci"],
                  "mean_score": x["mean_score"], "min_score": x["min_score"], "max_score": x["max_score"]}
                 for x in seat_shares(seats_t, np_)]
        positions = position_shares(seats_t, np_)
        summ = {"game": info.id, "games": games_t.num_rows, "players": np_, "agents": ags, "variants": list(vs),
                "seats": seats, "positions": positions, "seconds": dt, "played": r["played"], "write_seconds": r["write_seconds"],
                "games_per_s": r["played"] / r["seconds"] if r["seconds"] else 0.0, "out": out}
    else:
        res, dt = run_with_progress(n, info.id, as_json, lambda tick: run_games(
            info.id, n, np_, ags, seed, vs, ps, components, jobs=jobs, progress=tick))
        summ = summarize(res, np_)
        summ.update(game=info.id, players=np_, agents=ags, variants=list(vs), seconds=dt, games_per_s=n / dt)
        from ..lab.seatadv import from_results, seats_from_results

        for row, shares in zip(summ["seats"], seats_from_results(res, np_), strict=True):
            row["win_share_ci"] = shares["ci"]  # one value per game, ties share the win
        summ["positions"] = from_results(res, np_)
    if as_json:
        print(json.dumps(summ, ensure_ascii=False))
        return
    _print_sim(summ, info, np_, ags, vs, jobs, out, lang)


def _print_sim(summ: dict, info, np_: int, ags: list[str], vs, jobs: int, out: str | None, lang: str) -> None:
    """`sim`'s summary for a reader: the seats' table (seats from 1), turn positions, chance and speed."""
    from ..agents.names import bot_label
    from ..lab.report import variant_label
    from ..lab.seatadv import no_order_line, position_lines

    ja = lang == "ja"
    if ja:
        title = (f"{info.name_ja or info.name}：{summ['games']}ゲーム、{np_}人、ボット "
                 f"{'、'.join(bot_label(a, 'ja') for a in ags)}（席を回す）"
                 + (f"、ヴァリアント {'、'.join(variant_label(info.id, v, 'ja') for v in vs)}" if vs else ""))
    else:
        title = (f"{info.name}: {summ['games']} games, {np_} players, agents {','.join(ags)} (rotated)"
                 + (f", variants {','.join(vs)}" if vs else ""))
    console.print(_seat_table(title, summ["seats"], lang))
    head = ("手番順ごとの有利不利（95%区間、１ゲーム１値、同点は勝ちを分け合う）：" if ja else
            "Seat advantage by turn position (95% intervals, one value per game; ties share the win):")
    console.print(head if summ["positions"] else no_order_line(lang), highlight=False)
    for sentence in position_lines(summ["positions"], np_, lang):
        console.print("  " + sentence, highlight=False)
    if out and not summ.get("played", 1):  # the folder's study was complete: nothing played, no speed to give
        console.print(f"期待値は１席あたり {1 / np_:.0%}。{out} の研究はすでに {summ['games']} ゲームそろっていたので、"
                      "新しく遊んだゲームはない" if ja else f"chance is {1 / np_:.0%} per seat; the study in {out} already "
                      f"held its {summ['games']} games, so none was played", highlight=False)
        return
    if ja:
        extra = f"。平均の長さ {summ['mean_length']:.1f} アクション" if "mean_length" in summ else ""
        console.print(f"期待値は１席あたり {1 / np_:.0%}{extra}。毎秒 {per_second(summ['games_per_s'])} ゲーム"
                      f"（{summ['seconds']:.2f} 秒、並列 {jobs}）" + (f"。結果は {out}" if out else ""), highlight=False)
        return
    extra = f"; mean length {summ['mean_length']:.1f} actions" if "mean_length" in summ else ""
    console.print(f"chance is {1 / np_:.0%} per seat{extra}; {per_second(summ['games_per_s'])} games/s "
                  f"({summ['seconds']:.2f} s, jobs={jobs})" + (f"; results in {out}" if out else ""), highlight=False)


@app.command("export", context_settings=FLAGS)
def export_(ctx: typer.Context,
            out: str = typer.Argument(..., help="a study folder; with --to, a game"),
            csv: bool = typer.Option(True, "--csv/--no-csv", help="write games.csv and seats.csv"),
            to: str | None = typer.Option(None, "--to", help="tts | pcio | images: the game's components for a "
                                          "virtual tabletop (OUT is then the game)"),
            variant: list[str] | None = VariantOpt,
            param: list[str] | None = ParamOpt,
            components: str | None = typer.Option(None, "--components", help="your component file (with --to)"),
            lang: str = LangOpt,
            output: str | None = typer.Option(None, "--output", "-o", help="with --to: the folder (or .pcio file) "
                                              "to write (default: GAME-TO)"),
            record: str | None = typer.Option(None, "--record", help="with --to: a record whose position to export"),
            move: int | None = typer.Option(None, "--move", min=0, help="with --record: the position after this "
                                            "many moves (default: the record's end)"),
            players: int | None = typer.Option(None, "--players", "-p", help="with --to: components for this many"),
            seed: int = typer.Option(0, "--seed", help="with --to: the set-up's seed")) -> None:
    """Write a study's tables as CSV for spreadsheets; with --to, a game's components for Tabletop
    Simulator, playingcards.io or as card images."""
    check_lang(lang)
    if to is not None:
        from .tabletop_cmd import export_tabletop

        for line in export_tabletop(out, to, variant, game_params(out, param, ctx.args), components, lang, output,
                                    record, move, players, seed):
            console.print(line, highlight=False, markup=False)
        return
    if ctx.args or variant or param or components or record or output:
        raise SoanError("--variant, --param, --components, --output and --record go with --to (a game's "
                        "components); a study is exported as it is",
                        ja="--variant、--param、--components、--output、--record は --to（ゲームのコンポーネントの"
                           "書き出し）と一緒に使います。研究はそのまま書き出します")
    from ..lab.study import export_csv

    for f in export_csv(out):
        console.print(f"wrote {f}", highlight=False)


@app.command("import")
def import_(sources: list[str] | None = typer.Argument(None, help="record files (soan play, a web game's record) "
                                                        "or folders written by soan export-web"),
            out: str = typer.Option(..., "--out", help="the study folder to write"),
            db: str | None = typer.Option(None, "--db", help="a soan serve database (file or SQLAlchemy URL): "
                                          "its finished games and playtest answers"),
            game: str | None = typer.Option(None, "--game", help="only this game's records"),
            players: int | None = typer.Option(None, "--players", "-p", min=1, help="only games for this many")) -> None:
    """Turn games people played (and their playtest answers) into a study, for the same reports as bot studies."""
    from ..lab.playtest import import_games
    from ..lab.study import StudyError

    found = list(sources or [])
    if db:  # the server's finished games and answers, exported next to the study first (OUT/source/)
        try:
            from ..web.export import export_db
        except ImportError:
            raise StudyError("importing from a server's database needs the web extra: pip install 'soan[web]'") from None
        src = Path(out) / "source"
        export_db(db, src)
        found.append(str(src))
    r = import_games(found, out, game, players)
    console.print(f"imported {r['games']} games and {r['answers']} playtest answers into {out}; "
                  f"next: soan report {out} [--bots BOT_STUDY]", highlight=False)


@app.command()
def report(out: str = typer.Argument(..., help="a study folder"),
           lang: str = LangOpt,
           bots: str | None = typer.Option(None, "--bots", help="for a study of people's games (soan import): the bot "
                                           "study of the same settings to set them against (default: one found next "
                                           "to DIR)")) -> None:
    """Write DIR/report.html (report-ja.html in Japanese, as the demo names it): plots, a summary in words,
    replays of the notable games (DIR/replays/) and, for people's games, their results and playtest answers."""
    from ..lab.report import summary_lines, write_report
    from ..lab.study import load

    check_lang(lang)
    p = write_report(out, lang, "report-ja.html" if lang == "ja" else "report.html", bots)
    settings, g, s = load(out)
    for line in summary_lines(settings, g, s, lang):
        console.print("• " + line, highlight=False)
    console.print(f"report: {p}", highlight=False)
    pages = sorted((p.parent / "replays").glob("game-*.html")) if (p.parent / "replays").is_dir() else []
    if pages:
        console.print(f"replays: {len(pages)} files in {p.parent / 'replays'} (linked from the report)", highlight=False)


def _print_compare(rows, a: str, b: str, lang: str = "en") -> None:
    from ..lab.balance import measure_label
    from ..lab.compare import tr
    from ..lab.study import load

    settings = load(a)[0]

    tab = Table(title=f"A = {a}   B = {b}")
    tab.add_column(tr("measure", lang), justify="left")
    for col in ("A", "B", tr("diff", lang), tr("interval", lang), tr("padj", lang), tr("sig", lang)):
        tab.add_column(col, justify="right")

    def f(x):
        return "" if x is None else f"{x:.3f}"

    for r in rows:
        tab.add_row(measure_label(r["measure"], settings["game"], settings["players"], lang), f(r["a"]), f(r["b"]), f(r["diff"]), f"{f(r['ci'][0])} – {f(r['ci'][1])}",
                    f(r.get("p_adj")), f"[bold]{tr('yes', lang)}[/bold]" if r["significant"] else "")
    console.print(tab)
    paired = bool(rows and rows[0].get("paired"))
    console.print(f"{tr('paired' if paired else 'unpaired', lang)} {tr('units', lang).format(n=len(rows))}",
                  highlight=False)


@app.command("compare")
def compare_(dir_a: str = typer.Argument(...), dir_b: str = typer.Argument(...),
             html_out: str | None = typer.Option(None, "--html", help="also write this HTML file"),
             lang: str = LangOpt,
             as_json: bool = typer.Option(False, "--json")) -> None:
    """Each measure of two studies side by side, game by game: difference, 95% interval, Holm-adjusted p."""
    from ..lab.compare import compare, compare_html

    check_lang(lang)
    rows = compare(dir_a, dir_b)
    if as_json:
        print(json.dumps(rows))
        return
    _print_compare(rows, dir_a, dir_b, lang)
    p = compare_html(rows, dir_a, dir_b, html_out or f"{dir_b.rstrip('/')}/compare.html", lang)
    console.print(f"html: {p}", highlight=False)


@app.command(context_settings=FLAGS)
def study(
    ctx: typer.Context,
    game: str = GameArg,
    variants: str = typer.Option(..., "--variants", help="variant sets to compare, e.g. base,weather-double "
                                 "(join variants of one set with +)"),
    n: int = typer.Option(1000, "-n", min=1),
    players: int | None = typer.Option(None, "--players", "-p"),
    agents: str = typer.Option("greedy", "--agents"),
    seed: int = typer.Option(0, "--seed"),
    param: list[str] | None = ParamOpt,
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes playing games at once"),
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
        raise SoanError("--variants needs at least two sets, e.g. base,weather-double")
    ps_in = game_params(game, param, ctx.args)
    dirs = []
    for name, vs in zip(names, sets, strict=True):
        info, np_, vv, ps = check_config(game, players, vs, ps_in)
        ags = parse_agents(agents, np_)
        st = settings_for(info.id, n, np_, ags, seed, vv, ps)
        d = f"{out.rstrip('/')}/{info.id}-{name}"

        def play(tick: Callable[[int], None], st: dict[str, Any] = st, d: str = d) -> dict[str, Any]:
            return run_study(st, d, jobs, progress=tick)

        run_with_progress(n, f"{info.id} {name}", as_json, play)
        dirs.append(d)
    results = [(dirs[0], d, compare(dirs[0], d)) for d in dirs[1:]]
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
    n: int = typer.Option(500, "-n", min=1, help="games per setting"),
    players: int | None = typer.Option(None, "--players", "-p"),
    agents: str = typer.Option("greedy", "--agents"),
    variant: list[str] | None = VariantOpt,
    measure: list[str] | None = typer.Option(None, "--measure", "-m",
                                             help="measures to report (default: score, length, gap12, seat 1's win share)"),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes playing games at once"),
    out: str = typer.Option("sweeps", "--out"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Play a grid of parameter settings; report chosen measures per setting as a table and a plot."""
    from ..lab.sweep import grid, run_sweep

    settings = grid(game, param)
    rows, plot = run_sweep(game, settings, n, players, agents, variant or [], seed, jobs, out,
                           measure or ["score", "length", "gap12", "win_share_seat_0"],
                           lambda total, label, fn: run_with_progress(total, label, as_json, fn)[0])
    if as_json:
        print(json.dumps(rows))
        return
    from ..core.game import game_info
    from ..lab.balance import measure_label

    ms = [k for k in rows[0] if k not in ("setting", "out")]
    tab = Table(title=f"{game}: {n} games per setting")
    tab.add_column("setting")
    for m in ms:  # seat 1's win share, not win_share_seat_0 (people count seats from 1)
        tab.add_column(measure_label(m, game, players or game_info(game).players[1], "en"), justify="right")
    for r in rows:
        tab.add_row(r["setting"], *[f"{r[m][0]:.3f} ± {r[m][1]:.3f}" for m in ms])
    console.print(tab)
    console.print(f"plot: {plot}", highlight=False)


@app.command(context_settings=FLAGS)
def ladder(
    ctx: typer.Context,
    game: str = GameArg,
    agents: str = typer.Option(..., "--agents", help="one spec per seat, e.g. greedy,random,random,random"),
    n: int = typer.Option(400, "-n", min=1, help="games (a multiple of the player count rotates evenly)"),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes playing games at once"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    as_json: bool = typer.Option(False, "--json"),
    lang: str = LangOpt,
) -> None:
    """Rate a line-up of bots: win share with a 95% interval, mean score and rank, decision time, and
    whether each bot finishes above the one before it in the line-up (random,easy,normal,hard)."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    from ..agents import parse_agents
    from ..agents.names import bot_label
    from ..core.game import check_config
    from ..lab.ladder import ORDER_NOTE, order_holds, order_text
    from ..lab.ladder import ladder as _ladder

    check_lang(lang)

    ags = parse_agents(agents)
    info, np_, vs, ps = check_config(game, len(ags), variant, game_params(game, param, ctx.args))
    show = sys.stderr.isatty() and not as_json
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeRemainingColumn(), disable=not show, console=Console(stderr=True)) as prog:
        task = prog.add_task(f"{info.id} ladder", total=n)
        rows = _ladder(info.id, ags, n, seed, jobs, vs, ps, progress=lambda k: prog.advance(task, k))
    if as_json:
        print(json.dumps(rows))
        return
    ja = lang == "ja"
    if ja:
        title = (f"{info.name_ja}：{'、'.join(bot_label(a, lang) for a in ags)}で{n}局（席は毎局交代）、"
                 f"実力差がなければ勝率{1 / np_:.0%}")
        cols = ("ボット", "のべ\n席数", "勝率\n（95%区間）", "平均得点\n（95%区間）", "平均\n順位", "1手の\n思考時間\n（ms）")
    else:
        title = f"{info.name}: {n} games of {','.join(ags)} (rotated); chance {1 / np_:.0%}"
        cols = ("agent", "seat-\ngames", "win share\n(95% interval)", "mean score\n(95% interval)", "mean\nrank",
                "ms per\ndecision")
    tab = Table()  # the title goes above as a line of its own: a narrow table would wrap it
    for k, col in enumerate(cols):  # figures never wrap: the table fits 80 columns with two-line headings
        tab.add_column(col, justify="right" if k else "left", no_wrap=k > 0, overflow="fold")  # a long bot spec folds, never cut
    dash = "〜" if ja else "–"
    for r in rows:
        lo, hi = r["win_share_ci"]
        slo, shi = (x + 0.0 if round(x, 1) else 0.0 for x in r["mean_score_ci"])  # no "-0.0"
        win = f"{r['win_share']:.1%}（{lo:.0%}{dash}{hi:.0%}）" if ja else f"{r['win_share']:.1%} ({lo:.0%}{dash}{hi:.0%})"
        score = f"{r['mean_score']:.1f}（{slo:.1f}{dash}{shi:.1f}）" if ja else f"{r['mean_score']:.1f} ({slo:.1f}{dash}{shi:.1f})"
        tab.add_row(bot_label(r["agent"], lang), str(r["games"]), win, score, f"{r['mean_rank']:.2f}",
                    f"{r['decision_ms']:.1f}")
    console.print(title, highlight=False)
    console.print(tab)
    order = order_holds(rows)
    for h in order:
        console.print(order_text(h, lang, lambda a: bot_label(a, lang)), highlight=False)
    if order:
        from ..lab.quality_summary import depth_line, skill_depth

        console.print(ORDER_NOTE[1 if ja else 0], highlight=False)
        console.print(depth_line(skill_depth(order), lang, lambda a: bot_label(a, lang)), highlight=False)

"""`soan ask GAME [QUESTION...]`: the draft's 問題点 answered; `soan aa GAME`: the A/A false-positive check."""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typer

from ..core.errors import SoanError
from .app import app, console
from .common import GameArg, LangOpt, budget_seconds, check_lang


@app.command("ask")
def ask_cmd(
    game: str = GameArg,
    question: list[str] | None = typer.Argument(None, help="question ids (default: all); see --list"),
    lang: str = LangOpt,
    budget: str = typer.Option("10m", "--budget", help="wall time to plan for, e.g. 300s or 10m (on --jobs cores)"),
    out: str = typer.Option("studies/ask", "--out", help="folder for the studies and the report (a cache)"),
    jobs: int = typer.Option(2, "--jobs", "-j", min=1, help="worker processes playing games at once"),
    bots: str = typer.Option("", "--bots", help="bot levels, the first leads the verdicts; another skill level "
                             "(easy, hard) is a skill check on them, random players are context (default: the game's "
                             "questions file, else greedy,random)"),
    list_: bool = typer.Option(False, "--list", help="list the game's questions and stop"),
    fix: bool = typer.Option(False, "--fix", help="for each answer that says 'this is a problem' and whose question "
                             "has a fix block: search for a setting that fixes it (soan balance, docs/balance.md)"),
    check_bots: bool = typer.Option(False, "--check-bots",
                                    help="for each compared setting, also play its games with one seat planning "
                                    "under the base rules (in the same plan): the answer says whether the bots "
                                    "play the rule (planning with it pays, costs or changes nothing)"),
    seed: int = typer.Option(0, "--seed", min=0, help="play every study on other games (its seed plus this), in "
                             "OUT/seed-N: check an earlier answer on fresh games"),
    as_json: bool = typer.Option(False, "--json", help="print the answers as JSON (the HTML report is written too; "
                                 "with --list, the questions)"),
) -> None:
    """Answer the draft's questions (問題点): studies planned from the budget, both sides of a comparison on
    the same games; a verdict per question in words (the competent bots'), and one HTML report."""
    from ..core.game import game_info
    from ..lab.ask import Interrupted, ask, hold_interrupts, load_questions, release_interrupts

    check_lang(lang)
    info = game_info(game)
    qs = load_questions(info.id)["questions"]
    if list_:
        _list_questions(qs, lang, as_json)
        return
    seconds = budget_seconds(budget, zero_ok=True)  # 0: the questions file's start sizes, no pilot
    bot_list = tuple(b.strip() for b in bots.split(",") if b.strip())
    if bots.strip() and not bot_list:
        raise SoanError("--bots needs at least one bot spec, e.g. greedy,random",
                        ja="--bots にはボットを１つ以上、greedy,random のように指定します")
    if bot_list:
        from ..agents import parse_agents

        parse_agents(",".join(bot_list), len(bot_list))  # a clear error for an unknown bot
    from rich.progress import BarColumn, Progress, TaskID, TextColumn

    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                      console=console, disable=as_json, transient=True) as prog:
            tasks: dict[str, TaskID] = {}

            def tick(name: str, held: int, n: int) -> None:
                if name not in tasks:
                    tasks[name] = prog.add_task(_task_label(name, len(tasks) + 1, lang), total=n)
                prog.update(tasks[name], total=n, completed=held)

            res = ask(info.id, question or None, seconds, out, jobs, bot_list or None, tick, check_bots=check_bots,
                      seed=seed)
    except Interrupted as e:
        before = hold_interrupts()  # a second Ctrl-C does not cut the message short
        again = _again(info.id, question, out, budget, bot_list, check_bots, seed, jobs, fix, as_json, lang)
        kept = (f"{e.games}ゲーム（計画 {e.planned}ゲームのうち）と計画" if e.planned else f"価格を測った{e.games}ゲーム") \
            if lang == "ja" else (f"{e.games} games (of the {e.planned} planned) and the plan" if e.planned
                                  else f"the {e.games} games that priced the bots")
        console.print(
            f"\n中断した。{kept}は {e.folder} に残っている。続けるには、同じコマンドをもう一度実行する：{again}"
            if lang == "ja" else f"\nInterrupted. {kept} are kept in {e.folder}. To go on, run the same command "
            f"again: {again}", highlight=False, soft_wrap=True)
        release_interrupts(before)
        raise typer.Exit(130) from None
    if fix:
        _fix(info.id, res, out, jobs, as_json, lang, seconds)
    paths = [write_report(res, lg, out) for lg in dict.fromkeys((lang, "ja", "en"))]
    if as_json:
        res["html"] = [str(p) for p in paths]
        print(json.dumps(res, ensure_ascii=False, default=lambda x: x.item() if hasattr(x, "item") else str(x)))
        return
    from ..lab.ask_report import lines, notes, who
    from ..lab.ask_report import w as words
    from ..lab.balance import fix_lines

    def say(line: str) -> None:  # a whole line (soft wrap): a terminal folds it itself, and a file or pipe
        console.print(line.replace("`", ""), highlight=False, soft_wrap=True)  # a command between backquotes: as is  # gets no break at rich's width (「差 +0.1%」 split)

    say(words("method", lang).format(lead=who(res["bots"][0], lang, info.id)))
    for ans in res["answers"]:
        q = ans["q"]
        say(f"\n[bold]{q['ja' if lang == 'ja' else 'en']}[/bold]")
        for x in [*lines(info.id, ans, lang), *fix_lines(info.id, ans, lang)]:
            say("  " + x)
    from ..lab.hunt.report import also_found_lines

    found = also_found_lines(res.get("folder") or Path(out) / info.id, info.id, lang)
    if found:
        say("")
        for x in found:
            say(x)
    say("")
    for x in notes(res, lang):
        say(x)
    say(f"\nhtml: {', '.join(map(str, paths))}")


def _list_questions(qs: list[dict], lang: str, as_json: bool) -> None:
    """`--list`: each question's id and text (`--json`: as JSON, with its kind)."""
    if as_json:
        print(json.dumps([{"id": q["id"], "question": q["ja" if lang == "ja" else "en"], "kind": q["kind"]}
                          for q in qs], ensure_ascii=False))
        return
    for q in qs:
        console.print(f"{q['id']}: {q['ja' if lang == 'ja' else 'en']}", highlight=False)


def _again(game: str, question: list[str] | None, out: str, budget: str, bot_list: tuple[str, ...], check_bots: bool,
           seed: int, jobs: int, fix: bool, as_json: bool, lang: str) -> str:
    """The command that goes on with an interrupted ask: the same one, quoted for the shell."""
    return "soan ask " + shlex.join([game, *(question or []), "--out", out]
                                    + (["--budget", budget] if budget != "10m" else [])
                                    + (["--bots", ",".join(bot_list)] if bot_list else [])
                                    + (["--check-bots"] if check_bots else [])
                                    + (["--seed", str(seed)] if seed else [])  # OUT/seed-N, not the default folder
                                    + (["-j", str(jobs)] if jobs != 2 else [])
                                    + (["--fix"] if fix else []) + (["--json"] if as_json else [])
                                    + (["--lang", lang] if lang != "en" else []))


def write_report(res: Mapping[str, Any], lang: str, out: str):
    """answers-<lang>.html in the ask's folder (written with --json too): the game's folder under `out`, or
    under `out/seed-N` for an ask on other games (`--seed N`), beside its answers.json."""
    from pathlib import Path

    from ..lab.ask_report import write_html

    return write_html(res, lang, Path(res.get("folder") or Path(out) / res["game"]) / f"answers-{lang}.html")


def _fix(game: str, res: Mapping[str, Any], out: str, jobs: int, quiet: bool, lang: str = "en", budget_s: float | None = None) -> None:
    """`--fix`: a balance run (lab/balance/) for each answer that says "this is a problem" and whose
    question has a `fix` block, sized to `--budget` (said, with the time it is expected to take, before it
    starts); its proposal joins the answer (answers.json, the report)."""
    import json as _json
    from pathlib import Path

    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from ..lab.balance import fix_problem, fix_sizes, is_problem
    from .balance import STAGES, games_column

    folder = Path(res.get("folder") or Path(out) / game)  # OUT/seed-N/GAME with --seed N
    for ans in res["answers"]:
        with Progress(TextColumn("{task.description}"), BarColumn(), games_column(lang == "ja"),
                      TimeElapsedColumn(), console=console, disable=quiet, transient=True) as prog:
            tasks: dict[str, Any] = {}

            def tick(stage: str, done: int, total: int, qid: str = ans["id"], tasks: dict[str, Any] = tasks,
                     prog: Any = prog) -> None:
                if stage not in tasks:
                    tasks[stage] = prog.add_task(f"{qid}: {STAGES[stage][1 if lang == 'ja' else 0]}", total=max(total, 1))
                prog.update(tasks[stage], completed=done, total=max(total, 1))

            where = folder / f"fix-{ans['id']}"
            price = (res.get("cost") or {}).get((res.get("bots") or ["greedy"])[0])
            fx = ans.get("q", {}).get("fix")
            if fx and is_problem(ans) and not quiet:
                console.print(fix_plan_line(ans["id"], fix_sizes(fx, budget_s or None, price), lang),
                              highlight=False, soft_wrap=True)
            try:
                r = fix_problem(game, ans, where, jobs, tick, budget_s or None, price)
            except KeyboardInterrupt:
                prog.stop()
                console.print(f"\n中断しました。{ans['id']} を直す設定の探索で終わった試行は {where} に残っています。"
                              "同じコマンドで続きから再開します。" if lang == "ja" else
                              f"\nStopped. The finished trials of the search for a fix to {ans['id']} are kept in "
                              f"{where}; the same command resumes.", highlight=False, soft_wrap=True)
                raise typer.Exit(130) from None
        if r is not None:
            ans["fix"] = r
    (folder / "answers.json").write_text(_json.dumps(res, indent=1, ensure_ascii=False,
                                                     default=lambda x: x.item() if hasattr(x, "item") else str(x)))


def fix_plan_line(qid: str, size: dict, lang: str) -> str:
    """What a fix search will play and about how long it takes, said before it starts."""
    t = size.get("expected_s")
    mins = f"{max(1, round(t / 60))}" if t else None
    if lang == "ja":
        when = f"約{mins}分" if mins else "所要時間は未知（ゲーム１回の時間がまだ測られていない）"
        scaled = "（--budget に合わせて縮めた）" if size["scaled"] else ""
        return (f"{qid} を直す設定を探します：{size['trials']}通り×{size['games']}ゲーム、検証{size['validate']}ゲーム、"
                f"頑健性{size['robust']}ゲーム{scaled}。{when}（--budget で短くできます）。")
    when = f"about {mins} min" if mins else "time unknown (no game has been priced yet)"
    scaled = " (sized down to --budget)" if size["scaled"] else ""
    return (f"Searching for a fix to {qid}: {size['trials']} settings × {size['games']} games, validation "
            f"{size['validate']} games, robustness {size['robust']}{scaled}; {when} (--budget shortens it).")


@app.command("aa")
def aa_cmd(
    game: str = GameArg,
    n: int = typer.Option(200, "-n", help="games per side"),
    reps: int = typer.Option(40, "--reps", help="A/A pairs to run"),
    players: int | None = typer.Option(None, "--players", "-p"),
    agents: str = typer.Option("random", "--agents"),
    jobs: int = typer.Option(2, "--jobs", "-j", min=1, help="worker processes playing games at once"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """A/A check of `compare`: pairs of studies of the same settings with different seeds; the share of
    pairs where any measure is flagged after Holm's correction (should be at most 5%), and without it."""
    from ..agents import parse_agents
    from ..core.game import check_config
    from ..lab.runner import run_games
    from ..lab.stats import compare_tables
    from ..lab.study import _tables

    info, P, vs, ps = check_config(game, players, [], {})
    ags = parse_agents(agents, P)
    if n < 10 or reps < 1:
        raise SoanError("-n must be at least 10 and --reps at least 1")
    st = {"game": info.id, "players": P, "variants": [], "params": {}}
    flagged = raw = 0
    measures = 0
    t0 = time.perf_counter()
    for r in range(reps):
        sides = []
        for k in (0, 1):
            res = run_games(info.id, n, P, ags, seed=10_000 + 2 * r + k, jobs=jobs, collect=True)
            sides.append(_tables(res, st))
        rows, _ = compare_tables(sides[0], sides[1], P)
        measures = len(rows)
        flagged += any(x["significant"] for x in rows)
        raw += any(x["p"] is not None and x["p"] < 0.05 for x in rows)
        if not as_json:
            console.print(f"pair {r + 1}/{reps}: {sum(x['significant'] for x in rows)} flagged after Holm, "
                          f"{sum(1 for x in rows if x['p'] is not None and x['p'] < 0.05)} at p<0.05 uncorrected",
                          highlight=False)
    out = {"game": info.id, "players": P, "agents": ags, "n": n, "reps": reps, "measures": measures,
           "false_positive_share": flagged / reps, "uncorrected_share": raw / reps,
           "seconds": time.perf_counter() - t0}
    if as_json:
        print(json.dumps(out))
        return
    console.print(f"A/A {info.id}, {P} players, {n} games a side, {reps} pairs, {measures} measures: any measure "
                  f"flagged after Holm in {flagged}/{reps} pairs ({flagged / reps:.0%}; at most 5% expected); "
                  f"uncorrected {raw}/{reps} ({raw / reps:.0%})", highlight=False)


def _task_label(name: str, k: int, lang: str) -> str:
    """A progress bar's label: the setting's name (bots-players-variants-parameters, e.g.
    random-4p-base_building_table-6.12.18.27) in English; in Japanese its number and player count, the
    ids being English."""
    if lang != "ja":
        return name
    import re

    m = re.search(r"-(\d+)p(?:-|$)", name)
    return f"設定{k}（{m.group(1)}人）" if m else f"設定{k}"

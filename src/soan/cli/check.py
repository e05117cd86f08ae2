"""`soan check GAME`: the designer's data check. Validate a component file and the chosen settings, then
play many games (random bots, and some with `normal` bots) checking every invariant the property tests
check; report problems in plain words (English or Japanese) with a record that reproduces each one.
Generic: every game is checked through the contract and its `hooks.invariants`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import typer
from rich.console import Console

from ..core import words
from ..core.errors import SoanError
from .app import app, describe
from .common import LangOpt, ParamOpt, VariantOpt, check_lang, parse_params

T = words.by_lang("check")  # core/words/*.toml
BOTS_JA = words.japanese("check_bots")  # core/words/*.toml
SHOW = 5


def _choose_random(rng: random.Random):
    return lambda s, seat, legal: legal[rng.randrange(len(legal))]


def _choose_agents(specs: list[str], seed: int):
    from ..agents import SeatView, make_agent

    agents = [make_agent(sp, seed + i) for i, sp in enumerate(specs)]

    def choose(s, seat, legal):
        v = SeatView(s, seat)
        v.cache = legal
        return agents[seat].act(v)

    return choose


@app.command()
def check(
    game: str = typer.Argument(..., help="the game to check"),
    components: str | None = typer.Option(None, "--components", help="your component file (default: shipped)"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    n: int = typer.Option(200, "-n", min=1, help="games to play"),
    players: int | None = typer.Option(None, "--players", "-p", help="one player count (default: every count)"),
    normal_every: int = typer.Option(10, "--normal-every", min=0,
                                     help="every k-th game with normal (greedy) bots; 0: random bots only"),
    seed: int = typer.Option(0, "--seed"),
    out: str = typer.Option("out/check", "--out", help="where records of problem games go"),
    lang: str = LangOpt,
) -> None:
    """The designer's data check: validate the file and settings, play N games checking every invariant,
    report each problem with a record that reproduces it. Exit 1 if a problem is found."""
    from ..core.game import check_config, make
    from ..core.invariants import play_checked
    from ..core.records import write_record

    check_lang(lang)
    t = T[lang]
    con = Console() if sys.stdout.isatty() else Console(width=140)
    info, _, vs, ps = check_config(game, players, variant, parse_params(param))
    counts = [players] if players is not None else list(range(info.players[0], info.players[1] + 1))
    problems: list[str] = []
    try:
        info.load_components(components)
    except SoanError as e:
        con.print(t["file_bad"], highlight=False)
        con.print(f"  {describe(e, lang)}", highlight=False, markup=False)
        raise typer.Exit(1) from None
    playable = []
    for p in counts:
        try:
            make(info.id, players=p, seed=seed, variants=list(vs), params=ps, components=components)
            playable.append(p)
        except SoanError as e:
            problems.append(t["cannot_make"].format(players=p) + f"\n  {describe(e, lang)}")
    con.print(t["file_ok"].format(file=components or t["shipped"]), highlight=False)
    for msg in problems:
        con.print(msg, highlight=False, markup=False)
    bad = len(problems)
    tally = {"random": 0, "normal": 0}
    if playable:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        prog = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=Console(stderr=True), disable=not sys.stderr.isatty())
        shown = 0
        with prog:
            task = prog.add_task(f"{t['checking']} {info.id}", total=n)
            for k in range(n):
                p = playable[k % len(playable)]
                sd = seed + k
                bots = "normal" if normal_every and k % normal_every == normal_every - 1 else "random"
                tally[bots] += 1
                s = make(info.id, players=p, seed=sd, variants=list(vs), params=ps, components=components)
                choose = (_choose_agents(["normal"] * p, sd) if bots == "normal"
                          else _choose_random(random.Random(sd)))
                found, moves = play_checked(s.clone(), choose, random.Random(sd))
                if found:
                    bad += 1
                    if shown < SHOW:
                        shown += 1
                        path = Path(out) / f"{info.id}-p{p}-seed{sd}.jsonl"
                        path.parent.mkdir(parents=True, exist_ok=True)
                        write_record(path, s, moves)
                        prog.console.print(t["game"].format(k=k + 1, players=p, seed=sd,
                                                            bots=BOTS_JA[bots] if lang == "ja" else bots),
                                           highlight=False)
                        for f in found:
                            prog.console.print(f"  {f}", highlight=False, markup=False)
                        prog.console.print(t["record"].format(path=path), highlight=False, markup=False)
                prog.advance(task)
    if bad:
        con.print(t["found"].format(bad=bad, n=n + len(problems), shown=min(bad, SHOW)), highlight=False)
        raise typer.Exit(1)
    con.print(t["none"].format(n=n, players="/".join(map(str, playable)), **tally), highlight=False)

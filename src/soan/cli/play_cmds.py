"""`soan play` (terminal play) and `soan replay`."""

from __future__ import annotations

import json

import typer

from ..core.errors import SoanError
from .app import app, console
from .common import FLAGS, GameArg, ParamOpt, VariantOpt, check_lang, game_params


@app.command(context_settings=FLAGS)
def play(
    ctx: typer.Context,
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
) -> None:
    """Play at the terminal against bots, or with friends at one keyboard."""
    import random as _random

    from ..agents import parse_agents
    from .play import Session

    check_lang(lang)
    try:
        hs = [int(x) for x in humans.split(",")] if humans else [seat]
    except ValueError:
        raise SoanError(f"--humans takes seat numbers separated by commas, e.g. 0,1; got {humans!r}") from None
    if any(not 0 <= h < players for h in hs):
        raise SoanError(f"seats are 0..{players - 1}; got humans {hs}")
    bs = parse_agents(bots)
    sd = seed if seed is not None else _random.randrange(1 << 31)
    ps = game_params(game, param, ctx.args)
    sess = Session(game, players, hs, bs, sd, lang, variant or [], ps, components, record, resume)
    raise typer.Exit(sess.run())


@app.command()
def replay(record: str = typer.Argument(...), as_json: bool = typer.Option(False, "--json")) -> None:
    """Replay a record and print the final position's scores (or its whole view with --json)."""
    from ..core.records import replay as _replay

    s = _replay(record)
    if as_json:
        print(json.dumps(s.view(), ensure_ascii=False))
        return
    console.print(f"{s.game_id}: over={s.is_over()} scores={s.scores()} ranks={s.ranks()}")

"""`soan play` (terminal play) and `soan replay`."""

from __future__ import annotations

import json
import os

import typer

from ..core.errors import SoanError
from .app import app, console
from .common import FLAGS, GameArg, ParamOpt, VariantOpt, check_lang, game_params


@app.command(context_settings=FLAGS)
def play(
    ctx: typer.Context,
    game: str = GameArg,
    players: int = typer.Option(4, "--players", "-p"),
    seat: int = typer.Option(1, "--seat", help="your seat, counted from 1"),
    humans: str | None = typer.Option(None, "--humans", help="several people at one keyboard, seats from 1, e.g. 1,2"),
    bots: str = typer.Option("random", "--bots", help="bot specs for the other seats, comma-separated"),
    seed: int | None = typer.Option(None, "--seed"),
    lang: str | None = typer.Option(None, "--lang", help="en | ja (default: SOAN_LANG, else en; a resumed game keeps its own)"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    components: str | None = typer.Option(None, "--components", help="your own component file"),
    record: str | None = typer.Option(None, "--record", help="where to save the record"),
    resume: str | None = typer.Option(None, "--resume", help="a saved record to go on with"),
    auto: bool = typer.Option(True, "--auto/--no-auto", help="a step with a single option goes on by itself"),
) -> None:
    """Play at the terminal against bots, or with friends at one keyboard (seats count from 1)."""
    import random as _random

    from ..agents import parse_agents
    from .play import Session

    if lang is not None:
        check_lang(lang)
    elif resume is None and os.environ.get("SOAN_LANG") in ("en", "ja"):
        lang = os.environ["SOAN_LANG"]  # a new game follows SOAN_LANG; a resumed one keeps its record's
        check_lang(lang)
    try:
        people = [int(x) for x in humans.split(",") if x.strip()] if humans is not None else [seat]
    except ValueError:
        raise SoanError(f"--humans takes seat numbers from 1 separated by commas, e.g. 1,2; got {humans!r}",
                        ja=f"--humans には 1 から数えた席の番号を 1,2 のように「,」で区切って指定します（指定：{humans!r}）") from None
    if any(not 1 <= h <= players for h in people):
        raise SoanError(f"seats are 1..{players}; got {','.join(map(str, people))}",
                        ja=f"席は 1〜{players} です（指定：{','.join(map(str, people))}）")
    hs = [h - 1 for h in people]  # the Python API counts seats from 0
    bs = parse_agents(bots)
    sd = seed if seed is not None else _random.randrange(1 << 31)
    ps = game_params(game, param, ctx.args)
    sess = Session(game, players, hs, bs, sd, lang, variant or [], ps, components, record, resume, auto=auto)
    raise typer.Exit(sess.run())


@app.command()
def replay(record: str = typer.Argument(...), as_json: bool = typer.Option(False, "--json"),
           lang: str | None = typer.Option(None, "--lang", help="en | ja (default: the record's own language)"),
           html: str | None = typer.Option(None, "--html", help="also write the replay page as one HTML file that "
                                           "opens in a browser without a server (step by step, any seat's view)")) -> None:
    """Replay a record: each player's score and rank, seats from 1 (or the whole view with --json,
    seats from 0 as in the Python API)."""
    from ..core.records import read_record
    from ..core.records import replay as _replay
    from .play import replay_lines

    if lang is not None:
        check_lang(lang)
    header, _ = read_record(record)
    said = lang or header.get("lang") or os.environ.get("SOAN_LANG")  # given, the record's, the usual one
    lang = said if said in ("en", "ja") else "en"
    check_lang(lang)
    s = _replay(record)
    if html:
        from ..lab.replay_page import write_replay

        page = write_replay(record, html)
        if not as_json:
            console.print(f"{'再生ページ' if lang == 'ja' else 'replay page'}: {page}", highlight=False)
    if as_json:
        print(json.dumps(s.view(), ensure_ascii=False))
        return
    for line in replay_lines(s, lang):
        console.print(line, highlight=False)

"""`soan serve` (browser play) and `soan bench-serve` (its load benchmark)."""

from __future__ import annotations

import typer

from .app import app, console


@app.command()
def serve(host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
          port: int = typer.Option(8000, "--port", help="port to listen on"),
          db: str = typer.Option("soan.sqlite", "--db", help="SQLite file, or a SQLAlchemy URL (postgresql://...)"),
          bot_delay: float = typer.Option(0.4, "--bot-delay", help="seconds a bot waits before moving, so people can follow"),
          ) -> None:
    """Play in the browser: rooms, invitation links, bots, live moves; games survive a restart."""
    import uvicorn  # the web extra (a light install is told how to get it)

    from ..web.app import create_app

    if bot_delay < 0:
        raise typer.BadParameter(f"--bot-delay must be 0 or more seconds, got {bot_delay}")
    _port_free(host, port)  # before anything is opened or printed
    web = create_app(db, bot_delay=bot_delay)
    n = len(web.state.manager.rooms)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(f"soan serve: http://{shown}:{port}/  ({n} stored game(s) resumed from {db})")
    uvicorn.run(web, host=host, port=port, log_level="warning", ws_per_message_deflate=False)


def _port_free(host: str, port: int) -> None:
    """A port already in use is said first, with how to choose another."""
    import socket

    from ..core.errors import SoanError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as e:
        raise SoanError(f"cannot listen on {host}: {e}", ja=f"{host} で待ち受けられません（{e}）") from None
    fam, _, _, _, addr = infos[0]
    with socket.socket(fam, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            s.bind(addr)
        except OSError:
            raise SoanError(f"port {port} on {host} is already in use (another soan serve?); "
                            f"choose another with --port, e.g. soan serve --port {port + 1}",
                            ja=f"{host} のポート {port} は使用中です（別の soan serve が動いていませんか）。"
                               f"--port で別のポートを指定してください（例 soan serve --port {port + 1}）") from None


@app.command("bench-serve")
def bench_serve(rooms: int = typer.Option(100, "--rooms", help="rooms, each with one person and bots"),
                clients: int = typer.Option(0, "--clients", help="extra WebSocket spectators (0: one per room)"),
                game: str | None = typer.Option(None, "--game", help="the game (default: the first `soan games` lists)"),
                seconds: float = typer.Option(20.0, "--seconds", help="how long to measure (at most 300)"),
                bots: str = typer.Option("random", "--bots", help="bot spec for the other seats"),
                port: int = typer.Option(8765, "--port"),
                think: float = typer.Option(2.0, "--think", help="a person's mean thinking time per move in "
                                            "seconds (0: answer at once, a stress test)"),
                ) -> None:
    """Load benchmark on the loopback address: moves/s and p50/p95 latency of a person's move."""
    from ..web.bench import run_bench

    if not 1 <= rooms <= 1000 or not 0 < seconds <= 300 or not 0 <= clients <= 5000 or not 0 <= think <= 60:
        raise typer.BadParameter(f"--rooms takes 1-1000 (got {rooms}), --seconds up to 300 (got {seconds}), "
                                 f"--clients 0-5000 (got {clients}), --think 0-60 (got {think})")
    from ..core.game import game_info, games

    gid = game_info(game).id if game else games()[0]["id"]
    run_bench(console, rooms=rooms, clients=clients or rooms, game=gid, seconds=seconds, bots=bots, port=port,
              think=think)


@app.command("export-web")
def export_web(db: str = typer.Option("soan.sqlite", "--db", help="the server's database (file or SQLAlchemy URL)"),
               out: str = typer.Option(..., "--out", help="folder for records/*.jsonl and feedback.jsonl"),
               game: str | None = typer.Option(None, "--game", help="only this game's records")) -> None:
    """Finished browser games as records (for `soan import` and replays) plus the playtest feedback."""
    from ..web.export import export_db

    r = export_db(db, out, game)
    console.print(f"wrote {len(r['records'])} record(s) to {out}/records and {r['answers']} feedback answer(s) "
                  f"to {r['feedback']}", highlight=False)
    if r["records"]:
        console.print(f"next: soan import {out}/records/*.jsonl --out STUDY   (one game and player count per study)",
                      highlight=False)

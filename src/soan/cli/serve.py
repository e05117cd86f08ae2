"""`soan serve` (browser play) and `soan bench-serve` (its load benchmark)."""

from __future__ import annotations

import typer

from .app import app, console
from .common import LangOpt, check_lang


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses that others on the network can reach (no packet is sent)."""
    import socket

    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # picks the interface of the default route; sends nothing
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    return [a for a in dict.fromkeys(found) if not a.startswith("127.") and a != "0.0.0.0"]


def parse_limits(items: list[str]):
    """`--limit name=value` items over the defaults (web/limits.py `Limits`)."""
    from dataclasses import fields

    from ..web.limits import Limits

    lim = Limits()
    kinds = {f.name: f.type for f in fields(Limits)}
    for item in items:
        name, _, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if name not in kinds or not value:
            raise typer.BadParameter(f"--limit takes NAME=VALUE with NAME one of {sorted(kinds)}, got {item!r}")
        cur = getattr(lim, name)
        try:
            v = (value.lower() in ("1", "true", "yes")) if isinstance(cur, bool) else type(cur)(value)
        except ValueError:
            raise typer.BadParameter(f"--limit {name} takes a {type(cur).__name__}, got {value!r}") from None
        setattr(lim, name, v)
    try:
        lim.check()
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    return lim


@app.command()
def serve(host: str = typer.Option("127.0.0.1", "--host", help="address to listen on (0.0.0.0: every network "
                                   "address, so friends on your network can join)"),
          port: int = typer.Option(8000, "--port", help="port to listen on"),
          db: str = typer.Option("soan.sqlite", "--db", help="SQLite file, or a SQLAlchemy URL (postgresql://...)"),
          bot_delay: float = typer.Option(0.4, "--bot-delay", help="seconds a bot waits before moving, so people can follow"),
          public_url: str | None = typer.Option(None, "--public-url", envvar="SOAN_PUBLIC_URL",
                                                help="the address people open (https://games.example.org behind a "
                                                "reverse proxy, or http://192.168.1.20:8000 for a container on your "
                                                "network): used in invitation links and to check where requests "
                                                "come from"),
          trust_proxy: bool = typer.Option(False, "--trust-proxy", help="trust X-Forwarded-For/-Proto from "
                                           "--trusted-proxy (on by itself with --public-url)"),
          trusted_proxy: str = typer.Option("127.0.0.1", "--trusted-proxy", help="addresses of reverse proxies whose "
                                            "X-Forwarded-For/-Proto are trusted (comma-separated)"),
          allow_host: list[str] = typer.Option([], "--allow-host", envvar="SOAN_ALLOW_HOST",
                                               help="another host name requests may name (the server answers only "
                                               "to the addresses it prints; e.g. mypc.local)"),
          api_docs: bool = typer.Option(False, "--api-docs", help="serve the API's schema pages (/docs, /redoc, "
                                        "/openapi.json)"),
          bot_options: bool = typer.Option(False, "--bot-options", help="rooms may give bots options (bounded), "
                                           "not only the catalogue's names"),
          limit: list[str] = typer.Option([], "--limit", help="change a limit: NAME=VALUE, e.g. rooms_per_minute=5 "
                                          "(docs/web.md lists them)"),
          lang: str = LangOpt,
          ) -> None:
    """Play in the browser: rooms, invitation links, bots, live moves; games survive a restart."""
    check_lang(lang)  # the start lines and errors in it (each person picks the pages' language)
    import uvicorn  # the web extra (a light install is told how to get it)

    from ..web.app import create_app

    if bot_delay < 0:
        raise typer.BadParameter(f"--bot-delay must be 0 or more seconds, got {bot_delay}")
    _port_free(host, port)  # before anything is opened or printed
    if public_url is not None and not public_url.startswith(("http://", "https://")):
        raise typer.BadParameter(f"--public-url is an address starting with https:// or http://, got {public_url!r}")
    lim = parse_limits(limit)
    lim.bot_options = lim.bot_options or bot_options
    lim.connections_open = max(16, min(lim.connections_open, _open_files() - 64))  # never past the file limit
    everywhere = host in ("0.0.0.0", "::", "")
    found = lan_addresses() if everywhere else []
    lan = [f"http://{a}:{port}" for a in found]
    trusting = trust_proxy or public_url is not None
    from ..web.conn import Networks

    try:
        proxies = Networks(trusted_proxy.split(",") if trusting else [])
    except ValueError as e:
        raise typer.BadParameter(f"--trusted-proxy: {e}") from None
    hosts = allowed_hosts(host, found, public_url, allow_host)
    web = create_app(db, bot_delay=bot_delay, limits=lim, public_url=public_url, lan_url=lan[0] if lan else None,
                     stop_bots=True, hosts=hosts, api_docs=api_docs)
    shown = "127.0.0.1" if everywhere else host
    for line in _start_lines(f"http://{shown}:{port}/", web.state.stored, db, public_url, everywhere, lan):
        console.print(line, highlight=False)
    import gc

    from ..web.conn import bounded_protocols

    http, ws, _gate = bounded_protocols(lim, exempt=proxies)
    gc.collect()
    gc.freeze()  # the modules and game tables loaded so far are never scanned again by the collector
    uvicorn.run(web, host=host, port=port, log_level="warning", ws_per_message_deflate=False,
                http=http, ws=ws, ws_max_size=lim.ws_frame_bytes, timeout_keep_alive=5,
                proxy_headers=trusting, forwarded_allow_ips=trusted_proxy if trusting else None)


def allowed_hosts(host: str, lan: list[str], public_url: str | None, extra: list[str]) -> list[str]:
    """The host names a request may name: this computer's loopback names, the address listened on, the LAN
    addresses printed, the public address's host and those given with --allow-host."""
    from urllib.parse import urlsplit

    from ..web.http import LOOPBACK_HOSTS

    names = [*sorted(LOOPBACK_HOSTS), *lan, *extra]
    if host not in ("0.0.0.0", "::", ""):
        names.append(host)
    if public_url:
        names.append(urlsplit(public_url).hostname or "")
    from ..web.http import host_name

    return [h for h in dict.fromkeys(host_name(n) for n in names if n and n.strip()) if h]


def _open_files() -> int:
    """The files this process may open, raised to the hard limit where that is higher (connections use them)."""
    try:
        import resource
    except ImportError:  # not on this platform: uvicorn's own behaviour
        return 1 << 20
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 1 << 16
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def _start_lines(url: str, stored: int, db: str, public_url: str | None, everywhere: bool,
                 lan: list[str]) -> list[str]:
    """What `soan serve` says when it starts, in Japanese under --lang ja or SOAN_LANG=ja."""
    import sys

    from .help_ja import wants_japanese

    if wants_japanese(sys.argv[1:]):
        lines = [f"soan serve: {url}  （{db} に保存された対戦 {stored} 件。途中の対戦はそのまま続けられます）"]
        if public_url:
            lines.append(f"  参加者は {public_url} を開きます（招待リンクもこのアドレスです）")
        elif everywhere:
            lines.append("  同じネットワークの友だちは " + " または ".join(f"{u}/" for u in lan)
                         + " を開きます（招待リンクは最初のアドレスです）" if lan
                         else "  ネットワークのアドレスが見つかりません。ほかのコンピューターからは参加できません")
        else:
            lines.append("  このコンピューターからしか開けません。同じネットワークの友だちと遊ぶには "
                         "soan serve --host 0.0.0.0（インターネット越しに遊ぶ方法は docs/web.md）")
        return lines
    lines = [f"soan serve: {url}  ({stored} stored game(s) in {db}; unfinished ones continue)"]
    if public_url:
        lines.append(f"  people open {public_url} (invitation links use it)")
    elif everywhere:
        lines.append("  friends on your network open " + " or ".join(f"{u}/" for u in lan)
                     + " (invitation links use the first)" if lan
                     else "  no network address found: friends cannot reach this computer")
    else:
        lines.append("  only this computer can open it; for friends on your network: soan serve --host 0.0.0.0 "
                     "(over the internet: docs/web.md)")
    return lines


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
                seconds: float = typer.Option(20.0, "--seconds", help="how long to measure (at most 900)"),
                bots: str = typer.Option("random", "--bots", help="bot spec for the other seats"),
                port: int = typer.Option(8765, "--port"),
                think: float = typer.Option(2.0, "--think", help="a person's mean thinking time per move in "
                                            "seconds (0: answer at once, a stress test)"),
                played: int = typer.Option(0, "--played", help="finished games stored before the server starts "
                                           "(a server that keeps its played rooms)"),
                limit: list[str] = typer.Option([], "--limit", help="a limit of the server measured: NAME=VALUE, "
                                                "e.g. bot_processes=false (docs/web.md lists them)"),
                ) -> None:
    """Load benchmark on the loopback address: p50/p95/p99 of a person's move and of an unrelated request, memory."""
    from ..web.bench import run_bench

    if not 1 <= rooms <= 1000 or not 0 < seconds <= 900 or not 0 <= clients <= 5000 or not 0 <= think <= 60 \
            or not 0 <= played <= 100_000:
        raise typer.BadParameter(f"--rooms takes 1-1000 (got {rooms}), --seconds up to 900 (got {seconds}), "
                                 f"--clients 0-5000 (got {clients}), --think 0-60 (got {think}), "
                                 f"--played 0-100000 (got {played})")
    from ..core.game import game_info, games

    parse_limits(limit)  # a bad limit is named before anything starts
    gid = game_info(game).id if game else games()[0]["id"]
    run_bench(console, rooms=rooms, clients=clients or rooms, game=gid, seconds=seconds, bots=bots, port=port,
              think=think, played=played, limits=limit)


@app.command("export-web")
def export_web(db: str = typer.Option("soan.sqlite", "--db", help="the server's database (file or SQLAlchemy URL)"),
               out: str = typer.Option(..., "--out", help="folder for records/*.jsonl and feedback.jsonl"),
               game: str | None = typer.Option(None, "--game", help="only this game's records"),
               lang: str = LangOpt) -> None:
    """Finished browser games as records (for `soan import` and replays) plus the playtest feedback."""
    from ..web.export import export_db

    check_lang(lang)
    r = export_db(db, out, game)
    if lang == "ja":
        console.print(f"記録 {len(r['records'])} 件を {out}/records に、プレイテストの回答 {r['answers']} 件を "
                      f"{r['feedback']} に書き出しました", highlight=False, markup=False)
        if r["records"]:
            console.print(f"次は：soan import {out}/records/*.jsonl --out STUDY（研究１つにつき、ゲームと人数を１つずつ）",
                          highlight=False, markup=False)
        return
    console.print(f"wrote {len(r['records'])} record(s) to {out}/records and {r['answers']} feedback answer(s) "
                  f"to {r['feedback']}", highlight=False)
    if r["records"]:
        console.print(f"next: soan import {out}/records/*.jsonl --out STUDY   (one game and player count per study)",
                      highlight=False)

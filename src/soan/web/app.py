"""The ASGI app of `soan serve`: the HTTP API, WebSocket pushes and the pages (docs/web.md).

Every request is bounded (web/limits.py): bodies, JSON, bot specs, rooms and replays per client. The
API takes JSON only and refuses a request from another site's page (the Origin check); pages carry
security headers (CSP, nosniff, no framing). The host key manages a room (invitations, who joined)
and sees nothing hidden; the record opens when the game is over."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..agents.names import bot_label
from ..core.game import game_info, games
from ..core.replay import ReplayError
from . import botwork
from .limits import Limits, RateLimit, RoomError, catalogue_bots, client_key, parse_json, read_body, too_many
from .replays import Replays, frame
from .rooms import Manager, Room
from .store import Store

STATIC = Path(__file__).parent / "static"
LOG = logging.getLogger("soan.web")
JSON_TYPES = ("application/json", "application/x-ndjson", "application/jsonl", "application/jsonlines")
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
}
ALL_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def _lang(lang: str | None, room: Room | None = None) -> str:
    if lang in ("ja", "en"):
        return lang
    if lang:
        raise RoomError(422, f"lang must be 'ja' or 'en', got {lang[:20]!r}", f"lang は 'ja' か 'en' です（指定：{lang[:20]!r}）")
    return room.lang if room else "ja"


def create_app(db: str = "soan.sqlite", bot_delay: float = 0.4, limits: Limits | None = None,
               public_url: str | None = None, lan_url: str | None = None, stop_bots: bool = False) -> FastAPI:
    """The app. `public_url`: the address people open (behind a reverse proxy), used in invitation links
    and the Origin check; `lan_url`: the address friends on the same network open, used in links made
    from a page opened on this computer (127.0.0.1); `stop_bots`: the bot processes end with the app
    (`soan serve`; else they stay for the next app of this process)."""
    lim = limits or Limits()
    lim.check()
    store = Store(db)
    mgr = Manager(store, bot_delay=bot_delay, limits=lim)
    replays = Replays(lim)
    room_rate, replay_rate = RateLimit(), RateLimit()
    public = public_url.rstrip("/") if public_url else None

    async def sweep() -> None:
        while True:
            await asyncio.sleep(15)
            mgr.evict()

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        _app.state.resumed = await mgr.resume()  # the rooms whose bots have a move to make continue
        sweeper = asyncio.get_running_loop().create_task(sweep())
        yield
        sweeper.cancel()
        with suppress(asyncio.CancelledError):
            await sweeper
        await mgr.close()
        store.close()
        if stop_bots:
            await asyncio.to_thread(botwork.shutdown)

    app = FastAPI(title="soan", lifespan=lifespan)
    app.state.manager = mgr
    app.state.replays = replays
    app.state.stored = store.count()
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def said_lang(request: Request) -> str | None:
        return request.query_params.get("lang") or getattr(request.state, "lang", None)

    @app.exception_handler(RoomError)
    async def _room_error(request: Request, e: RoomError) -> JSONResponse:
        return JSONResponse({"error": e.said(said_lang(request))}, status_code=e.status)

    @app.exception_handler(ReplayError)
    async def _replay_error(request: Request, e: ReplayError) -> JSONResponse:
        return JSONResponse({"error": e.ja if said_lang(request) == "ja" and e.ja else str(e)}, status_code=422)

    app.add_middleware(Guard, public=public)

    # -- pages --------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/room/{gid}", include_in_schema=False)
    async def waiting_room(gid: str) -> FileResponse:  # no such game: the page says so in its reader's language
        return FileResponse(STATIC / "room.html", status_code=await _page_status(gid))

    @app.get("/play/{gid}", include_in_schema=False)
    async def play_page(gid: str) -> FileResponse:
        return FileResponse(STATIC / "play.html", status_code=await _page_status(gid))

    async def _page_status(gid: str) -> int:
        try:
            await mgr.fetch(gid)
        except RoomError:
            return 404
        return 200

    @app.exception_handler(StarletteHTTPException)
    async def _not_found(req: Request, e: StarletteHTTPException) -> Response:
        """A page that does not exist is a page in the reader's language; the API keeps its JSON."""
        if e.status_code == 404 and not req.url.path.startswith(("/api/", "/ws/", "/static/", "/boards/")):
            return FileResponse(STATIC / "error.html", status_code=404)
        return JSONResponse({"error": str(e.detail)}, status_code=e.status_code)

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @app.get("/boards/{game}.js", include_in_schema=False)
    async def board(game: str) -> FileResponse:
        try:
            wb = game_info(game).hooks.web_board
        except Exception:
            wb = None
        if wb is None:
            raise RoomError(404, f"no board page for {game[:40]!r}; the generic page serves it")
        return FileResponse(wb.script, media_type="text/javascript")

    @app.get("/boards/{game}.css", include_in_schema=False)
    async def board_style(game: str) -> FileResponse:
        try:
            wb = game_info(game).hooks.web_board
        except Exception:
            wb = None
        if wb is None or wb.style is None:
            raise RoomError(404, f"no board stylesheet for {game[:40]!r}")
        return FileResponse(wb.style, media_type="text/css")

    # -- API ----------------------------------------------------------------------------------
    @app.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        bots = catalogue_bots()
        return {"games": games(), "bots": bots, "bot_options": lim.bot_options,
                "bot_names": {b: {lg: bot_label(b, lg) for lg in ("ja", "en")} for b in bots}}

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        rows = await mgr._db(store.recent, 50)
        for r in rows:
            live = mgr.rooms.get(r["id"])
            if live is not None:
                r["moves"], r["over"] = len(live.moves), live.state.is_over()
            r["version"] = r.pop("moves")
        return {"games": rows}

    @app.post("/api/games", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        body = parse_json(await read_body(request, lim.body_bytes), lim)
        if isinstance(body, dict) and body.get("lang") in ("ja", "en"):
            request.state.lang = body["lang"]
        who = client_key(request)
        if mgr.open_count(who) >= lim.rooms_per_client:
            raise too_many(f"unfinished rooms from your address (at most {lim.rooms_per_client})",
                           f"あなたのアドレスから作られた未終了の部屋（上限{lim.rooms_per_client}）")
        if sum(1 for r in mgr.rooms.values() if not r.state.is_over()) >= lim.rooms_open:
            raise too_many(f"rooms on this server (at most {lim.rooms_open} at once); try again later",
                           f"このサーバーの部屋（同時に{lim.rooms_open}まで）")
        mgr.check_request(body)  # a bad request is named before it counts
        wait = room_rate.hit(who, lim.rooms_per_minute)
        if wait:
            raise too_many(f"rooms created from your address (at most {lim.rooms_per_minute} a minute)",
                           f"あなたのアドレスから作られた部屋（1分に{lim.rooms_per_minute}まで）", wait)
        room = await mgr.create(body, who)
        mgr.kick(room)
        return {"id": room.id, "host": room.host, "room_url": f"/room/{room.id}?host={room.host}",
                "seats": _invites(room, _base(request, public, lan_url))}

    @app.get("/api/games/{gid}")
    async def get_game(gid: str, token: str | None = None, lang: str | None = None) -> Response:
        room = await mgr.fetch(gid)
        seat = room.seat_of(token)
        await mgr.join(room, seat)
        return _json(room.payload_text(seat, _lang(lang, room)))

    @app.get("/api/games/{gid}/invites")
    async def invites(gid: str, request: Request, host: str | None = None) -> dict[str, Any]:
        room = await mgr.fetch(gid)
        if not room.is_host(host):
            raise RoomError(403, "only the host (the link given when the game was created) sees the invitations",
                            "招待リンクを見られるのはホスト（ゲームを作ったときのリンク）だけです")
        return {"id": room.id, "game": room.state.game_id, "lang": room.lang,
                "seats": _invites(room, _base(request, public, lan_url)), "waiting_for": room.waiting_for(),
                "over": room.state.is_over(), "moves": len(room.moves)}

    @app.get("/api/games/{gid}/labels")
    async def labels(gid: str, lang: str | None = None) -> dict[str, Any]:
        room = await mgr.fetch(gid)
        wb = game_info(room.state.game_id).hooks.web_board
        return wb.labels(room.state, _lang(lang, room)) if wb and wb.labels else {}

    @app.post("/api/games/{gid}/actions")
    async def act(gid: str, request: Request, token: str | None = None, lang: str | None = None) -> Response:
        t0 = time.perf_counter()
        room = await mgr.fetch(gid)
        seat = room.seat_of(token)
        if seat is None:
            raise RoomError(401, "a move needs the token of your seat (?token=...)",
                            "手を指すには自分の席のトークン（?token=...）が必要です")
        body = parse_json(await read_body(request, lim.body_bytes), lim)
        data = body.get("action", body) if isinstance(body, dict) and "type" not in body else body
        if not isinstance(data, dict | str):
            raise RoomError(422, "send an action's JSON ({\"type\": ...}) or its text (\"play 1 2 3\")",
                            "手は JSON（{\"type\": ...}）か文字（\"play 1 2 3\"）で送ります")
        await mgr.join(room, seat)
        await mgr.act(room, seat, data)
        out = room.payload_text(seat, _lang(lang, room))
        return _json(out, {"Server-Timing": f"move;dur={1000 * (time.perf_counter() - t0):.2f}"})

    @app.post("/api/games/{gid}/undo")
    async def undo(gid: str, token: str | None = None, lang: str | None = None) -> Response:
        room = await mgr.fetch(gid)
        seat = room.seat_of(token)
        if seat is None:
            raise RoomError(401, "undo needs the token of your seat (?token=...)",
                            "取り消すには自分の席のトークン（?token=...）が必要です")
        await mgr.undo(room, seat)
        return _json(room.payload_text(seat, _lang(lang, room)))

    @app.get("/api/games/{gid}/record")
    async def record(gid: str) -> Response:
        room = await mgr.fetch(gid)
        if not room.state.is_over():
            raise RoomError(403, "the record (with the seed and every hidden card) opens when the game is over",
                            "記録（シードと伏せられたカードすべてを含む）はゲームが終わってから開けます")
        body = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in room.record_lines())
        return PlainTextResponse(body, media_type="application/x-ndjson",
                                 headers={"Content-Disposition": f'attachment; filename="{room.state.game_id}-{gid}.jsonl"'})

    @app.post("/api/games/{gid}/feedback")
    async def post_feedback(gid: str, request: Request, token: str | None = None) -> dict[str, Any]:
        room = await mgr.fetch(gid)
        seat = room.seat_of(token)
        if seat is None:
            raise RoomError(401, "feedback needs the token of your seat (?token=...)",
                            "感想を送るには自分の席のトークン（?token=...）が必要です")
        data = parse_json(await read_body(request, lim.body_bytes), lim)
        return {"seat": seat, "seat_number": seat + 1, "feedback": await mgr.give_feedback(room, seat, data)}

    @app.get("/api/games/{gid}/feedback")
    async def get_feedback(gid: str) -> dict[str, Any]:
        room = await mgr.fetch(gid)
        if not room.state.is_over():
            raise RoomError(403, "feedback is open after the game", "感想はゲームが終わってから見られます")
        return {"id": gid, "game": room.state.game_id, "header": room.header,
                "feedback": [{"seat": s, "seat_number": s + 1, **fb} for s, fb in sorted(room.feedback.items())]}

    async def _replay(request: Request, body: bytes, seat: int | None) -> dict[str, Any]:
        who = client_key(request)
        header, moves, rid = await asyncio.to_thread(replays.parse, body)
        if seat is not None:
            rid = f"{rid}s{seat}"
        if not replays.known(rid, who, seat):
            wait = replay_rate.hit(who, lim.replays_per_minute)
            if wait:
                raise too_many(f"replays opened from your address (at most {lim.replays_per_minute} a minute)",
                               f"あなたのアドレスから開かれた再生（1分に{lim.replays_per_minute}まで）", wait)
            replays.keep(rid, await asyncio.to_thread(replays.build, header, moves), who, seat)
        return {"id": rid, "steps": len(replays.get(rid).replay.moves), "url": f"/replay?id={rid}", "seat": seat}

    @app.post("/api/replays", status_code=201)
    async def open_replay(request: Request) -> dict[str, Any]:
        return await _replay(request, await read_body(request, lim.record_bytes), None)

    @app.post("/api/games/{gid}/replay", status_code=201)
    async def replay_game(gid: str, request: Request, token: str | None = None) -> dict[str, Any]:
        room = await mgr.fetch(gid)
        seat = room.seat_of(token)
        live = not room.state.is_over()
        if live and seat is None:
            raise RoomError(403, "a replay of a game being played needs your seat's token (?token=...) and shows "
                            "your seat's view; the full replay opens when the game is over",
                            "対局中のゲームの再生には自分の席のトークン（?token=...）が必要で、自分の席から見えるものだけを"
                            "映します。全体の再生はゲームが終わってから開けます")
        body = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in room.record_lines()).encode()
        return await _replay(request, body, seat if live else None)

    @app.get("/api/replays/{rid}/labels")
    async def replay_labels(rid: str, lang: str | None = None) -> dict[str, Any]:
        rp = replays.get(rid).replay
        wb = game_info(rp.game).hooks.web_board
        return wb.labels(rp.snaps[0], _lang(lang)) if wb and wb.labels else {}

    @app.get("/api/replays/{rid}")
    async def replay_frame(rid: str, step: int = 0, seat: str | None = None,
                           lang: str | None = None) -> dict[str, Any]:
        held = replays.get(rid)
        rp = held.replay
        if seat is None:
            seat = "full" if held.seat is None else str(held.seat)
        if seat == "full":
            who = None
        else:
            try:
                who = int(seat)
            except ValueError:
                raise RoomError(422, f"seat takes 0-{rp.players - 1} or 'full', got {seat[:20]!r}",
                                f"seat は 0〜{rp.players - 1} か 'full' です") from None
        if held.seat is not None and who != held.seat:
            raise RoomError(403, f"this replay of a game being played shows seat {held.seat + 1}'s view only",
                            f"対局中のゲームのこの再生では、席{held.seat + 1}から見えるものだけを映します")
        return frame(rp, step, who, _lang(lang))

    # -- live ---------------------------------------------------------------------------------
    @app.websocket("/ws/games/{gid}")
    async def live(ws: WebSocket, gid: str, token: str | None = None, lang: str | None = None) -> None:
        origin = ws.headers.get("origin")
        if origin and not _same_origin(origin, ws.headers.get("host", ""), public):
            await ws.close(code=4403)
            return
        await ws.accept()
        try:
            room = await mgr.fetch(gid)
            seat = room.seat_of(token)
            lg = _lang(lang, room)
        except RoomError as e:
            await ws.send_json({"error": e.said(lang), "status": e.status})
            await ws.close(code=4000 + e.status)
            return
        q: asyncio.Queue = asyncio.Queue()
        room.subscribers.add(q)
        reader: asyncio.Future | None = None
        getter: asyncio.Future | None = None
        try:
            await mgr.join(room, seat)
            await ws.send_text(room.payload_text(seat, lg))
            reader = asyncio.ensure_future(ws.receive_text())
            while True:
                getter = asyncio.ensure_future(q.get())
                done, _ = await asyncio.wait({reader, getter}, return_when=asyncio.FIRST_COMPLETED)
                if reader in done:
                    getter.cancel()
                    reader.result()  # raises WebSocketDisconnect when the client leaves
                    reader = asyncio.ensure_future(ws.receive_text())  # pings are ignored
                    continue
                room.touched = time.monotonic()
                await ws.send_text(room.payload_text(seat, lg))
        except (WebSocketDisconnect, RuntimeError):
            pass
        except Exception:  # noqa: BLE001 - one connection's failure is logged, the socket closed cleanly
            LOG.exception("live updates of room %s stopped", gid)
            with suppress(Exception):
                await ws.close(code=1011)
        finally:
            room.subscribers.discard(q)
            for t in (reader, getter):  # never left pending: no "Task exception was never retrieved"
                if t is not None:
                    t.cancel()
                    with suppress(BaseException):
                        await t

    return app


def _json(body: str, headers: dict[str, str] | None = None) -> Response:
    """A JSON answer already encoded (a room's payload is encoded once per version)."""
    return Response(body, media_type="application/json", headers=headers)


def _same_origin(origin: str, host: str, public: str | None) -> bool:
    o = urlsplit(origin)
    if public and f"{o.scheme}://{o.netloc}" == f"{urlsplit(public).scheme}://{urlsplit(public).netloc}":
        return True
    return bool(o.netloc) and o.netloc.lower() == host.lower()


class Guard:
    """JSON-only API from this site's pages (CSRF), and security headers on every response. A plain
    ASGI middleware: it adds nothing to a request's path but the checks (no task, no stream)."""

    def __init__(self, app, public: str | None) -> None:
        self.app, self.public = app, public

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        refused = _refusal(request, self.public)
        if refused is not None:
            resp = JSONResponse({"error": refused.said(request.query_params.get("lang"))}, status_code=refused.status,
                                headers=ALL_HEADERS)
            await resp(scope, receive, send)
            return

        async def sending(message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.update(ALL_HEADERS)
                if headers.get("content-type", "").startswith("text/html"):
                    headers.update(PAGE_HEADERS)
            await send(message)

        await self.app(scope, receive, sending)


def _refusal(request: Request, public: str | None) -> RoomError | None:
    """Why a request that could change something is refused before it runs: a page of another site
    (its Origin), or a body that is not JSON (a form or text/plain post another site could send)."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return None
    origin = request.headers.get("origin")
    if origin and not _same_origin(origin, request.headers.get("host", ""), public):
        return RoomError(403, "a request from another site's page is refused (Origin check)",
                         "別のサイトのページからの要求は受け付けません（Origin の確認）")
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    has_body = request.headers.get("content-length", "0") != "0" or "transfer-encoding" in request.headers
    if (has_body or ctype) and ctype not in JSON_TYPES:
        return RoomError(415, f"the API takes JSON only (Content-Type: application/json), got {ctype[:60] or 'none'!r}",
                         "この API は JSON だけを受け付けます（Content-Type: application/json）")
    return None


def _base(request: Request, public: str | None, lan: str | None) -> str:
    """Where invitation links point: the public address if set; the LAN address for a page opened on
    this computer when the server listens on every address; else the address the request came to."""
    if public:
        return public
    base = str(request.base_url).rstrip("/")
    host = urlsplit(base).hostname or ""
    if lan and (host in ("localhost", "::1") or host.startswith("127.")):
        return lan
    return base


def _invites(room: Room, base: str) -> list[dict[str, Any]]:
    return [{"seat": i, "seat_number": i + 1, "token": s["token"], "url": f"{base}/play/{room.id}?token={s['token']}",
             "joined": s["joined"]}
            for i, s in enumerate(room.seats) if s["token"]]

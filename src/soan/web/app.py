"""The ASGI app of `soan serve`: the HTTP API, WebSocket pushes and the pages (docs/web.md)."""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from ..agents import LEVELS
from ..core.game import game_info, games
from .replay_model import ReplayError
from .replays import Replays
from .rooms import Manager, Room, RoomError
from .store import Store

STATIC = Path(__file__).parent / "static"


def _lang(lang: str | None, room: Room | None = None) -> str:
    if lang in ("ja", "en"):
        return lang
    if lang:
        raise RoomError(422, f"lang must be 'ja' or 'en', got {lang!r}")
    return room.lang if room else "ja"


def create_app(db: str = "soan.sqlite", bot_delay: float = 0.4) -> FastAPI:
    store = Store(db)
    mgr = Manager(store, bot_delay=bot_delay)
    mgr.load()

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        mgr.kick_all()  # every stored room continues where it was
        yield
        for r in mgr.rooms.values():
            if r.bot_task:
                r.bot_task.cancel()
        store.close()

    app = FastAPI(title="soan", lifespan=lifespan)
    app.state.manager = mgr
    replays = Replays()
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(RoomError)
    async def _room_error(_req: Request, e: RoomError) -> JSONResponse:
        return JSONResponse({"error": e.reason}, status_code=e.status)

    @app.exception_handler(ReplayError)
    async def _replay_error(_req: Request, e: ReplayError) -> JSONResponse:
        return JSONResponse({"error": str(e)}, status_code=422)

    # -- pages --------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/room/{gid}", include_in_schema=False)
    async def waiting_room(gid: str) -> FileResponse:
        mgr.get(gid)
        return FileResponse(STATIC / "room.html")

    @app.get("/play/{gid}", include_in_schema=False)
    async def play_page(gid: str) -> FileResponse:
        mgr.get(gid)
        return FileResponse(STATIC / "play.html")

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
            raise RoomError(404, f"no board page for {game!r}; the generic page serves it")
        return FileResponse(wb.script, media_type="text/javascript")

    # -- API ----------------------------------------------------------------------------------
    @app.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        return {"games": games(), "bots": sorted(LEVELS) + ["random", "greedy", "mcts", "rollout"]}

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        return {"games": [{"id": r.id, "game": r.state.game_id, "players": r.state.cfg.players,
                           "version": len(r.moves), "over": r.state.is_over(), "created": r.created}
                          for r in sorted(mgr.rooms.values(), key=lambda r: -r.created)[:50]]}

    @app.post("/api/games", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        room = mgr.create(await _json(request))
        mgr.kick(room)
        return {"id": room.id, "host": room.host, "room_url": f"/room/{room.id}?host={room.host}",
                "seats": _invites(room, request)}

    @app.get("/api/games/{gid}")
    async def get_game(gid: str, token: str | None = None, lang: str | None = None) -> dict[str, Any]:
        room = mgr.get(gid)
        seat = room.seat_of(token)
        mgr.join(room, seat)
        return room.payload(seat, _lang(lang, room))

    @app.get("/api/games/{gid}/invites")
    async def invites(gid: str, request: Request, host: str | None = None) -> dict[str, Any]:
        room = mgr.get(gid)
        if not room.is_host(host):
            raise RoomError(403, "only the host (the link given when the game was created) sees the invitations")
        return {"id": room.id, "game": room.state.game_id, "lang": room.lang, "seats": _invites(room, request),
                "waiting_for": room.waiting_for()}

    @app.get("/api/games/{gid}/labels")
    async def labels(gid: str, lang: str | None = None) -> dict[str, Any]:
        room = mgr.get(gid)
        wb = game_info(room.state.game_id).hooks.web_board
        return wb.labels(room.state, _lang(lang, room)) if wb and wb.labels else {}

    @app.post("/api/games/{gid}/actions")
    async def act(gid: str, request: Request, response: Response, token: str | None = None,
                  lang: str | None = None) -> dict[str, Any]:
        t0 = time.perf_counter()
        room = mgr.get(gid)
        seat = room.seat_of(token)
        if seat is None:
            raise RoomError(401, "a move needs the token of your seat (?token=...)")
        body = await _json(request)
        data = body.get("action", body) if isinstance(body, dict) and "type" not in body else body
        if not isinstance(data, dict | str):
            raise RoomError(422, "send an action's JSON ({\"type\": ...}) or its text (\"play 1 2 3\")")
        mgr.join(room, seat)
        await mgr.act(room, seat, data)
        out = room.payload(seat, _lang(lang, room))
        response.headers["Server-Timing"] = f"move;dur={1000 * (time.perf_counter() - t0):.2f}"
        return out

    @app.post("/api/games/{gid}/undo")
    async def undo(gid: str, token: str | None = None, lang: str | None = None) -> dict[str, Any]:
        room = mgr.get(gid)
        seat = room.seat_of(token)
        if seat is None:
            raise RoomError(401, "undo needs the token of your seat (?token=...)")
        await mgr.undo(room, seat)
        return room.payload(seat, _lang(lang, room))

    @app.get("/api/games/{gid}/record")
    async def record(gid: str, host: str | None = None, token: str | None = None) -> Response:
        room = mgr.get(gid)
        if not room.state.is_over() and not room.is_host(host):
            raise RoomError(403, "the record is open after the game; before that only for the host (?host=...)")
        if token:
            room.seat_of(token)
        body = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in room.record_lines())
        return PlainTextResponse(body, media_type="application/x-ndjson",
                                 headers={"Content-Disposition": f'attachment; filename="{room.state.game_id}-{gid}.jsonl"'})

    @app.post("/api/games/{gid}/feedback")
    async def post_feedback(gid: str, request: Request, token: str | None = None) -> dict[str, Any]:
        room = mgr.get(gid)
        seat = room.seat_of(token)
        if seat is None:
            raise RoomError(401, "feedback needs the token of your seat (?token=...)")
        return {"seat": seat, "seat_number": seat + 1, "feedback": mgr.give_feedback(room, seat, await _json(request))}

    @app.get("/api/games/{gid}/feedback")
    async def get_feedback(gid: str, host: str | None = None) -> dict[str, Any]:
        room = mgr.get(gid)
        if not room.state.is_over() and not room.is_host(host):
            raise RoomError(403, "feedback is open after the game; before that only for the host (?host=...)")
        return {"id": gid, "game": room.state.game_id, "header": room.header,
                "feedback": [{"seat": s, "seat_number": s + 1, **fb} for s, fb in sorted(room.feedback.items())]}

    @app.post("/api/replays", status_code=201)
    async def open_replay(request: Request) -> dict[str, Any]:
        body = (await request.body()).decode("utf-8", errors="replace")
        rid = replays.add_text(body)
        return {"id": rid, "steps": len(replays.get(rid).moves), "url": f"/replay?id={rid}"}

    @app.post("/api/games/{gid}/replay", status_code=201)
    async def replay_game(gid: str, host: str | None = None) -> dict[str, Any]:
        room = mgr.get(gid)
        if not room.state.is_over() and not room.is_host(host):
            raise RoomError(403, "a replay opens after the game; before that only for the host (?host=...)")
        rid = replays.add_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in room.record_lines()))
        return {"id": rid, "steps": len(replays.get(rid).moves), "url": f"/replay?id={rid}"}

    @app.get("/api/replays/{rid}/labels")
    async def replay_labels(rid: str, lang: str | None = None) -> dict[str, Any]:
        rp = replays.get(rid)
        wb = game_info(rp.game).hooks.web_board
        return wb.labels(rp.snaps[0], _lang(lang)) if wb and wb.labels else {}

    @app.get("/api/replays/{rid}")
    async def replay_frame(rid: str, step: int = 0, seat: str = "full", lang: str | None = None) -> dict[str, Any]:
        rp = replays.get(rid)
        if seat == "full":
            who = None
        else:
            try:
                who = int(seat)
            except ValueError:
                raise RoomError(422, f"seat takes 0-{rp.players - 1} or 'full', got {seat!r}") from None
        return rp.frame(step, who, _lang(lang))

    # -- live ---------------------------------------------------------------------------------
    @app.websocket("/ws/games/{gid}")
    async def live(ws: WebSocket, gid: str, token: str | None = None, lang: str | None = None) -> None:
        await ws.accept()
        try:
            room = mgr.get(gid)
            seat = room.seat_of(token)
            lg = _lang(lang, room)
        except RoomError as e:
            await ws.send_json({"error": e.reason, "status": e.status})
            await ws.close(code=4000 + e.status)
            return
        q: asyncio.Queue = asyncio.Queue()
        room.subscribers.add(q)
        try:
            mgr.join(room, seat)
            await ws.send_json(room.payload(seat, lg))
            reader = asyncio.ensure_future(ws.receive_text())
            while True:
                getter = asyncio.ensure_future(q.get())
                done, _ = await asyncio.wait({reader, getter}, return_when=asyncio.FIRST_COMPLETED)
                if reader in done:
                    getter.cancel()
                    reader.result()  # raises WebSocketDisconnect when the client leaves
                    reader = asyncio.ensure_future(ws.receive_text())  # pings are ignored
                    continue
                await ws.send_json(room.payload(seat, lg))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            room.subscribers.discard(q)

    return app


async def _json(request: Request) -> Any:
    raw = await request.body()
    try:
        return json.loads(raw or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RoomError(422, f"the body is not JSON: {e}") from None


def _invites(room: Room, request: Request) -> list[dict[str, Any]]:
    base = str(request.base_url).rstrip("/")
    return [{"seat": i, "seat_number": i + 1, "token": s["token"], "url": f"{base}/play/{room.id}?token={s['token']}",
             "joined": s["joined"]}
            for i, s in enumerate(room.seats) if s["token"]]

"""Live updates: a WebSocket per seat (or spectator) that receives the room's view at every change."""

from __future__ import annotations

import asyncio
import logging
import time
from contextlib import suppress

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..errors import WebError
from ..http import said_lang, same_origin, status_of
from ..models import lang_given
from ..rooms import Room

router = APIRouter()
LOG = logging.getLogger("soan.web")


@router.websocket("/ws/games/{gid}")
async def live(ws: WebSocket, gid: str, token: str | None = None, lang: str | None = None) -> None:
    origin = ws.headers.get("origin")
    if origin and not same_origin(origin, ws.headers.get("host", ""), ws.app.state.site.public):
        await ws.close(code=4403)
        return
    await ws.accept()
    mgr = ws.app.state.site.manager
    try:
        room = await mgr.fetch(gid)
        seat = room.seat_of(token)
        lg = lang_given(lang) or room.lang
    except WebError as e:
        status = status_of(e)
        await ws.send_json({"error": e.said(said_lang(ws)), "status": status})
        await ws.close(code=4000 + status)
        return
    await follow(ws, mgr, room, seat, lg)


async def follow(ws: WebSocket, mgr, room: Room, seat: int | None, lang: str) -> None:
    """Send the room's view now and at every change until the client leaves (its pings are ignored)."""
    q: asyncio.Queue = asyncio.Queue()
    room.subscribers.add(q)
    reader: asyncio.Future | None = None
    getter: asyncio.Future | None = None
    try:
        await mgr.join(room, seat)
        await ws.send_text(room.payload_text(seat, lang))
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
            await ws.send_text(room.payload_text(seat, lang))
    except (WebSocketDisconnect, RuntimeError):
        pass
    except Exception:  # noqa: BLE001 - one connection's failure is logged, the socket closed cleanly
        LOG.exception("live updates of room %s stopped", room.id)
        with suppress(Exception):
            await ws.close(code=1011)
    finally:
        room.subscribers.discard(q)
        for t in (reader, getter):  # never left pending: no "Task exception was never retrieved"
            if t is not None:
                t.cancel()
                with suppress(BaseException):
                    await t

"""Live updates: a WebSocket per seat (or spectator) that receives the room's view at every change."""

from __future__ import annotations

import asyncio
import logging
import time
from contextlib import suppress

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..errors import WebError
from ..http import said_lang, same_origin, status_of
from ..limits import live_socket
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
    site = ws.app.state.site
    mgr = site.manager
    who = ws.client.host if ws.client else "?"
    try:
        live_socket(site.sockets, who)
    except WebError as e:
        await _refuse(ws, e)
        return
    try:  # the count is given back however this connection ends
        try:
            room = await mgr.fetch(gid)
            seat = room.seat_of(token)
            lg = lang_given(lang) or room.lang
        except WebError as e:
            await _refuse(ws, e)
            return
        await follow(ws, mgr, room, seat, lg, site.limits.ws_frames_per_second)
    finally:
        site.sockets.give(who)


async def _refuse(ws: WebSocket, e: WebError) -> None:
    """The reason and a close code 4000 + its status; a client already gone is no error."""
    status = status_of(e)
    with suppress(WebSocketDisconnect, RuntimeError, OSError):
        await ws.send_json({"error": e.said(said_lang(ws)), "status": status})
        await ws.close(code=4000 + status)


class Pings:
    """A client's messages: text pings, at most `per_second` a second; anything else ends the connection
    with a close code and reason (never an error in the log)."""

    def __init__(self, per_second: int) -> None:
        self.per_second, self.window, self.count = per_second, 0.0, 0

    def check(self, message: dict) -> tuple[int, str] | None:
        if message.get("type") == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        if message.get("text") is None:
            return 1003, "text messages only"
        now = time.monotonic()
        if now - self.window >= 1.0:
            self.window, self.count = now, 0
        self.count += 1
        if self.count > self.per_second:
            return 1008, f"more than {self.per_second} messages a second"
        return None


async def follow(ws: WebSocket, mgr, room: Room, seat: int | None, lang: str, per_second: int = 20) -> None:
    """Send the room's view now and at every change until the client leaves (its pings are ignored,
    within their rate)."""
    q: asyncio.Queue = asyncio.Queue()
    room.subscribers.add(q)
    reader: asyncio.Future | None = None
    getter: asyncio.Future | None = None
    pings = Pings(per_second)
    try:
        await mgr.join(room, seat)
        await ws.send_text(room.payload_text(seat, lang))
        reader = asyncio.ensure_future(ws.receive())
        while True:
            getter = asyncio.ensure_future(q.get())
            done, _ = await asyncio.wait({reader, getter}, return_when=asyncio.FIRST_COMPLETED)
            if reader in done:
                getter.cancel()
                bad = pings.check(reader.result())  # raises WebSocketDisconnect when the client leaves
                if bad is not None:
                    await ws.close(code=bad[0], reason=bad[1])
                    return
                reader = asyncio.ensure_future(ws.receive())  # pings are ignored
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

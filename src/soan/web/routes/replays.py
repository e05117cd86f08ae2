"""Replays: a record uploaded, or a room's record (a live game's for its seat only), stepped through."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from ...core.game import game_info
from ..errors import NotOpenYet, TooManyReplays
from ..limits import client_key, read_body, too_many
from ..models import FrameQuery, SeatQuery
from ..replays import frame
from .deps import RoomDep, SeatDep, Site, SiteDep

router = APIRouter(prefix="/api")


async def held_replay(request: Request, site: Site, body: bytes, seat: int | None) -> dict[str, Any]:
    """The replay of a record's text (held for the client that asked; `seat`: a live game's one view)."""
    who = client_key(request)
    replays, lim = site.replays, site.limits
    header, moves, rid = await asyncio.to_thread(replays.parse, body)
    if seat is not None:
        rid = f"{rid}s{seat}"
    if not replays.known(rid, who, seat):
        wait = site.replay_rate.hit(who, lim.replays_per_minute)
        if wait:
            raise too_many(f"replays opened from your address (at most {lim.replays_per_minute} a minute)",
                           f"あなたのアドレスから開かれた再生（1分に{lim.replays_per_minute}まで）", wait, TooManyReplays)
        replays.keep(rid, await asyncio.to_thread(replays.build, header, moves), who, seat)
    return {"id": rid, "steps": len(replays.get(rid).replay.moves), "url": f"/replay?id={rid}", "seat": seat}


@router.post("/replays", status_code=201)
async def open_replay(request: Request, site: SiteDep) -> dict[str, Any]:
    return await held_replay(request, site, await read_body(request, site.limits.record_bytes), None)


@router.post("/games/{gid}/replay", status_code=201)
async def replay_game(request: Request, site: SiteDep, room: RoomDep, seat: SeatDep) -> dict[str, Any]:
    live = not room.state.is_over()
    if live and seat is None:
        raise NotOpenYet("a replay of a game being played needs your seat's token (?token=...) and shows "
                         "your seat's view; the full replay opens when the game is over",
                         "対局中のゲームの再生には自分の席のトークン（?token=...）が必要で、自分の席から見えるものだけを"
                         "映します。全体の再生はゲームが終わってから開けます")
    body = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in room.record_lines()).encode()
    return await held_replay(request, site, body, seat if live else None)


@router.get("/replays/{rid}/labels")
async def replay_labels(rid: str, site: SiteDep, q: Annotated[SeatQuery, Query()]) -> dict[str, Any]:
    rp = site.replays.get(rid).replay
    wb = game_info(rp.game).hooks.web_board
    return wb.labels(rp.snaps[0], q.lang or "ja") if wb and wb.labels else {}


@router.get("/replays/{rid}")
async def replay_frame(rid: str, site: SiteDep, q: Annotated[FrameQuery, Query()]) -> dict[str, Any]:
    held = site.replays.get(rid)
    return frame(held.replay, q.step, site.replays.view_of(held, q.seat), q.lang or "ja")

"""The rooms API: the catalogue, new rooms, a seat's view, moves, undo, the record and playtest feedback."""

from __future__ import annotations

import json
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import PlainTextResponse, Response

from ...agents.names import bot_label
from ...core.game import game_info, games
from ..errors import HostOnly, NotOpenYet, TooManyRooms
from ..limits import catalogue_bots, client_key, too_many
from ..models import LANGS, ActionBody, Feedback, RoomSettings, validated
from .deps import JsonBody, RoomDep, SeatDep, SeatQ, SiteDep, invites, json_text, token_needed

router = APIRouter(prefix="/api")


@router.get("/catalog")
async def catalog(site: SiteDep) -> dict[str, Any]:
    bots = catalogue_bots()
    return {"games": games(), "bots": bots, "bot_options": site.limits.bot_options,
            "bot_names": {b: {lg: bot_label(b, lg) for lg in ("ja", "en")} for b in bots}}


@router.get("/games")
async def list_games(site: SiteDep) -> dict[str, Any]:
    rows = await site.manager.recent(50)
    for r in rows:
        r["version"] = r.pop("moves")
    return {"games": rows}


# -- a new room: its body read, the counts checked, then the settings validated ----------------------
async def said_body(request: Request, body: JsonBody) -> Any:
    """The body, whose language (when it says 'ja' or 'en' as `lang`) the refusals of this request are
    said in, before the query's and the Accept-Language header's (web/http.py `said_lang`); any other
    `lang` is refused when the body is validated."""
    if isinstance(body, dict) and body.get("lang") in LANGS:
        request.state.lang = body["lang"]
    return body


SaidBody = Annotated[Any, Depends(said_body)]


async def room_capacity(request: Request, site: SiteDep, _body: SaidBody) -> str:
    """Who asks, when the rooms open (theirs and the server's) leave room for one more."""
    lim, who = site.limits, client_key(request)
    if site.manager.open_count(who) >= lim.rooms_per_client:
        raise too_many(f"unfinished rooms from your address (at most {lim.rooms_per_client})",
                       f"あなたのアドレスから作られた未終了の部屋（上限{lim.rooms_per_client}）", kind=TooManyRooms)
    if site.manager.open_rooms_total() >= lim.rooms_open:
        raise too_many(f"rooms on this server (at most {lim.rooms_open} at once); try again later",
                       f"このサーバーの部屋（同時に{lim.rooms_open}まで）", kind=TooManyRooms)
    return who


async def room_settings(site: SiteDep, body: SaidBody,
                        _who: Annotated[str, Depends(room_capacity)]) -> RoomSettings:
    """The body as RoomSettings (a bad request is named before it counts against the rate)."""
    return validated(RoomSettings, body, limits=site.limits)


@router.post("/games", status_code=201)
async def create(request: Request, site: SiteDep, settings: Annotated[RoomSettings, Depends(room_settings)],
                 who: Annotated[str, Depends(room_capacity)]) -> dict[str, Any]:
    lim = site.limits
    wait = site.room_rate.hit(who, lim.rooms_per_minute)
    if wait:
        raise too_many(f"rooms created from your address (at most {lim.rooms_per_minute} a minute)",
                       f"あなたのアドレスから作られた部屋（1分に{lim.rooms_per_minute}まで）", wait, TooManyRooms)
    room = await site.manager.create(settings, who)
    site.manager.kick(room)
    return {"id": room.id, "host": room.host, "room_url": f"/room/{room.id}?host={room.host}",
            "seats": invites(room, site.base(request))}


# -- a room --------------------------------------------------------------------------------------------
@router.get("/games/{gid}")
async def get_game(room: RoomDep, seat: SeatDep, q: SeatQ) -> Response:
    """The seat's view (a spectator's without a token). A read: it joins no seat, stores nothing and
    starts no bot (`POST .../join`, a move or the live connection do)."""
    return json_text(room.payload_text(seat, q.lang or room.lang))


@router.post("/games/{gid}/join")
async def join(site: SiteDep, room: RoomDep, seat: Annotated[int, Depends(token_needed("joining", "参加する"))],
               q: SeatQ) -> Response:
    """The token's person takes their seat (as opening the play page does): stored, the bots woken;
    the seat's view."""
    await site.manager.join(room, seat)
    return json_text(room.payload_text(seat, q.lang or room.lang))


@router.get("/games/{gid}/invites")
async def get_invites(request: Request, site: SiteDep, room: RoomDep, host: str | None = None) -> dict[str, Any]:
    if not room.is_host(host):
        raise HostOnly("only the host (the link given when the game was created) sees the invitations",
                       "招待リンクを見られるのはホスト（ゲームを作ったときのリンク）だけです")
    return {"id": room.id, "game": room.state.game_id, "lang": room.lang,
            "seats": invites(room, site.base(request)), "waiting_for": room.waiting_for(),
            "over": room.state.is_over(), "moves": len(room.moves)}


@router.get("/games/{gid}/labels")
async def labels(room: RoomDep, q: SeatQ) -> dict[str, Any]:
    wb = game_info(room.state.game_id).hooks.web_board
    return wb.labels(room.state, q.lang or room.lang) if wb and wb.labels else {}


MoverDep = Annotated[int, Depends(token_needed("a move", "手を指す"))]


async def action_body(_seat: MoverDep, body: SaidBody) -> ActionBody:
    """The body as a move (after the seat: a move without a token is refused before its body is read)."""
    return validated(ActionBody, body)


@router.post("/games/{gid}/actions")
async def act(site: SiteDep, room: RoomDep, seat: MoverDep, move: Annotated[ActionBody, Depends(action_body)],
              q: SeatQ) -> Response:
    t0 = time.perf_counter()
    await site.manager.join(room, seat)
    await site.manager.act(room, seat, move)
    out = room.payload_text(seat, q.lang or room.lang)
    return json_text(out, {"Server-Timing": f"move;dur={1000 * (time.perf_counter() - t0):.2f}"})


@router.post("/games/{gid}/undo")
async def undo(site: SiteDep, room: RoomDep, seat: Annotated[int, Depends(token_needed("undo", "取り消す"))],
               q: SeatQ) -> Response:
    await site.manager.undo(room, seat)
    return json_text(room.payload_text(seat, q.lang or room.lang))


@router.get("/games/{gid}/record")
async def record(room: RoomDep) -> Response:
    if not room.state.is_over():
        raise NotOpenYet("the record (with the seed and every hidden card) opens when the game is over",
                         "記録（シードと伏せられたカードすべてを含む）はゲームが終わってから開けます")
    body = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in room.record_lines())
    name = f"{room.state.game_id}-{room.id}.jsonl"
    return PlainTextResponse(body, media_type="application/x-ndjson",
                             headers={"Content-Disposition": f'attachment; filename="{name}"'})


# -- playtest feedback -----------------------------------------------------------------------------------
FeedbackSeat = Annotated[int, Depends(token_needed("feedback", "感想を送る"))]


async def feedback_body(site: SiteDep, room: RoomDep, _seat: FeedbackSeat, body: JsonBody) -> Feedback:
    """The body as Feedback, once the game is over (a game being played refuses any answers first)."""
    site.manager.feedback_open(room)
    return validated(Feedback, body)


@router.post("/games/{gid}/feedback")
async def post_feedback(site: SiteDep, room: RoomDep, seat: FeedbackSeat,
                        answers: Annotated[Feedback, Depends(feedback_body)]) -> dict[str, Any]:
    return {"seat": seat, "seat_number": seat + 1, "feedback": await site.manager.give_feedback(room, seat, answers)}


@router.get("/games/{gid}/feedback")
async def get_feedback(room: RoomDep) -> dict[str, Any]:
    if not room.state.is_over():
        raise NotOpenYet("feedback is open after the game", "感想はゲームが終わってから見られます")
    return {"id": room.id, "game": room.state.game_id, "header": room.header,
            "feedback": [{"seat": s, "seat_number": s + 1, **fb} for s, fb in sorted(room.feedback.items())]}


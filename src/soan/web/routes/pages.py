"""The pages: the lobby, a room's waiting and play pages, the replay page and the games' boards."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

from ...core.game import game_info
from ..errors import NoBoard, WebError
from ..http import STATIC
from .deps import SiteDep

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "lobby.html")


@router.get("/favicon.ico")
async def favicon() -> Response:
    return Response(status_code=204)


async def page_status(site: SiteDep, gid: str) -> int:
    """200 for a room that exists, else 404 (the page says so in its reader's language)."""
    try:
        await site.manager.fetch(gid)
    except WebError:  # no such room, or one this version cannot make
        return 404
    return 200


@router.get("/room/{gid}")
async def waiting_room(gid: str, site: SiteDep) -> FileResponse:
    return FileResponse(STATIC / "room.html", status_code=await page_status(site, gid))


@router.get("/play/{gid}")
async def play_page(gid: str, site: SiteDep) -> FileResponse:
    return FileResponse(STATIC / "play.html", status_code=await page_status(site, gid))


@router.get("/replay")
async def replay_page() -> FileResponse:
    return FileResponse(STATIC / "replay.html")


def web_board(game: str):
    try:
        return game_info(game).hooks.web_board
    except Exception:  # noqa: BLE001 - an unknown game has no board
        return None


@router.get("/boards/{game}.js")
async def board(game: str) -> FileResponse:
    wb = web_board(game)
    if wb is None:
        raise NoBoard(f"no board page for {game[:40]!r}; the generic page serves it")
    return FileResponse(wb.script, media_type="text/javascript")


@router.get("/boards/{game}.css")
async def board_style(game: str) -> FileResponse:
    wb = web_board(game)
    if wb is None or wb.style is None:
        raise NoBoard(f"no board stylesheet for {game[:40]!r}")
    return FileResponse(wb.style, media_type="text/css")

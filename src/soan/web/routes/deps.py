"""What the routes share: the site (rooms, replays, limits, addresses), and the dependencies that find
the room a request names, the seat its token acts for and its JSON body (read within the limits)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, Path, Query, Request
from fastapi.responses import Response
from starlette.requests import HTTPConnection

from ..errors import TokenRequired
from ..limits import Counts, Limits, RateLimit, parse_json, read_body
from ..models import SeatQuery
from ..replays import Replays
from ..rooms import Manager, Room
from ..store import Store


@dataclass
class Site:
    """One app's rooms, replays and limits; `public`: the address people open (behind a proxy), `lan`:
    the address friends on the same network open (for links made from a page on this computer)."""

    store: Store
    manager: Manager
    replays: Replays
    limits: Limits
    public: str | None = None
    lan: str | None = None
    sockets: Counts = field(default_factory=lambda: Counts(16, 1000))
    room_rate: RateLimit = field(default_factory=RateLimit)
    replay_rate: RateLimit = field(default_factory=RateLimit)

    @classmethod
    def open(cls, db: str, bot_delay: float, limits: Limits, public_url: str | None = None,
             lan_url: str | None = None) -> Site:
        """The site on the database `db` (opened now)."""
        if not isinstance(db, str) or not db:
            raise ValueError(f"db is a file name or database URL, got {db!r}")
        if isinstance(bot_delay, bool) or not isinstance(bot_delay, int | float) or bot_delay < 0:
            raise ValueError(f"bot_delay is seconds (0 or more), got {bot_delay!r}")
        store = Store(db)
        return cls(store, Manager(store, bot_delay=bot_delay, limits=limits), Replays(limits), limits,
                   public_url.rstrip("/") if public_url else None, lan_url,
                   Counts(limits.websockets_per_client, limits.websockets_open))

    def base(self, request: Request) -> str:
        """Where invitation links point: the public address if set; the LAN address for a page opened on
        this computer when the server listens on every address; else the address the request came to."""
        if self.public:
            return self.public
        base = str(request.base_url).rstrip("/")
        host = urlsplit(base).hostname or ""
        if self.lan and (host in ("localhost", "::1") or host.startswith("127.")):
            return self.lan
        return base


def site_of(conn: HTTPConnection) -> Site:
    return conn.app.state.site


SiteDep = Annotated[Site, Depends(site_of)]
SeatQ = Annotated[SeatQuery, Query()]


async def room_of(gid: Annotated[str, Path()], site: SiteDep) -> Room:
    """The room the path names (RoomNotFound when there is none)."""
    return await site.manager.fetch(gid)


RoomDep = Annotated[Room, Depends(room_of)]


async def seat_of(room: RoomDep, q: SeatQ) -> int | None:
    """The seat the query's token acts for (None: a spectator; UnknownToken for any other text)."""
    return room.seat_of(q.token)


SeatDep = Annotated[int | None, Depends(seat_of)]


def token_needed(what: str, what_ja: str):
    """A dependency: the seat of the query's token, which `what` needs (TokenRequired without one)."""

    async def seat(s: SeatDep) -> int:
        if s is None:
            raise TokenRequired(f"{what} needs the token of your seat (?token=...)",
                                f"{what_ja}には自分の席のトークン（?token=...）が必要です")
        return s

    return seat


async def json_body(request: Request, site: SiteDep) -> Any:
    """The body as JSON, within the limits (its bytes, nesting and numbers)."""
    return parse_json(await read_body(request, site.limits.body_bytes), site.limits)


JsonBody = Annotated[Any, Depends(json_body)]


def json_text(body: str, headers: dict[str, str] | None = None) -> Response:
    """A JSON answer already encoded (a room's payload is encoded once per version)."""
    return Response(body, media_type="application/json", headers=headers)


def invites(room: Room, base: str) -> list[dict[str, Any]]:
    """The invitation links of a room's people's seats."""
    return [{"seat": i, "seat_number": i + 1, "token": s["token"], "url": f"{base}/play/{room.id}?token={s['token']}",
             "joined": s["joined"]}
            for i, s in enumerate(room.seats) if s["token"]]

"""The ASGI app of `soan serve`: the HTTP API, WebSocket pushes and the pages (docs/web.md).

Every request is bounded (web/limits.py): bodies, JSON, bot specs, rooms and replays per client; bodies
and queries are validated by their models (web/models.py). The API takes JSON only and refuses a request
from another site's page (the Origin check); pages carry security headers (CSP, nosniff, no framing);
the rooms' refusals (web/errors.py) become HTTP statuses in web/http.py. The host key manages a room
(invitations, who joined) and sees nothing hidden; the record opens when the game is over. The routes
are in web/routes/, one router per part."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterable
from contextlib import asynccontextmanager, suppress

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from . import botwork
from .http import STATIC, Guard, install_handlers
from .limits import Limits
from .routes import ROUTERS
from .routes.deps import Site

SWEEP_SECONDS = 15  # how often rooms idle or finished may leave memory


def create_app(db: str = "soan.sqlite", bot_delay: float = 0.4, limits: Limits | None = None,
               public_url: str | None = None, lan_url: str | None = None, stop_bots: bool = False,
               hosts: Iterable[str] | None = None, api_docs: bool = False) -> FastAPI:
    """The app. `public_url`: the address people open (behind a reverse proxy), used in invitation links
    and the Origin check; `lan_url`: the address friends on the same network open, used in links made
    from a page opened on this computer (127.0.0.1); `stop_bots`: the bot processes end with the app
    (`soan serve`; else they stay for the next app of this process); `hosts`: the host names a request
    may name (`soan serve` gives those it prints; None: any); `api_docs`: serve /docs, /redoc and
    /openapi.json (off unless asked)."""
    if limits is not None and not isinstance(limits, Limits):
        raise TypeError(f"limits is a Limits, got {type(limits).__name__}")
    if hosts is not None and (isinstance(hosts, str) or not all(isinstance(h, str) and h for h in hosts)):
        raise TypeError(f"hosts is a list of host names, got {hosts!r}")
    lim = limits or Limits()
    lim.check()
    site = Site.open(db, bot_delay, lim, public_url, lan_url)
    app = FastAPI(title="soan", lifespan=functools.partial(lifespan, site=site, stop_bots=stop_bots),
                  docs_url="/docs" if api_docs else None, redoc_url="/redoc" if api_docs else None,
                  openapi_url="/openapi.json" if api_docs else None)
    app.state.site, app.state.manager, app.state.replays = site, site.manager, site.replays
    app.state.stored = site.store.count()
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    install_handlers(app)
    app.add_middleware(Guard, public=site.public, body_seconds=lim.body_seconds,
                       hosts=None if hosts is None else frozenset(h.lower() for h in hosts))
    for router in ROUTERS:
        app.include_router(router)
    return app


async def sweep(site: Site) -> None:
    """Rooms out of memory now and then (they stay stored)."""
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        site.manager.evict()


@asynccontextmanager
async def lifespan(app: FastAPI, *, site: Site, stop_bots: bool):
    """The rooms whose bots have a move to make continue at start; at the end every room's bots stop and
    the store closes (and the bot processes end with `stop_bots`)."""
    app.state.resumed = await site.manager.resume()
    sweeper = asyncio.get_running_loop().create_task(sweep(site))
    yield
    sweeper.cancel()
    with suppress(asyncio.CancelledError):
        await sweeper
    await site.manager.close()
    site.store.close()
    if stop_bots:
        await asyncio.to_thread(botwork.shutdown)

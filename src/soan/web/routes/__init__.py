"""The app's routes, one router each: the pages, the rooms API, replays and live updates."""

from __future__ import annotations

from . import games, live, pages, replays

ROUTERS = (pages.router, games.router, replays.router, live.router)

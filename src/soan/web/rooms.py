"""The rooms' manager: rooms in memory and in the store, creating and loading them, moves, undo,
feedback, the caps on unfinished rooms and the bots' turns. A room itself is web/room.py; the bots'
fair shared pool is web/botwork.py."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..agents import SeatView, make_agent
from ..core import words
from ..core.actions import parse_action
from ..core.errors import ConfigError, IllegalAction, SoanError
from ..core.records import header_for
from ..core.rng import derive
from . import botwork
from .botwork import FairPool
from .errors import (
    BadRequest,
    CannotUndo,
    FeedbackNotOpen,
    RoomNotFound,
    WebError,
)
from .limits import Limits, check_bot
from .models import ActionBody, Feedback, RoomSettings, validated
from .room import Room, public_observation, state_of
from .store import Store

LOG = logging.getLogger("soan.web")
RECENT = 10.0  # seconds: a room used this recently stays in memory (a request may still hold it)

__all__ = ["FairPool", "Manager", "Room", "public_observation", "state_of"]


UNDO_JA = words.japanese("web_undo")  # core/words/ja.toml: the undo refusals in Japanese


class Manager:
    """The rooms in memory, the store behind them and the bots that play in them.

    Memory holds at most `limits.rooms_in_memory` rooms (the most recently used); a finished room, or
    one idle for `limits.idle_seconds` with nobody connected and no bot working, leaves memory and is
    loaded again from the store when a request names it. Start-up loads only the rooms whose bots have
    a move to make. Database writes run on one thread of their own, off the event loop."""

    def __init__(self, store: Store, bot_delay: float = 0.4, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        self.bot_delay = bot_delay
        self.bots = FairPool(self.limits.bot_workers, self.limits.bot_processes)
        self.db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="soan-db")
        self.loading: dict[str, asyncio.Future] = {}
        # the unfinished rooms, counted from the store (a restart or a room leaving memory changes nothing),
        # kept up to date as rooms are made, moves made and games end; one abandoned for
        # `rooms_abandoned_hours` no longer counts
        self.unfinished: dict[str, tuple[str, float]] = {}  # room -> (its client, when it last saw a move)
        for gid, client, active in store.unfinished():
            self.unfinished[gid] = (client, active)

    async def _db(self, fn, *args) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    # -- create / load --------------------------------------------------------------------------
    async def create(self, settings: RoomSettings | dict[str, Any], client: str = "") -> Room:
        """A new room as `settings` ask (a dict is validated as RoomSettings first, with this server's limits),
        stored before it is returned; `client`: who asked (counts its open rooms)."""
        if isinstance(settings, dict):
            settings = validated(RoomSettings, settings, limits=self.limits)
        if not isinstance(settings, RoomSettings):
            raise TypeError(f"create() takes RoomSettings (or their JSON object), got {type(settings).__name__}")
        if not isinstance(client, str):
            raise TypeError(f"client is the address that asked, as text, got {type(client).__name__}")
        state, bots, lang = settings.take_state(), settings.seat_bots(), settings.lang
        n = state.cfg.players
        seats = [{"token": None if i in bots else secrets.token_urlsafe(12), "bot": bots.get(i), "joined": False}
                 for i in range(n)]
        gid = secrets.token_hex(6)
        # as terminal play writes them: `humans` 0-based, `bots` the specs of the other seats in order
        header = header_for(state, humans=[i for i in range(n) if i not in bots],
                            bots=[bots[i] for i in sorted(bots)], source="soan serve")
        room = Room(gid, state, header, seats, secrets.token_urlsafe(12), lang, 0.0, client=client, active=time.time())
        room.created = await self._db(self.store.create_game, gid, header, room.room_json())
        self._setup(room)
        self._hold(room)
        self.unfinished[gid] = (client, room.active)
        return room

    async def recent(self, n: int = 50) -> list[dict[str, Any]]:
        """The latest `n` stored games (for watching), with the moves and end of those in memory as they are now."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n is how many games, a whole number of 1 or more, got {n!r}")
        rows = await self._db(self.store.recent, n)
        for r in rows:
            live = self.rooms.get(r["id"])
            if live is not None:
                r["moves"], r["over"] = len(live.moves), live.state.is_over()
        return rows

    def _counting(self) -> list[str]:
        """The clients of the unfinished rooms that count: a move (or their creation) within
        `rooms_abandoned_hours`."""
        since = time.time() - self.limits.rooms_abandoned_hours * 3600
        return [client for client, active in self.unfinished.values() if active >= since]

    def open_rooms_total(self) -> int:
        """The unfinished rooms stored (in memory or not) that are not abandoned."""
        return len(self._counting())

    def open_count(self, client: str) -> int:
        """The unfinished rooms stored that `client` created (in memory or not) that are not abandoned."""
        return self._counting().count(client)

    def _finished(self, room: Room) -> None:
        """A game has ended: its room no longer counts against the caps."""
        self.unfinished.pop(room.id, None)

    def _setup(self, room: Room) -> None:
        agents = {}
        for i, x in enumerate(room.seats):
            if x["bot"]:
                try:  # a stored room keeps to this server's bot limits too
                    spec = check_bot(x["bot"], room.state.game_id, self.limits)
                    agents[i] = make_agent(spec, seed=derive(room.state.cfg.seed, 5000 + i))
                except (WebError, ConfigError) as e:
                    LOG.warning("room %s: seat %d's bot %r is not allowed here: %s", room.id, i + 1, x["bot"], e)
                    room.bot_error = True
        room.agents = {} if room.bot_error else agents
        if room.agents:
            room.game_home = botwork.home(room.state.game_id)
        room._track_rounds()

    def _restore(self, g) -> Room:
        """A stored game as a room again, replayed move by move (in a worker thread when loaded lazily)."""
        s = state_of(g.header, g.id)
        r = Room(g.id, s, g.header, g.room["seats"], g.room["host"], g.room.get("lang", "ja"), g.created)
        r.feedback = dict(g.feedback)
        r.undone = int(g.room.get("undone", 0))
        r.stored_over = bool(g.room.get("over"))
        r.client = str(g.room.get("client", ""))
        r.active = float(g.room.get("active") or g.created)
        for seat, aj in g.moves:
            a = parse_action(s.game_id, aj)
            r.epochs.append(r.epoch())
            r.state.apply(seat, a)  # replayed in place: the stored moves were checked when they were made
            r.moves.append((seat, a))
            r._track_rounds()
        self._setup(r)
        r.show_again()  # a watching bot sees the game so far, as before the restart
        return r

    def _hold(self, room: Room) -> None:
        self.rooms[room.id] = room
        self.rooms.move_to_end(room.id)
        self.evict()

    def evict(self, now: float | None = None) -> int:
        """Rooms out of memory (they stay stored): over the cap the least recently used that may leave,
        and any finished or idle room nobody is connected to. Returns how many left."""
        now = time.monotonic() if now is None else now
        lim = self.limits
        gone = 0
        for gid in list(self.rooms):
            r = self.rooms[gid]
            busy = r.subscribers or r.lock.locked() or (r.bot_task is not None and not r.bot_task.done())
            idle = now - r.touched
            if busy or idle < RECENT:  # a request may still be using it
                continue
            over_cap = len(self.rooms) > lim.rooms_in_memory
            if over_cap or idle > lim.idle_seconds or (r.state.is_over() and idle > 60):
                del self.rooms[gid]
                gone += 1
        return gone

    async def resume(self) -> int:
        """At start: the unfinished rooms whose bots may have a move to make (every person has joined),
        the most recent first, up to the memory cap; the rest load when asked for."""
        await self.bots.start()
        rows = await self._db(self.store.resumable, self.limits.rooms_in_memory)
        n = 0
        for gid in rows:
            try:
                r = await self.fetch(gid)
            except WebError as e:
                LOG.warning("room %s not resumed: %s", gid, e.reason)
                continue
            self.kick(r)
            n += 1
        return n

    def load_everything(self) -> int:
        """Every stored game in memory (`soan export-web`; a server loads rooms on demand)."""
        for g in self.store.load_all():
            self.rooms[g.id] = self._restore(g)
        return len(self.rooms)

    def get(self, gid: str) -> Room:
        """A room in memory (RoomNotFound otherwise): for tests and tools; requests use `fetch`."""
        r = self.rooms.get(gid)
        if r is None:
            raise RoomNotFound(f"no game {gid!r} in memory", f"メモリーにゲーム {gid!r} はありません")
        return r

    async def fetch(self, gid: str) -> Room:
        """The room `gid`, loaded from the store when it is not in memory; RoomNotFound when there is none.
        A read: nothing is written and no bot starts (a request that acts calls `join` or `wake`)."""
        r = self.rooms.get(gid)
        if r is not None:
            r.touched = time.monotonic()
            self.rooms.move_to_end(gid)
            return r
        if not isinstance(gid, str) or not 1 <= len(gid) <= 32 or not gid.isascii() or not gid.isalnum():
            raise RoomNotFound(f"no game {gid[:40]!r} on this server", f"このサーバーにゲーム {gid[:40]!r} はありません")
        fut = self.loading.get(gid)
        if fut is None:  # one load per room, however many ask at once
            fut = self.loading[gid] = asyncio.ensure_future(self._load(gid))
            fut.add_done_callback(lambda f: (self.loading.pop(gid, None),
                                             f.cancelled() or f.exception()))  # (an error is always retrieved)
        r = await asyncio.shield(fut)
        if r is None:
            raise RoomNotFound(f"no game {gid!r} on this server", f"このサーバーにゲーム {gid!r} はありません")
        return r

    async def _load(self, gid: str) -> Room | None:
        def work() -> Room | None:
            g = self.store.load_game(gid)
            return None if g is None else self._restore(g)

        r = self.rooms.get(gid)
        if r is None:
            r = await asyncio.to_thread(work)  # (not the database thread: moves commit meanwhile)
            if r is None:
                return None
            self._hold(r)
            if r.state.is_over():
                self._finished(r)
        r.touched = time.monotonic()
        return r

    async def wake(self, room: Room) -> None:
        """What a room loaded by a read leaves for a request that acts (a POST, a live connection): the
        end of a game an earlier version stored as unfinished is stored, and its bots start when they
        have a move to make. Loading a room (`fetch`) writes nothing and starts no bot."""
        if not isinstance(room, Room):
            raise TypeError(f"wake() takes a room, got {type(room).__name__}")
        if room.state.is_over() and not room.stored_over:
            await self._db(self.store.update_room, room.id, room.room_json())
            room.stored_over = True
        self.kick(room)

    # -- moves ---------------------------------------------------------------------------------
    async def join(self, room: Room, seat: int | None) -> None:
        """`seat`'s person has come (a POST or a live connection with its token; None: a spectator, who
        joins nothing): stored once, and the room woken (`wake`). Never called by a GET."""
        if not isinstance(room, Room):
            raise TypeError(f"join() takes a room, got {type(room).__name__}")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < len(room.seats)):
            raise TypeError(f"join() takes one of the room's seats (0-{len(room.seats) - 1}) or None, "
                            f"got {seat!r}")
        if seat is not None and not room.seats[seat]["joined"]:
            room.seats[seat]["joined"] = True
            await self._db(self.store.update_room, room.id, room.room_json())
            room.notify()
        await self.wake(room)

    async def act(self, room: Room, seat: int, move: ActionBody | dict[str, Any] | str) -> None:
        """Parse, check and apply one move (an ActionBody, or the action's JSON or text); committed to the
        store before it is acknowledged."""
        if not isinstance(room, Room) or not isinstance(seat, int) or not 0 <= seat < len(room.seats):
            raise TypeError(f"act() takes a room and one of its seats (0-{len(getattr(room, 'seats', [])) - 1}), "
                            f"got {seat!r}")
        data = move.root if isinstance(move, ActionBody) else validated(ActionBody, move).root
        try:
            action = parse_action(room.state.game_id, data)
        except (IllegalAction, SoanError, TypeError, ValueError) as e:
            raise BadRequest(f"malformed action: {e}", f"読めない手です：{getattr(e, 'ja', None) or e}") from None
        async with room.lock:
            await self._accept(room, seat, action)
        self.kick(room)

    async def _accept(self, room: Room, seat: int, action) -> None:
        try:
            nxt = room.apply_checked(seat, action)
        except IllegalAction as e:
            raise BadRequest(f"illegal action {str(action)!r}: {e}",
                             f"その手は今は打てません（{str(action)!r}）：{e.ja or e}") from None
        # the room's JSON goes with the move: whose turn it is and whether it is over (start-up reads them)
        room.active = time.time()
        await self._db(self.store.add_move, room.id, len(room.moves), seat, action.to_json(),
                       {**room.room_json(), "over": nxt.is_over(), "to_act": list(nxt.to_act())})
        room.push(seat, action, nxt)
        if nxt.is_over():
            self._finished(room)
        elif room.id in self.unfinished:
            self.unfinished[room.id] = (room.client, room.active)
        room.touched = time.monotonic()
        room.notify()

    async def undo(self, room: Room, seat: int) -> None:
        """Take back `seat`'s last move while the game says nothing hidden was revealed since: the state
        is rebuilt from the record without it (the row is deleted in the same commit as the room's
        undo count), so every view and a restarted server agree."""
        async with room.lock:
            why = room.undo_refusal(seat)
            if why:
                raise CannotUndo(why, UNDO_JA.get(why))
            s = state_of(room.header, room.id)
            epochs = []
            for who, a in room.moves[:-1]:
                epochs.append(room.epoch(s))
                s.apply(who, a)
            if room.epoch(s) != room.epoch():  # safety: never undo through a reveal
                raise CannotUndo("cannot undo: hidden information was revealed since your last move",
                                 "取り消せません：最後の手のあとで伏せられていた情報が明らかになりました")
            room.undone += 1
            try:
                await self._db(self.store.undo_move, room.id, len(room.moves) - 1, room.room_json())
            except Exception:
                room.undone -= 1  # not stored: nothing changed
                raise
            room.moves.pop()
            room._words = None  # worded again from the moves that stand
            room.state, room.epochs = s, epochs
            hist = getattr(s, "history", None)
            if hist is not None:
                room.rounds_at = room.rounds_at[:len(hist)]
            room.cache.clear()
            room.show_again()  # after the commit: the watching bots judge the moves that stand
            room.notify()
        self.kick(room)

    @staticmethod
    def feedback_open(room: Room) -> None:
        """Nothing, or FeedbackNotOpen while the game is being played."""
        if not room.state.is_over():
            raise FeedbackNotOpen("feedback opens when the game is over", "感想はゲームが終わってから送れます")

    async def give_feedback(self, room: Room, seat: int, answers: Feedback | dict[str, Any]) -> dict[str, Any]:
        """Store a person's playtest answers (after the game; a dict is validated as Feedback first)."""
        if not isinstance(room, Room) or not isinstance(seat, int) or not 0 <= seat < len(room.seats):
            raise TypeError(f"give_feedback() takes a room and one of its seats, got {seat!r}")
        self.feedback_open(room)
        fb = (answers if isinstance(answers, Feedback) else validated(Feedback, answers)).model_dump()
        await self._db(self.store.set_feedback, room.id, seat, fb)
        room.feedback[seat] = fb
        room.cache.clear()
        return fb

    # -- bots ----------------------------------------------------------------------------------
    def kick(self, room: Room) -> None:
        if room.agents and (room.bot_task is None or room.bot_task.done()):
            room.bot_task = asyncio.get_running_loop().create_task(self._drive(room))

    async def _drive(self, room: Room) -> None:
        try:
            await self._bots(room)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot's bug must not stop the server; the room says so in its log
            LOG.exception("bots stopped in room %s", room.id)
            room.bot_error = True
            room.cache.clear()
            room.notify()

    async def _bots(self, room: Room) -> None:
        while not room.state.is_over() and not room.waiting_for() and room.id in self.rooms:
            ready = [x for x in room.state.to_act() if x in room.agents]
            if not ready:
                return
            seat = ready[0]
            version = room.version
            view = SeatView(room.state.clone(), seat)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            agent = room.agents[seat]
            decision, after = await self.bots.run(room.id, botwork.decide, agent, view, room.game_home)
            async with room.lock:
                if room.version != version:
                    continue  # someone moved meanwhile: decide again on the new state (the bot as it was)
                if room.agents.get(seat) is agent:
                    room.agents[seat] = after  # its random stream advanced, as if it had decided here
                await self._accept(room, seat, decision.action)

    async def close(self) -> None:
        tasks = [r.bot_task for r in self.rooms.values() if r.bot_task and not r.bot_task.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)  # no "Task exception was never retrieved"
        self.bots.shutdown()
        self.db.shutdown(wait=True)

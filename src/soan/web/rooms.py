"""Rooms: one game each, its seats (people with tokens, bots with specs), live subscribers and bots.

Rules stay on the server. What a seat receives is built from `observation(seat)`, its own legal
actions and prompt, and the log as that seat may see it (`text.log_move(..., me=seat)`); a spectator
gets only what every seat's observation shows alike. Seats are 0-based here, 1-based on pages.
"""

from __future__ import annotations

import asyncio
import functools
import heapq
import itertools
import json
import logging
import secrets
import time
from collections import OrderedDict
from concurrent.futures import BrokenExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..agents import SeatView, make_agent
from ..agents.drive import forget_watched, show_move
from ..agents.names import bot_label
from ..core import words
from ..core.actions import parse_action
from ..core.errors import ConfigError, IllegalAction, SoanError
from ..core.game import game_info
from ..core.movelog import MoveLog
from ..core.records import header_for
from ..core.replay import ReplayError, state_from_data
from ..core.replay import seat_name as player_name
from ..core.rng import derive
from . import botwork
from .errors import (
    BadRequest,
    CannotUndo,
    FeedbackNotOpen,
    GameOver,
    NotYourTurn,
    OtherVersion,
    RoomNotFound,
    UnknownToken,
    WebError,
)
from .limits import Limits, check_bot
from .models import ActionBody, Feedback, RoomSettings, validated
from .store import Store

LOG = logging.getLogger("soan.web")
LOG_LINES = 80
TURNS = 30  # the latest turns a seat receives as summary lines
RECENT = 10.0  # seconds: a room used this recently stays in memory (a request may still hold it)


def state_of(header: dict[str, Any], gid: str) -> Any:
    """A room's state from its stored header, from the registered game data only (never a file)."""
    try:
        return state_from_data(header, f"game {gid}")
    except ReplayError as e:
        raise OtherVersion(f"game {gid} was made by another version of soan and cannot be made again: {e}",
                           f"ゲーム {gid} は別の版の soan で作られたため、続けられません") from None


class FairPool:
    """Bot decisions of every room on a few workers (processes, or threads), shared fairly.

    The next decision to run is the waiting one whose room has used the least bot time so far (as a
    fair scheduler's virtual time: a room arriving starts at the time of the latest decision started),
    and one room has at most one decision running. A room whose decisions take long (on average over
    HEAVY seconds) runs on all workers but one: that one stays for rooms with quick decisions, so a
    room of slow bots never holds up another room's quick ones (with a single worker, all share it)."""

    HEAVY = 0.05  # seconds: a room whose decisions take longer on average is a heavy one

    def __init__(self, workers: int, processes: bool = True) -> None:
        self.processes = processes
        self.pool = botwork.executor(workers, processes)
        self.workers = workers
        self.running = 0
        self.heavy_running = 0
        self.vtime = 0.0
        self.spent: dict[str, float] = {}
        self.took: dict[str, float] = {}  # a room's decision time (moving average)
        self.waiting: list[tuple[float, int, str, asyncio.Future, Any, tuple, int]] = []  # (..., tries)
        self.seq = itertools.count()

    async def run(self, room_id: str, fn, *args) -> Any:
        """`fn(*args)` on a worker when the room's turn comes (in a process: `fn` and `args` pickled)."""
        fut = asyncio.get_running_loop().create_future()
        heapq.heappush(self.waiting, (max(self.spent.get(room_id, 0.0), self.vtime), next(self.seq), room_id,
                                      fut, fn, args, 0))
        self._pump()
        return await fut

    async def start(self) -> None:
        """Start the worker processes now and wait for them (a spawned process imports the games: a few
        seconds at start-up, not at the first bot's move)."""
        if self.processes:
            jobs = [asyncio.wrap_future(self.pool.submit(botwork.where)) for _ in range(self.workers)]
            await asyncio.wait(jobs, timeout=60)

    def heavy(self, rid: str) -> bool:
        return self.took.get(rid, 0.0) > self.HEAVY

    def _pump(self) -> None:
        skipped = []
        while self.running < self.workers and self.waiting:
            item = heapq.heappop(self.waiting)
            vt, _, rid, fut, fn, args, _tries = item
            if fut.done():  # its room was closed meanwhile
                continue
            heavy = self.heavy(rid)
            if heavy and self.workers > 1 and self.heavy_running >= self.workers - 1:
                skipped.append(item)  # the last worker stays for quick decisions
                continue
            self.vtime = max(self.vtime, vt)
            self.spent[rid] = vt
            self.running += 1
            self.heavy_running += heavy
            t0 = time.perf_counter()
            pool = self.pool
            try:
                job = asyncio.wrap_future(pool.submit(fn, *args))
            except BrokenExecutor:  # a worker process died (killed): a new pool, the job once more
                pool = self.pool = botwork.process_pool(self.workers, fresh=pool)  # type: ignore[arg-type]
                job = asyncio.wrap_future(pool.submit(fn, *args))
            job.add_done_callback(functools.partial(self._done, rid=rid, fut=fut, t0=t0, heavy=heavy,
                                                    item=item, pool=pool))
        for item in skipped:
            heapq.heappush(self.waiting, item)

    def _done(self, job: asyncio.Future, *, rid: str, fut: asyncio.Future, t0: float, heavy: bool,
              item: tuple, pool: Any) -> None:
        took = time.perf_counter() - t0
        self.running -= 1
        self.heavy_running -= heavy
        if self.processes and not job.cancelled() and isinstance(job.exception(), BrokenExecutor) \
                and not fut.done() and item[6] == 0:
            LOG.warning("a bot process stopped; bots go on in new processes")
            self.pool = botwork.process_pool(self.workers, fresh=pool)
            heapq.heappush(self.waiting, (*item[:6], 1))  # once: a decision that kills its worker fails
            self._pump()
            return
        self.spent[rid] = self.spent.get(rid, self.vtime) + took
        self.took[rid] = 0.7 * self.took.get(rid, took) + 0.3 * took
        if len(self.spent) > 4 * len(self.waiting) + 1000:  # rooms below the virtual time start there anyway
            self.spent = {k: v for k, v in self.spent.items() if v > self.vtime}
            self.took = {k: v for k, v in self.took.items() if k in self.spent}
        if not fut.done():
            if job.cancelled():
                fut.cancel()
            elif job.exception() is not None:
                fut.set_exception(job.exception())  # type: ignore[arg-type]
            else:
                fut.set_result(job.result())
        self._pump()

    def shutdown(self) -> None:
        for item in self.waiting:
            item[3].cancel()
        self.waiting.clear()
        if not self.processes:  # the process pool is shared by every manager of the process
            self.pool.shutdown(wait=False, cancel_futures=True)


def public_observation(state) -> dict[str, Any]:
    """What a spectator may see: the fields every seat's observation shows with the same value."""
    obs = [state.observation(s) for s in range(state.cfg.players)]
    return {k: v for k, v in obs[0].items() if k != "seat" and all(o.get(k) == v for o in obs[1:])}


@dataclass
class Room:
    id: str
    state: Any
    header: dict[str, Any]
    seats: list[dict[str, Any]]  # {"token": str|None, "bot": spec|None, "joined": bool}
    host: str
    lang: str
    created: float
    moves: list[tuple[int, Any]] = field(default_factory=list)
    rounds_at: list[int] = field(default_factory=list)  # moves applied when each history entry appeared
    subscribers: set[asyncio.Queue] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    agents: dict[int, Any] = field(default_factory=dict)
    bot_task: asyncio.Task | None = None
    cache: dict[tuple, Any] = field(default_factory=dict)  # payloads (and their JSON) of this version
    feedback: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> playtest answers
    bot_error: bool = False
    epochs: list[Any] = field(default_factory=list)  # the game's `text.epoch` before each move (undo)
    undone: int = 0  # moves taken back so far (stored with the room): `version` never goes down
    _words: MoveLog | None = None  # the moves in words, fixed when each was made (made on first demand)
    touched: float = field(default_factory=time.monotonic)  # last request or move (rooms idle long leave memory)
    stored_over: bool = False  # the stored room says the game is over
    client: str = ""  # who created it (stored with the room: counts a client's unfinished rooms)
    active: float = 0.0  # wall time of its last move (or creation), stored: an abandoned room stops counting
    game_home: tuple[str, str] | None = None  # where a bot process finds the game (botwork.home)

    @property
    def version(self) -> int:
        """Grows with every change: +1 per move, +1 per undo (the number of moves when nothing was undone)."""
        return len(self.moves) + 2 * self.undone

    @property
    def text(self):
        return game_info(self.state.game_id).hooks.text

    @property
    def words(self) -> MoveLog:
        """The log in words: each move worded on the state before it, never again afterwards."""
        if self._words is None:
            self._words = MoveLog(self.text, lambda: state_of(self.header, self.id))
            self._words.reset(self.moves)
        return self._words

    def room_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "host": self.host, "lang": self.lang, "undone": self.undone,
                "over": self.state.is_over(), "to_act": list(self.state.to_act()), "client": self.client,
                "active": self.active}

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token acts for (None without a token); any other text is UnknownToken, never a crash."""
        if not token:
            return None
        given = token.encode("utf-8", "replace")[:256]
        for i, s in enumerate(self.seats):
            if s["token"] and secrets.compare_digest(s["token"].encode(), given):
                return i
        raise UnknownToken("unknown token for this game: use the invitation link of your seat",
                           "このゲームのトークンではありません。自分の席の招待リンクを使ってください")

    def is_host(self, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(self.host.encode(), str(token).encode("utf-8", "replace")[:256])

    def waiting_for(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["token"] and not s["joined"]]

    def _track_rounds(self) -> None:
        hist = getattr(self.state, "history", None)
        if hist is not None:
            while len(self.rounds_at) < len(hist):
                self.rounds_at.append(len(self.moves))

    def apply_checked(self, seat: int, action) -> Any:
        """The state after the move, on a copy: raises IllegalAction and leaves the room untouched."""
        if self.state.is_over():
            raise GameOver("the game is over", "ゲームは終わっています")
        if seat not in self.state.to_act():
            seats = ", ".join(str(s + 1) for s in self.state.to_act())
            raise NotYourTurn(f"not your turn: waiting for seat {seats}", f"あなたの番ではありません（席{seats}の番です）")
        nxt = self.state.clone()
        nxt.apply(seat, action)
        return nxt

    def epoch(self, state=None) -> Any:
        """The game's epoch (changes at every reveal or draw), or None for a game without one."""
        fn = getattr(self.text, "epoch", None)
        return fn(state if state is not None else self.state) if fn else None

    def push(self, seat: int, action, nxt) -> None:
        """Record an accepted move (already stored) and make `nxt` the state; then bots that watch see it
        (on the state before it). A watching bot's error never undoes the move: it is logged and the
        room says its bots stopped, as for an error while a bot decides."""
        before = self.state
        self.epochs.append(self.epoch())
        self.state = nxt
        self.moves.append((seat, action))
        if self._words is not None and self.text is not None:
            self._words.add(before, seat, action, nxt)
        self._track_rounds()
        if self.agents:
            try:
                show_move(self.agents, before, seat, action)
            except Exception:  # noqa: BLE001 - a bot's bug must not stop the room
                LOG.exception("a bot failed to watch a move in room %s", self.id)
                self.bot_error = True
                self.cache.clear()

    def show_again(self) -> None:
        """After an undo or a restart: the watching bots forget what they saw and are shown the moves that
        stand, replayed from the start (not for a finished game: its bots decide no more). An error is
        handled as in `push`: logged, the room says its bots stopped, nothing stored changes."""
        if self.state.is_over() or not any(b.watching(self.state.game_id) for b in self.agents.values()):
            return
        try:
            forget_watched(self.agents)
            w = state_of(self.header, self.id)
            for who, a in self.moves:
                show_move(self.agents, w, who, a)
                w.apply(who, a)
        except Exception:  # noqa: BLE001 - a bot's bug must not stop the room or the server
            LOG.exception("a bot failed to watch the moves again in room %s", self.id)
            self.bot_error = True
            self.cache.clear()

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not take back its last move now, or None when it may."""
        if getattr(self.text, "epoch", None) is None:
            return "this game has no undo"
        if self.state.is_over():
            return "the game is over"
        if not self.moves or self.moves[-1][0] != seat:
            return "nothing of yours to undo: the last move is not yours" if self.moves else "no move yet"
        if self.epochs[-1] != self.epoch():
            return "cannot undo: hidden information was revealed since your last move (a card was drawn)"
        return None

    # -- what a client receives ---------------------------------------------------------------
    def log(self, me: int | None, lang: str) -> list[str]:
        text, s = self.text, self.state
        if text is not None:
            return self.words.entries(me, lang)[-LOG_LINES:]
        hist = getattr(s, "history", ())
        out: list[str] = []
        r = 0
        for k, (seat, a) in enumerate(self.moves):
            while r < len(self.rounds_at) and self.rounds_at[r] <= k:
                out.extend(text.render_round(s, hist[r], lang, me).splitlines() if text else [])
                r += 1
            out.append(text.log_move(s, seat, a, lang, me) if text else
                       f"{player_name(None, seat, lang, me)}: {s.action_text(a, lang)}")
        while r < len(self.rounds_at):
            out.extend(text.render_round(s, hist[r], lang, me).splitlines() if text else [])
            r += 1
        return [x for x in out if x.strip()][-LOG_LINES:]

    def payload(self, seat: int | None, lang: str) -> dict[str, Any]:
        """What `seat` (None: a spectator) receives now; built once per version, seat and language."""
        key = (self.version, seat, lang, tuple(x["joined"] for x in self.seats))
        hit = self.cache.get(key)
        if hit is None:
            if any(k[0] != self.version or k[3] != key[3] for k in self.cache):
                self.cache.clear()  # only the current version's payloads are asked for again
            hit = self.cache[key] = self._payload(seat, lang)
        return hit

    def payload_text(self, seat: int | None, lang: str) -> str:
        """`payload` as JSON text, encoded once for the answer and every push of this version."""
        data = self.payload(seat, lang)
        key = (self.version, seat, lang, tuple(x["joined"] for x in self.seats), "json")
        hit = self.cache.get(key)
        if hit is None:
            hit = self.cache[key] = json.dumps(data, ensure_ascii=False, allow_nan=False,
                                               separators=(",", ":"))
        return hit

    def _payload(self, seat: int | None, lang: str) -> dict[str, Any]:
        s = self.state
        info = game_info(s.game_id)
        over = s.is_over()
        text = self.text
        out: dict[str, Any] = {
            "id": self.id, "game": s.game_id, "name": info.name_ja if lang == "ja" else info.name,
            "players": s.cfg.players, "variants": list(s.cfg.variants), "lang": lang,
            "seat": seat, "seat_number": None if seat is None else seat + 1,
            "version": self.version, "moves": len(self.moves), "over": over,
            "to_act": list(s.to_act()), "waiting_for": self.waiting_for(),
            "seats": [{"seat": i, "seat_number": i + 1, "kind": "bot" if x["bot"] else "human",
                       "bot": x["bot"], "bot_label": bot_label(x["bot"], lang) if x["bot"] else None,
                       "joined": bool(x["joined"] or x["bot"]),
                       "name": player_name(text, i, lang, seat)} for i, x in enumerate(self.seats)],
            "observation": s.observation(seat) if seat is not None else public_observation(s),
            "scores": list(s.scores()),
            "log": self.log(seat, lang),
            "board": f"/boards/{s.game_id}.js" if info.hooks.web_board else None,
            "board_style": f"/boards/{s.game_id}.css" if info.hooks.web_board and info.hooks.web_board.style else None,
            "bot_error": self.bot_error,
            # the game's own text view of what this seat sees (the terminal's), for the generic page
            "view_text": text.render(s, seat, lang) if seat is not None and text is not None else None,
        }
        if seat is not None and not over and seat in s.to_act():
            out["prompt"] = s.prompt(seat).text(lang)
            confirm = getattr(text, "confirm", None)
            words = getattr(text, "action_text", None)  # the game's own wording of an option, if it has one
            out["legal"] = [{"i": i, "text": words(s, a, lang) if words else s.action_text(a, lang), "str": str(a),
                             "json": a.to_json(),
                             "confirm": confirm(s, a, lang) if confirm else None}
                            for i, a in enumerate(s.legal_actions(seat))]
        else:
            out["prompt"] = None
            out["legal"] = []
        out["can_undo"] = seat is not None and self.undo_refusal(seat) is None
        if text is not None and hasattr(text, "summarize_turn"):
            out["turns"] = self.turns(seat, lang)
        if over:
            out["feedback_given"] = seat in self.feedback
            ranks = s.ranks()
            out["ranking"] = [{"seat": i, "seat_number": i + 1, "rank": ranks[i], "score": out["scores"][i],
                               "name": player_name(text, i, lang, seat)} for i in s.ranking()]
        return out

    def turns(self, me: int | None, lang: str, last: int = TURNS) -> list[dict[str, Any]]:
        """The latest runs of one seat's moves (a turn, or its part), newest last: one summary line each
        (the game's `summarize_turn`, as `me` may know it), the moves' lines and JSON for details."""
        runs: list[tuple[int, int]] = []  # (start, end) of runs of one seat, newest first
        end = len(self.moves)
        while end > 0 and len(runs) < last:
            seat, start = self.moves[end - 1][0], end - 1
            while start > 0 and self.moves[start - 1][0] == seat:
                start -= 1
            runs.append((start, end))
            end = start
        words = self.words
        out = []
        for start, end in reversed(runs):
            seat = self.moves[start][0]
            acts = [a for _, a in self.moves[start:end]]
            lines = [words.line(k, me, lang) for k in range(start, end)]
            out.append({"seat": seat, "first": start, "summary": words.summary(start, end, me, lang) or lines[-1],
                        "lines": lines,
                        "actions": [a.to_json() for a in acts]})
        return out

    def record_lines(self) -> list[dict[str, Any]]:
        return [self.header] + [{"seat": seat, "action": a.to_json()} for seat, a in self.moves]

    # -- live -------------------------------------------------------------------------------------
    def notify(self) -> None:
        for q in list(self.subscribers):
            if q.empty():  # one pending wake-up is enough: the client reads the newest state
                q.put_nowait(self.version)


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
        """The room `gid`, loaded from the store when it is not in memory; RoomNotFound when there is none."""
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
            if r.state.is_over() and not r.stored_over:
                await self._db(self.store.update_room, r.id, r.room_json())
            if r.state.is_over():
                self._finished(r)
            self.kick(r)
        r.touched = time.monotonic()
        return r

    # -- moves ---------------------------------------------------------------------------------
    async def join(self, room: Room, seat: int | None) -> None:
        if seat is not None and not room.seats[seat]["joined"]:
            room.seats[seat]["joined"] = True
            await self._db(self.store.update_room, room.id, room.room_json())
            room.notify()
            self.kick(room)

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

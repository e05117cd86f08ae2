"""What one request may cost the server, and the checks that hold it to that (docs/web.md, "Limits").

Every limit is a field of `Limits` (the `soan serve` flags set them): request bodies, JSON nesting and
number sizes, bot specs in web rooms, rooms and replays per client, replays held in memory. A request
over a limit gets a clear refusal (web/errors.py; the app answers it with a 413, 422 or 429) in English,
or in Japanese with `lang=ja`; nothing is changed.
"""

from __future__ import annotations

import json
import math
import time
from collections import OrderedDict, deque
from collections.abc import Container
from dataclasses import dataclass
from typing import Any

from fastapi import Request

from ..agents import AGENTS, LEVELS, make_agent
from ..core.errors import ConfigError
from ..core.words import listed
from .errors import BadRequest, MalformedHeader, TooLarge, TooMany


@dataclass
class Limits:
    body_bytes: int = 64 * 1024  # a request's body (a move, a new room, feedback)
    record_bytes: int = 2 * 1024 * 1024  # an uploaded record (POST /api/replays)
    record_moves: int = 20_000  # lines of an uploaded record
    json_depth: int = 32  # nesting of arrays and objects
    number_digits: int = 30  # digits of a whole number in JSON (a float must be finite)
    rooms_per_minute: int = 20  # rooms one client (address) may create in a minute
    rooms_per_client: int = 100  # unfinished rooms one client may have
    rooms_open: int = 2000  # unfinished rooms on the server
    rooms_abandoned_hours: float = 24.0  # an unfinished room with no move for this long no longer counts (still stored)
    replays_per_minute: int = 30  # replays one client may open in a minute
    replays_per_client: int = 8  # replays held for one client
    replays_held: int = 64  # replays held in memory in all
    bot_options: bool = False  # web rooms take bot options (bounded by BOT_OPTIONS) besides the catalogue's names
    bot_workers: int = 2  # workers that run bot decisions (shared fairly between rooms)
    bot_processes: bool = True  # the workers are processes (the event loop never waits behind a bot); false: threads
    rooms_in_memory: int = 200  # rooms kept in memory; the least recently used finished or idle ones leave
    idle_seconds: float = 600.0  # a room nobody touched for this long may leave memory (it stays stored)
    # connections (web/conn.py, under `soan serve`): slow or many connections never lock others out
    connections_per_client: int = 64  # connections one address holds at once (WebSockets included)
    connections_open: int = 1000  # connections in all (kept below the process's file limit)
    header_seconds: float = 10.0  # a request's headers arrive within this time, else 408 and closed
    body_seconds: float = 30.0  # a request's whole body arrives within this time, else 408
    stall_seconds: float = 30.0  # an answer the client stops reading for this long: the connection is dropped
    websockets_per_client: int = 16  # live connections one address holds at once
    websockets_open: int = 1000  # live connections in all
    ws_frames_per_second: int = 20  # messages a live connection may send (its pings); more closes it (1008)
    ws_frame_bytes: int = 16 * 1024  # a message's size; larger closes the connection (1009)

    def check(self) -> None:
        for k, v in vars(self).items():
            if isinstance(v, bool):
                continue
            if not isinstance(v, int | float) or v <= 0:
                raise ValueError(f"limit {k} must be a positive number, got {v!r}")


# -- bodies and JSON ---------------------------------------------------------------------------------
async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, refused (TooLarge) as soon as it is over `limit` bytes (never read whole)."""
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            n = int(declared)
        except ValueError:
            raise MalformedHeader("Content-Length is not a number", "Content-Length が数値ではありません") from None
        if n > limit:
            raise _too_large(limit)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _too_large(limit)
        chunks.append(chunk)
    return b"".join(chunks)


def _too_large(limit: int) -> TooLarge:
    return TooLarge(f"the body is over this server's limit of {limit:,} bytes",
                     f"送られたデータがこのサーバーの上限（{limit:,}バイト）を超えています")


class _Refused(ValueError):
    pass


def parse_json(raw: bytes | str, lim: Limits, what: str = "the body") -> Any:
    """JSON with bounded nesting and numbers: a whole number of at most `number_digits` digits, a
    finite float, no NaN/Infinity; anything else is a BadRequest naming the problem."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise BadRequest(f"{what} is not UTF-8 text", f"{_ja(what)}が UTF-8 のテキストではありません") from None

    def whole(s: str) -> int:
        if len(s.lstrip("-")) > lim.number_digits:
            raise _Refused(f"a number of {len(s.lstrip('-'))} digits (at most {lim.number_digits})")
        return int(s)

    def real(s: str) -> float:
        if len(s) > lim.number_digits + 10:
            raise _Refused(f"a number written with {len(s)} characters")
        v = float(s)
        if not math.isfinite(v):
            raise _Refused(f"the number {s[:20]} is too large")
        return v

    def const(s: str) -> Any:
        raise _Refused(f"{s} is not a number JSON allows")

    try:
        data = json.loads(text or "null", parse_int=whole, parse_float=real, parse_constant=const)
    except _Refused as e:
        raise BadRequest(f"{what}: {e}", f"{_ja(what)}：数値が大きすぎるか、使えない数値です") from None
    except RecursionError:
        raise _too_deep(what, lim) from None
    except ValueError as e:
        raise BadRequest(f"{what} is not JSON: {str(e)[:120]}", f"{_ja(what)}が JSON ではありません") from None
    stack = [(data, 1)]
    while stack:  # the depth and the text, without recursion
        x, d = stack.pop()
        if isinstance(x, str):
            _text(x, what)
        elif isinstance(x, dict | list):
            if d > lim.json_depth:
                raise _too_deep(what, lim)
            if isinstance(x, dict):
                for k in x:
                    _text(k, what)
            stack.extend((y, d + 1) for y in (x.values() if isinstance(x, dict) else x))
    return data


def _text(s: str, what: str) -> None:
    """A JSON string is Unicode text: an escaped lone surrogate ("\\ud800") can be stored or sent nowhere."""
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest(f"{what} holds a lone surrogate (\\u{ord(s[_bad_at(s)]):04x}), which is no character",
                         f"{_ja(what)}に文字ではない値（孤立サロゲート）が含まれています") from None


def _bad_at(s: str) -> int:
    return next(i for i, c in enumerate(s) if 0xD800 <= ord(c) <= 0xDFFF)


def _too_deep(what: str, lim: Limits) -> BadRequest:
    return BadRequest(f"{what} is nested more than {lim.json_depth} levels deep",
                     f"{_ja(what)}の入れ子が深すぎます（上限 {lim.json_depth} 段）")


def _ja(what: str) -> str:
    if what.startswith("line "):
        return f"{what[5:]}行目"
    return "送られたデータ" if what == "the body" else what


# -- bot specs --------------------------------------------------------------------------------------
# With `--bot-options`, a web room's bot may take options within these bounds (inclusive); without it,
# only the catalogue's names (the levels, and each bot with its default options).
BOT_OPTIONS: dict[str, tuple[float, float]] = {
    "iters": (1, 2000), "time": (0, 2.0), "c": (0.01, 10), "rollout": (0, 200), "temp": (0.05, 100),
    "samples": (1, 32), "horizon": (0, 200), "plan": (0, 40), "eps": (0, 1),
    "top": (1, 8), "rounds": (1, 4), "margin": (0, 100), "policy_plan": (0, 40), "model": (0, 1),
    "watch": (1, 200), "judge": (0, 100),
}


def catalogue_bots() -> list[str]:
    return sorted(LEVELS) + sorted(AGENTS)


def check_bot(spec: Any, game_id: str, lim: Limits, seat_number: int | None = None) -> str:
    """A bot spec a web room may run, or a BadRequest naming why not: a catalogue name, or (with `bot_options`)
    a bot whose every option is within BOT_OPTIONS and whose style exists for the game."""
    where = f"bots: seat {seat_number}: " if seat_number else ""
    where_ja = f"席{seat_number}のボット：" if seat_number else ""
    if not isinstance(spec, str) or not spec.strip() or len(spec) > 120:
        raise BadRequest(f"{where}a bot is named by text such as 'normal', got {str(spec)[:40]!r}",
                        f"{where_ja}ボットは 'normal' のような名前で指定します")
    spec = spec.strip()
    names = catalogue_bots()
    if spec in names:
        return spec
    name = spec.split(":", 1)[0]
    if name not in AGENTS and name not in LEVELS:
        raise BadRequest(f"{where}unknown agent {name[:40]!r}; this server's rooms take the bots {listed(names, 'en')}",
                        f"{where_ja}ボット {name[:40]!r} はありません。このサーバーで使えるボットは{listed(names, 'ja')}です")
    if not lim.bot_options or name not in AGENTS:
        _made(spec, where, where_ja)  # a level with options is named as such
        raise BadRequest(f"{where}this server's rooms take the bots {listed(names, 'en')} (bot options need "
                        f"`soan serve --bot-options`), got {spec!r}",
                        f"{where_ja}このサーバーで使えるボットは{listed(names, 'ja')}です（オプション付きのボットは "
                        f"soan serve --bot-options で起動したサーバーだけで使えます）。指定：{spec!r}")
    for opt in spec.split(":")[1:]:
        k, v = (x.strip() for x in opt.split("=", 1))
        if k == "style":
            try:
                from ..agents.base import evaluator

                evaluator(game_id, v)
            except Exception:  # noqa: BLE001 - an unknown style, named below
                raise BadRequest(f"{where}no play style {v!r} for this game",
                                f"{where_ja}このゲームにプレイスタイル {v!r} はありません") from None
            continue
        bound = BOT_OPTIONS.get(k)
        try:
            num = float(v)
        except ValueError:
            num = math.nan
        if bound is None or not math.isfinite(num) or not bound[0] <= num <= bound[1]:
            want = f"{bound[0]:g}-{bound[1]:g}" if bound else "not allowed on this server"
            raise BadRequest(f"{where}option {k}={v} of {spec!r} is out of bounds ({want})",
                            f"{where_ja}{spec!r} のオプション {k}={v} は範囲外です（{want}）")
    _made(spec, where, where_ja)
    return spec


def _made(spec: str, where: str, where_ja: str) -> None:
    """`make_agent(spec)` with any error as a BadRequest naming it."""
    try:
        make_agent(spec)
    except ConfigError as e:
        raise BadRequest(f"{where}{e}", f"{where_ja}{e.ja}" if e.ja else None) from None
    except (ValueError, TypeError, OverflowError) as e:
        raise BadRequest(f"{where}bad bot options in {spec!r}: {str(e)[:80]}",
                        f"{where_ja}ボット {spec!r} のオプションが正しくありません") from None


# -- per-client counts --------------------------------------------------------------------------------
def client_key(request: Request) -> str:
    """Who sent the request: its address (uvicorn takes X-Forwarded-For from a trusted proxy)."""
    return request.client.host if request.client else "?"


class Counts:
    """Things open (connections, live connections) per client address and in all. `take` counts one, or
    says which cap it is over ('server' or 'client'; nothing counted); `give` hands it back. `exempt`:
    addresses not capped per client (a trusted reverse proxy carries every person's connections)."""

    def __init__(self, per_client: int, total: int, exempt: Container[str] = frozenset()) -> None:
        if per_client < 1 or total < 1:
            raise ValueError(f"caps are 1 or more, got {per_client} per client and {total} in all")
        self.per_client, self.total, self.exempt = per_client, total, exempt
        self.open: dict[str, int] = {}
        self.all = 0

    def take(self, who: str) -> str | None:
        if self.all >= self.total:
            return "server"
        if who not in self.exempt and self.open.get(who, 0) >= self.per_client:
            return "client"
        self.open[who] = self.open.get(who, 0) + 1
        self.all += 1
        return None

    def give(self, who: str) -> None:
        k = self.open.get(who, 0)
        if k <= 1:
            self.open.pop(who, None)
        else:
            self.open[who] = k - 1
        self.all = max(0, self.all - 1)


def live_socket(counts: Counts, who: str) -> None:
    """Count a live connection (WebSocket) from `who`, or refuse it (TooMany, closed as 4429)."""
    over = counts.take(who)
    if over == "server":
        raise TooMany(f"live connections on this server (at most {counts.total}); try again later",
                      f"このサーバーのライブ接続が上限（{counts.total}）に達しています。あとでもう一度どうぞ")
    if over == "client":
        raise TooMany(f"live connections from your address (at most {counts.per_client} at once)",
                      f"あなたのアドレスからのライブ接続が上限（同時に{counts.per_client}）に達しています")


class RateLimit:
    """At most `n` events per `window` seconds per key (a sliding window; keys are forgotten when idle)."""

    def __init__(self, window: float = 60.0, keys: int = 10_000) -> None:
        self.window = window
        self.keys = keys
        self.seen: OrderedDict[str, deque[float]] = OrderedDict()

    def hit(self, key: str, n: int, now: float | None = None) -> float:
        """Count one event for `key`; returns 0 when allowed, else the seconds until it would be."""
        now = time.monotonic() if now is None else now
        q = self.seen.get(key)
        if q is None:
            q = self.seen[key] = deque()
            while len(self.seen) > self.keys:
                self.seen.popitem(last=False)
        self.seen.move_to_end(key)
        while q and q[0] <= now - self.window:
            q.popleft()
        if len(q) >= n:
            return q[0] + self.window - now
        q.append(now)
        return 0.0


def too_many(what: str, what_ja: str, wait: float | None = None, kind: type[TooMany] = TooMany) -> TooMany:
    """The refusal of one over a count (`kind`: which count), with the seconds to wait when known."""
    after = f"; try again in {math.ceil(wait)} s" if wait else ""
    after_ja = f"。{math.ceil(wait)}秒後にもう一度どうぞ" if wait else ""
    return kind(f"too many {what}{after}", f"{what_ja}が多すぎます{after_ja}", wait)

"""A room: one game, its seats (people with tokens, bots with specs), live subscribers, its bots and the
payload each seat receives. The rooms' manager (memory, store, bots' turns) is web/rooms.py.

Rules stay on the server. What a seat receives is built from `observation(seat)`, its own legal
actions and prompt, and the log as that seat may see it (`text.log_move(..., me=seat)`); a spectator
gets only what every seat's observation shows alike. Seats are 0-based here, 1-based on pages.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from ..agents.drive import forget_watched, show_move
from ..agents.names import bot_label
from ..core.game import game_info
from ..core.movelog import MoveLog
from ..core.replay import ReplayError, state_from_data
from ..core.replay import seat_name as player_name
from .errors import (
    GameOver,
    NotYourTurn,
    OtherVersion,
    UnknownToken,
)

LOG = logging.getLogger("soan.web")
LOG_LINES = 80
TURNS = 30  # the latest turns a seat receives as summary lines


def state_of(header: dict[str, Any], gid: str) -> Any:
    """A room's state from its stored header, from the registered game data only (never a file)."""
    try:
        return state_from_data(header, f"game {gid}")
    except ReplayError as e:
        raise OtherVersion(f"game {gid} was made by another version of soan and cannot be made again: {e}",
                           f"ゲーム {gid} は別の版の soan で作られたため、続けられません") from None


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
        """The game as a record; its header says the room's language (`soan replay` speaks it)."""
        return [{**self.header, "lang": self.header.get("lang") or self.lang}] + [
            {"seat": seat, "action": a.to_json()} for seat, a in self.moves]

    # -- live -------------------------------------------------------------------------------------
    def notify(self) -> None:
        for q in list(self.subscribers):
            if q.empty():  # one pending wake-up is enough: the client reads the newest state
                q.put_nowait(self.version)

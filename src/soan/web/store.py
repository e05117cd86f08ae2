"""Storage behind one interface: each game is its record (header + actions) in SQL via SQLAlchemy.

SQLite is the embedded default (`soan.sqlite`); any SQLAlchemy URL (e.g. `postgresql+psycopg://...`)
works the same. Every accepted move is one committed row, so a killed server loses no accepted move.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    select,
    update,
)

meta = MetaData()
games = Table(
    "games", meta,
    Column("id", String(32), primary_key=True),
    Column("header", Text, nullable=False),  # the record's header line (JSON)
    Column("room", Text, nullable=False),  # seats, tokens, bots, language, joined (JSON)
    Column("created", Float, nullable=False),
)
moves = Table(
    "moves", meta,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # the action's JSON
)
feedback = Table(
    "feedback", meta,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("data", Text, nullable=False),  # the playtest form (JSON)
    Column("created", Float, nullable=False),
)


@dataclass
class StoredGame:
    id: str
    header: dict[str, Any]
    room: dict[str, Any]
    created: float
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    feedback: dict[int, dict[str, Any]] = field(default_factory=dict)


def db_url(db: str) -> str:
    """A plain path means an SQLite file; anything with '://' is a SQLAlchemy URL."""
    return db if "://" in db else f"sqlite:///{db}"


class Store:
    def __init__(self, db: str) -> None:
        url = db_url(db)
        self.engine = create_engine(url, future=True)
        if url.startswith("sqlite"):
            @event.listens_for(self.engine, "connect")
            def _pragmas(conn, _record):  # WAL: a committed row survives a killed process
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.close()
        meta.create_all(self.engine)

    def create_game(self, gid: str, header: dict[str, Any], room: dict[str, Any]) -> float:
        now = time.time()
        with self.engine.begin() as c:
            c.execute(games.insert().values(id=gid, header=json.dumps(header, ensure_ascii=False),
                                            room=json.dumps(room, ensure_ascii=False), created=now))
        return now

    def add_move(self, gid: str, idx: int, seat: int, action: dict[str, Any],
                 room: dict[str, Any] | None = None) -> None:
        """One accepted move, committed before the move is acknowledged (with the room's JSON in the
        same commit when it changes, e.g. the game is over)."""
        with self.engine.begin() as c:
            c.execute(moves.insert().values(game_id=gid, idx=idx, seat=seat,
                                            action=json.dumps(action, ensure_ascii=False)))
            if room is not None:
                c.execute(update(games).where(games.c.id == gid).values(room=json.dumps(room, ensure_ascii=False)))

    def undo_move(self, gid: str, idx: int, room: dict[str, Any]) -> None:
        """A move taken back: its row deleted and the room (its undo count) updated in one commit."""
        with self.engine.begin() as c:
            c.execute(moves.delete().where((moves.c.game_id == gid) & (moves.c.idx == idx)))
            c.execute(update(games).where(games.c.id == gid).values(room=json.dumps(room, ensure_ascii=False)))

    def update_room(self, gid: str, room: dict[str, Any]) -> None:
        with self.engine.begin() as c:
            c.execute(update(games).where(games.c.id == gid).values(room=json.dumps(room, ensure_ascii=False)))

    def set_feedback(self, gid: str, seat: int, data: dict[str, Any]) -> None:
        """A seat's playtest answers (a later answer replaces the earlier one)."""
        with self.engine.begin() as c:
            c.execute(feedback.delete().where((feedback.c.game_id == gid) & (feedback.c.seat == seat)))
            c.execute(feedback.insert().values(game_id=gid, seat=seat, data=json.dumps(data, ensure_ascii=False),
                                               created=time.time()))

    def load_all(self) -> list[StoredGame]:
        out: dict[str, StoredGame] = {}
        with self.engine.connect() as c:
            for r in c.execute(select(games).order_by(games.c.created)):
                out[r.id] = StoredGame(r.id, json.loads(r.header), json.loads(r.room), r.created)
            for r in c.execute(select(moves).order_by(moves.c.game_id, moves.c.idx)):
                g = out.get(r.game_id)
                if g is not None:
                    g.moves.append((r.seat, json.loads(r.action)))
            for r in c.execute(select(feedback)):
                g = out.get(r.game_id)
                if g is not None:
                    g.feedback[r.seat] = json.loads(r.data)
        return list(out.values())

    def add_game(self, gid: str, header: dict[str, Any], room: dict[str, Any],
                 played: list[tuple[int, dict[str, Any]]]) -> None:
        """A whole game at once (header, room, every move) in one commit (the load benchmark's played games)."""
        with self.engine.begin() as c:
            c.execute(games.insert().values(id=gid, header=json.dumps(header, ensure_ascii=False),
                                            room=json.dumps(room, ensure_ascii=False), created=time.time()))
            if played:
                c.execute(moves.insert(), [{"game_id": gid, "idx": i, "seat": seat,
                                            "action": json.dumps(a, ensure_ascii=False)}
                                           for i, (seat, a) in enumerate(played)])

    def load_game(self, gid: str) -> StoredGame | None:
        """One stored game (its header, room, moves and feedback), or None."""
        with self.engine.connect() as c:
            r = c.execute(select(games).where(games.c.id == gid)).first()
            if r is None:
                return None
            g = StoredGame(r.id, json.loads(r.header), json.loads(r.room), r.created)
            for m in c.execute(select(moves).where(moves.c.game_id == gid).order_by(moves.c.idx)):
                g.moves.append((m.seat, json.loads(m.action)))
            for f in c.execute(select(feedback).where(feedback.c.game_id == gid)):
                g.feedback[f.seat] = json.loads(f.data)
        return g

    def resumable(self, limit: int) -> list[str]:
        """The newest unfinished games where a bot is to move and every person has joined, at most
        `limit`: read from the rooms' JSON only, no game is replayed."""
        out: list[str] = []
        with self.engine.connect() as c:
            for r in c.execute(select(games.c.id, games.c.room).order_by(games.c.created.desc())):
                room = json.loads(r.room)
                seats = room.get("seats") or []
                if room.get("over") or not any(s.get("bot") for s in seats):
                    continue
                to_act = room.get("to_act")  # (rooms stored before it was kept: resumed to find out)
                bots_move = to_act is None or any(0 <= k < len(seats) and seats[k].get("bot") for k in to_act)
                if bots_move and all(s.get("joined") or s.get("bot") for s in seats):
                    out.append(r.id)
                    if len(out) >= limit:
                        break
        return out

    def unfinished(self) -> list[tuple[str, str, float]]:
        """Every unfinished game as (id, the client that created it ('' when not stored), when it last saw a
        move (its creation when not stored)), read from the rooms' JSON: the rooms that may count against the
        caps, whether in memory or not."""
        out: list[tuple[str, str, float]] = []
        with self.engine.connect() as c:
            for r in c.execute(select(games.c.id, games.c.room, games.c.created)):
                room = json.loads(r.room)
                if not room.get("over"):
                    out.append((r.id, str(room.get("client", "")), float(room.get("active") or r.created)))
        return out

    def recent(self, n: int) -> list[dict[str, Any]]:
        """The latest `n` games: id, game, players, moves stored, over (as stored), created."""
        from sqlalchemy import func

        with self.engine.connect() as c:
            rows = c.execute(select(games).order_by(games.c.created.desc()).limit(n)).all()
            q = select(moves.c.game_id, func.count()).where(moves.c.game_id.in_([r.id for r in rows]))
            counts: dict[str, int] = {g: int(k) for g, k in c.execute(q.group_by(moves.c.game_id)).all()}
        out = []
        for r in rows:
            h, room = json.loads(r.header), json.loads(r.room)
            out.append({"id": r.id, "game": h.get("game"), "players": h.get("players"), "moves": counts.get(r.id, 0),
                        "over": bool(room.get("over")), "created": r.created})
        return out

    def count(self) -> int:
        from sqlalchemy import func

        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(games)).scalar_one())

    def close(self) -> None:
        self.engine.dispose()

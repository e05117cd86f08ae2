"""Finished web games out of the server's database: their records (for `soan import`, replays) and the
players' playtest feedback, one JSON line per answer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..core.game import game_info
from .store import Store


def export_db(db: str, out: str | Path, game: str | None = None) -> dict[str, Any]:
    gid_want = game_info(game).id if game else None
    out = Path(out)
    (out / "records").mkdir(parents=True, exist_ok=True)
    store = Store(db)
    records, feedback = [], []
    try:
        from .rooms import Manager

        mgr = Manager(store)
        mgr.load_everything()
        for room in mgr.rooms.values():
            if not room.state.is_over() or (gid_want and room.state.game_id != gid_want):
                continue
            p = out / "records" / f"{room.state.game_id}-{room.id}.jsonl"
            lines = room.record_lines()
            lines[0] = {**lines[0], "web_id": room.id}  # matches the answers in feedback.jsonl (game_id)
            p.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
            records.append(str(p))
            for seat, fb in sorted(room.feedback.items()):
                feedback.append({"game_id": room.id, "game": room.state.game_id, "players": room.state.cfg.players,
                                 "variants": list(room.state.cfg.variants), "seat": seat, "seat_number": seat + 1,
                                 "rank": room.state.ranks()[seat], "score": room.state.scores()[seat], **fb})
    finally:
        store.close()
    fp = out / "feedback.jsonl"
    fp.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in feedback), encoding="utf-8")
    return {"records": records, "feedback": str(fp), "answers": len(feedback)}

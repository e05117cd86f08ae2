"""Replays on the server: any record (a web game, a terminal game, a study's sample) held in memory
and stepped through web/replay_model.py; errors become HTTP 422."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict

from .replay_model import Replay, ReplayError
from .rooms import RoomError

KEEP = 32  # replays held in memory


class Replays:
    def __init__(self) -> None:
        self.held: OrderedDict[str, Replay] = OrderedDict()

    def add_text(self, body: str) -> str:
        lines = [x for x in body.splitlines() if x.strip()]
        if not lines:
            raise RoomError(422, "an empty record; a record starts with a header line (soan-record/1)")
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError as e:
            raise RoomError(422, f"line 1: the header is not JSON ({e})") from None
        if not isinstance(header, dict) or "game" not in header or "seed" not in header:
            raise RoomError(422, "line 1: expected a header object with 'game', 'players', 'seed'")
        moves = []
        for i, line in enumerate(lines[1:], start=2):
            try:
                d = json.loads(line)
            except json.JSONDecodeError as e:
                raise RoomError(422, f"line {i}: not JSON ({e})") from None
            if not isinstance(d, dict) or not isinstance(d.get("seat"), int) or not isinstance(d.get("action"), dict):
                raise RoomError(422, f"line {i}: expected {{\"seat\": int, \"action\": {{...}}}}")
            moves.append((d["seat"], d["action"]))
        rid = hashlib.sha256(body.encode()).hexdigest()[:16]
        if rid not in self.held:
            try:
                self.held[rid] = Replay(header, moves, "record")
            except ReplayError as e:
                raise RoomError(422, str(e)) from None
            while len(self.held) > KEEP:
                self.held.popitem(last=False)
        self.held.move_to_end(rid)
        return rid

    def get(self, rid: str) -> Replay:
        r = self.held.get(rid)
        if r is None:
            raise RoomError(404, f"no replay {rid!r} here (replays are kept in memory; open the record again)")
        return r

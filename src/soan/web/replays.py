"""Replays: any record (a web game, a terminal game, a study's sample) stepped forward and back, each
seat's view or the full view, and the scores after every move."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from ..core.actions import parse_action
from ..core.errors import IllegalAction, RecordError, SoanError
from ..core.game import game_info
from ..core.records import state_from_header
from .rooms import RoomError, player_name

EVERY = 25  # a kept copy of the state every EVERY moves, so any step is a short replay away
KEEP = 32  # replays held in memory


class Replay:
    def __init__(self, header: dict[str, Any], moves: list[tuple[int, dict[str, Any]]], where: str) -> None:
        s = state_from_header(header, where)
        self.header = header
        self.game = s.game_id
        self.players = s.cfg.players
        self.moves: list[tuple[int, Any]] = []
        self.snaps = [s.clone()]
        self.scores = [list(s.scores())]
        for i, (seat, aj) in enumerate(moves, start=2):
            try:
                a = parse_action(s.game_id, aj)
                s.apply(seat, a)
            except (IllegalAction, SoanError) as e:
                raise RoomError(422, f"{where}: line {i}: action {aj} by seat {seat} cannot be replayed: {e}") from None
            self.moves.append((seat, a))
            self.scores.append(list(s.scores()))
            if len(self.moves) % EVERY == 0:
                self.snaps.append(s.clone())

    def state_at(self, step: int):
        s = self.snaps[step // EVERY].clone()
        for seat, a in self.moves[(step // EVERY) * EVERY:step]:
            s.apply(seat, a)
        return s

    def frame(self, step: int, seat: int | None, lang: str) -> dict[str, Any]:
        if not 0 <= step <= len(self.moves):
            raise RoomError(422, f"step takes 0-{len(self.moves)}, got {step}")
        if seat is not None and not 0 <= seat < self.players:
            raise RoomError(422, f"seat takes 1-{self.players} (or 'full'), got {seat + 1}")
        s = self.state_at(step)
        info = game_info(self.game)
        text = info.hooks.text
        last = None
        if step:
            mseat, a = self.moves[step - 1]
            last = (text.log_move(s, mseat, a, lang, seat) if text and seat is not None
                    else f"{player_name(text, mseat, lang, None)}: {s.action_text(a, lang)}")
        return {
            "game": self.game, "name": info.name_ja if lang == "ja" else info.name, "players": self.players,
            "lang": lang, "step": step, "steps": len(self.moves), "seat": seat,
            "seat_number": None if seat is None else seat + 1, "last": last,
            "observation": s.observation(seat) if seat is not None else s.view(),
            "scores": self.scores[step], "scores_over_time": self.scores, "to_act": list(s.to_act()),
            "over": s.is_over(), "version": step, "legal": [], "prompt": None, "log": [],
            "seats": [{"seat": i, "seat_number": i + 1, "name": player_name(text, i, lang, seat)}
                      for i in range(self.players)],
            "board": f"/boards/{self.game}.js" if info.hooks.web_board and seat is not None else None,
        }


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
            except RecordError as e:
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

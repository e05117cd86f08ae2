"""Replays on the server: any record (a web game, a terminal game, a study's sample) held in memory
and stepped through core/replay.py; a record that cannot be replayed is a BadRequest naming why.

Bounded: an uploaded record is at most `Limits.record_bytes` and `record_moves` lines, parsed off the
event loop; at most `replays_held` replays are held in all and `replays_per_client` for one client
(the oldest of that client's go first). A replay of a game still being played shows one seat only
(`seat`): it was opened with that seat's token."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ..core.game import game_info
from ..core.replay import Replay, ReplayError, public_observation
from .errors import BadRequest, InvalidField, ReplayNotFound, SeatViewOnly
from .limits import Limits, parse_json
from .models import MoveLine, RecordHeader, validated


@dataclass
class Held:
    replay: Replay
    client: str
    seat: int | None = None  # a live game's replay: only this seat's view


class Replays:
    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.held: OrderedDict[str, Held] = OrderedDict()

    def parse(self, body: bytes) -> tuple[dict, list[tuple[int, dict]], str]:
        """The header and moves of a record's text (checked line by line), and its id (a hash)."""
        lim = self.limits
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest("the record is not UTF-8 text (JSON Lines)",
                            "記録が UTF-8 のテキスト（JSON Lines）ではありません") from None
        lines = [x for x in text.splitlines() if x.strip()]
        if not lines:
            raise BadRequest("an empty record; a record starts with a header line (soan-record/1)",
                            "記録が空です。記録はヘッダー行（soan-record/1）で始まります")
        if len(lines) > lim.record_moves + 1:
            raise BadRequest(f"the record has {len(lines) - 1} moves; this server replays at most {lim.record_moves}",
                            f"記録の手数が{len(lines) - 1}あります。このサーバーで再生できるのは{lim.record_moves}手までです")
        header = parse_json(lines[0], lim, "line 1")
        try:
            validated(RecordHeader, header)
        except InvalidField:
            raise BadRequest("line 1: expected a header object with 'game', 'players', 'seed'",
                             "1行目：'game'、'players'、'seed' のあるヘッダーが必要です") from None
        moves = []
        for i, line in enumerate(lines[1:], start=2):
            try:
                m = validated(MoveLine, parse_json(line, lim, f"line {i}"))
            except InvalidField:
                raise BadRequest(f"line {i}: expected {{\"seat\": int, \"action\": {{...}}}}",
                                 f"{i}行目：{{\"seat\": 整数, \"action\": {{...}}}} の形が必要です") from None
            moves.append((m.seat, m.action))
        return header, moves, hashlib.sha256(body).hexdigest()[:16]

    def build(self, header: dict, moves: list[tuple[int, dict]]) -> Replay:
        """The replay (every move applied: run it off the event loop)."""
        try:
            return Replay(header, moves, "record")
        except ReplayError as e:
            raise BadRequest(str(e), e.ja) from None

    def known(self, rid: str, client: str, seat: int | None) -> bool:
        h = self.held.get(rid)
        if h is None or h.seat != seat:
            return False
        self.keep(rid, h.replay, client, seat)
        return True

    def keep(self, rid: str, replay: Replay, client: str, seat: int | None = None) -> None:
        lim = self.limits
        self.held[rid] = Held(replay, client, seat)
        self.held.move_to_end(rid)
        mine = [k for k, h in self.held.items() if h.client == client]
        for k in mine[:max(0, len(mine) - lim.replays_per_client)]:
            del self.held[k]
        while len(self.held) > lim.replays_held:
            self.held.popitem(last=False)

    def get(self, rid: str) -> Held:
        h = self.held.get(rid)
        if h is None:
            raise ReplayNotFound(f"no replay {rid[:40]!r} here (replays are kept in memory; open the record again)",
                            f"再生 {rid[:40]!r} はありません（再生はメモリーに置かれます。記録をもう一度開いてください）")
        return h

    @staticmethod
    def view_of(held: Held, seat: str | None) -> int | None:
        """The seat whose view a frame of `held` shows (None: the full view) for the asked `seat`: a seat
        index as text, 'full', or None for the replay's own (a live game's replay: its seat only)."""
        if seat is not None and not isinstance(seat, str):
            raise TypeError(f"seat is text ('full' or a seat index), got {type(seat).__name__}")
        rp = held.replay
        if seat is None:
            seat = "full" if held.seat is None else str(held.seat)
        who: int | None = None
        if seat != "full":
            try:
                who = int(seat)
            except ValueError:
                raise BadRequest(f"seat takes 0-{rp.players - 1} or 'full', got {seat[:20]!r}",
                                 f"seat は 0〜{rp.players - 1} か 'full' です") from None
        if held.seat is not None and who != held.seat:
            raise SeatViewOnly(f"this replay of a game being played shows seat {held.seat + 1}'s view only",
                               f"対局中のゲームのこの再生では、席{held.seat + 1}から見えるものだけを映します")
        return who


def frame(rp: Replay, step: int, seat: int | None, lang: str) -> dict[str, Any]:
    """One step of a replay as the replay page shows it (a seat's view, or the full view for None)."""
    rp.check(step, seat)
    s = rp.state_at(step)
    info = game_info(rp.game)
    return {
        "game": rp.game, "name": info.name_ja if lang == "ja" else info.name, "players": rp.players,
        "lang": lang, "step": step, "steps": len(rp.moves), "seat": seat,
        "seat_number": None if seat is None else seat + 1, "last": rp.last_move(s, step, seat, lang),
        "observation": s.observation(seat) if seat is not None else s.view(),
        "scores": rp.scores[step], "scores_over_time": rp.scores, "to_act": list(s.to_act()),
        "over": s.is_over(), "version": step, "legal": [], "prompt": None, "log": [],
        "seats": rp.seats(lang, seat),
        "board": f"/boards/{rp.game}.js" if info.hooks.web_board else None,
        "board_style": f"/boards/{rp.game}.css" if info.hooks.web_board and info.hooks.web_board.style else None,
        # the full view draws the board from what every seat sees alike, then each seat's own view
        "board_observation": public_observation(s) if seat is None else None,
        "view_text": rp.view_text(s, seat, lang),
        "view_texts": rp.view_texts(s, lang) if seat is None else None,
    }

"""Game records: JSON Lines, a header then one line per applied action; `replay` rebuilds the state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .actions import Action, parse_action
from .errors import IllegalAction, RecordError, SoanError
from .game import make
from .hooks import GameState

FORMAT = "soan-record/1"


def header_for(state: GameState, **extra: Any) -> dict[str, Any]:
    from .. import __version__

    h = {"format": FORMAT, "version": __version__, **state.header()}
    h.update(extra)
    return h


class Recorder:
    """Appends each action as it is applied, flushing, so a crash loses nothing."""

    def __init__(self, path: str | Path, state: GameState, *, append: bool = False, **extra: Any) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if append and self.path.exists():
            self._f = open(self.path, "a", encoding="utf-8")
        else:
            self._f = open(self.path, "w", encoding="utf-8")
            self._f.write(json.dumps(header_for(state, **extra), ensure_ascii=False) + "\n")
            self._f.flush()

    def add(self, seat: int, action: Action) -> None:
        self._f.write(json.dumps({"seat": seat, "action": action.to_json()}, ensure_ascii=False) + "\n")
        self._f.flush()

    def rewrite(self, state: GameState, moves: list[tuple[int, Any]], **extra: Any) -> None:
        """Write the whole record again (after an undo)."""
        self._f.close()
        write_record(self.path, state, moves, **extra)
        self._f = open(self.path, "a", encoding="utf-8")

    def close(self) -> None:
        self._f.close()


def write_record(path: str | Path, state: GameState, moves: list[tuple[int, Any]], **extra: Any) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(header_for(state, **extra), ensure_ascii=False) + "\n")
        for seat, a in moves:
            f.write(json.dumps({"seat": seat, "action": a.to_json()}, ensure_ascii=False) + "\n")


def read_record(path: str | Path) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise RecordError(f"{p}: cannot read record: {e.strerror}") from None
    if not lines:
        raise RecordError(f"{p}: empty file; a record starts with a header line")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as e:
        raise RecordError(f"{p}: line 1: the header is not JSON ({e})") from None
    if not isinstance(header, dict) or "game" not in header or "seed" not in header:
        raise RecordError(f"{p}: line 1: expected a header object with 'game', 'players', 'seed'")
    moves = []
    for i, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
        except json.JSONDecodeError as e:
            raise RecordError(f"{p}: line {i}: not JSON ({e})") from None
        if not isinstance(d, dict) or not isinstance(d.get("seat"), int) or not isinstance(d.get("action"), dict):
            raise RecordError(f"{p}: line {i}: expected {{\"seat\": int, \"action\": {{...}}}}, got {line[:80]!r}")
        moves.append((d["seat"], d["action"]))
    return header, moves


def state_from_header(header: dict[str, Any], where: str = "record") -> GameState:
    try:
        s: GameState = make(header["game"], players=header.get("players"), seed=header["seed"],
                 variants=header.get("variants") or [], params=header.get("params") or {},
                 components=header.get("components"))
    except SoanError as e:
        raise RecordError(f"{where}: header does not describe a game this version can make: {e}") from None
    want = header.get("components_hash")
    if want and want != s.cfg.components_hash:
        raise RecordError(
            f"{where}: the record was made with other component data (hash {want}); "
            f"the components found now hash to {s.cfg.components_hash}"
        )
    return s


def replay(path: str | Path, upto: int | None = None) -> GameState:
    """The exact state a record describes (after its first `upto` actions, if given)."""
    header, moves = read_record(path)
    s = state_from_header(header, str(path))
    for i, (seat, aj) in enumerate(moves[:upto] if upto is not None else moves, start=2):
        try:
            s.apply(seat, parse_action(s.game_id, aj))
        except IllegalAction as e:
            raise RecordError(f"{path}: line {i}: action {aj} by seat {seat} cannot be replayed: {e}") from None
    return s

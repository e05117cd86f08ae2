"""Game records: JSON Lines, a header then one line per applied action; `replay` rebuilds the state."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .actions import Action, parse_action
from .checks import shown
from .errors import IllegalAction, RecordError, SoanError
from .game import make
from .hooks import StateContract
from .version import __version__

FORMAT = "soan-record/1"


def header_for(state: StateContract, **extra: Any) -> dict[str, Any]:
    h = {"format": FORMAT, "version": __version__, **state.header()}
    h.update(extra)
    return h


class Recorder:
    """Appends each action as it is applied, flushing, so a crash loses nothing."""

    def __init__(self, path: str | Path, state: StateContract, *, append: bool = False, **extra: Any) -> None:
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

    def rewrite(self, state: StateContract, moves: list[tuple[int, Any]], **extra: Any) -> None:
        """Write the whole record again (after an undo)."""
        self._f.close()
        write_record(self.path, state, moves, **extra)
        self._f = open(self.path, "a", encoding="utf-8")

    def close(self) -> None:
        self._f.close()


def write_record(path: str | Path, state: StateContract, moves: list[tuple[int, Any]], **extra: Any) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(header_for(state, **extra), ensure_ascii=False) + "\n")
        for seat, a in moves:
            f.write(json.dumps({"seat": seat, "action": a.to_json()}, ensure_ascii=False) + "\n")


def read_record(path: str | Path) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    if not isinstance(path, str | os.PathLike):
        raise RecordError(f"a record is given by its path, got {shown(path)}")
    p = Path(path)
    try:
        data = p.read_bytes()
    except (OSError, ValueError) as e:
        why_ja = ("ファイルがありません" if isinstance(e, FileNotFoundError) else "アクセス権がありません"
                  if isinstance(e, PermissionError) else "フォルダです" if isinstance(e, IsADirectoryError) else "読めません")
        raise RecordError(f"{p}: cannot read record: {getattr(e, 'strerror', None) or e}",
                          ja=f"記録 {p} を読めません（{why_ja}）") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise RecordError(f"{p}: line {line}: not UTF-8 text (a binary file?); a record is JSON Lines") from None
    lines = text.splitlines()
    if not lines:
        raise RecordError(f"{p}: empty file; a record starts with a header line",
                          ja=f"{p} は空のファイルです。記録は見出しの行で始まります")
    header = _json_line(p, 1, lines[0], "the header")
    if not isinstance(header, dict) or "game" not in header or "seed" not in header:
        raise RecordError(f"{p}: line 1: expected a header object with 'game', 'players', 'seed'")
    for name, ok, want in _HEADER_TYPES:
        if name in header and not ok(header[name]):
            raise RecordError(f"{p}: line 1: header field {name!r} must be {want}, got {shown(header[name])}")
    moves = []
    for i, text_line in enumerate(lines[1:], start=2):
        if not text_line.strip():
            continue
        d = _json_line(p, i, text_line, "the line")
        seat = d.get("seat") if isinstance(d, dict) else None
        if seat.__class__ is not int or not isinstance(d.get("action"), dict):
            raise RecordError(f"{p}: line {i}: expected {{\"seat\": int, \"action\": {{...}}}}, got {shown(text_line)}")
        moves.append((seat, d["action"]))
    return header, moves


def _is_int(x: Any) -> bool:
    return x.__class__ is int


_HEADER_TYPES: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
    ("game", lambda x: isinstance(x, str), "a game id (string)"),
    ("players", lambda x: x is None or _is_int(x), "an integer"),
    ("seed", _is_int, "an integer"),
    ("variants", lambda x: x is None or (isinstance(x, list) and all(isinstance(v, str) for v in x)),
     "a list of variant ids"),
    ("params", lambda x: x is None or isinstance(x, dict), "an object of parameters"),
    ("components", lambda x: x is None or isinstance(x, str), "a file path (string) or null"),
    ("components_hash", lambda x: x is None or isinstance(x, str), "a string or null"),
)


_WHAT_JA = {"the header": "見出しの行", "the line": "この行"}  # `_json_line`'s `what`, as a Japanese reader names it


def _json_line(p: Path, i: int, line: str, what: str) -> Any:
    try:
        return json.loads(line)
    except (ValueError, RecursionError) as e:  # JSONDecodeError, or an int over 4,300 digits
        raise RecordError(f"{p}: line {i}: {what} is not JSON ({shown(str(e), 120)})",
                          ja=f"{p}：{i}行目：{_WHAT_JA.get(what, what)}が JSON ではありません") from None


def state_from_header(header: dict[str, Any], where: str = "record") -> StateContract:
    try:
        s: StateContract = make(header["game"], players=header.get("players"), seed=header["seed"],
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


def replay(path: str | Path, upto: int | None = None) -> StateContract:
    """The exact state a record describes (after its first `upto` actions, if given)."""
    if upto is not None and (upto.__class__ is not int or upto < 0):
        raise RecordError(f"upto is a number of actions (0 or more), got {shown(upto)}")
    header, moves = read_record(path)
    s = state_from_header(header, str(path))
    for i, (seat, aj) in enumerate(moves[:upto] if upto is not None else moves, start=2):
        try:
            s.apply(seat, parse_action(s.game_id, aj))
        except IllegalAction as e:
            raise RecordError(f"{path}: line {i}: action {shown(aj)} by seat {seat} cannot be replayed: {e}") from None
    return s

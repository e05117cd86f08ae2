"""A record as one self-contained HTML file: the replay page with every step's views precomputed, so it
opens from a folder (a study's report links them) with no server and no network.

Every step's full view and each seat's observation, the last move as each view may see it in both
languages, the scores over time and the board's labels are serialized as JSON, gzip-compressed and
inlined as base64 (consecutive steps differ little: a game of ~500 moves, five views
each, is ~6 MB of JSON and ~60 kB inlined); the browser unpacks it with `DecompressionStream`. The page
is web/static/replay.js itself (its embedded mode), with style.css, soan.js and the game's board
script inlined."""

from __future__ import annotations

import base64
import gzip
import html
import json
from pathlib import Path
from typing import Any

from ..core.game import game_info
from ..core.records import read_record
from ..core.replay import Replay

STATIC = Path(__file__).parent.parent / "web" / "static"  # the replay page's files (package data, no web import)
LANGS = ("en", "ja")


def replay_data(header: dict[str, Any], moves: list[tuple[int, dict[str, Any]]], where: str = "record",
                title: dict[str, str] | None = None) -> dict[str, Any]:
    """Every step's views of a record: views[v][step] with v = 0 the full view and v = seat + 1."""
    r = Replay(header, moves, where, files=True)  # a record on the designer's own computer
    info = game_info(r.game)
    P = r.players
    s = r.state_at(0)
    views: list[list[Any]] = [[] for _ in range(P + 1)]
    public: list[Any] = []  # what every seat sees alike: the board of the full view
    last: dict[str, list[list[str | None]]] = {lg: [[] for _ in range(P + 1)] for lg in LANGS}
    to_act: list[list[int]] = []
    for step in range(len(r.moves) + 1):
        if step:
            seat, a = r.moves[step - 1]
            s.apply(seat, a)
        views[0].append(s.view())
        for i in range(P):
            views[i + 1].append(s.observation(i))
        seen = [views[i + 1][-1] for i in range(P)]  # what every seat sees alike (public_observation)
        public.append({k: v for k, v in seen[0].items() if k != "seat" and all(o.get(k) == v for o in seen[1:])})
        for lg in LANGS:
            for v in range(P + 1):
                last[lg][v].append(r.last_move(s, step, None if v == 0 else v - 1, lg))
        to_act.append(list(s.to_act()))
    wb = info.hooks.web_board
    return {
        "game": r.game, "name": {"en": info.name, "ja": info.name_ja}, "players": P, "steps": len(r.moves),
        "title": title or {}, "views": views, "last": last, "to_act": to_act, "scores": r.scores,
        "over": s.is_over(),
        "seats": {lg: [r.seats(lg, None)] + [r.seats(lg, i) for i in range(P)] for lg in LANGS},
        "labels": {lg: (wb.labels(r.snaps[0], lg) if wb and wb.labels else {}) for lg in LANGS},
        "board": bool(wb), "public": public if wb else None,
    }


def _script(text: str) -> str:
    return "<script>" + text.replace("</script", "<\\/script") + "</script>"


def replay_html(header: dict[str, Any], moves: list[tuple[int, dict[str, Any]]], where: str = "record",
                title: dict[str, str] | None = None) -> str:
    """The replay page of a record as one HTML file (no server needed)."""
    data = replay_data(header, moves, where, title)
    packed = base64.b64encode(gzip.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                                            .encode("utf-8"), 9)).decode("ascii")
    wb = game_info(data["game"]).hooks.web_board
    board = _script(Path(wb.script).read_text(encoding="utf-8")) if wb else ""
    board_css = Path(wb.style).read_text(encoding="utf-8") if wb and wb.style else ""
    name = html.escape((title or {}).get("en") or data["name"]["en"])
    return ("<!doctype html><html><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>soan replay: {name}</title><style>{(STATIC / 'style.css').read_text(encoding='utf-8')}{board_css}</style>"
            "</head><body><header class='top'></header><main id='main'></main>"
            f"<script>window.SOAN_REPLAY_DATA = \"{packed}\";</script>"
            + _script((STATIC / "soan.js").read_text(encoding="utf-8")) + board
            + _script((STATIC / "replay.js").read_text(encoding="utf-8")) + "</body></html>")


def write_replay(record: str | Path, out: str | Path, title: dict[str, str] | None = None) -> Path:
    """Write the replay file of a record file (as `soan play`, `soan serve` or `soan sim --out` wrote it)."""
    header, moves = read_record(record)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(replay_html(header, moves, str(record), title), encoding="utf-8")
    return out

"""`soan import`: people's games (records) and their playtest answers into a study.

Sources: record files (`soan play`, a downloaded web record), or a folder written by `soan export-web`
(records/*.jsonl and feedback.jsonl); `soan import --db` exports the server's database into OUT/source/
first (web/export.py) and imports that folder. A study holds one setting (game, players, variants): with games of
several settings, `--game` and `--players` choose one, and an error lists what there is.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from ..core.errors import RecordError
from ..core.game import game_info
from ..core.records import read_record
from .study import StudyError, import_records


def read_feedback(path: Path) -> list[dict[str, Any]]:
    """The answers of a feedback.jsonl (one JSON object per line), or an error naming the line."""
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
        except ValueError as e:
            raise StudyError(f"{path}: line {i}: not JSON ({e})") from None
        if not isinstance(d, dict) or not isinstance(d.get("seat"), int):
            raise StudyError(f"{path}: line {i}: expected an answer object with 'game_id' and 'seat'")
        out.append(d)
    return out


def _setting(header: dict[str, Any]) -> tuple[str, int | None, tuple[str, ...]]:
    return header.get("game", "?"), header.get("players"), tuple(header.get("variants") or ())


def gather(sources: list[str]) -> tuple[list[Path], list[dict[str, Any]]]:
    """The record files and answers the sources name."""
    records: list[Path] = []
    answers: list[dict[str, Any]] = []
    folders = []
    for x in sources:
        p = Path(x)
        if p.is_dir():
            folders.append(p)
        elif p.exists():
            records.append(p)
        else:
            raise StudyError(f"{x}: no such record file or folder")
    for d in folders:
        recs = sorted((d / "records").glob("*.jsonl")) if (d / "records").is_dir() else sorted(d.glob("*.jsonl"))
        recs = [r for r in recs if r.name != "feedback.jsonl"]
        if not recs:
            raise StudyError(f"{d}: no records (*.jsonl) in it or in {d / 'records'}; "
                             "export a server's games with soan export-web --db DB --out DIR")
        records += recs
        if (d / "feedback.jsonl").exists():
            answers += read_feedback(d / "feedback.jsonl")
    return records, answers


def import_games(sources: list[str], out: str | Path, game: str | None = None,
                 players: int | None = None) -> dict[str, Any]:
    """Records and answers from the sources into the study OUT (one setting; see the module's note)."""
    if not sources:
        raise StudyError("give records, an export folder (soan export-web) or --db soan.sqlite")
    records, answers = gather(sources)
    want_game = game_info(game).id if game else None
    chosen: list[Path] = []
    settings: Counter[tuple[str, int | None, tuple[str, ...]]] = Counter()
    for r in records:
        try:
            header, _ = read_record(r)
        except RecordError as e:
            raise StudyError(str(e)) from None
        g, n, vs = _setting(header)
        if (want_game and g != want_game) or (players and n != players):
            continue
        chosen.append(r)
        settings[(g, n, vs)] += 1
    if not chosen:
        raise StudyError("no finished games of the chosen game and players in the sources"
                         if (want_game or players) else "no finished games in the sources")
    if len(settings) > 1:
        listed = "; ".join(f"{g} for {n}{' with ' + ','.join(vs) if vs else ''}: {k} game{'s' * (k > 1)}"
                           for (g, n, vs), k in settings.most_common())
        raise StudyError(f"the games are of several settings ({listed}); a study holds one: "
                         "choose with --game and --players")
    return import_records([str(r) for r in chosen], out, answers)

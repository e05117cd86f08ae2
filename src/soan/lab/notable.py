"""Notable games of a study and their records (kept in DIR/records/, one JSON Lines file per game).

`soan sim --out` keeps the records of the study's first games (a sample, `--records`, default
SAMPLE) and, when the study is done, of its notable games, replayed from their seeds:
  closest     the smallest gap between first and second (a shared win is 0); ties: the lower index
  biggest win the largest gap between first and second; ties: the lower index
  typical     the game nearest the study's medians of length and gap (each distance divided by that
              measure's interquartile range, 1 if it is 0); ties: the lower index
A game replayed from its seed is kept only if it ends with the scores the study stored (a bot with a
time budget may decide differently on another run; then the report links the notable games among the
kept sample instead). The report links every notable game that has a record, as a replay file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pyarrow as pa

    from .stats import Floats

KINDS = ("closest", "biggest", "typical")
SAMPLE = 20


def record_path(out: str | Path, index: int) -> Path:
    return Path(out) / "records" / f"game-{index:06d}.jsonl"


def write_record_lines(path: Path, lines: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")


def _col(games: pa.Table, k: str) -> Floats:
    import numpy as np

    return np.array([np.nan if v is None else v for v in games.column(k).to_pylist()], dtype=float)


def choose(games: pa.Table, have: set[int] | None = None) -> list[dict[str, Any]]:
    """The notable games (see the module's note) among the games whose index is in `have` (all if None);
    the medians are always those of the whole study, so a subset holding the study's notable games
    gives the same choice. One dict per kind: kind, index, seed, gap, length, scores."""
    import numpy as np

    if games.num_rows == 0:
        return []
    idx = np.array(games.column("index").to_pylist())
    gap, length = _col(games, "gap12"), _col(games, "length")
    ok = ~np.isnan(gap) & ~np.isnan(length)
    if have is not None:
        ok &= np.isin(idx, list(have))
    if not ok.any():
        return []

    def scale(x: Floats) -> float:
        q1, q3 = np.nanpercentile(x, [25, 75])
        return float(q3 - q1) or 1.0

    dist = (np.abs(length - np.nanmedian(length)) / scale(length)
            + np.abs(gap - np.nanmedian(gap)) / scale(gap))
    keys = {"closest": gap, "biggest": -gap, "typical": dist}
    P = [k for k in games.column_names if k.startswith("score_")]
    out = []
    for kind in KINDS:
        v = np.where(ok, keys[kind], np.inf)
        best = v.min()
        r = int(np.flatnonzero(v == best)[np.argmin(idx[v == best])])
        out.append({"kind": kind, "index": int(idx[r]), "seed": int(games.column("seed")[r].as_py()),
                    "gap": float(gap[r]), "length": int(length[r]),
                    "scores": [games.column(k)[r].as_py() for k in sorted(P, key=lambda c: int(c.split("_")[1]))]})
    return out


def kept(out: str | Path) -> set[int]:
    """The indexes of the games whose record the study folder holds."""
    d = Path(out) / "records"
    return {int(p.stem.split("-")[1]) for p in d.glob("game-*.jsonl")} if d.exists() else set()


def keep_notable(out: str | Path, settings: dict[str, Any], games: pa.Table) -> list[dict[str, Any]]:
    """Replay the notable games not yet kept from their seeds and keep those that end as stored."""
    from .runner import lineup, play_game

    have = kept(out)
    for n in choose(games):
        if n["index"] in have:
            continue
        r = play_game(settings["game"], settings["players"], n["seed"], lineup(settings["agents"], n["index"]),
                      settings["variants"], settings["params"], settings.get("components"), n["index"], keep=True)
        if list(r.scores) == n["scores"] and r.record is not None:
            write_record_lines(record_path(out, n["index"]), r.record)
            have.add(n["index"])
    return choose(games, have)

"""The hunt's honest yardstick: planted holes (tests/data/holes/<game>/*.yaml), recall and false alarms.

A planted hole is a copy of a game's components or parameters with one known defect, and says which
finding it should give (`expect`: oracle, and subject and direction where they matter). A hunt on it
*finds* the hole when one of its findings matches; its other findings are *false alarms* unless the hunt
on the unmodified draft (same budget, seed and players) finds them too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from ...core.errors import ConfigError

ORACLES = ("seat", "tie", "length", "component", "runaway", "kingmaker", "strategy")


def load_holes(root: Path, game: str | None = None) -> list[dict[str, Any]]:
    """Every hole descriptor under `root` (one folder per game), its components path made absolute."""
    out = []
    for p in sorted(root.glob("*/*.yaml")):
        if p.name.endswith(".components.yaml"):
            continue
        d = yaml.safe_load(p.read_text(encoding="utf-8"))
        if not isinstance(d, dict) or "expect" not in d or d["expect"].get("oracle") not in ORACLES:
            raise ConfigError(f"{p}: not a hole descriptor (id, game, players, expect: {{oracle: one of {ORACLES}}})")
        if game is not None and d["game"] != game:
            continue
        if d.get("components"):
            d["components"] = str((p.parent / d["components"]).resolve())
        d["path"] = str(p)
        out.append(d)
    return out


def key(f: Mapping[str, Any]) -> tuple[str, str, str]:
    """What a finding is about, for comparing two hunts' findings."""
    return (f["oracle"], str(f.get("subject", "")), str(f.get("direction", "")))


def matches(f: Mapping[str, Any], expect: Mapping[str, Any]) -> bool:
    """Does a finding name the planted hole? A strategy's weight is not asked for (another way of playing
    may exploit the same hole); an oracle with one subject (ties, kingmaking, runaway) needs only the oracle;
    a dead move is found as never chosen (`dead`), as one whose takers lose (`weak`) or as chosen far less
    than in the draft as shipped (`dropped`); an overpowered one as one whose takers win (`strong`), that
    is chosen whenever it can be (`always`) or far more often than in the draft (`rose`)."""
    if f["oracle"] != expect["oracle"]:
        return False
    if f["oracle"] in ("strategy", "tie", "kingmaker", "runaway"):
        return True
    if "subject" in expect and str(f.get("subject")) != str(expect["subject"]):
        return False
    if "direction" not in expect:
        return True
    if expect["direction"] == "dead":  # a move never worth taking: never taken, or its takers lose
        return f.get("direction") in ("dead", "weak", "dropped")
    if expect["direction"] == "strong":  # an overpowered move: its takers win, or everyone takes it
        return f.get("direction") in ("strong", "always", "rose")
    return bool(f.get("direction") == expect["direction"])


def score(hole: Mapping[str, Any], result: Mapping[str, Any], draft: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One hole's outcome: found (and the finding's rank and record size), false alarms."""
    expect = hole["expect"]
    found = [k for k, f in enumerate(result["findings"]) if matches(f, expect)]
    known = {key(f) for f in draft}
    alarms = [key(f) for f in result["findings"] if not matches(f, expect) and key(f) not in known]
    rec = result["findings"][found[0]].get("record") if found else None
    return {"id": hole["id"], "game": hole["game"], "oracle": expect["oracle"], "found": bool(found),
            "rank": found[0] + 1 if found else None, "imposed": rec["imposed"] if rec else None,
            "false_alarms": alarms}

"""Recall and false alarms of `soan hunt` on the planted holes (tests/data/holes), at a given budget.

    .venv/bin/python scripts/hunt_recall.py --budget 90 --jobs 2 [--game undecim] [--hole ID] [--out out/recall]

For each game: a hunt on the unmodified draft, then one per hole (same budget, seed and players); a
hole is found when a finding matches its `expect`; a finding that is neither the hole nor one of the
draft's is a false alarm. Prints one line per hole, the recall, the median imposed decisions of the
found holes' records, and writes OUT/recall.json. Each hunt's folder is kept (OUT/<game>/<hole>):
running the script again continues the hunts it did not finish.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from soan.lab.hunt.main import hunt
from soan.lab.hunt.yardstick import load_holes, score

ROOT = Path(__file__).resolve().parent.parent / "tests" / "data" / "holes"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=90.0, help="seconds per hunt")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--game", default=None)
    ap.add_argument("--hole", action="append", default=None, help="only these hole ids")
    ap.add_argument("--check-level", default="", help="the hunts' --check-level (default: none, for speed)")
    ap.add_argument("--out", default="out/recall")
    a = ap.parse_args()
    holes = [h for h in load_holes(ROOT, a.game) if a.hole is None or h["id"] in a.hole]
    out = Path(a.out)
    rows = []
    drafts: dict[tuple[str, int], list] = {}
    for h in holes:
        g, P = h["game"], int(h.get("players", 4))
        if (g, P) not in drafts:
            t = time.monotonic()
            r = hunt(g, P, budget=a.budget, folder=out / g / f"draft-{P}", jobs=a.jobs, check=a.check_level)
            drafts[(g, P)] = r["findings"]
            print(f"{g} draft ({P}p): {len(r['findings'])} findings, {time.monotonic() - t:.0f} s: "
                  + "; ".join(f"{f['oracle']} {f['subject']} {f['direction']}" for f in r["findings"]), flush=True)
        t = time.monotonic()
        r = hunt(g, P, tuple(h.get("variants") or ()), h.get("params") or {}, h.get("components"), a.budget,
                 out / g / h["id"], a.jobs, check=a.check_level)
        s = score(h, r, drafts[(g, P)])
        s["seconds"] = round(time.monotonic() - t)
        rows.append(s)
        print(f"  {h['id']:32s} {s['oracle']:10s} {'FOUND' if s['found'] else 'missed':6s} rank={s['rank']} "
              f"imposed={s['imposed']} false_alarms={len(s['false_alarms'])} {s['seconds']} s", flush=True)
    found = [r for r in rows if r["found"]]
    imposed = [r["imposed"] for r in found if r["imposed"] is not None]
    summary = {"budget": a.budget, "jobs": a.jobs, "holes": len(rows), "found": len(found),
               "recall": len(found) / len(rows) if rows else None,
               "median_imposed": statistics.median(imposed) if imposed else None,
               "false_alarms": sum(len(r["false_alarms"]) for r in rows), "rows": rows}
    out.mkdir(parents=True, exist_ok=True)
    (out / "recall.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    print(f"recall {len(found)}/{len(rows)} = {summary['recall']:.0%}; median imposed decisions "
          f"{summary['median_imposed']}; false alarms {summary['false_alarms']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

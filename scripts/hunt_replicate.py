"""Do a hunt's findings hold on games it never played? Each finding measured on a new batch of fresh seeds.

    .venv/bin/python scripts/hunt_replicate.py studies/hunt/undecim --games 400 --seed 77 --jobs 2

Plays GAMES new games of normal bots (and GAMES games of each strategy finding's bot against normal bots,
GAMES/3 kingmaking probes when there is such a finding) on seeds no stage of the hunt used, judges every
finding again with the hunt's own rule (its margin, the interval Bonferroni-adjusted over the findings
replicated), and prints one line per finding: the hunt's figure, the new one with its 95% interval, holds
or not. Writes FOLDER/replication-SEED.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from soan.core.rng import derive
from soan.lab.hunt import strategy as strat
from soan.lab.hunt.confirm import judge
from soan.lab.hunt.oracles import BY_ORACLE, Margins
from soan.lab.hunt.play import Player
from soan.lab.runner import study_seeds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    folder = Path(a.folder)
    res = json.loads((folder / "hunt-result.json").read_text(encoding="utf-8"))
    st = json.loads((folder / "hunt.json").read_text(encoding="utf-8"))
    settings = {**res["settings"], "cap": st["cap"]}
    m = Margins(**res.get("margins", {}))
    P = settings["players"]
    base = derive(10_000 + a.seed, 1)
    findings = res["findings"]
    out = []
    with Player(settings, a.jobs) as player:
        games = list(player.play([("trace", ["greedy"] * P, s, i, False) for i, s in study_seeds(base, a.games)]))
        for f in findings:
            if f["oracle"] == "strategy":
                tasks = [("trace", strat.lineup(f["spec"], P, i), s, i, False)
                         for i, s in study_seeds(derive(base, 2), a.games)]
                vals = strat.strategy_values(f, list(player.play(tasks)))
                ev = judge(f, vals, False, len(findings))
            elif f["oracle"] == "kingmaker":
                probes = list(player.play([("probe", [], s, i, False) for i, s in study_seeds(derive(base, 3), a.games // 3)]))
                ev = judge(f, [1.0 if p["event"] else 0.0 for p in probes if p["finished"]], True, len(findings))
            else:
                o = BY_ORACLE[f["oracle"]]
                ev = judge(f, o.values(f, games, m), o.binary(f), len(findings))
            row = {"oracle": f["oracle"], "subject": f["subject"], "direction": f["direction"],
                   "hunt": f["evidence"]["share"], "new": ev["share"], "ci": ev["ci"], "n": ev["n"], "holds": ev["holds"]}
            out.append(row)
            print(f"{f['oracle']:10s} {f['subject'][:28]:28s} {f['direction']:8s} hunt {row['hunt']:.3f} -> "
                  f"{row['new']:.3f} [{ev['ci'][0]:.3f}, {ev['ci'][1]:.3f}] n={ev['n']} {'holds' if ev['holds'] else 'DOES NOT HOLD'}",
                  flush=True)
    (folder / f"replication-{a.seed}.json").write_text(json.dumps(out, indent=1), encoding="utf-8")
    print(f"{sum(r['holds'] for r in out)}/{len(out)} findings hold on {a.games} new games")
    return 0


if __name__ == "__main__":
    sys.exit(main())

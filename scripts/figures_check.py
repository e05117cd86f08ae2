"""Re-check the documented figures (docs/figures.yaml; soan.lab.figures): each still printed as registered,
stale or not since the commit it was measured on, and the affordable ones re-run on a fresh seed. Exit 1
when a figure fails. Not part of `make test` (it plays thousands of games).

    python scripts/figures_check.py                      # every figure up to 600 s each
    python scripts/figures_check.py --max-cost 0          # only: still printed? stale?
    python scripts/figures_check.py --only undecim-position-vp-start --seed 5
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    from soan.core.errors import SoanError
    from soan.lab.figures import check

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--registry", default=str(ROOT / "docs" / "figures.yaml"))
    ap.add_argument("--root", default=str(ROOT), help="the repository the docs' paths start from")
    ap.add_argument("--max-cost", type=float, default=600.0, help="re-run figures that take up to this many seconds")
    ap.add_argument("--seed", type=int, default=None, help="the fresh seed (default: from the clock)")
    ap.add_argument("--only", action="append", default=[], help="a figure's id (repeatable)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.max_cost < 0 or (a.seed is not None and a.seed < 0):
        ap.error(f"--max-cost and --seed are 0 or more, got {a.max_cost} and {a.seed}")
    try:
        res = check(a.registry, a.root, a.max_cost, a.seed, a.only, say=(lambda s: None) if a.json else print)
    except SoanError as e:
        print(f"figures-check: {e}", file=sys.stderr)
        return 2
    if a.json:
        print(json.dumps(res))
    return 1 if res["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

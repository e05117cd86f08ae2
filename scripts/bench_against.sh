#!/bin/bash
# Engine speed against an earlier commit, fairly: both versions in their own process, interleaved
# rounds, CPU time (a shared machine's load does not count), the CLI imported first and the objects
# alive then frozen out of the cyclic GC on both sides. Prints the median µs per action of random
# playouts per game and version.
#   scripts/bench_against.sh BASE_COMMIT [ROUNDS=5]      (run from the project root, after `make demo`)
set -euo pipefail
BASE=${1:?usage: scripts/bench_against.sh BASE_COMMIT [ROUNDS]}; ROUNDS=${2:-5}
PY=${PY:-.venv/bin/python}
DIR=$(mktemp -d); OUT=$DIR/bench.jsonl
git worktree add --detach "$DIR/base" "$BASE" >/dev/null 2>&1
trap 'git worktree remove --force "$DIR/base" >/dev/null 2>&1; rm -rf "$DIR"' EXIT
for r in $(seq 1 "$ROUNDS"); do
  for g in asian-delivery la-superba undecim; do
    if [ $g = asian-delivery ]; then G=100; else G=300; fi
    for v in base now; do
      if [ $v = base ]; then S=$DIR/base/src; else S=$PWD/src; fi
      PYTHONPATH=$S $PY -c "
import gc, json, statistics, time
import soan.cli.main  # noqa: F401 - the CLI's import heap, as \`soan bench\` has it
from soan.lab.bench import _playouts
gc.collect(); gc.freeze()
xs = []
for k in range(3):
    t0 = time.process_time(); _, acts, _ = _playouts('$g', 4, $G, 1000000 * k)
    xs.append((time.process_time() - t0) / acts * 1e6)
print(json.dumps({'game': '$g', 'version': '$v', 'us': statistics.median(xs)}))" >> "$OUT"
    done
  done
  echo "round $r/$ROUNDS done" >&2
done
$PY - "$OUT" "$BASE" <<'PY'
import json, statistics, sys
rows = [json.loads(x) for x in open(sys.argv[1])]
print(f"µs per action (median of interleaved rounds), base {sys.argv[2][:10]} vs this checkout:")
for g in dict.fromkeys(r["game"] for r in rows):
    b = statistics.median(r["us"] for r in rows if r["game"] == g and r["version"] == "base")
    n = statistics.median(r["us"] for r in rows if r["game"] == g and r["version"] == "now")
    print(f"  {g:15} {b:7.2f} → {n:7.2f}  ({n / b - 1:+.1%})")
PY

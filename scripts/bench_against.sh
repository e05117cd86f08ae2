#!/bin/bash
# Engine and bot speed against an earlier commit, fairly: both versions in their own process,
# interleaved rounds, CPU time (a shared machine's load does not count), the CLI imported first and
# the objects alive then frozen out of the cyclic GC on both sides. Per game and version, the median
# over rounds of: µs per action of random playouts, µs per clone (a mid-game state), and ms per
# all-normal game (whole games with the normal bot in every seat, the same seeds in every round).
#   scripts/bench_against.sh BASE_COMMIT [ROUNDS=5]      (run from the project root, after `make demo`)
#   NORMAL_GAMES="2 20 20" sets the all-normal games per round (Asian Delivery, La Superba, Undecim);
#   GAMES="asian-delivery" limits the games.
#   scripts/bench_against.sh compiled [ROUNDS=5]   compares this checkout pure (base: src/) with its compiled
#   build (now: build/compiled/, `make compiled` first), interleaved the same way.
#   NOW=compiled scripts/bench_against.sh BASE_COMMIT [ROUNDS]   compares an earlier commit (pure Python)
#   with this checkout's compiled build (`make compiled` first): the optional build's whole gain.
set -euo pipefail
BASE=${1:?usage: scripts/bench_against.sh BASE_COMMIT [ROUNDS]}; ROUNDS=${2:-5}
PY=${PY:-.venv/bin/python}
GAMES=${GAMES:-asian-delivery la-superba undecim}
read -r NG_AD NG_LS NG_UN <<< "${NORMAL_GAMES:-2 20 20}"
DIR=$(mktemp -d); OUT=$DIR/bench.jsonl
if [ "$BASE" = compiled ]; then
  test -f build/compiled/compiled.txt || { echo "no compiled build: make compiled" >&2; exit 1; }
  BASE_SRC=$PWD/src; NOW_SRC=$PWD/build/compiled
  trap 'rm -rf "$DIR"' EXIT
else
  git worktree add --detach "$DIR/base" "$BASE" >/dev/null 2>&1
  BASE_SRC=$DIR/base/src; NOW_SRC=$PWD/src
  if [ "${NOW:-}" = compiled ]; then
    test -f build/compiled/compiled.txt || { echo "no compiled build: make compiled" >&2; exit 1; }
    NOW_SRC=$PWD/build/compiled
  fi
  trap 'git worktree remove --force "$DIR/base" >/dev/null 2>&1; rm -rf "$DIR"' EXIT
fi
for r in $(seq 1 "$ROUNDS"); do
  for g in $GAMES; do
    case $g in asian-delivery) G=100; N=$NG_AD;; la-superba) G=300; N=$NG_LS;; *) G=300; N=$NG_UN;; esac
    for v in base now; do
      if [ $v = base ]; then S=$BASE_SRC; else S=$NOW_SRC; fi
      # each version runs its own code: only functions both have (playouts, clone, play_game)
      PYTHONPATH=$S $PY -c "
import gc, json, statistics, time
import soan.cli.main  # noqa: F401 - the CLI's import heap, as \`soan bench\` has it
from soan.lab.bench import _clone_us, _playouts
from soan.lab.runner import play_game
gc.collect(); gc.freeze()
xs = []
for k in range(3):
    t0 = time.process_time(); _, acts, _ = _playouts('$g', 4, $G, 1000000 * k)
    xs.append((time.process_time() - t0) / acts * 1e6)
t0 = time.process_time(); cl = _clone_us('$g', 4, 20000); cl = (time.process_time() - t0) / 20000 * 1e6
t0 = time.process_time()
for seed in range(1, $N + 1):
    play_game('$g', 4, seed, ['normal'] * 4)
ms = (time.process_time() - t0) / $N * 1000
print(json.dumps({'game': '$g', 'version': '$v', 'us': statistics.median(xs), 'clone': cl, 'normal_ms': ms}))" >> "$OUT"
    done
  done
  echo "round $r/$ROUNDS done" >&2
done
$PY - "$OUT" "$BASE" "${NOW:-}" <<'PY'
import json, statistics, sys
rows = [json.loads(x) for x in open(sys.argv[1])]
now = " (compiled build)" if sys.argv[3] == "compiled" else ""
base = "pure Python vs the compiled build" if sys.argv[2] == "compiled" else f"base {sys.argv[2][:10]} vs this checkout{now}"
print(f"medians of interleaved rounds (CPU time), {base}; speed-up = base / now:")
for key, what in (("us", "µs per action, random playouts"), ("clone", "µs per clone"),
                  ("normal_ms", "ms per all-normal game")):
    print(f"  {what}:")
    for g in dict.fromkeys(r["game"] for r in rows):
        b = statistics.median(r[key] for r in rows if r["game"] == g and r["version"] == "base")
        n = statistics.median(r[key] for r in rows if r["game"] == g and r["version"] == "now")
        print(f"    {g:15} {b:9.2f} → {n:9.2f}  ({b / n:.2f}×)")
PY

#!/bin/bash
# Instructions, not seconds: the same work counted by valgrind (cachegrind, no cache simulation) for an
# earlier commit and this checkout, each in its own process with PYTHONHASHSEED=0, the start-up
# subtracted: a run that only warms up (the interpreter, the CLI, and for play-outs two games first, so
# that what a process loads once, e.g. numpy for long shuffles, is not counted as play). A count does not swing with the machine's load
# as CPU time does (±10-30% on a shared 2-core machine), so small changes can be judged; it is not a
# time (a cache miss costs more than an instruction): scripts/bench_against.sh gives the times.
#   scripts/bench_instructions.sh BASE_COMMIT            (from the project root, after `make demo`)
#   NOW=compiled scripts/bench_instructions.sh BASE      this checkout's compiled build (`make compiled` first)
#   GAMES="undecim" limits the games, WORK="playouts" the work. Per game: all-normal games (Asian Delivery seeds 1-2, the others
#   1-10, 4 players) and random play-outs (AD 20 games, the others 100). Needs valgrind (apt install valgrind).
set -euo pipefail
if [ $# -lt 1 ]; then echo "usage: scripts/bench_instructions.sh BASE_COMMIT   (NOW=compiled, GAMES=..., WORK=... optional)" >&2; exit 2; fi
BASE=$1
PY=${PY:-.venv/bin/python}
GAMES=${GAMES:-asian-delivery la-superba undecim}
WORK=${WORK:-normal playouts}
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
DIR=$(mktemp -d)
git worktree add --detach "$DIR/base" "$BASE" >/dev/null 2>&1
trap 'git worktree remove --force "$DIR/base" >/dev/null 2>&1; rm -rf "$DIR"' EXIT
NOW_SRC=$PWD/src
if [ "${NOW:-}" = compiled ]; then
  test -f build/compiled/compiled.txt || { echo "no compiled build: make compiled" >&2; exit 1; }
  NOW_SRC=$PWD/build/compiled
fi
count() {  # SRC CODE -> instructions
  PYTHONHASHSEED=0 PYTHONPATH=$1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$PY" -c "import soan.cli.main  # noqa: F401
from soan.lab.bench import _playouts
from soan.lab.runner import play_game
$2" 2>&1 | grep 'I *refs' | tr -d ',' | awk '{print $NF}'
}
printf "%-15s %-22s %12s %12s %8s\n" game work "base (M)" "now (M)" "fewer"
for g in $GAMES; do
  case $g in asian-delivery) S=2; P=20;; *) S=10; P=100;; esac
  for work in $WORK; do
    if [ $work = normal ]; then
      code="for seed in range(1, $S + 1): play_game('$g', 4, seed, ['normal'] * 4)"; what="all-normal, $S games"
    else
      code="_playouts('$g', 4, $P, 0)"; what="random play-outs, $P"
    fi
    warm="pass"
    [ $work = playouts ] && warm="_playouts('$g', 4, 2, 10 ** 6)"
    zero=$(count "$DIR/base/src" "$warm"); b=$(count "$DIR/base/src" "$warm
$code")
    zero2=$(count "$NOW_SRC" "$warm"); n=$(count "$NOW_SRC" "$warm
$code")
    "$PY" -c "b, n = ($b - $zero) / 1e6, ($n - $zero2) / 1e6
print(f'{\"$g\":15} {\"$what\":22} {b:12.0f} {n:12.0f} {b / n:7.2f}×')"
  done
done

#!/bin/sh
# Do `soan ask` and `soan balance` give the same JSON at two commits (a refactoring's check, issue 49)?
# For each game: `soan ask GAME --budget 0` on fresh folders (a plan that depends on no clock), and the
# answers to a real run's stored games (`--budget SECONDS` played once at the base commit, then answered
# by each commit from a copy of its folder at --budget 0); and one small `soan balance` per game. Prints
# every difference but the run's own timing and folder names (spent_s, seconds, folder, html, out).
# Usage: sh scripts/same_answers.sh BASE_REV [SECONDS [OTHER_REV]]   e.g. sh scripts/same_answers.sh c69106b 90 HEAD
# Run from the project's root with the venv set up; the other side is OTHER_REV, else the working tree.
set -eu
base=$1; secs=${2:-90}; other=${3:-}
py=$(pwd)/.venv/bin/python
tmp=$(mktemp -d); trap 'git worktree remove --force "$tmp/base" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
git worktree add --detach "$tmp/base" "$base" >/dev/null 2>&1
newsrc=$(pwd)/src
if [ -n "$other" ]; then
  git worktree add --detach "$tmp/other" "$other" >/dev/null 2>&1
  newsrc=$tmp/other/src
  trap 'git worktree remove --force "$tmp/base" >/dev/null 2>&1; git worktree remove --force "$tmp/other" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
fi
old() { PYTHONPATH="$tmp/base/src" "$py" -m soan "$@"; }
new() { PYTHONPATH="$newsrc" "$py" -m soan "$@"; }
diffjson() {  # the two JSON files, timing and paths left out
  "$py" - "$1" "$2" <<'PY'
import json, sys
SKIP = {"spent_s", "seconds", "folder", "html", "out"}  # the run's timing and its folders
def walk(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            print(f"{path}: keys {list(a)} != {list(b)}")
            walk.bad = True
        for k in a:
            if k not in SKIP and k in b:
                walk(a[k], b[k], f"{path}/{k}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            walk(x, y, f"{path}[{i}]")
    elif a != b or type(a) is not type(b):
        print(f"{path}: {a!r:.80} != {b!r:.80}")
        walk.bad = True
walk.bad = False
walk(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))
print("same" if not walk.bad else "DIFFERENT")
PY
}
for g in undecim la-superba asian-delivery; do
  old ask "$g" --budget 0 --json --out "$tmp/a0" >"$tmp/a0.json" 2>/dev/null
  new ask "$g" --budget 0 --json --out "$tmp/b0" >"$tmp/b0.json" 2>/dev/null
  printf '%s ask --budget 0: ' "$g"; diffjson "$tmp/a0.json" "$tmp/b0.json"
  old ask "$g" --budget "${secs}s" --json --out "$tmp/real" >/dev/null 2>&1
  cp -r "$tmp/real" "$tmp/ra"; cp -r "$tmp/real" "$tmp/rb"
  old ask "$g" --budget 0 --json --out "$tmp/ra" >"$tmp/ra.json" 2>/dev/null
  new ask "$g" --budget 0 --json --out "$tmp/rb" >"$tmp/rb.json" 2>/dev/null
  printf '%s ask, a %ss run answered again (%s games): ' "$g" "$secs" \
    "$("$py" -c "import json,sys; print(sum(json.load(open(sys.argv[1]))['studies'].values()))" "$tmp/ra.json")"
  diffjson "$tmp/ra.json" "$tmp/rb.json"
  rm -rf "$tmp/a0" "$tmp/b0" "$tmp/real" "$tmp/ra" "$tmp/rb"
done
bal() {  # SIDE GAME OUT: a small search, its validation and robustness
  case $2 in
    undecim) set -- "$1" "$2" "$3" -t 'start-player=25±4' -s 'position_vp[1]=0..4' -s 'position_vp[3]=3..6' ;;
    asian-delivery) set -- "$1" "$2" "$3" -t 'start-player=25±4' -s 'position_vp[2]=0..9' ;;
    la-superba) set -- "$1" "$2" "$3" -t 'length at most 200' -s 'weather_bonus=0..2' ;;
  esac
  side=$1 g=$2 o=$3; shift 3
  "$side" balance "$g" "$@" --games 10 --trials 3 --validate 10 --robust 10 --level-games 0 --seed 3 --json --out "$o" 2>/dev/null
}
for g in undecim la-superba asian-delivery; do
  bal old "$g" "$tmp/ba" >"$tmp/ba.json"; bal new "$g" "$tmp/bb" >"$tmp/bb.json"
  printf '%s balance: ' "$g"; diffjson "$tmp/ba.json" "$tmp/bb.json"
  rm -rf "$tmp/ba" "$tmp/bb"
done

#!/bin/sh
# Does the normal bot misplay AD-V6 (an office may take a request card)? One seat plays with other
# weights of a request's risk or of facilities, three normal bots around, every game under AD-V6, against
# the same seat played by the normal bot on the same seeds (scripts/paired_seat.py). A re-weighting that
# scores more would show a misplay the weights can fix (docs/lab.md, "Bots that play the rule").
# Usage: sh scripts/ad_v6_weights.sh [SEED [GAMES [STYLES]]]
#   e.g. sh scripts/ad_v6_weights.sh 7001 60            (all the weights below, ~40 s each on 2 cores)
#        sh scripts/ad_v6_weights.sh 9001 60 "pen07 fac1"
# Run from the project's root with the venv's python (PY=...); prints one comparison per style.
set -eu
seed=${1:-7001}; games=${2:-60}; styles=${3:-"pf1 pf08 pf03 pen15 pen07 cal1 fac1 fac2"}
py=${PY:-.venv/bin/python}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
weights() {
  case $1 in
    pf1) echo "penalty_floor: 1.0" ;; pf08) echo "penalty_floor: 0.8" ;; pf03) echo "penalty_floor: 0.3" ;;
    pen15) echo "penalty: 1.5" ;; pen07) echo "penalty: 0.7" ;; cal1) echo "calibrate: 1.0" ;;
    fac1) echo "facility: 1.0" ;; fac2) echo "facility: 2.0" ;;
    *) echo "unknown style '$1'; the styles: pf1 pf08 pf03 pen15 pen07 cal1 fac1 fac2" >&2; exit 2 ;;
  esac
}
run() {
  PYTHONPATH=src nice -n 5 "$py" scripts/paired_seat.py asian-delivery --bot "$1" --others normal \
    --variant office-request --games "$games" --seed "$seed" --out "$2" >/dev/null
}
for st in $styles; do weights "$st" >/dev/null; done
run normal "$dir/normal.json"
for st in $styles; do
  printf '%s:\n  en: %s\n  ja: %s\n  weights: {%s}\n' "$st" "$st" "$st" "$(weights "$st")" >"$dir/$st.yaml"
  run "greedy:style=$dir/$st.yaml" "$dir/$st.json"
  echo "== $st ($(weights "$st"))"
  "$py" scripts/paired_seat.py --compare "$dir/normal.json" "$dir/$st.json" | tail -2
done

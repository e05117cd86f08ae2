#!/bin/sh
# Does a bot tuned on a variant play it better than the normal bot (issue 47: AD-V6, AD-V10, AD-V13)?
# For each variant: `soan tune` searches the normal bot's weights under that variant only (Optuna, the
# candidate in seats 1 and 3 against the default in 2 and 4), then validates the best weights on fresh
# seeds (seed + 1000003) in the same paired line-up; the validation's win share and its 95% interval
# are the ladder that decides whether the tuned bot leads that variant's answers (docs/lab.md).
# Usage: sh scripts/tune_variants.sh [TRIALS [GAMES [VALIDATE [SEED]]]]
#   e.g. sh scripts/tune_variants.sh 16 40 400 47     (~9 min a variant on one core)
# Run from the project's root (PY=... for another python); writes tune-variants/<variant>/.
set -eu
trials=${1:-16}; games=${2:-40}; validate=${3:-400}; seed=${4:-47}
soan=${SOAN:-.venv/bin/soan}
for v in office-request worker-decay stored-vp; do
  nice -n 5 "$soan" tune asian-delivery -V "$v" --trials "$trials" --games "$games" --validate "$validate" \
    --seed "$seed" --out "tune-variants/$v" --json >"tune-variants-$v.json"
  echo "== $v"; cat "tune-variants-$v.json"; echo
done

#!/bin/sh
# Does a balance proposal hold with other bot levels? The start player's share by turn position, base
# game against the proposal, same seeds, for each level (docs/balance.md "Other bot levels").
# Usage: sh scripts/balance_levels.sh GAME "POSITION_VP" "LEVELS" GAMES [JOBS]
#   e.g. sh scripts/balance_levels.sh undecim 0,3,4,5 "easy hard" 1000 2
# Hard bots are slow: Undecim ~5.5 s a game, Asian Delivery ~22 s a game (per core; docs/results.md#hard-budget).
set -eu
game=$1; vp=$2; levels=$3; n=$4; jobs=${5:-2}
soan=${SOAN:-soan}
for level in $levels; do
  for setting in base "$vp"; do
    if [ "$setting" = base ]; then p=""; else p="-P position_vp=$setting"; fi
    echo "== $game, $level bots, $n games, position_vp=${setting}"
    # shellcheck disable=SC2086
    nice -n 5 $soan sim "$game" -n "$n" --agents "$level" --seed 7 --jobs "$jobs" $p | grep -E "player|games/s"
  done
done

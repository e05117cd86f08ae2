"""Design-quality measures of a game, from what every study already records (docs/balance.md).

Per game (`game_quality`, from the score trace the runner keeps: the game's `scores()` after every
step, the winners and the options of each decision):
- **drama**: 1 if the eventual winner was behind the leader at some point; `drama_depth` the most
  points it was behind, `drama_depth_rel` that ÷ the winner's final score (Browne 2008, Ludii "Drama");
- **decided_at**: the share of the game's steps after which the winner is never again behind anyone
  (and, for a sole winner, always strictly ahead): 0.9 means the outcome showed in the last 10%
  (Browne 2008 "Decisiveness"/"Permanence", Ludii "Decisiveness");
- **spread**: the highest minus the lowest final score; **gap12_rel**: first minus second ÷ the
  winner's score (closeness of the finish; Ludii "Score spread");
- **options_early|mid|late**: mean legal options per decision in each third of the game (branching
  over the game; Ludii "Branching factor" over time);
- **kingmaker**: 1 if a seat that can no longer win still made a decision while two or more other
  seats could still win (defined under `kingmaker`), else 0; none for a game shorter than 2 steps;
- **lead_changes** (kept by the runner from the scores at the start and after every step): how often the
  sole leader changed (`lead_changes`; ties and the first leader are no change).
Over a study (lab/quality_summary.py): each as a mean (or share) with its 95% interval, one value per
game, and the **skill depth** of a strength ladder.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

KEYS = ("drama", "drama_depth", "drama_depth_rel", "decided_at", "spread", "gap12_rel", "options_early",
        "options_mid", "options_late", "kingmaker")


def _behind(sc: Sequence[float], w: int) -> float:
    """How far seat w trails the best other seat (0 when it leads or shares the lead)."""
    others = [x for i, x in enumerate(sc) if i != w]
    return max(0.0, max(others) - sc[w]) if others else 0.0


def drama(trace: Sequence[Sequence[float]], winners: Sequence[int]) -> tuple[int, float]:
    """(1 if a winner was behind at some point, else 0; the most points it trailed the leader). With a
    shared win, the winner that trailed least counts (a shared win is as dramatic as its calmest winner)."""
    if not trace or not winners:
        return 0, 0.0
    depth = min(max(_behind(sc, w) for sc in trace) for w in winners)
    return int(depth > 0), float(depth)


def decided_at(trace: Sequence[Sequence[float]], winners: Sequence[int]) -> float:
    """The share of the game (steps) after which the winner stays ahead: the index after the last step
    where it was behind anyone (or, for a sole winner, level with anyone), divided by the steps. 0 means
    ahead all along, 1 that it took the lead only at the very end."""
    n = len(trace)
    if n == 0 or not winners:
        return math.nan
    last = -1
    for t, sc in enumerate(trace):
        top = max(sc)
        if len(winners) == 1:
            w = winners[0]
            open_ = any(sc[i] >= sc[w] for i in range(len(sc)) if i != w)
        else:
            open_ = any(sc[w] < top for w in winners)
        if open_:
            last = t
    return (last + 1) / n


def kingmaker(trace: Sequence[Sequence[float]], actors: Sequence[Sequence[int]]) -> float:
    """1 if, at some step t, a seat is out of contention and yet acts after t while at least two other
    seats are in contention; 0 if never; nan for a game of fewer than 2 steps.

    Out of contention at step t: even the largest gain any seat made from t to the end of this game
    would not bring it level with the leader at t (a seat that cannot catch up with what the game
    actually allowed). In contention: the others. `actors[t]` are the seats that decided at step t
    (trace[t] is the scores after it). This marks the situation where kingmaking can happen; how
    much such a seat's moves change the winner depends on the game's interaction."""
    n = len(trace)
    if n < 2:
        return math.nan
    final = trace[-1]
    P = len(final)
    last_act = [-1] * P  # the last step at which each seat decided
    for t, a in enumerate(actors):
        for s in a:
            last_act[s] = t
    for t in range(n - 1):
        sc = trace[t]
        gain = max(final[i] - sc[i] for i in range(P))
        lead = max(sc)
        out = [i for i in range(P) if sc[i] + gain < lead]
        if not out or P - len(out) < 2:
            continue
        if any(last_act[i] > t for i in out):
            return 1.0
    return 0.0


def lead_changes(trace: Sequence[Sequence[float]]) -> int:
    """How often the sole leader changed: the seat strictly ahead of every other becomes another seat
    than the last sole leader. Ties are no leader (a tie and the same leader again is no change), and
    the first sole leader is no change, whether it leads from the start (a game that starts unequal) or
    from its first score. `trace`: the scores from the start (before any step) and after each step."""
    changes = 0
    last: int | None = None
    for sc in trace:
        if not sc:
            continue
        best = max(sc)
        at = [i for i, x in enumerate(sc) if x == best]
        if len(at) != 1:
            continue  # a tie at the top: nobody leads alone
        if last is not None and at[0] != last:
            changes += 1
        last = at[0]
    return changes


def thirds(options: Sequence[int]) -> tuple[float, float, float]:
    """Mean options per decision in the first, middle and last third of the game's decisions."""
    n = len(options)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    cuts = [0, round(n / 3), round(2 * n / 3), n]
    out = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        part = options[a:b]
        out.append(sum(part) / len(part) if part else math.nan)
    return out[0], out[1], out[2]


def game_quality(trace: Sequence[Sequence[float]], winners: Sequence[int], options: Sequence[int] = (),
                 actors: Sequence[Sequence[int]] | None = None) -> dict[str, float]:
    """Every per-game measure of KEYS from one game's score trace (scores after each step, the last
    being the final scores), its winners, the options of each decision and each step's acting seats."""
    if not trace:
        return {k: math.nan for k in KEYS}
    final = trace[-1]
    top = sorted(final, reverse=True)
    d, depth = drama(trace, winners)
    wscore = max(final)
    early, mid, late = thirds(options)
    return {"drama": float(d), "drama_depth": depth,
            "drama_depth_rel": depth / abs(wscore) if wscore else math.nan,
            "decided_at": decided_at(trace, winners),
            "spread": float(top[0] - top[-1]),
            "gap12_rel": (top[0] - top[1]) / abs(top[0]) if len(top) > 1 and top[0] else math.nan,
            "options_early": early, "options_mid": mid, "options_late": late,
            "kingmaker": kingmaker(trace, actors) if actors is not None else math.nan}


# --- a study's summary ------------------------------------------------------------------------------

# measure -> (kind, name en, name ja, reference (en, ja)): kind "share" (a yes/no per game, Wilson interval),
# "pct" (a share per game, t interval), "num" (a number per game, t interval)
MEASURES: dict[str, tuple[str, str, str, tuple[str, str]]] = {
    "drama": ("share", "games whose winner was behind at some point", "勝者が途中で負けていたゲームの割合",
              ("Browne 2008; Ludii Drama", "ブラウン（2008）、ルーディの「ドラマ」")),
    "drama_depth": ("num", "most points the winner was behind", "勝者が最も離されていた点差", ("Browne 2008", "ブラウン（2008）")),
    "decided_at": ("pct", "point of the game from which the winner stays ahead", "勝者が以後ずっと首位に立った時点（ゲームの進み具合）",
                   ("Browne 2008 Decisiveness; Ludii", "ブラウン（2008）の「決定性」、ルーディ")),
    "lead_changes": ("num", "lead changes per game", "首位の入れ替わり回数", ("Browne 2008; Ludii LeadChange", "ブラウン（2008）、ルーディの「首位交代」")),
    "gap12": ("num", "first minus second (points)", "１位と２位の点差", ("Ludii Score spread", "ルーディの「得点の広がり」")),
    "gap12_rel": ("pct", "first minus second ÷ the winner's score", "１位と２位の差÷勝者の得点", ("Ludii Score spread", "ルーディの「得点の広がり」")),
    "spread": ("num", "highest minus lowest final score", "最高点と最低点の差", ("Ludii Score spread", "ルーディの「得点の広がり」")),
    "length": ("num", "decisions per game", "１ゲームの選択の回数", ("Ludii Duration", "ルーディの「長さ」")),
    "mean_options": ("num", "legal options per decision", "１回の選択の選択肢の数", ("Ludii Branching factor", "ルーディの「分岐数」")),
    "options_early": ("num", "options per decision, first third", "選択肢の数（序盤３分の１）", ("branching over time", "ゲームの進行に沿った分岐数")),
    "options_mid": ("num", "options per decision, middle third", "選択肢の数（中盤３分の１）", ("branching over time", "ゲームの進行に沿った分岐数")),
    "options_late": ("num", "options per decision, last third", "選択肢の数（終盤３分の１）", ("branching over time", "ゲームの進行に沿った分岐数")),
    "kingmaker": ("share", "games where a seat that could no longer win still decided while two or more could",
                  "勝ち目のなくなったプレイヤーが、まだ勝てる２人以上の争う中で手を選んだゲームの割合", ("docs/balance.md", "本ツールの定義（説明書の「キングメイキング」）")),
}


def fmt(kind: str, v: float) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "—"
    return f"{v:.0%}" if kind in ("share", "pct") else f"{v:.2f}" if abs(v) < 10 else f"{v:.1f}"


def line(row: dict[str, Any], lang: str) -> str:
    """One measure of `summary` in words: 'games whose winner was behind at some point: 62% [57%, 66%] (N games)'."""
    lo, hi = row["ci"]
    k = row["kind"]
    iv = "" if lo is None or math.isnan(lo) else (f"［{fmt(k, lo)}〜{fmt(k, hi)}］" if lang == "ja"
                                                   else f" [{fmt(k, lo)}, {fmt(k, hi)}]")
    if lang == "ja":
        return f"{row['name']['ja']}：{fmt(k, row['mean'])}{iv}（{row['games']}ゲーム）"
    return f"{row['name']['en']}: {fmt(k, row['mean'])}{iv} ({row['games']} games)"

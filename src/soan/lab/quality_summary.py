"""Design quality over a study (docs/balance.md): each per-game measure of lab/quality.py as a mean (or
share) with its 95% interval, one value per game (`summary`), and **skill depth** (`skill_depth`): of a
strength ladder (weakest first), how many neighbouring steps finish above the one below significantly
(lab/ladder.py's paired placings)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .quality import MEASURES

if TYPE_CHECKING:
    import pyarrow as pa


def summary(games: pa.Table) -> list[dict[str, Any]]:
    """Each measure of MEASURES found in a study's games table: mean (or share) and 95% interval."""
    import numpy as np

    from .stats import column, mean_ci, wilson  # numpy, scipy, statsmodels: the lab extra

    out = []
    for key, (kind, en, ja, ref) in MEASURES.items():
        if key not in games.column_names:
            continue
        x = column(games, key)
        x = x[~np.isnan(x)]
        if not len(x):
            continue
        if kind == "share":
            k = int(round(float(x.sum())))
            m = float(x.mean())
            lo, hi = wilson(k, len(x))
        else:
            m, lo, hi = mean_ci(x)
            if float(x.min()) >= 0:  # a count, a length or a share: the interval stays in the measure's range
                lo = max(lo, 0.0)
            if kind == "pct":
                hi = min(hi, 1.0)
        out.append({"measure": key, "kind": kind, "mean": m, "ci": [lo, hi], "games": int(len(x)),
                    "name": {"en": en, "ja": ja}, "reference": {"en": ref[0], "ja": ref[1]}})
    return out


# --- skill depth ----------------------------------------------------------------------------------


def results_from_tables(games: pa.Table) -> list[Any]:
    """A study's games table as runner.GameResult rows (agents, scores, ranks): what ladder.rate reads."""
    from .runner import GameResult

    P = int(games.column("players")[0].as_py()) if games.num_rows else 0
    cols = {k: games.column(k).to_pylist() for k in games.column_names}
    out = []
    for r in range(games.num_rows):
        agents = [cols[f"agent_{i}"][r] for i in range(P)]
        out.append(GameResult(cols["index"][r], cols["seed"][r], agents, [cols[f"score_{i}"][r] for i in range(P)],
                              [cols[f"rank_{i}"][r] for i in range(P)], cols["length"][r], [0] * P, [0.0] * P))
    return out


def skill_depth(steps: list[dict[str, Any]]) -> dict[str, Any]:
    """From ladder.order_holds (neighbours of a ladder, weakest first): how many steps are significant
    ('above'), of how many, and the run of significant steps from the bottom."""
    sig = [s["verdict"] == "above" for s in steps]
    run = 0
    for s in sig:
        if not s:
            break
        run += 1
    return {"steps": len(steps), "significant": sum(sig), "from_bottom": run,
            "pairs": [(s["lower"], s["upper"], s["verdict"]) for s in steps]}


STRENGTH = {"random": 0, "easy": 1, "normal": 2, "greedy": 2, "hard": 3, "mcts": 3, "rollout": 3}  # the levels' order


def ladder_order(agents: list[str]) -> list[str]:
    """The line-up's distinct bots weakest first: by their level (random, easy, normal/greedy, hard and the
    searching bots) where every bot is a known one, else in the order the line-up names them (a line-up of
    other specs is read as `soan ladder` takes it). The demo's line-up names greedy first, then random."""
    distinct = list(dict.fromkeys(agents))
    base = [a.split(":")[0] for a in distinct]
    if all(b in STRENGTH for b in base) and len({STRENGTH[b] for b in base}) == len(base):
        return [a for _, a in sorted(zip((STRENGTH[b] for b in base), distinct, strict=True))]
    return distinct


def study_skill_depth(settings: dict[str, Any], games: pa.Table) -> dict[str, Any] | None:
    """Skill depth of a study whose line-up holds two or more distinct bots, weakest first (`ladder_order`);
    None otherwise."""
    from .ladder import order_holds, rate

    agents = ladder_order(settings.get("agents") or [])
    if len(agents) < 2 or not games.num_rows or "agent_0" not in games.column_names:
        return None
    rows = rate(results_from_tables(games))
    by = {r["agent"]: r for r in rows}
    ordered = [by[a] for a in agents if a in by]
    return skill_depth(order_holds(ordered))


def depth_line(d: dict[str, Any], lang: str, label: Callable[[str], str] = str) -> str:
    pairs = "、".join(f"{label(a)}→{label(b)}" for a, b, v in d["pairs"] if v == "above") if lang == "ja" else \
        ", ".join(f"{label(a)} → {label(b)}" for a, b, v in d["pairs"] if v == "above")
    if lang == "ja":
        return (f"技量の深さ：強さの段階 {d['steps']} 段のうち {d['significant']} 段で上位の側が有意に上の順位"
                f"（下から続けて {d['from_bottom']} 段）" + (f"：{pairs}" if pairs else ""))
    return (f"Skill depth: {d['significant']} of {d['steps']} steps of the strength ladder finish above the step "
            f"below significantly ({d['from_bottom']} in a row from the bottom)" + (f": {pairs}" if pairs else ""))

"""Statistics over study tables, with the game as the unit.

- A game's seats are not independent (one seat's win is another's loss), so every measure is reduced
  to one value per game before any interval: seat measures are averaged over the game's seats, a
  win share "of seat i" or "of turn position k" is that seat's share of the game's win (a tie for
  first between k players gives each 1/k).
- Means and shares get Student-t intervals (scipy.stats.ttest_1samp), which hold for the 0 / 1/k / 1
  values a tied win produces; Wilson's interval (statsmodels) is for counts of yes/no events.
- Two studies are compared game by game when they share their seeds (paired t, scipy.stats.ttest_rel),
  otherwise with Welch's t (scipy.stats.ttest_ind); the p-values of one comparison's measures are
  adjusted together with Holm's method (statsmodels.stats.multitest), which keeps the chance of any
  false flag at 5%.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    import pyarrow as pa

ALPHA = 0.05
CORRECTION = "holm"  # statsmodels' multipletests method for a comparison's family of measures
Floats = NDArray[np.float64]  # a column as floats, NaN where a value is missing


def column(table: pa.Table, name: str) -> Floats:
    return np.array([x if x is not None else np.nan for x in table.column(name).to_pylist()], dtype=float)


class Columns(Mapping[str, Floats]):
    """A table's columns as float arrays (NaN where a value is missing), each converted when first read:
    what a game's report panel gets as `StudyData.seat_columns`."""

    def __init__(self, table: pa.Table) -> None:
        self._table = table
        self._names = frozenset(table.column_names)
        self._done: dict[str, Floats] = {}

    def __getitem__(self, name: str) -> Floats:
        x = self._done.get(name)
        if x is None:
            if name not in self._names:
                raise KeyError(name)
            x = self._done[name] = column(self._table, name)
        return x

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._table.column_names)

    def __len__(self) -> int:
        return len(self._names)


def mean_ci(x: Floats) -> tuple[float, float, float]:
    """Mean and its 95% interval (NaNs dropped): Wilson's for yes/no values (every value 0 or 1: a share
    of games in which something happened, never an interval below 0 or above 1, nor one of width 0
    when it never happened), else Student's t."""
    x = np.asarray(x, dtype=float)
    x = x[~np.isnan(x)]
    if len(x) == 0:
        return (math.nan, math.nan, math.nan)
    m = float(x.mean())
    if len(x) >= 2 and bool(np.all((x == 0) | (x == 1))):
        lo, hi = wilson(float(x.sum()), len(x))
        return (m, lo, hi)
    if len(x) < 2:
        return (m, math.nan, math.nan)
    if float(x.std()) == 0.0:
        return (m, m, m)
    from scipy import stats

    lo, hi = stats.ttest_1samp(x, 0.0).confidence_interval(1 - ALPHA)
    return (m, float(lo), float(hi))


def share_test(x: Floats, chance: float) -> dict[str, Any]:
    """A share from one value per game (0, 1/k for a k-way tie, 1): mean, 95% interval, p against chance."""
    x = np.asarray(x, dtype=float)
    x = x[~np.isnan(x)]
    n = len(x)
    m, lo, hi = mean_ci(x)
    p = math.nan
    if n > 1 and float(x.std()) > 0:
        from scipy import stats

        p = float(stats.ttest_1samp(x, chance).pvalue)
    elif n >= 1:  # every game alike (all lost or all won): the t-test has nothing to go on
        from scipy import stats

        k = int(round(float(x.sum())))
        lo, hi = wilson(k, n)
        p = float(stats.binomtest(k, n, chance).pvalue)
    # a share lies in [0, 1]: the t interval of a few games is cut to it (never "-41%–141%")
    if n:  # rounding (Wilson's 1e-17 for none won) never puts the share outside its own interval
        lo, hi = min(lo, m), max(hi, m)
    return {"games": n, "win_share": m, "ci": [max(0.0, lo), min(1.0, hi)], "p": p}


def wilson(k: float, n: int) -> tuple[float, float]:
    """95% Wilson interval for k yes of n independent yes/no events (statsmodels)."""
    if n == 0:
        return (0.0, 1.0)
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = proportion_confint(k, n, alpha=ALPHA, method="wilson")
    return (float(lo), float(hi))


def _by(seats: pa.Table, key: str, players: int) -> list[tuple[int, Floats, Floats]]:
    if key not in seats.column_names:
        return []
    pos = column(seats, key)
    if np.isnan(pos).all():
        return []
    win = column(seats, "win")
    score = column(seats, "score")
    return [(i, win[pos == i], score[pos == i]) for i in range(players)]


def _shares(seats: pa.Table, key: str, players: int) -> list[dict[str, Any]]:
    out = []
    for i, w, sc in _by(seats, key, players):
        r = share_test(w, 1 / players)
        n = len(sc)
        out.append({key: i, **r, "mean_score": float(sc.mean()) if n else math.nan,
                    "min_score": int(sc.min()) if n else None, "max_score": int(sc.max()) if n else None})
    return out


def seat_shares(seats: pa.Table, players: int) -> list[dict[str, Any]]:
    """Win share per seat index (0-based `seat`), one value per game, with its interval and p vs chance."""
    return _shares(seats, "seat", players)


def position_shares(seats: pa.Table, players: int) -> list[dict[str, Any]]:
    """Win share per turn position (`turn_pos`, 0 = start player); [] for a game without turn order."""
    return _shares(seats, "turn_pos", players)


def agent_shares(seats: pa.Table) -> list[dict[str, Any]]:
    """Per agent: its win share over games (the mean of its seats' share in each game it played) with that
    mean's interval, `games` its seat-games, mean score and rank over its seats."""
    agents = seats.column("agent").to_pylist()
    win = column(seats, "win")
    score = column(seats, "score")
    rank = column(seats, "rank")
    index = column(seats, "index")
    out = []
    for a in dict.fromkeys(agents):
        m = np.array([x == a for x in agents])
        per_game = _per_game(index[m], win[m])[1]  # one unit for the share and its interval: the game
        r = mean_ci(per_game)
        out.append({"agent": a, "games": int(m.sum()), "win_share": r[0],
                    "ci": [max(0.0, r[1]), min(1.0, r[2])],
                    "mean_score": float(score[m].mean()), "mean_rank": float(rank[m].mean())})
    return out


def _per_game(index: Floats, x: Floats) -> tuple[Floats, Floats]:
    """(game indexes, the mean of x over each game's rows), NaNs ignored."""
    keys, inv = np.unique(index, return_inverse=True)
    ok = ~np.isnan(x)
    s = np.bincount(inv, weights=np.where(ok, x, 0.0), minlength=len(keys))
    c = np.bincount(inv, weights=ok.astype(float), minlength=len(keys))
    with np.errstate(invalid="ignore", divide="ignore"):
        return keys, np.where(c > 0, s / np.where(c > 0, c, 1), np.nan)


def game_measures(games: pa.Table, seats: pa.Table, players: int) -> tuple[NDArray[Any], dict[str, Floats]]:
    """(game seeds, {measure: one value per game}) in game-index order: the game-level units that
    intervals and comparisons use. Seat measures (`score`, every `m_*`) are averaged over the game's
    seats; `win_share_seat_i` / `win_share_pos_k` are seat i's / turn position k's share of the game's win."""
    gidx = column(games, "index")
    order = np.argsort(gidx)
    gidx = gidx[order]
    seeds = np.array(games.column("seed").to_pylist(), dtype=object)[order]
    out: dict[str, Floats] = {}
    from .quality import KEYS

    for k in ("length", "gap12", "lead_changes", "multi_choice_share", "mean_options", *KEYS):
        if k in games.column_names:
            out[k] = column(games, k)[order]
    index = column(seats, "index")

    def per_game(x: Floats) -> Floats:
        keys, v = _per_game(index, x)
        pos = {int(k): i for i, k in enumerate(keys)}
        return np.array([v[pos[int(g)]] if int(g) in pos else np.nan for g in gidx])

    out["score"] = per_game(column(seats, "score"))
    win = column(seats, "win")
    for key, name in (("seat", "win_share_seat_{}"), ("turn_pos", "win_share_pos_{}")):
        if key not in seats.column_names:
            continue
        pos = column(seats, key)
        if np.isnan(pos).all():
            continue
        for i in range(players):
            out[name.format(i)] = per_game(np.where(pos == i, win, np.nan))
    agents = seats.column("agent").to_pylist()
    if len(set(agents)) > 1:
        for a in dict.fromkeys(agents):
            m = np.array([x == a for x in agents])
            out[f"win_share_{a}"] = per_game(np.where(m, win, np.nan))
    for k in seats.column_names:
        if k.startswith("m_"):
            try:
                out[k[2:]] = per_game(column(seats, k))
            except (TypeError, ValueError):
                pass  # a text column (e.g. the dealt cards' names)
    return seeds, out


def measures(games: pa.Table, seats: pa.Table, players: int) -> dict[str, Floats]:
    """Every comparable measure as one value per game (see `game_measures`)."""
    return game_measures(games, seats, players)[1]


def diff_test(a: Floats, b: Floats, paired: bool) -> dict[str, Any]:
    """B − A: the mean difference, its 95% interval and p; paired game by game (the same seeds on both
    sides, ttest_rel) or unpaired (Welch, ttest_ind). NaNs drop the game (pairs: both sides)."""
    from scipy import stats

    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if paired:
        ok = ~np.isnan(a) & ~np.isnan(b)
        a, b = a[ok], b[ok]
    else:
        a, b = a[~np.isnan(a)], b[~np.isnan(b)]
    res: dict[str, Any] = {"a": float(a.mean()) if len(a) else None, "b": float(b.mean()) if len(b) else None,
                           "diff": None, "ci": [None, None], "p": None, "paired": paired, "games": [len(a), len(b)]}
    if len(a) < 2 or len(b) < 2:
        return res
    d = float(b.mean() - a.mean())
    res["diff"] = d
    spread = float(np.std(b - a)) if paired else float(np.std(a)) + float(np.std(b))
    if spread == 0.0:  # no variation: the difference is exact
        res["ci"], res["p"] = [d, d], (0.0 if d != 0 else 1.0)
        return res
    t = stats.ttest_rel(b, a) if paired else stats.ttest_ind(b, a, equal_var=False)
    lo, hi = t.confidence_interval(1 - ALPHA)
    res["ci"], res["p"] = [float(lo), float(hi)], float(t.pvalue)
    return res


def adjust(rows: list[dict[str, Any]], method: str = CORRECTION, alpha: float = ALPHA) -> list[dict[str, Any]]:
    """Holm (or another statsmodels method) across the rows' p-values: `p_adj`, `significant` at `alpha`."""
    from statsmodels.stats.multitest import multipletests

    idx = [i for i, r in enumerate(rows) if r.get("p") is not None and not math.isnan(r["p"])]
    for r in rows:
        r["p_adj"], r["significant"] = None, False
    if idx:
        rej, padj, _, _ = multipletests([rows[i]["p"] for i in idx], alpha=alpha, method=method)
        for i, rj, pa in zip(idx, rej, padj, strict=True):
            rows[i]["p_adj"], rows[i]["significant"] = float(pa), bool(rj)
    return rows


def compare_tables(a: tuple[pa.Table, pa.Table], b: tuple[pa.Table, pa.Table],
                   players: int) -> tuple[list[dict[str, Any]], bool]:
    """Every measure of two studies ((games, seats) each): rows with the difference, interval, p and the
    Holm-adjusted significance; paired when both studies hold the same game seeds."""
    sa, ma = game_measures(a[0], a[1], players)
    sb, mb = game_measures(b[0], b[1], players)
    paired = len(sa) == len(sb) and len(sa) > 1 and bool(np.all(sa == sb))
    if not paired:  # the same seeds in another order, or one study longer: pair the shared games
        common = sorted(set(sa.tolist()) & set(sb.tolist()))
        if len(common) >= max(2, min(len(sa), len(sb)) * 0.9):
            pa = {s: i for i, s in enumerate(sa.tolist())}
            pb = {s: i for i, s in enumerate(sb.tolist())}
            ia = np.array([pa[s] for s in common])
            ib = np.array([pb[s] for s in common])
            ma = {k: v[ia] for k, v in ma.items()}
            mb = {k: v[ib] for k, v in mb.items()}
            paired = True
    rows = [{"measure": k, **diff_test(ma[k], mb[k], paired)} for k in ma if k in mb]
    return adjust(rows), paired


CARD_MARGIN = 0.03  # a card is flagged only this far from chance (win share points) and significant;
#                    within it (equivalence test) a card does not stand out in a way that matters


def card_rows(t: pa.Table, P: int, prefix: str, kept_prefix: str | None,
              margin: float = CARD_MARGIN) -> list[dict[str, Any]]:
    """Per card (columns m_<prefix><card>): share of seat-games with it, the win share of the seats
    that had it (one value per game: their mean), and (if given) the share of those who kept it.
    `flag`: significant after Holm's correction *and* at least CARD_MARGIN from chance, so that a
    card thousands of games show to be 1 point off chance is not called too strong."""
    skip = ("m_dealt_kept_", "m_dealt_cards")
    cols = [c for c in t.column_names if c.startswith("m_" + prefix) and not c.startswith(skip)]
    win = column(t, "win")
    index = column(t, "index")
    out = []
    for c in cols:
        card = c[len("m_" + prefix):]
        x = np.nan_to_num(column(t, c))
        has = x > 0
        if not has.any():
            continue
        keys, inv = np.unique(index[has], return_inverse=True)
        per_game = np.bincount(inv, weights=win[has]) / np.bincount(inv)
        r = share_test(per_game, 1 / P)
        row = {"card": card, "use": float(has.mean()), "win_share": r["win_share"], "ci": r["ci"], "p": r["p"],
               "games": r["games"], "p_equiv": equiv_share(per_game, 1 / P, margin)}
        kc = "m_" + (kept_prefix or "") + card
        if kept_prefix and kc in t.column_names:
            row["kept"] = float(np.nan_to_num(column(t, kc))[has].clip(0, 1).mean())
        out.append(row)
    adjust(out)
    adjust_equiv(out)
    for row in out:
        row["flag"] = bool(row["significant"] and abs(row["win_share"] - 1 / P) >= margin)
    return sorted(out, key=lambda r: _natural(r["card"]))


def _natural(key: str) -> tuple[tuple[int, int, str], ...]:
    """A card key's sort key with its numbers as numbers (serial 2 before 10, `bycard_9` before `bycard_10`)."""
    import re

    return tuple((0, int(x), "") if x.isdigit() else (1, 0, x) for x in re.split(r"(\d+)", key) if x)


# --- the ask procedure's tests: paired, planned, with an equivalence test ---------------------------
POWER = 0.8  # the power a plan states: the smallest difference found 4 times in 5


def paired_diff(a: Floats, b: Floats, margin: float | None = None,
                bounds: tuple[float, float] | None = None, tests: int = 1) -> dict[str, Any]:
    """B − A over the same games (a[i] and b[i] are game i of both sides: the same seed, or in an
    A/A check the same index), never unpaired. The paired t-test's difference, 95% interval and p;
    with a `margin`, the equivalence test (TOST, statsmodels' ttost_paired) that the difference lies
    within ±margin, `p_equiv`. `bounds`: the measure's own range (a share lies in [0, 1]), which the
    interval of the difference is clipped to. `spread`: "ok"; "none" when every game gives the same
    difference (no interval, no test: nothing is clear); "no_events" when the measure is the same
    constant on both sides (e.g. an event that never happened). `detectable`: the smallest difference
    this many games find with POWER at the level a `tests`-fold correction leaves (statsmodels)."""
    from scipy import stats

    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if len(a) != len(b):
        raise ValueError(f"paired_diff needs the same games on both sides; got {len(a)} and {len(b)}")
    ok = ~np.isnan(a) & ~np.isnan(b)
    a, b = a[ok], b[ok]
    n = len(a)
    res: dict[str, Any] = {"a": float(a.mean()) if n else None, "b": float(b.mean()) if n else None,
                           "diff": None, "ci": [None, None], "p": None, "p_equiv": None, "paired": True,
                           "games": [n, n], "n": n, "spread": "ok", "sd": None, "detectable": None}
    if n < 2:
        res["spread"] = "none"
        return res
    d = b - a
    res["diff"] = float(d.mean())
    sd = float(d.std(ddof=1))
    res["sd"] = sd
    if sd == 0.0:
        res["spread"] = "no_events" if float(np.ptp(a)) == 0 and float(np.ptp(b)) == 0 else "none"
        return res
    t = stats.ttest_rel(b, a)
    lo, hi = (float(x) for x in t.confidence_interval(1 - ALPHA))
    if bounds is not None:
        span = bounds[1] - bounds[0]
        lo, hi = max(lo, -span), min(hi, span)
    res["ci"], res["p"] = [lo, hi], float(t.pvalue)
    if margin is not None and margin > 0:
        from statsmodels.stats.weightstats import ttost_paired

        res["p_equiv"] = float(ttost_paired(b, a, -margin, margin)[0])
    from statsmodels.stats.power import TTestPower

    try:
        es = TTestPower().solve_power(effect_size=None, nobs=n, alpha=ALPHA / max(1, tests), power=POWER)
        res["detectable"] = float(np.ravel(es)[0]) * sd
    except (ValueError, RuntimeError):  # too few games for the solver
        res["detectable"] = None
    return res


def equiv_share(x: Floats, chance: float, margin: float) -> float | None:
    """The equivalence test (TOST) that a share's mean lies within chance ± margin: its p, or None
    without spread (statsmodels' ttost_ind against a constant is not defined: two one-sided t-tests)."""
    from scipy import stats

    x = np.asarray(x, dtype=float)
    x = x[~np.isnan(x)]
    if len(x) < 2 or float(x.std()) == 0:
        return None
    p_lo = stats.ttest_1samp(x, chance - margin, alternative="greater").pvalue
    p_hi = stats.ttest_1samp(x, chance + margin, alternative="less").pvalue
    return float(max(p_lo, p_hi))


def adjust_equiv(rows: list[dict[str, Any]], key: str = "p_equiv", alpha: float = ALPHA) -> list[dict[str, Any]]:
    """Holm across the rows' equivalence p-values: `equivalent` (within the margin, after correction, at `alpha`)."""
    from statsmodels.stats.multitest import multipletests

    idx = [i for i, r in enumerate(rows) if r.get(key) is not None and not math.isnan(r[key])]
    for r in rows:
        r["equivalent"] = False
    if idx:
        rej, _, _, _ = multipletests([rows[i][key] for i in idx], alpha=alpha, method=CORRECTION)
        for i, rj in zip(idx, rej, strict=True):
            rows[i]["equivalent"] = bool(rj)
        order = sorted(idx, key=lambda i: rows[i][key])  # Holm's steps: the k-th smallest p at alpha / (m - k)
        for k, i in enumerate(order):
            equiv_interval(rows[i], alpha / (len(order) - k))
    return rows


def equiv_interval(r: dict[str, Any], level: float) -> None:
    """The interval the equivalence verdict rests on (`ci_equiv`, `ci_equiv_level`): two one-sided tests at
    `level` each (the row's Holm step) are the (1 − 2·level) interval of the paired difference inside ±margin,
    so a row called negligible shows an interval that lies inside the margin (the 95% one may not)."""
    from scipy import stats

    n, sd, d = r.get("n") or 0, r.get("sd"), r.get("diff")
    if n < 2 or not sd or d is None:
        return
    half = float(stats.t.ppf(1 - level, n - 1)) * sd / math.sqrt(n)
    r["ci_equiv"], r["ci_equiv_level"] = [d - half, d + half], 1 - 2 * level

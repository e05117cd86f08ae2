"""A question's verdict from the studies' tables, per kind: compare, level, seats, cards, dealt, words."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

import numpy as np
from numpy.typing import NDArray

from ...core.errors import ConfigError
from ...core.game import game_info
from ..stats import (
    Floats,
    adjust,
    adjust_equiv,
    card_rows,
    game_measures,
    mean_ci,
    paired_diff,
    position_shares,
    seat_shares,
)
from .answers import (
    CardRow,
    CardsAnswer,
    CompareAnswer,
    CompareRow,
    FiguresAnswer,
    LevelAnswer,
    LevelRow,
    SeatRow,
    SeatsAnswer,
    WordsAnswer,
)
from .asker import Asker
from .questions import Setting, planner_spec, players_of, setting_of

if TYPE_CHECKING:
    import pyarrow as pa


def planning_check(a: Asker, aware: Setting, n: int) -> dict[str, Any] | None:
    """Per game i of the first n, seat i mod P: its score when every seat plans with the setting's rules
    minus its score when that seat plans with the base rules (paired: the same seeds). "pays" (interval
    above 0), "costs" (below: the bots misread the rule), "unclear", or "same" (no move changed)."""
    spec = planner_spec(a.game, aware.bot)
    planned = replace(aware, planner=spec or "")
    if not a.check_bots or spec is None or planned not in a.n:
        return None
    from ..stats import column

    P = aware.players
    _, ta = a.tables(aware)
    _, tp = a.tables(planned)

    def seat_scores(t: Any) -> Floats:
        idx, seat, score = column(t, "index"), column(t, "seat"), column(t, "score")
        out = np.full(n, np.nan)
        sel = (seat == idx % P) & (idx < n)
        out[idx[sel].astype(int)] = score[sel]
        return out

    r = paired_diff(seat_scores(tp), seat_scores(ta))
    lo, hi = r["ci"]
    word = ("same" if r["spread"] != "ok" and (r["diff"] in (None, 0.0)) else "unclear" if r["spread"] != "ok"
            else "pays" if lo is not None and lo > 0 else "costs" if hi is not None and hi < 0 else "unclear")
    return {"setting": planned.name, "n": r["n"], "diff": r["diff"], "ci": r["ci"], "verdict": word}


def agree(q: dict[str, Any], by_bot: dict[str, Any], bots: tuple[str, ...]) -> bool | None:
    """Whether every bot level gives the same clear answer (None: some level is not clear)."""
    if len(bots) < 2 or not all(by_bot[b]["clear"] for b in bots):
        return None
    return len({json.dumps(by_bot[b].get("gist")) for b in bots}) == 1


PLAY = ("length", "mean_options", "multi_choice_share")  # what a game's play looks like, game by game


@dataclass(frozen=True)
class _Side:
    """One comparison of a compare question: its base and compared settings with their measures, the
    first `n` games of each being the same games."""
    P: int
    base: Setting
    ma: dict[str, Floats]
    against: dict[str, Any]
    st: Setting
    mv: dict[str, Floats]
    n: int


def sides_of(a: Asker, q: dict[str, Any], bot: str) -> Iterator[_Side]:
    """Each comparison of the question at `bot`, players count by players count (the same games on both
    sides are checked; a measure the tables lack is an error naming it)."""
    m = q["measure"]
    for P in players_of(a.game, q):
        base = setting_of(a.game, q.get("base") or {}, P, bot)
        sa, ma = _measures(a, q, base, P)
        for s in q["against"]:
            st = setting_of(a.game, s, P, bot)
            sv, mv = _measures(a, q, st, P)
            n = min(len(sa), len(sv))  # the same games on both sides: the first n of each study
            if base.seed == st.seed and not np.all(sa[:n] == sv[:n]):
                raise ConfigError(f"question {q['id']!r}: {base.name} and {st.name} do not hold the same games")
            if m not in ma or m not in mv:
                raise ConfigError(f"question {q['id']!r}: no measure {m!r} in the study tables")
            yield _Side(P, base, ma, s, st, mv, n)


def _gist(rows: list[dict[str, Any]]) -> list[str]:
    """What a compare answer says, row by row: a real difference inside the margin says, as "negligible"
    does, that nothing that matters changes (so two levels that say so agree)."""
    return ["negligible" if r["negligible"] else r["effect"] for r in rows]


def _compare(a: Asker, q: dict[str, Any], bot: str, names: dict[str, Any]) -> CompareAnswer:
    rows = []
    m = q["measure"]
    bounds = (0.0, 1.0) if q.get("format") == "pct" else None
    n_tests = len(players_of(a.game, q)) * len(q["against"])
    for x in sides_of(a, q, bot):
        ma, mv, n = x.ma, x.mv, x.n
        r = paired_diff(ma[m][:n], mv[m][:n], q.get("margin"), bounds, n_tests)
        also = {k: paired_diff(ma[k][:n], mv[k][:n]) for k in q.get("also", []) if k in ma and k in mv}
        same_play = x.base.seed == x.st.seed and all(
            k in ma and k in mv and bool(np.array_equal(ma[k][:n], mv[k][:n], equal_nan=True)) for k in PLAY)
        stopped = bot == a.bots[0] and x.st.name in a.released and x.st.name in a.settled.get(q["id"], ())
        rows.append({"players": x.P, "against": x.against, "setting": x.st.name, **r, "also": also,
                     "fired": fired(a, x.st, n), "stopped_early": stopped,
                     "same_play": bool(same_play and n > 0),
                     "planning": planning_check(a, x.st, n) if bot == a.bots[0] else None})
    adjust(rows)
    adjust_equiv(rows)
    for r in rows:
        r["negligible"] = bool(r["equivalent"] and r["spread"] == "ok")
        r["significant"] = bool(r["significant"] and r["spread"] == "ok")
        r["clear"] = bool(r["significant"] or r["negligible"])
        r["effect"] = _effect(q, r, a.game, P=r["players"])
    return {"rows": cast(list[CompareRow], rows), "clear": bool(rows) and all(r["clear"] for r in rows),
            "gist": _gist(rows)}


def fired(a: Asker, s: Setting, n: int) -> list[dict[str, Any]]:
    """How often each rule of the setting that declares what counts it (`Variant.fires`) took effect in the
    first `n` games of its study (those the verdict rests on): per game (all seats together) and the share
    of games in which it did at least once. [] for a setting without such a rule."""
    from ..stats import column

    info = game_info(a.game)
    rules = [info.variants[v] for v in s.variants if v in info.variants and info.variants[v].fires]
    if not rules or n < 1:
        return []
    _, t = a.tables(s)
    index = column(t, "index")
    out = []
    for v in rules:
        col = "m_" + v.fires
        if col not in t.column_names:
            continue
        x = column(t, col)
        per = np.array([float(np.nansum(x[index == g])) for g in range(n)])
        out.append({"variant": v.id, "rule": v.rule, "measure": v.fires, "per_game": float(per.mean()),
                    "games_share": float((per > 0).mean()), "games": n})
    return out


def _measures(a: Asker, q: dict[str, Any], s: Setting, P: int) -> tuple[NDArray[Any], dict[str, Floats]]:
    """A study's measures, one value per game (stats.game_measures), with the question's derived ones:
    `top_wins:<m>` the win share of the player(s) with the most <m> in the game (does <m> decide who
    wins?); and with `chance_bot`, the question's measure minus that bot level's in the same setting and
    game (the rules' own chance level: what random players would show), when that level is asked too."""
    g, t = a.tables(s)
    seeds, ms = game_measures(g, t, P)
    m = q.get("measure", "")
    if m.startswith("top_wins:"):
        ms[m] = top_wins(t, m.split(":", 1)[1], seeds)
    cb = q.get("chance_bot")
    if cb and s.bot != cb and cb in a.bots:
        cs = Setting(s.players, cb, s.variants, s.params, s.seed)
        _, mc = _measures(a, {**q, "chance_bot": None}, cs, P)
        n = min(len(ms[m]), len(mc[m]))
        ms = {**ms, m: ms[m][:n] - mc[m][:n]}
        seeds = seeds[:n]
    return seeds, ms


def top_wins(seats: pa.Table, measure: str, seeds: NDArray[Any]) -> Floats:
    """Per game (in `seeds` order: game-index order), the mean win of the seats with the game's highest
    `m_<measure>` (a shared top shares it); NaN when the measure is missing."""
    from ..stats import column

    col = "m_" + measure
    if col not in seats.column_names:
        raise ConfigError(f"no measure {measure!r} in the study tables (for top_wins:{measure})")
    index = column(seats, "index")
    x = column(seats, col)
    win = column(seats, "win")
    out = {}
    for g in np.unique(index):
        sel = index == g
        top = x[sel] == np.nanmax(x[sel])
        out[int(g)] = float(win[sel][top].mean())
    return np.array([out.get(i, np.nan) for i in range(len(seeds))])


def _effect(q: dict[str, Any], r: dict[str, Any], game: str, P: int) -> str:
    """better / worse / negligible / none (not clear) / no_spread / no_events, for the question's direction."""
    if r["spread"] == "no_events":
        return "no_events"
    if r["spread"] == "none":
        return "no_spread"
    if r["significant"] and r["diff"] is not None:
        if q["better"] == "closer":
            c = 1 / P
            return "better" if abs(r["b"] - c) < abs(r["a"] - c) else "worse"
        up = r["diff"] > 0
        return "better" if up == (q["better"] == "higher") else "worse"
    if r["negligible"]:
        return "negligible"
    return "none"


def _level(a: Asker, q: dict[str, Any], bot: str, names: dict[str, Any]) -> FiguresAnswer:
    P = players_of(a.game, q)[0]
    g, t = a.tables(setting_of(a.game, q.get("base") or {}, P, bot))
    _, ms = game_measures(g, t, P)
    rows = []
    for m in q["measures"]:
        x = ms[m["measure"]] * float(m.get("scale", 1))
        mean, lo, hi = mean_ci(x)
        h = (hi - lo) / 2 if not math.isnan(lo) else math.inf
        if m.get("format") == "pct" and not math.isnan(lo):  # a share lies in [0, 1]
            lo, hi = max(0.0, lo), min(1.0, hi)
        rows.append({**m, "value": mean, "ci": [lo, hi], "games": int(np.sum(~np.isnan(x))),
                     "clear": bool(h <= max(0.05 * abs(mean), LEVEL_PCT if m.get("format") == "pct" else 0.01))})
    return {"rows": cast(list[LevelRow], rows), "clear": all(r["clear"] for r in rows), "gist": None}


LEVEL_PCT = 0.025  # a share's figure is clear within ± 2.5 points (else within ± 5% of the value, or ± 0.01)
SEAT_MARGIN = 0.05  # a turn position within chance ± 5 points has "no advantage that matters"
CARD_MARGIN = 0.05  # a card: flagged when significant and this far from chance; within it, it does not matter


def _seats(a: Asker, q: dict[str, Any], bot: str, names: dict[str, Any]) -> SeatsAnswer:
    from ..stats import column, equiv_share

    rows = []
    margin = float(q.get("margin", SEAT_MARGIN))
    for P in players_of(a.game, q):
        g, t = a.tables(setting_of(a.game, {}, P, bot))
        pos = position_shares(t, P)
        by = "turn_pos" if pos else "seat"
        key = column(t, by)
        win = column(t, "win")
        for r in pos or seat_shares(t, P):
            lo, hi = r["ci"]
            c = 1 / P
            rows.append({"players": P, "by": by, "k": r[by], "win_share": r["win_share"], "ci": [lo, hi],
                         "p": r["p"], "chance": c, "games": r["games"],
                         "p_equiv": equiv_share(win[key == r[by]], c, margin)})
    adjust(rows)
    adjust_equiv(rows)
    found = [(r["players"], r["k"], r["win_share"] > r["chance"]) for r in rows if r["significant"]]
    clear = bool(found) or (bool(rows) and all(r["equivalent"] for r in rows))
    return {"rows": cast(list[SeatRow], rows), "clear": clear, "margin": margin, "gist": found or "none"}


def _cards(a: Asker, q: dict[str, Any], bot: str, names: dict[str, Any]) -> CardsAnswer:
    P = players_of(a.game, q)[0]
    g, t = a.tables(setting_of(a.game, q.get("base") or {}, P, bot))
    rows = card_rows(t, P, q.get("prefix", "played_"), q.get("kept_prefix", "held_"), float(q.get("margin", CARD_MARGIN)))
    return _card_result(cast(list[CardRow], rows), P)


def _card_result(rows: list[CardRow], P: int) -> CardsAnswer:
    found = sorted(r["card"] for r in rows if r["flag"])
    clear = bool(found) or (bool(rows) and all(r.get("equivalent") for r in rows))
    return {"rows": rows, "clear": clear, "players": P, "gist": found}


def _dealt(a: Asker, q: dict[str, Any], bot: str, names: dict[str, Any]) -> CardsAnswer:
    P = players_of(a.game, q)[0]
    g, t = a.tables(setting_of(a.game, q.get("base") or {}, P, bot))
    rows = card_rows(t, P, "dealt_", "dealt_kept_", float(q.get("margin", CARD_MARGIN)))
    return _card_result(cast(list[CardRow], rows), P)


def _words(a: Asker, q: dict[str, Any], bot: str, names: dict[str, Any]) -> WordsAnswer:
    """A 問題点 games cannot answer (an idea the draft itself rejects, a renaming that changes no rule):
    answered by its `words`, no games played."""
    return {"rows": [], "clear": True, "gist": "words"}


BY_KIND: dict[str, Callable[[Asker, dict[str, Any], str, dict[str, Any]], LevelAnswer]] = {"compare": _compare, "level": _level, "seats": _seats, "cards": _cards, "dealt": _dealt, "words": _words}
"""Each kind's verdict: (asker, question, bot level, names) -> that level's answer."""

"""LS-A1: the voyage-power arithmetic of the designer's notes, computed exactly over the real deck.

For a variant set and parameters: the maximum power of any 4 counting cards (3 played + community)
and every composition reaching it; the distribution of the power of 4 random cards; and the
distribution of the best power reachable from a 5-card hand plus a community card (3 of 5 chosen).
Glass is left out (it adds to any composition alike). Enumeration runs over card kinds with their
multiplicities, so it is exact and fast.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import Any

from ...core.game import check_config
from .model import SUITS, compile_rules, load_components, voyage_power

NOTES_EXAMPLES = [  # the notes' own lines: (label, composition as (suit, power-or-multiplier) counts)
    ("船ｘ３＋船員ｘ１ ship×3 + crew×1", [("ship", 4)] * 3 + [("crew", 1)]),
    ("船ｘ２＋船員ｘ２ ship×2 + crew×2", [("ship", 4)] * 2 + [("crew", 1)] * 2),
    ("船ｘ１＋船員ｘ３ ship×1 + crew×3", [("ship", 4)] + [("crew", 1)] * 3),
    ("天候３ｘ４ weather-3×4", [("weather", 3)] * 4),
    ("天候１ｘ２＋天候２ｘ２ weather-1×2 + weather-2×2", [("weather", 1)] * 2 + [("weather", 2)] * 2),
    ("天候１ｘ３＋天候２ｘ１ weather-1×3 + weather-2×1", [("weather", 1)] * 3 + [("weather", 2)]),
    ("天候２ｘ４ weather-2×4", [("weather", 2)] * 4),
    ("天候１＋天候３ｘ３ weather-1 + weather-3×3", [("weather", 1)] + [("weather", 3)] * 3),
    ("天候２＋天候３ｘ３ weather-2 + weather-3×3", [("weather", 2)] + [("weather", 3)] * 3),
    ("天候１ｘ２＋天候３ｘ２ weather-1×2 + weather-3×2", [("weather", 1)] * 2 + [("weather", 3)] * 2),
    ("天候２ｘ２＋天候３ｘ２ weather-2×2 + weather-3×2", [("weather", 2)] * 2 + [("weather", 3)] * 2),
    ("天候４＋天候３ｘ２＋天候２ weather-4 + weather-3×2 + weather-2",
     [("weather", 4)] + [("weather", 3)] * 2 + [("weather", 2)]),
]


def _kinds(R) -> list[tuple[str, list[int]]]:
    groups: dict[tuple[int, int, int], list[int]] = {}
    for c in R.deck:
        groups.setdefault((R.suit[c], R.power[c], R.mult[c]), []).append(c)
    out = []
    for (s, p, m), ids in sorted(groups.items()):
        name = f"ship×{m}" if SUITS[s] == "ship" else f"{SUITS[s]}-{p}"
        out.append((name, ids))
    return out


def _reading(R) -> dict[str, Any]:
    kinds = _kinds(R)
    k = len(kinds)
    total4 = comb(len(R.deck), 4)
    dist: dict[int, int] = {}
    best = -1
    argmax: list[list[str]] = []
    for combo in combinations_with_replacement(range(k), 4):
        cnt = [combo.count(i) for i in range(k)]
        if any(cnt[i] > len(kinds[i][1]) for i in range(k)):
            continue
        ids = [kinds[i][1][j] for i in range(k) for j in range(cnt[i])]
        p = voyage_power(ids, R)
        w = prod(comb(len(kinds[i][1]), cnt[i]) for i in range(k))
        dist[p] = dist.get(p, 0) + w
        names = [kinds[i][0] for i in combo]
        if p > best:
            best, argmax = p, [names]
        elif p == best:
            argmax.append(names)
    # best of 3-of-5 hand + community
    hand_dist: dict[int, int] = {}
    total_h = comb(len(R.deck), 5) * (len(R.deck) - 5)
    for combo5 in combinations_with_replacement(range(k), 5):
        cnt = [combo5.count(i) for i in range(k)]
        if any(cnt[i] > len(kinds[i][1]) for i in range(k)):
            continue
        w_hand = prod(comb(len(kinds[i][1]), cnt[i]) for i in range(k))
        ids = [kinds[i][1][j] for i in range(k) for j in range(cnt[i])]
        for ci in range(k):
            left = len(kinds[ci][1]) - cnt[ci]
            if left <= 0:
                continue
            comm = kinds[ci][1][cnt[ci]]
            b = max(voyage_power((*three, comm), R) for three in combinations(ids, 3))
            hand_dist[b] = hand_dist.get(b, 0) + w_hand * left
    assert sum(dist.values()) == total4 and sum(hand_dist.values()) == total_h
    return {
        "max": best,
        "argmax": argmax,
        "distribution": {p: float(Fraction(w, total4)) for p, w in sorted(dist.items())},
        "mean": float(Fraction(sum(p * w for p, w in dist.items()), total4)),
        "best_of_hand": {p: float(Fraction(w, total_h)) for p, w in sorted(hand_dist.items())},
        "best_of_hand_mean": float(Fraction(sum(p * w for p, w in hand_dist.items()), total_h)),
        "deck": {name: len(ids) for name, ids in kinds},
    }


def _examples(R_lit, R_notes) -> list[dict[str, Any]]:
    kinds: dict[tuple[str, int], list[int]] = {}
    for c in R_lit.deck:
        s = SUITS[R_lit.suit[c]]
        key = (s, R_lit.mult[c] if s == "ship" else R_lit.power[c])
        kinds.setdefault(key, []).append(c)
    out = []
    for label, comp in NOTES_EXAMPLES:
        need: dict[tuple[str, int], int] = {}
        for key in comp:
            need[key] = need.get(key, 0) + 1
        feasible = all(len(kinds.get(key, [])) >= n for key, n in need.items())
        if not all(key in kinds for key in need):
            continue
        ids = [kinds[key][j % len(kinds[key])] for key, n in need.items() for j in range(n)]
        out.append({"composition": label, "in_deck": feasible,
                    "literal": voyage_power(ids, R_lit), "notes": voyage_power(ids, R_notes)})
    return out


def power_analysis(variants=(), params=None, components=None) -> dict[str, Any]:
    _, _, vs, ps = check_config("la-superba", None, variants, params)
    m, _ = load_components(components)
    chosen = compile_rules(m, vs, ps)
    lit = compile_rules(m, vs, {**ps, "crew_power_with_ships": True})
    notes = compile_rules(m, vs, {**ps, "crew_power_with_ships": False})
    res = _reading(chosen)
    res["variants"] = list(vs)
    res["params"] = ps
    res["readings"] = {"literal": _reading(lit), "notes": _reading(notes)}
    res["notes_examples"] = _examples(lit, notes)
    res["explanation"] = (
        "Under LS-C1 as written a crew adds its own power 1 besides raising each ship by 4, so "
        "ship×2 + crew×2 = 8 + 8 + 2 = 18. The notes' table leaves the crew's own power out when ships "
        "count (16), while the notes' tie-break remark counts it (ship + crew = 5). "
        "'notes' is crew_power_with_ships=false; 'literal' is the default, true."
    )
    return res

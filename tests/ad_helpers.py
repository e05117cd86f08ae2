"""Build concrete Asian Delivery situations by editing a view.

The fixed layout used here (positions P0..P9):
     5   1  10
   4   8   2   9
     7   6   3
Stations: 2, 5, 8; ports: 3, 6, 9; neither: 4, 7, 10; ① both.
"""

from __future__ import annotations

import soan

LAYOUT = [5, 1, 10, 4, 8, 2, 9, 7, 6, 3]
CLOCKWISE = [1, 10, 9, 2, 3, 6, 7, 4, 8, 5]  # P1, P2, P6, P5, P9, P8, P7, P3, P4, P0
G = {"L": 0, "N": 1, "H": 2}


class Situation:
    def __init__(self, players=3, seat=0, variants=(), params=None, seed=1):
        self.s0 = soan.make("asian-delivery", players=players, seed=seed, variants=list(variants),
                            params=params or {})
        v = self.v = self.s0.view()
        self.n = players
        v["layout"], v["clockwise"] = LAYOUT, CLOCKWISE
        v["start"], v["turn_k"], v["seat_on_turn"] = seat, 0, seat
        v["stack"] = [["end_turn", seat], ["retrieve", seat], ["draft", seat, 2], ["action", seat]]
        v["turn"] = {"free_used": False, "played": 0, "porter_used": False, "moved": [[0] * 6, [0] * 6],
                     "retrieved": False, "kept": []}

    def cubes(self, p, area, text):
        """Put cubes (e.g. 'LLN') of seat p at an area (1 = supply), taken from the stock."""
        for ch in text:
            g = G[ch]
            self.v["stock"][g] -= 1
            if area == 1:
                self.v["supply"][p][g] += 1
            else:
                self.v["warehouses"][p][area][g] += 1
        return self

    def clear_supply(self, p):
        for g in range(3):
            self.v["stock"][g] += self.v["supply"][p][g]
            self.v["supply"][p][g] = 0
        return self

    def facility(self, p, area, kind):
        f = ["office", "tower", "market", "gate"].index(kind)
        self.v["facilities"][area][f] = p
        self.v["tokens"][p] -= 1
        return self

    def hand(self, p, cards):
        """Give seat p exactly these cards (business ids or base ids), moving others back to the deck."""
        v = self.v
        allc = set(cards)
        for q in range(self.n):
            v["hands"][q] = [c for c in v["hands"][q] if c not in allc]
        v["business_display"] = [c for c in v["business_display"] if c not in allc]
        v["business_deck"] = [c for c in v["business_deck"] if c not in allc]
        v["business_discard"] = [c for c in v["business_discard"] if c not in allc]
        back = [c for c in v["hands"][p]]
        v["hands"][p] = sorted(cards)
        nb = self.s0.T.n_business
        v["business_deck"] += [c for c in back if c not in allc and c < nb]
        # a base card stays with its seat: one taken out of the hand lies face down in its play area
        v["play"][p] += [[c, 0] for c in back if c not in allc and c >= nb]
        return self

    def orders(self, p, reqs):
        v = self.v
        rs = set(reqs)
        for key in ("request_deck", "request_display", "request_discard"):
            v[key] = [r for r in v[key] if r not in rs]
        for q in range(self.n):
            v["request_deck"] += [r for r in v["orders"][q] if r not in rs] if q == p else []
            v["orders"][q] = [r for r in v["orders"][q] if r not in rs]
        v["orders"][p] = list(reqs)
        return self

    def vehicle(self, name, area, cargo=None):
        self.v["vehicles"][name]["at"] = area
        for p, text in (cargo or {}).items():
            for ch in text:
                self.v["stock"][G[ch]] -= 1
                self.v["vehicles"][name]["cargo"][p][G[ch]] += 1
        return self

    def state(self):
        return soan.from_view(self.v)


def act(s, *texts):
    for t in texts:
        s.apply(s.to_act()[0], soan.parse_action("asian-delivery", t))
    return s


def opts(s):
    return [str(a) for a in s.legal_actions(s.to_act()[0])]


def req(s, area, cubes, grade):
    """The id of the request with that destination, count and grade."""
    T = s.T
    return next(r for r in range(len(T.req_vp)) if T.req_area[r] == area and T.req_cubes[r] == cubes
                and T.req_grade[r] == "LNH".index(grade))


def biz(s, name):
    return next(c for c in range(s.T.n_business) if s.T.name[c] == name)


def base(s, p, k):
    """Base card k (0 deliver, 1 transport, 2 build, 3 upgrade/restock) of seat p."""
    return s.T.n_business + 4 * p + k

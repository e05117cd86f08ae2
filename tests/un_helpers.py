"""Build concrete Undecim situations by editing a view."""

from __future__ import annotations

import soan
from contract import edited

GS, FW, SC, MI, EG = (list(range(0, 17)), list(range(17, 34)), list(range(34, 51)), list(range(51, 68)),
                      list(range(68, 100)))
ITEM = {"grassland": 0, "forest": 1, "swamp": 2, "mountain": 3, "stone": 4, "wood": 5, "clay": 6, "iron": 7,
        "enemy": 8, "gold": 9}
KIND = {"grassland": GS, "stone": GS, "forest": FW, "wood": FW, "swamp": SC, "clay": SC, "mountain": MI,
        "iron": MI, "enemy": EG, "gold": EG}
CARDS = ["explore", "survey", "quarry", "trade", "hunt", "settlers", "builders", "expedition", "harvest", "mint",
         "charter"]


class Pool:
    def __init__(self):
        self.used: set[int] = set()

    def card(self, item: str) -> int:
        for c in KIND[item]:
            if c not in self.used:
                self.used.add(c)
                return c
        raise AssertionError("no card left")

    def loose(self, *items: str) -> list[int]:
        return [self.card(i) * 10 + ITEM[i] for i in items]


def situation(players=4, start=0, hands=None, normal=(), bonus=None, frontier=(), loose=None, settlements=None,
              variants=(), params=None, turn_no=0, story=None, deck_top=(), ledger=None):
    """A state at the take step of seat `start + turn_no`, with the given cards."""
    s = soan.make("undecim", players=players, seed=1, variants=list(variants), params=params or {})
    v = s.view()
    pool = Pool()
    v["start"] = start
    v["turn_no"] = turn_no
    if hands is not None:
        v["hands"] = [list(h) for h in hands]
        rest = [c for c in CARDS if c not in {x for h in hands for x in h} and c not in normal]
        v["council"] = {"normal": list(normal), "bonus": list(bonus) if bonus is not None else rest}
        v["known"] = [[] for _ in range(players)]
    v["frontier"] = [pool.card(i) for i in frontier]
    v["loose"] = [[] for _ in range(players)]
    for seat, items in (loose or {}).items():
        v["loose"][seat] = pool.loose(*items)
    v["settlements"] = [[] for _ in range(players)]
    for seat, ss in (settlements or {}).items():
        for kind, items in ss:
            v["settlements"][seat].append([ITEM[kind] if kind != "mixed" else -1, pool.loose(*items)])
    top = [pool.card(i) for i in deck_top]
    v["deck"] = [c for c in range(100) if c not in pool.used] + top[::-1]
    v["discard"] = []
    if story is not None:
        v["story"] = list(story)
        v["achieved"] = [False] * len(story)
    if ledger is not None:
        v["ledger"] = ledger
    v["stage"] = "take"
    v["todo"] = []
    v["took"] = None
    return soan.from_view(edited(v))


def act(s, *texts):
    for t in texts:
        s.apply(s.to_act()[0], soan.parse_action("undecim", t))
    return s

"""Undecim's scoring: scenario tests (UN-T4), final scoring (UN-F1..F4), scores and ranks (UN-F5)."""

from __future__ import annotations

from collections.abc import Sequence

from .fields import StateFields
from .model import ENEMY, GOLD, LAND_SPAN, LANDS, RESOURCE_SPAN

F_MAJ, F_BUILD, F_GOLD, F_ENEMY = range(4)  # final_scoring's columns: UN-F1, UN-F2, UN-F3, UN-F4


def _contests(key: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The land majorities (UN-F1) and the enemy penalty (UN-F4) per seat, from `final_columns`' key: the
    rules' (land_majority, enemy_penalty) and every seat's counts by item."""
    (maj_alone, maj_tied), (enemy_alone, enemy_tied), *rows = key
    cols = list(zip(*rows, strict=True))  # per item: every seat's count
    majority = [0] * len(rows)
    for col in cols[LAND_SPAN]:  # UN-F1
        most = max(col)
        if most == 0:
            continue
        if col.count(most) == 1:
            majority[col.index(most)] += maj_alone
        else:
            for i, x in enumerate(col):
                if x == most:
                    majority[i] += maj_tied
    enemies = cols[ENEMY]  # UN-F4
    fewest = min(enemies)
    penalty = -(enemy_alone if enemies.count(fewest) == 1 else enemy_tied)
    return tuple(majority), tuple([penalty if e == fewest else 0 for e in enemies])


# (majority rules, enemy rules, every seat's counts) -> _contests: look-ahead leaves mostly differ in one
# seat's resources, settlements and ledger, so their majorities repeat (ints only, the values themselves)
_CONTESTS: dict[tuple, tuple[tuple[int, ...], tuple[int, ...]]] = {}


class ScoringMixin(StateFields):
    """Scenarios met, the season's final scoring, the ranking."""

    __slots__ = ()

    def _meets(self, seat: int, sc: int) -> bool:
        test, n = self.T.scen_test[sc]
        c = self.cnt[seat]
        ss = self.settl[seat]
        if test == "settlements":
            return len(ss) >= n
        if test == "settlement_size":
            return any(len(cards) >= n for _, cards in ss)
        if test == "mixed_size":
            return any(kind < 0 and len(cards) >= n for kind, cards in ss)  # kind -1: mixed (UN-G3)
        if test == "land_kinds":
            return len(LANDS) - c[LAND_SPAN].count(0) >= n  # the lands held
        if test == "one_land":
            return max(c[LAND_SPAN]) >= n
        if test == "lands":
            return sum(c[LAND_SPAN]) >= n
        if test == "enemies":
            return c[ENEMY] >= n
        if test == "gold":
            return c[GOLD] >= n
        return sum(c[RESOURCE_SPAN]) >= n  # resources

    def final_columns(self) -> tuple[Sequence[int], list[int], list[int], Sequence[int]]:
        """UN-F1..F4 from the tableaus, by column: per seat the majority, buildings, gold and enemy VP."""
        r = self.rules
        cnt = self.cnt
        key = (r.land_majority, r.enemy_penalty, *map(tuple, cnt))
        got = _CONTESTS.get(key)
        if got is None:
            if len(_CONTESTS) >= 20_000:
                _CONTESTS.clear()
            got = _CONTESTS[key] = _contests(key)
        majority, enemy = got
        buildings, rate = r.buildings, r.gold_rate
        top = len(buildings) - 1
        built, gold = [], []
        for ss, c in zip(self.settl, cnt, strict=True):
            b = 0
            for _, cards in ss:  # UN-F2
                size = len(cards)
                if size >= 2:
                    b += buildings[size - 2 if size - 2 < top else top]
            built.append(b)
            gold.append(c[GOLD] * len(ss) * rate)  # UN-F3
        return majority, built, gold, enemy

    def final_scoring(self) -> list[list[int]]:
        """UN-F1..F4 from the tableaus: per seat [majority, buildings, gold, enemy] (columns F_MAJ..F_ENEMY)."""
        return [list(x) for x in zip(*self.final_columns(), strict=True)]

    def scores(self) -> list[int]:
        return [sum(x) for x in self.ledger]

    def ranks(self) -> list[int]:
        """UN-F5: most VP; ties to the player earlier in turn order from the start player."""
        n = self.cfg.players
        sc = self.scores()
        order = sorted(range(n), key=lambda i: (-sc[i], (i - self.start) % n))
        r = [0] * n
        for k, i in enumerate(order):
            r[i] = k + 1
        return r

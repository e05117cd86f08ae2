"""Undecim's scoring: scenario tests (UN-T4), final scoring (UN-F1..F4), scores and ranks (UN-F5)."""

from __future__ import annotations

from .fields import StateFields
from .model import ENEMY, GOLD, LANDS, RESOURCES

F_MAJ, F_BUILD, F_GOLD, F_ENEMY = range(4)  # final_scoring's columns: UN-F1, UN-F2, UN-F3, UN-F4


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
            return sum(1 for i in LANDS if c[i]) >= n
        if test == "one_land":
            return max(c[i] for i in LANDS) >= n
        if test == "lands":
            return sum(c[i] for i in LANDS) >= n
        if test == "enemies":
            return c[ENEMY] >= n
        if test == "gold":
            return c[GOLD] >= n
        return sum(c[i] for i in RESOURCES) >= n  # resources

    def final_scoring(self) -> list[list[int]]:
        """UN-F1..F4 from the tableaus: per seat [majority, buildings, gold, enemy] (columns F_MAJ..F_ENEMY)."""
        n = self.cfg.players
        r = self.rules
        buildings, rate = r.buildings, r.gold_rate
        (maj_alone, maj_tied), (enemy_alone, enemy_tied) = r.land_majority, r.enemy_penalty
        out = [[0, 0, 0, 0] for _ in range(n)]
        for land in LANDS:  # UN-F1
            most = max(self.cnt[i][land] for i in range(n))
            if most == 0:
                continue
            who = [i for i in range(n) if self.cnt[i][land] == most]
            for i in who:
                out[i][F_MAJ] += maj_alone if len(who) == 1 else maj_tied
        for i in range(n):
            for _, cards in self.settl[i]:  # UN-F2
                size = len(cards)
                if size >= 2:
                    out[i][F_BUILD] += buildings[min(size - 2, len(buildings) - 1)]
            out[i][F_GOLD] = self.cnt[i][GOLD] * len(self.settl[i]) * rate  # UN-F3
        fewest = min(self.cnt[i][ENEMY] for i in range(n))  # UN-F4
        who = [i for i in range(n) if self.cnt[i][ENEMY] == fewest]
        for i in who:
            out[i][F_ENEMY] = -(enemy_alone if len(who) == 1 else enemy_tied)
        return out

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

"""Asian Delivery round end and settlements: vehicles move (AD-R1), the start player passes (AD-R2),
AD-V3's unloading wishes, the midterm and final settlements and ranks (AD-K1..K3)."""

from __future__ import annotations

from .fields import StateFields
from .frames import (
    RoundEndUnload,
    Step,
    WishFrame,
)
from .model import (
    N_AREAS,
    N_FACILITIES,
    N_GRADES,
    TOWER,
    VEHICLES,
    WAREHOUSE_AREAS,
    fac_slot,
    wh_slot,
)


class RoundsMixin(StateFields):
    """Round end, settlements, and the scoring helpers (pairs, longest path)."""

    __slots__ = ()

    def _round_end(self) -> None:
        """AD-R1: vehicles with cargo move clockwise to their next terminal; empty ones go home."""
        T = self.T
        n = self.cfg.players
        for v in (0, 1):
            at = self.veh_at[v]
            if any(sum(x) for x in self.cargo[v]):
                k = self.cw.index(at)
                for step in range(1, len(self.cw) + 1):
                    b = self.cw[(k + step) % len(self.cw)]
                    if T.terminals[b][v]:
                        self.veh_at[v] = b
                        break
                self._measure("vehicle", None, vehicle=VEHICLES[v], to=self.veh_at[v])
            elif at != 1:
                self.veh_at[v] = 1
        self.stack = [Step("round_end", self.start)]
        if "round-end-unload" in T.flags:  # AD-V3
            order = [(self.start + i) % n for i in range(n)]
            for v in (1, 0):
                who = [p for p in order if sum(self.cargo[v][p])]
                if who:
                    self.stack.append(WishFrame("wish", who[0], v, tuple(who[1:]), ()))

    def _wish(self, fr: WishFrame, p: int, yes: int) -> None:
        v, rest, wanted = fr.vehicle, fr.rest, fr.wanted
        if yes:
            wanted = (*wanted, p)
        if rest:
            self.stack.append(WishFrame("wish", rest[0], v, rest[1:], wanted))
        elif wanted:
            n = self.cfg.players
            chosen = min(wanted, key=lambda q: (sum(self.cargo[v][q]), (q - self.start) % n))
            self.stack.append(RoundEndUnload("v3_unload", chosen, v))

    def _round_end_rest(self) -> None:
        T = self.T
        n = self.cfg.players
        if "stored-vp" in T.flags:  # AD-V13
            for p in range(n):
                self.vp[p] += len(self.stored_vp_areas(p))
        if self.listener is not None:
            self.emit("round_end", round=self.round,
                      standing=[[sum(self.wh[p][wh_slot(a): wh_slot(a) + N_GRADES]) for a in range(N_AREAS)]
                                for p in range(n)])
        nxt = (self.start + 1) % n  # AD-R2
        if "mp-start-player" in T.flags:  # AD-V11
            order = [(nxt + i) % n for i in range(n)]
            nxt = max(order, key=lambda q: (self.workers[q], -order.index(q)))
        self.start = nxt
        if self.round == 4:
            self._settle(mid=True)
        if self.round >= T.rounds:
            self._settle(mid=False)
            self.phase = "over"
            self.stack = []
            if self.listener is not None:
                self.emit("end", scores=self.scores(), ranks=self.ranks())
            return
        self.round += 1
        self.turn_k = 0
        self._begin_turn()

    def stored_vp_areas(self, p: int) -> list[int]:
        """AD-V13: the areas holding p's ad tower and at least stored_vp_min of p's cubes (1 VP each at
        round end)."""
        T = self.T
        return [a for a in WAREHOUSE_AREAS
                if self.fac[fac_slot(a, TOWER)] == p and sum(self._cubes_at(p, a)) >= T.stored_vp_min]

    def pairs_by_colour(self, p: int) -> list[int]:
        """AD-K1/K2: colour pairs per colour — one completed request with one business card of that
        colour (hand or play area)."""
        T = self.T
        req = [0] * 4
        for r in self.done[p]:
            req[T.req_colour[r]] += 1
        biz = [0] * 4
        for c in self.hands[p]:
            biz[T.colour[c]] += 1
        for c, _ in self.play[p]:
            biz[T.colour[c]] += 1
        return [min(req[k], biz[k]) for k in range(4)]

    def pairs(self, p: int) -> int:
        """Colour pairs, all colours together."""
        return sum(self.pairs_by_colour(p))

    def longest_path(self, p: int) -> int:
        """AD-K2: the longest path from the hub through adjacent areas with a facility of p, no repeats."""
        fac = self.fac
        ok = 0  # the areas with a facility of p, as bits
        for a in WAREHOUSE_AREAS:
            i = N_FACILITIES * a
            if fac[i] == p or fac[i + 1] == p or fac[i + 2] == p or fac[i + 3] == p:
                ok |= 1 << a
        return path_length(self.adj, ok)

    def _settle(self, mid: bool) -> None:
        T = self.T
        n = self.cfg.players
        if self.listener is not None:
            self.emit("settlement", which="midterm" if mid else "final", round=self.round)
        if mid:  # AD-K1
            for p in range(n):
                if self.hub[p]:
                    self.hub[p] -= 1
                    self.workers[p] += 1
                self.vp[p] += T.pair_mid * self.pairs(p)
            self._own_decks()
            self.req_disc.extend(self.req_disp)
            self.req_disp = []
            self._refill("req", T.midterm_display)
        else:  # AD-K2
            for p in range(n):
                self.vp[p] += T.pair_final * self.pairs(p) + self.longest_path(p) - T.penalty * len(self.orders[p])



# id(adjacency) -> (adjacency, neighbours as bits by area, {areas as bits: longest path}); the entry
# keeps its adjacency alive, so the id stays its own
_PATHS: dict[int, tuple[tuple, tuple[int, ...], dict[int, int]]] = {}


def path_length(adj: tuple[tuple[int, ...], ...], ok: int) -> int:
    """AD-K2: the most steps of a path from the hub (area 1) through areas of `ok` (bits by area), each
    area once, on the map `adj` (adjacent areas by area). Remembered per map and set of areas."""
    entry = _PATHS.get(id(adj))
    if entry is None:
        if len(_PATHS) > 256:
            _PATHS.clear()
        entry = _PATHS[id(adj)] = (adj, tuple(sum(1 << b for b in nb) for nb in adj), {})
    known = entry[2]
    n = known.get(ok)
    if n is None:
        nbr = entry[1]

        def dfs(a: int, seen: int) -> int:
            best = 0
            m = nbr[a] & ok & ~seen
            while m:
                low = m & -m
                m ^= low
                d = 1 + dfs(low.bit_length() - 1, seen | low)
                if d > best:
                    best = d
            return best

        n = known[ok] = dfs(1, 1 << 1)
    return n

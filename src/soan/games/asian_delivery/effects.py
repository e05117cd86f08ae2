"""Asian Delivery effects: cubes and warehouses, playing a card, transport, delivery, building,
upgrades (AD-T2, AD-T3, AD-E1..E6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .fields import (
    OWN_DECKS,
    OWN_DONE,
    OWN_HANDS,
    OWN_ORDERS,
    OWN_PLAY,
    OWN_SUPPLY,
    OWN_WH,
    SeatList,
    StateFields,
)
from .frames import (
    Choice,
    Counted,
    Step,
    TransportSource,
)
from .model import (
    FACE_DOWN,
    FACE_UP,
    FACILITIES,
    HUB,
    N_FACILITIES,
    N_GRADES,
    OFFICE,
    RESIDENT,
    TOWER,
    WAREHOUSE_AREAS,
    WH_SIZE,
    Op,
    fac_slot,
    wh_slot,
)


class EffectsMixin(StateFields):
    """What cards and facilities do to cubes, requests and facilities."""

    __slots__ = ()

    # --- small helpers --------------------------------------------------------------------------
    def _mine(self, kind: int, p: int, lists: list[SeatList]) -> SeatList:
        """Seat p's list of `lists` (bit `kind` + p of `_own`), copied first if a fork shares it: every
        change to a seat's list goes through here (copy on write, `fork`)."""
        x = lists[p]
        b = 1 << (kind + p)
        if not self._own & b:
            x = lists[p] = x[:]
            self._own |= b
        return x

    def _own_decks(self) -> None:
        """The decks and discards, copied first if a fork shares them."""
        if not self._own & (1 << OWN_DECKS):
            self.req_deck, self.req_disc = self.req_deck[:], self.req_disc[:]
            self.biz_deck, self.biz_disc = self.biz_deck[:], self.biz_disc[:]
            self._own |= 1 << OWN_DECKS

    def _room(self, p: int, a: int) -> int:
        if a == HUB:
            return 99
        w = self.wh[p]
        i = N_GRADES * a
        return self.T.cap - (w[i] + w[i + 1] + w[i + 2])

    def _rooms(self, p: int) -> list[bool]:
        """By area 0..10: whether seat p's warehouse there has room (① always; 0 unused)."""
        w = self.wh[p]
        cap = self.T.cap
        return [False, True] + [w[i] + w[i + 1] + w[i + 2] < cap for i in range(wh_slot(2), WH_SIZE, N_GRADES)]

    def _cubes_at(self, p: int, a: int) -> list[int]:
        return self.supply[p] if a == HUB else self.wh[p][N_GRADES * a: N_GRADES * a + N_GRADES]

    def _add(self, p: int, a: int, g: int, k: int = 1) -> None:
        if a == HUB:
            self._mine(OWN_SUPPLY, p, self.supply)[g] += k
        else:
            self._mine(OWN_WH, p, self.wh)[N_GRADES * a + g] += k

    def _resident(self, p: int, kind: str) -> int:
        """AD-T3: resident effects of different card names add up; the same name does not stack."""
        names = {self.T.name[c] for c, mode in self.play[p] if mode == RESIDENT and self.T.resident[c] == kind}
        return len(names)

    def _owned(self, p: int, f: int) -> int:
        return sum(1 for a in WAREHOUSE_AREAS if self.fac[fac_slot(a, f)] == p)

    def _spend(self, p: int, a: int, counts: Sequence[int]) -> None:
        """AD-E1: spent L return to supply; N and H go to stock and free a set-aside L each."""
        for g, k in enumerate(counts):
            if not k:
                continue
            self._mine(OWN_WH, p, self.wh)[wh_slot(a, g)] -= k
            if g == 0:
                self._mine(OWN_SUPPLY, p, self.supply)[0] += k
            else:
                self.stock[g] += k
                back = min(k, self.aside[p])
                self.aside[p] -= back
                self._mine(OWN_SUPPLY, p, self.supply)[0] += back

    def _upgrade_cube(self, p: int, g: int, where: list[int]) -> None:
        """AD-E5 on the cube list `where` (supply, or a warehouse slice copied back by the caller)."""
        if g == 0:
            where[0] -= 1
            self.aside[p] += 1
        else:
            where[1] -= 1
            self.stock[1] += 1
        self.stock[g + 1] -= 1
        where[g + 1] += 1

    def _upgradable(self, cubes: Sequence[int]) -> list[int]:
        return [g for g in (0, 1) if cubes[g] and self.stock[g + 1]]


    def _play_card(self, p: int, c: int, up: bool) -> None:
        """AD-T2: the first face-up play is free, each further one costs a worker; face down is 人力輸送."""
        self._mine(OWN_HANDS, p, self.hands).remove(c)
        self.played += 1
        if self.listener is not None:
            self._measure("play", p, card=self.T.name[c], face="up" if up else "down")
        if up:
            if self.free_used:
                self.workers[p] -= 1
                self.hub[p] += 1
                self._measure("worker", p)
            self.free_used = True
            self._mine(OWN_PLAY, p, self.play).append((c, RESIDENT if self.T.resident[c] else FACE_UP))
            self._push_ops(p, self.T.ops[c])
        else:
            self.porter_used = True
            self._mine(OWN_PLAY, p, self.play).append((c, FACE_DOWN))
            if self.listener is not None:  # measures only: no call on a look-ahead's copy
                self._measure("facedown", p)
            self._push_transport(p, 1, 1)  # AD-E3

    def _push_transport(self, p: int, n: int, r: int) -> None:
        self.stack.append(TransportSource("t_src", p, n + self._resident(p, "transport_plus"),
                                          r + self._resident(p, "range_plus")))

    def _push_ops(self, p: int, ops: Sequence[Op]) -> None:
        for op in reversed(ops):
            k = op.op
            if k == "transport":
                self._push_transport(p, op.n, op.range)
            elif k == "deliver":
                self.stack.append(Step("deliver", p))
            elif k == "build":
                self.stack.append(Step("build", p))
            elif k == "upgrade":
                self.stack.append(Counted("upgrade", p, op.n))
            elif k == "restock":
                self.stack.append(Counted("restock", p, op.n))
            elif k == "take_request":
                self.stack.append(Step("take_request", p))
            elif k == "choice":
                self.stack.append(Choice("choice", p, op.options))

    def _complete(self, p: int, r: int) -> None:
        """AD-E1: lowest adequate grades are spent (a higher grade satisfies a lower need)."""
        T = self.T
        a = T.req_area[r]
        need = T.req_cubes[r]
        spend = [0, 0, 0]
        for g in range(T.req_grade[r], 3):
            k = min(need, self.wh[p][wh_slot(a, g)])
            spend[g] = k
            need -= k
        self._spend(p, a, spend)
        gain = T.req_vp[r] + self._owned(p, TOWER) + self._resident(p, "deliver_plus")
        if "distance-bonus" in T.flags:  # AD-V9
            gain += T.distance_bonus * self.dist[1][a]
        self.vp[p] += gain
        self._mine(OWN_ORDERS, p, self.orders).remove(r)
        self._mine(OWN_DONE, p, self.done).append(r)
        self._measure("complete", p, vp=gain, dist=self.dist[1][a])

    def _build(self, p: int, a: int, f: int) -> None:
        """AD-E4: cost = facilities already in the area + 1; paid with the least overpay."""
        cost = sum(1 for x in range(N_FACILITIES) if self.fac[fac_slot(a, x)] >= 0) + 1
        w = self.wh[p]
        have = tuple(w[wh_slot(a): wh_slot(a) + N_GRADES])
        best = None
        for h in range(have[2] + 1):
            for n in range(have[1] + 1):
                for l in range(have[0] + 1):
                    v = l + 2 * n + 3 * h
                    if v >= cost:
                        key = (v, h, n)
                        if best is None or key < best[0]:
                            best = (key, (l, n, h))
                        break
        assert best is not None, "AD-E4: _buildable offers only an area whose cubes pay the cost"
        self._spend(p, a, best[1])
        self.fac[fac_slot(a, f)] = p
        self.tokens[p] -= 1
        self._measure("build", p, facility=FACILITIES[f])
        if f == OFFICE and (self.biz_disp or ("office-request" in self.T.flags and self.req_disp)):
            self.stack.append(Step("office_pick", p))


    def _measure(self, kind: str, p: int | None, **data: Any) -> None:
        if self.listener is not None:
            self.emit(kind, seat=p, round=self.round, **data)


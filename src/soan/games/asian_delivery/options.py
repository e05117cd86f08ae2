"""Asian Delivery turn steps, what each offers: the legal actions of the frame on top (AD-T*, AD-E*)."""

from __future__ import annotations

from .actions import (
    AREAS,
    CUBES,
    DONE,
    END,
    LOADS,
    RETRIEVE,
    UNLOADS,
    WISH,
    BuildAt,
    CardPick,
    DraftPick,
    OptionPick,
    PlayCard,
    RequestPick,
)
from .fields import StateFields
from .model import (
    AREAS_ALL,
    FACILITIES,
    GATE,
    GRADES,
    HUB,
    N_FACILITIES,
    N_GRADES,
    RESIDENT,
    UNLOADED,
    VEHICLES,
    WAREHOUSE_AREAS,
    fac_slot,
    wh_slot,
)

_PAIR: dict[int, tuple[PlayCard, PlayCard]] = {}
_REQ: dict[int, RequestPick] = {}
_CARD: dict[int, CardPick] = {}
_BUILD: dict[tuple[int, int], BuildAt] = {}
_DRAFT: dict[tuple[str, int], DraftPick] = {}
_OPT: dict[int, OptionPick] = {}


_LOADS = tuple(tuple(LOADS[(v, g)] for g in GRADES) for v in VEHICLES)  # [vehicle][grade]
_UNLOADS = tuple(tuple(UNLOADS[(v, g)] for g in GRADES) for v in VEHICLES)
_CUBES = tuple(CUBES[g] for g in GRADES)  # [grade]


def _cached(d, key, make):
    a = d.get(key)
    if a is None:
        a = d[key] = make()
    return a




class OptionsMixin(StateFields):
    """The legal actions of each kind of frame."""

    __slots__ = ()

    def _options(self, fr) -> list:
        """The legal actions of seat `fr.seat` on the frame `fr` (empty: the frame is skipped). The
        kinds come most frequent first (a random game's counts)."""
        kind, p = fr.kind, fr.seat
        if kind == "action":
            return self._action_options(p)
        T = self.T
        if kind == "t_move":  # AD-E2: the cubes, one by one
            src, dst = fr.source, fr.dest
            if fr.left <= 0 or self._room(p, dst) <= 0:
                return []
            c = self._cubes_at(p, src)
            opts = [_CUBES[g] for g in (0, 1, 2) if c[g]]
            return opts + [DONE] if opts else []
        if kind == "t_src":  # AD-E2: a source with cubes and a destination with room within range
            r = fr.range
            room = self._rooms(p)
            dist = self.dist
            supply, w = self.supply[p], self.wh[p]
            out = []
            for a in AREAS_ALL:
                i = N_GRADES * a
                if (supply[0] + supply[1] + supply[2] if a == HUB else w[i] + w[i + 1] + w[i + 2]):
                    da = dist[a]
                    for b in AREAS_ALL:
                        if room[b] and b != a and da[b] <= r:
                            out.append(AREAS[a])
                            break
            return out + [DONE] if out else []
        if kind == "draft":  # AD-T4
            opts = []
            if self._may_take_request(p):
                opts += [_cached(_DRAFT, ("request", r), lambda r=r: DraftPick("request", r)) for r in self.req_disp]
            opts += [_cached(_DRAFT, ("business", c), lambda c=c: DraftPick("business", c)) for c in self.biz_disp]
            return opts + [DONE] if opts and T.draft_up_to else opts
        if kind == "t_dst":  # AD-E2: ... then the destination
            r, src = fr.range, fr.source
            room = self._rooms(p)
            ds = self.dist[src]
            return [AREAS[b] for b in AREAS_ALL if room[b] and b != src and ds[b] <= r]
        if kind == "gate":  # AD-T1
            room = self._rooms(p)
            if not any(room[a] for a in WAREHOUSE_AREAS if self.fac[fac_slot(a, GATE)] == p):
                return []
            opts = [_CUBES[g] for g in (0, 1, 2) if self.supply[p][g]]
            return opts + [DONE] if opts and T.gate_optional else opts
        if kind == "retrieve":  # AD-T5
            return [RETRIEVE[1], RETRIEVE[0]]
        if kind in ("market", "upgrade"):  # AD-T1, AD-E5
            opts = [_CUBES[g] for g in self._upgradable(self.supply[p])]
            return opts + [DONE] if opts else []
        if kind == "lmarket":  # AD-V12
            a = fr.area
            opts = [_CUBES[g] for g in self._upgradable(self._cubes_at(p, a))]
            return opts + [DONE] if opts else []
        if kind == "gate_area":
            room = self._rooms(p)
            return [AREAS[a] for a in WAREHOUSE_AREAS if self.fac[fac_slot(a, GATE)] == p and room[a]]
        if kind == "deliver":  # AD-E1
            opts = [_cached(_REQ, r, lambda r=r: RequestPick(r)) for r in self.orders[p] if self._can_complete(p, r)]
            return opts + [DONE] if opts else []
        if kind == "build":  # AD-E4
            opts = [_cached(_BUILD, (a, f), lambda a=a, f=f: BuildAt(a, FACILITIES[f])) for a, f in self._buildable(p)]
            return opts + [DONE] if opts else []
        if kind == "office_pick":
            opts = [_cached(_CARD, c, lambda c=c: CardPick(c)) for c in self.biz_disp]
            if "office-request" in T.flags and self._may_take_request(p):  # AD-V6
                opts += [_cached(_REQ, r, lambda r=r: RequestPick(r)) for r in self.req_disp]
            return opts
        if kind == "take_request":
            if not self._may_take_request(p):
                return []
            return [_cached(_REQ, r, lambda r=r: RequestPick(r)) for r in self.req_disp]
        if kind == "choice":
            return [_cached(_OPT, i + 1, lambda i=i: OptionPick(i + 1)) for i in range(len(fr.options))]
        if kind == "keep":  # AD-T5
            opts = [_cached(_CARD, c, lambda c=c: CardPick(c)) for c, mode in self.play[p]
                    if mode == RESIDENT and c not in self.kept]
            return opts + [DONE] if opts else []
        if kind == "wish":  # AD-V3
            return [WISH[1], WISH[0]]
        if kind == "v3_unload":  # AD-V3
            v = fr.vehicle
            a = self.veh_at[v]
            if self._room(p, a) <= 0:
                return []
            opts = [_CUBES[g] for g in (0, 1, 2) if self.cargo[v][p][g]]
            return opts + [DONE] if opts else []
        return []  # end_turn and other automatic frames

    def _may_take_request(self, p: int) -> bool:
        return "request-limit" not in self.T.flags or len(self.orders[p]) < self.T.request_limit

    def _action_options(self, p: int) -> list:
        """AD-T2: play a hand card face up or down, load or unload a vehicle where it stands, end."""
        T = self.T
        out: list = []
        hand = self.hands[p]
        if hand:
            up_ok = not self.free_used or self.workers[p] > 0
            down_ok = not (self.porter_used and "one-porter" in T.flags)  # AD-V1
            for c in sorted(hand):
                pair = _PAIR.get(c)
                if pair is None:
                    pair = _PAIR[c] = (PlayCard(c, "up"), PlayCard(c, "down"))
                if up_ok:
                    out.append(pair[0])
                if down_ok:
                    out.append(pair[1])
        flags = T.flags
        unload_ok = "round-end-unload" not in flags  # AD-V3: unloading waits for the round's end
        for v in (0, 1):
            a = self.veh_at[v]
            mv = self.moved[v]
            if a == HUB:
                src = self.supply[p]
                room = True
            else:
                w = self.wh[p]
                i = N_GRADES * a
                src = w[i: i + 3]
                room = src[0] + src[1] + src[2] < T.cap
            if "capacity" not in flags or sum(sum(x) for x in self.cargo[v]) < T.capacity:  # AD-V4
                loads = _LOADS[v]
                for g in (0, 1, 2):
                    if src[g] > mv[UNLOADED + g]:  # AD-T2: a cube unloaded this turn does not go back
                        out.append(loads[g])
            if unload_ok and room:
                cargo = self.cargo[v][p]
                unloads = _UNLOADS[v]
                for g in (0, 1, 2):
                    if cargo[g] > mv[g]:
                        out.append(unloads[g])
        if self.played or not hand:
            out.append(END)
        return out

    def _can_complete(self, p: int, r: int) -> bool:
        T = self.T
        a = T.req_area[r]
        w = self.wh[p]
        return sum(w[wh_slot(a, g)] for g in range(T.req_grade[r], N_GRADES)) >= T.req_cubes[r]

    def _buildable(self, p: int) -> list[tuple[int, int]]:
        if self.tokens[p] <= 0:
            return []
        out = []
        w = self.wh[p]
        for a in WAREHOUSE_AREAS:
            i = wh_slot(a)
            value = w[i] + 2 * w[i + 1] + 3 * w[i + 2]  # AD-E4: L 1, N 2, H 3
            if not value:
                continue
            built = sum(1 for f in range(N_FACILITIES) if self.fac[fac_slot(a, f)] >= 0)
            if value >= built + 1:
                out += [(a, f) for f in range(N_FACILITIES) if self.fac[fac_slot(a, f)] < 0]
        return out


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
    FACILITIES,
    GATE,
    GRADES,
    RESIDENT,
    UNLOADED,
    VEHICLES,
)

_PAIR: dict[int, tuple[PlayCard, PlayCard]] = {}
_REQ: dict[int, RequestPick] = {}
_CARD: dict[int, CardPick] = {}
_BUILD: dict[tuple[int, int], BuildAt] = {}
_DRAFT: dict[tuple[str, int], DraftPick] = {}
_OPT: dict[int, OptionPick] = {}


def _cached(d, key, make):
    a = d.get(key)
    if a is None:
        a = d[key] = make()
    return a




class OptionsMixin(StateFields):
    """The legal actions of each kind of frame."""

    __slots__ = ()

    def _options(self, fr) -> list:
        """The legal actions of seat `fr.seat` on the frame `fr` (empty: the frame is skipped)."""
        kind, p = fr.kind, fr.seat
        T = self.T
        if kind == "action":
            return self._action_options(p)
        if kind in ("market", "upgrade"):
            opts = [CUBES[GRADES[g]] for g in self._upgradable(self.supply[p])]
            return opts + [DONE] if opts else []
        if kind == "lmarket":
            a = fr.area
            opts = [CUBES[GRADES[g]] for g in self._upgradable(self.wh[p][3 * a: 3 * a + 3])]
            return opts + [DONE] if opts else []
        if kind == "gate":
            gates = [a for a in range(2, 11) if self.fac[4 * a + GATE] == p and self._room(p, a) > 0]
            if not gates:
                return []
            opts = [CUBES[GRADES[g]] for g in range(3) if self.supply[p][g]]
            return opts + [DONE] if opts and T.gate_optional else opts
        if kind == "gate_area":
            return [AREAS[a] for a in range(2, 11) if self.fac[4 * a + GATE] == p and self._room(p, a) > 0]
        if kind == "t_src":
            r = fr.range
            out = []
            for a in range(1, 11):
                if sum(self._cubes_at(p, a)) and any(
                        b != a and self.dist[a][b] <= r and self._room(p, b) > 0 for b in range(1, 11)):
                    out.append(AREAS[a])
            return out + [DONE] if out else []
        if kind == "t_dst":
            r, src = fr.range, fr.source
            return [AREAS[b] for b in range(1, 11) if b != src and self.dist[src][b] <= r and self._room(p, b) > 0]
        if kind == "t_move":
            left, src, dst = fr.left, fr.source, fr.dest
            if left <= 0 or self._room(p, dst) <= 0:
                return []
            c = self._cubes_at(p, src)
            opts = [CUBES[GRADES[g]] for g in range(3) if c[g]]
            return opts + [DONE] if opts else []
        if kind == "deliver":
            opts = [_cached(_REQ, r, lambda r=r: RequestPick(r)) for r in self.orders[p] if self._can_complete(p, r)]
            return opts + [DONE] if opts else []
        if kind == "build":
            opts = [_cached(_BUILD, (a, f), lambda a=a, f=f: BuildAt(a, FACILITIES[f])) for a, f in self._buildable(p)]
            return opts + [DONE] if opts else []
        if kind == "office_pick":
            opts = [_cached(_CARD, c, lambda c=c: CardPick(c)) for c in self.biz_disp]
            if "office-request" in T.flags and self._may_take_request(p):
                opts += [_cached(_REQ, r, lambda r=r: RequestPick(r)) for r in self.req_disp]
            return opts
        if kind == "take_request":
            if not self._may_take_request(p):
                return []
            return [_cached(_REQ, r, lambda r=r: RequestPick(r)) for r in self.req_disp]
        if kind == "choice":
            return [_cached(_OPT, i + 1, lambda i=i: OptionPick(i + 1)) for i in range(len(fr.options))]
        if kind == "draft":
            opts = []
            if self._may_take_request(p):
                opts += [_cached(_DRAFT, ("request", r), lambda r=r: DraftPick("request", r)) for r in self.req_disp]
            opts += [_cached(_DRAFT, ("business", c), lambda c=c: DraftPick("business", c)) for c in self.biz_disp]
            return opts + [DONE] if opts and T.draft_up_to else opts
        if kind == "retrieve":
            return [RETRIEVE[1], RETRIEVE[0]]
        if kind == "keep":
            opts = [_cached(_CARD, c, lambda c=c: CardPick(c)) for c, mode in self.play[p]
                    if mode == RESIDENT and c not in self.kept]
            return opts + [DONE] if opts else []
        if kind == "wish":
            return [WISH[1], WISH[0]]
        if kind == "v3_unload":
            v = fr.vehicle
            a = self.veh_at[v]
            if self._room(p, a) <= 0:
                return []
            opts = [CUBES[GRADES[g]] for g in range(3) if self.cargo[v][p][g]]
            return opts + [DONE] if opts else []
        return []  # end_turn and other automatic frames

    def _may_take_request(self, p: int) -> bool:
        return "request-limit" not in self.T.flags or len(self.orders[p]) < self.T.request_limit

    def _action_options(self, p: int) -> list:
        T = self.T
        out = []
        up_ok = not self.free_used or self.workers[p] > 0
        down_ok = not ("one-porter" in T.flags and self.porter_used)
        for c in sorted(self.hands[p]):
            pair = _PAIR.get(c)
            if pair is None:
                pair = _PAIR[c] = (PlayCard(c, "up"), PlayCard(c, "down"))
            if up_ok:
                out.append(pair[0])
            if down_ok:
                out.append(pair[1])
        for v in (0, 1):
            a = self.veh_at[v]
            mv = self.moved[v]
            src = self._cubes_at(p, a)
            room_v = "capacity" not in T.flags or sum(sum(x) for x in self.cargo[v]) < T.capacity
            for g in range(3):
                if room_v and src[g] > mv[UNLOADED + g]:
                    out.append(LOADS[(VEHICLES[v], GRADES[g])])
            if "round-end-unload" not in T.flags and self._room(p, a) > 0:
                for g in range(3):
                    if self.cargo[v][p][g] > mv[g]:
                        out.append(UNLOADS[(VEHICLES[v], GRADES[g])])
        if self.played or not self.hands[p]:
            out.append(END)
        return out

    def _can_complete(self, p: int, r: int) -> bool:
        T = self.T
        a = T.req_area[r]
        w = self.wh[p]
        return sum(w[3 * a + g] for g in range(T.req_grade[r], 3)) >= T.req_cubes[r]

    def _buildable(self, p: int) -> list[tuple[int, int]]:
        if self.tokens[p] <= 0:
            return []
        out = []
        w = self.wh[p]
        for a in range(2, 11):
            value = w[3 * a] + 2 * w[3 * a + 1] + 3 * w[3 * a + 2]
            if not value:
                continue
            built = sum(1 for f in range(4) if self.fac[4 * a + f] >= 0)
            if value >= built + 1:
                out += [(a, f) for f in range(4) if self.fac[4 * a + f] < 0]
        return out


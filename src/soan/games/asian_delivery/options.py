"""Asian Delivery turn steps, what each offers: the legal actions of the frame on top (AD-T*, AD-E*)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.actions import Action
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
from .frames import (
    Choice,
    Counted,
    GateArea,
    LocalMarket,
    RoundEndUnload,
    Step,
    TransportDest,
    TransportMove,
    TransportSource,
    WishFrame,
)
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

    def _options(self, fr: Any) -> list[Action]:
        """The legal actions of seat `fr.seat` on the frame `fr` (empty: the frame is skipped): each
        step's own method below (`_OPTIONS`); the actions step, the most frequent, first."""
        kind = fr.kind
        if kind == "action":
            return self._action_options(fr.seat)
        of = _OPTIONS.get(kind)
        return [] if of is None else of(self, fr)  # none: end_turn and other automatic frames

    # --- each step's options, by the step's kind (`_OPTIONS`) ----------------------------------------
    def _t_src_options(self, fr: TransportSource) -> list[Action]:
        """AD-E2: a source with cubes and a destination with room within range."""
        p, r = fr.seat, fr.range
        room = self._rooms(p)
        dist = self.dist
        supply, w = self.supply[p], self.wh[p]
        out: list[Action] = []
        for a in AREAS_ALL:
            i = N_GRADES * a
            if (supply[0] + supply[1] + supply[2] if a == HUB else w[i] + w[i + 1] + w[i + 2]):
                da = dist[a]
                for b in AREAS_ALL:
                    if room[b] and b != a and da[b] <= r:
                        out.append(AREAS[a])
                        break
        return out + [DONE] if out else []

    def _t_dst_options(self, fr: TransportDest) -> list[Action]:
        """AD-E2: ... then the destination."""
        p, r, src = fr.seat, fr.range, fr.source
        room = self._rooms(p)
        ds = self.dist[src]
        return [AREAS[b] for b in AREAS_ALL if room[b] and b != src and ds[b] <= r]

    def _t_move_options(self, fr: TransportMove) -> list[Action]:
        """AD-E2: ... then the cubes, one by one."""
        p = fr.seat
        if fr.left <= 0 or self._room(p, fr.dest) <= 0:
            return []
        c = self._cubes_at(p, fr.source)
        opts: list[Action] = [_CUBES[g] for g in (0, 1, 2) if c[g]]
        return opts + [DONE] if opts else []

    def _draft_options(self, fr: Counted) -> list[Action]:
        """AD-T4: a request (AD-V5: within the limit) or a business card of the displays."""
        p = fr.seat
        opts: list[Action] = []
        if self._may_take_request(p):
            opts += [_cached(_DRAFT, ("request", r), lambda r=r: DraftPick("request", r)) for r in self.req_disp]
        opts += [_cached(_DRAFT, ("business", c), lambda c=c: DraftPick("business", c)) for c in self.biz_disp]
        return opts + [DONE] if opts and self.T.draft_up_to else opts

    def _gate_options(self, fr: Step) -> list[Action]:
        """AD-T1: a cube of the supply for a gate of the seat's with room."""
        p = fr.seat
        room = self._rooms(p)
        if not any(room[a] for a in WAREHOUSE_AREAS if self.fac[fac_slot(a, GATE)] == p):
            return []
        opts: list[Action] = [_CUBES[g] for g in (0, 1, 2) if self.supply[p][g]]
        return opts + [DONE] if opts and self.T.gate_optional else opts

    def _gate_area_options(self, fr: GateArea) -> list[Action]:
        """AD-T1: ... then which of the seat's gates (with room)."""
        p = fr.seat
        room = self._rooms(p)
        return [AREAS[a] for a in WAREHOUSE_AREAS if self.fac[fac_slot(a, GATE)] == p and room[a]]

    def _retrieve_options(self, fr: Step) -> list[Action]:
        """AD-T5: retrieve the play area or not."""
        return [RETRIEVE[1], RETRIEVE[0]]

    def _upgrade_options(self, fr: Counted) -> list[Action]:
        """AD-T1 (a market), AD-E5 (an upgrade effect): a cube of the supply."""
        opts: list[Action] = [_CUBES[g] for g in self._upgradable(self.supply[fr.seat])]
        return opts + [DONE] if opts else []

    def _lmarket_options(self, fr: LocalMarket) -> list[Action]:
        """AD-V12: a cube in the market's own warehouse."""
        opts: list[Action] = [_CUBES[g] for g in self._upgradable(self._cubes_at(fr.seat, fr.area))]
        return opts + [DONE] if opts else []

    def _deliver_options(self, fr: Step) -> list[Action]:
        """AD-E1: an open request the seat's warehouse there can complete."""
        p = fr.seat
        opts: list[Action] = [_cached(_REQ, r, lambda r=r: RequestPick(r)) for r in self.orders[p]
                              if self._can_complete(p, r)]
        return opts + [DONE] if opts else []

    def _build_options(self, fr: Step) -> list[Action]:
        """AD-E4: a facility the seat's cubes in an area pay for."""
        opts: list[Action] = [_cached(_BUILD, (a, f), lambda a=a, f=f: BuildAt(a, FACILITIES[f]))
                              for a, f in self._buildable(fr.seat)]
        return opts + [DONE] if opts else []

    def _office_pick_options(self, fr: Step) -> list[Action]:
        """AD-E4: a new office takes a business card of the display (AD-V6: or a request)."""
        opts: list[Action] = [_cached(_CARD, c, lambda c=c: CardPick(c)) for c in self.biz_disp]
        if "office-request" in self.T.flags and self._may_take_request(fr.seat):  # AD-V6
            opts += [_cached(_REQ, r, lambda r=r: RequestPick(r)) for r in self.req_disp]
        return opts

    def _take_request_options(self, fr: Step) -> list[Action]:
        """A card's effect: a request of the display (AD-V5: within the limit)."""
        if not self._may_take_request(fr.seat):
            return []
        return [_cached(_REQ, r, lambda r=r: RequestPick(r)) for r in self.req_disp]

    def _choice_options(self, fr: Choice) -> list[Action]:
        """A choice card: one of its options, by number."""
        return [_cached(_OPT, i + 1, lambda i=i: OptionPick(i + 1)) for i in range(len(fr.options))]

    def _keep_options(self, fr: Counted) -> list[Action]:
        """AD-T5: a resident card to keep in play (one per office)."""
        opts: list[Action] = [_cached(_CARD, c, lambda c=c: CardPick(c)) for c, mode in self.play[fr.seat]
                              if mode == RESIDENT and c not in self.kept]
        return opts + [DONE] if opts else []

    def _wish_options(self, fr: WishFrame) -> list[Action]:
        """AD-V3: whether the seat wants to unload from the vehicle."""
        return [WISH[1], WISH[0]]

    def _v3_unload_options(self, fr: RoundEndUnload) -> list[Action]:
        """AD-V3: the chosen seat's cubes aboard, while the warehouse where the vehicle stands has room."""
        p, v = fr.seat, fr.vehicle
        if self._room(p, self.veh_at[v]) <= 0:
            return []
        opts: list[Action] = [_CUBES[g] for g in (0, 1, 2) if self.cargo[v][p][g]]
        return opts + [DONE] if opts else []

    def _may_take_request(self, p: int) -> bool:
        return "request-limit" not in self.T.flags or len(self.orders[p]) < self.T.request_limit

    def _action_options(self, p: int) -> list[Action]:
        """AD-T2: play a hand card face up or down, load or unload a vehicle where it stands, end."""
        T = self.T
        out: list[Action] = []
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


# the kind of a frame waiting for a decision -> its options (the actions step aside: `_options`)
_OPTIONS: dict[str, Callable[[OptionsMixin, Any], list[Action]]] = {
    "t_move": OptionsMixin._t_move_options, "t_src": OptionsMixin._t_src_options,
    "draft": OptionsMixin._draft_options, "t_dst": OptionsMixin._t_dst_options,
    "gate": OptionsMixin._gate_options, "retrieve": OptionsMixin._retrieve_options,
    "market": OptionsMixin._upgrade_options, "upgrade": OptionsMixin._upgrade_options,
    "lmarket": OptionsMixin._lmarket_options, "gate_area": OptionsMixin._gate_area_options,
    "deliver": OptionsMixin._deliver_options, "build": OptionsMixin._build_options,
    "office_pick": OptionsMixin._office_pick_options, "take_request": OptionsMixin._take_request_options,
    "choice": OptionsMixin._choice_options, "keep": OptionsMixin._keep_options,
    "wish": OptionsMixin._wish_options, "v3_unload": OptionsMixin._v3_unload_options,
}

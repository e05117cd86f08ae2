"""Asian Delivery rules: map, cubes, vehicles, facilities, cards, draft, retrieval, settlements.

A turn is a stack of small decisions (frames), top last. Each frame is a tuple whose first two
items are its kind and the deciding seat. Frames that need no decision resolve on their own.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalAction
from ...core.game import compiled
from ...core.rng import Rng, seed_from
from ...core.state import GameState, Prompt
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
    Done,
    DraftPick,
    Load,
    OptionPick,
    PlayCard,
    RequestPick,
    Unload,
)
from .model import (
    FACILITIES,
    GATE,
    GRADES,
    MARKET,
    OFFICE,
    TOWER,
    VEHICLES,
    Tables,
    build_map,
    compile_tables,
    distances,
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


def tables_for(cfg) -> Tables:
    return compiled(cfg, compile_tables, cfg.players)


class AsianDelivery(GameState):
    __slots__ = ("T", "rng", "layout", "adj", "dist", "cw", "round", "start", "turn_k", "seat", "phase",
                 "supply", "aside", "wh", "veh_at", "cargo", "stock", "workers", "hub", "fac", "tokens", "hands",
                 "play", "orders", "done", "vp", "req_deck", "req_disc", "req_disp", "biz_deck", "biz_disc",
                 "biz_disp", "stack", "free_used", "played", "porter_used", "moved", "retrieved", "kept", "_lc")
    game_id = "asian-delivery"

    # --- setup ----------------------------------------------------------------------------------
    @classmethod
    def new(cls, cfg) -> AsianDelivery:
        s = object.__new__(cls)
        s.cfg = cfg
        s.listener = None
        T = s.T = tables_for(cfg)
        n = cfg.players
        s.rng = Rng(cfg.seed)
        s.layout, s.adj, s.cw = build_map(T, s.rng)  # AD-S1
        s.dist = distances(s.adj)
        s.start = s.rng.below(n)  # AD-S2
        s.stock = [T.stock[0] - n * T.start_cubes, T.stock[1], T.stock[2]]
        s.supply = [[T.start_cubes, 0, 0] for _ in range(n)]
        s.aside = [0] * n
        s.wh = [[0] * 33 for _ in range(n)]
        s.veh_at = [1, 1]  # AD-S4
        s.cargo = [[[0, 0, 0] for _ in range(n)] for _ in range(2)]
        s.workers = [T.workers] * n
        s.hub = [0] * n
        s.fac = [-1] * 44
        s.tokens = [T.tokens] * n
        s.hands = [[T.n_business + 4 * p + k for k in range(4)] for p in range(n)]
        s.play = [[] for _ in range(n)]
        s.done = [[] for _ in range(n)]
        s.vp = [0] * n
        s.req_deck = list(range(len(T.req_vp)))  # AD-S3
        s.rng.shuffle(s.req_deck)
        s.req_disc = []
        s.orders = [[s.req_deck.pop() for _ in range(T.start_requests)] for _ in range(n)]
        s.req_disp = [s.req_deck.pop() for _ in range(T.display)]
        s.biz_deck = list(range(T.n_business))
        s.rng.shuffle(s.biz_deck)
        s.biz_disc = []
        s.biz_disp = [s.biz_deck.pop() for _ in range(T.display)]
        s._lc = None
        s.round = 1
        s.phase = "turn"
        s.turn_k = 0
        s._begin_turn()
        s._advance()
        return s

    def _begin_turn(self) -> None:
        p = self.seat = (self.start + self.turn_k) % self.cfg.players
        self.free_used = False
        self.played = 0
        self.porter_used = False
        self.moved = [[0] * 6, [0] * 6]  # per vehicle: loaded L N H, unloaded L N H (this turn)
        self.retrieved = False
        self.kept = ()
        st = [("end_turn", p), ("retrieve", p), ("draft", p, self.T.draft), ("action", p), ("gate", p)]
        markets = [a for a in range(2, 11) if self.fac[4 * a + MARKET] == p]
        if markets:  # AD-T1: one upgrade per market (AD-V12: in that market's warehouse)
            if "local-market" in self.T.flags:
                st += [("lmarket", p, a) for a in reversed(markets)]
            else:
                st.append(("market", p, len(markets)))
        self.stack = st

    # --- small helpers --------------------------------------------------------------------------
    def _room(self, p: int, a: int) -> int:
        if a == 1:
            return 99
        w = self.wh[p]
        return self.T.cap - (w[3 * a] + w[3 * a + 1] + w[3 * a + 2])

    def _cubes_at(self, p: int, a: int) -> list[int]:
        return self.supply[p] if a == 1 else self.wh[p][3 * a: 3 * a + 3]

    def _add(self, p: int, a: int, g: int, k: int = 1) -> None:
        if a == 1:
            self.supply[p][g] += k
        else:
            self.wh[p][3 * a + g] += k

    def _resident(self, p: int, kind: str) -> int:
        """AD-T3: resident effects of different card names add up; the same name does not stack."""
        names = {self.T.name[c] for c, mode in self.play[p] if mode == 2 and self.T.resident[c] == kind}
        return len(names)

    def _owned(self, p: int, f: int) -> int:
        return sum(1 for a in range(2, 11) if self.fac[4 * a + f] == p)

    def _spend(self, p: int, a: int, counts) -> None:
        """AD-E1: spent L return to supply; N and H go to stock and free a set-aside L each."""
        for g, k in enumerate(counts):
            if not k:
                continue
            self.wh[p][3 * a + g] -= k
            if g == 0:
                self.supply[p][0] += k
            else:
                self.stock[g] += k
                back = min(k, self.aside[p])
                self.aside[p] -= back
                self.supply[p][0] += back

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

    def _upgradable(self, cubes) -> list[int]:
        return [g for g in (0, 1) if cubes[g] and self.stock[g + 1]]

    # --- contract -------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return (self.stack[-1][1],) if self.stack else ()

    def legal_actions(self, seat: int) -> list:
        if not self.stack or self.stack[-1][1] != seat:
            return []
        lc = self._lc
        if lc is None:
            lc = self._lc = self._options(self.stack[-1])
        return lc[:]

    def _options(self, fr) -> list:
        kind, p = fr[0], fr[1]
        T = self.T
        if kind == "action":
            return self._action_options(p)
        if kind in ("market", "upgrade"):
            opts = [CUBES[GRADES[g]] for g in self._upgradable(self.supply[p])]
            return opts + [DONE] if opts else []
        if kind == "lmarket":
            a = fr[2]
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
            r = fr[3]
            out = []
            for a in range(1, 11):
                if sum(self._cubes_at(p, a)) and any(
                        b != a and self.dist[a][b] <= r and self._room(p, b) > 0 for b in range(1, 11)):
                    out.append(AREAS[a])
            return out + [DONE] if out else []
        if kind == "t_dst":
            r, src = fr[3], fr[4]
            return [AREAS[b] for b in range(1, 11) if b != src and self.dist[src][b] <= r and self._room(p, b) > 0]
        if kind == "t_move":
            left, src, dst = fr[2], fr[3], fr[4]
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
            return [_cached(_OPT, i + 1, lambda i=i: OptionPick(i + 1)) for i in range(len(fr[2]))]
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
                    if mode == 2 and c not in self.kept]
            return opts + [DONE] if opts else []
        if kind == "wish":
            return [WISH[1], WISH[0]]
        if kind == "v3_unload":
            v = fr[2]
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
                if room_v and src[g] > mv[3 + g]:
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

    # --- apply ----------------------------------------------------------------------------------
    def apply(self, seat: int, action) -> None:
        if seat.__class__ is not int or not 0 <= seat < self.cfg.players:
            raise IllegalAction(f"no seat {seat!r}; seats are 0..{self.cfg.players - 1}")
        if not self.stack:
            raise IllegalAction("the game is over; no action is legal")
        fr = self.stack[-1]
        if fr[1] != seat:
            raise IllegalAction(f"seat {fr[1]} decides now ({fr[0]}), not seat {seat}")
        legal = self._lc if self._lc is not None else self._options(fr)
        if action not in legal:
            raise IllegalAction(f"'{action}' is not legal now ({fr[0]}); legal: "
                                + ", ".join(str(a) for a in legal[:24]) + (" …" if len(legal) > 24 else ""))
        self._lc = None
        self._do(fr, seat, action)
        self._advance()

    def _do(self, fr, p: int, a) -> None:
        kind = fr[0]
        T = self.T
        st = self.stack
        if kind == "action":
            if isinstance(a, PlayCard):
                self._play_card(p, a.card, a.face == "up")
            elif isinstance(a, Load):
                v, g = VEHICLES.index(a.vehicle), GRADES.index(a.grade)
                at = self.veh_at[v]
                self._add(p, at, g, -1)
                self.cargo[v][p][g] += 1
                self.moved[v][g] += 1
            elif isinstance(a, Unload):
                v, g = VEHICLES.index(a.vehicle), GRADES.index(a.grade)
                self.cargo[v][p][g] -= 1
                self._add(p, self.veh_at[v], g, 1)
                self.moved[v][3 + g] += 1
                self._measure("moved", p, by="vehicle", n=1)
            else:  # EndStep
                st.pop()
            return
        st.pop()
        if isinstance(a, Done):
            return
        if kind in ("market", "upgrade"):
            self._upgrade_cube(p, GRADES.index(a.grade), self.supply[p])
            if fr[2] > 1:
                st.append((kind, p, fr[2] - 1))
        elif kind == "lmarket":
            area = fr[2]
            cubes = self.wh[p][3 * area: 3 * area + 3]
            self._upgrade_cube(p, GRADES.index(a.grade), cubes)
            self.wh[p][3 * area: 3 * area + 3] = cubes
        elif kind == "gate":
            st.append(("gate_area", p, GRADES.index(a.grade)))
        elif kind == "gate_area":
            g = fr[2]
            self.supply[p][g] -= 1
            self.wh[p][3 * a.area + g] += 1
            self._measure("moved", p, by="gate", n=1)
        elif kind == "t_src":
            st.append(("t_dst", p, fr[2], fr[3], a.area))
        elif kind == "t_dst":
            st.append(("t_move", p, fr[2], fr[4], a.area))
        elif kind == "t_move":
            g = GRADES.index(a.grade)
            src, dst = fr[3], fr[4]
            self._add(p, src, g, -1)
            self._add(p, dst, g, 1)
            self._measure("moved", p, by="card", n=1)
            st.append(("t_move", p, fr[2] - 1, src, dst))
        elif kind == "deliver":
            self._complete(p, a.request)
            st.append(("deliver", p))
        elif kind == "build":
            self._build(p, a.area, FACILITIES.index(a.facility))
        elif kind == "office_pick":
            if isinstance(a, CardPick):
                self.biz_disp.remove(a.card)
                self.hands[p].append(a.card)
                self._refill("biz", T.display)
            else:  # AD-V6
                self.req_disp.remove(a.request)
                self.orders[p].append(a.request)
                self._refill("req", T.display)
        elif kind == "take_request":
            self.req_disp.remove(a.request)
            self.orders[p].append(a.request)
            self._refill("req", T.display)
        elif kind == "choice":
            self._push_ops(p, fr[2][a.option - 1])
        elif kind == "draft":
            if a.pile == "request":
                self.req_disp.remove(a.card)
                self.orders[p].append(a.card)
            else:
                self.biz_disp.remove(a.card)
                self.hands[p].append(a.card)
            if fr[2] > 1:
                st.append(("draft", p, fr[2] - 1))
            else:
                self._refill("req", T.display)
                self._refill("biz", T.display)
        elif kind == "retrieve":
            if a.yes:
                self.retrieved = True
                st.append(("do_retrieve", p))
                offices = self._owned(p, OFFICE)
                if offices and any(mode == 2 for _, mode in self.play[p]):
                    st.append(("keep", p, offices))
        elif kind == "keep":
            self.kept = (*self.kept, a.card)
            if fr[2] > 1:
                st.append(("keep", p, fr[2] - 1))
        elif kind == "wish":
            self._wish(fr, p, a.yes)
        elif kind == "v3_unload":
            v = fr[2]
            g = GRADES.index(a.grade)
            self.cargo[v][p][g] -= 1
            self._add(p, self.veh_at[v], g, 1)
            self._measure("moved", p, by="vehicle", n=1)
            st.append(fr)

    def _play_card(self, p: int, c: int, up: bool) -> None:
        """AD-T2: the first face-up play is free, each further one costs a worker; face down is 人力輸送."""
        self.hands[p].remove(c)
        self.played += 1
        if self.listener is not None:
            self._measure("play", p, card=self.T.name[c], face="up" if up else "down")
        if up:
            if self.free_used:
                self.workers[p] -= 1
                self.hub[p] += 1
                self._measure("worker", p)
            self.free_used = True
            self.play[p].append((c, 2 if self.T.resident[c] else 1))
            self._push_ops(p, self.T.ops[c])
        else:
            self.porter_used = True
            self.play[p].append((c, 0))
            self._measure("facedown", p)
            self._push_transport(p, 1, 1)  # AD-E3

    def _push_transport(self, p: int, n: int, r: int) -> None:
        self.stack.append(("t_src", p, n + self._resident(p, "transport_plus"), r + self._resident(p, "range_plus")))

    def _push_ops(self, p: int, ops) -> None:
        for op in reversed(ops):
            k = op.op
            if k == "transport":
                self._push_transport(p, op.n, op.range)
            elif k == "deliver":
                self.stack.append(("deliver", p))
            elif k == "build":
                self.stack.append(("build", p))
            elif k == "upgrade":
                self.stack.append(("upgrade", p, op.n))
            elif k == "restock":
                self.stack.append(("restock", p, op.n))
            elif k == "take_request":
                self.stack.append(("take_request", p))
            elif k == "choice":
                self.stack.append(("choice", p, op.options))

    def _complete(self, p: int, r: int) -> None:
        """AD-E1: lowest adequate grades are spent (a higher grade satisfies a lower need)."""
        T = self.T
        a = T.req_area[r]
        need = T.req_cubes[r]
        spend = [0, 0, 0]
        for g in range(T.req_grade[r], 3):
            k = min(need, self.wh[p][3 * a + g])
            spend[g] = k
            need -= k
        self._spend(p, a, spend)
        gain = T.req_vp[r] + self._owned(p, TOWER) + self._resident(p, "deliver_plus")
        if "distance-bonus" in T.flags:  # AD-V9
            gain += T.distance_bonus * self.dist[1][a]
        self.vp[p] += gain
        self.orders[p].remove(r)
        self.done[p].append(r)
        self._measure("complete", p, vp=gain)

    def _build(self, p: int, a: int, f: int) -> None:
        """AD-E4: cost = facilities already in the area + 1; paid with the least overpay."""
        cost = sum(1 for x in range(4) if self.fac[4 * a + x] >= 0) + 1
        w = self.wh[p]
        have = (w[3 * a], w[3 * a + 1], w[3 * a + 2])
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
        self._spend(p, a, best[1])
        self.fac[4 * a + f] = p
        self.tokens[p] -= 1
        self._measure("build", p, facility=FACILITIES[f])
        if f == OFFICE and (self.biz_disp or ("office-request" in self.T.flags and self.req_disp)):
            self.stack.append(("office_pick", p))

    def _refill(self, pile: str, size: int) -> None:
        """AD-T4: refill a display ('req' or 'biz'); an empty deck is rebuilt from its discards."""
        disp = getattr(self, pile + "_disp")
        while len(disp) < size:
            deck = getattr(self, pile + "_deck")
            if not deck:
                disc = getattr(self, pile + "_disc")
                if not disc:
                    return
                deck = disc
                setattr(self, pile + "_deck", deck)
                setattr(self, pile + "_disc", [])
                self.rng.shuffle(deck)
            disp.append(deck.pop())

    # --- automatic frames -----------------------------------------------------------------------
    def _advance(self) -> None:
        """Resolve frames that need no decision until one does (or the game ends)."""
        while self.stack:
            st = self.stack  # a turn or round end may replace the list
            fr = st[-1]
            kind = fr[0]
            if kind == "end_turn":
                st.pop()
                self._end_turn(fr[1])
                continue
            if kind == "restock":  # AD-E6: as many as the stock has, up to n
                st.pop()
                k = min(fr[2], self.stock[0])
                self.stock[0] -= k
                self.supply[fr[1]][0] += k
                continue
            if kind == "do_retrieve":
                st.pop()
                self._retrieve(fr[1])
                continue
            if kind == "round_end":
                st.pop()
                self._round_end_rest()
                continue
            if kind == "action":
                return
            opts = self._options(fr)
            if not opts:
                st.pop()
                continue
            self._lc = opts
            return

    def _retrieve(self, p: int) -> None:
        """AD-T5: all cards back to hand but the kept residents; MP by face-up cards returned."""
        kept = set(self.kept)
        up = sum(1 for c, mode in self.play[p] if mode and c not in kept)
        back = [c for c, _ in self.play[p] if c not in kept]
        self.play[p] = [(c, m) for c, m in self.play[p] if c in kept]
        self.hands[p].extend(back)
        table = self.T.mp_table
        mp = min(table[min(up, len(table) - 1)], self.hub[p])
        self.hub[p] -= mp
        self.workers[p] += mp
        self._measure("retrieve", p, mp=mp)

    def _end_turn(self, p: int) -> None:
        if "worker-decay" in self.T.flags and not self.retrieved and self.workers[p] > 0:  # AD-V10
            self.workers[p] -= 1
            self.hub[p] += 1
            self._measure("worker", p)
        self.turn_k += 1
        if self.turn_k < self.cfg.players:
            self._begin_turn()
        else:
            self._round_end()

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
        self.stack = [("round_end", self.start)]
        if "round-end-unload" in T.flags:  # AD-V3
            order = [(self.start + i) % n for i in range(n)]
            for v in (1, 0):
                who = [p for p in order if sum(self.cargo[v][p])]
                if who:
                    self.stack.append(("wish", who[0], v, tuple(who[1:]), ()))

    def _wish(self, fr, p: int, yes: bool) -> None:
        _, _, v, rest, wanted = fr
        if yes:
            wanted = (*wanted, p)
        if rest:
            self.stack.append(("wish", rest[0], v, rest[1:], wanted))
        elif wanted:
            n = self.cfg.players
            chosen = min(wanted, key=lambda q: (sum(self.cargo[v][q]), (q - self.start) % n))
            self.stack.append(("v3_unload", chosen, v))

    def _round_end_rest(self) -> None:
        T = self.T
        n = self.cfg.players
        if "stored-vp" in T.flags:  # AD-V13
            for p in range(n):
                for a in range(2, 11):
                    if self.fac[4 * a + TOWER] == p and sum(self.wh[p][3 * a: 3 * a + 3]) >= T.stored_vp_min:
                        self.vp[p] += 1
        if self.listener is not None:
            self.emit("round_end", round=self.round,
                      standing=[[sum(self.wh[p][3 * a: 3 * a + 3]) for a in range(11)] for p in range(n)])
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

    def pairs(self, p: int) -> int:
        """Colour pairs: one completed request with one business card (hand or play area)."""
        T = self.T
        req = [0] * 4
        for r in self.done[p]:
            req[T.req_colour[r]] += 1
        biz = [0] * 4
        for c in self.hands[p]:
            biz[T.colour[c]] += 1
        for c, _ in self.play[p]:
            biz[T.colour[c]] += 1
        return sum(min(req[k], biz[k]) for k in range(4))

    def longest_path(self, p: int) -> int:
        """AD-K2: the longest path from the hub through adjacent areas with a facility of p, no repeats."""
        ok = {a for a in range(2, 11) if any(self.fac[4 * a + f] == p for f in range(4))}
        best = 0

        def dfs(a: int, seen: frozenset, length: int) -> None:
            nonlocal best
            best = max(best, length)
            for b in self.adj[a]:
                if b in ok and b not in seen:
                    dfs(b, seen | {b}, length + 1)

        dfs(1, frozenset({1}), 0)
        return best

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
            self.req_disc.extend(self.req_disp)
            self.req_disp = []
            self._refill("req", T.midterm_display)
        else:  # AD-K2
            for p in range(n):
                self.vp[p] += T.pair_final * self.pairs(p) + self.longest_path(p) - T.penalty * len(self.orders[p])

    def _measure(self, kind: str, p, **data) -> None:
        if self.listener is not None:
            self.emit(kind, seat=p, round=self.round, **data)

    # --- results --------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return not self.stack

    def scores(self) -> list[int]:
        return list(self.vp)

    def ranks(self) -> list[int]:
        """AD-K3: most VP; then more completed requests; still tied: shared."""
        n = self.cfg.players
        key = [(self.vp[p], len(self.done[p])) for p in range(n)]
        return [1 + sum(1 for q in range(n) if key[q] > key[p]) for p in range(n)]

    # --- copies ---------------------------------------------------------------------------------
    def clone(self) -> AsianDelivery:
        s = object.__new__(AsianDelivery)
        s.cfg = self.cfg
        s.listener = None
        s.T = self.T
        s.rng = Rng(self.rng.state, raw=True)
        s.layout, s.adj, s.dist, s.cw = self.layout, self.adj, self.dist, self.cw
        s.round, s.start, s.turn_k, s.seat, s.phase = self.round, self.start, self.turn_k, self.seat, self.phase
        s.supply = [x[:] for x in self.supply]
        s.aside = self.aside[:]
        s.wh = [x[:] for x in self.wh]
        s.veh_at = self.veh_at[:]
        s.cargo = [[x[:] for x in v] for v in self.cargo]
        s.stock = self.stock[:]
        s.workers = self.workers[:]
        s.hub = self.hub[:]
        s.fac = self.fac[:]
        s.tokens = self.tokens[:]
        s.hands = [x[:] for x in self.hands]
        s.play = [x[:] for x in self.play]
        s.orders = [x[:] for x in self.orders]
        s.done = [x[:] for x in self.done]
        s.vp = self.vp[:]
        s.req_deck, s.req_disc, s.req_disp = self.req_deck[:], self.req_disc[:], self.req_disp[:]
        s.biz_deck, s.biz_disc, s.biz_disp = self.biz_deck[:], self.biz_disc[:], self.biz_disp[:]
        s.stack = self.stack[:]
        s.free_used, s.played, s.porter_used = self.free_used, self.played, self.porter_used
        s.moved = [self.moved[0][:], self.moved[1][:]]
        s.retrieved, s.kept = self.retrieved, self.kept
        s._lc = self._lc
        return s

    def determinize(self, seat: int, rng) -> AsianDelivery:
        """Everything is open but the order of the decks: reshuffle both, reseed the generator."""
        s = self.clone()
        r = Rng(seed_from(rng), raw=True)
        s.req_deck = sorted(self.req_deck)
        r.shuffle(s.req_deck)
        s.biz_deck = sorted(self.biz_deck)
        r.shuffle(s.biz_deck)
        s.rng = Rng(r.next64(), raw=True)
        return s

    # --- what people see ------------------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        n = self.cfg.players
        return {
            "game": self.game_id, "players": n, "round": self.round, "start": self.start, "turn_k": self.turn_k,
            "seat_on_turn": self.seat, "phase": self.phase, "to_act": list(self.to_act()),
            "layout": list(self.layout), "clockwise": list(self.cw),
            "supply": [x[:] for x in self.supply], "aside": self.aside[:],
            "warehouses": [[x[3 * a: 3 * a + 3] for a in range(11)] for x in self.wh],
            "vehicles": {VEHICLES[v]: {"at": self.veh_at[v], "cargo": [x[:] for x in self.cargo[v]]} for v in (0, 1)},
            "stock": self.stock[:], "workers": self.workers[:], "hub_workers": self.hub[:],
            "facilities": [[self.fac[4 * a + f] for f in range(4)] for a in range(11)],
            "tokens": self.tokens[:], "hands": [sorted(x) for x in self.hands],
            "play": [[[c, m] for c, m in x] for x in self.play], "orders": [x[:] for x in self.orders],
            "completed": [x[:] for x in self.done], "vp": self.vp[:],
            "request_display": self.req_disp[:], "business_display": self.biz_disp[:],
            "request_discard": self.req_disc[:], "business_discard": self.biz_disc[:],
            "request_deck_cards": sorted(self.req_deck), "business_deck_cards": sorted(self.biz_deck),
            "stack": [_frame_json(f) for f in self.stack],
            "turn": {"free_used": self.free_used, "played": self.played, "porter_used": self.porter_used,
                     "moved": [x[:] for x in self.moved], "retrieved": self.retrieved, "kept": list(self.kept)},
        }

    def observation(self, seat: int) -> dict[str, Any]:
        o = self._public()
        o["seat"] = seat
        return o

    def view(self) -> dict[str, Any]:
        v = self._public()
        v.update(seed=self.cfg.seed, variants=list(self.cfg.variants),
                 params={k: (list(x) if isinstance(x, tuple) else x) for k, x in self.cfg.params.items()},
                 components=self.cfg.components_path, components_hash=self.cfg.components_hash,
                 rng=self.rng.state, request_deck=self.req_deck[:], business_deck=self.biz_deck[:])
        return v

    # --- text -----------------------------------------------------------------------------------
    def card_text(self, c: int, lang: str = "en") -> str:
        m = self.cfg.components
        T = self.T
        card = m.business_cards[c] if c < T.n_business else m.base_cards[(c - T.n_business) % 4]
        nm = card.name_ja if lang == "ja" else card.name
        return f"{nm}#{c}({_colour(self, T.colour[c], lang)})"

    def request_text(self, r: int, lang: str = "en") -> str:
        T = self.T
        return (f"#{r}→{T.req_area[r]}: {T.req_cubes[r]}×{GRADES[T.req_grade[r]]}+ {T.req_vp[r]}VP "
                f"({_colour(self, T.req_colour[r], lang)})")

    def action_text(self, action, lang: str = "en") -> str:
        if isinstance(action, PlayCard):
            return f"{action.text(lang)} — {self.card_text(action.card, lang)}"
        if isinstance(action, RequestPick):
            return f"{action.text(lang)} — {self.request_text(action.request, lang)}"
        if isinstance(action, CardPick):
            return f"{action.text(lang)} — {self.card_text(action.card, lang)}"
        if isinstance(action, DraftPick):
            d = self.request_text(action.card, lang) if action.pile == "request" else self.card_text(action.card, lang)
            return f"{action.text(lang)} — {d}"
        if isinstance(action, OptionPick) and self.stack and self.stack[-1][0] == "choice":
            ops = self.stack[-1][2][action.option - 1]
            return f"{action.text(lang)} — " + ", ".join(f"{o.op} {o.n}" for o in ops)
        return action.text(lang)

    def prompt(self, seat: int) -> Prompt:
        if not self.stack or self.stack[-1][1] != seat:
            return Prompt("wait", "Nothing to decide now.", "今は選ぶことがありません。")
        kind = self.stack[-1][0]
        en, ja = PROMPTS.get(kind, (kind, kind))
        head_en = f"Round {self.round}/{self.T.rounds}: "
        head_ja = f"ラウンド{self.round}/{self.T.rounds}："
        return Prompt(kind, head_en + en, head_ja + ja)


PROMPTS = {
    "action": ("play a card (face up: its effect; face down: a porter move), load/unload, or end the action step.",
               "カードをプレイ（表：効果、裏：人力輸送）、荷積み・荷下ろし、またはアクション終了。"),
    "market": ("market: upgrade a cube in your supply?", "市場：手元の荷物をアップグレードしますか？"),
    "lmarket": ("market: upgrade a cube in that area's warehouse?", "市場：そのエリアの倉庫の荷物をアップグレードしますか？"),
    "upgrade": ("upgrade a cube in your supply.", "手元の荷物をアップグレードしてください。"),
    "gate": ("transfer gate: which cube from your supply?", "転移門：手元のどの荷物を送りますか？"),
    "gate_area": ("transfer gate: to which of your gates?", "転移門：どの転移門へ送りますか？"),
    "t_src": ("transport: from which area (1 = your supply)?", "輸送：どのエリアから（１＝手元）？"),
    "t_dst": ("transport: to which area?", "輸送：どのエリアへ？"),
    "t_move": ("transport: which cube next (or done)?", "輸送：次に運ぶ荷物を選んでください（または終了）。"),
    "deliver": ("complete a request (or done).", "依頼を達成してください（または終了）。"),
    "build": ("build a facility (area, type), or done.", "建設する施設をエリアと種類で選んでください（または終了）。"),
    "office_pick": ("office: take a card from the display.", "事業所：置き場からカードを１枚取ってください。"),
    "take_request": ("take a request from the display.", "依頼置き場から依頼を１枚取ってください。"),
    "choice": ("choose one effect of the card.", "カードの効果を１つ選んでください。"),
    "draft": ("draft: take a request or a business card.", "獲得：依頼か事業カードを１枚取ってください。"),
    "retrieve": ("retrieve your play area now?", "回収しますか？"),
    "keep": ("retrieval: keep a resident card in play (one per office), or done.",
             "回収：常駐カードを残しますか（事業所１つにつき１枚）？"),
    "wish": ("round end: do you want to unload from this vehicle?", "ラウンド終了：この乗り物から荷下ろしを希望しますか？"),
    "v3_unload": ("round end: unload your cubes here (or done).", "ラウンド終了：荷物を降ろしてください（または終了）。"),
}


def _colour(s, k: int, lang: str) -> str:
    m = s.cfg.components
    c = m.colours[("red", "blue", "yellow", "green")[k]]
    if "attributes" in s.T.flags:  # AD-V8: the colours renamed as attributes
        return c.attribute_ja if lang == "ja" else c.attribute
    return c.name_ja if lang == "ja" else c.name


def _frame_json(f) -> list:
    out = []
    for x in f:
        if isinstance(x, tuple) and x and not isinstance(x[0], int | str):
            out.append({"ops": [[[o.op, o.n, o.range] for o in opt] for opt in x]})
        elif isinstance(x, tuple):
            out.append(list(x))
        else:
            out.append(x)
    return out


def _frame_from(js: list, T: Tables, hands_play) -> tuple:
    out = []
    for x in js:
        if isinstance(x, dict) and "ops" in x:
            want = x["ops"]
            found = None
            for ops in T.ops:
                for o in ops:
                    if o.op == "choice" and [[[q.op, q.n, q.range] for q in opt] for opt in o.options] == want:
                        found = o.options
            if found is None:
                raise ValueError(f"choice frame {want} matches no card")
            out.append(found)
        elif isinstance(x, list):
            out.append(tuple(x))
        else:
            out.append(x)
    return tuple(out)


def new_state(cfg) -> AsianDelivery:
    return AsianDelivery.new(cfg)


def state_from_view(v: dict[str, Any]) -> AsianDelivery:
    from ...core.game import config_from_view

    _, cfg = config_from_view(v)
    s = object.__new__(AsianDelivery)
    s.cfg = cfg
    s.listener = None
    s._lc = None
    T = s.T = tables_for(cfg)
    try:
        s.rng = Rng(int(v["rng"]), raw=True)
        s.layout = tuple(v["layout"])
        s.cw = tuple(v["clockwise"])
        s.round, s.start, s.turn_k, s.seat = int(v["round"]), int(v["start"]), int(v["turn_k"]), int(v["seat_on_turn"])
        s.phase = v["phase"]
        s.supply = [list(x) for x in v["supply"]]
        s.aside = list(v["aside"])
        s.wh = [[c for a in x for c in a] for x in v["warehouses"]]
        s.veh_at = [v["vehicles"]["train"]["at"], v["vehicles"]["ship"]["at"]]
        s.cargo = [[list(x) for x in v["vehicles"][name]["cargo"]] for name in VEHICLES]
        s.stock = list(v["stock"])
        s.workers, s.hub = list(v["workers"]), list(v["hub_workers"])
        s.fac = [x for a in v["facilities"] for x in a]
        s.tokens = list(v["tokens"])
        s.hands = [list(x) for x in v["hands"]]
        s.play = [[(c, m) for c, m in x] for x in v["play"]]
        s.orders = [list(x) for x in v["orders"]]
        s.done = [list(x) for x in v["completed"]]
        s.vp = list(v["vp"])
        s.req_deck, s.biz_deck = list(v["request_deck"]), list(v["business_deck"])
        s.req_disc, s.biz_disc = list(v["request_discard"]), list(v["business_discard"])
        s.req_disp, s.biz_disp = list(v["request_display"]), list(v["business_display"])
        s.stack = [_frame_from(f, T, None) for f in v["stack"]]
        t = v["turn"]
        s.free_used, s.played, s.porter_used = bool(t["free_used"]), int(t["played"]), bool(t["porter_used"])
        s.moved = [list(x) for x in t["moved"]]
        s.retrieved, s.kept = bool(t["retrieved"]), tuple(t["kept"])
    except (KeyError, TypeError, ValueError) as e:
        raise IllegalAction(f"the view is missing or has a malformed field: {e!r}") from None
    # the map's adjacency follows from the layout
    mp = T.map
    names = list(mp.positions)
    place = dict(zip(names, s.layout, strict=True))
    adj: dict[int, set[int]] = {a: set() for a in range(1, 11)}
    for a, b in mp.adjacent:
        adj[place[a]].add(place[b])
        adj[place[b]].add(place[a])
    if not mp.hub:
        outer_first = s.cw[1]
        adj[1].add(outer_first)
        adj[outer_first].add(1)
    s.adj = tuple(tuple(sorted(adj[a])) if a else () for a in range(11))
    s.dist = distances(s.adj)
    _check(s)
    s._advance()  # an edited view may leave automatic steps (a turn's end) to resolve
    return s


def _check(s: AsianDelivery) -> None:
    T = s.T
    n = s.cfg.players
    for g in range(3):
        total = s.stock[g] + sum(s.supply[p][g] + sum(s.wh[p][3 * a + g] for a in range(11))
                                 + s.cargo[0][p][g] + s.cargo[1][p][g] for p in range(n))
        if g == 0:
            total += sum(s.aside)
        if total != T.stock[g]:
            raise IllegalAction(f"the view has {total} {GRADES[g]} cubes in all; the game has {T.stock[g]}")
    for p in range(n):
        for a in range(2, 11):
            if sum(s.wh[p][3 * a: 3 * a + 3]) > T.cap:
                raise IllegalAction(f"seat {p}'s warehouse in area {a} holds more than {T.cap} cubes")
    reqs = s.req_deck + s.req_disc + s.req_disp + [r for x in s.orders for r in x] + [r for x in s.done for r in x]
    if sorted(reqs) != list(range(len(T.req_vp))):
        raise IllegalAction("the view's request cards do not add up to the deck")
    biz = s.biz_deck + s.biz_disc + s.biz_disp + [c for x in s.hands for c in x] + [c for x in s.play for c, _ in x]
    if sorted(biz) != list(range(T.n_business + 4 * n)):
        raise IllegalAction("the view's business and base cards do not add up")


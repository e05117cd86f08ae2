"""Asian Delivery turn steps, what each does: a turn's frames (AD-T1..T5), the decision taken on the
top frame, and the frames that resolve on their own (turn end, restock, retrieval)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.rng import shuffled_all, shuffled_top
from .actions import (
    AreaPick,
    BuildAt,
    CardPick,
    CubePick,
    Done,
    DraftPick,
    Load,
    OptionPick,
    PlayCard,
    RequestPick,
    Retrieve,
    Unload,
    Wish,
)
from .fields import OWN_CARGO, OWN_HANDS, OWN_ORDERS, OWN_PLAY, OWN_SUPPLY, OWN_WH, StateFields
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
    FACE_DOWN,
    FACILITIES,
    GRADES,
    MARKET,
    N_GRADES,
    OFFICE,
    RESIDENT,
    UNLOADED,
    VEHICLES,
    WAREHOUSE_AREAS,
    fac_slot,
    wh_slot,
)

_V = {v: i for i, v in enumerate(VEHICLES)}  # a vehicle's name -> its index
_G = {g: i for i, g in enumerate(GRADES)}  # a grade's letter -> its index


class StepsMixin(StateFields):
    """A turn begins, a decision is taken, automatic frames resolve."""

    __slots__ = ()

    def _begin_turn(self) -> None:
        """A turn's steps (top last): market upgrades (AD-T1), the gate (AD-T1), actions (AD-T2), the
        draft (AD-T4), retrieval (AD-T5), the turn's end."""
        p = self.seat = (self.start + self.turn_k) % self.cfg.players
        self.free_used = False
        self.played = 0
        self.porter_used = False
        self.moved = [[0] * 6, [0] * 6]  # per vehicle: loaded L N H, unloaded L N H (this turn)
        self.retrieved = False
        self.kept = ()
        st = [Step("end_turn", p), Step("retrieve", p), Counted("draft", p, self.T.draft), Step("action", p),
              Step("gate", p)]
        markets = [a for a in WAREHOUSE_AREAS if self.fac[fac_slot(a, MARKET)] == p]
        if markets:  # AD-T1: one upgrade per market (AD-V12: in that market's warehouse)
            if "local-market" in self.T.flags:
                st += [LocalMarket("lmarket", p, a) for a in reversed(markets)]
            else:
                st.append(Counted("market", p, len(markets)))
        self.stack = st


    def _do(self, fr: Any, p: int, a: Any) -> None:
        """The decision `a` of seat p on the top frame `fr`: the actions step (AD-T2, the most frequent)
        here; any other step leaves the stack, then its own method below does what `a` says (`_EFFECTS`)."""
        kind = fr.kind
        if kind == "action":
            cls = a.__class__
            if cls is Load:
                v, g = _V[a.vehicle], _G[a.grade]
                self._add(p, self.veh_at[v], g, -1)
                self._mine(OWN_CARGO + 8 * v, p, self.cargo[v])[g] += 1
                self.moved[v][g] += 1
            elif cls is PlayCard:
                self._play_card(p, a.card, a.face == "up")
            elif cls is Unload:
                v, g = _V[a.vehicle], _G[a.grade]
                self._mine(OWN_CARGO + 8 * v, p, self.cargo[v])[g] -= 1
                self._add(p, self.veh_at[v], g, 1)
                self.moved[v][UNLOADED + g] += 1
                if self.listener is not None:  # measures only: no call on a look-ahead's copy
                    self._measure("moved", p, by="vehicle", n=1)
            else:  # EndStep
                self.stack.pop()
            return
        self.stack.pop()
        if isinstance(a, Done):
            if kind == "draft":  # AD-T4: a short draft (draft_up_to) still refills
                self._end_draft()
            return
        _EFFECTS[kind](self, fr, p, a)

    # --- each step's effect, by the step's kind (`_EFFECTS`; its frame is off the stack) --------------
    def _upgrade_effect(self, fr: Counted, p: int, a: CubePick) -> None:
        """AD-T1 (a market), AD-E5 (an upgrade effect): upgrade a cube of the supply; again while `left`."""
        self._upgrade_cube(p, _G[a.grade], self._mine(OWN_SUPPLY, p, self.supply))
        if fr.left > 1:
            self.stack.append(Counted(fr.kind, p, fr.left - 1))

    def _lmarket_effect(self, fr: LocalMarket, p: int, a: CubePick) -> None:
        """AD-V12: upgrade a cube in the market's own warehouse."""
        i = wh_slot(fr.area)
        cubes = self.wh[p][i: i + N_GRADES]
        self._upgrade_cube(p, _G[a.grade], cubes)
        self._mine(OWN_WH, p, self.wh)[i: i + N_GRADES] = cubes

    def _gate_effect(self, fr: Step, p: int, a: CubePick) -> None:
        """AD-T1: the cube chosen for the transfer gate; which gate next."""
        self.stack.append(GateArea("gate_area", p, _G[a.grade]))

    def _gate_area_effect(self, fr: GateArea, p: int, a: AreaPick) -> None:
        """AD-T1: the cube goes from the supply to that gate's warehouse."""
        g = fr.grade
        self._mine(OWN_SUPPLY, p, self.supply)[g] -= 1
        self._mine(OWN_WH, p, self.wh)[wh_slot(a.area, g)] += 1
        if self.listener is not None:  # measures only: no call on a look-ahead's copy
            self._measure("moved", p, by="gate", n=1)

    def _t_src_effect(self, fr: TransportSource, p: int, a: AreaPick) -> None:
        """AD-E2: the source chosen; the destination next."""
        self.stack.append(TransportDest("t_dst", p, fr.n, fr.range, a.area))

    def _t_dst_effect(self, fr: TransportDest, p: int, a: AreaPick) -> None:
        """AD-E2: the destination chosen; the cubes next."""
        self.stack.append(TransportMove("t_move", p, fr.n, fr.source, a.area))

    def _t_move_effect(self, fr: TransportMove, p: int, a: CubePick) -> None:
        """AD-E2: one cube moves; the next one (or done) after."""
        g = _G[a.grade]
        self._add(p, fr.source, g, -1)
        self._add(p, fr.dest, g, 1)
        if self.listener is not None:  # measures only: no call on a look-ahead's copy
            self._measure("moved", p, by="card", n=1)
        self.stack.append(TransportMove("t_move", p, fr.left - 1, fr.source, fr.dest))

    def _deliver_effect(self, fr: Step, p: int, a: RequestPick) -> None:
        """AD-E1: complete the request; another (or done) after."""
        self._complete(p, a.request)
        self.stack.append(Step("deliver", p))

    def _build_effect(self, fr: Step, p: int, a: BuildAt) -> None:
        """AD-E4: build the facility."""
        self._build(p, a.area, FACILITIES.index(a.facility))

    def _office_pick_effect(self, fr: Step, p: int, a: CardPick | RequestPick) -> None:
        """AD-E4: a new office's business card to hand (AD-V6: or request to the open ones); refill."""
        if isinstance(a, CardPick):
            self.biz_disp.remove(a.card)
            self._mine(OWN_HANDS, p, self.hands).append(a.card)
            self._refill("biz", self.T.display)
        else:  # AD-V6
            self.req_disp.remove(a.request)
            self._mine(OWN_ORDERS, p, self.orders).append(a.request)
            self._refill("req", self.T.display)

    def _take_request_effect(self, fr: Step, p: int, a: RequestPick) -> None:
        """A card's effect: the request to the open ones; refill."""
        self.req_disp.remove(a.request)
        self._mine(OWN_ORDERS, p, self.orders).append(a.request)
        self._refill("req", self.T.display)

    def _choice_effect(self, fr: Choice, p: int, a: OptionPick) -> None:
        """A choice card: the chosen option's effects."""
        self._push_ops(p, fr.options[a.option - 1])

    def _draft_effect(self, fr: Counted, p: int, a: DraftPick) -> None:
        """AD-T4: the card to the open requests or the hand; again while `left`, then the refill."""
        if a.pile == "request":
            self.req_disp.remove(a.card)
            self._mine(OWN_ORDERS, p, self.orders).append(a.card)
        else:
            self.biz_disp.remove(a.card)
            self._mine(OWN_HANDS, p, self.hands).append(a.card)
        if fr.left > 1:
            self.stack.append(Counted("draft", p, fr.left - 1))
        else:
            self._end_draft()

    def _retrieve_effect(self, fr: Step, p: int, a: Retrieve) -> None:
        """AD-T5: retrieving: first the residents kept (one per office), then the retrieval itself."""
        if a.yes:
            self.retrieved = True
            st = self.stack
            st.append(Step("do_retrieve", p))
            offices = self._owned(p, OFFICE)
            if offices and any(mode == RESIDENT for _, mode in self.play[p]):
                st.append(Counted("keep", p, offices))

    def _keep_effect(self, fr: Counted, p: int, a: CardPick) -> None:
        """AD-T5: the resident stays in play; another while `left`."""
        self.kept = (*self.kept, a.card)
        if fr.left > 1:
            self.stack.append(Counted("keep", p, fr.left - 1))

    def _wish_effect(self, fr: WishFrame, p: int, a: Wish) -> None:
        """AD-V3: the seat's wish to unload (rounds.py)."""
        self._wish(fr, p, a.yes)

    def _v3_unload_effect(self, fr: RoundEndUnload, p: int, a: CubePick) -> None:
        """AD-V3: one cube off the vehicle into the warehouse where it stands; the frame stays."""
        v = fr.vehicle
        g = _G[a.grade]
        self._mine(OWN_CARGO + 8 * v, p, self.cargo[v])[g] -= 1
        self._add(p, self.veh_at[v], g, 1)
        if self.listener is not None:  # measures only: no call on a look-ahead's copy
            self._measure("moved", p, by="vehicle", n=1)
        self.stack.append(fr)

    def _end_draft(self) -> None:
        """AD-T4: after the draft, however short, both displays are refilled."""
        self._refill("req", self.T.display)
        self._refill("biz", self.T.display)

    def _refill(self, pile: str, size: int) -> None:
        """AD-T4: refill a display ('req' or 'biz'); an empty deck is rebuilt from its discards."""
        disp = getattr(self, pile + "_disp")
        if len(disp) < size:
            self._own_decks()
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
            else:
                pend = getattr(self, "_" + pile + "_pend")
                if pend is not None:  # a sample's deck: its top card placed now (determinize)
                    setattr(self, "_" + pile + "_pend", shuffled_top(deck, pend))
            disp.append(deck.pop())

    def _decks_in_order(self) -> None:
        """A sample's decks in their whole shuffle's order (for a view that lists them)."""
        if self._req_pend is not None or self._biz_pend is not None:
            self._own_decks()
            shuffled_all(self.req_deck, self._req_pend)
            shuffled_all(self.biz_deck, self._biz_pend)
            self._req_pend = self._biz_pend = None

    # --- automatic frames -----------------------------------------------------------------------
    def _advance(self) -> None:
        """Resolve frames that need no decision until one does (or the game ends)."""
        while self.stack:
            st = self.stack  # a turn or round end may replace the list
            fr = st[-1]
            kind = fr.kind
            if kind == "end_turn":
                st.pop()
                self._end_turn(fr.seat)
                continue
            if kind == "restock":  # AD-E6: as many as the stock has, up to n
                st.pop()
                k = min(fr.left, self.stock[0])
                self.stock[0] -= k
                self._mine(OWN_SUPPLY, fr.seat, self.supply)[0] += k
                continue
            if kind == "do_retrieve":
                st.pop()
                self._retrieve(fr.seat)
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
                if kind == "draft":  # AD-T4: a pick with no options ends the draft; refill
                    self._end_draft()
                continue
            self._lc = opts
            return

    def _retrieve(self, p: int) -> None:
        """AD-T5: all cards back to hand but the kept residents; MP by face-up cards returned."""
        kept = set(self.kept)
        up = sum(1 for c, mode in self.play[p] if mode != FACE_DOWN and c not in kept)
        back = [c for c, _ in self.play[p] if c not in kept]
        self._mine(OWN_PLAY, p, self.play)[:] = [(c, m) for c, m in self.play[p] if c in kept]
        self._mine(OWN_HANDS, p, self.hands).extend(back)
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


# the kind of a frame waiting for a decision -> what the decision does (the actions step aside: `_do`)
_EFFECTS: dict[str, Callable[[StepsMixin, Any, int, Any], None]] = {
    "market": StepsMixin._upgrade_effect, "upgrade": StepsMixin._upgrade_effect,
    "lmarket": StepsMixin._lmarket_effect, "gate": StepsMixin._gate_effect,
    "gate_area": StepsMixin._gate_area_effect, "t_src": StepsMixin._t_src_effect,
    "t_dst": StepsMixin._t_dst_effect, "t_move": StepsMixin._t_move_effect,
    "deliver": StepsMixin._deliver_effect, "build": StepsMixin._build_effect,
    "office_pick": StepsMixin._office_pick_effect, "take_request": StepsMixin._take_request_effect,
    "choice": StepsMixin._choice_effect, "draft": StepsMixin._draft_effect,
    "retrieve": StepsMixin._retrieve_effect, "keep": StepsMixin._keep_effect,
    "wish": StepsMixin._wish_effect, "v3_unload": StepsMixin._v3_unload_effect,
}

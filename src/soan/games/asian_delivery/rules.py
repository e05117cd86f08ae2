"""Asian Delivery: the state, its setup (AD-S1..S4) and the engine contract.

The rules live by what the rulebook calls them: frames.py (a turn as a stack of small decisions),
view.py (views and their checks), and the mixins of the one state class, over fields.py (the state's
fields, declared once): options.py and steps.py (the turn steps: what each offers, what each does),
effects.py (cards, cubes, facilities), rounds.py (round end and settlements), prompts.py (texts).
This module puts them together and keeps the state's copies.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import ConfigError
from ...core.game import compiled
from ...core.rng import Rng, seed_from
from . import view as view_schema
from .effects import EffectsMixin
from .model import (
    FAC_SIZE,
    N_AREAS,
    N_FACILITIES,
    N_GRADES,
    VEHICLES,
    WH_SIZE,
    Tables,
    build_map,
    compile_tables,
    distances,
    fac_slot,
    wh_slot,
)
from .options import OptionsMixin
from .prompts import TextsMixin
from .rounds import RoundsMixin
from .steps import StepsMixin


def tables_for(cfg) -> Tables:
    return compiled(cfg, compile_tables, cfg.players)



class AsianDelivery(StepsMixin, OptionsMixin, EffectsMixin, RoundsMixin, TextsMixin):
    """One game. Seats count from 0. Cubes per seat: `supply[p]` and `aside[p]` are [L, N, H] / a count;
    `wh[p][wh_slot(area, grade)]` the warehouses (areas 2..10); `cargo[vehicle][p]`; `fac[fac_slot(area, facility)]`
    the owning seat or -1; `play[p]` (card, mode) with mode FACE_DOWN / FACE_UP / RESIDENT."""

    __slots__ = ()  # the fields: fields.py
    game_id = "asian-delivery"

    # --- setup ----------------------------------------------------------------------------------
    @classmethod
    def new(cls, cfg) -> AsianDelivery:
        s = object.__new__(cls)
        s.cfg = cfg
        s._fresh()  # listener, caches, copy-on-write bits (fields.py)
        T = s.T = tables_for(cfg)
        n = cfg.players
        s.rng = Rng(cfg.seed)
        s.layout, s.adj, s.cw = build_map(T, s.rng)  # AD-S1
        s.dist = distances(s.adj)
        s.start = s.rng.below(n)  # AD-S2
        s.stock = [T.stock[0] - n * T.start_cubes, T.stock[1], T.stock[2]]
        s.supply = [[T.start_cubes, 0, 0] for _ in range(n)]
        s.aside = [0] * n
        s.wh = [[0] * WH_SIZE for _ in range(n)]
        s.veh_at = [1, 1]  # AD-S4
        s.cargo = [[[0, 0, 0] for _ in range(n)] for _ in range(2)]
        s.workers = [T.workers] * n
        s.hub = [0] * n
        s.fac = [-1] * FAC_SIZE
        s.tokens = [T.tokens] * n
        s.hands = [[T.n_business + 4 * p + k for k in range(4)] for p in range(n)]
        s.play = [[] for _ in range(n)]
        s.done = [[] for _ in range(n)]
        s.vp = [0] * n
        pv = cfg.params.get("position_vp") or ()
        if len(pv) > n:
            raise ConfigError(f"position_vp gives {len(pv)} turn positions for {n} players",
                              ja=f"position_vp に{len(pv)}手番分の点が指定されていますが、{n}人です")
        for k, v in enumerate(pv):  # AD-B1: by round 1's turn order
            s.vp[(s.start + k) % n] += v
        s.req_deck = list(range(len(T.req_vp)))  # AD-S3
        s.rng.shuffle(s.req_deck)
        s.req_disc = []
        s.orders = [[s.req_deck.pop() for _ in range(T.start_requests)] for _ in range(n)]
        s.req_disp = [s.req_deck.pop() for _ in range(T.display)]
        s.biz_deck = list(range(T.n_business))
        s.rng.shuffle(s.biz_deck)
        s.biz_disc = []
        s.biz_disp = [s.biz_deck.pop() for _ in range(T.display)]
        s._req_pend = s._biz_pend = None
        s.round = 1
        s.phase = "turn"
        s.turn_k = 0
        s._begin_turn()
        s._advance()
        return s


    # --- contract -------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return (self.stack[-1].seat,) if self.stack else ()

    # core/checks.py checks the seat in every public method and that `apply` gets an action
    # legal_actions offers (the engine's own value of it), before any code here runs.
    def _legal_shared(self, seat: int) -> list:
        """The cached legal actions themselves (core/checks.py only reads them)."""
        if not self.stack or self.stack[-1].seat != seat:
            return []
        lc = self._lc
        if lc is None:
            lc = self._lc = self._options(self.stack[-1])
        return lc

    def _legal_actions(self, seat: int) -> list:
        stack = self.stack  # as _legal_shared, inline: the hottest call of a playout
        if not stack or stack[-1].seat != seat:
            return []
        lc = self._lc
        if lc is None:
            lc = self._lc = self._options(stack[-1])
        return lc[:]


    # --- apply ----------------------------------------------------------------------------------
    def _apply(self, seat: int, action) -> None:
        self._lc = None
        if self._ev is None:
            self._do(self.stack[-1], seat, action)
            self._advance()
            return
        # a look-ahead's copy (`fork`): within a turn, a step changes no seat's own fields but the mover's
        # (the shared ones, facilities and stock, are checked by evaluate); a new turn or round ends it
        k, r = self.turn_k, self.round
        self._do(self.stack[-1], seat, action)
        self._advance()
        if k == self.turn_k and r == self.round:
            self._moved |= 1 << seat
        else:
            self._ev = None


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

    # --- copies ------------------------------------------------------------------------------------
    # clone, fork and _determinize follow each field's policy in fields.py: a fork shares the seats'
    # lists and the decks with this state until either changes them (copy on write, `_mine`), and the
    # values of the seats that have not moved since (`_fork_shares`, evaluate.py); determinize copies
    # all but the hidden fields, which `_resample` sets
    # --- copies: generated from the declared fields by `python -m soan.core.layout` (edit the declaration, not this) ---
    def clone(self) -> AsianDelivery:
        """A copy that shares only what the declaration shares."""
        s = object.__new__(AsianDelivery)
        s.cfg = self.cfg
        s.listener = None
        s.T = self.T
        s.rng = self.rng.copy()
        s.layout = self.layout
        s.adj = self.adj
        s.dist = self.dist
        s.cw = self.cw
        s.round = self.round
        s.start = self.start
        s.turn_k = self.turn_k
        s.seat = self.seat
        s.phase = self.phase
        s.supply = [*map(list.copy, self.supply)]
        s.aside = self.aside[:]
        s.wh = [*map(list.copy, self.wh)]
        s.veh_at = self.veh_at[:]
        s.cargo = [[*map(list.copy, self.cargo[0])], [*map(list.copy, self.cargo[1])]]
        s.stock = self.stock[:]
        s.workers = self.workers[:]
        s.hub = self.hub[:]
        s.fac = self.fac[:]
        s.tokens = self.tokens[:]
        s.hands = [*map(list.copy, self.hands)]
        s.play = [*map(list.copy, self.play)]
        s.orders = [*map(list.copy, self.orders)]
        s.done = [*map(list.copy, self.done)]
        s.vp = self.vp[:]
        s.req_deck = self.req_deck[:]
        s.req_disc = self.req_disc[:]
        s.req_disp = self.req_disp[:]
        s.biz_deck = self.biz_deck[:]
        s.biz_disc = self.biz_disc[:]
        s.biz_disp = self.biz_disp[:]
        s.stack = self.stack[:]
        s.free_used = self.free_used
        s.played = self.played
        s.porter_used = self.porter_used
        s.moved = [self.moved[0][:], self.moved[1][:]]
        s.retrieved = self.retrieved
        s.kept = self.kept
        s._req_pend = self._req_pend
        s._biz_pend = self._biz_pend
        s._lc = self._lc
        s._own = -1
        s._ev = None
        s._moved = 0
        return s

    def fork(self) -> AsianDelivery:
        """A copy for a look-ahead, changed only through `apply`: it shares the `Cow` fields' rows with
        this state until either changes them (copy on write)."""
        s = object.__new__(AsianDelivery)
        s.cfg = self.cfg
        s.listener = None
        s.T = self.T
        s.rng = self.rng.copy()
        s.layout = self.layout
        s.adj = self.adj
        s.dist = self.dist
        s.cw = self.cw
        s.round = self.round
        s.start = self.start
        s.turn_k = self.turn_k
        s.seat = self.seat
        s.phase = self.phase
        s.supply = self.supply[:]
        s.aside = self.aside[:]
        s.wh = self.wh[:]
        s.veh_at = self.veh_at[:]
        s.cargo = [self.cargo[0][:], self.cargo[1][:]]
        s.stock = self.stock[:]
        s.workers = self.workers[:]
        s.hub = self.hub[:]
        s.fac = self.fac[:]
        s.tokens = self.tokens[:]
        s.hands = self.hands[:]
        s.play = self.play[:]
        s.orders = self.orders[:]
        s.done = self.done[:]
        s.vp = self.vp[:]
        s.req_deck = self.req_deck
        s.req_disc = self.req_disc
        s.req_disp = self.req_disp[:]
        s.biz_deck = self.biz_deck
        s.biz_disc = self.biz_disc
        s.biz_disp = self.biz_disp[:]
        s.stack = self.stack[:]
        s.free_used = self.free_used
        s.played = self.played
        s.porter_used = self.porter_used
        s.moved = [self.moved[0][:], self.moved[1][:]]
        s.retrieved = self.retrieved
        s.kept = self.kept
        s._req_pend = self._req_pend
        s._biz_pend = self._biz_pend
        s._lc = self._lc
        self._own = s._own = 0  # both share every list now
        self._fork_shares(s)  # sets _ev, _moved
        return s

    def _determinize(self, seat: int, rng: Any) -> AsianDelivery:
        """A copy whose hidden fields the game's `_resample` sets from what `seat` may know."""
        s = object.__new__(AsianDelivery)
        s.cfg = self.cfg
        s.listener = None
        s.T = self.T
        s.layout = self.layout
        s.adj = self.adj
        s.dist = self.dist
        s.cw = self.cw
        s.round = self.round
        s.start = self.start
        s.turn_k = self.turn_k
        s.seat = self.seat
        s.phase = self.phase
        s.supply = [*map(list.copy, self.supply)]
        s.aside = self.aside[:]
        s.wh = [*map(list.copy, self.wh)]
        s.veh_at = self.veh_at[:]
        s.cargo = [[*map(list.copy, self.cargo[0])], [*map(list.copy, self.cargo[1])]]
        s.stock = self.stock[:]
        s.workers = self.workers[:]
        s.hub = self.hub[:]
        s.fac = self.fac[:]
        s.tokens = self.tokens[:]
        s.hands = [*map(list.copy, self.hands)]
        s.play = [*map(list.copy, self.play)]
        s.orders = [*map(list.copy, self.orders)]
        s.done = [*map(list.copy, self.done)]
        s.vp = self.vp[:]
        s.req_disc = self.req_disc[:]
        s.req_disp = self.req_disp[:]
        s.biz_disc = self.biz_disc[:]
        s.biz_disp = self.biz_disp[:]
        s.stack = self.stack[:]
        s.free_used = self.free_used
        s.played = self.played
        s.porter_used = self.porter_used
        s.moved = [self.moved[0][:], self.moved[1][:]]
        s.retrieved = self.retrieved
        s.kept = self.kept
        s._lc = self._lc
        s._own = -1
        s._ev = None
        s._moved = 0
        self._resample(s, seat, rng)  # sets rng, req_deck, biz_deck, _req_pend, _biz_pend
        return s

    def _fresh(self) -> None:
        """A new or rebuilt state's fields that no view holds, at their start (listener, Derived, Owner, Fresh)."""
        self.listener = None
        self._lc = None
        self._own = -1
        self._ev = None
        self._moved = 0
    # --- end of the generated copies ---

    def _fork_shares(self, s: AsianDelivery) -> None:
        """A fork's look-ahead values: those of the seats that have not moved, shared by every fork from here on."""
        if self._ev is None:
            self._ev = [None, None, None, None, None]  # evaluate.py: [shared part, values by seat, weights, ...]
            self._moved = 0
        s._ev, s._moved = self._ev, self._moved

    def _resample(self, s: AsianDelivery, seat: int, rng) -> None:
        """determinize's hidden fields: everything is open but the order of the decks: reshuffle both,
        reseed the generator. The decks are shuffled as their cards are drawn (a look-ahead draws few):
        the same order, card by card."""
        r = Rng(seed_from(rng), raw=True)
        s.req_deck = sorted(self.req_deck)
        s._req_pend = r.shuffle_later(s.req_deck)
        s.biz_deck = sorted(self.biz_deck)
        s._biz_pend = r.shuffle_later(s.biz_deck)
        s.rng = Rng(r.next64(), raw=True)

    # --- what people see ------------------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        n = self.cfg.players
        return {
            "game": self.game_id, "players": n, "round": self.round, "start": self.start, "turn_k": self.turn_k,
            "seat_on_turn": self.seat, "phase": self.phase, "to_act": list(self.to_act()),
            "layout": list(self.layout), "clockwise": list(self.cw),
            "supply": [x[:] for x in self.supply], "aside": self.aside[:],
            "warehouses": [[x[wh_slot(a): wh_slot(a) + N_GRADES] for a in range(N_AREAS)] for x in self.wh],
            "vehicles": {VEHICLES[v]: {"at": self.veh_at[v], "cargo": [x[:] for x in self.cargo[v]]} for v in (0, 1)},
            "stock": self.stock[:], "workers": self.workers[:], "hub_workers": self.hub[:],
            "facilities": [[self.fac[fac_slot(a, f)] for f in range(N_FACILITIES)] for a in range(N_AREAS)],
            "tokens": self.tokens[:], "hands": [sorted(x) for x in self.hands],
            "play": [[[c, m] for c, m in x] for x in self.play], "orders": [x[:] for x in self.orders],
            "completed": [x[:] for x in self.done], "vp": self.vp[:],
            "request_display": self.req_disp[:], "business_display": self.biz_disp[:],
            "request_discard": self.req_disc[:], "business_discard": self.biz_disc[:],
            "request_deck_cards": sorted(self.req_deck), "business_deck_cards": sorted(self.biz_deck),
            "stack": [view_schema.frame_json(f) for f in self.stack],
            "turn": {"free_used": self.free_used, "played": self.played, "porter_used": self.porter_used,
                     "moved": [x[:] for x in self.moved], "retrieved": self.retrieved, "kept": list(self.kept)},
        }

    def _observation(self, seat: int) -> dict[str, Any]:
        o = self._public()
        o["seat"] = seat
        return o

    def view(self) -> dict[str, Any]:
        self._decks_in_order()
        v = self._public()
        v.update(seed=self.cfg.seed, variants=list(self.cfg.variants),
                 params={k: (list(x) if isinstance(x, tuple) else x) for k, x in self.cfg.params.items()},
                 components=self.cfg.components_path, components_hash=self.cfg.components_hash,
                 rng=self.rng.state, request_deck=self.req_deck[:], business_deck=self.biz_deck[:])
        return v



def new_state(cfg) -> AsianDelivery:
    return AsianDelivery.new(cfg)


def state_from_view(v: dict[str, Any]) -> AsianDelivery:
    """The state a (possibly edited) view describes (see view.py)."""
    return view_schema.state_from_view(v, AsianDelivery, tables_for)



"""La Superba: the state and the engine contract.

The state is plain lists of ints; `clone` copies those lists and shares the config, the rule tables
and the (immutable) public history. The rules live by what the rulebook calls them: voyage.py (a
round's start and the reveal), delivery.py (delivery, scoring, the end), options.py (what each
decision offers), serialise.py (views), prompts.py (texts); fields.py names the state's fields.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...core.errors import ConfigError
from ...core.game import compiled
from ...core.rng import Rng, seed_from
from .actions import _PLAY, play
from .delivery import DeliveryMixin
from .fields import DELIVERY, N_GOODS, OVER, VOYAGE, chits_at
from .model import CREW, Rules, compile_rules, deck_need
from .options import _PLAYS, carry_options, deliver_options
from .prompts import TextsMixin
from .serialise import ViewsMixin, entry_dict, entry_tuple, reveal_dict, reveal_tuple
from .serialise import state_from_view as _state_from_view
from .voyage import VoyageMixin

_TAILS = [tuple(tuple(range(i, n)) for i in range(n + 1)) for n in range(8)]  # [n][i]: seats i..n-1
_CARRIES: dict[tuple[int, int, int, int], list] = {}  # (a seat's supply of each good, carry_max) -> carries


def rules_for(cfg) -> Rules:
    """The compiled rule tables of a config, shared by every game with the same settings."""
    return compiled(cfg, compile_rules)


class LaSuperba(VoyageMixin, DeliveryMixin, ViewsMixin, TextsMixin):
    """The state: its fields declared in fields.py (`StateFields`), its rules in the parts above."""

    __slots__ = ()
    game_id = "la-superba"

    # --- setup ----------------------------------------------------------------------------------
    @classmethod
    def new(cls, cfg) -> LaSuperba:
        s = object.__new__(cls)
        s.cfg = cfg
        s._fresh()  # listener, cached legal actions (fields.py)
        R = s.R = rules_for(cfg)
        n = cfg.players
        need = deck_need(n, R.keep, R.draw, R.play, R.rounds)
        if len(R.deck) < need:  # the data check covers 3 players; a variant may remove cards too
            raise ConfigError(f"the voyage deck has {len(R.deck)} cards with these settings; {n} players need "
                              f"{need} (hands + community card)")
        s.rng = Rng(cfg.seed)
        s.supply = [R.per_good] * (N_GOODS * n)  # LS-S1
        s.lost = [0] * (N_GOODS * n)
        s.delivered = [()] * n
        s.points = (0,) * n
        ev = list(range(len(R.events)))  # LS-S2
        s.rng.shuffle(ev)
        s.removed = tuple(ev[R.rounds:])
        s.row = tuple(ev[: R.rounds])
        s.deck = list(R.deck)  # LS-S3
        s.rng.shuffle(s.deck)
        s.hands = [sorted(s.deck.pop() for _ in range(R.keep)) for _ in range(n)]
        s.hist = ()
        s.round = 0
        s._start_round()
        return s

    # --- contract -------------------------------------------------------------------------------
    # core/checks.py checks the seat in every public method and that `apply` gets an action
    # legal_actions offers (the engine's own value of it), before any code here runs.
    def to_act(self) -> tuple[int, ...]:
        if self.phase == VOYAGE:
            c = self.carried
            n = len(c)
            k = c.count(None)
            if k and c.index(None) == n - k:  # the last k seats still to carry (seats in order): a kept tuple
                return _TAILS[n][n - k]
            return tuple([i for i in range(n) if c[i] is None])
        rv = self.rv
        if rv is not None:  # the deliver phase (the reveal is there exactly then; views.py checks a view's)
            ch = self.choice
            return tuple([i for i in rv.awaiting if ch[i] is None])
        return ()

    def _legal_actions(self, seat: int) -> list:
        lc = self._lc  # the list kept for `apply`'s check: a bot asks, then `apply` checks
        if lc is not None and lc[0] == seat:
            return lc[1][:]
        opts = self._options(seat)
        self._lc = (seat, opts)
        return opts[:]

    def _legal_shared(self, seat: int) -> list:
        """The legal actions, the shared list itself (core/state.py's `apply` and bots' playouts only read
        it): the one `legal_actions` kept for the seat until the next `apply`, else `_options`'s own
        (not kept: a playout asks once a position)."""
        lc = self._lc
        if lc is not None and lc[0] == seat:
            return lc[1]
        return self._options(seat)

    def _options(self, seat: int) -> list:
        """Seat's legal actions now (options.py keeps each list once per situation, shared)."""
        if self.phase == VOYAGE:
            if self.played[seat] is None:
                k = self.R.play
                key = (k, *self.hands[seat])  # the options depend on the hand and the play size (data)
                opts = _PLAYS.get(key)
                if opts is None:
                    try:  # every play met before (interned in actions.py): looked up at C speed
                        opts = list(map(_PLAY.__getitem__, combinations(key[1:], k)))
                    except KeyError:
                        opts = [play(c) for c in combinations(key[1:], k)]
                    _PLAYS[key] = opts
                return opts
            if self.carried[seat] is None:
                b = N_GOODS * seat  # chits_at(seat)
                sup = self.supply
                ck = (sup[b], sup[b + 1], sup[b + 2], self.R.carry_max)
                carries = _CARRIES.get(ck)
                if carries is None:
                    carries = _CARRIES[ck] = carry_options(ck[:3], ck[3])
                return carries
            return []
        rv = self.rv
        if rv is not None and self.choice[seat] is None and seat in rv.awaiting:  # the deliver phase
            return deliver_options(self.carried[seat], self.quota[seat])
        return []

    def _apply(self, seat: int, action) -> None:
        # core/checks.py has checked the seat and that `action` is one of legal_actions(seat)
        self._lc = None
        rv = self.rv
        if rv is None:  # the voyage (an action in the deliver phase, the reveal there exactly then)
            if self.played[seat] is None:  # LS-R2: 3 cards face down
                cards = action.cards
                self.played[seat] = cards
                hand = self.hands[seat][:]  # a new list, as before
                for c in cards:
                    hand.remove(c)
                self.hands[seat] = hand
            else:  # LS-R2: then the chits to carry
                self.carried[seat] = action.counts
                if None not in self.carried:
                    self._resolve_voyage()
            return
        choice = self.choice
        choice[seat] = action.counts  # LS-R6: which carried chits are delivered
        for i in rv.awaiting:
            if choice[i] is None:
                return
        self._finish_round(rv)

    # --- results (scores and ranks: delivery.py) -------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    # --- copies ------------------------------------------------------------------------------------
    # clone and _determinize follow each field's policy in fields.py; determinize copies all but the
    # hidden fields, which `_resample` sets
    # --- copies: generated from the declared fields by `python -m soan.core.layout` (edit the declaration, not this) ---
    def clone(self) -> LaSuperba:
        """A copy that shares only what the declaration shares."""
        s = object.__new__(LaSuperba)
        s.cfg = self.cfg
        s.listener = None
        s.R = self.R
        s.rng = self.rng.copy()
        s.round = self.round
        s.phase = self.phase
        s.deck = self.deck[:]
        s.hands = [*map(list.copy, self.hands)]
        s.community = self.community
        s.row = self.row
        s.removed = self.removed
        s.supply = self.supply[:]
        s.lost = self.lost[:]
        s.delivered = self.delivered[:]
        s.points = self.points
        s.played = self.played[:]
        s.carried = self.carried[:]
        s.quota = self.quota[:]
        s.choice = self.choice[:]
        s.rv = self.rv
        s.hist = self.hist
        s._lc = self._lc
        return s

    def _determinize(self, seat: int, rng: Any) -> LaSuperba:
        """A copy whose hidden fields the game's `_resample` sets from what `seat` may know."""
        s = object.__new__(LaSuperba)
        s.cfg = self.cfg
        s.listener = None
        s.R = self.R
        s.round = self.round
        s.phase = self.phase
        s.supply = self.supply[:]
        s.lost = self.lost[:]
        s.delivered = self.delivered[:]
        s.points = self.points
        s.played = self.played[:]
        s.carried = self.carried[:]
        s.quota = self.quota[:]
        s.choice = self.choice[:]
        s.rv = self.rv
        s.hist = self.hist
        s._lc = self._lc
        self._resample(s, seat, rng)  # sets rng, deck, hands, community, row, removed
        return s

    def _fresh(self) -> None:
        """A new or rebuilt state's fields that no view holds, at their start (listener, Derived, Owner, Fresh)."""
        self.listener = None
        self._lc = None
    # --- end of the generated copies ---

    def _resample(self, s: LaSuperba, seat: int, rng) -> None:
        """determinize's hidden fields, consistent with observation(seat): unseen cards, events and pending
        secret choices resampled; the copy's generator reseeded from `rng` (the rest of `s` is a copy)."""
        R = self.R
        n = self.cfg.players
        r = Rng(seed_from(rng), raw=True)
        voyage = self.phase == VOYAGE
        known = set(self.hands[seat])
        if self.played[seat] is not None:
            known.update(self.played[seat])
        rv = self.rv  # the deliver phase's reveal (exactly then), else None
        cm = self.community  # a card until the game is over
        if rv is not None and cm is not None:  # the deliver phase: the community card and every play revealed
            known.add(cm)
            for p in self.played:
                known.update(p)
        unknown = [c for c in R.deck if c not in known]
        r.shuffle(unknown)
        s.community = unknown.pop() if voyage else cm
        hands = s.hands = [*map(list.copy, self.hands)]
        for i in range(n):
            if i == seat:
                continue
            if voyage and self.played[i] is not None:
                s.played[i] = tuple(sorted(unknown.pop() for _ in range(R.play)))
            hands[i] = sorted(unknown.pop() for _ in range(len(self.hands[i])))
            if voyage and self.carried[i] is not None:
                b = chits_at(i)
                opts = carry_options((self.supply[b], self.supply[b + 1], self.supply[b + 2]), R.carry_max)
                s.carried[i] = opts[r.below(len(opts))].counts
            if rv is not None and self.choice[i] is not None and i in rv.awaiting:
                dopts = deliver_options(self.carried[i], self.quota[i])
                s.choice[i] = dopts[r.below(len(dopts))].counts
        s.deck = sorted(unknown)
        r.shuffle(s.deck)
        hidden = set(self.row[3:4]) if self.round < 4 and len(self.row) > 3 else set()
        pool = sorted(hidden | set(self.removed))
        r.shuffle(pool)
        s.row = (*self.row[:3], pool.pop(), *self.row[4:]) if hidden else self.row
        s.removed = tuple(pool)
        s.rng = Rng(r.next64(), raw=True)
        s._lc = None  # hands, cards and choices resampled


def state_from_view(v: dict[str, Any]) -> LaSuperba:
    """Rebuild a state from a (possibly edited) view; checks that cards and chits add up (serialise.py)."""
    return _state_from_view(v, LaSuperba, rules_for)


def new_state(cfg) -> LaSuperba:
    return LaSuperba.new(cfg)


__all__ = ["LaSuperba", "new_state", "state_from_view", "CREW"]


__all__ = ["LaSuperba", "new_state", "state_from_view", "CREW", "DELIVERY", "OVER", "VOYAGE", "carry_options",
           "deliver_options", "entry_dict", "entry_tuple", "reveal_dict", "reveal_tuple", "rules_for"]

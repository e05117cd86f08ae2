"""Undecim: the state and the engine contract (council, frontier, settlements, scenarios, final
scoring, a campaign of 3 seasons).

A turn is a sequence of small decisions (`stage`): take → [bonus → keep] → play → effects (pick,
keep, boost, settle, develop) → auto action → (scenario bonus, land VP, refill: automatic).
The rules live by what the rulebook calls them: seasons.py (setup, season end, campaign), turn.py
(the turn's steps), options.py (what each step offers), frontier.py, settlements.py, scoring.py,
serialise.py (views), prompts.py (texts); fields.py names the state's fields.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import ConfigError
from ...core.game import compiled
from ...core.rng import Rng, seed_from
from .actions import SKIP, Skip
from .fields import (  # noqa: F401 - re-exported: other modules import these from here
    AUTO,
    BONUS,
    BUILD,
    CARDS,
    EFFECT,
    ENEMYVP,
    GOLDVP,
    KEEP,
    LAND,
    LEDGER,
    MAJ,
    OVER,
    PLAY,
    SCEN,
    START,
    TAKE,
    RuleSet,
    rules_tuple,
)
from .frontier import FrontierMixin
from .model import ITEM_INDEX, Tables, compile_tables
from .options import (  # noqa: F401 - re-exported
    BONUS_NO,
    BONUS_YES,
    BOOST_NO,
    BOOST_YES,
    KEEP_A,
    PICK,
    SETTLE,
    OptionsMixin,
    develop_action,
    play_action,
    take_action,
)
from .prompts import TextsMixin
from .scoring import ScoringMixin
from .seasons import SeasonsMixin
from .serialise import ViewsMixin
from .serialise import state_from_view as _state_from_view
from .settlements import SettlementsMixin
from .turn import TurnMixin


def tables_for(cfg) -> Tables:
    return compiled(cfg, compile_tables)


class Undecim(TurnMixin, OptionsMixin, FrontierMixin, SettlementsMixin, ScoringMixin, SeasonsMixin, ViewsMixin,
              TextsMixin):
    """The whole state: its fields are fields.StateFields's, its rules the mixins' (all derive from it)."""

    __slots__ = ()
    game_id = "undecim"

    # --- setup ----------------------------------------------------------------------------------
    @classmethod
    def new(cls, cfg) -> Undecim:
        s = object.__new__(cls)
        s.cfg = cfg
        s._fresh()  # listener, cached legal actions, copy-on-write bits (fields.py)
        T = s.T = tables_for(cfg)
        n = cfg.players
        if len(cfg.params.get("position_vp") or ()) > n:
            raise ConfigError(f"position_vp gives {len(cfg.params['position_vp'])} turn positions for {n} players",
                              ja=f"position_vp に{len(cfg.params['position_vp'])}手番分の点が指定されていますが、{n}人です")
        s.rng = Rng(cfg.seed)
        s.seasons = 3 if cfg.params.get("campaign") else 1
        s.season = 1
        s.marks = ()
        s.results = ()
        s.log = ()
        s.rules = rules_tuple(T.base_rules)
        s._dpend = None
        s.ledger = [[0] * 8 for _ in range(n)]
        s.start = s.rng.below(n)  # UN-S4
        s.story = tuple(i for i, x in enumerate(T.scen_season) if x == 1)  # UN-S3
        s._setup_season()
        return s

    # --- contract -------------------------------------------------------------------------------
    # core/checks.py checks the seat in every public method and that `apply` gets an action
    # legal_actions offers (the engine's own value of it), before any code here runs.
    def to_act(self) -> tuple[int, ...]:
        return () if self.stage == OVER else (self.seat,)

    def _legal_actions(self, seat: int) -> list:
        if seat != self.seat or self.stage == OVER:
            return []
        lc = self._lc
        if lc is None:
            lc = self._lc = self._options(seat)
        return lc[:]

    def _legal_shared(self, seat: int) -> list:
        """The legal actions, the cached list itself (core/checks.py only reads it; callers get copies).
        Kept until the next `apply`: a bot asks, then `apply` checks."""
        if seat != self.seat or self.stage == OVER:
            return []
        lc = self._lc
        if lc is None:
            lc = self._lc = self._options(seat)
        return lc

    def _apply(self, seat: int, action) -> None:
        # the seat and the action were checked by core (core/checks.py): `action` is in legal_actions
        self._lc = None
        st = self.stage
        if st == TAKE:
            self._take(seat, self.T.card_index[action.card])
        elif st == BONUS:
            if action.draw:
                self.drawn = self._draw_card()
                if self.drawn is not None:
                    self.drawn_for = BONUS
                    self.stage = KEEP
                    return
            self.stage = PLAY
        elif st == KEEP:
            assert self.drawn is not None  # KEEP follows a draw
            self._gain(seat, self.drawn, ITEM_INDEX[action.item])
            self.drawn = None
            if self.drawn_for == BONUS:
                self.stage = PLAY
            else:  # a draw effect: back to the card's effects (the next may be another decision)
                self.stage = EFFECT
                self._next_step()
                self._run()
        elif st == PLAY:
            self._play(seat, self.T.card_index[action.card])
        elif st == AUTO:
            if action is not SKIP and not isinstance(action, Skip):
                self._build(seat, action)
            self._end_turn()
        else:
            self._effect(seat, action)

    # --- results --------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.stage == OVER

    # --- copies ------------------------------------------------------------------------------------
    # clone, fork and _determinize follow each field's policy in fields.py: a fork shares each seat's hand,
    # known cards, loose cards, counts and ledger with this state until either changes them (copy on
    # write, `_mine`; within a turn only the seat on turn changes its own); determinize copies all but
    # the hidden fields, which `_resample` sets
    # --- copies: generated from the declared fields by `python -m soan.core.layout` (edit the declaration, not this) ---
    def clone(self) -> Undecim:
        """A copy that shares only what the declaration shares."""
        s = object.__new__(Undecim)
        s.cfg = self.cfg
        s.listener = None
        s.T = self.T
        s.rng = self.rng.copy()
        s.season = self.season
        s.seasons = self.seasons
        s.start = self.start
        s.turn_no = self.turn_no
        s.seat = self.seat
        s.stage = self.stage
        s.todo = self.todo
        s.drawn = self.drawn
        s.drawn_for = self.drawn_for
        s.hands = [*map(list.copy, self.hands)]
        s.known = [*map(list.copy, self.known)]
        s.normal = self.normal[:]
        s.bonus = self.bonus[:]
        s.last_played = self.last_played[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.frontier = self.frontier[:]
        s.loose = [*map(list.copy, self.loose)]
        s.cnt = [*map(list.copy, self.cnt)]
        s.settl = self.settl[:]
        s.story = self.story
        s.achieved = self.achieved[:]
        s.first = self.first
        s.marks = self.marks
        s.rules = self.rules
        s.ledger = [*map(list.copy, self.ledger)]
        s.results = self.results
        s.log = self.log
        s.took = self.took
        s._lc = self._lc
        s._own = -1
        s._dpend = self._dpend
        return s

    def fork(self) -> Undecim:
        """A copy for a look-ahead, changed only through `apply`: it shares the `Cow` fields' rows with
        this state until either changes them (copy on write)."""
        s = object.__new__(Undecim)
        s.cfg = self.cfg
        s.listener = None
        s.T = self.T
        s.rng = self.rng.copy()
        s.season = self.season
        s.seasons = self.seasons
        s.start = self.start
        s.turn_no = self.turn_no
        s.seat = self.seat
        s.stage = self.stage
        s.todo = self.todo
        s.drawn = self.drawn
        s.drawn_for = self.drawn_for
        s.hands = self.hands[:]
        s.known = self.known[:]
        s.normal = self.normal[:]
        s.bonus = self.bonus[:]
        s.last_played = self.last_played[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.frontier = self.frontier[:]
        s.loose = self.loose[:]
        s.cnt = self.cnt[:]
        s.settl = self.settl[:]
        s.story = self.story
        s.achieved = self.achieved[:]
        s.first = self.first
        s.marks = self.marks
        s.rules = self.rules
        s.ledger = self.ledger[:]
        s.results = self.results
        s.log = self.log
        s.took = self.took
        s._lc = self._lc
        s._dpend = self._dpend
        self._own = s._own = 0  # both share every list now
        return s

    def _determinize(self, seat: int, rng: Any) -> Undecim:
        """A copy whose hidden fields the game's `_resample` sets from what `seat` may know."""
        s = object.__new__(Undecim)
        s.cfg = self.cfg
        s.listener = None
        s.T = self.T
        s.season = self.season
        s.seasons = self.seasons
        s.start = self.start
        s.turn_no = self.turn_no
        s.seat = self.seat
        s.stage = self.stage
        s.todo = self.todo
        s.drawn = self.drawn
        s.drawn_for = self.drawn_for
        s.known = [*map(list.copy, self.known)]
        s.normal = self.normal[:]
        s.bonus = self.bonus[:]
        s.last_played = self.last_played[:]
        s.discard = self.discard[:]
        s.frontier = self.frontier[:]
        s.loose = [*map(list.copy, self.loose)]
        s.cnt = [*map(list.copy, self.cnt)]
        s.settl = self.settl[:]
        s.story = self.story
        s.achieved = self.achieved[:]
        s.first = self.first
        s.marks = self.marks
        s.rules = self.rules
        s.ledger = [*map(list.copy, self.ledger)]
        s.results = self.results
        s.log = self.log
        s.took = self.took
        s._lc = self._lc
        s._own = -1
        self._resample(s, seat, rng)  # sets rng, hands, deck, _dpend
        return s

    def _fresh(self) -> None:
        """A new or rebuilt state's fields that no view holds, at their start (listener, Derived, Owner, Fresh)."""
        self.listener = None
        self._lc = None
        self._own = -1
    # --- end of the generated copies ---

    def _resample(self, s: Undecim, seat: int, rng) -> None:
        """determinize's hidden fields: the other hands' unknown cards and the deck order resampled, the
        generator reseeded (the rest of `s` is a copy of this state)."""
        hands, known, deck = self.hands, self.known, self.deck
        r = Rng(seed_from(rng), raw=True)
        n = self.cfg.players
        seen = {*self.normal, *self.bonus, *hands[seat]}
        unknown = 0  # the other hands' cards the seat has not seen taken
        for i in range(n):
            if i != seat:
                seen.update(known[i])
                unknown += len(hands[i]) - len(known[i])
        pool = [c for c in range(len(self.T.card_ids)) if c not in seen]
        r.shuffle_tail(pool, unknown)  # only the cards drawn from its end are needed
        s.hands = []
        for i in range(n):  # each other hand: its known cards and the next ones drawn from the pool's end
            if i == seat:
                s.hands.append(hands[i][:])
            else:
                cut = len(pool) - (len(hands[i]) - len(known[i]))
                s.hands.append(sorted(known[i] + pool[cut:]))
                del pool[cut:]
        s.deck = sorted(deck)
        s._dpend = r.shuffle_later(s.deck)  # its cards placed as they are drawn (a look-ahead draws a few)
        s.rng = Rng(r.next64(), raw=True)
        s._lc = None  # other hands and the deck resampled


def new_state(cfg) -> Undecim:
    return Undecim.new(cfg)


def state_from_view(v: dict[str, Any]) -> Undecim:
    """Rebuild a state from a (possibly edited) view; checks that cards add up (serialise.py)."""
    return _state_from_view(v, Undecim, tables_for)

"""Undecim's turn: take from the council (UN-T1), play (UN-T2), the card's effects, the auto action
(UN-T3), scenario bonus (UN-T4), land VP and refill (UN-T5)."""

from __future__ import annotations

from .actions import SKIP, Boost, Pick, Skip
from .fields import AUTO, BONUS, CARDS, EFFECT, KEEP, LAND, PLAY, SCEN, TAKE, StateFields
from .model import ENEMY, GOLD, ITEM_INDEX, LAND_SPAN, LANDS
from .options import PICK_ITEM


class TurnMixin(StateFields):
    """A turn's steps, one small decision at a time (`stage`)."""

    __slots__ = ()

    def _mine(self, seat: int) -> None:
        """The seat's own lists, copied if shared with a fork (before this state changes them)."""
        if not self._own >> seat & 1:
            self.hands[seat] = self.hands[seat][:]
            self.known[seat] = self.known[seat][:]
            self.loose[seat] = self.loose[seat][:]
            self.cnt[seat] = self.cnt[seat][:]
            self.ledger[seat] = self.ledger[seat][:]
            self._own |= 1 << seat

    def _mine_all(self) -> None:
        for i in range(self.cfg.players):
            self._mine(i)

    def _begin_turn(self) -> None:
        self.stage = TAKE
        self.took = None

    def _take(self, seat: int, c: int) -> None:
        """UN-T1 (and UN-V1 bonus-lock)."""
        self._mine(seat)
        from_bonus = c in self.bonus
        if from_bonus:
            self.bonus.remove(c)
        else:
            self.normal.remove(c)
        if self.T.bonus_lock:  # UN-V1: normal cards move only once the bonus area is empty
            if not self.bonus:
                self.bonus = sorted(self.normal)
                self.normal = []
        elif not from_bonus:
            self.bonus = sorted(self.bonus + self.normal)
            self.normal = []
        self.hands[seat].append(c)
        self.hands[seat].sort()
        self.known[seat].append(c)
        self.took = (c, from_bonus)
        if self.listener is not None:
            self.emit("take", seat=seat, card=self.T.card_ids[c], area="bonus" if from_bonus else "normal",
                      season=self.season)
        self.stage = BONUS if from_bonus and (self.deck or self.discard) else PLAY

    def _play(self, seat: int, c: int) -> None:
        """UN-T2: the card goes face up to the normal area; its effects follow."""
        self._mine(seat)
        self.hands[seat].remove(c)
        if c in self.known[seat]:
            self.known[seat].remove(c)
        self.normal.append(c)
        self.normal.sort()
        self.last_played[seat] = c
        if self.listener is not None:
            self.emit("play", seat=seat, card=self.T.card_ids[c], season=self.season)
        self.todo = self.T.todos[c]  # the card's steps, each `n` times
        self.stage = EFFECT
        self._run()

    def _run(self) -> None:
        """Advance through effects that need no decision; stop at the next decision (its legal actions kept,
        `_lc`, as `_options` gives them) or the auto action."""
        seat = self.seat
        while self.todo:
            step, left = self.todo[0]
            op = step.op
            if op == "gain":
                items = self._pickable(step.side)
                if items:
                    self._lc = [PICK_ITEM[i] for i in items]
                    return
            elif op == "draw":
                c = self._draw_card()
                if c is not None:
                    self.drawn = c
                    self.drawn_for = EFFECT
                    self.stage = KEEP
                    return
            elif op == "settle":
                settle = self._settle_options(seat)
                if settle:
                    self._lc = [SKIP, *settle]
                    return
            elif op == "develop":
                develop = self._develop_options(seat)
                if develop:
                    self._lc = [SKIP, *develop]
                    return
            elif op == "boost":
                if self.cnt[seat][GOLD] >= step.gold:
                    return
            elif op == "vp_per":
                cnt = self.cnt[seat]
                k = (len(self.settl[seat]) if step.what == "settlements"
                     else sum(cnt[LAND_SPAN]) if step.what == "lands" else cnt[ENEMY])
                self._mine(seat)
                self.ledger[seat][CARDS] += k
            self.todo = self.todo[1:]
        self.stage = EFFECT
        self._auto()

    def _next_step(self) -> None:
        step, left = self.todo[0]
        self.todo = ((step, left - 1), *self.todo[1:]) if left > 1 else self.todo[1:]

    def _effect(self, seat: int, action) -> None:
        step, _ = self.todo[0]
        if isinstance(action, Pick):
            it = ITEM_INDEX[action.item]
            halves = self.T.card_halves
            for k, c in enumerate(self.frontier):
                if it in halves[c]:
                    del self.frontier[k]
                    self._gain(seat, c, it)
                    break
            self._next_step()
        elif isinstance(action, Boost):
            self.todo = self.todo[1:]
            if action.pay:
                self._spend_gold(seat, step.gold)
                self.todo = tuple((st, st.n) for st in step.then) + self.todo
        elif isinstance(action, Skip):
            self.todo = self.todo[1:]
        else:
            self._build(seat, action)
            self._next_step()
        self._run()

    def _auto(self) -> None:
        """UN-T3: one optional settle or develop (a develop paid with gold counts)."""
        seat = self.seat
        opts: list = [*self._settle_options(seat), *self._develop_options(seat)]
        if opts:
            self._lc = [SKIP, *opts]  # as `_options` gives them
            self.stage = AUTO
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """UN-T4 scenario bonus, UN-T5 land VP and refill, then the next player or the season's end."""
        seat = self.seat
        T = self.T
        self._mine(seat)
        self.todo = ()
        now = []  # this season's cards first achieved in this turn
        for k, sc in enumerate(self.story):
            if not self.achieved[k] and self._meets(seat, sc):
                self.achieved[k] = seat + 1  # achieved, by whom (1-based)
                self.ledger[seat][SCEN] += T.scen_vp[sc]
                if T.scen_season[sc] == self.season:
                    now.append(sc)
        if self.first is None and len(now) == 1:
            self.first = now[0]  # UN-T4: the campaign mark; both in one turn: decided at the season's end (UN-K1)
        c = self.cnt[seat]
        self.ledger[seat][LAND] += len(LANDS) - c[LAND_SPAN].count(0)  # the land kinds held
        self._refill()
        played = self.last_played[seat]
        assert self.took is not None and played is not None  # the turn took a card and played one
        card, from_bonus = self.took
        changed = card != played  # the hand is unchanged when the card taken is played
        self.log = (*self.log, (self.season, seat, card, from_bonus, played, changed))
        if self.listener is not None:
            self.emit("turn", seat=seat, hand_changed=changed, season=self.season)
        self.turn_no += 1
        self._turn_seat()
        if self.turn_no >= self.cfg.players * T.turns:
            self._end_season()
        else:
            self._begin_turn()

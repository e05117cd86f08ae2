"""Undecim's legal actions: the engine's own action values, and what each stage offers (UN-T*, UN-G*)."""

from __future__ import annotations

from typing import NamedTuple

from .actions import SKIP, BonusDraw, Boost, Develop, Keep, Pick, Play, Settle, Take
from .fields import AUTO, BONUS, KEEP, PLAY, TAKE, StateFields, loose_item
from .model import GOLD, ITEMS, RESOURCE_SPAN, RESOURCES, SIDES, Tables

PICK = {it: Pick(it) for it in ITEMS}
PICK_ITEM = tuple(PICK[it] for it in ITEMS)  # by item index
KEEP_A = {it: Keep(it) for it in ITEMS}
BONUS_YES, BONUS_NO = BonusDraw(1), BonusDraw(0)
BOOST_YES, BOOST_NO = Boost(1), Boost(0)
SETTLE = {(a, b): Settle(ITEMS[a], ITEMS[b]) for a in RESOURCES for b in RESOURCES if a <= b}
_SETTLES: dict[tuple[int, ...], tuple[Settle, ...]] = {}  # the resources' counts -> the settle actions
_DEV: dict[tuple[int, int], Develop] = {}
_TAKE: dict[str, Take] = {}
_PLAY: dict[str, Play] = {}


def develop_action(j: int, item: int) -> Develop:
    a = _DEV.get((j, item))
    if a is None:
        a = _DEV[(j, item)] = Develop(j + 1, ITEMS[item])
    return a


def take_action(cid: str) -> Take:
    a = _TAKE.get(cid)
    if a is None:
        a = _TAKE[cid] = Take(cid)
    return a


def play_action(cid: str) -> Play:
    a = _PLAY.get(cid)
    if a is None:
        a = _PLAY[cid] = Play(cid)
    return a


# items as bits (1 << item): the items of each set of bits, in item order; each step side's bits (model.SIDES)
_ITEMS_IN = tuple(tuple(it for it in range(len(ITEMS)) if m >> it & 1) for m in range(1 << len(ITEMS)))
_SIDE_MASKS: dict[tuple[int, ...] | None, int] = {side: sum(1 << it for it in side or range(len(ITEMS)))
                                                  for side in SIDES.values()}


class _PerTables(NamedTuple):
    """What options.py keeps per rule tables: the actions by card index."""

    T: Tables
    takes: tuple[Take, ...]  # action card index -> its Take
    plays: tuple[Play, ...]  # action card index -> its Play


_PER_TABLES: dict[int, _PerTables] = {}  # id(tables) -> what is kept for them (the entry keeps them alive)


def per_tables(T: Tables) -> _PerTables:
    t = _PER_TABLES.get(id(T))
    if t is None or t.T is not T:  # the entry keeps the tables alive, so the id stays theirs
        if len(_PER_TABLES) > 64:  # tables come and go (a bot process unpickles a copy per decision)
            _PER_TABLES.clear()
        t = _PER_TABLES[id(T)] = _PerTables(T, tuple(map(take_action, T.card_ids)),
                                            tuple(map(play_action, T.card_ids)))
    return t


class OptionsMixin(StateFields):
    """What the frontier, settling and developing offer."""

    __slots__ = ()

    def _options(self, seat: int) -> list:
        """The legal actions of the seat on turn, by stage (UN-T1..T3) and pending effect."""
        st = self.stage
        T = self.T
        if st == TAKE:
            banned = self.last_played[seat] if T.no_retake else None  # UN-V3
            takes = per_tables(T).takes
            return [takes[c] for c in sorted(self.normal + self.bonus) if c != banned]
        if st == PLAY:
            plays = per_tables(T).plays
            return [plays[c] for c in self.hands[seat]]
        if st == BONUS:
            return [BONUS_YES, BONUS_NO]
        if st == KEEP:
            assert self.drawn is not None  # KEEP follows a draw
            top, bottom = T.card_halves[self.drawn]
            return [KEEP_A[ITEMS[top]], KEEP_A[ITEMS[bottom]]]
        if st == AUTO:
            return [SKIP, *self._settle_options(seat), *self._develop_options(seat)]
        step, _ = self.todo[0]  # the pending effect step and how many times it is left
        op = step.op
        if op == "gain":
            return [PICK_ITEM[i] for i in self._pickable(step.side)]
        if op == "settle":
            return [SKIP, *self._settle_options(seat)]
        if op == "develop":
            return [SKIP] + self._develop_options(seat)
        if op == "boost":
            return [BOOST_YES, BOOST_NO]
        return []  # pragma: no cover - other ops never wait for a decision

    def _pickable(self, side: tuple[int, ...] | None) -> tuple[int, ...]:
        """The items on the frontier's cards (of `side` only, if given), in item order."""
        masks = self.T.card_masks
        seen = 0
        for c in self.frontier:
            seen |= masks[c]
        side_mask = _SIDE_MASKS.get(side)
        if side_mask is None:  # pragma: no cover - every step's side is one of model.SIDES
            side_mask = sum(1 << it for it in side or range(len(ITEMS)))
        return _ITEMS_IN[seen & side_mask]

    def _settle_options(self, seat: int) -> tuple[Settle, ...]:
        """UN-G3: two loose resources, alike or not; remembered per count of each resource."""
        c = self.cnt[seat]
        key = tuple(c[RESOURCE_SPAN])
        got = _SETTLES.get(key)
        if got is None:
            have = [r for r in RESOURCES if c[r]]
            if len(_SETTLES) >= 10_000:  # pragma: no cover - counts stay small
                _SETTLES.clear()
            got = _SETTLES[key] = tuple(SETTLE[(a, b)] for i, a in enumerate(have) for b in have[i:]
                                        if a != b or c[a] >= 2)
        return got

    def _develop_options(self, seat: int) -> list[Develop]:
        c = self.cnt[seat]
        out = []
        for j, (kind, cards) in enumerate(self.settl[seat]):
            if kind >= 0:  # UN-G4: a same-resource settlement takes only that resource
                if c[kind]:
                    out.append(develop_action(j, kind))
            else:  # a mixed settlement takes a resource not already in it
                inside = {loose_item(x) for x in cards}
                for r in RESOURCES:
                    if c[r] and r not in inside:
                        out.append(develop_action(j, r))
            if c[GOLD]:  # or gold, to any settlement
                out.append(develop_action(j, GOLD))
        return out

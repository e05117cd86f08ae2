"""Undecim's settlements: settling two resources (UN-G3), developing one (UN-G4), paying gold."""

from __future__ import annotations

from .actions import Develop, Settle
from .fields import StateFields, loose_card, loose_item
from .model import GOLD, ITEM_INDEX


class SettlementsMixin(StateFields):
    """Loose tableau cards go into settlements."""

    __slots__ = ()

    def _take_loose(self, seat: int, item: int) -> int:
        self._mine(seat)
        lo = self.loose[seat]
        for k, x in enumerate(lo):
            if loose_item(x) == item:
                del lo[k]
                self.cnt[seat][item] -= 1
                return x
        raise AssertionError("no such loose item")  # pragma: no cover

    def _spend_gold(self, seat: int, n: int) -> None:
        for _ in range(n):
            self.discard.append(loose_card(self._take_loose(seat, GOLD)))

    def _build(self, seat: int, action: Settle | Develop) -> None:
        if isinstance(action, Settle):  # UN-G3
            a, b = ITEM_INDEX[action.a], ITEM_INDEX[action.b]
            cards: tuple[int, ...] = (self._take_loose(seat, a), self._take_loose(seat, b))
            self.settl[seat] = [*self.settl[seat], (a if a == b else -1, cards)]
        else:  # UN-G4
            j = action.settlement - 1
            kind, cards = self.settl[seat][j]
            x = self._take_loose(seat, ITEM_INDEX[action.item])
            ss = list(self.settl[seat])
            ss[j] = (kind, (*cards, x))
            self.settl[seat] = ss

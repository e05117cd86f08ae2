"""Undecim's frontier and resource deck: drawing (the discards reshuffled), refilling (UN-T5), and
gaining a card into the tableau."""

from __future__ import annotations

from ...core.rng import shuffled_top
from .fields import StateFields, loose_code


class FrontierMixin(StateFields):
    """The resource deck, the frontier and the loose tableau cards."""

    __slots__ = ()

    def _draw_card(self) -> int | None:
        if not self.deck and self.discard:  # Decision: the discard pile is reshuffled into the deck
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self._dpend = None
        if not self.deck:
            return None
        if self._dpend is not None:  # a sample's deck, shuffled as it is drawn (determinize)
            self._dpend = shuffled_top(self.deck, self._dpend)
        return self.deck.pop()

    def _refill(self) -> None:
        """UN-T5: refill the frontier up to its size (never discard down)."""
        want = self.rules.frontier
        while len(self.frontier) < want:
            c = self._draw_card()
            if c is None:
                break
            self.frontier.append(c)

    def _gain(self, seat: int, card: int, item: int) -> None:
        self._mine(seat)
        self.loose[seat].append(loose_code(card, item))
        self.cnt[seat][item] += 1

"""La Superba's delivery and scoring: chits delivered, lost or returned (LS-R6), the trade cards'
values (LS-R7), cards back and reshuffled (LS-R8), the end and the ranking (LS-E1)."""

from __future__ import annotations

from .fields import OVER, Counts, Reveal, RoundRecord, StateFields, chits_at
from .model import GLASS, PEPPER, SILK, hand_power
from .serialise import entry_dict

_CHITS: dict[tuple[int, Counts, Counts], tuple[tuple[tuple[int, int, int], ...], int]] = {}


def _chits(rnd: int, d: Counts, v: Counts) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """LS-R6/R7: the chits `d` delivered in round `rnd` as they lie on the trade cards, (round, good,
    value), and their points, each good's chit worth `v`; kept (a few hundred at most: rounds x deliveries
    x values)."""
    if len(_CHITS) >= 100_000:  # pragma: no cover - only with very many rule sets in one process
        _CHITS.clear()
    out = _CHITS[(rnd, d, v)] = (((rnd, 0, v[0]),) * d[0] + ((rnd, 1, v[1]),) * d[1] + ((rnd, 2, v[2]),) * d[2],
                                 d[0] * v[0] + d[1] * v[1] + d[2] * v[2])
    return out


class DeliveryMixin(StateFields):
    """A round ends; scores and ranks."""

    __slots__ = ()

    def _finish_round(self, rv: Reveal) -> None:
        """LS-R6..R8: deliver, lose or return chits, score, collect cards, next round or end; `rv` is this
        round's reveal (`self.rv`)."""
        R = self.R
        n = self.cfg.players
        ev = R.events[self.row[self.round - 1]]  # self.event
        pepper, _, silk = rv.effects  # LS-R4: the seats whose pepper and silk effects hold
        rnd = self.round
        delivered: list[Counts] = []
        lost: list[Counts] = []
        returned: list[Counts] = []
        zero = (0, 0, 0)
        carried, choice = self.carried, self.choice
        points = list(self.points)
        up, down = ev.chit_values  # LS-R7: a chit's value per good, face up or down (the event's bonus in)
        for i in range(n):
            c = carried[i]
            d = choice[i]
            if d != zero:  # LS-R6/R7: on the trade cards; face down by pepper (LS-R4)
                key = (rnd, d, down if i in pepper else up)
                chits = _CHITS.get(key) or _chits(*key)
                self.delivered[i] += chits[0]
                points[i] += chits[1]
            if d is c or d == c:  # everything carried is delivered
                lost.append(zero)
                returned.append(zero)
            else:
                l3 = (c[PEPPER] - d[PEPPER], c[GLASS] - d[GLASS], c[SILK] - d[SILK])
                back = i in silk  # silk: lost chits return to the supply
                pile = self.supply if back else self.lost
                b = chits_at(i)
                pile[b + PEPPER] += l3[PEPPER]
                pile[b + GLASS] += l3[GLASS]
                pile[b + SILK] += l3[SILK]
                returned.append(l3 if back else zero)
                lost.append(zero if back else l3)
            delivered.append(d)
        self.points = tuple(points)
        entry = RoundRecord(rv.round, rv.event, rv.community, rv.played, rv.carried, rv.power, rv.ranks, rv.effects,
                            rv.quotas, rv.all_tied, tuple(delivered), tuple(lost), tuple(returned))
        self.hist = (*self.hist, entry)
        if self.listener is not None:
            self.emit("round", **entry_dict(entry))
        # LS-R8: played cards and the community go back; reshuffle
        deck = self.deck
        for p in self.played:
            deck.extend(p)
        community = self.community
        assert community is not None  # the game goes on: a card (LS-R1; views.py checks a view's)
        deck.append(community)
        self.rng.shuffle(deck)
        if rnd >= R.rounds:  # LS-E1
            self.phase = OVER
            self.community = None
            self.played = [None] * n
            self.carried = [None] * n
            self.choice = [None] * n
            self.quota = [0] * n
            self.rv = None
            if self.listener is not None:
                self.emit("end", scores=self.scores(), ranks=self.ranks())
        else:
            self._start_round()

    def scores(self) -> list[int]:
        """LS-R7 / LS-E1: the values of each player's chits on the trade cards."""
        return list(self.points)  # the sums of `delivered`'s values, kept as chits are delivered

    def ranks(self) -> list[int]:
        """LS-E1: most points; ties to the higher rank in the last round played (LS-V3: then hand power)."""
        n = self.cfg.players
        sc = self.scores()
        last = self.hist[-1].ranks if self.hist else [1] * n
        if self.R.no_serials:
            hp = [hand_power(h, self.R) for h in self.hands]
            key: list[tuple[int, ...]] = [(sc[i], -last[i], hp[i]) for i in range(n)]
        else:
            key = [(sc[i], -last[i]) for i in range(n)]
        return [1 + sum(1 for j in range(n) if key[j] > key[i]) for i in range(n)]

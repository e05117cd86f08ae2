"""La Superba's voyage: a round's start (LS-R1) and the reveal (LS-R3..R6): voyage powers, item
effects, ranking, quotas."""

from __future__ import annotations

from .fields import DELIVERY, N_GOODS, VOYAGE, Reveal, StateFields
from .model import GLASS, MAX_SERIAL, PEPPER, SILK, Rules, voyage_power
from .options import deliver_options


def _item_effects(R: Rules, carried: list, top: list[int]) -> list[tuple[int, ...]]:
    """LS-R4: per good, the seats whose item effect holds: the one carrying the most of it; a tie goes
    to the highest top card (LS-V3 without serials: all tied or none, `item_tie`); `item_effect=all`:
    every seat carrying any, once someone does."""
    hold: list[tuple[int, ...]] = []
    # per good (PEPPER, GLASS, SILK): what each seat carries of it (zip without a keyword: a keyword call
    # costs more than the rest of the step; every cargo is a triple, every seat has a top card)
    for col in zip(*carried):  # noqa: B905
        best = max(col)
        if best <= 0:
            hold.append(())
        elif R.item_all:
            hold.append(tuple(i for i, x in enumerate(col) if x))
        elif col.count(best) == 1:
            hold.append((col.index(best),))
        elif R.no_serials:  # LS-V3 item_tie
            hold.append(tuple(i for i, x in enumerate(col) if x == best) if R.item_tie_all else ())
        else:  # the tie to the highest top card: the most (count, top card) pair (every card is one of a kind)
            hold.append((top.index(max(zip(col, top))[1]),))  # noqa: B905
    return hold


assert MAX_SERIAL < 1 << 10  # a top card's serial fits below the ranking key's other parts (_resolve_voyage)

_POWERS: dict[int, tuple[Rules, dict[tuple[int, ...], int]]] = {}  # id(rules) -> (rules, cards -> power)
_POWERS_KEPT = 200_000  # then forgotten all at once (exact values: only the time changes)


def _power_table(R: Rules) -> dict[tuple[int, ...], int]:
    """The voyage powers already computed under `R` (LS-R3), by the cards counted."""
    t = _POWERS.get(id(R))
    if t is None or t[0] is not R:  # the rules object is kept in the entry, so its id stays its own
        t = _POWERS[id(R)] = (R, {})
    if len(t[1]) >= _POWERS_KEPT:
        t[1].clear()
    return t[1]


class VoyageMixin(StateFields):
    """A round starts; once all have played and chosen cargo, the voyage resolves."""

    __slots__ = ()

    def _start_round(self) -> None:
        """LS-R1: community card face down, next event, each draws 3."""
        R = self.R
        self.round += 1
        self.phase = VOYAGE
        deck = self.deck
        self.community = deck.pop()
        k = R.draw
        for h in self.hands:  # each the next k cards from the top (the end of the list), then sorted
            h += deck[-k:]
            del deck[-k:]
            h.sort()
        n = self.cfg.players
        self.played = [None] * n
        self.carried = [None] * n
        self.quota = [0] * n
        self.choice = [None] * n
        self.rv = None

    def _base_powers(self, R: Rules, community: int, community_off: bool) -> list[int]:
        """LS-R3: each seat's voyage power before glass, of its cards and the community card."""
        known = _power_table(R)
        cm = () if community_off else (community,)
        out = []
        for p in self.played:
            cards = p + cm
            v = known.get(cards)
            if v is None:
                v = known[cards] = voyage_power(cards, R)
            out.append(v)
        return out

    def _resolve_voyage(self) -> None:
        """LS-R3..R6: reveal, powers, item effects, ranking, quotas."""
        R = self.R
        ev = R.events[self.row[self.round - 1]]  # self.event
        played, carried = self.played, self.carried
        n = len(played)
        community = self.community
        assert community is not None  # the game goes on: a card (LS-R1; views.py checks a view's)
        base = self._base_powers(R, community, ev.community_off)  # LS-R3
        low = ev.tie_low and not R.no_serials
        top = [-p[0] for p in played] if low else [p[-1] for p in played]  # played cards are sorted
        hold = _item_effects(R, carried, top)  # LS-R4
        glass = hold[GLASS]
        power = base  # a new list
        for i in glass:
            power[i] += carried[i][GLASS]
        # LS-R5 / LS-V3: ranking
        key: list[tuple[int, ...]]  # LS-V3: power, then glass's effect (a bool)
        if R.no_serials:
            key = [(power[i], i in glass) for i in range(n)]
            ranks = [1 + sum(1 for k in key if k > key[i]) for i in range(n)]
        else:  # (power, glass's effect, top card) in one int, ordered as those tuples: |top| <= MAX_SERIAL < 2**10
            ik = [((power[i] * 2 + (i in glass)) << 11) + top[i] for i in range(n)]
            order = sorted(ik, reverse=True)  # the keys differ: every top card is one of a kind
            ranks = [order.index(k) + 1 for k in ik]
        qt = ev.quotas or R.quotas
        ql = len(qt)
        quota = [qt[r - 1] if r <= ql else qt[-1] for r in ranks]  # LS-R6
        all_tied = R.no_serials and len(set(key)) == 1
        if all_tied:  # LS-V3: everyone ties, everyone loses the cargo
            quota = [0] * n
        if ev.last_loses:
            worst = max(ranks)
            quota = [0 if ranks[i] == worst else quota[i] for i in range(n)]
        self.quota = quota
        sup = self.supply
        choice = self.choice
        awaiting = []
        for i in range(n):
            c = carried[i]
            b = N_GOODS * i  # chits_at(i)
            sup[b + PEPPER] -= c[PEPPER]
            sup[b + GLASS] -= c[GLASS]
            sup[b + SILK] -= c[SILK]
            q = quota[i]
            if sum(c) <= q:
                choice[i] = c
            else:
                opts = deliver_options(c, q)
                if len(opts) == 1:
                    choice[i] = opts[0].counts
                else:
                    awaiting.append(i)
        self.phase = DELIVERY
        rv = self.rv = Reveal(self.round, ev.id, community, tuple(played), tuple(carried), tuple(power),
                              tuple(ranks), tuple(hold), tuple(quota), all_tied, tuple(awaiting))
        if not awaiting:
            self._finish_round(rv)

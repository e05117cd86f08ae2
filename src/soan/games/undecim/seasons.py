"""Undecim's seasons: the setup (UN-S1..S3) and, in a campaign, the season's end: the marked
scenario kept (UN-K1), the next story (UN-K2), its rule change (UN-K3)."""

from __future__ import annotations

from .fields import BUILD, ENEMYVP, GOLDVP, MAJ, OVER, START, StateFields, rules_tuple
from .model import ITEMS


class SeasonsMixin(StateFields):
    """A season's setup and end."""

    __slots__ = ()

    def _setup_season(self) -> None:
        """UN-S1..S3 (and UN-K3 for later seasons): deal, council, frontier."""
        T = self.T
        n = self.cfg.players
        self._mine_all()  # UN-B1 changes ledgers
        for k, vp in enumerate(self.cfg.params.get("position_vp") or ()):  # UN-B1: by this season's turn order
            self.ledger[(self.start + k) % n][START] += vp
        cards = list(range(len(T.card_ids)))
        self.rng.shuffle(cards)
        self.hands = [sorted(cards.pop() for _ in range(T.hand)) for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.bonus = sorted(cards)  # UN-S1: the setup cards start in the bonus area
        self.normal = []
        self.last_played = [None] * n
        self.deck = list(range(len(T.card_halves)))
        self.rng.shuffle(self.deck)
        self._dpend = None
        self.discard = []
        self.frontier = []
        self._refill()  # UN-S2
        self.loose = [[] for _ in range(n)]
        self.cnt = [[0] * len(ITEMS) for _ in range(n)]
        self.settl = [[] for _ in range(n)]
        self.achieved = [False] * len(self.story)
        self.first = None
        self.turn_no = 0
        self._turn_seat()
        self.todo = ()
        self.drawn = None
        self.drawn_for = None
        self._begin_turn()

    def _end_season(self) -> None:
        n = self.cfg.players
        T = self.T
        self._mine_all()  # every seat's ledger changes
        for i, (maj, bld, gold, enemy) in enumerate(self.final_scoring()):
            led = self.ledger[i]
            led[MAJ], led[BUILD], led[GOLDVP], led[ENEMYVP] = maj, bld, gold, enemy
        scores = self.scores()
        ranks = self.ranks()
        self.results = (*self.results, (self.season, tuple(scores), tuple(ranks), tuple(map(tuple, self.ledger))))
        if self.listener is not None:
            self.emit("season_end", season=self.season, scores=scores, ranks=ranks,
                      hands=[[T.card_ids[c] for c in h] for h in self.hands])
        if self.season >= self.seasons:
            self.stage = OVER
            if self.listener is not None:
                self.emit("end", scores=scores, ranks=ranks)
            return
        # UN-K1: keep the marked card of this season; none achieved, or both first in one turn: the card more
        # players meet now, else one at random
        cur = [sc for sc in self.story if T.scen_season[sc] == self.season]
        mark = self.first
        if mark is None:
            meet = [sum(1 for i in range(n) if self._meets(i, sc)) for sc in cur]
            best = max(meet)
            tied = [sc for sc, m in zip(cur, meet, strict=True) if m == best]
            mark = tied[0] if len(tied) == 1 else tied[self.rng.below(len(tied))]
        self.marks = (*self.marks, mark)
        # UN-K3: the marked card's rule change applies from the next season on
        d = dict(zip(("buildings", "gold_rate", "land_majority", "enemy_penalty", "frontier"), self.rules, strict=True))
        d.update(T.scen_change[mark])
        self.rules = rules_tuple(d)
        # UN-K2: the next story
        self.story = (*self.marks, *T.scen_next[mark])
        table = T.start_vp[self.season + 1]
        self.season += 1
        self.ledger = [[0, 0, table[ranks[i] - 1], 0, 0, 0, 0, 0] for i in range(n)]
        self.start = (self.start + 1) % n  # Decision: the seat left of the previous start player
        self._setup_season()

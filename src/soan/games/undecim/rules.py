"""Undecim rules: council, frontier, settlements, scenarios, final scoring, campaign of 3 seasons.

A turn is a sequence of small decisions (`stage`): take → [bonus → keep] → play → effects (pick,
keep, boost, settle, develop) → auto action → (scenario bonus, land VP, refill: automatic).
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalAction
from ...core.game import compiled
from ...core.rng import Rng, seed_from
from ...core.state import GameState, Prompt
from .actions import SKIP, BonusDraw, Boost, Develop, Keep, Pick, Play, Settle, Skip, Take
from .model import ENEMY, GOLD, ITEMS, LANDS, RESOURCES, Tables, compile_tables

TAKE, BONUS, KEEP, PLAY, EFFECT, AUTO, OVER = "take", "bonus", "keep", "play", "effect", "auto", "over"
# ledger columns
LAND, SCEN, START, CARDS, MAJ, BUILD, GOLDVP, ENEMYVP = range(8)
LEDGER = ("land", "scenario", "start", "cards", "majority", "buildings", "gold", "enemy")
PICK = {it: Pick(it) for it in ITEMS}
KEEP_A = {it: Keep(it) for it in ITEMS}
BONUS_YES, BONUS_NO = BonusDraw(1), BonusDraw(0)
BOOST_YES, BOOST_NO = Boost(1), Boost(0)
SETTLE = {(a, b): Settle(ITEMS[a], ITEMS[b]) for a in RESOURCES for b in RESOURCES if a <= b}
_DEV: dict[tuple[int, int], Develop] = {}
_TAKE: dict[str, Take] = {}
_PLAY: dict[str, Play] = {}


def tables_for(cfg) -> Tables:
    return compiled(cfg, compile_tables)


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


def _rules_tuple(d: dict) -> tuple:
    return (tuple(d["buildings"]), int(d["gold_rate"]), tuple(d["land_majority"]), tuple(d["enemy_penalty"]),
            int(d["frontier"]))


class Undecim(GameState):
    __slots__ = ("T", "rng", "season", "seasons", "start", "turn_no", "stage", "todo", "drawn", "drawn_for",
                 "hands", "known", "normal", "bonus", "last_played", "deck", "discard", "frontier", "loose",
                 "cnt", "settl", "story", "achieved", "first", "marks", "rules", "ledger", "results", "log", "took")
    game_id = "undecim"

    # --- setup ----------------------------------------------------------------------------------
    @classmethod
    def new(cls, cfg) -> Undecim:
        s = object.__new__(cls)
        s.cfg = cfg
        s.listener = None
        T = s.T = tables_for(cfg)
        n = cfg.players
        s.rng = Rng(cfg.seed)
        s.seasons = 3 if cfg.params.get("campaign") else 1
        s.season = 1
        s.marks = ()
        s.results = ()
        s.log = ()
        s.rules = _rules_tuple(T.base_rules)
        s.ledger = [[0] * 8 for _ in range(n)]
        s.start = s.rng.below(n)  # UN-S4
        s.story = tuple(i for i, x in enumerate(T.scen_season) if x == 1)  # UN-S3
        s._setup_season()
        return s

    def _setup_season(self) -> None:
        """UN-S1..S3 (and UN-K3 for later seasons): deal, council, frontier."""
        T = self.T
        n = self.cfg.players
        cards = list(range(len(T.card_ids)))
        self.rng.shuffle(cards)
        self.hands = [sorted(cards.pop() for _ in range(T.hand)) for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.bonus = sorted(cards)  # UN-S1: the setup cards start in the bonus area
        self.normal = []
        self.last_played = [None] * n
        self.deck = list(range(len(T.card_halves)))
        self.rng.shuffle(self.deck)
        self.discard = []
        self.frontier = []
        self._refill()  # UN-S2
        self.loose = [[] for _ in range(n)]
        self.cnt = [[0] * 10 for _ in range(n)]
        self.settl = [[] for _ in range(n)]
        self.achieved = [False] * len(self.story)
        self.first = None
        self.turn_no = 0
        self.todo = ()
        self.drawn = None
        self.drawn_for = None
        self._begin_turn()

    def _draw_card(self):
        if not self.deck and self.discard:  # Decision: the discard pile is reshuffled into the deck
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None

    def _refill(self) -> None:
        """UN-T5: refill the frontier up to its size (never discard down)."""
        want = self.rules[4]
        while len(self.frontier) < want:
            c = self._draw_card()
            if c is None:
                break
            self.frontier.append(c)

    @property
    def seat(self) -> int:
        return (self.start + self.turn_no) % self.cfg.players

    def _begin_turn(self) -> None:
        self.stage = TAKE
        self.took = None

    # --- contract -------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.stage == OVER else (self.seat,)

    def legal_actions(self, seat: int) -> list:
        if self.stage == OVER or seat != self.seat:
            return []
        st = self.stage
        T = self.T
        if st == TAKE:
            banned = self.last_played[seat] if T.no_retake else None  # UN-V3
            return [take_action(T.card_ids[c]) for c in sorted(self.normal + self.bonus) if c != banned]
        if st == PLAY:
            return [play_action(T.card_ids[c]) for c in self.hands[seat]]
        if st == BONUS:
            return [BONUS_YES, BONUS_NO]
        if st == KEEP:
            top, bottom = T.card_halves[self.drawn]
            return [KEEP_A[ITEMS[top]], KEEP_A[ITEMS[bottom]]]
        if st == AUTO:
            return [SKIP] + self._settle_options(seat) + self._develop_options(seat)
        step = self.todo[0][0]
        op = step.op
        if op == "gain":
            return [PICK[ITEMS[i]] for i in self._pickable(step.side)]
        if op == "settle":
            return [SKIP] + self._settle_options(seat)
        if op == "develop":
            return [SKIP] + self._develop_options(seat)
        if op == "boost":
            return [BOOST_YES, BOOST_NO]
        return []  # pragma: no cover - other ops never wait for a decision

    def _pickable(self, side) -> list[int]:
        halves = self.T.card_halves
        seen = set()
        for c in self.frontier:
            for it in halves[c]:
                if side is None or it in side:
                    seen.add(it)
        return sorted(seen)

    def _settle_options(self, seat: int) -> list:
        c = self.cnt[seat]
        have = [r for r in RESOURCES if c[r]]
        return [SETTLE[(a, b)] for i, a in enumerate(have) for b in have[i:] if a != b or c[a] >= 2]

    def _develop_options(self, seat: int) -> list:
        c = self.cnt[seat]
        out = []
        for j, (kind, cards) in enumerate(self.settl[seat]):
            if kind >= 0:  # UN-G4: a same-resource settlement takes only that resource
                if c[kind]:
                    out.append(develop_action(j, kind))
            else:  # a mixed settlement takes a resource not already in it
                inside = {x % 10 for x in cards}
                for r in RESOURCES:
                    if c[r] and r not in inside:
                        out.append(develop_action(j, r))
            if c[GOLD]:  # or gold, to any settlement
                out.append(develop_action(j, GOLD))
        return out

    def apply(self, seat: int, action) -> None:
        # the seat and the action were checked by core (core/checks.py): `action` is in legal_actions
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
            self._gain(seat, self.drawn, ITEMS.index(action.item))
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

    # --- the steps of a turn --------------------------------------------------------------------
    def _take(self, seat: int, c: int) -> None:
        """UN-T1 (and UN-V1 bonus-lock)."""
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
        self.hands[seat].remove(c)
        if c in self.known[seat]:
            self.known[seat].remove(c)
        self.normal.append(c)
        self.normal.sort()
        self.last_played[seat] = c
        if self.listener is not None:
            self.emit("play", seat=seat, card=self.T.card_ids[c], season=self.season)
        self.todo = tuple((st, st.n) for st in self.T.effects[c])
        self.stage = EFFECT
        self._run()

    def _run(self) -> None:
        """Advance through effects that need no decision; stop at the next decision or the auto action."""
        seat = self.seat
        while self.todo:
            step, left = self.todo[0]
            op = step.op
            if op == "gain":
                if self._pickable(step.side):
                    return
            elif op == "draw":
                c = self._draw_card()
                if c is not None:
                    self.drawn = c
                    self.drawn_for = EFFECT
                    self.stage = KEEP
                    return
            elif op == "settle":
                if self._settle_options(seat):
                    return
            elif op == "develop":
                if self._develop_options(seat):
                    return
            elif op == "boost":
                if self.cnt[seat][GOLD] >= step.gold:
                    return
            elif op == "vp_per":
                c = self.cnt[seat]
                k = (len(self.settl[seat]) if step.what == "settlements"
                     else sum(c[i] for i in LANDS) if step.what == "lands" else c[ENEMY])
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
            it = ITEMS.index(action.item)
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
        if self._settle_options(seat) or self._develop_options(seat):
            self.stage = AUTO
        else:
            self._end_turn()

    def _gain(self, seat: int, card: int, item: int) -> None:
        self.loose[seat].append(card * 10 + item)
        self.cnt[seat][item] += 1

    def _take_loose(self, seat: int, item: int) -> int:
        lo = self.loose[seat]
        for k, x in enumerate(lo):
            if x % 10 == item:
                del lo[k]
                self.cnt[seat][item] -= 1
                return x
        raise AssertionError("no such loose item")  # pragma: no cover

    def _spend_gold(self, seat: int, n: int) -> None:
        for _ in range(n):
            self.discard.append(self._take_loose(seat, GOLD) // 10)

    def _build(self, seat: int, action) -> None:
        if isinstance(action, Settle):  # UN-G3
            a, b = ITEMS.index(action.a), ITEMS.index(action.b)
            cards = (self._take_loose(seat, a), self._take_loose(seat, b))
            self.settl[seat] = [*self.settl[seat], (a if a == b else -1, cards)]
        else:  # UN-G4
            j = action.settlement - 1
            kind, cards = self.settl[seat][j]
            x = self._take_loose(seat, ITEMS.index(action.item))
            ss = list(self.settl[seat])
            ss[j] = (kind, (*cards, x))
            self.settl[seat] = ss

    def _end_turn(self) -> None:
        """UN-T4 scenario bonus, UN-T5 land VP and refill, then the next player or the season's end."""
        seat = self.seat
        T = self.T
        self.todo = ()
        for k, sc in enumerate(self.story):
            if not self.achieved[k] and self._meets(seat, sc):
                self.achieved[k] = seat + 1  # achieved, by whom (1-based)
                self.ledger[seat][SCEN] += T.scen_vp[sc]
                if self.first is None and T.scen_season[sc] == self.season:
                    self.first = sc  # UN-T4: the campaign mark
        c = self.cnt[seat]
        self.ledger[seat][LAND] += sum(1 for i in LANDS if c[i])
        self._refill()
        took = self.took
        changed = took[0] != self.last_played[seat]  # the hand is unchanged when the card taken is played
        self.log = (*self.log, (self.season, seat, took[0], took[1], self.last_played[seat], changed))
        if self.listener is not None:
            self.emit("turn", seat=seat, hand_changed=changed, season=self.season)
        self.turn_no += 1
        if self.turn_no >= self.cfg.players * T.turns:
            self._end_season()
        else:
            self._begin_turn()

    def _meets(self, seat: int, sc: int) -> bool:
        test, n = self.T.scen_test[sc]
        c = self.cnt[seat]
        ss = self.settl[seat]
        if test == "settlements":
            return len(ss) >= n
        if test == "settlement_size":
            return any(len(x[1]) >= n for x in ss)
        if test == "mixed_size":
            return any(x[0] < 0 and len(x[1]) >= n for x in ss)
        if test == "land_kinds":
            return sum(1 for i in LANDS if c[i]) >= n
        if test == "one_land":
            return max(c[i] for i in LANDS) >= n
        if test == "lands":
            return sum(c[i] for i in LANDS) >= n
        if test == "enemies":
            return c[ENEMY] >= n
        if test == "gold":
            return c[GOLD] >= n
        return sum(c[i] for i in RESOURCES) >= n  # resources

    def final_scoring(self) -> list[list[int]]:
        """UN-F1..F4 from the tableaus: per seat [majority, buildings, gold, enemy]."""
        n = self.cfg.players
        buildings, rate, lm, ep, _ = self.rules
        out = [[0, 0, 0, 0] for _ in range(n)]
        for land in LANDS:  # UN-F1
            most = max(self.cnt[i][land] for i in range(n))
            if most == 0:
                continue
            who = [i for i in range(n) if self.cnt[i][land] == most]
            for i in who:
                out[i][0] += lm[0] if len(who) == 1 else lm[1]
        for i in range(n):
            for _, cards in self.settl[i]:  # UN-F2
                size = len(cards)
                if size >= 2:
                    out[i][1] += buildings[min(size - 2, len(buildings) - 1)]
            out[i][2] = self.cnt[i][GOLD] * len(self.settl[i]) * rate  # UN-F3
        fewest = min(self.cnt[i][ENEMY] for i in range(n))  # UN-F4
        who = [i for i in range(n) if self.cnt[i][ENEMY] == fewest]
        for i in who:
            out[i][3] = -(ep[0] if len(who) == 1 else ep[1])
        return out

    def _end_season(self) -> None:
        n = self.cfg.players
        T = self.T
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
        # UN-K1: keep the marked card of this season
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
        self.rules = _rules_tuple(d)
        # UN-K2: the next story
        self.story = (*self.marks, *T.scen_next[mark])
        table = T.start_vp[self.season + 1]
        self.season += 1
        self.ledger = [[0, 0, table[ranks[i] - 1], 0, 0, 0, 0, 0] for i in range(n)]
        self.start = (self.start + 1) % n  # Decision: the seat left of the previous start player
        self._setup_season()

    # --- results --------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.stage == OVER

    def scores(self) -> list[int]:
        return [sum(x) for x in self.ledger]

    def ranks(self) -> list[int]:
        """UN-F5: most VP; ties to the player earlier in turn order from the start player."""
        n = self.cfg.players
        sc = self.scores()
        order = sorted(range(n), key=lambda i: (-sc[i], (i - self.start) % n))
        r = [0] * n
        for k, i in enumerate(order):
            r[i] = k + 1
        return r

    # --- copies ---------------------------------------------------------------------------------
    def clone(self) -> Undecim:
        s = object.__new__(Undecim)
        s.cfg = self.cfg
        s.listener = None
        s.T = self.T
        s.rng = Rng(self.rng.state, raw=True)
        s.season = self.season
        s.seasons = self.seasons
        s.start = self.start
        s.turn_no = self.turn_no
        s.stage = self.stage
        s.todo = self.todo
        s.drawn = self.drawn
        s.drawn_for = self.drawn_for
        s.hands = [h[:] for h in self.hands]
        s.known = [k[:] for k in self.known]
        s.normal = self.normal[:]
        s.bonus = self.bonus[:]
        s.last_played = self.last_played[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.frontier = self.frontier[:]
        s.loose = [x[:] for x in self.loose]
        s.cnt = [x[:] for x in self.cnt]
        s.settl = self.settl[:]  # lists of immutable tuples, replaced (not mutated) on change
        s.story = self.story
        s.achieved = self.achieved[:]
        s.first = self.first
        s.marks = self.marks
        s.rules = self.rules
        s.ledger = [x[:] for x in self.ledger]
        s.results = self.results
        s.log = self.log
        s.took = self.took
        return s

    def determinize(self, seat: int, rng) -> Undecim:
        """Other hands' unknown cards and the deck order resampled; the generator reseeded."""
        s = self.clone()
        r = Rng(seed_from(rng), raw=True)
        n = self.cfg.players
        seen = set(self.normal) | set(self.bonus) | set(self.hands[seat])
        for i in range(n):
            if i != seat:
                seen.update(self.known[i])
        pool = [c for c in range(len(self.T.card_ids)) if c not in seen]
        r.shuffle(pool)
        for i in range(n):
            if i != seat:
                k = len(self.hands[i]) - len(self.known[i])
                s.hands[i] = sorted(self.known[i] + [pool.pop() for _ in range(k)])
        s.deck = sorted(self.deck)
        r.shuffle(s.deck)
        s.rng = Rng(r.next64(), raw=True)
        return s

    # --- what people see ------------------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        T = self.T
        n = self.cfg.players
        ids = T.card_ids
        return {
            "game": self.game_id, "players": n, "season": self.season, "seasons": self.seasons,
            "start": self.start, "turn_no": self.turn_no, "seat_to_act": self.seat if self.stage != OVER else None,
            "stage": self.stage, "to_act": list(self.to_act()),
            "todo": self._todo_json(),
            "drawn": self.drawn, "drawn_for": self.drawn_for,
            "hand_sizes": [len(h) for h in self.hands],
            "known": [[ids[c] for c in k] for k in self.known],
            "council": {"normal": [ids[c] for c in self.normal], "bonus": [ids[c] for c in self.bonus]},
            "last_played": [ids[c] if c is not None else None for c in self.last_played],
            "deck_size": len(self.deck), "discard": list(self.discard), "frontier": list(self.frontier),
            "loose": [list(x) for x in self.loose],
            "settlements": [[[k, list(c)] for k, c in ss] for ss in self.settl],
            "story": [T.scen_ids[sc] for sc in self.story], "achieved": list(self.achieved),
            "first": T.scen_ids[self.first] if self.first is not None else None,
            "marks": [T.scen_ids[m] for m in self.marks],
            "rules": {"buildings": list(self.rules[0]), "gold_rate": self.rules[1],
                      "land_majority": list(self.rules[2]), "enemy_penalty": list(self.rules[3]),
                      "frontier": self.rules[4]},
            "ledger": [dict(zip(LEDGER, x, strict=True)) for x in self.ledger],
            "scores": self.scores(),
            "results": [{"season": a, "scores": list(b), "ranks": list(c),
                         "ledger": [dict(zip(LEDGER, x, strict=True)) for x in d]} for a, b, c, d in self.results],
            "log": [[a, b, ids[c], d, ids[e], f] for a, b, c, d, e, f in self.log],
            "took": [ids[self.took[0]], self.took[1]] if self.took else None,
        }

    def _todo_json(self) -> list:
        if not self.todo:
            return []
        played = self.last_played[self.seat]
        paths = {id(st): p for p, st in _paths(self.T.effects[played], ())}
        return [[st.op, left, list(paths[id(st)])] for st, left in self.todo]

    def observation(self, seat: int) -> dict[str, Any]:
        o = self._public()
        o["seat"] = seat
        o["hand"] = [self.T.card_ids[c] for c in self.hands[seat]]
        return o

    def view(self) -> dict[str, Any]:
        v = self._public()
        ids = self.T.card_ids
        v.update(
            seed=self.cfg.seed, variants=list(self.cfg.variants),
            params={k: (list(x) if isinstance(x, tuple) else x) for k, x in self.cfg.params.items()},
            components=self.cfg.components_path, components_hash=self.cfg.components_hash,
            rng=self.rng.state, deck=list(self.deck), hands=[[ids[c] for c in h] for h in self.hands],
        )
        return v

    # --- text -----------------------------------------------------------------------------------
    def card(self, cid: str):
        return self.cfg.components.action_cards[self.T.card_index[cid]]

    def action_text(self, action, lang: str = "en") -> str:
        if isinstance(action, Take | Play):
            c = self.card(action.card)
            area = ""
            if isinstance(action, Take):
                k = self.T.card_index[action.card]
                area = ("（ボーナスエリア）" if lang == "ja" else " (bonus)") if k in self.bonus else ""
            nm = c.name_ja if lang == "ja" else c.name
            txt = c.text_ja if lang == "ja" else c.text
            return f"{action.text(lang)}{area} — {nm}: {txt}"
        return action.text(lang)

    def prompt(self, seat: int) -> Prompt:
        if self.stage == OVER or seat != self.seat:
            return Prompt("wait", "Nothing to decide now.", "今は選ぶことがありません。")
        st = self.stage
        t = f"Season {self.season}, turn {self.turn_no // self.cfg.players + 1}/{self.T.turns}: "
        j = f"シーズン{self.season} 手番{self.turn_no // self.cfg.players + 1}/{self.T.turns}："
        if st == TAKE:
            return Prompt("take", t + "take an action card from the council.", j + "議会からアクションカードを１枚取ってください。")
        if st == BONUS:
            return Prompt("bonus", t + "bonus: draw the deck's top card and gain it?", j + "ボーナス：山から１枚引いて獲得しますか？")
        if st == KEEP:
            return Prompt("keep", t + "which half of the drawn card stays up?", j + "引いたカードのどちらを上にしますか？")
        if st == PLAY:
            return Prompt("play", t + "play an action card from your hand.", j + "手札からアクションカードを１枚使ってください。")
        if st == AUTO:
            return Prompt("auto", t + "auto action: settle or develop once, or skip.", j + "オートアクション：入植か発展を１回行えます（しなくてもよい）。")
        step, left = self.todo[0]
        if step.op == "gain":
            return Prompt("pick", t + f"gain a card from the frontier ({left} left).", j + f"開拓地からカードを獲得してください（あと{left}枚）。")
        if step.op == "boost":
            return Prompt("boost", t + f"pay {step.gold} gold for the extra effect?", j + f"金{step.gold}枚を払って追加効果を使いますか？")
        if step.op == "settle":
            return Prompt("settle", t + "settle: choose two resources, or skip.", j + "入植：資源を２枚選んでください（しなくてもよい）。")
        return Prompt("develop", t + f"develop a settlement ({left} left), or skip.", j + f"発展（あと{left}回）：入植地と足す資源を選んでください（しなくてもよい）。")


def new_state(cfg) -> Undecim:
    return Undecim.new(cfg)


def state_from_view(v: dict[str, Any]) -> Undecim:
    """Rebuild a state from a (possibly edited) view; checks that cards add up."""
    from ...core.game import config_from_view
    from .views import card_names, check_types, check_view

    check_types(v)
    _, cfg = config_from_view(v)
    n = cfg.players
    s = object.__new__(Undecim)
    s.cfg = cfg
    s.listener = None
    T = s.T = tables_for(cfg)
    card_names(v, T)
    idx = T.card_index
    try:
        s.rng = Rng(int(v["rng"]), raw=True)
        s.season, s.seasons, s.start, s.turn_no = int(v["season"]), int(v["seasons"]), int(v["start"]), int(v["turn_no"])
        s.stage = v["stage"]
        s.drawn, s.drawn_for = v["drawn"], v["drawn_for"]
        s.hands = [sorted(idx[c] for c in hh) for hh in v["hands"]]
        s.known = [[idx[c] for c in k] for k in v["known"]]
        s.normal = sorted(idx[c] for c in v["council"]["normal"])
        s.bonus = sorted(idx[c] for c in v["council"]["bonus"])
        s.last_played = [idx[c] if c is not None else None for c in v["last_played"]]
        s.deck, s.discard, s.frontier = list(v["deck"]), list(v["discard"]), list(v["frontier"])
        s.loose = [list(x) for x in v["loose"]]
        s.cnt = [[0] * 10 for _ in range(n)]
        for i, lo in enumerate(s.loose):
            for x in lo:
                s.cnt[i][x % 10] += 1
        s.settl = [[(int(k), tuple(c)) for k, c in ss] for ss in v["settlements"]]
        s.story = tuple(T.scen_index[x] for x in v["story"])
        s.achieved = list(v["achieved"])
        s.first = T.scen_index[v["first"]] if v["first"] is not None else None
        s.marks = tuple(T.scen_index[x] for x in v["marks"])
        s.rules = _rules_tuple(v["rules"])
        s.ledger = [[int(d[k]) for k in LEDGER] for d in v["ledger"]]
        s.results = tuple((r["season"], tuple(r["scores"]), tuple(r["ranks"]),
                           tuple(tuple(d[k] for k in LEDGER) for d in r["ledger"])) for r in v["results"])
        s.log = tuple((a, b, idx[c], d, idx[e], f) for a, b, c, d, e, f in v["log"])
        s.took = (idx[v["took"][0]], bool(v["took"][1])) if v["took"] else None
        s.todo = _todo_from(v, T, s)
    except (KeyError, TypeError, ValueError) as e:
        raise IllegalAction(f"the view has a malformed field: {e}") from None
    check_view(v, s)
    return s


def _paths(steps, prefix):
    for i, st in enumerate(steps):
        yield (*prefix, i), st
        yield from _paths(st.then, (*prefix, i))


def _todo_from(v, T, s) -> tuple:
    """The pending effect steps, each found by its path in the played card's effects."""
    if not v["todo"]:
        return ()
    played = s.last_played[(s.start + s.turn_no) % s.cfg.players]
    if played is None:
        raise ValueError("view.todo: pending effects but the seat to act has played no card")
    steps = dict(_paths(T.effects[played], ()))
    out = []
    for op, left, path in v["todo"]:
        st = steps.get(tuple(path))
        if st is None or st.op != op or left < 1:
            raise ValueError(f"view.todo: pending step {op!r} at {path} is not an effect of the played card")
        out.append((st, int(left)))
    return tuple(out)

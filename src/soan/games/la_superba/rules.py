"""La Superba rules: the state, legal actions, apply, observation, view, determinize.

The state is plain lists of ints; `clone` copies those lists and shares the config, the rule tables
and the (immutable) public history.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...core.errors import ConfigError, IllegalAction
from ...core.game import compiled
from ...core.rng import Rng, seed_from
from ...core.state import GameState, Prompt
from .actions import _PLAY, CARRY, DELIVER, GOOD_EN, GOOD_JA, Carry, Deliver, Play, play
from .model import (
    CREW,
    GLASS,
    PEPPER,
    SHIP,
    SILK,
    SUITS,
    Rules,
    compile_rules,
    deck_need,
    hand_power,
    voyage_power,
)

VOYAGE, DELIVERY, OVER = "voyage", "deliver", "over"


def rules_for(cfg) -> Rules:
    """The compiled rule tables of a config, shared by every game with the same settings."""
    return compiled(cfg, compile_rules)
_PLAYS: dict[tuple[int, ...], list[Play]] = {}  # (play size, *hand) -> its play options (hands are few)
_CARRY_CACHE: dict[tuple[int, int, int, int], list[Carry]] = {}
_DELIVER_CACHE: dict[tuple[int, int, int, int], list[Deliver]] = {}


def carry_options(sup: tuple[int, int, int], most: int) -> list[Carry]:
    """LS-R2: 1..most chits from the supply; only 'nothing' when the supply is empty."""
    key = (min(sup[0], most), min(sup[1], most), min(sup[2], most), most)
    opts = _CARRY_CACHE.get(key)
    if opts is None:
        a, b, c, _ = key
        opts = [CARRY[(x, y, z)] for x in range(a + 1) for y in range(b + 1) for z in range(c + 1)
                if 1 <= x + y + z <= most]
        if not opts:
            opts = [CARRY[(0, 0, 0)]]
        _CARRY_CACHE[key] = opts
    return opts


def deliver_options(carried: tuple[int, int, int], quota: int) -> list[Deliver]:
    """LS-R6: every way to pick `quota` of the carried chits (all of them if fewer)."""
    key = (*carried, quota)
    opts = _DELIVER_CACHE.get(key)
    if opts is None:
        a, b, c = carried
        k = min(quota, a + b + c)
        opts = [DELIVER[(x, y, z)] for x in range(a + 1) for y in range(b + 1) for z in range(c + 1)
                if x + y + z == k]
        _DELIVER_CACHE[key] = opts
    return opts


class LaSuperba(GameState):
    __slots__ = ("R", "rng", "round", "phase", "deck", "hands", "community", "row", "removed",
                 "supply", "lost", "delivered", "played", "carried", "quota", "choice", "rv", "hist")
    game_id = "la-superba"

    # --- setup ----------------------------------------------------------------------------------
    @classmethod
    def new(cls, cfg) -> LaSuperba:
        s = object.__new__(cls)
        s.cfg = cfg
        s.listener = None
        R = s.R = rules_for(cfg)
        n = cfg.players
        need = deck_need(n, R.keep, R.draw, R.play, R.rounds)
        if len(R.deck) < need:  # the data check covers 3 players; a variant may remove cards too
            raise ConfigError(f"the voyage deck has {len(R.deck)} cards with these settings; {n} players need "
                              f"{need} (hands + community card)")
        s.rng = Rng(cfg.seed)
        s.supply = [R.per_good] * (3 * n)  # LS-S1
        s.lost = [0] * (3 * n)
        s.delivered = [()] * n
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

    def _start_round(self) -> None:
        """LS-R1: community card face down, next event, each draws 3."""
        R = self.R
        self.round += 1
        self.phase = VOYAGE
        deck = self.deck
        self.community = deck.pop()
        for h in self.hands:
            for _ in range(R.draw):
                h.append(deck.pop())
            h.sort()
        n = self.cfg.players
        self.played = [None] * n
        self.carried = [None] * n
        self.quota = [0] * n
        self.choice = [None] * n
        self.rv = None

    @property
    def event(self):
        return self.R.events[self.row[self.round - 1]]

    # --- contract -------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == VOYAGE:
            c = self.carried
            return tuple([i for i in range(len(c)) if c[i] is None])
        if self.phase == DELIVERY:
            return tuple([i for i in self.rv[10] if self.choice[i] is None])
        return ()

    def legal_actions(self, seat: int) -> list:
        return self._legal_shared(seat)[:]

    def _legal_shared(self, seat: int) -> list:
        """The legal actions, the cached list itself (core/checks.py only reads it; callers get copies)."""
        if self.phase == VOYAGE:
            if self.played[seat] is None:
                k = self.R.play
                key = (k, *self.hands[seat])  # the options depend on the hand and the play size (data)
                opts = _PLAYS.get(key)
                if opts is None:
                    get = _PLAY.get
                    opts = _PLAYS[key] = [get(c) or play(c) for c in combinations(key[1:], k)]
                return opts
            if self.carried[seat] is None:
                b = 3 * seat
                return carry_options((self.supply[b], self.supply[b + 1], self.supply[b + 2]), self.R.carry_max)
            return []
        if self.phase == DELIVERY and self.choice[seat] is None and seat in self.rv[10]:
            return deliver_options(self.carried[seat], self.quota[seat])
        return []

    def apply(self, seat: int, action) -> None:
        # core/checks.py has checked the seat and that `action` is one of legal_actions(seat)
        if self.phase == VOYAGE:
            if self.played[seat] is None:  # LS-R2: 3 cards face down
                cards = action.cards
                self.played[seat] = cards
                self.hands[seat] = [c for c in self.hands[seat] if c not in cards]
            else:  # LS-R2: then the chits to carry
                self.carried[seat] = action.counts
                if None not in self.carried:
                    self._resolve_voyage()
            return
        self.choice[seat] = action.counts  # LS-R6: which carried chits are delivered
        if all(self.choice[i] is not None for i in self.rv[10]):
            self._finish_round()

    # --- resolution -----------------------------------------------------------------------------
    def _resolve_voyage(self) -> None:
        """LS-R3..R6: reveal, powers, item effects, ranking, quotas."""
        R = self.R
        n = self.cfg.players
        ev = R.events[self.row[self.round - 1]]
        played, carried = self.played, self.carried
        vp = voyage_power
        if ev.community_off:
            base = [vp(p, R) for p in played]  # LS-R3
        else:
            cm = (self.community,)
            base = [vp(p + cm, R) for p in played]
        low = ev.tie_low and not R.no_serials
        top = [-p[0] if low else p[-1] for p in played]  # played cards are sorted
        hold = []  # LS-R4: item effects
        for g in (PEPPER, GLASS, SILK):
            best = 0
            who: list[int] = []
            for i in range(n):
                c = carried[i][g]
                if c > best:
                    best, who = c, [i]
                elif c and c == best:
                    who.append(i)
            if not who:
                hold.append(())
            elif R.item_all:
                hold.append(tuple(i for i in range(n) if carried[i][g]))
            elif len(who) == 1:
                hold.append((who[0],))
            elif R.no_serials:  # LS-V3 item_tie
                hold.append(tuple(who) if R.item_tie_all else ())
            else:
                hold.append((max(who, key=top.__getitem__),))
        glass = hold[GLASS]
        power = [base[i] + carried[i][GLASS] if i in glass else base[i] for i in range(n)]
        # LS-R5 / LS-V3: ranking
        if R.no_serials:
            key = [(power[i], i in glass) for i in range(n)]
            ranks = [1 + sum(1 for k in key if k > key[i]) for i in range(n)]
        else:
            key = [(power[i], i in glass, top[i]) for i in range(n)]
            ranks = [0] * n
            for r, i in enumerate(sorted(range(n), key=key.__getitem__, reverse=True)):
                ranks[i] = r + 1
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
            b = 3 * i
            sup[b] -= c[0]
            sup[b + 1] -= c[1]
            sup[b + 2] -= c[2]
            q = quota[i]
            if c[0] + c[1] + c[2] <= q:
                choice[i] = c
            else:
                opts = deliver_options(c, q)
                if len(opts) == 1:
                    choice[i] = opts[0].counts
                else:
                    awaiting.append(i)
        self.phase = DELIVERY
        self.rv = (self.round, ev.id, self.community, tuple(played), tuple(carried), tuple(power), tuple(ranks),
                   tuple(hold), tuple(quota), all_tied, tuple(awaiting))
        if not awaiting:
            self._finish_round()

    def _finish_round(self) -> None:
        """LS-R6..R8: deliver, lose or return chits, score, collect cards, next round or end."""
        R = self.R
        n = self.cfg.players
        ev = R.events[self.row[self.round - 1]]
        rv = self.rv
        pepper, _, silk = rv[7]
        rnd = self.round
        delivered, lost, returned = [], [], []
        zero = (0, 0, 0)
        for i in range(n):
            c = self.carried[i]
            d = self.choice[i]
            l3 = (c[0] - d[0], c[1] - d[1], c[2] - d[2])
            if d != zero:
                chits = list(self.delivered[i])
                for g in (0, 1, 2):
                    if d[g]:
                        down = i in pepper or ev.face_down[g]
                        chits.extend([(rnd, g, (R.face_down if down else R.face_up) + ev.bonus[g])] * d[g])
                self.delivered[i] = tuple(chits)
            if l3 == zero:
                lost.append(zero)
                returned.append(zero)
            else:
                back = i in silk  # silk: lost chits return to the supply
                pile = self.supply if back else self.lost
                b = 3 * i
                pile[b] += l3[0]
                pile[b + 1] += l3[1]
                pile[b + 2] += l3[2]
                returned.append(l3 if back else zero)
                lost.append(zero if back else l3)
            delivered.append(d)
        entry = (*rv[:10], tuple(delivered), tuple(lost), tuple(returned))
        self.hist = (*self.hist, entry)
        if self.listener is not None:
            self.emit("round", **entry_dict(entry))
        # LS-R8: played cards and the community go back; reshuffle
        deck = self.deck
        for p in self.played:
            deck.extend(p)
        deck.append(self.community)
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

    # --- public records as JSON-ready dicts -----------------------------------------------------
    @property
    def reveal(self) -> dict[str, Any] | None:
        """This round's reveal (during delivery), as a dict."""
        return reveal_dict(self.rv) if self.rv is not None else None

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every finished round's public record, as dicts."""
        return [entry_dict(e) for e in self.hist]

    # --- results --------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        """LS-R7 / LS-E1: the values of each player's chits on the trade cards."""
        return [sum(v for _, _, v in d) for d in self.delivered]

    def ranks(self) -> list[int]:
        """LS-E1: most points; ties to the higher rank in the last round played (LS-V3: then hand power)."""
        n = self.cfg.players
        sc = self.scores()
        last = self.hist[-1][6] if self.hist else [1] * n
        if self.R.no_serials:
            hp = [hand_power(h, self.R) for h in self.hands]
            key = [(sc[i], -last[i], hp[i]) for i in range(n)]
        else:
            key = [(sc[i], -last[i]) for i in range(n)]
        return [1 + sum(1 for j in range(n) if key[j] > key[i]) for i in range(n)]

    # --- copies ---------------------------------------------------------------------------------
    def clone(self) -> LaSuperba:
        s = object.__new__(LaSuperba)
        s.cfg = self.cfg
        s.listener = None
        s.R = self.R
        s.rng = Rng(self.rng.state, raw=True)
        s.round = self.round
        s.phase = self.phase
        s.deck = self.deck[:]
        s.hands = [h[:] for h in self.hands]
        s.community = self.community
        s.row = self.row
        s.removed = self.removed
        s.supply = self.supply[:]
        s.lost = self.lost[:]
        s.delivered = self.delivered[:]
        s.played = self.played[:]
        s.carried = self.carried[:]
        s.quota = self.quota[:]
        s.choice = self.choice[:]
        s.rv = self.rv
        s.hist = self.hist
        return s

    def determinize(self, seat: int, rng) -> LaSuperba:
        """A state consistent with observation(seat): unseen cards, events and pending secret choices
        resampled; the copy's generator reseeded from `rng`."""
        R = self.R
        n = self.cfg.players
        s = self.clone()
        r = Rng(seed_from(rng), raw=True)
        voyage = self.phase == VOYAGE
        known = set(self.hands[seat])
        if self.played[seat] is not None:
            known.update(self.played[seat])
        if not voyage and self.phase == DELIVERY:
            known.add(self.community)
            for p in self.played:
                known.update(p)
        unknown = [c for c in R.deck if c not in known]
        r.shuffle(unknown)
        if voyage:
            s.community = unknown.pop()
        for i in range(n):
            if i == seat:
                continue
            if voyage and self.played[i] is not None:
                s.played[i] = tuple(sorted(unknown.pop() for _ in range(R.play)))
            s.hands[i] = sorted(unknown.pop() for _ in range(len(self.hands[i])))
            if voyage and self.carried[i] is not None:
                b = 3 * i
                opts = carry_options((self.supply[b], self.supply[b + 1], self.supply[b + 2]), R.carry_max)
                s.carried[i] = opts[r.below(len(opts))].counts
            if self.phase == DELIVERY and self.choice[i] is not None and i in self.rv[10]:
                opts = deliver_options(self.carried[i], self.quota[i])
                s.choice[i] = opts[r.below(len(opts))].counts
        s.deck = sorted(unknown)
        r.shuffle(s.deck)
        hidden = set(self.row[3:4]) if self.round < 4 and len(self.row) > 3 else set()
        pool = sorted(hidden | set(self.removed))
        r.shuffle(pool)
        if hidden:
            s.row = (*self.row[:3], pool.pop(), *self.row[4:])
        s.removed = tuple(pool)
        s.rng = Rng(r.next64(), raw=True)
        return s

    # --- what people see ------------------------------------------------------------------------
    def _row_visible(self) -> list[Any]:
        ev = self.R.events
        return [ev[e].id if (k != 3 or self.round >= 4) else None for k, e in enumerate(self.row)]

    def _public(self) -> dict[str, Any]:
        n = self.cfg.players
        return {
            "game": self.game_id,
            "players": n,
            "round": self.round,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "trade_row": self._row_visible(),
            "event": self.R.events[self.row[self.round - 1]].id if self.phase != OVER else None,
            "supply": [self.supply[3 * i: 3 * i + 3] for i in range(n)],
            "lost": [self.lost[3 * i: 3 * i + 3] for i in range(n)],
            "delivered": [[list(c) for c in d] for d in self.delivered],
            "scores": self.scores(),
            "reveal": self.reveal,
            "history": self.history,
        }

    def observation(self, seat: int) -> dict[str, Any]:
        """Everything `seat` knows (LS hidden information): own hand and pending choices, public rest."""
        o = self._public()
        o["seat"] = seat
        o["hand"] = list(self.hands[seat])
        o["played"] = list(self.played[seat]) if self.played[seat] is not None else None
        o["carried"] = list(self.carried[seat]) if self.carried[seat] is not None else None
        o["committed"] = [{"played": self.played[i] is not None, "carried": self.carried[i] is not None}
                          for i in range(self.cfg.players)]
        o["chose_delivery"] = [self.phase == DELIVERY and self.rv is not None
                               and i in self.rv[10] and self.choice[i] is not None
                               for i in range(self.cfg.players)]
        o["own_delivery"] = list(self.choice[seat]) if (self.phase == DELIVERY and self.choice[seat]) else None
        return o

    def view(self) -> dict[str, Any]:
        v = self._public()
        v.update(
            seed=self.cfg.seed, variants=list(self.cfg.variants),
            params={k: (list(x) if isinstance(x, tuple) else x) for k, x in self.cfg.params.items()},
            components=self.cfg.components_path, components_hash=self.cfg.components_hash,
            rng=self.rng.state, deck=list(self.deck), hands=[list(h) for h in self.hands],
            community=self.community, row=list(self.row), removed=list(self.removed),
            played=[list(p) if p is not None else None for p in self.played],
            carried=[list(c) if c is not None else None for c in self.carried],
            quota=list(self.quota), choice=[list(c) if c is not None else None for c in self.choice],
        )
        return v

    # --- text -----------------------------------------------------------------------------------
    def card_name(self, c: int, lang: str = "en") -> str:
        m = self.cfg.components
        suit = SUITS[self.R.suit[c]]
        nm = m.suits[suit].name_ja if lang == "ja" else m.suits[suit].name
        if self.R.suit[c] == SHIP:
            return f"{nm}×{self.R.mult[c]}#{c}"
        return f"{nm}{self.R.power[c]}#{c}"

    def action_text(self, action, lang: str = "en") -> str:
        """A readable description (card names, not just numbers)."""
        if isinstance(action, Play):
            names = ", ".join(self.card_name(c, lang) for c in action.cards)
            return (f"出す: {names}" if lang == "ja" else f"play {names}")
        return action.text(lang)

    def prompt(self, seat: int) -> Prompt:
        R = self.R
        if self.phase == OVER or seat not in self.to_act():
            return Prompt("wait", "Nothing to decide now.", "今は選ぶことがありません。")
        if self.phase == VOYAGE and self.played[seat] is None:
            return Prompt("play",
                          f"Round {self.round}: choose {R.play} of your {len(self.hands[seat])} voyage cards "
                          "to play face down.",
                          f"ラウンド{self.round}：手札{len(self.hands[seat])}枚から{R.play}枚を選び、伏せて出してください。")
        if self.phase == VOYAGE:
            return Prompt("carry", f"Round {self.round}: choose 1-{R.carry_max} chits from your supply to carry.",
                          f"ラウンド{self.round}：運ぶアイテムを1〜{R.carry_max}個選んでください。")
        c = self.carried[seat]
        q = self.quota[seat]
        rank = self.rv[6][seat]
        return Prompt("deliver",
                      f"You ranked {rank} and deliver {q} of your {sum(c)} chits; the rest are lost. Which?",
                      f"{rank}位：運んだ{sum(c)}個のうち{q}個を輸送します（残りはロスト）。どれにしますか？")

    def good_name(self, g: int, lang: str = "en") -> str:
        return GOOD_JA[g] if lang == "ja" else GOOD_EN[g]


def _ll(xs) -> list:
    return [list(x) for x in xs]


def reveal_dict(t: tuple) -> dict[str, Any]:
    return {
        "round": t[0], "event": t[1], "community": t[2], "played": _ll(t[3]), "carried": _ll(t[4]),
        "power": list(t[5]), "ranks": list(t[6]),
        "effects": {GOOD_EN[g]: list(t[7][g]) for g in range(3)}, "quotas": list(t[8]), "all_tied": t[9],
        "awaiting": list(t[10]),
    }


def entry_dict(t: tuple) -> dict[str, Any]:
    d = reveal_dict((*t[:10], ()))
    del d["awaiting"]
    d.update(delivered=_ll(t[10]), lost=_ll(t[11]), returned=_ll(t[12]))
    return d


def _tt(xs) -> tuple:
    return tuple(tuple(int(y) for y in x) for x in xs)


def _head(d: dict[str, Any]) -> tuple:
    return (int(d["round"]), d["event"], d["community"], _tt(d["played"]), _tt(d["carried"]),
            tuple(d["power"]), tuple(d["ranks"]), tuple(tuple(d["effects"][g]) for g in GOOD_EN),
            tuple(d["quotas"]), bool(d["all_tied"]))


def reveal_tuple(d: dict[str, Any]) -> tuple:
    return (*_head(d), tuple(d["awaiting"]))


def entry_tuple(d: dict[str, Any]) -> tuple:
    return (*_head(d), _tt(d["delivered"]), _tt(d["lost"]), _tt(d["returned"]))


def state_from_view(v: dict[str, Any]) -> LaSuperba:
    """Rebuild a state from a (possibly edited) view; checks that cards and chits add up."""
    from ...core.game import config_from_view
    from .views import check_types, check_view

    check_types(v)
    _, cfg = config_from_view(v)
    s = object.__new__(LaSuperba)
    s.cfg = cfg
    s.listener = None
    s.R = rules_for(cfg)
    try:
        s.rng = Rng(int(v["rng"]), raw=True)
        s.round = int(v["round"])
        s.phase = v["phase"]
        s.deck = [int(c) for c in v["deck"]]
        s.hands = [sorted(int(c) for c in h) for h in v["hands"]]
        s.community = v["community"]
        s.row = tuple(v["row"])
        s.removed = tuple(v["removed"])
        s.supply = [int(x) for sup in v["supply"] for x in sup]
        s.lost = [int(x) for lo in v["lost"] for x in lo]
        s.delivered = [tuple(tuple(c) for c in d) for d in v["delivered"]]
        s.played = [tuple(p) if p is not None else None for p in v["played"]]
        s.carried = [tuple(c) if c is not None else None for c in v["carried"]]
        s.quota = list(v["quota"])
        s.choice = [tuple(c) if c is not None else None for c in v["choice"]]
        s.rv = reveal_tuple(v["reveal"]) if v["reveal"] is not None else None
        s.hist = tuple(entry_tuple(e) for e in v["history"])
    except (KeyError, TypeError, ValueError) as e:  # pragma: no cover - the typed check comes first
        raise IllegalAction(f"the view is missing or has a malformed field: {e!r}") from None
    check_view(v, s)
    return s


def new_state(cfg) -> LaSuperba:
    return LaSuperba.new(cfg)


__all__ = ["LaSuperba", "new_state", "state_from_view", "CREW"]

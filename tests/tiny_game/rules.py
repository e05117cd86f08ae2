"""Pearl Bid (真珠の競り): a tiny complete game that proves the platform (tests only).

PB-S1 Each player holds the same bid cards (components `bids`).
PB-S2 The prizes are shuffled into a face-down deck; the top prize is revealed: it is on offer.
PB-S3 Each player is dealt a secret favourite colour (distinct colours).
PB-R1 All players choose one bid card at the same time, in secret (a simultaneous step).
PB-R2 The bids are revealed together: the highest bid nobody else played wins every prize on offer
      (variant lowest-wins, PB-V1: the lowest such bid).
PB-R3 No unique bid: the prizes on offer are discarded (parameter ties_carry: they stay on offer).
PB-R4 Played bid cards are spent. The next prize is revealed, if any.
PB-E1 The game ends when the bid cards or the prizes run out.
PB-F1 Score: the value of the prizes won, plus favourite_bonus for each prize of your favourite colour.
PB-F2 Most points ranks first; equal scores share a rank.
"""

from __future__ import annotations

from typing import Any

from soan.core.errors import ConfigError, IllegalAction
from soan.core.game import compiled, config_from_view
from soan.core.layout import Copied, Hidden, List, List2, Shared, Value
from soan.core.rng import Rng, seed_from
from soan.core.state import GameState, Prompt

from .actions import GAME, Bid
from .model import Tables, compile_tables


class PearlBid(GameState):
    """The state: each field declared once, its slot and its copy policy (soan.core.layout), from which
    `clone` and `_determinize` below are generated (`python -m soan.core.layout tiny_game`)."""

    __slots__ = ("T", "rng", "hands", "fav", "deck", "offer", "bids", "won", "history")
    T: Shared[Tables]  # the compiled tables, shared by every copy
    rng: Hidden[Copied[Rng]]  # the game's generator (determinize reseeds it)
    hands: List2[list[list[int]]]  # per seat: bid cards left (PB-S1)
    fav: List[list[int]]  # per seat: the secret favourite colour (PB-S3; determinize resamples the others')
    deck: Hidden[List[list[int]]]  # prizes face down, drawn from the end (PB-S2)
    offer: List[list[int]]  # prizes on offer
    bids: List[list[int | None]]  # per seat: this round's secret bid, or None (PB-R1)
    won: List2[list[list[int]]]  # per seat: prizes won
    history: Value[tuple[Any, ...]]  # the rounds played, public
    game_id = GAME

    # --- setup ----------------------------------------------------------------------------------
    @classmethod
    def new(cls, cfg) -> PearlBid:
        s = object.__new__(cls)
        s.cfg = cfg
        s.listener = None
        s.T = T = compiled(cfg, compile_tables)
        s.rng = Rng(cfg.seed)
        n = cfg.players
        s.hands = [list(T.bids) for _ in range(n)]  # PB-S1
        s.deck = list(range(len(T.value)))
        s.rng.shuffle(s.deck)  # PB-S2
        colours = list(range(len(T.colour_names)))
        s.rng.shuffle(colours)
        s.fav = colours[:n]  # PB-S3
        s.offer = [s.deck.pop()]
        s.bids = [None] * n
        s.won = [[] for _ in range(n)]
        s.history = ()
        return s

    # --- the contract ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return not self.hands[0] or not self.offer  # PB-E1

    def to_act(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        return tuple(i for i, b in enumerate(self.bids) if b is None)  # PB-R1: everyone not yet bid

    def _legal_actions(self, seat: int) -> list[Bid]:
        if seat not in self.to_act():
            return []
        return [Bid(c) for c in sorted(set(self.hands[seat]))]

    def _apply(self, seat: int, action) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.cfg.players:
            raise IllegalAction(f"seat must be 0..{self.cfg.players - 1}, got {seat!r}")
        if not isinstance(action, Bid):
            raise IllegalAction(f"Pearl Bid takes bid actions, got {action!r}")
        if seat not in self.to_act():
            raise IllegalAction(f"seat {seat} has nothing to decide now")
        if action.card not in self.hands[seat]:
            raise IllegalAction(f"bid {action.card}: not in seat {seat}'s hand {sorted(self.hands[seat])}")
        self.bids[seat] = action.card
        if all(b is not None for b in self.bids):
            self._reveal()

    def _reveal(self) -> None:
        bids = list(self.bids)
        unique = [b for b in bids if bids.count(b) == 1]
        lowest = "lowest-wins" in self.cfg.variants  # PB-V1
        win_bid = (min(unique) if lowest else max(unique)) if unique else None  # PB-R2
        winner = bids.index(win_bid) if win_bid is not None else None
        prizes = list(self.offer)
        if winner is not None:
            self.won[winner] = self.won[winner] + prizes
            self.offer = []
        elif not self.cfg.params["ties_carry"]:
            self.offer = []  # PB-R3: discarded
        for i, b in enumerate(bids):
            self.hands[i] = [c for c in self.hands[i] if c != b] + [b] * (self.hands[i].count(b) - 1)  # PB-R4
        self.bids = [None] * self.cfg.players
        entry = {"round": len(self.history) + 1, "bids": bids, "prizes": prizes, "winner": winner}
        self.history = self.history + (entry,)
        self.emit("round", **entry)
        if self.deck and self.hands[0]:
            self.offer = self.offer + [self.deck.pop()]

    def scores(self) -> list[int]:
        T, bonus = self.T, self.cfg.params["favourite_bonus"]
        return [sum(T.value[p] + (bonus if T.colour[p] == self.fav[i] else 0) for p in self.won[i])  # PB-F1
                for i in range(self.cfg.players)]

    def ranks(self) -> list[int]:
        sc = self.scores()
        return [1 + sum(x > v for x in sc) for v in sc]  # PB-F2

    def _prompt(self, seat: int) -> Prompt:
        if seat not in self.to_act():
            return Prompt("wait", "Nothing to decide now.", "今は選ぶことがありません。")
        r = len(self.history) + 1
        return Prompt("bid", f"Round {r}: choose a bid card in secret.", f"第{r}ラウンド：入札カードを１枚、伏せて選んでください。")

    def action_text(self, action, lang: str = "en") -> str:
        return f"{action.card}を入札" if lang == "ja" else f"bid {action.card}"

    # --- what people see ------------------------------------------------------------------------
    def _observation(self, seat: int) -> dict[str, Any]:
        return {
            "game": GAME, "seat": seat, "round": len(self.history) + 1,
            "hands": [sorted(h) for h in self.hands],  # played cards are public, so hands are too
            "favourite": self.fav[seat], "my_bid": self.bids[seat],
            "has_bid": [b is not None for b in self.bids],
            "offer": list(self.offer), "deck_left": len(self.deck), "won": [list(w) for w in self.won],
            "history": list(self.history),
        }

    def view(self) -> dict[str, Any]:
        return {**self.cfg.header(), "rng": self.rng.state, "hands": [list(h) for h in self.hands],
                "fav": list(self.fav), "deck": list(self.deck), "offer": list(self.offer), "bids": list(self.bids),
                "won": [list(w) for w in self.won], "history": list(self.history)}

    # --- copies: generated from the declared fields by `python -m soan.core.layout` (edit the declaration, not this) ---
    def clone(self) -> PearlBid:
        """A copy that shares only what the declaration shares."""
        s = object.__new__(PearlBid)
        s.cfg = self.cfg
        s.listener = None
        s.T = self.T
        s.rng = self.rng.copy()
        s.hands = [*map(list.copy, self.hands)]
        s.fav = self.fav[:]
        s.deck = self.deck[:]
        s.offer = self.offer[:]
        s.bids = self.bids[:]
        s.won = [*map(list.copy, self.won)]
        s.history = self.history
        return s

    def _determinize(self, seat: int, rng: Any) -> PearlBid:
        """A copy whose hidden fields the game's `_resample` sets from what `seat` may know."""
        s = object.__new__(PearlBid)
        s.cfg = self.cfg
        s.listener = None
        s.T = self.T
        s.hands = [*map(list.copy, self.hands)]
        s.fav = self.fav[:]
        s.offer = self.offer[:]
        s.bids = self.bids[:]
        s.won = [*map(list.copy, self.won)]
        s.history = self.history
        self._resample(s, seat, rng)  # sets rng, deck
        return s

    def _fresh(self) -> None:
        """A new or rebuilt state's fields that no view holds, at their start (listener, Derived, Owner, Fresh)."""
        self.listener = None
    # --- end of the generated copies ---

    def _resample(self, s: PearlBid, seat: int, rng) -> None:
        """determinize's hidden parts: others' favourites, others' secret bids this round and the deck
        order resampled; the generator reseeded (the rest of `s` is a copy)."""
        r = Rng(seed_from(rng), raw=True)
        n = self.cfg.players
        free = [c for c in range(len(self.T.colour_names)) if c != self.fav[seat]]
        r.shuffle(free)
        for i in range(n):
            if i != seat:
                s.fav[i] = free.pop()
                if self.bids[i] is not None:
                    s.bids[i] = r.choice(self.hands[i])
        s.deck = sorted(self.deck)  # from what the seat knows (which prizes are left), never their hidden order
        r.shuffle(s.deck)
        s.rng = Rng(r.next64(), raw=True)


def new_state(cfg) -> PearlBid:
    return PearlBid.new(cfg)


def state_from_view(v: dict[str, Any]) -> PearlBid:
    _, cfg = config_from_view(v)
    s = PearlBid.new(cfg)
    n, k = cfg.players, len(s.T.value)
    try:
        s.rng = Rng(int(v["rng"]), raw=True)
        s.hands = [list(map(int, h)) for h in v["hands"]]
        s.fav = list(map(int, v["fav"]))
        s.deck = list(map(int, v["deck"]))
        s.offer = list(map(int, v["offer"]))
        s.bids = [None if b is None else int(b) for b in v["bids"]]
        s.won = [list(map(int, w)) for w in v["won"]]
        s.history = tuple(v["history"])
    except (KeyError, TypeError, ValueError) as e:
        raise ConfigError(f"a Pearl Bid view needs rng, hands, fav, deck, offer, bids, won, history: {e}") from None
    prizes = sorted(s.deck + s.offer + [p for w in s.won for p in w])
    if len(s.hands) != n or len(s.fav) != n or len(s.bids) != n or len(s.won) != n:
        raise ConfigError(f"a Pearl Bid view has one hand, favourite, bid and pile per player ({n})")
    if len(set(prizes)) != len(prizes) or any(not 0 <= p < k for p in prizes):
        raise ConfigError(f"prizes in deck, offer and piles must be distinct prize indices 0..{k - 1}")
    return s

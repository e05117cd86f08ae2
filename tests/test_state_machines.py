"""Property tests as hypothesis state machines (La Superba, Undecim): a failure shrinks to a short
sequence of steps. Each machine draws its settings (seed, players, variants, parameters) and its
component data (valid random files: numbers the schema allows), then interleaves legal actions,
illegal and malformed ones, view round trips, clones and determinization, checking every invariant
(core/invariants.py and the game's own) after each step."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import soan
from soan.core.invariants import contract_problems, game_problems
from soan.core.rng import Rng
from soan.games.la_superba.model import DATA as LS_DATA
from soan.games.undecim.model import DATA as UN_DATA

_DIR = Path(tempfile.mkdtemp(prefix="soan-sm-"))
_LS = yaml.safe_load(LS_DATA.read_text(encoding="utf-8"))
_UN = yaml.safe_load(UN_DATA.read_text(encoding="utf-8"))


def data_file(base: dict, changes: dict) -> str:
    raw = {**base, **changes}
    p = _DIR / f"c{abs(hash(json.dumps(changes, sort_keys=True)))}.yaml"
    if not p.exists():
        p.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return str(p)


LS_DATA_CHANGES = st.one_of(st.just({}), st.fixed_dictionaries({
    "rounds": st.integers(3, 5),
    "chits_per_good": st.integers(1, 6),
    "carry_max": st.integers(1, 4),
    "quotas": st.lists(st.integers(0, 4), min_size=1, max_size=4),
    "face_up_value": st.integers(-1, 3),
    "face_down_value": st.integers(0, 5),
}))
UN_DATA_CHANGES = st.one_of(st.just({}), st.fixed_dictionaries({
    "turns": st.integers(2, 6),
    "frontier": st.integers(2, 8),
    "buildings": st.lists(st.integers(-2, 20), min_size=1, max_size=5),
    "land_majority": st.lists(st.integers(0, 5), min_size=2, max_size=2),
    "enemy_penalty": st.lists(st.integers(0, 9), min_size=2, max_size=2),
}))


class GameMachine(RuleBasedStateMachine):
    game = "?"

    def setup(self, s) -> None:
        self.s = s
        self.steps = 0

    @invariant()
    def sound(self):
        if hasattr(self, "s"):
            assert contract_problems(self.s) + game_problems(self.s) == []

    @precondition(lambda self: hasattr(self, "s") and not self.s.is_over())
    @rule(pick=st.integers(0, 10**6), who=st.integers(0, 3))
    def act(self, pick, who):
        act = self.s.to_act()
        seat = act[who % len(act)]
        legal = self.s.legal_actions(seat)
        self.s.apply(seat, legal[pick % len(legal)])
        self.steps += 1

    @precondition(lambda self: hasattr(self, "s") and not self.s.is_over())
    @rule(moves=st.integers(5, 60), k=st.integers(0, 2**32))
    def leap(self, moves, k):
        """Several legal moves in one step (a seeded random line of play), so that most runs reach the game's
        end within the step count, with the invariants checked there too."""
        import random

        rng = random.Random(k)
        for _ in range(moves):
            if self.s.is_over():
                break
            seat = rng.choice(self.s.to_act())
            legal = self.s.legal_actions(seat)
            self.s.apply(seat, legal[rng.randrange(len(legal))])
            self.steps += 1
        if self.s.is_over():
            event(f"{self.game}: the game's end reached by the steps")

    def teardown(self):
        """Every run goes on to the game's end (a seeded random line from wherever it stopped), the
        invariants checked after each move, and the finished game's view round trip."""
        if not hasattr(self, "s"):
            return
        import random

        rng = random.Random(self.steps)
        while not self.s.is_over():
            seat = rng.choice(self.s.to_act())
            legal = self.s.legal_actions(seat)
            self.s.apply(seat, legal[rng.randrange(len(legal))])
            assert contract_problems(self.s) + game_problems(self.s) == []
        v = self.s.view()
        assert soan.from_view(json.loads(json.dumps(v))).view() == v
        event(f"{self.game}: the game's end reached")

    @precondition(lambda self: hasattr(self, "s") and not self.s.is_over())
    @rule(pick=st.integers(0, 10**6), bad=st.sampled_from([-1, 4, 7, "0", True, None, 1.5, 10**30]))
    def illegal(self, pick, bad):
        s = self.s
        before = s.view()
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        attempts = [(bad, legal[0])] + [(o, legal[pick % len(legal)]) for o in range(s.players)
                                        if o not in s.to_act()]
        attempts += [(seat, a) for a in self.wrong_actions(s, seat) if a not in legal]
        for who, a in attempts:
            try:
                s.apply(who, a)
            except soan.IllegalAction:
                pass
            else:
                raise AssertionError(f"{a} by seat {who!r} was accepted")
            assert s.view() == before

    @precondition(lambda self: hasattr(self, "s"))
    @rule()
    def view_round_trip(self):
        v = self.s.view()
        assert soan.from_view(json.loads(json.dumps(v))).view() == v

    @precondition(lambda self: hasattr(self, "s") and not self.s.is_over())
    @rule(pick=st.integers(0, 10**6))
    def clone_is_independent(self, pick):
        v = self.s.view()
        c = self.s.clone()
        seat = c.to_act()[0]
        legal = c.legal_actions(seat)
        c.apply(seat, legal[pick % len(legal)])
        assert self.s.view() == v

    @precondition(lambda self: hasattr(self, "s") and not self.s.is_over())
    @rule(k=st.integers(0, 2**32), j=st.integers(0, 2**32))
    def determinize_same_seat(self, k, j):
        """determinize(seat) keeps what the seat sees and its options, and depends only on what it sees:
        a state resampled for the same seat (so it looks the same to it) determinizes alike."""
        s = self.s
        for seat in range(s.players):
            o = s.observation(seat)
            d = s.determinize(seat, Rng(k))
            assert d.observation(seat) == o and d.legal_actions(seat) == s.legal_actions(seat)
            assert d.determinize(seat, Rng(j)).view() == s.determinize(seat, Rng(j)).view()
            event(f"{self.game}: determinize property reached")  # the share of runs: docs/testing.md

    def wrong_actions(self, s, seat):
        return []


class LaSuperbaMachine(GameMachine):
    game = "la-superba"

    @initialize(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]),
                variants=st.lists(st.sampled_from(["weather-double", "lean-weather", "no-serials", "accent-cards",
                                                   "weather-4"]), unique=True),
                item_effect=st.sampled_from(["exclusive", "all"]), crew=st.booleans(), data=LS_DATA_CHANGES)
    def start(self, seed, players, variants, item_effect, crew, data):
        self.setup(soan.make("la-superba", players=players, seed=seed, variants=variants,
                             params={"item_effect": item_effect, "crew_power_with_ships": crew},
                             components=data_file(_LS, data) if data else None))

    def wrong_actions(self, s, seat):
        from soan.games.la_superba.actions import Carry, Deliver, Play

        hand = s.hands[seat]
        return [Carry(2, -2, 0), Carry(9, 0, 0), Carry(0, 0, 0), Deliver(1, 1, 1), Deliver(-1, 2, 0),
                Play(tuple(reversed(hand[:3]))), Play(tuple(hand[:2])), Play((0, 999, 5)), "carry 1"]


class UndecimMachine(GameMachine):
    game = "undecim"

    @initialize(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]),
                variants=st.lists(st.sampled_from(["bonus-lock", "one-card-hand", "no-retake"]), unique=True),
                campaign=st.booleans(), gold_rate=st.integers(0, 3), data=UN_DATA_CHANGES)
    def start(self, seed, players, variants, campaign, gold_rate, data):
        self.setup(soan.make("undecim", players=players, seed=seed, variants=variants,
                             params={"campaign": campaign, "gold_rate": gold_rate},
                             components=data_file(_UN, data) if data else None))

    def wrong_actions(self, s, seat):
        from soan.games.undecim.actions import SKIP, BonusDraw, Develop, Keep, Pick, Play, Settle, Take

        return [Take("nothing"), Take("explore"), Play("mint"), Pick("gold"), Keep("iron"), Settle("stone", "stone"),
                Develop(9, "gold"), BonusDraw(1), SKIP, None]


FAST = settings(max_examples=12, stateful_step_count=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
TestLaSuperbaMachine = FAST(LaSuperbaMachine).TestCase
TestUndecimMachine = FAST(UndecimMachine).TestCase

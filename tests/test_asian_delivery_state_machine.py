"""Asian Delivery as a hypothesis state machine: a failure shrinks to a short sequence of steps.

Each step takes a legal action (hypothesis picks which), or throws a bad one at the engine, or checks
that a clone and the state rebuilt from its view play on identically. The invariants of the property
tests hold after every step, and the view and observation match their published schema."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import soan
from soan.games.asian_delivery.actions import AreaPick, CubePick, DraftPick, PlayCard
from soan.games.asian_delivery.view import Observation, View, schema
from test_asian_delivery_properties import VARIANTS, check_invariants

BAD = st.one_of(
    st.builds(PlayCard, st.integers(-5, 80), st.sampled_from(["up", "down", "sideways"])),
    st.builds(AreaPick, st.integers(-2, 13)),
    st.builds(CubePick, st.sampled_from(["L", "N", "H", "X"])),
    st.builds(DraftPick, st.sampled_from(["request", "business", "x"]), st.integers(-1, 60)),
)


class ADMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]),
                variants=st.lists(st.sampled_from(VARIANTS), unique=True, max_size=4),
                params=st.fixed_dictionaries({}, optional={"warehouse_cap": st.integers(1, 5),
                                                           "draft_up_to": st.booleans(),
                                                           "gate_optional": st.booleans()}))
    def start(self, seed, players, variants, params):
        self.s = soan.make("asian-delivery", players=players, seed=seed, variants=variants, params=params)

    def playing(self):
        return not self.s.is_over()

    @precondition(playing)
    @rule(data=st.data())
    def legal_step(self, data):
        s = self.s
        p = s.to_act()[0]
        legal = s.legal_actions(p)
        assert legal, "a seat to act has a legal action"
        for other in range(s.players):
            if other != p:
                assert s.legal_actions(other) == []
        s.apply(p, legal[data.draw(st.integers(0, len(legal) - 1), label="action")])

    @precondition(playing)
    @rule(action=BAD)
    def bad_step(self, action):
        s = self.s
        p = s.to_act()[0]
        if action in s.legal_actions(p):
            return
        before = s.view()
        try:
            s.apply(p, action)
        except soan.IllegalAction:
            pass
        else:
            raise AssertionError(f"{action} was accepted")
        assert s.view() == before

    @precondition(playing)
    @rule(data=st.data())
    def copies_play_on_alike(self, data):
        s = self.s
        twins = [s.clone(), soan.from_view(s.view())]
        for _ in range(data.draw(st.integers(1, 6), label="steps")):
            if s.is_over():
                break
            p = s.to_act()[0]
            legal = s.legal_actions(p)
            a = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
            for t in (s, *twins):
                t.apply(p, a)
        for t in twins:
            assert t.view() == s.view()

    def teardown(self):
        """Every run goes on to the game's end (a seeded random line from wherever it stopped), the
        invariants checked every few moves and at the end, and the finished game's view round trip."""
        if not hasattr(self, "s"):
            return
        import random

        s, rng, n = self.s, random.Random(0), 0  # the state differs from run to run; the line of play is seeded
        while not s.is_over():
            p = s.to_act()[0]
            legal = s.legal_actions(p)
            s.apply(p, legal[rng.randrange(len(legal))])
            n += 1
            if n % 10 == 0:
                check_invariants(s)
        check_invariants(s)
        v = s.view()
        assert soan.from_view(json.loads(json.dumps(v))).view() == v
        event("asian-delivery: the game's end reached")

    @invariant()
    def invariants_hold(self):
        if hasattr(self, "s"):
            check_invariants(self.s)
            View.model_validate(self.s.view())
            Observation.model_validate(self.s.observation(0))


ADMachine.TestCase.settings = settings(max_examples=12, stateful_step_count=40, deadline=None,
                                       suppress_health_check=[HealthCheck.too_slow])
TestADMachine = ADMachine.TestCase


def test_the_published_schema_is_the_generated_one():
    path = Path(__file__).parent.parent / "docs" / "views" / "asian-delivery.schema.json"
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(schema()))

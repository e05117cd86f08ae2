"""Asian Delivery property tests: random games over seeds, 3 and 4 players and variant sets."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import soan
from contract import determinize_sound, play_replay_and_views, refused_unchanged
from soan.core.rng import Rng

VARIANTS = ["one-porter", "big-map", "round-end-unload", "capacity", "request-limit", "office-request", "set-weight",
            "attributes", "distance-bonus", "worker-decay", "mp-start-player", "local-market", "stored-vp"]
configs = st.fixed_dictionaries({
    "seed": st.integers(0, 2**31),
    "players": st.sampled_from([3, 4]),
    "variants": st.lists(st.sampled_from(VARIANTS), unique=True, max_size=5),
    "area_set": st.sampled_from(["standard", "fewer-stations"]),
})
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new(c):
    return soan.make("asian-delivery", players=c["players"], seed=c["seed"], variants=c["variants"],
                     params={"area_set": c["area_set"]})


def check_invariants(s):
    T = s.T
    n = s.players
    for g in range(3):
        total = s.stock[g] + sum(s.supply[p][g] + sum(s.wh[p][3 * a + g] for a in range(11))
                                 + s.cargo[0][p][g] + s.cargo[1][p][g] for p in range(n))
        if g == 0:
            total += sum(s.aside)
        assert total == T.stock[g]
        assert s.stock[g] >= 0
    for p in range(n):
        assert s.workers[p] + s.hub[p] == T.workers and s.workers[p] >= 0 and s.hub[p] >= 0
        for a in range(2, 11):
            assert 0 <= sum(s.wh[p][3 * a: 3 * a + 3]) <= T.cap
        assert s.aside[p] >= 0 and all(x >= 0 for x in s.supply[p])
        assert s.tokens[p] + sum(1 for f in s.fac if f == p) == T.tokens
    if "capacity" in T.flags:
        for v in (0, 1):
            assert sum(sum(x) for x in s.cargo[v]) <= T.capacity


@FAST
@given(configs)
def test_invariants_rounds_and_settlements(c):
    s = new(c)
    events = []
    s.listener = lambda k, d: events.append((k, d.get("round"), d.get("which")))
    rng = random.Random(c["seed"])
    steps = 0
    while not s.is_over():
        check_invariants(s)
        seat = s.to_act()[0]
        la = s.legal_actions(seat)
        assert 1 <= len(la) <= 80
        s.apply(seat, rng.choice(la))
        steps += 1
    check_invariants(s)
    assert [r for k, r, _ in events if k == "round_end"] == list(range(1, 9))
    assert [(r, kind) for k, r, kind in events if k == "settlement"] == [(4, "midterm"), (8, "final")]
    assert s.round == 8


@FAST
@given(configs)
def test_replay_and_from_view_reproduce_view(c):
    play_replay_and_views(new(c), c["seed"] + 1, every=25)


@FAST
@given(configs)
def test_no_hidden_information(c):
    s = new(c)
    rng = random.Random(c["seed"] + 2)
    for step in range(rng.randrange(1, 300)):
        if s.is_over():
            return
        if step % 20 == 0:
            for seat in range(s.players):
                o = s.observation(seat)
                assert "request_deck" not in o and "business_deck" not in o and "rng" not in o
                # everything but deck order is open: another seat's resample looks the same to this one
                assert s.determinize((seat + 1) % s.players, Rng(step + 7)).observation(seat) == o
                determinize_sound(s, seat, step)
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))


@FAST
@given(configs, st.integers(0, 10**6))
def test_illegal_and_malformed_actions_leave_state_unchanged(c, k):
    from soan.games.asian_delivery.actions import (
        AreaPick,
        BuildAt,
        CubePick,
        DraftPick,
        Load,
        PlayCard,
        RequestPick,
    )

    s = new(c)
    rng = random.Random(k)
    for _ in range(rng.randrange(0, 200)):
        if s.is_over():
            return
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    if s.is_over():
        return
    seat = s.to_act()[0]
    refused_unchanged(s, seat, [PlayCard(999, "up"), PlayCard(0, "sideways"), Load("plane", "L"), AreaPick(11),
                                CubePick("X"), RequestPick(-1), BuildAt(1, "office"), DraftPick("request", 999)])
    refused_unchanged(s, (seat + 1) % s.players, s.legal_actions(seat))

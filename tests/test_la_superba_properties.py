"""La Superba property tests: random games over seeds, player counts, variant sets and parameters."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import soan
from contract import play_replay_and_views
from soan.core.rng import Rng

VARIANTS = ["weather-double", "lean-weather", "no-serials", "accent-cards", "weather-4"]

configs = st.fixed_dictionaries({
    "seed": st.integers(0, 2**31),
    "players": st.sampled_from([3, 4]),
    "variants": st.lists(st.sampled_from(VARIANTS), unique=True, max_size=5),
    "item_effect": st.sampled_from(["exclusive", "all"]),
    "crew": st.booleans(),
    "item_tie": st.sampled_from(["none", "all"]),
})
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new(c):
    params = {"item_effect": c["item_effect"], "crew_power_with_ships": c["crew"]}
    if "no-serials" in c["variants"]:
        params["item_tie"] = c["item_tie"]
    return soan.make("la-superba", players=c["players"], seed=c["seed"], variants=c["variants"], params=params)


def chits_conserved(s):
    for i in range(s.players):
        total = sum(s.supply[3 * i: 3 * i + 3]) + sum(s.lost[3 * i: 3 * i + 3]) + len(s.delivered[i])
        if s.phase == "deliver":
            total += sum(s.carried[i])
        assert total == 12, (i, total)


def play_out(s, rng, check=None):
    moves = []
    while not s.is_over():
        seat = rng.choice(s.to_act())
        a = rng.choice(s.legal_actions(seat))
        if check:
            check(s, seat)
        s.apply(seat, a)
        moves.append((seat, a))
    return moves


@FAST
@given(configs)
def test_invariants_over_random_games(c):
    s = new(c)
    rng = random.Random(c["seed"])

    def check(s, seat):
        chits_conserved(s)
        if s.phase == "voyage":
            expect = 5 if s.played[seat] is None else 2  # 5 cards before a voyage, 2 after
            assert len(s.hands[seat]) == expect
        for i in range(s.players):
            assert len(s.hands[i]) in (2, 5)
        cards = list(s.deck) + [x for h in s.hands for x in h] + [x for p in s.played if p for x in p]
        assert sorted(cards + [s.community]) == list(s.R.deck)

    play_out(s, rng, check)
    chits_conserved(s)
    assert s.is_over() and s.round == 5 and len(s.history) == 5  # LS-E1
    events = s.cfg.components.trade_cards
    for h in s.history:
        ev = s.R.events[[t.id for t in events].index(h["event"])]
        table = ev.quotas or s.R.quotas
        for i in range(s.players):
            q = table[min(h["ranks"][i], len(table)) - 1]
            if h["all_tied"] or (ev.last_loses and h["ranks"][i] == max(h["ranks"])):
                q = 0
            assert h["quotas"][i] == q
            assert sum(h["delivered"][i]) == min(q, sum(h["carried"][i]))
    # scores equal the chit values after event effects, recomputed from the public history
    expect = [0] * s.players
    for h in s.history:
        ev = s.R.events[[t.id for t in events].index(h["event"])]
        for i in range(s.players):
            for g, name in enumerate(("pepper", "glass", "silk")):
                down = i in h["effects"]["pepper"] or ev.face_down[g]
                expect[i] += h["delivered"][i][g] * ((3 if down else 1) + ev.bonus[g])
                _ = name
    assert s.scores() == expect
    assert sorted(s.ranks())[0] == 1
    if "no-serials" not in c["variants"]:
        assert sorted(s.ranks()) == list(range(1, s.players + 1))  # the base rules leave no ties


@FAST
@given(configs)
def test_replay_and_from_view_reproduce_view(c):
    play_replay_and_views(new(c), c["seed"] + 1, every=1)


@FAST
@given(configs)
def test_no_hidden_information_in_observations(c):
    """determinize resamples exactly what a seat cannot see: another seat's observation is unchanged
    by it, and the seat's own observation is unchanged too."""
    s = new(c)
    rng = random.Random(c["seed"] + 2)
    steps = 0
    while not s.is_over() and steps < 40:
        steps += 1
        for seat in range(s.players):
            d = s.determinize(seat, Rng(steps))
            assert d.observation(seat) == s.observation(seat)
            assert d.legal_actions(seat) == s.legal_actions(seat)
            o = s.observation(seat)
            for other in range(s.players):
                if other != seat:
                    assert "hands" not in o and "deck" not in o and "choice" not in o
        seat = rng.choice(s.to_act())
        s.apply(seat, rng.choice(s.legal_actions(seat)))


@FAST
@given(configs)
def test_determinize_depends_only_on_the_observation(c):
    s = new(c)
    rng = random.Random(c["seed"] + 3)
    for _ in range(rng.randrange(0, 30)):
        if s.is_over():
            return
        seat = rng.choice(s.to_act())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    if s.is_over():
        return
    for seat in range(s.players):
        # a state that looks the same to `seat` (resampled for `seat` itself), so the assertion is
        # reached for every seat of every sample (determinizing for another seat reached it 2 in 833)
        other = s.determinize(seat, Rng(99))
        assert other.observation(seat) == s.observation(seat)
        a = s.determinize(seat, Rng(7)).view()
        b = other.determinize(seat, Rng(7)).view()
        assert a == b


@FAST
@given(configs, st.integers(0, 10**6))
def test_illegal_and_malformed_actions_leave_state_unchanged(c, k):
    s = new(c)
    rng = random.Random(k)
    play = None
    for _ in range(rng.randrange(0, 30)):
        if s.is_over():
            break
        seat = rng.choice(s.to_act())
        a = rng.choice(s.legal_actions(seat))
        play = a if a.kind == "play" else play
        s.apply(seat, a)
    before = s.view()
    seats = list(range(s.players))
    bad = [("x", None), (9, None)]
    from soan.games.la_superba.actions import CARRY, DELIVER

    for seat in seats:
        legal = set(s.legal_actions(seat))
        for a in [CARRY[(3, 3, 1)], CARRY[(0, 0, 0)], DELIVER[(7, 0, 0)], play] + [x for x in CARRY.values()][:5]:
            if a is not None and a not in legal:
                bad.append((seat, a))
    for seat, a in bad:
        try:
            s.apply(seat, a)
        except soan.IllegalAction:
            pass
        else:  # pragma: no cover - a failure of the property
            raise AssertionError(f"{a} by {seat} was accepted")
        assert s.view() == before

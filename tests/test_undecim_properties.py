"""Undecim property tests: random games and campaigns over seeds, player counts and variant sets."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import soan
from contract import determinize_sound, play_replay_and_views, refused_unchanged

configs = st.fixed_dictionaries({
    "seed": st.integers(0, 2**31),
    "players": st.sampled_from([3, 4]),
    "variants": st.lists(st.sampled_from(["bonus-lock", "one-card-hand", "no-retake"]), unique=True),
    "campaign": st.booleans(),
})
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new(c):
    return soan.make("undecim", players=c["players"], seed=c["seed"], variants=c["variants"],
                     params={"campaign": c["campaign"]})


def conserved(s):
    res = list(s.deck) + s.discard + s.frontier + [x // 10 for lo in s.loose for x in lo] + \
        [x // 10 for ss in s.settl for _, cs in ss for x in cs] + ([s.drawn] if s.drawn is not None else [])
    assert sorted(res) == list(range(100))
    acts = [c for h in s.hands for c in h] + s.normal + s.bonus
    assert sorted(acts) == list(range(11))
    for i in range(s.players):
        cnt = [0] * 10
        for x in s.loose[i]:
            cnt[x % 10] += 1
        assert cnt == s.cnt[i]


def recompute_final(v):
    """UN-F1..F4 from a view alone."""
    n = v["players"]
    r = v["rules"]
    cnt = [[0] * 10 for _ in range(n)]
    for i, lo in enumerate(v["loose"]):
        for x in lo:
            cnt[i][x % 10] += 1
    out = [[0, 0, 0, 0] for _ in range(n)]
    for land in range(4):
        most = max(c[land] for c in cnt)
        who = [i for i in range(n) if most and cnt[i][land] == most]
        for i in who:
            out[i][0] += r["land_majority"][0] if len(who) == 1 else r["land_majority"][1]
    for i in range(n):
        for _, cards in v["settlements"][i]:
            if len(cards) >= 2:
                out[i][1] += r["buildings"][min(len(cards), 5) - 2]
        out[i][2] = cnt[i][9] * len(v["settlements"][i]) * r["gold_rate"]
    fewest = min(c[8] for c in cnt)
    who = [i for i in range(n) if cnt[i][8] == fewest]
    for i in who:
        out[i][3] = -(r["enemy_penalty"][0] if len(who) == 1 else r["enemy_penalty"][1])
    return out


@FAST
@given(configs)
def test_invariants_over_random_games_and_campaigns(c):
    s = new(c)
    rng = random.Random(c["seed"])
    while not s.is_over():
        conserved(s)
        if s.stage == "take" and s.turn_no > 0:
            assert len(s.frontier) >= s.rules[4] or not (s.deck or s.discard)
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    conserved(s)
    seasons = 3 if c["campaign"] else 1
    assert s.season == seasons and len(s.results) == seasons
    for k in range(1, seasons + 1):
        turns = [sum(1 for e in s.log if e[0] == k and e[1] == i) for i in range(s.players)]
        assert turns == [5] * s.players
    v = s.view()
    fin = recompute_final(v)
    for i, d in enumerate(v["ledger"]):
        assert [d["majority"], d["buildings"], d["gold"], d["enemy"]] == fin[i]
    assert sorted(s.ranks()) == list(range(1, s.players + 1))


@FAST
@given(configs)
def test_replay_and_from_view_reproduce_view(c):
    play_replay_and_views(new(c), c["seed"] + 1, every=3)


@FAST
@given(configs)
def test_no_hidden_information_and_determinize_from_observation_only(c):
    s = new(c)
    rng = random.Random(c["seed"] + 2)
    for step in range(rng.randrange(1, 80)):
        if s.is_over():
            return
        for seat in range(s.players):
            determinize_sound(s, seat, step)
        o = s.observation(0)
        assert "hands" not in o and "deck" not in o and "rng" not in o
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))


@FAST
@given(configs, st.integers(0, 10**6))
def test_illegal_and_malformed_actions_leave_state_unchanged(c, k):
    from soan.games.undecim.actions import SKIP, Develop, Pick, Play, Settle, Take

    s = new(c)
    rng = random.Random(k)
    for _ in range(rng.randrange(0, 60)):
        if s.is_over():
            return
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    if s.is_over():
        return
    seat = s.to_act()[0]
    refused_unchanged(s, seat, [Take("nothing"), Play("explore"), Pick("gold"), Settle("stone", "stone"),
                                Develop(9, "gold"), SKIP])
    for bad_seat in [(seat + 1) % s.players, -1, "0"]:
        refused_unchanged(s, bad_seat, s.legal_actions(seat)[:1])

"""Bots that play the rule asked about: a variant that pays for something the base game does not
counts in the bots' evaluation only when the variant is on (the base game's play stays the same);
a variant that changes what a choice costs changes the bots' choice (AD-V10 at the retrieval)."""

from __future__ import annotations

import soan
from ad_helpers import Situation, base
from soan.agents import make_agent
from soan.agents.base import SeatView
from soan.games.asian_delivery.evaluate import WEIGHTS, seat_value
from soan.games.asian_delivery.model import TOWER, WAREHOUSE_AREAS, fac_slot, wh_slot


def _with_tower_and_cubes(variants, cubes):
    s = soan.make("asian-delivery", players=4, seed=3, variants=variants)
    a = WAREHOUSE_AREAS[0]
    s.fac[fac_slot(a, TOWER)] = 0
    s.wh[0][wh_slot(a, 0)] = cubes
    return s


def test_ad_v13_stored_points_count_for_the_bots_only_with_the_variant():
    """AD-V13 pays 1 VP at each round end per area holding the seat's ad tower and stored_vp_min (3) of
    its cubes: the normal bot's value of such an area is the round ends still to come; without the
    variant the same position is worth what it was (the base game's decisions do not change)."""
    rounds_left = 8 - 1 + 1
    on = [seat_value(_with_tower_and_cubes(["stored-vp"], k), 0, WEIGHTS) for k in (0, 2, 3)]
    off = [seat_value(_with_tower_and_cubes([], k), 0, WEIGHTS) for k in (0, 2, 3)]
    assert on[2] - off[2] - (on[0] - off[0]) == rounds_left * 1.0  # a paying area: 1 VP × 8 round ends
    assert 0 < on[1] - off[1] - (on[0] - off[0]) < rounds_left  # two of three cubes: on the way there
    assert (on[0] - off[0]) == 0.0  # a tower with no cubes stored pays nothing yet


def _decide_retrieval(variants, up, down, workers=2):
    """The normal bot's AD-T5 decision for seat 0 holding `up` of its base cards face up (sideways) and
    `down` business cards face down in its play area, the other base cards in hand, with `workers` in
    supply and the rest on ①."""
    sit = Situation(seat=0, variants=variants)
    s0 = sit.state()
    faced = [base(s0, 0, k) for k in range(up)]
    hidden = sit.v["business_deck"][:down]
    sit.v["business_deck"] = sit.v["business_deck"][down:]
    sit.v["play"][0] = [[c, 1] for c in faced] + [[c, 0] for c in hidden]
    sit.v["hands"][0] = [base(s0, 0, k) for k in range(up, 4)]
    sit.v["workers"][0], sit.v["hub_workers"][0] = workers, 4 - workers
    sit.v["stack"] = [["end_turn", 0], ["retrieve", 0]]
    s = sit.state()
    return str(make_agent("normal", seed=1).act(SeatView(s, 0)))


def test_ad_t5_the_normal_bot_rests_when_waiting_brings_back_more_workers():
    """AD-T5: two face-up cards bring back no worker, three bring back one: with two face up and few
    cards held, the normal bot leaves its play area standing (a card more next turn pays a worker);
    with many cards held out of the next turn, or four face up (two workers now), it retrieves."""
    assert _decide_retrieval([], up=2, down=1) == "retrieve no"
    assert _decide_retrieval([], up=2, down=6) == "retrieve"
    assert _decide_retrieval([], up=4, down=0) == "retrieve"


def test_ad_v10_worker_decay_makes_the_normal_bot_retrieve_where_it_would_rest():
    """AD-V10: a turn ended without retrieving costs a worker from supply, so where the base game's bot
    waits (two face-up cards), the bot under AD-V10 retrieves; with no worker in supply there is
    nothing to lose and it waits in both."""
    assert _decide_retrieval([], up=2, down=1) == "retrieve no"
    assert _decide_retrieval(["worker-decay"], up=2, down=1) == "retrieve"
    assert _decide_retrieval(["worker-decay"], up=2, down=1, workers=0) == "retrieve no"

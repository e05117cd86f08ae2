"""Bots that play the rule asked about: a variant that pays for something the base game does not
counts in the bots' evaluation only when the variant is on (the base game's play stays the same);
a variant that changes what a choice costs changes the bots' choice (AD-V10 at the retrieval)."""

from __future__ import annotations

import pytest

import soan
from ad_helpers import Situation, base, biz
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


def _retrieval_state(variants, up, down, workers=2, resident=None, extra_hand=0):
    """Seat 0 at its AD-T5 decision, holding `up` of its base cards face up (sideways), the business
    card `resident` upright if named, and `down` business cards face down in its play area, the other
    base cards and `extra_hand` business cards in hand, with `workers` in supply and the rest on ①."""
    sit = Situation(seat=0, variants=variants)
    s0 = sit.state()
    deck = sit.v["business_deck"]
    res = [] if resident is None else [biz(s0, resident)]
    for c in res:
        deck.remove(c)
    hidden, extra = deck[:down], deck[down:down + extra_hand]
    sit.v["business_deck"] = deck[down + extra_hand:]
    sit.v["play"][0] = ([[c, 2] for c in res] + [[base(s0, 0, k), 1] for k in range(up - len(res))]
                        + [[c, 0] for c in hidden])
    sit.v["hands"][0] = [base(s0, 0, k) for k in range(up - len(res), 4)] + extra
    sit.v["workers"][0], sit.v["hub_workers"][0] = workers, 4 - workers
    sit.v["stack"] = [["end_turn", 0], ["retrieve", 0]]
    sit.v["turn"]["played"] = len(sit.v["play"][0])
    return sit.state()


def _decide_retrieval(variants, up, down, workers=2, resident=None, extra_hand=0):
    """The normal bot's AD-T5 decision in `_retrieval_state`."""
    s = _retrieval_state(variants, up, down, workers, resident, extra_hand)
    return str(make_agent("normal", seed=1).act(SeatView(s, 0)))


def test_ad_t5_the_normal_bot_rests_when_waiting_brings_back_more_workers():
    """AD-T5: two face-up cards bring back no worker, three bring back one: with two face up and few
    cards held, the normal bot leaves its play area standing (a card more next turn pays a worker);
    with many cards held out of the next turn, or four face up (two workers now), it retrieves."""
    assert _decide_retrieval([], up=2, down=1) == "retrieve no"
    assert _decide_retrieval([], up=2, down=6) == "retrieve"
    assert _decide_retrieval([], up=4, down=0, extra_hand=1) == "retrieve"


def test_ad_t5_waiting_counts_only_the_workers_on_the_hub_and_not_the_residents_held():
    """The next retrieval brings back at most the workers standing on ①: four face-up cards and one more
    would bring back three, but with one worker on ① waiting gains nothing over retrieving now. An
    upright resident keeps its effect (AD-T3) and is not a card kept out of the next turn: with it,
    one card sideways and four face down the bot waits; with a second card sideways in its place it
    retrieves."""
    assert _decide_retrieval([], up=4, down=0, workers=3, extra_hand=1) == "retrieve"
    assert _decide_retrieval([], up=2, down=4, resident="Publicist") == "retrieve no"
    assert _decide_retrieval([], up=2, down=4) == "retrieve"


def test_ad_t5_the_evaluation_tells_a_turn_under_way_from_one_over():
    """The same seat fields are worth the standing play area's term only once the turn is over: the
    cached evaluation gives what the uncached seat value gives, in either order (the cache's key holds
    the seat in the middle of its turn)."""
    from soan.games.asian_delivery import evaluate as ev
    from soan.games.asian_delivery.evaluate import evaluate

    during = _retrieval_state([], up=2, down=1)
    after = during.clone()
    after.apply(0, soan.parse_action("asian-delivery", "retrieve no"))
    assert after.play[0] == during.play[0] and after.workers == during.workers
    # two face up and one more next turn bring back 1 worker (0.3), three cards held out (3 × 0.05)
    assert seat_value(after, 0) - seat_value(during, 0) == pytest.approx(0.3 - 0.15)
    for order in ((during, after), (after, during)):
        ev._CTX.clear()
        for s in order:
            assert evaluate(s) == [seat_value(s, p, WEIGHTS) for p in range(s.cfg.players)]
def test_ad_v10_worker_decay_makes_the_normal_bot_retrieve_where_it_would_rest():
    """AD-V10: a turn ended without retrieving puts a worker from supply onto ①, so where the base game's bot
    waits (two face-up cards), the bot under AD-V10 retrieves; with no worker in supply there is
    nothing to lose and it waits in both."""
    assert _decide_retrieval([], up=2, down=1) == "retrieve no"
    assert _decide_retrieval(["worker-decay"], up=2, down=1) == "retrieve"
    assert _decide_retrieval([], up=2, down=1, workers=0) == "retrieve no"
    assert _decide_retrieval(["worker-decay"], up=2, down=1, workers=0) == "retrieve no"

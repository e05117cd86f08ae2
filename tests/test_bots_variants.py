"""Bots that play the rule asked about: a variant that pays for something the base game does not
counts in the bots' evaluation only when the variant is on (the base game's play stays the same)."""

from __future__ import annotations

import soan
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

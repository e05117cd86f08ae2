"""A game's own random play-out (`hooks.playout`) is only a speed-up: from any position, with any cap on the
steps and any generator, it takes the same steps as agents.greedy.random_playout to the game's
`lookahead_end`, leaving the same state and the same generator state. Checked over positions of random
games (every phase), each variant alone and all together, 3 and 4 players."""

from __future__ import annotations

import pytest

import soan
from soan.agents.greedy import random_playout
from soan.core.game import game_info
from soan.core.rng import Rng

WITH_PLAYOUT = [g["id"] for g in soan.games() if game_info(g["id"]).hooks.playout is not None]


def positions(game: str, players: int, variants: tuple[str, ...], seed: int) -> list:
    """Every position of a random game (a copy each), some with the list `legal_actions` keeps."""
    s = soan.make(game, players=players, seed=seed, variants=list(variants))
    pick = Rng(seed + 1000)
    out = []
    while not s.is_over():
        out.append(s.clone())
        seat = s.to_act()[0]
        la = s.legal_actions(seat)  # a state may keep this list for `apply`'s check
        out.append(s.clone())
        s.apply(seat, la[pick.below(len(la))])
    out.append(s)
    return out


def test_the_games_with_their_own_playout_are_the_ones_expected():
    assert {"la-superba", "undecim"} <= set(WITH_PLAYOUT)


@pytest.mark.parametrize("game", WITH_PLAYOUT)
def test_a_games_own_playout_takes_the_same_steps_as_the_generic_one(game):
    info = game_info(game)
    hooks = info.hooks
    end = hooks.lookahead_end
    mixes = [()] + [(v,) for v in info.variants] + [tuple(info.variants)]
    compared = stopped_early = 0
    for k, variants in enumerate(mixes):
        for players in info.players:
            for i, s in enumerate(positions(game, players, variants, seed=17 * k + players)):
                steps = (1, 2, 3, 5, hooks.horizon)[i % 5]  # a cap reached mid-way, or the game's own
                seed = 1000 * k + i
                a, b = s.clone(), s.clone()
                ra, rb = Rng(seed, raw=True), Rng(seed, raw=True)
                random_playout(a, steps, ra, end)
                hooks.playout(b, steps, rb)
                assert rb.state == ra.state, (variants, players, i)
                assert b.view() == a.view(), (variants, players, i)
                assert b.to_act() == a.to_act()
                compared += 1
                stopped_early += ra.state != Rng(seed, raw=True).state and not end(a) and not a.is_over()
    assert compared > 500
    assert stopped_early > 50  # the caps were reached mid-way in many positions, not only the ends

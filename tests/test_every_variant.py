"""Random games of every variant alone and of all variants together run to the end, for every game."""

from __future__ import annotations

import random

import pytest

import soan

CASES = []
for g in soan.games():
    names = [v["id"] for v in g["variants"]]
    for vs in [[], *[[v] for v in names], names]:
        for players in (3, 4):
            CASES.append((g["id"], players, vs))


@pytest.mark.parametrize("game,players,variants", CASES)
def test_random_game_runs_to_the_end(game, players, variants):
    s = soan.make(game, players=players, seed=len(variants) * 7 + players, variants=variants)
    rng = random.Random(players)
    steps = 0
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        assert legal, f"seat {seat} must decide but has no legal action"
        s.apply(seat, rng.choice(legal))
        steps += 1
        assert steps < 5000
    assert len(s.ranks()) == players and min(s.ranks()) == 1

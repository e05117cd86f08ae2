"""`fork()`, the look-ahead's copy: it plays exactly as `clone()` does and never changes the state it
came from (Asian Delivery's shares lists with it until either changes them), and the evaluation of a
fork (which reuses the values of the seats that have not moved) equals a fresh evaluation."""

from __future__ import annotations

import dataclasses
import json

import pytest

import soan
from soan.agents import base
from soan.agents.base import game_hooks
from soan.core.rng import Rng

CASES = []
for g in soan.games():
    names = [v["id"] for v in g["variants"]]
    for vs in [[], *[[v] for v in names], names]:
        CASES.append((g["id"], vs))


def _step(s, rng: Rng) -> None:
    seat = s.to_act()[0]
    la = s.legal_actions(seat)
    s.apply(seat, la[rng.below(len(la))])


def _view(s) -> str:
    return json.dumps(s.view(), sort_keys=True)


@pytest.mark.parametrize("game,variants", CASES, ids=lambda x: x if isinstance(x, str) else "+".join(x) or "base")
def test_a_fork_plays_as_a_clone_and_leaves_its_origin_alone(game, variants):
    ev = game_hooks(game).evaluate
    s = soan.make(game, players=4, seed=len(variants) + 3, variants=variants)
    rng = Rng(9)
    checked = 0
    while not s.is_over():
        if rng.below(25 if game == "asian-delivery" else 4) == 0:  # a few dozen forks a game
            before = _view(s)
            forks = [s.fork(), s.fork()]  # siblings share with s and with each other
            forks.append(forks[0].fork())  # and a fork of a fork
            for k, f in enumerate(forks):
                c = f.clone()  # an independent copy, played alike: the fork must end where it does
                seed = rng.next64()
                r1, r2 = Rng(seed), Rng(seed)
                for _ in range(1 + k * 12):
                    if f.is_over():
                        break
                    _step(f, r1)
                    _step(c, r2)
                    assert ev(f) == ev(c.clone())  # the fork's shared values equal a fresh evaluation
                assert _view(f) == _view(c)
                checked += 1
            assert _view(s) == before  # the origin never moved
        _step(s, rng)
    assert checked > 10


AD_MIXES = [vs for g, vs in CASES if g == "asian-delivery"]


@pytest.mark.parametrize("variants", AD_MIXES, ids=lambda x: "+".join(x) or "base")
def test_twin_actions_are_worth_exactly_what_their_search_finds(variants, monkeypatch):
    """Asian Delivery's look-ahead twins (cards played face down; cards the rules do not tell apart):
    greedy's values with the twins valued once equal, bit for bit, the values of searching each."""
    from soan.agents import SeatView
    from soan.agents.greedy import GreedyAgent
    from soan.games.asian_delivery.evaluate import lookahead_twin

    hooks = game_hooks("asian-delivery")
    s = soan.make("asian-delivery", players=4, seed=len(variants) + 17, variants=variants)
    rng = Rng(5)
    compared = 0
    while not s.is_over() and compared < 12:
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        keys = [lookahead_twin(s, seat, a) for a in legal]
        # action steps from round 4 on, where hands hold business cards (some alike) besides the base ones
        if s.round >= 4 and s.stack[-1][0] == "action" and len(set(keys) - {None, ("down",)}) > 1:
            view = SeatView(s, seat)
            with_twins = GreedyAgent(seed=compared).scores(view, legal)
            monkeypatch.setitem(base._HOOKS, "asian-delivery", dataclasses.replace(hooks, lookahead_twin=None))
            searched = GreedyAgent(seed=compared).scores(view, legal)
            monkeypatch.setitem(base._HOOKS, "asian-delivery", hooks)
            assert with_twins == searched
            compared += 1
        s.apply(seat, legal[rng.below(len(legal))])
    assert compared == 12

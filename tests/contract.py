"""Checks of the engine contract shared by every game's property tests."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import soan
from soan.core.records import write_record


def edited(v: dict) -> dict:
    """A hand-edited view: the derived fields dropped, so `from_view` recomputes them."""
    from soan.core.game import game_info

    keys = getattr(game_info(v["game"]).hooks, "view_derived", ()) or ()
    return {k: x for k, x in v.items() if k not in keys}


def measured_random_game(game: str, players: int, seed: int):
    """A whole game of random moves watched by the game's measures listener: (final state, the listener)."""
    from soan.core.game import game_info

    s = soan.make(game, players=players, seed=seed)
    m = game_info(game).hooks.measures(players)
    s.listener = m
    rng = random.Random(seed)
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s, m


def play_replay_and_views(s, seed: int, every: int = 1) -> None:
    """Play `s` to the end at random; every `every` steps `from_view(view())` must give the view back,
    actions must survive JSON, and the record must replay to the final view."""
    rng = random.Random(seed)
    moves = []
    k = 0
    while not s.is_over():
        if k % every == 0:
            v = s.view()
            assert soan.from_view(json.loads(json.dumps(v))).view() == v
        seat = s.to_act()[0]
        a = rng.choice(s.legal_actions(seat))
        s.apply(seat, soan.parse_action(s.game_id, json.loads(json.dumps(a.to_json()))))
        moves.append((seat, a))
        k += 1
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "g.jsonl"
        write_record(p, s, moves)
        assert soan.replay(p).view() == s.view()


def refused_unchanged(s, seat, actions) -> None:
    """Each action not legal now must raise IllegalAction and leave the view as it was."""
    before = s.view()
    legal = set(s.legal_actions(seat)) if isinstance(seat, int) and 0 <= seat < s.players else set()
    for a in actions:
        if a is None or a in legal:
            continue
        try:
            s.apply(seat, a)
        except soan.IllegalAction:
            pass
        else:  # pragma: no cover - the property failing
            raise AssertionError(f"{a} by seat {seat} was accepted")
        assert s.view() == before


def determinize_sound(s, seat: int, step: int) -> None:
    """`determinize(seat)` keeps what the seat sees and its legal actions, and depends only on the
    observation: a state resampled for the same seat (so it looks the same to it) determinizes alike."""
    from soan.core.rng import Rng

    o = s.observation(seat)
    d = s.determinize(seat, Rng(step))
    assert d.observation(seat) == o and d.legal_actions(seat) == s.legal_actions(seat)
    other = s.determinize(seat, Rng(step + 7))  # looks the same to `seat`: the assertion is always reached
    assert other.observation(seat) == o
    assert other.determinize(seat, Rng(3)).view() == s.determinize(seat, Rng(3)).view()

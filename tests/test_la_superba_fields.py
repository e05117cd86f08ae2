"""La Superba's state fields are declared once (fields.StateFields holds the slots) and every copy sets
each of them: `clone()` and `state_from_view(view())` over states mid-game. A field added to StateFields
but forgotten in clone, view or state_from_view fails here."""

from __future__ import annotations

import random

import pytest

import soan
from soan.core.rng import Rng
from soan.games.la_superba import delivery, prompts, serialise, voyage
from soan.games.la_superba.fields import StateFields
from soan.games.la_superba.rules import LaSuperba, state_from_view

FIELDS = StateFields.__slots__
BASE = ("cfg", "listener")  # GameState's own slots

# what clone shares with the original instead of copying, and why that is safe
SHARED = {
    "cfg": "the config: fixed for the game",
    "R": "the compiled rule tables: never changed",
    "round": "an int", "phase": "a str", "community": "an int, or None once over",
    "row": "a tuple", "removed": "a tuple", "rv": "a Reveal (a NamedTuple of tuples)",
    "hist": "a tuple of RoundRecords",
    "points": "a tuple of ints, replaced when chits are delivered",
    "_lc": "a tuple (seat, the cached legal actions): replaced by the next apply, the list never changed",
}
# what clone copies: lists (and the generator) the rules change in place
COPIED = ("rng", "deck", "hands", "supply", "lost", "delivered", "played", "carried", "quota", "choice")
# derived caches: a state built from a view starts without them
REBUILT = {"_lc": None}


def test_the_fields_are_declared_once_with_a_type_and_the_parts_add_no_slots():
    assert len(set(FIELDS)) == len(FIELDS)
    assert set(FIELDS) == set(StateFields.__annotations__) - {"__slots__"}
    assert set(FIELDS) == (set(SHARED) | set(COPIED)) - set(BASE)
    for part in (voyage.VoyageMixin, delivery.DeliveryMixin, serialise.ViewsMixin, prompts.TextsMixin, LaSuperba):
        assert part.__dict__["__slots__"] == (), part.__name__
        assert issubclass(part, StateFields)


def states_mid_game():
    """States after random moves (voyage, deliver and over), a few seeds, 3 and 4 players."""
    out = []
    for seed in (1, 7, 23):
        for players in (3, 4):
            s = soan.make("la-superba", players=players, seed=seed)
            pick = random.Random(seed)
            steps = 0
            while not s.is_over():
                seat = s.to_act()[0]
                s.apply(seat, pick.choice(s.legal_actions(seat)))
                steps += 1
                if steps % 5 == 0:
                    out.append(s.clone())
                    out[-1]._lc = s._lc  # as the state holds it now (cache kept by legal_actions)
            out.append(s)
    assert {s.phase for s in out} == {"voyage", "deliver", "over"}
    return out


STATES = states_mid_game()


def _value(x):
    return x.state if isinstance(x, Rng) else x


@pytest.mark.parametrize("k", range(0, len(STATES), 3))
def test_clone_sets_every_field_and_copies_the_mutable_ones(k):
    s = STATES[k]
    c = s.clone()
    for name in BASE + FIELDS:
        assert hasattr(c, name), f"clone() does not set {name}"
        if name != "listener":
            assert _value(getattr(c, name)) == _value(getattr(s, name)), name
    assert c.listener is None
    for name in COPIED:
        assert getattr(c, name) is not getattr(s, name), f"clone() shares the mutable {name}"
    for mine, theirs in zip(c.hands, s.hands, strict=True):
        assert mine is not theirs


@pytest.mark.parametrize("k", range(1, len(STATES), 3))
def test_a_state_from_its_view_sets_every_field(k):
    s = STATES[k]
    t = state_from_view(s.view())
    for name in BASE + FIELDS:
        assert hasattr(t, name), f"state_from_view does not set {name}"
        want = REBUILT[name] if name in REBUILT else _value(getattr(s, name))
        if name not in ("cfg", "listener", "R"):  # rebuilt from the view's settings
            assert _value(getattr(t, name)) == want, name
    assert t.view() == s.view()

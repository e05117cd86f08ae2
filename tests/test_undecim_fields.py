"""Undecim's state fields are declared once (fields.StateFields, each with its copy policy) and every copy
sets each of them: `clone`, `fork` and `determinize` are generated from the declaration (tests/test_layout.py
checks they are up to date), and a field the view forgets fails here."""

from __future__ import annotations

import dataclasses
import random

import pytest

import soan
from soan.core.rng import Rng
from soan.core.state import GameState
from soan.games.undecim.fields import StateFields
from soan.games.undecim.rules import Undecim, state_from_view

FIELDS = StateFields.__slots__ + GameState.__slots__

# What a copy shares with its original rather than copies (fields.py declares each field's policy; these
# are the expectations, written out independently of it):
SHARED = frozenset({"cfg", "T", "_lc"})  # the configuration, the compiled tables, the cached legal actions
SHARED_ROWS = frozenset({"settl"})  # per-seat lists of tuples, replaced whole on change, never changed in place
FORK_SHARED_ROWS = SHARED_ROWS | {"hands", "known", "loose", "cnt", "ledger"}  # a fork's: copied on write (`_mine`)


def test_each_field_is_declared_once_with_its_type_and_slot():
    own = StateFields.__dict__["__annotations__"]
    assert isinstance(StateFields.__slots__, tuple)
    assert len(set(StateFields.__slots__)) == len(StateFields.__slots__)
    assert list(own) == list(StateFields.__slots__)  # one annotation per slot, in the same order
    assert not set(StateFields.__slots__) & set(GameState.__slots__)  # cfg and listener: GameState's own
    assert SHARED | SHARED_ROWS | FORK_SHARED_ROWS <= set(FIELDS)
    for cls in Undecim.__mro__:  # every part of the state adds no slot
        if cls not in (StateFields, GameState, object):
            assert cls.__dict__.get("__slots__") == (), cls
    assert not hasattr(Undecim.new(soan.make("undecim", players=3, seed=1).cfg), "__dict__")


CASES = [(1, 3, ("bonus-lock",), False), (2, 4, (), True), (3, 3, ("no-retake", "one-card-hand"), True),
         (4, 4, (), False)]


def _played(case, moves: int | None):
    """A game of `case` after `moves` random moves (None: to its end); the number of moves made."""
    seed, players, variants, campaign = case
    s = soan.make("undecim", players=players, seed=seed, variants=list(variants), params={"campaign": campaign})
    r = random.Random(seed)
    n = 0
    while not s.is_over() and n != moves:
        seat = s.to_act()[0]
        s.apply(seat, r.choice(s.legal_actions(seat)))
        n += 1
    return s, n


def _states():
    """States part way through games (every stage comes up), of a few seeds, sizes and variants."""
    for case in CASES:
        _, total = _played(case, None)
        for moves in range(5, total, 23):
            s = _played(case, moves)[0]
            yield s
            if moves % 2:  # and a sample of it (its deck shuffled as it is drawn: `_dpend`)
                yield s.determinize(s.to_act()[0], Rng(moves))


STATES = list(_states())


def _own(name: str, a, b, rows_shared: bool, path: str = "") -> None:
    """`b` (the copy's) holds no mutable object of `a` (the original's), rows of a shared-rows field aside."""
    where = name + path
    if isinstance(a, list | dict | set):
        assert a is not b, f"{where}: the copy shares the original's list"
        if not rows_shared:
            for k, (x, y) in enumerate(zip(a, b, strict=True)):
                _own(name, x, y, False, f"{path}[{k}]")
    elif isinstance(a, tuple):
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            _own(name, x, y, False, f"{path}[{k}]")
    elif a is None or isinstance(a, int | str | float):
        pass
    elif dataclasses.is_dataclass(a) and a.__dataclass_params__.frozen:  # model.Step
        pass
    else:  # the generator
        assert a is not b, f"{where}: the copy shares the original's {type(a).__name__}"


def _check(s, c, fork: bool = False) -> None:
    assert type(c) is Undecim
    for f in FIELDS:
        assert hasattr(c, f), f"{f} is not set by the copy"
    assert c.listener is None
    for f in FIELDS:
        if f not in SHARED:
            _own(f, getattr(s, f), getattr(c, f), f in (FORK_SHARED_ROWS if fork else SHARED_ROWS))


def _same(s, c, skip: tuple[str, ...] = ()) -> None:
    for f in FIELDS:
        if f in skip:
            continue
        a, b = getattr(s, f), getattr(c, f)
        if isinstance(a, Rng):
            assert a.state == b.state, f
        else:
            assert a == b, f


@pytest.mark.parametrize("k", range(len(STATES)))
def test_clone_sets_every_field_and_owns_its_lists(k):
    s = STATES[k]
    c = s.clone()
    _check(s, c)
    _same(s, c, skip=("_own",))


@pytest.mark.parametrize("k", range(len(STATES)))
def test_fork_sets_every_field_and_shares_only_per_seat_rows(k):
    s = STATES[k].clone()
    c = s.fork()
    _check(s, c, fork=True)
    _same(s, c)


@pytest.mark.parametrize("k", range(len(STATES)))
def test_determinize_sets_every_field(k):
    s = STATES[k]
    c = s.determinize(s.to_act()[0], Rng(k))
    _check(s, c)


@pytest.mark.parametrize("k", range(len(STATES)))
def test_the_view_rebuilds_every_field(k):
    s = STATES[k].clone()
    c = state_from_view(s.view())  # view() places a sample's deck: `s` is read after it
    _check(s, c)
    _same(s, c, skip=("cfg", "_lc", "_own"))

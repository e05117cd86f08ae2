"""Asian Delivery's state fields, declared once (fields.py `StateFields`), are all carried by every copy:
`clone()`, `fork()` and `state_from_view(view())` set every slot to the original's value (but the few
named below, which each copy resets or rebuilds by design), and a copy shares no mutable object with its
original but those named below. A field added to `StateFields` and forgotten in `clone`, `fork` or the
view fails here."""

from __future__ import annotations

import pytest

import soan
from soan.core.actions import Action
from soan.core.rng import Rng, seed_from
from soan.core.state import GameState
from soan.games.asian_delivery import effects, options, prompts, rounds, steps
from soan.games.asian_delivery.fields import StateFields
from soan.games.asian_delivery.model import Op
from soan.games.asian_delivery.rules import AsianDelivery, state_from_view

FIELDS = GameState.__slots__ + StateFields.__slots__
VARIANTS = [v["id"] for g in soan.games() if g["id"] == "asian-delivery" for v in g["variants"]]

# what a copy sets anew rather than copies: the listener (measures watch the original only), the copy on
# write bits (`_own`), a look-ahead's shared values (`_ev`, `_moved`); a view's state computes its cached
# legal actions (`_lc`) anew
RESET = {"listener": None, "_own": -1, "_ev": None, "_moved": 0}
RESET_BY = {"clone": RESET, "fork": {"listener": None, "_own": 0}, "view": {**RESET, "_lc": None}}

# field -> the depth from which a copy may hold the original's very objects (0: the field's value itself,
# 1: its items, 2: their items): the configuration and the compiled tables (never changed), the cached
# legal actions (replaced, never changed in place), and for `fork` (copy on write, `_mine`/`_own_decks`)
# every seat's lists, the decks and discards, and the look-ahead's shared values
SHARED = {"cfg": 0, "T": 0, "_lc": 0}
SHARED_BY = {
    "clone": SHARED,
    "fork": {**SHARED, "_ev": 0, "req_deck": 0, "req_disc": 0, "biz_deck": 0, "biz_disc": 0,
             "supply": 1, "wh": 1, "hands": 1, "play": 1, "orders": 1, "done": 1, "cargo": 2},
    "view": {"T": 0},
}
IMMUTABLE = (int, str, float, type(None), Op, Action)  # frozen dataclasses


def _copies(s: AsianDelivery) -> dict[str, AsianDelivery]:
    return {"clone": s.clone(), "fork": s.fork(), "view": state_from_view(s.view())}


def _value(x):
    """A field's value for comparison (a generator compares by its state)."""
    return ("rng", x.state) if isinstance(x, Rng) else x


def _shared(a, b, path: str, from_depth: int | None, depth: int = 0) -> list[str]:
    """Where `b` holds the very mutable objects of `a` (lists, dicts, a generator ...), above `from_depth`."""
    if (from_depth is not None and depth >= from_depth) or isinstance(a, IMMUTABLE):
        return []
    out = [path] if a is b and not isinstance(a, tuple) else []
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):  # tuples (frames): what they hold
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            out += _shared(x, y, f"{path}[{i}]", from_depth, depth + 1)
    elif isinstance(a, dict) and isinstance(b, dict):
        for k in a.keys() & b.keys():
            out += _shared(a[k], b[k], f"{path}[{k!r}]", from_depth, depth + 1)
    return out


def _mid_game_states():
    """States some way into random games (some forked already, some with their legal actions cached),
    base game and variants: each played anew from the start to its point."""
    for k, (players, variants) in enumerate([(3, []), (3, VARIANTS), (4, []), (4, VARIANTS),
                                             (3, ["round-end-unload"])]):
        for moves in range(37 + 11 * k, 2000, 41 + 7 * k):
            s = soan.make("asian-delivery", players=players, seed=11 + k, variants=variants)
            rng = Rng(k)
            for _ in range(moves):
                if s.is_over():
                    break
                seat = s.to_act()[0]
                la = s.legal_actions(seat)
                s.apply(seat, la[rng.below(len(la))])
            if s.is_over():
                break
            if moves % 2:
                s.fork()  # the original now shares its lists with a fork (`_own` 0, `_ev` set)
            if moves % 3:
                s.legal_actions(s.to_act()[0])  # the cache of legal actions set
            yield f"{players}p-seed{11 + k}-{moves}", s


STATES = list(_mid_game_states())


def test_the_fields_are_declared_once_and_slotted():
    slots = StateFields.__slots__
    assert len(slots) == len(set(slots)) and not set(slots) & set(GameState.__slots__)
    assert set(StateFields.__annotations__) == set(slots)  # every field typed, every typed name a slot
    for cls in (AsianDelivery, steps.StepsMixin, options.OptionsMixin, effects.EffectsMixin,
                rounds.RoundsMixin, prompts.TextsMixin):
        assert cls.__dict__["__slots__"] == (), cls  # the slots live on StateFields only
        assert issubclass(cls, StateFields)
    assert not hasattr(STATES[0][1], "__dict__")
    assert len(STATES) > 30 and any(s._ev is not None for _, s in STATES)


@pytest.mark.parametrize("how", ["clone", "fork", "view"])
def test_every_copy_sets_every_field_to_the_originals_value(how):
    for name, s in STATES:
        c = _copies(s)[how]
        for f in FIELDS:
            assert hasattr(c, f), f"{how} of {name} leaves {f} unset"
            want = RESET_BY[how].get(f, getattr(s, f))
            if how == "fork" and f in ("_ev", "_moved"):
                want = getattr(s, f)  # a fork takes its origin's (set by the fork call)
            got = getattr(c, f)
            if how == "view" and f == "_lc" and got is not None:  # rebuilt by the view's checks
                want = s._options(s.stack[-1])
            if how == "view" and f == "hands":  # a view lists a hand sorted (its order has no bearing)
                got, want = [sorted(x) for x in got], [sorted(x) for x in want]
            assert _value(got) == _value(want), f"{how} of {name}: {f}"


@pytest.mark.parametrize("how", ["clone", "fork", "view"])
def test_a_copy_shares_no_mutable_object_but_the_named_ones(how):
    for name, s in STATES:
        c = _copies(s)[how]
        for f in FIELDS:
            found = _shared(getattr(s, f), getattr(c, f), f, SHARED_BY[how].get(f))
            assert not found, f"{how} of {name} shares {found[:3]} with its original"


def test_a_fork_and_its_origin_play_apart():
    """What a fork shares (copy on write) it copies before changing: the origin's view stays."""
    for _, s in STATES[::5]:
        before = s.view()
        f = s.fork()
        rng = Rng(3)
        for _ in range(40):
            if f.is_over():
                break
            seat = f.to_act()[0]
            la = f.legal_actions(seat)
            f.apply(seat, la[rng.below(len(la))])
        assert s.view() == before


def test_a_samples_decks_are_shuffled_as_drawn_in_the_whole_shuffles_order():
    """`determinize` shuffles a sample's decks as their cards are drawn (core.rng.shuffle_later): draws take
    the cards, and a view lists the decks, in the order of the whole shuffle from the same state."""
    s = next(x for _, x in STATES if len(x.req_deck) >= 3 and len(x.biz_deck) >= 3)
    for k in range(4):
        sample = s.determinize(0, Rng(k))
        r = Rng(seed_from(Rng(k)), raw=True)
        req, biz = sorted(s.req_deck), sorted(s.biz_deck)
        r.shuffle(req)
        r.shuffle(biz)
        a, b = sample.fork(), sample.fork()  # each draws on its own copy of the shared decks
        a.req_disp.clear()
        a._refill("req", 3)
        b.biz_disp.clear()
        b._refill("biz", 3)
        assert a.req_disp == req[:-4:-1] and b.biz_disp == biz[:-4:-1]
        assert sorted(a.req_deck) == sorted(req[:-3])  # the rest: the same cards, not yet in their order
        v = sample.view()
        assert v["request_deck"] == req and v["business_deck"] == biz
        assert sample.req_deck == req and sample._req_pend is None and sample._biz_pend is None

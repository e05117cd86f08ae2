"""Hand-edited views: removed entries, nulls, wrong types and inconsistent positions are refused with
soan's errors naming the field; a view `from_view` accepts is a position the engine can play on."""

from __future__ import annotations

import copy
import json
import random

import pytest

import soan
from contract import edited
from soan.core.game import game_info

ALL = [g["id"] for g in soan.games()]
GAMES = [g for g in ALL if game_info(g).hooks.view_model is not None]  # views checked by core/viewcheck.py


def midgame(game, seed, steps):
    s = soan.make(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def leaves(x, path=()):
    """Every (path, value) in a JSON value, containers included."""
    yield path, x
    if isinstance(x, dict):
        for k, v in x.items():
            yield from leaves(v, (*path, k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from leaves(v, (*path, i))


def put(v, path, value):
    node = v
    for k in path[:-1]:
        node = node[k]
    if value is KeyError:
        if isinstance(node, dict):
            del node[path[-1]]
        else:
            node.pop(path[-1])
    else:
        node[path[-1]] = value


WEIRD = [None, KeyError, -1, 10**12, 10**5000, "1", 1.5, True, [], {}, [None], "x" * 3, -(10**30)]


def play_on(s, rng, steps=60):
    """An accepted view must be playable: legal actions exist for whoever is to act, applying works."""
    for _ in range(steps):
        if s.is_over():
            return
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        assert legal, f"seat {seat} to act with no legal action"
        s.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("game", GAMES)
def test_edited_views_raise_only_soan_errors_and_accepted_ones_play(game):
    """A bounded fuzz: ~600 single edits per game over three positions."""
    rng = random.Random(9)
    accepted = refused = 0
    for steps in (0, 17, 61):
        base = midgame(game, 5, steps).view()
        spots = list(leaves(base))[1:]
        for _ in range(200):
            path, _ = rng.choice(spots)
            v = copy.deepcopy(base)
            put(v, path, rng.choice(WEIRD))
            try:
                s = soan.from_view(v)
            except (soan.IllegalAction, soan.ConfigError) as e:
                assert str(e)
                refused += 1
                continue
            accepted += 1
            play_on(s, random.Random(accepted))
    assert refused > 300  # most single edits break a typed, conserved view


@pytest.mark.parametrize("game", GAMES)
def test_views_are_not_json_objects(game):
    for v in (None, [], "view", 5, {"game": 5}, {"game": game}, {"game": game, "players": "4"}):
        with pytest.raises((soan.IllegalAction, soan.ConfigError)):
            soan.from_view(v)


def test_la_superba_view_errors_name_the_field():
    v = midgame("la-superba", 2, 3).view()
    cases = [
        (("hands", 2, 1), 999, r"view.hands\[2\]\[1\]: card 999 does not exist"),
        (("hands", 2, 1), "7", r"view.hands\[2\]\[1\]: Input should be a valid integer"),
        (("supply", 1, 2), 0, r"view.supply\[1\]: seat 1 has \d silk chits .* exactly 4"),  # chits vanish
        (("lost", 0, 0), 1, r"view.supply\[0\]: seat 0 has 5 pepper"),  # a chit from nothing
        (("row",), [0, 0, 1, 2, 3], r"view.row"),  # trade row not distinct
        (("hand_sizes",), [1, 1, 1, 1], r"view.hand_sizes: .* does not match"),
        (("round",), 9, r"view.round"),
        (("phase",), "sailing", r"view.phase"),
        (("rng",), -1, r"view.rng"),
        (("delivered", 0), [[1, 7, 1]], r"view.delivered\[0\]\[0\]\[1\]|chit"),
    ]
    for path, value, words in cases:
        w = copy.deepcopy(v)
        put(w, path, value)
        with pytest.raises(soan.IllegalAction, match=words):
            soan.from_view(w)
    w = copy.deepcopy(v)
    w["hands"][0][0], w["deck"][0] = w["deck"][0], w["hands"][0][0]  # a swap keeps every card in one place
    soan.from_view(edited(w))


def test_undecim_view_errors_name_the_field():
    s = midgame("undecim", 4, 40)
    v = s.view()
    seat = next(i for i, ss in enumerate(v["settlements"]) if ss) if any(v["settlements"]) else None
    cases = [
        (("hands", 2, 1), "dragon", r"view.hands\[2\]\[1\]: card 'dragon' does not exist"),
        (("council", "normal"), [], r"are nowhere"),
        (("stage",), "dance", r"view.stage"),
        (("hand_sizes",), [0, 0, 0, 0], r"view.hand_sizes"),
    ]
    if seat is not None:
        cases.append((("settlements", seat, 0, 0), 100, r"view.settlements\[\d\]\[0\]\[0\]: kind 100"))
    for path, value, words in cases:
        w = copy.deepcopy(v)
        put(w, path, value)
        with pytest.raises(soan.IllegalAction, match=words):
            soan.from_view(json.loads(json.dumps(w)))
    w = copy.deepcopy(v)
    w["frontier"] += [w["deck"].pop(), w["deck"].pop()]  # every card still in one place: a frontier of 8
    assert len(soan.from_view(edited(w)).frontier) == 8  # UN-T5: legal above its size
    w = copy.deepcopy(v)
    c = w["deck"].pop()
    halves = s.T.card_halves[c]
    item = next(i for i in range(10) if i not in halves)
    w["loose"][0].append(c * 10 + item)  # a card laid as a half it does not have
    with pytest.raises(soan.IllegalAction, match=rf"view.loose\[0\]\[\d+\]: card {c} is laid as .* a half it does"):
        soan.from_view(edited(w))


@pytest.mark.parametrize("game", GAMES)
def test_the_published_view_schema_is_the_models(game):
    from pathlib import Path

    from soan.core.viewcheck import view_schema

    p = Path(__file__).parent.parent / "docs" / "views" / f"{game}.schema.json"
    assert json.loads(p.read_text(encoding="utf-8")) == view_schema(game), "run python -m soan.core.viewcheck"


@pytest.mark.parametrize("game", ALL)
def test_top_level_fields_of_the_wrong_type_are_named(game):
    """A game id that is not a string (or unknown) and settings of the wrong type: soan's error, naming
    the field, never TypeError."""
    v = soan.make(game, players=3, seed=1).view()
    for bad in (5, None, ["x"], True, {"id": game}, "no-such-game"):
        with pytest.raises(soan.ConfigError, match=r"view\.game: "):
            soan.from_view(dict(v, game=bad))
    for field, bad in (("players", "3"), ("players", 9), ("seed", "x"), ("variants", "ab"), ("params", [1]),
                       ("rng", "x"), ("round", None)):
        with pytest.raises((soan.IllegalAction, soan.ConfigError), match=rf"\b{field}\b"):
            soan.from_view(dict(v, **{field: bad}))

"""Issue 9's reproductions (La Superba, Undecim and the generic layers), each as a test of the fix."""

from __future__ import annotations

import json
import random

import pytest

import soan
from ls_helpers import situation as ls_situation
from soan.core.checks import shown
from soan.games.la_superba.actions import Carry, Play
from soan.games.la_superba.model import DATA as LS_DATA
from soan.games.undecim.model import DATA as UN_DATA

HUGE = 10**5000  # over Python's 4,300-digit str() limit


def ident(v):
    return shown(v, 30)


def ls_file(tmp_path, old, new, name="ls.yaml"):
    text = LS_DATA.read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / name
    p.write_text(text.replace(old, new), encoding="utf-8")
    return str(p)


def un_file(tmp_path, old, new, name="un.yaml"):
    text = UN_DATA.read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / name
    p.write_text(text.replace(old, new), encoding="utf-8")
    return str(p)


# --- an illegal action is accepted (La Superba) ---------------------------------------------------

@pytest.mark.parametrize("bad", [(2, -2, 0), (10**12, -10**12, 0), (-1, 1, 0), (1, 0, 0)])
def test_carry_from_an_empty_supply_takes_only_nothing(bad):
    hands = [[1, 7, 12, 19, 20], [2, 8, 13, 21, 22], [3, 9, 14, 23, 24]]
    s = ls_situation(hands, 16, supply=[[0, 0, 0], [4, 4, 4], [4, 4, 4]])
    s.apply(0, s.legal_actions(0)[0])
    assert [a.counts for a in s.legal_actions(0)] == [(0, 0, 0)]
    before = s.view()
    with pytest.raises(soan.IllegalAction, match="not a legal action for seat 0"):
        s.apply(0, Carry(*bad))
    assert s.view() == before
    s.apply(0, Carry(0, 0, 0))
    assert s.supply[:3] == [0, 0, 0]


def test_a_play_naming_its_cards_in_another_order_is_refused():
    s = soan.make("la-superba", seed=3)
    legal = s.legal_actions(0)
    cards = legal[0].cards
    before = s.view()
    with pytest.raises(soan.IllegalAction, match="not a legal action"):
        s.apply(0, Play(tuple(reversed(cards))))
    assert s.view() == before
    s.apply(0, Play(tuple(cards)))  # equal by value to a legal action: accepted
    assert s.played[0] == cards


# --- a secret leaks through the public API ---------------------------------------------------------

@pytest.mark.parametrize("game", [g["id"] for g in soan.games()])
@pytest.mark.parametrize("seat", [-1, -4, 4, 99, "0", True, False, 1.0, None, HUGE, -HUGE], ids=ident)
def test_every_seat_taking_method_checks_the_seat_first(game, seat):
    import numpy as np

    s = soan.make(game, seed=2)
    before = s.view()
    for call in (lambda: s.observation(seat), lambda: s.legal_actions(seat), lambda: s.prompt(seat),
                 lambda: s.determinize(seat, random.Random(1)), lambda: s.apply(seat, s.legal_actions(s.to_act()[0])[0]),
                 lambda: s.observation(np.int64(0))):
        with pytest.raises(soan.IllegalAction, match="seat"):
            call()
    assert s.view() == before


# --- a cache ignores the component data --------------------------------------------------------------

def test_play_options_follow_the_play_size_of_the_data(tmp_path):
    assert len(soan.make("la-superba", seed=1).legal_actions(0)[0].cards) == 3
    p = ls_file(tmp_path, "play: 3 ", "play: 2 ")
    text = open(p, encoding="utf-8").read().replace("draw: 3 ", "draw: 2 ")  # hands stay at 4 cards
    open(p, "w", encoding="utf-8").write(text)
    s = soan.make("la-superba", seed=1, components=p)
    legal = s.legal_actions(0)
    assert {len(a.cards) for a in legal} == {2}
    s.apply(0, legal[-1])
    assert len(s.played[0]) == 2


def test_the_loader_cache_tells_the_games_models_apart(tmp_path):
    soan.make("la-superba", components=str(LS_DATA))
    with pytest.raises(soan.ComponentError, match="invalid component data"):
        soan.make("undecim", components=str(LS_DATA))
    soan.make("undecim", components=str(UN_DATA))
    with pytest.raises(soan.ComponentError, match="invalid component data"):
        soan.make("la-superba", components=str(UN_DATA))


def test_the_loader_cache_sees_a_changed_file(tmp_path):
    p = ls_file(tmp_path, "rounds: 5 ", "rounds: 4 ")
    assert soan.make("la-superba", components=p).R.rounds == 4
    text = open(p, encoding="utf-8").read().replace("rounds: 4 ", "rounds: 3 ")
    open(p, "w", encoding="utf-8").write(text)  # same path, maybe the same mtime: the content decides
    assert soan.make("la-superba", components=p).R.rounds == 3


# --- an effect sequence hangs the turn (Undecim) ----------------------------------------------------

def test_a_draw_followed_by_a_decision_moves_on_to_the_decision(tmp_path):
    old = "effects: [{op: gain, n: 1, side: land}, {op: draw, n: 1}]"
    p = un_file(tmp_path, old, "effects: [{op: draw, n: 1}, {op: gain, n: 1, side: land}]")
    reached = 0
    for seed in range(12):
        s = soan.make("undecim", seed=seed, components=p)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            assert legal, f"seat {seat} to act with nothing legal at stage {s.stage}"
            keep = s.stage == "keep" and s.drawn_for == "effect"
            s.apply(seat, rng.choice(legal))
            if keep and s.stage != "keep" and s.todo:  # the draw's keep done, the gain still pending
                assert s.stage == "effect" and s.todo[0][0].op == "gain"
                assert s.prompt(seat).kind == "pick"
                reached += 1
    assert reached >= 1


# --- data and parameters that validate but break play -------------------------------------------------

@pytest.mark.parametrize("old,new,words", [
    ("by_rank: [3, 3, 1]", "by_rank: [3, -1, 1]", "by_rank"),
    ("{serial: 24, suit: ship", "{serial: 1000000000, suit: ship", "serial"),
    ("carry_max: 3 ", "carry_max: 9 ", "carry_max"),
    ("play: 3 ", "play: 8 ", "play"),
    ("draw: 3 ", "draw: 9 ", "hand"),
    ("quotas: [3, 2, 1]", "quotas: [3, -2, 1]", "quotas"),
    ("  weather:", "  weathr:", "suits"),
])
def test_la_superba_data_that_cannot_be_played_is_refused_on_load(tmp_path, old, new, words):
    with pytest.raises(soan.ComponentError, match=words):
        soan.make("la-superba", components=ls_file(tmp_path, old, new))


def test_undecim_data_that_cannot_be_played_is_refused_on_load(tmp_path):
    text = UN_DATA.read_text(encoding="utf-8")
    import yaml

    raw = yaml.safe_load(text)
    cases = [("campaign_start_vp", {2: [], 3: [3, 2, 1, 0]}, "campaign_start_vp.2"),
             ("campaign_start_vp", {2: [3, 2, 1, 0]}, "missing season 3"),
             ("hand", 3, "hand"), ("frontier", 0, "frontier"),
             ("resource_cards", [{"top": "grassland", "bottom": "stone", "count": 10**9}], "count")]
    for key, value, words in cases:
        bad = dict(raw, **{key: value})
        p = tmp_path / f"{key}.yaml"
        p.write_text(yaml.safe_dump(bad, allow_unicode=True), encoding="utf-8")
        with pytest.raises(soan.ComponentError, match=words):
            soan.make("undecim", components=str(p))


@pytest.mark.parametrize("params,words", [({"gold_rate": HUGE}, "gold_rate"), ({"building_table": []}, "1-20"),
                                          ({"building_table": "4,x"}, "integers"), ({"gold_rate": "9" * 5000}, "integer")],
                         ids=ident)
def test_undecim_parameters_out_of_range_are_refused(params, words):
    with pytest.raises(soan.ConfigError, match=words):
        soan.make("undecim", params=params)


# --- raw Python errors instead of soan's ----------------------------------------------------------------

@pytest.mark.parametrize("game", [g["id"] for g in soan.games()])
@pytest.mark.parametrize("data", [
    {"type": []}, {"type": {}}, {"type": None}, {}, [], None, 5, HUGE, "", "   ", "{", "[1]", '{"type": 5}',
    '{"type":"carry","pepper":' + "9" * 5000 + ',"glass":0,"silk":0}', "play " + "9" * 5000,
    "carry pepper=" + "9" * 5000, "take " + "x" * 10000, "\x00\xff", {"type": "play", "cards": [HUGE]},
    {"type": "play", "cards": "abc"}, {"type": "carry", "pepper": HUGE, "glass": 0, "silk": 0},
    {"type": "take", "card": ["x"]}, {"type": "play", "extra": 1}, '{"type": ' * 100000,
], ids=ident)
def test_parse_action_raises_only_illegal_action(game, data):
    try:
        a = soan.parse_action(game, data)
    except soan.IllegalAction as e:
        assert str(e)
    else:  # parsed: then it is an ordinary action that applying refuses cleanly
        s = soan.make(game)
        with pytest.raises(soan.IllegalAction):
            s.apply(s.to_act()[0], a)


@pytest.mark.parametrize("kwargs,words", [
    ({"game_id": 5}, "game id is a string"), ({"game_id": None}, "game id"), ({"game_id": ["undecim"]}, "game id"),
    ({"game_id": "undecim", "params": "x"}, "params are a mapping"),
    ({"game_id": "undecim", "params": {5: 1}}, "unknown parameter"),
    ({"game_id": "undecim", "variants": "bonus-lock"}, "variants are a list"),
    ({"game_id": "undecim", "variants": [5]}, "unknown variant"),
    ({"game_id": "undecim", "players": HUGE}, "players"), ({"game_id": "undecim", "seed": "1"}, "seed"),
    ({"game_id": "undecim", "components": 5}, "components"),
    ({"game_id": "undecim", "components": "no/such.yaml"}, "not found"),
    ({"game_id": "undecim", "components": "/"}, "not a file"),
    ({"game_id": "undecim", "components": "a\x00b"}, "component file"),
], ids=ident)
def test_make_raises_only_soan_errors(kwargs, words):
    with pytest.raises(soan.SoanError, match=words):
        soan.make(**kwargs)


def test_binary_and_non_utf8_files_are_named_with_their_line(tmp_path):
    b = tmp_path / "b.bin"
    b.write_bytes(bytes(range(255, -1, -1)) * 4)
    with pytest.raises(soan.RecordError, match="line 1: not UTF-8"):
        soan.replay(b)
    with pytest.raises(soan.ComponentError, match="not UTF-8"):
        soan.make("undecim", components=str(b))
    s = soan.make("undecim", seed=1)
    r = tmp_path / "r.jsonl"
    a = s.legal_actions(s.to_act()[0])[0]
    lines = [json.dumps({"format": "soan-record/1", **s.header()}),
             json.dumps({"seat": s.to_act()[0], "action": a.to_json()})]
    r.write_bytes(("\n".join(lines) + "\n").encode() + b'{"seat": 0, "action": "\xff\xfe"}\n')
    with pytest.raises(soan.RecordError, match="line 3: not UTF-8"):
        soan.replay(r)


@pytest.mark.parametrize("field,value", [("game", 5), ("players", "4"), ("seed", "1"), ("seed", None),
                                         ("variants", "bonus-lock"), ("variants", [1]), ("params", []),
                                         ("components", 5), ("components_hash", 5)])
def test_record_headers_with_fields_of_the_wrong_type_are_record_errors(tmp_path, field, value):
    s = soan.make("undecim", seed=1)
    h = {"format": "soan-record/1", **s.header(), field: value}
    p = tmp_path / "r.jsonl"
    p.write_text(json.dumps(h) + "\n", encoding="utf-8")
    with pytest.raises(soan.RecordError, match=f"line 1: header field '{field}'"):
        soan.replay(p)


@pytest.mark.parametrize("line", ['{"seat": true, "action": {"type": "take"}}', '{"seat": "0", "action": {}}',
                                  '{"seat": ' + "9" * 5000 + ', "action": {}}', '[1, 2]', '{"seat": 0}',
                                  '{"seat": 9, "action": {"type": "take", "card": "explore"}}'], ids=ident)
def test_record_lines_that_cannot_be_replayed_are_record_errors(tmp_path, line):
    s = soan.make("undecim", seed=1)
    p = tmp_path / "r.jsonl"
    p.write_text(json.dumps({"format": "soan-record/1", **s.header()}) + "\n" + line + "\n", encoding="utf-8")
    with pytest.raises(soan.RecordError, match="line 2"):
        soan.replay(p)

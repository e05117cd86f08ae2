"""Asian Delivery rules that mutation testing showed without a real check (issue 9 item 6)."""

from __future__ import annotations

import copy
import functools
import random

import pytest
import yaml

import soan
from ad_helpers import Situation, act, biz, opts, req
from soan.games.asian_delivery.actions import (
    END,
    AreaPick,
    BuildAt,
    CardPick,
    CubePick,
    Done,
    DraftPick,
    Load,
    OptionPick,
    PlayCard,
    RequestPick,
    Retrieve,
    Unload,
    Wish,
)
from soan.games.asian_delivery.model import DATA

pytestmark = pytest.mark.usefixtures("fresh_tables")  # each test's tables compiled afresh (conftest.py)

_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@functools.cache
def _shipped() -> dict:
    return yaml.load(DATA.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def test_colour_pairs_count_every_card_of_a_colour_in_hand_and_in_play():
    """AD-K1/K2 pairs: per colour, min(completed requests, business cards in hand + play area)."""
    sit = Situation(seat=0)
    s0 = sit.state()
    reds = [c for c in range(s0.T.n_business) if s0.T.colour[c] == 0][:3]
    sit.hand(0, [reds[0]])  # one red card in hand, the base cards lie face down in play
    v = sit.v
    for c in reds[1:]:
        for key in ("business_deck", "business_display", "business_discard"):
            v[key] = [x for x in v[key] if x != c]
        v["play"][0].append([c, 2 if s0.T.resident[c] else 1])
    red_reqs = [r for r in range(len(s0.T.req_vp)) if s0.T.req_colour[r] == 0
                and all(r not in o for o in v["orders"])][:5]
    for key in ("request_deck", "request_display", "request_discard"):
        v[key] = [r for r in v[key] if r not in red_reqs]
    v["completed"][0] = red_reqs
    s = sit.state()
    red_base = sum(1 for c, _ in s.play[0] if c >= s.T.n_business and s.T.colour[c] == 0)
    assert s.pairs(0) == 3 + red_base  # 5 red requests; red cards: 1 in hand, 2 played, the red base card
    v["completed"][0] = red_reqs[:2]
    v["request_deck"] += red_reqs[2:]
    assert sit.state().pairs(0) == 2


def test_the_shipped_component_file_copied_elsewhere_loads_and_plays(tmp_path):
    f = tmp_path / "copy.yaml"
    f.write_text(DATA.read_text(encoding="utf-8"), encoding="utf-8")
    s = soan.make("asian-delivery", players=4, seed=2, components=str(f), variants=["big-map"])
    rng = random.Random(2)
    while s.round < 3:
        p = s.to_act()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert soan.from_view(s.view()).view() == s.view()


@pytest.mark.parametrize("edit, message", [
    (lambda raw: raw["area_sets"].pop("standard"), "area_sets: needs an area set named 'standard'"),
    (lambda raw: raw["area_sets"]["standard"].pop(), "area_sets.standard: needs areas 1..10 exactly once"),
    (lambda raw: raw["maps"]["standard"]["positions"].pop(next(iter(raw["maps"]["standard"]["positions"]))),
     "maps.standard: 9 positions, expected 10"),
    (lambda raw: raw["maps"]["big"].update(hub="P0"), "maps.big: 9 positions, expected 10"),
    (lambda raw: raw["maps"]["big"].update(outer=[]), "maps.big.outer: a map without a hub needs outer"),
    (lambda raw: raw["maps"]["standard"]["clockwise"].append(raw["maps"]["standard"]["clockwise"][0]),
     "maps.standard.clockwise: a position is listed twice"),
    (lambda raw: raw["requests"].append(dict(raw["requests"][0])), "requests: ids must be unique"),
    (lambda raw: raw["base_cards"].pop(), "base_cards: 4 per player"),
    (lambda raw: raw["facilities"].reverse(), "facilities: expected ['office', 'tower', 'market', 'gate']"),
    (lambda raw: raw.update(start_cubes=16), "cubes.L: 60 L cubes cannot give 4 players start_cubes=16"),
])
def test_component_checks_name_their_problem(tmp_path, edit, message):
    raw = copy.deepcopy(_shipped())
    edit(raw)
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.dump(raw, Dumper=_DUMPER, allow_unicode=True), encoding="utf-8")
    with pytest.raises(soan.ComponentError) as e:
        soan.make("asian-delivery", components=str(f))
    assert message in str(e.value)


def test_every_legal_action_round_trips_through_its_text_and_json():
    for seed, variants in ((3, ["round-end-unload", "office-request"]), (4, ["local-market", "big-map"])):
        s = soan.make("asian-delivery", players=3, seed=seed, variants=variants, params={"draft_up_to": True})
        rng = random.Random(seed)
        kinds = set()
        while not s.is_over():
            p = s.to_act()[0]
            legal = s.legal_actions(p)
            for a in legal:
                assert soan.parse_action("asian-delivery", a.text("en")) == a
                assert soan.parse_action("asian-delivery", a.to_json()) == a
                kinds.add(type(a).__name__)
            s.apply(p, rng.choice(legal))
        assert {"PlayCard", "Load", "AreaPick", "CubePick", "DraftPick", "Retrieve"} <= kinds


@pytest.mark.parametrize("action, en, ja", [
    (PlayCard(41, "up"), "play 41 up", "プレイ 41 表"),
    (PlayCard(41, "down"), "play 41 down", "プレイ 41 裏（人力輸送）"),
    (Load("train", "N"), "load train N", "積む 列車 N"),
    (Unload("ship", "H"), "unload ship H", "降ろす 船 H"),
    (END, "end", "アクション終了"),
    (AreaPick(5), "area 5", "エリア 5"),
    (CubePick("L"), "cube L", "荷物 L"),
    (Done(), "done", "終了"),
    (RequestPick(7), "request 7", "依頼 7"),
    (BuildAt(4, "gate"), "build 4 gate", "建設 4 転移門"),
    (CardPick(3), "card 3", "カード 3"),
    (OptionPick(2), "option 2", "選択 2"),
    (DraftPick("request", 9), "draft request 9", "獲得 依頼 9"),
    (DraftPick("business", 9), "draft business 9", "獲得 事業 9"),
    (Retrieve(1), "retrieve", "回収する"),
    (Retrieve(0), "retrieve no", "回収しない"),
    (Wish(1), "wish unload", "荷下ろし希望"),
    (Wish(0), "wish no", "希望しない"),
])
def test_action_texts_in_english_and_japanese(action, en, ja):
    assert action.text("en") == en and str(action) == en
    assert action.text("ja") == ja


def test_card_text_names_the_card_and_its_colour():
    s = Situation().state()
    c = biz(s, "Porters' guild")
    assert s.card_text(c).startswith(f"Porters' guild#{c}(")


def test_midterm_display_parameter_sizes_the_refill():
    """AD-K1: the request display is refilled to `midterm_display` after the midterm."""
    sit = Situation(seat=2, params={"midterm_display": 3})
    sit.v["round"], sit.v["turn_k"], sit.v["start"] = 4, 2, 0
    sit.v["stack"] = [["end_turn", 2]]
    s = sit.state()
    assert s.round == 5 and len(s.req_disp) == 3


def test_an_office_with_an_empty_business_display_offers_requests_under_office_request():
    """AD-V6: with no business card to take, the office still offers the request display."""
    for variants, offered in ((["office-request"], True), ([], False)):
        sit = Situation(seat=0, variants=variants).cubes(0, 5, "L")
        sit.v["business_deck"] += sit.v["business_display"]
        sit.v["business_display"] = []
        s = sit.state()
        act(s, "play 42 up", "build 5 office")
        assert (s.stack[-1].kind == "office_pick") is offered
        if offered:
            assert opts(s) and all(o.startswith("request") for o in opts(s))


def test_an_H_cube_is_worth_3_toward_a_facility():
    """AD-E4: value L 1, N 2, H 3; the cost is the facilities already in the area + 1."""
    for built, can in ((2, True), (3, False)):
        sit = Situation(seat=0).cubes(0, 5, "H")
        for kind in ("tower", "market", "gate")[:built]:
            sit.facility(1, 5, kind)
        s = sit.state()
        act(s, "play 42 up")
        assert ("build 5 office" in opts(s)) is can


def test_a_choice_frame_survives_the_view_and_plays_on():
    sit = Situation(seat=0)
    s = sit.state()
    act(s, "play 43 up")  # the base upgrade-or-restock card: a choice
    assert s.stack[-1].kind == "choice"
    t = soan.from_view(s.view())
    assert t.stack == s.stack and t.view() == s.view()
    act(s, "option 2")
    act(t, "option 2")
    assert t.view() == s.view()


@pytest.mark.parametrize("edit, field", [
    (lambda v: v.update(phase="over"), "stack"),
    (lambda v: v.update(start=3), "start"),
    (lambda v: v.update(turn_k=4), "turn_k"),
    (lambda v: v["stack"].append(["wish", 0, 1, [5], []]), "stack[1][3]"),
    (lambda v: v["stack"].append(["wish", 0, 1, [1, 1], []]), "stack[1][3]"),
    (lambda v: v["stack"].append(["t_src", 0, 1, 0]), "stack[1][3]"),
    (lambda v: v["stack"].append(["gate_area", 0, 3]), "stack[1][2]"),
    (lambda v: v["business_deck"].append(v["hands"][1].pop()), "business_deck"),
    (lambda v: v["hands"][0].append(v["hands"][1].pop()), "hands[0]"),
])
def test_view_checks_name_the_field(edit, field):
    sit = Situation(seat=0)
    sit.v["stack"] = [["end_turn", 0]]
    edit(sit.v)
    with pytest.raises(soan.IllegalAction, match=field.replace("[", r"\[").replace("]", r"\]")):
        sit.state()


def test_typed_actions_unload_and_build_are_read_or_refused_by_name():
    """A typed action (terminal, web) reads as the action or is refused naming what was wrong: 'unload'
    takes exactly a vehicle and a grade, 'build' a whole number; the Japanese text of an unload names
    the vehicle (列車 the train, 船 the ship)."""
    from soan.core.errors import IllegalAction
    from soan.games.asian_delivery.actions import Unload, parse_text

    assert parse_text("unload ship h") == Unload("ship", "H") and parse_text("unload train L") == Unload("train", "L")
    with pytest.raises(IllegalAction, match=r"^'unload' takes train\|ship and L\|N\|H"):
        parse_text("unload train L now")
    with pytest.raises(IllegalAction, match=r"^'build' takes a whole number, got 'x'"):
        parse_text("build x market")
    assert Unload("train", "N").text("ja") == "降ろす 列車 N" and Unload("ship", "N").text("ja") == "降ろす 船 N"
    assert Unload("ship", "L").text() == "unload ship L"


def test_AD_V13_the_stored_cubes_needed_is_the_parameter_given():
    """AD-V13 stored-vp: an ad-tower area pays at round end with `stored_vp_min` of the seat's cubes
    (default 3): three cubes pay by default and with 3, not with 4."""
    def round_end(params):
        sit = Situation(seat=2, variants=["stored-vp"], params=params).cubes(0, 5, "LLL").facility(0, 5, "tower")
        sit.v["start"], sit.v["turn_k"], sit.v["seat_on_turn"] = 0, 2, 2
        sit.v["stack"] = [["end_turn", 2]]
        return sit.state().vp[0]

    assert round_end({}) == 1 and round_end({"stored_vp_min": 3}) == 1 and round_end({"stored_vp_min": 4}) == 0


# --- from the survivors of a fresh mutation sample (seed 21) ---------------------------------------------
def test_AD_T2_at_the_hub_cubes_unload_into_the_supply_whatever_it_holds():
    """AD-T2: unloading at ① moves cubes into the supply, which has no cap (a warehouse's cap applies
    elsewhere): a full-looking supply still takes them."""
    sit = Situation(seat=0).cubes(0, 1, "LLLNNH").vehicle("train", 1, {0: "L"})
    s = sit.state()
    assert sum(s.supply[0]) > s.T.cap and "unload train L" in opts(s)
    act(s, "unload train L")
    assert s.supply[0][0] == sit.v["supply"][0][0] + 1


def test_every_face_up_play_is_counted_per_card_and_a_seat_without_requests_carries_no_distance():
    """The measures a study reads: `played_<card>` counts a seat's face-up plays of each card (face-down
    plays are not counted there), and `request_distance` is 0 for a seat that completed no request."""
    from soan.games.asian_delivery.measures import Measures, card_slug

    s = soan.make("asian-delivery", players=3, seed=5)
    m = Measures(3)
    s.listener = m
    m.start(s)
    rng = random.Random(5)
    up = [dict() for _ in range(3)]
    while not s.is_over():
        seat = s.to_act()[0]
        a = rng.choice(s.legal_actions(seat))
        if isinstance(a, PlayCard) and a.face == "up":
            k = "played_" + card_slug(s.T.name[a.card])
            up[seat][k] = up[seat].get(k, 0) + 1
        m.before(s, seat, a)
        s.apply(seat, a)
        m.after(s, seat, a)
    rows = m.per_seat(s)
    for p in range(3):
        assert {k: v for k, v in rows[p].items() if k.startswith("played_") and v} == up[p]
    assert sum(sum(u.values()) for u in up) > 10
    quiet = Measures(3)
    assert [r["request_distance"] for r in quiet.per_seat(s)] == [0, 0, 0]


def test_a_views_stock_that_does_not_add_up_is_named_and_schema_errors_are_listed_five_at_most():
    from soan.core.errors import IllegalAction

    s = soan.make("asian-delivery", 3, seed=1)
    v = s.view()
    v["stock"][0] += 1
    with pytest.raises(IllegalAction, match=r"^view field stock: 61 L cubes in all; the game has 60$"):
        soan.from_view(v)
    v = s.view()
    for k in ("round", "start", "turn_k", "seat_on_turn", "tokens", "supply", "stock"):
        v[k] = "x"
    with pytest.raises(IllegalAction) as e:
        soan.from_view(v)
    assert str(e.value).count("Input should be") == 5 and str(e.value).endswith("(and 2 more)")


def test_an_empty_action_is_refused_with_examples_and_options_read_in_english_by_default():
    from soan.core.errors import IllegalAction
    from soan.games.asian_delivery.actions import parse_text

    with pytest.raises(IllegalAction, match=r"^empty action; e\.g\. 'play 41 up', 'load train L', 'area 5', 'end'$"):
        parse_text("")
    assert END.text() == "end" and OptionPick(2).text() == "option 2" and OptionPick(2).text("ja") == "選択 2"


# --- from the survivors of a fresh mutation sample (seed 27) ---------------------------------------------
def test_AD_E1_an_H_request_spends_only_its_H_cube_and_leaves_the_lower_grades():
    """AD-E1: the lowest adequate grades are spent; an H request takes an H cube and leaves the L and N
    cubes in that warehouse where they are."""
    sit = Situation(seat=0).cubes(0, 2, "LNH")
    r = req(sit.state(), 2, 1, "H")
    sit.orders(0, [r])
    s = sit.state()
    act(s, "play 40 up", f"request {r}")
    assert s.done[0] == [r] and s.wh[0][6:9] == [1, 1, 0]


def test_a_views_facility_outside_areas_2_to_10_and_a_game_without_a_pending_decision_are_named():
    from soan.core.errors import IllegalAction

    sit = Situation(seat=0)
    sit.v["facilities"][1][0] = 0
    with pytest.raises(IllegalAction, match=r"^view field facilities\[1\]: facilities stand in areas 2\.\.10"):
        sit.state()
    sit = Situation(seat=0)
    sit.v["stack"] = []
    with pytest.raises(IllegalAction, match=r"^view field stack: a game in play has a pending decision"):
        sit.state()


def test_the_draft_offers_both_displays_and_a_choice_numbers_its_options_from_one():
    """AD-T4: the draft takes from the request display and the business display alike; a choice's options
    are numbered from 1 as people count."""
    s = soan.make("asian-delivery", 3, seed=3)
    rng = random.Random(3)
    seen_draft = seen_choice = False
    for _ in range(3000):
        if s.is_over():
            break
        seat = s.to_act()[0]
        la = s.legal_actions(seat)
        kinds = {a.pile for a in la if isinstance(a, DraftPick)}
        if kinds:
            assert {a.card for a in la if isinstance(a, DraftPick) and a.pile == "request"} == set(s.req_disp)
            assert {a.card for a in la if isinstance(a, DraftPick) and a.pile == "business"} == set(s.biz_disp)
            seen_draft = True
        picks = [a for a in la if isinstance(a, OptionPick)]
        if picks:
            assert [a.option for a in picks] == list(range(1, len(picks) + 1))
            seen_choice = True
        s.apply(seat, rng.choice(la))
    assert seen_draft and seen_choice

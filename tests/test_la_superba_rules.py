"""La Superba: every rule ID of the spec, each from a concrete situation with its expected outcome.

Card ids are serials: weather-1 1-6, crew 7-11, weather-2 12-15, weather-3 16-18, ship 19-24.
"""

from __future__ import annotations

import random

import pytest

import soan
from contract import edited
from ls_helpers import balance, finished, situation, voyage
from soan.games.la_superba.actions import CARRY, DELIVER, play
from soan.games.la_superba.model import voyage_power

pytestmark = pytest.mark.usefixtures("fresh_tables")  # each test's tables compiled afresh (conftest.py)

H0, H1, H2 = [1, 2, 3, 16, 17], [4, 5, 7, 8, 19], [6, 9, 13, 14, 18]
P0, P1, P2 = (1, 16, 17), (7, 8, 19), (13, 14, 18)  # 7, 10, 7 (+ community weather-2 #12)
SILK1 = (0, 0, 1)


def three(event="glass-fashion", **kw):
    return situation([H0, H1, H2], 12, event, **kw)


def test_LS_C1_voyage_deck_and_ship_power():
    """LS-C1: voyage deck and ship power."""
    s = soan.make("la-superba")
    R = s.R
    kinds = {}
    for c in R.deck:
        kinds[(R.suit[c], R.power[c], R.mult[c])] = kinds.get((R.suit[c], R.power[c], R.mult[c]), 0) + 1
    assert kinds == {(0, 1, 0): 6, (0, 2, 0): 4, (0, 3, 0): 3, (1, 1, 0): 5, (2, 0, 4): 6}
    assert list(R.deck) == list(range(1, 25))
    assert [c for c in R.deck if R.suit[c] == 1] == [7, 8, 9, 10, 11]
    # ship = 4 x crews among the counting cards; crew adds its own 1
    assert voyage_power((19, 7, 8, 1), R) == 8 + 1 + 1 + 1
    assert voyage_power((19, 20, 1, 2), R) == 2  # ships without crew are worth nothing


def test_LS_C2_trade_events_are_data_from_the_vocabulary(tmp_path):
    """LS-C2: trade events are data from the vocabulary."""
    s = soan.make("la-superba")
    ids = [t.id for t in s.cfg.components.trade_cards]
    assert ids == ["pepper-boom", "glass-fashion", "becalmed", "great-fair", "storm", "crowded-harbour"]
    # a designer edits a card in data alone: the great fair lets rank 3 deliver 2
    from soan.games.la_superba.model import DATA

    p = tmp_path / "mine.yaml"
    p.write_text(DATA.read_text(encoding="utf-8").replace("by_rank: [3, 3, 1]", "by_rank: [3, 3, 2]"),
                 encoding="utf-8")
    s = situation([H0, H1, H2], 12, "great-fair")
    v = s.view()
    v["components"] = str(p)
    v["components_hash"] = None
    s = soan.from_view(v)
    voyage(s, [P0, P1, P2], [(0, 0, 3)] * 3)
    assert s.history[0]["quotas"] == [2, 3, 3] or s.history[0]["quotas"] == [2, 3, 2]
    assert sorted(s.history[0]["quotas"]) == [2, 3, 3]


def test_LS_C2_pepper_boom_adds_to_pepper():
    """LS-C2: pepper boom adds to pepper."""
    s = voyage(three("pepper-boom"), [P0, P1, P2], [(2, 0, 0), (0, 0, 1), (1, 0, 0)])
    # seat 0 carries most pepper: face down 3 + 1 boom (rank 3: one delivered); seat 2's face up 1 + 1
    assert s.delivered[0] == ((1, 0, 4),) and s.delivered[2] == ((1, 0, 2),)
    assert s.scores() == [4, 1, 2]


def test_LS_C2_glass_fashion_turns_glass_face_down():
    """LS-C2: glass fashion turns glass face down."""
    s = voyage(three("glass-fashion"), [P0, P1, P2], [(0, 1, 0), (0, 1, 0), (0, 0, 1)])
    assert s.scores()[0] == 3 and s.scores()[1] == 3 and s.scores()[2] == 1


def test_LS_C2_becalmed_community_does_not_count():
    """LS-C2: becalmed community does not count."""
    s = voyage(three("becalmed"), [P0, P1, P2], [SILK1] * 3)
    assert s.history[0]["power"] == [7, 10, 7]


def test_LS_C2_great_fair_second_delivers_three():
    """LS-C2: great fair second delivers three."""
    s = voyage(three("great-fair"), [P0, P1, P2], [(0, 0, 3)] * 3)
    h = s.history[0]
    assert h["ranks"] == [3, 1, 2] and h["quotas"] == [1, 3, 3]


def test_LS_C2_storm_last_loses_everything_silk_returns():
    """LS-C2: storm last loses everything silk returns."""
    s = voyage(three("storm"), [P0, P1, P2], [(1, 0, 0), (1, 0, 0), (0, 0, 2)])
    h = s.history[0]
    assert h["ranks"][0] == 3 and h["quotas"][0] == 0 and h["lost"][0] == [1, 0, 0]
    s = voyage(three("storm"), [P0, P1, P2], [(0, 0, 2), (1, 0, 0), (1, 0, 0)])
    assert s.history[0]["returned"][0] == [0, 0, 2] and s.supply[0:3] == [4, 4, 4]


def test_LS_C2_crowded_harbour_ties_go_to_low_serial():
    """LS-C2: crowded harbour ties go to low serial."""
    s = voyage(three("crowded-harbour"), [P0, P1, P2], [SILK1] * 3)
    assert s.history[0]["ranks"] == [2, 1, 3]  # seat 0 (lowest card 1) beats seat 2 (lowest 13)


def test_LS_C3_and_LS_S1_twelve_chits_four_of_each():
    """LS-C3, LS-S1: twelve chits four of each."""
    s = soan.make("la-superba", players=4)
    assert s.supply == [4] * 12
    m = s.cfg.components
    assert (m.face_up_value, m.face_down_value) == (1, 3)


def test_LS_S2_trade_row_one_removed_fourth_hidden_until_round_4():
    """LS-S2: trade row one removed fourth hidden until round 4."""
    s = soan.make("la-superba", seed=9)
    assert len(s.row) == 5 and len(s.removed) == 1
    o = s.observation(0)
    assert o["trade_row"][3] is None and all(x is not None for k, x in enumerate(o["trade_row"]) if k != 3)
    assert "removed" not in o and "row" not in o
    rng = random.Random(1)
    while s.round < 4:
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    o = s.observation(0)
    assert o["trade_row"][3] == s.R.events[s.row[3]].id and o["event"] == o["trade_row"][3]


def test_LS_S3_and_LS_R1_two_dealt_three_drawn_and_a_community_card():
    """LS-S3, LS-R1: two dealt three drawn and a community card."""
    for n in (3, 4):
        s = soan.make("la-superba", players=n, seed=4)
        assert all(len(h) == 5 for h in s.hands)
        assert len(s.deck) == 24 - 5 * n - 1 and s.community is not None
        assert s.event.id == s.cfg.components.trade_cards[s.row[0]].id
        assert s.observation(0)["event"] == s.event.id


def test_LS_R2_simultaneous_secret_and_order_independent():
    """LS-R2: simultaneous secret and order independent."""
    s = three()
    s.apply(0, play(P0))
    s.apply(0, CARRY[(0, 0, 2)])
    o1 = s.observation(1)
    assert o1["committed"][0] == {"played": True, "carried": True}
    assert o1["played"] is None and o1["carried"] is None and o1["reveal"] is None
    assert o1["supply"][0] == [4, 4, 4]  # the chosen chits stay hidden in the supply's count
    assert set(s.to_act()) == {1, 2}
    a = voyage(three(), [P0, P1, P2], [(1, 0, 0), (0, 1, 0), (0, 0, 1)])
    b = three()
    for i in (2, 1, 0):
        b.apply(i, play((P0, P1, P2)[i]))
    for i in (1, 2, 0):
        b.apply(i, CARRY[((1, 0, 0), (0, 1, 0), (0, 0, 1))[i]])
    assert a.view() == b.view()


def test_LS_R2_carry_one_to_three_or_nothing_when_empty():
    """LS-R2: carry one to three or nothing when empty."""
    s = three(supply=[[0, 0, 0], [4, 4, 4], [4, 4, 4]])
    s.apply(0, play(P0))
    assert [str(a) for a in s.legal_actions(0)] == ["carry nothing"]
    s.apply(1, play(P1))
    before = s.view()
    for bad in (CARRY[(0, 0, 0)], CARRY[(2, 2, 0)], play(P1)):
        with pytest.raises(soan.IllegalAction):
            s.apply(1, bad)
    assert s.view() == before
    assert len(s.legal_actions(1)) == 19


def test_LS_R3_power_is_three_played_plus_community():
    """LS-R3: power is three played plus community."""
    s = voyage(three(), [P0, P1, P2], [SILK1] * 3)
    assert s.history[0]["power"] == [9, 12, 9]


def test_LS_R4_pepper_most_chits_then_highest_serial():
    """LS-R4: pepper most chits then highest serial."""
    s = voyage(three(), [P0, P1, P2], [(2, 0, 0), (1, 0, 0), (2, 0, 0)])
    h = s.history[0]
    assert h["effects"]["pepper"] == [2]  # seats 0 and 2 tie on 2; seat 2 holds serial 18 > 17
    assert s.scores() == [1, 1, 6]


def test_LS_R4_item_effect_all_gives_every_carrier_the_effect():
    """LS-R4: item effect all gives every carrier the effect."""
    s = voyage(three(params={"item_effect": "all"}), [P0, P1, P2], [(2, 0, 0), (1, 0, 0), (2, 0, 0)])
    assert s.history[0]["effects"]["pepper"] == [0, 1, 2]
    assert s.scores() == [3, 3, 6]


def test_LS_R4_glass_adds_power_and_wins_ties():
    """LS-R4: glass adds power and wins ties."""
    s = voyage(three(), [(1, 2, 16), P1, P2], [(0, 2, 0), SILK1, SILK1])
    h = s.history[0]
    assert h["power"] == [5 + 2 + 2, 12, 9] and h["ranks"] == [2, 1, 3]


def test_LS_R4_silk_returns_lost_chits():
    """LS-R4: silk returns lost chits."""
    s = voyage(three(), [P0, P1, P2], [(1, 0, 2), (1, 0, 0), (1, 0, 0)])
    assert s.to_act() == (0,) and s.phase == "deliver"  # rank 3, quota 1: which chit?
    s.apply(0, DELIVER[(1, 0, 0)])
    h = s.history[0]
    assert h["effects"]["silk"] == [0] and h["returned"][0] == [0, 0, 2] and s.supply[0:3] == [3, 4, 4]


def test_LS_R5_ties_glass_then_highest_serial_strict_order():
    """LS-R5: ties glass then highest serial strict order."""
    s = voyage(three(), [P0, P1, P2], [SILK1] * 3)
    assert s.history[0]["ranks"] == [3, 1, 2]


def test_LS_R6_quotas_three_two_one_rest_lost():
    """LS-R6: quotas three two one rest lost."""
    s = voyage(three(), [P0, P1, P2], [(0, 0, 3), (3, 0, 0), (3, 0, 0)])
    h = s.history[0]
    assert h["quotas"] == [1, 3, 2] and h["delivered"] == [[0, 0, 1], [3, 0, 0], [2, 0, 0]]
    assert h["lost"] == [[0, 0, 0], [0, 0, 0], [1, 0, 0]] and h["returned"][0] == [0, 0, 2]
    assert s.lost[6:9] == [1, 0, 0]


def test_LS_R6_owner_chooses_delivered_chits():
    """LS-R6: owner chooses delivered chits."""
    s = voyage(three(), [P0, P1, P2], [(1, 0, 1), (0, 0, 1), SILK1])
    assert s.to_act() == (0,) and s.observation(1)["to_act"] == [0]
    assert {str(a) for a in s.legal_actions(0)} == {"deliver pepper=1", "deliver silk=1"}
    with pytest.raises(soan.IllegalAction, match="not a legal action.*deliver 1 of your 2 chits"):
        s.apply(0, DELIVER[(1, 0, 1)])
    s.apply(0, DELIVER[(1, 0, 0)])
    assert s.history[0]["delivered"][0] == [1, 0, 0] and s.history[0]["lost"][0] == [0, 0, 1]


def test_LS_R7_delivered_chits_lie_on_the_trade_card_as_score():
    """LS-R7: delivered chits lie on the trade card as score."""
    s = voyage(three(), [P0, P1, P2], [(0, 0, 1), (2, 0, 0), (0, 0, 1)])
    assert s.delivered[1] == ((1, 0, 3), (1, 0, 3)) and s.scores()[1] == 6


def test_LS_R8_cards_return_hands_kept_reshuffled():
    """LS-R8: cards return hands kept reshuffled."""
    s = three()
    old_deck = set(s.deck)
    s = voyage(s, [P0, P1, P2], [SILK1] * 3)
    assert s.round == 2 and s.phase == "voyage"
    kept = [set(h) - set(p) for h, p in zip([H0, H1, H2], [P0, P1, P2], strict=True)]
    assert all(k <= set(h) for k, h in zip(kept, s.hands, strict=True)) and len(s.hands[0]) == 5
    assert len(s.deck) == 24 - 15 - 1
    # the new community card and draws come from the old deck plus the returned cards, and all of those are
    # back in play: played cards and the community returned (LS-R8), kept cards stayed in hand
    back = set(P0 + P1 + P2 + (12,))
    drawn = {c for h, k in zip(s.hands, kept, strict=True) for c in h if c not in k}
    assert set(s.deck) | drawn | {s.community} == old_deck | back


def test_LS_E1_five_rounds_then_most_points_tie_to_last_round_rank():
    """LS-E1: five rounds then most points tie to last round rank."""
    s = soan.make("la-superba", seed=3)
    rng = random.Random(0)
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert s.round == 5 and len(s.history) == 5
    v = s.view()
    five = [[1, 0, 1], [1, 1, 1], [1, 2, 1], [2, 0, 1], [2, 1, 1]]
    v["delivered"] = [five, five, five[:2], five[:1]]
    v["supply"] = [[0, 0, 0] for _ in range(4)]
    v["history"][-1]["ranks"] = [2, 1, 3, 4]
    t = soan.from_view(edited(balance(v)))
    assert t.scores() == [5, 5, 2, 1] and t.ranks() == [2, 1, 3, 4] and t.ranking() == [1, 0, 2, 3]


def test_LS_V1_weather_double_glass_after():
    """LS-V1: weather double glass after."""
    s = voyage(three(variants=["weather-double"]), [P0, P1, P2], [SILK1, SILK1, (0, 1, 0)])
    assert s.history[0]["power"] == [(7 + 2) * 2, 12, (7 + 2) * 2 + 1]


def test_LS_V2_lean_weather_removes_a_three_and_a_two():
    """LS-V2: lean weather removes a three and a two."""
    s = soan.make("la-superba", variants=["lean-weather"])
    assert len(s.R.deck) == 22 and 18 not in s.R.deck and 15 not in s.R.deck


def test_LS_V3_shared_ranks_all_tied_lose_and_item_tie():
    """LS-V3: shared ranks all tied lose and item tie."""
    s = voyage(three(variants=["no-serials"]), [P0, P1, P2], [SILK1, (0, 0, 2), SILK1])
    assert s.history[0]["ranks"] == [2, 1, 2] and s.history[0]["quotas"] == [2, 3, 2]
    hands = [[1, 2, 12, 16, 19], [3, 4, 13, 17, 20], [5, 6, 14, 18, 21]]
    plays = [(1, 2, 12), (3, 4, 13), (5, 6, 14)]
    t = situation(hands, 15, "glass-fashion", variants=["no-serials"])
    voyage(t, plays, [(1, 0, 0), (1, 0, 0), (0, 0, 1)])
    h = t.history[0]
    assert h["all_tied"] and h["ranks"] == [1, 1, 1] and h["quotas"] == [0, 0, 0]
    assert t.lost[0:3] == [1, 0, 0] and h["returned"][2] == [0, 0, 1]
    assert h["effects"]["pepper"] == []  # item_tie=none: a tie for most gives nobody the effect
    u = situation(hands, 15, "glass-fashion", variants=["no-serials"], params={"item_tie": "all"})
    voyage(u, plays, [(1, 0, 0), (1, 0, 0), (0, 0, 1)])
    assert u.history[0]["effects"]["pepper"] == [0, 1]


def test_LS_V3_one_one_three_and_final_tie_by_hand_power():
    """LS-V3: one one three and final tie by hand power."""
    from soan.games.la_superba.model import SHIP, WEATHER, hand_power

    hands = [[1, 16, 17, 7, 19], [12, 13, 18, 2, 8], [3, 4, 5, 6, 9]]
    s = situation(hands, 15, "glass-fashion", variants=["no-serials"])
    voyage(s, [(1, 16, 17), (12, 13, 18), (3, 4, 5)], [SILK1] * 3)
    assert s.history[0]["ranks"] == [1, 1, 3]
    v = s.view()
    kept = [[7, 19], [2, 8], [6, 9]]
    v["deck"] += [c for h, k in zip(v["hands"], kept, strict=True) for c in h if c not in k]
    v["hands"] = kept
    v["delivered"] = [[[1, 2, 1]], [[1, 2, 1]], []]
    t = soan.from_view(edited(finished(v)))
    # tied on points and on the last round's rank: seat 0 keeps ship + crew (4x1 + 1 = 5), seat 1 two 1s
    assert sorted(t.hands[0]) == [7, 19] and hand_power(t.hands[0], t.R) == 5
    assert hand_power(t.hands[1], t.R) == 2
    # a ship counts its multiplier × the crews in hand only: with no crew it adds nothing (19 ship, 1 weather)
    assert (t.R.suit[19], t.R.suit[1]) == (SHIP, WEATHER) and hand_power([19, 1], t.R) == t.R.power[1] == 1
    assert hand_power([19, 7, 1], t.R) == t.R.mult[19] * 1 + t.R.power[7] + 1
    assert t.ranks() == [1, 2, 3]
    v["hands"][1], v["hands"][0] = v["hands"][0], v["hands"][1]
    v["history"][-1]["ranks"] = [1, 1, 3]
    assert soan.from_view(edited(v)).ranks() == [2, 1, 3]


def test_LS_R2_actions_as_text_in_both_languages():
    """LS-R2/LS-R6: a player's action typed as text (terminal and web) is the action, in English and
    Japanese, and an action's text reads back as itself."""
    from soan.core.errors import IllegalAction
    from soan.games.la_superba.actions import Carry, Deliver, parse_text

    assert parse_text("carry pepper=2 silk=1") is CARRY[(2, 0, 1)]
    assert parse_text("carry 2 pepper 1 silk") is CARRY[(2, 0, 1)]
    assert parse_text("deliver glass=1") is DELIVER[(0, 1, 0)] and isinstance(DELIVER[(0, 1, 0)], Deliver)
    assert parse_text("運ぶ 胡椒=2 絹糸=1") is CARRY[(2, 0, 1)] and parse_text("carry nothing") is CARRY[(0, 0, 0)]
    assert Carry(2, 0, 1).text("ja") == "運ぶ 胡椒=2 絹糸=1" and Carry(2, 0, 1).text() == "carry pepper=2 silk=1"
    for a in (CARRY[(2, 0, 1)], DELIVER[(0, 1, 3)], play((7, 16, 20))):
        for lang in ("en", "ja"):
            assert parse_text(a.text(lang)) == a, (a, lang)
    with pytest.raises(IllegalAction, match=r"^empty action; expected e.g. 'play 7 16 20'"):
        parse_text("  ")
    with pytest.raises(IllegalAction, match="unknown good 'salt'"):
        parse_text("carry salt=1")


def test_LS_V4_accent_cards():
    """LS-V4: accent cards."""
    s = soan.make("la-superba", variants=["accent-cards"])
    R = s.R
    assert (R.suit[25], R.power[25], R.suit[26], R.mult[26]) == (1, 2, 2, 5)
    assert voyage_power((26, 25, 7, 1), R) == 5 * 2 + 2 + 1 + 1


def test_LS_V5_weather_4_next_serial():
    """LS-V5: weather 4 next serial."""
    s = soan.make("la-superba", variants=["weather-4"])
    assert (s.R.suit[25], s.R.power[25]) == (0, 4) and len(s.R.deck) == 25
    both = soan.make("la-superba", variants=["weather-4", "accent-cards"])
    assert both.R.power[27] == 4 and both.cfg.variants == ("accent-cards", "weather-4")


def test_LS_A1_the_notes_figures_and_the_literal_ones():
    """LS-A1: the notes figures and the literal ones."""
    from soan.games.la_superba.analysis import power_analysis

    base = power_analysis()
    assert base["readings"]["notes"]["max"] == 16 and base["readings"]["literal"]["max"] == 18
    assert ["crew-1", "crew-1", "ship×4", "ship×4"] in base["readings"]["notes"]["argmax"]
    assert base["max"] == 18 and abs(sum(base["distribution"].values()) - 1) < 1e-9
    assert abs(sum(base["best_of_hand"].values()) - 1) < 1e-9
    assert power_analysis(["weather-double"])["readings"]["notes"]["max"] == 22
    assert power_analysis(["weather-double", "lean-weather"])["max"] == 20
    assert power_analysis(["weather-double", "lean-weather", "weather-4"])["max"] == 24
    notes = power_analysis(params={"crew_power_with_ships": False})
    assert notes["max"] == 16
    ex = {e["composition"].split(" ")[0]: e for e in base["notes_examples"]}
    assert ex["船ｘ２＋船員ｘ２"]["notes"] == 16 and ex["船ｘ２＋船員ｘ２"]["literal"] == 18


def test_community_measures_share_of_first_and_low_additions():
    # A concrete round: community weather-1 (serial 1). Seat 0 plays weather 3+3+3 → 9 + 1 = 10 and
    # comes first: the community card is 1/10 of it; every seat gains exactly 1 from it (no ships),
    # so every voyage is a "low" addition.
    from soan.games.la_superba.measures import Measures

    s = soan.make("la-superba", players=3, seed=1)
    R = s.R
    w3 = [c for c in R.deck if R.suit[c] == 0 and R.power[c] == 3][:3]
    w1 = [c for c in R.deck if R.suit[c] == 0 and R.power[c] == 1][:4]
    m = Measures(3)
    d = {"round": 1, "event": R.events[0].id, "played": [w3, w1[1:4], w1[1:4]], "community": w1[0],
         "power": [10, 4, 4], "ranks": [1, 2, 3], "carried": [[1, 0, 0]] * 3, "delivered": [[1, 0, 0]] * 3,
         "lost": [[0, 0, 0]] * 3, "returned": [[0, 0, 0]] * 3, "effects": {"pepper": [], "glass": [], "silk": []},
         "all_tied": False}
    m("round", d)
    rows = m.per_seat(s)
    assert rows[0]["community_share_first"] == pytest.approx(0.1)
    assert rows[0]["community_low"] == pytest.approx(1.0)


def test_weather_4s_label_says_the_highest_power_it_is_compared_at():
    """LS-V5 is asked together with LS-V1 (weather-double): its label gives the highest power there, 26,
    which the exact analysis shows (the draft's own "MAX 24" kept as its words)."""
    from soan.core.game import game_info
    from soan.games.la_superba.analysis import power_analysis

    v = game_info("la-superba").variants["weather-4"]
    assert "26" in v.doc and "２６" in v.doc_ja
    assert power_analysis(("weather-4", "weather-double"))["max"] == 26

"""Undecim: every rule ID of the spec, each from a concrete situation with its expected outcome."""

from __future__ import annotations

import random

import pytest

import soan
from contract import edited
from soan.games.undecim.measures import HandFluidity
from un_helpers import act, situation

pytestmark = pytest.mark.usefixtures("fresh_tables")  # each test's tables compiled afresh (conftest.py)

HANDS = [["explore", "quarry"], ["survey", "trade"], ["hunt", "settlers"], ["builders", "expedition"]]


def opts(s):
    return sorted(str(a) for a in s.legal_actions(s.to_act()[0]))


def test_UN_C1_eleven_action_cards_from_the_vocabulary(tmp_path):
    """UN-C1: eleven action cards from the vocabulary."""
    s = soan.make("undecim")
    cards = s.cfg.components.action_cards
    assert len(cards) == 11 and len({c.id for c in cards}) == 11
    ops = {e.op for c in cards for e in c.effects}
    assert ops <= {"gain", "draw", "settle", "develop", "boost", "vp_per"}
    from soan.games.undecim.model import DATA

    p = tmp_path / "mine.yaml"
    p.write_text(DATA.read_text(encoding="utf-8").replace("effects: [{op: gain, n: 2}]", "effects: [{op: gain, n: 3}]"),
                 encoding="utf-8")
    t = soan.make("undecim", components=str(p))
    assert t.T.effects[t.T.card_index["explore"]][0].n == 3


def test_UN_C2_fourteen_scenarios_in_a_binary_tree():
    """UN-C2: fourteen scenarios in a binary tree."""
    s = soan.make("undecim")
    sc = s.cfg.components.scenario_cards
    assert [sum(1 for x in sc if x.season == k) for k in (1, 2, 3)] == [2, 4, 8]
    by = {x.id: x for x in sc}
    reach2 = [n for x in sc if x.season == 1 for n in x.next]
    reach3 = [n for x in sc if x.season == 2 for n in x.next]
    assert sorted(reach2) == sorted(x.id for x in sc if x.season == 2)
    assert sorted(reach3) == sorted(x.id for x in sc if x.season == 3)
    assert all(by[n].season == 3 for n in reach3)


def test_UN_C3_hundred_two_sided_resource_cards():
    """UN-C3: hundred two sided resource cards."""
    s = soan.make("undecim")
    halves = s.T.card_halves
    assert len(halves) == 100
    count = {}
    for h in halves:
        count[h] = count.get(h, 0) + 1
    assert count == {(0, 4): 17, (1, 5): 17, (2, 6): 17, (3, 7): 17, (8, 9): 32}


@pytest.mark.parametrize("players,council", [(4, 3), (3, 5)])
def test_UN_S1_S2_S3_setup(players, council):
    """UN-S1, UN-S2, UN-S3: setup."""
    s = soan.make("undecim", players=players, seed=3)
    o = s.observation(0)
    assert all(len(h) == 2 for h in s.hands)
    assert len(o["council"]["bonus"]) == council and o["council"]["normal"] == []
    assert len(o["frontier"]) == 6 and o["deck_size"] == 94
    assert o["story"] == ["s1-villages", "s1-frontier"]


def test_UN_S4_random_start_player_clockwise():
    """UN-S4: random start player clockwise."""
    starts = {soan.make("undecim", seed=k).start for k in range(30)}
    assert starts == {0, 1, 2, 3}
    s = situation(start=2, hands=HANDS)
    assert s.to_act() == (2,)


def test_UN_T1_take_from_normal_moves_the_rest_to_bonus():
    """UN-T1: take from normal moves the rest to bonus."""
    s = situation(hands=HANDS, normal=["mint", "charter"])
    act(s, "take mint")
    o = s.observation(0)
    assert o["council"]["normal"] == [] and sorted(o["council"]["bonus"]) == ["charter", "harvest"]
    assert s.stage == "play" and "mint" in o["hand"]


def test_UN_T1_take_from_bonus_moves_nothing_and_may_draw():
    """UN-T1: take from bonus moves nothing and may draw."""
    s = situation(hands=HANDS, normal=["mint"], deck_top=["gold"])
    act(s, "take harvest")
    assert s.observation(0)["council"]["normal"] == ["mint"] and opts(s) == ["bonus draw", "bonus skip"]
    act(s, "bonus draw")
    assert opts(s) == ["keep enemy", "keep gold"]
    act(s, "keep gold")
    assert s.cnt[0][9] == 1 and s.stage == "play"
    t = situation(hands=HANDS, normal=["mint"])
    act(t, "take harvest", "bonus skip")
    assert t.stage == "play" and sum(t.cnt[0]) == 0


def test_UN_T2_play_into_normal_area_even_the_card_just_taken():
    """UN-T2: play into normal area even the card just taken."""
    s = situation(hands=HANDS, normal=["mint"], frontier=["gold", "gold", "stone"])
    act(s, "take mint", "play mint")
    o = s.observation(0)
    assert o["council"]["normal"] == ["mint"] and "mint" not in o["hand"]
    assert opts(s) == ["pick gold"]  # mint: gain 2 gold from the frontier
    act(s, "pick gold", "pick gold")
    assert s.cnt[0][9] == 2


def test_UN_T3_auto_action_after_the_effect():
    """UN-T3: auto action after the effect."""
    s = situation(hands=HANDS, normal=["mint"], frontier=["stone", "wood", "enemy"])
    act(s, "take mint", "play explore", "pick stone", "pick wood")
    assert s.stage == "auto" and opts(s) == ["settle stone wood", "skip"]
    act(s, "settle stone wood")
    assert s.settl[0] and s.to_act() == (1,)
    t = situation(hands=HANDS, normal=["mint"], frontier=["gold", "stone"],
                  settlements={0: [("mixed", ["stone", "wood"])]})
    act(t, "take mint", "play mint", "pick gold")  # the second gold is not there: the effect ends
    assert t.stage == "auto" and "develop 1 gold" in opts(t)  # a develop paid with gold counts


def test_UN_T4_scenario_first_come_first_served():
    """UN-T4: scenario first come first served."""
    lands = ["grassland", "forest", "swamp", "mountain"]
    s = situation(hands=HANDS, normal=["mint"], frontier=["enemy"] * 6, loose={0: lands, 1: lands})
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    assert s.observation(0)["achieved"] == [False, 1] and s.ledger[0][1] == 4 and s.first == 1
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    assert s.cnt[1][0:4] == [1, 1, 1, 1] and s.ledger[1][1] == 0  # already achieved by seat 0


def test_UN_T5_land_vp_and_refill_never_discarding():
    """UN-T5: land vp and refill never discarding."""
    s = situation(hands=HANDS, normal=["mint"], frontier=["gold"] * 6, loose={0: ["grassland", "grassland", "forest"]})
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    assert s.ledger[0][0] == 2 and len(s.frontier) == 6  # refilled up to the size; a larger one is no position
    t = situation(hands=HANDS, normal=["mint"], frontier=["gold"] * 3)
    act(t, "take mint", "play mint", "pick gold", "pick gold")
    assert len(t.frontier) == 6


def test_UN_G1_gaining_forced_half_or_free_choice():
    """UN-G1: gaining forced half or free choice."""
    s = situation(hands=HANDS, normal=["mint"], frontier=["stone", "enemy", "wood"])
    act(s, "take mint", "play explore")
    assert opts(s) == ["pick enemy", "pick forest", "pick gold", "pick grassland", "pick stone", "pick wood"]
    t = situation(hands=HANDS, normal=["mint"], frontier=["stone", "enemy", "wood"])
    act(t, "take mint", "play quarry")
    assert opts(t) == ["pick stone", "pick wood"]  # 'resource' forces that half


def test_UN_G2_four_land_kinds():
    """UN-G2: four land kinds."""
    s = situation(hands=HANDS, normal=["mint"], frontier=["gold"] * 6,
                  loose={0: ["grassland", "forest", "swamp", "mountain", "mountain"]})
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    assert s.ledger[0][0] == 4


def test_UN_G3_settle_two_alike_or_two_different():
    """UN-G3: settle two alike or two different."""
    s = situation(hands=HANDS, normal=["mint"], frontier=["gold"] * 6, loose={0: ["stone", "stone", "wood"]})
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    assert [o for o in opts(s) if o.startswith("settle")] == ["settle stone stone", "settle stone wood"]


def test_UN_G4_develop_same_mixed_gold():
    """UN-G4: develop same mixed gold."""
    s = situation(hands=[["builders", "quarry"], *HANDS[1:3], ["explore", "expedition"]], normal=["mint"],
                  loose={0: ["stone", "clay", "gold"]},
                  settlements={0: [("mixed", ["stone", "wood"]), ("stone", ["stone", "stone"])]})
    act(s, "take mint", "play builders")
    assert [o for o in opts(s) if o.startswith("develop")] == [
        "develop 1 clay", "develop 1 gold", "develop 2 gold", "develop 2 stone"]
    act(s, "develop 1 clay", "develop 2 stone")
    assert [len(c) for _, c in s.settl[0]] == [3, 3]


def test_UN_G5_gold_pays_for_a_boost():
    """UN-G5: gold pays for a boost."""
    s = situation(hands=HANDS, normal=["mint"], frontier=["stone", "wood", "clay"], loose={0: ["gold"]})
    act(s, "take mint", "play quarry", "pick stone", "pick wood")
    assert opts(s) == ["boost pay", "boost skip"]
    act(s, "boost pay")
    assert s.cnt[0][9] == 0 and len(s.discard) == 1 and opts(s) == ["pick clay"]
    act(s, "pick clay")
    assert sum(s.cnt[0][4:8]) == 3


def test_UN_G6_enemies_do_nothing_during_play():
    """UN-G6: enemies do nothing during play."""
    hands = [["hunt", "quarry"], ["survey", "trade"], ["explore", "settlers"], ["builders", "expedition"]]
    s = situation(hands=hands, normal=["mint"], frontier=["enemy"] * 6, loose={0: ["stone"]})
    act(s, "take mint", "play hunt", "pick enemy", "pick enemy")
    assert s.cnt[0][8] == 2 and s.to_act() == (1,)  # no settle (one resource), no auto action


def test_UN_F1_land_majority():
    """UN-F1: land majority."""
    s = situation(loose={0: ["grassland", "grassland", "forest"], 1: ["grassland", "forest"], 2: ["enemy"],
                         3: ["enemy"]})
    f = s.final_scoring()
    assert [x[0] for x in f] == [3 + 1, 1, 0, 0]


def test_UN_F1_F4_majorities_follow_the_rules_in_force():
    """UN-F1, UN-F4 under a rule change (UN-K3): the majorities remembered for the same counts are not those
    of other rules (scoring.final_columns keys them by the rules too)."""
    s = situation(loose={0: ["grassland", "grassland"], 1: ["grassland"], 2: ["enemy"], 3: ["enemy"]})
    assert [(x[0], x[3]) for x in s.final_scoring()] == [(3, -4), (0, -4), (0, 0), (0, 0)]
    s.rules = s.rules._replace(land_majority=(5, 2), enemy_penalty=(9, 6))
    assert [(x[0], x[3]) for x in s.final_scoring()] == [(5, -6), (0, -6), (0, 0), (0, 0)]


def test_UN_F2_buildings_and_the_table_parameter():
    """UN-F2: buildings and the table parameter."""
    ss = [("stone", ["stone"] * 2), ("wood", ["wood"] * 3), ("clay", ["clay"] * 4), ("iron", ["iron"] * 5),
          ("mixed", ["stone", "wood", "clay", "iron", "gold", "gold"])]
    s = situation(settlements={0: ss}, loose={1: ["enemy"], 2: ["enemy"], 3: ["enemy"]})
    assert s.final_scoring()[0][1] == 4 + 8 + 12 + 18 + 18
    t = situation(settlements={0: ss}, params={"building_table": "1,2,3,4"})
    assert t.final_scoring()[0][1] == 1 + 2 + 3 + 4 + 4


def test_UN_F3_gold_per_settlement():
    """UN-F3: gold per settlement."""
    sets = [("mixed", ["stone", "wood", "gold"]), ("stone", ["stone", "stone"])]
    s = situation(loose={0: ["gold", "gold"], 1: ["gold"] * 3}, settlements={0: sets})
    assert s.final_scoring()[0][2] == 2 * 2 and s.final_scoring()[1][2] == 0
    t = situation(loose={0: ["gold", "gold"]}, settlements={0: sets}, params={"gold_rate": 2})
    assert t.final_scoring()[0][2] == 8


def test_UN_F4_fewest_enemies():
    """UN-F4: fewest enemies."""
    s = situation(loose={2: ["enemy"], 3: ["enemy", "enemy"]})
    assert [x[3] for x in s.final_scoring()] == [-4, -4, 0, 0]
    t = situation(loose={1: ["enemy"], 2: ["enemy"], 3: ["enemy", "enemy"]})
    assert [x[3] for x in t.final_scoring()] == [-8, 0, 0, 0]
    u = situation()
    assert [x[3] for x in u.final_scoring()] == [-4, -4, -4, -4]


def test_UN_F5_ties_to_earlier_turn_order():
    """UN-F5: ties to earlier turn order."""
    led = [[0] * 8 for _ in range(4)]
    led[1][0] = led[3][0] = 5
    v = situation(start=2).view()
    v["ledger"] = [dict(zip(("land", "scenario", "start", "cards", "majority", "buildings", "gold", "enemy"), x,
                            strict=True)) for x in led]
    s = soan.from_view(edited(v))
    assert s.ranks() == [4, 2, 3, 1]  # order from seat 2: 2, 3, 0, 1


def _finish_season(s, rng):
    season = s.season
    while not s.is_over() and s.season == season:
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_UN_K1_K2_K3_mark_story_start_vp_and_start_player():
    """UN-K1, UN-K2, UN-K3: mark story start vp and start player."""
    rng = random.Random(5)
    s = soan.make("undecim", seed=5, params={"campaign": True})
    start1 = s.start
    _finish_season(s, rng)
    res = s.results[0]
    assert s.season == 2 and len(s.marks) == 1
    m1 = s.marks[0]
    T = s.T
    assert s.story == (m1, *T.scen_next[m1])  # UN-K2: 3 cards
    assert [led[2] for led in s.ledger] == [(3, 2, 1, 0)[r - 1] for r in res[2]]  # UN-K3
    assert s.start == (start1 + 1) % 4 and s.achieved == [False] * 3
    _finish_season(s, rng)
    m2 = s.marks[1]
    assert s.story == (m1, m2, *T.scen_next[m2]) and len(s.story) == 4
    assert [led[2] for led in s.ledger] == [(6, 4, 2, 0)[r - 1] for r in s.results[1][2]]
    expect = dict(T.base_rules)
    expect.update(T.scen_change[m1])
    expect.update(T.scen_change[m2])
    assert s.rules[0] == tuple(expect["buildings"]) and s.rules[1] == expect["gold_rate"]
    assert s.rules[3] == tuple(expect["enemy_penalty"])


def test_UN_K1_unachieved_season_marks_the_card_most_players_meet():
    """UN-K1: unachieved season marks the card most players meet."""
    v = situation(turn_no=19, hands=HANDS, normal=["mint"], frontier=["enemy"] * 6,
                  params={"campaign": True},
                  settlements={0: [("stone", ["stone", "stone"])] * 2, 1: [("wood", ["wood", "wood"])] * 2}).view()
    s = soan.from_view(v)
    assert s.seat == 3 and s.first is None
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    assert s.season == 2 and s.T.scen_ids[s.marks[0]] == "s1-villages"


def test_UN_K4_campaign_winner_is_most_vp_after_season_three():
    """UN-K4: the campaign's winner is whoever has most VP at the end of season 3 (earlier seasons count only
    through season 3's starting VP, UN-K3); ties go to the player earlier in turn order from season 3's start
    player, the seat two to the left of season 1's (UN-K3's decision)."""
    from soan.games.undecim.fields import START

    rng = random.Random(9)
    s = soan.make("undecim", players=3, seed=9, params={"campaign": True})
    first_start = s.start
    while True:  # to the last move of season 3
        seat = s.to_act()[0]
        a = rng.choice(s.legal_actions(seat))
        t = s.clone()
        t.apply(seat, a)
        if t.is_over():
            break
        s.apply(seat, a)
    assert s.season == 3 and len(s.results) == 2
    won_season_1 = s.results[0][2].index(1)
    x = (won_season_1 + 1) % 3  # a seat that did not win season 1 gets a lead only season 3's score carries
    s.ledger[x][START] += 100
    s.apply(seat, a)
    assert s.is_over() and len(s.results) == 3
    assert s.ranks()[x] == 1 and s.scores()[x] >= 100 and s.scores() == list(s.results[2][1])
    # all tied: season 3's start player first, then clockwise
    for led in s.ledger:
        led[:] = [0] * len(led)
    third_start = (first_start + 2) % 3
    assert s.ranks()[third_start] == 1 and s.ranks()[(third_start + 1) % 3] == 2 and third_start != first_start


def test_actions_are_worded_in_japanese_with_the_drafts_words():
    """What a player reads of a move (terminal, web log, replay) in Japanese: the draft's words for the
    resources, never the code's English ids; English keeps the typed syntax."""
    from soan.games.undecim.actions import BonusDraw, Keep, Pick, Settle

    assert BonusDraw(1).text("ja") == "ボーナス 引く" and BonusDraw(0).text("ja") == "ボーナス 引かない"
    assert Pick("grassland").text("ja") == "獲得 草原" and Pick("grassland").text() == "pick grassland"
    assert Keep("forest").text("ja") == "置く 森" and Keep("iron").text("ja") == "置く 鉄"
    assert Settle("grassland", "swamp").text("ja") == "入植 草原+沼地" and Settle("stone", "gold").text() == "settle stone gold"


def test_an_empty_deck_takes_the_discard_pile_shuffled():
    """The decision for an empty deck: the discard pile is shuffled into a new deck and drawing goes on."""
    s = soan.make("undecim", players=3, seed=5)
    pile = list(range(20))
    s.deck, s.discard = [], pile[:]
    c = s._draw_card()
    assert c in pile and s.discard == [] and sorted([*s.deck, c]) == pile
    assert [*s.deck, c] != pile  # shuffled (seeded), not drawn in the pile's order
    s.deck, s.discard = [], []
    assert s._draw_card() is None  # nothing left anywhere: nothing is drawn


def test_UN_V1_bonus_lock():
    """UN-V1: bonus lock."""
    s = situation(hands=HANDS, normal=["mint", "charter"], variants=["bonus-lock"])
    act(s, "take mint")
    assert s.observation(0)["council"] == {"normal": ["charter"], "bonus": ["harvest"]}
    t = situation(hands=HANDS, normal=["mint", "charter"], variants=["bonus-lock"])
    act(t, "take harvest", "bonus skip")
    o = t.observation(0)["council"]
    assert o["normal"] == [] and sorted(o["bonus"]) == ["charter", "mint"]


def test_UN_V2_one_card_hand():
    """UN-V2: one card hand."""
    s = soan.make("undecim", variants=["one-card-hand"])
    assert all(len(h) == 1 for h in s.hands) and len(s.bonus) == 7


def test_UN_V3_no_retake():
    """UN-V3: no retake."""
    s = situation(hands=HANDS, normal=["mint"], frontier=["gold"] * 6, variants=["no-retake"])
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    for _ in range(3):
        seat = s.to_act()[0]
        act(s, str(s.legal_actions(seat)[0]))
        while s.to_act() == (seat,):
            act(s, str(s.legal_actions(seat)[0]))
    assert s.to_act() == (0,) and "take mint" not in opts(s)


def test_UN_A1_hand_fluidity_measures():
    """UN-A1: hand fluidity measures."""
    hf = HandFluidity()
    s = soan.make("undecim", seed=4)
    s.listener = hf
    rng = random.Random(4)
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    summ = hf.summary()
    cards = summ["cards"]
    assert sum(c["taken_normal"] + c["taken_bonus"] for c in cards.values()) == 20
    assert sum(c["played"] for c in cards.values()) == 20
    assert sum(c["held_to_end"] for c in cards.values()) == 8
    unchanged = sum(1 for e in s.log if e[2] == e[4])
    assert sum(hf.unchanged_turns.values()) == unchanged
    assert all(c["mean_rank_when_played"] is None or 1 <= c["mean_rank_when_played"] <= 4 for c in cards.values())


def test_an_observation_names_its_seat():
    s = soan.make("undecim", players=4, seed=2)
    assert [s.observation(p)["seat"] for p in range(4)] == [0, 1, 2, 3]


@pytest.mark.parametrize("others_meet, marked", [("settlements", "s1-villages"), ("land_kinds", "s1-frontier")])
def test_UN_K1_both_cards_first_achieved_in_one_turn_mark_the_one_more_players_meet(others_meet, marked):
    """UN-K1: both cards first achieved in the same turn: the one more players meet at the end is marked."""
    lands = ["grassland", "forest", "swamp", "mountain"]
    two = [("stone", ["stone", "stone"])] * 2
    others = {1: {"loose": lands}, 2: {"loose": lands}} if others_meet == "land_kinds" else \
        {1: {"settlements": two}, 2: {"settlements": two}}
    s = situation(turn_no=19, hands=HANDS, normal=["mint"], frontier=["enemy"] * 6, params={"campaign": True},
                  loose={3: lands, **{k: v["loose"] for k, v in others.items() if "loose" in v}},
                  settlements={3: [("wood", ["wood", "wood"])] * 2,
                               **{k: v["settlements"] for k, v in others.items() if "settlements" in v}})
    assert s.seat == 3 and s.first is None and s.story[:2] == (0, 1)
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    while s.season == 1:  # the auto step after the effect, if any
        act(s, "skip")
    assert s.results[0][1][3] >= 8  # seat 4 scored both cards in its last turn
    assert s.T.scen_ids[s.marks[0]] == marked


def test_UN_T5_a_frontier_above_its_size_is_legal_and_not_refilled():
    """UN-T5: a frontier above its size is a legal position; it is not refilled nor cut down."""
    s = situation(hands=HANDS, normal=["mint"], frontier=["enemy"] * 8)
    assert len(s.frontier) == 8 and s.rules.frontier == 6
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    while s.seat == 0:
        act(s, "skip")
    assert len(s.frontier) == 6  # two taken, none refilled: 8 - 2 = 6 (a frontier of 6 needs no refill)
    t = situation(hands=HANDS, normal=["mint"], frontier=["enemy"] * 9)
    act(t, "take mint", "play mint", "pick gold", "pick gold")
    while t.seat == 0:
        act(t, "skip")
    assert len(t.frontier) == 7  # above its size after the turn: kept, never discarded down


def test_UN_V3_the_ban_does_not_carry_into_a_new_season():
    """UN-V3: each season of a campaign is a new game: its first turns ban nothing."""
    s = situation(turn_no=19, hands=HANDS, normal=["mint"], frontier=["gold"] * 6, params={"campaign": True},
                  variants=["no-retake"])
    v = s.view()
    v["last_played"] = [None, None, None, "mint"]
    s = soan.from_view(edited(v))
    assert "take mint" not in opts(s)  # banned in season 1
    act(s, "take survey" if "take survey" in opts(s) else opts(s)[0])
    while s.season == 1:
        act(s, opts(s)[0])
    assert s.season == 2 and all(c is None for c in s.last_played)
    takes = {a for a in opts(s) if a.startswith("take ")}
    assert takes == {f"take {s.T.card_ids[c]}" for c in (*s.normal, *s.bonus)}  # every council card offered


def _tableau(test: str, n: int):
    """A seat-0 tableau with exactly `n` of what a scenario test counts (loose cards and settlements)."""
    if test == "settlements":
        return {}, {0: [("stone", ["stone", "stone"])] * n}
    if test == "settlement_size":
        return {}, {0: [("stone", ["stone"] * n)]}
    if test == "mixed_size":
        return {}, {0: [("mixed", ["stone", "wood", "clay", "iron"][:n])]}
    lands = ["grassland", "forest", "swamp", "mountain"]
    loose = {"land_kinds": lands[:n], "one_land": ["forest"] * n + ["grassland"] * (n - 1),
             "lands": (lands * 4)[:n], "enemies": ["enemy"] * n, "gold": ["gold"] * n,
             "resources": (["stone", "wood", "clay", "iron"] * 3)[:n]}[test]
    return {0: loose}, {}


def test_UN_C2_every_scenario_condition_holds_at_its_threshold_and_not_one_below():
    """UN-C2/UN-T4: each scenario card's condition is met with exactly n of what it counts, not with n - 1."""
    T = soan.make("undecim").T
    tested = set()
    for sc, (test, n) in enumerate(T.scen_test):
        for k, meets in ((n, True), (n - 1, False)):
            if test == "mixed_size" and k < 2:
                continue
            loose, settlements = _tableau(test, k)
            s = situation(hands=HANDS, normal=["mint"], loose=loose, settlements=settlements)
            assert s._meets(0, sc) is meets, (T.scen_ids[sc], test, k)
            assert not s._meets(1, sc)  # an empty tableau meets nothing
        tested.add(test)
    assert tested == {"settlements", "settlement_size", "mixed_size", "land_kinds", "one_land", "lands", "enemies",
                      "gold", "resources"}


def test_the_component_files_scoring_tables_are_the_rules_unless_a_parameter_sets_them(tmp_path):
    """UN-F2/UN-F3: a designer's component file with another building table and gold rate is played as
    written; the parameters `building_table` and `gold_rate` override it only when given."""
    from importlib.resources import files

    import yaml

    data = yaml.safe_load(files("soan.games.undecim").joinpath("data/components.yaml").read_text(encoding="utf-8"))
    data["gold_rate"], data["buildings"] = 5, [1, 2, 3, 4]
    f = tmp_path / "components.yaml"
    f.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    s = soan.make("undecim", 4, seed=1, components=str(f))
    assert (s.rules.buildings, s.rules.gold_rate) == ((1, 2, 3, 4), 5)
    s = soan.make("undecim", 4, seed=1, components=str(f), params={"gold_rate": 2, "building_table": "6,12"})
    assert (s.rules.buildings, s.rules.gold_rate) == ((6, 12), 2)
    s = soan.make("undecim", 4, seed=1)  # the draft's own file
    assert (s.rules.buildings, s.rules.gold_rate) == ((4, 8, 12, 18), 1)

"""Undecim rules that mutation testing showed without a real check (docs/testing.md): each test builds a
concrete situation and checks the outcome the rule (UN-*) gives. The tables are compiled afresh for each
test (conftest.py `fresh_tables`), so a change in the tables' compiler is seen here too."""

from __future__ import annotations

import random

import pytest

import soan
from contract import edited
from soan.games.undecim.fields import CARDS, LEDGER
from soan.games.undecim.measures import HandFluidity
from un_helpers import act, situation

pytestmark = pytest.mark.usefixtures("fresh_tables")

HANDS = [["explore", "quarry"], ["survey", "trade"], ["hunt", "settlers"], ["builders", "expedition"]]


def opts(s):
    return sorted(str(a) for a in s.legal_actions(s.to_act()[0]))


# --- the moves as typed and as read ------------------------------------------------------------------

@pytest.mark.parametrize("word", ["skip", "no", "0", "SKIP"])
def test_UN_G5_a_boost_declined_in_words_keeps_the_gold(word):
    s = situation(hands=HANDS, normal=["mint"], frontier=["stone", "wood", "clay"], loose={0: ["gold"]})
    act(s, "take mint", "play quarry", "pick stone", "pick wood")
    assert opts(s) == ["boost pay", "boost skip"]
    act(s, f"boost {word}")
    assert s.cnt[0][9] == 1 and s.discard == []  # no gold spent
    assert sum(s.cnt[0][4:8]) == 2 and len(s.frontier) == 1  # no third resource: the clay is still there
    assert s.stage == "auto"  # the card is done
    assert soan.parse_action("undecim", "boost pay") != soan.parse_action("undecim", f"boost {word}")


def test_taking_and_playing_are_worded_in_japanese():
    from soan.games.undecim.actions import Play, Take

    assert Take("explore").text("ja") == "取る explore" and Take("explore").text() == "take explore"
    assert Play("mint").text("ja") == "使う mint" and Play("mint").text() == "play mint"


def test_an_unknown_move_is_named_cut_short():
    word = "z" * 100
    with pytest.raises(soan.IllegalAction, match="unknown action") as e:
        soan.parse_action("undecim", word)
    msg = str(e.value)
    assert "z" * 38 in msg and "z" * 40 not in msg  # the word shown in at most 40 characters


# --- card effects ------------------------------------------------------------------------------------

@pytest.mark.parametrize("depth, refused", [(4, False), (5, True)])
def test_UN_C1_a_card_whose_effects_nest_more_than_four_deep_is_refused(tmp_path, depth, refused):
    from soan.games.undecim.model import DATA

    nested = "{op: gain, n: 1}"
    for _ in range(depth - 1):
        nested = f"{{op: boost, gold: 1, then: [{nested}]}}"
    p = tmp_path / "deep.yaml"
    old = "effects: [{op: vp_per, what: settlements}, {op: boost, gold: 1, then: [{op: gain, n: 1}]}]"
    p.write_text(DATA.read_text(encoding="utf-8").replace(old, f"effects: [{nested}]"), encoding="utf-8")
    if refused:
        with pytest.raises(soan.ComponentError, match=r"\(id charter\): effects nested more than 4 deep"):
            soan.make("undecim", components=str(p))
    else:
        s = soan.make("undecim", components=str(p))
        step = s.T.effects[s.T.card_index["charter"]][0]
        for _ in range(depth - 1):
            step = step.then[0]
        assert step.op == "gain"


def test_charter_scores_a_vp_per_settlement_not_per_land_or_enemy():
    """charter: vp_per settlements (UN-C1's vocabulary)."""
    s = situation(hands=HANDS, normal=["mint"], frontier=["enemy"] * 6,
                  loose={0: ["grassland", "forest", "swamp", "enemy"]},
                  settlements={0: [("stone", ["stone", "stone"]), ("mixed", ["wood", "clay"])]})
    act(s, "take charter", "bonus skip", "play charter")
    assert s.ledger[0][CARDS] == 2  # 2 settlements (3 lands, 1 enemy: not these)


def test_UN_G3_the_settle_effect_comes_before_and_apart_from_the_auto_action():
    """settlers: gain 1 resource, then settle once; the auto action (UN-T3) still follows."""
    t = situation(hands=[["settlers", "quarry"], ["survey", "trade"], ["hunt", "explore"], ["builders", "expedition"]],
                  normal=["mint"],
                  frontier=["wood", "enemy"], loose={0: ["stone", "stone", "clay", "clay"]})
    act(t, "take mint", "play settlers", "pick wood")
    assert t.stage == "effect" and "settle stone stone" in opts(t)  # the card's settle
    act(t, "settle stone stone")
    assert t.stage == "auto" and t.seat == 0 and "settle clay clay" in opts(t)  # and then the auto action
    act(t, "settle clay clay")
    assert len(t.settl[0]) == 2 and t.seat == 1


# --- copies and views --------------------------------------------------------------------------------

def _to_turn(s, rng, turn_no):
    while s.turn_no < turn_no and not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_a_clone_and_a_fork_are_the_same_game_and_play_on_alike_into_the_next_season():
    s = soan.make("undecim", players=3, seed=8, params={"campaign": True})
    rng = random.Random(8)
    _to_turn(s, rng, 14)  # the last turn of season 1
    c, f = s.clone(), s.fork()  # a copy, and the look-ahead's copy
    assert c.view() == s.view() == f.view()
    while s.season == 1:  # the season's end reshuffles and deals with the state's generator (UN-K3)
        seat = s.to_act()[0]
        a = rng.choice(s.legal_actions(seat))
        for x in (s, c, f):
            x.apply(seat, a)
    assert c.view() == s.view() == f.view() and c.hands == s.hands == f.hands and c.deck == s.deck == f.deck


def test_the_card_taken_this_turn_is_in_the_view():
    s = situation(hands=HANDS, normal=["mint"])
    act(s, "take mint")
    assert s.view()["took"] == ["mint", False]
    t = situation(hands=HANDS, normal=["mint"])
    act(t, "take harvest")
    assert t.view()["took"] == ["harvest", True] and soan.from_view(t.view()).took == t.took


def test_a_fork_gains_into_its_own_tableau_only():
    s = situation(hands=HANDS, normal=["mint"], frontier=["stone", "wood", "enemy"], loose={0: ["clay"]})
    before = s.view()
    f = s.fork()
    act(f, "take mint", "play explore", "pick stone", "pick wood")
    assert sorted(x % 10 for x in f.loose[0]) == [4, 5, 6] and f.cnt[0][4:7] == [1, 1, 1]
    assert s.view() == before and [x % 10 for x in s.loose[0]] == [6]


def test_the_first_achieved_scenario_is_in_the_view_and_kept_through_it():
    """UN-T4: the campaign mark is part of the position: a saved game keeps it."""
    lands = ["grassland", "forest", "swamp", "mountain"]
    s = situation(hands=HANDS, normal=["mint"], frontier=["enemy"] * 6, loose={0: lands}, params={"campaign": True})
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    v = s.view()
    assert v["first"] == "s1-frontier"
    t = soan.from_view(v)
    assert t.first == s.first == s.T.scen_index["s1-frontier"]


def test_a_settlement_card_laid_as_a_half_it_lacks_is_named_in_the_view():
    v = situation(settlements={0: [("stone", ["stone", "stone"])]}).view()
    code = v["settlements"][0][0][1][1]
    v["settlements"][0][0][1][1] = code - code % 10 + 5  # a grassland/stone card laid as wood
    with pytest.raises(soan.IllegalAction, match=r"view\.settlements\[0\]\[0\]\[1\]\[1\]: card \d+ is laid as wood"):
        soan.from_view(edited(v))


@pytest.mark.parametrize("step", [["gain", [1], [0]], ["gain", "1", [0]], [1, 1, [0]], ["gain", 1, 0]])
def test_a_pending_step_of_the_wrong_shape_is_named_in_the_view(step):
    s = situation(hands=HANDS, normal=["mint"], frontier=["gold"] * 6)
    act(s, "take mint", "play mint")
    v = s.view()
    assert v["todo"] == [["gain", 2, [0]]]
    v["todo"] = [step]
    with pytest.raises(soan.IllegalAction, match=r"view\.todo\[0\]: a pending step is \[op, times left, path\]"):
        soan.from_view(edited(v))



@pytest.mark.parametrize("entry", [[4, [41, 42], 0], [[4], [41, 42]], [4]])
def test_a_settlement_of_the_wrong_shape_is_named_in_the_view(entry):
    v = situation(settlements={0: [("stone", ["stone", "stone"])]}).view()
    v["settlements"][0][0] = entry
    with pytest.raises(soan.IllegalAction, match=r"view\.settlements\[0\]\[0\]: a settlement is \[kind, \[cards\]\]"):
        soan.from_view(edited(v))


def test_UN_K3_a_position_restated_under_other_parameters_keeps_the_marked_cards_rule_changes():
    """The bot's planning rules (agents/planrules.py): a season-3 position whose marked season-2 card set the
    enemy penalty (UN-K3) restated under gold_rate 3 has gold_rate 3 and still the card's penalty."""
    from soan.agents.planrules import restate

    v = situation(hands=HANDS, normal=["mint"], params={"campaign": True}).view()
    v.update(season=3, marks=["s1-frontier", "s2-wilds"], story=["s1-frontier", "s2-wilds", "s3-crusade", "s3-border"],
             achieved=[False] * 4)
    v["rules"]["enemy_penalty"] = [10, 5]
    s = soan.from_view(edited(v))
    r = restate(s, (), {"campaign": True, "gold_rate": 3})
    assert r is not None and r is not s
    assert r.rules == ((4, 8, 12, 18), 3, (3, 1), (10, 5), 6)
    assert s.rules.gold_rate == 1 and s.rules.enemy_penalty == (10, 5)


# --- what a study reads: the events and the measures (UN-A1) -----------------------------------------

def _play_campaign(s, seed: int) -> list[list[list[str]]]:
    """Random moves to the game's end; the action cards each seat held at each season's end (a turn that
    ended the season with a card's play no longer holds that card)."""
    from soan.games.undecim.actions import Play

    rng = random.Random(seed)
    held = []
    while not s.is_over():
        seat = s.to_act()[0]
        season = s.season
        hands = [[s.T.card_ids[c] for c in h] for h in s.hands]
        a = rng.choice(s.legal_actions(seat))
        s.apply(seat, a)
        if s.season != season or s.is_over():
            if isinstance(a, Play):
                hands[seat].remove(a.card)
            held.append(hands)
    return held

def test_season_and_game_end_events_carry_each_seasons_scores_ranks_and_hands():
    """The listener's events (docs/new-game.md): each season's end with its scores, ranks (UN-F5) and the
    action cards held then; the game's end with the final scores and ranks (UN-K4)."""
    events = []
    s = soan.make("undecim", players=3, seed=6, params={"campaign": True})
    s.listener = lambda kind, data: events.append((kind, data))
    held = _play_campaign(s, 6)
    ends = [d for k, d in events if k == "season_end"]
    assert [d["season"] for d in ends] == [1, 2, 3]
    for d, (_, scores, ranks, _), hands in zip(ends, s.results, held, strict=True):
        assert d["scores"] == list(scores) and d["ranks"] == list(ranks) and d["hands"] == hands
    assert any(s.results[0][1])  # scores that say something
    last = [d for k, d in events if k == "end"]
    assert last == [{"scores": s.scores(), "ranks": s.ranks()}] and s.ranks() == list(s.results[2][2])


def test_UN_A1_the_per_seat_measures_agree_with_the_turn_log():
    from contract import measured_random_game

    s, m = measured_random_game("undecim", 4, 12)
    rows = m.per_seat(s)
    for i, r in enumerate(rows):
        turns = [e for e in s.log if e[1] == i]
        assert r["turns"] == len(turns) == 5
        assert r["unchanged_turns"] == sum(1 for e in turns if not e[5])
        assert r["taken_bonus"] == sum(1 for e in turns if e[3]) and r["taken_normal"] == 5 - r["taken_bonus"]
        for c, cid in enumerate(s.T.card_ids):
            assert r["played_" + cid] == sum(1 for e in turns if e[4] == c)
            assert r["held_" + cid] == int(c in s.hands[i])
        assert r["unchanged_share"] == r["unchanged_turns"] / 5
        assert r["settlements"] == len(s.settl[i])


def test_UN_A1_hand_fluidity_gives_each_seats_share_of_unchanged_turns():
    hf = HandFluidity()
    s = soan.make("undecim", players=3, seed=12)
    s.listener = hf
    rng = random.Random(12)
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    share = hf.summary()["unchanged_hand_share"]
    assert share == {i: sum(1 for e in s.log if e[1] == i and not e[5]) / 5 for i in range(3)}


def test_UN_A1_campaign_measures_count_held_cards_per_season_and_the_dealt_cards_kept_through_season_one():
    """Summed over the campaign's seasons: a card held at 2 seasons' ends counts 2; the cards dealt at setup
    (UN-S1) count as kept when still in hand at the first season's end."""
    from soan.games.undecim.measures import Measures

    for seed in (3, 4, 5):
        s = soan.make("undecim", players=3, seed=seed, params={"campaign": True})
        m = Measures(3)
        m.start(s)
        dealt = [[s.T.card_ids[c] for c in h] for h in s.hands]
        s.listener = m
        held = _play_campaign(s, seed)
        for i, r in enumerate(m.per_seat(s)):
            for cid in s.T.card_ids:
                assert r["held_" + cid] == sum(cid in h[i] for h in held)
                assert r["dealt_kept_" + cid] == int(cid in dealt[i] and cid in held[0][i])
                assert r["dealt_" + cid] == int(cid in dealt[i])
            assert [r["vp_" + k] for k in LEDGER] == s.ledger[i]  # the last season's VP by source


# --- found on a later sample (seed 15) ---------------------------------------------------------------

def test_UN_T1_without_no_retake_the_card_played_last_turn_may_be_taken_again():
    s = situation(hands=HANDS, normal=["mint"], frontier=["gold"] * 6)
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    while s.to_act() != (0,):
        act(s, opts(s)[0])
    assert s.T.card_ids[s.last_played[0]] == "mint" and "take mint" in opts(s)


def test_UN_T4_two_scenarios_met_in_one_turn_score_both():
    lands = ["grassland", "forest", "swamp", "mountain"]
    s = situation(hands=HANDS, normal=["mint"], frontier=["enemy"] * 6, loose={0: lands},
                  settlements={0: [("stone", ["stone", "stone"])] * 2})
    act(s, "take mint", "play mint", "pick gold", "pick gold")
    while s.seat == 0:
        act(s, "skip")
    assert s.achieved == [1, 1] and s.ledger[0][1] == 4 + 4


def test_UN_G4_declining_a_develop_effect_still_offers_the_cards_boost():
    s = situation(hands=[["builders", "quarry"], *HANDS[1:3], ["explore", "expedition"]], normal=["mint"],
                  loose={0: ["stone", "gold"]}, settlements={0: [("stone", ["stone", "stone"])]})
    act(s, "take mint", "play builders")
    assert "develop 1 stone" in opts(s)
    act(s, "skip")  # no develop (both times)
    assert opts(s) == ["boost pay", "boost skip"]


def test_moves_typed_in_japanese_are_read():
    s = situation(hands=HANDS, normal=["mint"], frontier=["stone", "wood", "enemy"], deck_top=["gold"])
    act(s, "取る harvest", "bonus draw", "置く 金", "使う explore", "獲得 石", "獲得 木")
    assert s.cnt[0][4] == s.cnt[0][5] == s.cnt[0][9] == 1
    act(s, "入植 石 木")
    assert len(s.settl[0]) == 1 and s.seat == 1


def test_the_view_is_plain_json():
    import json

    s = soan.make("undecim", players=3, seed=2, params={"building_table": "5,9,13,19", "position_vp": "0,1,2"})
    v = s.view()
    assert v == json.loads(json.dumps(v)) and v["params"]["building_table"] == [5, 9, 13, 19]


@pytest.mark.parametrize("start", [3, -1])
def test_a_start_player_who_is_not_a_seat_is_named_in_the_view(start):
    v = situation(players=3).view()
    v["start"] = start
    with pytest.raises(soan.IllegalAction, match=r"view\.start"):
        soan.from_view(edited(v))

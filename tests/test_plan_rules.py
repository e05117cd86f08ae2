"""A bot that plans with other rules (`greedy:rules=base`, agents/planrules.py): the position restated
under the base rules, the look-ahead run there, the game's real moves chosen from."""

from __future__ import annotations

import pytest

import soan
from soan.agents import SeatView, make_agent
from soan.agents.planrules import restate
from soan.core.errors import ConfigError


def test_a_position_restated_under_the_base_rules_is_the_base_games_position():
    """Undecim holds its scoring rules in the position (UN-F2/F3 at setup, UN-K3's changes): restated
    under the base rules, a gold_rate=2 game's setup is the base game's setup, rules in force included."""
    s = soan.make("undecim", players=4, seed=4, params={"gold_rate": 2, "building_table": "6,12,18,27"})
    r = restate(s, (), {})
    assert r is not s and r.cfg.params["gold_rate"] is None and r.rules.gold_rate == 1  # unset: the file's 1
    assert r.view() == soan.make("undecim", players=4, seed=4).view()
    assert s.rules.gold_rate == 2 and s.rules.buildings == (6, 12, 18, 27)  # the game itself is untouched
    assert restate(s, (), {"gold_rate": 2, "building_table": "6,12,18,27"}) is s  # the same rules: itself
    # a variant that changes what a seat holds (UN-V2: one card in hand) cannot be stated under the base rules
    assert restate(soan.make("undecim", players=4, seed=4, variants=["one-card-hand"]), (), {}) is None


def test_the_bot_plans_with_the_rules_it_is_told_to():
    """Under gold_rate=50 the normal bot chases gold; told to plan with the base rules it decides, at the
    same positions, exactly as the normal bot of the base game does (same samples), and unlike the normal
    bot of the gold_rate=50 game somewhere."""
    differ = 0
    for seed in range(3):
        s = soan.make("undecim", players=4, seed=seed, params={"gold_rate": 50})
        b = soan.make("undecim", players=4, seed=seed)
        seat = s.to_act()[0]
        base_planner = make_agent("greedy:rules=base", seed=1)
        chosen = base_planner.act(SeatView(s, seat))
        assert chosen == make_agent("greedy", seed=1).act(SeatView(b, seat))
        assert base_planner.planned == {"rules": 1, "own": 0}
        differ += chosen != make_agent("greedy", seed=1).act(SeatView(s, seat))
    assert differ >= 1


def test_planning_with_the_base_rules_in_the_base_game_or_where_they_cannot_state_it_changes_nothing():
    for variants in ([], ["one-card-hand"]):
        s = soan.make("undecim", players=4, seed=2, variants=variants)
        aware, base_planner = make_agent("greedy", seed=5), make_agent("greedy:rules=base", seed=5)
        for _ in range(12):
            seat = s.to_act()[0]
            a = aware.act(SeatView(s, seat))
            assert base_planner.act(SeatView(s, seat)) == a
            s.apply(seat, a)
        assert base_planner.planned["own" if variants else "rules"] > 0


def test_a_bad_rules_option_is_named():
    with pytest.raises(ConfigError, match="rules is 'game'"):
        make_agent("greedy:rules=variant")


def test_an_answer_about_a_rule_the_bots_play_exactly_as_the_base_game_says_they_do_not_respond():
    from soan.lab.ask_report.sentences import sentence as _sentence

    q = {"name": {"ja": "ワーカー不足の手番", "en": "turns short of a worker"}, "format": "num", "margin": 0.25}
    r = {"against": {"variants": ["worker-decay"]}, "effect": "no_spread", "n": 8, "diff": 0.0, "a": 0.0, "b": 0.0,
         "ci": [None, None], "same_play": True}
    assert "ボットはこのルールに反応しない" in _sentence("asian-delivery", q, r, "greedy", "ja")
    assert "the bots do not respond to this rule" in _sentence("asian-delivery", q, r, "greedy", "en")
    assert "反応しない" not in _sentence("asian-delivery", q, {**r, "same_play": False}, "greedy", "ja")

"""lab/allot.py: the plan's games shared by what each question needs, its total kept."""

import pytest

from soan.lab.allot import allot


def test_the_cheapest_needs_are_met_first_and_the_rest_is_shared_alike():
    have = {"base": 32, "a": 32, "b": 32, "c": 32, "d": 32}
    # a needs 100 (with the base), b 200 (with the base), c 900: 5 × 150 = 750 games in all
    plan, met = allot(750, have, [{"base": 900, "c": 900}, {"base": 100, "a": 100}, {"base": 200, "b": 200}], 6400)
    assert met == [1, 2]  # c's need does not fit: the others are met, cheapest first
    assert plan["base"] == 200 and plan["a"] >= 100 and plan["b"] == 200
    assert sum(plan.values()) <= 750 and plan["c"] == plan["d"] == plan["a"]  # the rest lifted to one level
    assert sum(plan.values()) > 750 - len(plan)  # and nothing left idle but rounding


def test_a_base_shared_by_questions_is_paid_once():
    have = {"base": 8, "a": 8, "b": 8}
    plan, met = allot(300, have, [{"base": 100, "a": 100}, {"base": 100, "b": 100}], 6400, keep=0.0)
    assert met == [0, 1] and plan == {"base": 100, "a": 100, "b": 100}


def test_no_study_falls_below_what_it_holds_nor_below_keep_of_an_equal_share_for_a_need():
    have = {"base": 40, "a": 40, "b": 40, "c": 40}
    # the need (base and a at 300) would leave b and c 0 more games: below half an equal share (100 × 0.5)
    plan, met = allot(400, have, [{"base": 300, "a": 300}], 6400, keep=0.5)
    assert met == [] and plan == {"base": 100, "a": 100, "b": 100, "c": 100}
    plan, met = allot(400, have, [{"base": 150, "a": 150}], 6400, keep=0.5)
    assert met == [0] and plan["b"] == plan["c"] >= 50 and min(plan.values()) >= 40
    plan, _ = allot(100, {"x": 90, "y": 10}, [], 6400)
    assert plan == {"x": 90, "y": 10}


def test_a_need_above_the_cap_is_never_met_and_no_study_passes_the_cap():
    plan, met = allot(10_000, {"a": 8, "b": 8}, [{"a": 7000}], 1000)
    assert met == [] and plan == {"a": 1000, "b": 1000}


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="total and cap"):
        allot(-1, {"a": 1}, [], 10)
    with pytest.raises(ValueError, match="keep"):
        allot(10, {"a": 1}, [], 10, keep=2.0)
    with pytest.raises(ValueError, match=r"\['zz'\]"):
        allot(10, {"a": 1}, [{"zz": 4}], 10)

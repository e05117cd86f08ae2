"""La Superba rules that mutation testing showed without a real check (docs/testing.md): each test
builds a concrete voyage and checks the exact outcome."""

from __future__ import annotations

import random

import pytest

import soan
from ls_helpers import situation, voyage

pytestmark = pytest.mark.usefixtures("fresh_tables")  # each test's tables compiled afresh (conftest.py)

H0, H1, H2 = [1, 2, 3, 16, 17], [4, 5, 7, 8, 19], [6, 9, 13, 14, 18]
P0, P1, P2 = (1, 16, 17), (7, 8, 19), (13, 14, 18)  # powers 9, 12, 9 with the community weather-2 #12


def three(event="becalmed", **kw):
    return situation([H0, H1, H2], 12, event, **kw)


def settle(s):
    """Seats asked which chits to deliver take the first option."""
    while s.phase == "deliver":
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    return s


def test_LS_R4_glass_adds_power_to_its_holder_only():
    s = voyage(three("pepper-boom"), [P0, P1, P2], [(0, 1, 0), (1, 0, 0), (0, 2, 0)])
    h = s.history[0]
    assert h["effects"]["glass"] == [2]
    assert h["power"] == [9, 12, 11]  # seat 0 carried glass too but does not hold the effect


def test_LS_R4_a_tie_for_most_of_a_good_goes_to_the_higher_serial_not_the_later_seat():
    s = voyage(three("pepper-boom"), [P0, P1, P2], [(1, 0, 0), (0, 1, 0), (0, 1, 0)])
    h = s.history[0]
    assert h["effects"]["glass"] == [1]  # seat 1's top card is #19, seat 2's #18
    assert h["power"] == [9, 13, 9]


def test_LS_R6_supplies_lose_what_is_carried_and_get_back_only_silk_returns():
    s = three("pepper-boom")
    s = settle(voyage(s, [P0, P1, P2], [(1, 1, 1), (0, 3, 0), (2, 0, 1)]))
    h = s.history[0]
    for i in range(3):
        c, d, lost, back = h["carried"][i], h["delivered"][i], h["lost"][i], h["returned"][i]
        assert sum(d) == min(h["quotas"][i], sum(c))
        for g in range(3):
            assert c[g] == d[g] + lost[g] + back[g]
            assert s.supply[3 * i + g] == 4 - c[g] + back[g]
            assert s.lost[3 * i + g] == lost[g]
        if i not in h["effects"]["silk"]:
            assert back == [0, 0, 0]


def test_LS_R6_everything_carried_is_delivered_when_the_quota_allows():
    s = settle(voyage(three("pepper-boom"), [P0, P1, P2], [(0, 1, 1), (1, 1, 1), (0, 0, 1)]))
    h = s.history[0]
    assert h["ranks"] == [3, 1, 2] and h["quotas"] == [1, 3, 2]
    assert h["delivered"][1] == [1, 1, 1]  # 3 carried, quota 3: no choice asked
    assert h["delivered"][2] == [0, 0, 1]


def test_LS_R6_ranks_past_the_quota_table_take_its_last_entry():
    s = soan.make("la-superba", players=4, seed=11)
    rng = random.Random(1)
    seen = set()
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    for h in s.history:
        ev = s.R.events[[e.id for e in s.R.events].index(h["event"])]
        if ev.quotas or ev.last_loses or h["all_tied"]:
            continue
        for i in range(4):
            assert h["quotas"][i] == (3, 2, 1, 1)[h["ranks"][i] - 1]
            seen.add(h["ranks"][i])
    assert 4 in seen


def test_measures_hear_each_round_and_the_end():
    s = three("pepper-boom")
    heard = []
    s.listener = lambda kind, data: heard.append((kind, data))
    voyage(s, [P0, P1, P2], [(1, 0, 0), (0, 1, 0), (0, 0, 1)])
    assert [k for k, _ in heard] == ["round"]
    assert heard[0][1]["round"] == 1 and heard[0][1]["ranks"] == s.history[0]["ranks"]
    rng = random.Random(2)
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert [k for k, _ in heard] == ["round"] * 5 + ["end"]
    assert heard[-1][1] == {"scores": s.scores(), "ranks": s.ranks()}


def test_before_any_round_ends_every_seat_ranks_first():
    s = soan.make("la-superba", players=4, seed=3)
    assert s.ranks() == [1, 1, 1, 1]
    assert soan.make("la-superba", players=3, seed=3).ranks() == [1, 1, 1]


def test_an_observation_names_its_seat():
    s = soan.make("la-superba", players=3, seed=2)
    assert [s.observation(p)["seat"] for p in range(3)] == [0, 1, 2]


def test_the_carry_prompt_asks_in_both_languages():
    s = soan.make("la-superba", players=3, seed=4)
    for p in range(3):  # LS-R2: every seat plays its cards first, then chooses the chits to carry
        s.apply(p, s.legal_actions(p)[0])
    q = s.prompt(0)
    most = s.R.carry_max
    assert f"ラウンド{s.round}：運ぶアイテムを1〜{most}個選んでください。" in q.ja
    assert q.ja != q.en and str(most) in q.en


def test_LS_R6_delivery_options_computed_afresh(monkeypatch):
    """The option tables are cached per process; computed afresh they are exactly the ways to pick
    `quota` of the carried chits (all of them when fewer are carried)."""
    from soan.games.la_superba import options as rules  # where the option tables and their caches live

    monkeypatch.setattr(rules, "_DELIVER_CACHE", {})
    got = [d.counts for d in rules.deliver_options((1, 2, 1), 2)]
    assert sorted(got) == [(0, 1, 1), (0, 2, 0), (1, 0, 1), (1, 1, 0)]
    assert [d.counts for d in rules.deliver_options((1, 1, 0), 3)] == [(1, 1, 0)]
    monkeypatch.setattr(rules, "_CARRY_CACHE", {})
    got = [c.counts for c in rules.carry_options((1, 0, 2), 2)]
    assert sorted(got) == [(0, 0, 1), (0, 0, 2), (1, 0, 0), (1, 0, 1)]
    assert [c.counts for c in rules.carry_options((0, 0, 0), 2)] == [(0, 0, 0)]


def test_a_view_with_a_wrong_history_or_reveal_is_named():
    """from_view refuses a history that does not match the round and a reveal awaiting a seat that does
    not exist, naming the field (views.py `_check_reveal`)."""
    import copy

    import pytest

    from contract import edited
    from soan.core.errors import IllegalAction

    rng = random.Random(4)
    s = soan.make("la-superba", players=3, seed=4)
    while not (s.view()["phase"] == "deliver" and s.view()["round"] >= 2):
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    v = s.view()
    bad = edited(copy.deepcopy(v))
    bad["history"] = bad["history"][:-1]
    with pytest.raises(IllegalAction, match=rf"^view.history: {len(v['history']) - 1} finished rounds in round "
                                            rf"{v['round']} \(deliver\)$"):
        soan.from_view(bad)
    bad = edited(copy.deepcopy(v))
    bad["reveal"]["awaiting"] = [3]
    with pytest.raises(IllegalAction, match=r"^view.reveal.awaiting: no seat 3$"):
        soan.from_view(bad)
    soan.from_view(edited(v))  # the view as it is loads


def test_LS_A1_mean_power_and_the_community_cards_mean_over_a_whole_game():
    """LS-A1 measures of a whole game: each seat's mean voyage power is the mean over the five rounds of
    the history's powers; the community card's addition is given as a mean per round."""
    from contract import measured_random_game

    s, m = measured_random_game("la-superba", 3, 2)
    rows = m.per_seat(s)
    assert len(s.history) == 5
    for i, r in enumerate(rows):
        assert r["mean_power"] == sum(h["power"][i] for h in s.history) / 5
        assert r["community_added_mean"] >= 0
        assert "community_added" not in r and "rounds" not in r


# --- from the survivors of a fresh mutation sample (seed 23) ---------------------------------------------
def test_LS_T1_the_plays_offered_are_every_set_of_play_cards_from_the_hand():
    """LS-T1: a seat plays exactly R.play cards of its hand: the options are every such set, once each."""
    from itertools import combinations

    s = soan.make("la-superba", 3, seed=2)
    k, hand = s.R.play, s.hands[0]
    got = sorted(a.text() for a in s.legal_actions(0))
    assert got == sorted("play " + " ".join(map(str, c)) for c in combinations(hand, k)) and len(got) == 10


def test_a_delivery_choice_shows_in_the_choosers_observation_and_as_made_in_the_others():
    """At the delivery (LS-R2) a seat sees its own choice once made; the others see only that it chose."""
    s = soan.make("la-superba", 3, seed=2)
    rng = random.Random(1)
    while s.rv is None:
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    seat = s.to_act()[0]
    other = next(i for i in range(3) if i != seat)
    assert s.observation(seat)["own_delivery"] is None and s.observation(other)["chose_delivery"][seat] is False
    a = s.legal_actions(seat)[0]
    s.apply(seat, a)
    assert s.observation(seat)["own_delivery"] == list(s.choice[seat])
    assert s.observation(other)["chose_delivery"][seat] is True and s.observation(other)["own_delivery"] is None


@pytest.mark.parametrize("field", ["lost", "choice", "quota", "supply"])
def test_a_views_per_seat_list_of_the_wrong_length_is_named(field):
    from soan.core.errors import IllegalAction

    v = soan.make("la-superba", 3, seed=2).view()
    v[field] = v[field][:2]
    with pytest.raises(IllegalAction, match=rf"^view\.{field}: 2 entries for 3 players$"):
        soan.from_view(v)


@pytest.mark.parametrize(("g", "name"), [(0, "pepper"), (1, "glass"), (2, "silk")])
def test_a_views_chits_that_do_not_add_up_are_named_by_their_good(g, name):
    """LS-S1: each seat's chits of each good are per_good in all; a view with one too many names the good."""
    from soan.core.errors import IllegalAction

    v = soan.make("la-superba", 3, seed=2).view()
    v["supply"][0][g] += 1
    with pytest.raises(IllegalAction, match=rf"seat 0 has \d+ {name} chits"):
        soan.from_view(v)


def test_LS_B1_weather_bonus_adds_power_to_all_weather_voyages_only():
    """LS-B1 (a balance parameter): `weather_bonus` power on a voyage whose counting cards are all
    weather, after LS-V1's doubling; nothing on a mixed voyage or by default."""
    from soan.games.la_superba.model import voyage_power

    R = soan.make("la-superba", params={"weather_bonus": 3}).R
    assert voyage_power((1, 16, 17), R) == 1 + 3 + 3 + 3 and voyage_power((1, 16, 7), R) == 1 + 3 + 1
    D = soan.make("la-superba", variants=["weather-double"], params={"weather_bonus": 3}).R
    assert voyage_power((1, 16, 17), D) == 2 * 7 + 3
    assert voyage_power((1, 16, 17), soan.make("la-superba").R) == 7


def test_a_views_reveal_outside_the_delivery_and_a_card_in_two_places_are_named():
    from soan.core.errors import IllegalAction

    s = soan.make("la-superba", 3, seed=2)
    rng = random.Random(1)
    for _ in range(4):
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    v = s.view()
    i = next(i for i in range(3) if v["played"][i])
    v["played"][i][0] = v["hands"][(i + 1) % 3][0]
    with pytest.raises(IllegalAction, match=rf"^view\.played\[{i}\]\[0\]: card \d+ is also at view\.hands"):
        soan.from_view(v)
    while s.rv is None:
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    v = s.view()
    v["reveal"] = None
    with pytest.raises(IllegalAction, match=r"^view\.reveal: present exactly in the deliver phase$"):
        soan.from_view(v)


def test_determinize_resamples_hidden_carried_chits_from_each_seats_own_supply_of_each_good():
    """LS-T2: chits carried are hidden until the reveal; a sample of another seat's carry is one that seat
    could have chosen from its supply of each good (pepper, glass, silk), so the sample's view is valid."""
    checked = 0
    for seed in range(1, 30):
        s = soan.make("la-superba", 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over() and checked < 400:
            seat = s.to_act()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            if s.rv is None and any(c is not None for c in s.carried):
                for me in range(3):
                    d = s.determinize(me, random.Random(checked))
                    soan.from_view(d.view())  # the chits add up for every good of every seat
                    for i in range(3):
                        if d.carried[i] is not None:
                            b = 3 * i
                            assert all(d.carried[i][g] <= d.supply[b + g] for g in range(3)), (seed, i)
                    checked += 1
    assert checked >= 400

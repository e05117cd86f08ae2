"""A variant's rule taking effect is counted (`Variant.fires`), and `soan ask` says how often it did in the
games a verdict rests on, and when it never did (issue: verdicts about rules the bots never meet)."""

from __future__ import annotations

import random

import pytest

import soan
from soan.games.asian_delivery.actions import RequestPick
from soan.games.asian_delivery.measures import Measures


def _play(variants: list[str], seed: int) -> list[dict]:
    """A random 4-player Asian Delivery game with the measures listening; also counts on its own the
    offices that took a request (AD-V6)."""
    s = soan.make("asian-delivery", players=4, seed=seed, variants=variants)
    m = Measures(4)
    s.listener = m
    m.start(s)
    rng = random.Random(seed)
    office_requests = [0] * 4
    while not s.is_over():
        seat = s.to_act()[0]
        a = rng.choice(s.legal_actions(seat))
        top = s.stack[-1] if s.stack else None
        if isinstance(a, RequestPick) and getattr(top, "kind", None) == "office_pick":
            office_requests[seat] += 1
        m.before(s, seat, a)
        s.apply(seat, a)
        m.after(s, seat, a)
    rows = m.per_seat(s)
    for q in range(4):
        rows[q]["own_office_requests"] = office_requests[q]
    return rows


def test_the_rules_counters_count_only_under_their_variant():
    base = [r for seed in (1, 2, 3) for r in _play([], seed)]
    assert all(r["office_requests"] == 0 and r["stored_vp"] == 0 and r["decay_losses"] == 0 for r in base)
    v6 = [r for seed in (1, 2, 3, 4) for r in _play(["office-request"], seed)]
    assert [r["office_requests"] for r in v6] == [r["own_office_requests"] for r in v6]
    assert sum(r["office_requests"] for r in v6) > 0
    v10 = [r for seed in (1, 2) for r in _play(["worker-decay"], seed)]
    assert sum(r["decay_losses"] for r in v10) > 0  # random players often end a turn without retrieving
    from soan.lab.runner import play_game

    v13 = play_game("asian-delivery", 4, 3, ["normal"] * 4, variants=["stored-vp"], collect=True)
    assert sum(r["stored_vp"] for r in v13.seat_measures) > 0  # the normal bot plans for AD-V13


def test_an_answer_says_how_often_the_compared_rule_took_effect(tmp_path):
    from soan.lab import ask as ask_mod
    from soan.lab.ask_report.sentences import _fired_line

    res = ask_mod.ask("asian-delivery", ["workers-meaningless"], budget_s=0, out=tmp_path, jobs=1, bots=("random",),
                      start_n={"random": 4})
    rows = res["answers"][0]["by_bot"]["random"]["rows"]
    decay = next(r for r in rows if r["against"] == {"variants": ["worker-decay"]})
    (f,) = decay["fired"]
    assert f["rule"] == "AD-V10" and f["games"] == decay["n"] and 0 <= f["games_share"] <= 1
    porter = next(r for r in rows if r["against"] == {"variants": ["one-porter"]})
    assert porter["fired"] == []  # AD-V1 declares no counter
    never = {"fired": [{"rule": "AD-V10", "games": 40, "per_game": 0.0, "games_share": 0.0}]}
    assert "never took effect in these 40 games" in _fired_line(never, "en")
    assert "一度も効果を発揮しなかった" in _fired_line(never, "ja")
    some = {"fired": [{"rule": "AD-V10", "games": 40, "per_game": 0.25, "games_share": 0.2}]}
    assert "took effect 0.25 times a game (in 20% of the games)" in _fired_line(some, "en")


@pytest.mark.parametrize("game", ["undecim", "la-superba", "asian-delivery"])
def test_a_declared_counter_is_a_measure_the_game_keeps(game):
    """Every `fires` names a seat measure the game's measures listener writes."""
    from soan.core.game import game_info
    from soan.lab.runner import play_game

    info = game_info(game)
    for v in info.variants.values():
        if v.fires:
            r = play_game(game, info.default_players, 1, ["random"] * info.default_players, variants=[v.id], collect=True)
            assert all(v.fires in row for row in r.seat_measures), (v.id, v.fires)

"""Bots: evaluations on concrete positions, play styles as data, the seat-effect check, bot CLI."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

import soan
from soan.agents import SeatView, make_agent
from soan.agents.check import SeatTally, seat_effect_robust, tally
from soan.agents.styles import game_styles, load_styles
from soan.cli.main import app
from soan.core.rng import Rng

GAMES = [g["id"] for g in soan.games()]


def ad_with_cubes_next_to_a_request(seed: int = 3):
    """Asian Delivery, round 1: the seat on turn holds one L request whose cubes stand in its
    warehouse one step from the destination."""
    s = soan.make("asian-delivery", players=4, seed=seed)
    p = s.to_act()[0]
    T = s.T
    r = next(r for r in range(len(T.req_area)) if T.req_grade[r] == 0 and T.req_cubes[r] == 2
             and r not in s.req_disp and all(r not in o for o in s.orders))
    a = T.req_area[r]
    b = next(b for b in range(2, 11) if s.dist[a][b] == 1)
    s.req_deck.remove(r)
    s.req_disc.extend(s.orders[p])
    s.orders[p] = [r]
    s.supply[p][0] -= 2
    s.wh[p][3 * b] += 2
    s._lc = None
    return s, p, r


def test_ad_bot_moves_the_cubes_and_delivers_the_request():
    s, p, r = ad_with_cubes_next_to_a_request()
    bot = make_agent("normal", seed=1)
    while p in s.to_act() and s.round == 1 and s.turn_k == 0:
        s.apply(p, bot.act(SeatView(s, p)))
    assert r in s.done[p] and r not in s.orders[p]
    assert s.vp[p] >= s.T.req_vp[r]


def test_ad_evaluation_values_cubes_at_the_destination_above_cubes_away():
    s, p, r = ad_with_cubes_next_to_a_request()
    ev = soan.core.game.game_info("asian-delivery").hooks.evaluate
    away = ev(s)[p]
    a = s.T.req_area[r]
    t = s.clone()
    t.wh[p] = [0] * len(t.wh[p])
    t.wh[p][3 * a] = 2
    assert ev(t)[p] > away  # ready to deliver
    u = s.clone()
    u.wh[p] = [0] * len(u.wh[p])
    u.supply[p] = [0, 0, 0]
    assert ev(u)[p] < away  # no cubes left for it: the end penalty looms



def ad_at_last_draft(seed: int = 5):
    """Asian Delivery played at random into round 8, stopped at a draft whose business display still
    has cards: the seat on turn has had its last action step."""
    import random

    rng = random.Random(seed)
    while True:
        s = soan.make("asian-delivery", players=4, seed=seed)
        while not s.is_over():
            if s.round == 8 and s.stack and s.stack[-1][0] == "draft" and len(s.biz_disp) >= 2:
                return s, s.to_act()[0]
            seat = s.to_act()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        seed += 1


def test_ad_steps_left_count_the_action_steps_still_to_come():
    from soan.games.asian_delivery.evaluate import action_steps_left

    s = soan.make("asian-delivery", players=4, seed=3)
    p = s.to_act()[0]
    later = (p + 1) % 4
    assert (action_steps_left(s, p), action_steps_left(s, later)) == (8, 8)  # round 1, p in its action step
    s.apply(p, next(a for a in s.legal_actions(p) if a.kind == "play"))
    while s.stack[-1][0] != "action":
        s.apply(p, s.legal_actions(p)[0])
    s.apply(p, next(a for a in s.legal_actions(p) if a.kind == "end"))
    assert s.stack[-1][0] == "draft"
    assert (action_steps_left(s, p), action_steps_left(s, later)) == (7, 8)  # p's action step is over
    t, q = ad_at_last_draft()
    assert action_steps_left(t, q) == 0


def test_ad_a_request_out_of_reach_costs_its_full_penalty():
    from soan.games.asian_delivery.evaluate import WEIGHTS, seat_value

    s, p = ad_at_last_draft()
    r = s.req_disp[0]
    t = s.clone()
    t.orders[p].append(r)
    t.fac = [-1 if x == p else x for x in t.fac]  # no ad towers: a request's count changes nothing else
    u = t.clone()
    u.orders[p].remove(r)
    assert seat_value(t, p) - seat_value(u, p) == pytest.approx(-WEIGHTS["penalty"] * s.T.penalty)


def test_ad_ad_towers_add_to_a_request_only_with_the_chance_to_finish_it():
    """AD-E1: an ad tower adds 1 VP to each request completed. A request out of reach gains nothing
    from towers: holding it costs its full penalty however many towers the seat owns."""
    from soan.games.asian_delivery.evaluate import WEIGHTS, seat_value
    from soan.games.asian_delivery.model import TOWER, fac_slot

    s, p = ad_at_last_draft()
    r = s.req_disp[0]
    t = s.clone()
    t.fac[fac_slot(2, TOWER)] = p
    t.fac[fac_slot(3, TOWER)] = p
    assert t._owned(p, TOWER) >= 2
    u = t.clone()
    u.orders[p].append(r)
    assert seat_value(u, p) - seat_value(t, p) == pytest.approx(-WEIGHTS["penalty"] * s.T.penalty)


def test_ad_bot_does_not_draft_a_request_in_the_last_round():
    """Even a request whose cubes already stand at its destination: no action step is left to deliver."""
    s, p = ad_at_last_draft()
    T = s.T
    r = s.req_disp[0]
    a = T.req_area[r]
    s.wh[p][3 * a: 3 * a + 3] = [0, 0, 0]
    s.wh[p][3 * a + T.req_grade[r]] = T.req_cubes[r]
    bot = make_agent("normal", seed=1)
    a = bot.act(SeatView(s, p))
    assert a.kind == "draft" and a.pile == "business", a


def test_ad_evaluation_counts_supply_cubes_an_upgrade_away_for_a_higher_grade_request():
    """An N request with L cubes in the supply is worth more while the stock has N cubes to upgrade to."""
    from soan.games.asian_delivery.evaluate import seat_value

    s = soan.make("asian-delivery", players=4, seed=3)
    p = s.to_act()[0]
    T = s.T
    r = next(r for r in range(len(T.req_area)) if T.req_grade[r] == 1 and T.req_cubes[r] == 1
             and r not in s.req_disp and all(r not in o for o in s.orders))
    s.orders[p] = [r]
    assert s.supply[p] == [10, 0, 0]
    none = s.clone()
    none.stock[1] = 0
    assert seat_value(s, p) > seat_value(none, p) + 0.5

@pytest.mark.parametrize("game", GAMES)
def test_every_game_ships_at_least_three_styles_and_they_change_the_weights(game):
    styles = game_styles(game)
    assert len(set(styles) - {"balanced"}) >= 3
    weights = {tuple(sorted(st.weights.items())) for st in styles.values()}
    assert len(weights) == len(styles)
    for st in styles.values():
        assert st.en and st.ja


@pytest.mark.parametrize("game", GAMES)
def test_a_style_changes_what_the_bot_values(game):
    """The same position scored with each style's weights gives different values (not a label)."""
    from soan.agents.base import evaluator

    s = soan.make(game, players=4, seed=2)
    rng = Rng(2)
    for _ in range(40):  # a mid-game position
        if s.is_over():
            break
        seat = s.to_act()[0]
        la = s.legal_actions(seat)
        s.apply(seat, la[rng.below(len(la))])
    vals = {name: tuple(evaluator(game, name)(s)) for name in game_styles(game)}
    assert len(set(vals.values())) > 1


def test_a_style_with_the_default_weights_shares_the_normal_seats_evaluation_cache():
    """Asian Delivery's evaluation caches its values per weights object: a style whose weights are the
    defaults ("balanced") uses the defaults' own object, so a balanced seat shares the normal seats' cache
    (one context, the same values) instead of filling its own; another style keeps its own."""
    from soan.agents.base import evaluator
    from soan.games.asian_delivery import evaluate as E

    s = soan.make("asian-delivery", players=4, seed=2)
    rng = Rng(2)
    for _ in range(60):
        seat = s.to_act()[0]
        la = s.legal_actions(seat)
        s.apply(seat, la[rng.below(len(la))])
    E._CTX.clear()
    plain = evaluator("asian-delivery")(s.clone())
    assert len(E._CTX) == 1
    assert evaluator("asian-delivery", "balanced")(s.clone()) == plain and len(E._CTX) == 1
    evaluator("asian-delivery", "builder")(s.clone())
    assert len(E._CTX) == 2


def test_bad_styles_are_named(tmp_path):
    f = tmp_path / "styles.yaml"
    f.write_text("fast:\n  en: x\n  ja: x\n  weights: {speed: 2}\n", encoding="utf-8")
    with pytest.raises(soan.ConfigError, match=r"style 'fast': no weight 'speed'; the weights are \['a'\]"):
        load_styles(f, {"a": 1.0})
    f.write_text("fast:\n  en: x\n  weights: {}\n", encoding="utf-8")
    with pytest.raises(soan.ConfigError, match="needs a description in 'ja'"):
        load_styles(f, {"a": 1.0})
    with pytest.raises(soan.ConfigError, match="has no style 'sneaky'; its styles are") as err:
        make_agent("greedy:style=sneaky").act(SeatView(soan.make("undecim", players=4, seed=1), 0))
    assert err.value.ja.startswith("ウーンデキムにプレイスタイル「sneaky」はありません。使えるのは")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spec", ["greedy:samples=1:style={s}", "mcts:iters=20:style={s}"])
def test_no_cheating_with_styles(game, spec):
    s = soan.make(game, players=4, seed=9)
    rng = Rng(4)
    for _ in range(6):
        seat = s.to_act()[-1]
        la = s.legal_actions(seat)
        s.apply(seat, la[rng.below(len(la))])
    seat = s.to_act()[0]
    t = s.determinize(seat, Rng(77))
    assert t.observation(seat) == s.observation(seat)
    name = sorted(set(game_styles(game)) - {"balanced"})[0]
    a = make_agent(spec.format(s=name), seed=3).decide(SeatView(s, seat)).action
    b = make_agent(spec.format(s=name), seed=3).decide(SeatView(t, seat)).action
    assert a == b


def test_seat_effect_robust_in_words():
    fair = SeatTally("random", 4000, [1000, 1000, 1000, 1000])
    skew = SeatTally("normal", 4000, [800, 1000, 1080, 1120])
    skew2 = SeatTally("hard", 4000, [820, 1010, 1070, 1100])
    c = seat_effect_robust(skew, fair)
    assert c.verdict == "bot-dependent"
    assert "seat 1 behind" in c.text("en") and "1番手が不利" in c.text("ja")
    assert seat_effect_robust(skew, skew2).verdict == "robust"
    assert seat_effect_robust(fair, fair).verdict == "absent"
    assert "有意な席の差は見られません" in seat_effect_robust(fair, fair).text("ja")
    assert tally("x", [[0], [1], [0, 1]], 2).wins == [1.5, 1.5]
    with pytest.raises(ValueError, match="same player count"):
        seat_effect_robust(fair, SeatTally("y", 10, [5, 5, 0]))
    with pytest.raises(ValueError, match="no games"):
        SeatTally("z", 0, [0, 0])


def test_seatcheck_and_styles_commands(tmp_path):
    r = CliRunner().invoke(app, ["seatcheck", "undecim", "-n", "4", "--levels", "greedy:samples=1,random", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["verdict"] in ("robust", "bot-dependent", "absent") and out["text"]["ja"]
    r = CliRunner().invoke(app, ["seatcheck", "undecim", "--levels", "random"])
    assert r.exit_code != 0 and "two bot levels" in r.output
    r = CliRunner().invoke(app, ["styles", "la-superba", "-n", "2", "--agent", "greedy:samples=1",
                                 "--styles", "power,goods", "--out", str(tmp_path), "--lang", "ja"])
    assert r.exit_code == 0, r.output
    assert "支配的" in r.output and (tmp_path / "styles.png").exists()
    res = json.loads((tmp_path / "styles.json").read_text(encoding="utf-8"))
    m = res["matrix"]
    assert m["power"]["goods"]["share"] + m["goods"]["power"]["share"] == pytest.approx(1.0)
    r = CliRunner().invoke(app, ["styles", "la-superba", "--styles", "power,flying"])
    assert r.exit_code != 0 and "no style 'flying'" in r.output


def test_tune_writes_weights_as_a_style_and_resumes(tmp_path):
    args = ["tune", "undecim", "--agent", "greedy:samples=1", "--trials", "2", "--games", "2", "--validate", "2",
            "--out", str(tmp_path), "--json"]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    res = json.loads(r.output)
    assert res["trials"] == 2 and set(res["validation"]) >= {"share", "ci", "significant"}
    tuned = tmp_path / "tuned.yaml"
    assert tuned.exists() and (tmp_path / "optuna.db").exists()
    r = CliRunner().invoke(app, [*args[:5], "3", *args[6:]])  # resumed: one more trial, not three
    assert json.loads(r.output)["trials"] == 3
    # the tuned weights play as a style, and still see only their seat
    s = soan.make("undecim", players=4, seed=4)
    seat = s.to_act()[0]
    t = s.determinize(seat, Rng(5))
    spec = f"greedy:samples=1:style={tuned}"
    assert make_agent(spec, seed=1).act(SeatView(s, seat)) == make_agent(spec, seed=1).act(SeatView(t, seat))


def test_rollout_plays_on_at_a_draft_and_stays_within_the_rules():
    """The rollout bot settles a close draft by playing on; it picks a legal action, the same one for
    the same seed, and from two states the seat cannot tell apart."""
    s, p = ad_at_last_draft()
    la = s.legal_actions(p)
    a = make_agent("rollout:policy_plan=2:margin=1000", seed=4)
    got = a.decide(SeatView(s, p)).action
    assert got in la and a.rollouts >= 2
    assert make_agent("rollout:policy_plan=2:margin=1000", seed=4).act(SeatView(s, p)) == got
    t = s.determinize(p, Rng(77))
    assert make_agent("rollout:policy_plan=2:margin=1000", seed=4).act(SeatView(t, p)) == got


def test_rollout_leaves_clear_calls_and_small_steps_to_the_base_bot():
    s, p, r = ad_with_cubes_next_to_a_request()  # an action step: not a decision the game names
    a = make_agent("rollout", seed=1)
    b = make_agent("normal", seed=1)
    assert a.act(SeatView(s, p)) == b.act(SeatView(s, p)) and a.rollouts == 0
    t, q = ad_at_last_draft()  # no action step is left: the three best drafts tie exactly
    c = make_agent("rollout:margin=0", seed=1)
    c.act(SeatView(t, q))
    assert c.rollouts == 3
    e = make_agent("rollout:at=top:margin=100", seed=1)  # every top-level decision, the action step too
    e.act(SeatView(s, p))
    assert e.rollouts == 3


@pytest.mark.parametrize("opt, words", [("top=1", "top must be >= 2"), ("rounds=0", "rounds must be >= 1"),
                                        ("margin=-1", "margin must be >= 0"), ("samples=0", "samples must be >= 1"),
                                        ("at=all", "at must be 'game'"), ("model=2", "model must be 0"),
                                        ("watch=0", "watch must be >= 1"), ("judge=-1", "judge must be >= 0")])
def test_rollout_bad_options_are_named(opt, words):
    with pytest.raises(soan.ConfigError, match=words):
        make_agent(f"rollout:{opt}")


def test_ad_bot_takes_on_an_early_request_it_can_finish_over_a_business_card():
    """Round 1's draft: an L request one step from the hub, where the seat's ten L cubes stand, is
    worth drafting; the business cards are left for the last drafts (the deck is shared)."""
    s = soan.make("asian-delivery", players=4, seed=3)
    rng = Rng(5)
    while not (s.stack and s.stack[-1][0] == "draft"):
        seat = s.to_act()[0]
        la = s.legal_actions(seat)
        ends = [a for a in la if a.kind == "end"]
        s.apply(seat, ends[0] if ends else la[rng.below(len(la))])
    p = s.to_act()[0]
    T = s.T
    r = next(r for r in s.req_deck if T.req_grade[r] == 0 and T.req_cubes[r] <= 2 and s.dist[1][T.req_area[r]] == 1)
    s.req_deck.remove(r)
    s.req_disc.append(s.req_disp[0])
    s.req_disp[0] = r
    s._lc = None
    assert s.round == 1 and s.supply[p][0] >= 2
    a = make_agent("normal", seed=1).act(SeatView(s, p))
    assert (a.kind, a.pile) == ("draft", "request") and a.card in s.req_disp, a
    t = s.clone()  # the same draft with only H requests shown, and no H cube to be had: business
    hs = [x for x in t.req_deck if T.req_grade[x] == 2][:4]
    assert len(hs) == 4
    t.req_deck = [x for x in t.req_deck if x not in hs] + t.req_disp
    t.req_disp = hs
    t.stock[2] = 0
    t._lc = None
    b = make_agent("normal", seed=1).act(SeatView(t, p))
    assert (b.kind, b.pile) == ("draft", "business"), b


def test_rollout_model_tells_a_random_seat_from_a_purposeful_one():
    """`rollout:model=1` watches the others' public moves: a seat playing at random is judged mostly
    random, one playing normal mostly purposeful; an unwatched seat counts as normal (0)."""
    from soan.agents.drive import show_move

    s = soan.make("asian-delivery", players=4, seed=8)
    watcher = make_agent("rollout:model=1:watch=12", seed=3)
    players = {0: make_agent("random", seed=1), 1: make_agent("normal", seed=2), 2: make_agent("random", seed=5),
               3: make_agent("random", seed=6)}
    shown = []
    while not s.is_over() and min(watcher.judged.get(0, 0), watcher.judged.get(1, 0)) < 12:
        seat = s.to_act()[0]
        a = players[seat].act(SeatView(s, seat))
        shown.append((s.clone(), seat, a))
        assert show_move({3: watcher}, s, seat, a) == ([3] if seat != 3 else [])
        s.apply(seat, a)
    assert watcher.judged[0] == watcher.judged[1] == 12 and 3 not in watcher.judged
    assert watcher.eps_of(0) > 0.6 and watcher.eps_of(1) < 0.2 and watcher.eps_of(3) == 0.0
    judged = {k: list(v) for k, v in watcher.loglik.items()}
    watcher.forget()  # what an undo or a resume does: shown the same moves again, it judges them alike
    assert watcher.judged == {}
    for before, seat, a in shown:
        show_move({3: watcher}, before, seat, a)
    assert watcher.loglik == judged
    level = make_agent("hard", seed=3)  # Asian Delivery's hard watches; forgetting reaches its rollout bot
    level.watching(s.game_id)
    level.inner.loglik, level.inner.judged = dict(watcher.loglik), dict(watcher.judged)
    level.forget()
    assert level.inner.judged == {} and level.inner.eps_of(0) == 0.0


def test_moves_are_shown_only_where_every_move_is_public():
    """A secret choice is never shown to a watching bot: La Superba's voyages are chosen in secret."""
    from soan.agents.drive import show_move

    class Stub:
        def __init__(self):
            self.seen = []

        def watching(self, game_id):
            return True

        def observe(self, view, seat, action):
            self.seen.append((view.seat, seat, action))

    ls = soan.make("la-superba", players=4, seed=2)
    seat = ls.to_act()[0]
    w = Stub()
    assert show_move({1: w, 2: w}, ls, seat, ls.legal_actions(seat)[0]) == [] and w.seen == []
    ad = soan.make("asian-delivery", players=4, seed=2)
    seat = ad.to_act()[0]
    a = ad.legal_actions(seat)[0]
    others = {i: w for i in range(4)}
    assert show_move(others, ad, seat, a) == [i for i in range(4) if i != seat]
    assert sorted(v for v, _, _ in w.seen) == [i for i in range(4) if i != seat]
    assert all(m == seat and x == a for _, m, x in w.seen)


def test_a_study_shows_a_watching_bot_every_other_seats_move():
    from soan.agents import register_agent
    from soan.agents.base import RandomAgent
    from soan.lab.runner import play_game

    seen: list[tuple[int, int]] = []

    class Watcher(RandomAgent):
        name = "test-watcher"
        watches = True

        def observe(self, view, seat, action):
            assert action in view._state.legal_actions(seat)  # shown before it is applied
            seen.append((view.seat, seat))

    from soan.agents import AGENTS

    register_agent(Watcher)
    try:
        r = play_game("undecim", 3, 4, ["test-watcher", "random", "random"])
    finally:
        AGENTS.pop(Watcher.name)
    assert seen and all(v == 0 and m != 0 for v, m in seen)
    assert len(seen) == sum(r.decisions[1:])


def test_no_cheating_when_watching():
    """Two states the watcher cannot tell apart (Undecim: other hands hidden) give the same judgements
    of the same moves, over several judged moves."""
    s = soan.make("undecim", players=4, seed=9)
    rng = Rng(4)
    a, b = make_agent("rollout:model=1", seed=3), make_agent("rollout:model=1", seed=3)
    for _ in range(400):
        if s.is_over() or sum(a.judged.values()) >= 4:
            break
        seat = s.to_act()[0]
        me = (seat + 1) % 4
        t = s.determinize(me, Rng(77))
        assert t.observation(me) == s.observation(me)
        la = s.legal_actions(seat)
        x = la[rng.below(len(la))]
        a.observe(SeatView(s, me), seat, x)
        b.observe(SeatView(t, me), seat, x)
        assert a.loglik == b.loglik and a.judged == b.judged
        s.apply(seat, x)
    assert sum(a.judged.values()) >= 4  # moves that told something were judged alike


def test_rollout_model_plays_a_seat_at_random_only_once_its_moves_say_so(monkeypatch):
    """Before any judgement, and while a seat's moves look purposeful, the rollouts play it as normal
    and the watching bot decides exactly as without the model; a seat judged random plays at random."""
    from soan.agents import rollout

    s, p = ad_at_last_draft()
    spec = "rollout:policy_plan=2:margin=1000:model={m}"
    made: list[tuple[int, float]] = []  # (seed, eps) of each rollout policy
    real = rollout.GreedyAgent

    class Spy(real):
        def __init__(self, seed=0, **kw):
            made.append((seed, kw.get("eps", 0.0)))
            super().__init__(seed=seed, **kw)

    monkeypatch.setattr(rollout, "GreedyAgent", Spy)
    plain, watching = make_agent(spec.format(m=0), seed=4), make_agent(spec.format(m=1), seed=4)
    assert watching.eps_of((p + 1) % 4) == 0.0
    other = (p + 1) % 4
    hits = [0.0] * len(rollout.EPS_GRID)
    for g, e in enumerate(rollout.EPS_GRID):  # three near-best choices among four: purposeful so far
        hits[g] = rollout.EPS_PRIOR[g] + 3 * math.log((1 - e) * 0.95 + e * 0.25)
    watching.loglik[other] = hits
    assert watching.eps_of(other) == 0.0
    made.clear()
    assert watching.act(SeatView(s, p)) == plain.act(SeatView(s, p))
    assert made and all(e == 0.0 for _, e in made)
    misses = [rollout.EPS_PRIOR[g] + 6 * math.log((1 - e) * 0.05 + e * 0.75) for g, e in enumerate(rollout.EPS_GRID)]
    watching.loglik[other] = misses  # six choices far from the best, where three in four were
    assert watching.eps_of(other) > 0.8
    made.clear()
    watching.act(SeatView(s, p))
    random_policies = [e for _, e in made if e > 0]
    assert random_policies and all(e == watching.eps_of(other) for e in random_policies)


def test_ad_evaluation_is_not_shared_between_two_maps():
    """Two games of the same configuration on different maps: a position alike in everything but the
    map is valued on its own map (the evaluation's cache once keyed positions without the map, so the
    second game got the first game's values), and the longest path is counted on its own map too."""
    from soan.games.asian_delivery.evaluate import evaluate, seat_value

    a = soan.make("asian-delivery", players=4, seed=3)
    rng = Rng(4)
    while a.round < 3:  # cubes out in warehouses and on vehicles, facilities built
        seat = a.to_act()[0]
        la = a.legal_actions(seat)
        a.apply(seat, la[rng.below(len(la))])
    for seed in range(5, 40):
        b = soan.make("asian-delivery", players=4, seed=seed)
        if b.layout == a.layout:
            continue
        moved = a.clone()  # the same position on b's map
        moved.layout, moved.adj, moved.dist, moved.cw = b.layout, b.adj, b.dist, b.cw
        own = [seat_value(moved, p) for p in range(4)]  # no cache
        if own != [seat_value(a, p) for p in range(4)]:
            break
    else:
        raise AssertionError("no map among 35 changes the values")
    assert moved.T is a.T
    first = evaluate(a)
    assert evaluate(moved) == own != first
    assert evaluate(a) == first == [seat_value(a, p) for p in range(4)]

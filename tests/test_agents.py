"""Bots: spec strings, determinism, no cheating, ladder smoke run, play against a bot."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import soan
from soan.agents import SeatView, level_spec, make_agent, parse_agents
from soan.cli.main import app
from soan.core.rng import Rng

GAMES = [g["id"] for g in soan.games()]
SPECS = ["random", "greedy:samples=2", "mcts:iters=30", "rollout:policy_plan=1:rounds=1:margin=1000"]


def test_spec_strings_and_levels():
    hard = make_agent("hard", seed=3)
    assert hard.spec == "hard" and hard.resolve("undecim").name == "mcts" and hard.resolve("undecim").iters == 400
    assert level_spec("hard", "la-superba") == "mcts:iters=400"
    assert level_spec("hard", "asian-delivery") == "rollout:rounds=3:model=1:policy_plan=20"
    assert hard.resolve("asian-delivery").rounds == 3 and hard.resolve("asian-delivery").policy_plan == 20
    assert hard.resolve("asian-delivery").watching("asian-delivery") and not hard.resolve("asian-delivery").watching("la-superba")
    assert level_spec("normal", "asian-delivery") == "greedy"
    assert make_agent("normal").resolve("undecim").name == "greedy"
    s = mid_game("undecim", 5, 33)  # a level decides exactly as the spec it stands for, also after a reseed
    seat = s.to_act()[0]
    for lv, spec in [("hard", "mcts:iters=60"), ("normal", "greedy")]:
        a, b = make_agent(lv, seed=11), make_agent(spec, seed=11)
        if lv == "hard":
            a.resolve("undecim").iters = 60  # the same search, smaller for the test
        a.reseed(12)
        b.reseed(12)
        assert a.decide(SeatView(s, seat)).why == b.decide(SeatView(s, seat)).why, lv
    assert make_agent("easy").resolve("undecim").eps == 0.5
    assert make_agent("easy").resolve("la-superba").eps == 0.375  # the game's own easy (hooks.levels)
    a = make_agent("mcts:iters=400:c=1.4")
    assert (a.iters, a.c) == (400, 1.4)
    assert make_agent("mcts:time=0.5").time == 0.5
    assert parse_agents("greedy,random", 4) == ["greedy", "random", "greedy", "random"]
    for bad, words in [("alpha", "unknown agent 'alpha'"), ("mcts:iters", "key=value"),
                       ("greedy:depth=3", "agent 'greedy' has no option 'depth'; it takes samples, horizon, plan, style, eps"),
                       ("rollout:modle=1", "has no option 'modle'; it takes top, samples"),
                       ("rollout:judge=abc", "agent option judge='abc' in 'rollout:judge=abc' must be a number"),
                       ("random:x=1", "agent 'random' has no option 'x'; it takes no options"),
                       ("rollout:model=2", "bad options for agent 'rollout' \\(model must be 0"), ("", "no agents")]:
        with pytest.raises(soan.ConfigError, match=words.replace("[", r"\[").replace("]", r"\]")):
            parse_agents(bad)
    with pytest.raises(soan.ConfigError) as e:
        parse_agents("rollout:modle=1")
    assert e.value.ja.startswith("ボット 'rollout' にオプション 'modle' はありません。使えるオプション：top、samples")


def test_commands_say_what_was_wrong_in_the_language_asked_for():
    """With --lang ja a bad bot, variant or player count is named in Japanese; the next command, without
    --lang, speaks English again."""
    run = CliRunner().invoke
    r = run(app, ["ladder", "undecim", "--agents", "random,bogus", "-n", "2", "--lang", "ja"])
    assert r.exit_code == 2 and "エラー：ボット 'bogus' はありません" in r.output and "unknown" not in r.output
    r = run(app, ["ladder", "undecim", "--agents", "random,random,random", "-n", "2", "-V", "nosuch", "--lang", "ja"])
    assert r.exit_code == 2 and "ウーンデキムにヴァリアント 'nosuch' はありません" in r.output
    r = run(app, ["ladder", "undecim", "--agents", "random,random", "-n", "2", "--lang", "ja"])
    assert r.exit_code == 2 and "ウーンデキムは3〜4人用です" in r.output
    r = run(app, ["ladder", "undecim", "--agents", "random,random,random", "-n", "2", "-P", "gold_rate=abc", "--lang", "ja"])
    assert r.exit_code == 2 and "パラメータ 'gold_rate' には整数を指定してください（指定された値：'abc'）" in r.output
    r = run(app, ["check", "undecim", "-n", "1", "-V", "nosuch", "--lang", "ja"])
    assert r.exit_code == 2 and "エラー：ウーンデキムにヴァリアント 'nosuch'" in r.output
    r = run(app, ["ladder", "undecim", "--agents", "hard:iters=3", "-n", "2", "--lang", "ja"])
    assert r.exit_code == 2 and "強さ 'hard' にはオプションを付けられません" in r.output
    r = run(app, ["ladder", "undecim", "--agents", "random,bogus", "-n", "2"])
    assert r.exit_code == 2 and "error: unknown agent 'bogus'" in r.output


def mid_game(game, seed, steps, players=4):
    s = soan.make(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        seat = s.to_act()[-1]  # the last seat acts first, so seat 0 faces others' secret choices
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed,steps", [(1, 1), (2, 2), (3, 7), (4, 20), (5, 33)])
def test_no_cheating_identical_observations_identical_everything(game, seed, steps):
    s = mid_game(game, seed, steps)
    if s.is_over():
        pytest.skip("game over")
    seat = s.to_act()[0]
    t = s.determinize(seat, Rng(12345))  # other hands, deck order, others' pending choices differ
    assert t.observation(seat) == s.observation(seat)
    assert t.view() != s.view()
    assert s.determinize(seat, Rng(9)).view() == t.determinize(seat, Rng(9)).view()
    for spec in SPECS:
        a = make_agent(spec, seed=4).decide(SeatView(s, seat)).action
        b = make_agent(spec, seed=4).decide(SeatView(t, seat)).action
        assert a == b, spec


def test_bots_only_see_their_seat():
    s = mid_game("la-superba", 3, 3)
    v = SeatView(s, 0)
    assert not hasattr(v, "state") and set(v.observation()) == set(s.observation(0))


@pytest.mark.parametrize("game", GAMES)
def test_mcts_is_deterministic_for_a_seed_and_budget(game):
    s = mid_game(game, 8, 0)
    seat = s.to_act()[0]
    a = make_agent("mcts:iters=40", seed=3)
    b = make_agent("mcts:iters=40", seed=3)
    assert a.decide(SeatView(s, seat)).action == b.decide(SeatView(s, seat)).action
    assert a.last_iterations == 40
    d = make_agent("mcts:time=0.05", seed=1).decide(SeatView(s, seat))
    assert d.action in s.legal_actions(seat) and d.why


def test_ladder_smoke_json():
    r = CliRunner().invoke(app, ["ladder", "la-superba", "--agents", "greedy:samples=2,random,random", "-n", "6",
                                 "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    assert [x["agent"] for x in rows] == ["greedy:samples=2", "random"]
    for x in rows:
        assert set(x) >= {"agent", "games", "win_share", "win_share_ci", "mean_score", "mean_rank", "decision_ms"}
        assert x["win_share_ci"][0] <= x["win_share"] <= x["win_share_ci"][1]
    assert rows[0]["games"] == 6 and rows[1]["games"] == 12
    assert abs(rows[0]["win_share"] * 6 + rows[1]["win_share"] * 12 - 6) < 1e-9


def test_a_spectator_sees_bot_moves_with_reasons(tmp_path):
    from soan.cli.play import Session

    out: list[str] = []
    s = Session("la-superba", 3, [], ["greedy:samples=1", "random"], 3, "en", record=str(tmp_path / "r.jsonl"),
                input_fn=lambda p: "1", output=out.append, clear=False)
    assert s.run() == 0
    text = "\n".join(out)
    assert "(bot) → play" in text and "why:" in text


def test_person_plays_against_mcts(tmp_path):
    from soan.cli.play import Session

    out: list[str] = []
    s = Session("la-superba", 3, [0], ["mcts:iters=20"], 3, "en", record=str(tmp_path / "r.jsonl"),
                input_fn=lambda p: "1", output=out.append, clear=False)
    assert s.run() == 0 and soan.replay(tmp_path / "r.jsonl").is_over()


def test_simultaneous_seats_decide_the_same_whatever_order_they_are_asked_in():
    """La Superba's voyage: asking the seats forward or backward gives each seat the same choices,
    and whole bot games driven forward or backward end the same (the driver favours no seat)."""
    from soan.agents.drive import play_step, simultaneous_choices

    s = soan.make("la-superba", players=4, seed=21)
    seats = list(s.to_act())
    assert len(seats) == 4

    def asker():
        bots = [make_agent("greedy:samples=2", seed=10 + i) for i in range(4)]
        return lambda seat, view: bots[seat].act(view)

    before = s.view()
    fwd = simultaneous_choices(s, seats, asker())
    bwd = simultaneous_choices(s, seats[::-1], asker())
    assert s.view() == before  # asking changes nothing
    assert sorted(fwd, key=lambda m: m[0]) == sorted(bwd, key=lambda m: m[0])
    assert {seat for seat, _ in fwd} == set(seats) and len(fwd) == 8  # play then carry, every seat

    def play(order_reversed: bool):
        g = soan.make("la-superba", players=4, seed=5)
        act = asker()
        while not g.is_over():
            acting = sorted(g.to_act(), reverse=order_reversed)
            for seat, a in simultaneous_choices(g, acting, act) if len(acting) > 1 else []:
                g.apply(seat, a)
            if len(acting) == 1:
                play_step(g, act)
        return g.scores()

    assert play(False) == play(True)
    with pytest.raises(ValueError, match="not to act now"):
        simultaneous_choices(soan.make("undecim", players=4, seed=1), [0, 1], asker())


@pytest.mark.parametrize("game", GAMES)
def test_look_ahead_ends_at_a_comparable_point(game):
    """greedy's and mcts's rollouts stop at the game's `lookahead_end` (start of a round / a turn)."""
    from soan.agents.greedy import random_playout
    from soan.core.game import game_info

    end = game_info(game).hooks.lookahead_end
    s = mid_game(game, 3, 5)
    random_playout(s, 500, Rng(1), end)
    assert s.is_over() or end(s)
    seen = s.clone()
    random_playout(seen, 500, Rng(1), end)
    assert seen.view() == s.view()  # already at such a point: no step is taken


class _Spy:
    """A bot that records, at every decision, which seats were still to act on the state it saw."""

    def __init__(self, bot, seen):
        self.bot, self.seen = bot, seen

    def decide(self, view):
        self.seen.append((view.seat, tuple(sorted(view._state.to_act()))))
        return self.bot.decide(view)

    def act(self, view):
        return self.decide(view).action


def test_terminal_play_asks_simultaneous_bots_as_sim_does(tmp_path):
    """A bots-only terminal game of La Superba: every bot decides on the same states, and makes the
    same moves, as when `play_step` (soan sim) drives the same bots; no seat sees another's commit."""
    from soan.agents.drive import play_step
    from soan.cli.play import Session
    from soan.core.rng import derive

    seen_play: list = []
    s = Session("la-superba", 4, [], ["greedy:samples=1"], 9, "en", record=str(tmp_path / "r.jsonl"),
                input_fn=lambda p: "1", output=lambda t: None, clear=False)
    s.bots = {seat: _Spy(b, seen_play) for seat, b in s.bots.items()}
    assert s.run() == 0

    seen_sim: list = []
    g = soan.make("la-superba", players=4, seed=9)
    bots = [_Spy(make_agent("greedy:samples=1", seed=derive(9, 5000 + i)), seen_sim) for i in range(4)]
    moves = []
    while not g.is_over():
        moves += play_step(g, lambda seat, view: bots[seat].act(view))
    assert seen_play == seen_sim and s.moves == moves
    assert any(len(acting) == 4 for seat, acting in seen_play if seat == 3)  # the last seat saw nobody commit


def test_bench_agent_drives_simultaneous_seats_through_play_step(monkeypatch):
    """`soan bench --agent` times seat 1's decisions; the seats acting at once are asked as sim asks."""
    from soan.agents import drive
    from soan.lab import bench

    calls = []
    real = drive.simultaneous_choices
    monkeypatch.setattr(drive, "simultaneous_choices", lambda *a, **k: calls.append(1) or real(*a, **k))
    out = bench.bench_agent("la-superba", "greedy:samples=1", players=3, runs=1, decisions=4)
    assert out["decisions"] == 4 and out["median_decision_ms"] > 0 and calls


def test_bench_agent_times_real_choices_only_against_the_named_bot(monkeypatch):
    from soan.agents import greedy
    from soan.lab import bench

    asked = []  # (seat 1's legal actions) each time the bot under test is timed
    real = greedy.GreedyAgent.decide
    monkeypatch.setattr(greedy.GreedyAgent, "decide", lambda self, v: asked.append(len(v.legal_actions())) or real(self, v))
    out = bench.bench_agent("asian-delivery", "greedy:samples=1:plan=0", players=3, runs=2, decisions=5)
    assert out["against"] == "random" and out["decisions"] == 10
    assert sum(1 for k in asked if k > 1) == 10  # each timed decision was a real choice
    assert out["median_run_mean_ms"] > 0
    out = bench.bench_agent("undecim", "greedy:samples=1", players=3, runs=1, decisions=3, against="easy")
    assert out["against"] == "easy" and out["decisions"] == 3
    out = bench.bench_agent("la-superba", "greedy:samples=1", players=3, runs=1, decisions=40)
    assert out["decisions"] == 40  # more choices than one game has: the run goes on to further games
    with pytest.raises(ValueError, match="decisions must be >= 1"):
        bench.bench_agent("undecim", "normal", decisions=0)
    assert "watch_ms" not in out  # greedy watches no one
    out = bench.bench_agent("asian-delivery", "rollout:model=1:margin=0:watch=4", players=3, runs=1, decisions=6)
    assert out["watch_ms"] > 0  # the watching bot's judging of the others' moves, per timed choice


def test_mcts_searches_its_own_choice_when_seats_act_at_once():
    """La Superba's voyage, all four seats to act: the last seat's search is rooted in its own
    choices (every iteration counts for one of its legal actions), not in seat 1's."""
    s = soan.make("la-superba", players=4, seed=21)
    assert len(s.to_act()) == 4
    bot = make_agent("mcts:iters=40", seed=3)
    d = bot.decide(SeatView(s, 3))
    legal = [str(a) for a in s.legal_actions(3)]
    assert d.action in s.legal_actions(3) and d.why and all(a in legal for a, _ in d.why)


def test_greedy_eps_plays_at_random_without_evaluating(monkeypatch):
    """`eps=1`: every choice is a random legal one and the evaluation is never asked; a bad eps is
    refused with the options named."""
    from soan.agents import greedy
    from soan.core.errors import ConfigError

    def no_eval(*a, **k):
        raise AssertionError("evaluated")

    monkeypatch.setattr(greedy, "evaluator", no_eval)
    s = soan.make("undecim", players=3, seed=4)
    bot = make_agent("greedy:eps=1", seed=2)
    seen = set()
    for _ in range(30):
        seat = s.to_act()[0]
        a = bot.act(SeatView(s, seat)) if len(s.legal_actions(seat)) > 1 else s.legal_actions(seat)[0]
        assert a in s.legal_actions(seat)
        seen.add(str(a))
        s.apply(seat, a)
    assert len(seen) > 5
    with pytest.raises(ConfigError, match="eps"):
        make_agent("greedy:eps=2")


def _result(i: int, agents: list[str], ranks: list[int], scores: list[int] | None = None):
    from soan.lab.runner import GameResult
    return GameResult(index=i, seed=i, agents=agents, scores=scores or [10 - r for r in ranks], ranks=ranks,
                      length=1, decisions=[1] * len(agents), think=[0.0] * len(agents))


def test_ladder_head_to_head_counts_placings_within_each_game():
    from soan.lab.ladder import order_holds, order_text, rate
    from soan.lab.runner import lineup
    # a: always above b; b ties one c and beats the other; the line-up is rotated through the seats
    base = {"a": 1, "b": 2, "c": [2, 4]}
    games = []
    for k in range(40):
        ags = lineup(["a", "b", "c", "c"], k)
        cs = iter(base["c"])
        ranks = [next(cs) if x == "c" else base[x] for x in ags]
        scores = [(30 if x == "a" else 20) + (k % 2) * (4 if x == "a" else 0) for x in ags]  # a: 30 or 34
        games.append(_result(k, ags, ranks, scores))
    rows = {r["agent"]: r for r in rate(games)}
    assert rows["a"]["above"]["b"]["share"] == 1.0 and rows["b"]["above"]["a"]["share"] == 0.0
    assert rows["b"]["above"]["c"]["share"] == 0.75  # a tie with one c (a half), above the other (one)
    assert rows["c"]["above"]["b"]["share"] == 0.25
    assert rows["a"]["above"]["b"]["games"] == 40 and rows["c"]["games"] == 80
    lo, hi = rows["a"]["above"]["b"]["ci"]
    assert 0.9 < lo < 1.0 and hi == 1.0
    order = order_holds(rate(games))
    assert [(h["lower"], h["upper"], h["verdict"]) for h in order] == [("a", "b", "below"), ("b", "c", "below")]
    assert "significantly" in order_text(order[0]) and "有意に下位" in order_text(order[0], "ja")
    # the mean score's interval: a scores 30 or 34 (sd 2.03 over 40 games); c's two seats count once a game;
    # Student's t with 39 degrees of freedom (t(0.975, 39) = 2.022691), not the normal 1.96
    m, (slo, shi) = rows["a"]["mean_score"], rows["a"]["mean_score_ci"]
    assert m == 32.0 and abs((shi - slo) / 2 - 2.022691 * (160 / 39) ** 0.5 / 40 ** 0.5) < 1e-6
    assert (slo + shi) / 2 == pytest.approx(32.0)
    assert rows["c"]["mean_score_ci"] == [20.0, 20.0]
    even = [_result(k, ["x", "y"], [1, 2] if k % 2 else [2, 1]) for k in range(20)]
    (h,) = order_holds(rate(even))
    assert h["share"] == 0.5 and h["verdict"] == "unclear"
    assert "差があるとは言えない" in order_text(h, "ja") and "no significant difference" in order_text(h)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ladder_table_fits_80_columns_and_keeps_every_figure_whole(monkeypatch, lang):
    import io
    import re

    from rich.console import Console

    from soan.core.width import cols

    buf = io.StringIO()
    monkeypatch.setattr("soan.cli.lab_cmds.console", Console(file=buf, width=80, color_system=None))
    r = CliRunner().invoke(app, ["ladder", "undecim", "--agents", "greedy:samples=1,greedy:samples=2,random", "-n", "3",
                                 "--seed", "1", "--lang", lang])
    assert r.exit_code == 0, r.output
    out = buf.getvalue()
    assert max(cols(x) for x in out.splitlines()) <= 80
    dash, op, cl = ("〜", "（", "）") if lang == "ja" else ("–", " \\(", "\\)")
    assert len(re.findall(rf"\d+\.\d%{op}\d+%{dash}\d+%{cl}", out)) == 3  # each win share with its interval, whole
    assert len(re.findall(rf"-?\d+\.\d{op}-?\d+\.\d{dash}-?\d+\.\d{cl}", out)) == 3  # each score likewise
    assert "…" not in out and "-0.0" not in out


def test_ladder_speaks_japanese():
    r = CliRunner().invoke(app, ["ladder", "undecim", "--agents", "random,easy,random", "-n", "6", "--lang", "ja"])
    assert r.exit_code == 0, r.output
    out = r.output
    assert "ランダム、初級、ランダムで6局" in out and "ウーンデキム" in out and "実力差がなければ勝率33%" in out
    assert "初級がランダムより上の順位で終わった割合" in out and "同順位は半分と数え" in out
    assert "random" not in out and "easy" not in out


def test_an_unknown_bot_is_refused_listing_the_bots_as_a_reader_expects():
    """The bots and levels a spec may name, listed as words in both languages, never a Python list."""
    with pytest.raises(soan.ConfigError) as e:
        parse_agents("bogus")
    assert "expected one of greedy, mcts, random, rollout or a level easy, hard, normal" in str(e.value)
    assert "使えるのは「greedy、mcts、random、rollout」と" in e.value.ja
    assert "[" not in str(e.value) and "[" not in e.value.ja

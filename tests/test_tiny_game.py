"""The proof that a game is one folder: Pearl Bid (tests/tiny_game/), registered only for these tests,
gets rules and contract checks, bots, a study, a report, a ladder, deck export, terminal play, `soan ask`
(its data/questions.yaml), `soan check`, `soan fuzz` and a web room played to the end through the
generic layers, with nothing under src/ naming it (the browser: tests/web/test_browser_tiny.py)."""

from __future__ import annotations

import html
import json

import pytest
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from soan.cli.play import Session
from soan.core.errors import ConfigError, IllegalAction
from soan.core.rng import Rng

runner = CliRunner()
GAME = "pearl-bid"


@pytest.fixture(scope="module", autouse=True)
def tiny():
    """Register the tiny game for this module's tests, and take it out again after."""
    import tiny_game
    from soan.core import game

    game.register(tiny_game.INFO)
    yield tiny_game
    game.unregister(GAME)


def bid_all(s, *cards):
    for seat, c in enumerate(cards):
        s.apply(seat, tiny_bid(c))


def tiny_bid(c):
    from tiny_game.actions import Bid

    return Bid(c)


# --- rules ------------------------------------------------------------------------------------
def test_highest_unique_bid_wins_the_offer():  # PB-R2, PB-R4
    s = soan.make(GAME, players=3, seed=5)
    offer = list(s.offer)
    bid_all(s, 5, 5, 2)
    assert s.won == [[], [], offer]  # the two fives cancel out; 2 is the highest bid nobody else played
    assert s.hands[0] == [1, 2, 3, 4] and s.hands[2] == [1, 3, 4, 5]
    assert s.history[-1]["winner"] == 2 and len(s.offer) == 1 and s.offer != offer


def test_lowest_wins_variant():  # PB-V1
    s = soan.make(GAME, players=3, seed=5, variants=["lowest-wins"])
    offer = list(s.offer)
    bid_all(s, 1, 1, 4)
    assert s.won[2] == offer


def test_no_unique_bid_discards_or_carries():  # PB-R3
    s = soan.make(GAME, players=2, seed=1)
    bid_all(s, 3, 3)
    assert s.won == [[], []] and len(s.offer) == 1
    c = soan.make(GAME, players=2, seed=1, params={"ties_carry": True})
    first = list(c.offer)
    bid_all(c, 3, 3)
    assert len(c.offer) == 2 and c.offer[0] == first[0]
    bid_all(c, 4, 1)
    assert sorted(c.won[0]) == sorted(first + [c.history[-1]["prizes"][1]]) and c.offer != first


def test_favourite_bonus_and_shared_ranks():  # PB-F1, PB-F2
    s = soan.make(GAME, players=2, seed=2, params={"favourite_bonus": 3})
    T = s.T
    s.won = [[0], [1]]
    s.fav = [T.colour[0], (T.colour[1] + 1) % len(T.colour_names)]
    assert s.scores() == [T.value[0] + 3, T.value[1]]
    s.won = [[], []]
    assert s.ranks() == [1, 1]


def test_bad_input_is_refused_and_nothing_changes():
    s = soan.make(GAME, players=3, seed=1)
    before = s.view()
    with pytest.raises(IllegalAction, match="'bid 9' is not a legal action for seat 0 now"):  # core/checks.py
        s.apply(0, tiny_bid(9))
    with pytest.raises(IllegalAction, match="no seat 3; seats are 0..2"):
        s.apply(3, tiny_bid(1))
    assert s.view() == before
    s.apply(0, tiny_bid(1))
    with pytest.raises(IllegalAction, match="nothing to decide"):
        s.apply(0, tiny_bid(2))  # already bid this round
    with pytest.raises(ConfigError, match="2-4 players"):
        soan.make(GAME, players=5)


# --- the contract: hidden information, the simultaneous step, views, clones ----------------------
def test_simultaneous_secret_step_and_determinize():
    s = soan.make(GAME, players=3, seed=11)
    s.apply(1, tiny_bid(4))
    assert s.to_act() == (0, 2)  # both still to choose; either may go first
    o = s.observation(0)
    assert o["has_bid"] == [False, True, False] and o["my_bid"] is None
    assert "fav" not in o and o["favourite"] == s.fav[0]
    seen_bids, seen_favs = set(), set()
    for k in range(40):
        d = s.determinize(0, Rng(k))
        assert d.observation(0) == o  # consistent with what seat 0 knows
        seen_bids.add(d.bids[1])
        seen_favs.add(tuple(d.fav[1:]))
        assert d.fav[0] == s.fav[0] and len(set(d.fav)) == 3
    assert len(seen_bids) > 1 and len(seen_favs) > 1  # the secret bid and favourites are resampled
    assert s.bids[1] == 4  # the true state is untouched


def test_view_round_trip_and_clone_independence():
    s = soan.make(GAME, players=4, seed=3)
    bid_all(s, 1, 2, 3, 4)
    s.apply(2, tiny_bid(5))
    t = soan.from_view(json.loads(json.dumps(s.view())))
    assert t.view() == s.view()
    c = s.clone()
    c.apply(0, tiny_bid(5))
    assert s.bids[0] is None and c.bids[0] == 5
    v = s.view()
    v["deck"] = v["deck"] + v["offer"]
    with pytest.raises(ConfigError, match="distinct"):
        soan.from_view(v)


def test_component_file_is_validated(tmp_path):
    from tiny_game.model import DATA

    bad = tmp_path / "c.yaml"
    bad.write_text(DATA.read_text(encoding="utf-8").replace("colour: gold}", "colour: silver}", 1), encoding="utf-8")
    with pytest.raises(soan.core.errors.ComponentError, match="silver"):
        soan.make(GAME, components=str(bad))
    out = tmp_path / "prizes.csv"
    r = runner.invoke(app, ["deck", "export", GAME, "prizes", str(out)])
    assert r.exit_code == 0 and "wrote 8 cards" in r.output


# --- bots, lab, report, ladder --------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["random", "greedy:samples=2", "mcts:iters=40"])
def test_bots_play_it_through(spec):
    from soan.lab.runner import run_games

    res = run_games(GAME, 4, 3, [spec, "random", "random"], seed=2)
    assert len(res) == 4 and all(r.length == 15 for r in res)  # 5 rounds × 3 simultaneous bids
    assert all(sorted(r.ranks)[0] == 1 for r in res)


def test_study_report_and_ladder(tmp_path):
    d = tmp_path / "study"
    r = runner.invoke(app, ["sim", GAME, "-n", "30", "--agents", "greedy:samples=1,random,random", "--out", str(d),
                            "--json", "--ties-carry"])
    assert r.exit_code == 0, r.output
    summ = json.loads(r.output)
    assert summ["games"] == 30 and len(summ["seats"]) == 3
    for lang, head in (("en", "Pearl Bid: prizes won and tied bids by seat"), ("ja", "真珠の競り：手番ごとの獲得数と重なった入札")):
        r = runner.invoke(app, ["report", str(d), "--lang", lang])
        assert r.exit_code == 0, r.output
        h = (d / ("report-ja.html" if lang == "ja" else "report.html")).read_text(encoding="utf-8")
        setting = "誰も獲得しなかった真珠は次のラウンドに持ち越す：はい" if lang == "ja" else "ties_carry=True"
        assert f"<h3>{html.escape(head)}</h3>" in h and setting in html.unescape(h)  # the settings table
    r = runner.invoke(app, ["ladder", GAME, "--agents", "greedy:samples=1,random", "-n", "10", "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    assert {x["agent"] for x in rows} == {"greedy:samples=1", "random"} and sum(x["games"] for x in rows) == 20


# --- terminal play ----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_game_at_the_terminal(tmp_path, lang):
    lines: list[str] = []
    inputs = iter(["help", "log", "bid 9", "undo", "1", "undo", "bid 5", "99", "1", "1", "1", "1"])
    s = Session(GAME, 3, [0], ["random"], 7, lang, record=str(tmp_path / "r.jsonl"),
                input_fn=lambda _: next(inputs), output=lines.append, clear=False)
    assert s.run() == 0
    t = "\n".join(lines)
    final = soan.replay(tmp_path / "r.jsonl")
    assert final.is_over() and final.scores() == s.state.scores()
    if lang == "en":
        assert "Everyone plays one bid card" in t and "Not a legal action now" in t and "No option 99" in t
        # the bots bid first and secretly; the person's bid reveals the round, so undo cannot take it back
        assert "Player 2 placed a bid" in t and "Nothing of yours to undo since the last reveal" in t
        assert "Round 1 revealed" in t and "Final scores" in t
    else:
        assert "全員が同時に" in t and "プレイヤー2が入札しました" in t and "第1ラウンド公開" in t and "最終得点" in t


def test_play_command_with_scripted_stdin(tmp_path):
    rec = tmp_path / "p.jsonl"
    r = runner.invoke(app, ["play", GAME, "--players", "2", "--seed", "4", "--record", str(rec), "--lang", "ja"],
                      input="1\n1\n1\n1\n1\n")
    assert r.exit_code == 0, r.output
    assert "最終得点" in r.output and soan.replay(rec).is_over()


def test_worker_processes_load_a_game_registered_outside_soan():
    """`--jobs` starts workers with spawn; the tiny game is not in soan.games, and they still play it
    (imported from its own package) with the same results as one process."""
    from soan.lab.runner import run_games

    a = run_games(GAME, 12, 3, ["greedy:samples=1", "random", "random"], seed=4, jobs=1, chunk=5)
    b = run_games(GAME, 12, 3, ["greedy:samples=1", "random", "random"], seed=4, jobs=2, chunk=5)
    assert [r.scores for r in a] == [r.scores for r in b] and len({tuple(r.scores) for r in a}) > 1


# --- the lab's other commands: ask, check, fuzz -------------------------------------------------------
def test_ask_answers_its_questions_file(tmp_path):
    """`soan ask` reads the game's data/questions.yaml beside its rules (tests/tiny_game/data/)."""
    r = runner.invoke(app, ["ask", GAME, "--list", "--lang", "ja"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "favourite-bonus: 好きな色のボーナスを３点にすると（PB-F1）、得点は上がるか。"
    r = runner.invoke(app, ["ask", GAME, "favourite-bonus", "--budget", "0", "--bots", "random", "-j", "1",
                            "--out", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    (ans,) = json.loads(r.output)["answers"]
    (row,) = ans["by_bot"]["random"]["rows"]
    assert row["games"] == [40, 40] and row["paired"]  # the file's start_n for random bots, the same seeds
    assert row["diff"] > 0 and row["effect"] == "better"  # PB-F1: 3 VP a favourite prize instead of 1
    assert (tmp_path / GAME / "answers-ja.html").exists() and (tmp_path / GAME / "answers-en.html").exists()


def test_check_plays_it_with_both_bot_levels_and_names_a_broken_file(tmp_path):
    r = runner.invoke(app, ["check", GAME, "-n", "6", "--normal-every", "3", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "6 games checked (2/3/4 players, 4 with random bots, 2 with normal bots): no problem found." in r.output
    from tiny_game.model import DATA

    bad = tmp_path / "c.yaml"
    bad.write_text(DATA.read_text(encoding="utf-8").replace("colour: gold}", "colour: silver}", 1), encoding="utf-8")
    r = runner.invoke(app, ["check", GAME, "--components", str(bad), "--lang", "ja", "--out", str(tmp_path)])
    assert r.exit_code != 0 and "このコンポーネントファイルは使えません" in r.output and "silver" in r.output


def test_fuzz_finds_no_problem_in_one_process_or_in_workers(tmp_path):
    r = runner.invoke(app, ["fuzz", GAME, "-n", "8", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "No crash, hang, invariant violation, leak, inexact replay or non-soan exception in 8 games" in r.output
    # the workers play every game of the run, a game added at run time too (not only the first one named)
    r = runner.invoke(app, ["fuzz", "undecim", GAME, "-n", "2", "-j", "2", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    log = [json.loads(x) for x in (tmp_path / "fuzz-seed0.jsonl").read_text(encoding="utf-8").splitlines()]
    assert sorted(x["game"] for x in log) == [GAME, "undecim"] and not any(x["problems"] for x in log)


# --- browser play: a room over the web API, played to the end ------------------------------------------
def test_a_web_room_is_played_to_the_end_with_a_bot(tmp_path):
    """The generic page serves it (no board of its own); the bot decides in a worker process that adds
    the game from its module."""
    from fastapi.testclient import TestClient

    from soan.web.app import create_app

    with TestClient(create_app(str(tmp_path / "t.sqlite"), bot_delay=0),
                    headers={"Content-Type": "application/json"}) as c:
        assert GAME in [g["id"] for g in c.get("/api/catalog").json()["games"]]
        g = c.post("/api/games", json={"game": GAME, "players": 3, "seed": 3, "bots": {"3": "greedy"}, "lang": "ja"})
        assert g.status_code == 201, g.text
        gid, tokens = g.json()["id"], [s["token"] for s in g.json()["seats"]]
        assert len(tokens) == 2 and c.get(f"/play/{gid}").status_code == 200
        first = c.get(f"/api/games/{gid}", params={"token": tokens[0]}).json()
        assert first["name"] == "真珠の競り" and first["board"] is None and first["prompt"].startswith("第1ラウンド")
        assert [a["str"] for a in first["legal"]] == [f"bid {k}" for k in range(1, 6)]
        assert "fav" not in first["observation"] and first["observation"]["favourite"] is not None
        for _ in range(200):
            p = {t: c.get(f"/api/games/{gid}", params={"token": t}).json() for t in tokens}
            if p[tokens[0]]["over"]:
                break
            for t in tokens:
                if p[t]["legal"]:
                    r = c.post(f"/api/games/{gid}/actions", params={"token": t}, json=p[t]["legal"][0]["json"])
                    assert r.status_code == 200, r.text
        end = c.get(f"/api/games/{gid}", params={"token": tokens[0]}).json()
        assert end["over"] and end["moves"] == 15 and not end["bot_error"]  # 5 rounds × 3 secret bids
        assert any("第5ラウンド公開" in x for x in end["log"])
        record = c.get(f"/api/games/{gid}/record")
        assert record.status_code == 200
        rec = tmp_path / "r.jsonl"
        rec.write_text(record.text, encoding="utf-8")
        assert soan.replay(rec).scores() == end["scores"]
        no_board = c.get(f"/boards/{GAME}.js")
        assert no_board.status_code == 404 and "the generic page serves it" in no_board.json()["error"]


# --- registered and unregistered through the public API --------------------------------------------------
def test_unregistering_leaves_the_built_in_games_as_they_were():
    """Adding a game, and a game in the place of a built-in one, then taking them out again: the built-in
    games are back, the same GameInfo, bots, action parser and rule tables as before."""
    import dataclasses

    from soan.agents.base import game_hooks
    from soan.core import game

    game.unregister(GAME)  # (this module's fixture added it)
    try:
        before = {g["id"]: g for g in soan.games()}
        info = game.game_info("undecim")
        hooks = game_hooks("undecim")
        s0 = soan.make("undecim", players=3, seed=4)
        game.register(dataclasses.replace(info, name="Undecim (a trial)", hooks=dataclasses.replace(info.hooks,
                                                                                                    horizon=1)))
        assert game.game_info("undecim").name == "Undecim (a trial)" and game_hooks("undecim").horizon == 1
        game.unregister("undecim")
        assert game.game_info("undecim") is info and game_hooks("undecim").horizon == hooks.horizon
        assert {g["id"]: g for g in soan.games()} == before and GAME not in before
        s1 = soan.make("undecim", players=3, seed=4)
        assert s1.view() == s0.view() and s1.T is s0.T  # the same compiled rule tables
        a = s1.legal_actions(s1.to_act()[0])[0]
        assert soan.parse_action("undecim", a.text()) == a
    finally:
        game.register(__import__("tiny_game").INFO)


# --- the guide to adding a game covers every hook, the text module and the questions file ---------------
def test_the_new_game_guide_names_every_hook_and_its_questions_example_is_valid(tmp_path, monkeypatch):
    import dataclasses
    import re
    from pathlib import Path

    import yaml

    from soan.core import hooks
    from soan.lab.ask import questions as ask_mod

    guide = (Path(__file__).parents[1] / "docs" / "new-game.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^\| `(\w+)", guide, flags=re.M))  # the first column of the guide's tables
    fields = {f.name for f in dataclasses.fields(hooks.GameHooks)}
    assert fields <= named, f"hooks missing from docs/new-game.md: {sorted(fields - named)}"
    texts = {n for n in vars(hooks.GameText) if not n.startswith("_")}
    extras = {"PUBLIC_MOVES", "rounds", "action_text", "prompt_text", "summarize_turn", "announce", "confirm"}
    assert texts | extras <= named, sorted((texts | extras) - named)
    for kind in (hooks.ReportPanel, hooks.Analysis, hooks.Styles, hooks.ComponentsModel, hooks.WebBoard):
        head = f"`{kind.__name__}(" + ", ".join(f.name for f in dataclasses.fields(kind))
        assert head in guide.replace("=None", "").replace('=""', ""), head
    example = guide.split("## The questions file", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    f = tmp_path / "questions.yaml"
    f.write_text(example, encoding="utf-8")
    monkeypatch.setattr(ask_mod, "questions_path", lambda game: f)
    doc = ask_mod.load_questions(GAME)  # checked as `soan ask` checks it
    assert [q["id"] for q in doc["questions"]] == ["favourite-bonus", "seat-advantage"]
    shipped = yaml.safe_load((Path(__file__).parent / "tiny_game" / "data" / "questions.yaml").read_text("utf-8"))
    assert [q for q in shipped["questions"] if q["id"] == "favourite-bonus"][0]["against"] == \
        doc["questions"][0]["against"]


def test_a_game_registered_anew_with_edited_rules_gets_its_own_tables(monkeypatch):
    """A draft edited in a notebook (its table function changed) and registered again: new games are set
    up from the edited rules, not from tables cached for the same id and components before."""
    import dataclasses

    import tiny_game
    from soan.core import game
    from tiny_game import rules

    before = soan.make(GAME, players=2, seed=1).T
    edited = lambda m, v, p: dataclasses.replace(tiny_game.model.compile_tables(m, v, p),  # noqa: E731
                                                 value=tuple(2 * x for x in before.value))
    monkeypatch.setattr(rules, "compile_tables", edited)
    game.register(tiny_game.INFO)  # registered anew
    assert soan.make(GAME, players=2, seed=1).T.value == tuple(2 * x for x in before.value)
    monkeypatch.undo()
    assert soan.make(GAME, players=2, seed=1).T is before  # the shipped rules' tables, still shared


def test_the_seat_question_of_a_game_without_turn_order_speaks_of_seats(tmp_path):
    """Pearl Bid's players choose together (no `turn_order` hook): its win shares are by seat, and the
    verdict says seat, not turn position."""
    from soan.lab.ask import ask
    from soan.lab.ask_report import lines

    res = ask(GAME, ["seat-advantage"], budget_s=0, out=tmp_path, jobs=1, bots=("random",), start_n={"random": 30})
    (ans,) = res["answers"]
    assert {r["by"] for r in ans["by_bot"]["random"]["rows"]} == {"seat"}
    ja, en = lines(GAME, ans, "ja"), lines(GAME, ans, "en")
    verdict_ja = next(x for x in ja if x.startswith("結論："))
    verdict_en = next(x for x in en if x.startswith("Verdict:"))
    assert "席" in verdict_ja and "手番順" not in verdict_ja, verdict_ja
    assert "seat" in verdict_en and "turn position" not in verdict_en, verdict_en


def test_a_game_in_the_place_of_a_built_in_one_brings_its_actions_and_takes_them_out_again(tmp_path, monkeypatch):
    """A trial of Undecim under its id, with an action of its own: while it is registered its action is
    read; once unregistered, Undecim's own actions are read again (records, the web, the terminal)."""
    from soan.core import game
    from soan.core.errors import IllegalAction

    (tmp_path / "undecim_trial").mkdir()
    (tmp_path / "undecim_trial" / "__init__.py").write_text('''
import dataclasses
from typing import ClassVar

from soan.core.actions import Action, register_actions
from soan.core.game import game_info


@dataclasses.dataclass(frozen=True, slots=True)
class Shout(Action):
    kind: ClassVar[str] = "shout"
    word: str

    def text(self, lang="en"):
        return f"shout {self.word}"


register_actions("undecim", Shout, text_parser=lambda t: Shout(t.split()[1]))
BASE = game_info("undecim")


def new_state(cfg):
    return BASE.new_state(cfg)


INFO = dataclasses.replace(BASE, name="Undecim (a trial)", new_state=new_state)
''', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    s = soan.make("undecim", players=3, seed=2)
    real = s.legal_actions(s.to_act()[0])[0]
    import undecim_trial

    game.register(undecim_trial.INFO)
    try:
        assert soan.parse_action("undecim", "shout hello") == undecim_trial.Shout("hello")
        assert soan.parse_action("undecim", {"type": "shout", "word": "hi"}) == undecim_trial.Shout("hi")
    finally:
        game.unregister("undecim")
    assert soan.parse_action("undecim", real.text()) == real
    assert soan.parse_action("undecim", real.to_json()) == real
    with pytest.raises(IllegalAction, match="shout"):
        soan.parse_action("undecim", {"type": "shout", "word": "hi"})
    game.unregister(GAME)  # a game taken out: its actions are no longer read
    try:
        with pytest.raises(IllegalAction, match="unknown game 'pearl-bid'"):
            soan.parse_action(GAME, "bid 3")
    finally:
        game.register(__import__("tiny_game").INFO)
    assert soan.parse_action(GAME, "bid 3") == tiny_bid(3)  # registered again: read again


def test_commands_a_game_without_styles_or_analyses_cannot_run_say_why():
    r = runner.invoke(app, ["styles", GAME])
    assert r.exit_code == 2 and "pearl-bid declares no play styles (hooks.styles" in r.output
    r = runner.invoke(app, ["analyze", GAME])
    assert r.exit_code == 0 and "pearl-bid declares no analyses" in r.output


# --- the contract's checks cannot be skipped (core/state.py: a template method) ---------------------------
def test_a_game_whose_state_overrides_a_checked_method_is_refused_by_make(tiny):
    """A game implements `_apply`; a state class that overrides the public `apply` (which checks the seat and
    the action) would skip the checks: `soan.make` refuses it, naming the method."""
    import dataclasses

    from soan.core import game
    from tiny_game.rules import PearlBid

    class Unchecked(PearlBid):
        __slots__ = ()

        def apply(self, seat, action):  # type: ignore[misc]  # planted: the checks skipped
            self._apply(seat, action)

    def new_unchecked(cfg):
        return Unchecked.new(cfg)

    game.register(dataclasses.replace(tiny.INFO, id="pearl-unchecked", new_state=new_unchecked))
    try:
        with pytest.raises(ConfigError, match="overrides apply.*implement _apply"):
            soan.make("pearl-unchecked", 3, seed=1)
    finally:
        game.unregister("pearl-unchecked")
    s = soan.make(GAME, 3, seed=1)  # the game itself, unchanged, is made
    with pytest.raises(IllegalAction, match="no seat 7"):
        s.apply(7, s.legal_actions(0)[0])


def test_print_and_export_say_a_game_without_printable_pieces(tmp_path):
    for args in (["print", GAME, "-o", str(tmp_path / "x.pdf")], ["export", GAME, "--to", "images", "-o", str(tmp_path)]):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and "has no printable pieces" in r.output, r.output


def test_hunt_reads_it_with_every_oracle_and_no_game_code(tmp_path):
    """`soan hunt`'s oracles read only traced games: the tiny game gets them all (a simultaneous game
    without turns: its seat findings are about seats)."""
    from soan.lab.hunt.main import hunt

    sizes = {"reference": 0, "explore": 30, "probe": 6, "trials": 1, "trial_games": 4, "confirm": 40,
             "confirm_probes": 6, "check": 0, "shrink": 1}
    res = hunt(GAME, 3, folder=tmp_path / "h", jobs=1, check="", sizes=sizes)
    assert res["format"] == "soan-hunt/1" and res["games"]["explore"] == 30
    assert res["games"]["fresh"]["play"] == 40 and res["games"]["probes"] == 6
    for f in res["findings"] + res["refuted"]:
        assert f["evidence"]["n"] > 0 and 0.0 <= f["evidence"]["share"] <= 1.0
    explored = [json.loads(x) for x in (tmp_path / "h" / "explore.jsonl").read_text().splitlines()]
    assert all(t["could"] and t["took"] for t in explored)  # bids as atoms, counted per seat
    assert any(a.startswith("bid") for t in explored for a in t["took"][0])

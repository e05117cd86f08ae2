"""`soan ask` with another skill level beside the lead (`--bots greedy,hard`, issue 47/48): its share of the
budget, a slow level's pilot, a clock that stops before the lead plays, and a line per other level."""

from __future__ import annotations

from soan.agents import level_spec
from soan.lab.ask import Asker, Setting, ask
from soan.lab.ask import plan as plan_mod
from soan.lab.ask_report.sentences import levels_line


def test_a_skill_level_gets_its_own_share_and_as_many_games_as_it_buys_random_stays_a_small_reference(tmp_path):
    """No game is played: the prices are known (an earlier ask of the folder)."""
    a = Asker("undecim", tmp_path, jobs=1, bots=("greedy", "hard", "random"))
    need = {b: [Setting(4, b, ()), Setting(4, b, (), (("gold_rate", 2),))] for b in a.bots}
    state = {"cost": {"greedy": 0.1, "hard": 1.0, "random": 1.0}}
    plan = plan_mod.plan_sizes(a, a.bots, need, state, 1000.0, {})
    hard = plan[need["hard"][0].name]
    rand = plan[need["random"][0].name]
    assert hard == int((1000 * 0.4 - 2 * 0.4) / 1.0 / 2) == 199  # SKILL_SHARE, past the 20 a start size would cap
    assert rand == int((1000 * 0.15 - 2 * 0.4) / 1.0 / 2) == 74  # CONTEXT_SHARE: random is a reference line
    assert plan[need["greedy"][0].name] > 1000  # the lead has the rest


def test_a_slow_levels_pilot_stops_after_its_first_run(tmp_path, monkeypatch):
    s = Setting(4, "random", ())
    fast = Asker("undecim", tmp_path / "fast", jobs=1, bots=("random",))
    plan_mod._price(fast, "random", [s], {})
    assert fast.n[s] > plan_mod.PILOT  # a cheap level plays on until a run takes PILOT_S
    monkeypatch.setattr(plan_mod, "PILOT_SLOW_S", 0.0)  # every first run counts as slow
    slow = Asker("undecim", tmp_path / "slow", jobs=1, bots=("random",))
    assert plan_mod._price(slow, "random", [s], {}) > 0
    assert slow.n[s] == plan_mod.PILOT


def test_a_clock_that_stops_before_the_lead_plays_still_answers_from_a_first_part_of_every_study(tmp_path, monkeypatch):
    """The context level plays first; a deadline it used up left the lead's studies unplayed and answering
    failed (`... is not a finished study`) after the budget was spent."""
    from soan.lab.ask import main

    monkeypatch.setattr(main, "play_deadline", lambda t0, budget_s: t0)  # the clock is out at once
    res = ask("undecim", ["gold-bonus"], budget_s=5, out=tmp_path, jobs=1, bots=("greedy", "random"))
    assert set(res["studies"]) == {f"{b}-4p-base{x}" for b in ("greedy", "random") for x in ("", "_gold_rate-2")}
    assert all(n >= 1 for n in res["studies"].values())
    assert {r["bot"] for r in res["stopped"]} >= {"greedy"}
    assert set(res["answers"][0]["by_bot"]) == {"greedy", "random"}


def _ans(agree_with):
    bots = ["greedy", *agree_with]
    return {"by_bot": dict.fromkeys(bots, {}), "agree_with": agree_with,
            "agree": None if None in agree_with.values() else all(agree_with.values())}


def test_each_other_level_says_whether_it_agrees_with_the_lead():
    hard = level_spec("hard", "asian-delivery")
    en = levels_line("asian-delivery", _ans({"hard": False, "random": True}), "en")
    assert en == ["The answers differ between normal bots (greedy) and hard bots; the verdict above is that of the "
                  "normal bots (greedy). The answer depends on how well the game is played.",
                  "The same answer holds with normal bots (greedy) and random bots."]
    ja = levels_line("asian-delivery", _ans({hard: True, "random": False}), "ja")  # the level's spec: named as hard
    assert ja[0].startswith("中級ボット（貪欲）と上級ボット（") and ja[0].endswith("の両方で同じ答えになった。")
    assert ja[1].startswith("ランダムボットでは答えが異なる。") and "参考の線" in ja[1]
    two = {"by_bot": {"greedy": {}, "hard": {}}, "agree": False}  # an answer of two levels (no agree_with)
    assert levels_line("asian-delivery", two, "ja") == [
        "中級ボット（貪欲）と上級ボットでは答えが異なる。上の結論は中級ボット（貪欲）のもの。答えは打ち方の強さによって変わる。"]
    assert levels_line("asian-delivery", _ans({"hard": None}), "en") == []  # not clear yet: its own line says so


def test_an_ask_checked_with_the_hard_bots_says_so_in_both_languages(tmp_path):
    """The hard level end to end, at the smallest size (La Superba's hard: MCTS, about 2 s a game)."""
    from soan.lab.ask_report import lines

    res = ask("la-superba", ["community-miss"], budget_s=0, out=tmp_path, jobs=1, bots=("greedy", "hard"),
              start_n={"greedy": 4, "hard": 2})
    a = res["answers"][0]
    assert res["bots"] == ["greedy", "hard"] and res["studies"] == {"greedy-4p-base": 4, "hard-4p-base": 2}
    assert set(a["by_bot"]) == {"greedy", "hard"} and a["agree_with"] == {"hard": a["agree"]}
    en, ja = lines("la-superba", a, "en"), lines("la-superba", a, "ja")
    assert en[0].startswith("normal bots (greedy) (4 games): ") and en[1].startswith("Skill check, hard bots (2 games): ")
    assert ja[1].startswith("技量の確認：上級ボット同士（2ゲーム）：")

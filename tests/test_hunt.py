"""soan hunt: the atoms, each oracle on hand-built games, the evidence rule, ddmin, forced decisions,
planted holes found on small fixed sizes, a continued hunt, the reports and the command's errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from soan.lab.hunt.atoms import atoms
from soan.lab.hunt.confirm import judge
from soan.lab.hunt.oracles import Margins, propose
from soan.lab.hunt.shrink import ddmin
from soan.lab.hunt.trace import Forcing, traced_game
from soan.lab.hunt.yardstick import load_holes, matches

HOLES = Path(__file__).parent / "data" / "holes"
M = Margins()


def game(ranks, *, took=None, could=None, chose=None, length=100, leaders=(None,) * 9, error=None, unfinished=False, still=0.0,
         order=(0, 1, 2, 3)):
    """A hand-built trace of a 4-player game: ranks, the atoms each seat could take and took."""
    return {"index": 0, "seed": 1, "agents": ["greedy"] * 4, "players": 4, "scores": [0] * 4, "ranks": list(ranks),
            "length": length, "decisions": [10] * 4, "choices": [5] * 4,
            "could": could or [{} for _ in range(4)], "took": took or [{} for _ in range(4)],
            "chose": chose or [{} for _ in range(4)],
            "first": [{} for _ in range(4)], "leaders": list(leaders), "marks": "tenths", "still": still,
            "error": error, "unfinished": unfinished, "forced": [], "order": list(order), "record": None}


def test_atoms_split_an_action_into_its_type_and_fields():
    assert atoms({"type": "play", "card": "harvest"}) == ["play", "play.card=harvest"]
    assert atoms({"type": "play", "cards": [8, 14, 8]}) == ["play", "play.cards=8", "play.cards=14"]
    assert atoms({"type": "retrieve", "yes": True}) == ["retrieve", "retrieve.yes=true"]


def test_a_seat_that_always_wins_is_proposed_ahead_and_one_that_never_does_behind():
    games = [game([1, 2, 3, 4] if i % 2 else [1, 3, 2, 4]) for i in range(40)]
    found = {(c["oracle"], c["subject"], c["direction"]) for c in propose(games, M)}
    assert ("seat", "1", "ahead") in found and ("seat", "2", "behind") in found
    # turn positions, not seats: the winner is always the start player, whichever seat that is
    rot = [game([1 if s == i % 4 else 2 for s in range(4)], order=[(i + k) % 4 for k in range(4)]) for i in range(40)]
    seat = {(c["subject"], c["direction"]) for c in propose(rot, M) if c["oracle"] == "seat"}
    assert ("1", "ahead") in seat and ("2", "ahead") not in seat


def test_ties_long_games_refusals_and_stalls_are_proposed_only_beyond_their_margins():
    calm = [game([1, 2, 3, 4]) for _ in range(50)]
    assert not [c for c in propose(calm, M) if c["oracle"] in ("tie", "length")]
    bad = calm[:40] + [game([1, 1, 3, 4])] * 5 + [game([0] * 4, unfinished=True, length=900)] * 3 \
        + [game([0] * 4, error={"type": "IllegalAction", "message": "x", "step": 3})] + [game([1, 2, 3, 4], still=0.8)] * 4
    got = {(c["oracle"], c["subject"]) for c in propose(bad, M)}
    assert {("tie", "tie"), ("length", "long"), ("length", "refusal"), ("length", "stall")} <= got


def test_a_move_whose_takers_always_win_is_strong_and_one_never_taken_is_dead():
    games = []
    for i in range(60):
        took = [{"play.card=x": 1} if s == i % 4 else {} for s in range(4)]
        could = [{"play.card=x": 3, "play.card=y": 2, "play.card=z": 4} for _ in range(4)]
        chose = [{"play.card=z": 4, **({"play.card=x": 3} if s == i % 4 else {})} for s in range(4)]
        games.append(game([1 if s == i % 4 else 2 for s in range(4)], took=took, could=could, chose=chose))
    found = {(c["subject"], c["direction"]) for c in propose(games, M) if c["oracle"] == "component"}
    assert found == {("play.card=x", "strong"), ("play.card=y", "dead"), ("play.card=z", "always")}


def test_the_leader_a_third_in_who_always_wins_is_a_runaway():
    games = [game([1, 2, 3, 4], leaders=(0, 0, 0, 0, 0, 0, 0, 0, 0)) for _ in range(30)]
    assert [c["oracle"] for c in propose(games, M) if c["oracle"] == "runaway"] == ["runaway"]
    mixed = [game([1, 2, 3, 4], leaders=(None, None, i % 4, 0, i % 4, 0, 0, 0, 0)) for i in range(40)]
    assert not [c for c in propose(mixed, M) if c["oracle"] == "runaway"]


def test_evidence_holds_only_when_the_adjusted_interval_clears_the_line():
    c = {"oracle": "tie", "side": "above", "bound": 0.03}
    assert judge(c, [1.0] * 20 + [0.0] * 80, True, 1)["holds"]
    assert not judge(c, [1.0] * 5 + [0.0] * 95, True, 1)["holds"]
    wide = judge(c, [1.0] * 10 + [0.0] * 90, True, 50)  # the same 10% among 50 candidates: a wider interval
    assert wide["ci_adjusted"][0] < judge(c, [1.0] * 10 + [0.0] * 90, True, 1)["ci_adjusted"][0]
    assert not judge(c, [1.0] * 10, True, 1)["holds"]  # fewer than 20 games never hold
    below = {"oracle": "component", "side": "below", "bound": 0.02}
    assert judge(below, [0.0] * 600, True, 10)["holds"] and not judge(below, [0.0] * 60, True, 10)["holds"]


def test_ddmin_finds_the_two_decisions_that_matter():
    calls = []

    def keeps(xs):
        calls.append(len(xs))
        return {3, 17} <= set(xs)

    assert sorted(ddmin(list(range(40)), keeps, deadline=float("inf"))) == [3, 17]
    assert len(calls) < 120


def test_a_forced_seat_takes_the_move_at_its_first_chance_and_nowhere_else():
    t = traced_game("undecim", 4, 5, ["greedy"] * 4, forcing=Forcing(1, atom="play.card=harvest"), keep=True)
    assert len(t["forced"]) == 1 and t["took"][1]["play.card=harvest"] >= 1
    assert t["first"][1]["play.card=harvest"] == t["forced"][0]
    # the same decision imposed by its number gives the same game
    moves = [r for r in t["record"][1:] if r["seat"] == 1]
    again = traced_game("undecim", 4, 5, ["greedy"] * 4, forcing=Forcing(1, {t["forced"][0]: moves[t["forced"][0]]["action"]}),
                        keep=True)
    assert again["record"] == t["record"]


def test_the_planted_holes_are_valid_descriptors_and_matching_needs_the_subject():
    holes = load_holes(HOLES)
    assert len(holes) >= 30
    f = {"oracle": "component", "subject": "play.card=harvest", "direction": "dead"}
    assert matches(f, {"oracle": "component", "subject": "play.card=harvest", "direction": "dead"})
    assert not matches(f, {"oracle": "component", "subject": "play.card=harvest", "direction": "strong"})
    assert not matches(f, {"oracle": "component", "subject": "play.card=trade", "direction": "dead"})
    assert matches({"oracle": "strategy", "subject": "gold"}, {"oracle": "strategy", "subject": "lands"})


SMALL = {"reference": 12, "explore": 40, "probe": 0, "trials": 1, "trial_games": 4, "confirm": 80, "confirm_probes": 0,
         "check": 0, "shrink": 2}


def _hole(hole_id):
    return next(h for h in load_holes(HOLES) if h["id"] == hole_id)


@pytest.mark.parametrize("hole_id", ["ls-pepper-dead", "ls-play-refusal"])
def test_a_planted_hole_is_found_with_a_shrunk_record_that_replays(tmp_path, hole_id):
    from soan.core.records import replay
    from soan.lab.hunt.main import hunt

    h = _hole(hole_id)
    r = hunt(h["game"], h["players"], tuple(h.get("variants") or ()), h.get("params") or {}, h.get("components"),
             folder=tmp_path / "h", jobs=1, check="", sizes=SMALL)
    hit = [f for f in r["findings"] if matches(f, h["expect"])]
    assert hit, [(f["oracle"], f["subject"], f["direction"]) for f in r["findings"]]
    rec = hit[0]["record"]
    assert rec is not None and rec["imposed"] <= 20
    s = replay(rec["path"])  # the record replays (to its end, or to the engine's refusal it shows)
    assert s is not None
    assert hit[0]["evidence"]["n"] >= 20 and hit[0]["evidence"]["holds"]


def test_a_hunt_continues_where_it_was_interrupted_and_plays_nothing_twice(tmp_path):
    from soan.lab.hunt.main import Interrupted, hunt

    seen = []

    def stop_in_confirm(stage, done, planned):
        seen.append(stage)
        if stage == "confirm" and done >= 30:
            raise KeyboardInterrupt

    sizes = {**SMALL, "explore": 20, "confirm": 60, "trials": 1, "trial_games": 4}
    with pytest.raises(Interrupted):
        hunt("la-superba", 4, folder=tmp_path / "h", jobs=1, check="", sizes=sizes, progress=stop_in_confirm)
    explore = (tmp_path / "h" / "explore.jsonl").read_text().splitlines()
    kept = len((tmp_path / "h" / "fresh.jsonl").read_text().splitlines())
    assert len(explore) == 20 and 20 <= kept < 60
    seen.clear()
    r = hunt("la-superba", 4, folder=tmp_path / "h", jobs=1, check="", sizes=sizes, progress=lambda *a: seen.append(a))
    assert (tmp_path / "h" / "explore.jsonl").read_text().splitlines() == explore
    assert r["games"]["fresh"]["play"] == 60 and not any(a[0] == "explore" for a in seen)
    with pytest.raises(Exception, match="other settings"):
        hunt("la-superba", 3, folder=tmp_path / "h", jobs=1, check="", sizes=sizes)


def test_the_reports_say_each_finding_in_both_languages(tmp_path):
    from soan.lab.hunt.main import hunt
    from soan.lab.hunt.report import lines, write_html

    h = _hole("un-start-player-vp")
    r = hunt(h["game"], 4, (), h["params"], None, folder=tmp_path / "h", jobs=1, check="", sizes=SMALL)
    ja = write_html(r, "ja").read_text(encoding="utf-8")
    en = write_html(r, "en").read_text(encoding="utf-8")
    said = " ".join(x for pair in re.findall(r"<p class='s'>(.*?)</p>|<li>(.*?)</li>", ja) for x in pair)  # the sentences
    assert "手番1番目のプレイヤーの勝率が" in said and "play.card" not in said and "position" not in said
    assert "The player in turn position 1 wins" in en
    assert r["findings"][0]["oracle"] == "seat"  # ranked first: the largest edge
    assert any("soan replay" in x for x in lines(r, "ja"))
    data = json.loads((tmp_path / "h" / "hunt-result.json").read_text(encoding="utf-8"))
    assert data["format"] == "soan-hunt/1" and data["findings"]
    # soan ask's report lists them under "also found" when the hunt lies beside its studies
    from soan.lab.hunt.report import also_found, also_found_lines

    beside = tmp_path / "studies" / "hunt" / "undecim"
    beside.mkdir(parents=True)
    (beside / "hunt-result.json").write_text(json.dumps(data), encoding="utf-8")
    ask_folder = tmp_path / "studies" / "ask" / "undecim"
    part = also_found(ask_folder, "undecim", "ja", ask_folder / "answers-ja.html")
    assert "ほかに見つかったこと" in part and "手番1番目のプレイヤーの勝率が" in part
    assert "../../hunt/undecim/report-ja.html" in part
    assert also_found_lines(ask_folder, "undecim", "en")[0] == "Also found (soan hunt):"
    assert also_found(tmp_path / "elsewhere" / "undecim", "undecim", "en", ask_folder / "a.html") == ""


def test_the_command_refuses_bad_input_before_playing(tmp_path):
    from typer.testing import CliRunner

    from soan.cli.main import app

    run = CliRunner().invoke
    bad = run(app, ["hunt", "undecim", "--budget", "0", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "--budget" in bad.output
    bad = run(app, ["hunt", "undecim", "--check-level", "wizard", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "wizard" in bad.output
    bad = run(app, ["hunt", "undecim", "-P", "gold_rat=2", "--budget", "5", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "gold_rat" in bad.output
    assert not any(tmp_path.iterdir())

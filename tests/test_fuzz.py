"""`soan fuzz`: a small bounded run of every game (the long run is the command, see docs/testing.md), and
bugs planted in a game are found, each with a record that replays up to the problem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from soan.core.fuzz import draw_settings, fuzz_game
from soan.core.game import game_info
from soan.games.la_superba.rules import LaSuperba
from soan.games.undecim.rules import Undecim

runner = CliRunner()


def test_a_bounded_run_of_every_game_finds_nothing(tmp_path):
    r = runner.invoke(app, ["fuzz", "-n", "24", "--every", "10", "--seed", "3", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "No crash" in r.output
    rows = [json.loads(x) for x in (tmp_path / "fuzz-seed3.jsonl").read_text().splitlines()]
    assert sorted(x["game"] for x in rows) == ["asian-delivery"] * 8 + ["la-superba"] * 8 + ["undecim"] * 8
    assert all(x["actions"] > 10 and not x["problems"] for x in rows)
    r = runner.invoke(app, ["fuzz", "undecim", "-n", "1", "--lang", "ja", "--out", str(tmp_path)])
    assert r.exit_code == 0 and "ありませんでした" in r.output


def test_a_game_is_the_same_whatever_the_batch():
    a = fuzz_game("la-superba", 7, seed=5, every=4)
    b = fuzz_game("la-superba", 7, seed=5, every=4)
    assert (a.players, a.variants, a.params, a.actions) == (b.players, b.variants, b.params, b.actions)


def test_settings_cover_variants_parameters_and_player_counts():
    import random

    info = game_info("asian-delivery")
    rng = random.Random(1)
    drawn = [draw_settings(info, rng) for _ in range(200)]
    assert {p for p, _, _ in drawn} == {3, 4}
    assert set().union(*(set(v) for _, v, _ in drawn)) == set(info.variants)
    assert set().union(*(set(ps) for _, _, ps in drawn)) == set(info.params)


def _planted(problems: list[str], words: str) -> bool:
    return any(words in p for p in problems)


def test_a_crash_in_apply_is_found_with_a_record_that_replays_to_it(tmp_path, monkeypatch):
    real = Undecim._apply
    calls = [0]

    def _apply(self, seat, action):
        calls[0] += 1
        if calls[0] > 40:
            raise KeyError("planted")
        return real(self, seat, action)

    monkeypatch.setattr(Undecim, "_apply", _apply)
    r = fuzz_game("undecim", 0, seed=1, every=5, out_dir=str(tmp_path))
    assert _planted(r.problems, "raised KeyError"), r.problems
    monkeypatch.setattr(Undecim, "_apply", real)
    s = soan.replay(r.record)  # the moves up to the problem
    assert 0 < r.actions <= 40 and not s.is_over()
    assert len(Path(r.record).read_text().splitlines()) == 1 + r.actions
    assert Path(r.record).name == "undecim-seed1-game0.jsonl"


def test_a_leak_of_hidden_cards_is_found(monkeypatch):
    real = LaSuperba._observation

    def _observation(self, seat):
        o = real(self, seat)
        o["hands_of_all"] = [sorted(h) for h in self.hands]  # planted: every hand in every observation
        return o

    monkeypatch.setattr(LaSuperba, "_observation", _observation)
    r = fuzz_game("la-superba", 0, seed=1, every=3)
    assert _planted(r.problems, "determinize") or _planted(r.problems, "leak"), r.problems


def test_an_unchecked_seat_is_found(monkeypatch):
    monkeypatch.setattr(LaSuperba, "legal_actions", LaSuperba._legal_actions)  # planted: no seat check
    r = fuzz_game("la-superba", 0, seed=1, every=3)
    assert _planted(r.problems, "legal_actions(-1)"), r.problems


def test_an_illegal_action_accepted_is_found(monkeypatch):
    real = Undecim._apply

    def apply(self, seat, action):  # planted: no check; a wrong action is taken as the first legal one
        legal = self.legal_actions(seat)
        return real(self, seat, action if action in legal else legal[0]) if legal else None

    monkeypatch.setattr(Undecim, "apply", apply)
    r = fuzz_game("undecim", 0, seed=1, every=3)
    assert _planted(r.problems, "was accepted"), r.problems


@pytest.mark.parametrize("args", [["fuzz", "no-such-game"], ["fuzz", "-n", "0"], ["fuzz", "--lang", "fr"],
                                  ["fuzz", "undecim", "undecim"]])
def test_bad_arguments_are_refused(args):
    assert runner.invoke(app, args).exit_code == 2

"""Games are found through the `soan.games` entry points (importlib.metadata): the shipped games, a
game in its own distribution, and games added at run time with `register` / `unregister`. Each case
runs in a fresh interpreter, whose registry has not been filled yet."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import soan
from soan.core import game
from soan.core.errors import ConfigError

TESTS = Path(__file__).parent


def _run(code: str, extra_path: list[Path] = ()) -> subprocess.CompletedProcess:
    """`code` in a fresh interpreter; `extra_path` first on its path (a plugin's folder and metadata)."""
    path = [str(p) for p in extra_path] + [str(TESTS)] + [x for x in os.environ.get("PYTHONPATH", "").split(os.pathsep) if x]
    src = str(Path(soan.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, *path])}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env,
                          timeout=120)


def _plugin(tmp_path: Path, name: str, lines: str) -> Path:
    """A distribution's installed metadata declaring `lines` under [soan.games], as pip would write it."""
    d = tmp_path / f"{name}-0.1.dist-info"
    d.mkdir(parents=True)
    (d / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (d / "entry_points.txt").write_text("[soan.games]\n" + lines + "\n")
    return tmp_path


def test_the_shipped_games_are_entry_points_and_load_without_importing_soan_games():
    r = _run("""
        import sys
        import soan
        assert not any(m.startswith("soan.games.") for m in sys.modules), "imported before use"
        print([g["id"] for g in soan.games()])
        print(type(soan.make("undecim", players=3)).__name__)
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["['asian-delivery', 'la-superba', 'undecim']", "Undecim"]


def test_the_shipped_games_load_when_a_game_was_registered_first(monkeypatch):
    """The old guard loaded the shipped games only into an empty registry: after a run-time game, never."""
    import tiny_game

    monkeypatch.setattr(game, "_REGISTRY", {})
    monkeypatch.setattr(game, "_ADDED", set(), raising=False)
    monkeypatch.setattr(game, "_discovered", False, raising=False)
    game.register(tiny_game.INFO)  # a game added before anything looked a game up
    assert sorted(g["id"] for g in game.games()) == ["asian-delivery", "la-superba", "pearl-bid", "undecim"]
    assert soan.make("la-superba", players=3).game_id == "la-superba"


def test_a_game_in_its_own_distribution_is_found_by_its_entry_point(tmp_path):
    """A draft as its own pip package: its metadata names its GameInfo; soan is not told anything else."""
    where = _plugin(tmp_path, "pearl_bid", "pearl-bid = tiny_game:INFO")
    r = _run("""
        import soan
        s = soan.make("pearl-bid", players=3, seed=2)
        from soan.core import game
        print([g["id"] for g in soan.games()])
        print(s.game_id, s.cfg.players, sorted(game._ADDED))
    """, [where])
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["['asian-delivery', 'la-superba', 'pearl-bid', 'undecim']", "pearl-bid 3 []"]


def test_a_broken_plugin_is_named_and_the_other_games_still_load(tmp_path):
    where = _plugin(tmp_path, "broken_draft", "broken-draft = no_such_module_here:INFO\nwrong-id = tiny_game:INFO")
    r = _run("""
        import warnings
        warnings.simplefilter("always")
        import soan
        from soan.core.errors import ConfigError
        print(sorted(g["id"] for g in soan.games()))
        for gid in ("broken-draft", "wrong-id"):
            try:
                soan.make(gid)
            except ConfigError as e:
                print(gid, "|", e)
    """, [where])
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert out[0] == "['asian-delivery', 'la-superba', 'undecim']"
    assert out[1].startswith("broken-draft | the game plugin 'broken-draft' is broken: "
                             "no_such_module_here:INFO cannot be imported (ModuleNotFoundError")
    assert out[2].startswith("wrong-id | the game plugin 'wrong-id' is broken: tiny_game:INFO "
                             "is the GameInfo of the game 'pearl-bid', not of 'wrong-id'")
    assert "soan: the game 'broken-draft' (entry point 'soan.games') is left out" in r.stderr


def test_no_games_installed_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(game, "_entry_points", lambda: [])
    monkeypatch.setattr(game, "_REGISTRY", {})
    monkeypatch.setattr(game, "_ADDED", set())
    monkeypatch.setattr(game, "_discovered", False)
    with pytest.raises(ConfigError, match=r"no games are installed: no package declares the 'soan.games' entry "
                                          r"points.*pip install -e \."):
        soan.make("undecim")


def test_register_and_unregister_a_game_at_run_time():
    import tiny_game
    from soan.agents.base import game_hooks

    shipped = [g["id"] for g in soan.games()]
    game.register(tiny_game.INFO)
    try:
        assert [g["id"] for g in soan.games()] == [*[x for x in shipped if x != "pearl-bid"], "pearl-bid"]
        assert game_hooks("pearl-bid").horizon == 4
    finally:
        game.unregister("pearl-bid")
    assert "pearl-bid" not in [g["id"] for g in soan.games()]
    with pytest.raises(ConfigError, match="unknown game 'pearl-bid'"):
        game_hooks("pearl-bid")  # the bots' cached hooks went with it
    with pytest.raises(ConfigError, match=r"unregister: 'undecim' was not added with register\(\)"):
        game.unregister("undecim")  # an installed game stays
    with pytest.raises(ConfigError, match="register takes a GameInfo, got 'undecim'"):
        game.register("undecim")

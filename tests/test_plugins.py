"""The typed plugin contract: a game plugin's mistakes are mypy errors or a PluginError (a ConfigError)
naming the game and what is wrong, in English and Japanese, when it is loaded and at `soan games` —
never a traceback. One broken toy plugin per mistake, each a package of its own declared under the
`soan.games` entry points as pip would install it (tests/test_registry.py), built on the tiny game."""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import soan
from soan.core import game
from soan.core.errors import ConfigError, PluginError
from soan.core.plugin import seat_order

TESTS = Path(__file__).parent
SRC = Path(soan.__file__).parent.parent

# module -> (its source, what `soan games` says in English, in Japanese)
BROKEN = {
    "draft_signature": ("""
        def load(path, strict):
            return tiny_game.model.load_components(path)

        INFO = dataclasses.replace(tiny_game.INFO, id="draft-signature", load_components=load)
    """, "its load_components is called with one argument, a component file's path, or None for the shipped one, "
         "but its signature is load_components(path, strict)",
        "load_components には引数がひとつ渡されます（部品ファイルのパス。同梱のものなら None）が、定義は "
        "load_components(path, strict) です"),
    "draft_return": ("""
        def load(path):
            return tiny_game.model.load_components(path)[0]  # the components without their hash

        INFO = dataclasses.replace(tiny_game.INFO, id="draft-return", load_components=load)
    """, "its load_components returned Components(", "load_components の戻り値が Components("),
    "draft_missing": ("""
        from soan.core.game import GameInfo

        t = tiny_game.INFO
        INFO = GameInfo(id="draft-missing", name="Draft", players=(2, 4), variants={}, params={},
                        new_state=t.new_state, state_from_view=t.state_from_view, load_components=t.load_components,
                        dynamics="simultaneous")
    """, "its GameInfo lacks 'name_ja'", "GameInfo に 'name_ja' がありません"),
    "draft_field": ("""
        INFO = dataclasses.replace(tiny_game.INFO, id="draft-field", players=(4, 2))
    """, "its GameInfo's players is (fewest, most) as whole numbers from 1, got (4, 2)",
        "GameInfo の players は（最少, 最多）の人数を1以上の整数で書きます（指定：(4, 2)）"),
    "draft_dynamics": ("""
        INFO = dataclasses.replace(tiny_game.INFO, id="draft-dynamics", dynamics="turns")
    """, "its GameInfo's dynamics (how its players decide) is one of 'sequential', 'simultaneous', 'mixed', "
         "got 'turns'", "GameInfo の dynamics（手番の進み方）は 'sequential'、'simultaneous'、'mixed' のどれかです"),
    "draft_state": ("""
        INFO = dataclasses.replace(tiny_game.INFO, id="draft-state", new_state=lambda cfg: None)
    """, "its new_state gave a NoneType, not a soan.core.state.GameState",
        "new_state が GameState ではない NoneType を返しました"),
    "draft_import": ("""
        raise RuntimeError("the draft is half written")
    """, "draft_import:INFO cannot be imported (RuntimeError: the draft is half written)",
        "draft_import:INFO を読み込めません（RuntimeError: the draft is half written）"),
}
PLUGIN = {m: m.replace("_", "-") for m in BROKEN}


def _installed(tmp_path: Path) -> Path:
    """The broken toy plugins as one installed distribution (a module each, and its entry points)."""
    for mod, (src, _, _) in BROKEN.items():
        (tmp_path / f"{mod}.py").write_text("import dataclasses\n\nimport tiny_game\n" + textwrap.dedent(src))
    d = tmp_path / "broken_drafts-0.1.dist-info"
    d.mkdir()
    (d / "METADATA").write_text("Metadata-Version: 2.1\nName: broken_drafts\nVersion: 0.1\n")
    (d / "entry_points.txt").write_text("[soan.games]\n" + "".join(f"{PLUGIN[m]} = {m}:INFO\n" for m in BROKEN)
                                        + "no-module = no_such_module_here:INFO\n")
    return tmp_path


def _soan(where: Path, *args: str) -> subprocess.CompletedProcess:
    path = [str(SRC), str(where), str(TESTS), *[x for x in os.environ.get("PYTHONPATH", "").split(os.pathsep) if x]]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path), "SOAN_LANG": "en", "COLUMNS": "400"}
    return subprocess.run([sys.executable, "-c", "from soan.cli.main import app; app(prog_name='soan')", *args],
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_soan_games_names_every_broken_plugin_and_what_is_wrong_without_a_traceback(tmp_path, lang):
    r = _soan(_installed(tmp_path), "games", "--lang", lang)
    out = " ".join((r.stdout + r.stderr).split())  # the console's wrapping undone
    assert r.returncode == 2, out
    assert "Traceback" not in out and "File \"" not in out
    assert "asian-delivery" in r.stdout and "undecim" in r.stdout  # the games that work are listed first
    for mod, (_, en, ja) in BROKEN.items():
        head = (f"エラー：ゲームのプラグイン {PLUGIN[mod]!r} に誤りがあります：" if lang == "ja"
                else f"error: the game plugin {PLUGIN[mod]!r} is broken: ")
        assert head + (ja if lang == "ja" else en) in out, (mod, out[-3000:])
    missing = "no_such_module_here:INFO " + ("を読み込めません（ModuleNotFoundError" if lang == "ja"
                                             else "cannot be imported (ModuleNotFoundError")
    assert missing in out
    assert len([x for x in r.stdout.splitlines() if x.startswith(("error: ", "エラー："))]) == len(BROKEN) + 1


def test_soan_games_json_stays_json_and_names_the_broken_plugins_apart(tmp_path):
    import json

    r = _soan(_installed(tmp_path), "games", "--json")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    ids = [g["id"] for g in json.loads(r.stdout)]
    assert "undecim" in ids and "draft-return" in ids and "draft-field" not in ids  # loaded, its calls failing
    assert "error: the game plugin 'draft-state' is broken: its new_state gave a NoneType" in r.stderr


def test_soan_games_with_sound_plugins_says_no_error(tmp_path):
    where = tmp_path / "ok"
    (where / "pearl_bid-0.1.dist-info").mkdir(parents=True)
    (where / "pearl_bid-0.1.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: pearl_bid\nVersion: 0.1\n")
    (where / "pearl_bid-0.1.dist-info" / "entry_points.txt").write_text("[soan.games]\npearl-bid = tiny_game:INFO\n")
    r = _soan(where, "games")
    assert r.returncode == 0 and "pearl-bid" in r.stdout and "error" not in r.stdout + r.stderr, r.stdout + r.stderr


def test_a_broken_plugin_is_a_named_plugin_error_when_its_game_is_asked_for(tmp_path):
    code = """
        import warnings
        warnings.simplefilter("ignore")
        import soan
        from soan.core.errors import PluginError
        for gid in ("draft-signature", "draft-missing", "draft-import", "no-module", "draft-return", "draft-state"):
            try:
                soan.make(gid)
            except PluginError as e:
                print(gid, "|", e.plugin, "|", e.problem[:40])
    """
    path = [str(SRC), str(_installed(tmp_path)), str(TESTS)]
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": os.pathsep.join(path)})
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert [x.split(" | ")[:2] for x in lines] == [[g, g] for g in ("draft-signature", "draft-missing", "draft-import",
                                                                     "no-module", "draft-return", "draft-state")]


# -- in this process: each field's check, and the declared dynamics ------------------------------------
def _tiny():
    import tiny_game

    return tiny_game.INFO


@pytest.mark.parametrize(("change", "en", "ja"), [
    ({"id": "Pearl Bid"}, "id is lower-case letters and digits joined by '-'", "id は英小文字と数字を「-」でつないだ"),
    ({"name_ja": ""}, "its GameInfo's name_ja is the game's name as text", "GameInfo の name_ja にはゲームの名前を"),
    ({"players": (0, 3)}, "players is (fewest, most) as whole numbers from 1", "人数を1以上の整数で書きます"),
    ({"default_players": 5}, "default_players is a player count within 2-4, got 5", "default_players は2〜4の人数です"),
    ({"variants": {"x": "lowest-wins"}}, "variants['x'] is not a Variant whose id is 'x'", "Variant ではありません"),
    ({"new_state": "new_state"}, "its GameInfo's new_state is a function, got 'new_state'", "new_state には関数を指定します"),
    ({"state_from_view": lambda: None}, "its state_from_view is called with one argument, a view (a dict)",
     "state_from_view には引数がひとつ渡されます（ビューの辞書）"),
    ({"hooks": {}}, "its GameInfo's hooks is a soan.core.hooks.GameHooks", "GameInfo の hooks には"),
    ({"dynamics": None}, "dynamics (how its players decide) is one of", "dynamics（手番の進み方）は"),
    ({"dynamics": "mixed"}, "dynamics 'mixed') but gives no turn order", "手番順がありません"),
])
def test_each_mistake_in_a_game_info_is_a_plugin_error_naming_the_game(change, en, ja):
    with pytest.raises(PluginError) as e:
        dataclasses.replace(_tiny(), **change)
    assert isinstance(e.value, ConfigError) and e.value.plugin == change.get("id", "pearl-bid")
    assert str(e.value).startswith(f"the game plugin {e.value.plugin!r} is broken: ") and en in str(e.value), str(e.value)
    assert e.value.ja.startswith(f"ゲームのプラグイン {e.value.plugin!r} に誤りがあります：") and ja in e.value.ja, e.value.ja


def test_a_simultaneous_game_with_a_turn_order_is_refused():
    tiny = _tiny()
    hooks = dataclasses.replace(tiny.hooks, turn_order=lambda state: list(range(state.cfg.players)))
    with pytest.raises(PluginError, match=r"players choose at once \(dynamics 'simultaneous'\) yet gives a turn order"):
        dataclasses.replace(tiny, hooks=hooks)
    assert dataclasses.replace(tiny, hooks=hooks, dynamics="mixed").turn_order(soan.make("undecim")) is not None


def test_turn_dynamics_are_declared_not_inferred_from_a_hook():
    """A sequential game without a turn_order hook has a turn order all the same (seat order from the first
    to act); a simultaneous one has none; the shipped games declare theirs."""
    assert {g: game.game_info(g).dynamics for g in ("asian-delivery", "la-superba", "undecim")} == {
        "asian-delivery": "sequential", "la-superba": "simultaneous", "undecim": "sequential"}
    tiny = _tiny()
    assert tiny.dynamics == "simultaneous" and tiny.hooks.turn_order is None
    game.register(tiny)
    try:
        s = soan.make("pearl-bid", players=3)
        assert tiny.turn_order(s) is None
        turns = dataclasses.replace(tiny, dynamics="sequential")  # the same game declared in turns: no hook given
        assert turns.hooks.turn_order is seat_order and turns.turn_order(s) == [0, 1, 2]
        again = dataclasses.replace(turns, dynamics="simultaneous")  # and back: the order it was given goes
        assert again.hooks.turn_order is None and again.turn_order(s) is None
    finally:
        game.unregister("pearl-bid")
    u = soan.make("undecim", players=4, seed=3)
    first = u.to_act()[0]
    assert seat_order(u) == [(first + k) % 4 for k in range(4)]
    assert game.game_info("undecim").turn_order(u) == game.game_info("undecim").hooks.turn_order(u)


def test_a_load_components_returning_the_wrong_thing_is_named_when_called():
    tiny = _tiny()
    game.register(dataclasses.replace(tiny, load_components=lambda path: {"pearls": []}))
    try:
        with pytest.raises(PluginError, match=r"'pearl-bid' is broken: its load_components returned \{'pearls': \[\]\}"):
            soan.make("pearl-bid")
        assert [e.plugin for e in game.plugin_problems()] == ["pearl-bid"]
    finally:
        game.unregister("pearl-bid")
    assert game.plugin_problems() == []


MYPY_TOY = '''
from __future__ import annotations

from typing import Any

from soan.core.actions import Action
from soan.core.game import Config, GameInfo
from soan.core.state import GameState


class Toy(GameState):
    game_id = "toy"

    def scores(self) -> list[int]:
        return [0] * self.cfg.players

    def action_text(self, action: Any, lang: str = "en") -> str:
        return str(action)

    def view(self) -> dict[str, Any]:
        return {"game": self.game_id}


def new_state(cfg: Config) -> RETURNS:
    s = Toy()
    s.cfg, s.listener = cfg, None
    return GIVES


def from_view(v: dict[str, Any]) -> Toy:
    raise NotImplementedError


def load(path: Any) -> tuple[Any, str]:
    return {}, "0"


INFO: GameInfo[Toy, Action] = GameInfo(
    id="toy", name="Toy", name_ja="おもちゃ", players=(2, 2), variants={}, params={}, new_state=new_state,
    state_from_view=from_view, load_components=load, dynamics="sequential", default_players=2)
'''


def test_mypy_strict_refuses_a_game_whose_new_state_returns_none(tmp_path):
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent))
    if mypy is None:
        pytest.skip("mypy is not installed (the dev extra)")
    (tmp_path / "toy_ok.py").write_text(MYPY_TOY.replace("RETURNS", "Toy").replace("GIVES", "s"))
    (tmp_path / "toy_none.py").write_text(MYPY_TOY.replace("RETURNS", "None").replace("GIVES", "None"))
    r = subprocess.run([mypy, "--strict", "--follow-imports=silent", "--no-incremental", "--config-file", os.devnull,
                        "toy_ok.py", "toy_none.py"], capture_output=True, text=True, cwd=tmp_path, timeout=300,
                       env={**os.environ, "MYPYPATH": str(SRC)})
    errors = [x for x in r.stdout.splitlines() if ": error:" in x]
    assert len(errors) == 1 and errors[0].startswith("toy_none.py:") and '"new_state"' in errors[0], r.stdout


def test_the_lab_gives_a_sequential_game_without_a_turn_order_hook_its_turn_order():
    """`soan sim` told a sequential toy game it had no turn order (a game without the hook was taken to be
    simultaneous): the declared dynamics now decide, through the lab's own runner."""
    from soan.lab.runner import play_game

    tiny = _tiny()
    game.register(dataclasses.replace(tiny, dynamics="sequential"))  # declared in turns, no turn_order hook
    try:
        r = play_game("pearl-bid", 3, 5, ["random"] * 3)
        assert r.turn_order is not None and sorted(r.turn_order) == [0, 1, 2]
    finally:
        game.unregister("pearl-bid")
    game.register(tiny)  # declared simultaneous: no turn order, seats only
    try:
        assert play_game("pearl-bid", 3, 5, ["random"] * 3).turn_order is None
    finally:
        game.unregister("pearl-bid")

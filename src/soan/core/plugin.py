"""The game plugin contract, checked: a GameInfo's fields, its functions' signatures and its declared
turn dynamics when it is made; what its functions return when they are called (`soan games` calls
them once per game); an entry point that cannot be imported. Every mistake is a `PluginError` naming
the game and what is wrong, in English and Japanese, never a traceback."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Sequence
from typing import Any, Literal

from .checks import shown
from .errors import PluginError, SoanError

# (core/game.py imports this module, never the other way: what a check needs of game.py it is given)

# How a game's players decide, declared by the game (never inferred from its hooks):
#   sequential   one seat at a time, in turns (the lab's start player and turn positions apply)
#   simultaneous every seat to act chooses at once, in secret (no turn order: seats only)
#   mixed        both (turns, and phases where several seats choose at once); it gives its turn order
Dynamics = Literal["sequential", "simultaneous", "mixed"]
DYNAMICS: tuple[Dynamics, ...] = ("sequential", "simultaneous", "mixed")


def seat_order(state: Any) -> list[int]:
    """The turn order of a sequential game that gives none (no `turn_order` hook): every seat, from the
    first to act, in seat order."""
    n = state.cfg.players
    acting = state.to_act()
    first = acting[0] if acting else 0
    return [(first + k) % n for k in range(n)]


def _takes_one(fn: Callable[..., Any]) -> bool:
    """Whether `fn` can be called with one positional argument (a function without a signature, as some
    built-ins, is trusted)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return True
    try:
        sig.bind(None)
    except TypeError:
        return False
    return True


def _bad(plugin: str, problem: str, problem_ja: str) -> PluginError:
    return PluginError(plugin, problem, problem_ja)


def _check_names(info: Any, plugin: str, variant: type, param: type) -> None:
    for name in ("name", "name_ja"):
        v = getattr(info, name)
        if not isinstance(v, str) or not v.strip():
            raise _bad(plugin, f"its GameInfo's {name} is the game's name as text, got {shown(v)}",
                       f"GameInfo の {name} にはゲームの名前を文字列で書きます（指定：{shown(v)}）")
    for what, table, kind, key in (("variants", info.variants, variant, "id"), ("params", info.params, param, "name")):
        if not isinstance(table, dict):
            raise _bad(plugin, f"its GameInfo's {what} is a dict of {kind.__name__} by their {key}, got {shown(table)}",
                       f"GameInfo の {what} は {kind.__name__} を {key} で引く辞書です（指定：{shown(table)}）")
        for k, v in table.items():
            if not isinstance(v, kind) or getattr(v, key) != k:
                raise _bad(plugin, f"its GameInfo's {what}[{shown(k)}] is not a {kind.__name__} whose {key} is "
                                   f"{shown(k)}: {shown(v)}",
                           f"GameInfo の {what}[{shown(k)}] が {key} を {shown(k)} とする {kind.__name__} "
                           f"ではありません（{shown(v)}）")


def _check_players(info: Any, plugin: str) -> None:
    p = info.players
    if (not isinstance(p, tuple) or len(p) != 2 or any(isinstance(x, bool) or not isinstance(x, int) for x in p)
            or not 1 <= p[0] <= p[1]):
        raise _bad(plugin, f"its GameInfo's players is (fewest, most) as whole numbers from 1, got {shown(p)}",
                   f"GameInfo の players は（最少, 最多）の人数を1以上の整数で書きます（指定：{shown(p)}）")
    d = info.default_players
    if isinstance(d, bool) or not isinstance(d, int) or not p[0] <= d <= p[1]:
        raise _bad(plugin, f"its GameInfo's default_players is a player count within {p[0]}-{p[1]}, got {shown(d)}",
                   f"GameInfo の default_players は{p[0]}〜{p[1]}の人数です（指定：{shown(d)}）")


FUNCTIONS = {  # the GameInfo's functions, each called with one argument
    "new_state": ("its configuration (soan.core.game.Config)", "設定 soan.core.game.Config"),
    "state_from_view": ("a view (a dict)", "ビューの辞書"),
    "load_components": ("a component file's path, or None for the shipped one",
                        "部品ファイルのパス。同梱のものなら None"),
}


def _check_functions(info: Any, plugin: str) -> None:
    for name, (arg, arg_ja) in FUNCTIONS.items():
        fn = getattr(info, name)
        if not callable(fn):
            raise _bad(plugin, f"its GameInfo's {name} is a function, got {shown(fn)}",
                       f"GameInfo の {name} には関数を指定します（指定：{shown(fn)}）")
        if not _takes_one(fn):
            raise _bad(plugin, f"its {name} is called with one argument, {arg}, but its signature is "
                               f"{name}{inspect.signature(fn)}",
                       f"{name} には引数がひとつ渡されます（{arg_ja}）が、定義は {name}{inspect.signature(fn)} です")


def _check_dynamics(info: Any, plugin: str) -> None:
    from .hooks import GameHooks

    if not isinstance(info.hooks, GameHooks):
        raise _bad(plugin, f"its GameInfo's hooks is a soan.core.hooks.GameHooks, got {shown(info.hooks)}",
                   f"GameInfo の hooks には soan.core.hooks.GameHooks を指定します（指定：{shown(info.hooks)}）")
    d, order = info.dynamics, info.hooks.turn_order
    if d not in DYNAMICS:
        raise _bad(plugin, f"its GameInfo's dynamics (how its players decide) is one of {', '.join(map(repr, DYNAMICS))}, "
                           f"got {shown(d)}",
                   f"GameInfo の dynamics（手番の進み方）は {'、'.join(map(repr, DYNAMICS))} のどれかです（指定：{shown(d)}）")
    if order is not None and (not callable(order) or not _takes_one(order)):
        raise _bad(plugin, f"its turn_order hook is a function of the state, got {shown(order)}",
                   f"turn_order フックには状態を受け取る関数を指定します（指定：{shown(order)}）")
    if d == "simultaneous" and order is not None:
        raise _bad(plugin, "it declares its players choose at once (dynamics 'simultaneous') yet gives a turn "
                           "order (hooks.turn_order); declare 'sequential' or 'mixed', or drop the hook",
                   "全員が同時に選ぶ（dynamics が 'simultaneous'）と宣言しながら手番順（hooks.turn_order）を"
                   "与えています。'sequential' か 'mixed' と宣言するか、このフックを外してください")
    if d == "mixed" and order is None:
        raise _bad(plugin, "it declares turns and simultaneous choices (dynamics 'mixed') but gives no turn order: "
                           "add hooks.turn_order (each round's seats, start player first)",
                   "手番と同時選択の両方がある（dynamics が 'mixed'）と宣言していますが、手番順がありません。"
                   "hooks.turn_order（各ラウンドの席を手番の順に、スタートプレイヤーから）を加えてください")


def check_info(info: Any, variant: type, param: type) -> None:
    """Every field of a GameInfo as the contract wants it (its variants `variant`s and its parameters
    `param`s, core/game.py's classes); else a PluginError naming the first mistake."""
    plugin = info.id if isinstance(info.id, str) and info.id else shown(info.id)
    if not isinstance(info.id, str) or not re.fullmatch(r"[a-z0-9]+(?:[-_][a-z0-9]+)*", info.id):
        raise _bad(plugin, f"its GameInfo's id is lower-case letters and digits joined by '-', got {shown(info.id)}",
                   f"GameInfo の id は英小文字と数字を「-」でつないだ文字列です（指定：{shown(info.id)}）")
    _check_names(info, plugin, variant, param)
    _check_players(info, plugin)
    _check_functions(info, plugin)
    _check_dynamics(info, plugin)


def checked_components(game_id: str, out: Any) -> tuple[Any, str]:
    """What a game's `load_components` returned, when it is (components, their hash as text)."""
    if not isinstance(out, tuple) or len(out) != 2 or not isinstance(out[1], str):
        raise _bad(game_id, f"its load_components returned {shown(out)}; it returns (the components, their hash "
                            "as text), as soan.core.components.loader's function does",
                   f"load_components の戻り値が {shown(out)} です。（部品, そのハッシュの文字列）の組を返してください"
                   "（soan.core.components.loader の関数のように）")
    return out


_INIT = re.compile(r"GameInfo\.__init__\(\) (?:missing \d+ required (?:positional|keyword-only) arguments?: (?P<missing>.+)"
                   r"|got an unexpected keyword argument (?P<unknown>.+))")


def import_failure(name: str, where: str, e: BaseException) -> PluginError:
    """The PluginError for an entry point `name` (`where`: module:attribute) whose import raised `e`."""
    if isinstance(e, PluginError):
        return e
    if isinstance(e, SoanError):
        return _bad(name, f"{where} cannot be imported: {e}", f"{where} を読み込めません：{e.ja or e}")
    m = _INIT.search(str(e)) if isinstance(e, TypeError) else None
    if m and m["missing"]:
        fields = m["missing"].replace(" and ", ", ")
        return _bad(name, f"its GameInfo lacks {fields} (docs/new-game.md lists every field)",
                    f"GameInfo に {fields} がありません（項目はすべて docs/new-game.md にあります）")
    if m and m["unknown"]:
        return _bad(name, f"its GameInfo has no field {m['unknown']} (docs/new-game.md lists every field)",
                    f"GameInfo に {m['unknown']} という項目はありません（項目はすべて docs/new-game.md にあります）")
    said = _said(e)
    return _bad(name, f"{where} cannot be imported ({said})", f"{where} を読み込めません（{said}）")


def _said(e: BaseException) -> str:
    """An exception as one short line: its type and message."""
    msg = " ".join(str(e).split())
    return f"{type(e).__name__}: {msg if len(msg) <= 200 else msg[:199] + '…'}"


def not_a_game(name: str, where: str, info: Any, game_id: str | None) -> PluginError:
    """The PluginError for an entry point whose object is no GameInfo (`game_id` None), or the GameInfo
    of another id."""
    if game_id is not None:
        return _bad(name, f"{where} is the GameInfo of the game {shown(game_id)}, not of {name!r} (the entry point's "
                          "name is the game's id)",
                    f"{where} はゲーム {shown(game_id)} の GameInfo で、{name!r} のものではありません"
                    "（エントリーポイントの名前はゲームの id です）")
    return _bad(name, f"{where} is not a GameInfo: {shown(info)}", f"{where} が GameInfo ではありません：{shown(info)}")


def check_calls(game_id: str, make: Callable[[str], Any]) -> list[PluginError]:
    """Call the game's functions once as soan will, through `make` (core/game.py's: its shipped
    components, a new state of its default player count): the mistakes only a call shows."""
    try:
        make(game_id)
    except PluginError as e:
        return [e]
    except SoanError:
        return []  # a problem of the game's data or rules, said by the commands that meet it
    except Exception as e:  # noqa: BLE001 - a plugin's function failing outright is named, never a traceback
        said = _said(e)
        return [_bad(game_id, f"making a new game failed ({said})", f"新しいゲームを作れません（{said}）")]
    return []


def problems(broken: Sequence[PluginError], game_ids: Sequence[str], make: Callable[[str], Any]) -> list[PluginError]:
    """Every plugin mistake found: the entry points left out, then each loaded game's calls."""
    out = list(broken)
    for gid in game_ids:
        out.extend(check_calls(gid, make))
    return out

"""The game registry, configuration checking, and `soan.make` / `soan.from_view` / `soan.games`."""

from __future__ import annotations

import difflib
import hashlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Generic

from .checks import shown
from .config import Config as Config  # the plugin API names it here (soan.core.game.Config)
from .errors import ConfigError, IllegalAction, PluginError, SoanError
from .hooks import A, GameHooks, S
from .plugin import Dynamics, check_info, checked_components, import_failure, not_a_game, problems, seat_order
from .state import checked_class
from .words import listed


@dataclass(frozen=True)
class Param:
    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    requires: str | None = None  # a variant id the parameter only applies under
    rule: str = ""
    kind: type | None = None  # the value's type when the default is None ("decided by the rules/data")
    doc_ja: str = ""
    min: int | None = None  # the smallest value the rules can play with (each item, for a list)
    max: int | None = None  # the largest
    length: tuple[int, int] | None = None  # a list's allowed length, (shortest, longest)
    choices_ja: tuple[str, ...] | None = None  # each choice's name in Japanese, in the order of `choices`
    data_key: str | None = None  # unset (default None): the rules take the component file's value of this key

    @property
    def is_list(self) -> bool:
        """A parameter whose value is a list of integers (its default, or its `kind` when unset)."""
        return isinstance(self.default, tuple | list) or self.kind in (tuple, list)

    def _bad(self, takes: str, takes_ja: str, value: Any) -> ConfigError:
        """A value this parameter cannot take, named in English and Japanese."""
        return ConfigError(f"parameter {self.name!r} takes {takes}, got {shown(value)}",
                           ja=f"パラメータ {self.name!r} には{takes_ja}を指定してください（指定された値：{shown(value)}）")

    def coerce(self, value: Any) -> Any:
        """Accept a CLI string or a JSON value; return the typed value or raise ConfigError."""
        if self.default is None and value is None:
            return None  # "not given": the game decides from its data and variants
        d = self.default if self.default is not None else (self.kind or str)()
        v = value
        if isinstance(v, str):
            s = v.strip()
            if isinstance(d, bool):
                low = s.lower()
                if low in ("true", "1", "yes", "on"):
                    v = True
                elif low in ("false", "0", "no", "off"):
                    v = False
                else:
                    raise self._bad("true or false", " true か false ", value)
            elif isinstance(d, int):
                try:
                    v = int(s)
                except ValueError:
                    raise self._bad("an integer", "整数", value) from None
            elif isinstance(d, list | tuple):
                try:
                    v = [int(x) for x in s.replace("/", ",").split(",") if x.strip()]
                except ValueError:
                    raise self._bad("a comma-separated list of integers", "「,」で区切った整数の並び", value) from None
        if isinstance(d, bool) and not isinstance(v, bool):
            raise self._bad("true or false", " true か false ", value)
        if isinstance(d, int) and not isinstance(d, bool) and (isinstance(v, bool) or not isinstance(v, int)):
            raise self._bad("an integer", "整数", value)
        if isinstance(d, list | tuple):
            if not isinstance(v, list | tuple) or not all(isinstance(x, int) for x in v):
                raise self._bad("a list of integers", "整数の並び", value)
            v = tuple(v)
        if self.choices is not None and v not in self.choices:
            raise self._bad(f"one of {list(self.choices)}", f" {list(self.choices)} のどれか", value)
        self._check_range(v, value)
        return v

    def _check_range(self, v: Any, value: Any) -> None:
        """`min`/`max` (per item for a list) and `length`: the ranges the rules can play with."""
        items = v if isinstance(v, tuple) else (v,) if isinstance(v, int) and not isinstance(v, bool) else ()
        if isinstance(v, tuple) and self.length is not None and not self.length[0] <= len(v) <= self.length[1]:
            lo, hi = self.length
            raise ConfigError(f"parameter {self.name!r} takes {lo}-{hi} numbers, got {len(v)}: {shown(value)}",
                              ja=f"パラメータ {self.name!r} には{lo}〜{hi}個の数を指定します（指定は{len(v)}個：{shown(value)}）")
        for x in items:
            if (self.min is not None and x < self.min) or (self.max is not None and x > self.max):
                rng = (f"{self.min}..{self.max}" if self.min is not None and self.max is not None
                       else f">= {self.min}" if self.min is not None else f"<= {self.max}")
                raise self._bad(rng, f" {rng} の範囲の数", value)


@dataclass(frozen=True)
class Variant:
    id: str
    rule: str
    doc: str
    doc_ja: str = ""
    # the seat measure (`m_<fires>` in a study's seats table) that counts this rule taking effect: `soan ask`
    # says how often it did in the games a verdict rests on, and when it never did
    fires: str = ""


@dataclass
class GameInfo(Generic[S, A]):
    """A game, as it plugs into soan: generic in its state `S` and its action type `A` (the hooks take
    them), so that mypy refuses a `new_state` that gives no state. `dynamics` declares how its players
    decide (core/plugin.py): 'sequential' (turns), 'simultaneous' (all at once, in secret) or 'mixed'.
    Every field is checked when it is made: a mistake is a PluginError naming the game."""

    id: str
    name: str
    name_ja: str
    players: tuple[int, int]
    variants: dict[str, Variant]
    params: dict[str, Param]
    new_state: Callable[[Config], S]
    state_from_view: Callable[[dict[str, Any]], S]
    load_components: Callable[[Any], tuple[Any, str]]
    dynamics: Dynamics
    default_players: int = 4
    hooks: GameHooks[S, A] = field(default_factory=GameHooks)

    def __post_init__(self) -> None:
        if isinstance(self.hooks, GameHooks) and self.hooks.turn_order is seat_order and self.dynamics == "simultaneous":
            self.hooks = replace(self.hooks, turn_order=None)  # the order given to a copy declared in turns before
        check_info(self, Variant, Param)
        if self.dynamics == "sequential" and self.hooks.turn_order is None:  # declared turns: a turn order
            self.hooks = replace(self.hooks, turn_order=seat_order)

    def turn_order(self, state: S) -> list[int] | None:
        """This round's seats in turn order, start player first; None for a game whose players choose at
        once (declared 'simultaneous'). A sequential game without a `turn_order` hook: from the first to act."""
        order = self.hooks.turn_order
        return None if order is None else list(order(state))

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "name_ja": self.name_ja,
            "players": list(self.players),
            "variants": [{"id": v.id, "rule": v.rule, "doc": v.doc, "doc_ja": v.doc_ja} for v in self.variants.values()],
            "params": [
                {
                    "name": p.name,
                    "default": list(p.default) if isinstance(p.default, tuple) else p.default,
                    "choices": list(p.choices) if p.choices else None,
                    "choices_ja": list(p.choices_ja) if p.choices_ja else None,
                    "kind": "bool" if isinstance(p.default, bool) else "list" if p.is_list
                    else "int" if isinstance(p.default, int) or p.kind is int else "text",
                    "requires": p.requires,
                    "rule": p.rule,
                    "min": p.min,
                    "max": p.max,
                    "doc": p.doc,
                    "doc_ja": p.doc_ja,
                }
                for p in self.params.values()
            ],
        }


ENTRY_POINTS = "soan.games"  # the entry-point group a game's distribution registers its GameInfo under

_REGISTRY: dict[str, GameInfo[Any, Any]] = {}
_ADDED: set[str] = set()  # ids added with register() (they win over an installed game)
_BROKEN: dict[str, tuple[PluginError, BaseException | None]] = {}  # entry points left out: what is wrong, its cause
_discovered = False
_LOCK = threading.RLock()
_LISTENERS: list[Callable[[str], None]] = []


def register(info: GameInfo[Any, Any]) -> None:
    """Add a game at run time (a draft in a notebook, the tests' tiny game); it takes the place of a game
    with the same id. Installed games need no call: they are found through the `soan.games` entry points."""
    if not isinstance(info, GameInfo):
        raise ConfigError(f"register takes a GameInfo, got {shown(info)}")
    with _LOCK:
        _REGISTRY[info.id] = info
        _ADDED.add(info.id)
    _changed(info.id)


def unregister(game_id: str) -> None:
    """Take out a game added with `register`; an installed game of the same id, if any, is found again."""
    global _discovered
    with _LOCK:
        if not isinstance(game_id, str) or game_id not in _ADDED:
            raise ConfigError(f"unregister: {shown(game_id)} was not added with register(); added: {sorted(_ADDED)}",
                              ja=f"unregister: {shown(game_id)} は register() で加えたゲームではありません")
        _ADDED.discard(game_id)
        del _REGISTRY[game_id]
        _discovered = False  # an installed game of that id comes back on the next lookup
    _changed(game_id)


def on_registry_change(listener: Callable[[str], None]) -> None:
    """`listener(game_id)` after a game is registered or unregistered: the layers above drop what they
    derived from it (a bot's hooks, a game's styles)."""
    _LISTENERS.append(listener)


def _changed(game_id: str) -> None:
    for f in list(_LISTENERS):
        f(game_id)


def _entry_points() -> list[Any]:
    from importlib.metadata import entry_points

    return sorted(entry_points(group=ENTRY_POINTS), key=lambda ep: ep.name)


def _discover() -> None:
    """Load every installed game (the `soan.games` entry points, in name order) once; games registered at
    run time keep their place and win over an installed game of the same id."""
    global _discovered, _REGISTRY
    with _LOCK:
        if _discovered:
            return
        _BROKEN.clear()
        found: dict[str, GameInfo[Any, Any]] = {}
        for ep in _entry_points():
            if ep.name in _ADDED or ep.name in found:
                continue
            try:
                info = ep.load()
            except Exception as e:  # noqa: BLE001 - a broken plugin must not take the other games down
                _broken(ep.name, import_failure(ep.name, ep.value, e), e)
                continue
            if not isinstance(info, GameInfo) or info.id != ep.name:
                _broken(ep.name, not_a_game(ep.name, ep.value, info, info.id if isinstance(info, GameInfo) else None))
                continue
            found[info.id] = info
        found.update((k, v) for k, v in _REGISTRY.items() if k in _ADDED)  # in their order, after the installed
        _REGISTRY = found  # one assignment: a lookup in another thread sees the old registry or the new one
        _discovered = True


def _broken(name: str, why: PluginError, cause: BaseException | None = None) -> None:
    import warnings

    _BROKEN[name] = (why, cause)
    warnings.warn(f"soan: the game {name!r} (entry point {ENTRY_POINTS!r}) is left out: {why}", stacklevel=3)


def broken_plugins() -> list[PluginError]:
    """The installed games left out, each its PluginError (`soan games` names them)."""
    _ensure_loaded()
    return [why for why, _ in _BROKEN.values()]


def _ensure_loaded() -> None:
    if not _discovered:
        _discover()
    if not _REGISTRY:
        raise ConfigError(
            f"no games are installed: no package declares the {ENTRY_POINTS!r} entry points. Installed from a "
            "source checkout, the package's metadata may predate them: run `pip install -e .` (make venv) again",
            ja=f"ゲームが見つかりません（{ENTRY_POINTS!r} のエントリーポイントがありません）。ソースから入れた場合は"
               "`pip install -e .`（make venv）をもう一度実行してください")


def game_info(game_id: str) -> GameInfo[Any, Any]:
    _ensure_loaded()
    if not isinstance(game_id, str):
        raise ConfigError(f"a game id is a string, got {shown(game_id)}; expected one of {sorted(_REGISTRY)}")
    info = _REGISTRY.get(game_id)
    if info is None:
        alias = game_id.replace("_", "-").lower()
        info = _REGISTRY.get(alias)
    if info is None:
        near = difflib.get_close_matches(str(game_id).replace("_", "-").lower(), sorted(_REGISTRY), n=1, cutoff=0.6)
        hint, hint_ja = (f"did you mean {near[0]!r}? ", f"{near[0]!r} のことですか？") if near else ("", "")
        broken = _BROKEN.get(alias)
        if broken:
            why, cause = broken
            raise why from cause
        raise ConfigError(f"unknown game {shown(game_id)}; {hint}expected one of {listed(sorted(_REGISTRY), 'en')}",
                          ja=f"ゲーム {shown(game_id)} はありません。{hint_ja}使えるのは{listed(sorted(_REGISTRY), 'ja')}です",
                          field="game")
    return info


def games() -> list[dict[str, Any]]:
    """Every game with its variants and parameters."""
    _ensure_loaded()
    return [g.describe() for g in list(_REGISTRY.values())]


def plugin_problems() -> list[PluginError]:
    """Every game plugin's mistake: the installed games left out, and what each loaded game's functions
    return when called once (its shipped components, a new state); [] when every game keeps the contract."""
    _ensure_loaded()
    return problems(broken_plugins(), list(_REGISTRY), make)


_COMPILED: dict[tuple[Any, ...], Any] = {}


def compiled(cfg: Config, compile_fn: Callable[..., Any], *args: Any) -> Any:
    """`compile_fn(components, variants, params, *args)` once per distinct configuration and function:
    the rule tables every state of that configuration shares (never copied by clone). The function is
    part of the key: a game registered anew with edited rules gets tables from its own function."""
    key = (cfg.game, compile_fn, cfg.components_hash, cfg.variants,
           tuple(sorted((k, str(v)) for k, v in cfg.params.items())), args)
    t = _COMPILED.get(key)
    if t is None:
        t = _COMPILED[key] = compile_fn(cfg.components, cfg.variants, cfg.params, *args)
    return t


def data_hash(data: Any) -> str:
    blob = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _known_variants(info: GameInfo[Any, Any], variants: list[Any] | tuple[Any, ...]) -> list[str]:
    """The chosen variants, each once, in the game's order; every unknown one named (the first ten)."""
    bad = [shown(v, 40) for v in variants if not isinstance(v, str) or v not in info.variants]
    if bad:
        bad = bad[:10] + (["…"] if len(bad) > 10 else [])
        raise ConfigError(f"unknown variant{'' if len(bad) == 1 else 's'} {', '.join(bad)} for {info.id}; expected any "
                          f"of {listed(sorted(info.variants), 'en')}",
                          ja=f"{info.name_ja}にヴァリアント {'、'.join(bad)} はありません。使えるのは"
                             f"{listed(sorted(info.variants), 'ja')}です",
                          field="variants")
    order = list(info.variants)
    return sorted(set(variants), key=order.index)


def check_config(
    game_id: str,
    players: int | None,
    variants: list[str] | tuple[str, ...] | None,
    params: dict[str, Any] | None,
) -> tuple[GameInfo[Any, Any], int, tuple[str, ...], dict[str, Any]]:
    info = game_info(game_id)
    n = info.default_players if players is None else players
    lo, hi = info.players
    if isinstance(n, bool) or not isinstance(n, int) or not lo <= n <= hi:
        raise ConfigError(f"{info.id} is for {lo}-{hi} players, got {shown(players)}",
                          ja=f"{info.name_ja}は{lo}〜{hi}人用です（指定：{shown(players)}）", field="players")
    if variants is not None and not isinstance(variants, list | tuple):
        raise ConfigError(f"variants are a list of variant ids, got {shown(variants)}", field="variants")
    if params is not None and not isinstance(params, dict):
        raise ConfigError(f"params are a mapping of parameter names to values, got {shown(params)}", field="params")
    vs = _known_variants(info, variants or ())
    out: dict[str, Any] = {}
    for k, v in (params or {}).items():
        p = info.params.get(k) if isinstance(k, str) else None
        if p is None:
            raise ConfigError(f"unknown parameter {shown(k)} for {info.id}; expected any of "
                              f"{listed(sorted(info.params), 'en')}",
                              ja=f"{info.name_ja}にパラメータ {shown(k)} はありません。使えるのは"
                                 f"{listed(sorted(info.params), 'ja')}です",
                              field="params")
        if p.requires and p.requires not in vs:
            raise ConfigError(f"parameter {k!r} only applies with the variant {p.requires!r}, which is not chosen",
                              ja=f"パラメータ {k!r} はヴァリアント {p.requires!r} を選んだときだけ使えます",
                              field=f"params.{k}")
        try:
            out[k] = p.coerce(v)
        except ConfigError as e:
            e.field = e.field or f"params.{k}"
            raise
    for p in info.params.values():
        if p.name not in out and (p.requires is None or p.requires in vs):
            out[p.name] = p.default
    return info, n, tuple(vs), out


def make(
    game_id: str,
    players: int | None = None,
    seed: int = 0,
    variants: list[str] | tuple[str, ...] | None = None,
    params: dict[str, Any] | None = None,
    components: str | None = None,
) -> Any:
    """A new game state. Bad ids, player counts, variants, parameters or component files raise clearly."""
    info, n, vs, ps = check_config(game_id, players, variants, params)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"seed must be an integer, got {shown(seed)}")
    comps, h = load_components_checked(info, components)
    cfg = Config(info.id, n, seed, vs, ps, str(components) if components else None, comps, h)
    return checked_class(info.new_state(cfg), info.id)


def load_components_checked(info: GameInfo[Any, Any], components: Any) -> tuple[Any, str]:
    """`info.load_components(path)` for a path given from outside: a str or os.PathLike, or None; what
    it returns is checked (a PluginError when it is not (components, their hash))."""
    import os

    if not isinstance(info, GameInfo):
        raise ConfigError(f"load_components_checked takes a GameInfo, got {shown(info)}")
    if components is not None and not isinstance(components, str | os.PathLike):
        raise ConfigError(f"components is the path of a component file, got {shown(components)}")
    return checked_components(info.id, info.load_components(components))


def config_from_view(v: dict[str, Any]) -> tuple[GameInfo[Any, Any], Config]:
    """The game and configuration a view names (checked as `make` checks them)."""
    info, n, vs, ps = check_config(v["game"], v.get("players"), v.get("variants"), v.get("params"))
    seed = v.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"view.seed: an integer, got {shown(seed)}")
    comps, h = load_components_checked(info, v.get("components"))
    want = v.get("components_hash")
    if want is not None and want != h:
        raise ConfigError(f"view.components_hash: the view was made with other component data (hash {shown(want)}); "
                          f"the components found now hash to {h}")
    return info, Config(info.id, n, seed, vs, ps, v.get("components"), comps, h)


def from_view(view: dict[str, Any]) -> Any:
    """The state a (possibly edited) view describes. Any problem is a `ConfigError` (the settings) or an
    `IllegalAction` (the position) naming the field, e.g. `view.hands[2][1]: card 999 does not exist`."""
    if not isinstance(view, dict) or "game" not in view:
        raise ConfigError("a view is a dict with a 'game' field, as state.view() returns")
    try:
        info = game_info(view["game"])
    except ConfigError as e:
        raise ConfigError(f"view.game: {e}") from None
    try:
        return info.state_from_view(view)
    except SoanError:
        raise
    except Exception as e:  # noqa: BLE001 - last resort: a game's view reader slipped; still soan's error
        raise IllegalAction(f"the view cannot be read: {type(e).__name__}: {shown(str(e), 200)}") from None

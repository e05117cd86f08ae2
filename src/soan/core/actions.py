"""Actions are small immutable values: hashable, equal by content, one readable line, JSON both ways.

Each game declares its action classes as frozen, slotted dataclasses deriving from `Action`
and registers them with `register_actions`. `soan.parse_action(game_id, data)` turns a JSON
object (or its text) back into the action.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from typing import Any, ClassVar

from .checks import shown
from .errors import ConfigError, IllegalAction, SoanError

_ACTIONS: dict[str, dict[str, type[Action]]] = {}
_TEXT_PARSERS: dict[str, Callable[[str], Action]] = {}
TEXT_SIGNS = frozenset("=:,")  # the only signs an action's text may hold (besides letters, digits, spaces)


def check_text(s: str) -> None:
    """An action's text holds letters, digits, spaces and `= : ,` only: any other character (a sign
    such as '-' or '#', a stray symbol) is refused with the reason rather than skipped, so a typo never
    becomes another move ('play -5 -7' is not 'play 5 7')."""
    for c in s:
        if not (c.isalnum() or c.isspace() or c in TEXT_SIGNS):
            raise IllegalAction(
                f"{shown(s, 60)}: the character {c!r} has no place in an action's text (letters, numbers, spaces "
                "and = : , only), e.g. 'play 5 7 15'",
                ja=f"{shown(s, 60)}：文字 {c!r} は手の書き方に使えません（使えるのは文字・数字・空白と = : , だけです。"
                   "例：play 5 7 15）")


_WHOLE = re.compile(r"[0-9]{1,18}")
_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def whole_number(word: str, what: str) -> int:
    """A whole number from one word of an action's text (full-width digits read as digits): a word that is
    not all digits ('1o', '1_0', '²') is refused by name rather than read as another number."""
    w = word.translate(_FULL_WIDTH)
    if _WHOLE.fullmatch(w) is None:
        raise IllegalAction(f"{what} takes a whole number, got {shown(word, 40)}",
                            ja=f"{what} には整数を書きます（{shown(word, 40)} は整数ではありません）")
    return int(w)


class Action:
    """Base of every game's actions. Subclasses are `@dataclass(frozen=True, slots=True)`."""

    __slots__ = ()
    kind: ClassVar[str] = "?"

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d

    def text(self, lang: str = "en") -> str:  # pragma: no cover - every game overrides
        return json.dumps(self.to_json(), ensure_ascii=False)

    def __str__(self) -> str:
        return self.text("en")


# game id -> {the package that declared them: (action types, text parser)}: a game registered in the place
# of another of the same id (`register`) brings its own actions; when either is taken out, the actions of
# the game in force come back (`_follow`)
_DECLARED: dict[str, dict[str, tuple[dict[str, type[Action]], Callable[[str], Action] | None]]] = {}
_following = False


def register_actions(game_id: str, *classes: type[Action],
                     text_parser: Callable[[str], Action] | None = None) -> None:
    global _following
    kinds = {c.kind: c for c in classes}
    _ACTIONS[game_id] = kinds
    if text_parser is not None:
        _TEXT_PARSERS[game_id] = text_parser
    if classes:
        _DECLARED.setdefault(game_id, {})[classes[0].__module__.rpartition(".")[0]] = (kinds, text_parser)
    if not _following:
        from .game import on_registry_change

        on_registry_change(_follow)
        _following = True


def _follow(game_id: str) -> None:
    """After `register`/`unregister`: the actions declared by the package of the game now in force under
    that id (its `new_state`'s module); none when no game has the id any more."""
    from .game import game_info

    declared = _DECLARED.get(game_id)
    if not declared:
        return
    try:
        mod = game_info(game_id).new_state.__module__
    except ConfigError:
        _ACTIONS.pop(game_id, None)
        _TEXT_PARSERS.pop(game_id, None)
        return
    homes = [p for p in declared if p and (mod == p or mod.startswith(p + "."))]
    if homes:
        kinds, parser = declared[max(homes, key=len)]
        _ACTIONS[game_id] = kinds
        if parser is not None:
            _TEXT_PARSERS[game_id] = parser
        else:
            _TEXT_PARSERS.pop(game_id, None)


def _kinds(game_id: Any) -> dict[str, type[Action]] | None:
    """The game's action types; an installed game not loaded yet is loaded first (its module registers them)."""
    if not isinstance(game_id, str):
        return None
    if game_id not in _ACTIONS:
        from .game import game_info

        try:
            game_info(game_id)
        except ConfigError:
            return None
    return _ACTIONS.get(game_id)


def action_from_json(game_id: str, data: dict[str, Any]) -> Action:
    kinds = _kinds(game_id)
    if kinds is None:
        raise IllegalAction(f"unknown game {shown(game_id)}; expected one of {sorted(_ACTIONS)}")
    if not isinstance(data, dict) or "type" not in data:
        raise IllegalAction(f"an action must be a JSON object with a 'type' field, got {shown(data)}")
    t = data["type"]
    cls = kinds.get(t) if isinstance(t, str) else None
    if cls is None:
        raise IllegalAction(f"unknown action type {shown(t)} for {game_id}; expected one of {sorted(kinds)}")
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]  # every Action is a dataclass
    args = {k: v for k, v in data.items() if k != "type"}
    missing = sorted(set(fields) - set(args))
    extra = sorted(shown(k) for k in set(args) - set(fields))
    if missing or extra:
        raise IllegalAction(
            f"action {data['type']!r} takes fields {sorted(fields)}; missing {missing}, unexpected {extra}"
        )
    conv = {k: _field(data["type"], k, str(fields[k].type), v) for k, v in args.items()}
    return cls(**conv)


_BIG = 10**9  # no action names a number this large (counts, card ids, indices)
_MAX_LEN = 1000


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _field(kind: str, name: str, typ: str, v: Any) -> Any:
    if typ.startswith("tuple"):
        if isinstance(v, list | tuple) and len(v) <= _MAX_LEN and all(_is_int(x) and -_BIG < x < _BIG for x in v):
            return tuple(v)
        raise IllegalAction(f"action {kind!r}: field {name!r} takes a list of integers, got {shown(v)}")
    if typ == "int":
        if _is_int(v) and -_BIG < v < _BIG:
            return v
        if _is_int(v):
            raise IllegalAction(f"action {kind!r}: field {name!r}: {shown(v)} is out of range for any game")
        raise IllegalAction(f"action {kind!r}: field {name!r} takes an integer, got {shown(v)}")
    if typ == "str":
        if isinstance(v, str):
            return v
        raise IllegalAction(f"action {kind!r}: field {name!r} takes a string, got {shown(v)}")
    return v


def parse_action(game_id: str, data: Any) -> Action:
    """An action from its JSON object, a JSON string, or its readable text."""
    if _kinds(game_id) is None:
        raise IllegalAction(f"unknown game {shown(game_id)}; expected one of {sorted(_ACTIONS)}")
    if isinstance(data, Action):
        return data
    if isinstance(data, str):
        s = data.strip()
        if s.startswith("{"):
            try:
                data = json.loads(s)
            except (ValueError, RecursionError) as e:  # JSONDecodeError, or an int over 4,300 digits
                raise IllegalAction(f"not a valid JSON action: {shown(str(e), 120)}") from None
        else:
            parser = _TEXT_PARSERS.get(game_id)
            if parser is None:
                raise IllegalAction(f"{game_id} actions are given as JSON objects")
            check_text(s)
            try:
                return parser(s)
            except SoanError:
                raise
            except Exception as e:  # noqa: BLE001 - a parser's slip still reaches the caller as soan's error
                raise IllegalAction(f"cannot read {shown(s)} as a {game_id} action ({type(e).__name__}: "
                                    f"{shown(str(e))})") from None
    return action_from_json(game_id, data)

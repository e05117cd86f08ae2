"""The contract's argument checks, in one place for every game (docs/engine.md, "Bad input").

`GameState.__init_subclass__` (core/state.py) wraps each game's seat-taking methods with these:
a seat is a plain `int` in 0..players-1 (never a bool, str or numpy integer), checked before anything
else; `apply` accepts exactly the actions `legal_actions` offers (equal by value), and refuses
anything else with `IllegalAction` before the game's own code runs, so a refused action never
changes the state. The game's `apply` then gets the engine's own (equal) action, so it needs no checks
of its own. A game that caches its legal actions may define `_legal_shared(seat)`, returning the
cached list itself (not a copy; the check only reads it), to keep the check cheap. Messages are formatted with `shown`, which never raises (huge ints included).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from itertools import repeat
from operator import is_
from typing import Any

from .errors import IllegalAction

SEATED = ("legal_actions", "observation", "determinize", "prompt")
_MARK = "__soan_checked__"


def shown(x: Any, limit: int = 80) -> str:
    """`repr(x)` cut to `limit` characters; never raises (ints over 4,300 digits, broken reprs)."""
    if isinstance(x, int) and not isinstance(x, bool):
        try:
            r = repr(x)
        except ValueError:
            return f"<an integer of about {int(x.bit_length() * 0.30103) + 1} digits>"
    else:
        try:
            r = repr(x)
        except Exception:  # noqa: BLE001 - any object may reach an error message
            return f"<a {type(x).__name__}>"
    return r if len(r) <= limit else r[: limit - 1] + "…"


def action_shown(action: Any) -> str:
    """An action's readable line for an error message, or its safe repr if it has none."""
    try:
        t = action.text("en")
        if isinstance(t, str):
            return t if len(t) <= 80 else t[:79] + "…"
    except Exception:  # noqa: BLE001 - a malformed action may fail to format
        pass
    return shown(action)


def seat_error(seat: Any, players: int) -> IllegalAction:
    what = "a bool" if isinstance(seat, bool) else (
        "an integer" if isinstance(seat, int) else f"a {type(seat).__name__}")
    if isinstance(seat, int) and not isinstance(seat, bool):
        return IllegalAction(f"no seat {shown(seat)}; seats are 0..{players - 1} (the API counts from 0)")
    return IllegalAction(f"a seat is a plain int 0..{players - 1}, got {what} {shown(seat)}")


def check_seat(state: Any, seat: Any) -> None:
    if seat.__class__ is not int or not 0 <= seat < state.cfg.players:
        raise seat_error(seat, state.cfg.players)


def refusal(state: Any, seat: int, action: Any, legal: list[Any]) -> IllegalAction:
    if not legal:
        if state.is_over():
            return IllegalAction("the game is over; no action is legal")
        return IllegalAction(f"seat {seat} has nothing to decide now; waiting for seats {list(state.to_act())}")
    opts = ", ".join(action_shown(a) for a in legal[:12]) + (f" … ({len(legal)} in all)" if len(legal) > 12 else "")
    try:
        now = f" ({state.prompt(seat).en.rstrip('.')})"
    except Exception:  # noqa: BLE001 - a game without a prompt still gets a clear refusal
        now = ""
    return IllegalAction(f"'{action_shown(action)}' is not a legal action for seat {seat} now{now}; legal: {opts}")


def seated(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a method whose first argument is a seat: the seat is checked before anything else."""
    if getattr(fn, _MARK, False):
        return fn

    code = getattr(fn, "__code__", None)
    if code is not None and code.co_argcount == 2 and not code.co_flags & 0x0C:  # (self, seat) only: no packing

        @wraps(fn)
        def method(self: Any, seat: Any) -> Any:
            if seat.__class__ is not int or not 0 <= seat < self.cfg.players:
                raise seat_error(seat, self.cfg.players)
            return fn(self, seat)
    else:

        @wraps(fn)
        def method(self: Any, seat: Any, *args: Any, **kwargs: Any) -> Any:
            if seat.__class__ is not int or not 0 <= seat < self.cfg.players:
                raise seat_error(seat, self.cfg.players)
            return fn(self, seat, *args, **kwargs)

    setattr(method, _MARK, True)
    return method


def checked_apply(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a game's `apply`: seat first, then the action must be one `legal_actions` offers; the game's
    own code then gets the engine's own value of it (equal fields, the engine's types)."""
    if getattr(fn, _MARK, False):
        return fn

    @wraps(fn)
    def apply(self: Any, seat: Any, action: Any) -> Any:
        if seat.__class__ is not int or not 0 <= seat < self.cfg.players:
            raise seat_error(seat, self.cfg.players)
        legal = self._legal_shared(seat)  # the seat is checked: the game's own list, no second check
        if True in map(is_, legal, repeat(action)):  # the very object offered (bots): found at C speed
            return fn(self, seat, action)
        try:
            i = legal.index(action)  # an equal action (parsed, typed in): the engine's own value goes on
        except Exception:  # noqa: BLE001 - not found, or an outside object whose comparison fails
            raise refusal(self, seat, action, legal) from None
        return fn(self, seat, legal[i])

    setattr(apply, _MARK, True)
    return apply


def install(cls: type) -> None:
    """Wrap the seat-taking methods of `cls` (called for every GameState subclass), its own and those it
    takes from mixins: whatever the class answers for these names is checked."""
    raw = getattr(cls, "legal_actions", None)
    if callable(raw) and not getattr(raw, _MARK, False):
        cls._raw_legal_actions = raw  # type: ignore[attr-defined]
        if not any("_legal_shared" in b.__dict__ for b in cls.__mro__):
            cls._legal_shared = raw  # type: ignore[attr-defined]  # the game's own list serves as is
    for name in SEATED:
        fn = getattr(cls, name, None)
        if callable(fn) and not getattr(fn, _MARK, False):
            setattr(cls, name, seated(fn))
    fn = getattr(cls, "apply", None)
    if callable(fn) and not getattr(fn, _MARK, False):
        cls._raw_apply = fn  # type: ignore[attr-defined]  # bots' look-ahead: their actions are legal ones
        setattr(cls, "apply", checked_apply(fn))  # noqa: B010 - a class attribute set by name

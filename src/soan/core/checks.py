"""The contract's argument checks, in one place for every game (docs/engine.md, "Bad input").

`GameState`'s public methods (core/state.py) run these before the game's own `_`-methods:
a seat is a plain `int` in 0..players-1 (never a bool, str or numpy integer), checked before anything
else; `apply` accepts exactly the actions `legal_actions` offers (equal by value), and refuses
anything else with `IllegalAction` before the game's own code runs, so a refused action never
changes the state. The game's `_apply` then gets the engine's own (equal) action, so it needs no checks
of its own. A game that caches its legal actions may define `_legal_shared(seat)`, returning the
cached list itself (not a copy; the check only reads it), to keep the check cheap. Messages are formatted with `shown`, which never raises (huge ints included).
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction


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

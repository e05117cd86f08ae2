"""What every game state shares: the contract's derived methods and the measures listener."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import Any, final

from .checks import refusal, seat_error
from .config import Config
from .errors import PluginError


@dataclass(frozen=True)
class Prompt:
    """What is being decided now: a kind tag and readable text in English and Japanese."""

    kind: str
    en: str
    ja: str

    def text(self, lang: str = "en") -> str:
        return self.ja if lang == "ja" else self.en

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "en": self.en, "ja": self.ja}


class GameState:
    """Base class of every game's state (a template method: the contract's public methods check their
    arguments here, then call the game's own `_`-method, which may trust them).

    A game implements `to_act`, `_legal_actions`, `_prompt`, `_apply`, `is_over`, `scores`, `ranks`,
    `_observation`, `view`, `clone`, `_determinize` (and may implement `_legal_shared`, `fork`); it never
    overrides the public `legal_actions`, `observation`, `determinize`, `prompt` or `apply` (they are
    `final`: mypy refuses an override and `soan.make` refuses such a game's state, `checked_class`)."""

    __slots__ = ("cfg", "listener")
    game_id = "?"
    cfg: Config
    listener: Callable[[str, dict[str, Any]], None] | None

    # --- the contract's public methods: checks first (core/checks.py), then the game's own -------
    @final
    def legal_actions(self, seat: int) -> list[Any]:
        if seat.__class__ is not int or not 0 <= seat < self.cfg.players:
            raise seat_error(seat, self.cfg.players)
        return self._legal_actions(seat)

    @final
    def observation(self, seat: int) -> dict[str, Any]:
        if seat.__class__ is not int or not 0 <= seat < self.cfg.players:
            raise seat_error(seat, self.cfg.players)
        return self._observation(seat)

    @final
    def determinize(self, seat: int, rng: Any) -> Any:
        if seat.__class__ is not int or not 0 <= seat < self.cfg.players:
            raise seat_error(seat, self.cfg.players)
        return self._determinize(seat, rng)

    @final
    def prompt(self, seat: int) -> Prompt:
        if seat.__class__ is not int or not 0 <= seat < self.cfg.players:
            raise seat_error(seat, self.cfg.players)
        return self._prompt(seat)

    @final
    def apply(self, seat: int, action: Any) -> None:
        """Take one of the actions `legal_actions(seat)` offers (equal by value); anything else is refused
        with `IllegalAction` before the state changes. The game's `_apply` gets the engine's own value."""
        if seat.__class__ is not int or not 0 <= seat < self.cfg.players:
            raise seat_error(seat, self.cfg.players)
        legal = self._legal_shared(seat)  # the game's own list, only read here
        if True in map(is_, legal, repeat(action)):  # the very object offered (bots): found at C speed
            self._apply(seat, action)
            return
        try:
            i = legal.index(action)  # an equal action (parsed, typed in): the engine's own value goes on
        except Exception:  # noqa: BLE001 - not found, or an outside object whose comparison fails
            raise refusal(self, seat, action, legal) from None
        self._apply(seat, legal[i])

    # --- what a game implements (its arguments already checked) -------------------------------
    def _legal_actions(self, seat: int) -> list[Any]:  # pragma: no cover - every game implements it
        """The legal actions of a seat (a new list the caller may keep); bots' look-ahead calls it
        directly for a seat that is to act."""
        raise NotImplementedError

    def _legal_shared(self, seat: int) -> list[Any]:
        """The legal actions for `apply`'s check, which only reads them: a game that caches its list may
        return the cached list itself. By default `_legal_actions`."""
        return self._legal_actions(seat)

    def _apply(self, seat: int, action: Any) -> None:  # pragma: no cover - every game implements it
        """Take `action`, one of the seat's legal actions (the engine's own value): bots' look-ahead
        calls it directly with the state's own legal actions."""
        raise NotImplementedError

    def _observation(self, seat: int) -> dict[str, Any]:  # pragma: no cover - every game implements it
        raise NotImplementedError

    def _determinize(self, seat: int, rng: Any) -> Any:  # pragma: no cover - every game implements it
        raise NotImplementedError

    def _prompt(self, seat: int) -> Prompt:  # pragma: no cover - every game implements it
        raise NotImplementedError

    def to_act(self) -> tuple[int, ...]:  # pragma: no cover - every game implements it
        raise NotImplementedError

    def is_over(self) -> bool:  # pragma: no cover - every game implements it
        raise NotImplementedError

    def ranks(self) -> list[int]:  # pragma: no cover - every game implements it
        raise NotImplementedError

    def clone(self) -> Any:  # pragma: no cover - every game implements it
        raise NotImplementedError

    def fork(self) -> Any:
        """A copy for a look-ahead (bots' searches), changed only through `_apply`, never field by field:
        a game may let it share lists with this state until either changes them. By default `clone()`."""
        return self.clone()

    # --- derived -----------------------------------------------------------------------------
    def ranking(self) -> list[int]:
        """Seats best first; ties the rules leave open in seat order."""
        r = self.ranks()
        return sorted(range(len(r)), key=lambda s: (r[s], s))

    def winners(self) -> list[int]:
        r = self.ranks()
        return [s for s in range(len(r)) if r[s] == 1]

    @property
    def players(self) -> int:
        return self.cfg.players

    def header(self) -> dict[str, Any]:
        return self.cfg.header()

    def emit(self, kind: str, **data: Any) -> None:
        """Send a measure to the listener, if one is attached (clones never carry it)."""
        if self.listener is not None:
            self.listener(kind, data)


CHECKED = ("legal_actions", "observation", "determinize", "prompt", "apply")
_CLASSES_SEEN: set[type] = set()


def checked_class(state: Any, game_id: str) -> Any:
    """`state`, once its class is known to keep `GameState`'s checked public methods (a game implements
    the `_` methods, never these); else a `PluginError` (a ConfigError) naming the game and the method.
    Checked once per class."""
    cls = type(state)
    if cls in _CLASSES_SEEN:
        return state
    if not isinstance(state, GameState):
        raise PluginError(game_id, f"its new_state gave a {cls.__name__}, not a soan.core.state.GameState",
                          f"new_state が GameState ではない {cls.__name__} を返しました")
    for name in CHECKED:
        if getattr(cls, name) is not getattr(GameState, name):
            raise PluginError(game_id, f"{cls.__name__} overrides {name}, which checks its arguments; implement _{name}",
                              f"{cls.__name__} が引数を確かめる {name} を上書きしています。_{name} を実装してください")
    _CLASSES_SEEN.add(cls)
    return state

"""What every game state shares: the contract's derived methods and the measures listener."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Config

from .checks import install


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
    """Base class. Games implement to_act, legal_actions, prompt, apply, is_over, scores, ranks,
    observation, view, clone, determinize."""

    __slots__ = ("cfg", "listener")
    game_id = "?"
    cfg: Config
    listener: Callable[[str, dict[str, Any]], None] | None

    def ranks(self) -> list[int]:  # pragma: no cover - every game implements it
        raise NotImplementedError

    def _raw_legal_actions(self, seat: int) -> list[Any]:
        """The game's own legal_actions without the seat check (set per game by `checks.install`)."""
        return list(self.legal_actions(seat))  # type: ignore[attr-defined]

    def _raw_apply(self, seat: int, action: Any) -> None:
        """The game's own apply without the contract's checks (set per game by `checks.install`), for a
        bot's look-ahead: its actions are the state's own legal ones, for the seat to act."""
        self.apply(seat, action)  # type: ignore[attr-defined]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game gets the contract's argument checks (core/checks.py): seats checked first in
        legal_actions/observation/determinize/prompt/apply, and apply takes only a legal action."""
        super().__init_subclass__(**kwargs)
        install(cls)

    def fork(self) -> Any:
        """A copy for a look-ahead (bots' searches), changed only through `apply`, never field by field:
        a game may let it share lists with this state until either changes them. By default `clone()`."""
        return self.clone()  # type: ignore[attr-defined]

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

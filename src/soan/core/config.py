"""A game's configuration (`Config`): everything fixed for one game, shared by every clone. Apart from
game.py so that the state's base (state.py) and the registry (game.py) both read it without a circle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Config:
    """Everything fixed for one game: shared by every clone, never copied."""

    game: str
    players: int
    seed: int
    variants: tuple[str, ...]
    params: dict[str, Any]
    components_path: str | None
    components: Any
    components_hash: str
    rules: Any = None  # the game's precomputed tables

    def header(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "variants": list(self.variants),
            "params": {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.params.items()},
            "components": self.components_path,
            "components_hash": self.components_hash,
        }

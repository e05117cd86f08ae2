"""The typed ways a game plugs into soan's generic layers (bots, lab, reports, terminal, web).

Every field is optional: a game that declares none still plays, gets random/greedy/mcts bots (scored
by its `scores()`), studies, reports and terminal play through the contract alone. Generic layers read
`game_info(id).hooks.<field>` and never name a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class GameState(Protocol):
    """The state contract (docs/engine.md) every game's state implements."""

    game_id: str

    def to_act(self) -> list[int]: ...
    def legal_actions(self, seat: int) -> list[Any]: ...
    def apply(self, seat: int, action: Any) -> None: ...
    def is_over(self) -> bool: ...
    def scores(self) -> list[float]: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def view(self) -> dict[str, Any]: ...
    def clone(self) -> GameState: ...
    def determinize(self, seat: int, rng: Any) -> GameState: ...


@dataclass(frozen=True)
class ComponentsModel:
    """The game's component schema: `model` (pydantic), the shipped file and a cross-check."""

    model: type
    path: Any
    check: Callable[[Any], list[str]] | None = None  # components -> problems in words


@dataclass(frozen=True)
class Analysis:
    """A named analysis (`soan analyze GAME NAME`): `run(state_or_config, **opts)` → JSON-able dict,
    `text(result, lang)` → lines for a person."""

    name: str
    doc: str
    run: Callable[..., dict[str, Any]]
    text: Callable[[dict[str, Any], str], list[str]]
    doc_ja: str = ""


@dataclass(frozen=True)
class GameHooks:
    # bots
    evaluate: Callable[[Any], list[float]] | None = None  # state -> per-seat values in [0, 1]
    info_key: Callable[[Any, int], Any] | None = None  # (state, seat) -> hashable information-set key
    horizon: int = 8  # look-ahead fallback, in decisions
    greedy: Mapping[str, Any] = field(default_factory=dict)  # greedy's defaults for this game
    # state -> True where a look-ahead may stop: a point every seat reaches alike (start of a round or
    # of a turn, after a reveal). Search and rollouts end there, never after a fixed count of steps.
    lookahead_end: Callable[[Any], bool] | None = None
    # named play styles: name -> evaluation weights (games/<g>/data/styles.yaml); see docs/agents.md
    styles: Callable[[], Mapping[str, Mapping[str, float]]] | None = None
    # lab
    measures: Callable[[int], Any] | None = None  # players -> listener with per-seat `m_*` measures
    # text: the game's module of texts (terminal and web), see docs/new-game.md
    text: ModuleType | None = None
    # components (deck export/import, data check)
    components: ComponentsModel | None = None
    # named analyses (`soan analyze`)
    analyses: Mapping[str, Analysis] = field(default_factory=dict)

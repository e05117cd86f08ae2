"""What `soan balance` gives: the result as typed data (TypedDicts; JSON schema in docs/schemas/balance.schema.json).

`procedure.run` builds a `BalanceResult`; `report` reads it; `soan balance --json` prints it and
balance.json in the output folder holds it.
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, TypeAdapter, with_config
from typing_extensions import TypedDict  # noqa: UP035  pydantic reads TypedDicts from here before 3.12

FORBID = ConfigDict(extra="forbid")


@with_config(FORBID)
class TargetValue(TypedDict):
    """One target measured on a set of games: its value, 95% interval, whether it holds, by how much it misses."""

    target: str
    value: float | None
    ci: list[float | None]
    holds: bool
    miss: float


@with_config(FORBID)
class TargetSpec(TypedDict):
    text: str  # as given
    subject: str
    measure: str
    op: str  # within | >= | <=
    value: float | None
    tol: float | None
    share: bool


@with_config(FORBID)
class AxisSpec(TypedDict):
    text: str
    kind: str  # param | item | flag | variant | data
    name: str
    index: int | None
    base: Any
    values: list[Any]


@with_config(FORBID)
class Trial(TypedDict):
    trial: int
    choice: dict[str, Any]
    targets: list[TargetValue]


@with_config(FORBID)
class Best(TypedDict):
    trial: int
    choice: dict[str, Any]
    variants: list[str]
    params: dict[str, Any]
    components: str | None
    search: list[TargetValue]
    changed: list[dict[str, Any]]  # {axis, from, to}: 'from' is a Python keyword, so no TypedDict field


@with_config(FORBID)
class Moved(TypedDict):
    """Another measure the proposal moves significantly (paired, Holm), relative to its base value."""

    measure: str
    a: float | None
    b: float | None
    diff: float | None
    ci: list[float | None]
    p_adj: float | None
    relative: float


@with_config(FORBID)
class Validation(TypedDict):
    games: int
    base: list[TargetValue]
    best: list[TargetValue]
    holds: bool
    others: list[Moved]


@with_config(FORBID)
class Neighbour(TypedDict):
    axis: str
    value: Any
    targets: list[TargetValue]
    holds: bool


@with_config(FORBID)
class Robustness(TypedDict):
    games: int
    neighbours: list[Neighbour]
    holds: bool | None


@with_config(FORBID)
class OtherLevel(TypedDict):
    """The base game and the proposal with other bots, on the same fresh seeds (--level)."""

    agents: list[str]
    games: int
    base: list[TargetValue]
    best: list[TargetValue]
    holds: bool


@with_config(FORBID)
class BalanceResult(TypedDict):
    levels: list[OtherLevel]
    game: str
    players: int
    agents: list[str]
    variants: list[str]
    params: dict[str, Any]
    seed: int
    fresh_seed: int
    targets: list[TargetSpec]
    axes: list[AxisSpec]
    games_per_trial: int
    trials: list[Trial]
    best: Best
    validation: Validation
    robustness: Robustness
    seconds: float


RESULT: TypeAdapter[BalanceResult] = TypeAdapter(BalanceResult)

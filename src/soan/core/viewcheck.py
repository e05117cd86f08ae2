"""Shared helpers for checking views (`from_view`): typed schemas through pydantic, errors naming the field.

A game's view module declares a pydantic model of its view (published as JSON Schema in
docs/views/<game>.schema.json) and a consistency check; both report `view.hands[2][1]: ...`.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .checks import shown
from .errors import IllegalAction

Int = Annotated[int, Field(ge=-(10**9), le=10**9)]  # any number a view holds (scores, ledgers)
Nat = Annotated[int, Field(ge=0, le=10**9)]  # counts, ids, indices
Seat = Annotated[int, Field(ge=0, le=15)]
Triple = Annotated[list[Nat], Field(min_length=3, max_length=3)]  # counts of pepper, glass, silk


class ViewModel(BaseModel):
    """Strict: JSON types only (no "1" for 1, no true for 1), no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid")


def path(loc: tuple[Any, ...] | list[Any]) -> str:
    out = "view"
    for k in loc:
        out += f"[{k}]" if isinstance(k, int) else f".{k}"
    return out


def validate_view(model: type[BaseModel], v: Any) -> BaseModel:
    try:
        return model.model_validate(v)
    except ValidationError as e:
        errs = e.errors()
        lines = [f"{path(err['loc'])}: {err['msg']}"
                 + (f" (got {shown(err.get('input'), 40)})" if err["type"] != "missing" else "") for err in errs[:8]]
        more = f" (and {len(errs) - 8} more)" if len(errs) > 8 else ""
        raise IllegalAction("the view does not fit the schema: " + "; ".join(lines) + more) from None


class Places:
    """Where each card is: every card of the game in exactly one place, named by its field."""

    def __init__(self, universe: Any, what: str = "card") -> None:
        self.universe = set(universe)
        self.seen: dict[Any, str] = {}
        self.what = what

    def put(self, item: Any, where: str) -> None:
        if item not in self.universe:
            raise IllegalAction(f"{where}: {self.what} {shown(item, 30)} does not exist")
        if item in self.seen:
            raise IllegalAction(f"{where}: {self.what} {shown(item, 30)} is also at {self.seen[item]}")
        self.seen[item] = where

    def all_placed(self) -> None:
        missing = sorted(self.universe - set(self.seen), key=str)
        if missing:
            raise IllegalAction(f"view: {self.what}s {missing[:10]} are nowhere (every {self.what} is in exactly "
                                "one place)")


def derived(v: dict[str, Any], rebuilt: dict[str, Any], keys: tuple[str, ...]) -> None:
    """Fields the rest of the view determines must agree with it."""
    for k in keys:
        if v.get(k) is not None and v[k] != rebuilt[k]:
            raise IllegalAction(f"view.{k}: {shown(v[k], 60)} does not match the rest of the view, which gives "
                                f"{shown(rebuilt[k], 60)}")

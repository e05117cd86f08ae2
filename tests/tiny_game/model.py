"""Pearl Bid's components as data: a pydantic schema, a cross-check, and the tables the rules use."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from soan.core import components as comp

DATA = Path(__file__).parent / "data" / "components.yaml"


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Colour(_M):
    id: str
    name: str
    name_ja: str


class Prize(_M):
    id: int = Field(ge=1)
    value: int = Field(ge=0)
    colour: str


class Components(_M):
    colours: list[Colour] = Field(min_length=4)  # one secret favourite per player (PB-S3), up to 4 players
    bids: list[int] = Field(min_length=1)
    prizes: list[Prize] = Field(min_length=1)


def check(m: Components) -> list[str]:
    """Cross-entry rules: known colours, unique prize ids and colour ids, positive bid cards."""
    out = []
    colours = {c.id for c in m.colours}
    if len(colours) != len(m.colours):
        out.append("colours: ids must be unique")
    seen: set[int] = set()
    for k, p in enumerate(m.prizes):
        if p.colour not in colours:
            out.append(f"prizes[{k}] (id {p.id}).colour: {p.colour!r} is not one of {sorted(colours)}")
        if p.id in seen:
            out.append(f"prizes[{k}]: id {p.id} appears twice")
        seen.add(p.id)
    if any(b < 1 for b in m.bids):
        out.append("bids: every bid card is at least 1")
    return out


load_components = comp.loader(DATA, Components, check)


@dataclass(frozen=True)
class Tables:
    """What every state of one configuration shares (never copied by clone)."""

    bids: tuple[int, ...]
    value: tuple[int, ...]  # by prize index
    colour: tuple[int, ...]  # by prize index: colour index
    colour_names: tuple[tuple[str, str], ...]  # (en, ja)
    prize_ids: tuple[int, ...]
    rounds: int


def compile_tables(m: Components, variants, params) -> Tables:
    cidx = {c.id: i for i, c in enumerate(m.colours)}
    return Tables(tuple(sorted(m.bids)), tuple(p.value for p in m.prizes), tuple(cidx[p.colour] for p in m.prizes),
                  tuple((c.name, c.name_ja) for c in m.colours), tuple(p.id for p in m.prizes),
                  min(len(m.bids), len(m.prizes)))

"""The fields of a La Superba state, named and described in one place (the mixins share them), and
the public records of a round.

Seats count from 0; goods (item chits) are 0 pepper, 1 glass, 2 silk (model.GOODS). A seat's chits in
`supply` and `lost` are three ints in one flat list (cheap to copy): `supply[chits_at(seat) + good]`."""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.rng import Rng
from .model import Rules

VOYAGE, DELIVERY, OVER = "voyage", "deliver", "over"  # the phases of a round (LS-R1..R8), then the end

N_GOODS = 3  # pepper, glass, silk


def chits_at(seat: int) -> int:
    """Where seat's three goods start in the flat `supply` and `lost` lists."""
    return N_GOODS * seat


Counts = tuple[int, int, int]  # chits by good: pepper, glass, silk


class Reveal(NamedTuple):
    """A round's reveal (LS-R3..R6): public once every seat has played and chosen its cargo."""

    round: int
    event: str  # the event card's id (LS-S2)
    community: int  # the community card (LS-R1)
    played: tuple[tuple[int, ...], ...]  # per seat: the cards played
    carried: tuple[Counts, ...]  # per seat: the chits carried
    power: tuple[int, ...]  # per seat: voyage power (LS-R3, glass included)
    ranks: tuple[int, ...]  # per seat (LS-R5)
    effects: tuple[tuple[int, ...], ...]  # per good: the seats whose item effect holds (LS-R4)
    quotas: tuple[int, ...]  # per seat: chits it may deliver (LS-R6)
    all_tied: bool  # LS-V3: everyone tied, everyone loses the cargo
    awaiting: tuple[int, ...]  # seats still choosing which chits to deliver


class RoundRecord(NamedTuple):
    """A finished round's public record: the reveal's fields, then what each seat delivered and lost."""

    round: int
    event: str
    community: int
    played: tuple[tuple[int, ...], ...]
    carried: tuple[Counts, ...]
    power: tuple[int, ...]
    ranks: tuple[int, ...]
    effects: tuple[tuple[int, ...], ...]
    quotas: tuple[int, ...]
    all_tied: bool
    delivered: tuple[Counts, ...]  # per seat (LS-R6)
    lost: tuple[Counts, ...]  # per seat: chits lost (LS-R6)
    returned: tuple[Counts, ...]  # per seat: lost chits back to the supply by silk (LS-R4)


class StateFields:
    """Annotations only: the slots themselves are declared once, on `LaSuperba` (rules.py)."""

    __slots__ = ()
    cfg: Any  # core.game.Config: players, seed, variants, params, components
    listener: Any
    R: Rules  # the compiled rule tables, shared by every clone
    rng: Rng
    round: int  # 1..R.rounds
    phase: str  # VOYAGE, DELIVERY or OVER
    deck: list[int]  # voyage cards (LS-S3)
    hands: list[list[int]]  # per seat, sorted
    community: Any  # the round's community card (LS-R1); None once over
    row: tuple[int, ...]  # the trade row: event indices, one per round (LS-S2)
    removed: tuple[int, ...]  # events out of the game
    supply: list[int]  # chits in supply at chits_at(seat) + good
    lost: list[int]  # chits lost, same layout
    delivered: list[tuple[tuple[int, int, int], ...]]  # per seat: (round, good, value) on the trade cards
    played: list[Any]  # per seat: the cards played this round, or None
    carried: list[Any]  # per seat: the chits carried (Counts), or None
    quota: list[int]  # per seat: chits it may deliver (LS-R6)
    choice: list[Any]  # per seat: the chits delivered (Counts), or None
    rv: Reveal | None  # this round's reveal, during delivery
    hist: tuple[RoundRecord, ...]  # every finished round
    _lc: tuple[int, list] | None  # (seat, its legal actions) until the next apply

    @property
    def event(self) -> Any:
        """This round's event card."""
        return self.R.events[self.row[self.round - 1]]

"""The fields of a La Superba state, named and described in one place (the mixins share them), and
the public records of a round.

Seats count from 0; goods (item chits) are 0 pepper, 1 glass, 2 silk (model.GOODS). A seat's chits in
`supply` and `lost` are three ints in one flat list (cheap to copy): `supply[chits_at(seat) + good]`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.layout import Copied, Derived, Hidden, Int, List, List2, Shared, Value
from ...core.rng import Rng
from ...core.state import GameState
from .model import Event, Rules

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


class StateFields(GameState):
    """The state's fields, each declared once here with its slot, its type and its copy policy
    (core/layout.py: `Shared`, `Value`, `Copied`, `List`/`List2` copied one or two levels deep, `Hidden`
    resampled by `determinize`, `Derived`); `cfg` and `listener` are GameState's. `clone` and
    `_determinize` are generated from this declaration into rules.py (`python -m soan.core.layout`);
    `view` and `state_from_view` set every field (tests/test_la_superba_fields.py holds them to it).
    Every part of the state (voyage.py, delivery.py, serialise.py, prompts.py) derives from this class
    with empty slots; `LaSuperba` (rules.py) joins them."""

    __slots__ = ("R", "rng", "round", "phase", "deck", "hands", "community", "row", "removed", "supply", "lost",
                 "delivered", "points", "played", "carried", "quota", "choice", "rv", "hist", "_lc")
    R: Shared[Rules]  # the compiled rule tables, shared by every clone
    rng: Hidden[Copied[Rng]]  # the game's own generator (shuffles, LS-R8)
    round: Int  # 1..R.rounds
    phase: Value[str]  # VOYAGE, DELIVERY or OVER
    deck: Hidden[List[list[int]]]  # voyage cards (LS-S3), drawn from the end
    hands: Hidden[List2[list[list[int]]]]  # per seat, sorted
    community: Hidden[Value[int | None]]  # the round's community card (LS-R1); None once over
    row: Hidden[Value[tuple[int, ...]]]  # the trade row: event indices, one per round (LS-S2)
    removed: Hidden[Value[tuple[int, ...]]]  # events out of the game
    supply: List[list[int]]  # chits in supply at chits_at(seat) + good
    lost: List[list[int]]  # chits lost, same layout
    delivered: List[list[tuple[tuple[int, int, int], ...]]]  # per seat: (round, good, value) on the trade cards
    points: Value[tuple[int, ...]]  # per seat: the sum of its delivered chits' values (LS-R7), replaced each round
    played: List[list[Any]]  # per seat: the cards played this round (a sorted tuple), or None
    carried: List[list[Any]]  # per seat: the chits carried (Counts), or None
    quota: List[list[int]]  # per seat: chits it may deliver (LS-R6)
    choice: List[list[Any]]  # per seat: the chits delivered (Counts), or None
    rv: Value[Reveal | None]  # this round's reveal, during delivery (exactly then)
    hist: Value[tuple[RoundRecord, ...]]  # every finished round
    _lc: Derived[tuple[int, list[Any]] | None]  # (seat, its legal actions) until the next apply

    if TYPE_CHECKING:  # what one part calls and a sibling part defines (signatures only; no runtime effect)
        def _fresh(self) -> None: ...  # rules.py (generated from this declaration: core/layout.py)

        def _start_round(self) -> None: ...  # voyage.py, LS-R1 (delivery.py starts the next round)

        def _finish_round(self, rv: Reveal) -> None: ...  # delivery.py, LS-R6..R8 (voyage.py: when no one chooses)

        def scores(self) -> list[int]: ...  # delivery.py, LS-R7 (serialise.py shows them)

    @property
    def event(self) -> Event:
        """This round's event card."""
        return self.R.events[self.row[self.round - 1]]

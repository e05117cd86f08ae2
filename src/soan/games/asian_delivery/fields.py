"""The fields of an Asian Delivery state, named and described in one place (the mixins share them).

Seats count from 0; grades are 0 L, 1 N, 2 H; areas 1..10 (1 = the hub ①, whose "warehouse" is the
seat's own supply); vehicles 0 train, 1 ship; facilities 0 office, 1 tower, 2 market, 3 gate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from ...core.actions import Action
from ...core.layout import (
    Copied,
    Cow,
    Derived,
    Fixed,
    Flag,
    Forked,
    Fresh,
    Hidden,
    Int,
    List,
    List2,
    List3,
    Owner,
    Shared,
    Value,
)
from ...core.rng import Rng
from ...core.state import GameState
from .model import Tables

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .frames import WishFrame
    from .model import Op

# a seat's list of some kind, as `_mine` copies it (supply, warehouses, cargo, hands, orders, done; play)
SeatList = TypeVar("SeatList", list[int], list[tuple[int, int]])


class StateFields(GameState):
    """Every field of a state, declared once: its slot, its type, what it holds and its copy policy
    (core/layout.py: `Shared`, `Value`, `Copied`, `List`..`List3` copied one to three levels deep, `Cow`
    shared by a fork until changed, `Hidden` resampled by `determinize`, `Derived`, `Owner`, `Fresh`);
    `cfg` and `listener` come from `GameState`. Every mixin derives from this class with `__slots__ = ()`,
    and so does the game's class (rules.py), which holds the `clone`, `fork` and `_determinize` generated
    from this declaration (`python -m soan.core.layout`; tests/test_asian_delivery_fields.py checks them)."""

    __slots__ = ("T", "rng", "layout", "adj", "dist", "cw", "round", "start", "turn_k", "seat", "phase",
                 "supply", "aside", "wh", "veh_at", "cargo", "stock", "workers", "hub", "fac", "tokens",
                 "hands", "play", "orders", "done", "vp", "req_deck", "req_disc", "req_disp", "biz_deck",
                 "biz_disc", "biz_disp", "stack", "free_used", "played", "porter_used", "moved", "retrieved",
                 "kept", "_req_pend", "_biz_pend", "_lc", "_own", "_ev", "_moved")
    T: Shared[Tables]  # the compiled rule tables, shared by every clone
    rng: Hidden[Copied[Rng]]  # the state's own generator
    layout: Value[tuple[int, ...]]  # AD-S1: the area at each map position
    adj: Value[tuple[tuple[int, ...], ...]]  # by area: adjacent areas
    dist: Value[tuple[tuple[int, ...], ...]]  # by area, by area: steps apart
    cw: Value[tuple[int, ...]]  # AD-R1: areas clockwise
    round: Int  # 1..T.rounds
    start: Int  # AD-R2: the round's start player
    turn_k: Int  # turns taken this round
    seat: Int  # the seat on turn
    phase: Value[str]  # "turn" or "over"
    supply: Cow[List2[list[list[int]]]]  # per seat: [L, N, H] in the own supply
    aside: List[list[int]]  # per seat: L set aside by upgrades (AD-E5)
    wh: Cow[List2[list[list[int]]]]  # per seat: warehouse cubes at model.wh_slot(area, grade), WH_SIZE in all
    veh_at: List[list[int]]  # per vehicle: its area
    cargo: Cow[Annotated[List3[list[list[list[int]]]], Fixed(2)]]  # per vehicle, per seat: [L, N, H] aboard
    stock: List[list[int]]  # [L, N, H] in the general stock
    workers: List[list[int]]  # per seat: workers (MP) in supply
    hub: List[list[int]]  # per seat: spent workers on ①
    fac: List[list[int]]  # at model.fac_slot(area, facility): the owning seat or -1, FAC_SIZE in all
    tokens: List[list[int]]  # per seat: facility tokens left
    hands: Cow[List2[list[list[int]]]]  # per seat: card ids
    play: Cow[List2[list[list[tuple[int, int]]]]]  # per seat: (card, mode FACE_DOWN / FACE_UP / RESIDENT)
    orders: Cow[List2[list[list[int]]]]  # per seat: open requests
    done: Cow[List2[list[list[int]]]]  # per seat: completed requests
    vp: List[list[int]]  # per seat: victory points
    req_deck: Hidden[Cow[List[list[int]]]]  # AD-S3: request cards face down, drawn from the end
    req_disc: Cow[List[list[int]]]  # requests discarded (AD-K1), the deck's next contents (AD-T4)
    req_disp: List[list[int]]  # AD-T4: the open request display
    biz_deck: Hidden[Cow[List[list[int]]]]  # AD-S3: business cards face down, drawn from the end
    biz_disc: Cow[List[list[int]]]  # business cards discarded, the deck's next contents (AD-T4)
    biz_disp: List[list[int]]  # AD-T4: the open business display
    stack: List[list[Any]]  # frames.py (a frame of any kind): the turn's pending decisions, top last
    free_used: Flag  # AD-T2: the free face-up play is used
    played: Int  # cards played this turn
    porter_used: Flag  # AD-V1
    moved: Annotated[List2[list[list[int]]], Fixed(2)]  # per vehicle: loaded L N H, unloaded L N H this turn
    retrieved: Flag  # AD-T5
    kept: Value[tuple[int, ...]]  # AD-T5: residents staying in play at this retrieval
    # a sample's decks (determinize): the shuffle steps still to do, done as cards are drawn (core.rng.shuffle_later)
    _req_pend: Hidden[Value[tuple[int, int] | None]]
    _biz_pend: Hidden[Value[tuple[int, int] | None]]
    _lc: Derived[list[Action] | None]  # the legal actions of the top frame, computed once
    _own: Owner  # copy on write (`fork`): bit OWN_<list> + p set when this state owns seat p's list; -1 all
    _ev: Annotated[list[Any] | None, Fresh(None), Forked]  # a look-ahead's values of seats that have not moved (evaluate.py), shared by its forks
    _moved: Annotated[int, Fresh(0), Forked]  # bit p set: seat p has moved since `_ev` was shared (its values there are not this state's)

    if TYPE_CHECKING:
        # The methods one mixin calls and a sibling (or the game's class) defines, declared once here so
        # that mypy checks both the calls and the definitions; at run time the class has none of them.

        # rules.py
        def scores(self) -> list[int]: ...

        # options.py
        def _options(self, fr: Any) -> list[Action]: ...

        # steps.py
        def _begin_turn(self) -> None: ...
        def _refill(self, pile: str, size: int) -> None: ...

        # effects.py
        def _mine(self, kind: int, p: int, lists: list[SeatList]) -> SeatList: ...
        def _own_decks(self) -> None: ...
        def _room(self, p: int, a: int) -> int: ...
        def _rooms(self, p: int) -> list[bool]: ...
        def _cubes_at(self, p: int, a: int) -> list[int]: ...
        def _add(self, p: int, a: int, g: int, k: int = 1) -> None: ...
        def _owned(self, p: int, f: int) -> int: ...
        def _upgrade_cube(self, p: int, g: int, where: list[int]) -> None: ...
        def _upgradable(self, cubes: Sequence[int]) -> list[int]: ...
        def _play_card(self, p: int, c: int, up: bool) -> None: ...
        def _push_ops(self, p: int, ops: Sequence[Op]) -> None: ...
        def _complete(self, p: int, r: int) -> None: ...
        def _build(self, p: int, a: int, f: int) -> None: ...
        def _measure(self, kind: str, p: int | None, **data: Any) -> None: ...

        # rounds.py
        def _round_end(self) -> None: ...
        def _round_end_rest(self) -> None: ...
        def _wish(self, fr: WishFrame, p: int, yes: int) -> None: ...


# bits of `_own`: seat p's list of a kind is owned when bit (OWN_<kind> + p) is set; OWN_DECKS: the decks
# and discards (req_deck, req_disc, biz_deck, biz_disc)
OWN_SUPPLY, OWN_WH, OWN_CARGO, OWN_HANDS, OWN_PLAY, OWN_ORDERS, OWN_DONE = 0, 8, 16, 32, 40, 48, 56  # cargo: 16 + 8v
OWN_DECKS = 64

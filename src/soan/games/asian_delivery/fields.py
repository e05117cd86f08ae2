"""The fields of an Asian Delivery state, named and described in one place (the mixins share them).

Seats count from 0; grades are 0 L, 1 N, 2 H; areas 1..10 (1 = the hub ①, whose "warehouse" is the
seat's own supply); vehicles 0 train, 1 ship; facilities 0 office, 1 tower, 2 market, 3 gate.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .model import Tables


class StateFields:
    """Annotations only: the slots themselves are declared once, on `AsianDelivery`."""

    __slots__ = ()
    cfg: Any  # core.game.Config: players, seed, variants, params, components
    listener: Any
    T: Tables  # the compiled rule tables, shared by every clone
    rng: Rng
    layout: tuple[int, ...]  # AD-S1: the area at each map position
    adj: tuple[tuple[int, ...], ...]  # by area: adjacent areas
    dist: tuple[tuple[int, ...], ...]  # by area, by area: steps apart
    cw: tuple[int, ...]  # AD-R1: areas clockwise
    round: int
    start: int  # AD-R2: the round's start player
    turn_k: int  # turns taken this round
    seat: int  # the seat on turn
    phase: str  # "turn" or "over"
    supply: list[list[int]]  # per seat: [L, N, H] in the own supply
    aside: list[int]  # per seat: L set aside by upgrades (AD-E5)
    wh: list[list[int]]  # per seat: warehouse cubes at model.wh_slot(area, grade), WH_SIZE in all
    veh_at: list[int]  # per vehicle: its area
    cargo: list[list[list[int]]]  # per vehicle, per seat: [L, N, H] aboard
    stock: list[int]  # [L, N, H] in the general stock
    workers: list[int]  # per seat: workers (MP) in supply
    hub: list[int]  # per seat: spent workers on ①
    fac: list[int]  # at model.fac_slot(area, facility): the owning seat or -1, FAC_SIZE in all
    tokens: list[int]  # per seat: facility tokens left
    hands: list[list[int]]  # per seat: card ids
    play: list[list[tuple[int, int]]]  # per seat: (card, mode FACE_DOWN / FACE_UP / RESIDENT)
    orders: list[list[int]]  # per seat: open requests
    done: list[list[int]]  # per seat: completed requests
    vp: list[int]
    req_deck: list[int]
    req_disc: list[int]
    req_disp: list[int]
    biz_deck: list[int]
    biz_disc: list[int]
    biz_disp: list[int]
    stack: list[Any]  # frames.py: the turn's pending decisions, top last
    free_used: bool  # AD-T2: the free face-up play is used
    played: int  # cards played this turn
    porter_used: bool  # AD-V1
    moved: list[list[int]]  # per vehicle: loaded L N H, unloaded L N H this turn
    retrieved: bool  # AD-T5
    kept: tuple[int, ...]  # AD-T5: residents staying in play at this retrieval
    _lc: list | None  # the legal actions of the top frame, computed once
    _own: int  # copy on write (`fork`): bit OWN_<list> + p set when this state owns seat p's list; -1 all
    _ev: list | None  # a look-ahead's values of seats that have not moved (evaluate.py), shared by its forks
    _moved: int  # bit p set: seat p has moved since `_ev` was shared (its values there are not this state's)


# bits of `_own`: seat p's list of a kind is owned when bit (OWN_<kind> + p) is set; OWN_DECKS: the decks
# and discards (req_deck, req_disc, biz_deck, biz_disc)
OWN_SUPPLY, OWN_WH, OWN_CARGO, OWN_HANDS, OWN_PLAY, OWN_ORDERS, OWN_DONE = 0, 8, 16, 32, 40, 48, 56  # cargo: 16 + 8v
OWN_DECKS = 64

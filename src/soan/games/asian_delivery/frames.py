"""The turn as a stack of small decisions (frames), top last.

Every frame is a named tuple `(kind, seat, ...)`: immutable (clone copies the stack list only), equal
to the plain tuple of its items, and serialised in views as the list `[kind, seat, ...]`. Frames that
need no decision (`end_turn`, `restock`, `do_retrieve`, `round_end`) resolve on their own.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Step(NamedTuple):
    """A decision with nothing more to remember: end_turn, retrieve (AD-T5), action (AD-T2), gate
    (AD-T1), deliver (AD-E1), build (AD-E4), office_pick, take_request, do_retrieve, round_end."""

    kind: str
    seat: int


class Counted(NamedTuple):
    """A step repeated `left` times: draft (AD-T4), market (AD-T1), upgrade (AD-E5), restock (AD-E6),
    keep (AD-T5: one resident per office)."""

    kind: str
    seat: int
    left: int


class LocalMarket(NamedTuple):
    """AD-V12: a market upgrades a cube in its own area's warehouse."""

    kind: str
    seat: int
    area: int


class GateArea(NamedTuple):
    """AD-T1: the transfer gate's destination, for a cube of `grade` taken from the supply."""

    kind: str
    seat: int
    grade: int


class TransportSource(NamedTuple):
    """AD-E2: transport `n` cubes up to `range` steps: choose the source area (1 = the supply)."""

    kind: str
    seat: int
    n: int
    range: int


class TransportDest(NamedTuple):
    """AD-E2: ... then the destination within range of `source`."""

    kind: str
    seat: int
    n: int
    range: int
    source: int


class TransportMove(NamedTuple):
    """AD-E2: ... then the cubes, one by one, `left` more at most."""

    kind: str
    seat: int
    left: int
    source: int
    dest: int


class Choice(NamedTuple):
    """A choice card: one of `options`, each a sequence of effects (model.Op)."""

    kind: str
    seat: int
    options: tuple


class WishFrame(NamedTuple):
    """AD-V3: at round end, asked in turn order whether to unload from `vehicle`."""

    kind: str
    seat: int
    vehicle: int
    rest: tuple[int, ...]  # seats still to ask
    wanted: tuple[int, ...]  # seats who want to unload


class RoundEndUnload(NamedTuple):
    """AD-V3: the chosen seat unloads from `vehicle`, cube by cube."""

    kind: str
    seat: int
    vehicle: int


# kind -> the frame's class, and what its items after (kind, seat) are in a view
FRAME_CLASS: dict[str, Any] = {
    **dict.fromkeys(("end_turn", "retrieve", "action", "gate", "deliver", "build", "office_pick",
                     "take_request", "do_retrieve", "round_end"), Step),
    **dict.fromkeys(("draft", "market", "upgrade", "restock", "keep"), Counted),
    "lmarket": LocalMarket, "gate_area": GateArea, "t_src": TransportSource, "t_dst": TransportDest,
    "t_move": TransportMove, "choice": Choice, "wish": WishFrame, "v3_unload": RoundEndUnload,
}
ITEMS: dict[Any, tuple[str, ...]] = {  # for view checks: count 1.., left 0.., area 1..10, grade 0..2 ...
    Step: (), Counted: ("count",), LocalMarket: ("area",), GateArea: ("grade",),
    TransportSource: ("count", "range"), TransportDest: ("count", "range", "area"),
    TransportMove: ("left", "area", "area"), Choice: ("ops",), WishFrame: ("vehicle", "seats", "seats"),
    RoundEndUnload: ("vehicle",),
}
FRAMES: dict[str, tuple[str, ...]] = {kind: ITEMS[cls] for kind, cls in FRAME_CLASS.items()}

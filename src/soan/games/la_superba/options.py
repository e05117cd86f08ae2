"""La Superba's legal actions, computed once per situation and shared: plays (LS-R2), carries (LS-R2),
deliveries (LS-R6)."""

from __future__ import annotations

from .actions import CARRY, DELIVER, Carry, Deliver, Play

_PLAYS: dict[tuple[int, ...], list[Play]] = {}  # (play size, *hand) -> its play options (hands are few)
_CARRY_CACHE: dict[tuple[int, int, int, int], list[Carry]] = {}
_DELIVER_CACHE: dict[tuple[int, int, int, int], list[Deliver]] = {}


def carry_options(sup: tuple[int, int, int], most: int) -> list[Carry]:
    """LS-R2: 1..most chits from the supply; only 'nothing' when the supply is empty."""
    key = (min(sup[0], most), min(sup[1], most), min(sup[2], most), most)
    opts = _CARRY_CACHE.get(key)
    if opts is None:
        a, b, c, _ = key
        opts = [CARRY[(x, y, z)] for x in range(a + 1) for y in range(b + 1) for z in range(c + 1)
                if 1 <= x + y + z <= most]
        if not opts:
            opts = [CARRY[(0, 0, 0)]]
        _CARRY_CACHE[key] = opts
    return opts


def deliver_options(carried: tuple[int, int, int], quota: int) -> list[Deliver]:
    """LS-R6: every way to pick `quota` of the carried chits (all of them if fewer)."""
    key = (*carried, quota)
    opts = _DELIVER_CACHE.get(key)
    if opts is None:
        a, b, c = carried
        k = min(quota, a + b + c)
        opts = [DELIVER[(x, y, z)] for x in range(a + 1) for y in range(b + 1) for z in range(c + 1)
                if x + y + z == k]
        _DELIVER_CACHE[key] = opts
    return opts

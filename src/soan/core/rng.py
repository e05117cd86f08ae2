"""A small seeded generator whose whole state is one integer (splitmix64).

Copying it is copying an int, so cloning a game state never copies a `random.Random`.
The same seed gives the same sequence on every machine and Python version.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class RandomBits(Protocol):
    def getrandbits(self, k: int, /) -> int: ...


_M = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # splitmix64's two multipliers


def mix(seed: int) -> int:
    """Scramble any integer into a 64-bit generator state."""
    z = (seed * _GAMMA + 0x632BE59BD9B4E019) & _M
    z = ((z ^ (z >> 30)) * _MIX1) & _M
    z = ((z ^ (z >> 27)) * _MIX2) & _M
    return z ^ (z >> 31)


class Rng:
    """splitmix64; `state` is the only field."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, raw: bool = False) -> None:
        self.state = (seed & _M) if raw else mix(seed)

    def copy(self) -> Rng:
        r = _new(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        s = (self.state + _GAMMA) & _M
        self.state = s
        s = ((s ^ (s >> 30)) * _MIX1) & _M
        s = ((s ^ (s >> 27)) * _MIX2) & _M
        return s ^ (s >> 31)

    def getrandbits(self, k: int) -> int:
        return self.next64() >> (64 - k) if k <= 64 else (self.next64() << (k - 64)) | self.next64()

    def below(self, n: int) -> int:
        """A number in [0, n); the modulo bias is below 2**-50 for the sizes games use."""
        return self.next64() % n

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.next64() % len(seq)]

    def shuffle(self, xs: list[Any]) -> None:
        """Fisher-Yates: step k (k = 1..n-1) swaps item n-k with item `next64() % (n-k+1)`. The swap
        positions depend only on the generator's state and n, not on the items, so they are remembered
        per (state, n): a look-ahead reshuffles from the same state in every line it tries (a deck whose
        contents differ line by line). A long list's positions come from numpy when it is installed
        (the same numbers: 64-bit arithmetic)."""
        n = len(xs)
        if n < 2:
            return
        st = self.state
        js = _SWAPS.get((st, n))
        if js is None:
            if len(_SWAPS) >= _SWAPS_KEPT:
                _SWAPS.clear()
            if n >= _VECTOR_FROM:
                js = _SWAPS[(st, n)] = tuple(_swaps(st, n))  # tuples of ints: the collector soon skips them
            else:  # computed while swapping
                out: list[int] = []
                self.state = _swap_all(xs, st, n, out)
                _SWAPS[(st, n)] = tuple(out)
                return
        i = n - 1
        for j in js:
            xs[i], xs[j] = xs[j], xs[i]
            i -= 1
        self.state = (st + (n - 1) * _GAMMA) & _M

    def shuffle_tail(self, xs: list[Any], k: int) -> None:
        """As `shuffle(xs)` for the last `k` items (each where the whole shuffle would put it), the
        others left in some order (for a pool only drawn from the end, `k` times); the generator
        advances as for the whole shuffle."""
        n = len(xs)
        if k >= n - 1:
            self.shuffle(xs)
            return
        _swap_tail(xs, self.state, n, k)
        self.state = (self.state + (n - 1) * _GAMMA) & _M

    def shuffle_later(self, xs: list[Any]) -> tuple[int, int] | None:
        """A shuffle of `xs` done as its items are drawn from the end: returns the pending steps (None
        when there are none) for `shuffled_top` and `shuffled_all`; the generator advances now as for
        the whole shuffle. Between draws, the list's order is not yet the shuffle's."""
        n = len(xs)
        if n < 2:
            return None
        st = self.state
        self.state = (st + (n - 1) * _GAMMA) & _M
        return (st, n - 1)


_new = object.__new__

# the constants again for the loops below: the compiled build declares these unsigned 64-bit (rng.pxd),
# and a name declared so is no longer importable, while other modules import the ones above
_G64, _MIX1_64, _MIX2_64, _M64 = _GAMMA, _MIX1, _MIX2, _M


def _swap_all(xs: list[Any], st: int, n: int, out: list[int]) -> int:
    """`Rng.shuffle`'s loop (the same as _loop_swaps) from state `st`, swapping as it goes; each swap
    position appended to `out`; returns the generator's state after."""
    for i in range(n - 1, 0, -1):
        st = (st + _G64) & _M64
        z = ((st ^ (st >> 30)) * _MIX1_64) & _M64
        z = ((z ^ (z >> 27)) * _MIX2_64) & _M64
        j = (z ^ (z >> 31)) % (i + 1)
        out.append(j)
        xs[i], xs[j] = xs[j], xs[i]
    return st


def _swap_tail(xs: list[Any], st: int, n: int, k: int) -> None:
    """`Rng.shuffle_tail`'s loop: the first `k` steps of the whole shuffle of n items from `st`."""
    for i in range(n - 1, n - 1 - k, -1):
        st = (st + _G64) & _M64
        z = ((st ^ (st >> 30)) * _MIX1_64) & _M64
        z = ((z ^ (z >> 27)) * _MIX2_64) & _M64
        j = (z ^ (z >> 31)) % (i + 1)
        xs[i], xs[j] = xs[j], xs[i]


def shuffled_top(xs: list[Any], pending: tuple[int, int]) -> tuple[int, int] | None:
    """Places `xs`'s last item as the pending shuffle (`Rng.shuffle_later`) puts it; returns what is left
    pending. Items are only ever drawn from the end, so the last item is the next step's."""
    if pending[1] != len(xs) - 1:  # pragma: no cover - a list changed otherwise than by drawing from its end
        raise ValueError("a pending shuffle's list changed other than by drawing from its end")
    return _shuffle_step(xs, pending)


def _shuffle_step(xs: list[Any], pending: tuple[int, int]) -> tuple[int, int] | None:
    st, i = pending
    st = (st + _G64) & _M64
    z = ((st ^ (st >> 30)) * _MIX1_64) & _M64
    z = ((z ^ (z >> 27)) * _MIX2_64) & _M64
    j = (z ^ (z >> 31)) % (i + 1)
    xs[i], xs[j] = xs[j], xs[i]
    return (st, i - 1) if i > 1 else None


def shuffled_all(xs: list[Any], pending: tuple[int, int] | None) -> None:
    """Completes a pending shuffle (`Rng.shuffle_later`): `xs` in the whole shuffle's order."""
    while pending is not None:
        pending = _shuffle_step(xs, pending)


_VECTOR_FROM = 40  # below this many items the plain loop is faster than numpy's call overhead
_SWAPS: dict[tuple[int, int], tuple[int, ...]] = {}  # (state, n) -> Fisher-Yates' swap positions
_SWAPS_KEPT = 4096  # then forgotten all at once (a few MB at most)


def _swaps(st: int, n: int) -> list[int]:
    """The swap positions of a shuffle of n items from state `st`, in step order."""
    if n >= _VECTOR_FROM:
        vector = _VECTOR[0] if _VECTOR else _load_vector()
        if vector is not None:
            return vector(st, n)
    return _loop_swaps(st, n)


def _numpy_swaps() -> Callable[[int, int], list[int]] | None:
    """Fisher-Yates' swap positions for a list of n items from state `st`, computed at once: step k
    (k = 1..n-1) draws the k-th output of splitmix64 from `st` modulo n - k + 1, as `shuffle`'s loop
    does. numpy's uint64 arithmetic wraps modulo 2**64, as the loop's masks do."""
    try:
        import numpy as np
    except ImportError:  # the engine's own dependencies only: the plain loop serves
        return None
    u = np.uint64
    gamma, c1, c2 = u(_GAMMA), u(_MIX1), u(_MIX2)
    s30, s27, s31 = u(30), u(27), u(31)
    ks = np.arange(0, 1024, dtype=np.uint64)

    def swaps(st: int, n: int) -> list[int]:
        if n >= len(ks):
            return _loop_swaps(st, n)
        z = ks[1:n] * gamma  # arrays' integer arithmetic wraps silently (scalars' would warn)
        z += u(st)
        z ^= z >> s30
        z *= c1
        z ^= z >> s27
        z *= c2
        z ^= z >> s31
        z %= ks[n:1:-1]
        out: list[int] = z.tolist()
        return out

    return swaps


def _loop_swaps(st: int, n: int) -> list[int]:
    out = []
    for i in range(n - 1, 0, -1):
        st = (st + _G64) & _M64
        z = ((st ^ (st >> 30)) * _MIX1_64) & _M64
        z = ((z ^ (z >> 27)) * _MIX2_64) & _M64
        out.append((z ^ (z >> 31)) % (i + 1))
    return out


_VECTOR: list[Callable[[int, int], list[int]] | None] = []  # numpy's swaps (or None), once first needed


def _load_vector() -> Callable[[int, int], list[int]] | None:
    _VECTOR.append(_numpy_swaps())  # numpy is imported by the first long shuffle, not by the engine's import
    return _VECTOR[0]


def seed_from(rng: RandomBits) -> int:
    """A fresh 64-bit seed drawn from our Rng or any `random.Random`-like object."""
    return rng.getrandbits(64)


def derive(seed: int, *keys: int) -> int:
    """A seed for sub-task `keys` of a study seeded with `seed`, independent of scheduling."""
    s = mix(seed)
    for k in keys:
        s = mix(s ^ mix(k + 1))
    return s

"""A small seeded generator whose whole state is one integer (splitmix64).

Copying it is copying an int, so cloning a game state never copies a `random.Random`.
The same seed gives the same sequence on every machine and Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class RandomBits(Protocol):
    def getrandbits(self, k: int, /) -> int: ...


_M = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def mix(seed: int) -> int:
    """Scramble any integer into a 64-bit generator state."""
    z = (seed * _GAMMA + 0x632BE59BD9B4E019) & _M
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M
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
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _M
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _M
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
        """Fisher-Yates with the generator inlined (this is on every game's hot path)."""
        st = self.state
        for i in range(len(xs) - 1, 0, -1):
            st = (st + _GAMMA) & _M
            z = ((st ^ (st >> 30)) * 0xBF58476D1CE4E5B9) & _M
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M
            j = (z ^ (z >> 31)) % (i + 1)
            xs[i], xs[j] = xs[j], xs[i]
        self.state = st


_new = object.__new__


def seed_from(rng: RandomBits) -> int:
    """A fresh 64-bit seed drawn from our Rng or any `random.Random`-like object."""
    return rng.getrandbits(64)


def derive(seed: int, *keys: int) -> int:
    """A seed for sub-task `keys` of a study seeded with `seed`, independent of scheduling."""
    s = mix(seed)
    for k in keys:
        s = mix(s ^ mix(k + 1))
    return s

"""A small, copyable, JSON-serialisable random generator (SplitMix64).

All chance in a game (dice, shuffles, random draws) comes from one of these stored in the state, so the
same seed and the same option ids reproduce a game exactly (DESIGN.md, promise 2). Its whole state is
one integer, which makes ``copy`` free and JSON round trips trivial.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any, TypeVar

_MASK = (1 << 64) - 1
_GAMMA, _MUL1, _MUL2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # SplitMix64's constants
_LOW32 = (1 << 32) - 1
T = TypeVar("T")


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        self.s = seed & _MASK

    def next64(self) -> int:
        self.s = (self.s + _GAMMA) & _MASK
        z = self.s
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (multiply-shift; bias below 2**-50 for game-sized n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        z = self.next64()
        if n <= _LOW32:
            # the same value as (z * n) >> 64, from 32-bit halves so that no product passes 64 bits: the compiled
            # build (rng.pxd) computes it in C integers
            m = n
            return ((z >> 32) * m + (((z & _LOW32) * m) >> 32)) >> 32
        return (z * n) >> 64

    def roll(self, faces: int, die: str = "") -> int:
        """A roll of a die of ``faces`` faces, as an index in ``range(faces)``; ``die`` names which die it is (a game's
        record checker, replaying rolls a record shows, tells the dice apart by it). The same draw as ``below``."""
        return self.below(faces)

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.s = self.s
        return r

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.s == self.s

    def __hash__(self) -> int:
        return hash(self.s)


def as_rng(rng: Any) -> Rng:
    """The generator a caller passes to ``game.determinize``: an :class:`Rng`, an int seed or a ``random.Random``."""
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, int):
        return Rng(rng)
    if isinstance(rng, random.Random):
        return Rng(rng.getrandbits(64))
    raise TypeError("rng must be a planszowki Rng, an int seed or a random.Random")

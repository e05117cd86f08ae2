"""La Superba actions: play 3 cards, carry chits, choose which chits to deliver."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import product
from typing import ClassVar

from ...core.actions import Action, register_actions, whole_number
from ...core.checks import shown
from ...core.errors import IllegalAction

GAME = "la-superba"
GOOD_WORDS = {
    "pepper": 0, "p": 0, "胡椒": 0,
    "glass": 1, "g": 1, "硝子": 1, "ガラス": 1,
    "silk": 2, "s": 2, "絹糸": 2, "絹": 2,
}
GOOD_EN = ("pepper", "glass", "silk")
GOOD_JA = ("胡椒", "硝子", "絹糸")


@dataclass(frozen=True, slots=True)
class Play(Action):
    """LS-R2: the 3 cards played face down (card ids = serials, ascending)."""

    kind: ClassVar[str] = "play"
    cards: tuple[int, ...]

    def text(self, lang: str = "en") -> str:
        return ("出す " if lang == "ja" else "play ") + " ".join(str(c) for c in self.cards)


def _goods_text(counts, lang: str) -> str:
    names = GOOD_JA if lang == "ja" else GOOD_EN
    parts = [f"{names[i]}={n}" for i, n in enumerate(counts) if n]
    return " ".join(parts) if parts else ("なし" if lang == "ja" else "nothing")


@dataclass(frozen=True, slots=True)
class Carry(Action):
    """LS-R2: how many chits of each good to carry (1-3 in all; 0 only with an empty supply)."""

    kind: ClassVar[str] = "carry"
    pepper: int
    glass: int
    silk: int

    @property
    def counts(self) -> tuple[int, int, int]:
        return (self.pepper, self.glass, self.silk)

    def text(self, lang: str = "en") -> str:
        return ("運ぶ " if lang == "ja" else "carry ") + _goods_text(self.counts, lang)


@dataclass(frozen=True, slots=True)
class Deliver(Action):
    """LS-R6: which of the carried chits are delivered (the rest are lost)."""

    kind: ClassVar[str] = "deliver"
    pepper: int
    glass: int
    silk: int

    @property
    def counts(self) -> tuple[int, int, int]:
        return (self.pepper, self.glass, self.silk)

    def text(self, lang: str = "en") -> str:
        return ("輸送 " if lang == "ja" else "deliver ") + _goods_text(self.counts, lang)


# Interned instances: legal-action generation looks them up instead of building new ones.
CARRY = {t: Carry(*t) for t in product(range(8), repeat=3) if sum(t) <= 7}
DELIVER = {t: Deliver(*t) for t in product(range(8), repeat=3) if sum(t) <= 7}
_PLAY: dict[tuple[int, ...], Play] = {}


def play(cards: tuple[int, ...]) -> Play:
    a = _PLAY.get(cards)
    if a is None:
        a = _PLAY[cards] = Play(cards)
    return a


_PAIR = re.compile(r"([^\s=:\d]+)\s*[=:]\s*(\d+)|(\d+)\s*([^\s=:\d]+)")
_PAIRS = re.compile(rf"\s*(?:(?:{_PAIR.pattern})\s*)+")


def parse_text(s: str) -> Action:
    """'play 7 16 20', 'carry pepper=2 silk=1' (or 'carry 2 pepper 1 silk'), 'deliver glass=1'."""
    words = s.replace(",", " ").split()
    if not words:
        raise IllegalAction("empty action; expected e.g. 'play 7 16 20' or 'carry pepper=2 silk=1'")
    kind, rest = words[0].lower(), " ".join(words[1:])
    kind = {"出す": "play", "運ぶ": "carry", "輸送": "deliver"}.get(kind, kind)
    if kind == "play":
        nums = rest.split()
        if not nums:
            raise IllegalAction("'play' takes card numbers, e.g. 'play 7 16 20'")
        if len(nums) > 12 or any(len(x) > 4 for x in nums):
            raise IllegalAction(f"'play' takes a few card numbers (serials 1-999), got {rest[:40]!r}")
        return Play(tuple(sorted(whole_number(x, "'play'") for x in nums)))
    if kind in ("carry", "deliver"):
        counts = [0, 0, 0]
        if rest.strip() not in ("", "nothing", "なし"):
            pairs = _PAIR.findall(rest)
            if not pairs or _PAIRS.fullmatch(rest) is None:  # every word a good or its count, nothing skipped
                raise IllegalAction(f"'{kind}' takes goods and counts, e.g. '{kind} pepper=2 silk=1'")
            for w1, n1, n2, w2 in pairs:
                w, n = (w1, n1) if w1 else (w2, n2)
                if len(n) > 2:
                    raise IllegalAction(f"'{kind}' takes a few chits of each good, got {n[:20]!r}")
                g = GOOD_WORDS.get(w.lower())
                if g is None:
                    raise IllegalAction(f"unknown good {shown(w, 40)}; expected pepper, glass or silk")
                counts[g] += int(n)
        table = CARRY if kind == "carry" else DELIVER
        a = table.get(tuple(counts))
        if a is None:
            raise IllegalAction(f"too many chits in {shown(s, 40)}")
        return a
    raise IllegalAction(f"unknown action {shown(words[0], 40)}; expected play, carry or deliver")


register_actions(GAME, Play, Carry, Deliver, text_parser=parse_text)

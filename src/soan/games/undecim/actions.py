"""Undecim actions: each decision of a turn is one small action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import Action, register_actions, whole_number
from ...core.checks import shown
from ...core.errors import IllegalAction
from .model import ITEMS

GAME = "undecim"
ITEM_JA = ("草原", "森", "沼地", "山", "石", "木", "粘土", "鉄", "敵", "金")


def item_name(i: int, lang: str = "en") -> str:
    return ITEM_JA[i] if lang == "ja" else ITEMS[i]


@dataclass(frozen=True, slots=True)
class Take(Action):
    """UN-T1: take an action card from the council."""

    kind: ClassVar[str] = "take"
    card: str

    def text(self, lang: str = "en") -> str:
        return f"{'取る' if lang == 'ja' else 'take'} {self.card}"


@dataclass(frozen=True, slots=True)
class BonusDraw(Action):
    """UN-T1: after taking from the bonus area, draw the deck's top card and gain it (1) or not (0)."""

    kind: ClassVar[str] = "bonus"
    draw: int

    def text(self, lang: str = "en") -> str:
        if lang == "ja":
            return "ボーナス 引く" if self.draw else "ボーナス 引かない"
        return "bonus draw" if self.draw else "bonus skip"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """UN-T2: play an action card from hand."""

    kind: ClassVar[str] = "play"
    card: str

    def text(self, lang: str = "en") -> str:
        return f"{'使う' if lang == 'ja' else 'play'} {self.card}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """UN-G1: take a frontier card showing `item` and lay it with that half up."""

    kind: ClassVar[str] = "pick"
    item: str

    def text(self, lang: str = "en") -> str:
        return f"{'獲得' if lang == 'ja' else 'pick'} {item_name(ITEMS.index(self.item), lang) if lang == 'ja' else self.item}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """UN-G1: lay the card just drawn from the deck with `item` up."""

    kind: ClassVar[str] = "keep"
    item: str

    def text(self, lang: str = "en") -> str:
        return f"{'置く' if lang == 'ja' else 'keep'} {item_name(ITEMS.index(self.item), lang) if lang == 'ja' else self.item}"


@dataclass(frozen=True, slots=True)
class Boost(Action):
    """UN-G5: pay gold for the card's extra effect (1) or not (0)."""

    kind: ClassVar[str] = "boost"
    pay: int

    def text(self, lang: str = "en") -> str:
        if lang == "ja":
            return "金を払う" if self.pay else "払わない"
        return "boost pay" if self.pay else "boost skip"


@dataclass(frozen=True, slots=True)
class Settle(Action):
    """UN-G3: two loose resources become a settlement."""

    kind: ClassVar[str] = "settle"
    a: str
    b: str

    def text(self, lang: str = "en") -> str:
        if lang == "ja":
            return f"入植 {item_name(ITEMS.index(self.a), 'ja')}+{item_name(ITEMS.index(self.b), 'ja')}"
        return f"settle {self.a} {self.b}"


@dataclass(frozen=True, slots=True)
class Develop(Action):
    """UN-G4: add a loose resource or gold to settlement number `settlement` (1-based)."""

    kind: ClassVar[str] = "develop"
    settlement: int
    item: str

    def text(self, lang: str = "en") -> str:
        if lang == "ja":
            return f"発展 入植地{self.settlement}に{item_name(ITEMS.index(self.item), 'ja')}"
        return f"develop {self.settlement} {self.item}"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Decline an optional step (auto action, extra settle or develop)."""

    kind: ClassVar[str] = "skip"

    def text(self, lang: str = "en") -> str:
        return "しない" if lang == "ja" else "skip"


SKIP = Skip()
_JA_ITEMS = {n: ITEMS[i] for i, n in enumerate(ITEM_JA)}


def _item(w: str) -> str:
    w = _JA_ITEMS.get(w, w.lower())
    if w not in ITEMS:
        raise IllegalAction(f"unknown item {shown(w, 40)}; expected one of {list(ITEMS)}")
    return w


def parse_text(s: str) -> Action:
    """'take explore', 'bonus draw', 'play harvest', 'pick stone', 'keep gold', 'boost pay',
    'settle stone wood', 'develop 1 gold', 'skip'."""
    w = s.split()
    if not w:
        raise IllegalAction("empty action; expected e.g. 'take explore' or 'pick stone'")
    k = {"取る": "take", "使う": "play", "獲得": "pick", "置く": "keep", "入植": "settle", "発展": "develop",
         "しない": "skip"}.get(w[0], w[0].lower())
    try:
        if k == "take":
            return Take(w[1])
        if k == "play":
            return Play(w[1])
        if k == "bonus":
            return BonusDraw(0 if len(w) > 1 and w[1].lower() in ("skip", "no", "0") else 1)
        if k == "boost":
            return Boost(0 if len(w) > 1 and w[1].lower() in ("skip", "no", "0") else 1)
        if k == "pick":
            return Pick(_item(w[1]))
        if k == "keep":
            return Keep(_item(w[1]))
        if k == "settle":
            a, b = sorted((_item(w[1]), _item(w[2])), key=ITEMS.index)
            return Settle(a, b)
        if k == "develop":
            return Develop(whole_number(w[1], "'develop'"), _item(w[2]))
        if k == "skip":
            return SKIP
    except IllegalAction:
        raise
    except (IndexError, ValueError):
        raise IllegalAction(f"incomplete action {shown(s, 40)}; e.g. 'settle stone wood', 'develop 1 gold'") from None
    raise IllegalAction(f"unknown action {shown(w[0], 40)}; expected take, bonus, play, pick, keep, boost, settle, develop or skip")


register_actions(GAME, Take, BonusDraw, Play, Pick, Keep, Boost, Settle, Develop, Skip, text_parser=parse_text)

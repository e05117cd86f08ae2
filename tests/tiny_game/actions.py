"""Pearl Bid's one action: play a bid card (secretly, all at once)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from soan.core.actions import Action, register_actions
from soan.core.errors import IllegalAction

GAME = "pearl-bid"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    card: int

    def text(self, lang: str = "en") -> str:
        return f"bid {self.card}"


def parse(text: str) -> Bid:
    """`bid 3` (as `str(action)` prints it)."""
    parts = text.split()
    if len(parts) == 2 and parts[0].lower() == "bid" and parts[1].isdigit():
        return Bid(int(parts[1]))
    raise IllegalAction(f"expected 'bid N' (N a bid card in your hand), got {text!r}")


register_actions(GAME, Bid, text_parser=parse)

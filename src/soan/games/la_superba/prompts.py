"""La Superba's texts for people: card and good names, an action in words, what is being decided now."""

from __future__ import annotations

from ...core.state import Prompt
from .actions import GOOD_EN, GOOD_JA, Play
from .fields import OVER, VOYAGE, StateFields
from .model import SHIP, SUITS


class TextsMixin(StateFields):
    """Readable texts (English and Japanese)."""

    __slots__ = ()

    def card_name(self, c: int, lang: str = "en") -> str:
        m = self.cfg.components
        suit = SUITS[self.R.suit[c]]
        nm = m.suits[suit].name_ja if lang == "ja" else m.suits[suit].name
        if self.R.suit[c] == SHIP:
            return f"{nm}×{self.R.mult[c]}#{c}"
        return f"{nm}{self.R.power[c]}#{c}"

    def action_text(self, action, lang: str = "en") -> str:
        """A readable description (card names, not just numbers)."""
        if isinstance(action, Play):
            names = ", ".join(self.card_name(c, lang) for c in action.cards)
            return (f"出す: {names}" if lang == "ja" else f"play {names}")
        return action.text(lang)

    def _prompt(self, seat: int) -> Prompt:
        R = self.R
        if self.phase == OVER or seat not in self.to_act():
            return Prompt("wait", "Nothing to decide now.", "今は選ぶことがありません。")
        if self.phase == VOYAGE and self.played[seat] is None:
            return Prompt("play",
                          f"Round {self.round}: choose {R.play} of your {len(self.hands[seat])} voyage cards "
                          "to play face down.",
                          f"ラウンド{self.round}：手札{len(self.hands[seat])}枚から{R.play}枚を選び、伏せて出してください。")
        if self.phase == VOYAGE:
            return Prompt("carry", f"Round {self.round}: choose 1-{R.carry_max} chits from your supply to carry.",
                          f"ラウンド{self.round}：運ぶアイテムを1〜{R.carry_max}個選んでください。")
        rv = self.rv
        assert rv is not None  # the deliver phase (to_act offers a seat no other decision): its reveal
        c = self.carried[seat]
        q = self.quota[seat]
        rank = rv.ranks[seat]
        return Prompt("deliver",
                      f"You ranked {rank} and deliver {q} of your {sum(c)} chits; the rest are lost. Which?",
                      f"{rank}位：運んだ{sum(c)}個のうち{q}個を輸送します（残りはロスト）。どれにしますか？")

    def good_name(self, g: int, lang: str = "en") -> str:
        return GOOD_JA[g] if lang == "ja" else GOOD_EN[g]

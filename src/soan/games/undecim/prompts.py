"""Undecim's texts for people: a card, an action in words, what is being decided now."""

from __future__ import annotations

from ...core.state import Prompt
from .actions import Play, Take
from .cardtext import card_text
from .fields import AUTO, BONUS, KEEP, OVER, PLAY, TAKE, StateFields


class TextsMixin(StateFields):
    """Readable texts (English and Japanese)."""

    __slots__ = ()

    def card(self, cid: str):
        return self.cfg.components.action_cards[self.T.card_index[cid]]

    def action_text(self, action, lang: str = "en") -> str:
        if isinstance(action, Take | Play):
            c = self.card(action.card)
            area = ""
            if isinstance(action, Take):
                k = self.T.card_index[action.card]
                area = ("（ボーナスエリア）" if lang == "ja" else " (bonus)") if k in self.bonus else ""
            nm = c.name_ja if lang == "ja" else c.name
            txt = card_text(c, lang)
            return f"{action.text(lang)}{area} — {nm}: {txt}"
        return action.text(lang)

    def _prompt(self, seat: int) -> Prompt:
        if self.stage == OVER or seat != self.seat:
            return Prompt("wait", "Nothing to decide now.", "今は選ぶことがありません。")
        st = self.stage
        t = f"Season {self.season}, turn {self.turn_no // self.cfg.players + 1}/{self.T.turns}: "
        j = f"シーズン{self.season} 手番{self.turn_no // self.cfg.players + 1}/{self.T.turns}："
        if st == TAKE:
            return Prompt("take", t + "take an action card from the council.", j + "議会からアクションカードを１枚取ってください。")
        if st == BONUS:
            return Prompt("bonus", t + "bonus: draw the deck's top card and gain it?", j + "ボーナス：山から１枚引いて獲得しますか？")
        if st == KEEP:
            return Prompt("keep", t + "which half of the drawn card stays up?", j + "引いたカードのどちらを上にしますか？")
        if st == PLAY:
            return Prompt("play", t + "play an action card from your hand.", j + "手札からアクションカードを１枚使ってください。")
        if st == AUTO:
            return Prompt("auto", t + "auto action: settle or develop once, or skip.", j + "オートアクション：入植か発展を１回行えます（しなくてもよい）。")
        step, left = self.todo[0]
        if step.op == "gain":
            return Prompt("pick", t + f"gain a card from the frontier ({left} left).", j + f"開拓地からカードを獲得してください（あと{left}枚）。")
        if step.op == "boost":
            return Prompt("boost", t + f"pay {step.gold} gold for the extra effect?", j + f"金{step.gold}枚を払って追加効果を使いますか？")
        if step.op == "settle":
            return Prompt("settle", t + "settle: choose two resources, or skip.", j + "入植：資源を２枚選んでください（しなくてもよい）。")
        return Prompt("develop", t + f"develop a settlement ({left} left), or skip.", j + f"発展（あと{left}回）：入植地と足す資源を選んでください（しなくてもよい）。")

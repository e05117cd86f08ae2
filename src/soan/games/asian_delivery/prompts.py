"""Asian Delivery texts the engine gives: card, request and action descriptions and the prompt of each
step, in English and Japanese."""

from __future__ import annotations

from ...core.state import Prompt
from .actions import (
    CardPick,
    DraftPick,
    OptionPick,
    PlayCard,
    RequestPick,
)
from .fields import StateFields
from .model import (
    GRADES,
)


class TextsMixin(StateFields):
    """Readable texts of cards, requests, actions and the current decision."""

    __slots__ = ()

    # --- text -----------------------------------------------------------------------------------
    def card_text(self, c: int, lang: str = "en") -> str:
        m = self.cfg.components
        T = self.T
        card = m.business_cards[c] if c < T.n_business else m.base_cards[(c - T.n_business) % 4]
        nm = card.name_ja if lang == "ja" else card.name
        return f"{nm}#{c}({_colour(self, T.colour[c], lang)})"

    def request_text(self, r: int, lang: str = "en") -> str:
        T = self.T
        return (f"#{r}→{T.req_area[r]}: {T.req_cubes[r]}×{GRADES[T.req_grade[r]]}+ {T.req_vp[r]}VP "
                f"({_colour(self, T.req_colour[r], lang)})")

    def action_text(self, action, lang: str = "en") -> str:
        if isinstance(action, PlayCard):
            return f"{action.text(lang)} — {self.card_text(action.card, lang)}"
        if isinstance(action, RequestPick):
            return f"{action.text(lang)} — {self.request_text(action.request, lang)}"
        if isinstance(action, CardPick):
            return f"{action.text(lang)} — {self.card_text(action.card, lang)}"
        if isinstance(action, DraftPick):
            d = self.request_text(action.card, lang) if action.pile == "request" else self.card_text(action.card, lang)
            return f"{action.text(lang)} — {d}"
        if isinstance(action, OptionPick) and self.stack and self.stack[-1].kind == "choice":
            ops = self.stack[-1].options[action.option - 1]
            return f"{action.text(lang)} — " + ", ".join(f"{o.op} {o.n}" for o in ops)
        return action.text(lang)

    def _prompt(self, seat: int) -> Prompt:
        if not self.stack or self.stack[-1].seat != seat:
            return Prompt("wait", "Nothing to decide now.", "今は選ぶことがありません。")
        kind = self.stack[-1].kind
        en, ja = PROMPTS.get(kind, (kind, kind))
        head_en = f"Round {self.round}/{self.T.rounds}: "
        head_ja = f"ラウンド{self.round}/{self.T.rounds}："
        return Prompt(kind, head_en + en, head_ja + ja)




PROMPTS = {
    "action": ("play a card (face up: its effect; face down: a porter move), load/unload, or end the action step.",
               "カードをプレイ（表：効果、裏：人力輸送）、荷積み・荷下ろし、またはアクション終了。"),
    "market": ("market: upgrade a cube in your supply?", "市場：手元の荷物をアップグレードしますか？"),
    "lmarket": ("market: upgrade a cube in that area's warehouse?", "市場：そのエリアの倉庫の荷物をアップグレードしますか？"),
    "upgrade": ("upgrade a cube in your supply.", "手元の荷物をアップグレードしてください。"),
    "gate": ("transfer gate: which cube from your supply?", "転移門：手元のどの荷物を送りますか？"),
    "gate_area": ("transfer gate: to which of your gates?", "転移門：どの転移門へ送りますか？"),
    "t_src": ("transport: from which area (1 = your supply)?", "輸送：どのエリアから（１＝手元）？"),
    "t_dst": ("transport: to which area?", "輸送：どのエリアへ？"),
    "t_move": ("transport: which cube next (or done)?", "輸送：次に運ぶ荷物を選んでください（または終了）。"),
    "deliver": ("complete a request (or done).", "依頼を達成してください（または終了）。"),
    "build": ("build a facility (area, type), or done.", "建設する施設をエリアと種類で選んでください（または終了）。"),
    "office_pick": ("office: take a card from the display.", "事業所：置き場からカードを１枚取ってください。"),
    "take_request": ("take a request from the display.", "依頼置き場から依頼を１枚取ってください。"),
    "choice": ("choose one effect of the card.", "カードの効果を１つ選んでください。"),
    "draft": ("draft: take a request or a business card.", "獲得：依頼か事業カードを１枚取ってください。"),
    "retrieve": ("retrieve your play area now?", "回収しますか？"),
    "keep": ("retrieval: keep a resident card in play (one per office), or done.",
             "回収：常駐カードを残しますか（事業所１つにつき１枚）？"),
    "wish": ("round end: do you want to unload from this vehicle?", "ラウンド終了：この乗り物から荷下ろしを希望しますか？"),
    "v3_unload": ("round end: unload your cubes here (or done).", "ラウンド終了：荷物を降ろしてください（または終了）。"),
}


def _show(x) -> str:
    """A value for an error message, whatever it is (a huge int, an object whose text fails)."""
    try:
        t = str(x)
    except Exception:  # noqa: BLE001 - any failure to format becomes a plain description
        return f"<{type(x).__name__}>"
    return t if len(t) <= 80 else t[:77] + "..."


def _colour(s, k: int, lang: str) -> str:
    m = s.cfg.components
    c = m.colours[("red", "blue", "yellow", "green")[k]]
    if "attributes" in s.T.flags:  # AD-V8: the colours renamed as attributes
        return c.attribute_ja if lang == "ja" else c.attribute
    return c.name_ja if lang == "ja" else c.name



"""Asian Delivery's card texts, made from each card's effects (AD-E*'s vocabulary) and resident
ability, in English and Japanese, and the facilities' words. A card's `text`/`text_ja` overrides the
made text only while it says the same (core/cardtext.py); the component check refuses it otherwise."""

from __future__ import annotations

from ...core.cardtext import override_problems
from ...core.errors import SoanError

TERMS = (("deliver", "transport", "range", "build", "upgrade", "restock", "request", "one of", "resident"),
         ("依頼達成", "輸送", "エリア先", "建設", "アップグレード", "在庫補充", "受注", "どれか", "常駐"))
FAC_SHORT = {"en": ("O", "T", "M", "G"), "ja": ("事", "広", "市", "門")}
FAC_NAME = {"en": ("office", "ad tower", "market", "transfer gate"), "ja": ("事業所", "広告塔", "市場", "転移門")}
FAC_EFFECT = {
    "en": ("when built, take 1 card of the business display; at retrieval, keep 1 resident card per office",
           "+1 VP per request you complete",
           "at the start of each of your turns, upgrade 1 cube in your supply",
           "at the start of each of your turns, 1 cube from your supply goes to a gate area of yours"),
    "ja": ("建設時に事業置き場からカードを1枚得る。回収時、事業所1つにつき常駐カードを1枚残せる",
           "依頼を達成するたびに＋1VP",
           "自分の手番開始時、手元の荷物を１個アップグレード",
           "自分の手番開始時、手元の荷物1個を自分の転移門のあるエリアへ送る"),
}
RESIDENT = {
    "transport_plus": ("resident: +1 cube per transport", "常駐：輸送できる荷物＋1個"),
    "range_plus": ("resident: +1 transport range", "常駐：輸送の距離＋1"),
    "deliver_plus": ("resident: +1 VP per request completed", "常駐：依頼達成ごとに＋1VP"),
}


def op_text(op, lang: str) -> str:
    """One effect of the vocabulary (AD-E*) written out."""
    ja = _ja(lang)
    k, n, r = op.op, op.n, op.range
    if k == "deliver":
        return "依頼達成" if ja else "deliver requests"
    if k == "transport":
        return f"輸送（荷物{n}個まで、{r}エリア先まで）" if ja else f"transport up to {n} cube{'s' * (n > 1)}, range {r}"
    if k == "build":
        return "建設" if ja else "build a facility"
    if k == "upgrade":
        return f"アップグレード{n}回" if ja else f"upgrade {n} cube{'s' * (n > 1)}"
    if k == "restock":
        return f"在庫補充（L{n}個）" if ja else f"restock {n} L cube{'s' * (n > 1)}"
    if k == "take_request":
        return "依頼置き場から依頼を1枚受注" if ja else "take a request from the display"
    if k == "choice":
        alts = ["＋".join(op_text(o, lang) for o in opt) if ja else " + ".join(op_text(o, lang) for o in opt)
                for opt in op.options]
        return ("次のどれか：" + "／".join(alts)) if ja else "one of: " + " / ".join(alts)
    return k  # pragma: no cover - a new op without words yet


def made_text(card, lang: str) -> str:
    """A card's text made from its effects (and its resident ability)."""
    if lang not in ("en", "ja"):
        raise SoanError(f"asian-delivery card text: lang is 'en' or 'ja', got {lang!r}")
    if not getattr(card, "effects", None):
        raise SoanError(f"asian-delivery card text: {card!r} has no effects to write")
    eff = ("、" if _ja(lang) else ", ").join(op_text(o, lang) for o in card.effects)
    if card.resident:
        en, ja = RESIDENT[card.resident]
        eff += ("（" + ja + "）") if _ja(lang) else f" ({en})"
    return eff


def card_text(card, lang: str) -> str:
    """What a player reads on the card: its hand text where the file has one (checked to agree), else
    the text made from its effects."""
    hand = card.text_ja if lang == "ja" else card.text
    return hand or made_text(card, lang)


def card_of(m, T, c: int):
    """The component entry of card `c` (business cards first, then each seat's base cards)."""
    if not isinstance(c, int) or not 0 <= c < len(T.ops):
        raise SoanError(f"asian-delivery: no card {c!r}")
    nb = T.n_business
    return m.business_cards[c] if c < nb else m.base_cards[(c - nb) % len(m.base_cards)]


def card_effect(s, c: int, lang: str) -> str:
    """Card `c` of a game's state as a player reads it."""
    return card_text(card_of(s.cfg.components, s.T, c), lang)


def problems(m) -> list[str]:
    """Every card whose hand text contradicts its effects."""
    out: list[str] = []
    for deck in ("business_cards", "base_cards"):
        for i, c in enumerate(getattr(m, deck)):
            if c.text or c.text_ja:
                out += override_problems(f"{deck}[{i}] ({c.name})", (c.text, c.text_ja),
                                         (made_text(c, "en"), made_text(c, "ja")), TERMS)
    return out


def _ja(lang: str) -> bool:
    return lang == "ja"

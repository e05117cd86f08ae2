"""La Superba's trade-card texts, made from each card's effects (LS-C2's vocabulary) and the component
values they refer to (goods' names, the face-down value, the usual quotas), in English and Japanese. A
card's `text`/`text_ja` overrides the made text only while it says the same (core/cardtext.py); the
component check refuses it otherwise."""

from __future__ import annotations

from ...core.cardtext import override_problems, zen
from ...core.errors import SoanError

TERMS = (("community", "last", "serial", "face down", "rank", "pepper", "glass", "silk"),
         ("コミュニティ", "最下位", "通し番号", "裏面", "位", "胡椒", "硝子", "絹糸"))


def _good(m, gid: str | None, lang: str) -> str:
    g = next((g for g in m.goods if g.id == gid), None)
    if g is None:
        raise SoanError(f"la-superba card text: no good {gid!r} in the components")
    return g.name_ja if lang == "ja" else g.name.lower()


def _quotas(m, by_rank: list[int], lang: str) -> str:
    """The ranks whose quota differs from the usual one (LS-R6), said once."""
    usual = list(m.quotas)
    last = max(len(usual), len(by_rank))
    changed = [(r, q) for r, q in enumerate(by_rank, 1) if q != usual[min(r, len(usual)) - 1]] or \
        list(enumerate(by_rank, 1))
    if lang == "ja":
        return "このラウンドの輸送枠：" + "、".join(f"{zen(r)}位{'以下' if r == last and r > 1 else ''}は{zen(q)}個まで"
                                              for r, q in changed) + "。"
    parts = [f"rank {r}{' and below' if r == last and r > 1 else ''} delivers up to {q} chit{'s' * (q != 1)}"
             for r, q in changed]
    s = "; ".join(parts) + " this round."
    return s[:1].upper() + s[1:]


def _effect(m, e, lang: str) -> str:
    ja = lang == "ja"
    k = e.effect
    if k == "good_bonus":
        p = e.points or 0
        if ja:
            return f"このラウンドに輸送した{_good(m, e.good, lang)}は１個につき{'＋' if p >= 0 else '－'}{zen(abs(p))}点。"
        return (f"Each {_good(m, e.good, lang)} chit delivered this round scores {abs(p)} "
                f"{'more' if p >= 0 else 'less'}.")
    if k == "good_face_down":
        if ja:
            return f"このラウンドに輸送した{_good(m, e.good, lang)}は全員裏面（{zen(m.face_down_value)}点）になる。"
        return (f"{_good(m, e.good, lang).capitalize()} chits delivered this round score face down "
                f"({m.face_down_value}) for everyone.")
    if k == "quotas":
        return _quotas(m, list(e.by_rank or ()), lang)
    if k == "community_off":
        return "このラウンドはコミュニティのカードを数えない。" if ja else "The community card does not count this round."
    if k == "last_loses_cargo":
        return ("最下位のプレイヤーは運んだアイテムを全てロストする（絹糸の効果は有効）。" if ja else
                "The last-ranked player loses all the chits they carry (silk still returns them).")
    if k == "tie_low_serial":
        return ("このラウンドは同値の場合、小さい通し番号が優先される。" if ja else
                "Ties of power and of goods go to the LOWEST serial number this round.")
    raise SoanError(f"la-superba card text: no words for effect {k!r}")


def made_text(m, card, lang: str) -> str:
    """A trade card's text made from its effects; a card without effects changes nothing."""
    if lang not in ("en", "ja"):
        raise SoanError(f"la-superba card text: lang is 'en' or 'ja', got {lang!r}")
    if not hasattr(card, "effects"):
        raise SoanError(f"la-superba card text: {card!r} is not a trade card")
    if not card.effects:
        return "このラウンドは何も変わらない。" if lang == "ja" else "Nothing changes this round."
    return ("" if lang == "ja" else " ").join(_effect(m, e, lang) for e in card.effects)


def card_text(m, card, lang: str) -> str:
    """What a player reads on the card: its hand text where the file has one (checked to agree), else
    the text made from its effects."""
    hand = card.text_ja if lang == "ja" else card.text
    return hand or made_text(m, card, lang)


def problems(m) -> list[str]:
    """Every trade card whose hand text contradicts its effects."""
    out: list[str] = []
    for i, t in enumerate(m.trade_cards):
        if t.text or t.text_ja:
            try:
                made = (made_text(m, t, "en"), made_text(m, t, "ja"))
            except SoanError:
                continue  # an effect missing its fields: check() names it
            out += override_problems(f"trade_cards[{i}] (id {t.id})", (t.text, t.text_ja), made, TERMS)
    return out

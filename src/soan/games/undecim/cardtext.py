"""Undecim's action-card texts, made from each card's effects (UN-C1's vocabulary) in English and
Japanese. A card's `text`/`text_ja` in the component file overrides the made text only while it says
the same (core/cardtext.py); the component check refuses it otherwise."""

from __future__ import annotations

from ...core.cardtext import override_problems, zen
from ...core.errors import SoanError

SIDE_EN = {"any": ("card", "cards"), "land": ("land", "lands"), "resource": ("resource", "resources"),
           "enemy": ("enemy", "enemies"), "gold": ("gold", "gold")}
SIDE_JA = {"any": "リソース", "land": "土地", "resource": "資源", "enemy": "敵", "gold": "金"}
WHAT = {"settlements": ("settlement", "入植地"), "lands": ("land card", "土地"), "enemies": ("enemy", "敵")}
TERMS = (("deck", "land", "resource", "enem", "gold", "settle", "develop", "VP"),
         ("山から", "土地", "資源", "敵", "金", "入植", "発展", "VP"))


CONDITION = {  # UN-C2 scenario tests, in words (scenario cards)
    "settlements": ("{n}+ settlements", "入植地を{n}つ以上持つ"),
    "settlement_size": ("a settlement of {n}+ cards", "{n}枚以上の入植地を持つ"),
    "mixed_size": ("a mixed settlement of {n}+ cards", "{n}枚以上の混合入植地を持つ"),
    "land_kinds": ("{n}+ kinds of land", "土地を{n}種類以上持つ"),
    "one_land": ("{n}+ cards of one land", "同じ土地を{n}枚以上持つ"),
    "lands": ("{n}+ land cards in all", "土地を合計{n}枚以上持つ"),
    "enemies": ("{n}+ enemies", "敵を{n}枚以上持つ"),
    "gold": ("{n}+ gold", "金を{n}枚以上持つ"),
    "resources": ("{n}+ loose resources", "入植していない資源を{n}枚以上持つ"),
}
RULE_CHANGE = {
    "buildings": ("buildings score {v} by size 2/3/4/5+", "建築の得点が大きさ2/3/4/5以上で{v}になる"),
    "gold_rate": ("each gold scores {v} VP per settlement", "金１枚が入植地１つにつき{v}VPになる"),
    "land_majority": ("land majority scores {v} (alone/tied)", "土地の多数派が{v}VP（単独／同数）になる"),
    "enemy_penalty": ("the fewest enemies lose {v} VP (alone/tied)", "敵が最も少ない人の失点が{v}VP（単独／同数）になる"),
}

def condition_text(sc, lang: str) -> str:
    """A scenario card's condition in words."""
    en, ja = CONDITION[sc.condition.test]
    return (ja if lang == "ja" else en).format(n=sc.condition.n)


def rule_change_text(sc, lang: str) -> str:
    """A scenario card's rule change for later seasons in words ('' when it has none)."""
    rc = getattr(sc, "rule_change", None)
    if not rc:
        return ""
    d = rc if isinstance(rc, dict) else rc.model_dump(exclude_none=True)
    parts = []
    for k, v in d.items():
        if v is None or k not in RULE_CHANGE:
            continue
        val = "/".join(map(str, v)) if isinstance(v, list | tuple) else str(v)
        en, ja = RULE_CHANGE[k]
        parts.append((ja if lang == "ja" else en).format(v=val))
    return ("、" if lang == "ja" else "; ").join(parts)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _en(e, more: bool) -> str:
    n = e.n
    if e.op == "gain":
        noun = SIDE_EN[e.side][n != 1]
        tail = " (either side)" if e.side == "any" else ""
        return (f"gain {n} more {noun}{tail}" if more else f"gain {n} {noun} from the frontier{tail}")
    if e.op == "draw":
        return f"draw {n} card{'s' * (n != 1)} from the deck and gain {'them' if n != 1 else 'it'}"
    if e.op == "settle":
        return f"settle {_times(n)}" + (" more" if more else "")
    if e.op == "develop":
        return f"develop {_times(n)} more" if more else f"develop up to {_times(n)}"
    if e.op == "vp_per":
        return f"gain 1 VP per {WHAT[e.what][0]} you have"
    raise SoanError(f"undecim card text: no words for effect {e.op!r}")  # boost is a sentence of its own


def _ja(e, more: bool) -> tuple[str, str]:
    """The clause in its joining form (…し、) and its final form (…する)."""
    n = zen(e.n)
    if e.op == "gain":
        tail = "（上下自由）" if e.side == "any" else ""
        head = f"さらに{SIDE_JA[e.side]}を{n}枚" if more else f"開拓地から{SIDE_JA[e.side]}を{n}枚"
        return f"{head}獲得し{tail}", f"{head}獲得する{tail}"
    if e.op == "draw":
        return f"山から{n}枚引いて獲得し", f"山から{n}枚引いて獲得する"
    if e.op == "settle":
        head = f"さらに入植を{n}回" if more else f"入植を{n}回"
        return f"{head}行い", f"{head}行う"
    if e.op == "develop":
        return (f"さらに{n}回発展し", f"さらに{n}回発展する") if more else (f"発展を{n}回まで行い", f"発展を{n}回まで行う")
    if e.op == "vp_per":
        w = WHAT[e.what][1]
        return f"{w}１つにつき１ＶＰを得て", f"{w}１つにつき１ＶＰを得る"
    raise SoanError(f"undecim card text: no words for effect {e.op!r}")


def _sentence_en(effects, more: bool, whole: bool = True) -> str:
    s = ", then ".join(_en(e, more) for e in effects)
    return s[:1].upper() + s[1:] + "." if whole else s


def _sentence_ja(effects, more: bool) -> str:
    forms = [_ja(e, more) for e in effects]
    return "、".join([f[0] for f in forms[:-1]] + [forms[-1][1]]) if forms else ""


def made_text(card, lang: str) -> str:
    """A card's text made from its effects: plain effects first, each boost as a sentence of its own."""
    if lang not in ("en", "ja"):
        raise SoanError(f"undecim card text: lang is 'en' or 'ja', got {lang!r}")
    effects = getattr(card, "effects", None)
    if not effects:
        raise SoanError(f"undecim card text: {card!r} has no effects to write")
    out: list[str] = []
    run: list = []

    def flush() -> None:
        if run:
            out.append(_sentence_en(run, False) if lang == "en" else _sentence_ja(run, False) + "。")
            run.clear()

    for e in effects:
        if e.op != "boost":
            run.append(e)
            continue
        flush()
        more = any(x.op in ("gain", "settle", "develop") for x in effects if x.op != "boost")
        if lang == "en":
            out.append(f"You may pay {e.gold} gold: {_sentence_en(e.then, more, whole=False)}.")
        else:
            out.append(f"金{zen(e.gold)}枚を払えば、{_sentence_ja(e.then, more)}。")
    flush()
    return (" " if lang == "en" else "").join(out)


def card_text(card, lang: str) -> str:
    """What a player reads on the card: its hand text where the file has one (checked to agree), else
    the text made from its effects."""
    hand = card.text_ja if lang == "ja" else card.text
    return hand or made_text(card, lang)


def problems(m) -> list[str]:
    """Every action card whose hand text contradicts its effects."""
    out: list[str] = []
    for i, a in enumerate(m.action_cards):
        if a.text or a.text_ja:
            out += override_problems(f"action_cards[{i}] (id {a.id})", (a.text, a.text_ja),
                                     (made_text(a, "en"), made_text(a, "ja")), TERMS)
    return out

"""The words answers are made of: bot levels, settings, figures with their intervals, verbs per measure."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ...agents.names import bot_label
from ...core import words
from ...core.game import game_info
from ..ask.schema import SettingSpec, Texts
from ..report import variant_label

W = words.pairs("ask")  # core/words/*.toml


def w(key: str, lang: str) -> str:
    en, ja = W[key]
    return ja if lang == "ja" else en


def _bot(b: str, lang: str) -> str:
    return bot_label(b, lang)


def who(b: str, lang: str, game: str | None = None) -> str:
    """A bot level as the designer reads it: 中級ボット（貪欲） / normal bots (greedy), ランダムボット / random bots."""
    from ...agents import LEVELS, level_spec

    lv = next((lv for lv in ("normal", "hard", "easy")
               if b in (lv, LEVELS[lv]) or (game is not None and b == level_spec(lv, game))), None)
    if lang == "ja":
        from ...agents.names import BOT_JA

        if lv is not None and b != lv:
            return f"{BOT_JA[lv]}ボット（{bot_label(b, 'ja')}）"
        return f"{bot_label(b, 'ja')}ボット"
    return f"{lv} bots ({b})" if lv is not None and b != lv else f"{b} bots"


def fmt(x: float | None, kind: str, signed: bool = False, bound: bool = False) -> str:
    """`bound`: an interval's end, whose sign says on which side of zero it lies, kept even when it rounds
    to nothing (−0.00 to +0.30 crosses zero); elsewhere a value that rounds to nothing is +0.00."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    if not bound and round(x, 3 if kind == "pct" else 2) == 0:
        x = 0.0
    if kind == "pct":
        return f"{x:+.1%}" if signed else f"{x:.1%}"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def label(game: str, s: SettingSpec, lang: str, short: bool = False) -> str:
    """A compared setting as the reader sees it: its rule IDs with their meaning (AD-V7（…）, AD-V7 (set weight));
    `short`: the IDs alone (AD-V7), for a line that follows one which gave the meaning."""
    if s.get("label"):
        return s["label"]["ja" if lang == "ja" else "en"]
    info = game_info(game)
    parts = []
    for v in s.get("variants", []):
        var = info.variants.get(v)
        parts.append(var.rule if short and var is not None and var.rule else variant_label(game, v, lang))
    for k, x in (s.get("params") or {}).items():
        p = info.params.get(k)
        if lang == "ja" and p is not None:
            val = "・".join(map(str, x)) if isinstance(x, list | tuple) else str(x).replace(",", "・")
            doc = (p.doc_ja or p.doc).removesuffix(f"（{p.rule}）")
            parts.append(f"{p.rule}＝{val}" if short and p.rule else f"{p.rule or k}（{doc}）＝{val}")
        else:
            parts.append(f"{k}={x}")
    return " + ".join(parts) or w("base", lang)


def setting_name(q: Mapping[str, Any], lang: str) -> str:
    name: Texts = q["name"]
    return name["ja" if lang == "ja" else "en"]


def exact_words(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def figure_text(q: Mapping[str, Any], r: Mapping[str, Any], lang: str) -> str:
    """'a → b, difference d (95% range lo to hi)'; for a verdict of no difference that matters, the range
    its equivalence test uses (90% for one comparison, wider after Holm), which lies inside the margin."""
    f = q.get("format", "num")
    body = f"{fmt(r['a'], f)} → {fmt(r['b'], f)}"
    ci, pct = r["ci"], "95%"
    if r.get("negligible") and r.get("ci_equiv"):
        ci, pct = r["ci_equiv"], f"{r['ci_equiv_level']:.0%}"
    if r.get("diff") is not None and ci[0] is not None:
        lo, hi = fmt(ci[0], f, True, bound=True), fmt(ci[1], f, True, bound=True)
        rng = f"{lo}〜{hi}" if lang == "ja" else f"{lo} to {hi}"
        body += (f"、差 {fmt(r['diff'], f, True)}（{pct}の範囲 {rng}）" if lang == "ja"
                 else f", difference {fmt(r['diff'], f, True)} ({pct} range {rng})")
    return body


def verb(q: Mapping[str, Any], r: Mapping[str, Any], e: str, lang: str) -> tuple[str, str]:
    """A clear difference in words that fit the question's measure: what the setting does to it, then
    whether that is what the question hopes for (its `better`). The verb is the question's own
    (`verbs: {ja: [up, down], en: [up, down]}`, e.g. 広げる / 狭める for a spread), else by the measure's
    format: a share goes up or down (上げる / 下げる, raises / lowers), a count grows or shrinks (増やす /
    減らす, increases / decreases); a share that should be near chance is brought closer to it or moved
    away. "Improves" said of a count of turns cut short read as fewer of them."""
    ja = lang == "ja"
    if q.get("better") == "closer":
        word = (("期待値に近づける", "期待値から遠ざける") if ja else ("brings", "moves"))[e != "better"]
        if not ja:
            return word, " closer to chance" if e == "better" else " away from chance"
        return word, ""
    up = (r.get("diff") or 0) > 0
    own = (q.get("verbs") or {}).get("ja" if ja else "en")
    if own:
        pair = own
    elif q.get("format") == "pct":
        pair = ("上げる", "下げる") if ja else ("raises", "lowers")
    else:
        pair = ("増やす", "減らす") if ja else ("increases", "decreases")
    aim = w("aim_" + e, lang)
    return pair[0 if up else 1], (f"（{aim}）" if ja else f", {aim}")


def _the(name: str, count: bool = False) -> str:
    """A measure's English name as an object: "the share of turns…", and a count's "the number of
    requests completed"."""
    if name.startswith("the "):
        return name
    return ("the number of " if count else "the ") + name


def object_words(q: Mapping[str, Any], name: str) -> str:
    """The measure as the English verdict's object: a count without its own verbs is "the number of …"."""
    return _the(name, count=q.get("format", "num") != "pct" and not q.get("verbs") and q.get("better") != "closer")


def versus(game: str, q: Mapping[str, Any], lang: str) -> str:
    """What a setting is compared with, when the question's base is not the plain game (LS-V2 measured
    under LS-V1): 「LS-V1のみと比べると、」 / "against LS-V1 alone, "; else nothing."""
    base: SettingSpec = q.get("base") or SettingSpec()
    if not base.get("variants") and not base.get("params"):
        return ""
    b = label(game, base, lang, short=True)
    return f"{b}のみと比べると、" if lang == "ja" else f"against {b} alone, "


def duration(seconds: float, lang: str) -> str:
    """A time people read: whole seconds under a minute (never "about 1 min" for 0.02 s), else minutes."""
    if seconds < 59.5:
        s = max(1, round(seconds))
        return f"{s}秒" if lang == "ja" else f"{s} s"
    m = round(seconds / 60)
    return f"{m}分" if lang == "ja" else f"{m} min"


def card_name(game: str, key: str, lang: str) -> str:
    f = game_info(game).hooks.card_name
    return f(key, lang) if f else key

"""The answers of `soan ask` in words (Japanese or English) and as one HTML report with a figure each.

A verdict is the lead bot level's (the competent one, normal); other levels are labelled context.
Verdict lines are plain words; how they were reached (paired games, the correction, the equivalence
test, the plan's size) is the report's footnote."""

from __future__ import annotations

import html
import math
import re
import textwrap
from pathlib import Path
from typing import Any

from ..core import words
from ..core.game import game_info
from .balance import fix_html
from .report import _fig_html, _plt, bot_label, variant_label
from .seatadv import position_name, seat_name, share_text

W = words.pairs("ask")  # core/words/*.toml


def w(key: str, lang: str) -> str:
    en, ja = W[key]
    return ja if lang == "ja" else en


def _bot(b: str, lang: str) -> str:
    return bot_label(b, lang)


def who(b: str, lang: str, game: str | None = None) -> str:
    """A bot level as the designer reads it: 中級ボット（貪欲） / normal bots (greedy), ランダムボット / random bots."""
    from ..agents import LEVELS, level_spec

    lv = next((lv for lv in ("normal", "hard", "easy")
               if b in (lv, LEVELS[lv]) or (game is not None and b == level_spec(lv, game))), None)
    if lang == "ja":
        from ..agents.names import BOT_JA

        if lv is not None and b != lv:
            return f"{BOT_JA[lv]}ボット（{bot_label(b, 'ja')}）"
        return f"{bot_label(b, 'ja')}ボット"
    return f"{lv} bots ({b})" if lv is not None and b != lv else f"{b} bots"


def _fmt(x: float | None, kind: str, signed: bool = False, bound: bool = False) -> str:
    """`bound`: an interval's end, whose sign says on which side of zero it lies, kept even when it rounds
    to nothing (−0.00 to +0.30 crosses zero); elsewhere a value that rounds to nothing is +0.00."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    if not bound and round(x, 3 if kind == "pct" else 2) == 0:
        x = 0.0
    if kind == "pct":
        return f"{x:+.1%}" if signed else f"{x:.1%}"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def label(game: str, s: dict, lang: str, short: bool = False) -> str:
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


def _name(q: dict, lang: str) -> str:
    return q["name"]["ja" if lang == "ja" else "en"]


def _exact(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def _figure(q: dict, r: dict, lang: str) -> str:
    """'a → b, difference d (95% range lo to hi)'; for a verdict of no difference that matters, the range
    its equivalence test uses (90% for one comparison, wider after Holm), which lies inside the margin."""
    f = q.get("format", "num")
    body = f"{_fmt(r['a'], f)} → {_fmt(r['b'], f)}"
    ci, pct = r["ci"], "95%"
    if r.get("negligible") and r.get("ci_equiv"):
        ci, pct = r["ci_equiv"], f"{r['ci_equiv_level']:.0%}"
    if r.get("diff") is not None and ci[0] is not None:
        lo, hi = _fmt(ci[0], f, True, bound=True), _fmt(ci[1], f, True, bound=True)
        rng = f"{lo}〜{hi}" if lang == "ja" else f"{lo} to {hi}"
        body += (f"、差 {_fmt(r['diff'], f, True)}（{pct}の範囲 {rng}）" if lang == "ja"
                 else f", difference {_fmt(r['diff'], f, True)} ({pct} range {rng})")
    return body


def _verb(q: dict, r: dict, e: str, lang: str) -> tuple[str, str]:
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


def _obj(q: dict, name: str) -> str:
    """The measure as the English verdict's object: a count without its own verbs is "the number of …"."""
    return _the(name, count=q.get("format", "num") != "pct" and not q.get("verbs") and q.get("better") != "closer")


def _versus(game: str, q: dict, lang: str) -> str:
    """What a setting is compared with, when the question's base is not the plain game (LS-V2 measured
    under LS-V1): 「LS-V1のみと比べると、」 / "against LS-V1 alone, "; else nothing."""
    base = q.get("base") or {}
    if not base.get("variants") and not base.get("params"):
        return ""
    b = label(game, base, lang, short=True)
    return f"{b}のみと比べると、" if lang == "ja" else f"against {b} alone, "


def _duration(seconds: float, lang: str) -> str:
    """A time people read: whole seconds under a minute (never "about 1 min" for 0.02 s), else minutes."""
    if seconds < 59.5:
        s = max(1, round(seconds))
        return f"{s}秒" if lang == "ja" else f"{s} s"
    m = round(seconds / 60)
    return f"{m}分" if lang == "ja" else f"{m} min"


def _sentence(game: str, q: dict, r: dict, bot: str, lang: str, context: bool = False) -> str:
    """One comparison in plain words: what the rule change does to the question's measure (a context
    level's line follows the lead's on the same setting: the setting by its rule IDs alone)."""
    lab = label(game, r["against"], lang, short=context)
    nm = _name(q, lang) if bot != q.get("chance_bot") or "name_raw" not in q else q["name_raw"]["ja" if lang == "ja" else "en"]
    e = r["effect"]
    n = r["n"]
    f = q.get("format", "num")
    b = who(bot, lang, game)
    if lang == "ja":
        if e in ("better", "worse") and r.get("negligible"):  # a real difference, inside the margin
            word, aim = _verb(q, r, e, lang)
            s = (f"{lab}は{nm}をわずかに{word}{aim}。ただし差は意味のある幅（±{_fmt(q.get('margin'), f)}）"
                 f"より小さい：{_figure(q, r, lang)}")
        elif e in ("better", "worse"):
            word, aim = _verb(q, r, e, lang)
            s = f"{lab}は{nm}を{word}{aim}：{_figure(q, r, lang)}"
        elif e == "negligible":
            s = f"{lab}は{nm}に意味のある差を生まない（差は±{_fmt(q.get('margin'), f)}以内）：{_figure(q, r, lang)}"
        elif e == "no_events":
            s = f"{lab}では判断できない：{n}ゲームのどちらの側でも{nm}は{_fmt(r['a'], f)}のままだった（起きていない）"
        elif e == "no_spread":
            s = f"{lab}では判断できない：{n}ゲームのどれでも{nm}の差が同じ（{_fmt(r['diff'], f, True)}）で、ばらつきがない"
        else:
            s = f"{lab}で{nm}が変わるかは、まだはっきりしない：{_figure(q, r, lang)}"
        s = _versus(game, q, lang) + s
        early = w("stopped_early", lang) if r.get("stopped_early") and not context else ""
        s = (f"参考：{b}では、" + s if context else s) + f"（{b}同士、{n}ゲーム{early}）。"
        if r.get("same_play") and not context:
            s += w("unresponsive", lang).format(n=n)
        return s + ("" if context else _fired_line(r, lang) + _planning_line(r, lang))
    if e in ("better", "worse") and r.get("negligible"):  # a real difference, inside the margin
        word, aim = _verb(q, r, e, lang)
        s = (f"{lab} {word} {_obj(q, nm)} slightly{aim}, but by less than what matters (within "
             f"±{_fmt(q.get('margin'), f)}): {_figure(q, r, lang)}")
    elif e in ("better", "worse"):
        word, aim = _verb(q, r, e, lang)
        s = f"{lab} {word} {_obj(q, nm)}{aim}: {_figure(q, r, lang)}"
    elif e == "negligible":
        s = f"{lab} makes no difference that matters to {nm} (within ±{_fmt(q.get('margin'), f)}): {_figure(q, r, lang)}"
    elif e == "no_events":
        s = f"{lab} cannot be judged: {nm} stayed {_fmt(r['a'], f)} on both sides in all {n} games (it never happened)"
    elif e == "no_spread":
        s = (f"{lab} cannot be judged: every one of {n} games gave the same difference in {nm} "
             f"({_fmt(r['diff'], f, True)}), no spread")
    else:
        s = f"whether {lab} changes {nm} is not clear yet: {_figure(q, r, lang)}"
    s = _versus(game, q, lang) + s
    early = w("stopped_early", lang) if r.get("stopped_early") and not context else ""
    s = (f"For context, with {b}: " + s if context else s[:1].upper() + s[1:]) + f" ({b}, {n} games{early})."
    if r.get("same_play") and not context:
        s += " " + w("unresponsive", lang).format(n=n)
    return s + ("" if context else _fired_line(r, lang) + _planning_line(r, lang))


def _fired_line(r: dict, lang: str) -> str:
    """How often the compared rule took effect in the games the verdict rests on; when never, that the
    effect comes from the players avoiding it."""
    out = ""
    for f in r.get("fired") or []:
        if f["games_share"] == 0:
            out += (f"この{f['games']}ゲームで{f['rule']}は一度も効果を発揮しなかった。差はこのルールを避ける"
                    f"遊び方から来ている。" if lang == "ja" else
                    f" {f['rule']} never took effect in these {f['games']} games: the difference comes from the "
                    f"players avoiding it.")
        else:
            out += (f"{f['rule']}が効果を発揮した回数：１ゲームあたり{f['per_game']:.2f}回（{f['games_share']:.0%}の"
                    f"ゲームで）。" if lang == "ja" else
                    f" {f['rule']} took effect {f['per_game']:.2f} times a game (in {f['games_share']:.0%} of the games).")
    return out


def _planning_line(r: dict, lang: str) -> str:
    """The planning check (`soan ask --check-bots`): does a bot that plans with the rule do better?"""
    p = r.get("planning")
    if not p or not p["n"]:
        return ""
    lo, hi = p["ci"]
    d = p["diff"]
    shown = abs(d) if p["verdict"] in ("pays", "costs") and d is not None else d  # "more"/"less" carry the sign
    fill = {"diff": ("—" if shown is None else f"{shown:.2f}" if p["verdict"] in ("pays", "costs") else f"{shown:+.2f}"),
            "n": p["n"],
            "lo": f"{lo:+.2f}" if lo is not None else "—", "hi": f"{hi:+.2f}" if hi is not None else "—"}
    return ("" if lang == "ja" else " ") + w("planning_" + p["verdict"], lang).format(**fill)


def _levels_line(game: str, ans: dict, lang: str) -> list[str]:
    """Whether the bot levels agree: only when all are clear and give the same answer; else who said what."""
    bots = list(ans["by_bot"])
    if len(bots) < 2:
        return []
    lead, ctx = bots[0], bots[1]
    L, C = who(lead, lang, game), who(ctx, lang, game)
    if ans.get("agree") is True:
        return [f"{L}と{C}の両方で同じ答えになった。" if lang == "ja" else f"The same answer holds with {L} and {C}."]
    if ans.get("agree") is False and ctx.split(":")[0] == "random":  # a reference, not a level of skill
        return [f"{C}では答えが異なる。{C}は戦略を持たない参考の線で、技量の段階ではない（ルールそのものの効き方を示す）。"
                f"上の結論は{L}のもの。" if lang == "ja"
                else f"With {C} the answer differs; random players are a reference line (the rules' own effect without "
                     f"strategy), not a level of skill. The verdict above is that of the {L}."]
    if ans.get("agree") is False:
        return [f"{L}と{C}では答えが異なる。上の結論は{L}のもの。答えは打ち方の強さによって変わる。" if lang == "ja"
                else f"The answers differ between {L} and {C}; the verdict above is that of the {L}. The answer depends on "
                     "how well the game is played."]
    return []  # a level not clear yet says so in its own line


def compare_lines(game: str, ans: dict, lang: str) -> list[str]:
    q = ans["q"]
    bots = list(ans["by_bot"])
    lead = bots[0]
    rows0 = ans["by_bot"][lead]["rows"]
    out = []
    for i, r in enumerate(rows0):
        if len({x["players"] for x in rows0}) > 1:
            pl = w("players", lang).format(p=r["players"])
            r = {**r, "against": {**r["against"], "label": {lang: label(game, r["against"], lang) +
                                                          (f"（{pl}）" if lang == "ja" else f" ({pl})")}}}
        s = _sentence(game, q, r, lead, lang)
        more = []
        for k, d in r.get("also", {}).items():
            nm = ans.get("names", {}).get(k)
            if nm and d["diff"] is not None:
                more.append(f"{nm['ja' if lang == 'ja' else 'en']} {_fmt(d['a'], 'num')} → {_fmt(d['b'], 'num')}")
        if more:
            s += ("（あわせて：" + "、".join(more) + "）") if lang == "ja" else (" (also: " + "; ".join(more) + ")")
        out.append(s)
        for b in bots[1:]:
            rb = ans["by_bot"][b]["rows"][i]
            out.append(_sentence(game, q, {**rb, "against": r["against"]}, b, lang, context=True))
    out += _levels_line(game, ans, lang)
    for x in ans.get("exact") or []:
        vals = x["values"]
        pairs = ("、" if lang == "ja" else "; ").join(
            f"{label(game, s, lang)} {_exact(vals[0])} → {_exact(v)}"
            for s, v in zip(q["against"], vals[1:], strict=True))
        nm = x["name"]["ja" if lang == "ja" else "en"]
        out.append(f"厳密計算（ゲームを遊ばずに全組み合わせから）：{nm}は {pairs}。" if lang == "ja"
                   else f"Exact (every combination, no games played): {nm}: {pairs}.")
    return out


def level_lines(game: str, ans: dict, lang: str) -> list[str]:
    out = []
    for k, (b, res) in enumerate(ans["by_bot"].items()):
        figs = [f"{r['name']['ja' if lang == 'ja' else 'en']} {_fmt(r['value'], r.get('format', 'num'))}"
                + (f"（95%の範囲 {_fmt(r['ci'][0], r.get('format', 'num'))}〜{_fmt(r['ci'][1], r.get('format', 'num'))}）"
                   if lang == "ja" else
                   f" (95% range {_fmt(r['ci'][0], r.get('format', 'num'))} to {_fmt(r['ci'][1], r.get('format', 'num'))})")
                for r in res["rows"]]
        n = res["rows"][0]["games"] if res["rows"] else 0
        bw = who(b, lang, game)
        if lang == "ja":
            out.append(("参考：" if k else "") + f"{bw}同士（{n}ゲーム）：" + "、".join(figs) + "。"
                       + ("" if res["clear"] or k else "まだ幅が広く、はっきりした数値ではない。"))
        else:
            out.append(("For context, " if k else "") + f"{bw} ({n} games): " + "; ".join(figs) + "."
                       + ("" if res["clear"] or k else " The ranges are still wide: not a clear figure yet."))
    return out


def seats_lines(game: str, ans: dict, lang: str) -> list[str]:
    out = []
    for k, (b, res) in enumerate(ans["by_bot"].items()):
        bw = who(b, lang, game)
        for P in sorted({r["players"] for r in res["rows"]}):
            rows = [r for r in res["rows"] if r["players"] == P]
            parts = []
            for r in rows:
                nm = position_name(r["k"], P, lang) if r["by"] == "turn_pos" else seat_name(r["k"], lang)
                parts.append(f"{nm} {share_text(r['win_share'], r['ci'], lang)}")
            c = rows[0]["chance"]
            if lang == "ja":
                out.append(("参考：" if k else "") + f"{bw}同士・{P}人（{rows[0]['games']}ゲーム、期待値 {c:.0%}）："
                           + "、".join(parts) + "。")
            else:
                out.append(("For context, " if k else "") + f"{bw}, {P} players ({rows[0]['games']} games, chance {c:.0%}): "
                           + "; ".join(parts) + ".")
        m = res.get("margin", 0.05)
        found = [r for r in res["rows"] if r["significant"]]
        if k:
            continue
        if found:
            names = []
            for r in found:
                nm = position_name(r["k"], r["players"], lang) if r["by"] == "turn_pos" else seat_name(r["k"], lang)
                up = r["win_share"] > r["chance"]
                names.append(f"{nm}（{r['players']}人）は{'有利' if up else '不利'}" if lang == "ja"
                             else f"{nm} ({r['players']} players) {'has an advantage' if up else 'is at a disadvantage'}")
            out.insert(0, ("結論：" + "、".join(names) + "。") if lang == "ja" else ("Verdict: " + "; ".join(names) + "."))
        else:  # by turn position, or by seat for a game whose players choose together (no turn order)
            by_pos = all(r["by"] == "turn_pos" for r in res["rows"])
            what = ("手番順" if by_pos else "席") if lang == "ja" else ("turn position" if by_pos else "seat")
            if res["clear"]:
                out.insert(0, f"結論：どの{what}にも意味のある有利不利はない（どれも期待値±{m:.0%}以内）。" if lang == "ja"
                           else f"Verdict: no {what} has an advantage that matters (all within chance ± {m:.0%}).")
            else:
                out.insert(0, f"結論：まだはっきりしない。突出した{what}はないが、±{m:.0%}以内とも言い切れない。" if lang == "ja"
                           else f"Verdict: not clear yet. No {what} stands out, nor is each shown within chance ± {m:.0%}.")
    return out + _levels_line(game, ans, lang)


def _card_name(game: str, key: str, lang: str) -> str:
    f = game_info(game).hooks.card_name
    return f(key, lang) if f else key


def cards_lines(game: str, ans: dict, lang: str) -> list[str]:
    out = []
    m = ans["q"].get("margin", 0.05)
    for k, (b, res) in enumerate(ans["by_bot"].items()):
        P = res["players"]
        flagged = [r for r in res["rows"] if r.get("flag")]
        bw = who(b, lang, game)
        n = max((r["games"] for r in res["rows"]), default=0)
        if flagged:
            items = []
            for r in sorted(flagged, key=lambda r: -r["win_share"]):
                f = w("flag_strong", lang) if r["win_share"] > 1 / P else w("flag_weak", lang)
                if lang == "ja":  # a sentence a reader can say: the card, its win share, the verdict
                    items.append(f"{_card_name(game, r['card'], lang)}は勝率{r['win_share']:.0%}"
                                 f"（95%の範囲 {r['ci'][0]:.0%}〜{r['ci'][1]:.0%}）で{f}")
                else:
                    items.append(f"{_card_name(game, r['card'], lang)} {r['win_share']:.0%}"
                                 f" (95% range {r['ci'][0]:.0%} to {r['ci'][1]:.0%}) {f}")
            txt = ("。".join(items) + "。") if lang == "ja" else ("; ".join(items) + ".")
        elif res["clear"]:
            txt = (f"突出したカードはない（どのカードも、使ったプレイヤーの勝率が期待値±{m:.0%}以内）。" if lang == "ja"
                   else f"no card stands out (every card's win share when played is within chance ± {m:.0%}).")
        else:
            txt = (f"まだはっきりしない。突出したカードはないが、１枚あたり多くて{n}ゲームでは、どのカードも期待値±{m:.0%}以内"
                   "とまでは言い切れない。" if lang == "ja"
                   else f"not clear yet: no card stands out, but with at most {n} games a card, not every card can be "
                   f"shown to be within chance ± {m:.0%}.")
        if lang == "ja":
            out.append(("参考：" if k else "結論：") + f"{bw}同士（{P}人、期待値 {1 / P:.0%}）では、{txt}")
        else:
            out.append(("For context, " if k else "Verdict: ") + f"{bw} ({P} players, up to {n} games, chance {1 / P:.0%}): {txt}")
    return out + _levels_line(game, ans, lang)


def words_lines(game: str, ans: dict, lang: str) -> list[str]:
    return [ans["q"]["words"]["ja" if lang == "ja" else "en"]]


def _round2(n: int) -> str:
    """A need in two significant figures, with thousands separated (4168 → 4,200)."""
    k = max(0, len(str(int(n))) - 2)
    return f"{round(n, -k):,}"


def need_line(game: str, ans: dict, lang: str) -> str:
    """What a clear answer would take: the games a study and, priced, the command that asks it alone in a
    new folder (the same cores and bots); above MAX_N, more than any plan makes."""
    from .ask.asker import MAX_N

    if ans["need"] > MAX_N:
        return w("need_over", lang).format(n=f"{MAX_N:,}")
    alone, how = ans.get("alone_s"), ans.get("alone")
    if not alone or not how:
        return w("need", lang).format(n=_round2(ans["need"]))
    cmd = f"soan ask {game} {ans['id']} --budget {max(1, math.ceil(alone / 60))}m -j {how['jobs']} --out {how['out']}"
    if how.get("bots"):
        cmd += f" --bots {how['bots']}"
    if how.get("seed"):
        cmd += f" --seed {how['seed']}"
    return w("need_alone", lang).format(n=_round2(ans["need"]), cmd=cmd)


def lines(game: str, ans: dict, lang: str) -> list[str]:
    fn = {"compare": compare_lines, "level": level_lines, "seats": seats_lines, "cards": cards_lines,
          "dealt": cards_lines, "words": words_lines}[ans["kind"]]
    out = fn(game, ans, lang)
    if ans.get("need") and not ans.get("clear"):  # an open answer: the games a study it would take
        out.append(need_line(game, ans, lang))
    known = ans["q"].get("known")  # what other measurements add (questions file, e.g. another bot level)
    if known:
        out.append(("別の測定から：" if lang == "ja" else "Known from other measurements: ") + known[lang])
    return out


def _err(rows: list[dict], key: str, lo_hi: tuple[float, float] | None = None) -> list[list[float]]:
    """Error bar lengths below and above each value, from its interval (never negative, 0 when unknown),
    the interval clipped to `lo_hi` (a measure's own range)."""
    def val(x):
        return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)

    def gap(x, y) -> float:
        x, y = val(x), val(y)
        return 0.0 if x is None or y is None else max(0.0, y - x)

    los, his = [], []
    for r in rows:
        lo, hi = r["ci"]
        if lo_hi is not None and val(lo) is not None and val(hi) is not None:
            lo, hi = max(lo, lo_hi[0]), min(hi, lo_hi[1])
        los.append(gap(lo, r[key]))
        his.append(gap(r[key], hi))
    return [los, his]


# --- figures --------------------------------------------------------------------------------------
COLOURS = ["#4c78a8", "#f58518", "#54a24b"]


def _wrap(s: str, lang: str, width: int = 28) -> str:
    return textwrap.fill(s, width // 2 if lang == "ja" else width)


def figure(game: str, ans: dict, lang: str, plt) -> str | None:
    """The answer's figure as an <img> (None for a question answered in words, or with no rows)."""
    kind = ans["kind"]
    if kind == "words":
        return None
    draw = {"compare": _figure_compare, "level": _figure_level, "seats": _figure_seats}.get(kind, _figure_cards)
    return draw(game, ans, lang, plt)


def _figure_compare(game: str, ans: dict, lang: str, plt) -> str | None:
    """Each setting's difference from the base with its interval, one marker per bot level."""
    q = ans["q"]
    bots = list(ans["by_bot"])
    rows0 = ans["by_bot"][bots[0]]["rows"]
    several = len({x["players"] for x in rows0}) > 1
    labs = [_wrap(label(game, r["against"], lang) + (f" ({r['players']})" if several else ""), lang) for r in rows0]
    span = (-1.0, 1.0) if q.get("format") == "pct" else None
    fig, ax = plt.subplots(figsize=(7.5, 1.2 + 0.55 * len(labs) * len(bots)))
    for j, b in enumerate(bots):
        rows = ans["by_bot"][b]["rows"]
        y = [i * (len(bots) + 1) + j for i in range(len(rows))]
        d = [r["diff"] if r["diff"] is not None else math.nan for r in rows]
        ax.errorbar(d, y, xerr=_err(rows, "diff", span), fmt="o", color=COLOURS[j], capsize=4,
                    label=who(b, lang, game))
    ax.axvline(0, color="#888", lw=1)
    if q.get("margin"):
        ax.axvspan(-q["margin"], q["margin"], color="#ddd", alpha=0.5, lw=0)
    ax.set_yticks([i * (len(bots) + 1) + (len(bots) - 1) / 2 for i in range(len(labs))], labs, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(_wrap(f"{w('diff', lang)}: {_name(q, lang)}", lang, 90))
    ja = lang == "ja"
    ax.set_title(textwrap.fill(q["ja" if ja else "en"], 44 if ja else 90), fontsize=9)
    ax.legend(fontsize=8, loc="best")
    return _fig_html(fig)


def _figure_level(game: str, ans: dict, lang: str, plt) -> str | None:
    """One panel per measure: each bot level's value with its interval."""
    bots = list(ans["by_bot"])
    rows = ans["by_bot"][bots[0]]["rows"]
    fig, axes = plt.subplots(1, len(rows), figsize=(4.2 * len(rows), 3.2), squeeze=False)
    for ax, (k, r) in zip(axes[0], enumerate(rows), strict=True):
        vals = [ans["by_bot"][b]["rows"][k] for b in bots]
        span = (0.0, 1.0) if r.get("format") == "pct" else None
        ax.bar([_wrap(who(b, lang, game), lang, 16) for b in bots], [v["value"] for v in vals],
               yerr=_err(vals, "value", span), color=COLOURS[:len(bots)], capsize=4)
        ax.set_ylim(bottom=0)
        ax.tick_params(axis="x", labelsize=7)
        ax.set_ylabel(_wrap(r["name"]["ja" if lang == "ja" else "en"], lang, 44), fontsize=8)
    fig.tight_layout()
    return _fig_html(fig)


def _figure_seats(game: str, ans: dict, lang: str, plt) -> str | None:
    """One panel per player count: the win share of each turn position (or seat) against chance."""
    bots = list(ans["by_bot"])
    players = sorted({r["players"] for r in ans["by_bot"][bots[0]]["rows"]})
    fig, axes = plt.subplots(1, len(players), figsize=(4.5 * len(players), 3.4), squeeze=False)
    every = [r for b in bots for r in ans["by_bot"][b]["rows"]]
    top = max([r["ci"][1] for r in every if r["ci"][1] is not None and not math.isnan(r["ci"][1])]
              + [r["win_share"] for r in every])
    by = ans["by_bot"][bots[0]]["rows"][0]["by"]
    ja = lang == "ja"
    xlabel = (("手番順（1 = スタートプレイヤー）" if ja else "turn position (1 = start player)")
              if by == "turn_pos" else ("席" if ja else "seat"))
    for ax, P in zip(axes[0], players, strict=True):
        for j, b in enumerate(bots):
            rows = [r for r in ans["by_bot"][b]["rows"] if r["players"] == P]
            x = [r["k"] + 1 + (j - (len(bots) - 1) / 2) * 0.35 for r in rows]
            ax.bar(x, [r["win_share"] for r in rows], width=0.35, color=COLOURS[j], label=who(b, lang, game),
                   yerr=_err(rows, "win_share", (0.0, 1.0)), capsize=3)
        ax.axhline(1 / P, color="#e45756", ls="--", label=w("chance", lang))
        ax.set_xticks(range(1, P + 1))
        ax.set_xlabel(xlabel)
        ax.set_ylabel(w("winshare", lang))
        ax.set_ylim(0, min(1.0, max(0.5, top + 0.05)))  # every interval whole, never cut at 50%
        ax.set_title(w("players", lang).format(p=P))
        ax.legend(fontsize=7)
    fig.tight_layout()
    return _fig_html(fig)


def _figure_cards(game: str, ans: dict, lang: str, plt) -> str | None:
    """Each card's win share with its interval against chance (cards, dealt)."""
    bots = list(ans["by_bot"])
    rows = ans["by_bot"][bots[0]]["rows"]
    if not rows:
        return None
    keys = [r["card"] for r in rows]  # the lead level's cards, in the tables' order (numbers as numbers)
    for b in bots[1:]:
        keys += [r["card"] for r in ans["by_bot"][b]["rows"] if r["card"] not in keys]
    names = [_card_name(game, k, lang) for k in keys]
    fig, ax = plt.subplots(figsize=(7, 1.0 + 0.3 * len(keys)))
    for j, b in enumerate(bots):
        by_card = {r["card"]: r for r in ans["by_bot"][b]["rows"]}
        idx = [i for i, k in enumerate(keys) if k in by_card]  # each bot's figures against its own cards
        rr = [by_card[keys[i]] for i in idx]
        ys = [float(i) + (j - (len(bots) - 1) / 2) * 0.3 for i in idx]
        ax.errorbar([r["win_share"] for r in rr], ys, xerr=_err(rr, "win_share", (0.0, 1.0)),
                    fmt="o", color=COLOURS[j], capsize=3, label=who(b, lang, game))
    P = ans["by_bot"][bots[0]]["players"]
    ax.axvline(1 / P, color="#e45756", ls="--", label=w("chance", lang))
    ax.set_yticks(range(len(keys)), names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(w("winshare", lang))
    ax.legend(fontsize=8)
    return _fig_html(fig)


def card_table(game: str, ans: dict, lang: str) -> str:
    if ans["kind"] not in ("cards", "dealt"):
        return ""
    b = list(ans["by_bot"])[0]
    rows = ans["by_bot"][b]["rows"]
    head = (f"<tr><th>{w('card', lang)}</th><th>{w('use', lang)}</th><th>{w('winshare', lang)}</th>"
            f"<th>95%</th><th>{w('kept', lang)}</th></tr>")
    body = "".join(
        f"<tr><td>{html.escape(_card_name(game, r['card'], lang))}</td><td>{r['use']:.0%}</td>"
        f"<td>{r['win_share']:.1%}</td><td>{r['ci'][0]:.1%}–{r['ci'][1]:.1%}</td>"
        f"<td>{'' if r.get('kept') is None else format(r['kept'], '.0%')}</td></tr>" for r in rows)
    return f"<p>{html.escape(who(b, lang, game))}</p><table>{head}{body}</table>"


def _span(ns) -> str:
    """Games a study: one number when every study has it, else the smallest–largest (a plan shared by need)."""
    xs = sorted(set(ns))
    return str(xs[0]) if len(xs) == 1 else f"{xs[0]}–{xs[-1]}"


def _settled_note(res: dict[str, Any], rs: dict[str, Any], lang: str) -> list[str]:
    """The comparisons beyond doubt at the first stage (ask.settled_rows) and the games their stop freed."""
    game = res["game"]
    out: list[str] = []
    settled = (rs or {}).get("settled") or {}
    if settled and any(settled.values()):  # beyond doubt at the first stage: no more games for them
        lead = rs["bot"]
        which = [label(game, r["against"], lang, short=True) for ans in res.get("answers", [])
                 for r in ((ans.get("by_bot") or {}).get(lead) or {}).get("rows", [])
                 if r.get("setting") in settled.get(ans["id"], ())]
        k = len(dict.fromkeys(which))  # a setting settled in two questions (or at 3 and 4 players) counts once
        count = str(k) if lang == "ja" else "one comparison was" if k == 1 else f"{k} comparisons were"
        only = "only it uses" if k == 1 else "only they use"
        line = w("settled", lang).format(count=count,
                                         which=("、" if lang == "ja" else ", ").join(dict.fromkeys(which)))
        if rs.get("freed"):
            line += w("settled_freed", lang).format(freed=rs["freed"], only=only)
        out.append(line)
    return out


def _sharing_notes(res: dict[str, Any], lang: str) -> list[str]:
    """How the plan was shared anew after its first stage (by need), and the comparisons settled then."""
    out: list[str] = []
    rs = res.get("resized")
    asked = sum(1 for x in (rs or {}).get("needs", {}).values() if x)
    if rs and asked:  # the plan shared anew after its first stage, by what each question needs
        met = sum(1 for k in rs["met"] if rs["needs"].get(k))  # a question all settled needs nothing: not counted
        key = "resized" if met else "resized_others" if rs.get("others_met") else "resized_none"
        none = (("見積もった必要数は" if asked == 1 else f"見積もった {asked} 問の必要数はどれも") if lang == "ja"
                else "the one need did not fit" if asked == 1 else f"none of the {asked} needs fitted")
        if lang == "ja":
            given = "見積もれた１問に必要数を割り当て" if asked == 1 else f"見積もれた {asked} 問のうち計画に収まる {met} 問に必要数を割り当て"
        else:
            given = ("the one question whose need could be estimated was given it" if asked == 1 else
                     f"{met} of the {asked} questions whose need could be estimated were given it")
        even = w("even_open" if rs.get("released") else "even_all", lang)
        out.append(w(key, lang).format(after=rs["after"], total=rs["total"], met=met, asked=asked, none=none,
                                       given=given, others=rs.get("others_met", 0), even=even))
    if rs:
        out += _settled_note(res, rs, lang)
    return out


def notes(res: dict[str, Any], lang: str) -> list[str]:
    """The run's notes in words: the plan (budget, price, games per study), a bot level over the budget."""
    from .ask.verdict import CARD_MARGIN, SEAT_MARGIN

    game = res["game"]
    out = []
    if res.get("seed"):  # the whole ask on other games than the default ones
        out.append(w("seed", lang).format(seed=res["seed"]))
    if res.get("continued"):
        out.append(w("resumed", lang).format(folder=res["folder"], s=res.get("before_s", 0)))
    planned = res.get("plan") or {}
    for b in res.get("bots", []):  # the games planned a study (what was played: the `stopped` line, if short)
        ns = sorted({planned.get(k) or n for k, n in res["studies"].items() if res["settings"][k]["bot"] == b})
        c = (res.get("cost") or {}).get(b)
        if ns and c:
            n = _span(ns)
            out.append(w("plan", lang).format(b=res.get("plan_budget_s", res["budget_s"]), who=who(b, lang, game), c=c, n=n))
    for o in res.get("over", []):
        m = _duration(o["needs_s"], lang)
        out.append(w("over", lang).format(who=who(o["bot"], lang, game), m=m, studies=o["studies"], g=o["games"]))
    out += _sharing_notes(res, lang)  # after the first stage, before the clock's last stage or growth
    stopped_early = set((res.get("resized") or {}).get("released", []))  # settled: neither grown nor cut
    for key in ("stopped", "extended"):  # the clock cut the plan short, or the time left grew it
        for st in res.get(key, []):
            names = [k for k in st["reached"] if k not in stopped_early] or list(st["reached"])
            got, planned = _span(st["reached"][k] for k in names), _span(st["planned"][k] for k in names)
            out.append(w(key, lang).format(who=who(st["bot"], lang, game), got=got, planned=planned))
    if res.get("check_bots") == "not_possible":  # --check-bots with a lead bot that cannot plan under other rules
        out.append(w("check_bots_not_possible", lang).format(who=who(res["bots"][0], lang, game)))
    out.append(w("footnote", lang).format(seat=SEAT_MARGIN, card=CARD_MARGIN))
    return out


def _code(x: str) -> str:
    """A command in a line (between backquotes) as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", x)


def write_html(res: dict[str, Any], lang: str, path: str | Path) -> Path:
    game = res["game"]
    info = game_info(game)
    plt = _plt(lang)
    gname = info.name_ja if lang == "ja" else info.name
    parts = [f"<h1>{html.escape(w('title', lang).format(game=gname))}</h1><p>{html.escape(w('method', lang).format(lead=who(res['bots'][0], lang, game)))}</p>"]
    for o in res.get("over", []):
        m = _duration(o["needs_s"], lang)
        parts.append(f"<p class=warn>{html.escape(w('over', lang).format(who=who(o['bot'], lang, game), m=m, studies=o['studies'], g=o['games']))}</p>")
    for ans in res["answers"]:
        q = ans["q"]
        parts.append(f"<h2>{html.escape(q['ja' if lang == 'ja' else 'en'])}</h2>")
        quote = f"：「{html.escape(q['draft'])}」" if lang == "ja" else f": “{html.escape(q['draft'])}”"
        parts.append(f"<blockquote>{w('draft', lang)}{quote}</blockquote>")
        parts.append(f"<p><b>{w('verdict', lang)}</b></p><ul>"
                     + "".join(f"<li>{_code(html.escape(x))}</li>" for x in lines(game, ans, lang)) + "</ul>")
        fx = q.get("fixed")
        if fx:
            parts.append(f"<p>{w('fixed', lang)}{'：' if lang == 'ja' else ': '}{html.escape(fx['ja' if lang == 'ja' else 'en'])}</p>")
        parts.append(fix_html(game, ans, lang, Path(path).parent))  # lab/balance.py: soan ask --fix
        f = figure(game, ans, lang, plt)
        if f:
            parts.append(f)
        parts.append(card_table(game, ans, lang))
        if ans["kind"] == "compare":
            det = [r for r in ans["by_bot"][ans.get("lead", list(ans["by_bot"])[0])]["rows"] if r.get("detectable")]
            if det:
                r = det[0]
                parts.append(f"<p class=small>{html.escape(w('detectable', lang).format(n=r['n'], d=_fmt(r['detectable'], q.get('format', 'num'))))}</p>")

    def described(k: str) -> str:
        st = res.get("settings", {}).get(k)
        if not st:
            return ""
        pl = w("players", lang).format(p=st["players"])
        parts = [who(st["bot"], lang, game), pl, label(game, st, lang)]
        if st.get("planner"):  # the planning check's study: the same setting, one seat planning with the base rules
            parts.append(w("planning_study", lang))
        return ("、" if lang == "ja" else ", ").join(parts)

    parts.append(f"<h3>{w('studies', lang)}</h3><p>{html.escape(w('budget', lang).format(b=res['budget_s'], s=res['spent_s']))}</p>"
                 "<table>" + "".join(f"<tr><td style='text-align:left'>{html.escape(described(k))}</td><td>{v}</td>"
                                     f"<td style='text-align:left'><code>{html.escape(k)}</code></td></tr>"
                                     for k, v in res["studies"].items()) + "</table>")
    parts.append("<h3>" + ("注" if lang == "ja" else "Notes") + "</h3>"
                 + "".join(f"<p class=small>{html.escape(x)}</p>" for x in notes(res, lang)))
    doc = (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{html.escape(gname)}</title>"
           "<style>body{font-family:sans-serif;max-width:980px;margin:2em auto;line-height:1.5}img{max-width:100%}"
           "blockquote{color:#555;border-left:3px solid #ccc;margin:0;padding-left:1em}"
           ".warn{background:#fde2c8;padding:.5em}.small{font-size:90%;color:#444}"
           "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
           "td:first-child{text-align:left}</style></head><body>" + "".join(parts) + "</body></html>")
    p = Path(path)
    p.write_text(doc, encoding="utf-8")
    return p

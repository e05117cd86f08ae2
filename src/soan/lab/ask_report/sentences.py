"""Each kind's verdict lines (compare, level, seats, cards, words), the other levels' line, what a clear answer needs."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ...core.words import seat_name
from ..seatadv import position_name, share_text
from .wording import (
    card_name,
    exact_words,
    figure_text,
    fmt,
    label,
    object_words,
    setting_name,
    verb,
    versus,
    w,
    who,
)


def _ctx(bot: str, lang: str) -> str:
    """How another level's line starts: random players are a reference (参考), another level of skill a
    check of the verdict (技量の確認)."""
    if bot.split(":")[0] == "random":
        return "参考：" if lang == "ja" else "For context, "
    return "技量の確認：" if lang == "ja" else "Skill check, "


def sentence(game: str, q: Mapping[str, Any], r: Mapping[str, Any], bot: str, lang: str,
             context: bool = False) -> str:
    """One comparison in plain words: what the rule change does to the question's measure (a context
    level's line follows the lead's on the same setting: the setting by its rule IDs alone)."""
    lab = label(game, r["against"], lang, short=context)
    nm = setting_name(q, lang) if bot != q.get("chance_bot") or "name_raw" not in q else q["name_raw"]["ja" if lang == "ja" else "en"]
    e = r["effect"]
    n = r["n"]
    f = q.get("format", "num")
    b = who(bot, lang, game)
    if lang == "ja":
        if e in ("better", "worse") and r.get("negligible"):  # a real difference, inside the margin
            word, aim = verb(q, r, e, lang)
            s = (f"{lab}は{nm}をわずかに{word}{aim}。ただし差は意味のある幅（±{fmt(q.get('margin'), f)}）"
                 f"より小さい：{figure_text(q, r, lang)}")
        elif e in ("better", "worse"):
            word, aim = verb(q, r, e, lang)
            s = f"{lab}は{nm}を{word}{aim}：{figure_text(q, r, lang)}"
        elif e == "negligible":
            s = f"{lab}は{nm}に意味のある差を生まない（差は±{fmt(q.get('margin'), f)}以内）：{figure_text(q, r, lang)}"
        elif e == "no_events":
            s = f"{lab}では判断できない：{n}ゲームのどちらの側でも{nm}は{fmt(r['a'], f)}のままだった（起きていない）"
        elif e == "no_spread":
            s = f"{lab}では判断できない：{n}ゲームのどれでも{nm}の差が同じ（{fmt(r['diff'], f, True)}）で、ばらつきがない"
        else:
            s = f"{lab}で{nm}が変わるかは、まだはっきりしない：{figure_text(q, r, lang)}"
        s = versus(game, q, lang) + s
        early = w("stopped_early", lang) if r.get("stopped_early") and not context else ""
        s = (f"{_ctx(bot, lang)}{b}では、" + s if context else s) + f"（{b}同士、{n}ゲーム{early}）。"
        if r.get("same_play") and not context:
            s += w("unresponsive", lang).format(n=n)
        return s + ("" if context else _fired_line(r, lang) + _planning_line(r, lang))
    if e in ("better", "worse") and r.get("negligible"):  # a real difference, inside the margin
        word, aim = verb(q, r, e, lang)
        s = (f"{lab} {word} {object_words(q, nm)} slightly{aim}, but by less than what matters (within "
             f"±{fmt(q.get('margin'), f)}): {figure_text(q, r, lang)}")
    elif e in ("better", "worse"):
        word, aim = verb(q, r, e, lang)
        s = f"{lab} {word} {object_words(q, nm)}{aim}: {figure_text(q, r, lang)}"
    elif e == "negligible":
        s = f"{lab} makes no difference that matters to {nm} (within ±{fmt(q.get('margin'), f)}): {figure_text(q, r, lang)}"
    elif e == "no_events":
        s = f"{lab} cannot be judged: {nm} stayed {fmt(r['a'], f)} on both sides in all {n} games (it never happened)"
    elif e == "no_spread":
        s = (f"{lab} cannot be judged: every one of {n} games gave the same difference in {nm} "
             f"({fmt(r['diff'], f, True)}), no spread")
    else:
        s = f"whether {lab} changes {nm} is not clear yet: {figure_text(q, r, lang)}"
    s = versus(game, q, lang) + s
    early = w("stopped_early", lang) if r.get("stopped_early") and not context else ""
    s = (f"{_ctx(bot, lang)}with {b}: " + s if context else s[:1].upper() + s[1:]) + f" ({b}, {n} games{early})."
    if r.get("same_play") and not context:
        s += " " + w("unresponsive", lang).format(n=n)
    return s + ("" if context else _fired_line(r, lang) + _planning_line(r, lang))


def _fired_line(r: Mapping[str, Any], lang: str) -> str:
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


def _planning_line(r: Mapping[str, Any], lang: str) -> str:
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


def levels_line(game: str, ans: Mapping[str, Any], lang: str) -> list[str]:
    """Whether each other bot level agrees with the lead: only when both are clear and give the same answer;
    else who said what. A line per other level (e.g. the hard bots as the skill check, random players as
    the rules' own reference)."""
    bots = list(ans["by_bot"])
    out: list[str] = []
    for ctx in bots[1:]:
        agreed = (ans.get("agree_with") or {}).get(ctx, ans.get("agree") if len(bots) == 2 else None)
        out += _level_pair(game, bots[0], ctx, agreed, lang)
    return out


def _level_pair(game: str, lead: str, ctx: str, agreed: bool | None, lang: str) -> list[str]:
    L, C = who(lead, lang, game), who(ctx, lang, game)
    if agreed is True:
        return [f"{L}と{C}の両方で同じ答えになった。" if lang == "ja" else f"The same answer holds with {L} and {C}."]
    if agreed is False and ctx.split(":")[0] == "random":  # a reference, not a level of skill
        return [f"{C}では答えが異なる。{C}は戦略を持たない参考の線で、技量の段階ではない（ルールそのものの効き方を示す）。"
                f"上の結論は{L}のもの。" if lang == "ja"
                else f"With {C} the answer differs; random players are a reference line (the rules' own effect without "
                     f"strategy), not a level of skill. The verdict above is that of the {L}."]
    if agreed is False:
        return [f"{L}と{C}では答えが異なる。上の結論は{L}のもの。答えは打ち方の強さによって変わる。" if lang == "ja"
                else f"The answers differ between {L} and {C}; the verdict above is that of the {L}. The answer depends on "
                     "how well the game is played."]
    return []  # a level not clear yet says so in its own line


def compare_lines(game: str, ans: Mapping[str, Any], lang: str) -> list[str]:
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
        s = sentence(game, q, r, lead, lang)
        more = []
        for k, d in r.get("also", {}).items():
            nm = ans.get("names", {}).get(k)
            if nm and d["diff"] is not None:
                more.append(f"{nm['ja' if lang == 'ja' else 'en']} {fmt(d['a'], 'num')} → {fmt(d['b'], 'num')}")
        if more:
            s += ("（あわせて：" + "、".join(more) + "）") if lang == "ja" else (" (also: " + "; ".join(more) + ")")
        out.append(s)
        for b in bots[1:]:
            rb = ans["by_bot"][b]["rows"][i]
            out.append(sentence(game, q, {**rb, "against": r["against"]}, b, lang, context=True))
    out += levels_line(game, ans, lang)
    for x in ans.get("exact") or []:
        vals = x["values"]
        pairs = ("、" if lang == "ja" else "; ").join(
            f"{label(game, s, lang)} {exact_words(vals[0])} → {exact_words(v)}"
            for s, v in zip(q["against"], vals[1:], strict=True))
        nm = x["name"]["ja" if lang == "ja" else "en"]
        out.append(f"厳密計算（ゲームを遊ばずに全組み合わせから）：{nm}は {pairs}。" if lang == "ja"
                   else f"Exact (every combination, no games played): {nm}: {pairs}.")
    return out


def level_lines(game: str, ans: Mapping[str, Any], lang: str) -> list[str]:
    out = []
    for k, (b, res) in enumerate(ans["by_bot"].items()):
        figs = [f"{r['name']['ja' if lang == 'ja' else 'en']} {fmt(r['value'], r.get('format', 'num'))}"
                + (f"（95%の範囲 {fmt(r['ci'][0], r.get('format', 'num'))}〜{fmt(r['ci'][1], r.get('format', 'num'))}）"
                   if lang == "ja" else
                   f" (95% range {fmt(r['ci'][0], r.get('format', 'num'))} to {fmt(r['ci'][1], r.get('format', 'num'))})")
                for r in res["rows"]]
        n = res["rows"][0]["games"] if res["rows"] else 0
        bw = who(b, lang, game)
        if lang == "ja":
            out.append((_ctx(b, lang) if k else "") + f"{bw}同士（{n}ゲーム）：" + "、".join(figs) + "。"
                       + ("" if res["clear"] or k else "まだ幅が広く、はっきりした数値ではない。"))
        else:
            out.append((_ctx(b, lang) if k else "") + f"{bw} ({n} games): " + "; ".join(figs) + "."
                       + ("" if res["clear"] or k else " The ranges are still wide: not a clear figure yet."))
    return out


def seats_lines(game: str, ans: Mapping[str, Any], lang: str) -> list[str]:
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
                out.append((_ctx(b, lang) if k else "") + f"{bw}同士・{P}人（{rows[0]['games']}ゲーム、期待値 {c:.0%}）："
                           + "、".join(parts) + "。")
            else:
                out.append((_ctx(b, lang) if k else "") + f"{bw}, {P} players ({rows[0]['games']} games, chance {c:.0%}): "
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
    return out + levels_line(game, ans, lang)


def cards_lines(game: str, ans: Mapping[str, Any], lang: str) -> list[str]:
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
                    items.append(f"{card_name(game, r['card'], lang)}は勝率{r['win_share']:.0%}"
                                 f"（95%の範囲 {r['ci'][0]:.0%}〜{r['ci'][1]:.0%}）で{f}")
                else:
                    items.append(f"{card_name(game, r['card'], lang)} {r['win_share']:.0%}"
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
            out.append((_ctx(b, lang) if k else "結論：") + f"{bw}同士（{P}人、期待値 {1 / P:.0%}）では、{txt}")
        else:
            out.append((_ctx(b, lang) if k else "Verdict: ") + f"{bw} ({P} players, up to {n} games, chance {1 / P:.0%}): {txt}")
    return out + levels_line(game, ans, lang)


def words_lines(game: str, ans: Mapping[str, Any], lang: str) -> list[str]:
    return [ans["q"]["words"]["ja" if lang == "ja" else "en"]]


def _round2(n: int) -> str:
    """A need in two significant figures, with thousands separated (4168 → 4,200)."""
    k = max(0, len(str(int(n))) - 2)
    return f"{round(n, -k):,}"


def need_line(game: str, ans: Mapping[str, Any], lang: str) -> str:
    """What a clear answer would take: the games a study and, priced, the command that asks it alone in a
    new folder (the same cores and bots); above MAX_N, more than any plan makes."""
    from ..ask.asker import MAX_N

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


def lines(game: str, ans: Mapping[str, Any], lang: str) -> list[str]:
    fn = {"compare": compare_lines, "level": level_lines, "seats": seats_lines, "cards": cards_lines,
          "dealt": cards_lines, "words": words_lines}[ans["kind"]]
    out = fn(game, ans, lang)
    if ans.get("need") and not ans.get("clear"):  # an open answer: the games a study it would take
        out.append(need_line(game, ans, lang))
    known = ans["q"].get("known")  # what other measurements add (questions file, e.g. another bot level)
    if known:
        out.append(("別の測定から：" if lang == "ja" else "Known from other measurements: ") + known[lang])
    return out

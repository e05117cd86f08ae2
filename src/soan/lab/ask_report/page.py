"""The report's notes (what the plan shared, where it stopped, the method) and the HTML page in both languages."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ...core.game import game_info
from ..balance import fix_html
from ..report import pyplot
from .figures import card_table, figure
from .sentences import lines
from .wording import duration, fmt, label, w, who


def _span(ns: Iterable[int]) -> str:
    """Games a study: one number when every study has it, else the smallest–largest (a plan shared by need)."""
    xs = sorted(set(ns))
    return str(xs[0]) if len(xs) == 1 else f"{xs[0]}–{xs[-1]}"


def _settled_note(res: Mapping[str, Any], rs: dict[str, Any], lang: str) -> list[str]:
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


def _sharing_notes(res: Mapping[str, Any], lang: str) -> list[str]:
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


def notes(res: Mapping[str, Any], lang: str) -> list[str]:
    """The run's notes in words: the plan (budget, price, games per study), a bot level over the budget."""
    from ..ask.verdict import CARD_MARGIN, SEAT_MARGIN

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
        m = duration(o["needs_s"], lang)
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


def write_html(res: Mapping[str, Any], lang: str, path: str | Path) -> Path:
    game = res["game"]
    info = game_info(game)
    plt = pyplot(lang)
    gname = info.name_ja if lang == "ja" else info.name
    parts = [f"<h1>{html.escape(w('title', lang).format(game=gname))}</h1><p>{html.escape(w('method', lang).format(lead=who(res['bots'][0], lang, game)))}</p>"]
    for o in res.get("over", []):
        m = duration(o["needs_s"], lang)
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
        parts.append(fix_html(game, ans, lang, Path(path).parent))  # lab/balance/fix.py: soan ask --fix
        f = figure(game, ans, lang, plt)
        if f:
            parts.append(f)
        parts.append(card_table(game, ans, lang))
        if ans["kind"] == "compare":
            det = [r for r in ans["by_bot"][ans.get("lead", list(ans["by_bot"])[0])]["rows"] if r.get("detectable")]
            if det:
                r = det[0]
                parts.append(f"<p class=small>{html.escape(w('detectable', lang).format(n=r['n'], d=fmt(r['detectable'], q.get('format', 'num'))))}</p>")

    from ..hunt.report import also_found

    parts.append(also_found(res.get("folder") or Path(path).parent, game, lang, Path(path)))

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

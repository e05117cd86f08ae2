"""The answers of `soan ask` in words (Japanese or English) and as one HTML report with a figure each."""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any

from ..core.game import game_info
from .report import _fig_html, _plt, bot_label, variant_label
from .seatadv import position_name, seat_name, share_text

W = {
    "title": ("soan ask: {game}", "soan ask：{game}"),
    "better": ("improves it", "改善する"), "worse": ("makes it worse", "悪化させる"),
    "none": ("makes no clear difference", "はっきりした差はない"),
    "negligible": ("makes no difference that matters", "意味のある差はない"),
    "both": ("holds with {b0} and {b1} bots", "{b0}・{b1}の両方のボットで成り立つ"),
    "depends": ("with {b0} bots it {e0}; with {b1} bots it {e1} — the answer depends on the bots",
                "{b0}ボットでは{e0}、{b1}ボットでは{e1}。答えはボットの強さによって変わる"),
    "unclear_one": ("clear with {b0} bots; with {b1} bots not yet clear ({n} games)",
                    "{b0}ボットでははっきりしている。{b1}ボットではまだはっきりしない（{n}ゲーム）"),
    "draft": ("The draft", "草案"), "fixed": ("Fixed would look like", "解決の目安"),
    "verdict": ("Verdict", "結論"), "figure": ("figure", "数値"),
    "games": ("games", "ゲーム"), "players": ("{p} players", "{p}人"),
    "random": ("random", "ランダム"), "greedy": ("greedy", "貪欲"),
    "flag_strong": ("too strong", "強すぎる"), "flag_weak": ("too weak", "弱すぎる"),
    "no_flags": ("no card stands out (Holm's correction, and at least 3 points from chance)",
                 "突出したカードはない（Holm補正後、かつ期待値から3ポイント以上の差で判定）"),
    "method": ("Each game counts once; both sides of a comparison play the same seeds (paired t-test). Intervals "
               "are 95% for each figure on its own; a verdict calls a difference clear only when it stands after "
               "Holm's correction across the question's comparisons, so an interval just off zero can still read "
               "'no clear difference'.",
               "１ゲームを１単位とし、比較の両側は同じシードのゲームを使います（対応のあるt検定）。区間は各数値ごとの"
               "95%区間です。結論で「差がある」とするのは、質問内の比較全体にHolm補正をかけても有意な場合だけです。"
               "そのため、区間が０をわずかに外れていても「はっきりした差はない」となることがあります。"),
    "diff": ("difference (B − A)", "差（B − A）"), "winshare": ("win share", "勝率"), "chance": ("chance", "期待値"),
    "use": ("use rate", "使用率"), "kept": ("kept to the end", "最後まで保持"),
    "card": ("card", "カード"), "base": ("base game", "基本ルール"),
    "studies": ("Studies (settings, games, folder)", "試行（設定、ゲーム数、フォルダ）"),
    "resumed": ("Continued the studies in {folder}, which earlier asks had run for {s:.0f} s: the budget counts "
                "every ask of this folder, and a study only grows. Another --out starts afresh.",
                "{folder} にある前回までの試行（実行時間の合計{s:.0f}秒）を引き継いだ。予算には、このフォルダでの"
                "これまでの実行時間もすべて含まれる。試行は追加されるだけで、減ることはない。最初からやり直すには、"
                "別の --out を指定する。"),
    "budget": ("Budget {b:.0f} s, spent {s:.0f} s in all asks of this folder.",
               "予算 {b:.0f} 秒、このフォルダでの実行時間の合計 {s:.0f} 秒。"),
}


def w(key: str, lang: str) -> str:
    en, ja = W[key]
    return ja if lang == "ja" else en


def _bot(b: str, lang: str) -> str:
    return bot_label(b, lang)


def _fmt(x: float | None, kind: str, signed: bool = False) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    if kind == "pct":
        return f"{x:+.1%}" if signed else f"{x:.1%}"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def label(game: str, s: dict, lang: str) -> str:
    if s.get("label"):
        return s["label"]["ja" if lang == "ja" else "en"]
    info = game_info(game)
    parts = []
    for v in s.get("variants", []):
        parts.append(variant_label(game, v, lang))
    for k, x in (s.get("params") or {}).items():
        p = info.params.get(k)
        if lang == "ja" and p is not None:
            val = "・".join(map(str, x)) if isinstance(x, list | tuple) else str(x).replace(",", "・")
            doc = (p.doc_ja or p.doc).removesuffix(f"（{p.rule}）")
            parts.append(f"{p.rule or k}（{doc}）＝{val}")
        else:
            parts.append(f"{k}={x}")
    return " + ".join(parts) or w("base", lang)


def _name(q: dict, lang: str) -> str:
    return q["name"]["ja" if lang == "ja" else "en"]


def _exact(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def compare_lines(game: str, ans: dict, lang: str) -> list[str]:
    q = ans["q"]
    bots = list(ans["by_bot"])
    b0 = bots[0]
    rows0 = ans["by_bot"][b0]["rows"]
    out = []
    for i, r in enumerate(rows0):
        lab = label(game, r["against"], lang)
        if len({x["players"] for x in rows0}) > 1:
            pl = w('players', lang).format(p=r['players'])
            lab += f"（{pl}）" if lang == "ja" else f" ({pl})"
        comma = "、" if lang == "ja" else ", "
        fig = (f"{_name(q, lang)} {_fmt(r['a'], q.get('format', 'num'))} → {_fmt(r['b'], q.get('format', 'num'))}{comma}"
               f"{_fmt(r['diff'], q.get('format', 'num'), True)} [{_fmt(r['ci'][0], q.get('format', 'num'), True)}, "
               f"{_fmt(r['ci'][1], q.get('format', 'num'), True)}]")
        effs = [ans["by_bot"][b]["rows"][i] for b in bots]
        e = [x["effect"] for x in effs]
        if len(bots) == 1:
            tail = ""
        elif len(set(e)) == 1:
            tail = w("both", lang).format(b0=_bot(bots[0], lang), b1=_bot(bots[-1], lang))
        elif e[0] != "none" and e[1] == "none":
            tail = w("unclear_one", lang).format(b0=_bot(bots[0], lang), b1=_bot(bots[1], lang), n=effs[1]["games"][1])
        else:
            tail = w("depends", lang).format(b0=_bot(bots[0], lang), b1=_bot(bots[1], lang), e0=w(e[0], lang),
                                             e1=w(e[1], lang))
        n = r["games"][1] if isinstance(r["games"], list) else r["games"]
        also = []
        for k, d in r.get("also", {}).items():
            nm = ans.get("names", {}).get(k)
            if nm and d["diff"] is not None:
                also.append(f"{nm['ja' if lang == 'ja' else 'en']} {_fmt(d['a'], 'num')} → {_fmt(d['b'], 'num')} "
                            f"[{_fmt(d['ci'][0], 'num', True)}, {_fmt(d['ci'][1], 'num', True)}]")
        sep = "、" if lang == "ja" else "; "
        more = (("（参考：" + sep.join(also) + "）") if lang == "ja" else (" (also: " + sep.join(also) + ")")) if also else ""
        if lang == "ja":
            out.append(f"{lab}は{w(e[0], lang)}：{fig}（{_bot(b0, 'ja')}ボット、{n}ゲーム）{more}。" + (f"{tail}。" if tail else ""))
        else:
            out.append(f"{lab} {w(e[0], lang)}: {fig} ({b0} bots, {n} games){more}" + (f"; {tail}." if tail else "."))
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
    for b, res in ans["by_bot"].items():
        figs = [f"{r['name']['ja' if lang == 'ja' else 'en']} {_fmt(r['value'], r.get('format', 'num'))} "
                f"[{_fmt(r['ci'][0], r.get('format', 'num'))}, {_fmt(r['ci'][1], r.get('format', 'num'))}]"
                for r in res["rows"]]
        n = res["rows"][0]["games"] if res["rows"] else 0
        if lang == "ja":
            out.append(f"{_bot(b, 'ja')}ボット（{n}ゲーム）：" + "、".join(figs) + "。")
        else:
            out.append(f"With {b} bots ({n} games): " + "; ".join(figs) + ".")
    return out


def seats_lines(game: str, ans: dict, lang: str) -> list[str]:
    out = []
    found: dict[str, list[str]] = {}
    games: dict[str, int] = {}
    for b, res in ans["by_bot"].items():
        found[b] = []
        for P in sorted({r["players"] for r in res["rows"]}):
            rows = [r for r in res["rows"] if r["players"] == P]
            parts = []
            games[b] = min(games.get(b, 10**9), rows[0]["games"])
            for r in rows:
                nm = position_name(r["k"], P, lang) if r["by"] == "turn_pos" else seat_name(r["k"], lang)
                mark = ("（有意）" if lang == "ja" else " (significant)") if r["significant"] else ""
                parts.append(f"{nm} {share_text(r['win_share'], r['ci'], lang)}{mark}")
                if r["significant"]:
                    found[b].append(f"{nm}（{P}人）" if lang == "ja" else f"{nm} ({P} players)")
            c = rows[0]["chance"]
            if lang == "ja":
                out.append(f"{_bot(b, 'ja')}ボット・{P}人（{rows[0]['games']}ゲーム、期待値 {c:.0%}）：" + "、".join(parts) + "。")
            else:
                out.append(f"{b} bots, {P} players ({rows[0]['games']} games, chance {c:.0%}): " + "; ".join(parts) + ".")
    return out + _bot_check(found, games, lang)


def _card_name(game: str, key: str, lang: str) -> str:
    f = game_info(game).hooks.card_name
    return f(key, lang) if f else key


def _bot_check(found: dict[str, list[str]], n: dict[str, int], lang: str) -> list[str]:
    """One sentence: whether what stood out (cards, seats) is the same with both bot levels, or not yet
    confirmed by the level with far fewer games, or different (the answer depends on the bots)."""
    if len(found) < 2:
        return []
    (b0, f0), (b1, f1) = list(found.items())[:2]
    j0, j1 = _bot(b0, "ja"), _bot(b1, "ja")
    if set(f0) == set(f1):
        if not f0:
            return []
        return [f"{j0}・{j1}の両方のボットで同じ結果になった。" if lang == "ja"
                else f"The same stands out with {b0} and {b1} bots."]
    only0 = [x for x in f0 if x not in f1]
    only1 = [x for x in f1 if x not in f0]
    if only0 and not only1 and n[b1] * 4 <= n[b0]:  # the costlier level has far fewer games
        return [f"{'、'.join(only0)}は{j0}ボットでだけ突出した。{j1}ボット（{n[b1]}ゲーム）では、まだ確かめも"
                "打ち消しもできない。" if lang == "ja"
                else f"{', '.join(only0)}: only with {b0} bots so far; {b1} bots ({n[b1]} games) can neither "
                     "confirm nor rule it out yet."]
    if lang == "ja":
        parts = ([f"{'、'.join(only0)}は{j0}ボットでだけ"] if only0 else []) + \
                ([f"{'、'.join(only1)}は{j1}ボットでだけ"] if only1 else [])
        return ["ボットによって結果が変わる：" + "、".join(parts) + "突出した。ボットの打ち方による結果かもしれない。"]
    parts = ([f"{', '.join(only0)} only with {b0} bots"] if only0 else []) + \
            ([f"{', '.join(only1)} only with {b1} bots"] if only1 else [])
    return ["The answer depends on the bots: " + "; ".join(parts) + " stand out. It may come from how the bots play."]


def cards_lines(game: str, ans: dict, lang: str) -> list[str]:
    out = []
    found: dict[str, list[str]] = {}
    games: dict[str, int] = {}
    for b, res in ans["by_bot"].items():
        P = res["players"]
        flagged = [r for r in res["rows"] if r.get("flag", r["significant"])]
        if not flagged:
            txt = w("no_flags", lang)
        else:
            items = []
            for r in sorted(flagged, key=lambda r: -r["win_share"]):
                f = w("flag_strong", lang) if r["win_share"] > 1 / P else w("flag_weak", lang)
                items.append(f"{_card_name(game, r['card'], lang)} {r['win_share']:.0%} "
                             f"[{r['ci'][0]:.0%}, {r['ci'][1]:.0%}] {f}")
            txt = ("、" if lang == "ja" else "; ").join(items)
        n = max((r["games"] for r in res["rows"]), default=0)
        found[b] = [_card_name(game, r["card"], lang) for r in sorted(flagged, key=lambda r: -r["win_share"])]
        games[b] = n
        if lang == "ja":
            out.append(f"{_bot(b, 'ja')}ボット（{P}人、期待値 {1 / P:.0%}）：{txt}。")
        else:
            out.append(f"{b} bots ({P} players, up to {n} games, chance {1 / P:.0%}): {txt}.")
    return out + _bot_check(found, games, lang)


def lines(game: str, ans: dict, lang: str) -> list[str]:
    fn = {"compare": compare_lines, "level": level_lines, "seats": seats_lines, "cards": cards_lines,
          "dealt": cards_lines}[ans["kind"]]
    out = fn(game, ans, lang)
    known = ans["q"].get("known")  # what other measurements add (questions file, e.g. another bot level)
    if known:
        out.append(("別の測定から：" if lang == "ja" else "Known from other measurements: ") + known[lang])
    return out


def _err(rows: list[dict], key: str) -> list[list[float]]:
    """Error bar lengths below and above each value, from its interval (never negative, 0 when unknown)."""
    def gap(x, y) -> float:
        if x is None or y is None or (isinstance(x, float) and math.isnan(x)) or (isinstance(y, float) and math.isnan(y)):
            return 0.0
        return max(0.0, float(y) - float(x))

    return [[gap(r["ci"][0], r[key]) for r in rows], [gap(r[key], r["ci"][1]) for r in rows]]


# --- figures --------------------------------------------------------------------------------------
def figure(game: str, ans: dict, lang: str, plt) -> str | None:
    q = ans["q"]
    kind = ans["kind"]
    bots = list(ans["by_bot"])
    colours = ["#4c78a8", "#f58518", "#54a24b"]
    if kind == "compare":
        rows0 = ans["by_bot"][bots[0]]["rows"]
        labs = [label(game, r["against"], lang) + (f" ({r['players']})" if len({x['players'] for x in rows0}) > 1
                                                    else "") for r in rows0]
        fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.55 * len(labs) * len(bots)))
        for j, b in enumerate(bots):
            rows = ans["by_bot"][b]["rows"]
            y = [i * (len(bots) + 1) + j for i in range(len(rows))]
            d = [r["diff"] if r["diff"] is not None else math.nan for r in rows]
            err = _err(rows, "diff")
            ax.errorbar(d, y, xerr=err, fmt="o", color=colours[j], capsize=4, label=_bot(b, lang))
        ax.axvline(0, color="#888", lw=1)
        ax.set_yticks([i * (len(bots) + 1) + (len(bots) - 1) / 2 for i in range(len(labs))], labs, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel(f"{w('diff', lang)}: {_name(q, lang)}")
        import textwrap

        ax.set_title(textwrap.fill(q["ja" if lang == "ja" else "en"], 44 if lang == "ja" else 90), fontsize=9)
        ax.legend(fontsize=8)
        return _fig_html(fig)
    if kind == "level":
        rows = ans["by_bot"][bots[0]]["rows"]
        fig, axes = plt.subplots(1, len(rows), figsize=(4.2 * len(rows), 3), squeeze=False)
        for ax, (k, r) in zip(axes[0], enumerate(rows), strict=True):
            vals = [ans["by_bot"][b]["rows"][k] for b in bots]
            ax.bar([_bot(b, lang) for b in bots], [v["value"] for v in vals], yerr=_err(vals, "value"),
                   color=colours[:len(bots)], capsize=4)
            ax.set_ylim(bottom=0)
            ax.set_ylabel(r["name"]["ja" if lang == "ja" else "en"], fontsize=8)
        return _fig_html(fig)
    if kind == "seats":
        players = sorted({r["players"] for r in ans["by_bot"][bots[0]]["rows"]})
        fig, axes = plt.subplots(1, len(players), figsize=(4.5 * len(players), 3.2), squeeze=False)
        for ax, P in zip(axes[0], players, strict=True):
            for j, b in enumerate(bots):
                rows = [r for r in ans["by_bot"][b]["rows"] if r["players"] == P]
                x = [r["k"] + 1 + (j - (len(bots) - 1) / 2) * 0.35 for r in rows]
                ax.bar(x, [r["win_share"] for r in rows], width=0.35, color=colours[j], label=_bot(b, lang),
                       yerr=_err(rows, "win_share"),
                       capsize=3)
            ax.axhline(1 / P, color="#e45756", ls="--", label=w("chance", lang))
            by = ans["by_bot"][bots[0]]["rows"][0]["by"]
            ax.set_xticks(range(1, P + 1))
            ax.set_xlabel(("手番順（1 = スタートプレイヤー）" if lang == "ja" else "turn position (1 = start player)")
                          if by == "turn_pos" else ("席" if lang == "ja" else "seat"))
            ax.set_ylabel(w("winshare", lang))
            ax.set_ylim(0, max(0.5, 1 / P + 0.2))
            ax.set_title(w("players", lang).format(p=P))
            ax.legend(fontsize=8)
        return _fig_html(fig)
    rows = ans["by_bot"][bots[0]]["rows"]
    if not rows:
        return None
    names = [_card_name(game, r["card"], lang) for r in rows]
    fig, ax = plt.subplots(figsize=(7, 0.8 + 0.3 * len(rows)))
    for j, b in enumerate(bots):
        rr = ans["by_bot"][b]["rows"]
        ys = [float(i) + (j - (len(bots) - 1) / 2) * 0.3 for i in range(len(rr))]
        ax.errorbar([r["win_share"] for r in rr], ys,
                    xerr=_err(rr, "win_share"),
                    fmt="o", color=colours[j], capsize=3, label=_bot(b, lang))
    P = ans["by_bot"][bots[0]]["players"]
    ax.axvline(1 / P, color="#e45756", ls="--", label=w("chance", lang))
    ax.set_yticks(range(len(rows)), names, fontsize=8)
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
            f"<th>95%</th><th>{w('kept', lang)}</th><th>p (Holm)</th></tr>")
    body = "".join(
        f"<tr><td>{html.escape(_card_name(game, r['card'], lang))}</td><td>{r['use']:.0%}</td>"
        f"<td>{r['win_share']:.1%}</td><td>{r['ci'][0]:.1%}–{r['ci'][1]:.1%}</td>"
        f"<td>{'' if r.get('kept') is None else format(r['kept'], '.0%')}</td>"
        f"<td>{'' if r.get('p_adj') is None else format(r['p_adj'], '.3f')}</td></tr>" for r in rows)
    return f"<p>{_bot(b, lang)}</p><table>{head}{body}</table>"


def write_html(res: dict[str, Any], lang: str, path: str | Path) -> Path:
    game = res["game"]
    info = game_info(game)
    plt = _plt(lang)
    gname = info.name_ja if lang == "ja" else info.name
    parts = [f"<h1>{html.escape(w('title', lang).format(game=gname))}</h1><p>{html.escape(w('method', lang))}</p>"]
    for ans in res["answers"]:
        q = ans["q"]
        parts.append(f"<h2>{html.escape(q['ja' if lang == 'ja' else 'en'])}</h2>")
        parts.append(f"<blockquote>{w('draft', lang)}：「{html.escape(q['draft'])}」</blockquote>")
        parts.append(f"<p><b>{w('verdict', lang)}</b></p><ul>"
                     + "".join(f"<li>{html.escape(x)}</li>" for x in lines(game, ans, lang)) + "</ul>")
        parts.append(f"<p>{w('fixed', lang)}：{html.escape(q['fixed']['ja' if lang == 'ja' else 'en'])}</p>")
        f = figure(game, ans, lang, plt)
        if f:
            parts.append(f)
        parts.append(card_table(game, ans, lang))
    def described(k: str) -> str:
        st = res.get("settings", {}).get(k)
        if not st:
            return ""
        pl = w("players", lang).format(p=st["players"])
        return f"{_bot(st['bot'], lang)}{'ボット' if lang == 'ja' else ' bots'}、{pl}、{label(game, st, lang)}" \
            if lang == "ja" else f"{st['bot']} bots, {pl}, {label(game, st, lang)}"

    parts.append(f"<h3>{w('studies', lang)}</h3><p>{html.escape(w('budget', lang).format(b=res['budget_s'], s=res['spent_s']))}</p>"
                 "<table>" + "".join(f"<tr><td style='text-align:left'>{html.escape(described(k))}</td><td>{v}</td>"
                                     f"<td style='text-align:left'><code>{html.escape(k)}</code></td></tr>"
                                     for k, v in res["studies"].items()) + "</table>")
    doc = (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{html.escape(gname)}</title>"
           "<style>body{font-family:sans-serif;max-width:980px;margin:2em auto;line-height:1.5}img{max-width:100%}"
           "blockquote{color:#555;border-left:3px solid #ccc;margin:0;padding-left:1em}"
           "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
           "td:first-child{text-align:left}</style></head><body>" + "".join(parts) + "</body></html>")
    p = Path(path)
    p.write_text(doc, encoding="utf-8")
    return p

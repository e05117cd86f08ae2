"""`soan report DIR`: one self-contained HTML file with plots (PNG inlined), in English or Japanese."""

from __future__ import annotations

import base64
import html
import io
import math
from pathlib import Path

import numpy as np

from ..core.game import game_info
from ..core.hooks import StudyData
from .stats import agent_shares, column, mean_ci, seat_shares
from .study import load

L = {
    "title": ("soan study report", "soan 試行レポート"),
    "summary": ("Summary", "要約"),
    "seat_line": ("Seat {s} wins {w:.0%} ± {h:.0%}, chance is {c:.0%}{flag}.",
                  "{s}番手の勝率は {w:.0%} ± {h:.0%}（期待値 {c:.0%}）{flag}。"),
    "flag": (" — significantly {dir}", " — 有意に{dir}"),
    "above": ("above chance", "高い"), "below": ("below chance", "低い"),
    "agent_line": ("{a} wins {w:.0%} of its seat-games ({lo:.0%}–{hi:.0%}); mean rank {r:.2f}.",
                   "{a} の勝率 {w:.0%}（{lo:.0%}–{hi:.0%}）、平均順位 {r:.2f}。"),
    "length_line": ("A game lasts {m:.1f} decisions on average; {multi:.0%} of decisions offer a real choice "
                    "(mean {opt:.1f} options); the lead changes {lc:.1f} times; first beats second by {gap:.1f}.",
                    "１ゲーム平均 {m:.1f} 回の選択、そのうち {multi:.0%} が複数の選択肢（平均 {opt:.1f} 通り）。"
                    "首位の入れ替わり {lc:.1f} 回、１位と２位の差 {gap:.1f} 点。"),
    "winshare": ("Win share by seat (95% interval)", "手番順ごとの勝率（95%区間）"),
    "seat": ("seat", "手番"), "share": ("win share", "勝率"), "chance": ("chance", "期待値"),
    "scores": ("Score distribution by seat", "手番ごとの得点分布"), "score": ("score", "得点"),
    "gap": ("Gap between first and second", "１位と２位の差"), "games": ("games", "ゲーム数"),
    "length": ("Game length (decisions)", "ゲームの長さ（選択の回数）"),
    "lead": ("Lead changes per game", "首位の入れ替わり回数"),
    "options": ("Decisions: share with a real choice, mean options", "選択：複数の選択肢がある割合と平均選択肢数"),
    "cards": ("Cards: how often played, and the win share of those who played them",
              "カード：使用回数と、使用したプレイヤーの勝率"),
    "played": ("times played", "使用回数"), "winwhen": ("win share when played", "使用時の勝率"),
    "held": ("held to the end", "最後まで保持"),
    "agents": ("Agents", "エージェント"), "settings": ("Settings", "設定"),
}


def t(key: str, lang: str) -> str:
    en, ja = L[key]
    return ja if lang == "ja" else en


def _fig_html(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return f'<img src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}"/>'


def _plt(lang: str):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if lang == "ja":
        import matplotlib_fontja  # noqa: F401  (ships IPAexGothic; no network)
    return plt


def summary_lines(settings, games, seats, lang: str) -> list[str]:
    P = settings["players"]
    lines = []
    for s in seat_shares(seats, P):
        w, (lo, hi) = s["win_share"], s["ci"]
        c = 1 / P
        flag = ""
        if lo > c:
            flag = t("flag", lang).format(dir=t("above", lang))
        elif hi < c:
            flag = t("flag", lang).format(dir=t("below", lang))
        lines.append(t("seat_line", lang).format(s=s["seat"] + 1, w=w, h=(hi - lo) / 2, c=c, flag=flag))
    ag = agent_shares(seats)
    if len(ag) > 1:
        for a in ag:
            lines.append(t("agent_line", lang).format(a=a["agent"], w=a["win_share"], lo=a["ci"][0], hi=a["ci"][1],
                                                      r=a["mean_rank"]))

    def m(k):
        x = column(games, k) if k in games.column_names else np.array([])
        x = x[~np.isnan(x)]
        return float(x.mean()) if len(x) else math.nan

    lines.append(t("length_line", lang).format(m=m("length"), multi=m("multi_choice_share"), opt=m("mean_options"),
                                               lc=m("lead_changes"), gap=m("gap12")))
    return lines


def write_report(out: str | Path, lang: str = "en", name: str = "report.html") -> Path:
    settings, games, seats = load(out)
    plt = _plt(lang)
    P = settings["players"]
    parts: list[str] = []
    lines = summary_lines(settings, games, seats, lang)
    parts.append(f"<h2>{t('summary', lang)}</h2><ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ul>")
    # win share by seat
    sh = seat_shares(seats, P)
    fig, ax = plt.subplots(figsize=(5, 3))
    w = [s["win_share"] for s in sh]
    err = [[s["win_share"] - s["ci"][0] for s in sh], [s["ci"][1] - s["win_share"] for s in sh]]
    ax.bar([str(s["seat"] + 1) for s in sh], w, yerr=err, capsize=4, color="#4c78a8")
    ax.axhline(1 / P, color="#e45756", ls="--", label=t("chance", lang))
    ax.set_xlabel(t("seat", lang))
    ax.set_ylabel(t("share", lang))
    ax.set_title(t("winshare", lang))
    ax.legend()
    parts.append(_fig_html(fig))
    # score distributions
    fig, ax = plt.subplots(figsize=(5, 3))
    seat = column(seats, "seat")
    sc = column(seats, "score")
    ax.boxplot([sc[seat == i] for i in range(P)], tick_labels=[str(i + 1) for i in range(P)])
    ax.set_xlabel(t("seat", lang))
    ax.set_ylabel(t("score", lang))
    ax.set_title(t("scores", lang))
    parts.append(_fig_html(fig))
    for key, title in (("gap12", "gap"), ("length", "length"), ("lead_changes", "lead")):
        x = column(games, key)
        x = x[~np.isnan(x)]
        if len(x):
            fig, ax = plt.subplots(figsize=(5, 3))
            ax.hist(x, bins=min(30, max(5, len(set(x.tolist())))), color="#72b7b2")
            ax.set_title(t(title, lang))
            ax.set_ylabel(t("games", lang))
            parts.append(_fig_html(fig))
    multi = mean_ci(column(games, "multi_choice_share"))[0]
    opt = mean_ci(column(games, "mean_options"))[0]
    parts.append(f"<h3>{t('options', lang)}</h3><p>{multi:.1%} · {opt:.2f}</p>")
    parts += _card_panel(settings, seats, lang, plt)
    parts += _game_panels(settings, games, seats, lang, plt)
    ag = agent_shares(seats)
    rows = "".join(f"<tr><td>{html.escape(a['agent'])}</td><td>{a['games']}</td><td>{a['win_share']:.1%}</td>"
                   f"<td>{a['ci'][0]:.1%}–{a['ci'][1]:.1%}</td><td>{a['mean_score']:.2f}</td>"
                   f"<td>{a['mean_rank']:.2f}</td></tr>" for a in ag)
    parts.append(f"<h3>{t('agents', lang)}</h3><table><tr><th>agent</th><th>n</th><th>win</th><th>95%</th>"
                 f"<th>score</th><th>rank</th></tr>{rows}</table>")
    sett = {k: v for k, v in settings.items() if k != "imported"}
    parts.append(f"<h3>{t('settings', lang)}</h3><pre>{html.escape(str(sett))}</pre>")
    doc = (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{t('title', lang)}</title>"
           "<style>body{font-family:sans-serif;max-width:960px;margin:2em auto;}img{margin:4px;}"
           "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}</style>"
           f"</head><body><h1>{t('title', lang)}: {html.escape(settings['game'])} "
           f"({settings['n']} × {P})</h1>{''.join(parts)}</body></html>")
    path = Path(out) / name
    path.write_text(doc, encoding="utf-8")
    return path


def _card_panel(settings, seats, lang, plt) -> list[str]:
    names = [k[len("m_played_"):] for k in seats.column_names if k.startswith("m_played_")]
    if not names:
        return []
    win = column(seats, "win")
    played = [column(seats, "m_played_" + c) for c in names]
    has_held = any("m_held_" + c in seats.column_names for c in names)
    counts = [float(np.nansum(p)) for p in played]
    share = [float(win[p > 0].mean()) if (p > 0).any() else math.nan for p in played]
    fig, axes = plt.subplots(1, 3 if has_held else 2, figsize=(12 if has_held else 9, 0.5 + 0.28 * len(names)),
                             sharey=True)
    axes[0].barh(names, counts, color="#4c78a8")
    axes[0].set_title(t("played", lang))
    axes[1].barh(names, share, color="#f58518")
    axes[1].axvline(1 / settings["players"], color="#e45756", ls="--")
    axes[1].set_title(t("winwhen", lang))
    if has_held:
        held = [column(seats, "m_held_" + c) if "m_held_" + c in seats.column_names else np.zeros(len(win))
                for c in names]
        axes[2].barh(names, [float(np.nansum(h)) for h in held], color="#54a24b")
        axes[2].set_title(t("held", lang))
    return [f"<h3>{t('cards', lang)}</h3>", _fig_html(fig)]


def _game_panels(settings, games, seats, lang, plt) -> list[str]:
    """The game's own panels (`hooks.report_panels`), each under its heading when it has figures."""
    loader = game_info(settings["game"]).hooks.report_panels
    if loader is None:
        return []
    data = StudyData(settings, games, seats, plt)
    out: list[str] = []
    for panel in loader():
        figs = panel.draw(data, lang)
        if figs:
            out += [f"<h3>{html.escape(panel.heading(lang))}</h3>"] + [_fig_html(f) for f in figs]
    return out

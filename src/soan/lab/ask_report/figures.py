"""One figure per answer (matplotlib) and the cards' table."""

from __future__ import annotations

import html
import math
import textwrap
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from ..report import fig_html
from .wording import card_name, label, setting_name, w, who


def _err(rows: Sequence[Mapping[str, Any]], key: str,
         lo_hi: tuple[float, float] | None = None) -> list[list[float]]:
    """Error bar lengths below and above each value, from its interval (never negative, 0 when unknown),
    the interval clipped to `lo_hi` (a measure's own range)."""
    def val(x: float | None) -> float | None:
        return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)

    def gap(x: float | None, y: float | None) -> float:
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


def figure(game: str, ans: Mapping[str, Any], lang: str, plt: ModuleType) -> str | None:
    """The answer's figure as an <img> (None for a question answered in words, or with no rows)."""
    kind = ans["kind"]
    if kind == "words":
        return None
    draw = {"compare": _figure_compare, "level": _figure_level, "seats": _figure_seats}.get(kind, _figure_cards)
    return draw(game, ans, lang, plt)


def _figure_compare(game: str, ans: Mapping[str, Any], lang: str, plt: ModuleType) -> str | None:
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
    ax.set_xlabel(_wrap(f"{w('diff', lang)}: {setting_name(q, lang)}", lang, 90))
    ja = lang == "ja"
    ax.set_title(textwrap.fill(q["ja" if ja else "en"], 44 if ja else 90), fontsize=9)
    ax.legend(fontsize=8, loc="best")
    return fig_html(fig)


def _figure_level(game: str, ans: Mapping[str, Any], lang: str, plt: ModuleType) -> str | None:
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
    return fig_html(fig)


def _figure_seats(game: str, ans: Mapping[str, Any], lang: str, plt: ModuleType) -> str | None:
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
    return fig_html(fig)


def _figure_cards(game: str, ans: Mapping[str, Any], lang: str, plt: ModuleType) -> str | None:
    """Each card's win share with its interval against chance (cards, dealt)."""
    bots = list(ans["by_bot"])
    rows = ans["by_bot"][bots[0]]["rows"]
    if not rows:
        return None
    keys = [r["card"] for r in rows]  # the lead level's cards, in the tables' order (numbers as numbers)
    for b in bots[1:]:
        keys += [r["card"] for r in ans["by_bot"][b]["rows"] if r["card"] not in keys]
    names = [card_name(game, k, lang) for k in keys]
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
    return fig_html(fig)


def card_table(game: str, ans: Mapping[str, Any], lang: str) -> str:
    if ans["kind"] not in ("cards", "dealt"):
        return ""
    b = list(ans["by_bot"])[0]
    rows = ans["by_bot"][b]["rows"]
    head = (f"<tr><th>{w('card', lang)}</th><th>{w('use', lang)}</th><th>{w('winshare', lang)}</th>"
            f"<th>95%</th><th>{w('kept', lang)}</th></tr>")
    body = "".join(
        f"<tr><td>{html.escape(card_name(game, r['card'], lang))}</td><td>{r['use']:.0%}</td>"
        f"<td>{r['win_share']:.1%}</td><td>{r['ci'][0]:.1%}–{r['ci'][1]:.1%}</td>"
        f"<td>{'' if r.get('kept') is None else format(r['kept'], '.0%')}</td></tr>" for r in rows)
    return f"<p>{html.escape(who(b, lang, game))}</p><table>{head}{body}</table>"

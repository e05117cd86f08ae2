"""LS-A1 as readable tables, in English or Japanese (`soan analyze la-superba power`)."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.table import Table

L = {
    "title": ("La Superba — voyage power (LS-A1)", "ラ・スペルバ — 航海力（LS-A1）"),
    "base": ("base rules", "基本ルール"),
    "deck": ("deck", "デッキ"),
    "max_title": ("Maximum of 4 counting cards (3 played + community), both readings",
                  "数える４枚（出した３枚＋共有カード）の最大値、２つの読み方"),
    "reading": ("reading", "読み方"), "max": ("max", "最大"), "reaching": ("compositions reaching it", "最大になる組み合わせ"),
    "mean4": ("mean of 4 random", "無作為な４枚の平均"), "best": ("mean best of 5+1", "手札５枚＋共有の最善の平均"),
    "notes": ("notes (crew adds nothing beside ships)", "メモの読み方（船があると船員自身は加算しない）"),
    "literal": ("literal rule (LS-C1)", "ルールの文言どおり（LS-C1）"),
    "ex_title": ("The notes' compositions", "メモにある組み合わせ"),
    "composition": ("composition", "組み合わせ"), "in_deck": ("in this deck", "このデッキで"),
    "yes": ("yes", "可能"), "no": ("no (not enough cards)", "不可（枚数が足りない）"),
    "dist_title": ("Distributions (chosen reading): power → probability", "分布（選んだ読み方）：航海力 → 確率"),
    "power": ("power", "航海力"), "random4": ("4 random cards", "無作為な４枚"),
    "hand": ("best of 5-card hand + community", "手札５枚＋共有カードの最善"),
    "explanation": ("", "LS-C1 の文言どおりなら、船員は船を４ずつ強くするうえに自分の航海力１も加えるので、"
                        "船ｘ２＋船員ｘ２ ＝ ８＋８＋２ ＝ １８。メモの表は船がいると船員自身の力を数えず（１６）、"
                        "メモの同値の説明では数えている（船＋船員 ＝ ５）。"
                        "「メモの読み方」は crew_power_with_ships=false、「文言どおり」は既定の true。"),
}


def _t(key: str, lang: str) -> str:
    en, ja = L[key]
    return ja if lang == "ja" else en


def _comp(c: list[str]) -> str:
    out: dict[str, int] = {}
    for x in c:
        out[x] = out.get(x, 0) + 1
    return " + ".join(f"{k}×{v}" if v > 1 else k for k, v in out.items())


def power_text(r: dict[str, Any], lang: str = "en") -> list[str]:
    """The power analysis (`analysis.power_analysis`) as lines of laid-out text."""
    buf = io.StringIO()
    con = Console(file=buf, width=140, color_system=None, highlight=False)
    crew = f"crew_power_with_ships={str(r['params']['crew_power_with_ships']).lower()}"
    if lang == "ja":
        con.print(f"{_t('title', lang)}（{'・'.join(r['variants']) or _t('base', lang)}、{crew}）")
        con.print(f"{_t('deck', lang)}：" + "、".join(f"{k} ×{v}" for k, v in r["deck"].items()))
    else:
        con.print(f"{_t('title', lang)}, {', '.join(r['variants']) or _t('base', lang)}; {crew}")
        con.print(f"{_t('deck', lang)}: " + ", ".join(f"{k} ×{v}" for k, v in r["deck"].items()))
    t = Table(title=_t("max_title", lang))
    t.add_column(_t("reading", lang))
    t.add_column(_t("max", lang), justify="right")
    t.add_column(_t("reaching", lang))
    t.add_column(_t("mean4", lang), justify="right")
    t.add_column(_t("best", lang), justify="right")
    for name in ("notes", "literal"):
        rd = r["readings"][name]
        t.add_row(_t(name, lang), str(rd["max"]), "; ".join(_comp(c) for c in rd["argmax"]), f"{rd['mean']:.2f}",
                  f"{rd['best_of_hand_mean']:.2f}")
    con.print(t)
    e = Table(title=_t("ex_title", lang))
    for col in ("composition", "in_deck", "notes", "literal"):
        e.add_column(_t(col, lang))
    for x in r["notes_examples"]:
        e.add_row(x["composition"], _t("yes" if x["in_deck"] else "no", lang), str(x["notes"]), str(x["literal"]))
    con.print(e)
    d = Table(title=_t("dist_title", lang))
    d.add_column(_t("power", lang), justify="right")
    d.add_column(_t("random4", lang), justify="right")
    d.add_column(_t("hand", lang), justify="right")
    for k in sorted(set(r["distribution"]) | set(r["best_of_hand"])):
        d.add_row(str(k), f"{r['distribution'].get(k, 0):.4f}", f"{r['best_of_hand'].get(k, 0):.4f}")
    con.print(d)
    con.print(_t("explanation", lang) or r["explanation"])
    return buf.getvalue().rstrip("\n").split("\n")

"""`soan compare A B`: every measure side by side, game by game: the difference, its 95% interval, and
whether it stands after Holm's correction across all the measures compared."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from ..core import words
from ..core.game import game_info
from .stats import compare_tables
from .study import StudyError, load

TEXT = words.pairs("compare")  # core/words/*.toml


def tr(key: str, lang: str) -> str:
    en, ja = TEXT[key]
    return ja if lang == "ja" else en


def compare_full(dir_a: str | Path, dir_b: str | Path) -> tuple[list[dict[str, Any]], bool]:
    sa, ga, ta = load(dir_a)
    sb, gb, tb = load(dir_b)
    if (sa["game"], sa["players"]) != (sb["game"], sb["players"]):
        ja_a, ja_b = (game_info(x["game"]).name_ja or x["game"] for x in (sa, sb))
        raise StudyError(f"cannot compare {sa['game']} for {sa['players']} with {sb['game']} for {sb['players']}",
                         ja=f"{sa['players']}人の{ja_a}と{sb['players']}人の{ja_b}は比べられません")
    return compare_tables((ga, ta), (gb, tb), sa["players"])


def compare(dir_a: str | Path, dir_b: str | Path) -> list[dict[str, Any]]:
    return compare_full(dir_a, dir_b)[0]


def compare_html(rows: list[dict[str, Any]], a: str, b: str, out: str | Path, lang: str = "en") -> Path:
    from .balance import measure_label

    settings = load(a)[0]

    def f(x: float | None) -> str:
        return "" if x is None else f"{x:.3f}"

    def name(m: str) -> str:  # as a reader names it, seats from 1 (席1の勝率, seat 1's win share)
        return measure_label(m, settings["game"], settings["players"], lang)

    paired = bool(rows and rows[0].get("paired"))
    body = "".join(
        f"<tr{' class=sig' if r['significant'] else ''}><td>{html.escape(name(r['measure']))}</td><td>{f(r['a'])}</td>"
        f"<td>{f(r['b'])}</td><td>{f(r['diff'])}</td><td>{f(r['ci'][0])} – {f(r['ci'][1])}</td>"
        f"<td>{f(r.get('p_adj'))}</td><td>{tr('yes', lang) if r['significant'] else ''}</td></tr>" for r in rows)
    note = f"{tr('paired' if paired else 'unpaired', lang)} {tr('units', lang).format(n=len(rows))}"
    doc = (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{tr('title', lang)}</title><style>"
           "body{font-family:sans-serif;max-width:1000px;margin:2em auto}table{border-collapse:collapse}"
           "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td:first-child{text-align:left}"
           ".sig{background:#fde2c8}</style></head>"
           f"<body><h1>A: {html.escape(str(a))}<br>B: {html.escape(str(b))}</h1><p>{html.escape(note)}</p>"
           f"<table><tr><th>{tr('measure', lang)}</th><th>A</th><th>B</th><th>{tr('diff', lang)}</th>"
           f"<th>{tr('interval', lang)}</th><th>{tr('padj', lang)}</th><th>{tr('sig', lang)}</th></tr>{body}"
           "</table></body></html>")
    p = Path(out)
    p.write_text(doc, encoding="utf-8")
    return p

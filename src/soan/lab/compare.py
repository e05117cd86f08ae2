"""`soan compare A B`: every measure side by side, with the difference, its 95% interval, significance."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from .stats import diff_ci, measures
from .study import StudyError, load


def compare(dir_a: str | Path, dir_b: str | Path) -> list[dict[str, Any]]:
    sa, ga, ta = load(dir_a)
    sb, gb, tb = load(dir_b)
    if (sa["game"], sa["players"]) != (sb["game"], sb["players"]):
        raise StudyError(f"cannot compare {sa['game']} for {sa['players']} with {sb['game']} for {sb['players']}")
    ma = measures(ga, ta, sa["players"])
    mb = measures(gb, tb, sb["players"])
    rows = []
    for k in ma:
        if k in mb:
            r = diff_ci(ma[k], mb[k])
            rows.append({"measure": k, **r})
    return rows


def compare_html(rows: list[dict[str, Any]], a: str, b: str, out: str | Path) -> Path:
    def f(x):
        return "" if x is None else f"{x:.3f}"

    body = "".join(
        f"<tr{' class=sig' if r['significant'] else ''}><td>{html.escape(r['measure'])}</td><td>{f(r['a'])}</td>"
        f"<td>{f(r['b'])}</td><td>{f(r['diff'])}</td><td>{f(r['ci'][0])} – {f(r['ci'][1])}</td>"
        f"<td>{'yes' if r['significant'] else ''}</td></tr>" for r in rows)
    doc = ("<!doctype html><html><head><meta charset='utf-8'><title>soan compare</title><style>"
           "body{font-family:sans-serif;max-width:960px;margin:2em auto}table{border-collapse:collapse}"
           "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}.sig{background:#fde2c8}</style></head>"
           f"<body><h1>A: {html.escape(a)}<br>B: {html.escape(b)}</h1><table><tr><th>measure</th><th>A</th>"
           f"<th>B</th><th>B − A</th><th>95% interval</th><th>significant</th></tr>{body}</table></body></html>")
    p = Path(out)
    p.write_text(doc, encoding="utf-8")
    return p

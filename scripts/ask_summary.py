"""One line per answer of `soan ask` folders (answers.json): question, setting, the lead bot level's
verdict, figure, 95% interval and games, as a Markdown table (docs/lab.md's current answers).

    python scripts/ask_summary.py studies/ask/undecim studies/ask/la-superba studies/ask/asian-delivery
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def fmt(x, pct: bool) -> str:
    if x is None:
        return "—"
    return f"{x:+.1%}" if pct else f"{x:+.2f}"


def value(x, pct: bool) -> str:
    return f"{x:.1%}" if pct else f"{x:.2f}"


def rows(folder: Path) -> list[str]:
    from soan.lab.ask_report import label

    res = json.loads((folder / "answers.json").read_text(encoding="utf-8"))
    game = res["game"]
    out = []
    n_clear = 0
    for ans in res["answers"]:
        q = ans["q"]
        lead = res["bots"][0]
        r0 = ans["by_bot"][lead]
        n_clear += bool(r0["clear"])
        if ans["kind"] == "compare":
            pct = q.get("format") == "pct"
            for r in r0["rows"]:
                lo, hi = r["ci"]
                eff = r["effect"] + (" (bots do not respond)" if r.get("same_play") else "")
                out.append(f"| {game} | {q['id']} | {label(game, r['against'], 'en')} | {eff} | "
                           f"{fmt(r['a'], pct)[1:] if r['a'] is not None else '—'} → "
                           f"{fmt(r['b'], pct)[1:] if r['b'] is not None else '—'} | {fmt(r['diff'], pct)} "
                           f"[{fmt(lo, pct)}, {fmt(hi, pct)}] | {r['n']} |")
        elif ans["kind"] == "level":
            for r in r0["rows"]:
                p = r.get("format") == "pct"
                out.append(f"| {game} | {q['id']} | {r['name']['en']} | {'clear' if r['clear'] else 'not clear'} | "
                           f"{value(r['value'], p)} | [{value(r['ci'][0], p)}, {value(r['ci'][1], p)}] | {r['games']} |")
        elif ans["kind"] == "seats":
            sig = [r for r in r0["rows"] if r["significant"]]
            verdict = ("off chance: " + ", ".join(f"pos {r['k'] + 1} ({r['players']}p)" for r in sig)) if sig else \
                ("within ±5 pts" if r0["clear"] else "not clear")
            figs = "; ".join(f"{r['players']}p pos{r['k'] + 1} {r['win_share']:.0%}" for r in r0["rows"])
            out.append(f"| {game} | {q['id']} | turn positions | {verdict} | {figs} | | {r0['rows'][0]['games']} |")
        elif ans["kind"] in ("cards", "dealt"):
            fl = [r for r in r0["rows"] if r.get("flag")]
            verdict = ("flagged: " + ", ".join(f"{r['card']} {r['win_share']:.0%}" for r in fl)) if fl else \
                ("none stands out (±5 pts)" if r0["clear"] else "not clear")
            n = max((r["games"] for r in r0["rows"]), default=0)
            out.append(f"| {game} | {q['id']} | {len(r0['rows'])} cards | {verdict} | | | ≤{n} |")
        else:
            out.append(f"| {game} | {q['id']} | — | answered in words | | | 0 |")
    out.append(f"| {game} | **clear at the lead level** | | **{n_clear}/{len(res['answers'])}** | | | |")
    return out


def main(argv: list[str]) -> int:
    print("| game | question | setting / measure | verdict (lead level) | figure | difference [95%] | games |")
    print("|---|---|---|---|---|---|---|")
    for d in argv:
        for line in rows(Path(d)):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

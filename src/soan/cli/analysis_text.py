"""LS-A1 as readable tables."""

from __future__ import annotations

from rich.table import Table


def _comp(c: list[str]) -> str:
    out: dict[str, int] = {}
    for x in c:
        out[x] = out.get(x, 0) + 1
    return " + ".join(f"{k}×{v}" if v > 1 else k for k, v in out.items())


def print_power(console, r: dict) -> None:
    vs = ", ".join(r["variants"]) or "base rules"
    console.print(f"[bold]La Superba — voyage power (LS-A1)[/bold], {vs}; "
                  f"crew_power_with_ships={r['params']['crew_power_with_ships']}", highlight=False)
    deck = r["deck"]
    console.print("deck: " + ", ".join(f"{k} ×{v}" for k, v in deck.items()), highlight=False)
    t = Table(title="Maximum of 4 counting cards (3 played + community), both readings")
    t.add_column("reading")
    t.add_column("max", justify="right")
    t.add_column("compositions reaching it")
    t.add_column("mean of 4 random", justify="right")
    t.add_column("mean best of 5+1", justify="right")
    for name, label in (("notes", "notes (crew adds nothing beside ships)"), ("literal", "literal rule (LS-C1)")):
        rd = r["readings"][name]
        t.add_row(label, str(rd["max"]), "; ".join(_comp(c) for c in rd["argmax"]), f"{rd['mean']:.2f}",
                  f"{rd['best_of_hand_mean']:.2f}")
    console.print(t)
    e = Table(title="The notes' compositions")
    for col in ("composition", "in this deck", "notes", "literal"):
        e.add_column(col)
    for x in r["notes_examples"]:
        e.add_row(x["composition"], "yes" if x["in_deck"] else "no (not enough cards)", str(x["notes"]),
                  str(x["literal"]))
    console.print(e)
    d = Table(title="Distributions (chosen reading): power → probability")
    d.add_column("power", justify="right")
    d.add_column("4 random cards", justify="right")
    d.add_column("best of 5-card hand + community", justify="right")
    keys = sorted(set(r["distribution"]) | set(r["best_of_hand"]))
    for k in keys:
        d.add_row(str(k), f"{r['distribution'].get(k, 0):.4f}", f"{r['best_of_hand'].get(k, 0):.4f}")
    console.print(d)
    console.print(r["explanation"], highlight=False)

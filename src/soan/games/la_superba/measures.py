"""La Superba's measures per seat, for the lab (from the round events): per-round ranks, chits
carried / delivered / lost / returned, goods' effects won, mean voyage power."""

from __future__ import annotations

from typing import Any


class Measures:
    def __init__(self, players: int) -> None:
        self.n = players
        self.rows: list[dict[str, Any]] = [
            {"carried": 0, "delivered": 0, "lost": 0, "returned": 0, "pepper_won": 0, "glass_won": 0,
             "silk_won": 0, "power_sum": 0, "rounds": 0} for _ in range(players)]

    def __call__(self, kind: str, d: dict[str, Any]) -> None:
        if kind != "round":
            return
        r = d["round"]
        for i, row in enumerate(self.rows):
            row[f"rank_r{r}"] = d["ranks"][i]
            row["carried"] += sum(d["carried"][i])
            row["delivered"] += sum(d["delivered"][i])
            row["lost"] += sum(d["lost"][i])
            row["returned"] += sum(d["returned"][i])
            row["power_sum"] += d["power"][i]
            row["rounds"] += 1
            for g in ("pepper", "glass", "silk"):
                if i in d["effects"][g]:
                    row[f"{g}_won"] += 1

    def per_seat(self, state) -> list[dict[str, Any]]:
        out = []
        for row in self.rows:
            r = dict(row)
            r["mean_power"] = r.pop("power_sum") / max(r.pop("rounds"), 1)
            out.append(r)
        return out

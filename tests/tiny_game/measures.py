"""Pearl Bid's measures per seat, for the lab: prizes won, rounds won, tied rounds."""

from __future__ import annotations

from typing import Any


class Measures:
    def __init__(self, players: int) -> None:
        self.rows: list[dict[str, Any]] = [{"rounds_won": 0, "prizes_won": 0, "ties": 0} for _ in range(players)]

    def __call__(self, kind: str, d: dict[str, Any]) -> None:
        if kind != "round":
            return
        w = d["winner"]
        for i, row in enumerate(self.rows):
            if i == w:
                row["rounds_won"] += 1
                row["prizes_won"] += len(d["prizes"])
            elif d["bids"].count(d["bids"][i]) > 1:
                row["ties"] += 1

    def per_seat(self, state) -> list[dict[str, Any]]:
        return [dict(r) for r in self.rows]

"""UN-A1, the notes' complaint measured: "hand fluidity is nil; players hold two trumps".

Attach `HandFluidity()` as a state's listener (or let the lab do it): per card, how often it is
taken (and from which area), played, held in hand to the end of a season, and the final rank of
the players who played it; per seat, turns whose hand did not change (the card taken was played).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any


class HandFluidity:
    def __init__(self) -> None:
        self.taken: dict[str, dict[str, int]] = defaultdict(lambda: {"normal": 0, "bonus": 0})
        self.played: dict[str, int] = defaultdict(int)
        self.held_to_end: dict[str, int] = defaultdict(int)
        self.play_ranks: dict[str, list[int]] = defaultdict(list)
        self.unchanged_turns: dict[int, int] = defaultdict(int)
        self.turns: dict[int, int] = defaultdict(int)
        self._season_plays: list[tuple[int, str]] = []

    def __call__(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "take":
            self.taken[data["card"]][data["area"]] += 1
        elif kind == "play":
            self.played[data["card"]] += 1
            self._season_plays.append((data["seat"], data["card"]))
        elif kind == "turn":
            self.turns[data["seat"]] += 1
            if not data["hand_changed"]:
                self.unchanged_turns[data["seat"]] += 1
        elif kind == "season_end":
            for hand in data["hands"]:
                for c in hand:
                    self.held_to_end[c] += 1
            for seat, c in self._season_plays:
                self.play_ranks[c].append(data["ranks"][seat])
            self._season_plays = []

    def summary(self) -> dict[str, Any]:
        cards = sorted(set(self.taken) | set(self.played) | set(self.held_to_end))
        return {
            "cards": {c: {"taken_normal": self.taken[c]["normal"], "taken_bonus": self.taken[c]["bonus"],
                          "played": self.played[c], "held_to_end": self.held_to_end[c],
                          "mean_rank_when_played": (sum(self.play_ranks[c]) / len(self.play_ranks[c])
                                                    if self.play_ranks[c] else None)}
                      for c in cards},
            "unchanged_hand_share": {s: self.unchanged_turns[s] / t for s, t in sorted(self.turns.items()) if t},
        }


class Measures:
    """Per seat, for the lab: cards taken from each area, turns whose hand did not change, and per
    card whether the seat played it and held it to the end (UN-A1), summed over seasons."""

    def __init__(self, players: int) -> None:
        self.rows: list[dict[str, Any]] = [
            {"taken_normal": 0, "taken_bonus": 0, "unchanged_turns": 0, "turns": 0} for _ in range(players)]

    def __call__(self, kind: str, d: dict[str, Any]) -> None:
        if kind == "take":
            self.rows[d["seat"]]["taken_" + d["area"]] += 1
        elif kind == "play":
            k = "played_" + d["card"]
            row = self.rows[d["seat"]]
            row[k] = row.get(k, 0) + 1
        elif kind == "turn":
            row = self.rows[d["seat"]]
            row["turns"] += 1
            row["unchanged_turns"] += 0 if d["hand_changed"] else 1
        elif kind == "season_end":
            for i, hand in enumerate(d["hands"]):
                for c in hand:
                    k = "held_" + c
                    self.rows[i][k] = self.rows[i].get(k, 0) + 1

    def per_seat(self, state) -> list[dict[str, Any]]:
        out = []
        cards = state.T.card_ids
        for row in self.rows:
            r = dict(row)
            for c in cards:
                r.setdefault("played_" + c, 0)
                r.setdefault("held_" + c, 0)
            led = state.ledger[len(out)]
            for k, v in zip(("land", "scenario", "start", "cards", "majority", "buildings", "gold", "enemy"), led,
                            strict=True):
                r["vp_" + k] = v
            r["settlements"] = len(state.settl[len(out)])
            out.append(r)
        return out

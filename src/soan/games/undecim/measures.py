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


def card_name(key: str, lang: str) -> str:
    """An action card's id (as in `played_<id>`) → its name."""
    from .model import load_components

    for a in load_components(None)[0].action_cards:
        if a.id == key:
            return a.name_ja if lang == "ja" else a.name
    return key


def turn_order(state) -> list[int]:
    """UN-S4: clockwise from the start player."""
    n = state.cfg.players
    return [(state.start + i) % n for i in range(n)]


class Measures:
    """Per seat, for the lab: cards taken from each area, turns whose hand did not change, and per
    card whether the seat played it and held it to the end (UN-A1), summed over seasons; the action
    cards dealt at setup (UN-S1, first season) and whether each was still in hand at that season's end."""

    def __init__(self, players: int) -> None:
        self.rows: list[dict[str, Any]] = [
            {"taken_normal": 0, "taken_bonus": 0, "unchanged_turns": 0, "turns": 0} for _ in range(players)]
        self.dealt: list[list[str]] = [[] for _ in range(players)]
        self.end_hand: list[list[str]] | None = None

    def start(self, state) -> None:
        ids = state.T.card_ids
        self.dealt = [[ids[c] for c in hand] for hand in state.hands]

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
            if self.end_hand is None:
                self.end_hand = [list(h) for h in d["hands"]]
            for i, hand in enumerate(d["hands"]):
                for c in hand:
                    k = "held_" + c
                    self.rows[i][k] = self.rows[i].get(k, 0) + 1

    def per_seat(self, state) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        cards = state.T.card_ids
        for row in self.rows:
            r = dict(row)
            p = len(out)
            for c in cards:
                r.setdefault("played_" + c, 0)
                r.setdefault("held_" + c, 0)
                dealt = c in self.dealt[p]
                r["dealt_" + c] = int(dealt)
                r["dealt_kept_" + c] = int(dealt and self.end_hand is not None and c in self.end_hand[p])
            r["dealt_cards"] = " ".join(self.dealt[p])
            r["unchanged_share"] = r["unchanged_turns"] / r["turns"] if r["turns"] else 0.0
            led = state.ledger[p]
            for k, v in zip(("land", "scenario", "start", "cards", "majority", "buildings", "gold", "enemy"), led,
                            strict=True):
                r["vp_" + k] = v
            r["settlements"] = len(state.settl[len(out)])
            out.append(r)
        return out

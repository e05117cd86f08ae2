"""AD-A1, the notes' complaints measured, per seat (and per round): workers spent, retrievals, MP
recovered, face-down plays, cubes moved by card / vehicle / gate, cubes standing per area at round
ends, requests completed, facilities built by type; workers in supply at each round start, turns cut
short for lack of a worker, voluntary extra plays against workers lost to AD-V10 decay."""

from __future__ import annotations

from typing import Any

from .actions import PlayCard, RequestPick
from .model import N_FACILITIES, WAREHOUSE_AREAS, fac_slot


def card_slug(name: str) -> str:
    return name.lower().replace(" ", "-").replace("'", "")


def card_name(key: str, lang: str) -> str:
    """A card's key (as in `played_<key>`) → its name."""
    from .model import load_components

    m = load_components(None)[0]
    for c in [*m.business_cards, *m.base_cards]:
        if card_slug(c.name) == key:
            return c.name_ja if lang == "ja" else c.name
    return key


def turn_order(state) -> list[int]:
    """AD-S2 / AD-R2: clockwise from this round's start player."""
    n = state.cfg.players
    return [(state.start + i) % n for i in range(n)]

FIELDS = ("workers_spent", "retrievals", "mp_recovered", "facedown_plays", "moved_card", "moved_vehicle",
          "moved_gate", "requests_completed", "request_vp", "built_office", "built_tower", "built_market",
          "built_gate")


class Measures:
    def __init__(self, players: int) -> None:
        self.n = players
        self.rows: list[dict[str, Any]] = [dict.fromkeys(FIELDS, 0) for _ in range(players)]
        self.by_round: list[dict[str, Any]] = []  # one dict per (round, seat) with the same fields
        self.standing: list[list[list[int]]] = []  # per round: per seat, cubes per area (0..10)
        self.state = None
        self.supply_at_start: list[list[int]] = []  # per round: workers in supply per seat at its start
        self.extra_plays = [0] * players  # AD-T2: face-up plays after the free one (each costs a worker)
        self.decay_losses = [0] * players  # AD-V10: workers lost for ending a turn without retrieving
        self.short_turns = [0] * players  # turns where a further face-up play was barred by no worker
        self.office_requests = [0] * players  # AD-V6: offices that took a request instead of a business card
        self.stored_vp = [0] * players  # AD-V13: VP paid at round ends for cubes stored under one's ad tower
        self._short_seen: set[tuple[int, int]] = set()
        self._in_play = False

    def start(self, state) -> None:
        self.state = state
        self.supply_at_start = [list(state.workers)]

    def before(self, state, seat: int, action) -> None:
        if state.round > len(self.supply_at_start):
            self.supply_at_start.append(list(state.workers))
        self._in_play = isinstance(action, PlayCard) and action.face == "up"
        if isinstance(action, RequestPick) and state.stack and state.stack[-1].kind == "office_pick":  # AD-V6
            self.office_requests[seat] += 1
        key = (state.round, state.turn_k)
        if (key not in self._short_seen and state.seat == seat and state.free_used and state.workers[seat] == 0
                and state.hands[seat]):
            self._short_seen.add(key)
            self.short_turns[seat] += 1

    def after(self, state, seat: int, action) -> None:
        self._in_play = False

    def _round_row(self, r: int, p: int) -> dict[str, Any]:
        while len(self.by_round) < r * self.n:
            k = len(self.by_round)
            self.by_round.append({"round": k // self.n + 1, "seat": k % self.n, **dict.fromkeys(FIELDS, 0)})
        return self.by_round[(r - 1) * self.n + p]

    def _add(self, p: int, r: int, key: str, k: int = 1) -> None:
        self.rows[p][key] += k
        self._round_row(r, p)[key] += k

    def __call__(self, kind: str, d: dict[str, Any]) -> None:
        p, r = d.get("seat"), d.get("round", 1)
        if p is None:  # no seat's measure: round end (settlement, end, vehicle moves: not counted here)
            if kind == "round_end":
                self.standing.append(d["standing"])
                s = self.state
                if s is not None and "stored-vp" in s.T.flags:  # AD-V13: what this round end paid each seat
                    for q in range(self.n):
                        self.stored_vp[q] += len(s.stored_vp_areas(q))
            return
        if kind == "worker":
            self._add(p, r, "workers_spent")
            if self._in_play:
                self.extra_plays[p] += 1
            else:
                self.decay_losses[p] += 1
        elif kind == "retrieve":
            self._add(p, r, "retrievals")
            self._add(p, r, "mp_recovered", d["mp"])
        elif kind == "facedown":
            self._add(p, r, "facedown_plays")
        elif kind == "moved":
            self._add(p, r, "moved_" + d["by"], d["n"])
        elif kind == "complete":
            self._add(p, r, "requests_completed")
            self._add(p, r, "request_vp", d["vp"])
            self.rows[p]["request_distance"] = self.rows[p].get("request_distance", 0) + d.get("dist", 0)
        elif kind == "build":
            self._add(p, r, "built_" + d["facility"])
        elif kind == "play" and d["face"] == "up":
            k = "played_" + card_slug(d["card"])
            self.rows[p][k] = self.rows[p].get(k, 0) + 1

    def per_seat(self, state) -> list[dict[str, Any]]:
        out = []
        for p, row in enumerate(self.rows):
            x = dict(row)
            if self.standing:
                last = self.standing[-1][p]
                x["cubes_standing_final"] = sum(last[2:])
                x["areas_with_cubes_final"] = sum(1 for a in range(2, 11) if last[a])
                x["cubes_standing_mean"] = sum(sum(st[p][2:]) for st in self.standing) / len(self.standing)
                for k, st in enumerate(self.standing):
                    x[f"cubes_standing_r{k + 1}"] = sum(st[p][2:])  # relay areas 2..10, at round k's end
            for k, sup in enumerate(self.supply_at_start):
                x[f"workers_supply_r{k + 1}"] = sup[p]
            if self.supply_at_start:
                x["workers_supply_min"] = min(sup[p] for sup in self.supply_at_start)
            x.setdefault("request_distance", 0)  # steps from ① to the areas of the requests completed: distance carried
            x["extra_plays"] = self.extra_plays[p]
            x["decay_losses"] = self.decay_losses[p]
            x["office_requests"] = self.office_requests[p]
            x["stored_vp"] = self.stored_vp[p]
            x["turns_short_of_worker"] = self.short_turns[p]
            for r in self.by_round:  # the AD-A1 panel's series: key measures by round
                if r["seat"] == p:
                    for key in ("workers_spent", "retrievals", "moved_card", "moved_vehicle", "moved_gate"):
                        x[f"{key}_r{r['round']}"] = r[key]
            owners = [{state.fac[fac_slot(a, f)] for f in range(N_FACILITIES)} - {-1} for a in WAREHOUSE_AREAS]
            x["shared_areas"] = sum(1 for o in owners if len(o) > 1)  # areas ②–⑩ with facilities of 2+ players
            x["areas_with_others"] = sum(1 for o in owners if p in o and len(o) > 1)  # of them, with this seat's
            x["facilities"] = state.T.tokens - state.tokens[p]
            x["path"] = state.longest_path(p)
            x["pairs"] = state.pairs(p)
            x["requests_open_end"] = len(state.orders[p])  # drafted, never completed (AD-K2 penalty)
            drafted = row["requests_completed"] + x["requests_open_end"]
            x["requests_completed_share"] = row["requests_completed"] / drafted if drafted else float("nan")
            out.append(x)
        return out

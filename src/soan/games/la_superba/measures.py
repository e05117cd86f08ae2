"""La Superba's measures per seat, for the lab (from the round events): per-round ranks, voyage power
and counting cards' suits; chits carried / delivered / lost / returned, goods' effects won, mean
voyage power; what the tie-breaks decided (serial number, glass), the community card's marginal power
and whether it changed who came first; all-tie wipe-outs (LS-V3)."""

from __future__ import annotations

from typing import Any

from .model import CREW, SHIP, SUITS, WEATHER, hand_power, voyage_power

GOODS = ("pepper", "glass", "silk")


def card_name(key: str, lang: str) -> str:
    """A card type's key (`weather-3`, `crew-1`, `ship-x4`, as in `played_<key>`) or one card's serial
    (`17`, as in `bycard_<serial>`) → its name, e.g. 天候3#17 / weather 3 #17."""
    from .model import load_components

    if key.isdigit():
        card = {c.serial: c for c in load_components(None)[0].voyage_cards}.get(int(key))
        if card is None:
            return key
        kind = f"{card.suit}-{card.power if card.suit != 'ship' else 'x' + str(card.multiplier)}"
        return f"{card_name(kind, lang)}#{key}" if lang == "ja" else f"{card_name(kind, lang)} #{key}"
    suit, _, value = key.partition("-")
    names = load_components(None)[0].suits
    if suit not in names:
        return key
    nm = names[suit].name_ja if lang == "ja" else names[suit].name
    return f"{nm}{value.replace('x', '×')}" if lang == "ja" else f"{nm} {value.replace('x', '×')}"


def final_tie(state) -> dict[str, int]:
    """LS-E1's final-score tie-break, what decided it (the same on every seat): `final_tie` (the top score
    is shared), then `final_tie_last_round` (the last round's rank settled it), `final_tie_hand` (LS-V3:
    the hand's power settled it) or `final_tie_unbroken` (still shared: a shared win)."""
    n = state.cfg.players
    sc = state.scores()
    tied = [i for i in range(n) if sc[i] == max(sc)]
    out = {"final_tie": int(len(tied) > 1), "final_tie_last_round": 0, "final_tie_hand": 0, "final_tie_unbroken": 0}
    if len(tied) < 2:
        return out
    last = state.hist[-1].ranks if state.hist else [1] * n
    best = [i for i in tied if last[i] == min(last[j] for j in tied)]
    if len(best) == 1:
        out["final_tie_last_round"] = 1
        return out
    if state.R.no_serials:
        hp = {i: hand_power(state.hands[i], state.R) for i in best}
        if sum(1 for i in best if hp[i] == max(hp.values())) == 1:
            out["final_tie_hand"] = 1
            return out
    out["final_tie_unbroken"] = 1
    return out


class Measures:
    def __init__(self, players: int) -> None:
        self.n = players
        self.rows: list[dict[str, Any]] = [
            {"carried": 0, "delivered": 0, "lost": 0, "returned": 0, "pepper_won": 0, "glass_won": 0,
             "silk_won": 0, "power_sum": 0, "rounds": 0} for _ in range(players)]
        self.entries: list[dict[str, Any]] = []

    def __call__(self, kind: str, d: dict[str, Any]) -> None:
        if kind != "round":
            return
        self.entries.append(d)
        r = d["round"]
        for i, row in enumerate(self.rows):
            row[f"rank_r{r}"] = d["ranks"][i]
            row["carried"] += sum(d["carried"][i])
            row["delivered"] += sum(d["delivered"][i])
            row["lost"] += sum(d["lost"][i])
            row["returned"] += sum(d["returned"][i])
            row["power_sum"] += d["power"][i]
            row["rounds"] += 1
            for g in GOODS:
                if i in d["effects"][g]:
                    row[f"{g}_won"] += 1

    def per_seat(self, state) -> list[dict[str, Any]]:
        out = []
        for row in self.rows:
            r = dict(row)
            r["mean_power"] = r.pop("power_sum") / max(r.pop("rounds"), 1)
            for k in ("all_weather", "all_weather_first", "serial_rank", "glass_rank", "serial_effect",
                      "community_added", "community_changed_first", "all_tie_wipeouts", "community_share_first", "community_low", "first", "max_power",
                      "power_range"):
                r[k] = 0
            out.append(r)
        R = state.R
        for r in out:
            for c in R.deck:
                r.setdefault(f"played_{SUITS[R.suit[c]]}-{R.power[c] if R.suit[c] != SHIP else 'x' + str(R.mult[c])}", 0)
                r.setdefault(f"bycard_{c}", 0)
        events = {e.id: e for e in R.events}
        for d in self.entries:
            self._round(d, R, events[d["event"]], out)
        rounds = max(len(self.entries), 1)
        for r in out:
            r["community_added_mean"] = r.pop("community_added") / rounds
            r["community_share_first"] /= rounds  # mean over rounds of the first voyage's power from it
            r["community_low"] /= rounds  # share of voyages (all seats) it added 1 power or less to
            r["power_range_mean"] = r.pop("power_range") / rounds  # the round's highest minus lowest power
        tie = final_tie(state)
        for r in out:
            r.update(tie)
        return out

    def _round(self, d: dict[str, Any], R, ev, out: list[dict[str, Any]]) -> None:
        """One round's measures, seat by seat (in this order: the cards, the ties, the community card)."""
        rnd = d["round"]
        played = [tuple(p) for p in d["played"]]
        glass = set(d["effects"]["glass"])
        power, ranks = d["power"], d["ranks"]
        cm = () if ev.community_off else (d["community"],)
        bare, changed, share_first, low = self._community_card(d, R, ev, played, glass)  # LS-R1 / LS-R3
        self._serial_effects(d, R, out)  # LS-R4
        all_tied = int(bool(d["all_tied"]))  # LS-V3
        for i in range(self.n):
            r = out[i]
            _seat_cards(r, R, rnd, played[i], played[i] + cm, power, i, ranks[i] == 1)
            _seat_ties(r, rnd, i, power, glass, R.no_serials)
            added = power[i] - bare[i]
            r[f"community_added_r{rnd}"] = added
            r["community_added"] += added
            r[f"community_changed_first_r{rnd}"] = changed
            r["community_changed_first"] += changed
            r["all_tie_wipeouts"] += all_tied
            r["community_share_first"] += share_first
            r["community_low"] += low / self.n

    def _community_card(self, d: dict[str, Any], R, ev, played: list[tuple[int, ...]],
                        glass: set[int]) -> tuple[list[int], int, float, int]:
        """LS-R3 without the community card (LS-R1): each seat's power without it, whether it changed who
        came first, its share of the first-ranked voyage's power, and how many voyages it added at most 1 to."""
        n = self.n
        power, ranks = d["power"], d["ranks"]
        bare = [voyage_power(p, R) + (d["carried"][i][1] if i in glass else 0) for i, p in enumerate(played)]
        top = [(-p[0] if ev.tie_low else p[-1]) if p else 0 for p in played]
        if R.no_serials:
            key = [(bare[i], i in glass) for i in range(n)]
            first_bare = {i for i in range(n) if key[i] == max(key)}
        else:
            key2 = [(bare[i], i in glass, top[i]) for i in range(n)]
            first_bare = {max(range(n), key=key2.__getitem__)}
        first = {i for i in range(n) if ranks[i] == 1}
        changed = int(first != first_bare)
        share_first = sum((power[i] - bare[i]) / power[i] for i in first if power[i] > 0) / max(len(first), 1)
        low = sum(int(power[i] - bare[i] <= 1) for i in range(n))
        return bare, changed, share_first, low

    def _serial_effects(self, d: dict[str, Any], R, out: list[dict[str, Any]]) -> None:
        """LS-R4: the item effects a tie on the most carried decided by serial numbers."""
        n = self.n
        for g in range(len(GOODS)):
            if R.item_all or R.no_serials:
                continue
            best = max(c[g] for c in d["carried"])
            tied = [i for i in range(n) if best and d["carried"][i][g] == best]
            if len(tied) > 1:
                for i in tied:
                    out[i]["serial_effect"] += 1


def _seat_cards(r: dict[str, Any], R, rnd: int, mine: tuple[int, ...], counting: tuple[int, ...],
                power: list[int], i: int, first: bool) -> None:
    """LS-R2 / LS-R3: a seat's cards played (per card type and per card), its power, the suits counting."""
    suits = [R.suit[c] for c in counting]
    r[f"power_r{rnd}"] = power[i]
    for c in mine:  # per card type, for "which card is too strong" (item 4)
        k = f"played_{SUITS[R.suit[c]]}-{R.power[c] if R.suit[c] != SHIP else 'x' + str(R.mult[c])}"
        r[k] = r.get(k, 0) + 1
        r[f"bycard_{c}"] = r.get(f"bycard_{c}", 0) + 1  # per card (its serial): the same, card by card
    r["max_power"] = max(r["max_power"], power[i])
    r["power_range"] += max(power) - min(power)
    r[f"weather_r{rnd}"] = suits.count(WEATHER)
    r[f"crew_r{rnd}"] = suits.count(CREW)
    r[f"ship_r{rnd}"] = suits.count(SHIP)
    aw = int(bool(suits) and all(s == WEATHER for s in suits))
    r[f"all_weather_r{rnd}"] = aw
    r["all_weather"] += aw
    r["first"] += int(first)
    r["all_weather_first"] += int(aw and first)


def _seat_ties(r: dict[str, Any], rnd: int, i: int, power: list[int], glass: set[int], no_serials: bool) -> None:
    """LS-R5 / LS-V3: whether a seat's rank was settled by glass or by serial numbers."""
    same = [j for j in range(len(power)) if j != i and power[j] == power[i]]
    by_glass = any((j in glass) != (i in glass) for j in same)
    by_serial = not no_serials and any((j in glass) == (i in glass) for j in same)
    r[f"serial_rank_r{rnd}"] = int(by_serial)
    r["serial_rank"] += int(by_serial)
    r["glass_rank"] += int(by_glass)

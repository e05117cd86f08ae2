"""La Superba component schema and the precomputed tables shared by every state of one config."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core import components as comp

DATA = Path(__file__).parent / "data" / "components.yaml"
GOODS = ("pepper", "glass", "silk")
PEPPER, GLASS, SILK = 0, 1, 2
WEATHER, CREW, SHIP = 0, 1, 2
SUITS = ("weather", "crew", "ship")


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Name(_M):
    name: str
    name_ja: str


class Good(_M):
    id: Literal["pepper", "glass", "silk"]
    name: str
    name_ja: str
    effect: str = ""
    effect_ja: str = ""


MAX_SERIAL = 999  # the rule tables are indexed by serial
MAX_HAND = 12  # cards in hand at a voyage (hand_keep + draw): the play options are every choice of `play`


class CardSpec(_M):
    suit: Literal["weather", "crew", "ship"]
    power: int = Field(0, ge=0, le=1000)
    multiplier: int = Field(0, ge=0, le=1000)


class VoyageCard(CardSpec):
    serial: int = Field(ge=1, le=MAX_SERIAL)


class Effect(_M):
    effect: Literal["good_bonus", "good_face_down", "quotas", "community_off", "last_loses_cargo", "tie_low_serial"]
    good: Literal["pepper", "glass", "silk"] | None = None
    points: int | None = Field(None, ge=-1000, le=1000)
    by_rank: list[Annotated[int, Field(ge=0, le=21)]] | None = Field(None, max_length=10)  # LS-R6 quotas


class TradeCard(_M):
    id: str
    name: str
    name_ja: str
    text: str = ""  # a hand text overriding the one made from `effects` (checked to agree with them)
    text_ja: str = ""
    effects: list[Effect] = []


class Components(_M):
    rounds: int = Field(5, ge=1, le=50)
    hand_keep: int = Field(2, ge=0, le=MAX_HAND)
    draw: int = Field(3, ge=1, le=MAX_HAND)
    play: int = Field(3, ge=1, le=6)
    carry_max: int = Field(3, ge=1, le=7)  # the carry/deliver actions are interned up to 7 chits
    chits_per_good: int = Field(4, ge=1, le=100)
    face_up_value: int = Field(1, ge=-1000, le=1000)
    face_down_value: int = Field(3, ge=-1000, le=1000)
    quotas: list[Annotated[int, Field(ge=0, le=21)]] = Field(min_length=1, max_length=10)
    suits: dict[Literal["weather", "crew", "ship"], Name]
    goods: list[Good]
    voyage_cards: list[VoyageCard]
    variant_cards: dict[str, list[CardSpec]] = {}
    trade_cards: list[TradeCard]


def _check_card(c: CardSpec, where: str) -> list[str]:
    if c.suit == "ship" and (c.multiplier <= 0 or c.power):
        return [f"{where}: a ship has a multiplier > 0 and no power of its own"]
    if c.suit != "ship" and (c.power <= 0 or c.multiplier):
        return [f"{where}: a {c.suit} card has power > 0 and no multiplier"]
    return []


def check(m: Components) -> list[str]:
    out: list[str] = []
    serials = [c.serial for c in m.voyage_cards]
    dup = sorted({s for s in serials if serials.count(s) > 1})
    if dup:
        out.append(f"voyage_cards: serials {dup} appear more than once")
    for i, c in enumerate(m.voyage_cards):
        out += _check_card(c, f"voyage_cards[{i}] (serial {c.serial})")
    for v, cards in m.variant_cards.items():
        for i, vc in enumerate(cards):
            out += _check_card(vc, f"variant_cards.{v}[{i}]")
    if sorted(g.id for g in m.goods) != sorted(GOODS):
        out.append(f"goods: expected exactly {list(GOODS)}")
    if len(m.trade_cards) < m.rounds + 1:
        out.append(f"trade_cards: {len(m.trade_cards)} cards, at least rounds + 1 = {m.rounds + 1} needed")
    ids = [t.id for t in m.trade_cards]
    if len(set(ids)) != len(ids):
        out.append("trade_cards: ids must be unique")
    for i, t in enumerate(m.trade_cards):
        for j, e in enumerate(t.effects):
            w = f"trade_cards[{i}] (id {t.id}).effects[{j}]"
            if e.effect in ("good_bonus", "good_face_down") and e.good is None:
                out.append(f"{w}: {e.effect} needs 'good'")
            if e.effect == "good_bonus" and e.points is None:
                out.append(f"{w}: good_bonus needs 'points'")
            if e.effect == "quotas" and not e.by_rank:
                out.append(f"{w}: quotas needs 'by_rank', e.g. [3, 3, 1]")
    if not out:  # a hand text is compared with its effects once they are whole
        from .cardtext import problems as text_problems

        out += text_problems(m)
    if set(m.suits) != set(SUITS):
        out.append(f"suits: names for exactly {list(SUITS)} are needed")
    if m.play > m.hand_keep + m.draw:
        out.append(f"play: {m.play} cards cannot be played from a hand of hand_keep + draw = {m.hand_keep + m.draw}")
    nxt = max(serials or [0]) + sum(len(v) for v in m.variant_cards.values())
    if nxt > MAX_SERIAL:
        out.append(f"variant_cards: the variant cards take serials up to {nxt}; at most {MAX_SERIAL}")
    most = max_hand(m.hand_keep, m.draw, m.play, m.rounds)
    if most > MAX_HAND:
        out.append(f"hand_keep/draw/play: a hand grows to {most} cards by round {m.rounds}; at most {MAX_HAND}")
    need = deck_need(3, m.hand_keep, m.draw, m.play, m.rounds)
    if len(m.voyage_cards) < need:
        out.append(f"voyage_cards: {len(m.voyage_cards)} cards; 3 players need {need} (hands + community)")
    return out


def max_hand(keep: int, draw: int, play: int, rounds: int) -> int:
    """LS-R1/R2/R8: the largest hand a player holds at a voyage (it grows when play < draw)."""
    return max(keep + r * draw - (r - 1) * play for r in range(1, rounds + 1))


def deck_need(players: int, keep: int, draw: int, play: int, rounds: int) -> int:
    """Cards out of the deck at the fullest voyage: every hand and the community card."""
    return players * max_hand(keep, draw, play, rounds) + 1


load_components = comp.loader(DATA, Components, check)


@dataclass(frozen=True)
class Event:
    """A trade card compiled for the rules."""

    index: int
    id: str
    bonus: tuple[int, int, int]
    face_down: tuple[bool, bool, bool]
    quotas: tuple[int, ...] | None
    community_off: bool
    last_loses: bool
    tie_low: bool
    # per good, a delivered chit's value (LS-R7): [0] face up unless the event turns it face down, [1] face
    # down by pepper's effect (LS-R4); the event's bonus included
    chit_values: tuple[tuple[int, int, int], tuple[int, int, int]]


@dataclass(frozen=True)
class Rules:
    """Tables for fast rules: card attributes indexed by card id (= serial)."""

    suit: tuple[int, ...]
    power: tuple[int, ...]
    mult: tuple[int, ...]
    deck: tuple[int, ...]          # every card id in the game (sorted)
    events: tuple[Event, ...]
    quotas: tuple[int, ...]
    rounds: int
    draw: int
    play: int
    keep: int
    carry_max: int
    per_good: int
    face_up: int
    face_down: int
    weather_double: bool
    no_serials: bool
    crew_own: bool
    item_all: bool
    item_tie_all: bool
    weather_bonus: int = 0  # LS-B1


def compile_rules(m: Components, variants: tuple[str, ...], params: dict) -> Rules:
    cards: dict[int, CardSpec] = {c.serial: c for c in m.voyage_cards}
    if "lean-weather" in variants:  # LS-V2: remove the highest-serial weather-3 and weather-2
        for p in (3, 2):
            ws = [s for s, c in cards.items() if c.suit == "weather" and c.power == p]
            if ws:
                del cards[max(ws)]
    nxt = max([c.serial for c in m.voyage_cards] or [0]) + 1
    for v in ("accent-cards", "weather-4"):  # LS-V4, LS-V5: next serials
        if v in variants:
            for c in m.variant_cards.get(v, []):
                cards[nxt] = c
                nxt += 1
    n = nxt
    suit = [0] * n
    power = [0] * n
    mult = [0] * n
    for s, c in cards.items():
        suit[s] = SUITS.index(c.suit)
        power[s] = c.power
        mult[s] = c.multiplier
    evs = []
    for i, t in enumerate(m.trade_cards):
        bonus = [0, 0, 0]
        fd = [False, False, False]
        q = None
        off = last = low = False
        for e in t.effects:
            if e.effect == "good_bonus":
                bonus[GOODS.index(e.good)] += e.points or 0
            elif e.effect == "good_face_down":
                fd[GOODS.index(e.good)] = True
            elif e.effect == "quotas":
                q = tuple(e.by_rank or ())
            elif e.effect == "community_off":
                off = True
            elif e.effect == "last_loses_cargo":
                last = True
            elif e.effect == "tie_low_serial":
                low = True
        up, down = m.face_up_value, m.face_down_value
        values = ((down if fd[0] else up) + bonus[0], (down if fd[1] else up) + bonus[1], (down if fd[2] else up) + bonus[2])
        evs.append(Event(i, t.id, (bonus[0], bonus[1], bonus[2]), (fd[0], fd[1], fd[2]), q, off, last, low,
                         (values, (down + bonus[0], down + bonus[1], down + bonus[2]))))
    return Rules(
        suit=tuple(suit), power=tuple(power), mult=tuple(mult), deck=tuple(sorted(cards)),
        events=tuple(evs), quotas=tuple(m.quotas), rounds=m.rounds, draw=m.draw, play=m.play,
        keep=m.hand_keep, carry_max=m.carry_max, per_good=m.chits_per_good,
        face_up=m.face_up_value, face_down=m.face_down_value,
        weather_double="weather-double" in variants, no_serials="no-serials" in variants,
        crew_own=bool(params["crew_power_with_ships"]), item_all=params["item_effect"] == "all",
        item_tie_all=params.get("item_tie") == "all", weather_bonus=int(params.get("weather_bonus") or 0),
    )


def voyage_power(cards, R: Rules) -> int:
    """LS-R3 (with LS-V1): the power of the counting cards, before glass. One pass: weather adds its
    power, crew its own, ships their multipliers (each times the crews); ints, so any order sums alike."""
    suit, power, mult = R.suit, R.power, R.mult
    crews = 0
    ships = False
    weather = crew = multiplier = 0
    for c in cards:
        s = suit[c]
        if s == WEATHER:
            weather += power[c]
        elif s == CREW:
            crews += 1
            crew += power[c]
        else:
            ships = True
            multiplier += mult[c]
    total = weather + multiplier * crews
    if R.crew_own or not ships:  # crew_power_with_ships=false: the notes' reading
        total += crew
    weather_only = not crews and not ships
    if R.weather_double and weather_only and cards:  # LS-V1
        total *= 2
    if R.weather_bonus and weather_only and cards:  # LS-B1: after LS-V1's doubling
        total += R.weather_bonus
    return total


def hand_power(cards, R: Rules) -> int:
    """LS-V3 final tie-break: total power of the cards left in hand (ship = multiplier × crews in hand)."""
    crews = sum(1 for c in cards if R.suit[c] == CREW)
    return sum(R.power[c] if R.suit[c] != SHIP else R.mult[c] * crews for c in cards)

"""Undecim component schema and the tables compiled for the rules."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core import components as comp

DATA = Path(__file__).parent / "data" / "components.yaml"
ITEMS = ("grassland", "forest", "swamp", "mountain", "stone", "wood", "clay", "iron", "enemy", "gold")
ITEM_INDEX = {it: i for i, it in enumerate(ITEMS)}  # ITEMS.index as a table
LANDS = (0, 1, 2, 3)
RESOURCES = (4, 5, 6, 7)
ENEMY, GOLD = 8, 9
LAND_SPAN, RESOURCE_SPAN = slice(0, 4), slice(4, 8)  # LANDS and RESOURCES as slices of a row by item
assert LANDS == tuple(range(4)[LAND_SPAN]) and RESOURCES == tuple(range(8)[RESOURCE_SPAN])
SIDES = {"any": None, "land": LANDS, "resource": RESOURCES, "enemy": (ENEMY,), "gold": (GOLD,)}
TESTS = ("settlements", "settlement_size", "mixed_size", "land_kinds", "one_land", "lands", "enemies", "gold",
         "resources")
RULE_KEYS = ("buildings", "gold_rate", "land_majority", "enemy_penalty", "frontier")


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Item(_M):
    id: Literal["grassland", "forest", "swamp", "mountain", "stone", "wood", "clay", "iron", "enemy", "gold"]
    name: str
    name_ja: str
    kind: Literal["land", "resource", "enemy", "gold"]


MAX_PLAYERS = 4
COUNCIL = 11  # UN-C1: the action cards


class ResourceCard(_M):
    top: str
    bottom: str
    count: int = Field(ge=1, le=500)


class Effect(_M):
    op: Literal["gain", "draw", "settle", "develop", "boost", "vp_per"]
    n: int = Field(1, ge=1, le=20)
    side: Literal["any", "land", "resource", "enemy", "gold"] = "any"
    gold: int = Field(1, ge=1, le=50)
    then: list[Effect] = Field([], max_length=10)
    what: Literal["settlements", "lands", "enemies"] = "settlements"


Effect.model_rebuild()


class ActionCard(_M):
    id: str
    name: str
    name_ja: str
    text: str = ""  # a hand text overriding the one made from `effects` (checked to agree with them)
    text_ja: str = ""
    effects: list[Effect] = Field(min_length=1, max_length=10)


class Condition(_M):
    test: Literal["settlements", "settlement_size", "mixed_size", "land_kinds", "one_land", "lands", "enemies",
                  "gold", "resources"]
    n: int = Field(ge=1, le=1000)


VP = Annotated[int, Field(ge=-1000, le=1000)]


class RuleChange(_M):
    buildings: list[VP] | None = Field(None, min_length=1, max_length=20)
    gold_rate: VP | None = None
    land_majority: list[VP] | None = Field(None, min_length=2, max_length=2)
    enemy_penalty: list[VP] | None = Field(None, min_length=2, max_length=2)
    frontier: int | None = Field(None, ge=1, le=30)


class ScenarioCard(_M):
    id: str
    season: Literal[1, 2, 3]
    name: str
    name_ja: str
    vp: VP
    condition: Condition
    next: list[str] = []
    rule_change: RuleChange | None = None


class Components(_M):
    turns: int = Field(5, ge=1, le=50)
    hand: int = Field(2, ge=1, le=2)  # UN-S1: 4 players × hand, and the council still has cards to take
    frontier: int = Field(6, ge=1, le=30)
    items: list[Item]
    resource_cards: list[ResourceCard] = Field(min_length=1)
    buildings: list[VP] = Field(min_length=1, max_length=20)
    gold_rate: VP = 1
    land_majority: list[VP] = Field(min_length=2, max_length=2)
    enemy_penalty: list[VP] = Field(min_length=2, max_length=2)
    campaign_start_vp: dict[int, list[VP]]
    action_cards: list[ActionCard]
    scenario_cards: list[ScenarioCard]


def check(m: Components) -> list[str]:
    """Every problem of the components, in the order a reader meets them."""
    from .cardtext import problems as text_problems

    return [*_item_problems(m), *_action_card_problems(m), *text_problems(m), *_scenario_problems(m),
            *_start_vp_problems(m), *_size_problems(m)]


def _item_problems(m: Components) -> list[str]:
    out: list[str] = []
    if [i.id for i in m.items] != list(ITEMS):
        out.append(f"items: expected exactly {list(ITEMS)} in that order")
    for i, r in enumerate(m.resource_cards):
        out += [f"resource_cards[{i}]: unknown item {half!r}; expected one of {list(ITEMS)}"
                for half in (r.top, r.bottom) if half not in ITEMS]
    return out


def _action_card_problems(m: Components) -> list[str]:
    out: list[str] = []
    ids = [a.id for a in m.action_cards]
    if len(set(ids)) != len(ids):
        out.append("action_cards: ids must be unique")
    if len(ids) != 11:
        out.append(f"action_cards: the council needs 11 cards, found {len(ids)}")
    return out


def _scenario_problems(m: Components) -> list[str]:
    out: list[str] = []
    sc = {s.id: s for s in m.scenario_cards}
    if len(sc) != len(m.scenario_cards):
        out.append("scenario_cards: ids must be unique")
    for i, s in enumerate(m.scenario_cards):
        if s.season < 3 and len(s.next) != 2:
            out.append(f"scenario_cards[{i}] (id {s.id}): a season-{s.season} card names 2 next cards")
        for nx in s.next:
            if nx not in sc:
                out.append(f"scenario_cards[{i}] (id {s.id}): next card {nx!r} does not exist")
            elif sc[nx].season != s.season + 1:
                out.append(f"scenario_cards[{i}] (id {s.id}): next card {nx!r} is not of season {s.season + 1}")
    if sum(1 for s in m.scenario_cards if s.season == 1) != 2:
        out.append("scenario_cards: season 1 needs exactly 2 cards")
    return out


def _start_vp_problems(m: Components) -> list[str]:
    out: list[str] = []
    for k in (2, 3):
        if k not in m.campaign_start_vp:
            out.append(f"campaign_start_vp: missing season {k}")
        elif len(m.campaign_start_vp[k]) < MAX_PLAYERS:  # UN-K4: a VP for each rank
            out.append(f"campaign_start_vp.{k}: a start VP for each of ranks 1-{MAX_PLAYERS}, "
                       f"found {len(m.campaign_start_vp[k])}")
    extra = sorted(set(m.campaign_start_vp) - {2, 3})
    if extra:
        out.append(f"campaign_start_vp: only seasons 2 and 3 have start VP, found {extra}")
    return out


def _size_problems(m: Components) -> list[str]:
    """Enough resource cards for the largest frontier; every scenario card reachable; effects shallow."""
    out: list[str] = []
    cards = sum(r.count for r in m.resource_cards)
    most = max([m.frontier] + [s.rule_change.frontier for s in m.scenario_cards
                               if s.rule_change and s.rule_change.frontier])
    if cards < most + 2:
        out.append(f"resource_cards: {cards} cards; a frontier of {most} needs at least {most + 2}")
    for i, s in enumerate(m.scenario_cards):
        if s.season > 1 and not any(s.id in t.next for t in m.scenario_cards):
            out.append(f"scenario_cards[{i}] (id {s.id}): no earlier card leads to it (never played)")
    out += [f"action_cards[{i}] (id {a.id}): effects nested more than 4 deep"
            for i, a in enumerate(m.action_cards) if _depth(a.effects) > 4]
    return out


def _depth(effects) -> int:
    return 1 + max((_depth(e.then) for e in effects if e.then), default=0)


load_components = comp.loader(DATA, Components, check)


@dataclass(frozen=True)
class Step:
    """One compiled effect: what the pending decision is."""

    op: str
    n: int
    side: tuple[int, ...] | None
    gold: int
    then: tuple[Step, ...]
    what: str


@dataclass(frozen=True)
class Tables:
    card_halves: tuple[tuple[int, int], ...]  # resource card id -> (top item, bottom item)
    card_masks: tuple[int, ...]               # resource card id -> its items as bits (1 << item)
    card_ids: tuple[str, ...]                 # action card index -> id
    card_index: dict
    effects: tuple[tuple[Step, ...], ...]     # action card index -> steps
    todos: tuple[tuple[tuple[Step, int], ...], ...]  # action card index -> its steps pending when played
    scen_ids: tuple[str, ...]
    scen_index: dict
    scen_season: tuple[int, ...]
    scen_vp: tuple[int, ...]
    scen_test: tuple[tuple[str, int], ...]
    scen_next: tuple[tuple[int, ...], ...]
    scen_change: tuple[dict, ...]
    turns: int
    hand: int
    base_rules: dict
    start_vp: dict
    bonus_lock: bool
    no_retake: bool


def _steps(effects) -> tuple[Step, ...]:
    return tuple(Step(e.op, e.n, SIDES[e.side], e.gold, _steps(e.then), e.what) for e in effects)


def compile_tables(m: Components, variants: tuple[str, ...], params: dict) -> Tables:
    halves = []
    for r in m.resource_cards:
        halves += [(ITEMS.index(r.top), ITEMS.index(r.bottom))] * r.count
    rules = {
        "buildings": tuple(params.get("building_table") or m.buildings),
        "gold_rate": m.gold_rate if params.get("gold_rate") is None else params["gold_rate"],
        "land_majority": tuple(m.land_majority),
        "enemy_penalty": tuple(m.enemy_penalty),
        "frontier": m.frontier,
    }
    sc = m.scenario_cards
    effects = tuple(_steps(a.effects) for a in m.action_cards)
    return Tables(
        card_halves=tuple(halves),
        card_masks=tuple(1 << top | 1 << bottom for top, bottom in halves),
        card_ids=tuple(a.id for a in m.action_cards),
        card_index={a.id: i for i, a in enumerate(m.action_cards)},
        effects=effects,
        todos=tuple(tuple((st, st.n) for st in steps) for steps in effects),  # (step, times left): turn.py
        scen_ids=tuple(s.id for s in sc),
        scen_index={s.id: i for i, s in enumerate(sc)},
        scen_season=tuple(s.season for s in sc),
        scen_vp=tuple(s.vp for s in sc),
        scen_test=tuple((s.condition.test, s.condition.n) for s in sc),
        scen_next=tuple(tuple(i for i, x in enumerate(sc) if x.id in s.next) for s in sc),
        scen_change=tuple({k: (tuple(v) if isinstance(v, list) else v)
                           for k, v in (s.rule_change.model_dump() if s.rule_change else {}).items() if v is not None}
                          for s in sc),
        turns=m.turns,
        hand=1 if "one-card-hand" in variants else m.hand,
        base_rules=rules,
        start_vp={int(k): tuple(v) for k, v in m.campaign_start_vp.items()},
        bonus_lock="bonus-lock" in variants,
        no_retake="no-retake" in variants,
    )

"""Undecim's view, typed (published as docs/views/undecim.schema.json) and checked for consistency.

`from_view` runs `check_types` first (every field's JSON type and range, named as `view.hands[2][1]`),
then builds the state and runs the consistency check: every action card and resource card in exactly
one place, each tableau card laid as a half it has, settlements of the kinds the rules allow (UN-G3/G4),
hand sizes as the turn implies, and the derived fields
(`seat_to_act`, `to_act`, `hand_sizes`, `deck_size`, `scores`) as the rest gives them. A frontier above
its size is legal (UN-T5): it is simply not refilled.
`state_problems` is also the game's invariant hook (`soan check`, the property tests).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ...core.errors import IllegalAction
from ...core.viewcheck import Int, Nat, Places, Seat, ViewModel, derived, validate_view

Pair = list[Int]


class Council(ViewModel):
    normal: list[str] = Field(description="action cards in the normal area (UN-T1)")
    bonus: list[str] = Field(description="action cards in the bonus area (UN-S1, UN-T1)")


class RuleSet(ViewModel):
    """The scoring rules in force this season (UN-F1..F4; scenario changes, UN-K3)."""

    buildings: list[Int] = Field(min_length=1, max_length=20, description="VP for settlements of 2, 3, 4, 5+ cards")
    gold_rate: Int = Field(description="VP per loose gold per settlement")
    land_majority: Pair = Field(min_length=2, max_length=2, description="VP for most of a land: alone, tied")
    enemy_penalty: Pair = Field(min_length=2, max_length=2, description="VP lost for fewest enemies: alone, tied")
    frontier: int = Field(ge=1, le=30, description="frontier size (UN-T5)")


class Ledger(ViewModel):
    """A seat's VP this season by source."""

    land: Int = Field(description="land VP at the end of each turn (UN-T5)")
    scenario: Int = Field(description="scenario bonuses (UN-T4)")
    start: Int = Field(description="campaign start VP from the last season's rank (UN-K4)")
    cards: Int = Field(description="VP from card effects (vp_per)")
    majority: Int = Field(description="land majorities (UN-F1)")
    buildings: Int = Field(description="settlements by size (UN-F2)")
    gold: Int = Field(description="loose gold × settlements × rate (UN-F3)")
    enemy: Int = Field(description="the fewest-enemies penalty, negative (UN-F4)")


class Result(ViewModel):
    """A finished season."""

    season: Nat = Field(description="the season")
    scores: list[Int] = Field(description="each seat's VP")
    ranks: list[Nat] = Field(description="each seat's rank (UN-F5)")
    ledger: list[Ledger] = Field(description="each seat's VP by source")


class UndecimView(ViewModel):
    """The whole state of an Undecim game, as `state.view()` returns it. Action cards are ids; resource
    cards are numbers 0..99; a tableau entry is card × 10 + the item it is laid as; seats count from 0."""

    game: Literal["undecim"] = Field(description="the game id")
    players: int = Field(ge=3, le=4, description="number of players")
    season: int = Field(ge=1, le=3, description="the season being played (UN-K*)")
    seasons: Literal[1, 3] = Field(description="1, or 3 for the campaign")
    start: Seat = Field(description="this season's start player (UN-S4)")
    turn_no: Nat = Field(description="turns played this season")
    seat_to_act: Seat | None = Field(None, description="derived: whose turn it is")
    stage: Literal["take", "bonus", "keep", "play", "effect", "auto", "over"] = Field(
        description="the decision pending in the turn")
    to_act: list[Seat] | None = Field(None, description="derived: seats with a decision now")
    todo: list[list[str | Nat | list[Nat]]] = Field(
        description="pending effect steps of the played card: [op, times left, path in its effects]")
    drawn: Nat | None = Field(description="the resource card drawn and not yet kept (stage keep)")
    drawn_for: Literal["bonus", "effect"] | None = Field(description="why the card was drawn")
    hand_sizes: list[Nat] | None = Field(None, description="derived: cards in each hand")
    known: list[list[str]] = Field(description="cards each seat took face up this season (public)")
    council: Council = Field(description="the action cards in the council (UN-S1, UN-T1)")
    last_played: list[str | None] = Field(description="each seat's last played card")
    deck_size: Nat | None = Field(None, description="derived: resource cards in the deck")
    discard: list[Nat] = Field(description="the discard pile")
    frontier: list[Nat] = Field(description="the frontier (UN-S2, UN-T5)")
    loose: list[list[Nat]] = Field(description="each seat's loose tableau cards: card × 10 + item")
    settlements: list[list[list[int | list[Nat]]]] = Field(
        description="each seat's settlements: [kind (item number, or -1 mixed), [card × 10 + item, ...]]")
    story: list[str] = Field(description="scenario cards in play (UN-S3, UN-K2)")
    achieved: list[bool | int] = Field(description="per story card: false, or the seat that achieved it + 1")
    first: str | None = Field(description="the first scenario achieved this season (the campaign mark)")
    marks: list[str] = Field(description="marked scenario cards of earlier seasons (UN-K1)")
    rules: RuleSet = Field(description="the scoring rules in force this season")
    ledger: list[Ledger] = Field(description="each seat's VP by source")
    scores: list[Int] | None = Field(None, description="derived: each seat's VP")
    results: list[Result] = Field(description="finished seasons")
    log: list[list[int | str | bool]] = Field(description="turns: [season, seat, taken, from bonus, played, "
                                                          "hand changed]")
    took: list[str | bool] | None = Field(description="this turn's take: [card, from bonus]")
    seed: int = Field(description="the game's seed")
    variants: list[str] = Field(description="named variants in play (UN-V*)")
    params: dict[str, Any] = Field(description="rule parameters")
    components: str | None = Field(description="the component file (null: the shipped one)")
    components_hash: str | None = Field(description="hash of the component data (null: not checked)")
    rng: int = Field(ge=0, lt=2**64, description="the generator's state")
    deck: list[Nat] = Field(description="the resource deck, top last")
    hands: list[list[str]] = Field(description="each seat's hand of action cards")


DERIVED = ("seat_to_act", "to_act", "hand_sizes", "deck_size", "scores")
PER_SEAT = ("known", "last_played", "loose", "settlements", "ledger", "hands", "hand_sizes", "scores")


def check_types(v: dict[str, Any]) -> None:
    validate_view(UndecimView, v)
    n = v["players"]
    for k in PER_SEAT:
        if v.get(k) is not None and len(v[k]) != n:
            raise IllegalAction(f"view.{k}: {len(v[k])} entries for {n} players")
    for i, ss in enumerate(v["settlements"]):
        for j, st in enumerate(ss):
            if len(st) != 2 or isinstance(st[0], list) or not isinstance(st[1], list):
                raise IllegalAction(f"view.settlements[{i}][{j}]: a settlement is [kind, [cards]]")
    for j, t in enumerate(v["todo"]):
        if len(t) != 3 or not isinstance(t[0], str) or isinstance(t[1], list | str) or not isinstance(t[2], list):
            raise IllegalAction(f"view.todo[{j}]: a pending step is [op, times left, path]")
    if v["took"] is not None and (len(v["took"]) != 2 or not isinstance(v["took"][0], str)
                                  or not isinstance(v["took"][1], bool)):
        raise IllegalAction("view.took: [card id, from bonus] or null")
    for j, e in enumerate(v["log"]):
        if len(e) != 6:
            raise IllegalAction(f"view.log[{j}]: a turn is [season, seat, taken, from bonus, played, hand changed]")


def card_names(v: dict[str, Any], T) -> None:
    """Every action card id named in the view exists (before the state is built from them)."""
    idx = T.card_index

    def need(c, where):
        if c not in idx:
            raise IllegalAction(f"{where}: card {c!r} does not exist; the cards are {sorted(idx)}")

    for i, h in enumerate(v["hands"]):
        for k, c in enumerate(h):
            need(c, f"view.hands[{i}][{k}]")
    for i, h in enumerate(v["known"]):
        for k, c in enumerate(h):
            need(c, f"view.known[{i}][{k}]")
    for area in ("normal", "bonus"):
        for k, c in enumerate(v["council"][area]):
            need(c, f"view.council.{area}[{k}]")
    for i, c in enumerate(v["last_played"]):
        if c is not None:
            need(c, f"view.last_played[{i}]")
    if v["took"]:
        need(v["took"][0], "view.took[0]")
    for k, e in enumerate(v["log"]):
        need(e[2], f"view.log[{k}][2]")
        need(e[4], f"view.log[{k}][4]")
    for name in ("story", "marks"):
        for k, x in enumerate(v[name]):
            if x not in T.scen_index:
                raise IllegalAction(f"view.{name}[{k}]: scenario {x!r} does not exist")
    if v["first"] is not None and v["first"] not in T.scen_index:
        raise IllegalAction(f"view.first: scenario {v['first']!r} does not exist")


def check_view(v: dict[str, Any], s) -> None:
    problems = state_problems(s)
    if problems:
        raise IllegalAction(problems[0])
    derived(v, s.view(), DERIVED)


def state_problems(s) -> list[str]:
    try:
        _check(s)
    except IllegalAction as e:
        return [str(e)]
    return []


def _check(s) -> None:
    _check_season(s)
    _check_council(s)
    _check_resources(s)
    _check_stage(s)


def _check_season(s) -> None:
    """Season, campaign length, start player and turn number."""
    from .fields import OVER

    T = s.T
    n = s.cfg.players
    if s.season > s.seasons:
        raise IllegalAction(f"view.season: season {s.season} of {s.seasons}")
    if (s.seasons == 3) != bool(s.cfg.params.get("campaign")):
        raise IllegalAction("view.seasons: 3 exactly with the campaign parameter")
    if not 0 <= s.start < n:
        raise IllegalAction(f"view.start: no seat {s.start}")
    if s.stage != OVER and s.turn_no >= n * T.turns:
        raise IllegalAction(f"view.turn_no: {s.turn_no}; a season has {n * T.turns} turns")


def _check_council(s) -> None:
    """Action cards: each in one hand or council area; known cards in their hand; hand sizes."""
    from .fields import BONUS, KEEP, PLAY

    T = s.T
    acts = Places(range(len(T.card_ids)))
    ids = T.card_ids
    for i, h in enumerate(s.hands):
        for k, c in enumerate(h):
            acts.put(c, f"view.hands[{i}][{k}]")
    for k, c in enumerate(s.normal):
        acts.put(c, f"view.council.normal[{k}]")
    for k, c in enumerate(s.bonus):
        acts.put(c, f"view.council.bonus[{k}]")
    acts.all_placed()
    for i, kn in enumerate(s.known):
        for k, c in enumerate(kn):
            if c not in s.hands[i]:
                raise IllegalAction(f"view.known[{i}][{k}]: {ids[c]} is not in view.hands[{i}]")
    seat = s.seat
    for i, h in enumerate(s.hands):
        extra = i == seat and (s.stage in (BONUS, PLAY) or (s.stage == KEEP and s.drawn_for == BONUS))
        want = T.hand + (1 if extra else 0)
        if len(h) != want:
            raise IllegalAction(f"view.hands[{i}]: {len(h)} cards; at stage {s.stage} the hand holds {want}")


def _check_resources(s) -> None:
    """Resource cards: each in one pile, loose, in a settlement or drawn; laid as a half they have."""
    T = s.T
    res = Places(range(len(T.card_halves)), "resource card")
    for name, pile in (("deck", s.deck), ("discard", s.discard), ("frontier", s.frontier)):
        for k, c in enumerate(pile):
            res.put(c, f"view.{name}[{k}]")
    for i, lo in enumerate(s.loose):
        _check_loose(s, res, i, lo)
        for j, (kind, cards) in enumerate(s.settl[i]):
            w = f"view.settlements[{i}][{j}]"
            _check_settlement(w, kind, [_laid(res, T.card_halves, x, f"{w}[1][{k}]") for k, x in enumerate(cards)])
    if s.drawn is not None:
        res.put(s.drawn, "view.drawn")
    res.all_placed()


def _laid(res: Places, halves, x, where: str) -> int:
    """A laid card's item, its card placed; the item must be one of the card's halves."""
    from .fields import loose_card, loose_item
    from .model import ITEMS

    c, it = loose_card(x), loose_item(x)
    res.put(c, where)
    if it not in halves[c]:
        raise IllegalAction(f"{where}: card {c} is laid as {ITEMS[it]}, a half it does not have "
                            f"({ITEMS[halves[c][0]]}/{ITEMS[halves[c][1]]})")
    return it


def _check_loose(s, res: Places, i: int, lo) -> None:
    from .model import ITEMS

    cnt = [0] * len(ITEMS)
    for k, x in enumerate(lo):
        cnt[_laid(res, s.T.card_halves, x, f"view.loose[{i}][{k}]")] += 1
    if cnt != s.cnt[i]:  # pragma: no cover - counts are rebuilt from the loose cards
        raise IllegalAction(f"view.loose[{i}]: counts do not add up")


def _check_settlement(w: str, kind: int, items: list[int]) -> None:
    """A settlement of one resource (and gold) or of different resources (UN-G3, UN-G4)."""
    from .model import GOLD, ITEMS, RESOURCES

    if kind != -1 and kind not in RESOURCES:
        raise IllegalAction(f"{w}[0]: kind {kind}; a settlement is of a resource (4-7) or mixed (-1)")
    if len(items) < 2 or any(it not in RESOURCES for it in items[:2]):
        raise IllegalAction(f"{w}: a settlement starts with two resources (UN-G3)")
    if kind >= 0:
        if items[0] != kind or items[1] != kind or any(it not in (kind, GOLD) for it in items[2:]):
            raise IllegalAction(f"{w}: a {ITEMS[kind]} settlement holds only {ITEMS[kind]} and gold (UN-G4)")
    else:
        rs = [it for it in items if it != GOLD]
        if items[0] == items[1] or len(set(rs)) != len(rs):
            raise IllegalAction(f"{w}: a mixed settlement holds different resources (UN-G4)")


def _check_stage(s) -> None:
    """The drawn card and pending effects as the stage has them; story cards achieved; the ledger."""
    from .fields import EFFECT, KEEP

    n = s.cfg.players
    if (s.drawn is not None) != (s.stage == KEEP):
        raise IllegalAction("view.drawn: a drawn card exactly at stage keep")
    if s.stage == EFFECT and not s.todo:
        raise IllegalAction("view.todo: stage effect with no pending effect")
    if len(s.achieved) != len(s.story):
        raise IllegalAction(f"view.achieved: {len(s.achieved)} entries for {len(s.story)} story cards")
    for k, a in enumerate(s.achieved):
        if a is not False and (a is True or not 1 <= a <= n):
            raise IllegalAction(f"view.achieved[{k}]: false or the achieving seat + 1 (1..{n})")
    if len(s.ledger) != n:
        raise IllegalAction(f"view.ledger: {len(s.ledger)} entries for {n} players")

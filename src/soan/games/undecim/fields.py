"""The fields of an Undecim state, named and described in one place (the mixins share them), and the
small encodings they use.

Seats count from 0. Items (model.ITEMS) are indices 0..9: the resources, the lands, gold, the enemy.
A tableau card lies with one half up: it is stored as one int, `loose_code(card, item)`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.rng import Rng
from .model import Tables

# a turn's stages (rules.py: `stage`)
TAKE, BONUS, KEEP, PLAY, EFFECT, AUTO, OVER = "take", "bonus", "keep", "play", "effect", "auto", "over"
# ledger columns: VP per seat by source
LAND, SCEN, START, CARDS, MAJ, BUILD, GOLDVP, ENEMYVP = range(8)
LEDGER = ("land", "scenario", "start", "cards", "majority", "buildings", "gold", "enemy")

ITEM_SLOTS = 10  # a laid card's code: card * ITEM_SLOTS + the item on its up half (items are 0..9)


def loose_code(card: int, item: int) -> int:
    """A resource card laid in a tableau with the half showing `item` up."""
    return card * ITEM_SLOTS + item


def loose_card(code: int) -> int:
    return code // ITEM_SLOTS


def loose_item(code: int) -> int:
    return code % ITEM_SLOTS


class RuleSet(NamedTuple):
    """The scoring rules in force this season (UN-F1..F4; a marked scenario changes them, UN-K3)."""

    buildings: tuple[int, ...]  # UN-F2: VP by settlement size 2, 3, ...
    gold_rate: int  # UN-F3: VP per gold per settlement
    land_majority: tuple[int, ...]  # UN-F1: VP for most of a land: alone, tied
    enemy_penalty: tuple[int, ...]  # UN-F4: VP lost for fewest enemies: alone, tied
    frontier: int  # UN-S2, UN-T5: the frontier's size


def rules_tuple(d: dict) -> RuleSet:
    return RuleSet(tuple(d["buildings"]), int(d["gold_rate"]), tuple(d["land_majority"]), tuple(d["enemy_penalty"]),
                   int(d["frontier"]))


class StateFields:
    """Annotations only: the slots themselves are declared once, on `Undecim` (rules.py)."""

    __slots__ = ()
    cfg: Any  # core.game.Config: players, seed, variants, params (campaign), components
    listener: Any
    T: Tables  # the compiled rule tables, shared by every clone
    rng: Rng
    season: int  # UN-K*: 1.. (a campaign has 3)
    seasons: int
    start: int  # UN-S4: the season's start player
    turn_no: int  # turns taken this season
    stage: str  # TAKE, BONUS, KEEP, PLAY, EFFECT, AUTO or OVER
    todo: tuple  # the played card's pending effect steps: (model.Step, times left)
    drawn: int | None  # the resource card drawn, waiting for KEEP
    drawn_for: str | None  # BONUS or EFFECT: where KEEP returns to
    hands: list[list[int]]  # per seat: action cards (sorted indices)
    known: list[list[int]]  # per seat: hand cards the others saw taken (UN-T1)
    normal: list[int]  # the council's normal area (UN-T1)
    bonus: list[int]  # the council's bonus area (UN-S1, UN-T1)
    last_played: list[int | None]  # per seat: the action card played last (UN-V3)
    deck: list[int]  # resource cards
    discard: list[int]
    frontier: list[int]  # UN-S2, UN-T5
    loose: list[list[int]]  # per seat: tableau cards not in a settlement, each `loose_code(card, item)`
    cnt: list[list[int]]  # per seat, per item: loose cards showing it
    settl: list[list[tuple[int, tuple[int, ...]]]]  # per seat: (kind, loose codes); kind -1 mixed (UN-G3)
    story: tuple[int, ...]  # the scenarios in play (UN-S3, UN-K2)
    achieved: list  # per story scenario: False, or the 1-based seat that achieved it (UN-T4)
    first: int | None  # the season's first achieved scenario (UN-T4: the campaign mark)
    marks: tuple[int, ...]  # UN-K1: the kept scenario of each season
    rules: RuleSet  # the scoring rules in force (UN-K3)
    ledger: list[list[int]]  # per seat: VP by LEDGER column
    results: tuple  # per finished season: (season, scores, ranks, ledgers)
    log: tuple  # per turn: (season, seat, card taken, from bonus, card played, hand changed)
    took: tuple[int, bool] | None  # this turn's card taken and whether from the bonus area
    _lc: list | None  # the legal actions of the seat on turn, until the next apply
    _dpend: tuple[int, int] | None  # a sample's deck: the shuffle steps still to do (core.rng.shuffle_later)
    _own: int  # bit i: seat i's hand, known cards, loose cards, counts and ledger are not shared with a fork

    def _mine(self, seat: int) -> None: ...  # turn.py: the seat's lists, copied first if a fork shares them

    def _mine_all(self) -> None: ...

    @property
    def seat(self) -> int:
        """The seat on turn (UN-S4: from the start player, in seat order)."""
        return (self.start + self.turn_no) % self.cfg.players

"""The fields of an Undecim state, named and described in one place (the mixins share them), and the
small encodings they use.

Seats count from 0. Items (model.ITEMS) are indices 0..9: the resources, the lands, gold, the enemy.
A tableau card lies with one half up: it is stored as one int, `loose_code(card, item)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...core.layout import Copied, Cow, Derived, Hidden, Int, List, List2, Owner, Shared, Value
from ...core.rng import Rng
from ...core.state import GameState
from .model import Step, Tables

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .actions import Develop, Settle

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


# a finished season (`results`): (season, scores, ranks, per seat the VP by LEDGER column)
SeasonResult = tuple[int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
# a turn (`log`): (season, seat, card taken, taken from the bonus area, card played, hand changed)
TurnLog = tuple[int, int, int, bool, int, bool]


def rules_tuple(d: dict) -> RuleSet:
    return RuleSet(tuple(d["buildings"]), int(d["gold_rate"]), tuple(d["land_majority"]), tuple(d["enemy_penalty"]),
                   int(d["frontier"]))


class StateFields(GameState):
    """The state's fields, each declared once here with its slot, its type and its copy policy (core/layout.py:
    `Shared`, `Value`, `Copied`, `List`/`List2` copied one or two levels deep, `Cow` shared by a fork until
    changed, `Hidden` resampled by `determinize`, `Derived`, `Owner`); GameState holds `cfg` and
    `listener`. Every part of the state (the mixins, rules.Undecim) derives from this class and adds no
    slot. `clone`, `fork` and `_determinize` are generated from this declaration into rules.py
    (`python -m soan.core.layout`); tests/test_undecim_fields.py checks what each copy shares."""

    __slots__ = ("T", "rng", "season", "seasons", "start", "turn_no", "seat", "stage", "todo", "drawn", "drawn_for",
                 "hands", "known", "normal", "bonus", "last_played", "deck", "discard", "frontier", "loose", "cnt",
                 "settl", "story", "achieved", "first", "marks", "rules", "ledger", "results", "log", "took", "_lc",
                 "_own", "_dpend")
    T: Shared[Tables]  # the compiled rule tables, shared by every copy
    rng: Hidden[Copied[Rng]]  # the state's own generator (a copy gets a new one in the same state)
    season: Int  # UN-K*: 1.. (a campaign has 3)
    seasons: Int  # how many seasons the game has: 1, or 3 in a campaign
    start: Int  # UN-S4: the season's start player
    turn_no: Int  # turns taken this season
    seat: Int  # the seat on turn, UN-S4: (start + turn_no) % players (set with them: `_turn_seat`)
    stage: Value[str]  # TAKE, BONUS, KEEP, PLAY, EFFECT, AUTO or OVER
    todo: Value[tuple[tuple[Step, int], ...]]  # the played card's pending effect steps: (step, times left)
    drawn: Value[int | None]  # the resource card drawn, waiting for KEEP
    drawn_for: Value[str | None]  # BONUS or EFFECT: where KEEP returns to
    hands: Hidden[Cow[List2[list[list[int]]]]]  # per seat: action cards (sorted indices)
    known: Cow[List2[list[list[int]]]]  # per seat: hand cards the others saw taken (UN-T1)
    normal: List[list[int]]  # the council's normal area (UN-T1)
    bonus: List[list[int]]  # the council's bonus area (UN-S1, UN-T1)
    last_played: List[list[int | None]]  # per seat: the action card played last (UN-V3)
    deck: Hidden[List[list[int]]]  # resource cards, drawn from the end
    discard: List[list[int]]  # resource cards paid (gold), reshuffled when the deck runs out
    frontier: List[list[int]]  # UN-S2, UN-T5: resource cards to pick from
    loose: Cow[List2[list[list[int]]]]  # per seat: tableau cards not in a settlement, each `loose_code(card, item)`
    cnt: Cow[List2[list[list[int]]]]  # per seat, per item: loose cards showing it
    settl: List[list[list[tuple[int, tuple[int, ...]]]]]  # per seat: (kind, loose codes), kind -1 mixed (UN-G3);
    # each seat's list is replaced whole on change, never changed in place: a copy shares the rows
    story: Value[tuple[int, ...]]  # the scenarios in play (UN-S3, UN-K2)
    achieved: List[list[bool | int]]  # per story scenario: False, or the 1-based seat that achieved it (UN-T4)
    first: Value[int | None]  # the season's first achieved scenario (UN-T4: the campaign mark)
    marks: Value[tuple[int, ...]]  # UN-K1: the kept scenario of each season
    rules: Value[RuleSet]  # the scoring rules in force (UN-K3)
    ledger: Cow[List2[list[list[int]]]]  # per seat: VP by LEDGER column
    results: Value[tuple[SeasonResult, ...]]  # per finished season
    log: Value[tuple[TurnLog, ...]]  # per turn
    took: Value[tuple[int, bool] | None]  # this turn's card taken and whether from the bonus area
    _lc: Derived[list | None]  # the legal actions of the seat on turn, until the next apply (replaced, never changed)
    _own: Owner  # bit i: seat i's hand, known cards, loose cards, counts and ledger are not shared with a fork
    _dpend: Hidden[Value[tuple[int, int] | None]]  # a sample's deck: the shuffle steps still to do (core.rng.shuffle_later)

    if TYPE_CHECKING:  # methods one part of the state calls and another defines (checked against these)
        def _fresh(self) -> None: ...  # rules.py (generated from this declaration: core/layout.py)
        def _mine(self, seat: int) -> None: ...  # turn.py: the seat's lists, copied first if a fork shares them
        def _mine_all(self) -> None: ...  # turn.py
        def _begin_turn(self) -> None: ...  # turn.py
        def _pickable(self, side: tuple[int, ...] | None) -> tuple[int, ...]: ...  # options.py
        def _settle_options(self, seat: int) -> tuple[Settle, ...]: ...  # options.py
        def _develop_options(self, seat: int) -> list[Develop]: ...  # options.py
        def _draw_card(self) -> int | None: ...  # frontier.py
        def _refill(self) -> None: ...  # frontier.py
        def _gain(self, seat: int, card: int, item: int) -> None: ...  # frontier.py
        def _spend_gold(self, seat: int, n: int) -> None: ...  # settlements.py
        def _build(self, seat: int, action: Settle | Develop) -> None: ...  # settlements.py
        def _meets(self, seat: int, sc: int) -> bool: ...  # scoring.py
        def final_columns(self) -> tuple[Sequence[int], list[int], list[int], Sequence[int]]: ...  # scoring.py
        def final_scoring(self) -> list[list[int]]: ...  # scoring.py
        def scores(self) -> list[int]: ...  # scoring.py
        def _end_season(self) -> None: ...  # seasons.py

    def _turn_seat(self) -> None:
        """The seat on turn (UN-S4: from the start player, in seat order), after `start` or `turn_no` changed."""
        self.seat = (self.start + self.turn_no) % self.cfg.players

"""La Superba's view, typed (published as docs/views/la-superba.schema.json) and checked for consistency.

`from_view` runs `check_types` first (every field's JSON type and range, named as `view.hands[2][1]`),
then builds the state and runs `check_state`: every card in exactly one place, chits conserved exactly,
the trade row a selection of distinct trade cards, hand sizes as the round implies, and the derived
fields (`to_act`, `deck_size`, `hand_sizes`, `trade_row`, `event`, `scores`) as the rest gives them.
`check_state` is also the game's invariant hook (`soan check`, the property tests).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ...core.errors import IllegalAction
from ...core.viewcheck import Int, Nat, Places, Seat, Triple, ViewModel, derived, validate_view

Chit = Annotated[list[Int], Field(min_length=3, max_length=3)]  # [round, good (0-2), value: may be < 0 by data]


class Effects(ViewModel):
    pepper: list[Seat] = Field(description="seats who got pepper's effect (LS-R4)")
    glass: list[Seat] = Field(description="seats who got glass's effect")
    silk: list[Seat] = Field(description="seats who got silk's effect")


class Reveal(ViewModel):
    """This round's reveal (LS-R3..R6), while deliveries are chosen."""

    round: Nat = Field(description="the round revealed")
    event: str = Field(description="the trade event's id")
    community: Nat | None = Field(description="the community card's serial")
    played: list[list[Nat]] = Field(description="each seat's played cards (serials)")
    carried: list[Triple] = Field(description="each seat's carried chits: pepper, glass, silk")
    power: list[Int] = Field(description="each seat's voyage power, glass included")
    ranks: list[Nat] = Field(description="each seat's rank this round (1 = first)")
    effects: Effects = Field(description="who got each good's effect")
    quotas: list[Nat] = Field(description="chits each seat may deliver")
    all_tied: bool = Field(description="LS-V3: everyone tied and loses the cargo")
    awaiting: list[Seat] = Field(description="seats still choosing which chits to deliver")


class Entry(ViewModel):
    """A finished round's public record."""

    round: Nat = Field(description="the round")
    event: str = Field(description="its trade event's id")
    community: Nat | None = Field(description="its community card's serial")
    played: list[list[Nat]] = Field(description="each seat's played cards")
    carried: list[Triple] = Field(description="each seat's carried chits")
    power: list[Int] = Field(description="each seat's voyage power, glass included")
    ranks: list[Nat] = Field(description="each seat's rank (1 = first)")
    effects: Effects = Field(description="who got each good's effect")
    quotas: list[Nat] = Field(description="chits each seat could deliver")
    all_tied: bool = Field(description="LS-V3: everyone tied and lost the cargo")
    delivered: list[Triple] = Field(description="chits each seat delivered")
    lost: list[Triple] = Field(description="chits each seat lost")
    returned: list[Triple] = Field(description="chits silk returned to each seat's supply")


class LaSuperbaView(ViewModel):
    """The whole state of a La Superba game, as `state.view()` returns it. Cards are serials; goods are
    counted as [pepper, glass, silk]; seats count from 0."""

    game: Literal["la-superba"] = Field(description="the game id")
    players: int = Field(ge=3, le=4, description="number of players")
    round: Nat = Field(description="the round being played, 1..rounds (LS-E1)")
    phase: Literal["voyage", "deliver", "over"] = Field(description="voyage (LS-R1..R2), deliver (LS-R6), over")
    to_act: list[Seat] | None = Field(None, description="derived: seats with a decision now")
    deck_size: Nat | None = Field(None, description="derived: cards in the voyage deck")
    hand_sizes: list[Nat] | None = Field(None, description="derived: cards in each hand")
    trade_row: list[str | None] | None = Field(None, description="derived: the trade row as players see it "
                                                                "(4th face down until round 4)")
    event: str | None = Field(None, description="derived: this round's trade event")
    supply: list[Triple] = Field(description="each seat's chits in supply (LS-S1)")
    lost: list[Triple] = Field(description="each seat's lost chits")
    delivered: list[list[Chit]] = Field(description="each seat's delivered chits: [round, good, value] (LS-R7)")
    scores: list[Int] | None = Field(None, description="derived: each seat's points")
    reveal: Reveal | None = Field(description="the current reveal (deliver phase), else null")
    history: list[Entry] = Field(description="every finished round's public record")
    seed: int = Field(description="the game's seed")
    variants: list[str] = Field(description="named variants in play (LS-V*)")
    params: dict[str, Any] = Field(description="rule parameters")
    components: str | None = Field(description="the component file (null: the shipped one)")
    components_hash: str | None = Field(description="hash of the component data the view was made with "
                                                    "(null: not checked)")
    rng: int = Field(ge=0, lt=2**64, description="the generator's state")
    deck: list[Nat] = Field(description="the voyage deck, top last")
    hands: list[list[Nat]] = Field(description="each seat's hand (serials)")
    community: Nat | None = Field(description="the face-down community card (LS-R1)")
    row: list[Nat] = Field(description="the trade row: indices of trade cards, in round order (LS-S2)")
    removed: list[Nat] = Field(description="trade cards out of the game")
    played: list[list[Nat] | None] = Field(description="each seat's face-down play this round, or null")
    carried: list[Triple | None] = Field(description="each seat's carried chits this round, or null")
    quota: list[Nat] = Field(description="chits each seat may deliver this round (LS-R6)")
    choice: list[Triple | None] = Field(description="each seat's chosen delivery, or null")


# derived fields: optional in an edited view (recomputed); when given they must agree with the rest
DERIVED = ("to_act", "deck_size", "hand_sizes", "trade_row", "event", "scores")


def check_types(v: dict[str, Any]) -> None:
    validate_view(LaSuperbaView, v)


def _seats(v: dict[str, Any], n: int) -> None:
    for k in ("supply", "lost", "delivered", "hands", "played", "carried", "quota", "choice", "hand_sizes",
              "scores"):
        if v.get(k) is not None and len(v[k]) != n:
            raise IllegalAction(f"view.{k}: {len(v[k])} entries for {n} players")


def check_view(v: dict[str, Any], s) -> None:
    """The consistency of a typed view `v` and the state `s` built from it."""
    _seats(v, s.cfg.players)
    places = Places(s.R.deck)  # first as written (the state sorts hands), so errors name the entry
    for name in ("deck", "hands", "played"):
        for path, c in _cards(v[name], f"view.{name}"):
            places.put(c, path)
    if v["community"] is not None:
        places.put(v["community"], "view.community")
    problems = state_problems(s)
    if problems:
        raise IllegalAction(problems[0])
    derived(v, s.view(), DERIVED)


def _cards(x, path):
    if isinstance(x, list):
        for i, y in enumerate(x):
            yield from _cards(y, f"{path}[{i}]")
    elif x is not None:
        yield path, x


def state_problems(s) -> list[str]:
    """Every card in one place, chits conserved, row distinct, sizes as the rules give them."""
    try:
        _check(s)
    except IllegalAction as e:
        return [str(e)]
    return []


def _check(s) -> None:
    _check_round(s)
    _check_cards(s)
    _check_hand_sizes(s)
    _check_row(s)
    for i in range(s.cfg.players):
        _check_chits(s, i)
    _check_reveal(s)


def _check_round(s) -> None:
    from .fields import OVER

    R = s.R
    if not 1 <= s.round <= R.rounds:
        raise IllegalAction(f"view.round: {s.round}; the game has rounds 1..{R.rounds}")
    if s.phase == OVER and s.round != R.rounds:
        raise IllegalAction(f"view.round: the game is over after round {R.rounds}, not {s.round}")


def _check_cards(s) -> None:
    """Every card in one place: the deck, a hand, a play (sorted, while the game goes on), the community."""
    from .fields import OVER

    R = s.R
    ph = s.phase
    places = Places(R.deck)
    for k, c in enumerate(s.deck):
        places.put(c, f"view.deck[{k}]")
    for i, h in enumerate(s.hands):
        for k, c in enumerate(h):
            places.put(c, f"view.hands[{i}][{k}]")
    for i, p in enumerate(s.played):
        if p is None:
            continue
        if ph == OVER:
            raise IllegalAction(f"view.played[{i}]: the game is over; nothing is in play")
        if len(p) != R.play or list(p) != sorted(p):
            raise IllegalAction(f"view.played[{i}]: a play is {R.play} serials in ascending order")
        for k, c in enumerate(p):
            places.put(c, f"view.played[{i}][{k}]")
    if (s.community is None) != (ph == OVER):
        raise IllegalAction("view.community: a card during the game, null once it is over")
    if s.community is not None:
        places.put(s.community, "view.community")
    places.all_placed()


def _check_hand_sizes(s) -> None:
    """Hand sizes: LS-R1 draw, LS-R2 play, LS-R8 keep."""
    from .fields import OVER

    R = s.R
    ph = s.phase
    for i, h in enumerate(s.hands):
        r = s.round
        want = R.keep + r * R.draw - (r - 1) * R.play
        if s.played[i] is not None or ph == OVER:
            want -= R.play
        if len(h) != want:
            raise IllegalAction(f"view.hands[{i}]: {len(h)} cards; in round {r} ({ph}) a hand holds {want}")


def _check_row(s) -> None:
    """The trade row: distinct trade cards, one per round (LS-S2)."""
    R = s.R
    ne = len(R.events)
    if len(s.row) != R.rounds or sorted((*s.row, *s.removed)) != list(range(ne)):
        raise IllegalAction(f"view.row: {R.rounds} distinct trade cards of 0..{ne - 1}, the others in view.removed")


def _check_chits(s, i: int) -> None:
    """Chits: each seat's 3 × per_good chits are in exactly one place (LS-S1)."""
    from .fields import DELIVERY, VOYAGE

    ph = s.phase
    c = s.carried[i]
    if ph == VOYAGE and c is not None and s.played[i] is None:
        raise IllegalAction(f"view.carried[{i}]: chits are chosen after the cards are played")
    if ph == DELIVERY and c is None:
        raise IllegalAction(f"view.carried[{i}]: every seat carries something at the reveal")
    for g, name in enumerate(("pepper", "glass", "silk")):
        _check_good(s, i, g, name)
    for ch in s.delivered[i]:
        if len(ch) != 3 or not 1 <= ch[0] <= s.round or ch[1] not in (0, 1, 2):
            raise IllegalAction(f"view.delivered[{i}]: chit {list(ch)} is not [round, good 0-2, value]")


def _check_good(s, i: int, g: int, name: str) -> None:
    """One seat's chits of one good: supply + lost + delivered (+ carried at the reveal) = per_good."""
    from .fields import DELIVERY

    c = s.carried[i]
    sup, lost = s.supply[3 * i + g], s.lost[3 * i + g]
    held = sup + lost + sum(1 for ch in s.delivered[i] if ch[1] == g)
    if s.phase == DELIVERY:
        held += c[g]  # carried chits left the supply at the reveal
    elif c is not None and c[g] > sup:
        raise IllegalAction(f"view.carried[{i}]: {c[g]} {name} carried from a supply of {sup}")
    if held != s.R.per_good or min(sup, lost) < 0:
        raise IllegalAction(f"view.supply[{i}]: seat {i} has {held} {name} chits in supply, lost and "
                            f"delivered; the game has exactly {s.R.per_good}")


def _check_reveal(s) -> None:
    """Finished rounds in the history; the reveal exactly in the deliver phase, its choices in range."""
    from .fields import DELIVERY, OVER

    n = s.cfg.players
    ph = s.phase
    if len(s.hist) != (s.round if ph == OVER else s.round - 1):
        raise IllegalAction(f"view.history: {len(s.hist)} finished rounds in round {s.round} ({ph})")
    if (s.rv is None) != (ph != DELIVERY):
        raise IllegalAction("view.reveal: present exactly in the deliver phase")
    if s.rv is None:
        return
    for i in s.rv.awaiting:
        if not 0 <= i < n:
            raise IllegalAction(f"view.reveal.awaiting: no seat {i}")
    for i, ch in enumerate(s.choice):
        if ch is not None and i in s.rv.awaiting and \
                (sum(ch) != min(s.quota[i], sum(s.carried[i])) or any(a > b for a, b in zip(ch, s.carried[i],
                                                                                              strict=True))):
            raise IllegalAction(f"view.choice[{i}]: {list(ch)} is not {s.quota[i]} of the carried chits")

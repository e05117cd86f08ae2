"""La Superba's state as JSON: the public part, a seat's observation, the full view, the round
records as dicts, and the state a (possibly edited) view describes (views.py checks it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ...core.errors import IllegalAction
from ...core.rng import Rng
from .actions import GOOD_EN
from .fields import DELIVERY, N_GOODS, OVER, Counts, Reveal, RoundRecord, StateFields, chits_at

S = TypeVar("S", bound=StateFields)  # the state's class (rules.LaSuperba), which this module, one of its parts, does not import


class ViewsMixin(StateFields):
    """What people and tools see."""

    __slots__ = ()

    @property
    def reveal(self) -> dict[str, Any] | None:
        """This round's reveal (during delivery), as a dict."""
        return reveal_dict(self.rv) if self.rv is not None else None

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every finished round's public record, as dicts."""
        return [entry_dict(e) for e in self.hist]

    def _row_visible(self) -> list[Any]:
        ev = self.R.events
        return [ev[e].id if (k != 3 or self.round >= 4) else None for k, e in enumerate(self.row)]

    def _public(self) -> dict[str, Any]:
        n = self.cfg.players
        return {
            "game": self.game_id,
            "players": n,
            "round": self.round,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "trade_row": self._row_visible(),
            "event": self.R.events[self.row[self.round - 1]].id if self.phase != OVER else None,
            "supply": [self.supply[chits_at(i): chits_at(i) + N_GOODS] for i in range(n)],
            "lost": [self.lost[chits_at(i): chits_at(i) + N_GOODS] for i in range(n)],
            "delivered": [[list(c) for c in d] for d in self.delivered],
            "scores": self.scores(),
            "reveal": self.reveal,
            "history": self.history,
        }

    def _observation(self, seat: int) -> dict[str, Any]:
        """Everything `seat` knows (LS hidden information): own hand and pending choices, public rest."""
        o = self._public()
        o["seat"] = seat
        o["hand"] = list(self.hands[seat])
        o["played"] = list(self.played[seat]) if self.played[seat] is not None else None
        o["carried"] = list(self.carried[seat]) if self.carried[seat] is not None else None
        o["committed"] = [{"played": self.played[i] is not None, "carried": self.carried[i] is not None}
                          for i in range(self.cfg.players)]
        # (a conditional, not one `and` chain: Cython 3.3 turns that chain's `is not None` into C it cannot compile)
        awaiting = self.rv.awaiting if self.phase == DELIVERY and self.rv is not None else ()
        o["chose_delivery"] = [self.choice[i] is not None if i in awaiting else False for i in range(self.cfg.players)]
        o["own_delivery"] = list(self.choice[seat]) if (self.phase == DELIVERY and self.choice[seat]) else None
        return o

    def view(self) -> dict[str, Any]:
        v = self._public()
        v.update(
            seed=self.cfg.seed, variants=list(self.cfg.variants),
            params={k: (list(x) if isinstance(x, tuple) else x) for k, x in self.cfg.params.items()},
            components=self.cfg.components_path, components_hash=self.cfg.components_hash,
            rng=self.rng.state, deck=list(self.deck), hands=[list(h) for h in self.hands],
            community=self.community, row=list(self.row), removed=list(self.removed),
            played=[list(p) if p is not None else None for p in self.played],
            carried=[list(c) if c is not None else None for c in self.carried],
            quota=list(self.quota), choice=[list(c) if c is not None else None for c in self.choice],
        )
        return v


def _ll(xs) -> list:
    return [list(x) for x in xs]


def _head_dict(t: Reveal | RoundRecord) -> dict[str, Any]:
    return {
        "round": t.round, "event": t.event, "community": t.community, "played": _ll(t.played),
        "carried": _ll(t.carried), "power": list(t.power), "ranks": list(t.ranks),
        "effects": {GOOD_EN[g]: list(t.effects[g]) for g in range(N_GOODS)}, "quotas": list(t.quotas),
        "all_tied": t.all_tied,
    }


def reveal_dict(t: Reveal) -> dict[str, Any]:
    d = _head_dict(t)
    d["awaiting"] = list(t.awaiting)
    return d


def entry_dict(t: RoundRecord) -> dict[str, Any]:
    d = _head_dict(t)
    d.update(delivered=_ll(t.delivered), lost=_ll(t.lost), returned=_ll(t.returned))
    return d


def _tt(xs: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(y) for y in x) for x in xs)


def _counts(xs: list[list[int]]) -> tuple[Counts, ...]:
    """Chits by good, seat by seat (the view's triples: views.py checks their length first)."""
    return tuple((int(p), int(g), int(s)) for p, g, s in xs)


# a reveal's and a round record's first fields, as Reveal and RoundRecord hold them
_Head = tuple[int, str, int, tuple[tuple[int, ...], ...], tuple[Counts, ...], tuple[int, ...], tuple[int, ...],
              tuple[tuple[int, ...], ...], tuple[int, ...], bool]


def _head(d: dict[str, Any]) -> _Head:
    return (int(d["round"]), d["event"], d["community"], _tt(d["played"]), _counts(d["carried"]),
            tuple(d["power"]), tuple(d["ranks"]), tuple(tuple(d["effects"][g]) for g in GOOD_EN),
            tuple(d["quotas"]), bool(d["all_tied"]))


def reveal_tuple(d: dict[str, Any]) -> Reveal:
    return Reveal(*_head(d), tuple(d["awaiting"]))


def entry_tuple(d: dict[str, Any]) -> RoundRecord:
    return RoundRecord(*_head(d), _counts(d["delivered"]), _counts(d["lost"]), _counts(d["returned"]))


def state_from_view(v: dict[str, Any], cls: type[S], rules_for: Callable[[Any], Any]) -> S:
    """Rebuild a state of `cls` from a (possibly edited) view; checks that cards and chits add up. rules.py
    passes the state's class and its rules (this module is one of the class's parts: it does not import it)."""
    from ...core.game import config_from_view
    from .views import check_types, check_view

    check_types(v)
    _, cfg = config_from_view(v)
    s = object.__new__(cls)
    s.cfg = cfg
    s._fresh()  # the fields no view holds (fields.py)
    s.R = rules_for(cfg)
    try:
        s.rng = Rng(int(v["rng"]), raw=True)
        s.round = int(v["round"])
        s.phase = v["phase"]
        s.deck = [int(c) for c in v["deck"]]
        s.hands = [sorted(int(c) for c in h) for h in v["hands"]]
        s.community = v["community"]
        s.row = tuple(v["row"])
        s.removed = tuple(v["removed"])
        s.supply = [int(x) for sup in v["supply"] for x in sup]
        s.lost = [int(x) for lo in v["lost"] for x in lo]
        s.delivered = [tuple(tuple(c) for c in d) for d in v["delivered"]]
        s.points = tuple(sum(c[2] for c in d) for d in s.delivered)
        s.played = [tuple(p) if p is not None else None for p in v["played"]]
        s.carried = [tuple(c) if c is not None else None for c in v["carried"]]
        s.quota = list(v["quota"])
        s.choice = [tuple(c) if c is not None else None for c in v["choice"]]
        s.rv = reveal_tuple(v["reveal"]) if v["reveal"] is not None else None
        s.hist = tuple(entry_tuple(e) for e in v["history"])
    except (KeyError, TypeError, ValueError) as e:  # pragma: no cover - the typed check comes first
        raise IllegalAction(f"the view is missing or has a malformed field: {e!r}") from None
    check_view(v, s)
    return s

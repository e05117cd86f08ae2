"""Undecim's state as JSON: the public part, a seat's observation, the full view, and the state a
(possibly edited) view describes (views.py checks it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ...core.errors import IllegalAction
from ...core.rng import Rng, shuffled_all
from .fields import LEDGER, OVER, StateFields, loose_item, rules_tuple
from .model import ITEMS

S = TypeVar("S", bound=StateFields)  # the state's class (rules.Undecim), which this module, one of its parts, does not import


class ViewsMixin(StateFields):
    """What people and tools see."""

    __slots__ = ()

    def _public(self) -> dict[str, Any]:
        T = self.T
        n = self.cfg.players
        ids = T.card_ids
        return {
            "game": self.game_id, "players": n, "season": self.season, "seasons": self.seasons,
            "start": self.start, "turn_no": self.turn_no, "seat_to_act": self.seat if self.stage != OVER else None,
            "stage": self.stage, "to_act": list(self.to_act()),
            "todo": self._todo_json(),
            "drawn": self.drawn, "drawn_for": self.drawn_for,
            "hand_sizes": [len(h) for h in self.hands],
            "known": [[ids[c] for c in k] for k in self.known],
            "council": {"normal": [ids[c] for c in self.normal], "bonus": [ids[c] for c in self.bonus]},
            "last_played": [ids[c] if c is not None else None for c in self.last_played],
            "deck_size": len(self.deck), "discard": list(self.discard), "frontier": list(self.frontier),
            "loose": [list(x) for x in self.loose],
            "settlements": [[[k, list(c)] for k, c in ss] for ss in self.settl],
            "story": [T.scen_ids[sc] for sc in self.story], "achieved": list(self.achieved),
            "first": T.scen_ids[self.first] if self.first is not None else None,
            "marks": [T.scen_ids[m] for m in self.marks],
            "rules": {"buildings": list(self.rules.buildings), "gold_rate": self.rules.gold_rate,
                      "land_majority": list(self.rules.land_majority),
                      "enemy_penalty": list(self.rules.enemy_penalty), "frontier": self.rules.frontier},
            "ledger": [dict(zip(LEDGER, x, strict=True)) for x in self.ledger],
            "scores": self.scores(),
            "results": [{"season": a, "scores": list(b), "ranks": list(c),
                         "ledger": [dict(zip(LEDGER, x, strict=True)) for x in d]} for a, b, c, d in self.results],
            "log": [[a, b, ids[c], d, ids[e], f] for a, b, c, d, e, f in self.log],
            "took": [ids[self.took[0]], self.took[1]] if self.took else None,
        }

    def _todo_json(self) -> list:
        if not self.todo:
            return []
        played = self.last_played[self.seat]
        assert played is not None  # effects pending: the seat on turn played a card
        paths = {id(st): p for p, st in _paths(self.T.effects[played], ())}
        return [[st.op, left, list(paths[id(st)])] for st, left in self.todo]

    def _observation(self, seat: int) -> dict[str, Any]:
        o = self._public()
        o["seat"] = seat
        o["hand"] = [self.T.card_ids[c] for c in self.hands[seat]]
        return o

    def view(self) -> dict[str, Any]:
        v = self._public()
        ids = self.T.card_ids
        shuffled_all(self.deck, self._dpend)  # a sample's deck in its order (the same state)
        self._dpend = None
        v.update(
            seed=self.cfg.seed, variants=list(self.cfg.variants),
            params={k: (list(x) if isinstance(x, tuple) else x) for k, x in self.cfg.params.items()},
            components=self.cfg.components_path, components_hash=self.cfg.components_hash,
            rng=self.rng.state, deck=list(self.deck), hands=[[ids[c] for c in h] for h in self.hands],
        )
        return v


def state_from_view(v: dict[str, Any], cls: type[S], tables_for: Callable[[Any], Any]) -> S:
    """Rebuild a state of `cls` from a (possibly edited) view; checks that cards add up. rules.py passes
    the state's class and its tables (this module is one of the class's parts: it does not import it)."""
    from ...core.game import config_from_view
    from .views import card_names, check_types, check_view

    check_types(v)
    _, cfg = config_from_view(v)
    n = cfg.players
    s = object.__new__(cls)
    s.cfg = cfg
    s._fresh()  # the fields no view holds (fields.py)
    T = s.T = tables_for(cfg)
    card_names(v, T)
    idx = T.card_index
    try:
        s.rng = Rng(int(v["rng"]), raw=True)
        s.season, s.seasons, s.start, s.turn_no = int(v["season"]), int(v["seasons"]), int(v["start"]), int(v["turn_no"])
        s._turn_seat()
        s.stage = v["stage"]
        s.drawn, s.drawn_for = v["drawn"], v["drawn_for"]
        s.hands = [sorted(idx[c] for c in hh) for hh in v["hands"]]
        s.known = [[idx[c] for c in k] for k in v["known"]]
        s.normal = sorted(idx[c] for c in v["council"]["normal"])
        s.bonus = sorted(idx[c] for c in v["council"]["bonus"])
        s.last_played = [idx[c] if c is not None else None for c in v["last_played"]]
        s.deck, s.discard, s.frontier = list(v["deck"]), list(v["discard"]), list(v["frontier"])
        s.loose = [list(x) for x in v["loose"]]
        s.cnt = [[0] * len(ITEMS) for _ in range(n)]
        for i, lo in enumerate(s.loose):
            for x in lo:
                s.cnt[i][loose_item(x)] += 1
        s.settl = [[(int(k), tuple(c)) for k, c in ss] for ss in v["settlements"]]
        s.story = tuple(T.scen_index[x] for x in v["story"])
        s.achieved = list(v["achieved"])
        s.first = T.scen_index[v["first"]] if v["first"] is not None else None
        s.marks = tuple(T.scen_index[x] for x in v["marks"])
        s.rules = rules_tuple(v["rules"])
        s.ledger = [[int(d[k]) for k in LEDGER] for d in v["ledger"]]
        s.results = tuple((r["season"], tuple(r["scores"]), tuple(r["ranks"]),
                           tuple(tuple(d[k] for k in LEDGER) for d in r["ledger"])) for r in v["results"])
        s.log = tuple((a, b, idx[c], d, idx[e], f) for a, b, c, d, e, f in v["log"])
        s.took = (idx[v["took"][0]], bool(v["took"][1])) if v["took"] else None
        s.todo = _todo_from(v, T, s)
        s._dpend = None
    except (KeyError, TypeError, ValueError) as e:
        raise IllegalAction(f"the view has a malformed field: {e}") from None
    check_view(v, s)
    return s


def _paths(steps, prefix):
    for i, st in enumerate(steps):
        yield (*prefix, i), st
        yield from _paths(st.then, (*prefix, i))


def _todo_from(v, T, s) -> tuple:
    """The pending effect steps, each found by its path in the played card's effects."""
    if not v["todo"]:
        return ()
    played = s.last_played[(s.start + s.turn_no) % s.cfg.players]
    if played is None:
        raise ValueError("view.todo: pending effects but the seat to act has played no card")
    steps = dict(_paths(T.effects[played], ()))
    out = []
    for op, left, path in v["todo"]:
        st = steps.get(tuple(path))
        if st is None or st.op != op or left < 1:
            raise ValueError(f"view.todo: pending step {op!r} at {path} is not an effect of the played card")
        out.append((st, int(left)))
    return tuple(out)


def restate(s, v: dict[str, Any]) -> dict[str, Any]:
    """The view of `s`'s position under the variants and parameters `v` names (hooks.restate): the
    scoring rules in force are the new settings' (UN-F2, UN-F3) with the marked scenario cards' changes
    applied in order (UN-K3), as a game under those settings would hold them now."""
    from ...core.game import compiled, config_from_view
    from .model import compile_tables

    _, cfg = config_from_view(v)
    T = compiled(cfg, compile_tables)  # rules.tables_for (this module is one of the state's parts: no import of rules)
    d = dict(T.base_rules)
    for m in s.marks:
        d.update(T.scen_change[m])
    r = rules_tuple(d)
    v["rules"] = {"buildings": list(r.buildings), "gold_rate": r.gold_rate, "land_majority": list(r.land_majority),
                  "enemy_penalty": list(r.enemy_penalty), "frontier": r.frontier}
    return v

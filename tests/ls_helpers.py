"""Build concrete La Superba situations by editing a view (the contract's way to set up positions)."""

from __future__ import annotations

import soan
from contract import edited

ALL = list(range(1, 25))


def situation(hands, community, event=None, players=None, variants=(), params=None, supply=None, round_=1,
              delivered=None, history=None):
    """A state at the start of round `round_`'s voyage phase with the given hands (5 cards each),
    community card, active trade event id and supplies."""
    n = players or len(hands)
    s = soan.make("la-superba", players=n, seed=1, variants=list(variants), params=params or {})
    v = s.view()
    cards = set(s.R.deck)
    used = {c for h in hands for c in h} | {community}
    assert used <= cards and len(used) == sum(len(h) for h in hands) + 1
    v["hands"] = [sorted(h) for h in hands]
    v["community"] = community
    v["deck"] = sorted(cards - used)
    v["round"] = round_
    if event is not None:
        ids = [t.id for t in s.cfg.components.trade_cards]
        e = ids.index(event)
        row = [x for x in v["row"] if x != e]
        removed = [x for x in v["removed"] if x != e]
        pool = row + removed
        row = pool[: round_ - 1] + [e] + pool[round_ - 1: 4]
        v["row"] = row
        v["removed"] = [x for x in range(len(ids)) if x not in row]
    if supply is not None:
        v["supply"] = [list(x) for x in supply]
    if delivered is not None:
        v["delivered"] = delivered
    if history is not None:
        v["history"] = history
    return soan.from_view(edited(balance(v)))


def balance(v, per_good=4):
    """Chits are conserved exactly: what is neither in supply nor delivered (nor carried at a reveal) is
    lost; a supply larger than that shrinks."""
    for i, sup in enumerate(v["supply"]):
        for g in range(3):
            rest = per_good - sum(1 for c in v["delivered"][i] if c[1] == g)
            if v["phase"] == "deliver" and v["carried"][i] is not None:
                rest -= v["carried"][i][g]
            sup[g] = min(sup[g], rest)
            v["lost"][i][g] = rest - sup[g]
    return v


def finished(v, rounds=5):
    """Turn an edited view into a finished game's: round `rounds` over, the community card back in the
    deck, the history padded to `rounds` entries with copies of the last one."""
    v["phase"], v["round"] = "over", rounds
    if v["community"] is not None:
        v["deck"].append(v["community"])
        v["community"] = None
    v["played"] = [None] * len(v["hands"])
    v["carried"] = [None] * len(v["hands"])
    v["choice"] = [None] * len(v["hands"])
    v["quota"] = [0] * len(v["hands"])
    v["reveal"] = None
    last = v["history"][-1]
    v["history"] = v["history"] + [dict(last, round=r) for r in range(len(v["history"]) + 1, rounds + 1)]
    return balance(v)


def voyage(s, plays, carries):
    """Every seat plays its cards and carries its chits (counts pepper, glass, silk)."""
    from soan.games.la_superba.actions import CARRY, play

    for i, (p, c) in enumerate(zip(plays, carries, strict=True)):
        s.apply(i, play(tuple(sorted(p))))
        s.apply(i, CARRY[tuple(c)])
    return s


def neutral_event(s):
    """Id of a trade card with no effect on the test at hand: we ship none, so tests pick explicitly."""
    return None

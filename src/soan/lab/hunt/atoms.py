"""What a move takes, in the words every game's records already use: an action's JSON split into atoms.

`{"type": "play", "card": "harvest"}` is the atoms `play` and `play.card=harvest`; a list field gives
one atom per element (`{"type": "play", "cards": [8, 14, 22]}`: `play.cards=8`, `play.cards=14`, …).
The component oracle counts, per seat and game, the atoms a seat could take (in its legal actions)
and those it took, so a new game's cards, actions and goods are found without a line of game code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def atoms(action: Mapping[str, Any]) -> list[str]:
    """The atoms of one action's JSON (`Action.to_json()`), its type first."""
    kind = str(action.get("type", "?"))
    out = [kind]
    for k, v in action.items():
        if k == "type":
            continue
        if isinstance(v, (list, tuple)):
            out.extend(f"{kind}.{k}={_value(e)}" for e in dict.fromkeys(_value(x) for x in v if not isinstance(x, (list, dict))))
        elif isinstance(v, (str, int, float, bool)) or v is None:
            out.append(f"{kind}.{k}={_value(v)}")
    return out


def atom_set(actions: Iterable[Mapping[str, Any]]) -> set[str]:
    """Every atom of a set of actions (the legal ones of a decision)."""
    out: set[str] = set()
    for a in actions:
        out.update(atoms(a))
    return out

"""The invariants every game state keeps, checked the same way by the property tests, the fuzz run and
`soan check` (a game adds its own through `hooks.invariants`). Each check returns problems in words;
an empty list means the state is sound.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .errors import SoanError

MAX_ACTIONS = 20_000  # a game this long is taken to hang


def contract_problems(s: Any) -> list[str]:
    """Cheap checks at every step: whose turn it is, legal actions, results."""
    out: list[str] = []
    n = s.players
    over = s.is_over()
    act = list(s.to_act())
    if over and act:
        out.append(f"the game is over but seats {act} are to act")
    if not over and not act:
        out.append("the game is not over but no seat is to act")
    for seat in range(n):
        legal = s.legal_actions(seat)
        if seat in act and not legal:
            out.append(f"seat {seat} is to act but has no legal action ({s.prompt(seat).en})")
        if seat not in act and legal:
            out.append(f"seat {seat} is not to act but has {len(legal)} legal actions")
        if len(set(legal)) != len(legal):
            out.append(f"seat {seat}'s legal actions repeat an action")
    sc, rk = s.scores(), s.ranks()
    if len(sc) != n or len(rk) != n or not all(1 <= r <= n for r in rk):
        out.append(f"scores {sc} / ranks {rk} do not fit {n} players")
    return out


def deep_problems(s: Any, rng: Any) -> list[str]:
    """Costlier checks, every few steps: views, actions as JSON, clones, determinization."""
    from .actions import parse_action
    from .game import from_view
    from .rng import Rng

    out: list[str] = []
    v = s.view()
    try:
        back = from_view(json.loads(json.dumps(v))).view()
        if back != v:
            keys = sorted(k for k in v if back.get(k) != v.get(k))
            out.append(f"from_view(view()) gives another state (fields {keys[:6]})")
    except SoanError as e:
        out.append(f"from_view refuses the engine's own view: {e}")
    for seat in s.to_act():
        for a in s.legal_actions(seat)[:50]:
            if parse_action(s.game_id, json.loads(json.dumps(a.to_json()))) != a:
                out.append(f"action {a} does not survive JSON")
                break
        o = s.observation(seat)
        d = s.determinize(seat, Rng(rng.getrandbits(32)))
        if d.observation(seat) != o:
            out.append(f"determinize({seat}) changes what seat {seat} sees")
        if d.legal_actions(seat) != s.legal_actions(seat):
            out.append(f"determinize({seat}) changes seat {seat}'s legal actions")
    c = s.clone()
    if c.view() != v:
        out.append("clone() differs from the state")
    if not s.is_over():
        seat = c.to_act()[0]
        c.apply(seat, c.legal_actions(seat)[0])
        if s.view() != v:
            out.append("applying an action to a clone changed the original")
    return out


def game_problems(s: Any) -> list[str]:
    """The game's own invariants (`hooks.invariants`), e.g. every card and chit in exactly one place."""
    from .game import game_info

    fn: Callable[[Any], list[str]] | None = getattr(game_info(s.game_id).hooks, "invariants", None)
    return list(fn(s)) if fn is not None else []


def play_checked(s: Any, choose: Callable[[Any, int, list[Any]], Any], rng: Any, every: int = 7,
                 on_step: Callable[[int, Any], None] | None = None) -> tuple[list[str], list[tuple[int, Any]]]:
    """Play `s` to the end with `choose(state, seat, legal)`, checking every invariant as it goes.
    Returns (problems, moves); stops at the first step with a problem (the moves reproduce it)."""
    moves: list[tuple[int, Any]] = []
    k = 0
    while True:
        try:
            probs = contract_problems(s) + game_problems(s)
            if not probs and (k % every == 0 or s.is_over()):
                probs = deep_problems(s, rng)
        except Exception as e:  # noqa: BLE001 - a crash is what the check is looking for
            probs = [f"{type(e).__name__} while checking: {e}"]
        if probs or s.is_over():
            return [f"after {k} actions: {p}" for p in probs], moves
        if k >= MAX_ACTIONS:
            return [f"no end after {k} actions (a hang?)"], moves
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        a = choose(s, seat, legal)
        try:
            s.apply(seat, a)
        except Exception as e:  # noqa: BLE001
            return [f"after {k} actions: seat {seat}'s legal action {a} raised {type(e).__name__}: {e}"], moves
        moves.append((seat, a))
        k += 1
        if on_step is not None:
            on_step(k, s)

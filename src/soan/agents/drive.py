"""Driving bots fairly: seats that decide simultaneously are asked on the same state.

When `to_act()` names several seats (a simultaneous secret phase), every one of them decides
from the state as it stood before any of them committed, on its own copy: its own earlier steps of
the phase (play, then carry) are applied there, the others' are not. Only then are the choices
applied to the real state, in seat order. So no seat learns that another has committed, and the
order in which seats are asked cannot change any decision (tests/test_agents.py checks it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .base import SeatView, game_hooks

Act = Callable[[int, SeatView], Any]  # (seat, view) -> action


def simultaneous_choices(state, seats: Sequence[int], act: Act) -> list[tuple[int, Any]]:
    """Each of `seats` decides all its steps of the current simultaneous phase on its own copy of
    `state` (which is not changed). Returns (seat, action) pairs, grouped by seat in the given order."""
    acting = set(state.to_act())
    if not set(seats) <= acting:
        raise ValueError(f"seats {sorted(set(seats) - acting)} are not to act now; to act: {sorted(acting)}")
    out: list[tuple[int, Any]] = []
    for seat in seats:
        c = state.clone()
        view = SeatView(c, seat)
        while not c.is_over() and seat in c.to_act() and set(c.to_act()) <= acting:
            a = act(seat, view)
            c.apply(seat, a)
            out.append((seat, a))
    return out


def play_step(state, act: Act, apply: Callable[[int, Any], None] | None = None) -> list[tuple[int, Any]]:
    """One step of a game driven by bots: a single seat acts on the state itself; seats acting
    simultaneously decide on the same state first (`simultaneous_choices`), then their choices are
    applied in seat order (through `apply(seat, action)` when given, e.g. to observe each move).
    Returns the (seat, action) pairs applied."""
    do = apply if apply is not None else state.apply
    seats = state.to_act()
    if len(seats) == 1:
        seat = seats[0]
        a = act(seat, SeatView(state, seat))
        do(seat, a)
        return [(seat, a)]
    moves = simultaneous_choices(state, sorted(seats), act)
    for seat, a in moves:
        do(seat, a)
    return moves


def show_move(bots: Mapping[int, Any], state, seat: int, action: Any) -> list[int]:
    """Before `seat`'s `action` is applied to `state`: every other bot that watches (`Agent.watching`)
    sees it, on its own view of the state. Only in a game whose every move is public, so a secret choice
    is never shown. Returns the seats shown it."""
    if not game_hooks(state.game_id).public_moves:
        return []
    shown = []
    for i, bot in bots.items():
        if i != seat and bot.watching(state.game_id):
            bot.observe(SeatView(state, i), seat, action)
            shown.append(i)
    return shown


def forget_watched(bots: Mapping[int, Any]) -> None:
    """Before the moves of a game taken back (undo) or resumed (a restarted server, `--resume`) are
    shown again: the watching bots drop what they saw, so they judge exactly the moves that stand."""
    for bot in bots.values():
        bot.forget()

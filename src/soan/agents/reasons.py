"""A bot's reasons as another seat may see them: nothing they name is hidden from that seat.

A bot weighs its options from its own view, which holds its hidden cards; the options it names can
therefore tell another seat what is in its hand ("mint 0.35" names a card of a secret deal).
`public_reasons` keeps only the weighed options that the viewing seat's observation allows: an option is
shown when the mover could take it in every world consistent with what the viewer knows, found by
resampling the hidden parts from the viewer's side (`determinize`) several times. An option that is
legal only because of a hidden card is missing from some resampled world (the more samples, the
surer), so it is left out; the chosen move is public once made and is never filtered here.

Generic: it names no game and uses only the contract's `determinize` and `legal_actions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rng import Rng, derive

SAMPLES = 24  # resampled worlds: an option the viewer cannot know is in all of them with odds p**24


def public_options(state: Any, mover: int, viewer: int, *, samples: int = SAMPLES, seed: int = 0) -> set[str]:
    """The mover's options (as `str(action)`) that are legal in every one of `samples` worlds consistent
    with the viewer's observation: those the viewer may see named."""
    if samples < 1:
        raise ValueError(f"samples is at least 1, got {samples}")
    allowed: set[str] | None = None
    for i in range(samples):
        world = state.determinize(viewer, Rng(derive(seed, viewer, mover, i)))
        legal = {str(a) for a in world.legal_actions(mover)} if mover in world.to_act() else set()
        allowed = legal if allowed is None else allowed & legal
        if not allowed:
            break
    return allowed or set()


def public_reasons(state: Any, mover: int, viewer: int, weighed: Sequence[tuple[Any, float]], *,
                   chosen: Any = None, samples: int = SAMPLES, seed: int = 0) -> list[tuple[Any, float]]:
    """The weighed options (`(action or its text, value)`) seat `viewer` may see, in their order: all of
    them for the mover itself, else the move it chose (public once made) and those `public_options`
    allows. `state` is the position the mover decided in (before its move is applied)."""
    if viewer == mover:
        return list(weighed)
    if not weighed:
        return []
    ok = public_options(state, mover, viewer, samples=samples, seed=seed)
    if chosen is not None:
        ok.add(str(chosen))
    return [(a, v) for a, v in weighed if str(a) in ok]

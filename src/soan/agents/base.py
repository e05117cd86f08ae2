"""The agent interface: a bot sees only what its seat may know.

A bot receives a `SeatView`: the seat's observation, its legal actions, and `sample(rng)`, a complete
state consistent with that observation (the game's `determinize`). It never gets the true state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import ConfigError
from ..core.game import game_info, on_registry_change
from ..core.hooks import GameHooks
from ..core.rng import Rng


def _default_info_key(state, seat: int) -> str:
    import json

    return json.dumps(state.observation(seat), sort_keys=True, default=str)


def _default_evaluate(state) -> list[float]:
    return [float(x) for x in state.scores()]


@dataclass(frozen=True, slots=True)
class BotHooks:
    """What a game offers its bots, with the defaults filled in: `evaluate(state)` -> per-seat values,
    `info_key`, the look-ahead horizon and ends (core/hooks.py's GameHooks says what each is). A game
    without them still gets bots (its scores and the JSON observation are used)."""

    evaluate: Callable[..., list[float]]  # (state) or (state, weights) for a game with play styles
    info_key: Callable[[Any, int], Any]
    horizon: int
    lookahead_end: Callable[[Any], bool] | None
    playout: Callable[[Any, int, Any], None] | None  # the game's own random play-out to lookahead_end
    round_of: Callable[[Any], int] | None
    rollout_at: Callable[[Any], bool] | None  # default: lookahead_end
    lookahead_twin: Callable[[Any, int, Any], Any] | None
    levels: Mapping[str, str]
    public_moves: bool  # every move is seen by every seat (the text module's PUBLIC_MOVES): bots may watch them
    greedy: Mapping[str, Any]  # the game's defaults for greedy: samples, horizon

    @classmethod
    def of(cls, hooks: GameHooks) -> BotHooks:
        return cls(
            evaluate=hooks.evaluate or _default_evaluate,
            info_key=hooks.info_key or _default_info_key,
            horizon=hooks.horizon,
            lookahead_end=hooks.lookahead_end,
            playout=hooks.playout if hooks.lookahead_end is not None else None,
            round_of=hooks.round_of,
            rollout_at=hooks.rollout_at or hooks.lookahead_end,
            lookahead_twin=hooks.lookahead_twin,
            levels=dict(hooks.levels),
            public_moves=bool(getattr(hooks.text, "PUBLIC_MOVES", False)),
            greedy=dict(hooks.greedy),
        )


_HOOKS: dict[str, BotHooks] = {}


def _forget(game_id: str) -> None:
    _HOOKS.pop(game_id, None)


on_registry_change(_forget)


def game_hooks(game_id: str) -> BotHooks:
    """The game's hooks for its bots (made once per game, and again after the game is registered anew)."""
    h = _HOOKS.get(game_id)
    if h is None:
        h = _HOOKS[game_id] = BotHooks.of(game_info(game_id).hooks)
    return h


def evaluator(game_id: str, style: str | None = None):
    """The game's evaluation, with a play style's weights (`games/<g>/data/styles.yaml`) if named."""
    ev = game_hooks(game_id).evaluate
    if style is None:
        return ev
    from .styles import style_weights

    w = style_weights(game_id, style)
    data = game_info(game_id).hooks.styles
    if data is not None and dict(w) == dict(data.defaults):  # e.g. "balanced": the very defaults, so that the
        w = data.defaults  # evaluation's caches (keyed by the weights' identity) are the normal seats' own
    return lambda s: ev(s, w)


class SeatView:
    """What a bot may use to decide: observation, legal actions, and determinized samples."""

    __slots__ = ("_state", "seat", "game_id", "players", "cache")

    def __init__(self, state, seat: int) -> None:
        self._state = state
        self.cache: list | None = None  # the legal actions, when the driver already has them
        self.seat = seat
        self.game_id = state.game_id
        self.players = state.cfg.players

    def observation(self) -> dict[str, Any]:
        return self._state.observation(self.seat)

    def legal_actions(self) -> list:
        if self.cache is not None:
            return list(self.cache)
        return self._state.legal_actions(self.seat)

    def info_key(self) -> Any:
        """A hashable key of this seat's information set (equal observations give equal keys)."""
        return game_hooks(self.game_id).info_key(self._state, self.seat)

    def sample(self, rng) -> Any:
        """A complete state consistent with this seat's observation, its future chance reseeded."""
        return self._state.determinize(self.seat, rng)

    def under_rules(self, variants: tuple[str, ...] | list[str] = (), params: dict[str, Any] | None = None
                    ) -> SeatView | None:
        """This seat's view of the same position under other rules (agents/planrules.py): itself when the
        rules are the same, None when the position cannot be stated under the others."""
        from .planrules import restate

        s = restate(self._state, variants, params)
        if s is self._state:
            return self
        return None if s is None else SeatView(s, self.seat)

    def seat_to_act(self) -> bool:
        """Whether this seat is one to act in the view's position."""
        return self.seat in self._state.to_act()


WHY_KEPT = 8  # weighed options a decision keeps: a surface shows the first three another seat may see


@dataclass
class Decision:
    action: Any
    why: list[tuple[str, float]] = field(default_factory=list)  # top actions and their values, best first


class Agent:
    """Base of every bot. `spec` is the string that made it; `act` picks an action."""

    name = "agent"
    spec = ""  # the spec string that made it (set by make_agent)
    watches = False  # True: wants `observe` calls for the other seats' moves (public-move games only)

    def __init__(self, seed: int = 0, **opts: Any) -> None:
        self.rng = Rng(seed)
        if opts:
            raise ConfigError(f"agent {self.name!r} takes no options, got {sorted(opts)}")

    def decide(self, view: SeatView) -> Decision:
        raise NotImplementedError

    def act(self, view: SeatView):
        return self.decide(view).action

    def watching(self, game_id: str) -> bool:
        """Whether this bot watches the other seats' moves in `game_id` (whose moves must be public)."""
        return self.watches and game_hooks(game_id).public_moves

    def observe(self, view: SeatView, seat: int, action: Any) -> None:
        """Another seat's move, just before it is applied; `view` is this bot's view of the state then.
        Called only in a game whose every move is public (`drive.show_move`); by default ignored."""

    def forget(self) -> None:
        """Drop what watching taught it, before the moves are shown again (an undo, a resumed game)."""

    def reseed(self, seed: int) -> None:
        self.rng = Rng(seed)


class RandomAgent(Agent):
    """Uniform over the legal actions, seeded."""

    name = "random"

    def decide(self, view: SeatView) -> Decision:
        la = view.legal_actions()
        return Decision(la[self.rng.below(len(la))])

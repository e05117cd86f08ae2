"""A bot that plans under other rules than the game's: the same position, read under other variants and
parameters, for its look-ahead (`greedy:rules=base`).

Does a normal bot respond to a variant? One way to ask (scripts/bots_respond.py, docs/lab.md): in the
variant, a normal bot that plans with the variant's rules against one that plans with the base rules,
in paired games. The second needs the position it decides at restated under the base rules: the
contract's full view (`state.view()`) with the variants and parameters replaced (and, through the
game's `hooks.restate`, the fields its position derives from its rules, e.g. a game's scoring rules
in force), read back by the game's own `from_view` with all its checks. Its look-ahead (samples, steps, evaluation) then follows
the base rules, while the moves it may choose are still the game's real ones.

Some variants change what a position is made of (other cards, another board, another hand size): such
a position cannot be stated under the base rules (the game's view check refuses it) and `restate`
gives None; the bot then plans with the game's own rules at that decision and counts it
(`GreedyAgent.planned`), so a check can say how much of the play the other rules reached.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import ConfigError, SoanError

RULES = ("game", "base")  # the rules a bot plans with: the game's own, or the base game's


def check_rules(rules: Any) -> str:
    if rules not in RULES:
        raise ConfigError(f"rules is 'game' (plan with the game's own rules) or 'base' (plan with the base "
                          f"game's rules: no variants, default parameters), got {rules!r}",
                          ja=f"rules には game（このゲームのルールで読む）か base（基本ルールで読む）を指定します"
                             f"（指定：{rules!r}）")
    return str(rules)


def restate(state: Any, variants: tuple[str, ...] | list[str] = (), params: dict[str, Any] | None = None) -> Any:
    """The same position as `state` under the rules of `variants` and `params` (unset parameters at their
    defaults): its view with the settings replaced, read back by the game's `from_view`. The state itself
    when the rules are already those; None when the position cannot be stated under them (the game's view
    check refuses it: the variant changes the cards, the board or what a seat holds)."""
    from ..core.game import check_config, from_view

    info, _, vs, ps = check_config(state.game_id, state.cfg.players, list(variants), dict(params or {}))
    if vs == tuple(state.cfg.variants) and ps == dict(state.cfg.params):
        return state
    v = state.view()
    v["variants"] = list(vs)
    v["params"] = {k: (list(x) if isinstance(x, tuple) else x) for k, x in ps.items()}
    try:
        if info.hooks.restate is not None:  # the game's own fields derived from its rules
            v = info.hooks.restate(state, v)
        return from_view(v)
    except SoanError:
        return None


def base_rules_of(state: Any) -> Any:
    """`state`'s position under the base game's rules (no variants, default parameters), or None."""
    return restate(state, (), {})

"""Bots and their spec strings: `random`, `greedy`, `mcts:iters=400`, levels `easy|normal|hard`."""

from __future__ import annotations

from typing import Any

from ..core.errors import ConfigError
from ..core.words import listed
from .base import Agent, Decision, RandomAgent, SeatView, game_hooks
from .greedy import GreedyAgent
from .mcts import MCTSAgent
from .rollout import RolloutAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent, "rollout": RolloutAgent}
# easy: half its choices at random, the others greedy with one sample and random play on to the next
# comparable point (no plan); normal: the game's greedy defaults; hard: information-set MCTS.
# (Scoring the position right after the action ranked below random in a game of secret simultaneous
# choices: a choice was judged before its reveal; greedy with one sample played as well as normal.)
# A game may name its own spec for a level (`hooks.levels`), e.g. where MCTS with random rollouts plays
# below normal; the level then takes the game's spec when it first decides (LevelAgent).
LEVELS = {"easy": "greedy:samples=1:plan=0:eps=0.5", "normal": "greedy", "hard": "mcts:iters=400"}


class LevelAgent(Agent):
    """A level (`easy|normal|hard`): the game's spec for it if the game names one, else LEVELS'."""

    name = "level"

    def __init__(self, level: str, seed: int = 0) -> None:
        super().__init__(seed)
        self.level = level
        self.seed = seed
        self.inner: Agent | None = None
        self.inner_game = ""

    def resolve(self, game_id: str) -> Agent:
        """The agent this level is in `game_id` (built once per game)."""
        if self.inner is None or self.inner_game != game_id:
            spec = game_hooks(game_id).levels.get(self.level, LEVELS[self.level])
            self.inner = make_agent(spec, seed=self.seed)
            self.inner_game = game_id
        return self.inner

    def decide(self, view: SeatView) -> Decision:
        return self.resolve(view.game_id).decide(view)

    def watching(self, game_id: str) -> bool:
        return self.resolve(game_id).watching(game_id)

    def observe(self, view: SeatView, seat: int, action: Any) -> None:
        self.resolve(view.game_id).observe(view, seat, action)

    def forget(self) -> None:
        if self.inner is not None:
            self.inner.forget()

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self.seed = seed
        if self.inner is not None:
            self.inner.reseed(seed)

    def __getattr__(self, name: str) -> Any:  # figures of the inner bot (e.g. mcts's last_iterations)
        inner = self.__dict__.get("inner")
        if inner is None:
            raise AttributeError(name)
        return getattr(inner, name)


def level_spec(level: str, game_id: str) -> str:
    """The agent spec a level stands for in a game (`normal` -> `greedy`)."""
    return game_hooks(game_id).levels.get(level, LEVELS[level])


def register_agent(cls: type[Agent]) -> None:
    AGENTS[cls.name] = cls


def _value(s: str) -> Any:
    for conv in (int, float):
        try:
            return conv(s)
        except ValueError:
            pass
    return s


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from a spec such as `mcts:iters=400:c=1.4`; a bad spec names what is allowed."""
    spec = spec.strip()
    if spec in LEVELS:
        lv = LevelAgent(spec, seed=seed)
        lv.spec = spec
        return lv
    name, *opts = spec.split(":")
    if name in LEVELS:
        raise ConfigError(
            f"the level {name!r} takes no options ({spec!r}); give the bot it stands for, with options, instead, "
            "e.g. 'mcts:iters=800' (docs/agents.md lists each level's bot per game)",
            ja=f"強さ {name!r} にはオプションを付けられません（{spec!r}）。オプションを付けるには、その強さのボットを "
               "'mcts:iters=800' のように直接指定します（ゲームごとの各強さのボットは docs/agents.md にあります）")
    cls = AGENTS.get(name)
    if cls is None:
        raise ConfigError(
            f"unknown agent {name!r}; expected one of {listed(sorted(AGENTS), 'en')} or a level "
            f"{listed(sorted(LEVELS), 'en')}, with options joined by ':' as in 'mcts:iters=400:c=1.4'",
            ja=f"ボット {name!r} はありません。使えるのは{listed(sorted(AGENTS), 'ja')}と、強さの easy（初級）・normal（中級）・"
               "hard（上級）です。オプションは 'mcts:iters=400:c=1.4' のように「:」でつなぎます")
    kw: dict[str, Any] = {}
    for o in opts:
        if "=" not in o:
            raise ConfigError(f"agent option {o!r} in {spec!r} must be key=value, e.g. iters=400",
                              ja=f"ボット {spec!r} のオプション {o!r} は iters=400 のように「名前=値」で書きます")
        k, v = o.split("=", 1)
        kw[k.strip()] = _value(v.strip())
    import inspect

    params = {k: p for k, p in inspect.signature(cls.__init__).parameters.items()
              if k not in ("self", "seed") and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)}
    takes = ", ".join(params) or "no options"
    takes_ja = "、".join(params) or "なし"
    for k, v in kw.items():
        p = params.get(k)
        if p is None:
            raise ConfigError(f"agent {name!r} has no option {k!r}; it takes {takes}",
                              ja=f"ボット {name!r} にオプション {k!r} はありません。使えるオプション：{takes_ja}")
        if isinstance(p.default, (int, float)) and not isinstance(p.default, bool) and isinstance(v, str):
            raise ConfigError(f"agent option {k}={v!r} in {spec!r} must be a number",
                              ja=f"ボット {spec!r} のオプション {k} には数値を指定します（指定：{v!r}）")
    try:
        a = cls(seed=seed, **kw)
    except (TypeError, ValueError) as e:
        raise ConfigError(f"bad options for agent {name!r} ({e}); it takes {takes}",
                          ja=f"ボット {name!r} のオプションの値が正しくありません（{e}）。使えるオプション：{takes_ja}") from None
    a.spec = spec
    return a


def parse_agents(specs: str, players: int | None = None) -> list[str]:
    """'greedy,random' -> ['greedy', 'random'], checked; repeated to `players` seats if one is given."""
    items = [s.strip() for s in specs.split(",") if s.strip()]
    if not items:
        raise ConfigError("no agents given; e.g. --agents greedy,random,random",
                          ja="ボットが指定されていません。例：--agents greedy,random,random")
    for s in items:
        make_agent(s)
    if players is not None and len(items) < players:
        items = (items * players)[:players]
    return items


__all__ = ["AGENTS", "Agent", "GreedyAgent", "MCTSAgent", "game_hooks", "Decision", "LEVELS", "LevelAgent", "RandomAgent", "RolloutAgent", "level_spec", "SeatView", "make_agent", "parse_agents"]

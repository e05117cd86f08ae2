"""The questions file (games/<game>/data/questions.yaml): read, checked, and each question's settings."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ...core.errors import ConfigError
from ...core.game import check_config, game_info
from .schema import QUESTION, check_file, explain


# --- questions as data ----------------------------------------------------------------------------
def questions_path(game: str) -> Path:
    info = game_info(game)
    mod = info.new_state.__module__.rsplit(".", 1)[0]
    import importlib

    return Path(str(importlib.import_module(mod).__file__)).parent / "data" / "questions.yaml"


def load_questions(game: str) -> dict[str, Any]:
    """The game's questions file, checked: its shape against the typed questions (schema.py), each id
    once, every variant, parameter and bot it names known to the game."""
    from ...core.components import read_yaml

    info = game_info(game)
    p = questions_path(info.id)
    if not p.exists():
        raise ConfigError(f"{info.id} has no questions file ({p})", ja=f"{info.name_ja}の問いのファイルがありません（{p}）")
    doc = check_file(read_yaml(p) or {}, p.name)  # a YAML slip: its line and column named, in both languages
    seen: set[str] = set()
    for q in doc["questions"]:
        check_question(info.id, dict(q), p.name, seen)
    bots = doc.get("bots", [])
    if bots:
        from ...agents import parse_agents

        parse_agents(",".join(bots), len(bots))  # a clear error for an unknown bot
    return {"names": doc.get("names", {}), "questions": doc["questions"], "bots": list(bots),
            "start_n": dict(doc.get("start_n", {}))}


def check_question(game: str, q: dict[str, Any], file: str, seen: set[str] | None = None) -> None:
    """What the file's types cannot say of one question: an id not seen before (added to `seen`), and
    every variant and parameter of its settings known to the game. A question given alone (not from a
    checked file) is checked against its type first."""
    where = f"{file}: question {q.get('id', '?')!r}"
    if seen is None:
        try:
            QUESTION.validate_python(q)
        except ValidationError as e:
            raise explain(e, {"questions": [q]}, file, single=True) from None
    elif q["id"] in seen:
        raise ConfigError(f"{where}: the id appears twice", ja=f"{file}：問い {q['id']!r}：同じ id が２回あります")
    else:
        seen.add(q["id"])
    sides: list[dict[str, Any]] = [q.get("base") or {}, *(q.get("against") or [])]
    for s in sides:
        check_config(game, None, s.get("variants", []), _params(s))
    fix = q.get("fix") or {}
    if fix.get("variants") or fix.get("params"):  # the search's own base rules (balance/fix.py)
        check_config(game, fix.get("players"), fix.get("variants", []), _params(fix))


def _params(s: dict[str, Any]) -> dict[str, Any]:
    return {k: (",".join(map(str, v)) if isinstance(v, list) else v) for k, v in (s.get("params") or {}).items()}


@dataclass(frozen=True)
class Setting:
    players: int
    bot: str
    variants: tuple[str, ...] = ()
    params: tuple[tuple[str, Any], ...] = ()
    seed: int = 0  # the study seed: 0 everywhere, so both sides of a comparison play the same games;
    #                an A/A check (scripts/ask_aa.py) gives one side other seeds
    planner: str = ""  # a bot spec planning with the base rules, in one seat rotating with the game (--check-bots)

    def lineup(self) -> list[str]:
        """The study's bots, seat by seat (the study rotates them with the game's index)."""
        if self.planner:
            return [self.planner] + [self.bot] * (self.players - 1)
        return [self.bot] * self.players

    @property
    def name(self) -> str:
        v = "+".join(self.variants) or "base"
        p = "".join(f"_{k}-{str(x).replace(',', '.')}" for k, x in self.params)
        bot = re.sub(r"[^A-Za-z0-9_.+-]", ".", self.bot)  # a folder name on every system: greedy:plan=0 → greedy.plan.0
        return (f"{bot}-{self.players}p-{v}{p}" + (f"_seed-{self.seed}" if self.seed else "")
                + ("_plan-base" if self.planner else ""))


def setting_of(game: str, s: dict[str, Any], players: int, bot: str) -> Setting:
    return Setting(players, bot, tuple(s.get("variants", [])), tuple(sorted(_params(s).items())),
                   int(s.get("seed", 0)))


def players_of(game: str, q: dict[str, Any]) -> list[int]:
    info = game_info(game)
    if q["kind"] == "seats":
        return list(range(info.players[0], info.players[1] + 1))
    return [int(x) for x in q.get("players", [])] or [max(info.players)]


def settings_for_question(game: str, q: dict[str, Any], bot: str) -> list[Setting]:
    if q["kind"] == "words":
        return []
    out = []
    for P in players_of(game, q):
        out.append(setting_of(game, q.get("base") or {}, P, bot))
        for s in q.get("against", []) if q["kind"] == "compare" else []:
            out.append(setting_of(game, s, P, bot))
    return out


def planner_spec(game: str, bot: str) -> str | None:
    """The lead bot planning with the base rules (greedy's `rules=base`, agents/planrules.py), or None when
    the bot cannot plan under other rules (the planning check then does not apply)."""
    from ...agents import level_spec

    try:
        spec = level_spec(bot, game)
    except KeyError:  # a spec, not a level name
        spec = bot
    return f"{spec}:rules=base" if spec.split(":")[0] == "greedy" and "rules=" not in spec else None


def planner_settings(game: str, q: dict[str, Any], bot: str) -> list[Setting]:
    """For each setting a compare question sets against its base: the same games with one seat planning
    under the base rules (agents/planrules.py)."""
    spec = planner_spec(game, bot)
    if q["kind"] != "compare" or spec is None:
        return []
    base: dict[str, Any] = {"variants": [], "params": {}}
    out = []
    for P in players_of(game, q):
        for s in q.get("against", []):
            st = setting_of(game, s, P, bot)
            if st != setting_of(game, base, P, bot) and _restates(game, st):
                out.append(replace(st, planner=spec))
    return out


def _restates(game: str, s: Setting) -> bool:
    """Whether the setting's positions can be stated under the base rules (not when the variant changes
    what a seat holds, the cards or the board: agents/planrules.py), judged at its setup."""
    from ...agents.planrules import base_rules_of
    from ...core.game import make

    return base_rules_of(make(game, players=s.players, seed=1, variants=list(s.variants),
                              params=dict(s.params))) is not None


def exact(game: str, q: dict[str, Any]) -> list[dict[str, Any]]:
    """A compare question's `exact` part: figures a game's analysis computes exactly (no games played,
    e.g. maxima over the real deck) for the base and each compared setting."""
    ex = q.get("exact")
    if not ex:
        return []
    an = (game_info(game).hooks.analyses or {}).get(ex["analysis"])
    if an is None:
        raise ConfigError(f"question {q['id']!r}: {game} has no analysis {ex['analysis']!r}")
    settings = [q.get("base") or {}, *q.get("against", [])]
    results = [an.run(list(s.get("variants", [])), _params(s), None) for s in settings]
    out = []
    for v in ex["values"]:
        if v["key"] not in results[0]:
            raise ConfigError(f"question {q['id']!r}: analysis {ex['analysis']!r} gives no {v['key']!r}")
        out.append({"key": v["key"], "name": v["name"], "values": [r[v["key"]] for r in results]})
    return out

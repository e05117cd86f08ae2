"""The questions file (games/<game>/data/questions.yaml): read, checked, and each question's settings."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ...core.errors import ConfigError
from ...core.game import check_config, game_info
from ...core.words import listed

KINDS = ("compare", "level", "seats", "cards", "dealt", "words")


# --- questions as data ----------------------------------------------------------------------------
def questions_path(game: str) -> Path:
    info = game_info(game)
    mod = info.new_state.__module__.rsplit(".", 1)[0]
    import importlib

    return Path(str(importlib.import_module(mod).__file__)).parent / "data" / "questions.yaml"


def load_questions(game: str) -> dict[str, Any]:
    """The game's questions file, checked: every question has an id, ja/en text, a known kind, and
    every variant and parameter it names exists."""
    from ...core.components import read_yaml

    info = game_info(game)
    p = questions_path(info.id)
    if not p.exists():
        raise ConfigError(f"{info.id} has no questions file ({p})", ja=f"{info.name_ja}の問いのファイルがありません（{p}）")
    doc = read_yaml(p) or {}  # a file the designer broke: its line and column named, in both languages
    if not isinstance(doc, dict):
        raise ConfigError(f"{p}: expected a mapping with 'questions'; got {type(doc).__name__}",
                          ja=f"{p}：「questions:」で始まる項目の並びのはずが、別の形になっています")
    qs = doc.get("questions") or []
    if not isinstance(qs, list) or not all(isinstance(q, dict) for q in qs):
        raise ConfigError(f"{p}: 'questions' is a list of questions, each a mapping with id, ja, en, kind, draft",
                          ja=f"{p}：questions は問いの並びで、問いはそれぞれ id・ja・en・kind・draft を持つ項目です")
    seen: set[str] = set()
    for q in qs:
        _check_question(info.id, q, f"{p.name}: question {q.get('id', '?')!r}", seen)
    bots = _check_bots(doc.get("bots") or [], p.name)
    start_n = _check_start_n(doc.get("start_n") or {}, p.name)
    return {"names": doc.get("names") or {}, "questions": qs, "bots": list(bots), "start_n": dict(start_n)}


def _texts(x: Any) -> bool:
    """Whether `x` holds a text in 'ja' and in 'en'."""
    return isinstance(x, dict) and all(isinstance(x.get(k), str) and x[k] for k in ("ja", "en"))


def _check_question(game: str, q: dict, where: str, seen: set[str]) -> None:
    """One question of the file: its fields and kind, an id not seen before (added to `seen`), its
    `known` line, and what its kind needs."""
    ja = where.replace(": question ", "：問い ")
    for k in ("id", "ja", "en", "kind", "draft"):
        if not q.get(k):
            raise ConfigError(f"{where}: missing {k!r}", ja=f"{ja}：{k} がありません")
    if q["kind"] not in KINDS:
        raise ConfigError(f"{where}: kind {q['kind']!r}; expected one of {listed(KINDS, 'en')}",
                          ja=f"{ja}：kind {q['kind']!r} は使えません。使えるのは{listed(KINDS, 'ja')}です")
    if q["id"] in seen:
        raise ConfigError(f"{where}: the id appears twice", ja=f"{ja}：同じ id が２回あります")
    seen.add(q["id"])
    known = q.get("known")
    if known is not None and not _texts(known):
        raise ConfigError(f"{where}: 'known' needs a text in 'ja' and in 'en'; got {known!r}",
                          ja=f"{ja}：known には ja と en の両方の文が要ります")
    if q["kind"] == "words" and not _texts(q.get("words")):
        raise ConfigError(f"{where}: a words question needs 'words': its answer in 'ja' and in 'en' "
                          f"(e.g. the draft's own reason to reject the idea); got {q.get('words')!r}",
                          ja=f"{ja}：言葉で答える問い（words）には、ja と en の両方の答えの文が要ります"
                             "（たとえば草案自身がその案を退けた理由）")
    if q["kind"] == "compare":
        _check_compare(game, q, where)


def _check_compare(game: str, q: dict, where: str) -> None:
    """A compare question: its measure, name, direction and settings (every variant and parameter
    exists), and its `exact` part's shape."""
    for k in ("measure", "name", "better", "against"):
        if k not in q:
            raise ConfigError(f"{where}: a compare question needs {k!r}",
                              ja=f"{where.replace(': question ', '：問い ')}：比べる問い（compare）には {k} が要ります")
    for s in [q.get("base") or {}, *q["against"]]:
        check_config(game, None, s.get("variants", []), _params(s))
    verbs = q.get("verbs")
    if verbs is not None and not (isinstance(verbs, dict) and all(
            isinstance(verbs.get(lang), list) and len(verbs[lang]) == 2
            and all(isinstance(x, str) and x.strip() for x in verbs[lang]) for lang in ("ja", "en"))):
        raise ConfigError(f"{where}: 'verbs' needs two words in 'ja' and in 'en', for the measure going up and down "
                          f"(e.g. {{ja: [広げる, 狭める], en: [widens, narrows]}}); got {verbs!r}",
                          ja=f"{where.replace(': question ', '：問い ')}：verbs には ja と en のそれぞれに、指標が上がるとき"
                             "と下がるときの２語が要ります（例：{ja: [広げる, 狭める], en: [widens, narrows]}）")
    ex = q.get("exact")
    if ex is not None and (not isinstance(ex, dict) or not ex.get("analysis") or not ex.get("values")):
        raise ConfigError(f"{where}: 'exact' needs an 'analysis' name and a list of 'values' "
                          "({key, name: {ja, en}})")


def _check_bots(bots: Any, file: str) -> Any:
    """The file's `bots`: a list of bot specs the agents know (or empty)."""
    if bots:
        if not isinstance(bots, list) or not all(isinstance(b, str) and b for b in bots):
            raise ConfigError(f"{file}: 'bots' is a list of bot specs, e.g. [random, greedy]; got {bots!r}")
        from ...agents import parse_agents

        parse_agents(",".join(bots), len(bots))  # a clear error for an unknown bot
    return bots


def _check_start_n(start_n: Any, file: str) -> Any:
    """The file's `start_n`: a bot spec -> its first games per study (>= 1)."""
    if not isinstance(start_n, dict) or not all(isinstance(v, int) and v >= 1 for v in start_n.values()):
        raise ConfigError(f"{file}: 'start_n' maps a bot spec to its first games per study (>= 1); got {start_n!r}")
    return start_n


def _params(s: dict) -> dict[str, Any]:
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


def setting_of(game: str, s: dict, players: int, bot: str) -> Setting:
    return Setting(players, bot, tuple(s.get("variants", [])), tuple(sorted(_params(s).items())),
                   int(s.get("seed", 0)))


def players_of(game: str, q: dict) -> list[int]:
    info = game_info(game)
    if q["kind"] == "seats":
        return list(range(info.players[0], info.players[1] + 1))
    return [int(x) for x in q.get("players", [])] or [max(info.players)]


def settings_for_question(game: str, q: dict, bot: str) -> list[Setting]:
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


def planner_settings(game: str, q: dict, bot: str) -> list[Setting]:
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


def exact(game: str, q: dict) -> list[dict[str, Any]]:
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

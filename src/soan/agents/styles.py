"""Play styles: named weights of a game's evaluation, kept as data (games/<g>/data/styles.yaml).

A styles file maps a style name to its descriptions and the weights it changes:

    builder:
      en: builds facilities early and ties its areas into a long path
      ja: 早めに施設を建て、エリアを長い経路でつなぐ
      weights: {facility: 3.0, path: 1.5}

Weights not named keep the game's defaults (its `evaluate.WEIGHTS`); a name that is not a weight of
the game is an error naming the file, the style and the weights allowed. A bot takes a style by
name: `greedy:style=builder`, `mcts:style=builder`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import ConfigError
from ..core.game import game_info, on_registry_change


@dataclass(frozen=True)
class Style:
    name: str
    en: str
    ja: str
    weights: Mapping[str, float]  # complete: the game's defaults with the style's changes


def load_styles(path: Path, defaults: Mapping[str, float]) -> dict[str, Style]:
    import yaml

    try:
        raw = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as e:
        raise ConfigError(f"{path}: cannot read the styles ({e})") from None
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: expected a mapping of style names to styles")
    out: dict[str, Style] = {}
    for name, body in raw.items():
        where = f"{path}: style {name!r}"
        if not isinstance(body, dict) or not isinstance(body.get("weights", {}), dict):
            raise ConfigError(f"{where}: expected en, ja and a mapping of weights")
        for lang in ("en", "ja"):
            if not isinstance(body.get(lang), str) or not body[lang].strip():
                raise ConfigError(f"{where}: needs a description in '{lang}'")
        extra = set(body) - {"en", "ja", "weights"}
        if extra:
            raise ConfigError(f"{where}: unknown fields {sorted(extra)}; allowed: en, ja, weights")
        w = dict(defaults)
        for k, v in (body.get("weights") or {}).items():
            if k not in defaults:
                raise ConfigError(f"{where}: no weight {k!r}; the weights are {sorted(defaults)}")
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise ConfigError(f"{where}: weight {k!r} must be a number, got {v!r}")
            w[k] = float(v)
        out[str(name)] = Style(str(name), body["en"].strip(), body["ja"].strip(), w)
    return out


_CACHE: dict[str, dict[str, Style]] = {}
_FILES: dict[tuple[str, str], Mapping[str, float]] = {}


def _forget(game_id: str) -> None:
    _CACHE.pop(game_id, None)
    for k in [k for k in _FILES if k[0] == game_id]:
        del _FILES[k]


on_registry_change(_forget)


def game_styles(game_id: str) -> dict[str, Style]:
    """The styles a game ships (`hooks.styles`: its styles file and default weights), loaded once; empty
    for a game without them."""
    if game_id not in _CACHE:
        data = game_info(game_id).hooks.styles
        _CACHE[game_id] = load_styles(data.path, data.defaults) if data is not None else {}
    return _CACHE[game_id]


def style_weights(game_id: str, name: str) -> Mapping[str, float]:
    """A style's weights by name, or from a styles file (`tuned.yaml` of `soan tune`) by its path."""
    if name.endswith((".yaml", ".yml")):
        if (game_id, name) not in _FILES:
            base = game_styles(game_id).get("balanced")
            if base is None:
                raise ConfigError(f"{game_id} has no weights to change")
            found = load_styles(Path(name), base.weights)
            if len(found) != 1:
                raise ConfigError(f"{name}: a styles file for a bot holds one style, found {sorted(found)}")
            _FILES[game_id, name] = next(iter(found.values())).weights
        return _FILES[game_id, name]
    styles = game_styles(game_id)
    if name not in styles:
        name_ja = game_info(game_id).name_ja
        if not styles:
            raise ConfigError(f"{game_id} has no play styles", ja=f"{name_ja}にはプレイスタイルがありません")
        raise ConfigError(f"{game_id} has no style {name!r}; its styles are {sorted(styles)}",
                          ja=f"{name_ja}にプレイスタイル「{name}」はありません。使えるのは"
                             f"{'、'.join(sorted(styles))}です")
    return styles[name].weights

"""What may move: a rule parameter, one item of a list parameter, a variant, a component value (`data:PATH`)."""

from __future__ import annotations

import copy
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.errors import ComponentError
from ...core.game import game_info
from ...core.words import listed
from .targets import NUMBER, config_error


@dataclass
class Axis:
    text: str
    kind: str  # param | item | variant | data
    name: str  # the parameter, variant id or component path
    values: list[Any]  # in order; one step = a neighbour in this list
    index: int | None = None  # item: the list position (0-based)
    base: Any = None  # the value in the base game

    def label(self, game: str, lang: str) -> str:
        if self.kind == "variant":
            from ..report import variant_label

            return variant_label(game, self.name, lang)  # as every report says it: AD-V7（…） / AD-V7 (set weight)
        if self.kind == "item":
            k = (self.index or 0) + 1
            return f"{self.name}{param_words(game, self.name, lang)} の{k}番目" if lang == "ja" else f"{self.name}, item {k}"
        return f"{self.name}{param_words(game, self.name, lang)}" if self.kind == "param" else self.name

    def show(self, v: Any, lang: str) -> str:
        if isinstance(v, bool):
            return ("あり" if v else "なし") if lang == "ja" else ("on" if v else "off")
        if isinstance(v, tuple | list):
            return ",".join(map(str, v)) or ("空" if lang == "ja" else "empty")
        return str(v)


def param_words(game: str, name: str, lang: str, rule: str = "") -> str:
    """For a Japanese reader, a rule parameter's id is followed by what it is, in words (the start of its
    Japanese description): 「（UN-B1：手番順ごとにシーズン開始時に持つ勝利点）」; "" in English."""
    if lang != "ja":
        return ""
    p = game_info(game).params.get(name)
    short = re.split(r"[（。(]", p.doc_ja, maxsplit=1)[0].strip() if p is not None and p.doc_ja else ""
    inner = "：".join(x for x in (rule, short) if x)
    return f"（{inner}）" if inner else ""


def _range(spec: str, text: str) -> list[Any]:
    m = re.fullmatch(r"\s*(" + NUMBER + r")\s*\.\.\s*(" + NUMBER + r")\s*(?:/\s*(\d+(?:\.\d+)?))?\s*", spec)
    if m:
        lo, hi = float(m[1]), float(m[2])
        step = float(m[3]) if m[3] else 1.0
        if hi < lo or step <= 0:
            raise config_error(f"{text!r}: a range is LOW..HIGH with LOW <= HIGH (and /STEP above 0)",
                       f"{text!r}：範囲は「小..大」で書きます（/刻み は0より大きく）")
        n = int(round((hi - lo) / step)) + 1
        if n > 200:
            raise config_error(f"{text!r}: {n} values; at most 200 per setting", f"{text!r}：値が{n}個あります。１項目200個までです")
        return [int(v) if float(v).is_integer() else v for v in (lo + i * step for i in range(n))]
    vals = [v.strip() for v in spec.split("|" if "|" in spec else ",") if v.strip()]
    if not vals:
        raise config_error(f"{text!r}: no values; write NAME=LOW..HIGH or NAME=A,B,C",
                   f"{text!r}：値がありません。「名前=小..大」か「名前=A,B,C」で書きます")
    return vals


def parse_axis(text: str, game: str, players: int, base_variants: tuple[str, ...],
               base_params: dict[str, Any]) -> Axis:
    """One `--search` item (docs/balance.md "What may move"), checked against the game."""
    info = game_info(game)
    t = text.strip()
    if t.startswith("variant:"):
        return _variant_axis(info, t, base_variants)
    if "=" not in t:
        return _flag_axis(info, t, base_params)
    name, spec = (x.strip() for x in t.split("=", 1))
    if name.startswith("data:"):
        return _data_axis(game, t, name[len("data:"):], spec)
    m = re.fullmatch(r"(\w+)\[(\d+)\]", name)
    pname = m[1] if m else name
    p = info.params.get(pname)
    if p is None:
        raise config_error(f"unknown parameter {pname!r} for {info.id}; expected any of {listed(sorted(info.params), 'en')}",
                   f"{info.name_ja}にパラメータ {pname!r} はありません。使えるのは{listed(sorted(info.params), 'ja')}です")
    if p.requires and p.requires not in base_variants:
        raise config_error(f"parameter {pname!r} only applies with the variant {p.requires!r}: add -V {p.requires}",
                   f"パラメータ {pname!r} はヴァリアント {p.requires!r} を選んだときだけ使えます（-V {p.requires}）")
    if not m and p.is_list and "|" not in spec and ".." not in spec:
        raw_vals: list[Any] = [spec]  # a list parameter's one list (position_vp=0,1,1,2), not four choices
    else:
        raw_vals = _range(spec, t)
    if m:
        return _item_axis(t, pname, p, int(m[2]), raw_vals, players, base_params)
    vals: list[Any] = []
    for v in raw_vals:
        c = p.coerce(v if isinstance(v, str) else str(v))
        if c not in vals:  # a value written twice is one choice
            vals.append(c)
    b = base_params.get(pname, p.default)
    if b is None and p.data_key:  # unset: the component file's value is the base
        b = p.coerce(_components_raw(game).get(p.data_key))
    if b not in vals and b is not None:
        vals = sorted({*vals, b}) if all(isinstance(x, int) and not isinstance(x, bool) for x in vals) else [b, *vals]
    return Axis(t, "param", pname, vals, base=b)


def _variant_axis(info: Any, t: str, base_variants: tuple[str, ...]) -> Axis:
    """variant:ID: the variant on and off."""
    vid = t[len("variant:"):].strip()
    if vid not in info.variants:
        raise config_error(f"unknown variant {vid!r} for {info.id}; expected any of {listed(sorted(info.variants), 'en')}",
                   f"{info.name_ja}にヴァリアント {vid!r} はありません。使えるのは{listed(sorted(info.variants), 'ja')}です")
    on = vid in base_variants
    return Axis(t, "variant", vid, [on, not on], base=on)


def _flag_axis(info: Any, t: str, base_params: dict[str, Any]) -> Axis:
    """A yes/no parameter named alone: both values; anything else alone is not an axis."""
    p = info.params.get(t)
    if p is not None and isinstance(p.default, bool):
        flag = bool(base_params.get(t, p.default))
        return Axis(t, "param", t, [flag, not flag], base=flag)
    raise config_error(f"--search takes NAME=LOW..HIGH, NAME=A,B,C, NAME[K]=LOW..HIGH, variant:ID or data:PATH=LOW..HIGH, "
               f"got {t!r}", f"--search は「名前=小..大」「名前=A,B,C」「名前[K]=小..大」「variant:ID」"
               f"「data:場所=小..大」のどれかで書きます（指定：{t!r}）")


def _data_axis(game: str, t: str, path: str, spec: str) -> Axis:
    """data:PATH=...: a value of the component file, of the base value's type; the base always among them."""
    raw = _components_raw(game)
    base = _get_path(raw, path, t)
    vals = _range(spec, t)
    vals = [_like(base, v, t) for v in vals]
    for v in (vals[0], vals[-1]):  # both ends load: the component check names a bad value now
        components_file(game, {path: v}, None)
    if base not in vals:
        vals = sorted({*vals, base}) if all(isinstance(x, int | float) for x in vals) else [base, *vals]
    return Axis(t, "data", path, vals, base=base)


def _item_axis(t: str, pname: str, p: Any, k: int, raw_vals: list[Any], players: int,
               base_params: dict[str, Any]) -> Axis:
    """NAME[K]=...: item K (from 1) of a list parameter, integers in the parameter's range."""
    if not p.is_list:
        raise config_error(f"{pname}[K] names an item of a list parameter; {pname!r} is not a list",
                   f"{pname}[K] はリストのパラメータの項目です。{pname!r} はリストではありません")
    if not 1 <= k <= players:
        raise config_error(f"{t!r}: items count from 1 to {players}", f"{t!r}：項目は 1〜{players} で数えます")
    items: list[Any] = [int(v) if isinstance(v, str) and re.fullmatch(r"-?\d+", v) else v for v in raw_vals]
    for v in items:
        if not isinstance(v, int) or isinstance(v, bool):
            raise config_error(f"{t!r}: an item takes integers, got {v!r}", f"{t!r}：項目には整数を指定します（指定：{v!r}）")
        p.coerce([v])  # the parameter's own range check
    cur = tuple(base_params.get(pname) or ())
    b = cur[k - 1] if k - 1 < len(cur) else 0
    if b not in items:
        items = sorted({*items, b})
    return Axis(t, "item", pname, items, index=k - 1, base=b)


def _like(base: Any, v: Any, text: str) -> Any:
    """A component value of the base's type."""
    try:
        if isinstance(base, bool):
            return str(v).lower() in ("true", "1", "yes", "on")
        if isinstance(base, int):
            f = float(v)
            if not f.is_integer():
                raise ValueError
            return int(f)
        if isinstance(base, float):
            return float(v)
    except ValueError:
        raise config_error(f"{text!r}: {v!r} is not a {type(base).__name__} like the component's {base!r}",
                   f"{text!r}：{v!r} はコンポーネントの値 {base!r} と同じ型ではありません") from None
    return v


def _components_raw(game: str) -> Any:
    import yaml

    comp = game_info(game).hooks.components
    if comp is None:
        raise config_error(f"{game} declares no component file, so data:... cannot be searched",
                   f"{game} にはコンポーネントファイルがないため data:... は探索できません")
    return yaml.safe_load(Path(comp.path).read_text(encoding="utf-8"))


_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _walk(path: str, text: str) -> list[str | int]:
    keys: list[str | int] = []
    for m in _STEP.finditer(path):
        keys.append(m[1] if m[1] is not None else int(m[2]))
    if not keys:
        raise config_error(f"{text!r}: data: needs a path such as voyage_cards[15].power",
                   f"{text!r}：data: の後に voyage_cards[15].power のような場所を書きます")
    return keys


def _get_path(raw: Any, path: str, text: str) -> Any:
    node = raw
    for k in _walk(path, text):
        try:
            node = node[k]
        except (KeyError, IndexError, TypeError):
            raise config_error(f"{text!r}: the component file has no {path!r} (stops at {k!r})",
                       f"{text!r}：コンポーネントファイルに {path!r} がありません（{k!r} で止まりました）") from None
    if isinstance(node, dict | list):
        raise config_error(f"{text!r}: {path!r} is a {type(node).__name__}, not a single value",
                   f"{text!r}：{path!r} は一つの値ではありません")
    return node


def components_file(game: str, values: dict[str, Any], out: Path | None) -> str | None:
    """A component file with `values` ({path: value}) changed, checked by the game's own loader; None
    when nothing changes. Files go to OUT/components/ (or a temporary folder) named by their content."""
    if not values:
        return None
    import tempfile

    import yaml

    raw = copy.deepcopy(_components_raw(game))
    for path, v in values.items():
        keys = _walk(path, path)
        node = raw
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = v
    text = yaml.safe_dump(raw, allow_unicode=True, sort_keys=False)
    folder = (out / "components") if out is not None else Path(tempfile.gettempdir()) / "soan-balance"
    folder.mkdir(parents=True, exist_ok=True)
    f = folder / f"{game}-{hashlib.sha1(text.encode()).hexdigest()[:12]}.yaml"
    if not f.exists():
        f.write_text(text, encoding="utf-8")
    from ...core.components import INVALID

    try:
        game_info(game).load_components(str(f))
    except ComponentError as e:  # named by the values searched, not the scratch file they went to
        f.unlink(missing_ok=True)
        said = ", ".join(f"data:{k}={v}" for k, v in values.items())
        en = str(e).replace(INVALID[0].rstrip(), f"the game refuses {said}").replace(f"{f.name}: ", "")
        ja = (e.ja or str(e)).replace(INVALID[1].rstrip(), f"ゲームが {said} を受け付けません")
        raise ComponentError(en, ja=ja.replace(f"{f.name}：", "").replace(f"{f.name}: ", "")) from None
    return str(f)


# --- settings -------------------------------------------------------------------------------------

"""`soan balance`: search a game's settings for one that meets targets stated in words (docs/balance.md).

Targets (`parse_target`): `SUBJECT OP VALUE`, e.g. `start-player=25±3`, `seat:2 within 25 ± 3`,
`win-when:dealt_harvest=chance±3`, `all_weather>=0.6`, `length at most 120`. What may move
(`parse_axis`): any rule parameter (`NAME=lo..hi`, `NAME=a,b,c`, one item of a list parameter
`NAME[k]=lo..hi`), a variant (`variant:ID`, on or off) or a component value (`data:PATH=lo..hi`, e.g.
`data:voyage_cards[15].power=2..4`). The search (Optuna: TPE for one target, NSGA-II for several, a
full grid when it fits the trials) plays every trial on the same seeds; the chosen setting is then
played again on fresh seeds next to the base game (paired), and each searched setting moved one step
either way is played on those fresh seeds too (robustness).
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import math
import os
import re
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import ComponentError, ConfigError, SoanError
from ..core.game import check_config, game_info
from ..core.version import __version__
from ..core.words import listed

FRESH = 1_000_003  # validation seeds: the search seed plus this (as `soan tune`)
SEED_MAX = 2**32 - 1  # the search's seed also seeds Optuna's sampler, which takes 0 .. 2**32 - 1


class BalanceError(SoanError):
    pass


def _err(en: str, ja: str) -> ConfigError:
    return ConfigError(en, ja=ja)


# --- targets --------------------------------------------------------------------------------------

_NUM = r"[-+]?\d+(?:\.\d+)?"
_TARGET = re.compile(
    r"^\s*(?P<subj>[A-Za-z_][\w:\-]*)\s*(?:"
    r"(?:=|==|within|以内)\s*(?P<center>chance|" + _NUM + r")\s*(?P<cpct>%?)\s*(?:±|\+-|\+/-)\s*(?P<tol>" + _NUM + r")\s*(?P<tpct>%?)"
    r"(?:\s*(?:points?|pts?|ポイント))?"
    r"|(?P<op>>=|≥|at\s+least|以上|<=|≤|at\s+most|以下)\s*(?P<bound>chance|" + _NUM + r")\s*(?P<bpct>%?)"
    r")\s*$", re.IGNORECASE)


@dataclass
class Target:
    text: str  # as given
    subject: str  # start-player | position:K | seat:K | win-when:COLUMN | a measure
    measure: str  # the key of the per-game values (stats.game_measures), or win-when:COLUMN
    op: str  # within | atleast | atmost
    value: float  # the centre (within) or the bound, in the measure's units (shares as fractions)
    tol: float = 0.0  # within: the half-width
    share: bool = False  # shown as a percentage

    def holds(self, v: float) -> bool:
        if v is None or math.isnan(v):
            return False
        if self.op == "within":
            return abs(v - self.value) <= self.tol + 1e-12
        return v >= self.value - 1e-12 if self.op == "atleast" else v <= self.value + 1e-12

    def miss(self, v: float) -> float:
        """What the search minimises: for `within`, the distance to the centre in half-widths (so a
        setting nearer the centre is preferred even inside the band); for a bound, the shortfall in
        units of the bound (0 when met)."""
        if v is None or math.isnan(v):
            return 1e6
        if self.op == "within":
            return abs(v - self.value) / (self.tol or 1.0)
        scale = abs(self.value) or 1.0
        short = self.value - v if self.op == "atleast" else v - self.value
        return max(0.0, short) / scale

    def slack(self, v: float) -> float:
        """How far inside a bound the value is, in units of the bound (0 for `within`, whose miss already
        prefers the centre): equal misses go to the setting with room to spare."""
        if self.op == "within" or v is None or math.isnan(v):
            return 0.0
        d = v - self.value if self.op == "atleast" else self.value - v
        return max(0.0, d) / (abs(self.value) or 1.0)

    def fmt(self, v: float | None) -> str:
        if v is None or (isinstance(v, float) and math.isnan(v)):
            return "—"
        return f"{v:.1%}" if self.share else f"{v:.2f}"

    def name(self, game: str, players: int, lang: str) -> str:
        return subject_name(self.subject, game, players, lang)

    def words(self, game: str, players: int, lang: str) -> str:
        n = self.name(game, players, lang)
        f = (lambda x: f"{x * 100:g}%") if self.share else (lambda x: f"{x:g}")
        ft = (lambda x: f"{x * 100:g}") if self.share else (lambda x: f"{x:g}")
        if lang == "ja":
            if self.op == "within":
                return f"{n}を {f(self.value)}±{ft(self.tol)}{'ポイント' if self.share else ''} に"
            return f"{n}を {f(self.value)} {'以上' if self.op == 'atleast' else '以下'}に"
        if self.op == "within":
            return f"{n} within {f(self.value)} ± {ft(self.tol)}{' points' if self.share else ''}"
        return f"{n} {'at least' if self.op == 'atleast' else 'at most'} {f(self.value)}"


def subject_name(subject: str, game: str, players: int, lang: str) -> str:
    from .seatadv import position_name, seat_name

    kind, _, arg = subject.partition(":")
    if subject == "start-player":
        kind, arg = "position", "1"
    if kind == "position":
        k = int(arg) - 1
        nm = position_name(k, players, lang)
        return f"{nm}の勝率" if lang == "ja" else f"{nm}'s win share"
    if kind == "seat":
        nm = seat_name(int(arg) - 1, lang)
        return f"{nm}の勝率" if lang == "ja" else f"{nm}'s win share"
    if kind == "win-when":
        name_of = game_info(game).hooks.card_name
        for pre, en, ja in (("dealt_", "dealt", "を配られた"), ("played_", "that played", "を使った")):
            if arg.startswith(pre) and name_of is not None:
                card = name_of(arg[len(pre):], lang)
                return f"{card}{ja}席の勝率" if lang == "ja" else f"win share of the seats {en} {card}"
        return f"{arg} が 1 以上の席の勝率" if lang == "ja" else f"win share of seats with {arg}"
    from .quality import MEASURES

    if subject in MEASURES:
        return str(MEASURES[subject][2 if lang == "ja" else 1])
    return _measure_names(game).get(subject, {}).get(lang, subject)


_NAMES: dict[str, dict[str, dict[str, str]]] = {}


def _measure_names(game: str) -> dict[str, dict[str, str]]:
    """ja/en names of a game's measures from its questions file (`names`, and each question's `measure`
    with its `name`); {} when the game has none."""
    if game not in _NAMES:
        out: dict[str, dict[str, str]] = {}
        try:
            from .ask import load_questions

            doc = load_questions(game)
        except (SoanError, OSError, ValueError):
            doc = {"names": {}, "questions": []}
        for q in doc["questions"]:
            if isinstance(q.get("measure"), str) and isinstance(q.get("name"), dict):
                out.setdefault(q["measure"], q["name"])
            for m in q.get("measures") or []:
                if isinstance(m, dict) and isinstance(m.get("name"), dict):
                    out.setdefault(m["measure"], m["name"])
        for k, v in (doc.get("names") or {}).items():
            if isinstance(v, dict):
                out.setdefault(k, v)
        _NAMES[game] = out
    return _NAMES[game]


def parse_target(text: str, players: int, known: set[str] | None = None) -> Target:
    """A target in words (docs/balance.md "Targets"); a ConfigError in English and Japanese names what
    is wrong. `known`: the measures a game of these settings has (checked when given)."""
    if not isinstance(text, str) or not text.strip():
        raise _err("a target is text such as start-player=25±3", "目標は start-player=25±3 のように書きます")
    m = _TARGET.match(text.replace("％", "%").replace("＝", "=").replace("：", ":"))
    if not m:
        raise _err(f"cannot read the target {text!r}: write SUBJECT=VALUE±TOLERANCE, SUBJECT>=VALUE or "
                   "SUBJECT<=VALUE (e.g. start-player=25±3, all_weather>=0.6, length at most 120)",
                   f"目標 {text!r} を読めません。「対象=値±幅」「対象>=値」「対象<=値」の形で書きます"
                   "（例：start-player=25±3、all_weather>=0.6、length<=120）")
    subj = m["subj"].lower() if m["subj"].lower().startswith(("start-player", "position:", "seat:")) else m["subj"]
    kind, _, arg = subj.partition(":") if ":" in subj else ("", "", "")
    chance = 1 / players
    if subj == "start-player" or kind in ("position", "seat"):
        k = 1 if subj == "start-player" else _index(arg, players, kind)
        measure = f"win_share_{'pos' if subj == 'start-player' or kind == 'position' else 'seat'}_{k - 1}"
        share = True
    elif kind == "win-when":
        if not arg:
            raise _err("win-when: needs a seat measure, e.g. win-when:dealt_harvest",
                       "win-when: の後に席ごとの指標を書きます（例：win-when:dealt_harvest）")
        measure, share = f"win-when:{arg}", True
        if known is not None and f"m_{arg}" not in known:
            raise _err(f"no seat measure {arg!r} in this game; e.g. {_some(known, 'm_')}",
                       f"席ごとの指標 {arg!r} はこのゲームにありません。例：{_some(known, 'm_')}")
    else:
        if kind:
            raise _err(f"unknown target subject {subj!r}: use start-player, position:K, seat:K, win-when:MEASURE "
                       "or a measure's name", f"目標の対象 {subj!r} は使えません。start-player、position:K、seat:K、"
                       "win-when:指標、または指標の名前を書きます")
        measure, share = subj, False
        if known is not None and subj not in known:
            near = _near(subj, known)
            raise _err(f"no measure {subj!r} in this game{f'; did you mean {near!r}?' if near else ''} A target "
                       f"names start-player, position:K, seat:K, win-when:MEASURE or a measure, e.g. "
                       f"{_some(known, '')}",
                       f"指標 {subj!r} はこのゲームにありません。{f'{near!r} のことですか？' if near else ''}"
                       f"目標の対象は start-player、position:K、seat:K、win-when:指標、または指標の名前（例：{_some(known, '')}）です")

    def num(s: str, pct: str) -> float:
        if s.lower() == "chance":
            if not share:
                raise _err(f"'chance' is a win share's value; {subj!r} is not a win share",
                           f"chance（期待値）は勝率にだけ使えます。{subj!r} は勝率ではありません")
            return chance
        x = float(s)
        return x / 100 if share or pct else x

    if m["center"] is not None:
        c, tol = num(m["center"], m["cpct"]), num(m["tol"], m["tpct"])
        if tol <= 0:
            raise _err(f"the tolerance in {text!r} must be above 0", f"{text!r} の幅は0より大きくします")
        return Target(text, subj, measure, "within", c, tol, share)
    op = m["op"].lower().replace(" ", "")
    return Target(text, subj, measure, "atleast" if op in (">=", "≥", "atleast", "以上") else "atmost",
                  num(m["bound"], m["bpct"]), 0.0, share)


def _index(arg: str, players: int, kind: str) -> int:
    if not arg.isdigit() or not 1 <= int(arg) <= players:
        raise _err(f"{kind}:K counts from 1 to {players} (the players), got {kind}:{arg}",
                   f"{kind}:K の K は 1〜{players}（人数）で書きます（指定：{kind}:{arg}）")
    return int(arg)


def _near(subj: str, known: set[str]) -> str | None:
    """The subject or measure a misspelt target most likely meant (None when nothing is close)."""
    import difflib

    names = ["start-player", *sorted(k for k in known if not k.startswith(("m_", "win_share_")))]
    hit = difflib.get_close_matches(subj, names, n=1, cutoff=0.75)
    return hit[0] if hit else None


def _some(known: set[str], prefix: str) -> str:
    xs = sorted(k[len(prefix):] for k in known if k.startswith(prefix) and (prefix or not k.startswith("m_")))
    return ", ".join(xs[:12]) + (" …" if len(xs) > 12 else "")


# --- what may move --------------------------------------------------------------------------------


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
            from .report import variant_label

            return variant_label(game, self.name, lang)  # as every report says it: AD-V7（…） / AD-V7 (set weight)
        if self.kind == "item":
            k = (self.index or 0) + 1
            return f"{self.name}{_param_words(game, self.name, lang)} の{k}番目" if lang == "ja" else f"{self.name}, item {k}"
        return f"{self.name}{_param_words(game, self.name, lang)}" if self.kind == "param" else self.name

    def show(self, v: Any, lang: str) -> str:
        if isinstance(v, bool):
            return ("あり" if v else "なし") if lang == "ja" else ("on" if v else "off")
        if isinstance(v, tuple | list):
            return ",".join(map(str, v)) or ("空" if lang == "ja" else "empty")
        return str(v)


def _param_words(game: str, name: str, lang: str, rule: str = "") -> str:
    """For a Japanese reader, a rule parameter's id is followed by what it is, in words (the start of its
    Japanese description): 「（UN-B1：手番順ごとにシーズン開始時に持つ勝利点）」; "" in English."""
    if lang != "ja":
        return ""
    p = game_info(game).params.get(name)
    short = re.split(r"[（。(]", p.doc_ja, maxsplit=1)[0].strip() if p is not None and p.doc_ja else ""
    inner = "：".join(x for x in (rule, short) if x)
    return f"（{inner}）" if inner else ""


def _range(spec: str, text: str) -> list[Any]:
    m = re.fullmatch(r"\s*(" + _NUM + r")\s*\.\.\s*(" + _NUM + r")\s*(?:/\s*(\d+(?:\.\d+)?))?\s*", spec)
    if m:
        lo, hi = float(m[1]), float(m[2])
        step = float(m[3]) if m[3] else 1.0
        if hi < lo or step <= 0:
            raise _err(f"{text!r}: a range is LOW..HIGH with LOW <= HIGH (and /STEP above 0)",
                       f"{text!r}：範囲は「小..大」で書きます（/刻み は0より大きく）")
        n = int(round((hi - lo) / step)) + 1
        if n > 200:
            raise _err(f"{text!r}: {n} values; at most 200 per setting", f"{text!r}：値が{n}個あります。１項目200個までです")
        return [int(v) if float(v).is_integer() else v for v in (lo + i * step for i in range(n))]
    vals = [v.strip() for v in spec.split("|" if "|" in spec else ",") if v.strip()]
    if not vals:
        raise _err(f"{text!r}: no values; write NAME=LOW..HIGH or NAME=A,B,C",
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
        raise _err(f"unknown parameter {pname!r} for {info.id}; expected any of {listed(sorted(info.params), 'en')}",
                   f"{info.name_ja}にパラメータ {pname!r} はありません。使えるのは{listed(sorted(info.params), 'ja')}です")
    if p.requires and p.requires not in base_variants:
        raise _err(f"parameter {pname!r} only applies with the variant {p.requires!r}: add -V {p.requires}",
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
        raise _err(f"unknown variant {vid!r} for {info.id}; expected any of {listed(sorted(info.variants), 'en')}",
                   f"{info.name_ja}にヴァリアント {vid!r} はありません。使えるのは{listed(sorted(info.variants), 'ja')}です")
    on = vid in base_variants
    return Axis(t, "variant", vid, [on, not on], base=on)


def _flag_axis(info: Any, t: str, base_params: dict[str, Any]) -> Axis:
    """A yes/no parameter named alone: both values; anything else alone is not an axis."""
    p = info.params.get(t)
    if p is not None and isinstance(p.default, bool):
        flag = bool(base_params.get(t, p.default))
        return Axis(t, "param", t, [flag, not flag], base=flag)
    raise _err(f"--search takes NAME=LOW..HIGH, NAME=A,B,C, NAME[K]=LOW..HIGH, variant:ID or data:PATH=LOW..HIGH, "
               f"got {t!r}", f"--search は「名前=小..大」「名前=A,B,C」「名前[K]=小..大」「variant:ID」"
               f"「data:場所=小..大」のどれかで書きます（指定：{t!r}）")


def _data_axis(game: str, t: str, path: str, spec: str) -> Axis:
    """data:PATH=...: a value of the component file, of the base value's type; the base always among them."""
    raw = _components_raw(game)
    base = _get_path(raw, path, t)
    vals = _range(spec, t)
    vals = [_like(base, v, t) for v in vals]
    for v in (vals[0], vals[-1]):  # both ends load: the component check names a bad value now
        _components_file(game, {path: v}, None)
    if base not in vals:
        vals = sorted({*vals, base}) if all(isinstance(x, int | float) for x in vals) else [base, *vals]
    return Axis(t, "data", path, vals, base=base)


def _item_axis(t: str, pname: str, p: Any, k: int, raw_vals: list[Any], players: int,
               base_params: dict[str, Any]) -> Axis:
    """NAME[K]=...: item K (from 1) of a list parameter, integers in the parameter's range."""
    if not p.is_list:
        raise _err(f"{pname}[K] names an item of a list parameter; {pname!r} is not a list",
                   f"{pname}[K] はリストのパラメータの項目です。{pname!r} はリストではありません")
    if not 1 <= k <= players:
        raise _err(f"{t!r}: items count from 1 to {players}", f"{t!r}：項目は 1〜{players} で数えます")
    items: list[Any] = [int(v) if isinstance(v, str) and re.fullmatch(r"-?\d+", v) else v for v in raw_vals]
    for v in items:
        if not isinstance(v, int) or isinstance(v, bool):
            raise _err(f"{t!r}: an item takes integers, got {v!r}", f"{t!r}：項目には整数を指定します（指定：{v!r}）")
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
        raise _err(f"{text!r}: {v!r} is not a {type(base).__name__} like the component's {base!r}",
                   f"{text!r}：{v!r} はコンポーネントの値 {base!r} と同じ型ではありません") from None
    return v


def _components_raw(game: str) -> Any:
    import yaml

    comp = game_info(game).hooks.components
    if comp is None:
        raise _err(f"{game} declares no component file, so data:... cannot be searched",
                   f"{game} にはコンポーネントファイルがないため data:... は探索できません")
    return yaml.safe_load(Path(comp.path).read_text(encoding="utf-8"))


_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _walk(path: str, text: str) -> list[str | int]:
    keys: list[str | int] = []
    for m in _STEP.finditer(path):
        keys.append(m[1] if m[1] is not None else int(m[2]))
    if not keys:
        raise _err(f"{text!r}: data: needs a path such as voyage_cards[15].power",
                   f"{text!r}：data: の後に voyage_cards[15].power のような場所を書きます")
    return keys


def _get_path(raw: Any, path: str, text: str) -> Any:
    node = raw
    for k in _walk(path, text):
        try:
            node = node[k]
        except (KeyError, IndexError, TypeError):
            raise _err(f"{text!r}: the component file has no {path!r} (stops at {k!r})",
                       f"{text!r}：コンポーネントファイルに {path!r} がありません（{k!r} で止まりました）") from None
    if isinstance(node, dict | list):
        raise _err(f"{text!r}: {path!r} is a {type(node).__name__}, not a single value",
                   f"{text!r}：{path!r} は一つの値ではありません")
    return node


def _components_file(game: str, values: dict[str, Any], out: Path | None) -> str | None:
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
    from ..core.components import INVALID

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


@dataclass
class Problem:
    game: str
    players: int
    agents: list[str]
    variants: tuple[str, ...]
    params: dict[str, Any]
    targets: list[Target]
    axes: list[Axis]
    games: int = 200  # per trial
    trials: int = 30
    validate: int = 800
    robust: int = 400
    seed: int = 0
    jobs: int = 1
    budget_s: float | None = None  # the search's time budget
    out: Path = field(default_factory=lambda: Path("balance"))
    levels: list[list[str]] = field(default_factory=list)  # other bots the proposal is checked with
    level_games: int = 0  # games of the base and the proposal per other level (0: `robust`)

    def key(self) -> str:
        d = {"game": self.game, "players": self.players, "agents": self.agents, "variants": list(self.variants),
             "params": {k: list(v) if isinstance(v, tuple) else v for k, v in self.params.items()},
             "targets": [t.text for t in self.targets], "axes": [a.text for a in self.axes], "games": self.games,
             "seed": self.seed}
        return hashlib.sha1(json.dumps(d, sort_keys=True, default=str).encode()).hexdigest()[:16]


def setting_of(pb: Problem, choice: dict[str, Any]) -> tuple[tuple[str, ...], dict[str, Any], str | None]:
    """(variants, params, components file) of a choice {axis text: value}."""
    vs = list(pb.variants)
    ps = dict(pb.params)
    data: dict[str, Any] = {}
    for a in pb.axes:
        v = choice.get(a.text, a.base)
        if a.kind == "variant":
            if v and a.name not in vs:
                vs.append(a.name)
            if not v and a.name in vs:
                vs.remove(a.name)
        elif a.kind == "param":
            ps[a.name] = v
        elif a.kind == "item":
            cur = list(ps.get(a.name) or ())
            i = a.index or 0
            cur += [0] * (i + 1 - len(cur))
            cur[i] = v
            ps[a.name] = tuple(cur)
        else:
            if v != a.base:
                data[a.name] = v
    info = game_info(pb.game)
    keep = {k: v for k, v in ps.items()
            if k in info.params and (not info.params[k].requires or info.params[k].requires in vs)}
    _, _, vv, pp = check_config(pb.game, pb.players, vs, keep)
    return vv, pp, _components_file(pb.game, data, pb.out)


def changed(pb: Problem, choice: dict[str, Any]) -> list[tuple[Axis, Any]]:
    return [(a, choice[a.text]) for a in pb.axes if a.text in choice and choice[a.text] != a.base]


# --- playing and measuring ------------------------------------------------------------------------


def play(pb: Problem, choice: dict[str, Any], n: int, seed: int, progress: Callable[[int], None] | None = None):
    """(games, seats) tables of `n` games of a choice on the seeds of `seed`."""
    from .runner import run_games
    from .study import _tables

    vs, ps, comp = setting_of(pb, choice)
    res = run_games(pb.game, n, pb.players, pb.agents, seed, vs, ps, comp, jobs=pb.jobs, collect=True,
                    progress=progress)
    settings = {"game": pb.game, "players": pb.players, "variants": list(vs),
                "params": {k: list(v) if isinstance(v, tuple) else v for k, v in ps.items()}}
    return _tables(res, settings)


def kept_play(pb: Problem, choice: dict[str, Any], n: int, seed: int, progress: Callable[[int], None] | None = None):
    """`play`, its tables kept in OUT/played/ under a key of everything that decides its games (game,
    players, bots, rules, the choice, the number of games, the seeds): a balance run stopped after the
    search (Ctrl-C) plays again only the validation, robustness and level games it had not finished."""
    import pyarrow.parquet as pq

    key = hashlib.sha1(json.dumps({"game": pb.game, "players": pb.players, "agents": pb.agents,
                                   "variants": list(pb.variants), "params": pb.params,
                                   "choice": {k: _json(v) for k, v in choice.items()}, "n": n, "seed": seed,
                                   "version": __version__}, sort_keys=True, default=str).encode()).hexdigest()[:20]
    d = pb.out / "played"
    gpath, spath = d / f"{key}-games.parquet", d / f"{key}-seats.parquet"
    if gpath.exists() and spath.exists():
        if progress:
            progress(n)
        return pq.read_table(gpath), pq.read_table(spath)
    g, s = play(pb, choice, n, seed, progress)
    d.mkdir(parents=True, exist_ok=True)
    for table, path in ((s, spath), (g, gpath)):  # the games file last: both are there when it is
        tmp = path.with_suffix(".part")
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    return g, s


def per_game(games, seats, players: int, target: Target):
    """One value per game of a target's measure (nan where a game has none)."""
    import numpy as np

    from .stats import _per_game, column, game_measures

    if target.measure.startswith("win-when:"):
        col = "m_" + target.measure.split(":", 1)[1]
        if col not in seats.column_names:
            return np.full(games.num_rows, np.nan)
        has = np.nan_to_num(column(seats, col)) > 0
        win = np.where(has, column(seats, "win"), np.nan)
        keys, v = _per_game(column(seats, "index"), win)
        pos = {int(k): i for i, k in enumerate(keys)}
        return np.array([v[pos[int(g)]] if int(g) in pos else np.nan for g in np.sort(column(games, "index"))])
    ms = game_measures(games, seats, players)[1]
    if target.measure not in ms:
        return np.full(games.num_rows, np.nan)
    return ms[target.measure]


def evaluate(pb: Problem, games, seats) -> list[dict[str, Any]]:
    """Each target's value, 95% interval, whether it holds and its miss."""
    from .stats import mean_ci, share_test

    out = []
    for t in pb.targets:
        x = per_game(games, seats, pb.players, t)
        if t.share:
            r = share_test(x, 1 / pb.players)
            m, lo, hi = r["win_share"], r["ci"][0], r["ci"][1]
        else:
            m, lo, hi = mean_ci(x)
        out.append({"target": t.text, "value": m, "ci": [lo, hi], "holds": t.holds(m), "miss": t.miss(m)})
    return out


def known_measures(pb: Problem) -> set[str]:
    """Measure names a game of the base settings has (one quick game with random bots)."""
    from .runner import play_game
    from .stats import game_measures
    from .study import _tables

    r = play_game(pb.game, pb.players, 1, ["random"] * pb.players, pb.variants, pb.params, collect=True)
    g, s = _tables([r], {"game": pb.game, "players": pb.players, "variants": list(pb.variants), "params": {}})
    return set(game_measures(g, s, pb.players)[1]) | {c for c in s.column_names if c.startswith("m_")}


# --- the search -----------------------------------------------------------------------------------


def _grid_size(pb: Problem) -> int:
    n = 1
    for a in pb.axes:
        n *= len(a.values)
    return n


def _ticker(progress: Callable[[str, int, int], None] | None, stage: str, start: int,
            total: int) -> Callable[[int], None] | None:
    """A stage's progress in games, from `start` games done: what `run_games` calls after each chunk."""
    if not progress:
        return None
    done = start
    progress(stage, done, total)

    def played(k: int) -> None:
        nonlocal done
        done += k
        progress(stage, done, total)
    return played


def search(pb: Problem, progress: Callable[[str, int, int], None] | None = None) -> list[dict[str, Any]]:
    """Optuna trials (kept in OUT/optuna.db, so a stopped search resumes) → every evaluated choice with
    its targets' values on the search seeds. The base game is always the first trial."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.ERROR)  # soan says its own progress; a stopped trial is no traceback
    pb.out.mkdir(parents=True, exist_ok=True)
    multi = len(pb.targets) > 1
    grid = _grid_size(pb)
    if grid <= pb.trials:
        space = {a.text: list(range(len(a.values))) for a in pb.axes}
        sampler: Any = optuna.samplers.GridSampler(space, seed=pb.seed)
    elif multi:
        sampler = optuna.samplers.NSGAIISampler(seed=pb.seed)
    else:
        sampler = optuna.samplers.TPESampler(seed=pb.seed)
    name = f"balance-{pb.key()}"
    kw: dict[str, Any] = ({"directions": ["minimize"] * len(pb.targets)} if multi else {"direction": "minimize"})
    study = optuna.create_study(study_name=name, storage=f"sqlite:///{pb.out / 'optuna.db'}", load_if_exists=True,
                                sampler=sampler, **kw)
    base_idx = {a.text: a.values.index(a.base) for a in pb.axes}
    if not study.trials:
        study.enqueue_trial(base_idx)
    cache: dict[str, list[dict[str, Any]]] = {}
    for tr in study.trials:
        if tr.state == optuna.trial.TrialState.COMPLETE and "targets" in tr.user_attrs:
            cache[json.dumps(tr.params, sort_keys=True)] = tr.user_attrs["targets"]

    def objective(trial):
        idx = {a.text: trial.suggest_int(a.text, 0, len(a.values) - 1) for a in pb.axes}
        k = json.dumps(idx, sort_keys=True)
        if k not in cache:
            choice = {a.text: a.values[idx[a.text]] for a in pb.axes}
            g, s = play(pb, choice, pb.games, pb.seed, _ticker(progress, "search", len(cache) * pb.games, total))
            cache[k] = evaluate(pb, g, s)
        trial.set_user_attr("targets", cache[k])
        misses = [r["miss"] for r in cache[k]]
        return tuple(misses) if multi else misses[0]

    total = min(pb.trials, grid) * pb.games  # progress in games: a trial of slow bots takes minutes

    t0 = time.perf_counter()
    # `trials` counts distinct settings played; a sampler proposing one again costs nothing (cached), and
    # a small space it keeps proposing ends the search after a few rounds of repeats
    attempts = 0
    while len(cache) < min(pb.trials, grid) and attempts < 5 * pb.trials:
        if pb.budget_s is not None and cache and time.perf_counter() - t0 > pb.budget_s:
            break  # the base game is always played: a budget too short for it still gives a result
        if progress:
            progress("search", len(cache) * pb.games, total)
        study.optimize(objective, n_trials=1)
        attempts += 1
    if progress:
        progress("search", len(cache) * pb.games, len(cache) * pb.games)  # done (a budget may end it early)
    out = []
    seen = set()
    for tr in study.trials:
        if tr.state != optuna.trial.TrialState.COMPLETE or "targets" not in tr.user_attrs:
            continue
        k = json.dumps(tr.params, sort_keys=True)
        if k in seen:
            continue
        seen.add(k)
        choice = {a.text: a.values[tr.params[a.text]] for a in pb.axes}
        out.append({"trial": tr.number, "choice": choice, "targets": tr.user_attrs["targets"]})
    return out


def best_of(pb: Problem, trials: list[dict[str, Any]]) -> dict[str, Any]:
    """The choice to validate: among those meeting every target on the search seeds, the one changing
    the fewest settings, then the smallest total miss; if none meets them all, the smallest total miss."""
    def cost(t):
        ok = all(r["holds"] for r in t["targets"])
        return (not ok, len(changed(pb, t["choice"])) if ok else 0, sum(r["miss"] for r in t["targets"]),
                -sum(tg.slack(r["value"]) for tg, r in zip(pb.targets, t["targets"], strict=True)))
    return min(trials, key=cost)


def neighbours(pb: Problem, choice: dict[str, Any]) -> list[tuple[Axis, Any, dict[str, Any]]]:
    """Each searched setting moved one step either way from `choice` (a variant or a flag: switched)."""
    out = []
    for a in pb.axes:
        i = a.values.index(choice[a.text])
        for j in (i - 1, i + 1):
            if 0 <= j < len(a.values) and a.values[j] != choice[a.text]:
                out.append((a, a.values[j], {**choice, a.text: a.values[j]}))
    return out


def others_moved(pb: Problem, base: tuple, best: tuple) -> list[dict[str, Any]]:
    """Every measure of base and best on the same fresh seeds (paired, Holm): the significant moves, by
    size relative to the base value, the targets' own measures left out."""
    from .stats import compare_tables

    rows, _ = compare_tables(base, best, pb.players)
    own = {t.measure for t in pb.targets}
    out = []
    for r in rows:
        if r["measure"] in own or not r["significant"] or r["diff"] is None:
            continue
        a = r["a"] or 0.0
        out.append({**r, "relative": abs(r["diff"]) / (abs(a) if a else 1.0)})
    out.sort(key=lambda r: -r["relative"])
    return out


def run(pb: Problem, progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """Search, validate on fresh seeds, check robustness; the result as JSON-able data."""
    if isinstance(pb.seed, bool) or not isinstance(pb.seed, int) or not 0 <= pb.seed <= SEED_MAX:
        raise ConfigError(f"seed must be a whole number from 0 to {SEED_MAX}; got {pb.seed!r}",
                          ja=f"seed は0から{SEED_MAX}までの整数です（指定：{pb.seed!r}）")
    t0 = time.perf_counter()
    trials = search(pb, progress)
    best = best_of(pb, trials)
    bvs, bps, bcomp = setting_of(pb, best["choice"])
    base_choice = {a.text: a.base for a in pb.axes}
    fresh = pb.seed + FRESH
    same = best["choice"] == base_choice
    total = pb.validate * (1 if same else 2)

    base_t = kept_play(pb, base_choice, pb.validate, fresh, _ticker(progress, "validate", 0, total))
    best_t = base_t if same else kept_play(pb, best["choice"], pb.validate, fresh,
                                           _ticker(progress, "validate", pb.validate, total))
    vb, vx = evaluate(pb, *base_t), evaluate(pb, *best_t)
    moved = others_moved(pb, base_t, best_t) if best_t is not base_t else []
    robust = []
    nb = neighbours(pb, best["choice"])
    for i, (a, v, ch) in enumerate(nb):
        g, s = kept_play(pb, ch, pb.robust, fresh, _ticker(progress, "robust", i * pb.robust, len(nb) * pb.robust))
        r = evaluate(pb, g, s)
        robust.append({"axis": a.text, "value": _json(v), "targets": r, "holds": all(x["holds"] for x in r)})
    levels = []
    n_lv = pb.level_games or pb.robust
    for i, ags in enumerate(pb.levels):  # "check it with another bot level": the same fresh seeds
        other = copy.copy(pb)
        other.agents = ags
        lb = kept_play(other, base_choice, n_lv, fresh, _ticker(progress, "levels", 2 * i * n_lv, 2 * len(pb.levels) * n_lv))
        lx = lb if same else kept_play(other, best["choice"], n_lv, fresh,
                                       _ticker(progress, "levels", (2 * i + 1) * n_lv, 2 * len(pb.levels) * n_lv))
        rx = evaluate(other, *lx)
        levels.append({"agents": ags, "games": n_lv, "base": evaluate(other, *lb), "best": rx,
                       "holds": all(x["holds"] for x in rx)})
    return {
        "levels": levels,
        "game": pb.game, "players": pb.players, "agents": pb.agents, "variants": list(pb.variants),
        "params": {k: _json(v) for k, v in pb.params.items()}, "seed": pb.seed, "fresh_seed": fresh,
        "targets": [asdict(t) for t in pb.targets],
        "axes": [{"text": a.text, "kind": a.kind, "name": a.name, "index": a.index, "base": _json(a.base),
                  "values": [_json(v) for v in a.values]} for a in pb.axes],
        "games_per_trial": pb.games, "trials": [{**t, "choice": {k: _json(v) for k, v in t["choice"].items()}}
                                                for t in trials],
        "best": {"trial": best["trial"], "choice": {k: _json(v) for k, v in best["choice"].items()},
                 "variants": list(bvs), "params": {k: _json(v) for k, v in bps.items()}, "components": bcomp,
                 "search": best["targets"],
                 "changed": [{"axis": a.text, "from": _json(a.base), "to": _json(v)} for a, v in changed(pb, best["choice"])]},
        "validation": {"games": pb.validate, "base": vb, "best": vx, "holds": all(x["holds"] for x in vx),
                       "others": [{k: r[k] for k in ("measure", "a", "b", "diff", "ci", "p_adj", "relative")}
                                  for r in moved]},
        "robustness": {"games": pb.robust, "neighbours": robust,
                       "holds": all(r["holds"] for r in robust) if robust else None},
        "seconds": time.perf_counter() - t0,
    }


def _json(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


# --- words ----------------------------------------------------------------------------------------


def _iv(t: Target, r: dict[str, Any], lang: str) -> str:
    lo, hi = r["ci"]
    if lo is None or (isinstance(lo, float) and math.isnan(lo)):
        return t.fmt(r["value"])
    if lang == "ja":
        return f"{t.fmt(r['value'])}［{t.fmt(lo)}〜{t.fmt(hi)}］"
    return f"{t.fmt(r['value'])} [{t.fmt(lo)}, {t.fmt(hi)}]"


def _targets_of(res: dict[str, Any]) -> list[Target]:
    return [Target(**t) for t in res["targets"]]


def _setting_words(res: dict[str, Any], lang: str) -> str:
    game = res["game"]
    info = game_info(game)
    parts = []
    for c in res["best"]["changed"]:
        ax = next(a for a in res["axes"] if a["text"] == c["axis"])
        a = Axis(ax["text"], ax["kind"], ax["name"], ax["values"], ax["index"], ax["base"])
        to, fr = a.show(c["to"], lang), a.show(c["from"], lang)
        if a.kind == "variant":
            parts.append(f"{a.label(game, lang)}を{'入れる' if c['to'] else '外す'}" if lang == "ja"
                          else f"turn {'on' if c['to'] else 'off'} {a.label(game, lang)}")
        elif a.kind == "item":
            full = list(res["best"]["params"].get(a.name) or [])
            p = info.params.get(a.name)
            rule = (_param_words(game, a.name, lang, p.rule if p is not None else "") if lang == "ja"
                    else f" ({p.rule})" if p is not None and p.rule else "")
            s = (f"{a.name}{rule} を {','.join(map(str, full))} に" if lang == "ja"
                 else f"set {a.name}{rule} to {','.join(map(str, full))}")
            if s not in parts:
                parts.append(s)
        else:
            p = info.params.get(a.name)
            rule = (_param_words(game, a.name, lang, p.rule if p is not None else "") if lang == "ja"
                    else f" ({p.rule})" if p is not None and p.rule else "")
            parts.append(f"{a.name}{rule} を {fr} から {to} に" if lang == "ja" else f"set {a.name}{rule} from {fr} to {to}")
    if not parts:
        return "基本のままで" if lang == "ja" else "keep the base game"
    return "、".join(parts) if lang == "ja" else "; ".join(parts)


def summary_lines(res: dict[str, Any], lang: str) -> list[str]:
    """The result in plain words: the proposal, each target base → proposed on fresh seeds with its
    interval, what else moved, and the robustness check."""
    ja = lang == "ja"
    lines = _proposal_lines(res, lang)
    if not res["best"]["changed"]:
        lines.append(_unchanged_line(res["validation"]["holds"], lang))
    else:
        lines.append(_others_line(res, lang))
    if res["robustness"]["neighbours"]:
        lines.append(_robustness_line(res, lang))
    if res.get("levels"):
        lines.append(_levels_line(res, lang))
    from ..agents.names import bot_label

    lines.append(f"ボット：{'、'.join(bot_label(a, 'ja') for a in res['agents'])}。結果はこのボットたちの遊び方に基づきます。" if ja
                  else f"Bots: {', '.join(res['agents'])}; the figures rest on how these bots play.")
    return lines


def _proposal_lines(res: dict[str, Any], lang: str) -> list[str]:
    """The targets, the proposal with each target base → proposed, and how it was validated."""
    ja = lang == "ja"
    game, P = res["game"], res["players"]
    info = game_info(game)
    ts = _targets_of(res)
    v = res["validation"]
    wants = ("、".join(t.words(game, P, lang) for t in ts) if ja else "; ".join(t.words(game, P, lang) for t in ts))
    effects = []
    for t, a, b in zip(ts, v["base"], v["best"], strict=True):
        ok = ("（目標内）" if b["holds"] else "（目標外）") if ja else (" (meets the target)" if b["holds"] else " (misses the target)")
        effects.append(f"{t.name(game, P, lang)} {_iv(t, a, lang)} → {_iv(t, b, lang)}{ok}")
    sep = "、" if ja else "; "
    return [f"{info.name_ja}：目標 {wants}" if ja else f"{info.name}: target {wants}",
            f"提案：{_setting_words(res, lang)}。{sep.join(effects)}" if ja
            else f"Proposal: {_setting_words(res, lang)}: {sep.join(effects)}",
            f"検証：新しいシード{v['games']}ゲームずつ（基本のゲームと提案を同じシードで、95%区間）" if ja
            else f"Validated on {v['games']} fresh games each (base and proposal on the same seeds; 95% intervals)"]


def _unchanged_line(holds: bool, lang: str) -> str:
    """The search kept the base game: it meets the targets already, or nothing searched did better."""
    if holds:
        return "基本のままで目標を満たしています。" if lang == "ja" else "The base game already meets the targets."
    if lang == "ja":
        return "目標を満たす設定は探索の中で見つかりませんでした。範囲を広げるか、別の項目を探索してください。"
    return "No searched setting did better than the base game; widen the ranges or search other settings."


def _others_line(res: dict[str, Any], lang: str) -> str:
    """The other measures the proposal moved significantly (Holm), the three first."""
    ja = lang == "ja"
    game, P = res["game"], res["players"]
    others = res["validation"]["others"]
    if not others:
        return ("ほかの指標はどれも有意には動きませんでした（Holm補正）。" if ja
                else "Nothing else moved significantly (Holm's correction over every measure).")
    # named measures first (the design-quality ones, win shares, the questions' names), then the
    # game's raw columns (per round, per card), each by size
    top = sorted(others, key=lambda r: measure_label(r["measure"], game, P, "en") == r["measure"])[:3]
    sep = "、" if ja else "; "
    txt = sep.join(f"{measure_label(r['measure'], game, P, lang)} {_num(r['a'], r['measure'])} → "
                   f"{_num(r['b'], r['measure'])}" for r in top)
    more = len(others) - 3
    if ja:
        return f"ほかに有意に動いた指標（Holm補正）：{txt}" + (f" ほか{more}件" if more > 0 else "")
    return f"Other measures that moved significantly (Holm): {txt}" + (f" and {more} more" if more > 0 else "")


def _robustness_line(res: dict[str, Any], lang: str) -> str:
    """The settings one step away from the proposal: in how many the targets still hold, each in turn."""
    ja = lang == "ja"
    game = res["game"]
    ts = _targets_of(res)
    rb = res["robustness"]
    sep = "、" if ja else "; "
    bad = [r for r in rb["neighbours"] if not r["holds"]]
    each = []
    for r in rb["neighbours"]:
        ax = next(a for a in res["axes"] if a["text"] == r["axis"])
        a = Axis(ax["text"], ax["kind"], ax["name"], ax["values"], ax["index"], ax["base"])
        vals = sep.join(_iv(t, x, lang) for t, x in zip(ts, r["targets"], strict=True))
        mark = ("○" if r["holds"] else "×") if ja else ("holds" if r["holds"] else "misses")
        each.append(f"{a.label(game, lang)}={a.show(r['value'], lang)}: {vals} {mark}")
    n = len(rb["neighbours"])
    head = ((f"頑健性：設定を１段ずつ動かした{n}通り（各{rb['games']}ゲーム）のうち{n - len(bad)}通りで目標を満たす") if ja else
            (f"Robustness: the target holds in {n - len(bad)} of {n} settings one step away ({rb['games']} games each)"))
    return head + ("：" if ja else ": ") + sep.join(each)


def _levels_line(res: dict[str, Any], lang: str) -> str:
    """The proposal with other bots on the same fresh seeds: each target base → proposed, met or not."""
    from ..agents.names import bot_label

    ja = lang == "ja"
    game, P = res["game"], res["players"]
    ts = _targets_of(res)
    sep = "、" if ja else "; "
    each = []
    for lv in res["levels"]:
        one = len(set(lv["agents"])) == 1  # one bot for all seats, else each seat's in order
        names = [bot_label(a, lang) if ja else a for a in (lv["agents"][:1] if one else lv["agents"])]
        who = ("・" if ja else ",").join(names)
        vals = sep.join(f"{t.name(game, P, lang)} {_iv(t, a, lang)} → {_iv(t, b, lang)}"
                        for t, a, b in zip(ts, lv["base"], lv["best"], strict=True))
        mark = ("目標内" if lv["holds"] else "目標外") if ja else ("meets" if lv["holds"] else "misses")
        each.append(f"{who}：{vals}（{mark}）" if ja else f"{who}: {vals} ({mark})")
    n = res["levels"][0]["games"]
    head = (f"他のボットでは（同じ新しいシードで各{n}ゲーム）：" if ja
            else f"With other bots (the same fresh seeds, {n} games each): ")
    return head + ("／" if ja else " / ").join(each)


def _num(x: Any, measure: str = "") -> str:
    if x is None:
        return "—"
    if measure.startswith("win_share_"):
        return f"{x:.0%}"
    return f"{x:.2f}" if abs(x) < 10 else f"{x:.1f}"


# the measures of every study (lab/stats.py) that quality.MEASURES does not name
_MORE_NAMES = {"multi_choice_share": ("share of decisions with two or more options", "選択肢が２つ以上あった選択の割合"),
               "drama_depth_rel": ("most points the winner was behind ÷ the winner's score", "勝者が最も離されていた点差÷勝者の得点")}


def measure_label(m: str, game: str, players: int, lang: str) -> str:
    """A study's measure as a reader names it (席1の勝率, "seat 1's win share"; the game's own measures by its
    questions file), its id when it has no name."""
    if m in _MORE_NAMES:
        return _MORE_NAMES[m][1 if lang == "ja" else 0]
    per_round = re.fullmatch(r"(.+)_r(\d+)", m)  # a measure per round (all_weather_r2)
    if per_round:
        base = measure_label(per_round[1], game, players, lang)
        if base != per_round[1]:
            k = per_round[2]
            return f"{base}（{k}ラウンド目）" if lang == "ja" else f"{base} (round {k})"
    for pre, kind in (("win_share_pos_", "position"), ("win_share_seat_", "seat")):  # counted from 0 in the tables
        if m.startswith(pre):
            return subject_name(f"{kind}:{int(m[len(pre):]) + 1}", game, players, lang)
    if m.startswith("win_share_"):
        from .report import bot_label  # a line-up's bot: its share of the wins

        bot = bot_label(m[len("win_share_"):], lang)
        return f"{bot}ボットの勝率" if lang == "ja" else f"{bot} bots' win share"
    return subject_name(m, game, players, lang)


def _choice_words(res: dict[str, Any], choice: dict[str, Any], lang: str) -> str:
    """A searched setting as a reader says it: each setting's name and value (LS-V1 (weather double)=off,
    weather_bonus=2), not the --search text it came from."""
    parts = []
    for ax in res["axes"]:
        if ax["text"] not in choice:
            continue
        a = Axis(ax["text"], ax["kind"], ax["name"], ax["values"], ax["index"], ax["base"])
        parts.append(f"{a.label(res['game'], lang)}={a.show(choice[ax['text']], lang)}")
    return "、".join(parts) if lang == "ja" else ", ".join(parts)


REPORT_FILES = ("balance.json", "balance-en.html", "balance-ja.html")


def _settings_of(res: dict[str, Any]) -> str:
    """What makes two runs' reports the same run's (the sizes of validation and robustness aside)."""
    keep = ("game", "players", "agents", "variants", "params", "seed", "games_per_trial")
    d = {k: res.get(k) for k in keep}
    d["targets"] = [t.get("text") for t in res.get("targets", [])]
    d["axes"] = [a.get("text") for a in res.get("axes", [])]
    return hashlib.sha1(json.dumps(d, sort_keys=True, default=str).encode()).hexdigest()[:10]


def keep_earlier(res: dict[str, Any], out: Path) -> Path | None:
    """A report of a run with other settings already in `out` moves to `out/earlier-<its settings>/`
    (nothing is lost when a folder is reused); the folder it went to, or None."""
    old = out / "balance.json"
    if not old.is_file():
        return None
    try:
        prev = json.loads(old.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        prev = {}
    sig = _settings_of(prev) if isinstance(prev, dict) and prev.get("game") else "unreadable"
    if isinstance(prev, dict) and prev.get("game") and sig == _settings_of(res):
        return None  # the same run, resumed or grown: its report is brought up to date
    dest = out / f"earlier-{sig}"
    dest.mkdir(parents=True, exist_ok=True)
    for name in REPORT_FILES:
        if (out / name).is_file():
            (out / name).replace(dest / name)
    return dest


def write(res: dict[str, Any], out: Path) -> list[Path]:
    """balance.json and the report in both languages (balance-en.html, balance-ja.html)."""
    import html

    out.mkdir(parents=True, exist_ok=True)
    files = [out / "balance.json"]
    files[0].write_text(json.dumps(res, indent=2, ensure_ascii=False, default=str), encoding="utf-8")
    P = res["players"]
    ts = _targets_of(res)
    for lang in ("en", "ja"):
        ja = lang == "ja"
        rows = []
        for k, tr in enumerate(res["trials"], 1):  # numbered from 1 for the reader (balance.json keeps Optuna's)
            setting = _choice_words(res, tr["choice"], lang)
            vals = "".join(f"<td>{html.escape(t.fmt(r['value']))}{'' if r['holds'] else ' ✗'}</td>"
                           for t, r in zip(ts, tr["targets"], strict=True))
            rows.append(f"<tr><td>{k}</td><td style='text-align:left'>{html.escape(setting)}</td>{vals}</tr>")
        head = "".join(f"<th>{html.escape(t.name(res['game'], P, lang))}</th>" for t in ts)
        title = "バランス調整の提案" if ja else "Balance proposal"
        doc = (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>"
               "<style>body{font-family:sans-serif;max-width:960px;margin:2em auto;}table{border-collapse:collapse}"
               "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}</style></head><body>"
               f"<h1>{title}</h1><ul id='summary'>"
               + "".join(f"<li>{html.escape(x)}</li>" for x in summary_lines(res, lang)) + "</ul>"
               f"<h2>{'探索した設定（探索用シード、各' if ja else 'Settings searched (search seeds, '}"
               f"{res['games_per_trial']}{'ゲーム）' if ja else ' games each)'}</h2>"
               f"<table><tr><th>#</th><th>{'設定' if ja else 'setting'}</th>{head}</tr>{''.join(rows)}</table>"
               "</body></html>")
        f = out / f"balance-{lang}.html"
        f.write_text(doc, encoding="utf-8")
        files.append(f)
    return files


def grid_choices(pb: Problem) -> list[dict[str, Any]]:
    """Every choice of the search space (small spaces; tests and a full grid)."""
    return [dict(zip([a.text for a in pb.axes], c, strict=True)) for c in itertools.product(*[a.values for a in pb.axes])]


# --- answers that propose a fix (`soan ask --fix`) --------------------------------------------------


def is_problem(ans: dict[str, Any]) -> bool:
    """Whether an answer of `soan ask` (lab/ask.py) says "this is a problem" with its leading bot level
    (`lead`, the competent level; the first level when an answer names none): a turn position or seat
    off chance significantly (seats), a card flagged (cards, dealt), or the draft's proposed change not
    helping (compare: no clear improvement in any setting). A level or words question states figures
    or words, never a problem."""
    by = ans.get("by_bot") or {}
    if not by:
        return False
    lead = ans.get("lead")
    rows = (by[lead] if lead in by else next(iter(by.values()))).get("rows") or []
    kind = ans.get("kind")
    if kind == "seats":
        return any(r.get("significant") for r in rows)
    if kind in ("cards", "dealt"):
        return any(r.get("flag") for r in rows)
    if kind == "compare":
        return bool(rows) and not any(r.get("effect") == "better" for r in rows)
    return False


FIX_FLOORS = {"games": 40, "validate": 100, "robust": 50}  # a fix sized down by a budget keeps at least these


def fix_sizes(fx: dict[str, Any], budget_s: float | None, price: float | None) -> dict[str, Any]:
    """The sizes a fix block's search runs at (its own, or scaled down alike so that the expected time fits
    `budget_s`, none below FIX_FLOORS) and the expected seconds, from `price` (seconds a game on the jobs
    used, the ask's own price of the lead level; None: not known). The search is also stopped by the
    clock at the budget (its trials), so the estimate is a guide, not the bound."""
    sizes = {"games": int(fx.get("games", 200)), "trials": int(fx.get("trials", 12)),
             "validate": int(fx.get("validate", 800)), "robust": int(fx.get("robust", 400))}
    neighbours = 2 * max(1, len(fx.get("search") or []))  # one step down and up of each searched setting

    def games(s: dict[str, int]) -> int:
        return s["trials"] * s["games"] + 2 * s["validate"] + neighbours * s["robust"]

    limit = min(x for x in (budget_s, float(fx["budget"]) if fx.get("budget") else None) if x) \
        if budget_s or fx.get("budget") else None
    scaled = False
    if price and limit and games(sizes) * price > limit:
        f = limit / (games(sizes) * price)
        for k, floor in FIX_FLOORS.items():
            sizes[k] = max(min(floor, sizes[k]), int(sizes[k] * f))
        scaled = True
    return {**sizes, "budget_s": limit, "scaled": scaled, "games_total": games(sizes),
            "expected_s": games(sizes) * price if price else None}


def fix_problem(game: str, ans: dict[str, Any], out: Path, jobs: int = 1,
                progress: Callable[[str, int, int], None] | None = None, budget_s: float | None = None,
                price: float | None = None) -> dict[str, Any] | None:
    """The question's `fix` block (questions.yaml: `targets`, `search`, optional `agents`, `players`,
    `variants`, `params`, `games`, `trials`, `validate`, `robust`, `budget` in seconds) run as a balance
    search into `out`, when the answer says the problem is there; None otherwise. `budget_s`: the ask's
    budget, which sizes the search too (`fix_sizes`, from `price`)."""
    fx = ans.get("q", {}).get("fix")
    if not fx or not is_problem(ans):
        return None
    size = fix_sizes(fx, budget_s, price)
    from ..agents import parse_agents

    where = f"question {ans.get('id')!r}: fix"
    if not isinstance(fx, dict) or not fx.get("targets") or not fx.get("search"):
        raise _err(f"{where} needs 'targets' and 'search' (lists, as soan balance takes them)",
                   f"問い {ans.get('id')!r} の fix には targets と search（soan balance と同じ書き方のリスト）が要ります")
    info, P, vs, ps = check_config(game, fx.get("players"), fx.get("variants") or [], fx.get("params") or {})
    ags = parse_agents(str(fx.get("agents", "normal")), P)
    axes = [parse_axis(s, info.id, P, vs, ps) for s in fx["search"]]
    pb = Problem(info.id, P, ags, vs, ps, [], axes, size["games"], size["trials"], size["validate"], size["robust"],
                 int(fx.get("seed", 0)), jobs, size["budget_s"], out)
    known = known_measures(pb)
    pb.targets = [parse_target(t, P, known) for t in fx["targets"]]
    res = run(pb, progress)
    keep_earlier(res, out)
    files = write(res, out)
    sized = {**fx, **{k: size[k] for k in ("games", "trials", "validate", "robust")}} if size["scaled"] else fx
    return {"folder": str(out), "files": [str(f) for f in files], "holds": res["validation"]["holds"],
            "robust": res["robustness"]["holds"], "lines": {lg: summary_lines(res, lg) for lg in ("en", "ja")},
            "command": command_for(info.id, sized), "sizes": size}


def command_for(game: str, fx: dict[str, Any]) -> str:
    """The `soan balance` command a fix block stands for (shown with the proposal)."""
    import shlex

    parts = ["soan", "balance", game, "--agents", str(fx.get("agents", "normal"))]
    for t in fx.get("targets") or []:
        parts += ["-t", t]
    for s in fx.get("search") or []:
        parts += ["-s", s]
    for k in ("games", "trials", "validate", "robust"):
        if k in fx:
            parts += [f"--{k}", str(fx[k])]
    return " ".join(shlex.quote(p) for p in parts)


def fix_lines(game: str, ans: dict[str, Any], lang: str) -> list[str]:
    """What an ask answer adds about a fix: the proposal of its balance run (`soan ask --fix`), or, for
    a problem whose question has a `fix` block, the command that searches for one."""
    ja = lang == "ja"
    fx = ans.get("fix")
    if fx:
        return [("解決の目安（soan balance）：" if ja else "What would fix it (soan balance): ") + fx["lines"][lang][1],
                *fx["lines"][lang][2:]]
    if is_problem(ans) and ans.get("q", {}).get("fix"):
        cmd = f"soan ask {game} {ans['id']} --fix"
        return [f"直す設定を探すには：{cmd}" if ja else f"To search for a setting that fixes it: {cmd}"]
    return []


def fix_html(game: str, ans: dict[str, Any], lang: str, folder: Path) -> str:
    """`fix_lines` for the ask report, with a link to the balance run's own report."""
    import html
    import os

    ls = fix_lines(game, ans, lang)
    if not ls:
        return ""
    link = ""
    fx = ans.get("fix")
    if fx:
        target = Path(fx["folder"]) / f"balance-{lang}.html"
        rel = os.path.relpath(target, folder)
        link = f" <a href='{html.escape(rel)}'>{'詳しい結果' if lang == 'ja' else 'the full result'}</a>"
    return ("<div class='fix'><ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in ls) + "</ul>" + link + "</div>")

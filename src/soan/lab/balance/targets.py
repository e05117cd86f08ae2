"""Targets stated in words (`start-player=25±3`, `length at most 120`): parsed, named, checked."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from ...core.errors import ConfigError, SoanError
from ...core.game import game_info

FRESH = 1_000_003  # validation seeds: the search seed plus this (as `soan tune`)
SEED_MAX = 2**32 - 1  # the search's seed also seeds Optuna's sampler, which takes 0 .. 2**32 - 1


class BalanceError(SoanError):
    pass


def config_error(en: str, ja: str) -> ConfigError:
    return ConfigError(en, ja=ja)


# --- targets --------------------------------------------------------------------------------------

NUMBER = r"[-+]?\d+(?:\.\d+)?"
_TARGET = re.compile(
    r"^\s*(?P<subj>[A-Za-z_][\w:\-]*)\s*(?:"
    r"(?:=|==|within|以内)\s*(?P<center>chance|" + NUMBER + r")\s*(?P<cpct>%?)\s*(?:±|\+-|\+/-)\s*(?P<tol>" + NUMBER + r")\s*(?P<tpct>%?)"
    r"(?:\s*(?:points?|pts?|ポイント))?"
    r"|(?P<op>>=|≥|at\s+least|以上|<=|≤|at\s+most|以下)\s*(?P<bound>chance|" + NUMBER + r")\s*(?P<bpct>%?)"
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
        f: Callable[[float], str] = (lambda x: f"{x * 100:g}%") if self.share else (lambda x: f"{x:g}")
        ft: Callable[[float], str] = (lambda x: f"{x * 100:g}") if self.share else (lambda x: f"{x:g}")
        if lang == "ja":
            if self.op == "within":
                return f"{n}を {f(self.value)}±{ft(self.tol)}{'ポイント' if self.share else ''} に"
            return f"{n}を {f(self.value)} {'以上' if self.op == 'atleast' else '以下'}に"
        if self.op == "within":
            return f"{n} within {f(self.value)} ± {ft(self.tol)}{' points' if self.share else ''}"
        return f"{n} {'at least' if self.op == 'atleast' else 'at most'} {f(self.value)}"


def subject_name(subject: str, game: str, players: int, lang: str) -> str:
    from ...core.words import seat_name
    from ..seatadv import position_name

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
    from ..quality import MEASURES

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
            from ..ask import load_questions

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
        raise config_error("a target is text such as start-player=25±3", "目標は start-player=25±3 のように書きます")
    m = _TARGET.match(text.replace("％", "%").replace("＝", "=").replace("：", ":"))
    if not m:
        raise config_error(f"cannot read the target {text!r}: write SUBJECT=VALUE±TOLERANCE, SUBJECT>=VALUE or "
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
            raise config_error("win-when: needs a seat measure, e.g. win-when:dealt_harvest",
                       "win-when: の後に席ごとの指標を書きます（例：win-when:dealt_harvest）")
        measure, share = f"win-when:{arg}", True
        if known is not None and f"m_{arg}" not in known:
            raise config_error(f"no seat measure {arg!r} in this game; e.g. {_some(known, 'm_')}",
                       f"席ごとの指標 {arg!r} はこのゲームにありません。例：{_some(known, 'm_')}")
    else:
        if kind:
            raise config_error(f"unknown target subject {subj!r}: use start-player, position:K, seat:K, win-when:MEASURE "
                       "or a measure's name", f"目標の対象 {subj!r} は使えません。start-player、position:K、seat:K、"
                       "win-when:指標、または指標の名前を書きます")
        measure, share = subj, False
        if known is not None and subj not in known:
            near = _near(subj, known)
            raise config_error(f"no measure {subj!r} in this game{f'; did you mean {near!r}?' if near else ''} A target "
                       f"names start-player, position:K, seat:K, win-when:MEASURE or a measure, e.g. "
                       f"{_some(known, '')}",
                       f"指標 {subj!r} はこのゲームにありません。{f'{near!r} のことですか？' if near else ''}"
                       f"目標の対象は start-player、position:K、seat:K、win-when:指標、または指標の名前（例：{_some(known, '')}）です")

    def num(s: str, pct: str) -> float:
        if s.lower() == "chance":
            if not share:
                raise config_error(f"'chance' is a win share's value; {subj!r} is not a win share",
                           f"chance（期待値）は勝率にだけ使えます。{subj!r} は勝率ではありません")
            return chance
        x = float(s)
        return x / 100 if share or pct else x

    if m["center"] is not None:
        c, tol = num(m["center"], m["cpct"]), num(m["tol"], m["tpct"])
        if tol <= 0:
            raise config_error(f"the tolerance in {text!r} must be above 0", f"{text!r} の幅は0より大きくします")
        return Target(text, subj, measure, "within", c, tol, share)
    op = m["op"].lower().replace(" ", "")
    return Target(text, subj, measure, "atleast" if op in (">=", "≥", "atleast", "以上") else "atmost",
                  num(m["bound"], m["bpct"]), 0.0, share)


def _index(arg: str, players: int, kind: str) -> int:
    if not arg.isdigit() or not 1 <= int(arg) <= players:
        raise config_error(f"{kind}:K counts from 1 to {players} (the players), got {kind}:{arg}",
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

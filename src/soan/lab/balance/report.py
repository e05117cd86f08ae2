"""A balance result in words and files: the proposal, what it leaves alone, robustness, other bot levels."""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.game import game_info
from .axes import Axis, param_words
from .targets import Target, subject_name


def _iv(t: Target, r: Mapping[str, Any], lang: str) -> str:
    lo, hi = r["ci"]
    if lo is None or (isinstance(lo, float) and math.isnan(lo)):
        return t.fmt(r["value"])
    if lang == "ja":
        return f"{t.fmt(r['value'])}［{t.fmt(lo)}〜{t.fmt(hi)}］"
    return f"{t.fmt(r['value'])} [{t.fmt(lo)}, {t.fmt(hi)}]"


def targets_of(res: Mapping[str, Any]) -> list[Target]:
    return [Target(**t) for t in res["targets"]]


def setting_words(res: Mapping[str, Any], lang: str) -> str:
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
            rule = (param_words(game, a.name, lang, p.rule if p is not None else "") if lang == "ja"
                    else f" ({p.rule})" if p is not None and p.rule else "")
            s = (f"{a.name}{rule} を {','.join(map(str, full))} に" if lang == "ja"
                 else f"set {a.name}{rule} to {','.join(map(str, full))}")
            if s not in parts:
                parts.append(s)
        else:
            p = info.params.get(a.name)
            rule = (param_words(game, a.name, lang, p.rule if p is not None else "") if lang == "ja"
                    else f" ({p.rule})" if p is not None and p.rule else "")
            parts.append(f"{a.name}{rule} を {fr} から {to} に" if lang == "ja" else f"set {a.name}{rule} from {fr} to {to}")
    if not parts:
        return "基本のままで" if lang == "ja" else "keep the base game"
    return "、".join(parts) if lang == "ja" else "; ".join(parts)


def summary_lines(res: Mapping[str, Any], lang: str) -> list[str]:
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
    from ...agents.names import bot_label

    lines.append(f"ボット：{'、'.join(bot_label(a, 'ja') for a in res['agents'])}。結果はこのボットたちの遊び方に基づきます。" if ja
                  else f"Bots: {', '.join(res['agents'])}; the figures rest on how these bots play.")
    return lines


def _proposal_lines(res: Mapping[str, Any], lang: str) -> list[str]:
    """The targets, the proposal with each target base → proposed, and how it was validated."""
    ja = lang == "ja"
    game, P = res["game"], res["players"]
    info = game_info(game)
    ts = targets_of(res)
    v = res["validation"]
    wants = ("、".join(t.words(game, P, lang) for t in ts) if ja else "; ".join(t.words(game, P, lang) for t in ts))
    effects = []
    for t, a, b in zip(ts, v["base"], v["best"], strict=True):
        ok = ("（目標内）" if b["holds"] else "（目標外）") if ja else (" (meets the target)" if b["holds"] else " (misses the target)")
        effects.append(f"{t.name(game, P, lang)} {_iv(t, a, lang)} → {_iv(t, b, lang)}{ok}")
    sep = "、" if ja else "; "
    return [f"{info.name_ja}：目標 {wants}" if ja else f"{info.name}: target {wants}",
            f"提案：{setting_words(res, lang)}。{sep.join(effects)}" if ja
            else f"Proposal: {setting_words(res, lang)}: {sep.join(effects)}",
            f"検証：新しいシード{v['games']}ゲームずつ（基本のゲームと提案を同じシードで、95%区間）" if ja
            else f"Validated on {v['games']} fresh games each (base and proposal on the same seeds; 95% intervals)"]


def _unchanged_line(holds: bool, lang: str) -> str:
    """The search kept the base game: it meets the targets already, or nothing searched did better."""
    if holds:
        return "基本のままで目標を満たしています。" if lang == "ja" else "The base game already meets the targets."
    if lang == "ja":
        return "目標を満たす設定は探索の中で見つかりませんでした。範囲を広げるか、別の項目を探索してください。"
    return "No searched setting did better than the base game; widen the ranges or search other settings."


def _others_line(res: Mapping[str, Any], lang: str) -> str:
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


def _robustness_line(res: Mapping[str, Any], lang: str) -> str:
    """The settings one step away from the proposal: in how many the targets still hold, each in turn."""
    ja = lang == "ja"
    game = res["game"]
    ts = targets_of(res)
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


def _levels_line(res: Mapping[str, Any], lang: str) -> str:
    """The proposal with other bots on the same fresh seeds: each target base → proposed, met or not."""
    from ...agents.names import bot_label

    ja = lang == "ja"
    game, P = res["game"], res["players"]
    ts = targets_of(res)
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
        from ...agents.names import bot_label  # a line-up's bot: its share of the wins

        bot = bot_label(m[len("win_share_"):], lang)
        return f"{bot}ボットの勝率" if lang == "ja" else f"{bot} bots' win share"
    return subject_name(m, game, players, lang)


def _choice_words(res: Mapping[str, Any], choice: dict[str, Any], lang: str) -> str:
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


def _settings_of(res: Mapping[str, Any]) -> str:
    """What makes two runs' reports the same run's (the sizes of validation and robustness aside)."""
    keep = ("game", "players", "agents", "variants", "params", "seed", "games_per_trial")
    d = {k: res.get(k) for k in keep}
    d["targets"] = [t.get("text") for t in res.get("targets", [])]
    d["axes"] = [a.get("text") for a in res.get("axes", [])]
    return hashlib.sha1(json.dumps(d, sort_keys=True, default=str).encode()).hexdigest()[:10]


def keep_earlier(res: Mapping[str, Any], out: Path) -> Path | None:
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


def write(res: Mapping[str, Any], out: Path) -> list[Path]:
    """balance.json and the report in both languages (balance-en.html, balance-ja.html)."""
    import html

    out.mkdir(parents=True, exist_ok=True)
    files = [out / "balance.json"]
    files[0].write_text(json.dumps(res, indent=2, ensure_ascii=False, default=str), encoding="utf-8")
    P = res["players"]
    ts = targets_of(res)
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

"""`soan report DIR`: one self-contained HTML file with plots (PNG inlined), in English or Japanese."""

from __future__ import annotations

import base64
import html
import io
import math
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..agents.names import bot_label
from ..core import words
from ..core.game import game_info
from ..core.hooks import StudyData
from .seatadv import no_order_line, position_lines, seat_lines
from .stats import Columns, agent_shares, column, mean_ci, position_shares, seat_shares
from .study import load

if TYPE_CHECKING:
    import pyarrow as pa
    from matplotlib.figure import Figure

    from .stats import Floats

L = words.pairs("report")  # core/words/*.toml


def t(key: str, lang: str) -> str:
    en, ja = L[key]
    return ja if lang == "ja" else en


def fig_html(fig: Figure) -> str:
    """The figure as an inline PNG, its alt text the figure's titles (the report's language) for a reader who
    cannot see it."""
    import html as _html

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    import matplotlib.pyplot as plt

    sup = getattr(fig, "_suptitle", None)
    titles = [t for t in [sup.get_text() if sup is not None else "", *(ax.get_title() for ax in fig.axes)] if t]
    if not titles:  # no title: what its axes measure
        titles = [t for ax in fig.axes for t in (ax.get_ylabel(), ax.get_xlabel()) if t]
    plt.close(fig)
    text = " / ".join(dict.fromkeys(t.replace("-\n", "-").replace("\n", " ") for t in titles))
    alt = _html.escape(text or "—", quote=True)
    return f'<img alt="{alt}" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}"/>'


def pyplot(lang: str) -> ModuleType:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if lang == "ja":
        import matplotlib_fontja  # noqa: F401  (ships IPAexGothic; no network)
    return plt


def summary_lines(settings: dict[str, Any], games: pa.Table, seats: pa.Table, lang: str) -> list[str]:
    P = settings["players"]
    pos = position_shares(seats, P)
    lines = position_lines(pos, P, lang) if pos else [no_order_line(lang)]
    lines += seat_lines(seat_shares(seats, P), P, lang)
    ag = agent_shares(seats)
    if len(ag) > 1:
        for a in ag:
            lines.append(t("agent_line", lang).format(a=bot_label(a["agent"], lang), w=a["win_share"], lo=a["ci"][0], hi=a["ci"][1],
                                                      r=a["mean_rank"]))

    def m(k: str) -> float:
        x = column(games, k) if k in games.column_names else np.array([])
        x = x[~np.isnan(x)]
        return float(x.mean()) if len(x) else math.nan

    lines.append(t("length_line", lang).format(m=m("length"), multi=m("multi_choice_share"), opt=m("mean_options"),
                                               lc=m("lead_changes"), gap=m("gap12")))
    return lines


def write_report(out: str | Path, lang: str = "en", name: str = "report.html", bots: str | Path | None = None) -> Path:
    """The report; `bots` names the bot study of the same settings an imported study of people's games
    is set against (lab/people.py; found next to the study when not given)."""
    from .people import has_people, panel

    settings, games, seats = load(out)
    plt = pyplot(lang)
    P = settings["players"]
    parts: list[str] = []
    lines = summary_lines(settings, games, seats, lang)
    parts.append(f"<h2>{t('summary', lang)}</h2><ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ul>")
    parts += quality_section(settings, games, lang)
    links, notable_html = replay_links(out, games, lang, every=has_people(seats))
    parts += notable_html
    parts += panel(out, settings, seats, lang, bots, links)
    # win share by turn position, then by seat index
    parts.append(f"<h2>{t('seat_adv', lang)}</h2>")
    pos = position_shares(seats, P)
    if pos:
        parts.append(_share_chart(plt, pos, P, lang, "turn_pos", t("position", lang), t("winshare_pos", lang)))
    parts.append(_share_chart(plt, seat_shares(seats, P), P, lang, "seat", t("seat", lang), t("winshare", lang)))
    # score distributions
    fig, ax = plt.subplots(figsize=(5, 3))
    seat = column(seats, "seat")
    sc = column(seats, "score")
    ax.boxplot([sc[seat == i] for i in range(P)], tick_labels=[str(i + 1) for i in range(P)])
    ax.set_xlabel(t("seat", lang))
    ax.set_ylabel(t("score", lang))
    ax.set_title(t("scores", lang))
    parts.append(fig_html(fig))
    for key, title in (("gap12", "gap"), ("length", "length"), ("lead_changes", "lead")):
        x = column(games, key)
        x = x[~np.isnan(x)]
        if len(x):
            fig, ax = plt.subplots(figsize=(5, 3))
            ax.hist(x, bins=int_bins(x), color="#72b7b2")
            ax.set_title(t(title, lang))
            ax.set_xlabel(t(title, lang))
            ax.set_ylabel(t("games", lang))
            parts.append(fig_html(fig))
    multi = mean_ci(column(games, "multi_choice_share"))[0]
    opt = mean_ci(column(games, "mean_options"))[0]
    parts.append(f"<h3>{t('options', lang)}</h3><p>{multi:.1%} · {opt:.2f}</p>")
    parts += _card_panel(settings, seats, lang, plt)
    parts += _game_panels(settings, games, seats, lang, plt)
    ag = agent_shares(seats)
    rows = "".join(f"<tr><td>{html.escape(bot_label(a['agent'], lang))}</td><td>{a['games']}</td><td>{a['win_share']:.1%}</td>"
                   f"<td>{a['ci'][0]:.1%}–{a['ci'][1]:.1%}</td><td>{a['mean_score']:.2f}</td>"
                   f"<td>{a['mean_rank']:.2f}</td></tr>" for a in ag)
    parts.append(f"<h3>{t('agents', lang)}</h3><table><tr><th>{t('agent', lang)}</th><th>{t('seat_games', lang)}</th>"
                 f"<th>{t('share', lang)}</th><th>{t('interval', lang)}</th><th>{t('mean_score', lang)}</th>"
                 f"<th>{t('mean_rank', lang)}</th></tr>{rows}</table>")
    parts.append(f"<h3>{t('settings', lang)}</h3>{settings_table(settings, lang)}")
    doc = (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{t('title', lang)}</title>"
           "<style>body{font-family:sans-serif;max-width:960px;margin:2em auto;}img{margin:4px;}"
           "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}</style>"
           f"</head><body><h1>{t('title', lang)}: {html.escape(_game_title(settings['game'], lang))} "
           f"({settings['n']} × {P})</h1>{''.join(parts)}</body></html>")
    path = Path(out) / name
    path.write_text(doc, encoding="utf-8")
    return path


def quality_section(settings: dict[str, Any], games: pa.Table, lang: str) -> list[str]:
    """The design-quality measures (lab/quality.py, docs/balance.md), each with its 95% interval and
    reference, and the skill depth of a study whose line-up holds several bots."""
    from .quality import line
    from .quality_summary import depth_line, study_skill_depth, summary

    rows = summary(games)
    depth = study_skill_depth(settings, games)
    if not rows and depth is None:
        return []
    items = [f"<li data-measure='{r['measure']}'>{html.escape(line(r, lang))} "
             f"<small>（{html.escape(r['reference']['ja'])}）</small></li>" if lang == "ja" else
             f"<li data-measure='{r['measure']}'>{html.escape(line(r, lang))} "
             f"<small>({html.escape(r['reference']['en'])})</small></li>" for r in rows]
    if depth is not None:
        items.append(f"<li data-measure='skill_depth'>{html.escape(depth_line(depth, lang, lambda a: bot_label(a, lang)))}</li>")
    return [f"<h2 id='quality'>{t('quality', lang)}</h2><p>{html.escape(t('quality_how', lang))}</p><ul>"
            + "".join(items) + "</ul>"]


def replay_links(out: str | Path, games: pa.Table, lang: str,
                 every: bool = False) -> tuple[dict[int, str], list[str]]:
    """Write the replay files (DIR/replays/game-<index>.html) of the notable games (and, with `every`, of
    every kept game up to 100, for an imported study's people's games); their links by game index and the
    report's section on them."""
    from .notable import choose, kept, record_path
    from .replay_page import write_replay

    have = kept(out)
    parts = [f"<h2 id='notable'>{t('notable', lang)}</h2>"]
    notable = choose(games, have) if have else []
    if not notable:
        return {}, parts + [f"<p>{t('no_notable', lang)}</p>"]
    todo: dict[int, dict[str, Any] | None] = {n["index"]: n for n in notable}
    if every:
        todo.update({i: None for i in sorted(have)[:100] if i not in todo})
    links: dict[int, str] = {}
    for i, n in todo.items():
        rec, page = record_path(out, i), Path(out) / "replays" / f"game-{i:06d}.html"
        if not page.exists() or page.stat().st_mtime < rec.stat().st_mtime:
            title = ({lg: f"{t(n['kind'], lg)}: " + _notable_line(n, lg) for lg in ("en", "ja")} if n else
                     {lg: f"#{i + 1}" for lg in ("en", "ja")})
            write_replay(rec, page, title)
        links[i] = f"replays/{page.name}"
    parts.append(f"<p>{html.escape(t('notable_how', lang).format(k=len(have)))}</p><ul id='notable-games'>")
    for n in notable:
        parts.append(f"<li data-kind='{n['kind']}'><b>{t(n['kind'], lang)}</b>: {html.escape(_notable_line(n, lang))} — "
                     f"<a href='{links[n['index']]}'>{t('open_replay', lang)}</a></li>")
    return links, parts + ["</ul>"]


def _notable_line(n: dict[str, Any], lang: str) -> str:
    return t("notable_line", lang).format(i=n["index"] + 1, seed=n["seed"], gap=n["gap"], n=n["length"],
                                          sc=", ".join(str(x) for x in n["scores"]))


def int_bins(x: Floats, most: int = 40) -> NDArray[np.floating[Any]]:
    """Histogram bins for counts: edges at half-integers, so every bar is whole numbers, centred."""
    lo, hi = math.floor(float(np.nanmin(x))), math.ceil(float(np.nanmax(x)))
    step = max(1, math.ceil((hi - lo + 1) / most))
    return np.arange(lo, hi + step + 1, step) - 0.5


def _share_chart(plt: ModuleType, rows: list[dict[str, Any]], P: int, lang: str, key: str, xlabel: str,
                 title: str) -> str:
    fig, ax = plt.subplots(figsize=(5, 3))
    w = [r["win_share"] for r in rows]
    err = [[max(0.0, r["win_share"] - r["ci"][0]) for r in rows], [max(0.0, r["ci"][1] - r["win_share"]) for r in rows]]
    labels = [str(r[key] + 1) for r in rows]
    ax.bar(labels, w, yerr=np.nan_to_num(err), capsize=4, color="#4c78a8")
    ax.axhline(1 / P, color="#e45756", ls="--", label=t("chance", lang))
    ax.set_ylim(0, max(0.5, max(r["ci"][1] for r in rows if r["ci"][1] == r["ci"][1]) + 0.05))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(t("share", lang))
    ax.set_title(title)
    ax.legend()
    return fig_html(fig)


SETTING_NAMES = {"game": ("game", "ゲーム"), "n": ("games", "ゲーム数"), "players": ("players", "人数"),
                 "agents": ("bots per seat (rotated)", "ボット（席を巡回）"), "seed": ("seed", "シード"),
                 "variants": ("variants", "バリアント"), "params": ("parameters", "パラメータ"),
                 "components": ("component file", "コンポーネントファイル"),
                 "components_hash": ("components hash", "コンポーネントのハッシュ"), "chunk": ("chunk", "分割単位"),
                 "version": ("soan version", "soanのバージョン"),
                 "records": ("records kept (first games)", "記録を残したゲーム（先頭から）")}


def variant_label(game: str, v: str, lang: str) -> str:
    """A variant as a reader sees it: its rule ID and meaning in Japanese (AD-V7（…）), its rule ID and name in
    words in English (AD-V7 (set weight); the name `--variant` takes is `set-weight`)."""
    var = game_info(game).variants.get(v)
    if var is None:
        return v
    if lang == "ja":
        return f"{var.rule}（{var.doc_ja or var.doc}）"
    return f"{var.rule} ({v.replace('-', ' ')})" if var.rule else v


def _ja_value(game: str, k: str, v: Any) -> Any:
    """A setting's value in Japanese: the game's name, bots, variants by rule ID and meaning, parameters
    by their Japanese text, yes/no for true/false."""
    info = game_info(game)
    if k == "game":
        return info.name_ja or info.name
    if k == "agents" and isinstance(v, list):
        return "、".join(bot_label(a, "ja") for a in v) or "なし"
    if k == "variants" and isinstance(v, list):
        return "、".join(variant_label(game, x, "ja") for x in v) or "なし"
    if k == "params" and isinstance(v, dict):
        def one(a: str, b: Any) -> str:
            p = info.params.get(a)
            nm = (p.doc_ja or a) if p is not None else a
            val = ("はい" if b else "いいえ") if isinstance(b, bool) else ("未指定" if b is None else b)
            return f"{nm}：{val}"
        return "、".join(one(a, b) for a, b in v.items()) or "なし"
    if isinstance(v, bool):
        return "はい" if v else "いいえ"
    return v


def _game_title(game: str, lang: str) -> str:
    info = game_info(game)
    return (info.name_ja or info.name) if lang == "ja" else info.name


def settings_table(settings: dict[str, Any], lang: str) -> str:
    rows = []
    for k, v in settings.items():
        if k in ("imported", "feedback"):
            continue
        name = SETTING_NAMES.get(k, (k, k))[1 if lang == "ja" else 0]
        if lang == "ja" and "game" in settings:
            v = _ja_value(settings["game"], k, v)
        if isinstance(v, list):
            v = ", ".join(map(str, v)) or ("なし" if lang == "ja" else "none")
        elif isinstance(v, dict):
            v = ", ".join(f"{a}={b}" for a, b in v.items()) or ("なし" if lang == "ja" else "none")
        elif v is None:
            v = "—"
        rows.append(f"<tr><th style='text-align:left'>{html.escape(name)}</th>"
                    f"<td style='text-align:left'>{html.escape(str(v))}</td></tr>")
    return f"<table>{''.join(rows)}</table>"


def _card_panel(settings: dict[str, Any], seats: pa.Table, lang: str, plt: ModuleType) -> list[str]:
    """Item 4: per card, use rate, win share when played (95% interval, one value per game), held to the
    end; cards whose win share differs from chance after Holm's correction are named in words."""
    from .stats import card_rows

    P = settings["players"]
    rows = card_rows(seats, P, "played_", "held_")
    if not rows:
        return []
    name_of = game_info(settings["game"]).hooks.card_name
    names = [name_of(r["card"], lang) if name_of else r["card"] for r in rows]
    has_held = any(r.get("kept") is not None for r in rows)
    fig, axes = plt.subplots(1, 3 if has_held else 2, figsize=(12 if has_held else 9, 0.8 + 0.3 * len(rows)),
                             sharey=True)
    axes[0].barh(names, [r["use"] for r in rows], color="#4c78a8")
    axes[0].set_title(t("played", lang))
    axes[0].set_xlabel(t("use_rate", lang))
    axes[0].set_xlim(0, 1)
    w = [r["win_share"] for r in rows]
    axes[1].errorbar(w, range(len(rows)), xerr=[[max(0.0, r["win_share"] - r["ci"][0]) for r in rows],
                                                [max(0.0, r["ci"][1] - r["win_share"]) for r in rows]],
                     fmt="o", color="#f58518", capsize=3)
    axes[1].axvline(1 / P, color="#e45756", ls="--", label=t("chance", lang))
    axes[1].set_xlim(0, 1)
    axes[1].set_title(t("winwhen", lang))
    axes[1].set_xlabel(t("share", lang))
    axes[1].legend(fontsize=8)
    if has_held:
        axes[2].barh(names, [r.get("kept") or 0.0 for r in rows], color="#54a24b")
        axes[2].set_title(t("held", lang))
        axes[2].set_xlabel(t("held_share", lang))
        axes[2].set_xlim(0, 1)
    axes[0].invert_yaxis()
    flagged = [(n, r) for n, r in zip(names, rows, strict=True) if r.get("flag", r["significant"])]
    if flagged:
        words = [t("card_flag", lang).format(c=n, w=r["win_share"], lo=r["ci"][0], hi=r["ci"][1],
                                              f=t("strong" if r["win_share"] > 1 / P else "weak", lang))
                 for n, r in flagged]
    else:
        words = [t("no_card_flag", lang)]
    return [f"<h3>{t('cards', lang)}</h3>", "<ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in words) + "</ul>",
            fig_html(fig)]


def study_data(settings: dict[str, Any], games: pa.Table, seats: pa.Table, plt: ModuleType) -> StudyData:
    """What a game's report panels draw from (core/hooks.py), the seat columns handed over as data."""
    return StudyData(settings, games, seats, plt, Columns(seats))


def _game_panels(settings: dict[str, Any], games: pa.Table, seats: pa.Table, lang: str,
                 plt: ModuleType) -> list[str]:
    """The game's own panels (`hooks.report_panels`), each under its heading when it has figures."""
    loader = game_info(settings["game"]).hooks.report_panels
    if loader is None:
        return []
    data = study_data(settings, games, seats, plt)
    out: list[str] = []
    for panel in loader():
        figs = panel.draw(data, lang)
        if figs:
            out += [f"<h3>{html.escape(panel.heading(lang))}</h3>"] + [fig_html(f) for f in figs]
    return out

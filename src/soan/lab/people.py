"""The report's part on people's games (an imported study, `soan import`): people's results next to
the bots' for the same settings, and the playtest answers (fun, clarity, length felt, comments, the
cards or rules people call confusing or too strong next to those cards' measured win share).

The bots' statistics come from a bot study of the same game, players, variants and parameters:
`soan report DIR --bots BOT_DIR` names it; without it, the report looks in DIR's parent folder for
study folders of the same settings (not imported) and takes the one with the most games.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core import words
from ..core.game import game_info
from .stats import card_rows, column, seat_shares
from .study import StudyError, load, read_settings

if TYPE_CHECKING:
    import pyarrow as pa

L = words.pairs("people")  # core/words/*.toml
BotStudy = tuple[Path, dict[str, Any], "pa.Table", "pa.Table"]  # (folder, settings, games, seats)


def t(key: str, lang: str) -> str:
    en, ja = L[key]
    return ja if lang == "ja" else en


def _same_settings(a: dict[str, Any], b: dict[str, Any]) -> bool:
    def norm(s: dict[str, Any]) -> tuple[Any, Any, list[Any], str]:
        return (s.get("game"), s.get("players"), sorted(s.get("variants") or []),
                json.dumps(s.get("params") or {}, sort_keys=True))
    return norm(a) == norm(b)


def find_bot_study(out: str | Path, settings: dict[str, Any], bots: str | Path | None) -> BotStudy | None:
    """(folder, settings, games, seats) of the bot study for this study's settings, or None."""
    if bots is not None:
        bs, bg, bt = load(bots)
        if not _same_settings(settings, bs):
            raise StudyError(f"--bots {bots}: a study of {bs['game']} for {bs['players']} with variants "
                             f"{bs.get('variants') or 'none'} and parameters {bs.get('params') or {}}; this study is "
                             f"{settings['game']} for {settings['players']} with variants "
                             f"{settings.get('variants') or 'none'} and parameters {settings.get('params') or {}}")
        return Path(bots), bs, bg, bt
    here = Path(out).resolve()
    best: BotStudy | None = None
    for d in sorted(here.parent.iterdir()):
        if d.resolve() == here or not (d / "study.json").is_file() or not (d / "games.parquet").is_file():
            continue
        try:
            if (s := read_settings(d / "study.json")).get("imported") is not None or not _same_settings(settings, s):
                continue
            bs, bg, bt = load(d)
        except StudyError:
            continue
        if best is None or bg.num_rows > best[2].num_rows:
            best = (d, bs, bg, bt)
    return best


def read_answers(out: str | Path) -> list[dict[str, Any]]:
    p = Path(out) / "feedback.jsonl"
    if not p.exists():
        return []
    return [json.loads(x) for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]


def has_people(seats: pa.Table) -> bool:
    return "human" in set(seats.column("agent").to_pylist())


def panel(out: str | Path, settings: dict[str, Any], seats: pa.Table, lang: str, bots: str | Path | None,
          replay_of: dict[int, str]) -> list[str]:
    """The HTML of the people's part (empty for a study without people)."""
    if not has_people(seats):
        return []
    P = settings["players"]
    esc = html.escape
    parts = [f"<h2 id='people'>{t('people', lang)}</h2>"]
    found = find_bot_study(out, settings, bots)
    if found:
        d, bs, bg, bt = found
        parts.append(f"<p>{esc(t('bots_from', lang).format(d=d, n=bg.num_rows, a=','.join(bs['agents'])))}</p>")
    else:
        parts.append(f"<p>{esc(t('no_bots', lang))}</p>")
    agent = np.array(seats.column("agent").to_pylist())
    seat, win, score, rank = (column(seats, k) for k in ("seat", "win", "score", "rank"))
    hum = agent == "human"
    parts.append(f"<p id='people-overall'>{esc(t('overall', lang).format(w=win[hum].mean(), n=int(hum.sum()), c=1 / P, r=rank[hum].mean()))}</p>")
    bot_rows = seat_shares(bt, P) if found else []
    bot_score = {i: float(column(bt, "score")[column(bt, "seat") == i].mean()) for i in range(P)} if found else {}
    rows = []
    for i in range(P):
        m = hum & (seat == i)
        cells = [str(i + 1), str(int(m.sum())), f"{win[m].mean():.0%}" if m.any() else "—",
                 f"{score[m].mean():.1f}" if m.any() else "—"]
        if found:
            b = bot_rows[i]
            cells += [f"{b['win_share']:.0%} [{b['ci'][0]:.0%}, {b['ci'][1]:.0%}]", f"{bot_score[i]:.1f}"]
        else:
            cells += ["—", "—"]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    heads = ("seat", "people_games", "people_share", "people_score", "bot_share", "bot_score")
    parts.append(f"<h3>{t('seat_vs', lang)}</h3><table id='people-seats'><tr>"
                 + "".join(f"<th>{t(h, lang)}</th>" for h in heads) + "</tr>" + "".join(rows) + "</table>")
    parts += _answers(out, settings, lang, found, replay_of)
    return parts


def _answers(out: str | Path, settings: dict[str, Any], lang: str, found: BotStudy | None,
             replay_of: dict[int, str]) -> list[str]:
    esc = html.escape
    answers = read_answers(out)
    parts = [f"<h3 id='answers'>{t('answers', lang).format(n=len(answers))}</h3>"]
    if not answers:
        return parts + [f"<p>{t('no_answers', lang)}</p>"]
    for k in ("fun", "clarity"):
        v = [a[k] for a in answers if isinstance(a.get(k), int)]
        dist = " · ".join(f"{s}: {v.count(s)}" for s in range(1, 6))
        dist = f"（{dist}）" if lang == "ja" else f" ({dist})"
        parts.append(f"<p id='fb-{k}'><b>{t(k, lang)}</b>: {t('mean', lang).format(m=sum(v) / len(v)) if v else '—'}{dist}</p>")
    parts.append(f"<p id='fb-length'><b>{t('length', lang)}</b>: "
                 + " · ".join(f"{t(x, lang)} {sum(a.get('length') == x for a in answers)}"
                              for x in ("too_short", "right", "too_long")) + "</p>")

    def game_cell(a: dict[str, Any]) -> str:
        k = a.get("index")
        link = replay_of.get(k) if k is not None else None  # no game index: no replay
        g = f"#{k + 1}" if isinstance(k, int) else "?"
        return f"<a href='{esc(link)}'>{g}</a>" if link else g

    said = [a for a in answers if a.get("comment")]
    parts.append(f"<h3>{t('comments', lang)}</h3>")
    if said:
        parts.append(f"<table id='fb-comments'><tr><th>{t('game', lang)}</th><th>{t('seat', lang)}</th>"
                     f"<th>{t('rank', lang)}</th><th>{t('fun', lang)}</th><th>{t('clarity', lang)}</th>"
                     f"<th>{t('length', lang)}</th><th>{t('comment', lang)}</th></tr>"
                     + "".join(f"<tr><td>{game_cell(a)}</td><td>{a['seat'] + 1}</td><td>{a.get('rank', '—')}</td>"
                               f"<td>{a.get('fun', '—')}</td><td>{a.get('clarity', '—')}</td>"
                               f"<td>{t(a['length'], lang) if a.get('length') in ('too_short', 'right', 'too_long') else '—'}</td>"
                               f"<td style='text-align:left'>{esc(a['comment'])}</td></tr>" for a in said) + "</table>")
    else:
        parts.append(f"<p>{t('no_comments', lang)}</p>")
    parts.append(f"<h3>{t('named', lang)}</h3>")
    named = [(k, a) for a in answers for k in ("confusing", "too_strong") if a.get(k)]
    if not named:
        return parts + [f"<p>{t('no_named', lang)}</p>"]
    cards = _card_measures(found, settings, lang)
    rows = []
    for k, a in named:
        if cards is None:
            measured = t("no_measure", lang)
        else:
            hits = match_cards(a[k], cards)
            measured = "<br>".join(f"{esc(c['name'])}: {c['win_share']:.0%} [{c['ci'][0]:.0%}, {c['ci'][1]:.0%}], "
                                   f"{c['use']:.0%}" for c in hits) or t("no_match", lang)
        rows.append(f"<tr><td>{t(k, lang)}</td><td style='text-align:left'>{esc(a[k])}</td><td>{game_cell(a)}</td>"
                    f"<td>{a['seat'] + 1}</td><td style='text-align:left'>{measured}</td></tr>")
    parts.append(f"<table id='fb-named'><tr><th>{t('kind', lang)}</th><th>{t('text', lang)}</th><th>{t('game', lang)}</th>"
                 f"<th>{t('seat', lang)}</th><th>{t('card', lang)}: {t('measured', lang)}</th></tr>" + "".join(rows) + "</table>")
    return parts


def _card_measures(found: BotStudy | None, settings: dict[str, Any], lang: str) -> list[dict[str, Any]] | None:
    """The bot study's cards with their names in both languages (None without a bot study)."""
    if not found:
        return None
    _, bs, _, bt = found
    name_of = game_info(settings["game"]).hooks.card_name
    rows = card_rows(bt, settings["players"], "played_", "held_")
    for r in rows:
        r["names"] = {r["card"]} | ({name_of(r["card"], "en"), name_of(r["card"], "ja")} if name_of else set())
        r["name"] = name_of(r["card"], lang) if name_of else r["card"]
    return rows


def match_cards(text: str, cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cards a person's words name: a card's name (either language, or its key) in the text, or
    the text (two characters or more) in a card's name; case does not matter."""
    said = text.casefold().strip()
    out = []
    for c in cards:
        names = [n.casefold() for n in c["names"] if n]
        if any(len(n) >= 2 and n in said for n in names) or (len(said) >= 2 and any(said in n for n in names)):
            out.append(c)
    return out

"""A hunt's result for people: lines for the terminal and one HTML page per language, findings ranked.

Each finding's record also gets its replay page (records/*.html, opens in a browser without a server),
and its `soan replay` command is shown.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.game import game_info
from .words import ORACLE_NAMES, sentence

W = {
    "title": ("soan hunt: {game}", "soan hunt：{game}"),
    "method": ("Looked for holes nobody asked about: {games} games of normal bots explored, {cands} candidates; "
               "each measured again on {fresh} fresh games (the search's own games never count). A finding holds "
               "when its interval, adjusted for all {cands} candidates, clears its margin.",
               "問われていない穴を探した：通常のボットで{games}ゲームを探索し、候補は{cands}件。"
               "どの候補も新しい{fresh}ゲームで測り直した（探索に使ったゲームは証拠にしない）。"
               "{cands}件すべてを考慮して補正した区間が基準を越えたものだけを発見とする。"),
    "none": ("No finding held on fresh seeds.", "新しいゲームで確かめられた発見はない。"),
    "found": ("Findings, most important first", "発見（影響の大きい順）"),
    "refuted": ("Looked at, did not hold on fresh seeds", "調べたが新しいゲームでは確かめられなかった候補"),
    "record": ("Shortest record: {imposed} imposed decision(s) of the seats involved, {length} steps in all",
               "最短の記録：関わる席に課した手は{imposed}手、全体で{length}手"),
    "norecord": ("No record could be shrunk within the budget.", "予算内に記録を縮められなかった。"),
    "replay": ("open the replay", "リプレイを開く"),
    "games": ("games", "ゲーム数"), "figure": ("figure", "値"), "adjusted": ("adjusted interval", "補正した区間"),
    "level": ("with {level}", "{level}で"), "holds": ("holds", "成り立つ"), "not": ("does not hold", "成り立たない"),
    "depends": ("(depends on the bots)", "（ボット次第）"),
    "unchecked": ("not checked at another level", "別の強さでは未確認"),
    "how": ({"seed": "the fresh game that shows it with the fewest choices", "decisions": "decisions shrunk (ddmin)",
             "counterfactual": "the same seed without the move gives the other result", "probe": "a probed position"},
            {"seed": "それを示す新しいゲームのうち選択の最も少ないもの", "decisions": "手を縮めた（ddmin）",
             "counterfactual": "同じシードでその手を選ばないと逆の結果になる", "probe": "調べた局面"}),
    "spent": ("Budget {budget:.0f} s; spent {spent:.0f} s.", "予算{budget:.0f}秒、使ったのは{spent:.0f}秒。"),
}


def w(key: str, lang: str) -> Any:
    en, ja = W[key]
    return ja if lang == "ja" else en


def _oracle(o: str, lang: str) -> str:
    en, ja = ORACLE_NAMES.get(o, (o, o))
    return ja if lang == "ja" else en


def check_words(f: Mapping[str, Any], lang: str) -> str:
    c = f.get("check")
    if not c:
        return str(w("unchecked", lang))
    from ..ask_report.wording import who

    at = str(w("level", lang)).format(level=who(c["level"], lang))
    if lang == "ja":
        verdict = w("holds", lang) if c["holds"] else f"{w('not', lang)}{w('depends', lang)}"
        return (f"{at}は{c['share']:.1%}（95%区間 {c['ci'][0]:.1%}〜{c['ci'][1]:.1%}、{c['games']}ゲーム）：{verdict}")
    verdict = w("holds", lang) if c["holds"] else f"{w('not', lang)} {w('depends', lang)}"
    return f"{at}: {c['share']:.1%} [{c['ci'][0]:.1%}, {c['ci'][1]:.1%}], {c['games']} {w('games', lang)}, {verdict}"


def lines(result: Mapping[str, Any], lang: str) -> list[str]:
    """The terminal's lines: the method, then each finding with its record."""
    fresh = result["games"]["fresh"]["play"]
    cands = len(result["findings"]) + len(result["refuted"])
    out = [str(w("method", lang)).format(games=result["games"]["explore"], cands=cands, fresh=fresh), ""]
    if not result["findings"]:
        out.append(str(w("none", lang)))
    for k, f in enumerate(result["findings"], 1):
        out.append(f"{k}. [{_oracle(f['oracle'], lang)}] {sentence(f, result, lang)}")
        out.append(f"   {check_words(f, lang)}")
        r = f.get("record")
        if r:
            out.append("   " + str(w("record", lang)).format(imposed=r["imposed"], length=r["length"]))
            out.append(f"   soan replay {r['path']}")
    out.append("")
    fell = fallback_words(result, lang)
    if fell:
        out.append(fell)
    out.append(str(w("spent", lang)).format(budget=result["budget"], spent=sum(result["spent"].values())))
    return out


def fallback_words(result: Mapping[str, Any], lang: str) -> str:
    """Said when the check level asked for was too slow for its share of the budget."""
    u = result.get("check_used")
    if not u:
        return ""
    from ..ask_report.wording import who

    game = result["settings"]["game"]
    asked, used = who(u["asked"], lang, game), who(u["level"], lang, game)
    return (f"確認用の{asked}は１ゲーム約{u['seconds_a_game']}秒かかり、予算内に20ゲーム遊べないため、"
            f"{used}で確認した（もっと長い --budget なら{asked}で確認できる）。" if lang == "ja"
            else f"The check with {asked} takes about {u['seconds_a_game']} s a game, too slow for 20 games in its "
                 f"share of the budget: the findings were checked with {used} instead (a longer --budget checks "
                 f"them with {asked}).")


def _finding_html(k: int, f: Mapping[str, Any], result: Mapping[str, Any], lang: str) -> str:
    ev = f["evidence"]
    rows = (f"<tr><th>{w('games', lang)}</th><th>{w('figure', lang)}</th><th>95%</th><th>{w('adjusted', lang)}</th></tr>"
            f"<tr><td>{ev['n']}</td><td>{ev['share']:.1%}</td><td>{ev['ci'][0]:.1%}–{ev['ci'][1]:.1%}</td>"
            f"<td>{ev['ci_adjusted'][0]:.1%}–{ev['ci_adjusted'][1]:.1%}</td></tr>")
    r = f.get("record")
    if r:
        how = w("how", lang).get(r["how"], r["how"])
        page = Path(r["path"]).with_suffix(".html").name
        paren = f"（{html.escape(how)}）" if lang == "ja" else f" ({html.escape(how)})"
        rec = (f"<p>{html.escape(str(w('record', lang)).format(imposed=r['imposed'], length=r['length']))}"
               f"{paren} — <a href='records/{html.escape(page)}'>{w('replay', lang)}</a> · "
               f"<code>soan replay {html.escape(r['path'])}</code></p>")
    else:
        rec = f"<p>{w('norecord', lang)}</p>"
    return (f"<section><h3>{k}. {html.escape(_oracle(f['oracle'], lang))}</h3>"
            f"<p class='s'>{html.escape(sentence(f, result, lang))}</p><table>{rows}</table>"
            f"<p>{html.escape(check_words(f, lang))}</p>{rec}</section>")


CSS = ("body{font-family:system-ui,'Noto Sans CJK JP',sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}"
       "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem}p.s{font-size:1.1rem}"
       "section{border-top:1px solid #ddd;margin-top:1rem}")


def write_html(result: Mapping[str, Any], lang: str) -> Path:
    """report-<lang>.html in the hunt's folder, and each record's replay page beside it."""
    from ..replay_page import write_replay

    folder = Path(result["folder"])
    info = game_info(result["settings"]["game"])
    name = info.name_ja if lang == "ja" else info.name
    for f in result["findings"]:
        r = f.get("record")
        if r and not Path(r["path"]).with_suffix(".html").exists():
            write_replay(r["path"], Path(r["path"]).with_suffix(".html"))
    cands = len(result["findings"]) + len(result["refuted"])
    body = "".join(_finding_html(k, f, result, lang) for k, f in enumerate(result["findings"], 1)) or \
        f"<p>{w('none', lang)}</p>"
    refuted = "".join(f"<li>{html.escape(sentence(f, result, lang))}</li>" for f in result["refuted"])
    title = html.escape(str(w("title", lang)).format(game=name))
    page = (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>"
            f"<style>{CSS}</style></head><body><h1>{title}</h1>"
            f"<p>{html.escape(str(w('method', lang)).format(games=result['games']['explore'], cands=cands, fresh=result['games']['fresh']['play']))}</p>"
            f"<h2>{w('found', lang)}</h2>{body}"
            f"<details><summary>{w('refuted', lang)}</summary><ul>{refuted}</ul></details>"
            f"<p>{html.escape(fallback_words(result, lang))}</p>"
            f"<p>{html.escape(str(w('spent', lang)).format(budget=result['budget'], spent=sum(result['spent'].values())))}</p>"
            "</body></html>")
    out = folder / f"report-{lang}.html"
    out.write_text(page, encoding="utf-8")
    return out


def hunt_beside(ask_folder: str | Path, game: str) -> Path:
    """Where `soan hunt GAME` keeps its result when `soan ask` keeps its studies in `ask_folder`: by the
    defaults, studies/ask/GAME and studies/hunt/GAME (the same parent's `hunt` folder)."""
    return Path(ask_folder).parent.parent / "hunt" / game / "hunt-result.json"


def also_found_lines(ask_folder: str | Path, game: str, lang: str) -> list[str]:
    """The terminal's "also found" lines for `soan ask`: the hunt's findings beside it, or none."""
    import json

    path = hunt_beside(ask_folder, game)
    try:
        result = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
        said = [sentence(f, result, lang) for f in result["findings"]] if result else []
    except (ValueError, KeyError, TypeError):
        return []
    if not said:
        return []
    head = "ほかに見つかったこと（soan hunt）：" if lang == "ja" else "Also found (soan hunt):"
    return [head, *(f"  {x}" for x in said), f"  {path.parent / f'report-{lang}.html'}"]


def also_found(ask_folder: str | Path, game: str, lang: str, page: Path) -> str:
    """The ask report's "also found" section: the findings of the game's hunt beside it, each in one
    sentence, and a link to the hunt's report; empty when no hunt was run."""
    import json
    import os

    path = hunt_beside(ask_folder, game)
    if not path.exists():
        return ""
    try:
        result = json.loads(path.read_text(encoding="utf-8"))
        items = "".join(f"<li>{html.escape(sentence(f, result, lang))}</li>" for f in result["findings"])
    except (ValueError, KeyError, TypeError):
        return ""
    link = os.path.relpath(path.parent / f"report-{lang}.html", page.parent)
    head = "ほかに見つかったこと（soan hunt）" if lang == "ja" else "Also found (soan hunt)"
    none = "問われていない穴は見つからなかった。" if lang == "ja" else "No hole nobody asked about was found."
    more = "探索のレポート" if lang == "ja" else "the hunt's report"
    return (f"<h2>{head}</h2><ul>{items}</ul>" if items else f"<h2>{head}</h2><p>{none}</p>") + \
        f"<p><a href='{html.escape(link)}'>{more}</a></p>"

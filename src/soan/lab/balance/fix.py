"""`soan ask --fix`: for an answer that says 'this is a problem', the balance search its question's fix block names."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ...core.game import check_config
from .axes import parse_axis
from .procedure import Problem, known_measures, run
from .report import keep_earlier, summary_lines, write
from .targets import config_error, parse_target


def grid_choices(pb: Problem) -> list[dict[str, Any]]:
    """Every choice of the search space (small spaces; tests and a full grid)."""
    return [dict(zip([a.text for a in pb.axes], c, strict=True)) for c in itertools.product(*[a.values for a in pb.axes])]


# --- answers that propose a fix (`soan ask --fix`) --------------------------------------------------


def is_problem(ans: Mapping[str, Any]) -> bool:
    """Whether an answer of `soan ask` (lab/ask/) says "this is a problem" with its leading bot level
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


def fix_problem(game: str, ans: Mapping[str, Any], out: Path, jobs: int = 1,
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
    from ...agents import parse_agents

    where = f"question {ans.get('id')!r}: fix"
    if not isinstance(fx, dict) or not fx.get("targets") or not fx.get("search"):
        raise config_error(f"{where} needs 'targets' and 'search' (lists, as soan balance takes them)",
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


def fix_lines(game: str, ans: Mapping[str, Any], lang: str) -> list[str]:
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


def fix_html(game: str, ans: Mapping[str, Any], lang: str, folder: Path) -> str:
    """`fix_lines` for the ask report, with a link to the balance run's own report."""
    import html

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

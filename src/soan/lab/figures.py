"""Documented figures that stay true: a registry of the figures the docs print, each with the command that
makes it, the commit it was measured on and the code that can move it (docs/figures.yaml), and the
check that re-runs them (`make figures-check`, `scripts/figures_check.py`).

For each registered figure the check
1. finds its text in its doc, exactly as registered: a figure changed by hand (or a doc edited so that
   the registered figure is gone) fails;
2. says it is **stale** when a path that can move it (`moved_by`: an engine, the bots) changed since the
   commit it was measured on;
3. re-runs it when its cost is affordable (`cost_s` up to `--max-cost`): the command on a fresh seed,
   the figure's value and 95% interval read from the command's JSON; it **fails** when today's figure
   differs from the documented one beyond chance (a figure that no longer reproduces).

The documented figure is itself a measurement with its own interval, so "today's interval excludes it"
would fail a figure that still holds in about one check of six (two equally precise measurements of
the same thing differ by more than one interval's half-width that often). The check tests the
difference of the two (a z-test from both 95% intervals, each half-width 1.96 standard errors) and
corrects across the figures it re-ran with Holm's method, so a check of a true set of figures fails
in at most 5% of runs, whatever their number.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.errors import ConfigError


class Figure(BaseModel):
    """One documented figure."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    doc: str  # the doc that prints it, from the repository's root
    text: str = Field(min_length=3)  # the figure as the doc prints it (found verbatim)
    value: float  # the documented value, in the units of the command's JSON
    ci: tuple[float, float]  # its documented 95% interval
    command: str  # a soan command that prints JSON; {seed} is replaced by the check's fresh seed
    value_path: str  # where the value is in the JSON: keys and list indices joined by dots
    ci_path: str  # where its 95% interval [low, high] is
    measured: str = Field(pattern=r"^[0-9a-f]{7,40}$")  # the commit it was measured on
    moved_by: list[str] = Field(min_length=1)  # paths whose change can move it
    cost_s: float = Field(gt=0)  # about how long the command takes on 2 cores


class Registry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    figures: list[Figure]


def load_registry(path: str | Path) -> Registry:
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
        reg = Registry.model_validate(data)
    except OSError as e:
        raise ConfigError(f"cannot read the figures registry {p}: {e}", ja=f"図表の登録ファイル {p} を読めません（{e}）") from None
    except (yaml.YAMLError, ValidationError) as e:
        raise ConfigError(f"{p} is not a figures registry: {str(e)[:400]}",
                          ja=f"{p} は図表の登録ファイルとして読めません（{str(e)[:400]}）") from None
    ids = [f.id for f in reg.figures]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ConfigError(f"{p}: figure ids appear twice: {dup}", ja=f"{p}：同じ id の図表があります：{dup}")
    return reg


def dig(data: Any, path: str) -> Any:
    """`data` at a dotted path ('positions.0.ci'); a KeyError naming the path when it is not there."""
    x = data
    for part in path.split("."):
        try:
            x = x[int(part)] if isinstance(x, list) else x[part]
        except (KeyError, IndexError, ValueError, TypeError):
            raise KeyError(f"no {path!r} in the command's JSON (stopped at {part!r})") from None
    return x


def changed_since(measured: str, moved_by: list[str], root: Path) -> list[str]:
    """The `moved_by` paths (git pathspecs) changed since commit `measured` ([] when none, or without git)."""
    try:
        out = subprocess.run(["git", "diff", "--name-only", f"{measured}..HEAD", "--", *moved_by],
                             cwd=root, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return []
    if out.returncode != 0:  # not a git checkout, or a clone without that commit (a shallow one): one line
        first = (out.stderr.strip().splitlines() or ["git diff failed"])[0]
        return [f"(not checked: commit {measured} is not in this checkout: {first[:100]})"]
    return [x for x in out.stdout.splitlines() if x]


def stale(fig: Figure, root: Path) -> list[str]:
    """The `moved_by` paths that changed since the figure was measured ([] when none, or without git)."""
    return changed_since(fig.measured, fig.moved_by, root)


def run_json(command: str, seed: int, root: Path) -> Any:
    """The command (its `soan` is this environment's) on `seed`, its standard output read as JSON."""
    argv = shlex.split(command.replace("{seed}", str(seed)))
    if argv and argv[0] == "soan":
        argv = [sys.executable, "-m", "soan", *argv[1:]]
    out = subprocess.run(argv, cwd=root, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{command!r} failed ({out.returncode}): {out.stderr.strip()[-400:]}")
    return json.loads(out.stdout)


def differ(a: float, a_ci: Sequence[float], b: float, b_ci: Sequence[float]) -> float:
    """The two-sided p of a difference between two independent measurements given with 95% intervals."""
    import math

    se = math.hypot((a_ci[1] - a_ci[0]) / (2 * 1.96), (b_ci[1] - b_ci[0]) / (2 * 1.96))
    if se == 0:
        return 1.0 if a == b else 0.0
    return math.erfc(abs(a - b) / se / math.sqrt(2))


def _holm(rows: list[dict[str, Any]], alpha: float = 0.05) -> None:
    """Rows whose difference stands after Holm's correction across the re-run figures: FAIL."""
    tested = sorted((r for r in rows if "p" in r and r["status"] != "FAIL"), key=lambda r: r["p"])
    for k, r in enumerate(tested):
        if r["p"] > alpha / (len(tested) - k):
            break
        r["status"] = "FAIL"
        r["why"] += ": the documented figure no longer reproduces"


def check(registry: str | Path, root: str | Path = ".", max_cost: float = 600.0, seed: int | None = None,
          only: Sequence[str] = (), say: Callable[[str], None] = print,
          runner: Callable[[str, int, Path], Any] = run_json) -> dict[str, Any]:
    """Check every registered figure (or those in `only`); returns {"rows": [...], "failed": n, "stale": n}.
    `seed`: the fresh seed every re-run uses (default: from the clock, said in the output)."""
    root = Path(root)
    reg = load_registry(registry)
    figs = [f for f in reg.figures if not only or f.id in only]
    unknown = sorted(set(only) - {f.id for f in reg.figures})
    if unknown:
        raise ConfigError(f"no such figure in {registry}: {unknown}", ja=f"{registry} にない図表です：{unknown}")
    seed = int(time.time()) % 1_000_000 + 1000 if seed is None else seed
    say(f"figures-check: {len(figs)} figure(s) of {registry}, fresh seed {seed}, re-running those up to {max_cost:g} s")
    rows = []
    for f in figs:
        row: dict[str, Any] = {"id": f.id, "doc": f.doc, "status": "ok", "why": ""}
        doc = root / f.doc
        text = doc.read_text(encoding="utf-8") if doc.exists() else ""
        if f.text not in text:
            row.update(status="FAIL", why=f"{f.doc} no longer prints {f.text!r} (changed by hand, or the doc moved "
                                          "on without the registry)")
        elif f.cost_s <= max_cost:
            say(f"  … {f.id}: re-running (about {f.cost_s:g} s on 2 cores)")
            t0 = time.perf_counter()
            try:
                data = runner(f.command, seed, root)
                v, (lo, hi) = float(dig(data, f.value_path)), dig(data, f.ci_path)
            except (RuntimeError, KeyError, ValueError, TypeError) as e:
                row.update(status="FAIL", why=f"the command did not give the figure: {e}")
            else:
                row.update(today=v, ci=[lo, hi], seconds=round(time.perf_counter() - t0, 1),
                           p=differ(f.value, f.ci, v, (float(lo), float(hi))))
                row["why"] = (f"documented {f.value:g} [{f.ci[0]:.4g}, {f.ci[1]:.4g}], today {v:g} [{lo:.4g}, {hi:.4g}] "
                              f"on seed {seed} (difference p = {row['p']:.3g})")
        else:
            row.update(status="not re-run", why=f"costs about {f.cost_s:g} s (--max-cost {max_cost:g})")
        rows.append(row)
    _holm(rows)
    for f, row in zip(figs, rows, strict=True):
        moved = stale(f, root)
        if moved and row["status"] != "FAIL":
            row["status"] = "stale" if row["status"] == "not re-run" else row["status"] + " (re-run; code moved)"
            row["why"] += f"; changed since {f.measured}: {', '.join(moved[:4])}{' …' if len(moved) > 4 else ''}"
        say(f"  {row['status']:<22} {f.id}: {row['why']}")
    failed = sum(r["status"] == "FAIL" for r in rows)
    n_stale = sum(r["status"] == "stale" for r in rows)
    rerun = sum("today" in r and r["status"] != "FAIL" for r in rows)
    say(f"figures-check: {failed} failed, {rerun} re-run and hold, {n_stale} stale and not re-run, "
        f"{len(rows) - failed - n_stale - rerun} still printed and not re-run")
    return {"rows": rows, "failed": failed, "stale": n_stale, "rerun": rerun, "seed": seed}

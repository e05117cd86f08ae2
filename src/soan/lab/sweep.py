"""`soan sweep`: a grid of rule-parameter settings, one study each, chosen measures per setting."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..agents import parse_agents
from ..core.errors import ConfigError
from ..core.game import check_config, game_info
from ..core.words import listed
from .stats import mean_ci, measures
from .study import load, run_study, settings_for


def grid(game: str, specs: list[str]) -> list[dict[str, str]]:
    """'k=1,2,3' (or 'k=4,8,12,18|4,9,14,20' for list-valued parameters) → every combination."""
    info = game_info(game)
    axes = []
    for sp in specs:
        if "=" not in sp:
            raise ConfigError(f"--param takes k=v1,v2,..., got {sp!r}")
        k, vals = sp.split("=", 1)
        k = k.strip()
        p = info.params.get(k)
        if p is None:
            raise ConfigError(f"unknown parameter {k!r} for {info.id}; expected any of {listed(sorted(info.params), 'en')}",
                              ja=f"{info.name_ja}にパラメータ {k!r} はありません。使えるのは{listed(sorted(info.params), 'ja')}です")
        sep = "|" if p.is_list else ","
        axes.append([(k, v.strip()) for v in vals.split(sep) if v.strip()])
    return [dict(c) for c in itertools.product(*axes)]


def run_sweep(game: str, settings: list[dict[str, str]], n: int, players: int | None, agents: str,
              variants: list[str] | tuple[str, ...] | None, seed: int, jobs: int, out: str, wanted: list[str],
              runner: Callable[[int, str, Callable[[Callable[[int], None]], dict[str, Any]]], object],
              ) -> tuple[list[dict[str, Any]], Path]:
    rows = []
    for ps in settings:
        info, P, vs, params = check_config(game, players, variants, ps)
        ags = parse_agents(agents, P)
        label = ",".join(f"{k}={v}" for k, v in ps.items())
        d = Path(out) / f"{info.id}-{label.replace('|', '_').replace(',', '_').replace('=', '-')}"
        st = settings_for(info.id, n, P, ags, seed, vs, params)
        def play(tick: Callable[[int], None], st: dict[str, Any] = st, d: Path = d) -> dict[str, Any]:
            return run_study(st, d, jobs, progress=tick)

        runner(n, label, play)
        s, g, t = load(d)
        ms = measures(g, t, P)
        row: dict[str, Any] = {"setting": label, "out": str(d)}
        for m in wanted:
            if m not in ms:
                raise ConfigError(f"unknown measure {m!r}; available: {listed(sorted(ms), 'en')}",
                                  ja=f"指標 {m!r} はありません。使えるのは{listed(sorted(ms), 'ja')}です")
            mean, lo, hi = mean_ci(ms[m])
            row[m] = [mean, (hi - lo) / 2 if not math.isnan(lo) else math.nan]
        rows.append(row)
    from .balance import measure_label

    names = {m: measure_label(m, game_info(game).id, P, "en") for m in wanted}  # seat 1's win share, not seat_0
    plot = _plot(rows, wanted, Path(out) / f"{game}-sweep.png", names)
    return rows, plot


def _plot(rows: list[dict[str, Any]], wanted: list[str], path: Path,
          names: dict[str, str] | None = None) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(wanted), figsize=(4 * len(wanted), 3.2), squeeze=False)
    labels = [r["setting"] for r in rows]
    for ax, m in zip(axes[0], wanted, strict=True):
        ax.errorbar(range(len(rows)), [r[m][0] for r in rows], yerr=[np.nan_to_num(r[m][1]) for r in rows],
                    fmt="o-", capsize=4)
        ax.set_xticks(range(len(rows)), labels, rotation=30, ha="right", fontsize=7)
        name = (names or {}).get(m, m)
        ax.set_title(name, fontsize=9)
        ax.set_xlabel("setting")
        ax.set_ylabel(f"{name} (mean, 95% interval)", fontsize=8)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90, bbox_inches="tight")
    plt.close(fig)
    return path

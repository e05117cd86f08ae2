"""Play-style round-robin: does one style dominate? (`soan styles GAME`)

Every pair of styles (A, B) plays `n` games with the seats alternating A, B, A, B, … and the
line-up rotated through the seats, so both sit in every seat equally. A's win share against B (a
shared win counts 1/k) with its 95% interval fills the matrix; each style's overall share over all
its games is the table. In a 4-player game a style's fair share against one other is 50% (two seats
each). After the approach of de Mesentier Silva et al. (2017), AI-based playtesting of Ticket to Ride.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

from ..agents.styles import game_styles
from ..core.errors import ConfigError
from .runner import run_games, wilson


def round_robin(game: str, players: int, n: int, base: str = "greedy", styles: list[str] | None = None,
                seed: int = 0, jobs: int = 1, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    known = game_styles(game)
    names = styles or sorted(known)
    bad = [s for s in names if s not in known]
    if bad:
        raise ConfigError(f"{game} has no style {bad[0]!r}; its styles are {sorted(known)}")
    if not known:
        raise ConfigError(f"{game} declares no play styles (hooks.styles, data/styles.yaml; docs/agents.md): "
                          "a round-robin needs at least two",
                          ja=f"{game} にはプレイスタイルがありません（hooks.styles、data/styles.yaml。docs/agents.md）。"
                             "総当たりには２つ以上必要です")
    if len(names) < 2:
        raise ConfigError("a round-robin needs at least two styles")
    if n < 1:
        raise ConfigError(f"-n must be at least 1, got {n}")
    spec = {s: f"{base}:style={s}" for s in names}
    matrix: dict[str, dict[str, Any]] = {s: {} for s in names}
    for k, (a, b) in enumerate(combinations(names, 2)):
        lineup = [spec[a] if i % 2 == 0 else spec[b] for i in range(players)]
        res = run_games(game, n, players, lineup, seed + 7919 * k, jobs=jobs, progress=progress)
        wa = wb = 0.0  # games won by a seat of A / of B (a shared win split)
        for r in res:
            w = r.winners
            for seat in w:
                if r.agents[seat] == spec[a]:
                    wa += 1 / len(w)
                else:
                    wb += 1 / len(w)
        for x, y, wx in ((a, b, wa), (b, a, wb)):
            lo, hi = wilson(wx, n)
            fair = sum(1 for z in lineup if z == spec[x]) / players  # 50% with an even player count
            matrix[x][y] = {"share": wx / n, "ci": [lo, hi], "games": n, "fair": fair}
    table = []
    for s in names:
        wins = sum(m["share"] * m["games"] for m in matrix[s].values())
        games = sum(m["games"] for m in matrix[s].values())
        lo, hi = wilson(wins, games)
        table.append({"style": s, "en": known[s].en, "ja": known[s].ja, "games": games,
                      "win_share": wins / games, "win_share_ci": [lo, hi]})
    dominant = [r["style"] for r in table  # wins significantly against every other style
                if all(m["ci"][0] > m["fair"] for m in matrix[r["style"]].values())]
    return {"game": game, "players": players, "base": base, "games_per_pair": n, "styles": names,
            "table": table, "matrix": matrix, "dominant": dominant}


def heatmap(result: dict[str, Any], path: str | Path, lang: str = "en") -> None:
    """The matrix as a PNG: row style's win share against the column style, with its interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    names = result["styles"]
    k = len(names)
    m = np.full((k, k), np.nan)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if a != b:
                m[i, j] = result["matrix"][a][b]["share"]
    if lang == "ja":
        import matplotlib_fontja  # noqa: F401  (ships IPAexGothic; no network)
    fig, ax = plt.subplots(figsize=(1.6 * k + 2, 1.3 * k + 1.5))
    im = ax.imshow(m, cmap="RdBu", vmin=0.2, vmax=0.8)
    ax.set_xticks(range(k), names, rotation=30, ha="right")
    ax.set_yticks(range(k), names)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if a != b:
                c = result["matrix"][a][b]
                ax.text(j, i, f"{c['share']:.0%}\n{c['ci'][0]:.0%}–{c['ci'][1]:.0%}", ha="center",
                        va="center", fontsize=8)
    title = ("行のスタイルが列のスタイルに勝つ割合（95%区間）" if lang == "ja"
             else "Win share of the row style against the column style (95% interval)")
    ax.set_title(f"{result['game']}: {title}", fontsize=9)
    fig.colorbar(im, ax=ax, fraction=0.046)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)

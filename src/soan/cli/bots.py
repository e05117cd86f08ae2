"""Bot commands: `soan seatcheck` (is a seat effect the rules' or the bots'?), `soan styles`
(a round-robin of play styles), `soan tune` (evaluation weights by self-play)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import typer
from rich.table import Table

from ..core.errors import ConfigError
from .app import app, console
from .common import (
    FLAGS,
    GameArg,
    LangOpt,
    ParamOpt,
    VariantOpt,
    check_lang,
    game_params,
    parse_params,
    run_with_progress,
)


@app.command()
def seatcheck(
    game: str = GameArg,
    n: int = typer.Option(1000, "-n", help="games per bot level"),
    players: int | None = typer.Option(None, "--players", "-p"),
    levels: str = typer.Option("normal,random", "--levels", help="two bot levels or specs, comma-separated"),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes playing games at once"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    lang: str = LangOpt,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Play the same settings with two bot levels and say whether the seat effect is robust."""
    from ..agents import parse_agents
    from ..agents.check import seat_effect_robust, tally
    from ..core.game import check_config
    from ..lab.runner import GameResult, run_games

    check_lang(lang)
    two = parse_agents(levels)
    if len(two) != 2:
        raise ConfigError(f"--levels takes two bot levels, e.g. normal,random; got {len(two)}: {levels!r}")
    if n < 1:
        raise ConfigError(f"-n must be at least 1, got {n}")
    info, np_, vs, ps = check_config(game, players, variant, parse_params(param))
    tallies = []
    for lv in two:
        def play(tick: Callable[[int], None], lv: str = lv) -> list[GameResult]:
            return run_games(info.id, n, np_, [lv] * np_, seed, vs, ps, jobs=jobs, progress=tick)

        res, _ = run_with_progress(n, f"{info.id} {lv}", as_json, play)
        tallies.append(tally(lv, (r.winners for r in res), np_))
    check = seat_effect_robust(*tallies)
    if as_json:
        print(json.dumps(check.to_json(), ensure_ascii=False))
        return
    ja = lang == "ja"
    tab = Table(title=f"{info.name}: " + ("席ごとの勝率（95%区間）" if ja else "win share per seat (95% interval)"))
    tab.add_column("席" if ja else "seat", justify="right")
    for t in tallies:
        tab.add_column(f"{t.label} ({t.games})", justify="right")
    for row in check.seats:
        cells = []
        for t in tallies:
            x = row[t.label]
            mark = {"above": " ▲", "below": " ▼"}.get(x["effect"] or "", "")
            cells.append(f"{x['share']:.1%} ({x['ci'][0]:.1%}–{x['ci'][1]:.1%}){mark}")
        tab.add_row(str(row["seat"] + 1), *cells)
    console.print(tab)
    console.print(("公平な勝率は" if ja else "The fair share is ") + f"{1 / np_:.0%}" + ("です。" if ja else "."))
    console.print(check.text(lang))


@app.command()
def styles(
    game: str = GameArg,
    n: int = typer.Option(200, "-n", help="games per pair of styles"),
    players: int | None = typer.Option(None, "--players", "-p"),
    agent: str = typer.Option("greedy", "--agent", help="the bot that plays each style: greedy, mcts or rollout[:options]"),
    only: str | None = typer.Option(None, "--styles", help="styles to play, comma-separated (default: all)"),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes playing games at once"),
    out: str | None = typer.Option(None, "--out", help="a folder for styles.json and the heat map styles.png"),
    lang: str = LangOpt,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """A round-robin of the game's play styles: win shares with intervals and a heat map."""
    from itertools import combinations

    from ..agents import make_agent
    from ..agents.styles import game_styles
    from ..core.game import check_config
    from ..lab.styles import heatmap, round_robin

    check_lang(lang)
    info, np_, _, _ = check_config(game, players, [], {})
    make_agent(agent)
    if agent.split(":")[0] not in ("greedy", "mcts", "rollout"):
        raise ConfigError(f"--agent must be greedy, mcts or rollout (with options), got {agent!r}")
    names = [s.strip() for s in only.split(",")] if only else sorted(game_styles(info.id))
    pairs = len(list(combinations(names, 2)))
    res, _ = run_with_progress(n * pairs, f"{info.id} styles", as_json, lambda tick: round_robin(
        info.id, np_, n, agent, names, seed, jobs, progress=tick))
    if out:
        d = Path(out)
        d.mkdir(parents=True, exist_ok=True)
        (d / "styles.json").write_text(json.dumps(res, ensure_ascii=False, indent=1), encoding="utf-8")
        heatmap(res, d / "styles.png", lang)
    if as_json:
        print(json.dumps(res, ensure_ascii=False))
        return
    ja = lang == "ja"
    tab = Table(title=f"{info.name}: " + ("スタイル対戦（各組" if ja else "styles round-robin (") +
                f"{n}" + ("ゲーム）" if ja else " games a pair)"))
    for col in (["スタイル", "説明", "勝率", "95%区間"] if ja else ["style", "what it does", "win share", "95% interval"]):
        tab.add_column(col)
    for r in res["table"]:
        tab.add_row(r["style"], r["ja"] if ja else r["en"], f"{r['win_share']:.1%}",
                    f"{r['win_share_ci'][0]:.1%}–{r['win_share_ci'][1]:.1%}")
    console.print(tab)
    mt = Table(title="行が列に勝つ割合" if ja else "row's win share against column")
    mt.add_column("")
    for b in res["styles"]:
        mt.add_column(b, justify="right")
    for a in res["styles"]:
        mt.add_row(a, *["—" if a == b else f"{res['matrix'][a][b]['share']:.0%} "
                        f"({res['matrix'][a][b]['ci'][0]:.0%}–{res['matrix'][a][b]['ci'][1]:.0%})"
                        for b in res["styles"]])
    console.print(mt)
    fair = next(iter(next(iter(res["matrix"].values())).values()))["fair"]
    if res["dominant"]:
        msg = (f"{'、'.join(res['dominant'])}は他のすべてのスタイルに有意に勝ち越しています（支配的なスタイル）。" if ja
               else f"{', '.join(res['dominant'])} wins significantly against every other style: a dominant style.")
    else:
        msg = (f"支配的なスタイルはありません（どのスタイルも他のすべてには有意に勝ち越していません。公平な割合は{fair:.0%}）。"
               if ja else f"No style dominates (none wins significantly against all others; fair share {fair:.0%}).")
    console.print(msg)
    if out:
        console.print(("ヒートマップ: " if ja else "heat map: ") + str(Path(out) / "styles.png"))


@app.command(context_settings=FLAGS)
def tune(
    ctx: typer.Context,
    game: str = GameArg,
    agent: str = typer.Option("greedy", "--agent", help="the bot whose weights are tuned: greedy or mcts[:options]"),
    trials: int = typer.Option(30, "--trials", help="Optuna trials (a resumed run adds up to this many in all)"),
    games: int = typer.Option(40, "--games", help="games per trial, candidate against the default"),
    validate: int = typer.Option(400, "--validate", help="fresh games to validate the best weights"),
    players: int | None = typer.Option(None, "--players", "-p"),
    seed: int = typer.Option(0, "--seed"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes playing games at once"),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    out: str = typer.Option("", "--out", help="output folder (default tune-GAME); resumable"),
    lang: str = LangOpt,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Tune a bot's evaluation weights by self-play (Optuna), validate them against the default."""
    from ..core.game import check_config
    from ..lab.tune import tune as _tune

    check_lang(lang)
    info, np_, vs, ps = check_config(game, players, variant, game_params(game, param, ctx.args))
    folder = Path(out or f"tune-{info.id}")
    res, _ = run_with_progress(trials, f"{info.id} tune", as_json, lambda tick: _tune(
        info.id, np_, folder, agent, trials, games, validate, seed, jobs, progress=tick, variants=vs, params=ps))
    if as_json:
        print(json.dumps(res, ensure_ascii=False))
        return
    v = res["validation"]
    ja = lang == "ja"
    tab = Table(title=f"{info.name}: " + ("調整した重み" if ja else "tuned weights"))
    tab.add_column("重み" if ja else "weight")
    tab.add_column("値" if ja else "value", justify="right")
    for k, x in res["weights"].items():
        tab.add_row(k, f"{x:.3f}")
    console.print(tab)
    share = f"{v['share']:.1%} ({v['ci'][0]:.1%}–{v['ci'][1]:.1%})"
    if ja:
        console.print(f"検証：新しい{v['games']}ゲームで標準の重みに対する勝率 {share}、公平な割合 {v['fair']:.0%}。")
        console.print("有意に強くなりました。" if v["significant"] else "有意な差はありません。標準の重みはそのままにしてください。")
        console.print(f"重みの保存先: {folder / 'tuned.yaml'}（使い方: {agent}:style={folder / 'tuned.yaml'}）")
    else:
        console.print(f"Validation: win share {share} in {v['games']} fresh games against the default; fair {v['fair']:.0%}.")
        console.print("Significantly stronger." if v["significant"] else "No significant gain: keep the default weights.")
        console.print(f"Weights written to {folder / 'tuned.yaml'} (use: {agent}:style={folder / 'tuned.yaml'})")

"""What several command modules share: the game argument, variant and parameter options (a game's
true/false parameters also as flags), progress bars."""

from __future__ import annotations

import difflib
import math
import sys
import time
from collections.abc import Callable
from typing import TypeVar

import typer
from rich.console import Console

from ..core.errors import SoanError
from ..core.game import game_info, games

T = TypeVar("T")


def _game_ids() -> str:
    return " | ".join(g["id"] for g in games())


def _flag_help() -> str:
    flags = [f"--{p['name'].replace('_', '-')} ({g['id']})" for g in games() for p in g["params"]
             if isinstance(p["default"], bool)]
    return ("; a true/false parameter is also a flag (--name / --no-name): " + ", ".join(flags)) if flags else ""


def _game_arg(ctx: typer.Context, value: str) -> str:
    """A game id; an option the command does not have (taken for the game by a command that passes
    unknown options on as game flags) is named as such, with the nearest option."""
    if value.startswith("-"):
        from .help_ja import nearest_options

        near = nearest_options(ctx, value.split("=", 1)[0])
        raise SoanError(f"no such option {value!r}" + (f"; did you mean {' or '.join(near)}?" if near else ""),
                        ja=f"オプション {value!r} はありません" + (f"。{'、'.join(near)} のことですか？" if near else ""))
    return value


GameArg = typer.Argument(..., help=_game_ids(), callback=_game_arg)
VariantOpt = typer.Option(None, "--variant", "-V", help="a named variant; repeat for several")
LangOpt = typer.Option("en", "--lang", envvar="SOAN_LANG", help="en | ja")  # every command's language
ParamOpt = typer.Option(None, "--param", "-P", help="a rule parameter as key=value; repeat for several" + _flag_help())
# A command taking ParamOpt also takes the game's flags: give it these settings and a `ctx: typer.Context`,
# then read its parameters with `game_params(game, param, ctx.args)`.
FLAGS = {"allow_extra_args": True, "ignore_unknown_options": True}


def parse_params(items: list[str] | None) -> dict[str, str]:
    out = {}
    for it in items or []:
        if "=" not in it:
            raise SoanError(f"--param takes key=value, got {it!r}", ja=f"--param は「名前=値」で書きます（指定：{it!r}）")
        k, v = it.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def game_params(game: str, items: list[str] | None, extra: list[str] | None = None) -> dict[str, str]:
    """`-P k=v` items plus the game's true/false parameters given as flags (`--campaign`, `--no-campaign`)."""
    out = parse_params(items)
    if not extra:
        return out
    info = game_info(game)
    flags = {p.name.replace("_", "-"): p.name for p in info.params.values() if isinstance(p.default, bool)}
    for a in extra:
        name = a[2:] if a.startswith("--") else ""
        if name in flags:
            out[flags[name]] = "true"
        elif name.startswith("no-") and name[3:] in flags:
            out[flags[name[3:]]] = "false"
        else:
            from .help_ja import nearest_options

            known = ", ".join(f"--{f}" for f in flags) or "none"
            near = difflib.get_close_matches(a.split("=", 1)[0], [f"--{f}" for f in flags] + [
                f"--no-{f}" for f in flags], n=2, cutoff=0.6) + nearest_options(click_context(), a.split("=", 1)[0])
            if near:
                raise SoanError(f"no such option {a!r}; did you mean {' or '.join(dict.fromkeys(near))}?",
                                ja=f"オプション {a!r} はありません。{'、'.join(dict.fromkeys(near))} のことですか？")
            raise SoanError(f"no such option {a!r}; {info.id}'s true/false parameters as flags: {known}",
                            ja=f"オプション {a!r} はありません。{info.name_ja}の true/false のパラメータは {known} で指定できます")
    return out


def click_context():
    """The running command's context (its options), or None outside a command."""
    from typer._click.globals import get_current_context

    return get_current_context(silent=True)


def check_lang(lang: str) -> None:
    """A command's --lang, checked; errors after this are said in it (where they have Japanese)."""
    if lang not in ("en", "ja"):
        raise SoanError(f"--lang takes en or ja, got {lang!r}")
    from .app import ERROR_LANG

    ERROR_LANG[0] = lang


def progress(label: str, quiet: bool):
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                    TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                    disable=quiet or not sys.stderr.isatty(), console=Console(stderr=True))


def per_second(x: float) -> str:
    """A rate as people read it: whole numbers from 10 on (1,234), else two significant digits (4.2,
    0.35), so that a slow bot's games never read as 0 a second."""
    if x >= 10:
        return f"{x:,.0f}"
    if x <= 0:
        return "0"
    return f"{x:.{max(1, 1 - math.floor(math.log10(x)))}f}"  # two significant digits, never 1.2e-05


def run_with_progress(total: int, label: str, quiet: bool, fn: Callable[[Callable[[int], None]], T]) -> tuple[T, float]:
    """`fn(tick)` under a progress bar (games/s); its result and the seconds it took."""
    t0 = time.perf_counter()
    with progress(label, quiet) as prog:
        task = prog.add_task(label, total=total, rate="")

        def tick(k: int) -> None:
            prog.advance(task, k)
            done = prog.tasks[0].completed
            prog.update(task, rate=f"{per_second(done / max(time.perf_counter() - t0, 1e-9))} games/s")

        return fn(tick), time.perf_counter() - t0


def budget_seconds(text: str, zero_ok: bool = False) -> float:
    """'300', '300s', '5m', '1h' → seconds; 0 only where `zero_ok` (ask: the start sizes, no pilot)."""
    t = text.strip().lower()
    try:
        if t.endswith("h"):
            x = float(t[:-1]) * 3600
        elif t.endswith("m"):
            x = float(t[:-1]) * 60
        else:
            x = float(t.rstrip("s"))
        if not (0 <= x if zero_ok else 0 < x) or not x < float("inf"):  # a negative time, nan or inf: nothing to plan
            raise ValueError
        return x
    except ValueError:
        cond, cond_ja = (("0 or more (0: the questions file's start sizes)", "0 以上。0 は問いのファイルにある最初のゲーム数")
                         if zero_ok else ("above 0", "0 より長く"))
        raise SoanError(f"--budget takes a time in seconds or minutes, {cond}, e.g. 300, 300s or 5m; got {text!r}",
                        ja=f"--budget には時間を秒か分で 300、300s、5m のように指定します（{cond_ja}。指定：{text!r}）") from None

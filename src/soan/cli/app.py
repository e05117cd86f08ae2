"""The root `soan` app and its one error-handling path.

Every command module registers on `app` (or a sub-app added to it). A command raises; it never
catches: `SoanGroup.invoke` turns soan's own errors (bad ids, options, actions, component files,
records) and the operating system's errors on the user's files into one clear line and exit code 2.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import typer
import typer._click as typer_click
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

from ..core.errors import SoanError

# What a person can cause with their input or files; anything else is a bug and keeps its traceback.
USER_ERRORS: tuple[type[BaseException], ...] = (SoanError, OSError, UnicodeDecodeError)

console = Console() if sys.stdout.isatty() else Console(width=140)


def help_console() -> Console:
    """A console for the Japanese help, made when it is shown: as wide as the terminal, or as COLUMNS
    says when it is set (as the English help is); 140 columns for output that is no terminal."""
    if os.environ.get("COLUMNS", "").strip().isdigit() or sys.stdout.isatty():
        return Console()  # rich reads COLUMNS, else asks the terminal
    return Console(width=140)

ERROR_LANG = ["en"]  # the --lang of the running command (`common.check_lang` sets it): errors are said in it


# The `lab` extra's libraries: a command needing one on a light install says how to get it.
EXTRAS = {"numpy": "lab", "pyarrow": "lab", "matplotlib": "lab", "matplotlib_fontja": "lab", "scipy": "lab",
          "statsmodels": "lab", "optuna": "lab", "ray": "ray", "fastapi": "web", "uvicorn": "web",
          "sqlalchemy": "web"}


def missing_extra(e: BaseException) -> str | None:
    """The extra to install when `e` is a missing optional library, else None."""
    if isinstance(e, ModuleNotFoundError) and e.name:
        return EXTRAS.get(e.name.split(".")[0])
    return None


def describe(e: BaseException, lang: str = "en") -> str:
    """One line saying what was wrong, in Japanese where the error has it and `lang` is ja."""
    ja = lang == "ja"
    extra = missing_extra(e)
    if extra:
        name = getattr(e, "name", "")
        return (f"このコマンドには {name} が要ります。soan[{extra}] に含まれます：pip install 'soan[{extra}]'" if ja
                else f"this command needs {name}, which comes with soan[{extra}]: pip install 'soan[{extra}]'")
    if isinstance(e, UnicodeDecodeError):
        return (f"UTF-8 のテキストではないファイルがあります（{e.start} バイト目）" if ja
                else f"a file is not UTF-8 text ({e.reason} at byte {e.start})")
    if isinstance(e, OSError) and e.filename is not None:
        if not ja:
            return f"{e.strerror or e}: {e.filename}"
        if isinstance(e, FileNotFoundError):
            return f"ファイルが見つかりません：{e.filename}"
        if isinstance(e, PermissionError):
            return f"アクセス権がありません：{e.filename}"
        if isinstance(e, NotADirectoryError):  # a file where a folder is expected (--out FILE)
            return f"フォルダであるべき場所がファイルです：{e.filename}"
        if isinstance(e, IsADirectoryError):
            return f"ファイルであるべき場所がフォルダです：{e.filename}"
        if isinstance(e, FileExistsError):
            return f"同じ名前のファイルがすでにあります：{e.filename}"
        return f"ファイルを扱えません（{e.strerror or e}）：{e.filename}"
    ja_text = getattr(e, "ja", None)
    if ja and ja_text:
        return str(ja_text)
    return str(e)


class SoanGroup(TyperGroup):
    """The root group: the single place where errors become messages. With `--lang ja` anywhere on
    the line (or SOAN_LANG=ja) the help and the command line's own mistakes are in Japanese."""

    def main(self, args: Any = None, *a: Any, **kw: Any) -> Any:
        from . import help_ja

        argv = list(sys.argv[1:] if args is None else args)
        ja = help_ja.wants_japanese(argv)
        words = [x for x in help_ja.without_lang(argv) if not x.startswith("-")]
        path: list[str] = []
        node: Any = self
        for w in words:  # the command named on the line, as deep as it goes (deck export)
            if w in getattr(node, "commands", {}):
                path.append(w)
                node = node.commands[w]
            else:
                break
        if not any("--lang" in getattr(p, "opts", ()) for p in node.params):
            argv = help_ja.without_lang(argv)  # --lang is for every command: the help, the errors
        else:
            argv = help_ja.lang_after_command(argv, path)  # `soan --lang ja games`: the command's own --lang
        self.soan_line = (ja, " ".join(path))
        if ja and ("--help" in argv or (not words and "--version" not in argv) or (path and getattr(node, "commands", None) and len(path) == len(words))):
            help_ja.render(self, path, help_console())
            raise SystemExit(0)
        return super().main(argv, *a, **kw)

    def invoke(self, ctx: Any) -> Any:  # a click context (typer carries its own click)
        ERROR_LANG[0] = "en"
        ja, command = getattr(self, "soan_line", (False, ""))
        if ja:
            ERROR_LANG[0] = "ja"
        try:
            return super().invoke(ctx)
        except typer_click.exceptions.UsageError as e:
            from . import help_ja

            if not ja:
                raise
            console.print(f"[red]エラー：[/red]{escape(help_ja.usage_error(e, command))}", markup=True, highlight=False,
                          soft_wrap=True)  # a line the terminal wraps: never cut mid-phrase in a file or pipe
            raise typer.Exit(2) from None
        except Exception as e:
            if not isinstance(e, USER_ERRORS) and not missing_extra(e):
                raise
            lang = ERROR_LANG[0]
            head = "エラー：" if lang == "ja" else "error: "
            console.print(f"[red]{head}[/red]{escape(describe(e, lang))}", markup=True, highlight=False,
                          soft_wrap=True)  # a line the terminal wraps: never cut mid-phrase in a file or pipe
            raise typer.Exit(2) from None


app = typer.Typer(cls=SoanGroup, add_completion=False, no_args_is_help=True,
                  help="soan (草案): play, simulate, benchmark and analyse tabletop game drafts.")


def build_line(lang: str = "en") -> str:
    """soan's version and which build runs: the compiled modules (scripts/build_compiled.py) or pure Python."""
    from ..core import checks, rng, state  # noqa: F401  compiled in every compiled build: imported to be seen
    from ..core.version import __version__
    from ..lab.bench import compiled_modules

    compiled = {"soan.core.rng", "soan.core.state", "soan.core.checks"} & set(compiled_modules())
    if lang == "ja":
        return f"soan {__version__}、{'コンパイル版' if compiled else 'Python のみ（コンパイル版ではありません）'}"
    return f"soan {__version__}, {'the compiled build' if compiled else 'pure Python (not the compiled build)'}"


def _version(ctx: typer.Context, value: bool) -> None:
    if value:
        ja = getattr(ctx.find_root().command, "soan_line", (False, ""))[0]  # --lang ja or SOAN_LANG=ja (SoanGroup.main)
        console.print(build_line("ja" if ja else "en"), highlight=False)
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="print soan's version and which build runs (compiled or pure Python)")) -> None:
    """soan (草案): play, simulate, benchmark and analyse tabletop game drafts."""

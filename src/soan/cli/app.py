"""The root `soan` app and its one error-handling path.

Every command module registers on `app` (or a sub-app added to it). A command raises; it never
catches: `SoanGroup.invoke` turns soan's own errors (bad ids, options, actions, component files,
records) and the operating system's errors on the user's files into one clear line and exit code 2.
"""

from __future__ import annotations

import sys
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

from ..core.errors import SoanError

# What a person can cause with their input or files; anything else is a bug and keeps its traceback.
USER_ERRORS: tuple[type[BaseException], ...] = (SoanError, OSError, UnicodeDecodeError)

console = Console() if sys.stdout.isatty() else Console(width=140)


# The `lab` extra's libraries: a command needing one on a light install says how to get it.
EXTRAS = {"numpy": "lab", "pyarrow": "lab", "matplotlib": "lab", "matplotlib_fontja": "lab", "scipy": "lab",
          "statsmodels": "lab", "optuna": "lab", "ray": "ray", "fastapi": "web", "uvicorn": "web",
          "sqlalchemy": "web"}


def missing_extra(e: BaseException) -> str | None:
    """The extra to install when `e` is a missing optional library, else None."""
    if isinstance(e, ModuleNotFoundError) and e.name:
        return EXTRAS.get(e.name.split(".")[0])
    return None


def describe(e: BaseException) -> str:
    """One line saying what was wrong."""
    extra = missing_extra(e)
    if extra:
        return f"this command needs {getattr(e, 'name', '')}, which comes with soan[{extra}]: pip install 'soan[{extra}]'"
    if isinstance(e, UnicodeDecodeError):
        return f"a file is not UTF-8 text ({e.reason} at byte {e.start})"
    if isinstance(e, OSError) and e.filename is not None:
        return f"{e.strerror or e}: {e.filename}"
    return str(e)


class SoanGroup(TyperGroup):
    """The root group: the single place where errors become messages."""

    def invoke(self, ctx: Any) -> Any:  # a click context (typer carries its own click)
        try:
            return super().invoke(ctx)
        except Exception as e:
            if not isinstance(e, USER_ERRORS) and not missing_extra(e):
                raise
            console.print(f"[red]error:[/red] {escape(describe(e))}", markup=True, highlight=False)
            raise typer.Exit(2) from None


app = typer.Typer(cls=SoanGroup, add_completion=False, no_args_is_help=True,
                  help="soan (草案): play, simulate, benchmark and analyse tabletop game drafts.")

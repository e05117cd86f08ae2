"""`soan`: play, simulate, benchmark and analyse the games. The entry point (`soan.cli.main:app`).

The commands live in modules by concern, each registering on the root app from `app.py`, which holds
the one error-handling path (commands raise; they never catch). To add a command: write
`cli/<concern>.py` with `from .app import app` and `@app.command()` (lazy-import the lab inside the
command), then add its module to the import line below — one line, nothing else.
"""

# ruff: noqa: I001  (the import order is the order of `soan --help`)
from __future__ import annotations

from .app import app

# Each module registers its commands on `app` when imported; one line per concern.
from . import games_cmd  # noqa: F401  games
from . import play_cmds  # noqa: F401  play, replay
from . import lab_cmds  # noqa: F401  sim, export, import, report, compare, study, sweep, ladder
from . import bench  # noqa: F401  bench
from . import analyze  # noqa: F401  analyze
from . import deck  # noqa: F401  deck export|import
from . import demo  # noqa: F401  demo
from . import check  # noqa: F401  check
from . import fuzz  # noqa: F401  fuzz
from . import ask  # noqa: F401  ask, aa
from . import bots  # noqa: F401  seatcheck, styles, tune
from . import balance  # noqa: F401  balance
from . import serve  # noqa: F401  serve, bench-serve
from . import print_cmd  # noqa: F401  print
from . import hunt  # noqa: F401  hunt

__all__ = ["app", "main"]


def main() -> None:  # pragma: no cover
    app()


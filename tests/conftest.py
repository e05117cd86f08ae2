"""Tests skipped for a missing Debian package are named in one line per package at the end of the run; the
`fresh_tables` fixture."""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from system import PREFIX  # noqa: E402


def pytest_terminal_summary(terminalreporter) -> None:
    by: dict[str, set[str]] = defaultdict(set)
    for rep in terminalreporter.stats.get("skipped", []):
        reason = rep.longrepr[2] if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
        if PREFIX in reason:
            package = reason.split(PREFIX, 1)[1].split(",")[0].strip()
            by[package].add(rep.nodeid.split("::")[0])
    for package, files in sorted(by.items()):
        terminalreporter.write_line(
            f"SKIPPED for want of Debian's {package}: {', '.join(sorted(files))} — `make test` installs it with "
            f"apt-get when run as root on Debian/Ubuntu (scripts/system_packages.sh)", yellow=True)


@pytest.fixture
def fresh_tables(monkeypatch):
    """The test's games compile their rule tables afresh (the game's `compile_tables`), as a new process
    does, instead of taking them from the per-process cache (`core.game.compiled`) an earlier test filled:
    a change in the tables' compiler is then seen by the tests that read its tables."""
    from soan.core import game

    monkeypatch.setattr(game, "_COMPILED", {})

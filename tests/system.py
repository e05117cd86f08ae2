"""Debian packages some tests need (scripts/system_packages.sh installs them for `make test` when it can).
A test needing one is skipped when it is missing, with a reason starting `needs the Debian package`;
tests/conftest.py then names, in one line per package, what was skipped and why — never silently."""

from __future__ import annotations

import glob
import os
import shutil
from pathlib import Path

import pytest

PREFIX = "needs the Debian package"
CHECKS = {
    "chromium": lambda: Path("/usr/bin/chromium").exists(),
    "postgresql": lambda: bool(glob.glob("/usr/lib/postgresql/*/bin/initdb")),
    "tmux": lambda: shutil.which("tmux") is not None,
    "libpango-1.0-0": lambda: bool(glob.glob("/usr/lib/*/libpango-1.0.so.0") or glob.glob("/usr/lib/libpango-1.0.so.0")
                                   or glob.glob("/opt/homebrew/lib/libpango-1.0*") or glob.glob("/usr/local/lib/libpango-1.0*")),
}


def installed(package: str) -> bool:
    """Whether `package` is there (SOAN_TEST_WITHOUT=tmux,… pretends it is not: the test of the skip line)."""
    return package not in os.environ.get("SOAN_TEST_WITHOUT", "").split(",") and CHECKS[package]()


def needs(package: str):
    """A skip marker for a test that needs `package` (one of CHECKS)."""
    return pytest.mark.skipif(not installed(package), reason=f"{PREFIX} {package}, which is not installed")

"""`make test` without apt-get: the Debian packages some tests need are not installed, one line says
so, and the tests that need them are skipped with one line naming them and why — never silently."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_missing_package_is_said_in_one_line_and_its_tests_skipped_by_name():
    env = dict(os.environ, SOAN_TEST_WITHOUT="tmux", PATH="/usr/bin:/bin")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                        "tests/test_hot_seat_tmux.py"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = [x for x in r.stdout.splitlines() if x.startswith("SKIPPED for want of")]
    assert lines == ["SKIPPED for want of Debian's tmux: tests/test_hot_seat_tmux.py — `make test` installs it "
                     "with apt-get when run as root on Debian/Ubuntu (scripts/system_packages.sh)"], r.stdout


def test_the_install_step_says_what_it_cannot_install_without_root():
    if os.geteuid() != 0:  # already not root: the script runs as this user
        cmd = ["sh", "scripts/system_packages.sh"]
    else:
        cmd = ["runuser", "-u", "nobody", "--", "sh", "scripts/system_packages.sh"]
    r = subprocess.run(cmd, cwd=ROOT, env=dict(os.environ, SOAN_TEST_WITHOUT="tmux"), capture_output=True, text=True)
    assert r.returncode == 0  # never stops `make test`
    assert r.stdout.strip().splitlines() == [
        "make test: not installing tmux (apt-get needs root on Debian/Ubuntu); the tests that need them are "
        "skipped (see pytest's summary)"], r.stdout + r.stderr

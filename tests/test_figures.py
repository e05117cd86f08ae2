"""The figures check (soan.lab.figures, `make figures-check`): a documented figure changed by hand fails, a
figure that no longer reproduces on fresh seeds fails, a figure whose code moved is said to be stale."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from soan.core.errors import ConfigError
from soan.lab.figures import check, dig, load_registry

ROOT = Path(__file__).resolve().parents[1]
CMD = "soan sim undecim -n 40 -p 3 --agents random --seed {seed} --json"


def _repo(tmp_path: Path, shown: str, value: float, ci: tuple[float, float]) -> Path:
    """A repository of one doc printing a figure, and a registry of it measured at its first commit."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "engine.py").write_text("x = 1\n")
    (tmp_path / "docs" / "d.md").write_text(f"The start player wins **{shown}** (random bots).\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run([*git, "add", "-A"], cwd=tmp_path, check=True)
    subprocess.run([*git, "commit", "-qm", "first"], cwd=tmp_path, check=True)
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=tmp_path, capture_output=True, text=True).stdout.strip()
    reg = {"figures": [{"id": "start", "doc": "docs/d.md", "text": shown, "value": value, "ci": list(ci), "command": CMD,
                        "value_path": "positions.0.win_share", "ci_path": "positions.0.ci", "measured": head,
                        "moved_by": ["src"], "cost_s": 5}]}
    (tmp_path / "figures.yaml").write_text(yaml.safe_dump(reg, allow_unicode=True))
    return tmp_path


def _measured(seed: int) -> tuple[float, tuple[float, float]]:
    from soan.lab.figures import run_json

    data = run_json(CMD, seed, ROOT)
    lo, hi = dig(data, "positions.0.ci")
    return float(dig(data, "positions.0.win_share")), (lo, hi)


def test_a_figure_that_reproduces_holds_and_one_changed_by_hand_fails(tmp_path):
    v, ci = _measured(3)
    repo = _repo(tmp_path, f"{v:.1%}", v, ci)
    said: list[str] = []
    res = check(repo / "figures.yaml", repo, seed=3, say=said.append)
    assert res["failed"] == 0 and res["rows"][0]["status"] == "ok", said
    doc = repo / "docs" / "d.md"
    doc.write_text(doc.read_text().replace(f"{v:.1%}", f"{v + 0.2:.1%}"))  # the number edited by hand
    res = check(repo / "figures.yaml", repo, seed=3, say=said.append)
    assert res["failed"] == 1 and "no longer prints" in res["rows"][0]["why"]


def test_a_figure_outside_todays_interval_fails_and_moved_code_is_stale(tmp_path):
    repo = _repo(tmp_path, "97.0%", 0.97, (0.96, 0.98))  # no start player wins 97% of random games
    res = check(repo / "figures.yaml", repo, seed=4, say=lambda s: None)
    assert res["failed"] == 1 and "no longer reproduces" in res["rows"][0]["why"]
    (repo / "src" / "engine.py").write_text("x = 2\n")
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "engine"], cwd=repo, check=True)
    res = check(repo / "figures.yaml", repo, max_cost=0, say=lambda s: None)
    assert res["rows"][0]["status"] == "stale" and "src/engine.py" in res["rows"][0]["why"]


def test_the_projects_registry_is_valid_and_every_figure_is_printed():
    res = check(ROOT / "docs" / "figures.yaml", ROOT, max_cost=0, say=lambda s: None)
    assert res["failed"] == 0, [r for r in res["rows"] if r["status"] == "FAIL"]
    assert len(res["rows"]) >= 4


def test_two_measurements_of_one_figure_are_compared_as_two_and_corrected_across_figures():
    """The documented figure is a measurement too: a difference within both intervals' chance holds; the
    check fails a figure only when the difference stands after Holm's correction across the re-run ones."""
    from soan.lab.figures import _holm, differ

    assert differ(0.316, (0.279, 0.353), 0.276, (0.240, 0.312)) > 0.1  # today's interval excludes it: chance
    assert differ(0.224, (0.198, 0.250), 0.272, (0.245, 0.301)) < 0.05  # the stale Undecim validation
    rows = [{"p": 0.02, "status": "ok", "why": ""}, {"p": 0.03, "status": "ok", "why": ""}, {"p": 0.5, "status": "ok", "why": ""}]
    _holm(rows)  # 0.02 > 0.05 / 3: nothing stands
    assert [r["status"] for r in rows] == ["ok", "ok", "ok"]
    rows = [{"p": 0.001, "status": "ok", "why": ""}, {"p": 0.03, "status": "ok", "why": ""}]
    _holm(rows)
    assert [r["status"] for r in rows] == ["FAIL", "FAIL"]


def test_a_broken_registry_is_named(tmp_path):
    bad = tmp_path / "f.yaml"
    bad.write_text("figures: [{id: x}]\n")
    with pytest.raises(ConfigError, match="is not a figures registry"):
        load_registry(bad)
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "figures_check.py"), "--registry", str(bad)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "not a figures registry" in r.stderr

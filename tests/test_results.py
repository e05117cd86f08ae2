"""docs/results.md is made from its records (docs/results/*.md), each with its command, commit and date,
and a record whose code changed since its commit is marked stale."""

import re
import subprocess
from pathlib import Path

import pytest

from soan.core.errors import ConfigError
from soan.lab import results

ROOT = Path(__file__).resolve().parents[1]


def _body_of(text: str) -> str:
    """results.md without its stale lines (they follow HEAD, not the records)."""
    return re.sub(r"\n\n\*\*Stale\??\*\*[^\n]*", "", text)


def test_the_results_page_is_made_from_its_records():
    recs = results.load(ROOT / "docs" / "results")
    assert recs and all(r.commands and r.measured for r in recs)
    page = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
    assert _body_of(page) == _body_of(results.render(recs)), "run: make results"


def test_a_record_names_its_mistakes(tmp_path):
    (tmp_path / "x.md").write_text("no front matter\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="front matter"):
        results.load(tmp_path)
    (tmp_path / "x.md").write_text("---\nid: y\norder: 1\ntitle: t\nmeasured: abcdef1\ndate: d\n"
                                   "commands: [c]\nmoved_by: [src]\n---\nbody\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="its id 'y' is not its file's name"):
        results.load(tmp_path)


def test_a_record_whose_code_changed_since_its_commit_is_marked_stale(tmp_path):
    def git(*a):
        subprocess.run(["git", *a], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    git("config", "user.email", "t@t")
    git("config", "user.name", "t")
    (tmp_path / "engine.py").write_text("A = 1\n")
    (tmp_path / "notes.md").write_text("x\n")
    git("add", ".")
    git("commit", "-qm", "one")
    first = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=tmp_path, capture_output=True,
                           text=True, check=True).stdout.strip()
    rec = results.Record(id="run", order=1, title="A run", measured=first, date="today", commands=["soan x"],
                         moved_by=["engine.py"], body="| a | b |")
    assert "**Stale**" not in results.render([rec], tmp_path)
    (tmp_path / "notes.md").write_text("y\n")
    git("commit", "-qam", "docs only")
    assert "**Stale**" not in results.render([rec], tmp_path)
    (tmp_path / "engine.py").write_text("A = 2\n")
    git("commit", "-qam", "the engine")
    page = results.render([rec], tmp_path)
    assert f"**Stale**: changed since `{first}`: `engine.py`." in page
    assert "```sh\nsoan x\n```" in page and "| a | b |" in page


def test_a_clone_without_the_measured_commit_says_it_could_not_check_in_one_line(tmp_path):
    rec = results.Record(id="run", order=1, title="A run", measured="abcdef1", date="2026-12-07", commands=["c"],
                         moved_by=["src"], body="b")
    page = results.render([rec], tmp_path)  # not a git checkout at all
    (line,) = [x for x in page.splitlines() if x.startswith("**Stale")]
    assert line.startswith("**Stale?** not checked: commit abcdef1 is not in this checkout")
    assert _body_of(page) == _body_of(results.render([rec]))


def test_a_records_date_and_an_all_digit_commit_are_text(tmp_path):
    (tmp_path / "run.md").write_text("---\nid: run\norder: 1\ntitle: t\nmeasured: 1234567\ndate: 2026-12-07\n"
                                     "commands: [c]\nmoved_by: [src]\n---\nbody\n", encoding="utf-8")
    (rec,) = results.load(tmp_path)
    assert rec.measured == "1234567" and rec.date == "2026-12-07"
    (tmp_path / "run.md").write_text("---\nid: run\norder: x\ntitle: t\nmeasured: abcdef1\ndate: d\n"
                                     "commands: [c]\nmoved_by: [src]\n---\nbody\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"run.md: order: Input should be a valid integer"):
        results.load(tmp_path)

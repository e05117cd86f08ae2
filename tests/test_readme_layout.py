"""README.md's layout section is true: every path it names exists, and it names every package of
src/soan."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOP = ("src/", "tests/", "docs/")


def layout_paths() -> list[Path]:
    """The paths the layout section names: a folder of src/ or tests/ in a bullet sets the folder its
    later bare names (`game.py`, `routes/`) are in (a docs/ path does not); `<game>` stands for each game
    folder."""
    text = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    out: list[Path] = []
    for bullet in re.split(r"\n- ", "\n" + text):
        base: list[Path] = []
        for tok in re.findall(r"`([^`\s]+)`", bullet):
            if not re.fullmatch(r"[\w<>./-]+", tok) or not (tok.endswith((".py", "/", ".md")) or tok.startswith(TOP)):
                continue  # a name in the code (`GameInfo`), an option, an expression
            if tok.startswith(TOP):
                paths = [ROOT / tok.replace("<game>", g.name) for g in (ROOT / "src/soan/games").iterdir()
                         if g.is_dir() and (g / "__init__.py").exists()] if "<game>" in tok else [ROOT / tok]
                if tok.endswith("/") and not tok.startswith("docs/"):
                    base = paths
                out += paths
            else:
                assert base, f"{tok!r} is named before any folder in its line of the layout"
                out += [b / tok for b in base]
    return out


def test_every_path_the_layout_names_exists():
    paths = layout_paths()
    assert len(paths) > 40
    missing = [str(p.relative_to(ROOT)) for p in paths if not p.exists()]
    assert missing == []


def test_the_layout_names_every_package_of_soan():
    named = {d for p in layout_paths() for d in (p, *p.parents)}  # `games/<game>/` names games/ too
    packages = {p for p in (ROOT / "src/soan").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages - named == set()

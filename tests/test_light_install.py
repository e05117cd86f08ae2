"""A light install (`pip install soan`, engine dependencies only) imports, plays every game with every
bot, and plays at the terminal; a lab command says which extra to install. The lab's libraries are
refused by an import hook in a fresh interpreter, as if they were not installed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import soan

SRC = str(Path(soan.__file__).parent.parent)

SCRIPT = textwrap.dedent('''
    import sys

    EXTRAS = {"numpy", "pyarrow", "matplotlib", "matplotlib_fontja", "scipy", "statsmodels", "optuna", "ray",
              "fastapi", "uvicorn", "sqlalchemy", "pandas"}

    class Refuse:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in EXTRAS:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Refuse())

    import soan
    from soan.lab.runner import run_games
    from soan.cli.play import Session
    from soan.cli.main import app
    from typer.testing import CliRunner

    def first(out):
        """The first option listed (numbers stay stable within a step, so not always 1)."""
        i = max(k for k, x in enumerate(out) if x in ("Options:", "選択肢:"))
        return out[i + 1].split(".")[0].strip()

    for g in soan.games():
        res = run_games(g["id"], 2, 3, ["random", "greedy:samples=1:horizon=4", "mcts:iters=8"], seed=1)
        assert all(r.length > 0 for r in res), g["id"]
        out = []
        s = Session(g["id"], 3, [0], ["random"], 2, "ja", record=sys.argv[1] + "/" + g["id"] + ".jsonl",
                    input_fn=lambda q: "y" if "[y/N]" in q or "はい＝y" in q else first(out), output=out.append,
                    clear=False)
        assert s.run() == 0 and "最終得点" in "\\n".join(out), g["id"]
        print("played", g["id"])

    runner = CliRunner()
    r = runner.invoke(app, ["sim", "undecim", "-n", "4", "--players", "3", "--campaign", "--json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["analyze", "la-superba", "power", "--json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["sim", "undecim", "-n", "4", "--out", sys.argv[1] + "/study"])
    assert r.exit_code == 2 and "pip install 'soan[lab]'" in r.output, r.output
    print(r.output.strip())
    r = runner.invoke(app, ["ladder", "undecim", "--agents", "random,random,random", "-n", "3"])
    assert r.exit_code == 2 and "pip install 'soan[lab]'" in r.output, r.output  # its intervals: statsmodels
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in EXTRAS)
    assert not loaded, loaded
    print("ok")
''')


def test_engine_bots_and_terminal_play_without_the_lab_libraries(tmp_path):
    env = {**os.environ, "PYTHONPATH": SRC}
    p = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True, env=env,
                       timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.count("played ") == len(soan.games()) and "ok" in p.stdout
    assert "which comes with soan[lab]: pip install 'soan[lab]'" in p.stdout

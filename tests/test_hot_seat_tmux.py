"""Hot seat in a real terminal: `soan play` runs inside tmux (a terminal that keeps a cleared screen in
its history), and what tmux keeps — its whole scrollback, read with `capture-pane -p -S -` — is checked
at the hand-over screens: nothing of the previous person's hand, cards or goods."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import soan
from system import needs

ROOT = Path(__file__).resolve().parents[1]
TMUX = shutil.which("tmux")
pytestmark = needs("tmux")


class Tmux:
    """One tmux server on its own socket, one window of 100×30 running a command."""

    def __init__(self, tmp: Path, cmd: list[str]) -> None:
        self.sock = str(tmp / "tmux.sock")
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), TERM="xterm-256color")
        line = " ".join(_quote(x) for x in cmd) + "; sleep 60"
        subprocess.run([TMUX, "-f", "/dev/null", "-S", self.sock, "new-session", "-d", "-x", "100", "-y", "30",
                        line], check=True, env=env)

    def history(self) -> str:
        """Everything tmux keeps: the scrollback and the screen."""
        return subprocess.run([TMUX, "-S", self.sock, "capture-pane", "-p", "-S", "-"], check=True,
                              capture_output=True, text=True).stdout

    def wait_for(self, text: str, after: int = 0) -> str:
        """Polls until `text` shows (the `after`-th time and later); bounded, so a stuck game fails."""
        for _ in range(600):
            h = self.history()
            if h.count(text) > after:
                return h
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never showed; the terminal holds:\n{self.history()}")

    def type(self, keys: str) -> None:
        subprocess.run([TMUX, "-S", self.sock, "send-keys", keys, "Enter"], check=True)

    def close(self) -> None:
        subprocess.run([TMUX, "-S", self.sock, "kill-server"], capture_output=True)


def _quote(x: str) -> str:
    return "'" + x.replace("'", "'\\''") + "'"


def test_the_hand_over_leaves_nothing_in_the_terminal_history(tmp_path):
    rec = tmp_path / "rec.jsonl"
    t = Tmux(tmp_path, [sys.executable, "-c", "from soan.cli.main import app; app()", "play", "la-superba",
                        "--lang", "ja", "--humans", "1,2", "--players", "3", "--bots", "normal", "--seed", "21",
                        "--record", str(rec)])
    try:
        first = t.wait_for("準備ができたらエンターキーを押してください")  # a hand-over before the first turn too
        assert "プレイヤー 1に交代してください" in first and "手札" not in first
        t.type("")
        t.wait_for("番号を入力")
        t.type("8")  # three cards face down
        t.wait_for("運ぶアイテム")
        shown = t.history()
        t.type("19")  # the goods to carry
        screen = t.wait_for("プレイヤー 2に交代してください")
        time.sleep(0.3)  # let the hand-over screen settle before reading what the terminal keeps
        screen = t.history()
    finally:
        t.close()
    s = soan.replay(rec)  # player 1's secrets: what they played, what they hold, what they carry
    played, = [a["cards"] for seat, a in _moves(rec) if seat == 0 and a["type"] == "play"]
    hand = [s.card_name(c, "ja") for c in list(s.hands[0]) + played]
    assert all(c in shown for c in hand)  # the secrets were on player 1's screen…
    kept = [x for x in screen.split("\n") if x.strip()]
    leaked = [c for c in hand if c in screen] + [x for x in kept if "あなた" in x or "胡椒3" in x or "手札" in x]
    assert not leaked, screen  # …and nothing of them is left to scroll back to
    assert kept == ["―― 交代 ――", "プレイヤー 2に交代してください。他の人は見ないでください。",
                    "準備ができたらエンターキーを押してください。"]


def _moves(rec: Path) -> list[tuple[int, str]]:
    import json

    out = []
    for line in rec.read_text().splitlines()[1:]:
        d = json.loads(line)
        if "seat" in d:
            out.append((d["seat"], d["action"]))  # seats from 0, as in records
    return out

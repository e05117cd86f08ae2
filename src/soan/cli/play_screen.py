"""Terminal play's screen: the session's fields, its lines folded to the terminal's width, the questions
it asks, and the hand-over between people at one keyboard (the screen and its history wiped)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.hooks import GameText
from ..core.movelog import MoveLog
from ..core.records import Recorder
from ..core.width import fold
from .play_text import msg

# Cursor home, screen, then scrollback (the order of `clear`): a terminal that keeps a cleared screen in
# its history (tmux, VTE) has it wiped by the last step, so the hand-over leaves nothing to scroll back to.
CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def _tty_status(text: str) -> None:
    """A transient status line on a terminal ('thinking…'), erased by the next one."""
    if sys.stdout.isatty():
        sys.stdout.write("\r\x1b[K" + text)
        sys.stdout.flush()


def _line_editing() -> None:
    """Arrow keys and history at the prompt: readline hooks into input() when it is a terminal."""
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401
        except ImportError:  # pragma: no cover - e.g. Windows without pyreadline
            pass


class Screen:
    """What a terminal session holds (set up by play.py's `Session`) and how it speaks to the screen."""

    # the game
    state: Any
    text: GameText
    lang: str
    header: dict[str, Any]  # a resumed record's header (absent for a new game)
    # the record and what was played
    path: Path
    rec: Recorder
    log: MoveLog
    moves: list[tuple[int, Any]]
    epochs: list[Any]
    events: list[tuple[int, str]]
    # who plays
    humans: list[int]
    bot_list: list[str]
    bot_specs: dict[int, str]
    bots: dict[int, Any]
    pending: dict[int, list[Any]]
    # what each person has seen
    seen: dict[int, int]
    seen_rounds: dict[int, int]
    spectator_seen: int
    why: dict[int, tuple[str, dict[int, str]]]
    why_from: dict[int, int]
    last_human: int | None
    last_board: dict[int, str]
    numbers: dict[Any, Any]
    numbers_key: tuple[Any, ...] | None
    # the terminal
    input: Callable[[str], str]
    _print: Callable[[str], None]
    clear: bool
    auto: bool
    width: int
    status: Callable[[str], None]
    thinking: int | None

    def out(self, text: str, raw: bool = False) -> None:
        """Print, folded to the terminal's width; `raw` for lines to copy (commands, paths). A
        'thinking…' line still showing is erased first, so it never runs into the next line."""
        self._end_status()
        if raw or text.startswith("\x1b"):
            self._print(text)
        else:
            self._print(fold(text, self.width))

    def _end_status(self) -> None:
        if self.thinking is not None:
            self.thinking = None
            self.status("")

    def ask(self, prompt: str) -> str:
        """Read a line after `prompt`, folded to the terminal's width like every other line (a long
        question never leaves a lone 「。」 on the next line): its last line is the prompt itself."""
        self._end_status()
        lines = fold(prompt, self.width - 2).split("\n")
        for x in lines[:-1]:
            self._print(x)
        return self.input(lines[-1] + (" " if prompt.endswith(" ") and not lines[-1].endswith(" ") else ""))

    def _t(self, name: str, *args, **kw):
        """A text hook of the game, if it has one."""
        return getattr(self.text, name, None)

    def action_text(self, s, a) -> str:
        f = self._t("action_text")
        return f(s, a, self.lang) if f else s.action_text(a, self.lang)

    def handover(self, seat: int) -> bool:
        """Several people at one keyboard: a blank hand-over screen before each person's turn (the
        first person's first turn too), the screen, the terminal's scrollback and the line editor's
        history wiped before and after it."""
        if len(self.humans) > 1 and self.last_human != seat:
            self._wipe()
            self.out("\n" * 3)
            self.out(msg("handover_mark", self.lang))
            self.out(msg("handover", self.lang, p=self.text.player_name(seat, self.lang)))
            try:
                self.ask(msg("handover_ready", self.lang) + " ")
            except EOFError:
                return False
            self._wipe()
            self.last_board.clear()  # the screen was wiped: draw the board again
        self.last_human = seat
        return True

    def _wipe(self) -> None:
        if self.clear:
            self.out(CLEAR)
            if self.input is input:  # what the previous person typed is not one arrow key away
                try:
                    import readline

                    readline.clear_history()
                except (ImportError, AttributeError):  # pragma: no cover - no readline here
                    pass

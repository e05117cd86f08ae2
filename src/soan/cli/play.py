"""Terminal play: people at a prompt against bots (or each other at one keyboard).

Never a crash, never a lost game: bad input re-prompts, every action is appended to the record as
it is applied, `quit`, Ctrl-C or end of input saves, `--resume FILE` goes on (same language, same
bots). People count seats from 1; the Session, like the Python API, counts from 0.

The session is built from parts by responsibility: the screen and its fields (play_screen.py), the
moves and undo (play_moves.py), what people are told (play_telling.py), a person's decision
(play_turns.py) and the bots' turns (play_bots.py); `Session` sets them up and runs the game.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path

from ..agents import make_agent
from ..core.actions import parse_action
from ..core.errors import RecordError, SoanError
from ..core.game import game_info, make
from ..core.hooks import GameText
from ..core.movelog import MoveLog, rounds_of
from ..core.records import Recorder, read_record, state_from_header
from ..core.rng import derive
from .play_bots import BotTurns
from .play_screen import CLEAR, _line_editing, _tty_status
from .play_telling import replay_lines
from .play_turns import MAX_WRONG, PersonTurns, number_ranges

__all__ = ["CLEAR", "MAX_WRONG", "Session", "number_ranges", "replay_lines", "text_module"]


def text_module(game_id: str) -> GameText:
    """The game's text module (`hooks.text`): terminal play needs one."""
    info = game_info(game_id)
    if info.hooks.text is None:
        raise SoanError(f"{info.id} declares no text module (hooks.text), which terminal play needs")
    return info.hooks.text


class Session(PersonTurns, BotTurns):
    """A game at the terminal: people at the prompt, bots in the other seats, the record written as it goes."""

    def __init__(self, game: str, players: int, humans: list[int], bots: list[str], seed: int,
                 lang: str | None, variants=(), params=None, components=None, record: str | None = None,
                 resume: str | None = None, input_fn: Callable[[str], str] | None = None,
                 output: Callable[[str], None] = print, clear: bool = True, auto: bool = True,
                 width: int | None = None, status: Callable[[str], None] | None = None) -> None:
        if input_fn is None:
            _line_editing()
            input_fn = input
        self.input = input_fn
        self._print = output
        self.clear = clear
        self.auto = auto  # a step with a single option goes on by itself
        self.width = width or max(40, shutil.get_terminal_size((80, 24)).columns)
        self.status = status if status is not None else (_tty_status if output is print else (lambda t: None))
        self.moves: list[tuple[int, object]] = []
        self.epochs: list[tuple] = []
        if resume:
            header, raw = read_record(resume)
            want = game_info(game).id if game else None
            if want and header["game"] != want:
                raise RecordError(f"{resume} is a record of {header['game']}, not {want}; "
                                  f"resume it with: soan play {header['game']} --resume {resume}",
                                  ja=f"{resume} は {header['game']} の記録です（{want} ではありません）。"
                                     f"続きは: soan play {header['game']} --resume {resume}")
            self.header = header
            s = state_from_header(header, resume)
            humans = header.get("humans", humans)
            bots = header.get("bots", bots)
            lang = lang or header.get("lang")
            self.text = text_module(s.game_id)
            for seat, aj in raw:
                a = parse_action(s.game_id, aj)
                self.epochs.append(self.text.epoch(s))
                s.apply(seat, a)
                self.moves.append((seat, a))
            if s.is_over():
                raise RecordError(f"{resume}: this game is over; look at it with: soan replay {resume}",
                                  ja=f"{resume} の対戦は終わっています。見直すには: soan replay {resume}")
            self.path = Path(resume)
            self.state = s
            self.log = MoveLog(self.text, self._fresh)
            self.log.reset(self.moves)
            self.lang = lang or "en"
            self.rec = Recorder(self.path, s, append=True)
        else:
            s = make(game, players=players, seed=seed, variants=list(variants), params=params or {},
                     components=components)
            self.state = s
            self.lang = lang or "en"
            self.text = text_module(s.game_id)
            self.log = MoveLog(self.text, self._fresh)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.path = Path(record) if record else Path("records") / f"{s.game_id}-{seed}-{stamp}.jsonl"
            self.rec = Recorder(self.path, s, humans=humans, bots=bots, lang=self.lang)
        self.humans = list(humans)
        self.bot_list = list(bots)
        n = self.state.cfg.players
        self.bot_specs = {}
        k = 0
        for seat in range(n):
            if seat not in self.humans:
                self.bot_specs[seat] = bots[k % len(bots)] if bots else "random"
                k += 1
        self.bots = {seat: make_agent(spec, seed=derive(self.state.cfg.seed, 5000 + seat))
                     for seat, spec in self.bot_specs.items()}
        if self.moves and any(b.watching(self.state.game_id) for b in self.bots.values()):
            self._rebuild()  # resumed: the watching bots see the moves made so far
        self.seen = {h: len(self.moves) for h in self.humans}
        self.spectator_seen = len(self.moves)
        # move index -> a bot's move in words, and per person its weighed options they may see (agents/reasons.py)
        self.why: dict[int, tuple[str, dict[int, str]]] = {}
        self.events: list[tuple[int, str]] = []  # (moves applied when it happened, text): scores as they change
        self.seen_rounds = {h: len(rounds_of(self.text, self.state)) for h in self.humans}
        self.last_human: int | None = None
        self.last_board: dict[int, str] = {}
        self.numbers: dict = {}  # stable option numbers within a step
        self.numbers_key: tuple | None = None
        self.thinking: int | None = None
        self.pending: dict[int, list] = {}  # a simultaneous phase: each bot's decisions, made before anyone committed

    def run(self) -> int:
        self.why_from = dict(self.seen)
        try:
            while not self.state.is_over():
                acting = self.state.to_act()
                bots = [x for x in acting if x not in self.humans]
                if bots:
                    if len(acting) > 1 and not any(self.pending.get(x) for x in bots):
                        self._decide_together(bots)
                    self.bot_turn(bots[0])
                    continue
                self._end_status()
                seat = acting[0]
                before = self.seen.get(seat, 0)
                if not self.human_turn(seat):
                    self._saved()
                    return 1
                self.why_from[seat] = before
            self.finish()
            return 0
        except KeyboardInterrupt:
            self._end_status()
            self.out("")
            self._saved()
            return 130
        finally:
            self.rec.close()

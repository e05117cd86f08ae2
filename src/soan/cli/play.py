"""Terminal play: people at a prompt against bots (or each other at one keyboard).

Never a crash, never a lost game: bad input re-prompts, every action is appended to the record as
it is applied, `quit`, Ctrl-C or end of input saves, `--resume FILE` goes on (same language, same
bots). People count seats from 1; the Session, like the Python API, counts from 0.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

from ..agents import SeatView, make_agent
from ..agents.drive import forget_watched, show_move, simultaneous_choices
from ..agents.reasons import public_reasons
from ..core.actions import parse_action
from ..core.errors import IllegalAction, RecordError, SoanError
from ..core.game import game_info, make
from ..core.hooks import GameText
from ..core.movelog import MoveLog, rounds_of
from ..core.records import Recorder, read_record, state_from_header
from ..core.rng import derive
from ..core.width import fold
from .play_text import COMMANDS, bot_name, msg

# Cursor home, screen, then scrollback (the order of `clear`): a terminal that keeps a cleared screen in
# its history (tmux, VTE) has it wiped by the last step, so the hand-over leaves nothing to scroll back to.
CLEAR = "\x1b[H\x1b[2J\x1b[3J"

MAX_WRONG = 50  # inputs in a row that choose nothing before the game stops (saved) rather than loop forever


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


def text_module(game_id: str) -> GameText:
    """The game's text module (`hooks.text`): terminal play needs one."""
    info = game_info(game_id)
    if info.hooks.text is None:
        raise SoanError(f"{info.id} declares no text module (hooks.text), which terminal play needs")
    return info.hooks.text


class Session:
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

    def _fresh(self):
        """The state before the first move (for the log's words, and to replay after an undo)."""
        header = getattr(self, "header", None)
        return state_from_header(header) if header else make(
            self.state.game_id, players=self.state.cfg.players, seed=self.state.cfg.seed,
            variants=list(self.state.cfg.variants), params=dict(self.state.cfg.params),
            components=self.state.cfg.components_path)

    # ------------------------------------------------------------------------------------------
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

    def _apply(self, seat: int, action) -> None:
        announce = self._t("announce")
        before = self.state.clone()
        show_move(self.bots, self.state, seat, action)  # bots that watch the others' moves see it
        self.epochs.append(self.text.epoch(self.state))
        self.state.apply(seat, action)
        self.moves.append((seat, action))
        self.rec.add(seat, action)
        self.log.add(before, seat, action, self.state)  # its words, fixed now: from the state before it
        if announce:
            said = announce(before, self.state, self.lang)
            for line in ([said] if isinstance(said, str) else said or []):
                self.events.append((len(self.moves), line))

    def _rebuild(self) -> None:
        s = self._fresh()
        self.epochs = []
        bots = getattr(self, "bots", {})  # none yet while a --resume is read
        forget_watched(bots)
        for seat, a in self.moves:
            self.epochs.append(self.text.epoch(s))
            show_move(bots, s, seat, a)  # a watching bot judges again exactly the moves that stand
            s.apply(seat, a)
        self.state = s
        self.log.reset(self.moves)

    def undo(self, seat: int) -> bool:
        """Take back this seat's last step while nothing has been revealed or drawn since."""
        now = self.text.epoch(self.state)
        for k in range(len(self.moves) - 1, -1, -1):
            if self.epochs[k] != now:
                return False
            if self.moves[k][0] == seat:
                a = self.moves.pop(k)[1]
                self.why = {(i - 1 if i > k else i): w for i, w in self.why.items() if i != k}
                self._rebuild()
                if self.text.epoch(self.state) != now:  # safety: never undo through a reveal
                    self.moves.insert(k, (seat, a))
                    self._rebuild()
                    return False
                self.rec.rewrite(self.state, self.moves, humans=self.humans, bots=self.bot_list, lang=self.lang)
                self.out(msg("undone", self.lang, a=self.action_text(self.state, a)))
                return True
        return False

    # ------------------------------------------------------------------------------------------
    def _log_lines(self, start: int, me: int | None) -> list[str]:
        """What happened since move `start`, as `me` may know it: one line per turn of another
        player where the game summarises turns, else one per move; score events where they fell."""
        lang = self.lang
        lines: list[str] = []
        run: list[int] = []  # move indices of another seat's run
        run_seat = None

        def flush() -> None:
            nonlocal run
            if run and run_seat is not None:
                said = self.log.summary(run[0], run[-1] + 1, me, lang)
                if said is not None:
                    lines.append("  " + said)
                else:
                    lines.extend("  " + self.log.line(k, me, lang) for k in run)
            run = []

        events: dict[int, list[str]] = {}
        for at, said in self.events:
            events.setdefault(at, []).append(said)
        pending: list[str] = []  # score events wait for the end of the turn they fell in
        for k in range(start, len(self.moves)):
            seat, a = self.moves[k]
            if seat != run_seat:
                flush()
                lines.extend(pending)
                pending = []
                run_seat = seat
            if seat != me:
                run.append(k)
            pending.extend(events.get(k + 1, ()))
        flush()
        lines.extend(pending)
        return [x for x in lines if x.strip()]

    def show_log(self, seat: int) -> None:
        lang = self.lang
        lines = self._log_lines(self.seen[seat], seat)
        hist = self.log.rounds(seat, lang)
        lines += [x for _, said in hist[self.seen_rounds[seat]:] for x in said]
        if lines:  # no empty header on the first screen
            self.out(msg("since", lang))
            for x in lines:
                self.out(x)
        self.seen[seat] = len(self.moves)
        self.seen_rounds[seat] = len(hist)

    def show_why(self, seat: int) -> None:
        """The bots' reasons for their moves since this seat's previous decision (public moves only)."""
        lang = self.lang
        if not getattr(self.text, "PUBLIC_MOVES", False):
            self.out(msg("why_secret", lang))
            return
        start = self.why_from.get(seat, 0)
        shown = False
        for k in range(start, len(self.moves)):
            if k in self.why:
                a, per_seat = self.why[k]
                w = per_seat.get(seat) or msg("why_hidden", lang)
                self.out(msg("why", lang, p=self.text.player_name(self.moves[k][0], lang, seat), a=a, w=w))
                shown = True
        if not shown:
            self.out(msg("why_none", lang))

    def _weighed(self, options) -> str:
        """Weighed options in words with their values: 'a 0.35, b -11.49'."""
        return ", ".join(f"{self._plain_json(x)} {v:.2f}" for x, v in options)

    def _plain_json(self, x) -> str:
        """A bot's candidate (an action or its text) in the chosen language, where it can be parsed."""
        if isinstance(x, str):
            try:
                return self.action_text(self.state, parse_action(self.state.game_id, x))
            except (SoanError, ValueError, KeyError, IndexError, AttributeError):
                return x
        try:
            return self.action_text(self.state, x)
        except (SoanError, ValueError, KeyError, IndexError, AttributeError, TypeError):
            return x.text(self.lang) if hasattr(x, "text") else str(x)

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

    def _numbered(self, seat: int, legal: list) -> list[tuple[int, object]]:
        """Option numbers stay the same within a step: an option keeps its number while it is offered,
        also when the step comes back after a sub-step (a card's transport within the action step);
        a sub-step opened anew numbers from 1."""
        s = self.state
        key = (seat, self.text.epoch(s))
        if key != self.numbers_key:
            self.numbers_key = key
            self.numbers = {}
        kind = s.prompt(seat).kind
        if kind in self.numbers:  # back at a step: the sub-steps opened since then are over
            kinds = list(self.numbers)
            for k in kinds[kinds.index(kind) + 1:]:
                del self.numbers[k]
        table = self.numbers.setdefault(kind, {})
        if not any(a in table for a in legal):  # a fresh list: number it from 1
            table.clear()
        for a in legal:
            if a not in table:
                table[a] = max(table.values(), default=0) + 1
        return sorted(((table[a], a) for a in legal), key=lambda x: x[0])

    def human_turn(self, seat: int) -> bool:
        """One decision; False if the person quit."""
        lang = self.lang
        if not self.handover(seat):
            return False
        self.show_log(seat)
        board = self.text.render(self.state, seat, lang)
        if board != self.last_board.get(seat):  # a sub-step that changed nothing does not draw it again
            self.out(board)
            self.last_board[seat] = board
        wrong = 0
        while True:
            s = self.state
            if seat not in s.to_act():
                return True
            legal = s.legal_actions(seat)
            if self.auto and len(legal) == 1:
                self.out(msg("auto", lang, a=self.action_text(s, legal[0])))
                self._apply(seat, legal[0])
                return True
            numbered = self._offer(s, seat, legal)
            if wrong >= MAX_WRONG:  # piped input that never gives a choice (`yes 1` past its option): stop, saved
                self.out(msg("too_many_wrong", lang, n=MAX_WRONG))
                return False
            wrong += 1  # a valid choice leaves this loop; anything else counts
            try:
                raw = self.ask(msg("prompt", lang) + "> ").strip()
            except EOFError:
                return False
            if not raw:
                continue
            cmd = COMMANDS.get(raw.lower())
            if cmd == "quit":
                return False
            if cmd is not None:
                self._command(cmd, s, seat)
                continue
            action = self._chosen(s, raw, numbered, legal)
            if action is None:
                continue
            ok = self._confirmed(s, action)
            if ok is None:
                return False
            if not ok:
                continue
            try:
                self._apply(seat, action)
            except IllegalAction as e:
                self.out(msg("not_legal", lang, raw=raw, e=e))
                continue
            return True

    def _offer(self, s, seat: int, legal: list) -> list[tuple[int, object]]:
        """The step's question and its numbered options; the numbers."""
        lang = self.lang
        # one option (auto off): no "choose 1-3" over a list that holds only one thing
        pt = self._t("prompt_text")
        self.out(msg("only_one", lang) if len(legal) == 1 else pt(s, seat, lang) if pt else s.prompt(seat).text(lang))
        numbered = self._numbered(seat, legal)
        self.out(msg("options", lang))
        for i, a in numbered:
            desc = self.action_text(s, a)
            typed = str(a)
            self.out(f"  {i:>3}. {desc}" + ("" if lang == "ja" or desc == typed else f"    [{typed}]"))
        return numbered

    def _command(self, cmd: str, s, seat: int) -> None:
        """help, view, log, why or undo (quit is the caller's)."""
        lang = self.lang
        if cmd == "help":
            self.out(self.text.help_text(s, lang))
        elif cmd == "view":
            self.out(self.text.render(s, seat, lang))
        elif cmd == "log":
            self.out(self.text.full_log(s, lang, seat))
        elif cmd == "why":
            self.show_why(seat)
        elif cmd == "undo":
            if not self.undo(seat):
                self.out(msg("no_undo", lang))
            else:
                self.out(self.text.render(self.state, seat, lang))

    def _chosen(self, s, raw: str, numbered: list[tuple[int, object]], legal: list):
        """The action an option number or a typed action names, or None (said why)."""
        lang = self.lang
        numbers = dict(numbered)
        if raw.isdigit():
            k = int(raw)
            if k in numbers:
                return numbers[k]
            nums = sorted(numbers)
            if len(nums) == 1:
                self.out(msg("bad_number_one", lang, n=k, k=nums[0]))
            else:
                self.out(msg("bad_number", lang, n=k, k=number_ranges(nums, lang)))
            return None
        try:
            action = parse_action(s.game_id, raw)
        except (IllegalAction, SoanError) as e:
            self.out(msg("not_action", lang, raw=raw, e=e))
            return None
        if action not in legal:
            self.out(msg("not_legal", lang, raw=raw, e=self._plain_json(action)))
            return None
        return action

    def _confirmed(self, s, action) -> bool | None:
        """Whether the person confirms a move the game asks about twice (True when it does not ask);
        None at the end of input."""
        confirm = self._t("confirm")
        question = confirm(s, action, self.lang) if confirm else None
        if not question:
            return True
        try:
            return self.ask(question + msg("yes_no", self.lang)).strip().lower() in ("y", "yes", "はい", "h")
        except EOFError:
            return None

    def bot_turn(self, seat: int) -> None:
        if self.humans and self.thinking != seat:
            self.status(msg("thinking", self.lang, p=self.text.player_name(seat, self.lang)))
            self.thinking = seat
        queued = self.pending.get(seat)
        d = queued.pop(0) if queued else None
        if d is None or d.action not in self.state.legal_actions(seat):
            self.pending.pop(seat, None)
            d = self.bots[seat].decide(SeatView(self.state, seat))
        desc = self._plain_json(d.action) if d.why or not self.humans else ""  # in words, before the move
        weighed = self._weighed(d.why[:3]) if d.why else ""
        if d.why and self.humans and getattr(self.text, "PUBLIC_MOVES", False):  # (else `w` shows none)
            # each person sees only the options their own observation allows
            self.why[len(self.moves)] = (desc, {h: self._weighed(public_reasons(
                self.state, seat, h, d.why, chosen=d.action, seed=len(self.moves))[:3]) for h in self.humans})
        self._apply(seat, d.action)
        if not self.humans:  # a spectator (no secrets to keep) sees every move, or one line per turn
            if self._t("summarize_turn") is None:
                k = len(self.moves) - 1
                self.out(msg("bot", self.lang, p=self.text.player_name(seat, self.lang), a=desc))
                for line in [x for at, x in self.events if at == k + 1]:
                    self.out(line)
                if d.why:
                    self.out(msg("why_inline", self.lang, w=weighed))
                self.spectator_seen = len(self.moves)
                return
            acting = () if self.state.is_over() else self.state.to_act()
            if seat not in acting:
                for x in self._log_lines(self.spectator_seen, None):
                    self.out(x)
                self.spectator_seen = len(self.moves)

    def _saved(self) -> None:
        self.out(msg("saved", self.lang, f=self.path, g=self.state.game_id), raw=True)

    def _decide_together(self, seats: list[int]) -> None:
        """Bots acting at once (a simultaneous secret phase) all decide on the state as it stands
        before any of them commits, as `soan sim` drives them (agents/drive.py); their decisions are
        then applied one by one in seat order."""
        made: dict[int, list] = {x: [] for x in seats}

        def act(seat: int, view: SeatView):
            d = self.bots[seat].decide(view)
            made[seat].append(d)
            return d.action

        simultaneous_choices(self.state, sorted(seats), act)
        self.pending = made

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

    def finish(self) -> None:
        lang = self.lang
        s = self.state
        me = self.humans[0] if len(self.humans) == 1 else None
        if self.humans:
            start = min(self.seen.values())
            lines = self._log_lines(start, me)
            lines += [x for _, said in self.log.rounds(me, lang)[min(self.seen_rounds.values()):] for x in said]
            for x in lines:
                self.out(x)
        self.out(msg("over", lang))
        sc, rk = s.scores(), s.ranks()
        for seat in s.ranking():
            who = self.text.player_name(seat, lang, me)
            tag = "" if seat in self.humans else f" [{msg('bot_tag', lang, b=bot_name(self.bot_specs.get(seat), lang))}]"
            self.out(msg("rank_line", lang, r=rk[seat], p=who, t=tag, v=sc[seat]))
        self.out(msg("winner", lang, p="、".join(self.text.player_name(w, lang, me) for w in s.winners())
                     if lang == "ja" else ", ".join(self.text.player_name(w, lang, me) for w in s.winners())))
        self.out(msg("finished", lang, f=self.path), raw=True)


def number_ranges(nums: list[int], lang: str) -> str:
    """The option numbers that exist, runs joined: 1-3, 5, 7 (1〜3、5、7)."""
    runs: list[list[int]] = []
    for n in sorted(nums):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    dash, sep = ("〜", "、") if lang == "ja" else ("-", ", ")
    return sep.join(f"{a}{dash}{b}" if b > a + 1 else f"{a}{sep}{b}" if b == a + 1 else str(a) for a, b in runs)


def replay_lines(s, lang: str) -> list[str]:
    """A replayed record for people: each player's score and rank, seats from 1."""
    text = game_info(s.game_id).hooks.text
    lines: list[str] = [f"{game_info(s.game_id).name_ja if lang == 'ja' else game_info(s.game_id).name}"]
    over = s.is_over()
    lines.append(msg("over" if over else "not_over", lang))
    sc, rk = s.scores(), s.ranks()
    for seat in s.ranking():
        who = text.player_name(seat, lang) if text is not None else f"{'プレイヤー' if lang == 'ja' else 'Player'} {seat + 1}"
        lines.append(msg("rank_line", lang, r=rk[seat], p=who, t="", v=sc[seat]))
    return lines

"""A person's decision at the prompt: the question and its numbered options (a number kept while its
option is offered), a typed action or a command, a confirmation where the game asks for one."""

from __future__ import annotations

from ..core.actions import parse_action
from ..core.errors import IllegalAction, SoanError
from .play_telling import Telling
from .play_text import COMMANDS, msg

MAX_WRONG = 50  # inputs in a row that choose nothing before the game stops (saved) rather than loop forever


class PersonTurns(Telling):
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

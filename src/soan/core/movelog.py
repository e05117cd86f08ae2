"""A game's log in words, fixed when each move is made.

A move's text comes from the game's text module (`log_move`, and `summarize_turn` for a run of one
seat's moves) on the state *before* the move; a round record (`rounds(state)`, La Superba's reveals)
is worded on the state it appeared in. Once written, a line never changes: nothing is rendered
again against a later state (a card taken from where it lay is said to come from there, also once it
has left). Terminal play and the web both read their log from here.

Words are kept per viewpoint (`me`: a seat, or None for a spectator) and language, made on first
demand by replaying the moves from the start, then kept up to date move by move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

View = tuple[int | None, str]  # (me, lang)


@dataclass
class _Words:
    lines: list[str] = field(default_factory=list)  # per move: log_move on the state before it
    runs: list[str] = field(default_factory=list)  # per move: the summary of its seat's run up to it
    rounds: list[tuple[int, list[str]]] = field(default_factory=list)  # (moves made when it appeared, lines)


def rounds_of(text: Any, state: Any) -> Sequence[Any]:
    """A game's public round records: its text module's `rounds(state)`, else the state's `history`."""
    fn = getattr(text, "rounds", None)
    if fn is not None:
        return fn(state)  # type: ignore[no-any-return]
    return getattr(state, "history", None) or ()


class MoveLog:
    """The words of every move made so far, for each viewpoint and language asked for."""

    def __init__(self, text: Any, start: Callable[[], Any]) -> None:
        """`text`: the game's text module; `start()`: a fresh state before the first move."""
        self.text = text
        self.start = start
        self.moves: list[tuple[int, Any]] = []
        self.run_from: list[int] = []  # per move: where its seat's run of moves began
        self._run_state: Any = None  # the state before the current run (for its summary)
        self._words: dict[View, _Words] = {}

    # -- writing ------------------------------------------------------------------------------
    def add(self, before: Any, seat: int, action: Any, after: Any) -> None:
        """Record a move: `before` and `after` are the states around it (neither is changed)."""
        k = len(self.moves)
        new_run = not self.moves or self.moves[-1][0] != seat
        if new_run:
            self._run_state = before.clone()
        elif self._run_state is None:  # moves set by `reset`: the state before the current run, replayed
            self._run_state = self._replayed(self.run_from[-1])
        self.moves.append((seat, action))
        self.run_from.append(k if new_run else self.run_from[-1])
        for view, w in self._words.items():
            self._write(w, view, before, seat, action, after)

    def reset(self, moves: Sequence[tuple[int, Any]]) -> None:
        """The moves that stand (a game loaded or a move taken back), worded again on demand."""
        self.moves, self.run_from, self._words, self._run_state = [], [], {}, None
        for k, (seat, a) in enumerate(moves):
            self.run_from.append(k if k == 0 or moves[k - 1][0] != seat else self.run_from[-1])
            self.moves.append((seat, a))

    def _replayed(self, n: int) -> Any:
        s = self.start()
        for seat, a in self.moves[:n]:
            s.apply(seat, a)
        return s

    def _write(self, w: _Words, view: View, before: Any, seat: int, action: Any, after: Any) -> None:
        me, lang = view
        k = len(w.lines)
        w.lines.append(self.text.log_move(before, seat, action, lang, me))
        summarize = getattr(self.text, "summarize_turn", None)
        if summarize is not None:
            acts = [a for _, a in self.moves[self.run_from[k]:k + 1]]
            w.runs.append(summarize(self._run_state, seat, acts, lang, me))
        had = len(rounds_of(self.text, before))
        for entry in rounds_of(self.text, after)[had:]:
            said = self.text.render_round(after, entry, lang, me)
            w.rounds.append((k + 1, [x for x in said.splitlines() if x.strip()]))

    def _view(self, me: int | None, lang: str) -> _Words:
        w = self._words.get((me, lang))
        if w is None:  # first asked: word every move so far, replayed from the start
            w = _Words()
            s = self.start()
            run_state = self._run_state
            for k, (seat, a) in enumerate(self.moves):
                if self.run_from[k] == k:
                    self._run_state = s.clone()
                after = s.clone()
                after.apply(seat, a)
                self._write(w, (me, lang), s, seat, a, after)
                s = after
            self._run_state = run_state
            self._words[me, lang] = w
        return w

    # -- reading ------------------------------------------------------------------------------
    def line(self, k: int, me: int | None, lang: str) -> str:
        """Move k as `me` may know it."""
        return self._view(me, lang).lines[k]

    def summary(self, start: int, end: int, me: int | None, lang: str) -> str | None:
        """One line for the moves start..end-1 of one seat: the game's summary of the run, if it has
        one and the moves are a whole run so far (else None: show the moves' lines)."""
        if getattr(self.text, "summarize_turn", None) is None or end <= start or self.run_from[end - 1] != start:
            return None
        return self._view(me, lang).runs[end - 1]

    def rounds(self, me: int | None, lang: str) -> list[tuple[int, list[str]]]:
        """The round records in words: (moves made when it appeared, its lines)."""
        return self._view(me, lang).rounds

    def entries(self, me: int | None, lang: str) -> list[str]:
        """Every move's line with the round records where they appeared, in order."""
        w = self._view(me, lang)
        out: list[str] = []
        r = 0
        for k, x in enumerate(w.lines):
            while r < len(w.rounds) and w.rounds[r][0] <= k:
                out.extend(w.rounds[r][1])
                r += 1
            out.append(x)
        for _, lines in w.rounds[r:]:
            out.extend(lines)
        return [x for x in out if x.strip()]

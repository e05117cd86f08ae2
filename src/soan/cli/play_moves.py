"""Terminal play's moves: each applied, recorded and worded as it is made, and a person's own last
step taken back while nothing was revealed since (the state rebuilt from the moves that stand)."""

from __future__ import annotations

from ..agents.drive import forget_watched, show_move
from ..core.game import make
from ..core.records import state_from_header
from .play_screen import Screen
from .play_text import msg


class Moves(Screen):
    def _fresh(self):
        """The state before the first move (for the log's words, and to replay after an undo)."""
        header = getattr(self, "header", None)
        return state_from_header(header) if header else make(
            self.state.game_id, players=self.state.cfg.players, seed=self.state.cfg.seed,
            variants=list(self.state.cfg.variants), params=dict(self.state.cfg.params),
            components=self.state.cfg.components_path)

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

    def _saved(self) -> None:
        self.out(msg("saved", self.lang, f=self.path, g=self.state.game_id), raw=True)

"""The bots' turns in terminal play: each decides on its own view (those acting at once on the same
state, as `soan sim` drives them), its reasons kept for the people who may see them."""

from __future__ import annotations

from ..agents import SeatView
from ..agents.drive import simultaneous_choices
from ..agents.reasons import public_reasons
from .play_telling import Telling
from .play_text import msg


class BotTurns(Telling):
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

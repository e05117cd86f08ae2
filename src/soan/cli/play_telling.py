"""What terminal play tells people: what happened since their last decision (one line per turn where the
game summarises turns), the bots' reasons, the end of the game, and a replayed record's result."""

from __future__ import annotations

from ..core.actions import parse_action
from ..core.errors import SoanError
from ..core.game import game_info
from .play_moves import Moves
from .play_text import bot_name, msg


class Telling(Moves):
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

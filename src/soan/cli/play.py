"""Terminal play: people at a prompt against bots (or each other at one keyboard).

Never a crash, never a lost game: bad input re-prompts, every action is appended to the record as
it is applied, `quit` (or end of input) saves, `--resume FILE` goes on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..agents import SeatView, make_agent
from ..core.actions import parse_action
from ..core.errors import IllegalAction, SoanError
from ..core.game import game_info, make
from ..core.hooks import GameText
from ..core.records import Recorder, read_record, state_from_header
from ..core.rng import derive

MSG = {
    "prompt": ("Your choice (number, action text, help, view, log, undo, quit)", "選択（番号・アクション・help・view・log・undo・quit）"),
    "bad_number": ("No option {n}; choose 1-{k}.", "{n}番はありません。1〜{k}から選んでください。"),
    "not_legal": ("Not a legal action now: {e}", "今は選べません: {e}"),
    "handover": ("Pass the keyboard to {p}. Nobody else may look. Press Enter when ready.",
                 "{p}に交代してください。他の人は見ないでください。準備ができたらEnter。"),
    "saved": ("Record saved: {f}\nResume with: soan play {g} --resume {f}",
              "記録を保存しました: {f}\n再開: soan play {g} --resume {f}"),
    "undone": ("Undone: {a}", "取り消しました: {a}"),
    "no_undo": ("Nothing of yours to undo since the last reveal.", "最後の公開以降、取り消せる行動がありません。"),
    "over": ("Final scores", "最終得点"),
    "options": ("Options:", "選択肢:"),
    "bot": ("{p} (bot) → {a}", "{p}（ボット）→ {a}"),
    "why": ("    why: {w}", "    理由: {w}"),
    "since": ("Since your last decision:", "前回の選択以降:"),
    "winner": ("Winner: {p}", "勝者: {p}"),
}


def msg(key: str, lang: str, **kw) -> str:
    en, ja = MSG[key]
    return (ja if lang == "ja" else en).format(**kw)


def text_module(game_id: str) -> GameText:
    """The game's text module (`hooks.text`): terminal play needs one."""
    info = game_info(game_id)
    if info.hooks.text is None:
        raise SoanError(f"{info.id} declares no text module (hooks.text), which terminal play needs")
    return info.hooks.text


class Session:
    def __init__(self, game: str, players: int, humans: list[int], bots: list[str], seed: int, lang: str,
                 variants=(), params=None, components=None, record: str | None = None,
                 resume: str | None = None, input_fn: Callable[[str], str] = input,
                 output: Callable[[str], None] = print, clear: bool = True) -> None:
        self.lang = lang
        self.input = input_fn
        self.out = output
        self.clear = clear
        self.moves: list[tuple[int, object]] = []
        self.epochs: list[tuple] = []
        if resume:
            header, raw = read_record(resume)
            self.header = header
            s = state_from_header(header, resume)
            humans = header.get("humans", humans)
            bots = header.get("bots", bots)
            self.text = text_module(s.game_id)
            for seat, aj in raw:
                a = parse_action(s.game_id, aj)
                self.epochs.append(self.text.epoch(s))
                s.apply(seat, a)
                self.moves.append((seat, a))
            self.path = Path(resume)
            self.state = s
            self.rec = Recorder(self.path, s, append=True)
        else:
            s = make(game, players=players, seed=seed, variants=list(variants), params=params or {},
                     components=components)
            self.state = s
            self.text = text_module(s.game_id)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.path = Path(record) if record else Path("records") / f"{s.game_id}-{seed}-{stamp}.jsonl"
            self.rec = Recorder(self.path, s, humans=humans, bots=bots)
        self.humans = list(humans)
        n = self.state.cfg.players
        self.bot_specs = {}
        k = 0
        for seat in range(n):
            if seat not in self.humans:
                self.bot_specs[seat] = bots[k % len(bots)] if bots else "random"
                k += 1
        self.bots = {seat: make_agent(spec, seed=derive(self.state.cfg.seed, 5000 + seat))
                     for seat, spec in self.bot_specs.items()}
        self.seen = {h: len(self.moves) for h in self.humans}
        self.why: dict[int, list] = {}  # move index -> a bot's top actions and values
        self.seen_rounds = {h: len(self.rounds(self.state)) for h in self.humans}
        self.last_human: int | None = None

    def rounds(self, state) -> Sequence:
        """The public round records the game's text module shows between decisions (its optional
        `rounds(state)`; a game without it shows moves only)."""
        fn = getattr(self.text, "rounds", None)
        return fn(state) if fn else ()

    # ------------------------------------------------------------------------------------------
    def _apply(self, seat: int, action) -> None:
        self.epochs.append(self.text.epoch(self.state))
        self.state.apply(seat, action)
        self.moves.append((seat, action))
        self.rec.add(seat, action)

    def _rebuild(self) -> None:
        header = self.header if hasattr(self, "header") else None
        s = state_from_header(header) if header else make(
            self.state.game_id, players=self.state.cfg.players, seed=self.state.cfg.seed,
            variants=list(self.state.cfg.variants), params=dict(self.state.cfg.params),
            components=self.state.cfg.components_path)
        self.epochs = []
        for seat, a in self.moves:
            self.epochs.append(self.text.epoch(s))
            s.apply(seat, a)
        self.state = s

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
                self.rec.rewrite(self.state, self.moves, humans=self.humans, bots=list(self.bot_specs.values()))
                self.out(msg("undone", self.lang, a=self.state.action_text(a, self.lang)))
                return True
        return False

    # ------------------------------------------------------------------------------------------
    def show_log(self, seat: int) -> None:
        lang = self.lang
        new = self.moves[self.seen[seat]:]
        hist = self.rounds(self.state)
        rounds = hist[self.seen_rounds[seat]:]
        base = self.seen[seat]
        others = [(base + k, s, a) for k, (s, a) in enumerate(new) if s != seat]
        public = getattr(self.text, "PUBLIC_MOVES", False)
        if others or rounds:
            self.out(msg("since", lang))
            for k, s, a in others:
                self.out("  " + self.text.log_move(self.state, s, a, lang, seat))
                if public and self.why.get(k):  # only where the move itself is public
                    self.out(msg("why", lang, w=", ".join(f"{x} {v:.2f}" for x, v in self.why[k][:3])))
            for entry in rounds:
                self.out(self.text.render_round(self.state, entry, lang, seat))
        self.seen[seat] = len(self.moves)
        self.seen_rounds[seat] = len(hist)

    def handover(self, seat: int) -> None:
        if len(self.humans) > 1 and self.last_human is not None and self.last_human != seat:
            if self.clear:
                self.out("\033[2J\033[H")
            self.out("\n" * 3)
            self.input(msg("handover", self.lang, p=self.text.player_name(seat, self.lang)) + " ")
            if self.clear:
                self.out("\033[2J\033[H")
        self.last_human = seat

    def human_turn(self, seat: int) -> bool:
        """One decision; False if the person quit."""
        lang = self.lang
        s = self.state
        self.handover(seat)
        self.show_log(seat)
        self.out(self.text.render(s, seat, lang))
        while True:
            s = self.state
            if seat not in s.to_act():
                return True
            legal = s.legal_actions(seat)
            self.out(s.prompt(seat).text(lang))
            self.out(msg("options", lang))
            for i, a in enumerate(legal, 1):
                desc = s.action_text(a, lang)
                self.out(f"  {i:>3}. {desc}" + ("" if desc == str(a) else f"    [{a}]"))
            try:
                raw = self.input(msg("prompt", lang) + "> ").strip()
            except EOFError:
                return False
            if not raw:
                continue
            low = raw.lower()
            if low in ("quit", "exit", "q", "終了"):
                return False
            if low in ("help", "h", "?", "ヘルプ"):
                self.out(self.text.help_text(s, lang))
                continue
            if low in ("view", "v", "盤面"):
                self.out(self.text.render(s, seat, lang))
                continue
            if low in ("log", "l", "記録"):
                self.out(self.text.full_log(s, lang, seat))
                continue
            if low in ("undo", "u", "取消", "取り消し"):
                if not self.undo(seat):
                    self.out(msg("no_undo", lang))
                else:
                    self.out(self.text.render(self.state, seat, lang))
                continue
            if raw.isdigit():
                k = int(raw)
                if not 1 <= k <= len(legal):
                    self.out(msg("bad_number", lang, n=k, k=len(legal)))
                    continue
                action = legal[k - 1]
            else:
                try:
                    action = parse_action(s.game_id, raw)
                except (IllegalAction, SoanError) as e:
                    self.out(msg("not_legal", lang, e=e))
                    continue
            confirm = getattr(self.text, "confirm", None)
            question = confirm(s, action, lang) if confirm else None
            if question:
                try:
                    ok = self.input(question + " [y/N] ").strip().lower() in ("y", "yes", "はい", "h")
                except EOFError:
                    return False
                if not ok:
                    continue
            try:
                self._apply(seat, action)
            except IllegalAction as e:
                self.out(msg("not_legal", lang, e=e))
                continue
            return True

    def bot_turn(self, seat: int, verbose: bool) -> None:
        d = self.bots[seat].decide(SeatView(self.state, seat))
        if verbose and not self.humans:  # a spectator sees every move, with the bot's reasons
            self.out(msg("bot", self.lang, p=self.text.player_name(seat, self.lang),
                         a=self.state.action_text(d.action, self.lang)))
            if d.why:
                self.out(msg("why", self.lang, w=", ".join(f"{a} {v:.2f}" for a, v in d.why[:3])))
        if d.why:
            self.why[len(self.moves)] = d.why
        self._apply(seat, d.action)

    def run(self) -> int:
        try:
            while not self.state.is_over():
                acting = self.state.to_act()
                bots = [x for x in acting if x not in self.humans]
                if bots:
                    self.bot_turn(bots[0], True)
                    continue
                if not self.human_turn(acting[0]):
                    self.out(msg("saved", self.lang, f=self.path, g=self.state.game_id))
                    return 1
            self.finish()
            return 0
        finally:
            self.rec.close()

    def finish(self) -> None:
        lang = self.lang
        s = self.state
        me = self.humans[0] if len(self.humans) == 1 else None
        if self.humans:
            for h in self.humans:
                self.seen[h] = len(self.moves)
            hist = self.rounds(s)
            for entry in hist[min(self.seen_rounds.values()):]:
                self.out(self.text.render_round(s, entry, lang, me))
        self.out(msg("over", lang) + ":")
        sc, rk = s.scores(), s.ranks()
        for seat in s.ranking():
            who = self.text.player_name(seat, lang, me)
            tag = "" if seat in self.humans else f" [{self.bot_specs.get(seat)}]"
            self.out(f"  #{rk[seat]} {who}{tag}: {sc[seat]}")
        self.out(msg("winner", lang, p=", ".join(self.text.player_name(w, lang, me) for w in s.winners())))
        self.out(msg("saved", lang, f=self.path, g=s.game_id))

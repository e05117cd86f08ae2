"""A record stepped forward and back (no server needed): the state after any number of moves, each
seat's view or the full view, the last move as that seat may see it, the scores after every move.
Used by `soan serve`'s replay page (web/replays.py) and by the self-contained replay files a study's
report links (lab/replay_page.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import parse_action
from .checks import shown
from .errors import IllegalAction, RecordError, SoanError
from .game import game_info
from .hooks import GameText, StateContract
from .records import state_from_header
from .words import player_name


def public_observation(state: StateContract) -> dict[str, Any]:
    """What every seat sees alike (as a spectator of a live game sees it): the board of the full view."""
    obs = [state.observation(s) for s in range(state.cfg.players)]
    return {k: v for k, v in obs[0].items() if k != "seat" and all(o.get(k) == v for o in obs[1:])}

EVERY = 25  # a kept copy of the state every EVERY moves, so any step is a short replay away


class ReplayError(SoanError):
    """A record that cannot be replayed, or a step or seat out of range (HTTP 422 on the server)."""


def seat_name(text: GameText | None, seat: int, lang: str, me: int | None) -> str:
    """A seat's name as the game's texts give it (1-based for people), "(you)" for the viewer."""
    if text is not None and hasattr(text, "player_name"):
        return str(text.player_name(seat, lang, me))
    return player_name(seat, lang, me)


_HEADER: tuple[tuple[str, Callable[[Any], bool], str], ...] = (("game", lambda x: isinstance(x, str), "a game id (text)"),
           ("players", lambda x: x is None or x.__class__ is int, "a whole number"),
           ("seed", lambda x: x.__class__ is int, "a whole number"),
           ("variants", lambda x: x is None or (isinstance(x, list) and all(isinstance(v, str) for v in x)),
            "a list of variant ids"),
           ("params", lambda x: x is None or isinstance(x, dict), "an object of parameters"),
           ("components_hash", lambda x: x is None or isinstance(x, str), "text or null"))


def state_from_data(header: Any, where: str = "record") -> Any:
    """The state a record's header describes, made from the registered game data only: a header from a
    request (an uploaded record, a stored room) never names a file the server would open. A header
    naming a component file is refused with the reason (replay such a record where the file is:
    `soan replay REC --html out.html`); the file name is never looked up, nothing of it is echoed."""
    if not isinstance(header, dict) or "game" not in header or "seed" not in header:
        raise ReplayError(f"{where}: line 1: expected a header object with 'game', 'players', 'seed'",
                          ja=f"{where}：1行目：'game'、'players'、'seed' のあるヘッダーが必要です")
    for name, ok, want in _HEADER:
        if name in header and not ok(header[name]):
            raise ReplayError(f"{where}: line 1: header field {name!r} must be {want}, got {shown(header[name], 40)}",
                              ja=f"{where}：1行目：ヘッダーの {name!r} の値が正しくありません")
    if header.get("components") is not None:
        raise ReplayError(
            f"{where}: the record was made with a component file; a server replays only the games' own data "
            "and never opens a file a record names (replay it on the computer that has the file: "
            "soan replay REC --html out.html)",
            ja=f"{where}：この記録はコンポーネントファイルを使って作られています。サーバーはゲームに付属のデータだけで"
               "再生し、記録が指すファイルは開きません（ファイルのあるコンピューターで soan replay REC --html out.html "
               "を使ってください）")
    try:
        return state_from_header({**header, "components": None}, where)
    except RecordError as e:
        raise ReplayError(str(e), ja=e.ja) from None


class Replay:
    def __init__(self, header: dict[str, Any], moves: list[tuple[int, dict[str, Any]]], where: str,
                 files: bool = False) -> None:
        """`files`: the header may name a component file (a record opened on the designer's own computer,
        lab/replay_page.py); a server passes False (the default) and makes states from data only."""
        try:
            s = state_from_header(header, where) if files else state_from_data(header, where)
        except RecordError as e:
            raise ReplayError(str(e)) from None
        self.header = header
        self.game = s.game_id
        self.players = s.cfg.players
        self.moves: list[tuple[int, Any]] = []
        self.snaps = [s.clone()]
        self.scores = [list(s.scores())]
        for i, (seat, aj) in enumerate(moves, start=2):
            try:
                a = parse_action(s.game_id, aj)
                s.apply(seat, a)
            except (IllegalAction, SoanError) as e:
                raise ReplayError(f"{where}: line {i}: action {aj} by seat {seat} cannot be replayed: {e}") from None
            self.moves.append((seat, a))
            self.scores.append(list(s.scores()))
            if len(self.moves) % EVERY == 0:
                self.snaps.append(s.clone())

    def state_at(self, step: int) -> Any:
        s = self.snaps[step // EVERY].clone()
        for seat, a in self.moves[(step // EVERY) * EVERY:step]:
            s.apply(seat, a)
        return s

    def check(self, step: int, seat: int | None) -> None:
        if not 0 <= step <= len(self.moves):
            raise ReplayError(f"step takes 0-{len(self.moves)}, got {step}")
        if seat is not None and not 0 <= seat < self.players:
            raise ReplayError(f"seat takes 1-{self.players} (or 'full'), got {seat + 1}")

    def last_move(self, s: Any, step: int, seat: int | None, lang: str) -> str | None:
        """The move that led to `step` (s is the state after it), as `seat` may see it."""
        if not step:
            return None
        text = game_info(self.game).hooks.text
        mseat, a = self.moves[step - 1]
        before = self.state_at(step - 1)  # a move is worded on the state before it, as it was when made
        if text and seat is not None:
            return text.log_move(before, mseat, a, lang, seat)
        words = getattr(text, "action_text", None)
        return f"{seat_name(text, mseat, lang, None)}: {words(before, a, lang) if words else before.action_text(a, lang)}"

    def view_text(self, s: Any, seat: int | None, lang: str) -> str | None:
        """The game's own text view of a seat (as the terminal and the game page show it); None for
        the full view."""
        hooks = game_info(self.game).hooks
        if seat is None or hooks.text is None:
            return None
        return hooks.text.render(s, seat, lang)

    def view_texts(self, s: Any, lang: str) -> list[str] | None:
        """The full view in words: every seat's own text view (hands included)."""
        text = game_info(self.game).hooks.text
        return [text.render(s, i, lang) for i in range(self.players)] if text is not None else None

    def seats(self, lang: str, me: int | None) -> list[dict[str, Any]]:
        text = game_info(self.game).hooks.text
        return [{"seat": i, "seat_number": i + 1, "name": seat_name(text, i, lang, me)} for i in range(self.players)]

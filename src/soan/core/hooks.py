"""The typed ways a game plugs into soan's generic layers (bots, lab, reports, terminal, web).

Every field is optional: a game that declares none still plays, gets random/greedy/mcts bots (scored
by its `scores()`), studies, reports and terminal play through the contract alone. Generic layers read
`game_info(id).hooks.<field>` and never name a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable


@runtime_checkable
class StateContract(Protocol):
    """The state contract (docs/engine.md) every game's state implements."""

    game_id: str
    cfg: Any  # soan.core.game.Config: players, seed, variants, params, components
    listener: Callable[[str, dict[str, Any]], None] | None

    def to_act(self) -> Sequence[int]: ...
    def legal_actions(self, seat: int) -> list[Any]: ...
    def apply(self, seat: int, action: Any) -> None: ...
    def is_over(self) -> bool: ...
    def scores(self) -> list[int]: ...
    def ranks(self) -> list[int]: ...
    def ranking(self) -> list[int]: ...
    def winners(self) -> list[int]: ...
    def prompt(self, seat: int) -> Any: ...  # soan.core.state.Prompt
    def action_text(self, action: Any, lang: str = "en") -> str: ...
    def header(self) -> dict[str, Any]: ...
    def observation(self, seat: int) -> dict[str, Any]: ...
    def view(self) -> dict[str, Any]: ...
    def clone(self) -> StateContract: ...
    def determinize(self, seat: int, rng: Any) -> StateContract: ...


S = TypeVar("S", bound=StateContract)  # a game's state class (GameInfo and GameHooks are generic in it)
A = TypeVar("A")  # a game's action type (what its `legal_actions` gives and its `apply` takes)


class GameText(Protocol):
    """What a game's text module (`hooks.text`) gives terminal play and the web, in "en" or "ja".
    Optional extras, looked up by name: `rounds(state)` (public round records shown between
    decisions), `confirm(state, action, lang)` (a yes/no question before an action),
    `summarize_turn(state, seat, actions, lang, me)` (one line for a run of one seat's moves, `state`
    being the state before the first of them) and `PUBLIC_MOVES = True` (a bot's reasons may be shown
    for every move). `log_move` gets the state *before* the move: a move's words are fixed when it is
    made (core/movelog.py) and never rendered again against a later state."""

    def player_name(self, seat: int, lang: str, me: int | None = None) -> str: ...
    def render(self, state: Any, seat: int, lang: str = "en") -> str: ...
    def log_move(self, state: Any, seat: int, action: Any, lang: str, me: int | None = None) -> str: ...
    def render_round(self, state: Any, entry: Any, lang: str, me: int | None = None) -> str: ...
    def full_log(self, state: Any, lang: str, me: int | None = None) -> str: ...
    def help_text(self, state: Any, lang: str = "en") -> str: ...
    def epoch(self, state: Any) -> Any: ...  # changes at every reveal or draw: undo never crosses it


@dataclass(frozen=True)
class ComponentsModel:
    """The game's component schema: `model` (pydantic), the shipped file and a cross-check."""

    model: type
    path: Any
    check: Callable[[Any], list[str]] | None = None  # components -> problems in words


@dataclass(frozen=True)
class Analysis:
    """A named analysis (`soan analyze GAME NAME`): `run(variants, params, components)` → a JSON-able
    dict (params as given on the command line, checked by `run`), `text(result, lang)` → lines for a
    person (plain text; tables already laid out)."""

    name: str
    doc: str
    run: Callable[[list[str], dict[str, Any], str | None], dict[str, Any]]
    text: Callable[[dict[str, Any], str], list[str]]
    doc_ja: str = ""


@dataclass(frozen=True)
class WebBoard:
    """The game's board page for `soan serve`: `script` (package data) draws a seat's payload and turns
    clicks into legal actions; `labels(state, lang)` gives the static names it shows (no hidden state);
    `style`, the board's own stylesheet beside its script (served as /boards/<game>.css, inlined in a
    self-contained replay file)."""

    script: Any  # pathlib.Path of a JavaScript file defining window.SoanBoard
    labels: Callable[[Any, str], dict[str, Any]] | None = None
    style: Any = None  # pathlib.Path of a CSS file, or None


@dataclass(frozen=True)
class Styles:
    """The game's named play styles, as data the bots load (agents/styles.py): a YAML file mapping each
    style's name to its descriptions and the evaluation weights it changes (games/<g>/data/styles.yaml),
    and the evaluation's default weights the styles start from."""

    path: Any  # pathlib.Path of the styles file (package data)
    defaults: Mapping[str, float]


@dataclass(frozen=True)
class StudyData:
    """What a report panel draws from: the study's settings and its Parquet tables (pyarrow), the seat
    table's columns as data (`seat_columns[name]`: a float numpy array, NaN where a value is missing;
    `name in seat_columns` says whether the study has it) and matplotlib's pyplot set up for the report's
    language. The lab fills it in (lab/report.py); a game's panel needs nothing else from the lab."""

    settings: Mapping[str, Any]
    games: Any  # pyarrow.Table, one row per game
    seats: Any  # pyarrow.Table, one row per seat-game, with the game's `m_*` measures
    plt: Any
    seat_columns: Mapping[str, Any] = field(default_factory=dict)  # name -> numpy float array


@dataclass(frozen=True)
class ReportPanel:
    """A section of `soan report` drawn from the game's own measures. `draw(data, lang)` returns
    matplotlib figures, or none when the study lacks the columns it needs (e.g. an older study)."""

    title: str
    title_ja: str
    draw: Callable[[StudyData, str], list[Any]]

    def heading(self, lang: str) -> str:
        return self.title_ja if lang == "ja" and self.title_ja else self.title


@dataclass(frozen=True)
class GameHooks(Generic[S, A]):
    """The optional hooks, typed by the game's state `S` and action type `A`."""

    # bots
    evaluate: Callable[[S], list[float]] | None = None  # state -> per-seat values in [0, 1]
    info_key: Callable[[S, int], Any] | None = None  # (state, seat) -> hashable information-set key
    horizon: int = 8  # look-ahead fallback, in decisions
    greedy: Mapping[str, Any] = field(default_factory=dict)  # greedy's defaults for this game
    # state -> True where a look-ahead may stop: a point every seat reaches alike (start of a round or
    # of a turn, after a reveal). Search and rollouts end there, never after a fixed count of steps.
    lookahead_end: Callable[[S], bool] | None = None
    # (state, steps, rng) -> None: the game's own random play-out to its `lookahead_end`, a speed-up only:
    # the same steps, numbers drawn and resulting state as agents.greedy.random_playout with that end (the
    # game's tests compare the two); bots use it where they play on at random to that end
    playout: Callable[[S, int, Any], None] | None = None
    # state -> the round number: the `rollout` bot plays on to the start of a later round, a point every
    # seat reaches alike (without it, to the seat's own turn `rounds` times round, at a `lookahead_end`)
    round_of: Callable[[S], int] | None = None
    # state -> True at the decisions the `rollout` bot settles by playing on (default: `lookahead_end`);
    # a game names the few that shape its future (e.g. a draft) to keep the bot affordable
    rollout_at: Callable[[S], bool] | None = None
    # (state, seat, action) -> a key, or None: actions with the same key lead to positions a look-ahead
    # without chance values alike (the same steps after them, the same evaluation), e.g. two cards the
    # rules do not tell apart; greedy's plan search values the first of them and gives the others its value
    lookahead_twin: Callable[[S, int, A], Any] | None = None
    # (state, view) -> the view of the same position under other rules: `view` is the state's with the
    # other variants and parameters written in (complete, as check_config gives them); a game whose
    # position holds values it derived from its rules (e.g. scoring rules set at setup) adapts them here.
    # Without it the view is read back as it is. Bots that plan with other rules use it (agents/planrules.py)
    restate: Callable[[S, dict[str, Any]], dict[str, Any]] | None = None
    # level -> agent spec where this game's level differs from the default (agents.LEVELS)
    levels: Mapping[str, str] = field(default_factory=dict)
    # named play styles (games/<g>/data/styles.yaml), loaded by the bots; docs/agents.md
    styles: Styles | None = None
    # lab
    measures: Callable[[int], Any] | None = None  # players -> listener with per-seat `m_*` measures
    # state -> the seats in this round's turn order, start player first. A game declares how its players
    # decide (GameInfo.dynamics): a 'mixed' game gives it, a 'simultaneous' one never; a 'sequential' game
    # without it gets seat order from the first to act (core/plugin.py `seat_order`). The lab reads it at
    # setup: start player and turn position per seat.
    turn_order: Callable[[S], list[int]] | None = None
    # (card key as in the measures' `played_<key>` columns, lang) -> the card's name for a person
    card_name: Callable[[str, str], str] | None = None
    # () -> the game's report panels; a function so that the game's plotting code (numpy, matplotlib)
    # is imported only when a report is written, never by the engine
    report_panels: Callable[[], Sequence[ReportPanel]] | None = None
    # text: the game's module of texts (terminal and web), see docs/new-game.md
    text: GameText | None = None
    # components (deck export/import, data check)
    components: ComponentsModel | None = None
    # named analyses (`soan analyze`)
    analyses: Mapping[str, Analysis] = field(default_factory=dict)
    # the game's own state invariants (property tests, fuzz, `soan check`): state -> problems in words
    invariants: Callable[[S], list[str]] | None = None
    # views: the typed schema of `state.view()` (pydantic; docs/views/<game>.schema.json) and the fields
    # derived from the rest (optional in an edited view, checked when given)
    view_model: type | None = None
    view_derived: tuple[str, ...] = ()
    # web: the board page (`soan serve`); without it the generic page serves the game
    web_board: WebBoard | None = None

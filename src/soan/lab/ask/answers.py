"""What `soan ask` gives: the answers as typed data (TypedDicts; JSON schema in docs/schemas/answers.schema.json).

The verdict functions build these and the report reads them; `soan ask --json` prints an `AskResult`.
Each kind's rows are their own type; a bot level's answer (`LevelAnswer`) holds the rows of its kind.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, TypeAdapter, with_config
from typing_extensions import NotRequired, TypedDict  # noqa: UP035  pydantic reads TypedDicts from here before 3.12

from .schema import Exact, Question, SettingSpec, Texts

FORBID = ConfigDict(extra="forbid")
Interval = list[float | None]  # [low, high]; None where no interval exists (no spread, too few games)


@with_config(FORBID)
class Difference(TypedDict):
    """A paired difference of one measure between the base game and a setting (stats.paired_diff)."""

    a: float | None
    b: float | None
    diff: float | None
    ci: Interval | None
    p: float | None
    p_equiv: float | None
    paired: bool
    games: list[int]
    n: int
    spread: str  # ok | none (no spread: every game the same) | no_events
    sd: float | None
    detectable: float | None


@with_config(FORBID)
class Planning(TypedDict):
    """`--check-bots`: one seat planning with the base rules against all planning with the setting's."""

    setting: str
    n: int
    diff: float | None
    ci: Interval | list[None]
    verdict: str  # pays | costs | unclear | same


@with_config(FORBID)
class Fired(TypedDict):
    """How often a variant's rule took effect in the leading bots' games (Variant.fires)."""

    variant: str
    rule: str
    measure: str  # the measure that counts the rule's effect (Variant.fires)
    per_game: float
    games_share: float
    games: int


@with_config(FORBID)
class CompareRow(Difference):
    players: int
    against: SettingSpec
    setting: str
    also: dict[str, Difference]
    fired: list[Fired]
    stopped_early: bool
    same_play: bool
    planning: Planning | None
    p_adj: float | None
    significant: bool
    equivalent: bool
    ci_equiv: NotRequired[Interval | None]  # the interval the equivalence test (TOST) uses, where it ran
    ci_equiv_level: NotRequired[float]
    negligible: bool
    clear: bool
    effect: str  # better | worse | negligible | none | no_spread | no_events


@with_config(FORBID)
class LevelRow(TypedDict):
    measure: str
    name: Texts
    format: str
    value: float | None
    ci: Interval | None
    games: int
    clear: bool
    scale: NotRequired[float]


@with_config(FORBID)
class SeatRow(TypedDict):
    players: int
    by: str  # position (turn order) | seat
    k: int
    win_share: float
    ci: Interval
    p: float
    chance: float
    games: int
    p_equiv: float | None
    p_adj: float
    significant: bool
    equivalent: bool


@with_config(FORBID)
class CardRow(TypedDict):
    card: str
    use: float
    win_share: float | None
    ci: Interval | None
    p: float | None
    games: int
    p_equiv: float | None
    kept: NotRequired[float | None]  # held to the end, where the game records it
    p_adj: float | None
    significant: bool
    equivalent: bool
    flag: bool


class _LevelAnswer(TypedDict):
    clear: bool


@with_config(FORBID)
class CompareAnswer(_LevelAnswer):
    """One bot level's answer to a compare question: a row per compared setting."""

    rows: list[CompareRow]
    gist: list[str]  # each row's effect: two levels agree when their gists match


@with_config(FORBID)
class FiguresAnswer(_LevelAnswer):
    rows: list[LevelRow]
    gist: None


@with_config(FORBID)
class SeatsAnswer(_LevelAnswer):
    rows: list[SeatRow]
    margin: float
    gist: list[tuple[int, int, bool]] | str  # (players, position, favoured) per flagged position, or "none"


@with_config(FORBID)
class CardsAnswer(_LevelAnswer):
    rows: list[CardRow]
    players: int
    gist: list[str]  # the flagged cards


@with_config(FORBID)
class WordsAnswer(_LevelAnswer):
    rows: list[Any]
    gist: str


LevelAnswer = CompareAnswer | FiguresAnswer | SeatsAnswer | CardsAnswer | WordsAnswer
"""One bot level's answer, by the question's kind (no tag of its own: the answer's `kind` says which)."""


@with_config(FORBID)
class ExactAnswer(TypedDict):
    key: str
    name: Texts
    values: list[Any]


@with_config(FORBID)
class Alone(TypedDict):
    jobs: int
    out: str
    seed: int
    bots: str | None


@with_config(FORBID)
class FixProposal(TypedDict):
    """`soan ask --fix`: the balance search run for an answer that says "this is a problem" (balance/fix.py)."""

    folder: str
    files: list[str]
    holds: bool
    robust: bool | None
    lines: dict[str, list[str]]  # the proposal in words, per language
    command: str  # the `soan balance` command it stands for
    sizes: dict[str, Any]  # its games, trials and expected time, as sized to the budget


@with_config(FORBID)
class Answer(TypedDict):
    id: str
    kind: Literal["compare", "level", "seats", "cards", "dealt", "words"]
    q: Question
    by_bot: dict[str, LevelAnswer]
    lead: str
    clear: bool
    agree: bool | None  # every level gives the same clear answer (None: some level is not clear)
    agree_with: NotRequired[dict[str, bool | None]]  # per other level: the same clear answer as the lead's
    need: int | None
    need_studies: int
    names: dict[str, Texts]
    exact: list[ExactAnswer]
    alone_s: NotRequired[float]  # an open answer: the budget that would give it its need, asked alone
    alone: NotRequired[Alone]  # ... and the command's settings for that
    fix: NotRequired[FixProposal]  # with --fix, where the answer says the problem is there


@with_config(FORBID)
class AskResult(TypedDict):
    """`soan ask --json`, and answers.json in the output folder."""

    game: str
    seed: int
    budget_s: float
    plan_budget_s: float
    spent_s: float
    before_s: float
    continued: bool
    folder: str
    bots: list[str]
    over: list[dict[str, Any]]
    stopped: list[dict[str, Any]]
    extended: list[dict[str, Any]]
    resized: dict[str, Any] | None
    check_bots: str | None
    cost: dict[str, float | None]
    answers: list[Answer]
    studies: dict[str, int]
    plan: dict[str, int]
    settings: dict[str, dict[str, Any]]
    html: NotRequired[list[str]]  # the reports' paths, once written


RESULT: TypeAdapter[AskResult] = TypeAdapter(AskResult)
__all__ = ["RESULT", "Answer", "AskResult", "CardRow", "CompareRow", "Exact", "LevelAnswer", "LevelRow", "SeatRow"]

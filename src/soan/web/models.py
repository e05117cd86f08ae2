"""The requests the web API takes, as pydantic models: a new room (`RoomSettings`), a move (`ActionBody`),
playtest feedback (`Feedback`), an uploaded record's lines (`RecordHeader`, `MoveLine`) and the query of
a seat's view (`SeatQuery`) or a replay's frame (`FrameQuery`).

A body is first read and parsed within this server's limits (web/limits.py: its bytes, JSON nesting,
number sizes, no NaN), then validated by its model. A refusal names the field and says why in English
and Japanese: `validated` raises `InvalidField` (web/errors.py), which the app answers with a 422."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    RootModel,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ..core.errors import ConfigError, SoanError
from ..core.game import make
from ..core.words import expected_ja, listed, pydantic_ja
from .errors import InvalidField, WebError
from .limits import Limits, check_bot

SEED_BITS = 64  # a web room's random seed: no offline search of the deals
LANGS = ("ja", "en")
LENGTHS = ("too_short", "right", "too_long")
TEXT_CHARS = 2000  # a feedback answer's free text
Lang = Literal["ja", "en"]
M = TypeVar("M", bound=BaseModel)


def refuse(reason: str, ja: str | None = None, field: str | None = None) -> PydanticCustomError:
    """A validation error of ours: the reason in English and Japanese, and the field it is about (when
    the error's place does not say it: a check of the whole object)."""
    return PydanticCustomError("soan", "{en}", {"en": reason, "ja": ja or reason, "field": field or ""})


def _field(loc: Iterable[Any]) -> str:
    parts = [str(x) for x in loc]
    if parts and parts[0] in ("body", "query", "path"):  # where FastAPI found it
        parts = parts[1:]
    return ".".join(parts)


def _shown(value: Any) -> str:
    return repr(str(value)[:20])


def invalid_field(errors: Iterable[Mapping[str, Any]]) -> InvalidField:
    """The first of pydantic's errors as a refusal naming its field, in English and Japanese."""
    e = next(iter(errors), None)
    if e is None:
        return InvalidField("body", "the request is not valid", "要求が正しくありません")
    ctx = e.get("ctx") or {}
    f = ctx.get("field") or _field(e.get("loc", ())) or "body"
    kind = e.get("type")
    if kind == "soan":
        return InvalidField(f, ctx["en"], ctx["ja"])
    if kind == "missing":
        return InvalidField(f, f"missing field '{f}'", f"項目 '{f}' がありません")
    if kind == "literal_error":
        return InvalidField(f, f"{f} must be {ctx.get('expected')}, got {_shown(e.get('input'))}",
                            f"{f} は{expected_ja(ctx.get('expected'))}のどれかです（指定：{_shown(e.get('input'))}）")
    msg = str(e.get("msg", "not valid"))
    ja = pydantic_ja(e) if "type" in e else msg
    got = e.get("input")
    shown = f" (got {_shown(got)})" if isinstance(got, str | int | float | bool) else ""  # what was sent, briefly
    return InvalidField(f, f"{f}: {msg}{shown}", f"{f} の値が正しくありません：{ja}")


def validated(model: type[M], data: Any, **context: Any) -> M:
    """`data` (parsed JSON, or query values) as `model`, or `InvalidField` naming the first field wrong."""
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"validated() takes a pydantic model class, got {model!r}")
    try:
        return model.model_validate(data, context=context)
    except ValidationError as e:
        raise invalid_field(e.errors()) from None


def lang_given(value: Any) -> Lang | None:
    """A query's `lang`: 'ja', 'en', or None when not given (empty); anything else is refused."""
    if value in (None, ""):
        return None
    if value in LANGS:
        return value
    raise InvalidField("lang", f"lang must be 'ja' or 'en', got {_shown(value)}",
                       f"lang は 'ja' か 'en' です（指定：{_shown(value)}）")


def _lang_checked(value: Any) -> Lang | None:
    try:
        return lang_given(value)
    except InvalidField as e:
        raise refuse(e.reason, e.ja, "lang") from None


def body_lang(value: Any) -> Lang:
    """A body's `lang`: 'ja' or 'en'; anything else is refused, naming the field and the values it takes."""
    if value not in LANGS:
        raise refuse(f"lang must be 'ja' or 'en', got {_shown(value)}", f"lang は 'ja' か 'en' です（指定：{_shown(value)}）",
                     "lang")
    return value


def _only(data: Any, allowed: tuple[str, ...], what: str, what_ja: str, shape: str, shape_ja: str) -> None:
    """A JSON object with no field but `allowed` (the reasons name the unknown ones)."""
    if not isinstance(data, dict):
        raise refuse(shape, shape_ja)
    extra = sorted(str(k)[:40] for k in set(data) - set(allowed))
    if extra:
        if what:
            raise refuse(f"unknown {what} field(s): {listed(extra, 'en')}",
                         f"{what_ja}に知らない項目があります：{listed(extra, 'ja')}", "body")
        raise refuse(f"unknown field(s): {listed(extra, 'en')}; allowed: {listed(sorted(allowed), 'en')}",
                     f"知らない項目{listed(extra, 'ja')}があります。使える項目は{listed(sorted(allowed), 'ja')}です",
                     "body")


# -- a new room ---------------------------------------------------------------------------------------
class RoomSettings(BaseModel):
    """A new room: the game and its options, the bots of some seats (seat number, 1-based, to a bot spec
    of the catalogue, or within BOT_OPTIONS with `--bot-options`) and the room's language. The game is
    made once to check it (the seed drawn at random when not given); `take_state` hands it over.

    Validation context: `limits` (the server's Limits: which bot specs it takes)."""

    model_config = ConfigDict(strict=True)

    game: str
    players: int | None = None
    seed: int | None = None
    variants: list[str] = Field(default_factory=list)
    params: dict[str, Any] = Field(default_factory=dict)
    bots: dict[int, str] = Field(default_factory=dict)
    lang: Lang = "ja"
    _state: Any = PrivateAttr(default=None)

    @model_validator(mode="before")
    @classmethod
    def _an_object(cls, data: Any) -> Any:
        _only(data, tuple(cls.model_fields), "", "",
              "the body must be a JSON object such as {\"game\": GAME_ID, \"players\": 4}",
              "本文は {\"game\": ゲームID, \"players\": 4} のような JSON オブジェクトです")
        return data

    @field_validator("seed", mode="before")
    @classmethod
    def _seed(cls, v: Any) -> Any:
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 2**SEED_BITS):
            raise refuse(f"seed is a whole number from 0 to 2^{SEED_BITS}-1", f"seed は 0〜2^{SEED_BITS}-1 の整数です")
        return v

    @field_validator("lang", mode="before")
    @classmethod
    def _lang(cls, v: Any) -> Any:
        return body_lang(v)

    @field_validator("variants", "params", mode="before")
    @classmethod
    def _options(cls, v: Any, info: ValidationInfo) -> Any:
        if not v:
            return [] if info.field_name == "variants" else {}
        if not isinstance(v, list if info.field_name == "variants" else dict):
            raise refuse("variants is a list of ids and params an object of name: value",
                         "variants はIDのリスト、params は「名前: 値」のオブジェクトです")
        return v

    @field_validator("bots", mode="before")
    @classmethod
    def _bots(cls, v: Any) -> Any:
        if not v:
            return {}
        if not isinstance(v, dict):
            raise refuse("bots is an object of seat number (1-based) to a bot spec, e.g. {\"3\": \"greedy\"}",
                         "bots は席番号（1から）とボットの組のオブジェクトです。例：{\"3\": \"greedy\"}")
        out: dict[int, Any] = {}
        for k, spec in v.items():
            try:
                num = int(k)
            except (TypeError, ValueError):
                raise refuse(f"bots: seat {str(k)[:20]!r} is not a number", f"ボットの席 {str(k)[:20]!r} が番号ではありません",
                             "bots") from None
            if not isinstance(spec, str):
                raise refuse(f"bots: seat {num}: a bot is named by text such as 'normal', got {str(spec)[:40]!r}",
                             f"席{num}のボット：ボットは 'normal' のような名前で指定します", f"bots.{num}")
            out[num] = spec
        return out

    @model_validator(mode="after")
    def _playable(self, info: ValidationInfo) -> RoomSettings:
        if self.seed is None:
            self.seed = secrets.randbits(SEED_BITS)
        try:
            state = make(self.game, players=self.players, seed=self.seed, variants=self.variants, params=self.params)
        except (ConfigError, SoanError, TypeError) as e:
            raise refuse(str(e), getattr(e, "ja", None), getattr(e, "field", None) or "game") from None
        n = state.cfg.players
        lim = (info.context or {}).get("limits") or Limits()
        for num, spec in self.bots.items():
            if not 1 <= num <= n:
                raise refuse(f"bots: seat {num} does not exist; seats are 1-{n}", f"ボットの席{num}はありません。席は1〜{n}です",
                             f"bots.{num}")
            try:
                self.bots[num] = check_bot(spec, state.game_id, lim, num)
            except WebError as e:
                raise refuse(e.reason, e.ja, f"bots.{num}") from None
        self._state = state
        return self

    def seat_bots(self) -> dict[int, str]:
        """The bots by 0-based seat."""
        return {num - 1: spec for num, spec in self.bots.items()}

    def take_state(self) -> Any:
        """The game made when these settings were checked (once; later calls make it again, the same)."""
        state, self._state = self._state, None
        if state is None:
            state = make(self.game, players=self.players, seed=self.seed or 0, variants=self.variants,
                         params=self.params)
        return state


# -- a move -------------------------------------------------------------------------------------------
class ActionBody(RootModel[dict[str, Any] | str]):
    """A move: the action's JSON ({"type": ...}), or it wrapped as {"action": ...}, or its text ("play 1 2 3").
    An object may say the language of the answer's refusals as `lang` ('ja' or 'en'; no action has such
    a field): it is checked and taken off before the action is read."""

    @model_validator(mode="before")
    @classmethod
    def _unwrapped(cls, data: Any) -> Any:
        if isinstance(data, dict) and "lang" in data:
            body_lang(data["lang"])
            data = {k: v for k, v in data.items() if k != "lang"}
        if isinstance(data, dict) and "type" not in data:
            data = data.get("action", data)
        if not isinstance(data, dict | str):
            raise refuse("send an action's JSON ({\"type\": ...}) or its text (\"play 1 2 3\")",
                         "手は JSON（{\"type\": ...}）か文字（\"play 1 2 3\"）で送ります", "action")
        return data


# -- playtest feedback --------------------------------------------------------------------------------
class Feedback(BaseModel):
    """The playtest form: fun and clarity 1-5, the length felt, a confusing and a too-strong card or rule,
    a free comment (texts of at most TEXT_CHARS characters, stripped)."""

    model_config = ConfigDict(strict=True)

    fun: int
    clarity: int
    length: Literal["too_short", "right", "too_long"]
    confusing: str = ""
    too_strong: str = ""
    comment: str = ""

    @model_validator(mode="before")
    @classmethod
    def _an_object(cls, data: Any) -> Any:
        _only(data, tuple(cls.model_fields), "feedback", "感想",
              "feedback is a JSON object: {\"fun\": 1-5, \"clarity\": 1-5, \"length\": ...}",
              "感想は JSON オブジェクトです：{\"fun\": 1〜5, \"clarity\": 1〜5, \"length\": ...}")
        return data

    @field_validator("fun", "clarity", mode="before")
    @classmethod
    def _one_to_five(cls, v: Any, info: ValidationInfo) -> Any:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 5:
            k = info.field_name
            raise refuse(f"{k} takes a whole number from 1 to 5, got {_shown(v)}", f"{k} は1〜5の整数です（指定：{_shown(v)}）")
        return v

    @field_validator("length", mode="before")
    @classmethod
    def _length(cls, v: Any) -> Any:
        if v not in LENGTHS:
            raise refuse(f"length takes one of {listed(LENGTHS, 'en')}, got {_shown(v)}",
                         f"length は{listed(LENGTHS, 'ja')}のどれかです（指定：{_shown(v)}）")
        return v

    @field_validator("confusing", "too_strong", "comment", mode="before")
    @classmethod
    def _text(cls, v: Any, info: ValidationInfo) -> Any:
        if not isinstance(v, str) or len(v) > TEXT_CHARS:
            k = info.field_name
            raise refuse(f"{k} is text of at most {TEXT_CHARS} characters", f"{k} は{TEXT_CHARS}字までの文字列です")
        return v.strip()


# -- an uploaded record (JSON Lines) -----------------------------------------------------------------
class RecordHeader(BaseModel):
    """A record's first line: at least the game and its seed (the rest is checked when it is replayed)."""

    model_config = ConfigDict(extra="allow")

    game: Any
    seed: Any


class MoveLine(BaseModel):
    """A record's move line: the seat (a whole number) and the action's JSON object; other fields ignored."""

    model_config = ConfigDict(strict=True)

    seat: int
    action: dict[str, Any]


# -- queries ------------------------------------------------------------------------------------------
class SeatQuery(BaseModel):
    """Who asks and in which language: `token` of a seat (none: a spectator) and `lang` (none: the room's)."""

    token: str | None = None
    lang: Lang | None = None

    @field_validator("lang", mode="before")
    @classmethod
    def _lang(cls, v: Any) -> Any:
        return _lang_checked(v)


class FrameQuery(BaseModel):
    """One frame of a replay: its `step`, whose view (`seat`: an index or 'full'; none: the replay's own)
    and `lang` (none: Japanese)."""

    step: int = 0
    seat: str | None = None
    lang: Lang | None = None

    @field_validator("lang", mode="before")
    @classmethod
    def _lang(cls, v: Any) -> Any:
        return _lang_checked(v)

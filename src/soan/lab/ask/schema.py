"""The questions file as typed data: one TypedDict per kind of question, joined on `kind`.

The same declarations type the lab's code (mypy reads `q["measure"]` as a `str`) and check the file
(pydantic validates the designer's YAML against them, no field unknown: `extra="forbid"`); a mistake
is named in both languages by `explain` — the question's id, the field, what it should be — never a
pydantic dump. The JSON schema is published as docs/schemas/questions.schema.json (`schemas.py`).
A validated question travels on as the mapping the designer wrote (its keys in the file's order), so
the answers echo it as written.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, cast, get_args

from pydantic import ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError, with_config
from typing_extensions import (  # noqa: UP035  pydantic reads TypedDicts from here before 3.12
    NotRequired,
    TypedDict,
    get_type_hints,
)

from ...core.errors import ConfigError
from ...core.words import listed

Text = Annotated[str, StringConstraints(min_length=1)]
# numbers as numbers: a quoted "0.02" is refused here, not compared with a number after the games (strict mode:
# an int is a float too, a bool is neither)
Number = Annotated[float, Field(strict=True)]
Positive = Annotated[float, Field(strict=True, gt=0)]
FORBID = ConfigDict(extra="forbid")


@with_config(FORBID)
class Texts(TypedDict):
    """A text in both languages."""

    ja: Text
    en: Text


@with_config(FORBID)
class SettingSpec(TypedDict):
    """One side of a comparison: variants and parameters on top of the base rules, and a label."""

    variants: NotRequired[list[Text]]
    params: NotRequired[dict[str, Any]]
    label: NotRequired[Texts]
    seed: NotRequired[Annotated[int, Field(strict=True, ge=0)]]  # the A/A harness's other seeds (aa.py), never a designer's


@with_config(FORBID)
class FixBlock(TypedDict):
    """`soan ask --fix`: the balance search that would fix the problem (docs/balance.md)."""

    agents: NotRequired[Text]
    players: NotRequired[Annotated[int, Field(strict=True, ge=1)]]
    variants: NotRequired[list[Text]]
    params: NotRequired[dict[str, Any]]
    targets: Annotated[list[Text], Field(min_length=1)]
    search: Annotated[list[Text], Field(min_length=1)]
    games: NotRequired[Annotated[int, Field(strict=True, ge=10)]]
    trials: NotRequired[Annotated[int, Field(strict=True, ge=1)]]
    validate: NotRequired[Annotated[int, Field(strict=True, ge=10)]]
    robust: NotRequired[Annotated[int, Field(strict=True, ge=10)]]
    seed: NotRequired[Annotated[int, Field(strict=True, ge=0)]]
    budget: NotRequired[Positive]  # seconds


@with_config(FORBID)
class Verbs(TypedDict):
    """The verbs for the measure going up and down, in each language."""

    ja: tuple[Text, Text]
    en: tuple[Text, Text]


@with_config(FORBID)
class ExactValue(TypedDict):
    key: Text
    name: Texts


@with_config(FORBID)
class Exact(TypedDict):
    """An exact analysis beside the games (the game's `analyses` hook) and the values it gives."""

    analysis: Text
    values: Annotated[list[ExactValue], Field(min_length=1)]


@with_config(FORBID)
class MeasureSpec(TypedDict):
    """A figure a level question reports."""

    measure: Text
    name: Texts
    format: NotRequired[Literal["pct", "num"]]
    scale: NotRequired[Number]


class _Question(TypedDict):
    id: Text
    draft: Text  # the draft's own words, quoted verbatim
    ja: Text
    en: Text
    fixed: NotRequired[Texts]  # what "fixed" would mean, in the designer's terms
    known: NotRequired[Texts]  # what other measurements found
    fix: NotRequired[FixBlock]
    base: NotRequired[SettingSpec]
    players: NotRequired[list[Annotated[int, Field(strict=True, ge=1)]]]


@with_config(FORBID)
class CompareQuestion(_Question):
    """The base game against variants or parameters: the measure's paired difference."""

    kind: Literal["compare"]
    measure: Text
    name: Texts
    better: Literal["higher", "lower", "closer"]
    against: Annotated[list[SettingSpec], Field(min_length=1)]
    format: NotRequired[Literal["pct", "num"]]
    margin: NotRequired[Positive | None]
    also: NotRequired[list[Text]]
    chance_bot: NotRequired[Text]
    name_raw: NotRequired[Texts]
    verbs: NotRequired[Verbs]
    exact: NotRequired[Exact]


@with_config(FORBID)
class LevelQuestion(_Question):
    """Figures of the base game with their intervals."""

    kind: Literal["level"]
    measures: Annotated[list[MeasureSpec], Field(min_length=1)]


@with_config(FORBID)
class SeatsQuestion(_Question):
    """Win share by turn position."""

    kind: Literal["seats"]
    margin: NotRequired[Positive]  # within chance ± this: no advantage that matters


@with_config(FORBID)
class CardsQuestion(_Question):
    """Per card: use, win share when played, held to the end."""

    kind: Literal["cards"]
    prefix: NotRequired[Text]  # the columns of cards played (default played_)
    kept_prefix: NotRequired[Text]  # ... and of cards held to the end (default held_)
    margin: NotRequired[Positive]  # flagged only this far from chance


@with_config(FORBID)
class DealtQuestion(_Question):
    """Per dealt card: its holder's win share, whether it was kept."""

    kind: Literal["dealt"]
    margin: NotRequired[Positive]  # flagged only this far from chance


@with_config(FORBID)
class WordsQuestion(_Question):
    """A question answered in words (e.g. the draft's own reason to reject an idea)."""

    kind: Literal["words"]
    words: Texts


KINDS_OF = (CompareQuestion, LevelQuestion, SeatsQuestion, CardsQuestion, DealtQuestion, WordsQuestion)
KINDS: tuple[str, ...] = tuple(get_args(get_type_hints(k)["kind"])[0] for k in KINDS_OF)  # compare, level, ...
Question = Annotated[CompareQuestion | LevelQuestion | SeatsQuestion | CardsQuestion | DealtQuestion | WordsQuestion,
                     Field(discriminator="kind")]


@with_config(FORBID)
class QuestionsFile(TypedDict):
    """games/<game>/data/questions.yaml."""

    names: NotRequired[dict[str, Texts]]  # measures' names for the answers' "also" lines
    questions: list[Question]
    bots: NotRequired[list[Text]]  # bot levels, the first leads (default: greedy, random)
    start_n: NotRequired[dict[str, Annotated[int, Field(strict=True, ge=1)]]]  # a level's first games per study


FILE = TypeAdapter(QuestionsFile)
QUESTION: TypeAdapter[Question] = TypeAdapter(Question)

# What a field holds, said when it is wrong (en, ja); a field not named here is said by its type.
HINTS = {
    "known": ("'known' needs a text in 'ja' and in 'en'", "known には ja と en の両方の文が要ります"),
    "words": ("a words question needs 'words': its answer in 'ja' and in 'en' (e.g. the draft's own reason to reject "
              "the idea)", "言葉で答える問い（words）には、ja と en の両方の答えの文が要ります（たとえば草案自身がその案を退けた理由）"),
    "verbs": ("'verbs' needs two words in 'ja' and in 'en', for the measure going up and down (e.g. {ja: [広げる, 狭める], "
              "en: [widens, narrows]})", "verbs には ja と en のそれぞれに、指標が上がるときと下がるときの２語が要ります"
              "（例：{ja: [広げる, 狭める], en: [widens, narrows]}）"),
    "exact": ("'exact' needs an 'analysis' name and a list of 'values' ({key, name: {ja, en}})",
              "exact には analysis の名前と values の並び（{key, name: {ja, en}}）が要ります"),
    "bots": ("'bots' is a list of bot specs, e.g. [random, greedy]", "bots はボットの並びです（例：[random, greedy]）"),
    "start_n": ("'start_n' maps a bot spec to its first games per study (>= 1)",
                "start_n はボットごとの最初の対戦数（１以上）です"),
}
_TYPES = {"string_type": ("a text", "文"), "int_type": ("a whole number", "整数"), "float_type": ("a number", "数"),
          "list_type": ("a list", "並び"), "dict_type": ("a mapping", "項目の集まり"), "tuple_type": ("a list", "並び"),
          "bool_type": ("true or false", "true か false"), "int_from_float": ("a whole number", "整数"),
          "string_too_short": ("a text that is not empty", "空でない文"),
          "too_short": ("a list of at least one entry", "１つ以上の並び"),
          "too_long": ("a shorter list", "もっと短い並び"),
          "int_parsing": ("a whole number", "整数"), "float_parsing": ("a number", "数"),
          "int_type_strict": ("a whole number (not in quotes)", "整数（引用符なし）"),
          "float_type_strict": ("a number (not in quotes)", "数（引用符なし）")}


def explain(e: ValidationError, doc: Any, file: str, single: bool = False) -> ConfigError:
    """The first mistake of a questions file in both languages: where (the question's id and the field)
    and what the field should hold. `single`: the error is of doc["questions"][0] checked alone."""
    err = e.errors()[0]
    loc = ["questions", 0, *err["loc"]] if single else list(err["loc"])
    where, where_ja = file, file
    if len(loc) >= 2 and loc[0] == "questions" and isinstance(loc[1], int):
        q = doc["questions"][loc[1]]
        qid = q.get("id", "?") if isinstance(q, dict) else "?"
        where, where_ja, loc = f"{file}: question {qid!r}", f"{file}：問い {qid!r}", loc[2:]
        if loc and loc[0] in KINDS:  # the union's tag, not a field
            loc = loc[1:]
    field = ".".join(str(x) for x in loc)
    hint = HINTS.get(str(loc[0])) if loc else None  # the question's (or the file's) own field, not a key inside it
    kind, ctx = err["type"], err.get("ctx") or {}
    if kind == "union_tag_invalid":
        got = ctx.get("tag")
        return ConfigError(f"{where}: kind {got!r}; expected one of {listed(KINDS, 'en')}",
                           ja=f"{where_ja}：kind {got!r} は使えません。使えるのは{listed(KINDS, 'ja')}です")
    if kind == "union_tag_not_found":
        return ConfigError(f"{where}: missing 'kind'", ja=f"{where_ja}：kind がありません")
    if hint is not None:
        return ConfigError(f"{where}: {hint[0]}; got {err.get('input')!r}", ja=f"{where_ja}：{hint[1]}")
    if kind == "missing":
        return ConfigError(f"{where}: missing {field!r}", ja=f"{where_ja}：{field} がありません")
    if kind == "extra_forbidden":
        return ConfigError(f"{where}: {field!r} is no field of the questions file (mistyped?)",
                           ja=f"{where_ja}：{field} という項目はありません（書き間違いでは？）")
    if kind == "literal_error":
        allowed = re.findall(r"'([^']*)'", str(ctx.get("expected", "")))
        return ConfigError(f"{where}: {field!r} is one of {listed(allowed, 'en')}; got {err.get('input')!r}",
                           ja=f"{where_ja}：{field} に使えるのは{listed(allowed, 'ja')}です（{err.get('input')!r} は使えません）")
    if kind in ("greater_than_equal", "greater_than"):
        bound = f"{ctx.get('ge', ctx.get('gt')):g}"
        op = ">=" if kind == "greater_than_equal" else ">"
        return ConfigError(f"{where}: {field!r} must be {op} {bound}; got {err.get('input')!r}",
                           ja=f"{where_ja}：{field} は {bound} {'以上' if op == '>=' else 'より大きい数'}です"
                              f"（{err.get('input')!r} は使えません）")
    if kind in ("int_type", "float_type") and isinstance(err.get("input"), str):
        kind += "_strict"  # a number written in quotes
    want = _TYPES.get(kind, ("something else", "別の形"))
    return ConfigError(f"{where}: {field!r} should be {want[0]}; got {err.get('input')!r}",
                       ja=f"{where_ja}：{field} は{want[1]}のはずです")


def check_file(doc: Any, file: str) -> QuestionsFile:
    """The file's mapping checked against QuestionsFile; the mapping itself is returned (its order kept)."""
    if not isinstance(doc, dict):
        raise ConfigError(f"{file}: expected a mapping with 'questions'; got {type(doc).__name__}",
                          ja=f"{file}：「questions:」で始まる項目の並びのはずが、別の形になっています")
    doc = _no_nulls(doc)  # an empty `bots:`, `known:` or `params:` is no entry, as before the file was typed
    qs = doc.setdefault("questions", [])
    if not isinstance(qs, list) or not all(isinstance(q, dict) for q in qs):
        raise ConfigError(f"{file}: 'questions' is a list of questions, each a mapping with id, ja, en, kind, draft",
                          ja=f"{file}：questions は問いの並びで、問いはそれぞれ id・ja・en・kind・draft を持つ項目です")
    try:
        FILE.validate_python(doc)
    except ValidationError as e:
        raise explain(e, doc, file) from None
    return cast(QuestionsFile, doc)  # validated above


def _no_nulls(doc: dict[str, Any]) -> dict[str, Any]:
    """The file without its empty entries (YAML nulls: `known:` with nothing after it), at the top, in each
    question and in each of its settings, removed in place so that the answers echo what was checked."""
    for k in [k for k, v in doc.items() if v is None]:
        del doc[k]
    for q in doc.get("questions") or []:
        if not isinstance(q, dict):
            continue
        for k in [k for k, v in q.items() if v is None and k != "margin"]:  # margin: null says "no margin"
            del q[k]
        against = q.get("against")
        for s in [q.get("base"), *(against if isinstance(against, list) else [])]:
            if isinstance(s, dict):
                for k in [k for k, v in s.items() if v is None]:
                    del s[k]
    return doc

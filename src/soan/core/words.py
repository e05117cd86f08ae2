"""The words of soan's own layers (cli, web, lab, agents, core) in one catalog, one data file per
language: `words/en.toml` and `words/ja.toml`, a table per place (`play`, `report`, `ask`, …) with the
same keys in both (tests/test_words.py checks the keys and the `{placeholders}`). Japanese has a few
more tables: the help's translations, pydantic's messages and the bots' names, which English shows as
they are. A game's own words live in its text module (a draft is one folder)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from functools import cache
from importlib.resources import files
from typing import Any

LANGS = ("en", "ja")


@cache
def catalog(lang: str) -> dict[str, dict[str, str]]:
    """Every table of one language's file."""
    if lang not in LANGS:
        raise ValueError(f"no words for language {lang!r}; languages: {', '.join(LANGS)}")
    return tomllib.loads(files(__package__).joinpath("words", f"{lang}.toml").read_text(encoding="utf-8"))


def pairs(table: str) -> dict[str, tuple[str, str]]:
    """A table as key → (English, Japanese), for the places that pick by language."""
    en, ja = catalog("en")[table], catalog("ja")[table]
    return {k: (v, ja[k]) for k, v in en.items()}


def by_lang(table: str) -> dict[str, dict[str, str]]:
    """A table as language → key → words."""
    return {lang: catalog(lang)[table] for lang in LANGS}


def japanese(table: str) -> dict[str, str]:
    """A table only Japanese has (English shows those words as they are)."""
    return catalog("ja")[table]


def word(table: str, key: str, lang: str, **fill: object) -> str:
    """One entry in `lang` (Japanese for "ja", else English), its `{placeholders}` filled from `fill`."""
    text = catalog("ja" if lang == "ja" else "en")[table][key]
    return text.format(**fill) if fill else text


def player_name(seat: int, lang: str, me: int | None = None) -> str:
    """A seat as people count it (from 1): "Player 2", "プレイヤー 2（あなた）" for the viewer `me`."""
    name = word("names", "player", lang, n=seat + 1)
    return word("names", "you", lang, name=name) if seat == me else name


def short_name(seat: int, lang: str, me: int | None = None) -> str:
    """The name in a table row: P1, P1（あなた）."""
    name = word("names", "short", lang, n=seat + 1)
    return word("names", "you", lang, name=name) if seat == me else name


def seat_name(seat: int, lang: str) -> str:
    """A seat in a table of figures: "seat 2", "席2"."""
    return word("names", "seat", lang, n=seat + 1)


def listed(values: Iterable[object], lang: str) -> str:
    """Values as a reader of `lang` expects them listed in a sentence: 「a、b」 in Japanese, "a, b" in
    English (never a Python list)."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise TypeError(f"listed() takes the values to list (a list, a tuple, a set...), got {values!r:.60}")
    if lang not in LANGS:
        raise ValueError(f"listed() takes a language of {', '.join(LANGS)}, got {lang!r}")
    shown = [str(v) for v in values]
    return "「" + "、".join(shown) + "」" if lang == "ja" else ", ".join(shown)


def expected_ja(expected: object) -> object:
    """pydantic's "'a', 'b' or 'c'" (the values a field takes) as 「a、b、c」; anything else as it is."""
    found = re.findall(r"'([^']*)'", expected) if isinstance(expected, str) else []
    return listed(found, "ja") if found else expected


def pydantic_ja(err: Any) -> str:
    """One of pydantic's errors (an `errors()` entry) said in Japanese, by its type; pydantic's own words
    for a type the catalog does not have."""
    text = japanese("pydantic").get(err["type"])
    ctx = dict(err.get("ctx") or {})
    if "expected" in ctx:
        ctx["expected"] = expected_ja(ctx["expected"])
    try:
        return text.format(**ctx) if text else str(err["msg"])
    except (KeyError, IndexError, ValueError):
        return str(err["msg"])

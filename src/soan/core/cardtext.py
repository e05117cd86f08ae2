"""Card texts made from data: what every game's templates share.

A game writes each card's text from its effects (its own templates, under games/<game>/); a card may
still carry a hand-written text (`text`, `text_ja`) as an override. The override must say what the
data says: the same numbers in the same order, and the same of the game's key words (sides, goods,
places). `disagreement` compares the two and names what differs; a game's component check refuses a
card whose hand text disagrees, so a changed number can never leave a stale text on the table.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from .errors import SoanError

_DIGITS = re.compile(r"\d+")
_WORDS = {"once": "1", "twice": "2"}  # English card texts say these for 1 and 2 times
_WORD = re.compile(r"\b(once|twice)\b", re.IGNORECASE)
_FULL = str.maketrans("0123456789", "０１２３４５６７８９")


def numbers(text: str) -> list[int]:
    """The numbers a text states, in order; full-width digits (「２枚」) read as ASCII ones, and
    'once'/'twice' as 1 and 2."""
    if not isinstance(text, str):
        raise SoanError(f"numbers: a text is a string, got {type(text).__name__}")
    plain = _WORD.sub(lambda x: _WORDS[x.group(1).lower()], unicodedata.normalize("NFKC", text))
    return [int(x) for x in _DIGITS.findall(plain)]


def zen(n: int) -> str:
    """A number as Japanese card text writes it: full-width digits (２, １０)."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise SoanError(f"zen: a number is an int, got {n!r}")
    return str(n).translate(_FULL)


class Problem(str):
    """A problem in English (the string itself) with its Japanese (`ja`), for the component check's
    message in either language."""

    ja: str

    def __new__(cls, en: str, ja: str) -> Problem:
        out = super().__new__(cls, en)
        out.ja = ja
        return out

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]  # copies and pickles keep both
        return str(self), self.ja


def _why(hand: str, made: str, terms: Sequence[str]) -> tuple[str, str] | None:
    if not isinstance(hand, str) or not isinstance(made, str):
        raise SoanError("disagreement: the hand text and the made text are strings")
    if isinstance(terms, str) or not all(isinstance(t, str) and t for t in terms):
        raise SoanError("disagreement: terms is a list of non-empty words")
    hn, mn = numbers(hand), numbers(made)
    if hn != mn:
        return (f"its numbers {hn} are not the data's {mn}",
                f"文章の数 {'、'.join(map(str, hn)) or 'なし'} がデータの数 {'、'.join(map(str, mn)) or 'なし'} と違います")
    norm_h, norm_m = unicodedata.normalize("NFKC", hand).lower(), unicodedata.normalize("NFKC", made).lower()
    extra = [t for t in terms if t.lower() in norm_h and t.lower() not in norm_m]
    missing = [t for t in terms if t.lower() in norm_m and t.lower() not in norm_h]
    if not extra and not missing:
        return None
    said = ", ".join([*(f"says {t!r}" for t in extra), *(f"lacks {t!r}" for t in missing)])
    en = f"it {said} where the data's text does not" if extra and not missing else f"it {said}"
    ja = "、".join([*(f"データにない「{t}」が書かれています" for t in extra),
                   *(f"データの「{t}」が書かれていません" for t in missing)])
    return en, ja


def disagreement(hand: str, made: str, terms: Sequence[str]) -> str | None:
    """None when the hand text agrees with the text made from the data; else what differs, in words.

    They agree when they state the same numbers in the same order and each of `terms` (the game's key
    words in that language) is in both or in neither."""
    why = _why(hand, made, terms)
    return None if why is None else why[0]


def override_problems(where: str, hand: tuple[str, str], made: tuple[str, str],
                      terms: tuple[Sequence[str], Sequence[str]]) -> list[str]:
    """A card's hand texts (English, Japanese) against its made texts: one problem per language that
    disagrees, naming the card (`where`), the field and both texts (a Problem: English and Japanese).
    An empty hand text is no override."""
    out: list[str] = []
    for field, h, m, t in (("text", hand[0], made[0], terms[0]), ("text_ja", hand[1], made[1], terms[1])):
        if h:
            why = _why(h, m, t)
            if why:
                out.append(Problem(
                    f"{where}: {field} {h!r} contradicts the card's data: {why[0]} "
                    f"(the data says {m!r}; correct the text or delete it to use the data's)",
                    f"{where}：{field} の「{h}」がカードのデータと食い違います。{why[1]}（データから作った文章は"
                    f"「{m}」です。文章を直すか、消してデータの文章を使ってください）"))
    return out

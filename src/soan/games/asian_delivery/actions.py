"""Asian Delivery actions: every decision of a turn is one small action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import Action, register_actions, whole_number
from ...core.errors import IllegalAction

GAME = "asian-delivery"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """AD-T2: play a hand card face up (its effect) or face down (人力輸送)."""

    kind: ClassVar[str] = "play"
    card: int
    face: str

    def text(self, lang: str = "en") -> str:
        if lang == "ja":
            return f"プレイ {self.card} {'表' if self.face == 'up' else '裏（人力輸送）'}"
        return f"play {self.card} {self.face}"


@dataclass(frozen=True, slots=True)
class Load(Action):
    kind: ClassVar[str] = "load"
    vehicle: str
    grade: str

    def text(self, lang: str = "en") -> str:
        return (f"積む {'列車' if self.vehicle == 'train' else '船'} {self.grade}" if lang == "ja"
                else f"load {self.vehicle} {self.grade}")


@dataclass(frozen=True, slots=True)
class Unload(Action):
    kind: ClassVar[str] = "unload"
    vehicle: str
    grade: str

    def text(self, lang: str = "en") -> str:
        return (f"降ろす {'列車' if self.vehicle == 'train' else '船'} {self.grade}" if lang == "ja"
                else f"unload {self.vehicle} {self.grade}")


@dataclass(frozen=True, slots=True)
class EndStep(Action):
    """End the action step (then the draft)."""

    kind: ClassVar[str] = "end"

    def text(self, lang: str = "en") -> str:
        return "アクション終了" if lang == "ja" else "end"


@dataclass(frozen=True, slots=True)
class AreaPick(Action):
    kind: ClassVar[str] = "area"
    area: int

    def text(self, lang: str = "en") -> str:
        return f"エリア {self.area}" if lang == "ja" else f"area {self.area}"


@dataclass(frozen=True, slots=True)
class CubePick(Action):
    kind: ClassVar[str] = "cube"
    grade: str

    def text(self, lang: str = "en") -> str:
        return f"荷物 {self.grade}" if lang == "ja" else f"cube {self.grade}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Stop or skip the current optional step."""

    kind: ClassVar[str] = "done"

    def text(self, lang: str = "en") -> str:
        return "終了" if lang == "ja" else "done"


@dataclass(frozen=True, slots=True)
class RequestPick(Action):
    kind: ClassVar[str] = "request"
    request: int

    def text(self, lang: str = "en") -> str:
        return f"依頼 {self.request}" if lang == "ja" else f"request {self.request}"


@dataclass(frozen=True, slots=True)
class BuildAt(Action):
    kind: ClassVar[str] = "build"
    area: int
    facility: str

    def text(self, lang: str = "en") -> str:
        ja = {"office": "事業所", "tower": "広告塔", "market": "市場", "gate": "転移門"}
        return f"建設 {self.area} {ja.get(self.facility, self.facility)}" if lang == "ja" else f"build {self.area} {self.facility}"


@dataclass(frozen=True, slots=True)
class CardPick(Action):
    kind: ClassVar[str] = "card"
    card: int

    def text(self, lang: str = "en") -> str:
        return f"カード {self.card}" if lang == "ja" else f"card {self.card}"


@dataclass(frozen=True, slots=True)
class OptionPick(Action):
    kind: ClassVar[str] = "option"
    option: int

    def text(self, lang: str = "en") -> str:
        return f"選択 {self.option}" if lang == "ja" else f"option {self.option}"


@dataclass(frozen=True, slots=True)
class DraftPick(Action):
    """AD-T4: take a card of the request display or the business display."""

    kind: ClassVar[str] = "draft"
    pile: str
    card: int

    def text(self, lang: str = "en") -> str:
        if lang == "ja":
            return f"獲得 {'依頼' if self.pile == 'request' else '事業'} {self.card}"
        return f"draft {self.pile} {self.card}"


@dataclass(frozen=True, slots=True)
class Retrieve(Action):
    kind: ClassVar[str] = "retrieve"
    yes: int

    def text(self, lang: str = "en") -> str:
        if lang == "ja":
            return "回収する" if self.yes else "回収しない"
        return "retrieve" if self.yes else "retrieve no"


@dataclass(frozen=True, slots=True)
class Wish(Action):
    """AD-V3: at round end, whether you want to unload from the vehicle."""

    kind: ClassVar[str] = "wish"
    yes: int

    def text(self, lang: str = "en") -> str:
        if lang == "ja":
            return "荷下ろし希望" if self.yes else "希望しない"
        return "wish unload" if self.yes else "wish no"


END, DONE = EndStep(), Done()
CUBES = {g: CubePick(g) for g in "LNH"}
RETRIEVE = (Retrieve(0), Retrieve(1))
WISH = (Wish(0), Wish(1))
LOADS = {(v, g): Load(v, g) for v in ("train", "ship") for g in "LNH"}
UNLOADS = {(v, g): Unload(v, g) for v in ("train", "ship") for g in "LNH"}
AREAS = {a: AreaPick(a) for a in range(1, 11)}




def parse_text(s: str) -> Action:
    if not isinstance(s, str):
        raise IllegalAction(f"an action text must be a string, got {type(s).__name__}")
    w = s.split()
    if not w:
        raise IllegalAction("empty action; e.g. 'play 41 up', 'load train L', 'area 5', 'end'")
    k = w[0].lower()
    no = len(w) > 1 and w[1].lower() in ("no", "0", "skip")
    try:
        if k == "play":
            face = w[2].lower() if len(w) > 2 else "up"
            if face not in ("up", "down"):
                raise IllegalAction("'play' takes a card number and up or down, e.g. 'play 41 down'")
            return PlayCard(whole_number(w[1], "'play'"), face)
        if k in ("load", "unload"):
            v, g = w[1].lower(), w[2].upper()
            if v not in ("train", "ship") or g not in ("L", "N", "H") or len(w) > 3:
                raise IllegalAction(f"'{k}' takes train|ship and L|N|H, e.g. '{k} train L'")
            return (LOADS if k == "load" else UNLOADS)[(v, g)]
        if k == "end":
            return END
        if k == "done":
            return DONE
        if k == "area":
            return AreaPick(whole_number(w[1], "'area'"))
        if k == "cube":
            g = w[1].upper()
            if g not in ("L", "N", "H") or len(w) > 2:
                raise IllegalAction(f"'cube' takes one grade, L, N or H; got {s!r}")
            return CUBES[g]
        if k == "request":
            return RequestPick(whole_number(w[1], "'request'"))
        if k == "build":
            return BuildAt(whole_number(w[1], "'build'"), w[2].lower())
        if k == "card":
            return CardPick(whole_number(w[1], "'card'"))
        if k == "option":
            return OptionPick(whole_number(w[1], "'option'"))
        if k == "draft":
            return DraftPick(w[1].lower(), whole_number(w[2], "'draft'"))
        if k == "retrieve":
            return RETRIEVE[0 if no else 1]
        if k == "wish":
            return WISH[0 if no else 1]
    except IndexError:
        raise IllegalAction(f"incomplete action {s[:80]!r}; e.g. 'play 41 up', 'load train L', 'area 5'") from None
    raise IllegalAction(f"unknown action {w[0][:40]!r}; expected play, load, unload, end, area, cube, done, request, "
                        "build, card, option, draft, retrieve or wish")


register_actions(GAME, PlayCard, Load, Unload, EndStep, AreaPick, CubePick, Done, RequestPick, BuildAt, CardPick,
                 OptionPick, DraftPick, Retrieve, Wish, text_parser=parse_text)

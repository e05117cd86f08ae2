"""Print-and-play pieces: what a game gives the printer and the tabletop exports, and the card presets.

A game's text module may offer `print_pieces(state, lang) -> Pieces` (an optional extra, looked up by
name): its decks (each card with how many copies the data asks for), boards as SVG, tokens, a player
aid and a rules summary, in the language asked. core/pnp_pdf.py lays them out for paper,
core/tabletop.py for virtual tables; neither knows any game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import SoanError


@dataclass(frozen=True)
class Card:
    """One card design: `count` copies of it are printed."""

    title: str
    body: str = ""
    count: int = 1
    corner: str = ""  # a big mark in the top corner (a value, a power)
    colour: str = "#444444"  # the frame's colour (CSS)
    subtitle: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.title, str) or not self.title:
            raise SoanError(f"a card has a title, got {self.title!r}")
        if not isinstance(self.count, int) or isinstance(self.count, bool) or not 1 <= self.count <= 10_000:
            raise SoanError(f"card {self.title!r}: count is a whole number from 1, got {self.count!r}")


@dataclass(frozen=True)
class Deck:
    """Cards sharing one back. `id` is the component file's deck (its CSV name too)."""

    id: str
    name: str
    cards: tuple[Card, ...]
    back: str = ""  # the words on the back (default: the deck's name)
    colour: str = "#333333"

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id or not isinstance(self.name, str) or not self.name:
            raise SoanError(f"a deck has an id and a name, got {self.id!r}, {self.name!r}")
        if not self.cards or not all(isinstance(c, Card) for c in self.cards):
            raise SoanError(f"deck {self.id!r}: cards is a non-empty tuple of Card")

    @property
    def size(self) -> int:
        return sum(c.count for c in self.cards)

    def faces(self) -> list[Card]:
        """Every printed card, copies included, in the data's order."""
        return [c for c in self.cards for _ in range(c.count)]


@dataclass(frozen=True)
class Board:
    name: str
    svg: str  # a whole <svg> element; its viewBox sets its proportions
    width_mm: float = 180.0

    def __post_init__(self) -> None:
        if not isinstance(self.svg, str) or not self.svg.lstrip().startswith("<svg"):
            raise SoanError(f"board {self.name!r}: svg is an <svg> element")
        if not 20 <= self.width_mm <= 600:
            raise SoanError(f"board {self.name!r}: width_mm is between 20 and 600, got {self.width_mm!r}")


@dataclass(frozen=True)
class Token:
    """`count` round or square pieces with a short label (a cube, a chit, a facility)."""

    name: str
    count: int
    label: str = ""
    colour: str = "#888888"
    shape: str = "round"

    def __post_init__(self) -> None:
        if not isinstance(self.count, int) or isinstance(self.count, bool) or not 0 <= self.count <= 10_000:
            raise SoanError(f"token {self.name!r}: count is a whole number from 0, got {self.count!r}")
        if self.shape not in ("round", "square"):
            raise SoanError(f"token {self.name!r}: shape is 'round' or 'square', got {self.shape!r}")


@dataclass(frozen=True)
class Pieces:
    """Everything printed for one game, in one language."""

    game: str  # the game's name as people read it
    lang: str
    decks: tuple[Deck, ...]
    boards: tuple[Board, ...] = ()
    tokens: tuple[Token, ...] = ()
    aid: tuple[str, ...] = ()  # player aid lines
    rules: str = ""  # the rules summary (plain text, paragraphs by line)
    other: tuple[tuple[str, int], ...] = field(default=())  # components bought, not printed (name, count)

    def __post_init__(self) -> None:
        if self.lang not in ("en", "ja"):
            raise SoanError(f"pieces: lang is 'en' or 'ja', got {self.lang!r}")
        ids = [d.id for d in self.decks]
        if len(set(ids)) != len(ids):
            raise SoanError(f"pieces: deck ids are unique, got {ids}")


@dataclass(frozen=True)
class Preset:
    name: str
    width_mm: float
    height_mm: float
    doc: str


MM_PER_INCH = 25.4
PRESETS: dict[str, Preset] = {p.name: p for p in (
    Preset("poker", 63.0, 88.0, "poker size, 63 × 88 mm (2.5 × 3.5 in)"),
    Preset("bridge", 57.0, 89.0, "bridge size, 57 × 89 mm (2.25 × 3.5 in)"),
    Preset("tarot", 70.0, 120.0, "tarot size, 70 × 120 mm"),
    Preset("mini", 44.0, 68.0, "mini euro, 44 × 68 mm"),
    Preset("tgc-poker", 63.5, 88.9, "The Game Crafter's poker card: 825 × 1125 px at 300 dpi with its 1/8 in bleed"),
    Preset("mpc-poker", 63.5, 88.9, "MakePlayingCards' poker card: 822 × 1122 px at 300 dpi with its bleed"),
)}
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def preset(name: str) -> Preset:
    if name not in PRESETS:
        raise SoanError(f"no card preset {name!r}; expected one of {', '.join(PRESETS)}",
                        ja=f"カードの大きさ {name!r} はありません。使えるのは {', '.join(PRESETS)} です")
    return PRESETS[name]


def paper(name: str) -> tuple[float, float]:
    if name not in PAPERS:
        raise SoanError(f"no paper {name!r}; expected a4 or letter",
                        ja=f"用紙 {name!r} はありません。a4 か letter を指定します")
    return PAPERS[name]


def pieces_of(text: Any, state: Any, lang: str) -> Pieces:
    """The game's pieces through its text module's `print_pieces`, checked."""
    fn = getattr(text, "print_pieces", None)
    if fn is None:
        raise SoanError(f"{getattr(state, 'game_id', '?')} has no printable pieces (its text module offers no "
                        "print_pieces)", ja="このゲームには印刷できるコンポーネントがありません")
    out = fn(state, lang)
    if not isinstance(out, Pieces):
        raise SoanError(f"print_pieces returned {type(out).__name__}, not Pieces")
    return out

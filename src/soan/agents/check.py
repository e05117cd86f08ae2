"""The bot check: is a seat effect a property of the rules, or of the bots that played?

A study's seat win shares are compared between two bot levels (e.g. `normal` and `random`, or
`normal` and `hard`) played on the same settings. A seat effect is *robust* when both levels find
the same seats significantly above or below the fair share (1/players, outside the 95% interval);
*bot-dependent* when only one level finds it, or the levels disagree; *absent* when neither does.
`seat_effect_robust` gives the verdict with the numbers and a sentence in Japanese and English; the
lab's reports and `soan seatcheck` use it. Seats are counted from 1 in the words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SeatTally:
    """Wins per seat (a shared win counts 1/k to each of k winners) over `games` games."""

    label: str  # e.g. the bot level or spec: "normal"
    games: int
    wins: Sequence[float]

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError(f"{self.label}: no games to judge a seat effect")
        if len(self.wins) < 2 or any(w < 0 or w > self.games for w in self.wins):
            raise ValueError(f"{self.label}: wins per seat must be between 0 and {self.games}, got {list(self.wins)}")

    @property
    def players(self) -> int:
        return len(self.wins)

    def shares(self) -> list[dict[str, Any]]:
        from statsmodels.stats.proportion import proportion_confint  # the lab extra

        fair = 1 / self.players
        out = []
        for seat, w in enumerate(self.wins):
            lo, hi = proportion_confint(w, self.games, alpha=0.05, method="wilson")  # 95%
            lo, hi = max(0.0, float(lo)), min(1.0, float(hi))  # rounding: never a hair outside [0, 1]
            out.append({"seat": seat, "share": w / self.games, "ci": [lo, hi],
                        "effect": "above" if lo > fair else "below" if hi < fair else None})
        return out

    def effects(self) -> dict[int, str]:
        return {x["seat"]: x["effect"] for x in self.shares() if x["effect"]}


def tally(label: str, winners: Iterable[Sequence[int]], players: int) -> SeatTally:
    """A tally from each game's winning seats (e.g. `GameResult.winners`)."""
    wins = [0.0] * players
    n = 0
    for w in winners:
        n += 1
        for s in w:
            wins[s] += 1 / len(w)
    return SeatTally(label, n, wins)


@dataclass
class SeatCheck:
    verdict: str  # "robust" | "bot-dependent" | "absent"
    a: SeatTally
    b: SeatTally
    seats: list[dict[str, Any]] = field(default_factory=list)  # per seat: both shares and effects

    def text(self, lang: str = "en") -> str:
        return _words(self, lang)

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "a": {"label": self.a.label, "games": self.a.games},
                "b": {"label": self.b.label, "games": self.b.games}, "seats": self.seats,
                "text": {"en": self.text("en"), "ja": self.text("ja")}}


def seat_effect_robust(a: SeatTally, b: SeatTally) -> SeatCheck:
    """Compare the seat effects found with two bot levels on the same settings."""
    if a.players != b.players:
        raise ValueError(f"the tallies have {a.players} and {b.players} seats; compare the same player count")
    ea, eb = a.effects(), b.effects()
    if not ea and not eb:
        verdict = "absent"
    elif ea == eb:
        verdict = "robust"
    else:
        verdict = "bot-dependent"
    sa, sb = a.shares(), b.shares()
    seats = [{"seat": i, a.label: {"share": sa[i]["share"], "ci": sa[i]["ci"], "effect": sa[i]["effect"]},
              b.label: {"share": sb[i]["share"], "ci": sb[i]["ci"], "effect": sb[i]["effect"]}}
             for i in range(a.players)]
    return SeatCheck(verdict, a, b, seats)


def _effect_words(e: dict[int, str], lang: str) -> str:
    if lang == "ja":
        parts = [f"{s + 1}番手が{'有利' if x == 'above' else '不利'}" for s, x in sorted(e.items())]
        return "、".join(parts) if parts else "席による差なし"
    parts = [f"seat {s + 1} {'ahead' if x == 'above' else 'behind'}" for s, x in sorted(e.items())]
    return ", ".join(parts) if parts else "no seat effect"


def _words(c: SeatCheck, lang: str) -> str:
    ea, eb = c.a.effects(), c.b.effects()
    la, lb = c.a.label, c.b.label
    if lang == "ja":
        if c.verdict == "absent":
            return (f"{la}（{c.a.games}ゲーム）でも{lb}（{c.b.games}ゲーム）でも、勝率に有意な席の差は"
                    "見られません。")
        if c.verdict == "robust":
            return (f"席の差は確かです：{la}でも{lb}でも同じ結果（{_effect_words(ea, 'ja')}）が出ました。"
                    "ボットではなくルールによる差と考えられます。")
        return (f"席の差はボットしだいです：{la}では「{_effect_words(ea, 'ja')}」、{lb}では"
                f"「{_effect_words(eb, 'ja')}」。ルールの性質と断定せず、別の強さのボットやゲーム数を"
                "増やして確かめてください。")
    if c.verdict == "absent":
        return f"Neither {la} ({c.a.games} games) nor {lb} ({c.b.games} games) shows a significant seat effect."
    if c.verdict == "robust":
        return (f"The seat effect is robust: {la} and {lb} agree ({_effect_words(ea, 'en')}); "
                "it comes from the rules, not the bots.")
    return (f"The seat effect depends on the bots: {la} finds {_effect_words(ea, 'en')}, {lb} finds "
            f"{_effect_words(eb, 'en')}. Do not read it as a property of the rules; check with another "
            "bot level or more games.")

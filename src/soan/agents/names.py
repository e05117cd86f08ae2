"""Bots as a person reads them: one name per bot and level, shared by reports, terminal play and the web."""

from __future__ import annotations

from ..core import words

BOT_JA = words.japanese("bots")  # core/words/*.toml


def bot_label(spec: str, lang: str) -> str:
    """A bot spec as a person reads it: `greedy:plan=0` → 貪欲（plan=0） in Japanese; English keeps the spec."""
    name, _, opts = str(spec).partition(":")
    if lang != "ja":
        return str(spec)
    ja = BOT_JA.get(name, name)
    return f"{ja}（{opts.replace(':', '、')}）" if opts else ja

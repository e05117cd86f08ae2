"""The words of terminal play itself (prompts, hand-over, errors), in English and Japanese.

The games' own words live in each game's text module; these are the ones every game shares.
"""

from __future__ import annotations

from ..agents.names import bot_label
from ..core import words

MSG = words.pairs("play")  # core/words/*.toml

# what a person may type besides a number: English and Japanese words, and one-letter shortcuts
COMMANDS = {
    **dict.fromkeys(("quit", "exit", "q", "終了", "中断"), "quit"),
    **dict.fromkeys(("help", "h", "?", "？", "ヘルプ"), "help"),
    **dict.fromkeys(("view", "v", "盤面"), "view"),
    **dict.fromkeys(("log", "l", "記録"), "log"),
    **dict.fromkeys(("why", "w", "理由"), "why"),
    **dict.fromkeys(("undo", "u", "取消", "取り消し"), "undo"),
}


def bot_name(spec: str | None, lang: str) -> str:
    """A bot spec as a person reads it: `normal` → 中級 in Japanese, as reports and the web name it."""
    return bot_label(spec or "random", lang)


def msg(key: str, lang: str, **kw) -> str:
    en, ja = MSG[key]
    return (ja if lang == "ja" else en).format(**kw)

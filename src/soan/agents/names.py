"""Bots as a person reads them: one name per bot and level, shared by reports, terminal play and the web."""

from __future__ import annotations

BOT_JA = {"random": "ランダム", "greedy": "貪欲", "mcts": "MCTS", "rollout": "先読み", "easy": "初級", "normal": "中級",
          "hard": "上級", "human": "人"}


def bot_label(spec: str, lang: str) -> str:
    """A bot spec as a person reads it: `greedy:plan=0` → 貪欲（plan=0） in Japanese; English keeps the spec."""
    name, _, opts = str(spec).partition(":")
    if lang != "ja":
        return str(spec)
    ja = BOT_JA.get(name, name)
    return f"{ja}（{opts.replace(':', '、')}）" if opts else ja

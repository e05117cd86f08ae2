"""Undecim's board page for `soan serve`: the script (web/board.js) and the names it shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.hooks import WebBoard
from .actions import item_name
from .cardtext import card_text
from .fields import LEDGER
from .model import ITEMS
from .text import LEDGER_WORDS, condition_text, rule_change_text


def labels(state, lang: str) -> dict[str, Any]:
    """Static names only: action cards, items, each card's two halves, scenarios."""
    ja = lang == "ja"
    m = state.cfg.components
    return {
        "items": [{"id": k, "name": item_name(i, lang)} for i, k in enumerate(ITEMS)],
        "halves": [list(h) for h in state.T.card_halves],
        "actions": {a.id: {"name": a.name_ja if ja else a.name, "text": card_text(a, lang)}
                    for a in m.action_cards},
        "scenarios": {s.id: {"name": s.name_ja if ja else s.name, "test": s.condition.test, "n": s.condition.n,
                             "vp": s.vp, "condition": condition_text(s, lang), "then": rule_change_text(s, lang)}
                      for s in m.scenario_cards},
        "ledger": [{"id": k, "name": LEDGER_WORDS[k][1 if ja else 0]} for k in LEDGER],  # a season's breakdown
    }


BOARD = WebBoard(script=Path(__file__).parent / "web" / "board.js", labels=labels)

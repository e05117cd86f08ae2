"""La Superba's board page for `soan serve`: the script (web/board.js) and the names it shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.hooks import WebBoard
from .cardtext import card_text


def labels(state, lang: str) -> dict[str, Any]:
    """Static names only (cards, goods, trade cards): nothing about the state's hidden parts."""
    ja = lang == "ja"
    m = state.cfg.components
    return {
        "cards": {str(c): state.card_name(c, lang) for c in state.R.deck},
        "goods": [{"id": g.id, "name": g.name_ja if ja else g.name, "effect": g.effect_ja if ja else g.effect}
                  for g in m.goods],
        "trade": {t.id: {"name": t.name_ja if ja else t.name, "text": card_text(m, t, lang)}
                  for t in m.trade_cards},
        "rounds": m.rounds,
    }


BOARD = WebBoard(script=Path(__file__).parent / "web" / "board.js", labels=labels)

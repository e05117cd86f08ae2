"""Asian Delivery's board page for `soan serve`: the script (web/board.js) and the names it draws.

`labels` gives only what never changes in a game and every seat sees alike: the map (positions,
adjacency, where ① is attached on the AD-V2 diamond), the area boards' names and terminals, every
card's name, colour and effect written out, every request, the facilities and the cube grades.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.hooks import WebBoard
from .cardtext import FAC_EFFECT, FAC_NAME, FAC_SHORT, RESIDENT, card_effect
from .model import COLOURS, GRADES
from .prompts import _colour

GRADE_WORDS = {
    "ja": {"L": "梅（下級）", "N": "竹（中級）", "H": "松（上級）"},
    "en": {"L": "plum (low)", "N": "bamboo (middle)", "H": "pine (high)"},
}
GRADE_NOTE = {
    "ja": "荷物のグレード：L＝梅・N＝竹・H＝松（L＜N＜H）。依頼は上のグレードでも満たせる。建設の支払いは L＝1、N＝2、H＝3。",
    "en": "Cube grades: L = plum, N = bamboo, H = pine (L < N < H). A higher grade fills a request for a lower "
          "one; in building, L pays 1, N 2, H 3.",
}


_HELP = Path(__file__).parent / "data" / "help.yaml"


def _help(lang: str) -> str:
    import yaml

    h = yaml.safe_load(_HELP.read_text(encoding="utf-8"))["ja" if lang == "ja" else "en"]
    return "\n".join(x for x in h.splitlines() if not x.startswith(("At the prompt", "入力：")))


def labels(state, lang: str) -> dict[str, Any]:
    """Static names only (map, areas, cards, requests): nothing about the state's hidden parts."""
    ja = lang == "ja"
    T = state.T
    m = state.cfg.components
    mp = T.map
    areas = {a.id: a for a in m.area_sets[state.cfg.params.get("area_set", "standard")]}
    nb = T.n_business
    cards = {}
    for c in range(len(T.ops)):
        card = m.business_cards[c] if c < nb else m.base_cards[(c - nb) % 4]
        cards[str(c)] = {"name": card.name_ja if ja else card.name, "colour": COLOURS[T.colour[c]],
                         "colour_name": _colour(state, T.colour[c], lang), "effect": card_effect(state, c, lang),
                         "resident": bool(T.resident[c]), "base": c >= nb}
    requests = {str(r): {"area": T.req_area[r], "cubes": T.req_cubes[r], "grade": GRADES[T.req_grade[r]],
                         "vp": T.req_vp[r], "colour": COLOURS[T.req_colour[r]],
                         "colour_name": _colour(state, T.req_colour[r], lang)}
                for r in range(len(T.req_vp))}
    k = "ja" if ja else "en"
    return {
        "map": {"positions": [[name, xy[0], xy[1]] for name, xy in mp.positions.items()], "hub": mp.hub,
                "big": T.big, "adjacent": {str(a): list(state.adj[a]) for a in range(1, 11)}},
        "areas": {str(i): {"name": a.name_ja if ja else a.name, "station": "station" in a.terminals,
                           "port": "port" in a.terminals} for i, a in areas.items()},
        "cards": cards,
        "requests": requests,
        "facilities": [{"key": f, "short": FAC_SHORT[k][i], "name": FAC_NAME[k][i], "effect": FAC_EFFECT[k][i]}
                       for i, f in enumerate(("office", "tower", "market", "gate"))],
        "grades": GRADE_WORDS[k],
        "grade_note": GRADE_NOTE[k],
        "resident": {key: v[1] if ja else v[0] for key, v in RESIDENT.items()},
        "rounds": T.rounds,
        "cap": T.cap,
        "workers": T.workers,
        "tokens": T.tokens,
        "help": _help(lang),
    }


BOARD = WebBoard(script=Path(__file__).parent / "web" / "board.js", labels=labels,
                 style=Path(__file__).parent / "web" / "board.css")

"""Asian Delivery on paper: business, base and request cards as the component data says, the city
board drawn from the web board's labels with its geometry (web/board.js: the same positions, box sizes
and spacing, the set-up's layout), cubes, facility tokens, workers and vehicles, the player aid and the
rules summary (text.print_pieces)."""

from __future__ import annotations

import html
import math

import yaml

from ...core.pnp import Board, Card, Deck, Pieces, Token
from .cardtext import FAC_SHORT, card_text
from .webboard import _HELP

COLOUR = {"red": "#b03a2e", "blue": "#2471a3", "yellow": "#b7950b", "green": "#1e8449"}
BW, BH = 176, 128  # web/board.js: an area's box


def _w(lang: str, en: str, ja: str) -> str:
    return ja if lang == "ja" else en


def _colour_name(m, c: str, lang: str) -> str:
    return m.colours[c].name_ja if lang == "ja" else m.colours[c].name


def rules_text(lang: str) -> str:
    h = yaml.safe_load(_HELP.read_text(encoding="utf-8"))["ja" if lang == "ja" else "en"]
    return "\n".join(x for x in h.splitlines() if not x.startswith(("At the prompt", "入力：")))


def decks(state, lang: str) -> tuple[Deck, ...]:
    from .webboard import labels

    m = state.cfg.components
    n = state.cfg.players
    areas = labels(state, lang)["areas"]
    base_red = not state.cfg.params.get("base_card_colours", True)
    biz = tuple(Card(title=c.name_ja if lang == "ja" else c.name, body=card_text(c, lang),
                     subtitle=_colour_name(m, c.colour, lang), colour=COLOUR[c.colour]) for c in m.business_cards)
    base = tuple(Card(title=c.name_ja if lang == "ja" else c.name, body=card_text(c, lang), count=n,
                      subtitle=_colour_name(m, "red" if base_red else c.colour, lang),
                      colour=COLOUR["red" if base_red else c.colour]) for c in m.base_cards)
    grade = {"L": _w(lang, "plum", "梅"), "N": _w(lang, "bamboo", "竹"), "H": _w(lang, "pine", "松")}
    req = tuple(Card(title=_w(lang, f"To {areas[str(r.area)]['name']}", f"{areas[str(r.area)]['name']}へ"),
                     body=_w(lang, f"{r.cubes} × {grade[r.grade]} ({r.grade})", f"{grade[r.grade]}（{r.grade}）×{r.cubes}"),
                     corner=f"{r.vp}VP", subtitle=_colour_name(m, r.colour, lang), colour=COLOUR[r.colour])
                for r in m.requests)
    return (Deck("business_cards", _w(lang, "Business cards", "事業カード"), biz, colour="#5d4037"),
            Deck("base_cards", _w(lang, "Base cards", "基本カード"), base, colour="#37474f"),
            Deck("requests", _w(lang, "Request cards", "依頼カード"), req, colour="#1a5276"))


def _places(state, L) -> dict[int, tuple[float, float]]:
    """Each area's box corner, as web/board.js places it."""
    o = state.observation(0)
    big = L["map"]["big"]
    sx, sy = (100, 140) if big else (196, 150)
    pos = {name: (x, y) for name, x, y in L["map"]["positions"]}
    at = {a: (pos[nm][0] * sx, pos[nm][1] * sy) for nm, a in zip(pos, o["layout"], strict=True) if a}
    if not L["map"]["hub"]:  # AD-V2: area 1 outside, next to the outer area it is attached to
        xs, ys = [q[0] for q in at.values()], [q[1] for q in at.values()]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        ax, ay = at[o["clockwise"][1]]
        ln = math.hypot(ax - cx, ay - cy) or 1
        dx, dy = (ax - cx) / ln, (ay - cy) / ln
        dist = min((BW + 24) / abs(dx) if abs(dx) > 0.01 else 1e9, (BH + 24) / abs(dy) if abs(dy) > 0.01 else 1e9)
        at[1] = (ax + dx * dist, ay + dy * dist)
    mx, my = min(q[0] for q in at.values()), min(q[1] for q in at.values())
    return {a: (8 + x - mx, 8 + y - my) for a, (x, y) in at.items()}


def city_svg(state, lang: str) -> str:
    from .webboard import labels

    L = labels(state, lang)
    at = _places(state, L)
    e = html.escape
    pairs = [(int(a), b) for a, bs in L["map"]["adjacent"].items() for b in bs if int(a) < b and int(a) in at and b in at]
    roads = "".join(f'<line x1="{at[a][0] + BW / 2:.0f}" y1="{at[a][1] + BH / 2:.0f}" x2="{at[b][0] + BW / 2:.0f}" '
                    f'y2="{at[b][1] + BH / 2:.0f}" stroke="#999" stroke-width="6"/>' for a, b in pairs)
    boxes = []
    short = FAC_SHORT["ja" if lang == "ja" else "en"]
    for a, (x, y) in sorted(at.items()):
        info = L["areas"][str(a)]
        term = [t for t, on in ((_w(lang, "port", "港"), info["port"]), (_w(lang, "station", "駅"), info["station"])) if on]
        kids = [f'<rect x="{x:.0f}" y="{y:.0f}" width="{BW}" height="{BH}" rx="10" fill="{"#fdf2e9" if a == 1 else "#fff"}"'
                f' stroke="#333" stroke-width="2"/>',
                f'<text x="{x + 8:.0f}" y="{y + 20:.0f}" font-size="16" font-weight="bold">{e(info["name"])}</text>',
                f'<text x="{x + BW - 8:.0f}" y="{y + 20:.0f}" font-size="13" text-anchor="end">{e(" ".join(term))}</text>']
        if a > 1:
            kids += [f'<rect x="{x + 6 + k * 42:.0f}" y="{y + 30:.0f}" width="38" height="22" rx="4" fill="#fff" stroke="#777"/>'
                     f'<text x="{x + 25 + k * 42:.0f}" y="{y + 46:.0f}" font-size="12" text-anchor="middle">{e(short[k])}</text>'
                     for k in range(4)]
            kids.append(f'<rect x="{x + 6:.0f}" y="{y + 60:.0f}" width="{BW - 12}" height="{BH - 68}" rx="6" fill="none" '
                        f'stroke="#bbb" stroke-dasharray="4 3"/><text x="{x + 12:.0f}" y="{y + 76:.0f}" font-size="11" '
                        f'fill="#777">{e(_w(lang, "warehouse", "倉庫"))}</text>')
        boxes.append("".join(kids))
    W = max(x for x, _ in at.values()) + BW + 8
    H = max(y for _, y in at.values()) + BH + 8
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W:.0f} {H:.0f}">{roads}{"".join(boxes)}</svg>')


def tokens(state, lang: str) -> tuple[Token, ...]:
    m = state.cfg.components
    n = state.cfg.players
    grade = {"L": _w(lang, "plum cubes (L)", "梅の荷物（L）"), "N": _w(lang, "bamboo cubes (N)", "竹の荷物（N）"),
             "H": _w(lang, "pine cubes (H)", "松の荷物（H）")}
    colours = {"L": "#c0392b", "N": "#27ae60", "H": "#1b2631"}
    out = [Token(grade[g], k, g, colours[g], "square") for g, k in m.cubes.items()]
    out.append(Token(_w(lang, "facility tokens (each player)", "施設コマ（各プレイヤー）"), m.facility_tokens * n,
                     _w(lang, "fac.", "施設"), "#5d6d7e"))
    out.append(Token(_w(lang, "workers (each player)", "ワーカー（各プレイヤー）"), m.workers * n, "W", "#884ea0"))
    out.append(Token(_w(lang, "vehicles: train and ship", "乗り物：列車と船"), 2, _w(lang, "veh.", "乗物"), "#2e4053", "square"))
    return tuple(out)


def pieces(state, lang: str, help_text: str) -> Pieces:
    """The pieces; `help_text` is the terminal's help, whose card list becomes the player aid."""
    rules = rules_text(lang)
    aid = tuple(x.strip() for x in help_text.splitlines()[len(rules.splitlines()) + 1:] if x.strip())
    return Pieces(game=_w(lang, "Asian Delivery", "アジアンデリバリー"), lang=lang, decks=decks(state, lang),
                  boards=(Board(_w(lang, "City board", "都市ボード"), city_svg(state, lang), 190.0),),
                  tokens=tokens(state, lang), aid=aid, rules=rules)

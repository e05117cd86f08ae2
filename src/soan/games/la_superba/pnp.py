"""La Superba on paper: the voyage cards of the chosen variants and the trade cards as the component
data says, a round and ranking board, the goods chits of every player, the player aid and the rules
summary (text.print_pieces)."""

from __future__ import annotations

from pathlib import Path

import yaml

from ...core.pnp import Board, Card, Deck, Pieces, Token
from .cardtext import card_text
from .model import SHIP, SUITS

SUIT_COLOUR = {"weather": "#2e86c1", "crew": "#a04000", "ship": "#1c2833"}
GOOD_COLOUR = {"pepper": "#922b21", "glass": "#1f618d", "silk": "#7d3c98"}
_HELP = Path(__file__).parent / "data" / "help.yaml"


def _w(lang: str, en: str, ja: str) -> str:
    return ja if lang == "ja" else en


def rules_text(lang: str) -> str:
    h = yaml.safe_load(_HELP.read_text(encoding="utf-8"))["ja" if lang == "ja" else "en"]
    keep = []
    for line in h.splitlines():
        if line.startswith(("At the prompt", "入力：")):
            break
        keep.append(line)
    return "\n".join(keep)


def decks(state, lang: str) -> tuple[Deck, ...]:
    m = state.cfg.components
    R = state.R
    voyage = []
    for c in R.deck:
        suit = SUITS[R.suit[c]]
        name = m.suits[suit].name_ja if lang == "ja" else m.suits[suit].name
        value = f"×{R.mult[c]}" if R.suit[c] == SHIP else str(R.power[c])
        body = (_w(lang, f"voyage power × {R.mult[c]} per crew", f"船員１枚につき航海力×{R.mult[c]}")
                if R.suit[c] == SHIP else _w(lang, f"voyage power {R.power[c]}", f"航海力{R.power[c]}"))
        voyage.append(Card(title=f"{name} {value}", body=body, corner=value, subtitle=f"#{c}", colour=SUIT_COLOUR[suit]))
    trade = tuple(Card(title=t.name_ja if lang == "ja" else t.name, body=card_text(m, t, lang), colour="#7e5109")
                  for t in m.trade_cards)
    return (Deck("voyage_cards", _w(lang, "Voyage cards", "航海カード"), tuple(voyage), colour="#154360"),
            Deck("trade_cards", _w(lang, "Trade cards", "交易カード"), trade, colour="#7e5109"))


def board_svg(state, lang: str) -> str:
    m = state.cfg.components
    rounds = "".join(f'<rect x="{10 + i * 56}" y="30" width="50" height="40" rx="4" fill="#fff" stroke="#7e5109"/>'
                     f'<text x="{35 + i * 56}" y="55" text-anchor="middle" font-size="11">'
                     f'{_w(lang, f"Round {i + 1}", f"第{i + 1}ラウンド")}</text>' for i in range(m.rounds))
    ranks = "".join(f'<text x="12" y="{100 + i * 16}" font-size="11">{_rank_line(i, q, len(m.quotas), lang)}</text>'
                    for i, q in enumerate(m.quotas))
    W = max(300, 20 + m.rounds * 56)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {110 + len(m.quotas) * 16}">'
            f'<rect x="1" y="1" width="{W - 2}" height="{108 + len(m.quotas) * 16}" rx="6" fill="#fbf3e4" stroke="#333"/>'
            f'<text x="10" y="20" font-size="12">{_w(lang, "Trade event of the round", "ラウンドの交易イベント")}</text>'
            f'{rounds}<text x="10" y="85" font-size="12">{_w(lang, "Delivery by rank", "順位ごとの輸送")}</text>{ranks}</svg>')


def _rank_line(i: int, q: int, n: int, lang: str) -> str:
    below = i == n - 1 and i > 0
    if lang == "ja":
        return f"{i + 1}位{'以下' if below else ''}：{q}個まで輸送"
    return f"rank {i + 1}{' and below' if below else ''}: deliver up to {q}"


def pieces(state, lang: str, help_text: str) -> Pieces:
    """The pieces; `help_text` is the terminal's help, whose card list becomes the player aid."""
    m = state.cfg.components
    n = state.cfg.players
    toks = tuple(Token(_w(lang, f"{g.name} chits (each of {n} players)", f"{g.name_ja}のアイテム（{n}人分）"),
                       m.chits_per_good * n, g.name_ja if lang == "ja" else g.name[:3], GOOD_COLOUR[g.id])
                 for g in m.goods)
    rules = rules_text(lang)
    aid = tuple(x.strip() for x in help_text.splitlines()[len(rules.splitlines()):]
                if x.strip() and not x.startswith(("At the prompt", "入力：", "  (none", "  u undo")))
    return Pieces(game=_w(lang, "La Superba", "ラ・スペルバ"), lang=lang, decks=decks(state, lang),
                  boards=(Board(_w(lang, "Round board", "ラウンドボード"), board_svg(state, lang), 170.0),),
                  tokens=toks, aid=aid, rules=rules)

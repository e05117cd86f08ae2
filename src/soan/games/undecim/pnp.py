"""Undecim on paper: the action, scenario and resource cards as the component data says, the council
board (normal and bonus areas, the frontier, the story), a start-player marker, the player aid and the
rules summary (text.print_pieces)."""

from __future__ import annotations

from pathlib import Path

import yaml

from ...core.pnp import Board, Card, Deck, Pieces, Token
from .actions import item_name
from .cardtext import card_text, condition_text, rule_change_text
from .model import ITEM_INDEX

KIND_COLOUR = {"land": "#3a7d44", "resource": "#8d5b3e", "enemy": "#a52a2a", "gold": "#b8901c"}
_HELP = Path(__file__).parent / "data" / "help.yaml"


def _w(lang: str, en: str, ja: str) -> str:
    return ja if lang == "ja" else en


def rules_text(lang: str) -> str:
    """The rules summary: the help's rules without the terminal's input line."""
    h = yaml.safe_load(_HELP.read_text(encoding="utf-8"))["ja" if lang == "ja" else "en"]
    keep, skip = [], False
    for line in h.splitlines():
        skip = skip or line.startswith(("At the prompt", "入力："))
        if not skip:
            keep.append(line)
    return "\n".join(keep)


def decks(state, lang: str) -> tuple[Deck, ...]:
    m = state.cfg.components
    kind = {i.id: i.kind for i in m.items}
    actions = tuple(Card(title=a.name_ja if lang == "ja" else a.name, body=card_text(a, lang), colour="#2f4f7f")
                    for a in m.action_cards)
    scen = []
    for s in m.scenario_cards:
        rc = rule_change_text(s, lang)
        body = condition_text(s, lang) + ("\n" + _w(lang, f"Then: {rc}", f"達成後のルール変更：{rc}") if rc else "")
        scen.append(Card(title=s.name_ja if lang == "ja" else s.name, body=body, corner=f"{s.vp}VP",
                         subtitle=_w(lang, f"Season {s.season}", f"シーズン{s.season}"), colour="#6a4c93"))
    res = tuple(Card(title=f"{item_name(ITEM_INDEX[r.top], lang)} / {item_name(ITEM_INDEX[r.bottom], lang)}",
                     body=_w(lang, f"top: {kind[r.top]}, bottom: {kind[r.bottom]}",
                             f"上：{_KIND_JA[kind[r.top]]}　下：{_KIND_JA[kind[r.bottom]]}"),
                     count=r.count, colour=KIND_COLOUR[kind[r.top]]) for r in m.resource_cards)
    return (Deck("action_cards", _w(lang, "Action cards", "アクションカード"), actions, colour="#2f4f7f"),
            Deck("scenario_cards", _w(lang, "Scenario cards", "シナリオカード"), tuple(scen), colour="#6a4c93"),
            Deck("resource_cards", _w(lang, "Resource cards", "リソースカード"), res, colour="#3b3b3b"))


_KIND_JA = {"land": "土地", "resource": "資源", "enemy": "敵", "gold": "金"}


def council_svg(state, lang: str) -> str:
    m = state.cfg.components
    W, H = 300, 200
    slots = "".join(f'<rect x="{10 + i * (280 / max(m.frontier, 1)):.1f}" y="110" width="{280 / max(m.frontier, 1) - 4:.1f}"'
                    f' height="36" rx="3" fill="#fff" stroke="#3a7d44"/>' for i in range(m.frontier))
    story = "".join(f'<rect x="{10 + i * 95}" y="160" width="88" height="30" rx="3" fill="#fff" stroke="#6a4c93"/>'
                    f'<text x="{54 + i * 95}" y="180" text-anchor="middle" font-size="9">'
                    f'{_w(lang, f"Season {i + 1}", f"シーズン{i + 1}")}</text>' for i in range(3))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}">'
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="6" fill="#f4efe3" stroke="#333"/>'
            f'<rect x="10" y="12" width="135" height="80" rx="4" fill="#fff" stroke="#2f4f7f"/>'
            f'<text x="77" y="30" text-anchor="middle" font-size="11">{_w(lang, "Council: normal area", "議会：ノーマルエリア")}</text>'
            f'<rect x="155" y="12" width="135" height="80" rx="4" fill="#fff" stroke="#b8901c"/>'
            f'<text x="222" y="30" text-anchor="middle" font-size="11">{_w(lang, "Council: bonus area", "議会：ボーナスエリア")}</text>'
            f'<text x="10" y="106" font-size="9">{_w(lang, "Frontier", "開拓地")}</text>{slots}'
            f'<text x="10" y="157" font-size="9">{_w(lang, "Story", "ストーリー")}</text>{story}</svg>')


def pieces(state, lang: str, help_text: str) -> Pieces:
    """The pieces; `help_text` is the terminal's help, whose card list becomes the player aid."""
    ds = decks(state, lang)
    aid = tuple(x.strip() for x in help_text.splitlines()[len(rules_text(lang).splitlines()) + 1:] if x.strip())
    return Pieces(game=_w(lang, "Undecim", "ウーンデキム"), lang=lang, decks=ds,
                  boards=(Board(_w(lang, "Council board", "議会ボード"), council_svg(state, lang), 180.0),),
                  tokens=(Token(_w(lang, "Start player marker", "スタートプレイヤーマーカー"), 1, "1", "#333333"),),
                  aid=aid, rules=rules_text(lang))

"""Undecim as text for the terminal: council (both areas), frontier, story, tableaus, hand, VP."""

from __future__ import annotations

from pathlib import Path

import yaml

from .actions import item_name
from .model import ENEMY, GOLD, ITEMS, LANDS, RESOURCES

_HELP = Path(__file__).parent / "data" / "help.yaml"
PUBLIC_MOVES = True  # every move is public: the log may show a bot's reasons


def player_name(seat: int, lang: str, me: int | None = None) -> str:
    base = f"{'プレイヤー' if lang == 'ja' else 'Player'} {seat + 1}"
    return f"{base} ({'あなた' if lang == 'ja' else 'you'})" if seat == me else base


def _card_name(state, cid: str, lang: str) -> str:
    c = state.card(cid)
    return f"{c.name_ja if lang == 'ja' else c.name} [{cid}]"


def _halves(state, card: int, lang: str) -> str:
    top, bottom = state.T.card_halves[card]
    return f"{item_name(top, lang)}/{item_name(bottom, lang)}"


def _tableau(o: dict, i: int, lang: str) -> str:
    cnt = [0] * 10
    for x in o["loose"][i]:
        cnt[x % 10] += 1
    parts = [f"{item_name(k, lang)}×{cnt[k]}" for k in (*LANDS, *RESOURCES, ENEMY, GOLD) if cnt[k]]
    ss = []
    for kind, cards in o["settlements"][i]:
        items = "+".join(item_name(x % 10, lang) for x in cards)
        tag = ("同" if lang == "ja" else "same") if kind >= 0 else ("異" if lang == "ja" else "mixed")
        ss.append(f"[{tag}: {items}]")
    return (" ".join(parts) or "-") + ("  " + " ".join(ss) if ss else "")


def render(state, seat: int, lang: str = "en") -> str:
    o = state.observation(seat)
    ja = lang == "ja"
    lines = []
    head = (f"== シーズン{o['season']}/{o['seasons']} 手番 {o['turn_no'] // o['players'] + 1}/{state.T.turns}"
            if ja else f"== Season {o['season']}/{o['seasons']}, turn {o['turn_no'] // o['players'] + 1}/{state.T.turns}")
    if o["stage"] == "over":
        head = "== ゲーム終了 ==" if ja else "== Game over =="
    lines.append(head)
    lines.append(("議会 ノーマル: " if ja else "Council normal: ")
                 + (", ".join(_card_name(state, c, lang) for c in o["council"]["normal"]) or "-"))
    lines.append(("議会 ボーナス: " if ja else "Council bonus:  ")
                 + (", ".join(_card_name(state, c, lang) for c in o["council"]["bonus"]) or "-"))
    lines.append(("開拓地: " if ja else "Frontier: ") + ", ".join(_halves(state, c, lang) for c in o["frontier"])
                 + (f"   (山札 {o['deck_size']})" if ja else f"   (deck {o['deck_size']})"))
    story = []
    m = state.cfg.components
    by = {s.id: s for s in m.scenario_cards}
    for sid, ach in zip(o["story"], o["achieved"], strict=True):
        sc = by[sid]
        done = (f" ✓P{ach}" if ach else "")
        story.append(f"{sc.name_ja if ja else sc.name} ({sc.condition.test}≥{sc.condition.n}, {sc.vp}VP){done}")
    lines.append(("ストーリー: " if ja else "Story: ") + "; ".join(story))
    for i in range(o["players"]):
        turn = " ←" if o["seat_to_act"] == i else ""
        lines.append(f"  {player_name(i, lang, seat):<16} VP {o['scores'][i]:>3}  "
                     f"{'手札' if ja else 'hand'} {o['hand_sizes'][i]}  {_tableau(o, i, lang)}{turn}")
    lines.append(("手札: " if ja else "Your hand: ") + ", ".join(_card_name(state, c, lang) for c in o["hand"]))
    if o["drawn"] is not None:
        lines.append(("引いたカード: " if ja else "Drawn card: ") + _halves(state, o["drawn"], lang))
    return "\n".join(lines)


def log_move(state, seat: int, action, lang: str, me: int | None = None) -> str:
    """Every Undecim move is public."""
    return f"{player_name(seat, lang, me)}: {state.action_text(action, lang)}"


def render_round(state, entry, lang: str, me: int | None = None) -> str:  # pragma: no cover - no rounds here
    return ""


def full_log(state, lang: str, me: int | None = None) -> str:
    ja = lang == "ja"
    lines = []
    for season, seat, took, bonus, played, _changed in state.observation(me or 0)["log"]:
        area = ("ボーナス" if ja else "bonus") if bonus else ("ノーマル" if ja else "normal")
        lines.append(f"  S{season} {player_name(seat, lang, me)}: "
                     + (f"{took}（{area}）を取り、{played}を使用" if ja else f"took {took} ({area}), played {played}"))
    for r in state.observation(me or 0)["results"]:
        lines.append((f"シーズン{r['season']}の結果: " if ja else f"Season {r['season']} result: ")
                     + ", ".join(f"P{i + 1} {v}VP" for i, v in enumerate(r["scores"])))
    return "\n".join(lines) or ("まだ記録がありません" if ja else "nothing yet")


def help_text(state, lang: str = "en") -> str:
    ja = lang == "ja"
    h = yaml.safe_load(_HELP.read_text(encoding="utf-8"))["ja" if ja else "en"]
    m = state.cfg.components
    lines = [h, "アクションカード:" if ja else "Action cards:"]
    for a in m.action_cards:
        lines.append(f"  {a.name_ja if ja else a.name} [{a.id}]: {a.text_ja if ja else a.text}")
    lines.append("シナリオ:" if ja else "Scenarios in play:")
    by = {s.id: s for s in m.scenario_cards}
    for sid in state.observation(0)["story"]:
        s = by[sid]
        lines.append(f"  {s.name_ja if ja else s.name}: {s.condition.test} ≥ {s.condition.n} → {s.vp} VP")
    return "\n".join(lines)


def epoch(state) -> tuple:
    """Undo is allowed while this is unchanged: it changes whenever a card is drawn."""
    return (state.season, state.turn_no, len(state.deck), len(state.discard), state.drawn)


_ = ITEMS

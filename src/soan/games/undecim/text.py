"""Undecim as text: council (both areas), frontier, story with conditions in words, tableaus and
settlements, hand, VP; season results with their breakdown as they happen.

Every function returns plain strings in the language asked ("en" or "ja"); the terminal and the
browser both use them.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ...core.width import ljust
from ...core.words import player_name, short_name  # noqa: F401 - the games' text hook names players as soan does
from .actions import BonusDraw, Keep, Pick, Play, Settle, Skip, Take, item_name
from .cardtext import CONDITION, RULE_CHANGE, card_text, condition_text, rule_change_text  # noqa: F401 - named here too
from .fields import LEDGER, loose_item
from .model import ENEMY, GOLD, ITEMS, LANDS, RESOURCES

_HELP = Path(__file__).parent / "data" / "help.yaml"
PUBLIC_MOVES = True  # every move is public: the log may show a bot's reasons

LEDGER_WORDS = {
    "land": ("land kinds at turn ends", "手番終了時の土地の種類"),
    "scenario": ("scenarios", "シナリオ"),
    "start": ("start of season", "シーズン開始時"),
    "cards": ("action cards", "アクションカード"),
    "majority": ("land majority", "土地の多数派"),
    "buildings": ("buildings", "建築"),
    "gold": ("gold", "金"),
    "enemy": ("enemies", "敵"),
}


def _ja(lang: str) -> bool:
    return lang == "ja"


def _card_name(state, cid: str, lang: str) -> str:
    c = state.card(cid)
    return c.name_ja if _ja(lang) else f"{c.name} [{cid}]"


def _halves(state, card: int, lang: str) -> str:
    top, bottom = state.T.card_halves[card]
    return f"{item_name(top, lang)}/{item_name(bottom, lang)}"


def _settlement(kind: int, cards, k: int, lang: str) -> str:
    items = ("・" if _ja(lang) else "+").join(item_name(loose_item(x), lang) for x in cards)
    if _ja(lang):
        return f"入植地{k}（{'同一資源' if kind >= 0 else '異なる資源'}）：{items}"
    return f"settlement {k} ({'same kind' if kind >= 0 else 'mixed'}): {items}"


def _tableau(o: dict, i: int, lang: str) -> str:
    cnt = [0] * len(ITEMS)
    for x in o["loose"][i]:
        cnt[loose_item(x)] += 1
    parts = [f"{item_name(k, lang)}×{cnt[k]}" for k in (*LANDS, *RESOURCES, ENEMY, GOLD) if cnt[k]]
    return " ".join(parts) or "-"


def render(state, seat: int, lang: str = "en") -> str:
    o = state.observation(seat)
    ja = _ja(lang)
    lines = []
    head = (f"== シーズン{o['season']}/{o['seasons']}  手番 {o['turn_no'] // o['players'] + 1}/{state.T.turns}"
            if ja else f"== Season {o['season']}/{o['seasons']}, turn {o['turn_no'] // o['players'] + 1}/{state.T.turns}")
    if o["stage"] == "over":
        head = "== ゲーム終了 ==" if ja else "== Game over =="
    lines.append(head)
    sep = "、" if ja else ", "
    lines.append(("議会（ノーマルエリア）: " if ja else "Council normal: ")
                 + (sep.join(_card_name(state, c, lang) for c in o["council"]["normal"]) or "-"))
    lines.append(("議会（ボーナスエリア）: " if ja else "Council bonus:  ")
                 + (sep.join(_card_name(state, c, lang) for c in o["council"]["bonus"]) or "-"))
    lines.append(("開拓地（上/下）: " if ja else "Frontier (top/bottom): ")
                 + sep.join(_halves(state, c, lang) for c in o["frontier"])
                 + (f"  （山札\u00a0{o['deck_size']}枚）" if ja else f"   (deck\u00a0{o['deck_size']})"))
    m = state.cfg.components
    by = {s.id: s for s in m.scenario_cards}
    lines.append("ストーリー:" if ja else "Story:")
    for sid, ach in zip(o["story"], o["achieved"], strict=True):
        sc = by[sid]
        done = ((f"  ✓ プレイヤー {ach} が達成" if ja else f"  ✓ achieved by player {ach}") if ach else "")
        lines.append(f"  {sc.name_ja if ja else sc.name}: {condition_text(sc, lang)} → {sc.vp}VP{done}")
    for i in range(o["players"]):
        turn = " ←" if o["seat_to_act"] == i else ""
        lines.append(f"  {ljust(short_name(i, lang, seat), 12)} VP{o['scores'][i]:>3}  "
                     f"{'手札' if ja else 'hand'} {o['hand_sizes'][i]}  {_tableau(o, i, lang)}{turn}")
        for k, (kind, cards) in enumerate(o["settlements"][i], 1):
            lines.append("      " + _settlement(kind, cards, k, lang))
    lines.append(("手札: " if ja else "Your hand: ") + (sep.join(_card_name(state, c, lang) for c in o["hand"]) or "-"))
    if o["drawn"] is not None:
        lines.append(("引いたカード（上/下）: " if ja else "Drawn card (top/bottom): ") + _halves(state, o["drawn"], lang))
    return "\n".join(lines)


def action_text(state, action, lang: str = "en") -> str:
    """An option as a person reads it: names and effects, no ids in Japanese."""
    ja = _ja(lang)
    if isinstance(action, Take | Play):
        c = state.card(action.card)
        if isinstance(action, Take):
            bonus = state.T.card_index[action.card] in state.bonus
            verb = ("をボーナスエリアから取る" if bonus else "をノーマルエリアから取る") if ja else ("take " if not bonus else "take (bonus) ")
        else:
            verb = "を使う" if ja else "play "
        return f"{c.name_ja}{verb}：{card_text(c, lang)}" if ja else f"{verb}{c.name} [{action.card}]: {card_text(c, lang)}"
    if ja:
        if isinstance(action, BonusDraw):
            return "山札から１枚引いて獲得する" if action.draw else "引かない"
        if isinstance(action, Pick):
            return f"{action.text('ja').split(' ', 1)[1]}を獲得する"
        if isinstance(action, Keep):
            return f"{action.text('ja').split(' ', 1)[1]}を上にして置く"
        if isinstance(action, Skip):
            return "見送る"
        if isinstance(action, Settle):
            a, b = action.text("ja").split(" ", 1)[1].split("+")
            return f"{a}と{b}で入植する"
    return state.action_text(action, lang)


def log_move(state, seat: int, action, lang: str, me: int | None = None) -> str:
    """Every Undecim move is public."""
    return f"{player_name(seat, lang, me)}: {action_text(state, action, lang)}"


def summarize_turn(state, seat: int, actions: list, lang: str, me: int | None = None) -> str:
    """One line per turn of another player: what was taken and played, what was gained. `state` is
    the state before the first of the moves; each is worded on the state just before it."""
    ja = _ja(lang)
    parts = []
    s = state.clone()
    for a in actions:
        t = action_text(s, a, lang)
        parts.append(t.split("：")[0] if ja else t.split(": ")[0])
        s.apply(seat, a)
    return f"{player_name(seat, lang, me)}: " + ("、".join(parts) if ja else "; ".join(parts))


def render_round(state, entry, lang: str, me: int | None = None) -> str:  # pragma: no cover - no rounds here
    return ""


def season_result(state, r: dict, lang: str) -> list[str]:
    """UN-F*/UN-K*: one season's result per player with its breakdown."""
    ja = _ja(lang)
    lines = [f"== シーズン{r['season']}の結果 ==" if ja else f"== Season {r['season']} result =="]
    order = sorted(range(len(r["scores"])), key=lambda i: r["ranks"][i])
    for i in order:
        led = r["ledger"][i]
        parts = []
        for k in LEDGER:
            v = led[k]
            if v:
                en, jw = LEDGER_WORDS[k]
                parts.append(f"{jw}\u00a0{v:+d}" if ja else f"{en}\u00a0{v:+d}")  # never folded apart
        body = ("、".join(parts) if ja else ", ".join(parts)) or "0"
        lines.append(f"  {r['ranks'][i]}位 {player_name(i, lang)}: {r['scores'][i]}VP（{body}）" if ja else
                      f"  #{r['ranks'][i]} {player_name(i, lang)}: {r['scores'][i]} VP ({body})")
    return lines


def announce(before, after, lang: str) -> list[str]:
    """Scores as they change: a scenario card achieved, a season's result with its breakdown."""
    ja = _ja(lang)
    lines = []
    by = {s.id: s for s in after.cfg.components.scenario_cards}
    ob, oa = before.observation(0), after.observation(0)
    if ob["season"] == oa["season"] and ob["story"] == oa["story"]:
        for sid, a0, a1 in zip(oa["story"], ob["achieved"], oa["achieved"], strict=True):
            if a1 and not a0:
                sc = by[sid]
                lines.append(f"  ★ {player_name(a1 - 1, lang)}: " +
                             (f"シナリオ「{sc.name_ja}」を達成 +{sc.vp}VP" if ja else f"achieved {sc.name}, +{sc.vp} VP"))
    for r in oa["results"][len(ob["results"]):]:
        lines += season_result(after, r, lang)
    return lines


def full_log(state, lang: str, me: int | None = None) -> str:
    ja = _ja(lang)
    lines = []
    o = state.observation(me or 0)
    for season, seat, took, bonus, played, _changed in o["log"]:
        area = ("ボーナスエリア" if ja else "bonus") if bonus else ("ノーマルエリア" if ja else "normal")
        t, p = _card_name(state, took, lang), _card_name(state, played, lang) if played else "-"
        lines.append(f"  S{season} {player_name(seat, lang, me)}: "
                     + (f"{t}（{area}）を取り、{p}を使った" if ja else f"took {t} ({area}), played {p}"))
    for r in o["results"]:
        lines += season_result(state, r, lang)
    return "\n".join(lines) or ("まだ記録がありません" if ja else "nothing yet")


def help_text(state, lang: str = "en") -> str:
    ja = _ja(lang)
    h = yaml.safe_load(_HELP.read_text(encoding="utf-8"))["ja" if ja else "en"].rstrip("\n")
    m = state.cfg.components
    lines = [h, "アクションカード:" if ja else "Action cards:"]
    for a in m.action_cards:
        lines.append(f"  {a.name_ja}: {card_text(a, lang)}" if ja else f"  {a.name} [{a.id}]: {card_text(a, lang)}")
    lines.append("シナリオ（いま場にあるもの）:" if ja else "Scenarios in play:")
    by = {s.id: s for s in m.scenario_cards}
    for sid in state.observation(0)["story"]:
        s = by[sid]
        rc = rule_change_text(s, lang)
        lines.append(f"  {s.name_ja if ja else s.name}: {condition_text(s, lang)} → {s.vp}VP"
                     + ((f"（達成後のルール変更：{rc}）" if ja else f" (then: {rc})") if rc else ""))
    lines.append("入植地: 同一資源＝同じ資源だけの入植地、異なる資源＝ちがう資源を集めた入植地" if ja
                 else "Settlements: same kind = one resource only; mixed = different resources")
    return "\n".join(lines)


def epoch(state) -> tuple:
    """Undo is allowed while this is unchanged: it changes whenever a card is drawn."""
    return (state.season, state.turn_no, len(state.deck), len(state.discard), state.drawn)


def print_pieces(state, lang: str):
    """The game on paper and on virtual tables (core/pnp.py): cards, board, tokens, aid, rules."""
    from .pnp import pieces

    return pieces(state, lang, help_text(state, lang))

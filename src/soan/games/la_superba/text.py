"""La Superba as text for the terminal: the seat's view, round results, public log lines."""

from __future__ import annotations

from pathlib import Path

import yaml

from ...core.width import ljust
from ...core.words import player_name, short_name  # noqa: F401 - the games' text hook names players as soan does
from .actions import GOOD_EN, GOOD_JA, Carry, Deliver, Play
from .cardtext import card_text

_HELP = Path(__file__).parent / "data" / "help.yaml"
T = {
    "round": ("Round", "ラウンド"), "event": ("Event", "イベント"), "hand": ("Your hand", "手札"),
    "supply": ("Supply", "手元"), "score": ("Score", "得点"), "deck": ("Deck", "山札"),
    "row": ("Trade row", "交易イベント"), "hidden": ("(face down)", "（裏向き）"),
    "you": ("you", "あなた"), "player": ("Player", "プレイヤー"), "lost": ("lost", "ロスト"),
    "played": ("Your play", "出したカード"), "carried": ("Your cargo", "運ぶアイテム"),
    "committed": ("chose", "選択済み"), "waiting": ("deciding", "選択中"),
}


def t(key: str, lang: str) -> str:
    en, ja = T[key]
    return ja if lang == "ja" else en


def _goods(counts, lang: str) -> str:
    names = GOOD_JA if lang == "ja" else GOOD_EN
    return " ".join(f"{names[g]}{n}" for g, n in enumerate(counts) if n) or "-"


def _event_line(state, idx: int, lang: str) -> str:
    m = state.cfg.components
    tc = m.trade_cards[idx]
    return f"{tc.name_ja if lang == 'ja' else tc.name}: {card_text(m, tc, lang)}"


def action_text(state, action, lang: str = "en") -> str:
    """An option as a person reads it."""
    if lang == "ja":
        if isinstance(action, Play):
            return "、".join(state.card_name(c, lang) for c in action.cards) + "を伏せて出す"
        if isinstance(action, Carry):
            return ("何も運ばない" if not sum(action.counts) else _goods(action.counts, lang).replace(" ", "・") + "を運ぶ")
        if isinstance(action, Deliver):
            c = getattr(action, "counts", None)
            if c is not None:
                return "何も輸送しない" if not sum(c) else _goods(c, lang).replace(" ", "・") + "を輸送する"
    return state.action_text(action, lang)


def round_points(state, rnd: int, seat: int) -> tuple[int, list[tuple[int, int, int]]]:
    """LS-R7: the chits a seat delivered in round `rnd`: total and (good, value, count)."""
    chits = [(g, v) for r, g, v in state.observation(seat)["delivered"][seat] if r == rnd]
    parts: dict[tuple[int, int], int] = {}
    for g, v in chits:
        parts[(g, v)] = parts.get((g, v), 0) + 1
    return sum(v for _, v in chits), [(g, v, k) for (g, v), k in sorted(parts.items())]


def render(state, seat: int, lang: str = "en") -> str:
    """The seat's own view: everything it may see, nothing more (built from observation only)."""
    o = state.observation(seat)
    m = state.cfg.components
    by_id = {tc.id: i for i, tc in enumerate(m.trade_cards)}
    lines = []
    if o["phase"] == "over":
        lines.append("== " + ("ゲーム終了" if lang == "ja" else "Game over") + " ==")
    else:
        lines.append(f"== {t('round', lang)} {o['round']}/{state.R.rounds} — {t('event', lang)}: "
                     f"{_event_line(state, by_id[o['event']], lang)}")
    row = []
    for k, e in enumerate(o["trade_row"]):
        nm = (m.trade_cards[by_id[e]].name_ja if lang == "ja" else m.trade_cards[by_id[e]].name) if e else t(
            "hidden", lang)
        row.append(f"{k + 1}:{nm}")
    lines.append(f"{t('row', lang)}: " + " | ".join(row))
    lines.append(f"{t('deck', lang)}: {o['deck_size']}")
    for i in range(o["players"]):
        status = ""
        if o["phase"] == "voyage":
            status = t("committed", lang) if o["committed"][i]["carried"] else t("waiting", lang)
        lines.append(f"  {ljust(short_name(i, lang, seat), 12)} {t('score', lang)}{o['scores'][i]:>3} "
                     f"{ljust(status, 8)} {t('supply', lang)} {ljust(_goods(o['supply'][i], lang), 17)} "
                     f"{t('lost', lang)} {_goods(o['lost'][i], lang)}".rstrip())
    sep = "、" if lang == "ja" else ", "
    hand = sep.join(state.card_name(c, lang) for c in o["hand"])
    lines.append(f"{t('hand', lang)}: {hand}")
    if o["played"]:
        lines.append(f"{t('played', lang)}: " + sep.join(state.card_name(c, lang) for c in o["played"]))
    if o["carried"]:
        lines.append(f"{t('carried', lang)}: {_goods(o['carried'], lang)}")
    if o["reveal"]:
        lines.append(render_reveal(state, o["reveal"], lang, seat))
    return "\n".join(lines)


def render_reveal(state, rv: dict, lang: str, me: int | None = None, delivered: list | None = None) -> str:
    head = (f"-- ラウンド{rv['round']}の公開 --" if lang == "ja" else f"-- Round {rv['round']} revealed --")
    comm = state.card_name(rv["community"], lang)
    lines = [head, ("コミュニティ: " if lang == "ja" else "Community: ") + comm]
    eff = rv["effects"]
    order = sorted(range(len(rv["ranks"])), key=lambda i: rv["ranks"][i])
    for i in order:
        cards = ("、" if lang == "ja" else ", ").join(state.card_name(c, lang) for c in rv["played"][i])
        got = [(GOOD_JA if lang == "ja" else GOOD_EN)[g] for g, name in enumerate(GOOD_EN) if i in eff[name]]
        extra = ((f"（効果: {'・'.join(got)}）" if lang == "ja" else f" (effects: {'/'.join(got)})") if got else "")
        ja = lang == "ja"
        rank = f"{rv['ranks'][i]}位" if ja else f"#{rv['ranks'][i]}"
        lines.append(f"  {rank} {ljust(short_name(i, lang, me), 12)} "
                     f"{'航海力' if ja else 'power'} {rv['power'][i]:>2}: {cards}")
        row = (f"      {'運んだ' if ja else 'carried'} {_goods(rv['carried'][i], lang)}{extra}  "
               f"{'輸送枠' if ja else 'quota'} {rv['quotas'][i]}")
        if delivered:
            pts, parts = round_points(state, rv["round"], i)
            names = GOOD_JA if ja else GOOD_EN
            how = " + ".join(f"{names[g]}{k}×{v}" for g, v, k in parts)
            row += (f"  {'輸送' if ja else 'delivered'} {_goods(delivered[i], lang)}"
                    + (f" → +{pts}{'点' if ja else ' points'}（{how}）" if ja and pts else
                       f" → +{pts} points ({how})" if pts else (" → 0点" if ja else " → 0 points")))
        lines.append(row)
    if rv.get("all_tied"):
        lines.append("  全員同値：全員ロスト" if lang == "ja" else "  Everyone tied: everyone loses the cargo")
    return "\n".join(lines)


def rounds(state) -> list[dict]:
    """The public round records (reveals, deliveries) terminal play shows between decisions."""
    return state.history


def render_round(state, entry: dict, lang: str, me: int | None = None) -> str:
    return render_reveal(state, entry, lang, me, entry["delivered"])


def log_move(state, seat: int, action, lang: str, me: int | None = None) -> str:
    """What others may know of a move: in La Superba every choice is secret until the reveal."""
    who = player_name(seat, lang, me)
    if seat == me:
        return f"{who}: {state.action_text(action, lang)}"
    if isinstance(action, Play):
        return f"{who}: " + ("カードを伏せた" if lang == "ja" else "played 3 cards face down")
    if isinstance(action, Carry):
        return f"{who}: " + ("アイテムを選んだ" if lang == "ja" else "chose their cargo (hidden)")
    if isinstance(action, Deliver):
        return f"{who}: " + ("輸送するアイテムを選んだ" if lang == "ja" else "chose which chits to deliver")
    return f"{who}: ?"


def help_text(state, lang: str = "en") -> str:
    h = yaml.safe_load(_HELP.read_text(encoding="utf-8"))[lang if lang == "ja" else "en"]
    m = state.cfg.components
    lines = [h, ("交易カード:" if lang == "ja" else "Trade cards:")]
    for tc in m.trade_cards:
        lines.append(f"  {tc.name_ja if lang == 'ja' else tc.name}: {card_text(m, tc, lang)}")
    lines.append("アイテム:" if lang == "ja" else "Goods:")
    for g in m.goods:
        lines.append(f"  {g.name_ja if lang == 'ja' else g.name}: {g.effect_ja if lang == 'ja' else g.effect}")
    lines.append(("航海カード: " if lang == "ja" else "Voyage cards: ")
                 + ("、" if lang == "ja" else ", ").join(state.card_name(c, lang) for c in state.R.deck))
    if state.cfg.variants:
        from ...core.game import game_info

        info = game_info(state.game_id)
        lines.append("ヴァリアント:" if lang == "ja" else "Variants:")
        for v in state.cfg.variants:
            var = info.variants[v]
            lines.append(f"  {var.rule}: {var.doc_ja}" if lang == "ja" else f"  {v} ({var.rule}): {var.doc}")
    return "\n".join(lines)


def full_log(state, lang: str, me: int | None = None) -> str:
    return "\n".join(render_round(state, e, lang, me) for e in state.history) or (
        "まだ記録がありません" if lang == "ja" else "nothing yet")


def epoch(state) -> tuple:
    """Undo is allowed while this has not changed: it changes when anything is revealed or drawn."""
    return (state.round, state.phase, len(state.hist))


def print_pieces(state, lang: str):
    """The game on paper and on virtual tables (core/pnp.py): cards, board, tokens, aid, rules."""
    from .pnp import pieces

    return pieces(state, lang, help_text(state, lang))

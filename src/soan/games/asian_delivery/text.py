"""Asian Delivery as text: a map by position, vehicles and cargo, warehouses, facilities, displays."""

from __future__ import annotations

from pathlib import Path

import yaml

from .model import FACILITIES, GRADES

_HELP = Path(__file__).parent / "data" / "help.yaml"
PUBLIC_MOVES = True  # every move is public: the log may show a bot's reasons
FAC_SHORT = {"en": ("O", "T", "M", "G"), "ja": ("事", "広", "市", "門")}


def player_name(seat: int, lang: str, me: int | None = None) -> str:
    base = f"{'プレイヤー' if lang == 'ja' else 'Player'} {seat + 1}"
    return f"{base} ({'あなた' if lang == 'ja' else 'you'})" if seat == me else base


def _cubes(c) -> str:
    return "".join(g * k for g, k in zip(GRADES, c, strict=True)) or "-"


def _area_box(s, o, a: int, lang: str) -> str:
    T = s.T
    st, pt = T.terminals[a]
    icons = ("駅" if lang == "ja" else "S") * st + ("港" if lang == "ja" else "P") * pt
    fac = o["facilities"][a]
    facs = ",".join(f"{FAC_SHORT['ja' if lang == 'ja' else 'en'][f]}{fac[f] + 1}" for f in range(4) if fac[f] >= 0)
    veh = "".join(("列" if lang == "ja" else "t") if o["vehicles"]["train"]["at"] == a else "" for _ in [0]) + \
        "".join(("船" if lang == "ja" else "s") if o["vehicles"]["ship"]["at"] == a else "" for _ in [0])
    wh = " ".join(f"{p + 1}:{_cubes(o['warehouses'][p][a])}" for p in range(o["players"])
                  if sum(o["warehouses"][p][a]))
    return f"[{a:>2}{icons}{('*' + veh) if veh else ''}{(' ' + facs) if facs else ''}{(' ' + wh) if wh else ''}]"


def render(s, seat: int, lang: str = "en") -> str:
    o = s.observation(seat)
    ja = lang == "ja"
    T = s.T
    mp = T.map
    lines = [(f"== ラウンド {o['round']}/{T.rounds}  スタートプレイヤー: {o['start'] + 1}" if ja
              else f"== Round {o['round']}/{T.rounds}, start player {o['start'] + 1}")]
    rows: dict[float, list[tuple[float, str]]] = {}
    names = list(mp.positions)
    for k, name in enumerate(names):
        x, row = mp.positions[name]
        a = o["layout"][k]
        rows.setdefault(row, []).append((x, _area_box(s, o, a, lang)))
    for row in sorted(rows):
        cells = sorted(rows[row])
        indent = " " * int(cells[0][0] * 6)
        lines.append(indent + "  ".join(c for _, c in cells))
    if T.big:
        lines.append(("①は外周に接続: " if ja else "① attached to: ") + str(o["clockwise"][1]) + " " +
                     _area_box(s, o, 1, lang))
    for v in ("train", "ship"):
        d = o["vehicles"][v]
        cargo = " ".join(f"{p + 1}:{_cubes(c)}" for p, c in enumerate(d["cargo"]) if sum(c))
        lines.append(f"{('列車' if v == 'train' else '船') if ja else v}@{d['at']} {cargo or '-'}")
    lines.append(("依頼置き場: " if ja else "Request display: ")
                 + "; ".join(s.request_text(r, lang) for r in o["request_display"]))
    lines.append(("事業置き場: " if ja else "Business display: ")
                 + "; ".join(s.card_text(c, lang) for c in o["business_display"]))
    for p in range(o["players"]):
        mark = " ←" if o["seat_on_turn"] == p else ""
        lines.append(f"  {player_name(p, lang, seat):<16} VP {o['vp'][p]:>3}  "
                     f"{'手元' if ja else 'supply'} {_cubes(o['supply'][p])}  "
                     f"{'ワーカー' if ja else 'workers'} {o['workers'][p]}/{o['workers'][p] + o['hub_workers'][p]}  "
                     f"{'達成' if ja else 'done'} {len(o['completed'][p])}  "
                     f"{'施設' if ja else 'facilities'} {T.tokens - o['tokens'][p]}{mark}")
    lines.append(("手札: " if ja else "Your hand: ") + ", ".join(s.card_text(c, lang) for c in o["hands"][seat]))
    play = ", ".join(s.card_text(c, lang) + ("↑" if m == 2 else "" if m else "(裏)" if ja else "(down)")
                     for c, m in o["play"][seat])
    lines.append(("プレイエリア: " if ja else "Play area: ") + (play or "-"))
    lines.append(("受注置き場: " if ja else "Your requests: ")
                 + ("; ".join(s.request_text(r, lang) for r in o["orders"][seat]) or "-"))
    return "\n".join(lines)


def log_move(s, seat: int, action, lang: str, me: int | None = None) -> str:
    """Everything is open in Asian Delivery."""
    return f"{player_name(seat, lang, me)}: {s.action_text(action, lang)}"


def render_round(s, entry, lang: str, me: int | None = None) -> str:  # pragma: no cover - no round records
    return ""


def full_log(s, lang: str, me: int | None = None) -> str:
    o = s.observation(me or 0)
    ja = lang == "ja"
    return "\n".join(f"  {player_name(p, lang, me)}: VP {o['vp'][p]}, "
                     + ("達成 " if ja else "completed ") + ", ".join(s.request_text(r, lang) for r in o["completed"][p])
                     for p in range(o["players"]))


def help_text(s, lang: str = "en") -> str:
    ja = lang == "ja"
    h = yaml.safe_load(_HELP.read_text(encoding="utf-8"))["ja" if ja else "en"]
    m = s.cfg.components
    lines = [h, "事業カード:" if ja else "Business cards:"]
    for c in m.business_cards:
        eff = ", ".join(f"{e.op}{(' ' + str(e.n)) if e.op in ('transport', 'upgrade', 'restock') else ''}"
                        f"{(' range ' + str(e.range)) if e.op == 'transport' else ''}" for e in c.effects)
        res = f" [{'常駐' if ja else 'resident'}: {c.resident}]" if c.resident else ""
        lines.append(f"  #{c.id - 1} {c.name_ja if ja else c.name} ({c.colour}): {eff}{res}")
    lines.append(("施設: " if ja else "Facilities: ") + ", ".join(
        f"{f.name_ja if ja else f.name}" for f in m.facilities) + "  (" + ",".join(FACILITIES) + ")")
    return "\n".join(lines)


def epoch(s) -> tuple:
    """Undo is allowed within your own turn until a card is drawn (the draft refills the displays)."""
    return (s.round, s.turn_k, len(s.req_deck), len(s.biz_deck), len(s.req_disc), len(s.biz_disc))


def confirm(s, action, lang: str) -> str | None:
    """Ending the action step is asked twice: a turn is long and it cannot be taken back."""
    if action.kind == "end":
        return "アクションを終了しますか？" if lang == "ja" else "End your action step?"
    return None

"""Asian Delivery as text: the map (fixed cells, legend, adjacency), vehicles, warehouses, displays,
card effects written out, one line per turn of another player, settlements as they happen.

Every function returns plain strings in the language asked ("en" or "ja"); the terminal and the
browser both use them.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ...core.width import cols, ljust
from ...core.words import player_name, short_name  # noqa: F401 - the games' text hook names players as soan does
from .actions import BuildAt, DraftPick, EndStep, Load, OptionPick, PlayCard, Retrieve, Unload
from .announce import _colour_name, announce  # noqa: F401 - the text hook (announce) and the help use them
from .cardtext import FAC_EFFECT, FAC_NAME, FAC_SHORT, RESIDENT, card_effect, op_text  # noqa: F401 - the board names them here
from .model import FACILITIES, GRADES

_HELP = Path(__file__).parent / "data" / "help.yaml"
PUBLIC_MOVES = True  # every move is public: the log may show a bot's reasons
VEHICLE = {"train": ("train", "列車"), "ship": ("ship", "船")}


def _an(noun: str) -> str:
    """English article: an office, an ad tower, a market."""
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def _ja(lang: str) -> bool:
    return lang == "ja"


NB = "\u00a0"  # a space the layout never folds at: one request, one warehouse stays on one line


def _nb(text: str) -> str:
    return text.replace(" ", NB)


def _list(items, lang: str, sep_en: str = ", ") -> str:
    return ("、" if _ja(lang) else sep_en).join(items)


def _cubes(c) -> str:
    return "".join(g * k for g, k in zip(GRADES, c, strict=True)) or "-"


def _counts(c) -> str:
    return " ".join(f"{g}{k}" for g, k in zip(GRADES, c, strict=True) if k) or "-"


def _cell(s, o, a: int, lang: str) -> tuple[str, str]:
    """Two lines of a map cell: number, terminals, vehicles; facilities with their owners."""
    ja = _ja(lang)
    st, pt = s.T.terminals[a]
    icons = ("駅" if ja else "S") * st + ("港" if ja else "P") * pt
    veh = ("列" if ja else "t") * (o["vehicles"]["train"]["at"] == a) + ("船" if ja else "s") * (
        o["vehicles"]["ship"]["at"] == a)
    top = f"[{a:>2}]{icons}" + (f" *{veh}" if veh else "")
    fac = o["facilities"][a]
    bottom = " ".join(f"{FAC_SHORT['ja' if ja else 'en'][f]}{fac[f] + 1}" for f in range(4) if fac[f] >= 0)
    return top, ("     " + bottom) if bottom else ""


def render_map(s, o, lang: str, width: int = 80) -> list[str]:
    ja = _ja(lang)
    mp = s.T.map
    names = list(mp.positions)
    xs = [mp.positions[n][0] for n in names]
    cell = 18
    scale = min(19.0, (width - cell) / max(max(xs), 1))
    rows: dict[float, list[tuple[int, tuple[str, str]]]] = {}
    for k, name in enumerate(names):
        x, row = mp.positions[name]
        rows.setdefault(row, []).append((round(x * scale), _cell(s, o, o["layout"][k], lang)))
    lines = []
    for row in sorted(rows):
        for part in (0, 1):
            line = ""
            for x, c in sorted(rows[row]):
                line = ljust(line, x) + c[part]
            lines.append(line.rstrip())
    lines = [x for x in lines if x]
    if s.T.big:
        top, bottom = _cell(s, o, 1, lang)
        lines.append(("①は外周に接続: " if ja else "① attached to: ") + str(o["clockwise"][1]) + " " + top + bottom)
    lines.append("凡例: 駅 港＝ターミナル  *列 *船＝列車・船のいる場所  事 広 市 門＝事業所・広告塔・市場・"
                 "転移門（数字は持ち主）  荷物のグレード L＜N＜H  依頼 #番号→目的エリア: 個数×グレード以上 VP（色）"
                 if ja else
                 "Legend: S station, P port; *t *s train and ship here; O office, T ad tower, M market, "
                 "G transfer gate (digit: owner); cube grades L < N < H; request #id→area: count×grade or "
                 "better, VP (colour)")
    adj = s.adj
    lines.append(("隣接: " if ja else "Adjacent: ") + "  ".join(
        f"{a}–{','.join(str(b) for b in sorted(adj[a]))}" for a in range(1, 11)))
    return lines


def render(s, seat: int, lang: str = "en", width: int = 80) -> str:
    o = s.observation(seat)
    ja = _ja(lang)
    T = s.T
    lines = [(f"== ラウンド {o['round']}/{T.rounds}  スタートプレイヤー: {o['start'] + 1}" if ja
              else f"== Round {o['round']}/{T.rounds}, start player {o['start'] + 1}")]
    lines += render_map(s, o, lang, width)
    lines.append(_warehouses_line(o, lang))
    lines += [_vehicle_line(o, v, lang) for v in ("train", "ship")]
    lines.append(("依頼置き場: " if ja else "Request display: ")
                 + _list((_nb(s.request_text(r, lang)) for r in o["request_display"]), lang, "; "))
    lines.append(("事業置き場: " if ja else "Business display: ")
                 + _list((s.card_text(c, lang) for c in o["business_display"]), lang, "; "))
    lines += [_seat_row(s, o, p, seat, lang) for p in range(o["players"])]
    lines += _own_lines(s, o, seat, lang)
    return "\n".join(lines)


def _warehouses_line(o, lang: str) -> str:
    wh = []
    for a in range(1, 11):
        here = [f"{p + 1}:{_cubes(o['warehouses'][p][a])}" for p in range(o["players"]) if sum(o["warehouses"][p][a])]
        if here:
            wh.append(_nb(f"[{a}] " + " ".join(here)))
    return ("倉庫（エリア プレイヤー:荷物）: " if _ja(lang) else "Warehouses (area player:cubes): ") + ("  ".join(wh) or "-")


def _vehicle_line(o, v: str, lang: str) -> str:
    ja = _ja(lang)
    d = o["vehicles"][v]
    cargo = " ".join(f"{p + 1}:{_cubes(c)}" for p, c in enumerate(d["cargo"]) if sum(c))
    en, jv = VEHICLE[v]
    return f"{jv if ja else en.capitalize()} " + (f"エリア{d['at']}  積荷 " if ja else f"at {d['at']}, cargo ") + (cargo or "-")


def _seat_row(s, o, p: int, seat: int, lang: str) -> str:
    """One player's row of the table: VP, supply, workers, requests done, facilities built."""
    ja = _ja(lang)
    mark = " ←" if o["seat_on_turn"] == p else ""
    return (f"  {ljust(short_name(p, lang, seat), 12)} VP{o['vp'][p]:>3}  "
            f"{'手元' if ja else 'supply'} {ljust(_counts(o['supply'][p]), 10)}"
            f"{'ワーカー' if ja else 'workers'} {o['workers'][p]}/{o['workers'][p] + o['hub_workers'][p]}  "
            f"{'達成' if ja else 'done'} {len(o['completed'][p])}  "
            f"{'施設' if ja else 'built'} {s.T.tokens - o['tokens'][p]}{mark}")


def _own_lines(s, o, seat: int, lang: str) -> list[str]:
    """The seat's own hand, play area and requests."""
    ja = _ja(lang)
    play = ("、" if ja else ", ").join(s.card_text(c, lang) + ("（常駐）" if ja else " (resident)") * (m == 2)
                                     + ("（裏）" if ja else " (down)") * (m == 0) for c, m in o["play"][seat])
    return [("手札: " if ja else "Your hand: ") + (_list((s.card_text(c, lang) for c in o["hands"][seat]), lang) or "-"),
            ("プレイエリア: " if ja else "Play area: ") + (play or "-"),
            ("受注置き場: " if ja else "Your requests: ")
            + (_list((_nb(s.request_text(r, lang)) for r in o["orders"][seat]), lang, "; ") or "-")]


def action_text(s, action, lang: str = "en") -> str:
    """An option as a person reads it: the card's effect written out, a choice's alternatives in words."""
    ja = _ja(lang)
    if isinstance(action, PlayCard):
        if action.face == "up":
            return (f"{s.card_text(action.card, lang)}を表でプレイ：{card_effect(s, action.card, lang)}" if ja
                    else f"play {s.card_text(action.card, lang)} face up: {card_effect(s, action.card, lang)}") + \
                _nothing_to_build(s, action.card, lang)
        return (f"{s.card_text(action.card, lang)}を裏でプレイ：人力輸送（荷物1個を隣のエリアへ）" if ja
                else f"play {s.card_text(action.card, lang)} face down: a porter move, 1 cube to an adjacent area")
    if isinstance(action, OptionPick) and s.stack and s.stack[-1][0] == "choice":
        ops = s.stack[-1][2][action.option - 1]
        return ("＋" if ja else " + ").join(op_text(o, lang) for o in ops)
    if isinstance(action, DraftPick) and action.pile == "business":
        return f"{s.action_text(action, lang)}：{card_effect(s, action.card, lang)}" if ja else \
            f"{s.action_text(action, lang)}: {card_effect(s, action.card, lang)}"
    if isinstance(action, EndStep):
        return "アクションを終了する" if ja else "end the action step"
    if isinstance(action, Load | Unload):
        en, jv = VEHICLE[action.vehicle]
        if isinstance(action, Load):
            return f"{jv}に荷物{action.grade}を積む" if ja else f"load {action.grade} onto the {en}"
        return f"{jv}から荷物{action.grade}を降ろす" if ja else f"unload {action.grade} from the {en}"
    if isinstance(action, BuildAt):
        f = FACILITIES.index(action.facility)
        return (f"エリア{action.area}に{FAC_NAME['ja'][f]}を建設" if ja
                else f"build {_an(FAC_NAME['en'][f])} in area {action.area}")
    return s.action_text(action, lang)


def _nothing_to_build(s, card: int, lang: str) -> str:
    """A face-up card whose build can build nothing (no facility token left, or no facility the seat's
    cubes pay for, and nothing before the build adds cubes) says so in its option."""
    ops = [o.op for o in s.T.ops[card]]
    if "build" not in ops or any(o not in ("deliver", "take_request") for o in ops[:ops.index("build")]):
        return ""
    seats = s.to_act()
    if not seats or s._buildable(seats[0]):
        return ""
    if s.tokens[seats[0]] <= 0:
        return ("（施設コマが残っていないため、建設では何も建ちません）" if _ja(lang)
                else " (no facility token left: the build builds nothing)")
    return ("（いまは倉庫の荷物で払える施設がないため、建設では何も建ちません）" if _ja(lang)
            else " (no facility your warehouses' cubes pay for now: the build builds nothing)")


def prompt_text(s, seat: int, lang: str = "en") -> str:
    """The question of the step, in words of the chosen language only."""
    p = s.prompt(seat)
    if lang != "ja" and p.kind == "action":
        return (f"Round {s.round}/{s.T.rounds}: play a card (face up: its effect; face down: a porter move, "
                "1 cube to an adjacent area), load or unload, or end the action step.")
    return p.text(lang)


def summarize_turn(s, seat: int, actions: list, lang: str, me: int | None = None) -> str:
    """One line for a run of one player's moves (another player's turn, or part of it)."""
    ja = _ja(lang)
    parts: list[str] = []
    loads = unloads = 0
    drafted: list[str] = []
    for a in actions:
        if isinstance(a, PlayCard):
            nm = s.card_text(a.card, lang)
            parts.append((f"{nm}を表で" if a.face == "up" else f"{nm}を裏で人力輸送") if ja
                         else (f"{nm} up" if a.face == "up" else f"{nm} down (porter)"))
        elif isinstance(a, Load):
            loads += 1
        elif isinstance(a, Unload):
            unloads += 1
        elif isinstance(a, BuildAt):
            f = FACILITIES.index(a.facility)
            parts.append(f"エリア{a.area}に{FAC_NAME['ja'][f]}を建設" if ja else f"built {_an(FAC_NAME['en'][f])} in {a.area}")
        elif isinstance(a, DraftPick):
            drafted.append(f"依頼#{a.card}" if ja and a.pile == "request" else f"request #{a.card}"
                           if a.pile == "request" else s.card_text(a.card, lang))
        elif isinstance(a, Retrieve) and a.yes:
            parts.append("回収" if ja else "retrieved")
    if loads:
        parts.append(f"荷積み{loads}個" if ja else f"loaded {loads}")
    if unloads:
        parts.append(f"荷下ろし{unloads}個" if ja else f"unloaded {unloads}")
    if drafted:
        parts.append(("獲得 " + "・".join(drafted)) if ja else "drafted " + ", ".join(drafted))
    body = ("、".join(parts) if ja else "; ".join(parts)) or ("（細かな操作のみ）" if ja else "(small steps only)")
    return f"{player_name(seat, lang, me)}: {body}"


def log_move(s, seat: int, action, lang: str, me: int | None = None) -> str:
    """Everything is open in Asian Delivery."""
    return f"{player_name(seat, lang, me)}: {action_text(s, action, lang)}"


def render_round(s, entry, lang: str, me: int | None = None) -> str:  # pragma: no cover - no round records
    return ""


def full_log(s, lang: str, me: int | None = None) -> str:
    o = s.observation(me or 0)
    ja = _ja(lang)
    return "\n".join(f"  {player_name(p, lang, me)}: VP {o['vp'][p]}, "
                     + ("達成 " if ja else "completed ") + (_list((_nb(s.request_text(r, lang)) for r in o["completed"][p]), lang)
                                                          or "-")
                     for p in range(o["players"]))


def help_text(s, lang: str = "en") -> str:
    ja = _ja(lang)
    h = yaml.safe_load(_HELP.read_text(encoding="utf-8"))["ja" if ja else "en"].rstrip("\n")
    m = s.cfg.components
    T = s.T
    lines = [h, "基本カード（各自４枚）:" if ja else "Base cards (4 each):"]
    nb = T.n_business
    for k, c in enumerate(m.base_cards):
        lines.append(f"  {c.name_ja if ja else c.name}（{_colour_name(s, T.colour[nb + k], lang)}）: "
                     f"{card_effect(s, nb + k, lang)}" if ja else
                     f"  {c.name} ({_colour_name(s, T.colour[nb + k], lang)}): {card_effect(s, nb + k, lang)}")
    lines.append("事業カード:" if ja else "Business cards:")
    seen = set()
    for i, c in enumerate(m.business_cards):
        if (c.name, c.colour) in seen:
            continue
        seen.add((c.name, c.colour))
        copies = sum(1 for x in m.business_cards if x.name == c.name and x.colour == c.colour)
        many = (f" ×{copies}枚" if ja else f" ×{copies}") if copies > 1 else ""
        lines.append(f"  {c.name_ja if ja else c.name}（{_colour_name(s, T.colour[i], lang)}）{many}: {card_effect(s, i, lang)}"
                     if ja else f"  {c.name} ({_colour_name(s, T.colour[i], lang)}){many}: {card_effect(s, i, lang)}")
    lines.append("施設:" if ja else "Facilities:")
    for f in range(4):
        lines.append(f"  {FAC_SHORT['ja' if ja else 'en'][f]} {FAC_NAME['ja' if ja else 'en'][f]}: "
                     f"{FAC_EFFECT['ja' if ja else 'en'][f]}")
    return "\n".join(lines)


def epoch(s) -> tuple:
    """Undo is allowed within your own turn until a card is drawn (the draft refills the displays)."""
    return (s.round, s.turn_k, len(s.req_deck), len(s.biz_deck), len(s.req_disc), len(s.biz_disc))


def confirm(s, action, lang: str) -> str | None:
    """Ending the action step is asked twice: a turn is long and it cannot be taken back."""
    if isinstance(action, EndStep):
        return "アクションを終了しますか？" if _ja(lang) else "End your action step?"
    return None


_ = cols


def print_pieces(state, lang: str):
    """The game on paper and on virtual tables (core/pnp.py): cards, board, tokens, aid, rules."""
    from .pnp import pieces

    return pieces(state, lang, help_text(state, lang))

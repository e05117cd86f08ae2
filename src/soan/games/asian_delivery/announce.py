"""Asian Delivery's scores as they change, for terminal play and the web: requests completed, stored VP,
the midterm and final settlements with their breakdown (text.announce)."""

from __future__ import annotations

from ...core.words import player_name


def _ja(lang: str) -> bool:
    return lang == "ja"


def _colour_name(s, k: int, lang: str) -> str:
    from .prompts import _colour

    return _colour(s, k, lang)


def announce(before, after, lang: str) -> list[str] | str:
    """Scores as they change: requests completed, the midterm and the final settlement, with the
    breakdown (pairs per colour, the path of facilities from ①, open requests)."""
    settled_mid = before.round == 4 and (after.round > 4 or after.is_over()) and not before.is_over()
    settled_final = after.is_over() and not before.is_over()
    lines = _completed_lines(before, after, lang)
    round_ended = after.round > before.round or settled_final
    if round_ended and "stored-vp" in after.T.flags:  # AD-V13: stored cubes score at each round end
        lines += _stored_vp_lines(after, lang)
    if settled_mid:
        lines += _settlement_lines(after, True, lang)
    if settled_final:
        lines += _settlement_lines(after, False, lang)
    return lines


def _completed_lines(before, after, lang: str) -> list[str]:
    """Requests completed by the move, with the VP they gave."""
    ja = _ja(lang)
    T = after.T
    lines = []
    for p in range(after.cfg.players):
        new = [r for r in after.done[p] if r not in before.done[p]]
        if not new:
            continue
        reqs = "、".join(f"#{r}（エリア{T.req_area[r]}）" for r in new) if ja else ", ".join(
            f"#{r} (area {T.req_area[r]})" for r in new)
        gain = sum(T.req_vp[r] for r in new) + len(new) * (
            before._owned(p, 1) + before._resident(p, "deliver_plus"))
        lines.append(f"  ★ {player_name(p, lang)}: " + (f"依頼{reqs}を達成 +{gain}VP" if ja
                                                         else f"completed request {reqs}, +{gain} VP"))
    return lines


def _stored_vp_lines(after, lang: str) -> list[str]:
    """AD-V13: the ad-tower areas holding enough of a seat's cubes at a round's end."""
    ja = _ja(lang)
    T = after.T
    lines = []
    for p in range(after.cfg.players):
        areas = after.stored_vp_areas(p)
        if areas:
            where = "・".join(str(a) for a in areas) if ja else ", ".join(str(a) for a in areas)
            lines.append(f"  ★ {player_name(p, lang)}: " + (
                f"広告塔と荷物{T.stored_vp_min}個以上のエリア（{where}）で+{len(areas)}VP" if ja
                else f"ad tower and at least {T.stored_vp_min} cubes in area {where}: +{len(areas)} VP"))
    return lines


def _settlement_lines(after, mid: bool, lang: str) -> list[str]:
    """The midterm (after round 4) or the final settlement: each seat's breakdown and total."""
    ja = _ja(lang)
    lines = [("== 中間決算（ラウンド4の後） ==" if mid else "== 最終決算 ==") if ja else
             ("== Midterm settlement (after round 4) ==" if mid else "== Final settlement ==")]
    for p in range(after.cfg.players):
        items = [_pairs_item(after, p, mid, lang)] + (_midterm_items(lang) if mid else _final_items(after, p, lang))
        total = f"→ 計{after.vp[p]}VP" if ja else f"→ {after.vp[p]} VP"
        lines.append(f"  {player_name(p, lang)}: " + ("、".join(items) if ja else "; ".join(items)) + f" {total}")
    return lines


def _pairs_item(after, p: int, mid: bool, lang: str) -> str:
    """Colour pairs (per colour) × the settlement's VP per pair."""
    ja = _ja(lang)
    per = after.T.pair_mid if mid else after.T.pair_final
    pc = after.pairs_by_colour(p)
    npairs = sum(pc)
    detail = ("・".join(f"{_colour_name(after, k, lang)}{pc[k]}" for k in range(4) if pc[k]) if ja else
              ", ".join(f"{_colour_name(after, k, lang)} {pc[k]}" for k in range(4) if pc[k]))
    if ja:
        return f"色のセット{npairs}組" + (f"（{detail}）" if detail else "") + f"×{per}＝{npairs * per}VP"
    return f"colour pairs {npairs}" + (f" ({detail})" if detail else "") + f" × {per} = {npairs * per} VP"


def _midterm_items(lang: str) -> list[str]:
    return ["ワーカー1人回復" if _ja(lang) else "1 worker back"]


def _final_items(after, p: int, lang: str) -> list[str]:
    """The final settlement's facility path from ① and the penalty for open requests."""
    ja = _ja(lang)
    path = after.longest_path(p)
    open_ = len(after.orders[p])
    pen = after.T.penalty
    return [f"①からの施設の道{path}エリア＝{path}VP" if ja else f"facility path from ① {path} = {path} VP",
            f"未達成の依頼{open_}枚×－{pen}＝－{open_ * pen}VP" if ja
            else f"open requests {open_} × −{pen} = −{open_ * pen} VP"]

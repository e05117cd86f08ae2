"""A finding in one sentence, in the designer's language, and the words for what a move takes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.actions import parse_action
from ...core.game import game_info, make

ORACLE_NAMES = {
    "seat": ("Seat edge", "手番による有利不利"), "tie": ("Unresolved ties", "決着のつかない同点"),
    "length": ("Degenerate games", "異常なゲーム"), "component": ("Components", "コンポーネント"),
    "runaway": ("Runaway leader", "独走"), "kingmaker": ("Kingmaking", "キングメーカー"),
    "strategy": ("Dominant strategy", "支配的な戦略"),
}


def _state(settings: Mapping[str, Any]) -> Any:
    return make(settings["game"], players=settings["players"], seed=0, variants=list(settings["variants"]),
                params=dict(settings["params"]), components=settings["components"])


def atom_words(settings: Mapping[str, Any], atom: str, example: Mapping[str, Any] | None, lang: str) -> str:
    """A move's atom as the game names it: a card's name when the game names its cards, else the game's
    own words for a move that shows it ("moves like …")."""
    game = settings["game"]
    value = atom.split("=", 1)[1] if "=" in atom else None
    name = game_info(game).hooks.card_name
    if value is not None and name is not None:
        n = name(value, lang)
        if n != value:
            return f"「{n}」" if lang == "ja" else f"“{n}”"
    if example is not None:
        try:
            text = _state(settings).action_text(parse_action(game, dict(example)), lang)
        except Exception:  # a move the game words only in its context: fall back to the atom
            text = ""
        if text:
            return f"「{text}」のような手" if lang == "ja" else f"moves like “{text}”"
    return f"「{atom}」" if lang == "ja" else f"“{atom}”"


def _pct(x: float, digits: int = 0) -> str:
    return f"{x:.{digits}%}"


def _ci(ev: Mapping[str, Any], lang: str, digits: int = 0) -> str:
    lo, hi = ev["ci"]
    return f"95%区間 {_pct(lo, digits)}〜{_pct(hi, digits)}" if lang == "ja" else f"95% {_pct(lo, digits)}–{_pct(hi, digits)}"


def _who(f: Mapping[str, Any], turns: bool, lang: str) -> str:
    p = f["position"] + 1
    if turns:
        return f"手番{p}番目のプレイヤー" if lang == "ja" else f"The player in turn position {p}"
    return f"{p}番の席のプレイヤー" if lang == "ja" else f"The player in seat {p}"


def sentence(f: Mapping[str, Any], result: Mapping[str, Any], lang: str) -> str:
    """The finding in one sentence with its figure and 95% interval (measured on fresh seeds)."""
    ev, o, ja = f["evidence"], f["oracle"], lang == "ja"
    x, ci, chance = ev["share"], _ci(ev, lang), f.get("chance", 0.0)
    settings = result["settings"]
    if o == "seat":
        turns = game_info(settings["game"]).hooks.turn_order is not None
        who = _who(f, turns, lang)
        return (f"{who}の勝率が{_pct(x)}（{ci}、公平なら{_pct(chance)}）。" if ja
                else f"{who} wins {_pct(x)} of games ({ci}; a fair share is {_pct(chance)}).")
    if o == "tie":
        return (f"{_pct(x, 1)}のゲームが、ルールで決着のつかない１位の同点で終わる（{_ci(ev, lang, 1)}）。" if ja
                else f"{_pct(x, 1)} of games end in a tie for first place that the rules do not break ({_ci(ev, lang, 1)}).")
    if o == "length":
        return _length(f, result, lang)
    if o == "component":
        what = atom_words(settings, f["subject"], result.get("examples", {}).get(f["subject"]), lang)
        if f["direction"] in ("strong", "weak"):
            return (f"{what}を選んだプレイヤーの勝率は{_pct(x)}（{ci}、公平なら{_pct(chance)}）。" if ja
                    else f"Players who take {what} win {_pct(x)} of games ({ci}; a fair share is {_pct(chance)}).")
        off = f.get("offered", 0.0)
        if f["direction"] in ("dropped", "rose"):
            was = f.get("draft", 0.0)
            return (f"{what}は、選べる場面の{_pct(x)}で選ばれる（{ci}）。配布版の草案では{_pct(was)}だった。" if ja
                    else f"{what[0].upper() + what[1:]} is chosen in {_pct(x)} of the decisions where it can be ({ci}); "
                         f"in the draft as shipped, {_pct(was)}.")
        if f["direction"] == "always":
            return (f"{what}は、ほかの手も選べる場面の{_pct(x, 1)}で選ばれる（{_ci(ev, lang, 1)}、そういう場面は各プレイヤーの"
                    f"{_pct(off)}のゲームにある）。選ぶ余地のない選択になっている。" if ja
                    else f"{what[0].upper() + what[1:]} is chosen in {_pct(x, 1)} of the decisions where another move was "
                         f"open ({_ci(ev, lang, 1)}; such decisions come up in {_pct(off)} of a player's games): a choice "
                         "that is no choice.")
        return (f"{what}は各プレイヤーの{_pct(off)}のゲームでほかの手と並んで選べるのに、選ばれるのはその場面の{_pct(x, 1)}だけ"
                f"（{_ci(ev, lang, 1)}）。" if ja
                else f"{what[0].upper() + what[1:]} can be chosen beside other moves in {_pct(off)} of a player's games "
                     f"but is chosen in only {_pct(x, 1)} of those decisions ({_ci(ev, lang, 1)}).")
    if o == "runaway":
        half = f.get("subject") == "half"
        return (f"ゲームの{'半分' if half else '３分の１'}の時点で首位のプレイヤーが{_pct(x)}の確率で勝つ（{ci}）。" if ja
                else f"The leader {'halfway through' if half else 'a third into'} the game wins {_pct(x)} of games ({ci}).")
    if o == "kingmaker":
        return (f"{_pct(x)}のゲームで、もう勝てないプレイヤーの選んだ手が勝者を決める（{ci}）。" if ja
                else f"In {_pct(x)} of games a player who can no longer win decides who does ({ci}).")
    if o == "strategy":
        more = "、".join(atom_words(settings, a, result.get("examples", {}).get(a), lang) for a, _ in f.get("takes_more", [])[:2])
        others = settings["players"] - 1
        if ja:
            how = f"通常のボットより{more}を多く選ぶ打ち方" if more else "評価の重みを変えた打ち方"
            return f"{how}が、通常のボット{others}人を相手に勝率{_pct(x)}（{ci}、公平なら{_pct(chance)}）。"
        how = f"Playing that takes {more} more often than the normal bot" if more else "A reweighted way of playing"
        return f"{how} wins {_pct(x)} of games against {others} normal bots ({ci}; a fair share is {_pct(chance)})."
    return f"{o}: {_pct(x)} ({ci})"


def _length(f: Mapping[str, Any], result: Mapping[str, Any], lang: str) -> str:
    ev, ja, x = f["evidence"], lang == "ja", f["evidence"]["share"]
    ci = _ci(ev, lang, 1)
    draft = f.get("against") == "draft"
    if f["subject"] == "long":
        med, line = round(f.get("median", 0)), round(f.get("line", 0))
        if draft:
            return (f"{_pct(x, 1)}のゲームが、配布版の草案の手数の中央値（{med}手）の２倍の{line}手を超えて長引くか終わらない（{ci}）。" if ja
                    else f"{_pct(x, 1)} of games run past {line} steps, twice the median of the draft as shipped "
                         f"({med}), or never end ({ci}).")
        return (f"{_pct(x, 1)}のゲームが、手数の中央値（{med}手）の３倍を超えて長引くか終わらない（{ci}）。" if ja
                else f"{_pct(x, 1)} of games run past three times the median length ({med} steps) or never end ({ci}).")
    if f["subject"] == "stall":
        share = _pct(f.get("line", 0.5))
        if draft:
            return (f"{_pct(x, 1)}のゲームで、ゲームの{share}以上のあいだ誰の得点も動かない。配布版の草案ではまれなこと（{ci}）。" if ja
                    else f"In {_pct(x, 1)} of games no score moves for {share} of the game or more, which is rare in "
                         f"the draft as shipped ({ci}).")
        return (f"{_pct(x, 1)}のゲームで、ゲームの半分以上のあいだ誰の得点も動かない（{ci}）。" if ja
                else f"In {_pct(x, 1)} of games no score moves for half the game or more ({ci}).")
    err = f.get("error") or {}
    why = (err.get("message_ja") or err.get("message", "")) if ja else err.get("message", "")
    return (f"{_pct(x, 1)}のゲームで、エンジンが途中で手を拒否して止まる（{ci}）。{why}" if ja
            else f"In {_pct(x, 1)} of games the engine refuses a move and the game stops ({ci}). {why}").strip()

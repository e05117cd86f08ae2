"""The words of terminal play itself (prompts, hand-over, errors), in English and Japanese.

The games' own words live in each game's text module; these are the ones every game shares.
"""

from __future__ import annotations

from ..agents.names import bot_label

MSG = {
    "prompt": ("Your choice (a number; help, view, log, why, undo, quit)",
               "番号を入力（h:ヘルプ v:盤面 l:記録 w:ボットの理由 u:取り消し q:中断）"),
    "bad_number": ("No option {n}; the options are {k}.", "{n}番はありません。選べる番号は {k} です。"),
    "bad_number_one": ("No option {n}; the only option is {k}.", "{n}番はありません。選べるのは{k}番だけです。"),
    "too_many_wrong": ("{n} inputs in a row chose nothing; the game stops here (saved: --resume goes on).",
                       "{n}回続けて選択になりませんでした。ここで中断します（保存済み。--resume で続きから）。"),
    "not_action": ("'{raw}' is not an action: {e}. Type a number from the list.",
                   "「{raw}」は行動として読めません。一覧の番号を入力してください。"),
    "not_legal": ("Not a legal action now: {e}. Choose from the list.",
                  "「{e}」は今は選べません。一覧から選んでください。"),
    "handover_mark": ("-- hand-over --", "―― 交代 ――"),
    "handover": ("Pass the keyboard to {p}. Nobody else may look.", "{p}に交代してください。他の人は見ないでください。"),
    "handover_ready": ("Press Enter when ready.", "準備ができたらエンターキーを押してください。"),
    "saved": ("Record saved: {f}\nResume with: soan play {g} --resume {f}",
              "記録を保存しました: {f}\n続きから遊ぶには: soan play {g} --resume {f}"),
    "finished": ("Record saved: {f}\nLook at it again with: soan replay {f}",
                 "記録を保存しました: {f}\n見直すには: soan replay {f}"),
    "undone": ("Undone: {a}", "取り消しました: {a}"),
    "no_undo": ("Nothing of yours to undo since the last reveal.", "最後の公開以降、取り消せる行動がありません。"),
    "over": ("Final scores:", "最終得点:"),
    "not_over": ("The game is not over; scores so far:", "ゲームは途中です。現在の得点:"),
    "rank_line": ("  #{r} {p}{t}: {v}", "  {r}位 {p}{t}: {v}点"),
    "bot_tag": ("bot {b}", "{b}ボット"),
    "options": ("Options:", "選択肢:"),
    "only_one": ("Only one thing can be done here; confirm it with its number.",
                 "ここでできることは１つだけです。番号を入力して進めてください。"),
    "auto": ("→ {a} (the only option)", "→ {a}（選択肢が１つなので自動）"),
    "bot": ("{p} (bot) → {a}", "{p}（ボット）→ {a}"),
    "why_inline": ("    why: {w}", "    理由: {w}"),
    "thinking": ("{p} is thinking…", "{p}が考えています…"),
    "why": ("  {p}: {a} — weighed: {w}", "  {p}: {a} — 検討した手と評価: {w}"),
    "why_none": ("No bot reasons since your last decision.", "前回の選択以降、ボットの理由はありません。"),
    "why_secret": ("In this game the bots' moves are secret until the reveal: no reasons to show.",
                   "このゲームではボットの行動は公開まで秘密なので、理由は表示しません。"),
    "since": ("Since your last decision:", "前回の選択以降:"),
    "winner": ("Winner: {p}", "勝者: {p}"),
    "yes_no": (" [y/N] ", "（はい＝y、いいえ＝エンターキー）"),
}

# what a person may type besides a number: English and Japanese words, and one-letter shortcuts
COMMANDS = {
    **dict.fromkeys(("quit", "exit", "q", "終了", "中断"), "quit"),
    **dict.fromkeys(("help", "h", "?", "？", "ヘルプ"), "help"),
    **dict.fromkeys(("view", "v", "盤面"), "view"),
    **dict.fromkeys(("log", "l", "記録"), "log"),
    **dict.fromkeys(("why", "w", "理由"), "why"),
    **dict.fromkeys(("undo", "u", "取消", "取り消し"), "undo"),
}


def bot_name(spec: str | None, lang: str) -> str:
    """A bot spec as a person reads it: `normal` → 中級 in Japanese, as reports and the web name it."""
    return bot_label(spec or "random", lang)


def msg(key: str, lang: str, **kw) -> str:
    en, ja = MSG[key]
    return (ja if lang == "ja" else en).format(**kw)

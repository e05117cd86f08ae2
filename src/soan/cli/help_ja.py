"""`soan --help` and every command's help in Japanese (`--lang ja` anywhere on the line, or
SOAN_LANG=ja), and the command line's own mistakes (an unknown option, a missing argument) said in
Japanese, with the nearest option suggested.

The English help stays where typer keeps it (the commands' docstrings and `help=`); the Japanese is
here, by command and parameter name. tests/test_cli_ja.py checks that every command and every
parameter with English help has its Japanese.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Sequence
from typing import Any

from ..core import words

# Command path (without "soan") -> its description in Japanese.
COMMANDS = words.japanese("help_commands")  # core/words/*.toml

# Parameter name -> its help in Japanese, for every command; PARAMS_BY below overrides per command.
PARAMS = words.japanese("help_params")  # core/words/*.toml
PARAMS_BY: dict[str, dict[str, str]] = {
    "": {"version": "soan の版と、動いているのがコンパイル版か Python のみかを表示する"},
    "play": {"seat": "あなたの席（1から数える）",
             "humans": "１つのキーボードで遊ぶ人たちの席（1から数え、1,2 のように「,」で区切る）",
             "bots": "ほかの席のボット（「,」区切り）", "lang": "言語: en か ja（既定は SOAN_LANG、なければ en。続きから遊ぶ対戦はその対戦の言語のまま）",
             "record": "記録の保存先", "resume": "続きから遊ぶ記録ファイル",
             "auto": "選択肢が１つだけの場面は自動で進める（--no-auto で毎回確認）"},
    "replay": {"record": "記録ファイル", "as_json": "盤面全体を JSON で出力する（席は0から）",
               "lang": "言語: en か ja（既定は記録の言語）",
               "html": "再生ページを１つの HTML ファイルにも書き出す（サーバーなしでブラウザで開け、１手ずつ、どの席の視点でも見られます）"},
    "sim": {"agents": "席ごとのボット（「,」区切り、席を回して対戦）", "out": "研究フォルダ（Parquet の結果、途中から再開可）",
            "records": "--out と一緒に: 最初のK戦の記録を再生用に残す（接戦、大差、典型的な対戦の記録は常に残す）。0 で残さない",
            "backend": "実行方法: local（このマシン）か ray", "address": "Ray クラスターのアドレス（--backend ray のとき）"},
    "export": {"out": "研究フォルダ。--to のときはゲーム", "csv": "games.csv と seats.csv を書き出す",
               "to": "tts、pcio、images のどれか：ゲームのコンポーネントをオンラインの卓上ゲーム用に書き出す（このとき OUT はゲーム）",
               "components": "自分で作ったコンポーネントファイル（--to と一緒に）",
               "output": "--to と一緒に：書き出すフォルダ（または .pcio ファイル。既定: ゲーム名-TO）",
               "record": "--to と一緒に：この記録の局面を書き出す", "move": "--record と一緒に：この手数の後の局面（既定: 記録の最後）",
               "players": "--to と一緒に：この人数分のコンポーネント", "seed": "--to と一緒に：セットアップのシード"},
    "import": {"sources": "記録ファイル（soan play や、ブラウザの対戦の記録）か、soan export-web が書いたフォルダ",
               "out": "書き出す研究フォルダ", "db": "soan serve のデータベース（ファイルか SQLAlchemy の URL）: その終わった対戦とプレイテストの回答",
               "game": "このゲームの記録だけ", "players": "この人数の対戦だけ"},
    "report": {"out": "研究フォルダ",
               "bots": "人の対戦の研究（soan import）と比べる、同じ設定のボットの研究（既定: DIR の隣にあるもの）"},
    "compare": {"dir_a": "研究フォルダA", "dir_b": "研究フォルダB", "html_out": "この HTML ファイルにも書き出す"},
    "study": {"variants": "比べるヴァリアントの組（例 base,weather-double。１つの組のヴァリアントは + でつなぐ）",
              "out": "親フォルダ（ヴァリアントの組ごとに研究を１つ）"},
    "sweep": {"param": "名前=値1,値2,…（リストの値は 名前=1,2,3|4,5,6）", "n": "設定ごとの対戦の数",
              "measure": "表示する指標（既定: 得点、長さ、1位と2位の差、席1の勝率）"},
    "ladder": {"agents": "席ごとのボット（例 greedy,random,random,random）", "n": "対戦の数（人数の倍数なら席が均等に回る）"},
    "bench": {"games_": "1回の測定の対戦の数", "runs": "測定の回数（結果は中央値）",
              "agent": "このボットの探索を測る（例 mcts:iters=200）",
              "against": "--agent と一緒に: ほかの席のボット（normal なら全員 normal の対戦の局面）",
              "decisions": "--agent と一緒に: 1回の測定で時間を測る実際の選択の数"},
    "analyze": {"name": "ゲームの分析の名前（省くと一覧。{analyses}）"},
    "demo": {"n": "ゲームごとの対戦の数", "out": "研究とレポートの出力先"},
    "check": {"game": "確認するゲーム", "components": "あなたのコンポーネントファイル（既定: 同梱のもの）", "n": "対戦の数",
              "players": "人数（既定: すべての人数）",
              "normal_every": "k戦に1回は normal（貪欲）ボットで対戦する。0 ならランダムなボットだけ",
              "out": "問題のあった対戦の記録の保存先"},
    "fuzz": {"games": "調べるゲーム（既定: すべて）", "n": "全部で何戦するか（ゲームに均等に割り振る）",
             "seed": "この実行のシード: 各対戦の設定と手はここから決まる",
             "start": "最初の対戦の番号（1戦だけやり直すには --start K -n 1）",
             "every": "重い確認をKアクションごとに行う（軽い確認は毎アクション）",
             "out": "問題のあった対戦の記録とログの保存先"},
    "ask": {"question": "問いの番号（既定: すべて。--list で一覧）", "budget": "計画に使う時間（例 300s や 10m。--jobs のコア数で）",
            "out": "研究とレポートのフォルダ（キャッシュ）",
            "bots": "ボットの強さ。最初のものが結論を出し、ほかの強さ（easy、hard）はその技量の確認、ランダムは参考（既定: ゲームの問いのファイルの指定、なければ greedy,random）",
            "list_": "ゲームの問いを一覧にして終わる（--json なら JSON で）",
            "seed": "どの試行も既定とは別のゲーム（シードにこの数を足したもの）で遊び、OUT/seed-N に書く。前の答えを新しいゲームで確かめるときに",
            "as_json": "答えを JSON で出力する（HTML のレポートも書く）",
            "fix": "「問題がある」という答えのうち、問いに fix の指定があるものについて、直す設定を探す（soan balance、docs/balance.md）",
            "check_bots": "比べる設定ごとに、１席が基本ルールで手を決める対戦も同じ試行計画の中で遊び、ボットがそのルールを"
                          "生かしているか（ルールを踏まえると得か、損か、変わらないか）を答えに書く"},
    "aa": {"n": "片側あたりの対戦の数", "reps": "A/A の組の数"},
    "seatcheck": {"n": "ボットの強さごとの対戦の数", "levels": "２つのボットの強さ（「,」区切り）"},
    "styles": {"n": "スタイルの組ごとの対戦の数", "agent": "各スタイルを演じるボット: greedy、mcts、rollout[:オプション]",
               "only": "対戦させるスタイル（「,」区切り。既定: すべて）",
               "out": "styles.json とヒートマップ styles.png のフォルダ"},
    "tune": {"agent": "重みを調整するボット: greedy か mcts[:オプション]", "trials": "Optuna の試行の数（再開時は合計でこの数まで）",
             "games": "試行ごとの対戦の数（候補と既定の対戦）", "validate": "最良の重みを確かめる新しい対戦の数",
             "out": "出力先のフォルダ（既定 tune-ゲーム名）。途中から再開可"},
    "serve": {"host": "待ち受けるアドレス（0.0.0.0 ならすべてのネットワークのアドレス。同じネットワークの友だちが参加できる）", "port": "待ち受けるポート",
              "db": "SQLite のファイル、または SQLAlchemy の URL（postgresql://...）",
              "bot_delay": "ボットが手を打つ前に待つ秒数（人が目で追えるように）",
              "public_url": "人が開くアドレス（リバースプロキシの後ろなら https://games.example.org、同じネットワークのコンテナなら "
                            "http://192.168.1.20:8000）。招待リンクと要求の出どころの確認に使う（環境変数 SOAN_PUBLIC_URL でも可）",
              "trust_proxy": "--trusted-proxy からの X-Forwarded-For/-Proto を信用する（--public-url を付けると自動で有効）",
              "trusted_proxy": "X-Forwarded-For/-Proto を信用するリバースプロキシのアドレス（「,」区切り）",
              "allow_host": "要求に使ってよい別のホスト名（サーバーは表示したアドレスにしか応答しない。例 mypc.local）",
              "api_docs": "API のスキーマのページ（/docs、/redoc、/openapi.json）を出す",
              "bot_options": "部屋のボットにオプション（上限つき）を付けられるようにする（既定: 一覧の名前だけ）",
              "limit": "上限を変える: 名前=値（例 rooms_per_minute=5。一覧は docs/web.md）"},
    "bench-serve": {"rooms": "部屋の数（各部屋に人1人とボット）", "clients": "追加の WebSocket の観戦者（0 なら部屋ごとに1人）",
                    "game": "ゲーム（既定: soan games の最初のもの）", "seconds": "測定する秒数（最大900）",
                    "bots": "ほかの席のボット", "port": "使うポート",
                    "think": "人が1手に考える平均秒数（0 ならすぐ答える負荷試験）",
                    "played": "サーバーの起動前に保存しておく終わった対戦の数（遊ばれてきたサーバー）",
                    "limit": "測るサーバーの上限：名前=値（例 bot_processes=false。一覧は docs/web.md）"},
    "export-web": {"db": "サーバーのデータベース（ファイルか SQLAlchemy の URL）",
                   "out": "records/*.jsonl と feedback.jsonl のフォルダ", "game": "このゲームの記録だけ"},
    "hunt": {"budget": "探索全体に使う時間（例 300s、10m。--jobs のコアで）",
             "check_level": "発見をもう一度測るボットの強さ（発見は normal のボットによる。normal か空で省く）",
             "out": "探索のフォルダ（ゲームとヴァリアントごとに１つ。中断した探索はここから続く）",
             "seed": "別のゲームで探索し直す", "as_json": "結果を JSON で出力する（HTML のレポートも書く）"},
    "balance": {"target": "設定が満たすべき目標（例 'start-player=25±3'、'seat:2 within 25 ± 3'、'all_weather>=0.6'、'length at most 120'）。複数なら繰り返す（docs/balance.md）",
                "search_": "動かしてよいもの: 名前=下限..上限、名前=A,B,C、名前[K]=下限..上限（リストのパラメータのK番目）、variant:ID、data:パス=下限..上限（コンポーネントの値）。複数なら繰り返す",
                "games": "試行ごとのゲーム数（どの試行も同じシード）", "trials": "試す設定の数（最初は基本のゲーム）",
                "validate": "基本のゲームと提案それぞれの、新しいシードでのゲーム数", "robust": "１歩ずらした設定ごとの新しいゲーム数",
                "budget": "探索に使う時間（例 20m。検証はその後）",
                "level": "提案を確かめる他のボット（検証と同じ新しいシードで。例 --level easy --level hard。席ごとに１つか、全員に１つ）。複数なら繰り返す",
                "level_games": "--level ごとの、基本のゲームと提案それぞれのゲーム数（既定は --robust と同じ）",
                "agents": "ボット（席ごとに１つか、全員に１つ。既定 normal）：問題を見つけたときと同じく、ある程度強いボットで",
                "out": "探索の状態とレポートのフォルダ（既定 balance/ゲーム名）。止めた探索はここから再開"},
    "print": {"out": "書き出す PDF ファイル（既定: ゲーム名-言語.pdf）", "paper": "用紙: a4 か letter",
              "card": "カードの大きさ: poker、bridge、tarot、mini、tgc-poker、mpc-poker",
              "bleed": "カードの周りの塗り足し（mm、0〜5）", "offset_x": "裏面を右へずらす mm（位置合わせのページで測る）",
              "offset_y": "裏面を下へずらす mm", "duplex": "表のシートごとに裏面のシートを付ける",
              "players": "この人数分のコンポーネント（既定: 最大人数）", "seed": "セットアップのシード（地図の配置など）"},
    "deck export": {"deck": "デッキの名前", "out": "書き出す CSV ファイル"},
    "deck import": {"deck": "デッキの名前", "csv_file": "読み込む CSV ファイル", "out": "新しいコンポーネントファイル（YAML）",
                    "components": "元にするファイル（既定: 同梱のもの）"},
}

WORDS = words.japanese("help_words")  # core/words/*.toml


def wants_japanese(args: Sequence[str]) -> bool:
    """`--lang ja` (or `--lang=ja`) anywhere on the command line, else SOAN_LANG=ja."""
    for i, a in enumerate(args):
        if a == "--lang" and i + 1 < len(args):
            return args[i + 1] == "ja"
        if a.startswith("--lang="):
            return a.split("=", 1)[1] == "ja"
    return os.environ.get("SOAN_LANG", "") == "ja"


def lang_after_command(args: Sequence[str], path: Sequence[str]) -> list[str]:
    """The line with a `--lang X` given before the command's name (`soan --lang ja games`) moved just after
    it, where the command's own --lang is (the root takes no options of its own but --help)."""
    end, k = -1, 0
    for i, a in enumerate(args):
        if k < len(path) and a == path[k]:
            k += 1
            if k == len(path):
                end = i
                break
    if end < 0:
        return list(args)
    head, moved = [], []
    skip = False
    for i, a in enumerate(args[:end + 1]):
        if skip:
            skip = False
        elif a == "--lang" and i + 1 <= end:
            moved += [a, args[i + 1]]
            skip = True
        elif a.startswith("--lang="):
            moved.append(a)
        else:
            head.append(a)
    return head + moved + list(args[end + 1:])


def without_lang(args: Sequence[str]) -> list[str]:
    """The line without its `--lang X` (for a command that has no --lang of its own)."""
    out: list[str] = []
    skip = False
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a == "--lang" and i + 1 < len(args):
            skip = True
            continue
        if a.startswith("--lang="):
            continue
        out.append(a)
    return out


def _fill(text: str) -> str:
    from ..core.game import games

    gs = games()
    flags = [f"--{p['name'].replace('_', '-')}（{g['id']}）" for g in gs for p in g["params"] if isinstance(p["default"], bool)]
    analyses = []
    for g in gs:
        from ..core.game import game_info

        analyses += [f"{g['id']} {a}" for a in (getattr(game_info(g["id"]).hooks, "analyses", None) or {})]
    return text.format(games=" | ".join(g["id"] for g in gs),
                       flags=("。true/false のパラメータはフラグでも指定できます（--名前 / --no-名前）: " + "、".join(flags))
                       if flags else "", analyses="、".join(analyses) or "なし")


def command_help(path: str) -> str | None:
    return COMMANDS.get(path)


def param_help(path: str, name: str) -> str | None:
    t = PARAMS_BY.get(path, {}).get(name) or PARAMS.get(name)
    return _fill(t) if t else None


def _opts(p: Any) -> str:
    names = list(p.opts) + [f"{x}" for x in getattr(p, "secondary_opts", [])]
    return " / ".join(names) if names else p.name


def _arg(p: Any) -> str:
    name = str(p.name).upper()
    return f"{name}..." if getattr(p, "nargs", 1) == -1 else name if p.required else f"[{name}]"


def _table(title: str) -> Any:
    from rich.table import Table

    t = Table(title=title, title_justify="left", show_header=False, box=None, padding=(0, 2))
    t.add_column(no_wrap=True)
    t.add_column(overflow="fold")
    return t


def _shown_default(p: Any) -> str | None:
    """An option's default as the English help shows it (None: not shown — a flag off, no value, a list,
    or `show_default=False` where the help text says it)."""
    d = p.default
    if getattr(p, "show_default", None) is False or d is None or d is False or isinstance(d, list | tuple) or d == "":
        return None
    if getattr(p, "is_flag", False):
        return "する" if d else None
    return str(d)


def render(group: Any, path: list[str], console: Any) -> bool:
    """Print the Japanese help of `soan PATH`; False when PATH names no command."""
    cmd = group
    for name in path:
        subs = getattr(cmd, "commands", {})
        if name not in subs:
            return False
        cmd = subs[name]
    key = " ".join(path)
    sub = getattr(cmd, "commands", None)
    args = [p for p in cmd.params if p.param_type_name == "argument"]
    usage = "soan " + " ".join([*path, *([f"[{WORDS['options']}]"] if [p for p in cmd.params if p.param_type_name == "option"] else []),
                                *(_arg(p) for p in args), *(["コマンド ..."] if sub else [])])
    console.print(f"{WORDS['usage']}: {usage}", highlight=False)
    console.print("")
    console.print(command_help(key) or "", highlight=False)
    console.print("")
    if args:
        t = _table(WORDS["arguments"])
        for p in args:
            t.add_row(_arg(p), param_help(key, p.name) or "")
        console.print(t)
    t = _table(WORDS["options"])
    for p in cmd.params:
        if p.param_type_name != "option":
            continue
        words = param_help(key, p.name) or ""
        if p.required:
            words += f"（{WORDS['required']}）"
        elif _shown_default(p) is not None:
            words += f"（{WORDS['default']}：{_shown_default(p)}）"
        t.add_row(_opts(p), words)
    t.add_row("--help", PARAMS["help"])
    console.print(t)
    if sub:
        t = _table(WORDS["commands"])
        for name in sub:
            t.add_row(name, command_help(" ".join([*path, name])) or "")
        console.print(t)
        console.print(WORDS["more"], highlight=False)
    return True


def usage_error(e: Any, command: str) -> str:
    """A command-line mistake (typer's click UsageError) in Japanese."""
    cls = type(e).__name__
    if cls == "NoSuchOption":
        near = "、".join(e.possibilities or [])
        return f"オプション {e.option_name} はありません。" + (f"{near} のことですか？" if near else "") + \
            f"（使えるオプションは soan {command} --help --lang ja で）"
    if cls == "MissingParameter":
        p = e.param
        what = _arg(p) if p is not None and p.param_type_name == "argument" else \
            "/".join(getattr(p, "opts", ())) if p is not None else "引数"
        return f"{what} を指定してください（soan {command} --help --lang ja）"
    if cls == "BadParameter":
        p = e.param
        what = "/".join(p.opts) if p is not None and getattr(p, "opts", None) else (e.param_hint or "値")
        m = str(e.message)
        bound = re.search(r"(greater|less) than( or equal to)? (-?[\d.]+)", m)  # a range (typer's min/max)
        if bound:
            side, eq, n = bound.groups()
            ann = getattr(getattr(p, "type_descriptor", None), "annotation", None)  # typer's option: its Python type
            unit = "整数" if ann is int or "int" in type(getattr(p, "type", None)).__name__.lower() else "数"
            rel = ("以上の" if eq else "より大きい") if side == "greater" else ("以下の" if eq else "より小さい")
            said = f"{n}{rel}{unit}を指定してください"
        else:
            said = ("整数を指定してください" if "integer" in m else "数を指定してください" if "number" in m or "float" in m
                    else f"{m.split(':')[-1].strip()} から選んでください" if "is not one of" in m or "not one of" in m else m)
        return f"{what} の値が正しくありません：{said}"
    if cls == "BadOptionUsage":
        return f"{e.option_name} の使い方が正しくありません（{e.message}）"
    msg = str(e.message)
    if msg.startswith("Got unexpected extra argument"):
        extra = msg.split("argument(s) (", 1)[-1].rstrip(")") if "argument(s) (" in msg else msg.split("(", 1)[-1].rstrip(")")
        return f"余分な引数があります：{extra}（soan {command} --help --lang ja）"
    if msg.startswith("No such command"):
        name = msg.split("'")[1] if "'" in msg else msg
        return f"コマンド {name} はありません（一覧は soan --help --lang ja）"
    return msg


def nearest_options(ctx: Any, name: str) -> list[str]:
    """The options of the running command closest to a mistyped one (`--seet` → `--seat`)."""
    if ctx is None:
        return []
    opts = [o for p in ctx.command.params for o in (*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ()))
            if o.startswith("--")]
    return difflib.get_close_matches(name, opts, n=2, cutoff=0.6)

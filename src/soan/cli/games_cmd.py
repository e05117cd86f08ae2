"""`soan games`: the registry's games, variants, parameters and the bots' play styles; then every game
plugin's mistake (an entry point left out, a function returning the wrong thing), named without a
traceback (exit status 2)."""

from __future__ import annotations

import json

import typer
from rich.markup import escape

from .app import app, console
from .common import LangOpt


@app.command()
def games(as_json: bool = typer.Option(False, "--json", help="print JSON"),
          lang: str = LangOpt) -> None:
    """List games, their variants, parameters and play styles (greedy:style=NAME)."""
    from ..agents.styles import game_styles
    from ..core.game import games as _games
    from ..core.game import plugin_problems
    from .common import check_lang

    check_lang(lang)
    gs = _games()
    for g in gs:  # the bots' play styles (games/<g>/data/styles.yaml), named as `greedy:style=NAME` takes them
        g["styles"] = [{"id": st.name, "en": st.en, "ja": st.ja} for st in game_styles(g["id"]).values()]
    ja = lang == "ja"
    if as_json:
        print(json.dumps(gs, ensure_ascii=False, indent=2))
    else:
        _show(gs, ja)
    bad = plugin_problems()
    for e in bad:  # after the games that work: a broken plugin never hides the others
        said = (e.ja or str(e)) if ja else str(e)
        if as_json:
            typer.echo(("エラー：" if ja else "error: ") + said, err=True)
        else:
            console.print(f"[red]{'エラー：' if ja else 'error: '}[/red]{escape(said)}", highlight=False, soft_wrap=True)
    if bad:
        raise typer.Exit(2)


def _show(gs: list[dict], ja: bool) -> None:
    for g in gs:
        if ja:
            console.print(f"[bold]{g['id']}[/bold] — {g['name_ja']}（{g['players'][0]}〜{g['players'][1]}人）")
        else:
            console.print(f"[bold]{g['id']}[/bold] — {g['name']} / {g['name_ja']} ({g['players'][0]}-{g['players'][1]} players)")
        for v in g["variants"]:
            if ja:
                console.print(f"  ヴァリアント [cyan]{v['id']}[/cyan]（{v['rule']}）: {v.get('doc_ja') or v['doc']}", highlight=False)
            else:
                console.print(f"  variant [cyan]{v['id']}[/cyan] ({v['rule']}): {v['doc']}", highlight=False)
        for p in g["params"]:
            if ja:
                extra = f" 選べる値 {'、'.join(map(str, p['choices']))}" if p["choices"] else ""
                req = f"（{p['requires']} のとき）" if p["requires"] else ""
                default = "未設定" if p["default"] is None else _ja_value(p["default"])
                console.print(f"  パラメータ [green]{p['name']}[/green] = {default}{extra}{req}: {p.get('doc_ja') or p['doc']}",
                              highlight=False)
            else:
                extra = f" choices {p['choices']}" if p["choices"] else ""
                req = f" (with {p['requires']})" if p["requires"] else ""
                default = "(unset)" if p["default"] is None else p["default"]
                console.print(f"  param [green]{p['name']}[/green] = {default}{extra}{req}: {p['doc']}", highlight=False)
        for st in g["styles"]:
            if ja:
                console.print(f"  プレイスタイル [magenta]{st['id']}[/magenta]（greedy:style={st['id']}）: {st['ja']}",
                              highlight=False)
            else:
                console.print(f"  style [magenta]{st['id']}[/magenta] (greedy:style={st['id']}): {st['en']}", highlight=False)


def _ja_value(v) -> str:
    return ("true（はい）" if v else "false（いいえ）") if isinstance(v, bool) else str(v)

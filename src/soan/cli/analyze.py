"""`soan analyze GAME [NAME]`: the exact analyses a game declares (`hooks.analyses`)."""

from __future__ import annotations

import json

import typer

from ..core.errors import SoanError
from ..core.game import game_info, games
from ..core.words import listed
from .app import app, console
from .common import FLAGS, GameArg, LangOpt, ParamOpt, VariantOpt, check_lang, game_params


def _listing() -> str:
    names = [f"{g['id']} {a}" for g in games() for a in game_info(g["id"]).hooks.analyses]
    return ("the game's analysis; without it, the list. Available: " + ", ".join(names)) if names else \
        "the game's analysis; without it, the list"


@app.command(context_settings=FLAGS)
def analyze(
    ctx: typer.Context,
    game: str = GameArg,
    name: str | None = typer.Argument(None, help=_listing()),
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    components: str | None = typer.Option(None, "--components"),
    lang: str = LangOpt,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Exact analyses of a draft's arithmetic, as the game declares them (without NAME: the list)."""
    check_lang(lang)
    info = game_info(game)
    analyses = info.hooks.analyses
    if name is None:
        if as_json:
            print(json.dumps([{"name": a.name, "doc": a.doc, "doc_ja": a.doc_ja} for a in analyses.values()],
                             ensure_ascii=False))
            return
        if not analyses:
            console.print(f"{info.id} declares no analyses" if lang == "en" else f"{info.name_ja}には分析がありません",
                          highlight=False)
        for a in analyses.values():
            doc = a.doc_ja if lang == "ja" and a.doc_ja else a.doc
            console.print(f"soan analyze {info.id} {a.name}: {doc}", highlight=False)
        return
    chosen = analyses.get(name)
    if chosen is None:
        have = ", ".join(analyses) or "none"
        raise SoanError(f"{info.id} has no analysis {name!r}; available: {have}",
                        ja=f"{info.name_ja}に分析 {name!r} はありません。" + (
                            f"使えるのは{listed(analyses, 'ja')}です" if analyses else "このゲームには分析がありません"))
    r = chosen.run(list(variant or []), game_params(game, param, ctx.args), components)
    if as_json:
        print(json.dumps(r, ensure_ascii=False))
        return
    for line in chosen.text(r, lang):
        console.print(line, highlight=False, markup=False)

"""`soan deck export|import`: one deck of a game's component file as CSV, and back."""

from __future__ import annotations

import typer

from ..core.errors import SoanError
from .app import app, console
from .common import GameArg, LangOpt, check_lang

deck_app = typer.Typer(no_args_is_help=True, help="Export and import decks as CSV.")
app.add_typer(deck_app, name="deck")


@deck_app.command("export")
def deck_export(game: str = GameArg, deck: str = typer.Argument(...), out: str = typer.Argument(...),
                components: str | None = typer.Option(None, "--components"), lang: str = LangOpt) -> None:
    """Write one deck of a component file as CSV (a column per field, each effect's fields their own)."""
    from ..core.components import export_csv
    from ..core.game import game_info, load_components_checked

    check_lang(lang)
    info = game_info(game)
    m, _ = load_components_checked(info, components)  # a plugin's wrong return named, never unpacked
    k = export_csv(m, deck, out)
    console.print(f"{out} にカード {k} 枚を書き出しました" if lang == "ja" else f"wrote {k} cards to {out}",
                  highlight=False, markup=False)


@deck_app.command("import")
def deck_import(game: str = GameArg, deck: str = typer.Argument(...), csv_file: str = typer.Argument(...),
                out: str = typer.Option(..., "--out", help="the new component file (YAML)"),
                components: str | None = typer.Option(None, "--components", help="base file (default: shipped)"),
                lang: str = LangOpt) -> None:
    """Replace one deck by a CSV's rows, validate, and write a new component file (comments kept)."""
    from ..core.components import import_csv
    from ..core.game import game_info

    check_lang(lang)
    info = game_info(game)
    cm = info.hooks.components
    if cm is None:
        raise SoanError(f"{info.id} declares no component schema", ja=f"{info.name_ja}にはコンポーネントの定義がありません")
    k = import_csv(cm.model, components or cm.path, deck, csv_file, out, cm.check)
    console.print(f"{out} を書きました（{deck} のカード {k} 枚）。--components {out} を付けて使います" if lang == "ja"
                  else f"wrote {out} with {k} cards in {deck}; use it with --components {out}",
                  highlight=False, markup=False)

"""`soan print GAME`: a print-and-play PDF of a game's components (core/pnp_pdf.py), from any variant,
parameters and component file, in English or Japanese."""

from __future__ import annotations

import typer

from ..core.errors import SoanError
from .app import app, console
from .common import FLAGS, GameArg, LangOpt, ParamOpt, VariantOpt, check_lang, game_params


def setup_state(game: str, variant: list[str] | None, params: dict[str, str], components: str | None,
                players: int | None, seed: int):
    """The set-up the pieces are taken from: the most players the game takes unless told."""
    from ..core.game import game_info, make

    info = game_info(game)
    return make(info.id, players=players or info.players[1], seed=seed, variants=list(variant or []),
                params=params, components=components)


@app.command("print", context_settings=FLAGS)
def print_(
    ctx: typer.Context,
    game: str = GameArg,
    variant: list[str] | None = VariantOpt,
    param: list[str] | None = ParamOpt,
    components: str | None = typer.Option(None, "--components", help="your component file (default: shipped)"),
    lang: str = LangOpt,
    out: str | None = typer.Option(None, "--out", "-o", help="the PDF to write (default: GAME-LANG.pdf)"),
    paper: str = typer.Option("a4", "--paper", help="a4 | letter"),
    card: str = typer.Option("poker", "--card", help="poker | bridge | tarot | mini | tgc-poker | mpc-poker"),
    bleed: float = typer.Option(3.0, "--bleed", help="mm of bleed around every card (0-5)"),
    offset_x: float = typer.Option(0.0, "--offset-x", help="mm the backs move right (from the calibration page)"),
    offset_y: float = typer.Option(0.0, "--offset-y", help="mm the backs move down"),
    duplex: bool = typer.Option(True, "--duplex/--no-backs", help="backs after each sheet of fronts"),
    players: int | None = typer.Option(None, "--players", "-p", help="components for this many (default: the most)"),
    seed: int = typer.Option(0, "--seed", help="the set-up's seed (e.g. a map's layout)"),
) -> None:
    """A print-and-play PDF: every card front and back as the data counts them, the boards, tokens, a
    components list, a player aid and the rules summary; crop marks, bleed, duplex calibration."""
    from ..core.game import game_info
    from ..core.pnp import pieces_of
    from ..core.pnp_pdf import write_pdf

    check_lang(lang)
    s = setup_state(game, variant, game_params(game, param, ctx.args), components, players, seed)
    pieces = pieces_of(game_info(s.game_id).hooks.text, s, lang)
    path = write_pdf(pieces, out or f"{s.game_id}-{lang}.pdf", paper_name=paper.lower(), card=card, bleed=bleed,
                     offset=(offset_x, offset_y), duplex=duplex)
    cards = sum(d.size for d in pieces.decks)
    if cards <= 0:  # pragma: no cover - Deck refuses an empty deck
        raise SoanError("no cards to print")
    console.print(f"{path} に書き出しました（カード {cards} 枚）" if lang == "ja" else f"wrote {path} ({cards} cards)",
                  highlight=False, markup=False)

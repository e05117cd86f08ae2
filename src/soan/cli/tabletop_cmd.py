"""`soan export GAME --to tts|pcio|images`: a game's components for virtual tabletops (core/tabletop.py),
from the set-up of any variant or from a position of a record (`--record FILE --move N`)."""

from __future__ import annotations

from pathlib import Path

from ..core.errors import SoanError

TARGETS = ("tts", "pcio", "images")


def export_tabletop(game: str, to: str, variant: list[str] | None, params: dict[str, str], components: str | None,
                    lang: str, out: str | None, record: str | None, move: int | None, players: int | None,
                    seed: int) -> list[str]:
    """Write the export; the lines to tell the user."""
    from ..core import tabletop
    from ..core.game import game_info
    from ..core.pnp import pieces_of

    if to not in TARGETS:
        raise SoanError(f"--to takes tts, pcio or images, got {to!r}",
                        ja=f"--to には tts、pcio、images のどれかを指定します（指定：{to!r}）")
    if move is not None and record is None:
        raise SoanError("--move needs --record (the record whose position to export)",
                        ja="--move には --record（その局面を書き出す記録）が要ります")
    if record is not None:
        if variant or params or components:
            raise SoanError("--record takes the variants, parameters and components from the record; leave out "
                            "--variant, --param and --components",
                            ja="--record のときヴァリアント、パラメータ、コンポーネントは記録のものを使います。"
                               "--variant、--param、--components は指定しません")
        from ..core.records import replay

        s = replay(record, move)
        if s.game_id != game_info(game).id:
            raise SoanError(f"{record} is a game of {s.game_id}, not {game}",
                            ja=f"{record} は {game_info(s.game_id).name_ja} の記録です（指定：{game_info(game).name_ja}）")
    else:
        from .print_cmd import setup_state

        s = setup_state(game, variant, params, components, players, seed)
    text = game_info(s.game_id).hooks.text
    pieces = pieces_of(text, s, lang)
    dest = Path(out or f"{s.game_id}-{to}")
    notes = _position_notes(text, s, lang) if record is not None else None
    ja = lang == "ja"
    if to == "images":
        path = tabletop.export_images(pieces, dest)
        if notes:
            (dest / "position.txt").write_text("\n\n".join(f"{t}\n{b}" for t, b in notes), encoding="utf-8")
    elif to == "pcio":
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            boards = [b for b in tabletop.board_pngs(pieces, Path(tmp)) if b.suffix == ".png"]
            path = tabletop.export_pcio(pieces, dest if dest.suffix == ".pcio" else dest / f"{s.game_id}.pcio", notes,
                                        boards)
    else:
        boards = tabletop.board_pngs(pieces, dest)
        path = tabletop.export_tts(pieces, dest, notes, [b for b in boards if b.suffix == ".png"], s.game_id)
        if any(b.suffix == ".svg" for b in boards):
            note = ("ボードは SVG で書き出しました（PNG に変換するとテーブルトップシミュレーターに置けます）" if ja
                          else "boards written as SVG (convert them to PNG to place them in Tabletop Simulator)")
            return [_wrote(path, pieces, lang), note]
    return [_wrote(path, pieces, lang)]


def _wrote(path: Path, pieces, lang: str) -> str:
    cards = sum(d.size for d in pieces.decks)
    return f"{path} に書き出しました（カード {cards} 枚）" if lang == "ja" else f"wrote {path} ({cards} cards)"


def _position_notes(text, s, lang: str) -> list[tuple[str, str]]:
    """The position as each seat sees it (its own hand included), one note per seat."""
    out = []
    for seat in range(s.cfg.players):
        title = text.player_name(seat, lang)
        out.append((title, text.render(s, seat, lang)))
    return out

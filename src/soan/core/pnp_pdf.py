"""A game's pieces as a print-and-play PDF: HTML and CSS paged media, made into PDF by WeasyPrint.

Why WeasyPrint: it lays text out with Pango and HarfBuzz, so Japanese breaks lines as Japanese does
and every font is embedded and subset (only the glyphs used), and its CSS paged media (`@page size`,
absolute millimetres) gives exact print geometry; the document stays plain HTML we can read and test.

Sheets of cards: the cards of a preset size plus the bleed on every side, side by side, centred on the
paper, crop marks in the margins at every cut line; the text kept inside the safe zone (3 mm within the
cut). After each sheet of fronts, its backs mirrored for long-edge duplex, shifted by the calibration
offsets the first two pages measure.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from .errors import SoanError
from .pnp import Board, Card, Deck, Pieces, paper, preset

SAFE_MM = 3.0  # the safe zone: text stays this far inside the cut
MARGIN_MM = 6.0  # the least paper margin: the crop marks are drawn there
FONTS = '"Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "Hiragino Sans", sans-serif'
WORDS = {
    "en": {"components": "Components", "aid": "Player aid", "rules": "Rules summary", "tokens": "Tokens",
           "boards": "Boards", "cards": "cards", "calib": "Duplex calibration — front", "calib_back":
           "Duplex calibration — back", "calib_how": "Print these two pages on both sides of one sheet (flip on the "
           "long edge). Hold it to the light: where the back's centre cross falls on the front's scale is the "
           "offset; give it as --offset-x / --offset-y (mm, right and down positive).", "deck": "Deck",
           "count": "Count", "geometry": "card {w} × {h} mm, bleed {b} mm, safe zone {s} mm, paper {p}",
           "bought": "also needed (not printed)", "backs": "backs"},
    "ja": {"components": "コンポーネント一覧", "aid": "早見表", "rules": "ルール概要", "tokens": "トークン",
           "boards": "ボード", "cards": "枚", "calib": "両面印刷の位置合わせ（表）", "calib_back": "両面印刷の位置合わせ（裏）",
           "calib_how": "この２ページを１枚の紙の両面に印刷します（長辺とじ）。光にかざし、裏の中心の十字が表の目盛りの"
           "どこに重なるかを読みます。そのずれを --offset-x と --offset-y に mm で指定します（右と下が正）。",
           "deck": "デッキ", "count": "枚数", "geometry": "カード {w} × {h} mm、塗り足し {b} mm、安全領域 {s} mm、用紙 {p}",
           "bought": "別に用意するもの（印刷しません）", "backs": "裏面"},
}


@dataclass(frozen=True)
class Layout:
    """Where the cards of one sheet go (millimetres)."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    bleed: float
    cols: int
    rows: int
    x0: float
    y0: float

    @property
    def cell_w(self) -> float:
        return self.card_w + 2 * self.bleed

    @property
    def cell_h(self) -> float:
        return self.card_h + 2 * self.bleed

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def cell(self, k: int, mirrored: bool = False) -> tuple[float, float]:
        r, c = divmod(k, self.cols)
        if mirrored:
            c = self.cols - 1 - c
        return self.x0 + c * self.cell_w, self.y0 + r * self.cell_h


def layout(paper_name: str, card: str, bleed: float) -> Layout:
    """The sheet geometry for a paper, a card preset and a bleed (mm, 0 to 5)."""
    if not isinstance(bleed, int | float) or isinstance(bleed, bool) or not 0 <= bleed <= 5:
        raise SoanError(f"--bleed is between 0 and 5 mm, got {bleed!r}",
                        ja=f"--bleed（塗り足し）は 0 から 5 mm です（指定：{bleed!r}）")
    w, h = paper(paper_name)
    p = preset(card)
    cw, ch = p.width_mm + 2 * bleed, p.height_mm + 2 * bleed
    cols, rows = int((w - 2 * MARGIN_MM) // cw), int((h - 2 * MARGIN_MM) // ch)
    if cols < 1 or rows < 1:
        raise SoanError(f"a {card} card with {bleed} mm bleed does not fit on {paper_name}",
                        ja=f"{card} のカード（塗り足し {bleed} mm）は {paper_name} に収まりません")
    return Layout(w, h, p.width_mm, p.height_mm, float(bleed), cols, rows,
                  (w - cols * cw) / 2, (h - rows * ch) / 2)


def _e(s: str) -> str:
    return html.escape(s, quote=True)


def _crop_marks(L: Layout) -> str:
    xs = sorted({L.x0 + c * L.cell_w + L.bleed + d for c in range(L.cols) for d in (0.0, L.card_w)})
    ys = sorted({L.y0 + r * L.cell_h + L.bleed + d for r in range(L.rows) for d in (0.0, L.card_h)})
    top, bottom = L.y0, L.y0 + L.rows * L.cell_h
    left, right = L.x0, L.x0 + L.cols * L.cell_w
    lines = [f'<line x1="{x:.2f}" y1="{top - 5:.2f}" x2="{x:.2f}" y2="{top - 1:.2f}"/>'
             f'<line x1="{x:.2f}" y1="{bottom + 1:.2f}" x2="{x:.2f}" y2="{bottom + 5:.2f}"/>' for x in xs]
    lines += [f'<line x1="{left - 5:.2f}" y1="{y:.2f}" x2="{left - 1:.2f}" y2="{y:.2f}"/>'
              f'<line x1="{right + 1:.2f}" y1="{y:.2f}" x2="{right + 5:.2f}" y2="{y:.2f}"/>' for y in ys]
    return (f'<svg class="marks" viewBox="0 0 {L.page_w} {L.page_h}" width="{L.page_w}mm" height="{L.page_h}mm">'
            f'<g stroke="#000" stroke-width="0.2">{"".join(lines)}</g></svg>')


def _front(card: Card, deck: Deck, k: int, L: Layout, x: float, y: float) -> str:
    inset = L.bleed + SAFE_MM
    corner = f'<div class="corner">{_e(card.corner)}</div>' if card.corner else ""
    sub = f'<div class="sub">{_e(card.subtitle)}</div>' if card.subtitle else ""
    body = "".join(f"<p>{_e(p)}</p>" for p in card.body.split("\n") if p)
    return (f'<div class="cell" style="left:{x:.2f}mm;top:{y:.2f}mm;width:{L.cell_w:.2f}mm;height:{L.cell_h:.2f}mm;'
            f'background:{_e(card.colour)}"><div class="face" style="left:{inset:.2f}mm;top:{inset:.2f}mm;'
            f'width:{L.card_w - 2 * SAFE_MM:.2f}mm;height:{L.card_h - 2 * SAFE_MM:.2f}mm">{corner}'
            f'<div class="title">{_e(card.title)}</div>{sub}<div class="body">{body}</div>'
            f'<div class="foot">{_e(deck.name)} {k}/{deck.size}</div></div></div>')


def _back(deck: Deck, L: Layout, x: float, y: float) -> str:
    inset = L.bleed + SAFE_MM
    return (f'<div class="cell back" style="left:{x:.2f}mm;top:{y:.2f}mm;width:{L.cell_w:.2f}mm;'
            f'height:{L.cell_h:.2f}mm;background:{_e(deck.colour)}"><div class="backname" style="left:{inset:.2f}mm;'
            f'top:{inset:.2f}mm;width:{L.card_w - 2 * SAFE_MM:.2f}mm;height:{L.card_h - 2 * SAFE_MM:.2f}mm">'
            f'{_e(deck.back or deck.name)}</div></div>')


def _sheet(inner: str, L: Layout, dx: float = 0.0, dy: float = 0.0) -> str:
    return (f'<div class="sheet"><div class="shift" style="left:{dx:.2f}mm;top:{dy:.2f}mm">{inner}'
            f'{_crop_marks(L)}</div></div>')


def card_sheets(decks: tuple[Deck, ...], L: Layout, offset: tuple[float, float] = (0.0, 0.0),
                duplex: bool = True) -> list[str]:
    """Every card face, each deck from a new sheet; after each fronts sheet its backs (mirrored)."""
    out = []
    for d in decks:
        faces = d.faces()
        for s in range(0, len(faces), L.per_sheet):
            chunk = faces[s:s + L.per_sheet]
            fronts = "".join(_front(c, d, s + i + 1, L, *L.cell(i)) for i, c in enumerate(chunk))
            out.append(_sheet(fronts, L))
            if duplex:
                out.append(_sheet("".join(_back(d, L, *L.cell(i, mirrored=True)) for i in range(len(chunk))), L,
                                  *offset))
    return out


def _calibration(L: Layout, lang: str, offset: tuple[float, float], paper_name: str) -> list[str]:
    w = WORDS[lang]
    cx, cy = L.page_w / 2, L.page_h / 2
    ticks = "".join(f'<line x1="{cx + k}" y1="{cy - (2 if k % 5 else 4)}" x2="{cx + k}" y2="{cy + (2 if k % 5 else 4)}"/>'
                    f'<line x1="{cx - (2 if k % 5 else 4)}" y1="{cy + k}" x2="{cx + (2 if k % 5 else 4)}" y2="{cy + k}"/>'
                    for k in range(-10, 11))
    scale = (f'<svg class="marks" viewBox="0 0 {L.page_w} {L.page_h}" width="{L.page_w}mm" height="{L.page_h}mm">'
             f'<g stroke="#000" stroke-width="0.15"><line x1="{cx - 10}" y1="{cy}" x2="{cx + 10}" y2="{cy}"/>'
             f'<line x1="{cx}" y1="{cy - 10}" x2="{cx}" y2="{cy + 10}"/>{ticks}</g></svg>')
    cross = (f'<svg class="marks" viewBox="0 0 {L.page_w} {L.page_h}" width="{L.page_w}mm" height="{L.page_h}mm">'
             f'<g stroke="#c00" stroke-width="0.3"><line x1="{cx - 15}" y1="{cy}" x2="{cx + 15}" y2="{cy}"/>'
             f'<line x1="{cx}" y1="{cy - 15}" x2="{cx}" y2="{cy + 15}"/></g></svg>')
    geo = w["geometry"].format(w=_n(L.card_w), h=_n(L.card_h), b=_n(L.bleed), s=_n(SAFE_MM), p=paper_name)
    front = (f'<div class="sheet"><div class="text"><h1>{_e(w["calib"])}</h1><p>{_e(w["calib_how"])}</p>'
             f'<p>{_e(geo)}</p></div>{scale}</div>')
    back = (f'<div class="sheet"><div class="shift" style="left:{offset[0]:.2f}mm;top:{offset[1]:.2f}mm">'
            f'<div class="text"><h1>{_e(w["calib_back"])}</h1></div>{cross}</div></div>')
    return [front, back]


def _n(x: float) -> str:
    return f"{x:g}"


def _boards(boards: tuple[Board, ...], L: Layout) -> list[str]:
    room = L.page_w - 2 * MARGIN_MM - 8
    return [f'<div class="sheet"><div class="text"><h1>{_e(b.name)}</h1>'
            f'<div class="board" style="width:{min(b.width_mm, room):.1f}mm">{b.svg}</div></div></div>'
            for b in boards]


def _tokens(p: Pieces, L: Layout) -> list[str]:
    w = WORDS[p.lang]
    if not any(t.count for t in p.tokens):
        return []
    parts = []
    for t in p.tokens:
        if not t.count:
            continue
        one = (f'<span class="tok {t.shape}" style="background:{_e(t.colour)}">{_e(t.label)}</span>')
        parts.append(f'<h3>{_e(t.name)} ×{t.count}</h3><div class="toks">{one * t.count}</div>')
    return [f'<div class="flow"><h1>{_e(w["tokens"])}</h1>{"".join(parts)}</div>']


def _components(p: Pieces) -> str:
    w = WORDS[p.lang]
    rows = [f"<tr><td>{_e(d.name)}</td><td>{d.size}</td></tr>" for d in p.decks]
    rows += [f"<tr><td>{_e(b.name)}</td><td>1</td></tr>" for b in p.boards]
    rows += [f"<tr><td>{_e(t.name)}</td><td>{t.count}</td></tr>" for t in p.tokens if t.count]
    other = "".join(f"<tr><td>{_e(n)}</td><td>{k}</td></tr>" for n, k in p.other)
    extra = f'<h3>{_e(w["bought"])}</h3><table>{other}</table>' if other else ""
    return (f'<h1>{_e(p.game)} — {_e(w["components"])}</h1><table><tr><th>{_e(w["deck"])}</th>'
            f'<th>{_e(w["count"])}</th></tr>{"".join(rows)}</table>{extra}')


def _text_pages(p: Pieces) -> list[str]:
    w = WORDS[p.lang]
    aid = "".join(f"<p>{_e(x)}</p>" for x in p.aid)
    rules = "".join(f"<p>{_e(x)}</p>" for x in p.rules.splitlines() if x.strip())
    return [f'<div class="flow">{_components(p)}</div>',
            f'<div class="flow"><h1>{_e(w["aid"])}</h1>{aid}</div>',
            f'<div class="flow"><h1>{_e(w["rules"])}</h1>{rules}</div>']


def css(L: Layout) -> str:
    return f"""
@page {{ size: {L.page_w}mm {L.page_h}mm; margin: 0; }}
@page flow {{ size: {L.page_w}mm {L.page_h}mm; margin: 15mm; }}
html {{ font-family: {FONTS}; font-size: 9pt; color: #111; }}
body {{ margin: 0; }}
.sheet {{ position: relative; width: {L.page_w}mm; height: {L.page_h}mm; page-break-after: always; overflow: hidden; }}
.shift {{ position: absolute; width: {L.page_w}mm; height: {L.page_h}mm; }}
.marks {{ position: absolute; left: 0; top: 0; }}
.cell {{ position: absolute; }}
.face, .backname {{ position: absolute; background: #fff; border-radius: 2mm; padding: 1.5mm; box-sizing: border-box; }}
.backname {{ background: transparent; color: #fff; font-size: 16pt; font-weight: bold; text-align: center;
  display: flex; align-items: center; justify-content: center; }}
.corner {{ float: right; font-size: 16pt; font-weight: bold; }}
.title {{ font-size: 11pt; font-weight: bold; line-height: 1.2; }}
.sub {{ font-size: 8pt; color: #555; }}
.body {{ margin-top: 2mm; font-size: 8.5pt; line-height: 1.35; }}
.body p {{ margin: 0 0 1mm 0; }}
.foot {{ position: absolute; bottom: 1mm; left: 1.5mm; font-size: 6pt; color: #666; }}
.text {{ position: absolute; left: {MARGIN_MM + 4}mm; top: {MARGIN_MM + 4}mm; width: {L.page_w - 2 * MARGIN_MM - 8}mm; }}
.board svg {{ width: 100%; height: auto; }}
.flow {{ page: flow; page-break-after: always; }}
.flow p {{ margin: 0 0 2mm 0; line-height: 1.5; }}
table {{ border-collapse: collapse; }} td, th {{ border: 0.2mm solid #999; padding: 1mm 3mm; text-align: left; }}
.toks {{ display: flex; flex-wrap: wrap; gap: 1mm; }}
.tok {{ display: inline-block; width: 14mm; height: 14mm; line-height: 14mm; text-align: center; color: #fff;
  font-weight: bold; border: 0.3mm solid #000; font-size: 7pt; overflow: hidden; }}
.tok.round {{ border-radius: 50%; }}
h1 {{ font-size: 14pt; }} h3 {{ font-size: 10pt; margin: 3mm 0 1mm 0; }}
"""


def document(p: Pieces, paper_name: str = "a4", card: str = "poker", bleed: float = 3.0,
             offset: tuple[float, float] = (0.0, 0.0), duplex: bool = True) -> str:
    """The whole print-and-play document as HTML."""
    if not isinstance(p, Pieces):
        raise SoanError(f"document: pieces are a Pieces, got {type(p).__name__}")
    if not (isinstance(offset, tuple) and len(offset) == 2 and all(-20 <= x <= 20 for x in offset)):
        raise SoanError(f"--offset-x/--offset-y are between -20 and 20 mm, got {offset!r}",
                        ja=f"--offset-x と --offset-y は -20 から 20 mm です（指定：{offset!r}）")
    L = layout(paper_name, card, bleed)
    pages = [*(_calibration(L, p.lang, offset, paper_name) if duplex else []), *_text_pages(p),
             *card_sheets(p.decks, L, offset, duplex), *_boards(p.boards, L), *_tokens(p, L)]
    return (f'<!doctype html><html lang="{p.lang}"><head><meta charset="utf-8"><title>{_e(p.game)}</title>'
            f'<style>{css(L)}</style></head><body>{"".join(pages)}</body></html>')


def write_pdf(p: Pieces, out: str | Path, **kw: object) -> Path:
    """The document made into a PDF at `out` (WeasyPrint, the `print` extra)."""
    try:
        from weasyprint import HTML
    except ImportError:
        raise SoanError("soan print needs WeasyPrint: pip install 'soan[print]'",
                        ja="soan print には WeasyPrint が要ります：pip install 'soan[print]'") from None
    doc = document(p, **kw)  # type: ignore[arg-type]
    path = Path(out)
    try:
        HTML(string=doc).write_pdf(str(path))
    except OSError as e:
        raise SoanError(f"{path}: cannot write the PDF: {e.strerror or e}",
                        ja=f"{path}：PDF を書けません（{e.strerror or e}）") from None
    return path

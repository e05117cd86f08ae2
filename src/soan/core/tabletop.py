"""A game's pieces for virtual tabletops: Tabletop Simulator, playingcards.io, and plain card images.

Card faces are drawn with Pillow (the `print` extra) in the Noto CJK fonts when the system has them.
Tabletop Simulator: one saved object (a bag holding a deck per card deck, a tile per board, the tokens),
each deck's designs on sheets of at most 10 × 7 cells and 4096 px (the last cell stays free: TTS shows it
for a hidden card), card IDs `sheet × 100 + cell`, every card as many times as the data counts it.
playingcards.io: a .pcio file (a zip: widgets.json and the images under userassets/). Images: one PNG
per card design and one per deck's back, with manifest.csv (deck, card, count, file) for Tabletopia and
Screentop uploads.
"""

from __future__ import annotations

import csv
import io
import json
import math
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import SoanError
from .pnp import Card, Deck, Pieces

SHEET_COLS, SHEET_ROWS, SHEET_PX = 10, 7, 4096
PER_SHEET = SHEET_COLS * SHEET_ROWS - 1  # TTS keeps the last cell for the hidden card
TTS_CARD = (400, 558)  # 10 × 400 = 4000 px and 7 × 558 = 3906 px: within 4096
IMAGE_CARD = (750, 1050)  # 300 dpi poker with bleed (63.5 × 88.9 mm)


def _font_file(style: str) -> tuple[str, int] | None:
    try:
        out = subprocess.run(["fc-match", "-f", "%{file}:%{index}", f"Noto Sans CJK JP:style={style}"],
                             capture_output=True, text=True, timeout=10, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    path, _, index = out.rpartition(":")
    return (path, int(index or 0)) if path and Path(path).is_file() else None


@dataclass
class _Fonts:
    regular: tuple[str, int] | None
    bold: tuple[str, int] | None

    def get(self, size: int, bold: bool = False) -> Any:
        from PIL import ImageFont

        f = self.bold if bold else self.regular
        if f is None:
            return ImageFont.load_default(size)
        return ImageFont.truetype(f[0], size, index=f[1])


_FONTS: list[_Fonts] = []


def fonts() -> _Fonts:
    if not _FONTS:
        _FONTS.append(_Fonts(_font_file("Regular"), _font_file("Bold")))
    return _FONTS[0]


def _pil() -> Any:
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise SoanError("card images need Pillow: pip install 'soan[print]'",
                        ja="カードの画像には Pillow が要ります：pip install 'soan[print]'") from None
    return Image, ImageDraw


def _wrap(draw: Any, text: str, font: Any, width: int) -> list[str]:
    """Lines that fit `width` px: at spaces where the text has them, else at any character (Japanese)."""
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        tokens = para.split(" ") if " " in para and para.isascii() else list(para)
        sep = " " if " " in para and para.isascii() else ""
        for t in tokens:
            cand = f"{cur}{sep}{t}" if cur else t
            if draw.textlength(cand, font=font) <= width or not cur:
                cur = cand
            else:
                lines.append(cur)
                cur = t
        lines.append(cur)
    return lines


def card_image(card: Card, deck: Deck, size: tuple[int, int]) -> Any:
    """One card's face: its frame colour, a white panel, the title, corner mark, subtitle and text."""
    Image, ImageDraw = _pil()
    w, h = size
    img = Image.new("RGB", size, card.colour)
    d = ImageDraw.Draw(img)
    pad = w // 16
    d.rounded_rectangle((pad, pad, w - pad, h - pad), radius=w // 30, fill="#ffffff")
    f = fonts()
    x, y = pad * 2, pad * 2
    inner = w - 4 * pad
    if card.corner:
        cf = f.get(w // 10, bold=True)
        d.text((w - 2 * pad, y), card.corner, font=cf, fill="#111111", anchor="ra")
        inner -= int(d.textlength(card.corner, font=cf)) + pad // 2
    tf = f.get(w // 14, bold=True)
    for line in _wrap(d, card.title, tf, inner):
        d.text((x, y), line, font=tf, fill="#111111")
        y += int(w / 14 * 1.3)
    if card.subtitle:
        sf = f.get(w // 22)
        d.text((x, y), card.subtitle, font=sf, fill="#555555")
        y += int(w / 22 * 1.4)
    y += pad // 2
    bf = f.get(w // 20)
    for line in _wrap(d, card.body, bf, w - 4 * pad):
        d.text((x, y), line, font=bf, fill="#111111")
        y += int(w / 20 * 1.45)
    d.text((x, h - 2 * pad), deck.name, font=f.get(w // 28), fill="#777777", anchor="ld")
    return img


def back_image(deck: Deck, size: tuple[int, int]) -> Any:
    Image, ImageDraw = _pil()
    w, h = size
    img = Image.new("RGB", size, deck.colour)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((w // 16, w // 16, w - w // 16, h - w // 16), radius=w // 30, outline="#ffffff", width=max(2, w // 100))
    bf = fonts().get(w // 11, bold=True)
    lines = _wrap(d, deck.back or deck.name, bf, w - w // 4)
    y = h // 2 - len(lines) * w // 22
    for line in lines:
        d.text((w // 2, y), line, font=bf, fill="#ffffff", anchor="ma")
        y += w // 9
    return img


def _out_dir(out: str | Path) -> Path:
    p = Path(out)
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SoanError(f"{p}: cannot make the folder: {e.strerror or e}",
                        ja=f"{p}：フォルダを作れません（{e.strerror or e}）") from None
    return p


def _slug(s: str) -> str:
    return "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "-" for c in s).strip("-") or "deck"


def export_images(p: Pieces, out: str | Path, size: tuple[int, int] = IMAGE_CARD) -> Path:
    """One PNG per card design and per deck's back, and manifest.csv: deck, card, title, count, file, back."""
    _check(p)
    d = _out_dir(out)
    rows = []
    for deck in p.decks:
        back = f"{_slug(deck.id)}-back.png"
        back_image(deck, size).save(d / back)
        for i, c in enumerate(deck.cards, 1):
            name = f"{_slug(deck.id)}-{i:03d}.png"
            card_image(c, deck, size).save(d / name)
            rows.append({"deck": deck.id, "deck_name": deck.name, "card": i, "title": c.title, "count": c.count,
                         "file": name, "back": back})
    manifest = d / "manifest.csv"
    with manifest.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=["deck", "deck_name", "card", "title", "count", "file", "back"])
        w.writeheader()
        w.writerows(rows)
    return manifest


def _check(p: Pieces) -> None:
    if not isinstance(p, Pieces):
        raise SoanError(f"an export takes Pieces, got {type(p).__name__}")


def sheets(deck: Deck) -> list[list[Card]]:
    """A deck's designs split into TTS sheets (at most 69 each)."""
    return [list(deck.cards[k:k + PER_SHEET]) for k in range(0, len(deck.cards), PER_SHEET)]


def _grid(n: int) -> tuple[int, int]:
    cols = max(2, min(SHEET_COLS, n))
    return cols, max(2, math.ceil((n + 1) / cols))  # a free last cell, 2 × 2 at least (TTS's smallest sheet)


def _transform(x: float, z: float, scale: float = 1.0) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def export_tts(p: Pieces, out: str | Path, notes: list[tuple[str, str]] | None = None,
               boards: list[Path] | None = None, name: str = "game") -> Path:
    """A Tabletop Simulator saved object (JSON) and its sheet images in `out`; the JSON's path."""
    _check(p)
    Image, _ = _pil()
    d = _out_dir(out)
    objects: list[dict[str, Any]] = []
    sheet_no = 0
    for di, deck in enumerate(p.decks):
        back = f"{_slug(deck.id)}-back.png"
        back_image(deck, TTS_CARD).save(d / back)
        custom: dict[str, Any] = {}
        ids: list[int] = []
        contained = []
        for part in sheets(deck):
            sheet_no += 1
            cols, rows = _grid(len(part))
            img = Image.new("RGB", (cols * TTS_CARD[0], rows * TTS_CARD[1]), "#ffffff")
            for k, c in enumerate(part):
                r, q = divmod(k, cols)
                img.paste(card_image(c, deck, TTS_CARD), (q * TTS_CARD[0], r * TTS_CARD[1]))
                cid = sheet_no * 100 + k
                for _ in range(c.count):
                    ids.append(cid)
                    contained.append({"Name": "Card", "Nickname": c.title, "Description": c.body, "CardID": cid,
                                      "Transform": _transform(0, 0)})
            sheet_file = f"{_slug(deck.id)}-sheet{sheet_no}.png"
            img.save(d / sheet_file)
            custom[str(sheet_no)] = {"FaceURL": (d / sheet_file).resolve().as_uri(), "BackURL": (d / back).resolve().as_uri(),
                                     "NumWidth": cols, "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False}
        objects.append({"Name": "DeckCustom", "Nickname": deck.name, "Description": deck.id,
                        "Transform": _transform(di * 3.0, 0), "DeckIDs": ids, "CustomDeck": custom,
                        "ContainedObjects": contained})
    for bi, b in enumerate(boards or []):
        objects.append({"Name": "Custom_Tile", "Nickname": p.boards[bi].name if bi < len(p.boards) else b.stem,
                        "Transform": _transform(0, 12 + bi * 12, 6.0),
                        "CustomImage": {"ImageURL": b.resolve().as_uri(), "ImageSecondaryURL": "",
                                        "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False}}})
    for ti, t in enumerate(x for x in p.tokens if x.count):
        piece = {"Name": "BlockSquare" if t.shape == "square" else "Checker_white", "Nickname": t.name,
                 "ColorDiffuse": _rgb(t.colour), "Transform": _transform(0, 0, 0.5)}
        objects.append({"Name": "Bag", "Nickname": f"{t.name} ×{t.count}", "Transform": _transform(-6.0, ti * 2.5),
                        "ContainedObjects": [piece] * t.count})
    for ni, (title, text) in enumerate(notes or []):
        objects.append({"Name": "Notecard", "Nickname": title, "Description": text,
                        "Transform": _transform(-12.0, ni * 3.0)})
    saved = {"SaveName": p.game, "GameMode": p.game, "ObjectStates": [
        {"Name": "Bag", "Nickname": p.game, "Transform": _transform(0, 0), "ContainedObjects": objects}]}
    path = d / f"{_slug(name)}-tts.json"
    path.write_text(json.dumps(saved, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def _rgb(colour: str) -> dict[str, float]:
    c = colour.lstrip("#")
    if len(c) != 6:
        return {"r": 0.5, "g": 0.5, "b": 0.5}
    return {k: int(c[i:i + 2], 16) / 255 for k, i in (("r", 0), ("g", 2), ("b", 4))}


def export_pcio(p: Pieces, out: str | Path, notes: list[tuple[str, str]] | None = None,
                boards: list[Path] | None = None) -> Path:
    """A playingcards.io file: a zip of widgets.json (a pile and a deck per card deck, a card widget per
    printed card, a board widget per board image) and the images under userassets/."""
    _check(p)
    out = Path(out)
    if out.suffix != ".pcio":
        out = _out_dir(out) / "game.pcio"
    else:
        _out_dir(out.parent)
    widgets: list[dict[str, Any]] = []
    cw, ch = 103, 160
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for di, deck in enumerate(p.decks):
            pile, did = f"pile-{_slug(deck.id)}", f"deck-{_slug(deck.id)}"
            back = f"userassets/{_slug(deck.id)}-back.png"
            z.writestr(back, _png(back_image(deck, (cw * 4, ch * 4))))
            types = {}
            for i, c in enumerate(deck.cards):
                asset = f"userassets/{_slug(deck.id)}-{i:03d}.png"
                z.writestr(asset, _png(card_image(c, deck, (cw * 4, ch * 4))))
                types[f"t{i}"] = {"image": f"package://{asset}", "title": c.title}
            widgets.append({"id": pile, "type": "cardPile", "x": 40 + di * 140, "y": 60, "label": deck.name,
                            "hasShuffleButton": True, "width": cw + 8, "height": ch + 8})
            widgets.append({"id": did, "type": "cardDeck", "parent": pile, "x": 40 + di * 140, "y": 60,
                            "cardWidth": cw, "cardHeight": ch, "enlarge": True, "cardTypes": types,
                            "faceTemplate": {"objects": [{"type": "image", "x": 0, "y": 0, "width": cw, "height": ch,
                                                          "valueType": "dynamic", "value": "image"}]},
                            "backTemplate": {"objects": [{"type": "image", "x": 0, "y": 0, "width": cw, "height": ch,
                                                          "valueType": "static", "value": f"package://{back}"}]}})
            k = 0
            for i, c in enumerate(deck.cards):
                for _ in range(c.count):
                    widgets.append({"id": f"{did}-{k}", "type": "card", "deck": did, "cardType": f"t{i}",
                                    "parent": pile, "x": 40 + di * 140, "y": 60, "z": k + 1})
                    k += 1
        for bi, b in enumerate(boards or []):
            asset = f"userassets/board-{bi + 1}.png"
            z.write(b, asset)
            with _pil()[0].open(b) as im:
                bw, bh = im.size
            widgets.append({"id": f"board-{bi + 1}", "type": "board", "x": 40, "y": 560 + bi * 620, "z": 0,
                            "width": 1000, "height": round(1000 * bh / bw), "boardImage": f"package://{asset}"})
        for ni, (title, text) in enumerate(notes or []):
            widgets.append({"id": f"note-{ni}", "type": "labelText", "x": 40 + ni * 420, "y": 320, "width": 400,
                            "height": 400, "labelContent": f"{title}\n{text}", "textSize": 14, "bold": False,
                            "textAlign": "left"})
        z.writestr("widgets.json", json.dumps(widgets, ensure_ascii=False))
    return out


def _png(img: Any) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def board_pngs(p: Pieces, out: Path) -> list[Path]:
    """Each board as PNG (2048 px wide) when rsvg-convert or a Chromium is installed, else as SVG (TTS
    takes only images)."""
    d = _out_dir(out)
    paths = []
    for i, b in enumerate(p.boards):
        svg = d / f"board-{i + 1}.svg"
        svg.write_text(b.svg, encoding="utf-8")
        png = d / f"board-{i + 1}.png"
        paths.append(png if _rasterise(svg, png, b.svg) else svg)
    return paths


def _rasterise(svg: Path, png: Path, text: str, width: int = 2048) -> bool:
    import re

    rsvg = shutil.which("rsvg-convert")
    if rsvg and subprocess.run([rsvg, "-w", str(width), "-o", str(png), str(svg)], check=False,
                               capture_output=True, timeout=120).returncode == 0:
        return True
    browser = next((x for x in (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")) if x), None)
    box = re.search(r'viewBox="\s*[-\d.]+\s+[-\d.]+\s+([\d.]+)\s+([\d.]+)"', text)
    if browser is None or box is None:
        return False
    height = max(1, round(width * float(box.group(2)) / float(box.group(1))))
    page = svg.with_suffix(".html")
    page.write_text(f'<!doctype html><meta charset="utf-8"><body style="margin:0;background:#fff">'
                    f'{text.replace("<svg ", f"<svg width={chr(34)}{width}{chr(34)} height={chr(34)}{height}{chr(34)} ", 1)}'
                    f'</body>', encoding="utf-8")
    try:
        r = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            f"--screenshot={png}", f"--window-size={width},{height}", page.resolve().as_uri()],
                           check=False, capture_output=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        page.unlink(missing_ok=True)
    return r.returncode == 0 and png.is_file()

"""`soan print`: for every game, a PDF whose card faces per deck are the component data's counts (read
from the PDF's text, page by page), each fronts sheet followed by its backs, every font embedded and
subset, the page and the card cells (card plus bleed) as the preset says."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import soan
from soan.cli.main import app
from system import installed, needs

pytestmark = needs("libpango-1.0-0")
pypdf = pytest.importorskip("pypdf")
if installed("libpango-1.0-0"):
    pytest.importorskip("weasyprint")
runner = CliRunner()
MM = 72 / 25.4


def _expected(game: str, lang: str) -> dict[str, int]:
    """Cards per deck (by its printed name) counted from the component data, not from the pieces."""
    s = soan.make(game, players=4, seed=0)
    m = s.cfg.components
    ja = lang == "ja"
    if game == "undecim":
        return {"アクションカード" if ja else "Action cards": len(m.action_cards),
                "シナリオカード" if ja else "Scenario cards": len(m.scenario_cards),
                "リソースカード" if ja else "Resource cards": sum(r.count for r in m.resource_cards)}
    if game == "la-superba":
        return {"航海カード" if ja else "Voyage cards": len(m.voyage_cards),
                "交易カード" if ja else "Trade cards": len(m.trade_cards)}
    return {"事業カード" if ja else "Business cards": len(m.business_cards),
            "基本カード" if ja else "Base cards": 4 * len(m.base_cards),
            "依頼カード" if ja else "Request cards": len(m.requests)}


@pytest.fixture(scope="module", params=[("undecim", "ja"), ("la-superba", "en"), ("asian-delivery", "ja")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def printed(request, tmp_path_factory):
    game, lang = request.param
    out = tmp_path_factory.mktemp("print") / f"{game}.pdf"
    r = runner.invoke(app, ["print", game, "--lang", lang, "-o", str(out)])
    assert r.exit_code == 0, r.output
    return game, lang, pypdf.PdfReader(str(out))


def test_cards_per_deck_are_the_datas_and_each_sheet_has_its_backs(printed):
    game, lang, pdf = printed
    want = _expected(game, lang)
    texts = [p.extract_text() for p in pdf.pages]
    seen: dict[str, list[int]] = {d: [] for d in want}
    for i, t in enumerate(texts):
        on_page = {d: [int(k) for k in re.findall(rf"{re.escape(d)} (\d+)/{n}\b", t)] for d, n in want.items()}
        for d, ks in on_page.items():
            if ks:
                seen[d] += ks
                back = texts[i + 1]  # the backs of this sheet: the deck's name once per card, nothing else
                assert back.replace("\n", "").replace(d, "").strip() == "" and back.count(d) == len(ks), (d, i)
    for d, n in want.items():
        assert sorted(seen[d]) == list(range(1, n + 1)), d


def test_fonts_are_embedded_and_subset(printed):
    _, _, pdf = printed
    fonts = {}
    for page in pdf.pages:
        for f in (page["/Resources"].get("/Font") or {}).values():
            f = f.get_object()
            fonts[f["/BaseFont"]] = f
    assert fonts
    for base, f in fonts.items():
        assert re.match(r"/[A-Z]{6}\+", base), base  # a subset's tag
        desc = f["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in f else f["/FontDescriptor"]
        desc = desc.get_object()
        assert any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), base


def test_page_and_card_cells_are_the_presets(printed):
    game, lang, pdf = printed
    for page in pdf.pages:
        assert (round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)) == (595.3, 841.9)  # A4
    name = next(iter(_expected(game, lang)))
    page = next(p for p in pdf.pages if re.search(rf"{re.escape(name)} 4/", p.extract_text()))
    xs, ys = set(), set()

    def visit(text, cm, tm, font, size):
        if re.match(rf"{re.escape(name)} \d+/", text):
            xs.add(round(cm[0] * tm[4] + cm[4], 1))
            ys.add(round(cm[3] * tm[5] + cm[5], 1))

    page.extract_text(visitor_text=visit)
    xs_, ys_ = sorted(xs), sorted(ys)
    assert len(xs_) >= 2 and len(ys_) >= 2
    assert xs_[1] - xs_[0] == pytest.approx((63 + 2 * 3) * MM, abs=0.2)  # poker 63 x 88 mm and 3 mm bleed
    assert abs(ys_[1] - ys_[0]) == pytest.approx((88 + 2 * 3) * MM, abs=0.2)


def test_letter_mini_and_no_bleed(tmp_path):
    out = tmp_path / "l.pdf"
    r = runner.invoke(app, ["print", "la-superba", "--paper", "letter", "--card", "mini", "--bleed", "0",
                            "--no-backs", "-o", str(out)])
    assert r.exit_code == 0, r.output
    pdf = pypdf.PdfReader(str(out))
    assert (round(float(pdf.pages[0].mediabox.width), 1), round(float(pdf.pages[0].mediabox.height), 1)) == (612.0, 792.0)
    assert sum(len(re.findall(r"Voyage cards \d+/24", p.extract_text())) for p in pdf.pages) == 24


def test_a_variants_cards_are_printed(tmp_path):
    out = tmp_path / "v.pdf"
    r = runner.invoke(app, ["print", "la-superba", "-V", "accent-cards", "--no-backs", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = "".join(p.extract_text() for p in pypdf.PdfReader(str(out)).pages)
    assert len(re.findall(r"Voyage cards \d+/26", text)) == 26  # 24 + the variant's 2


@pytest.mark.parametrize("args,msg", [(["--card", "huge"], "no card preset 'huge'"), (["--paper", "a3"], "no paper 'a3'"),
                                      (["--bleed", "9"], "--bleed is between 0 and 5 mm"),
                                      (["--offset-x", "40"], "between -20 and 20 mm")])
def test_bad_print_options_are_named(tmp_path, args, msg):
    r = runner.invoke(app, ["print", "undecim", "-o", str(tmp_path / "x.pdf"), *args])
    assert r.exit_code == 2 and msg in r.output, r.output


def test_a_changed_card_reads_its_new_number_in_the_print(tmp_path):
    from test_card_texts import _harvest_two

    y = _harvest_two(tmp_path)
    out = tmp_path / "h.pdf"
    r = runner.invoke(app, ["print", "undecim", "--components", str(y), "--lang", "ja", "--no-backs", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = "".join(p.extract_text() for p in pypdf.PdfReader(str(out)).pages).replace("\n", "")
    assert "収穫開拓地からリソースを２枚獲得する" in text and "リソースを３枚" not in text

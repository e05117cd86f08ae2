"""Replays and playtest feedback in real headless Chromium: a study's report links replay files that open
from the folder (no server) and step forward, back and to a seat's view; a person's answers at the end
of a web game reach the report of a study imported from the server's database."""

from __future__ import annotations

import httpx
import pytest
from typer.testing import CliRunner

from soan.cli.main import app
from system import needs

from .test_browser import ARGS, CHROMIUM, _page, _play, _un_step

pytestmark = needs("chromium")
runner = CliRunner()


@pytest.fixture(scope="module")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield b
        b.close()


def _ok(*args):
    r = runner.invoke(app, list(args))
    assert r.exit_code == 0, r.output
    return r


def test_a_reports_replay_opens_from_the_folder_and_steps_both_ways(chromium, tmp_path):
    out = tmp_path / "ls"
    _ok("sim", "la-superba", "-n", "12", "--agents", "random", "--records", "1", "--out", str(out))
    _ok("report", str(out))
    page, errors = _page(chromium, (out / "report.html").as_uri(), "en")
    link = page.locator("#notable-games li[data-kind='closest'] a")
    steps = int(page.locator("#notable-games li[data-kind='closest']").inner_text().split(" moves")[0].split()[-1])
    link.click()
    page.wait_for_selector("#where")
    assert page.locator("#where").inner_text() == f"0 / {steps} move" and page.url.startswith("file://")
    page.click("#next")
    page.wait_for_selector("#where:has-text('1 / ')")
    assert page.locator("#last-move").inner_text().startswith("Last move: Player")
    page.click("#last")
    page.wait_for_selector(f"#where:has-text('{steps} / {steps}')")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#where:has-text('{steps - 1} / {steps}')")
    page.select_option("#seat", "2")  # seat 3's view, drawn on the game's board
    page.wait_for_selector("#board #hand")
    assert "Player 3 (you)" in page.locator(".seats").inner_text()
    page.click("#lang-ja")
    page.wait_for_selector("text=得点の推移")
    assert page.locator("#replay-title").inner_text().startswith("最も接戦のゲーム")
    assert not errors, errors


def test_feedback_at_the_end_of_a_web_game_appears_in_the_imported_studys_report(server, chromium, tmp_path):
    s = server(bot_delay=0)
    g = httpx.post(s.url + "/api/games", json={"game": "undecim", "players": 3, "seed": 5, "lang": "ja",
                                               "bots": {"2": "random", "3": "random"}}).json()
    page, errors = _page(chromium, g["seats"][0]["url"], "ja")
    page.wait_for_selector("#council")
    _play([(page, errors)], _un_step, 90)
    page.check("#feedback input[name=clarity][value='4']")
    page.click("#fb-send")  # fun not chosen: said in Japanese, nothing sent
    page.wait_for_selector("#feedback .error:has-text('「楽しさ」を1〜5から選んでください')")
    page.check("#feedback input[name=fun][value='2']")
    page.check("#feedback input[name=clarity][value='4']")
    page.select_option("#feedback select[name=length]", "too_long")
    page.fill("#feedback input[name=confusing]", "フロンティア")
    page.fill("#feedback textarea[name=comment]", "終盤が長く感じた")
    page.click("#fb-send")
    page.wait_for_selector("#fb-thanks")
    study = tmp_path / "people"
    _ok("import", "--db", str(s.db), "--out", str(study))
    _ok("report", str(study), "--lang", "ja")
    page.goto((study / "report-ja.html").as_uri())
    assert "終盤が長く感じた" in page.locator("#fb-comments").inner_text()
    assert "長すぎる 1" in page.locator("#fb-length").inner_text()
    assert "平均 2.0" in page.locator("#fb-fun").inner_text()
    assert "フロンティア" in page.locator("#fb-named").inner_text()
    page.click("#fb-comments a")  # the game's replay, from the comment
    page.wait_for_selector("#where")
    assert not errors, errors

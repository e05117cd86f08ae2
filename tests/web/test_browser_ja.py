"""Every page and error page in Japanese mode, in real headless Chromium (Debian's /usr/bin/chromium):
the lobby of every game (parameters as checkboxes, steppers with their range, named choices) and its
range error, the waiting room, whole games of Undecim and La Superba to their end screens (each
season's breakdown and the story's achievers; the reveal with what each seat shipped and scored),
Asian Delivery's board, the replay's full view drawn as a board, a garbled token, a wrong game id, a
wrong host key, a missing page and the server down. The page fails on any Latin word outside the
rulebook's own symbols (VP, cube grades) and commands to type (soan …)."""

from __future__ import annotations

import re

import httpx
import pytest

import soan
from system import needs

from .test_browser import ARGS, CHROMIUM, _ls_step, _play, _un_step

pytestmark = needs("chromium")

SCAN = """() => {
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  const m = document.querySelector("main");
  return m ? m.innerText : document.body.innerText;
}"""


def latin(text: str) -> list[str]:
    """Latin words a Japanese reader would meet: all but VP, cube grades (L/N/H) and commands to type."""
    text = re.sub(r"soan [a-z-]+", " ", text)
    return sorted({w for w in re.findall(r"[A-Za-z][A-Za-z_]+", text) if w != "VP"})


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield b
        b.close()


def _ja_page(browser, url: str, width: int = 1100):
    ctx = browser.new_context(viewport={"width": width, "height": 900}, locale="ja-JP")
    ctx.add_init_script("localStorage.setItem('soan-lang', 'ja')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


def _clean(page, where: str) -> str:
    text = page.evaluate(SCAN)
    assert latin(text) == [], (where, latin(text), text[:3000])
    return text


def test_every_page_reads_as_japanese(server, browser):
    s = server(bot_delay=0)
    # -- the lobby of every game, every variant ticked so that every parameter shows ------------------
    page, errors = _ja_page(browser, s.url + "/")
    page.wait_for_selector("#create")
    for game in [g["id"] for g in soan.games()]:
        page.select_option("#game", game)
        page.wait_for_selector("#create")
        _clean(page, f"lobby {game}")
        for box in page.locator("[data-variant]").all():
            box.check()
        text = _clean(page, f"lobby {game} with every variant")
        assert "既定" in text
    page.select_option("#game", "asian-delivery")
    assert page.get_attribute("[data-param=warehouse_cap]", "type") == "number"  # a stepper with its range
    assert page.get_attribute("[data-param=warehouse_cap]", "min") == "1"
    assert page.get_attribute("[data-param=gate_optional]", "type") == "checkbox"  # yes/no as a checkbox
    assert "標準" in page.inner_text("[data-param=area_set]")  # a choice by its name
    page.fill("[data-param=warehouse_cap]", "0")
    page.click("#create")
    err = page.inner_text("#err")
    assert "1〜99" in err and "倉庫" in err, err  # the range error names the parameter and its range
    assert latin(err) == [], err
    page.fill("[data-param=warehouse_cap]", "")
    # -- Undecim from the lobby: the waiting room, then a whole game to its end screen -----------------
    page.select_option("#game", "undecim")
    page.select_option("#players", "3")
    page.select_option("#seat-2", "easy")
    page.select_option("#seat-3", "normal")
    page.click("#create")
    page.wait_for_selector("#open-seat-1")
    _clean(page, "waiting room")
    page.click("#open-seat-1")
    page.wait_for_selector("#council")
    text = _clean(page, "Undecim at the start")
    assert "ボット 初級" in text and "ボット 中級" in text  # seat badges by the bots' names
    assert "入植地を" in page.inner_text("#story")  # the story's goals in words
    tableau = page.inner_text("#board .players [data-seat='1']")
    assert "入植地: " in tableau and "開拓地" not in tableau  # settlements are 入植地 (the frontier is 開拓地)
    _play([(page, errors)], _un_step, 120)
    text = _clean(page, "Undecim's end screen")
    details = page.inner_text("#end-details")
    assert "シーズン1" in details and "合計" in details and "土地の多数派" in details
    p = httpx.get(page.url.replace("/play/", "/api/games/")).json()
    scores = [str(r["score"]) + "VP" for r in p["ranking"]]
    assert all(x in details for x in scores)  # each season's totals, as the ranking says
    achieved = [a for a in p["observation"]["achieved"] if a]
    assert details.count("が達成") == len(achieved)  # who achieved a story card, by name
    page.click("#close-end")
    _clean(page, "Undecim's board after the game")
    assert page.locator("#results table.season").count() >= 1
    # -- the replay: the full view drawn as a board, then a seat's view --------------------------------
    page.click("#open-replay") if page.locator("#open-replay").count() else None
    gid = p["id"]
    r = httpx.post(f"{s.url}/api/games/{gid}/replay").json()
    page.goto(s.url + r["url"])
    page.wait_for_selector("#where")
    page.click("#last")
    page.wait_for_selector("#board #council")  # the full view is a board, not a dump
    text = _clean(page, "replay, full view")
    assert "各席の手元" in text and "{" not in text
    page.select_option("#seat", "1")
    page.wait_for_selector("#board #hand")
    _clean(page, "replay, seat 1")
    assert not errors, errors
    # -- La Superba: one person against two bots to the end; the reveal says what was shipped and scored
    g = httpx.post(s.url + "/api/games", json={"game": "la-superba", "players": 3, "seed": 8, "lang": "ja",
                                               "bots": {"2": "random", "3": "normal"}}).json()
    ls, ls_errors = _ja_page(browser, g["seats"][0]["url"], width=420)  # a phone-sized screen
    ls.wait_for_selector("#hand")
    _clean(ls, "La Superba at the start")
    _play([(ls, ls_errors)], _ls_step, 120)
    text = _clean(ls, "La Superba's end screen")
    head = ls.inner_text("#end-details table.reveal tr:first-child")
    assert "輸送" in head and "得点" in head
    assert ls.locator("#end-details td.scored").count() == 3
    tall = ls.evaluate("""() => [...document.querySelectorAll('#end-details .nw')].filter((e) => {
      const r = e.getClientRects(); return r.length > 1; }).map((e) => e.textContent)""")
    assert tall == []  # no card name wraps inside itself
    # -- Asian Delivery's board ---------------------------------------------------------------------
    g = httpx.post(s.url + "/api/games", json={"game": "asian-delivery", "players": 3, "seed": 2, "lang": "ja",
                                               "bots": {"2": "random", "3": "random"}}).json()
    ad, ad_errors = _ja_page(browser, g["seats"][0]["url"])
    ad.wait_for_selector("#ad-map")
    _clean(ad, "Asian Delivery")
    assert not ad_errors and not ls_errors
    # -- error pages: a garbled token, a wrong game id, a wrong host key, a missing page ------------------
    for url, words in [(f"/play/{g['id']}?token=garbled", "招待リンクの鍵が正しくありません"),
                       ("/play/no-such-game", "このゲームはこのサーバーにありません"),
                       (f"/room/{g['id']}?host=wrong", "主催者用のリンク"),
                       ("/room/no-such-game?host=x", "このゲームはこのサーバーにありません"),
                       ("/no/such/page", "ページが見つかりません"),
                       ("/replay?id=no-such-replay", "リプレイ")]:
        page.goto(s.url + url)
        page.wait_for_selector("#page-error")
        text = _clean(page, url)
        assert words in text, (url, text)
    page.goto(s.url + "/replay")  # the replay's own page: open a record file
    page.wait_for_selector("#file")
    _clean(page, "replay picker")
    page.set_input_files("#file", files=[{"name": "bad.jsonl", "mimeType": "text/plain", "buffer": b"not a record"}])
    page.wait_for_function("() => document.querySelector('#err').textContent.length > 0")
    # the server's own reason, asked in the page's language (JSON: the format's name, as in every message)
    assert latin(page.inner_text("#err")) == ["JSON"] and "1行目が JSON ではありません" in page.inner_text("#err")
    # -- the server down: the page says so instead of "Failed to fetch" ----------------------------------
    page.goto(s.url + "/")
    page.wait_for_selector("#create")
    s.kill()
    page.click("#create")
    page.wait_for_function("() => document.querySelector('#err').textContent.length > 0")
    err = page.inner_text("#err")
    assert "サーバーに接続できません" in err and latin(err) == [], err

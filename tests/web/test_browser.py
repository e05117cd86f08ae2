"""Whole games in real headless Chromium (Debian's /usr/bin/chromium through Playwright; nothing is
downloaded): La Superba with two people in two browser contexts against two bots, in Japanese, and
Undecim with one person against bots, in English, clicking on the board pages to the end screen."""

from __future__ import annotations

import re
import time
from pathlib import Path

import httpx
import pytest

from system import needs

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = needs("chromium")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)  # a fresh profile each launch
        yield b
        b.close()


def _page(browser, url: str, lang: str):
    ctx = browser.new_context(viewport={"width": 420, "height": 900})  # a phone-sized screen
    ctx.add_init_script(f"if (!localStorage.getItem('soan-lang')) localStorage.setItem('soan-lang', '{lang}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


def _ls_step(page) -> bool:
    """One La Superba decision through the board: hand cards then confirm, or the goods steppers."""
    first = page.locator("#choices button").first
    if not first.count():
        return False
    move = first.get_attribute("title")  # the action as text, e.g. "play 5 8 11" or "carry pepper=2"
    if move.startswith("play "):
        for c in move.split()[1:]:
            page.click(f"#hand [data-card='{c}']")
        page.click("#play-selected")
    else:
        for g, n in re.findall(r"(\w+)=(\d+)", move):
            for _ in range(int(n)):
                page.click(f"[data-step='{g}+']")
        page.click("#goods-confirm")
    return True


FALLBACK: list[str] = []


def _un_step(page) -> bool:
    """Click the first clickable thing on the board (checked and clicked in one go in the page)."""
    hit = page.evaluate("""() => {
      for (const sel of ["#council button.click", "#hand button.click", "#frontier button.click", "#step button",
                         "#choices button"]) {
        const b = document.querySelector(sel);
        if (b) { const board = !sel.startsWith("#choices"); const t = b.title; b.click(); return {board, t}; }
      }
      return null; }""")
    if hit and not hit["board"]:
        FALLBACK.append(hit["t"])  # a step the board does not draw
    return bool(hit)


def _play(pages, step, limit_s: float) -> None:
    deadline = time.time() + limit_s
    done = set()
    while len(done) < len(pages):
        if time.time() > deadline:
            page = pages[0][0]
            info = page.evaluate("() => [document.querySelector('#status')?.textContent, document.querySelector('#err')?.textContent,"
                                 " [...document.querySelectorAll('#choices button')].map(b => b.title).join('|'),"
                                 " [...document.querySelectorAll('#board button')].map(b => b.textContent).join('|')]")
            raise AssertionError(f"the game did not end in time: {info}")
        moved = False
        for i, (page, errors) in enumerate(pages):
            assert not errors, errors
            if page.locator("#end").count():
                done.add(i)
                continue
            try:
                moved = step(page) or moved
                if moved:
                    page.wait_for_timeout(30)
            except Exception:  # the page re-rendered under the click (a push arrived): look again
                page.wait_for_timeout(50)
        if not moved:
            time.sleep(0.05)


def test_la_superba_two_people_two_bots_in_japanese(server, browser):
    s = server(bot_delay=0)
    g = httpx.post(s.url + "/api/games", json={"game": "la-superba", "players": 4, "seed": 3, "lang": "ja",
                                               "bots": {"3": "random", "4": "greedy"}}).json()
    room, _ = _page(browser, s.url + g["room_url"], "ja")
    room.wait_for_selector("#open-seat-2")  # (the room page draws after its first answer)
    assert room.locator("text=招待リンク").count() == 1
    urls = [room.locator(f"#open-seat-{n}").get_attribute("href") for n in (1, 2)]
    pages = [_page(browser, u, "ja") for u in urls]
    pages[0][0].wait_for_selector("#hand")
    assert pages[0][0].locator("#lang-ja[aria-pressed]").count() == 1
    _play(pages, _ls_step, 90)
    for page, _ in pages:
        assert page.locator("#end").inner_text().startswith("ゲーム終了")
        assert page.locator("#end table.rank tr").count() == 5  # heading + four seats
    p = httpx.get(f"{s.url}/api/games/{g['id']}").json()
    assert p["over"] and len(p["ranking"]) == 4
    page = pages[0][0]  # the replay: forward, back, another seat's view
    page.click("#open-replay")
    page.wait_for_selector("#where")
    page.click("#next")
    page.wait_for_selector("#where:has-text('1 / ')")
    page.click("#last")
    page.wait_for_selector(f"#where:has-text('{p['version']} / {p['version']}')")
    page.click("#prev")
    page.wait_for_selector(f"#where:has-text('{p['version'] - 1} / ')")
    page.select_option("#seat", "1")
    page.wait_for_selector("#board #hand")


def test_undecim_one_person_against_bots_in_english(server, browser):
    s = server(bot_delay=0)
    page, errors = _page(browser, s.url + "/", "en")
    page.select_option("#game", "undecim")
    page.select_option("#players", "3")
    page.select_option("#seat-2", "easy")
    page.select_option("#seat-3", "easy")
    page.click("#create")
    page.wait_for_selector("#open-seat-1")
    page.click("#open-seat-1")
    page.wait_for_selector("#council")
    _play([(page, errors)], _un_step, 90)
    assert page.locator("#end").inner_text().startswith("Game over")
    assert not FALLBACK, f"steps not reachable on the board: {FALLBACK}"
    page.check("#feedback input[name=fun][value='5']")  # the playtest form at the end
    page.check("#feedback input[name=clarity][value='3']")
    page.fill("#feedback input[name=too_strong]", "Trade")
    page.click("#fb-send")
    page.wait_for_selector("#fb-thanks")
    gid = page.url.split("/play/")[1].split("?")[0]
    fb = httpx.get(f"{s.url}/api/games/{gid}/feedback").json()["feedback"]
    assert fb[0]["fun"] == 5 and fb[0]["clarity"] == 3 and fb[0]["too_strong"] == "Trade" and fb[0]["length"] == "right"
    page.click("#lang-ja")  # switching language keeps the game and is remembered
    page.wait_for_selector("text=ゲーム終了")
    page.reload()
    page.wait_for_selector("text=ゲーム終了")



AD_LOOK = """() => {
  const kinds = {"data-area": "map area", "data-build": "facility slot", "data-play": "hand card", "data-request": "request",
    "data-card": "business card", "data-cube": "cube", "data-load": "load", "data-unload": "unload", "data-act": "step button"};
  const kind = (e) => e.id === "end-step" ? "end of the action step" : (Object.keys(kinds).find((k) => e.hasAttribute(k)) ? kinds[Object.keys(kinds).find((k) => e.hasAttribute(k))] : "other");
  return { version: P ? P.version : -1, actions: P ? P.legal.length : 0, end: !!document.querySelector("#end"), confirm: !!document.querySelector("#confirm"), undo: !!document.querySelector("#undo"),
    recent: !!document.querySelector("#ad-map .ad-area.recent"),
    turn2: (document.querySelector("#turns li[data-seat='2'] summary") || {}).textContent || "",
    legal: [...document.querySelectorAll("#board .legal")].map(kind) };
}"""
AD_AIM = """(k) => {  // the k-th highlighted element, brought into view: the point to click
  const e = document.querySelectorAll("#board .legal")[k];
  if (!e) return null;
  e.scrollIntoView({ block: "center" });
  const r = e.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}"""


def test_asian_delivery_whole_game_on_the_board_in_japanese(server, browser):
    """One person against three bots, clicking (real mouse clicks) what the board highlights: map areas,
    facility slots, hand cards, displays, cubes; one undo; the end of an action step asked, declined
    once, then confirmed. Then AD-V2's diamond map is drawn."""
    import random

    s = server(bot_delay=0)
    g = httpx.post(s.url + "/api/games", json={"game": "asian-delivery", "players": 4, "seed": 21, "lang": "ja",
                                               "bots": {"2": "random", "3": "random", "4": "random"}}).json()
    gid, tok = g["id"], g["seats"][0]["token"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script("localStorage.setItem('soan-lang', 'ja')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#ad-map")
    assert page.locator("#ad-map .ad-area").count() == 10 and page.locator("#ad-map .hub").count() == 1
    # the board's own stylesheet (games/asian_delivery/web/board.css, served beside its script) applies
    assert page.evaluate("getComputedStyle(document.querySelector('#ad-map .ad-road')).strokeWidth") == "6px"
    assert page.locator("#req-display .ad-req").count() == 4 and page.locator("#hand .ad-card").count() == 4
    assert page.inner_text("#ad-help summary") == "遊び方とルールの要点" and "L＝梅" in page.inner_text("#ad-mapbox")
    rng = random.Random(5)
    clicked: dict[str, int] = {}
    undone = declined = confirmed = 0
    saw_recent = saw_turns = False
    steps = 0  # clicks since the last end of an action step
    t0 = time.time()
    while True:
        assert not errors, errors
        assert time.time() < t0 + 150, f"the game did not end in time; clicks so far {clicked}"
        look = page.evaluate(AD_LOOK)
        if look["end"]:
            break
        if look["confirm"]:  # the end of the action step is asked first
            if not declined:
                page.click("#confirm-no")
                declined += 1
                assert page.locator("#end-step").count() == 1  # nothing happened
            else:
                page.click("#confirm-yes")
                confirmed += 1
            continue
        if not undone and look["undo"]:
            before = httpx.get(f"{s.url}/api/games/{gid}", params={"token": tok}).json()
            page.click("#undo")
            page.wait_for_function("v => P && P.version > v", arg=before["version"])
            after = httpx.get(f"{s.url}/api/games/{gid}", params={"token": tok}).json()
            assert after["moves"] == before["moves"] - 1 and after["version"] > before["version"], (before["moves"], after["moves"])
            undone += 1
            continue
        if not look["legal"]:
            page.wait_for_timeout(30)  # the bots' turns
            continue
        assert len(look["legal"]) == look["actions"], look  # every legal action has exactly one place on the board
        saw_recent = saw_recent or look["recent"]  # a bot's last turn outlined on the map
        saw_turns = saw_turns or look["turn2"].startswith("プレイヤー 2")  # bots' turns as summary lines
        k = rng.randrange(len(look["legal"]))
        if steps >= 4 and "end of the action step" in look["legal"]:  # a short turn keeps the test short
            k = look["legal"].index("end of the action step")
        at = page.evaluate(AD_AIM, k)
        if at is None:
            continue
        page.mouse.click(at["x"], at["y"])
        kind = look["legal"][k]
        clicked[kind] = clicked.get(kind, 0) + 1
        steps = 0 if kind == "end of the action step" else steps + 1
        try:  # the answer (or the confirmation) before looking again
            page.wait_for_function("v => (P && P.version !== v) || document.querySelector('#confirm')", arg=look["version"],
                                   timeout=5000)
        except Exception:  # noqa: BLE001 - a refused click changes nothing: look again
            pass
    took = time.time() - t0
    assert not errors, errors
    assert page.locator("#end").inner_text().startswith("ゲーム終了") and page.locator("#end table.rank tr").count() == 5
    assert undone == 1 and declined == 1 and confirmed >= 8, (undone, declined, confirmed)
    for kind in ("map area", "hand card", "request", "business card", "end of the action step"):
        assert clicked.get(kind), f"never clicked a {kind} on the board: {clicked}"
    assert saw_turns and saw_recent, (saw_turns, saw_recent)
    p = httpx.get(f"{s.url}/api/games/{gid}").json()
    assert p["over"] and len(p["ranking"]) == 4
    page.click("#open-replay")  # the replay draws a seat's view on the same board
    page.wait_for_selector("#where")
    page.select_option("#seat", "2")
    page.wait_for_selector("#board #ad-map")
    page.click("#last")
    page.wait_for_selector(f"#where:has-text('{p['moves']} / {p['moves']}')")
    page.wait_for_selector("#board #ad-map .ad-fac.built")
    assert not errors, errors
    # AD-V2: the diamond map is drawn too, with ① outside it
    g2 = httpx.post(s.url + "/api/games", json={"game": "asian-delivery", "players": 3, "seed": 4, "variants": ["big-map"],
                                                "bots": {"2": "random", "3": "random"}}).json()
    page.goto(g2["seats"][0]["url"])
    page.wait_for_selector("#ad-map")
    assert page.locator("#ad-map .ad-area").count() == 10 and page.locator("#ad-map .hub").count() == 1
    assert "①の接続先" in page.locator("#ad-head").inner_text()
    print(f"AD board game in {took:.0f} s: clicks {clicked}, confirmations {confirmed}, moves {p['moves']}")

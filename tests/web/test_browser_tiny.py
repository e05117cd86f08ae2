"""The tiny test game (tests/tiny_game/, added with `register`, not installed) played in real headless
Chromium on the generic page (it has no board of its own): one person against a bot, to the end screen.
The server runs in this process (uvicorn in a thread), where the game is registered."""

from __future__ import annotations

import threading
import time

import httpx
import pytest

from system import needs

from .conftest import free_port
from .test_browser import _page, _play, browser  # noqa: F401  (the module's browser fixture)

pytestmark = needs("chromium")
GAME = "pearl-bid"


@pytest.fixture
def live(tmp_path):
    import uvicorn

    import tiny_game
    from soan.core import game
    from soan.web.app import create_app

    game.register(tiny_game.INFO)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(str(tmp_path / "t.sqlite"), bot_delay=0), host="127.0.0.1",
                                        port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.time() + 20
    while not srv.started:
        assert time.time() < deadline and th.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        th.join(20)
        game.unregister(GAME)


def _choose(page) -> bool:
    """The generic page: the first of the choices (the legal actions as buttons)."""
    first = page.locator("#choices button").first
    if not first.count():
        return False
    first.click()
    return True


def test_the_tiny_game_on_the_generic_page_to_the_end(live, browser):  # noqa: F811
    g = httpx.post(live + "/api/games", json={"game": GAME, "players": 2, "seed": 5, "lang": "ja",
                                             "bots": {"2": "random"}}).json()
    page, errors = _page(browser, g["seats"][0]["url"], "ja")
    page.wait_for_selector("#choices button")
    assert page.locator("#choices button").count() == 5 and "入札" in page.locator("#choices").inner_text()
    _play([(page, errors)], _choose, 60)
    assert page.locator("#end").inner_text().startswith("ゲーム終了")
    assert not errors, errors
    p = httpx.get(f"{live}/api/games/{g['id']}").json()
    assert p["over"] and p["moves"] == 10  # 5 rounds × 2 secret bids

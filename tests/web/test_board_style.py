"""A game's board stylesheet lives beside its board script (games/<game>/web/board.css) and is served the
same way (/boards/<game>.css, named in the play and replay payloads, inlined in a self-contained replay
file); the shared stylesheet names no game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import soan
from soan.core.game import game_info
from soan.web.app import create_app

STATIC = Path(soan.__file__).parent / "web" / "static"
STYLED = [g["id"] for g in soan.games() if (game_info(g["id"]).hooks.web_board or None) is not None
          and game_info(g["id"]).hooks.web_board.style is not None]
PLAIN = [g["id"] for g in soan.games() if g["id"] not in STYLED]


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(str(tmp_path / "t.sqlite"), bot_delay=0)) as c:
        yield c


def test_the_shared_stylesheet_names_no_game():
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    assert STYLED and not re.search(r"[#.]ad-|\.board\.ad\b|Asian Delivery", css)


@pytest.mark.parametrize("game", STYLED)
def test_a_board_stylesheet_is_served_beside_its_script(client, game):
    wb = game_info(game).hooks.web_board
    r = client.get(f"/boards/{game}.css")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/css")
    assert r.text == Path(wb.style).read_text(encoding="utf-8") and Path(wb.style).parent == Path(wb.script).parent
    g = client.post("/api/games", json={"game": game, "seed": 3,
                                        "bots": {str(k): "random" for k in range(2, 5)}}).json()
    tok = g["seats"][0]["token"]
    p = client.get(f"/api/games/{g['id']}", params={"token": tok}).json()
    assert p["board"] == f"/boards/{game}.js" and p["board_style"] == f"/boards/{game}.css"


@pytest.mark.parametrize("game", PLAIN)
def test_a_board_without_a_stylesheet_says_so(client, game):
    assert client.get(f"/boards/{game}.css").status_code == 404


def test_no_stylesheet_for_an_unknown_game(client):
    assert client.get("/boards/no-such-game.css").status_code == 404


def test_a_self_contained_replay_inlines_the_board_stylesheet(tmp_path):
    from soan.lab.replay_page import replay_html

    game = STYLED[0]
    s = soan.make(game, seed=1)
    page = replay_html(s.header(), [], "test")
    assert Path(game_info(game).hooks.web_board.style).read_text(encoding="utf-8") in page

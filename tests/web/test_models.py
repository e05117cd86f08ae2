"""The API's requests are validated by pydantic models (web/models.py) and a refusal names the field;
the rooms refuse with domain errors that know no HTTP (web/errors.py), mapped to statuses in the app
only (web/http.py); create_app is a short assembly of routers."""

from __future__ import annotations

import ast
import asyncio
import inspect
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import soan.web.app as app_module
from soan.web import errors as E
from soan.web.app import create_app
from soan.web.http import status_of
from soan.web.limits import Limits
from soan.web.models import ActionBody, Feedback, MoveLine, RecordHeader, RoomSettings, SeatQuery, validated

WEB = Path(app_module.__file__).parent
JSON = {"Content-Type": "application/json"}
GOOD_FEEDBACK = {"fun": 4, "clarity": 2, "length": "right"}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(str(tmp_path / "m.sqlite"), bot_delay=0), headers=JSON) as c:
        yield c


# -- the models ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("body, field, words", [
    ({"players": 3}, "game", "missing field 'game'"),
    ({"game": "undecim", "players": "3"}, "players", "players"),
    ({"game": "undecim", "seed": -1}, "seed", "seed is a whole number"),
    ({"game": "undecim", "seed": True}, "seed", "seed is a whole number"),
    ({"game": "undecim", "lang": "fr"}, "lang", "lang must be 'ja' or 'en'"),
    ({"game": "undecim", "variants": "x"}, "variants", "variants is a list"),
    ({"game": "undecim", "bots": ["random"]}, "bots", "bots is an object"),
    ({"game": "undecim", "bots": {"x": "random"}}, "bots", "seat 'x' is not a number"),
    ({"game": "undecim", "players": 3, "bots": {"2": 7}}, "bots.2", "a bot is named by text"),
    ({"game": "undecim", "players": 3, "bots": {"2": "genius"}}, "bots.2", "unknown agent"),
    ({"game": "undecim", "players": 3, "bots": {"5": "random"}}, "bots.5", "seat 5 does not exist"),
    ({"game": "undecim", "colour": 1}, "body", "unknown field(s): colour;"),
])
def test_room_settings_name_the_field_that_is_wrong(body, field, words):
    with pytest.raises(E.InvalidField) as e:
        validated(RoomSettings, body, limits=Limits())
    assert e.value.field == field and words in e.value.reason, (e.value.field, e.value.reason)
    assert status_of(e.value) == 422 and e.value.ja


def test_room_settings_make_the_game_once_with_a_seed_and_bots_by_seat():
    s = validated(RoomSettings, {"game": "undecim", "players": 3, "bots": {"3": "random"}}, limits=Limits())
    assert 0 <= s.seed < 2**64 and s.seat_bots() == {2: "random"} and s.lang == "ja"
    state = s.take_state()
    assert state.cfg.players == 3 and state.cfg.seed == s.seed
    again = s.take_state()  # made anew, the same game
    assert again is not state and again.observation(0) == state.observation(0)
    with pytest.raises(TypeError, match="pydantic model"):
        validated(dict, {})  # type: ignore[type-var]


def test_bot_options_follow_the_servers_limits():
    body = {"game": "undecim", "players": 3, "bots": {"2": "mcts:iters=50"}}
    with pytest.raises(E.InvalidField, match="bot options need"):
        validated(RoomSettings, body, limits=Limits())
    assert validated(RoomSettings, body, limits=Limits(bot_options=True)).bots == {2: "mcts:iters=50"}


@pytest.mark.parametrize("body, field, words", [
    ({**GOOD_FEEDBACK, "fun": 6}, "fun", "fun takes a whole number from 1 to 5"),
    ({**GOOD_FEEDBACK, "clarity": True}, "clarity", "clarity takes"),
    ({**GOOD_FEEDBACK, "length": "long"}, "length", "length takes one of"),
    ({**GOOD_FEEDBACK, "comment": "x" * 2001}, "comment", "at most 2000 characters"),
    ({**GOOD_FEEDBACK, "mood": 1}, "body", "unknown feedback field(s): mood"),
    ({"fun": 3, "length": "right"}, "clarity", "missing field 'clarity'"),
    ([1], "body", "JSON object"),
])
def test_feedback_names_the_field_that_is_wrong(body, field, words):
    with pytest.raises(E.InvalidField) as e:
        validated(Feedback, body)
    assert e.value.field == field and words in e.value.reason, (e.value.field, e.value.reason)
    assert validated(Feedback, {**GOOD_FEEDBACK, "comment": "  good  "}).model_dump()["comment"] == "good"


@pytest.mark.parametrize("model, body, en, ja", [
    (RoomSettings, {"game": "la-superba", "variants": ["x"]},
     "expected any of accent-cards, lean-weather, no-serials, weather-4, weather-double",
     "使えるのは「accent-cards、lean-weather、no-serials、weather-4、weather-double」です"),
    (RoomSettings, {"game": "nope"}, "expected one of asian-delivery, la-superba, undecim",
     "使えるのは「asian-delivery、la-superba、undecim」です"),
    (RoomSettings, {"game": "undecim", "zz": 1, "colour": 2}, "unknown field(s): colour, zz; allowed: bots, game,",
     "知らない項目「colour、zz」があります。使える項目は「bots、game、"),
    (RoomSettings, {"game": "undecim", "bots": {"2": "genius"}}, "take the bots easy, hard, normal, ",
     "使えるボットは「easy、hard、normal、"),
    (Feedback, {**GOOD_FEEDBACK, "mood": 1, "x": 2}, "unknown feedback field(s): mood, x", "感想に知らない項目があります：「mood、x」"),
    (Feedback, {**GOOD_FEEDBACK, "length": "long"}, "length takes one of too_short, right, too_long",
     "length は「too_short、right、too_long」のどれかです"),
])
def test_a_refusal_lists_values_as_its_reader_expects_not_as_a_python_list(model, body, en, ja):
    with pytest.raises(E.InvalidField) as e:
        validated(model, body)
    assert en in e.value.said("en") and ja in e.value.said("ja"), (e.value.said("en"), e.value.said("ja"))
    assert not any(c in e.value.said(lg) for lg in ("en", "ja") for c in "[]")


def test_actions_and_queries_are_models_too():
    assert validated(ActionBody, {"action": {"type": "done"}}).root == {"type": "done"}
    assert validated(ActionBody, "play 1 2 3").root == "play 1 2 3"
    with pytest.raises(E.InvalidField, match="send an action"):
        validated(ActionBody, [1, 2])
    assert validated(SeatQuery, {"lang": ""}).lang is None
    with pytest.raises(E.InvalidField) as e:
        validated(SeatQuery, {"lang": "ü"})
    assert e.value.field == "lang" and "lang must be" in e.value.reason


def test_an_uploaded_records_lines_are_models():
    assert validated(MoveLine, {"seat": 1, "action": {"type": "done"}, "note": "x"}).seat == 1  # (more is ignored)
    for bad in ({"seat": True, "action": {}}, {"seat": "1", "action": {}}, {"seat": 1, "action": "done"}, [1]):
        with pytest.raises(E.InvalidField):
            validated(MoveLine, bad)
    with pytest.raises(E.InvalidField) as e:
        validated(RecordHeader, {"game": "undecim", "players": 3})
    assert e.value.field == "seed"


def test_a_record_line_that_is_no_move_is_named_by_its_number(client):
    import json

    import soan
    from soan.core.records import header_for

    head = json.dumps(header_for(soan.make("undecim", players=3, seed=1)))
    for line in ('{"seat": true, "action": {}}', '{"seat": "0", "action": {"type": "done"}}'):
        r = client.post("/api/replays", content=f"{head}\n{line}\n".encode())
        assert r.status_code == 422 and "line 2: expected" in r.json()["error"], r.text


# -- through the app: the 4xx body names the field ----------------------------------------------------------
def test_a_bad_field_is_named_in_the_answer(client):
    r = client.post("/api/games", json={"game": "undecim", "players": 3, "bots": {"2": "genius"}})
    assert r.status_code == 422 and r.json()["field"] == "bots.2" and "unknown agent" in r.json()["error"]
    r = client.post("/api/games", json={"game": "undecim", "seed": "7", "lang": "ja"})
    assert r.status_code == 422 and r.json()["field"] == "seed" and "整数" in r.json()["error"]
    g = client.post("/api/games", json={"game": "undecim", "players": 3}).json()
    r = client.get(f"/api/games/{g['id']}", params={"lang": "fr"})
    assert r.status_code == 422 and r.json()["field"] == "lang" and "'fr'" in r.json()["error"]
    r = client.get(f"/api/games/{g['id']}", params={"lang": ""})  # not given: the room's language
    assert r.status_code == 200 and r.json()["lang"] == "ja"
    tok = g["seats"][0]["token"]
    r = client.post(f"/api/games/{g['id']}/actions", params={"token": tok}, json=[1])
    assert r.status_code == 422 and r.json()["field"] == "action"


def test_pydantics_own_checks_are_said_in_japanese_too(client):
    """A type pydantic checks itself (a player count that is no number) is worded from the catalog's
    Japanese table, never pydantic's English sentence inside a Japanese one."""
    r = client.post("/api/games", json={"game": "undecim", "players": "three", "lang": "ja"})
    assert r.status_code == 422 and r.json()["field"] == "players"
    assert r.json()["error"] == "players の値が正しくありません：整数で指定してください", r.json()
    en = client.post("/api/games", json={"game": "undecim", "players": "three", "lang": "en"}).json()
    assert en["field"] == "players" and en["error"].startswith("players: ") and en["error"].endswith("(got 'three')")


def test_a_replays_step_that_is_no_number_is_named(client):
    g = client.post("/api/games", json={"game": "undecim", "players": 3}).json()
    rid = client.post(f"/api/games/{g['id']}/replay", params={"token": g["seats"][0]["token"]}).json()["id"]
    r = client.get(f"/api/replays/{rid}", params={"step": "two"})
    assert r.status_code == 422 and r.json()["field"] == "step" and "step" in r.json()["error"]
    r = client.get(f"/api/replays/{rid}", params={"step": "9" * 5000})
    assert r.status_code == 422 and r.json()["field"] == "step"
    r = client.get(f"/api/replays/{rid}", params={"seat": "x"})
    assert r.status_code == 422 and "seat takes" in r.json()["error"]


def test_feedback_on_a_game_being_played_is_refused_before_its_body_is_judged(client):
    g = client.post("/api/games", json={"game": "undecim", "players": 3}).json()
    r = client.post(f"/api/games/{g['id']}/feedback", params={"token": g["seats"][0]["token"]}, json={"fun": 9})
    assert r.status_code == 409 and "over" in r.json()["error"]


def test_the_manager_takes_settings_or_their_json(tmp_path):
    from soan.web.rooms import Manager
    from soan.web.store import Store

    async def go():
        mgr = Manager(Store(str(tmp_path / "c.sqlite")), bot_delay=0)
        try:
            settings = validated(RoomSettings, {"game": "undecim", "players": 3, "seed": 5, "lang": "en"})
            room = await mgr.create(settings, "1.2.3.4")
            assert room.lang == "en" and room.state.cfg.seed == 5 and mgr.open_count("1.2.3.4") == 1
            rows = await mgr.recent(5)
            assert [(r["id"], r["moves"], r["over"]) for r in rows] == [(room.id, 0, False)]
            with pytest.raises(ValueError, match="how many games"):
                await mgr.recent(0)
            with pytest.raises(E.InvalidField, match="missing field 'game'"):
                await mgr.create({"players": 3})
            with pytest.raises(TypeError, match="RoomSettings"):
                await mgr.create("undecim")  # type: ignore[arg-type]
            with pytest.raises(E.RoomNotFound):
                await mgr.fetch("nope")
            with pytest.raises(E.FeedbackNotOpen):
                await mgr.give_feedback(room, 0, GOOD_FEEDBACK)
        finally:
            await mgr.close()

    asyncio.run(go())


# -- the domain knows no HTTP ---------------------------------------------------------------------------
DOMAIN = ("rooms.py", "room.py", "errors.py", "models.py", "limits.py", "replays.py", "store.py")


def _status_like(tree: ast.AST) -> list[int]:
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and type(n.value) is int
            and 400 <= n.value <= 599]


def _imports(tree: ast.AST) -> set[str]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            out |= {a.name for a in n.names}
        elif isinstance(n, ast.ImportFrom):
            out.add(n.module or "")
            out |= {f"{n.module}.{a.name}" for a in n.names}
    return out


@pytest.mark.parametrize("name", DOMAIN)
def test_the_domain_modules_have_no_http_status_codes(name):
    text = (WEB / name).read_text(encoding="utf-8")
    tree = ast.parse(text)
    assert _status_like(tree) == [], f"{name} holds HTTP status codes"
    allowed = {"fastapi", "fastapi.Request"} if name == "limits.py" else set()  # (it reads a request's body)
    http = {m for m in _imports(tree) if m.split(".")[0] in ("fastapi", "starlette", "http")} - allowed
    assert http == set(), f"{name} imports HTTP: {http}"
    assert "HTTPException" not in text and "status_code" not in text


def test_the_check_finds_a_status_code():
    assert _status_like(ast.parse("raise RoomError(404, 'x')")) == [404]
    assert _imports(ast.parse("from starlette import status")) >= {"starlette", "starlette.status"}


def test_every_refusal_has_the_status_the_api_gave_before():
    expected = {E.BadRequest: 422, E.InvalidField: 422, E.MalformedHeader: 400, E.TooLarge: 413, E.NotJson: 415,
                E.CrossSite: 403, E.TokenRequired: 401, E.UnknownToken: 403, E.HostOnly: 403, E.NotOpenYet: 403,
                E.SeatViewOnly: 403, E.RoomNotFound: 404, E.ReplayNotFound: 404, E.NoBoard: 404,
                E.GameOver: 409, E.NotYourTurn: 409, E.CannotUndo: 409, E.FeedbackNotOpen: 409,
                E.OtherVersion: 409, E.TooManyRooms: 429, E.TooManyReplays: 429}
    for cls, status in expected.items():
        e = cls("f", "x") if cls is E.InvalidField else cls("x")
        assert status_of(e) == status, cls
    with pytest.raises(TypeError):
        status_of(ValueError("x"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="reason"):
        E.WebError("")


def test_create_app_is_a_short_assembly_of_routers(tmp_path):
    src = inspect.getsource(app_module.create_app)
    assert len(src.splitlines()) < 60 and "async def" not in src and "@app." not in src
    app = create_app(str(tmp_path / "a.sqlite"), bot_delay=0)
    api = app.openapi()["paths"]  # (the schema is made from the routers' models)
    assert {"/api/games", "/api/games/{gid}/actions", "/api/games/{gid}/feedback", "/api/replays/{rid}"} <= set(api)
    assert {p["name"] for p in api["/api/games/{gid}"]["get"]["parameters"]} >= {"gid", "token", "lang"}
    with TestClient(app) as c:
        assert c.get("/").status_code == 200 and c.get("/static/lobby.html").status_code == 200

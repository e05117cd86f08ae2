"""HTTP API and WebSocket: seat isolation, bad input, bots, live pushes, restart after SIGKILL."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

import soan
from soan.core.rng import Rng
from soan.web.app import create_app

from .conftest import join, play_to_end

JSON = {"Content-Type": "application/json"}  # the API takes JSON only


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(str(tmp_path / "t.sqlite"), bot_delay=0), headers=JSON) as c:
        yield c


def new_game(c, **kw):
    body = {"game": "la-superba", "players": 4, "seed": 7, "bots": {"3": "random", "4": "random"}, **kw}
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_create_gives_one_invitation_per_person(client):
    g = new_game(client)
    assert [s["seat_number"] for s in g["seats"]] == [1, 2]
    assert all(s["url"].endswith(f"/play/{g['id']}?token={s['token']}") for s in g["seats"])
    assert len({s["token"] for s in g["seats"]}) == 2


@pytest.mark.parametrize("body, words", [
    ({"game": "nope"}, "unknown game"),
    ({"game": "la-superba", "players": 9}, "3-4 players"),
    ({"game": "la-superba", "bots": {"7": "random"}}, "seat 7 does not exist"),
    ({"game": "la-superba", "bots": {"2": "genius"}}, "unknown agent"),
    ({"game": "la-superba", "variants": ["no-such"]}, "unknown variant"),
    ({"game": "la-superba", "colour": 1}, "unknown field"),
    ({"players": 4}, "missing field 'game'"),
    ({"game": "la-superba", "variants": ["no-such"], "lang": "ja"}, "ラ・スペルバにヴァリアント 'no-such' はありません"),
    ({"game": "la-superba", "bots": {"2": "genius"}, "lang": "ja"}, "席2のボット：ボット 'genius' はありません"),
    ({"game": "la-superba", "bots": {"7": "random"}, "lang": "ja"}, "ボットの席7はありません。席は1〜4です"),
])
def test_bad_game_requests_name_what_is_wrong(client, body, words):
    r = client.post("/api/games", json=body)
    assert r.status_code == 422 and words in r.json()["error"]


@pytest.mark.parametrize("body, field", [
    ({"game": "nope"}, "game"),
    ({"game": "la-superba", "players": 9}, "players"),
    ({"game": "la-superba", "players": 2}, "players"),
    ({"game": "la-superba", "variants": ["no-such"]}, "variants"),
    ({"game": "la-superba", "params": {"no-such": 1}}, "params"),
    ({"game": "la-superba", "bots": {"7": "random"}}, "bots.7"),  # the seat, as docs/web.md says
])
def test_a_bad_room_setting_is_named_by_its_own_field(client, body, field):
    r = client.post("/api/games", json=body)
    assert r.status_code == 422 and r.json()["field"] == field, r.text


def test_every_unknown_variant_of_a_new_room_is_named_not_only_the_first(client):
    r = client.post("/api/games", json={"game": "la-superba", "variants": ["weather-double", "no-such", "nor-this"]})
    assert r.status_code == 422 and r.json()["field"] == "variants", r.text
    assert "unknown variants 'no-such', 'nor-this'" in r.json()["error"], r.text
    r = client.post("/api/games", json={"game": "la-superba", "variants": ["no-such", "nor-this"], "lang": "ja"})
    assert "ヴァリアント 'no-such'、'nor-this' はありません" in r.json()["error"], r.text


PLAYERS_9 = {"game": "la-superba", "players": 9}
SAID_EN, SAID_JA = "is for 3-4 players", "は3〜4人用です"


@pytest.mark.parametrize("query, body, header, said", [
    ({}, {}, {}, SAID_EN),
    ({}, {}, {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.8"}, SAID_JA),
    ({}, {}, {"Accept-Language": "fr-FR, ja;q=0.7, en;q=0.5"}, SAID_JA),  # of soan's two, Japanese preferred
    ({}, {}, {"Accept-Language": "en-GB,ja;q=0.5"}, SAID_EN),
    ({}, {}, {"Accept-Language": "ja;q=0.4, en;q=0.9"}, SAID_EN),
    ({"lang": "en"}, {}, {"Accept-Language": "ja"}, SAID_EN),  # the query before the header
    ({"lang": "ja"}, {"lang": "en"}, {"Accept-Language": "ja"}, SAID_EN),  # the body before the query
    ({"lang": "en"}, {"lang": "ja"}, {}, SAID_JA),
])
def test_a_room_refusal_is_said_in_the_requests_language(client, query, body, header, said):
    r = client.post("/api/games", params=query, json={**PLAYERS_9, **body}, headers=header)
    assert r.status_code == 422 and said in r.json()["error"], r.text


def test_a_bodys_unknown_lang_is_refused_naming_the_field_and_its_values(client):
    r = client.post("/api/games", json={"game": "la-superba", "lang": "fr"})
    assert r.status_code == 422 and r.json()["field"] == "lang"
    assert all(w in r.json()["error"] for w in ("'ja'", "'en'", "'fr'")), r.text
    g = new_game(client)
    tok = g["seats"][0]["token"]
    for body in ({"action": {"type": "fly"}, "lang": "fr"}, {"type": "fly", "lang": "fr"}):
        r = client.post(f"/api/games/{g['id']}/actions", params={"token": tok}, json=body)
        assert r.status_code == 422 and r.json()["field"] == "lang" and "'ja'" in r.json()["error"], r.text


def test_a_move_refusal_is_said_in_the_bodys_or_the_headers_language(client):
    g = new_game(client)
    gid, tok = g["id"], g["seats"][0]["token"]
    move = client.get(f"/api/games/{gid}", params={"token": tok}).json()["legal"][0]["json"]
    for params, body, header, said in [
        ({"token": tok}, {"action": {"type": "fly"}, "lang": "ja"}, {}, "読めない手です"),
        ({"token": tok, "lang": "ja"}, {"type": "fly", "lang": "en"}, {}, "malformed action"),
        ({"token": tok}, {"type": "fly"}, {"Accept-Language": "ja"}, "読めない手です"),
        ({}, {"type": "fly"}, {"Accept-Language": "ja"}, "トークン（?token=...）が必要です"),
    ]:
        r = client.post(f"/api/games/{gid}/actions", params=params, json=body, headers=header)
        assert r.status_code in (401, 422) and said in r.json()["error"], (body, r.text)
    r = client.post(f"/api/games/{gid}/actions", params={"token": tok}, content=b"x",
                    headers={"Content-Type": "text/plain", "Accept-Language": "ja"})  # refused before any route
    assert r.status_code == 415 and "JSON だけ" in r.json()["error"], r.text
    r = client.post(f"/api/games/{gid}/actions", params={"token": tok}, json={"action": move, "lang": "en"})
    assert r.status_code == 200, r.text  # a good move with its lang is played


def test_a_token_acts_for_its_seat_only_and_bad_actions_change_nothing(client):
    g = new_game(client)
    gid, t1, t2 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    before = client.get(f"/api/games/{gid}", params={"token": t1}).json()
    assert before["seat"] == 0 and before["seat_number"] == 1 and before["legal"]
    mine = before["legal"][0]["json"]
    # seat 2 cannot play seat 1's cards: its own legal actions do not include them
    r = client.post(f"/api/games/{gid}/actions", params={"token": t2}, json=mine)
    assert r.status_code == 422 and "illegal action" in r.json()["error"]
    for body, status, words in [
        (b"{not json", 422, "not JSON"),
        (json.dumps({"type": "fly"}).encode(), 422, "unknown action type"),
        (json.dumps({"type": "play", "cards": "x"}).encode(), 422, "malformed"),
        (json.dumps([1, 2]).encode(), 422, "send an action"),
    ]:
        r = client.post(f"/api/games/{gid}/actions", params={"token": t1}, content=body)
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
    assert client.post(f"/api/games/{gid}/actions", json=mine).status_code == 401
    assert client.post(f"/api/games/{gid}/actions", params={"token": "forged"}, json=mine).status_code == 403
    assert client.post("/api/games/nope/actions", params={"token": t1}, json=mine).status_code == 404
    after = client.get(f"/api/games/{gid}", params={"token": t1}).json()
    mine_before, mine_after = before["observation"], after["observation"]
    assert mine_after["hand"] == mine_before["hand"] and mine_after["played"] is None
    assert not any(s == 0 for s, _ in client.app.state.manager.get(gid).moves)  # (bots may have moved)
    # the text form works too, and the move is acknowledged with the new state
    r = client.post(f"/api/games/{gid}/actions", params={"token": t1}, json=before["legal"][0]["str"])
    assert r.status_code == 200 and r.json()["observation"]["played"] == mine["cards"]
    r = client.post(f"/api/games/{gid}/actions", params={"token": t1}, json=mine)  # the same cards again
    assert r.status_code == 422 and "illegal" in r.json()["error"]
    u = new_game(client, game="undecim", bots={"3": "random", "4": "random"})
    acting = client.get(f"/api/games/{u['id']}").json()["to_act"]
    first = next(s for s in u["seats"] if s["seat"] in acting)
    move = client.get(f"/api/games/{u['id']}", params={"token": first["token"]}).json()["legal"][0]["json"]
    waiting = next(s for s in u["seats"] if s["seat"] not in acting)
    r = client.post(f"/api/games/{u['id']}/actions", params={"token": waiting["token"]}, json=move)
    assert r.status_code == 409 and "not your turn" in r.json()["error"], r.text


def _room_with(client, gid, state):
    room = client.app.state.manager.get(gid)
    room.state = state
    room.cache.clear()  # the payload cache is keyed by version: the swapped state must be seen afresh
    return room


def test_states_differing_only_in_hidden_information_give_identical_responses(client):
    """The no-cheating check: a seat's (and a spectator's) response is a function of what it may see."""
    for game in [g["id"] for g in soan.games()]:
        g = new_game(client, game=game, bots={})  # four people: no bot moves while the states are swapped
        gid = g["id"]
        room = client.app.state.manager.get(gid)
        rnd = random.Random(3)
        for _ in range(12):  # a few moves in, so there is history and hidden hands
            if room.state.is_over():
                break
            seat = room.state.to_act()[0]
            room.state.apply(seat, rnd.choice(room.state.legal_actions(seat)))
        real = room.state
        for seat, tok in ((0, g["seats"][0]["token"]), (1, g["seats"][1]["token"]), (None, None)):
            ask = {"token": tok} if tok else {}
            views = []
            for k in range(3):  # another seat's hidden information resampled
                other = (seat + 1 + k) % 4 if seat is not None else k
                alt = real.determinize(other, Rng(100 + k)) if seat is None else real.determinize(seat, Rng(100 + k))
                _room_with(client, gid, alt)
                views.append(client.get(f"/api/games/{gid}", params={**ask, "lang": "en"}).json())
            _room_with(client, gid, real)
            views.append(client.get(f"/api/games/{gid}", params={**ask, "lang": "en"}).json())
            if seat is not None:
                for v in views:
                    assert v == views[-1], (game, seat, [(k, v[k], views[-1][k]) for k in v if v[k] != views[-1][k]])
            else:  # the spectator: resampling any seat's secrets changes nothing it sees
                assert all(v["observation"] == views[-1]["observation"] for v in views), game
                assert "hand" not in views[-1]["observation"]


def test_bots_play_and_the_record_opens_after_the_game(client):
    g = client.post("/api/games", json={"game": "undecim", "players": 3, "seed": 2,
                                        "bots": {"1": "random", "2": "random", "3": "random"}}).json()
    gid = g["id"]
    assert client.get(f"/api/games/{gid}/record").status_code == 403
    host = client.get(f"/api/games/{gid}/record", params={"host": g["host"]})  # the host key shows no secret
    assert host.status_code == 403 and "when the game is over" in host.json()["error"]
    deadline = time.time() + 30
    while not client.get(f"/api/games/{gid}").json()["over"]:
        assert time.time() < deadline, "bots did not finish"
        time.sleep(0.05)
    lines = client.get(f"/api/games/{gid}/record").text.splitlines()
    assert json.loads(lines[0])["format"] == "soan-record/1"
    p = client.get(f"/api/games/{gid}", params={"lang": "ja"}).json()
    assert len(lines) == 1 + p["version"] and [r["rank"] for r in p["ranking"]][0] == 1
    from soan.core.records import read_record, replay
    path = client.app.state.manager.store.engine.url.database + ".rec.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    assert replay(path).scores() == p["scores"] and read_record(path)[0]["game"] == "undecim"


def test_websocket_pushes_every_change_and_resumes(client):
    g = new_game(client, game="undecim", bots={"2": "random", "3": "random", "4": "random"})
    gid, tok = g["id"], g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tok}&lang=en") as ws:
        first = ws.receive_json()
        assert first["seat"] == 0 and "hand" in first["observation"]
        seen = [first["version"]]
        while not first["legal"]:  # the bots' moves arrive one push at a time until it is seat 1's turn
            first = ws.receive_json()
            seen.append(first["version"])
        assert seen == sorted(seen)
        a = first["legal"][0]["json"]
        client.post(f"/api/games/{gid}/actions", params={"token": tok}, json=a)
        nxt = ws.receive_json()
        while nxt["version"] == first["version"]:  # (a wake-up queued before the move may come first)
            nxt = ws.receive_json()
        assert nxt["version"] > first["version"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:  # reconnecting: the current state
        again = ws.receive_json()
        assert again["version"] >= nxt["version"]
    with client.websocket_connect(f"/ws/games/{gid}?token=forged") as ws:
        assert "unknown token" in ws.receive_json()["error"]


def _play_some(url, gid, tok, n):
    join(httpx, gid, tok, url)
    for _ in range(n):
        p = httpx.get(f"{url}/api/games/{gid}", params={"token": tok}).json()
        if p["over"]:
            return p
        if not p["legal"]:
            time.sleep(0.05)
            continue
        r = httpx.post(f"{url}/api/games/{gid}/actions", params={"token": tok}, json=p["legal"][-1]["json"])
        assert r.status_code == 200, r.text
    return httpx.get(f"{url}/api/games/{gid}", params={"token": tok}).json()


def test_server_killed_mid_game_restarts_and_every_game_continues(server, tmp_path):
    s = server()
    games = []
    for game in ("la-superba", "undecim"):
        r = httpx.post(s.url + "/api/games", json={"game": game, "players": 3, "seed": 11,
                                                   "bots": {"2": "random", "3": "random"}}).json()
        games.append((r["id"], r["seats"][0]["token"]))
    mid = [_play_some(s.url, gid, tok, 4) for gid, tok in games]
    assert all(p["version"] > 0 and not p["over"] for p in mid)
    s.kill()
    s2 = server(tmp_path / "soan.sqlite")
    for (gid, tok), before in zip(games, mid, strict=True):
        after = httpx.get(f"{s2.url}/api/games/{gid}", params={"token": tok}).json()
        assert after["version"] >= before["version"]
        assert after["log"][:len(before["log"]) - 1] == before["log"][:-1] or after["version"] == before["version"]
        if after["game"] == "la-superba":  # one game to the end, the other a few moves on (time)
            end = _play_some(s2.url, gid, tok, 400)
            assert end["over"] and len(end["ranking"]) == 3
        else:
            assert _play_some(s2.url, gid, tok, 6)["version"] > after["version"]


def test_playtest_feedback_is_checked_stored_and_survives_a_restart(tmp_path):
    db = str(tmp_path / "fb.sqlite")
    with TestClient(create_app(db, bot_delay=0)) as c:
        g = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": 4,
                                       "bots": {"2": "random", "3": "random"}}).json()
        gid, tok = g["id"], g["seats"][0]["token"]
        good = {"fun": 4, "clarity": 2, "length": "too_long", "too_strong": "trade", "comment": "楽しかった"}
        r = c.post(f"/api/games/{gid}/feedback", params={"token": tok}, json=good)
        assert r.status_code == 409 and "over" in r.json()["error"]
        p = play_to_end(c, gid, tok)
        assert p["feedback_given"] is False
        for bad, words in [({**good, "fun": 6}, "fun takes"), ({**good, "length": "long"}, "length takes"),
                           ({**good, "mood": 1}, "unknown feedback"), ([1], "JSON object")]:
            r = c.post(f"/api/games/{gid}/feedback", params={"token": tok}, json=bad)
            assert r.status_code == 422 and words in r.json()["error"]
        assert c.post(f"/api/games/{gid}/feedback", json=good).status_code == 401
        assert c.post(f"/api/games/{gid}/feedback", params={"token": tok}, json=good).status_code == 200
    with TestClient(create_app(db, bot_delay=0)) as c:  # a new server on the same database
        fb = c.get(f"/api/games/{gid}/feedback").json()["feedback"]
        assert fb == [{"seat": 0, "seat_number": 1, **good, "confusing": ""}]
        assert c.get(f"/api/games/{gid}", params={"token": tok}).json()["feedback_given"] is True


def test_any_record_opens_as_a_replay_stepping_both_ways(client, tmp_path):
    import soan
    from soan.core.records import write_record

    s = soan.make("undecim", players=3, seed=9)
    rnd, moves, scores = random.Random(2), [], [list(s.scores())]
    while not s.is_over():
        seat = s.to_act()[0]
        a = rnd.choice(s.legal_actions(seat))
        s.apply(seat, a)
        moves.append((seat, a))
        scores.append(list(s.scores()))
    path = tmp_path / "t.jsonl"  # a record as terminal play and studies write it
    write_record(path, soan.make("undecim", players=3, seed=9), moves)
    r = client.post("/api/replays", content=path.read_bytes())
    assert r.status_code == 201 and r.json()["steps"] == len(moves)
    rid = r.json()["id"]
    k = len(moves) // 2
    mid = soan.replay(path, upto=k)
    f = client.get(f"/api/replays/{rid}", params={"step": k, "seat": "1", "lang": "en"}).json()
    assert f["observation"] == mid.observation(1) and f["scores_over_time"] == scores and f["seat_number"] == 2
    back = client.get(f"/api/replays/{rid}", params={"step": k - 1, "seat": "full"}).json()
    assert back["observation"] == soan.replay(path, upto=k - 1).view()
    assert client.get(f"/api/replays/{rid}", params={"step": len(moves) + 1}).status_code == 422
    assert client.get(f"/api/replays/{rid}", params={"seat": "9"}).status_code == 422
    lines = path.read_text().splitlines()
    bad = "\n".join([lines[0], lines[2], lines[1]]) + "\n"  # two moves swapped
    r = client.post("/api/replays", content=bad.encode())
    assert r.status_code == 422 and "line 2" in r.json()["error"]
    assert client.post("/api/replays", content=b"").status_code == 422


def test_finished_web_games_and_feedback_export_and_import_as_a_study(tmp_path):
    from soan.lab.study import import_records, load
    from soan.web.export import export_db

    db = str(tmp_path / "ex.sqlite")
    with TestClient(create_app(db, bot_delay=0)) as c:
        for seed in (1, 2):
            g = c.post("/api/games", json={"game": "undecim", "players": 3, "seed": seed,
                                           "bots": {"2": "random", "3": "greedy"}}).json()
            tok = g["seats"][0]["token"]
            join(c, g["id"], tok)
            deadline = time.time() + 60
            while not (p := c.get(f"/api/games/{g['id']}", params={"token": tok}).json())["over"]:
                assert time.time() < deadline
                if p["legal"]:
                    c.post(f"/api/games/{g['id']}/actions", params={"token": tok}, json=p["legal"][-1]["json"])
                else:
                    time.sleep(0.02)
            c.post(f"/api/games/{g['id']}/feedback", params={"token": tok},
                   json={"fun": seed + 2, "clarity": 4, "length": "right", "too_strong": "mint"})
        c.post("/api/games", json={"game": "undecim", "players": 3})  # unfinished: not exported
    r = export_db(db, tmp_path / "web")
    assert len(r["records"]) == 2 and r["answers"] == 2
    fb = [json.loads(x) for x in Path(r["feedback"]).read_text().splitlines()]
    assert sorted(x["fun"] for x in fb) == [3, 4] and all(x["too_strong"] == "mint" and x["seat"] == 0 for x in fb)
    import_records(r["records"], tmp_path / "study")
    settings, games, seats = load(tmp_path / "study")
    assert settings["n"] == 2 and settings["agents"] == ["human", "random", "greedy"]


def test_a_failing_bot_stops_only_its_room_and_says_so(client):
    broken = new_game(client, game="undecim", bots={"2": "random", "3": "random", "4": "random"})
    healthy = new_game(client, game="undecim", bots={"1": "random", "2": "random", "3": "random", "4": "random"})
    from play_helpers import FailingBot

    room = client.app.state.manager.get(broken["id"])
    for seat in room.agents:  # bots wait until seat 1 has joined: break them first
        room.agents[seat] = FailingBot(seat)
    tok = broken["seats"][0]["token"]
    join(client, broken["id"], tok)
    deadline = time.time() + 30
    while not (p := client.get(f"/api/games/{broken['id']}", params={"token": tok}).json())["bot_error"]:
        assert time.time() < deadline
        if p["legal"]:
            client.post(f"/api/games/{broken['id']}/actions", params={"token": tok}, json=p["legal"][0]["json"])
        time.sleep(0.02)
    while not client.get(f"/api/games/{healthy['id']}").json()["over"]:
        assert time.time() < deadline, "the other room stalled"
        time.sleep(0.02)


def test_a_bot_failing_to_watch_a_move_loses_nothing(client, tmp_path):
    """A watching bot's error is logged and shown, never undoes the stored move or blocks the room."""
    g = new_game(client, game="undecim", bots={"2": "random", "3": "random", "4": "random"})
    mgr = client.app.state.manager
    from play_helpers import WatchFails

    room = mgr.get(g["id"])
    for seat in room.agents:
        room.agents[seat] = WatchFails(seat)
    tok = g["seats"][0]["token"]
    join(client, g["id"], tok)
    deadline = time.time() + 30
    moves = 0
    while moves < 3:  # seat 1's moves (and the bots' between them) go on despite the failing watchers
        assert time.time() < deadline
        p = client.get(f"/api/games/{g['id']}", params={"token": tok}).json()
        if p["legal"]:
            r = client.post(f"/api/games/{g['id']}/actions", params={"token": tok}, json=p["legal"][0]["json"])
            assert r.status_code == 200, r.text
            moves += 1
        time.sleep(0.02)
    assert client.get(f"/api/games/{g['id']}", params={"token": tok}).json()["bot_error"]
    stored = next(x for x in mgr.store.load_all() if x.id == g["id"])
    assert len(stored.moves) == len(room.moves) >= 3


def test_a_query_lang_soan_does_not_speak_is_refused_on_every_api_route(client):
    """`?lang=fr` is refused by name on the routes that read no `lang` themselves too (the catalog, undo,
    feedback), never answered in English as if understood; nothing is changed by the refused request."""
    gid = new_game(client)["id"]
    before = client.get(f"/api/games/{gid}").json()
    for r in (client.get("/api/catalog", params={"lang": "fr"}),
              client.post(f"/api/games/{gid}/undo", params={"lang": "fr"}, json={}),
              client.get(f"/api/games/{gid}/feedback", params={"lang": "fr"})):
        assert r.status_code == 422 and r.json() == {"error": "lang must be 'ja' or 'en', got 'fr'", "field": "lang"}, r.text
    r = client.get("/api/catalog", params={"lang": "fr"}, headers={"Accept-Language": "ja"})
    assert r.json()["error"] == "lang は 'ja' か 'en' です（指定：'fr'）"  # said in the header's language
    assert client.get(f"/api/games/{gid}").json() == before
    assert client.get("/api/catalog", params={"lang": ""}).status_code == 200  # empty: not given

"""Terminal play as a person meets it, in both languages: whole scripted games of every draft (an
Undecim campaign included), hot seat with the leak check, no English word on a Japanese screen, every
line within 80 columns, scores shown when they change (and adding up to the final scores), flow
(auto-advance, stable numbers, Ctrl-C, thinking line) and resume."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

import soan
from play_helpers import Script, session
from soan.cli.main import app
from soan.cli.play import CLEAR, Session
from soan.core.errors import RecordError
from soan.core.width import cols

runner = CliRunner()
GAMES = {  # game -> (players, params, seed)
    "la-superba": (3, {}, 3),
    "undecim": (3, {"campaign": True}, 2),
    "asian-delivery": (3, {}, 7),
}
TYPED = ["", "h", "v", "l", "w", "99", "ほげ"]  # empty line, help, view, log, why, a bad number, a bad word
_RUNS: dict = {}


def whole_game(tmp_path_factory, game: str, lang: str):
    """One whole game per game and language, shared by the tests below (they are the slow part)."""
    if (game, lang) not in _RUNS:
        players, params, seed = GAMES[game]
        d = tmp_path_factory.mktemp(f"{game}-{lang}")
        sc = Script(TYPED, limit=6000)
        s = session(d, sc, game=game, players=players, params=params, seed=seed, lang=lang, bots=["random", "normal"])
        assert s.run() == 0
        _RUNS[game, lang] = (sc, s, soan.replay(d / "rec.jsonl"))
    return _RUNS[game, lang]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_at_80_columns(tmp_path_factory, game, lang):
    sc, s, final = whole_game(tmp_path_factory, game, lang)
    assert final.is_over()
    t = sc.text
    wide = [x for x in t.split("\n") if not x.startswith("\x1b") and "soan " not in x and cols(x) > 80]
    assert wide == [], wide[:3]
    assert ("最終得点" if lang == "ja" else "Final scores") in t
    assert ("--resume" not in t.split("最終得点" if lang == "ja" else "Final scores")[1])  # finished: no resume hint
    assert ("見直すには: soan replay" if lang == "ja" else "Look at it again with: soan replay") in t
    out = sc.out
    heads = [i for i, x in enumerate(out) if x in ("前回の選択以降:", "Since your last decision:")]
    screen = re.compile(r"== (Round \d+/|ラウンド \d+/|Season \d+/|シーズン\d+/)")
    assert heads and all(out[i + 1].strip() and not screen.match(out[i + 1]) for i in heads)  # never empty


@pytest.mark.parametrize("game", list(GAMES))
def test_no_english_word_on_a_japanese_screen(tmp_path_factory, game):
    """Every screen of a whole Japanese game (help, view, log, errors included) is free of Latin words
    but VP and cube grades (L, N, H); command lines to type (soan …) are the exception."""
    sc, s, _ = whole_game(tmp_path_factory, game, "ja")
    en_sc, _, _ = whole_game(tmp_path_factory, game, "en")
    assert latin_words(sc.text) == set(), sorted(latin_words(sc.text))[:20]
    assert len(latin_words(en_sc.text)) > 30  # the same scan finds the game's words on English screens
    assert set(re.findall(r"[\u3040-\u30ff\u4e00-\u9fff]+", en_sc.text)) <= {"ほげ"}  # English screens: no Japanese but what was typed


def latin_words(text: str) -> set[str]:
    """Latin words on screens, but VP, cube grades (L/N/H) and lines to copy (commands, record paths)."""
    found = set()
    for line in text.split("\n"):
        if "soan " in line or line.startswith("\x1b") or ".jsonl" in line:
            continue
        for w in re.findall(r"[A-Za-z][A-Za-z_]+", line):
            if w != "VP" and not set(w) <= set("LNH"):
                found.add(w)
    return found


def test_japanese_help_writes_every_effect_out(tmp_path_factory):
    sc, s, _ = whole_game(tmp_path_factory, "asian-delivery", "ja")
    t = sc.text
    assert "基本カード" in t and "輸送（荷物2個まで、1エリア先まで）" in t and "常駐：依頼達成ごとに＋1VP" in t
    assert "広告塔: 依頼を達成するたびに＋1VP" in t
    un, _, _ = whole_game(tmp_path_factory, "undecim", "ja")
    assert "入植地を2つ以上持つ" in un.text and "使う explore" not in un.text


def test_scores_shown_when_they_change_add_up(tmp_path_factory):
    # La Superba: the points per round, summed, are the final scores
    sc, s, final = whole_game(tmp_path_factory, "la-superba", "ja")
    got = [0] * 3
    seen_rounds: set[str] = set()
    rnd, who, block, delivered = None, None, [0] * 3, False
    for x in sc.text.split("\n") + ["end"]:
        m = re.match(r"-- ラウンド(\d)の公開 --", x)
        if m or not x.startswith((" ", "コミュニティ")):  # a reveal block ends: count it once, if it shows what was delivered
            if rnd and rnd not in seen_rounds and delivered:
                seen_rounds.add(rnd)
                got = [a + b for a, b in zip(got, block, strict=True)]
            rnd, who, block, delivered = (m.group(1) if m else None), None, [0] * 3, False
            continue
        p = re.search(r"\d位 P(\d)", x)
        if p:
            who = int(p.group(1)) - 1
        if "→" in x and who is not None:
            delivered = True
            pts = re.search(r"→ \+(\d+)点", x)
            block[who] += int(pts.group(1)) if pts else 0
    assert len(seen_rounds) == 5 and got == final.scores()
    # Asian Delivery: the final settlement's totals are the final scores, with their breakdown
    sc, s, final = whole_game(tmp_path_factory, "asian-delivery", "en")
    t = sc.text
    assert "== Midterm settlement (after round 4) ==" in t and "colour pairs" in t and "open requests" in t
    tail = t[t.rindex("== Final settlement =="):]
    totals = [int(v) for v in re.findall(r"→ (-?\d+) VP", tail)[:3]]
    assert totals == final.scores()
    # Undecim: every season's result with its breakdown; season 3's is the final score
    sc, s, final = whole_game(tmp_path_factory, "undecim", "en")
    t = sc.text
    assert all(f"== Season {k} result ==" in t for k in (1, 2, 3)) and "land majority" in t
    last = t[t.rindex("== Season 3 result =="):]
    by_seat = {int(p) - 1: int(v) for p, v in re.findall(r"#\d Player (\d)(?: \(you\))?: (-?\d+) VP", last)}
    assert [by_seat[i] for i in range(3)] == final.scores()


def test_bot_turns_one_line_each_and_thinking(tmp_path):
    sc = Script([], limit=3)
    s = session(tmp_path, sc, game="asian-delivery", players=3, seed=4, humans=[2], lang="ja")
    s.run()
    head = sc.text.split("== ラウンド", 1)[0].split("\n")
    entries = [x for x in head if x.startswith("  プレイヤー")]
    assert head[0] == "前回の選択以降:" and len(entries) == 2  # one entry for each of the two bot turns
    assert all("エリア " not in x and "選択 " not in x for x in head)  # no sub-steps such as 'area 1'
    assert "プレイヤー 1が考えています…" in sc.status


def test_hot_seat_leaves_nothing_of_the_previous_seat(tmp_path):
    """After each hand-over marker: no card of the previous seat's hand and not its own view."""
    sc = Script([], limit=60)
    s = session(tmp_path, sc, humans=[0, 1], players=3, seed=11, lang="ja", clear=True)
    marks = []

    def on_prompt(prompt):
        if "準備ができたら" in prompt:
            prev = s.last_human
            secrets = [s.state.card_name(c, "ja") for c in s.state.hands[prev]] if prev is not None else []
            marks.append((len(sc.out), prev, secrets))

    sc.on_prompt = on_prompt
    s.run()
    assert len(marks) >= 4 and marks[0][1] is None  # a hand-over screen before the first person's first turn too
    assert sc.out[:marks[0][0] - 5] == []  # nothing before it
    # home, screen, then scrollback, as `clear` does (tests/test_hot_seat_tmux.py reads what tmux keeps)
    assert CLEAR == "\x1b[H\x1b[2J\x1b[3J"
    wide = [x for x in sc.text.split("\n") if (cols(x) > 80 and ".jsonl" not in x) or x.strip() == "。"]
    assert wide == []  # the hand-over's questions are folded too: no lone 「。」 on the next line
    for k, (at, prev, secrets) in enumerate(marks):
        assert sc.out[at - 5] == CLEAR and "に交代してください" in sc.out[at - 2]  # wiped before the hand-over screen
        assert sc.out[at] == CLEAR  # and again after Enter
        if prev is None:
            continue
        end = marks[k + 1][0] - 5 if k + 1 < len(marks) else len(sc.out)
        after = "\n".join(_without_reveals(sc.out[at + 1: end]))  # a past round's reveal is public
        assert after and not [c for c in secrets if c in after]
        assert f"プレイヤー {prev + 1}（あなた）" not in after and f"P{prev + 1}（あなた）" not in after


def _without_reveals(lines: list[str]) -> list[str]:
    out, inside = [], False
    for x in "\n".join(lines).split("\n"):
        if x.startswith("-- ラウンド"):
            inside = True
        elif inside and not x.startswith((" ", "コミュニティ")):
            inside = False
        if not inside:
            out.append(x)
    return out


def test_flow_auto_advance_and_its_setting(tmp_path):
    sc = Script([], limit=200)
    s = session(tmp_path, sc, game="asian-delivery", players=3, seed=7, lang="ja")
    s.run()
    assert "（選択肢が１つなので自動）" in sc.text
    sc2 = Script([], limit=200)
    s2 = session(tmp_path, sc2, game="asian-delivery", players=3, seed=7, lang="ja", auto=False)
    s2.run()
    assert "自動" not in sc2.text and "ここでできることは１つだけです。" in sc2.text
    assert "1〜" not in sc2.text.split("ここでできることは１つだけです。")[1].split("選択肢:")[0]


def test_option_numbers_stay_within_a_step(tmp_path):
    """Playing option 1 leaves the rest of the action step's options under their numbers."""
    sc = Script(["1"], then_first=False, limit=2)
    s = session(tmp_path, sc, game="asian-delivery", players=3, seed=4, humans=[0])
    s.run()
    lists = [i for i, x in enumerate(sc.out) if x == "Options:"]

    def numbered(i):
        out = {}
        for x in sc.out[i + 1:]:
            m = re.match(r"\s+(\d+)\. (.*)", x)
            if not m:
                break
            out[m.group(2)] = int(m.group(1))
        return out

    first, second = numbered(lists[0]), numbered(lists[1])
    same = set(first) & set(second)
    assert len(same) >= 6 and all(first[k] == second[k] for k in same)
    assert min(second.values()) == 3  # not renumbered from 1


def test_ctrl_c_saves_and_resume_keeps_language_and_bots(tmp_path):
    sc = Script([], interrupt_at=3)
    s = session(tmp_path, sc, lang="ja", bots=["greedy:samples=1"])
    assert s.run() == 130
    assert "続きから遊ぶには: soan play la-superba --resume" in sc.text
    head = json.loads((tmp_path / "rec.jsonl").read_text().splitlines()[0])
    assert head["lang"] == "ja" and head["bots"] == ["greedy:samples=1"]
    sc2 = Script([], limit=2)
    s2 = Session("la-superba", 4, [0], ["random"], 0, None, resume=str(tmp_path / "rec.jsonl"),
                 input_fn=sc2.input, output=sc2.print, clear=False, status=sc2.status.append)
    assert s2.lang == "ja" and set(s2.bot_specs.values()) == {"greedy:samples=1"}


def test_resume_refuses_another_game_and_a_finished_one(tmp_path):
    sc = Script(["q"])
    session(tmp_path, sc).run()
    with pytest.raises(RecordError, match="is a record of la-superba, not undecim"):
        Session("undecim", 3, [0], ["random"], 0, "en", resume=str(tmp_path / "rec.jsonl"))
    sc = Script([])
    session(tmp_path, sc, record=str(tmp_path / "done.jsonl")).run()
    with pytest.raises(RecordError, match="this game is over"):
        Session("la-superba", 4, [0], ["random"], 0, "en", resume=str(tmp_path / "done.jsonl"))


def test_cli_counts_seats_from_one_and_refuses_empty_counts(tmp_path):
    r = runner.invoke(app, ["play", "la-superba", "--seat", "0"])
    assert r.exit_code == 2 and "seats are 1..4; got 0" in r.output
    r = runner.invoke(app, ["play", "la-superba", "--players", "3", "--humans", "1,2", "--seed", "1",
                            "--record", str(tmp_path / "h.jsonl")], input="")
    assert json.loads((tmp_path / "h.jsonl").read_text().splitlines()[0])["humans"] == [0, 1]
    for cmd in (["sim", "undecim", "-n", "0"], ["sim", "undecim", "-n", "-3"], ["ladder", "undecim", "--agents",
                                                                                "random,random,random", "-n", "0"]):
        r = runner.invoke(app, cmd)
        assert r.exit_code == 2 and "-n" in r.output, cmd
    r = runner.invoke(app, ["play", "undecim", "--resume", str(tmp_path / "h.jsonl")])
    assert r.exit_code == 2 and "is a record of la-superba" in r.output


def test_asian_delivery_map_keeps_its_shape():
    from soan.agents import make_agent
    from soan.games.asian_delivery.text import render

    s = soan.make("asian-delivery", players=3, seed=9)

    def places(t):
        return {m.group(1): (i, cols(line[:m.start()])) for i, line in enumerate(t.split("\n")[:7])
                for m in re.finditer(r"\[ ?(\d+)\]", line)}

    start = places(render(s, 0, "ja"))
    bot = make_agent("random", seed=1)
    from soan.agents import SeatView
    while not s.is_over():
        p = s.to_act()[0]
        s.apply(p, bot.decide(SeatView(s, p)).action)
    t = render(s, 0, "ja")
    end = places(t)
    assert len(start) == 10 and {k: v[1] for k, v in start.items()} == {k: v[1] for k, v in end.items()}
    lines = t.split("\n")
    legend = next(i for i, x in enumerate(lines) if x.startswith("凡例"))
    assert lines[legend + 1].startswith("隣接: 1–") and all(cols(x) <= 80 for x in lines[:legend])


def test_replay_for_people_counts_seats_from_one(tmp_path):
    sc = Script([])
    session(tmp_path, sc, game="undecim", players=3, seed=4).run()
    final = soan.replay(tmp_path / "rec.jsonl")
    r = runner.invoke(app, ["replay", str(tmp_path / "rec.jsonl"), "--lang", "ja"])
    assert r.exit_code == 0 and "ウーンデキム" in r.output and "最終得点" in r.output
    best = final.ranking()[0]
    assert f"1位 プレイヤー {best + 1}: {final.scores()[best]}点" in r.output


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_table_rows_line_up_with_full_width_names(game, lang):
    """The players' rows keep their columns although 'P1（あなた）' holds full-width characters."""
    from soan.core.game import game_info

    s = soan.make(game, players=3, seed=1)
    t = game_info(s.game_id).hooks.text.render(s, 0, lang)
    rows = [x for x in t.split("\n") if re.match(r"  P\d", x)]
    assert len(rows) == 3 and ("（あなた）" if lang == "ja" else "(you)") in rows[0]
    marker = {"la-superba": "得点" if lang == "ja" else "Score"}.get(game, "VP")
    assert len({cols(x[:x.index(marker)]) for x in rows}) == 1


def test_width_helpers_count_full_width_and_fold_at_allowed_places():
    from soan.core.width import ljust, wrap

    assert cols("プレイヤー 1（あなた）") == 22 and cols(ljust("P1（あなた）", 14)) == 14
    line = "手札: " + "、".join(f"アップグレード／在庫補充#{k}(緑)" for k in range(12))
    out = wrap(line, 40)
    assert len(out) > 3 and all(cols(x) <= 40 for x in out)
    assert not any(x.strip()[0] in "、。）」" for x in out[1:])  # kinsoku
    assert "".join(x.strip() for x in out).replace(" ", "") == line.replace(" ", "")  # nothing lost
    assert all(any(f"在庫補充#{k}(緑)" in x for x in out) for k in range(12))  # no card cut in two


def test_piped_input_that_never_chooses_stops_the_game_saved(tmp_path):
    # `yes 1 | soan play …` once option 1 is gone: the same wrong number forever must not loop forever
    from soan.cli.play import MAX_WRONG, Session

    out: list[str] = []
    calls = [0]

    def wrong(_prompt: str) -> str:
        calls[0] += 1
        return "99"

    rec = tmp_path / "g.jsonl"
    Session("undecim", 3, [0], ["random"], 3, "ja", record=str(rec), input_fn=wrong, output=out.append,
            clear=False).run()
    assert calls[0] == MAX_WRONG and rec.exists()
    assert any("回続けて選択になりませんでした" in x for x in out)


def test_watching_bots_see_a_resumed_game_and_forget_a_move_taken_back(tmp_path, monkeypatch):
    """Asian Delivery's moves are public: after `--resume` a watching bot has seen every other seat's
    move of the record, and after a rebuild without the last move (what undo does) exactly those left."""
    from play_helpers import Spy

    monkeypatch.setattr("soan.cli.play.make_agent", lambda spec, seed=0: Spy(seed))
    sc = Script([], interrupt_at=4)
    assert session(tmp_path, sc, game="asian-delivery", players=3, seed=7).run() == 130
    s = Session("asian-delivery", 3, [0], ["random"], 0, None, resume=str(tmp_path / "rec.jsonl"),
                input_fn=sc.input, output=sc.print, clear=False, status=sc.status.append)
    assert any(seat == 0 for seat, _ in s.moves) and len(s.moves) >= 4
    for bot in (1, 2):
        assert s.bots[bot].seen == [(m, str(a)) for m, a in s.moves if m != bot]
    s.moves.pop()
    s._rebuild()
    for bot in (1, 2):
        assert s.bots[bot].seen == [(m, str(a)) for m, a in s.moves if m != bot]


def test_the_thinking_line_is_erased_before_the_next_line(tmp_path):
    """A bot's 'thinking…' status never runs into the next printed line: every status shown is erased
    (an empty status) before anything else is printed, the final scores included."""
    events: list[tuple[str, str]] = []
    sc = Script([], limit=400)
    s = session(tmp_path, sc, game="asian-delivery", players=3, seed=8, humans=[0], lang="ja",
                output=lambda t: (sc.print(t), events.append(("out", t))),
                status=lambda t: events.append(("status", t)))
    assert s.run() == 0
    showing = False
    for kind, t in events:
        if kind == "status":
            showing = bool(t)
        else:
            assert not showing, t
    assert any(kind == "status" and t for kind, t in events)


def test_a_bonus_area_take_is_told_as_one(tmp_path_factory):
    """Undecim's 「前回の選択以降」 lines word each bot move on the state before it: a take from the
    council's bonus area says so, though the card has left the area by the time it is shown."""
    from soan.core.actions import parse_action

    sc, s, final = whole_game(tmp_path_factory, "undecim", "ja")
    replay = soan.make("undecim", players=3, seed=GAMES["undecim"][2], params={"campaign": True})
    bonus = 0
    for seat, a in s.moves:
        a = parse_action("undecim", a.to_json())
        if seat != 0 and a.kind == "take" and replay.T.card_index[a.card] in replay.bonus:
            bonus += 1
        replay.apply(seat, a)
    told = [x for x in sc.out if x.startswith(("  プレイヤー 2:", "  プレイヤー 3:")) and "検討した手" not in x]
    assert bonus >= 2 and sum(x.count("をボーナスエリアから取る") for x in told) == bonus

"""The engine contract shared by all games: make, errors, actions, records, components, rng."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import soan
from soan.core.rng import Rng, derive


def test_rng_is_deterministic_and_cheap_to_copy():
    a, b = Rng(5), Rng(5)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.copy()
    assert a.below(1000) == c.below(1000)
    xs = list(range(10))
    Rng(1).shuffle(xs)
    assert sorted(xs) == list(range(10)) and xs != list(range(10))
    assert derive(1, 2) != derive(1, 3) and derive(1, 2) == derive(1, 2)


# seeds, and raw generator states at the edge of 64 bits, where the next step's sum wraps around (the
# compiled build does this arithmetic in unsigned 64-bit C integers: core/rng.pxd)
_SEEDS = (1, 2, 99, ("raw", 2**64 - 1), ("raw", 2**64 - 0x9E3779B97F4A7C15), ("raw", 0))


def _rng(seed: int | tuple[str, int]) -> Rng:
    return Rng(seed[1], raw=True) if isinstance(seed, tuple) else Rng(seed)


def _fisher_yates(xs: list, r: Rng) -> None:
    """The shuffle's definition: step by step, from the end, each item swapped with one at or before it."""
    for i in range(len(xs) - 1, 0, -1):
        j = r.below(i + 1)
        xs[i], xs[j] = xs[j], xs[i]


@pytest.mark.parametrize("numpy", [True, False])
def test_rng_shuffle_is_fisher_yates_with_or_without_numpy_and_remembered_positions(monkeypatch, numpy):
    from soan.core import rng

    if not numpy:
        monkeypatch.setattr(rng, "_VECTOR", [None])  # as a light install (no numpy) computes them
    monkeypatch.setattr(rng, "_SWAPS", {})
    for n in [*range(0, 40), 63, 100, 1023, 1024, 1500]:
        for seed in _SEEDS:
            want, r0 = list(range(n)), _rng(seed)
            _fisher_yates(want, r0)
            for contents in (list(range(n)), [f"card {k}" for k in range(n)]):  # the same positions, any items
                r = _rng(seed)
                got = contents[:]
                r.shuffle(got)
                assert got == [contents[k] for k in want] and r.state == r0.state, (n, seed)
    for seed in (7, *_SEEDS):
        xs = list(range(30))
        r = _rng(seed)
        r.shuffle_tail(xs, 5)  # only the last 5 as the whole shuffle places them; the generator as after it
        ref, r0 = list(range(30)), _rng(seed)
        _fisher_yates(ref, r0)
        assert xs[-5:] == ref[-5:] and sorted(xs) == list(range(30)) and r.state == r0.state, seed


def test_rng_shuffle_later_draws_as_the_whole_shuffle_and_completes_to_it():
    from soan.core.rng import shuffled_all, shuffled_top

    for n, seed in [(n, n + 3) for n in (0, 1, 2, 3, 17, 80)] + [(17, s) for s in _SEEDS]:
        for drawn in range(n + 1):
            r, r0 = _rng(seed), _rng(seed)
            ref = list(range(n))
            r0.shuffle(ref)
            xs = list(range(n))
            pending = r.shuffle_later(xs)
            assert r.state == r0.state  # the generator moves on at once, as after the whole shuffle
            got = []
            for _ in range(drawn):
                if pending is not None:
                    pending = shuffled_top(xs, pending)
                got.append(xs.pop())
            assert got == ref[::-1][:drawn], (n, drawn)
            shuffled_all(xs, pending)
            assert xs == ref[: n - drawn], (n, drawn)


def test_games_lists_variants_and_params():
    gs = {g["id"]: g for g in soan.games()}
    ls = gs["la-superba"]
    assert [v["rule"] for v in ls["variants"]] == ["LS-V1", "LS-V2", "LS-V3", "LS-V4", "LS-V5"]
    assert {p["name"] for p in ls["params"]} >= {"item_effect", "item_tie", "crew_power_with_ships"}


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(game_id="chess"), ["unknown game 'chess'", "la-superba"]),
        (dict(game_id="la-superba", players=6), ["3-4 players", "6"]),
        (dict(game_id="la-superba", variants=["weather-9"]), ["unknown variant", "weather-double"]),
        (dict(game_id="la-superba", params={"speed": 1}), ["unknown parameter 'speed'", "item_effect"]),
        (dict(game_id="la-superba", params={"item_effect": "some"}), ["item_effect", "exclusive", "all"]),
        (dict(game_id="la-superba", params={"item_tie": "all"}), ["item_tie", "no-serials"]),
        (dict(game_id="la-superba", params={"crew_power_with_ships": "maybe"}), ["true or false"]),
    ],
)
def test_make_rejects_bad_config_clearly(kwargs, words):
    with pytest.raises(soan.ConfigError) as e:
        soan.make(**kwargs)
    for w in words:
        assert w in str(e.value)


def test_params_from_strings_are_typed():
    s = soan.make("la-superba", params={"crew_power_with_ships": "false"})
    assert s.cfg.params["crew_power_with_ships"] is False


def test_actions_are_values_with_text_and_json():
    s = soan.make("la-superba", seed=3)
    a = s.legal_actions(0)[0]
    b = soan.parse_action("la-superba", a.to_json())
    assert a == b and hash(a) == hash(b) and str(a) == str(b)
    assert soan.parse_action("la-superba", str(a)) == a
    assert soan.parse_action("la-superba", json.dumps(a.to_json())) == a
    c = soan.parse_action("la-superba", "carry pepper=2 silk=1")
    assert c.to_json() == {"type": "carry", "pepper": 2, "glass": 0, "silk": 1}
    assert soan.parse_action("la-superba", "carry 2 胡椒 1 絹糸") == c


@pytest.mark.parametrize("bad", [{"type": "fly"}, {"kind": "play"}, {"type": "play"},
                                 {"type": "carry", "pepper": "x", "glass": 0, "silk": 0}, "jump 3", "{nope",
                                 {"type": "play", "cards": [1], "extra": 2}])
def test_malformed_actions_raise_illegal_action(bad):
    with pytest.raises(soan.IllegalAction):
        soan.parse_action("la-superba", bad)


def test_component_errors_name_file_entry_and_problem(tmp_path):
    from soan.games.la_superba.model import DATA

    text = DATA.read_text(encoding="utf-8").replace("{serial: 4, suit: weather, power: 1}",
                                                   "{serial: 4, suit: weather, power: -1}")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(soan.ComponentError) as e:
        soan.make("la-superba", components=str(bad))
    msg = str(e.value)
    assert "bad.yaml" in msg and "voyage_cards[3] (serial 4).power" in msg and "greater than or equal" in msg
    assert e.value.ja == ("コンポーネントのデータが正しくありません\n  bad.yaml：voyage_cards[3] (serial 4).power："
                          "0 以上で指定してください")  # the designer reads it in Japanese with --lang ja
    text2 = DATA.read_text(encoding="utf-8").replace("effects: [{effect: community_off}]",
                                                    "effects: [{effect: good_bonus}]")
    bad.write_text(text2, encoding="utf-8")
    with pytest.raises(soan.ComponentError) as e:
        soan.make("la-superba", components=str(bad))
    assert "trade_cards[2] (id becalmed).effects[0]: good_bonus needs 'good'" in str(e.value)
    bad.write_text("rounds: [", encoding="utf-8")
    with pytest.raises(soan.ComponentError, match="bad.yaml.*line 1.*not valid YAML") as e:
        soan.make("la-superba", components=str(bad))
    assert "YAML として読めません" in e.value.ja and "1行目" in e.value.ja
    with pytest.raises(soan.ComponentError, match="not found") as e:
        soan.make("la-superba", components=str(tmp_path / "missing.yaml"))
    assert e.value.ja.endswith("コンポーネントファイルが見つかりません")


def test_every_shipped_yaml_reads_alike_with_the_fast_loader_and_the_pure_parser():
    """read_yaml takes libyaml's safe loader when PyYAML has it: the same data as yaml.safe_load for
    every YAML file the package ships (components, questions, styles, help)."""
    import yaml

    from soan.core import components
    from soan.core.components import read_yaml

    if yaml.__with_libyaml__:  # the fast loader is the one in use
        assert components._LOADER is yaml.CSafeLoader
    files = sorted(Path(soan.__file__).parent.rglob("*.yaml"))
    assert len(files) >= 9
    for f in files:
        got, want = read_yaml(f), yaml.safe_load(f.read_text(encoding="utf-8"))
        assert got == want and repr(got) == repr(want), f  # repr: 1, 1.0 and True are == alike


@pytest.mark.parametrize("text,want", [
    ("rounds:\t5\n", None),  # libyaml takes a tab; the pure parser, and so read_yaml, refuses it
    ("a: !\n", {"a": None}),  # a bare tag: None as yaml.safe_load reads it (libyaml: '')
    ("\ufeff\ufeffrounds: 5\n", {"\ufeffrounds": 5}),  # a second byte-order mark is kept, as safe_load keeps it
    ("a: " + "[" * 10_000 + "]" * 10_000 + "\n", None),  # too deep for both parsers
    ("a: 2024-13-45\n", None),  # PyYAML's constructor raises ValueError, IndexError: named, not a traceback
    ("a: !!int\n", None),
])
def test_read_yaml_reads_as_the_pure_parser_and_names_what_it_cannot_read(tmp_path, text, want):
    from soan.core.components import read_yaml

    f = tmp_path / "c.yaml"
    f.write_text(text, encoding="utf-8")
    if want is None:
        with pytest.raises(soan.ComponentError, match="c.yaml.*(line 1, column 8: not valid YAML|nested too deeply|"
                                                      "not valid YAML: a value cannot be read)") as e:
            read_yaml(f)
        assert e.value.ja.startswith(str(f)) and "month" not in e.value.ja  # Japanese only, no Python words
    else:
        assert read_yaml(f) == want


def test_deck_csv_export_import_round_trip(tmp_path):
    from soan.core.components import export_csv, import_csv
    from soan.games.la_superba import model

    m, _ = model.load_components(None)
    out = tmp_path / "trade.csv"
    assert export_csv(m, "trade_cards", out) == 6
    import csv

    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert rows[0]["name"] == "Pepper boom" and rows[0]["effects[0].points"] == "1"  # a column per effect field
    rows[0].update({"name": "Pepper crash", "effects[0].points": "2"})
    with out.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    new = tmp_path / "new.yaml"
    import_csv(model.Components, model.DATA, "trade_cards", out, new, model.check)
    s = soan.make("la-superba", components=str(new))
    card = s.cfg.components.trade_cards[0]
    assert card.name == "Pepper crash" and card.effects[0].points == 2
    assert s.cfg.components_hash != soan.make("la-superba").cfg.components_hash
    (tmp_path / "broken.csv").write_text("id,name\nx,y\n", encoding="utf-8")
    with pytest.raises(soan.ComponentError, match=r"broken.csv \(as trade_cards\): trade_cards\[0\].*name_ja"):
        import_csv(model.Components, model.DATA, "trade_cards", tmp_path / "broken.csv", new, model.check)


def _random_game(seed, players=4, **kw):
    s = soan.make("la-superba", players=players, seed=seed, **kw)
    rng = random.Random(seed)
    moves = []
    while not s.is_over():
        seat = s.to_act()[0]
        a = rng.choice(s.legal_actions(seat))
        s.apply(seat, a)
        moves.append((seat, a))
    return s, moves


def test_records_replay_exactly_and_refuse_what_does_not_fit(tmp_path):
    from soan.core.records import write_record

    s, moves = _random_game(11, variants=["no-serials"], params={"item_tie": "all"})
    p = tmp_path / "g.jsonl"
    write_record(p, s, moves)
    assert soan.replay(p).view() == s.view()
    lines = p.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["game"] == "la-superba" and header["variants"] == ["no-serials"] and header["components_hash"]
    # an action that is not legal
    bad = lines[:3] + [lines[2]] + lines[3:]
    (tmp_path / "bad.jsonl").write_text("\n".join(bad))
    with pytest.raises(soan.RecordError, match="line 4.*cannot be replayed"):
        soan.replay(tmp_path / "bad.jsonl")
    # other component data
    header["components_hash"] = "0000"
    (tmp_path / "other.jsonl").write_text("\n".join([json.dumps(header)] + lines[1:]))
    with pytest.raises(soan.RecordError, match="other component data"):
        soan.replay(tmp_path / "other.jsonl")
    (tmp_path / "junk.jsonl").write_text(lines[0] + "\n{\"seat\": 0}\n")
    with pytest.raises(soan.RecordError, match="line 2: expected"):
        soan.replay(tmp_path / "junk.jsonl")


def test_same_seed_same_game():
    a, _ = _random_game(5)
    b, _ = _random_game(5)
    assert a.view() == b.view()


def _play_out(s, rng, moves=None):
    k = 0
    while not s.is_over() and (moves is None or k < moves):
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        k += 1
    return s


@pytest.mark.parametrize("game", [g["id"] for g in soan.games()])
def test_clone_is_independent(game):
    """A clone shares nothing mutable: playing either to the end leaves the other exactly as it was."""
    for seed in (2, 3):
        s = _play_out(soan.make(game, seed=seed), random.Random(seed), moves=40)
        before = json.dumps(s.view(), sort_keys=True)
        c = s.clone()
        assert json.dumps(c.view(), sort_keys=True) == before
        _play_out(c, random.Random(seed + 100))
        assert json.dumps(s.view(), sort_keys=True) == before  # the original never moved
        after_c = json.dumps(c.view(), sort_keys=True)
        _play_out(s, random.Random(seed + 200))
        assert json.dumps(c.view(), sort_keys=True) == after_c  # nor the clone when the original moves


def test_from_view_rejects_inconsistent_views():
    s = soan.make("la-superba", seed=2)
    v = s.view()
    v["deck"] = v["deck"][1:]
    with pytest.raises(soan.IllegalAction, match=r"view: cards \[\d+\] are nowhere"):
        soan.from_view(v)
    v = s.view()
    v["supply"][0][0] = 9
    with pytest.raises(soan.IllegalAction, match=r"view.supply\[0\]: seat 0 has 9 pepper"):
        soan.from_view(v)

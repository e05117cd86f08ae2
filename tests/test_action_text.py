"""Every game's action texts, over random games: the English text of each legal action reads back as that
action, and in each language the texts of a decision's different options differ (a text names one action)."""

from __future__ import annotations

import random

import pytest

import soan


@pytest.mark.parametrize("game", [g["id"] for g in soan.games()])
def test_action_texts_read_back_and_name_one_action(game):
    options = 0
    for seed in range(2):
        s = soan.make(game, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            acts = s.legal_actions(seat)
            for a in acts:
                assert soan.parse_action(game, a.text("en")) == a, (a, a.text("en"))
                assert soan.parse_action(game, str(a)) == a
            for lang in ("en", "ja"):
                texts = [a.text(lang) for a in acts]
                assert len(set(texts)) == len(texts), (lang, texts)
            options += len(acts)
            s.apply(seat, rng.choice(acts))
    assert options > 100


def test_la_superba_reads_its_japanese_texts_back():
    s = soan.make("la-superba", seed=4)
    rng = random.Random(4)
    seen = set()
    while not s.is_over():
        seat = s.to_act()[0]
        acts = s.legal_actions(seat)
        for a in acts:
            assert soan.parse_action("la-superba", a.text("ja")) == a, a.text("ja")
            seen.add(type(a).__name__)
        s.apply(seat, rng.choice(acts))
    assert len(seen) >= 3


@pytest.mark.parametrize("game, text, word", [
    ("la-superba", "play 2 1o 16", "'1o'"),  # was read as play 1 2 16, another legal move
    ("la-superba", "play 2x", "'2x'"),
    ("undecim", "develop 1o gold", "'1o'"),
    ("asian-delivery", "area 1o", "'1o'"),
])
def test_a_number_in_an_action_text_is_all_digits_or_refused_by_name(game, text, word):
    with pytest.raises(soan.IllegalAction) as e:
        soan.parse_action(game, text)
    if word:
        assert f"takes a whole number, got {word}" in str(e.value)
        assert "整数" in e.value.ja


def test_carry_text_leaves_no_word_unread():
    with pytest.raises(soan.IllegalAction, match="takes goods and counts"):
        soan.parse_action("la-superba", "carry pepper=2x silk=1")
    assert str(soan.parse_action("la-superba", "carry 2 pepper 1 silk")) == "carry pepper=2 silk=1"
    assert str(soan.parse_action("la-superba", "play ２ １６")) == "play 2 16"  # full-width digits are digits

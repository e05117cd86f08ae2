"""soan's own words: one catalog, a data file per language (src/soan/core/words/*.toml)."""

from __future__ import annotations

import string

import pytest

from soan.core import words

JA_ONLY = {"help_commands", "help_params", "help_words", "pydantic", "bots", "check_bots", "web_undo"}


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_both_languages_have_the_same_tables_keys_and_placeholders():
    en, ja = words.catalog("en"), words.catalog("ja")
    assert set(ja) - set(en) == JA_ONLY and set(en) <= set(ja)
    for table, entries in en.items():
        assert set(entries) == set(ja[table]), table
        for key, text in entries.items():
            # Japanese may leave a detail out (an error's English wording), never ask for one the code does not fill
            assert _fields(ja[table][key]) <= _fields(text), (table, key, text, ja[table][key])
            assert text.strip() and ja[table][key].strip(), (table, key)


def test_no_english_word_is_left_in_japanese_text_where_english_has_prose():
    """A Japanese entry that is the English one unchanged is a missed translation (ids and units aside)."""
    en, ja = words.catalog("en"), words.catalog("ja")
    same = [(t, k) for t, d in en.items() for k, v in d.items() if v == ja[t][k] and len(v) > 12]
    assert same == []


def test_the_places_read_the_catalog():
    from soan.cli.play_text import MSG, msg
    from soan.lab.report import L

    assert msg("winner", "ja", p="プレイヤー 2") == "勝者: プレイヤー 2"
    assert msg("winner", "en", p="Player 2") == "Winner: Player 2"
    assert MSG["over"] == (words.catalog("en")["play"]["over"], words.catalog("ja")["play"]["over"])
    assert L is not None and L["title"] == ("soan study report", "soan 試行レポート")


@pytest.mark.parametrize(("seat", "lang", "me", "name"), [
    (0, "en", None, "Player 1"), (1, "ja", None, "プレイヤー 2"), (2, "en", 2, "Player 3 (you)"),
    (2, "ja", 2, "プレイヤー 3（あなた）"), (3, "fr", None, "Player 4")])
def test_player_names_count_from_one_in_every_game(seat, lang, me, name):
    from soan.core import game

    assert words.player_name(seat, lang, me) == name
    for g in game.games():
        text = game.game_info(g["id"]).hooks.text
        if text is not None and hasattr(text, "player_name"):
            assert text.player_name(seat, lang, me) == name, g["id"]


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(ValueError, match="no words for language 'fr'"):
        words.catalog("fr")


def test_a_list_is_said_as_its_reader_expects():
    assert words.listed(["a", "b"], "ja") == "「a、b」" and words.listed(("a", "b"), "en") == "a, b"
    with pytest.raises(TypeError, match="values to list"):
        words.listed("ab", "ja")
    with pytest.raises(ValueError, match="a language of en, ja"):
        words.listed(["a"], "fr")
    literal = {"type": "literal_error", "msg": "Input should be 'a' or 'b'", "ctx": {"expected": "'a' or 'b'"}}
    assert words.pydantic_ja(literal) == "次のどれかを指定してください：「a、b」"

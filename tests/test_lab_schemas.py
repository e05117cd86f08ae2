"""The lab's typed data: the questions file checked against its TypedDicts (mistakes named in both
languages), the answers and balance results conforming to theirs, and the published schemas current."""

import json

import pytest
import yaml

import soan
from soan.core.errors import ConfigError
from soan.lab import schemas
from soan.lab.ask import ask
from soan.lab.ask import questions as Q
from soan.lab.ask.answers import RESULT as ANSWERS


@pytest.mark.parametrize("name", schemas.SCHEMAS)
def test_the_published_schemas_are_the_ones_the_code_is_typed_with(name):
    from pathlib import Path

    p = Path(__file__).parent.parent / "docs" / "schemas" / f"{name}.schema.json"
    assert p.read_text(encoding="utf-8") == schemas.text(name), "run: python -m soan.lab.schemas"
    with pytest.raises(ValueError, match="no schema 'nope'"):
        schemas.schema("nope")


@pytest.mark.parametrize("game", [g["id"] for g in soan.games()])
def test_every_answer_of_every_kind_has_the_declared_shape(game, tmp_path):
    """Every question of the game answered (random bots, a few games): the JSON validates against the
    answers' TypedDicts with no field unknown, so the types the report reads are the data's."""
    res = ask(game, None, budget_s=0, out=tmp_path, jobs=1, bots=("random",), start_n={"random": 8})
    ANSWERS.validate_python(json.loads(json.dumps(res)))
    kinds = {a["kind"] for a in res["answers"]}
    assert kinds <= {"compare", "level", "seats", "cards", "dealt", "words"} and "compare" in kinds


def test_a_balance_result_has_the_declared_shape(tmp_path):
    from soan.core.game import check_config
    from soan.lab.balance import Problem, parse_axis, parse_target, run
    from soan.lab.balance.result import RESULT

    _, P, vs, ps = check_config("undecim", 4, [], {})
    pb = Problem("undecim", P, ["random"] * P, vs, ps, [parse_target("start-player=25±5", P)],
                 [parse_axis("position_vp[2]=0..1", "undecim", P, vs, ps)], games=10, trials=2, validate=10,
                 robust=10, seed=1, out=tmp_path, levels=[["random", "easy", "random", "easy"]], level_games=10)
    res = run(pb)
    RESULT.validate_python(json.loads(json.dumps(res)))
    assert res["levels"] and res["robustness"]["neighbours"]


def _file_with(tmp_path, monkeypatch, change):
    doc = yaml.safe_load(Q.questions_path("undecim").read_text(encoding="utf-8"))
    change(doc["questions"])
    bad = tmp_path / "questions.yaml"
    bad.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    monkeypatch.setattr(Q, "questions_path", lambda game: bad)


@pytest.mark.parametrize("change, en, ja", [
    (lambda qs: qs[0].update(meassure="score"), "question 'hand-fluidity': 'meassure' is no field",
     "問い 'hand-fluidity'：meassure という項目はありません"),
    (lambda qs: qs[0].update(better="up"), "'better' is one of higher, lower, closer; got 'up'",
     "better に使えるのは「higher、lower、closer」です（'up' は使えません）"),
    (lambda qs: qs[0].update(margin=-1), "'margin' must be > 0; got -1", "margin は 0 より大きい数です"),
    (lambda qs: qs[0].pop("name"), "question 'hand-fluidity': missing 'name'", "name がありません"),
    (lambda qs: qs[0]["against"][0].update(variant=["bonus-lock"]), "'against.0.variant' is no field",
     "against.0.variant という項目はありません"),
    (lambda qs: qs.append({**qs[0], "kind": "words"}), "a words question needs 'words'", "言葉で答える問い"),
    (lambda qs: qs.append(dict(qs[0])), "question 'hand-fluidity': the id appears twice", "同じ id が２回あります"),
])
def test_a_questions_file_mistake_is_named_with_its_question_and_field_in_both_languages(
        tmp_path, monkeypatch, change, en, ja):
    _file_with(tmp_path, monkeypatch, change)
    with pytest.raises(ConfigError) as e:
        Q.load_questions("undecim")
    assert en in str(e.value) and ja in e.value.ja, (str(e.value), e.value.ja)
    assert "pydantic" not in str(e.value) and "validation error" not in str(e.value)


@pytest.mark.parametrize("change, en, ja", [
    (lambda d: d["questions"][0].update(margin="0.02"), "'margin' should be a number (not in quotes); got '0.02'",
     "margin は数（引用符なし）のはずです"),
    (lambda d: d.update(start_n={"random": "8"}, bots=["random"]), "'start_n' maps a bot spec to its first games",
     "start_n はボットごとの最初の対戦数"),
    (lambda d: d["questions"][0].update(format="percent"), "'format' is one of pct, num; got 'percent'",
     "format に使えるのは「pct、num」です"),
    (lambda d: d["questions"][0].update(against=[]), "'against' should be a list of at least one entry",
     "against は１つ以上の並びのはずです"),
    (lambda d: d.update(names={"words": {"ja": "語"}}), "missing 'names.words.en'", "names.words.en がありません"),
    (lambda d: d["questions"][1]["fix"].update(variants=["nosuch"]), "nosuch", "nosuch"),
])
def test_numbers_in_quotes_and_other_slips_are_refused_when_the_file_is_read(tmp_path, monkeypatch, change, en, ja):
    """A number written in quotes passed the check and failed after the games (comparing text with a number);
    it is refused when the file is read, as every other slip, and a hint is given only for its own field."""
    _file_with(tmp_path, monkeypatch, lambda qs: None)
    doc = yaml.safe_load(Q.questions_path("undecim").read_text(encoding="utf-8"))
    change(doc)
    (tmp_path / "questions.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        Q.load_questions("undecim")
    assert en in str(e.value) and ja in (e.value.ja or ""), (str(e.value), e.value.ja)


def test_what_the_file_took_before_it_was_typed_it_takes_still(tmp_path, monkeypatch):
    """A fix block's players, variants, params and budget (docs/balance.md), and empty entries (YAML nulls)."""
    def change(qs):
        qs[1]["fix"].update(players=4, budget=600, variants=["no-retake"], params={"gold_rate": 2})
        qs[0]["known"] = None
        qs[0]["against"][0]["params"] = None
    _file_with(tmp_path, monkeypatch, change)
    doc = Q.load_questions("undecim")
    assert "known" not in doc["questions"][0] and doc["questions"][1]["fix"]["budget"] == 600


def test_an_aa_question_and_an_answer_with_its_fix_have_the_declared_shape(tmp_path):
    from soan.lab.ask.aa import aa_question
    from soan.lab.ask.schema import QUESTION

    q = next(x for x in Q.load_questions("la-superba")["questions"] if x.get("exact"))
    aq = aa_question("la-superba", q, 3)
    QUESTION.validate_python(aq)
    assert "exact" not in aq and aq["against"][0]["seed"] == 3002
    res = ask("undecim", ["gold-bonus"], budget_s=0, out=tmp_path, jobs=1, bots=("random",), start_n={"random": 8})
    res["answers"][0]["fix"] = {"folder": "f", "files": ["f/balance.json"], "holds": True, "robust": None,
                                "lines": {"en": ["x"], "ja": ["x"]}, "command": "soan balance undecim", "sizes": {}}
    ANSWERS.validate_python(json.loads(json.dumps(res)))

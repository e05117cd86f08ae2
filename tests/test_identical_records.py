"""The engine's speed work changes no decision: the same seeds give byte-identical games.

Every game and variant mix, random play to the end (with each evaluation along the way) and bots
(normal, easy, hard), digested as tests/golden/records.py describes and compared with the digests
the code of commit 8490281 wrote (tests/golden/records.json). A digest that differs means a rule, a
bot's decision or an evaluation's exact value changed: if that is intended (a rule or bot change, not
a speed-up), regenerate the digests of the cases it concerns and say so in the commit message.
"""

from __future__ import annotations

import pytest

from golden.records import case_id, cases, digest, load

GOLDEN = load()
CASES = cases()


def test_every_case_has_a_golden_digest():
    assert sorted(GOLDEN) == sorted(case_id(c) for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_same_seed_same_game(case):
    assert digest(case) == GOLDEN[case_id(case)]

"""Each game's copies (`clone`, `fork`, `_determinize`) are generated from the fields its `fields.py`
declares, each with its copy policy (soan.core.layout): the generated methods in the game's module are
what the declaration gives today (`python -m soan.core.layout` rewrites them), and the declaration reads
as the docs say."""

from __future__ import annotations

import pytest

from soan.core import layout
from soan.core.layout import Field, LayoutError, parse_field

GAMES = ["soan.games.asian_delivery", "soan.games.la_superba", "soan.games.undecim", "tiny_game"]


@pytest.mark.parametrize("pkg", GAMES)
def test_the_generated_copies_are_up_to_date(pkg):
    path, now, new = layout.region(layout.package_dir(pkg))
    assert now == new, f"{path}: run `python -m soan.core.layout` (the copies differ from fields.py's declaration)"


def test_every_registered_game_with_fields_is_generated():
    assert set(GAMES) - {"tiny_game"} <= set(layout.games())  # Pearl Bid is registered by its own tests only
    assert layout.main(["--check"]) == 0


@pytest.mark.parametrize("pkg", GAMES)
def test_every_slot_has_a_policy_and_the_hidden_fields_a_hook(pkg):
    folder = layout.package_dir(pkg)
    path, cls, _ = layout._target(folder)
    decl = folder / "fields.py"
    fields = layout.declared(decl) if decl.exists() else layout.declared(path, cls)  # Pearl Bid: in its class
    text = layout.region(folder)[2]
    if any(f.hidden for f in fields):
        assert "def _resample(self" in text, path
    if any(f.forked for f in fields):
        assert "def _fork_shares(self" in text, path
    assert layout.pxd(fields, "S").count("cdef public") == len(fields)


def test_the_policies_read_as_documented():
    assert parse_field("T", "Shared[Tables]") == Field("T", "shared")
    assert parse_field("n", "Int") == Field("n", "value", ctype="int")
    assert parse_field("ok", "Flag") == Field("ok", "value", ctype="bint")
    f = parse_field("hands", "Hidden[Cow[List2[list[list[int]]]]]")
    assert (f.policy, f.depth, f.cow, f.hidden) == ("list2", 2, True, True)
    f = parse_field("moved", "Annotated[List2[list[list[int]]], Fixed(2)]")
    assert (f.depth, f.rows) == (2, 2)
    f = parse_field("_ev", "Annotated[list[Any] | None, Fresh(None), Forked]")
    assert (f.policy, f.fresh, f.forked) == ("fresh", None, True)
    assert layout.fresh_fields([f, parse_field("_own", "Owner"), parse_field("_lc", "Derived[list | None]")]) == {
        "listener": None, "_ev": None, "_own": -1, "_lc": None}


def test_the_copy_expressions_follow_the_policy():
    ex = layout._copy
    assert ex(parse_field("a", "List[list[int]]")) == "self.a[:]"
    assert ex(parse_field("a", "List2[list[list[int]]]")) == "[*map(list.copy, self.a)]"
    assert ex(parse_field("a", "Cow[List2[list[list[int]]]]"), fork=True) == "self.a[:]"
    assert ex(parse_field("a", "Cow[List[list[int]]]"), fork=True) == "self.a"
    assert ex(parse_field("a", "Annotated[List3[list], Fixed(2)]")) == (
        "[[*map(list.copy, self.a[0])], [*map(list.copy, self.a[1])]]")
    assert ex(parse_field("a", "Copied[Rng]")) == "self.a.copy()"
    assert ex(parse_field("a", "Owner")) == "-1"


@pytest.mark.parametrize("bad", ["int", "list[int]", "Cow[Value[int]]", "Annotated[int, Other(1)]"])
def test_a_field_without_a_policy_is_refused(bad):
    with pytest.raises(LayoutError):
        parse_field("x", bad)

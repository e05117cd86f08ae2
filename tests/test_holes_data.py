"""The planted holes (tests/data/holes/): the honest yardstick of `soan hunt` (issue 51).

Every descriptor names a valid oracle with the keys the hunt reads; every components copy loads through
its game's own loader and check and differs from the shipped file exactly where its `# change:` lines
say; every descriptor's parameters and variants are accepted by `soan.core.game.make`; at least 10 per
game. Whether each hole is real under normal bots: scripts/holes_check.py (tests/data/holes/README.md).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from soan.core.game import game_info, make

HOLES = Path(__file__).parent / "data" / "holes"
GAMES = ("asian-delivery", "la-superba", "undecim")
ORACLES = {
    "component": {"subject", "direction"},
    "seat": {"subject", "direction"},
    "tie": set(),
    "length": {"subject"},
    "kingmaker": set(),
    "runaway": set(),
    "strategy": set(),
}
DIRECTIONS = {"component": {"dead", "strong"}, "seat": {"ahead", "behind"}}
LENGTH = {"long", "refusal", "stall"}
REQUIRED = {"id", "game", "players", "what", "expect"}
OPTIONAL = {"components", "params", "variants"}


def _descriptors() -> list[Path]:
    return sorted(p for p in HOLES.glob("*/*.yaml") if not p.name.endswith(".components.yaml"))


def _load(p: Path) -> dict[str, Any]:
    d = yaml.safe_load(p.read_text(encoding="utf-8"))
    assert isinstance(d, dict), p
    return d


def _leaves(v: Any, path: str = "") -> dict[str, Any]:
    """Every leaf of a YAML document by its path (`action_cards[8].effects[0].n`); a list of plain
    values is one leaf."""
    out: dict[str, Any] = {}
    if isinstance(v, dict):
        for k, x in v.items():
            out.update(_leaves(x, f"{path}.{k}" if path else str(k)))
    elif isinstance(v, list) and any(isinstance(x, dict | list) for x in v):
        for i, x in enumerate(v):
            out.update(_leaves(x, f"{path}[{i}]"))
    else:
        out[path] = v
    return out


def _shipped(game: str) -> Path:
    info = game_info(game)
    assert info.hooks.components is not None
    return Path(info.hooks.components.path)


def test_at_least_ten_per_game() -> None:
    ids: dict[str, list[str]] = {g: [] for g in GAMES}
    for p in _descriptors():
        d = _load(p)
        ids[d["game"]].append(d["id"])
    for g in GAMES:
        assert len(ids[g]) >= 10, (g, ids[g])
    every = [i for v in ids.values() for i in v]
    assert len(set(every)) == len(every)
    # several oracles per game, not only `component`
    for g in GAMES:
        oracles = {_load(p)["expect"]["oracle"] for p in _descriptors() if _load(p)["game"] == g}
        assert len(oracles) >= 3, (g, oracles)


@pytest.mark.parametrize("path", _descriptors(), ids=lambda p: p.stem)
def test_descriptor(path: Path) -> None:
    d = _load(path)
    assert REQUIRED <= set(d) <= REQUIRED | OPTIONAL, set(d) ^ REQUIRED
    assert d["id"] == path.stem
    assert d["game"] in GAMES and path.parent.name == d["game"]
    assert isinstance(d["players"], int)
    assert set(d["what"]) == {"en", "ja"} and all(isinstance(x, str) and x for x in d["what"].values())
    exp = d["expect"]
    oracle = exp.get("oracle")
    assert oracle in ORACLES, oracle
    assert ORACLES[oracle] <= set(exp) <= {"oracle", "subject", "direction"}, exp
    if oracle in DIRECTIONS:
        assert exp["direction"] in DIRECTIONS[oracle], exp
    if oracle == "length":
        assert exp["subject"] in LENGTH, exp
    if oracle == "seat":
        assert str(exp["subject"]) in {str(k) for k in range(1, d["players"] + 1)}, exp
    if oracle == "component":
        assert re.fullmatch(r"[a-z_]+(\.[a-z_]+=[^\s]+)?", exp["subject"]), exp
    if oracle == "strategy" and "subject" in exp:  # a weight of the game's evaluation
        styles = game_info(d["game"]).hooks.styles
        assert styles is not None and exp["subject"] in styles.defaults, exp
    params = d.get("params") or {}
    variants = d.get("variants") or []
    comps = d.get("components")
    assert params or comps, "a hole is a change of the components or of the parameters"
    path_c = str(path.parent / comps) if comps else None
    s = make(d["game"], players=d["players"], seed=1, variants=list(variants), params=dict(params),
             components=path_c)
    assert not s.is_over()


@pytest.mark.parametrize("path", [p for p in _descriptors() if _load(p).get("components")], ids=lambda p: p.stem)
def test_components_copy(path: Path) -> None:
    d = _load(path)
    comp = path.parent / d["components"]
    text = comp.read_text(encoding="utf-8")
    assert text.startswith(f"# PLANTED HOLE {d['id']}:"), "a comment at the top names the change"
    changes = re.findall(r"^# change: (\S+?):? .*$", text, flags=re.M)
    assert changes, "the comment names the changed field(s) (`# change: PATH: old -> new`)"
    info = game_info(d["game"])
    info.load_components(comp)  # the game's own loader and check (raises on invalid data)
    planted = _leaves(yaml.safe_load(text))
    shipped = _leaves(yaml.safe_load(_shipped(d["game"]).read_text(encoding="utf-8")))
    differ = {k for k in set(planted) | set(shipped) if planted.get(k, KeyError) != shipped.get(k, KeyError)}
    named = set()
    for c in changes:  # a named field may be a whole sub-tree (`action_cards[0].effects[0]`)
        named |= {k for k in differ if k == c or k.startswith(c + ".") or k.startswith(c + "[")}
    assert differ, "the copy is the shipped file"
    assert differ == named, f"differs in {sorted(differ)}, the comment names {changes}"

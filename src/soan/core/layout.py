"""A game state's layout, declared once: each field's copy policy and, where it has one, its C type,
written in the field's annotation beside its slot (a game's `fields.py`, class `StateFields`), and the
copies generated from it.

    T: Shared[Tables]                       # the same object in every copy
    season: Int                             # an immutable value (C type int)
    hands: Hidden[Cow[List2[list[list[int]]]]]  # rows copied; a fork shares them; determinize resamples

The policies (mypy sees only the type inside them):

| policy | a clone / determinize's copy | a fork | a state rebuilt from a view |
|---|---|---|---|
| `Shared[X]` | the same object (configuration, compiled tables) | same | rebuilt |
| `Value[X]`, `Int`, `Flag` | the same object: immutable (ints, strings, tuples, frozen records) | same | rebuilt |
| `Copied[X]` | `x.copy()` (the generator) | same | rebuilt |
| `List[X]`, `List2[X]`, `List3[X]` | a list copied one, two or three levels deep | same | rebuilt |
| `Cow[ListN[X]]` | as `ListN` | one level less: the rest shared until the game copies it on write | rebuilt |
| `Owner` | -1 (owns every list) | 0, and its original 0 (both share) | -1 |
| `Derived[X]` | the same object: a cache, replaced and never changed in place | same | None |
| `Annotated[X, Fresh(v)]` | `v` (not copied: this copy's own) | `v`, or with `Forked` the game's `_fork_shares(s)` sets it | `v` |
| `Hidden[...]` | determinize does not copy it: the game's `_resample(s, seat, rng)` sets it | as its policy | as its policy |

`python -m soan.core.layout` writes each game's `clone`, `fork` and `_determinize` between the markers
of one of its modules (the class they are methods of holds them: a copy is the hot path of every search
bot, and the module keeps whatever build it has); `--check` says whether they are up to date
(tests/test_layout.py), `--pxd` prints the typed layout a compiled class would declare. The view's
JSON is the game's own (records, schemas, docs): `new` and `state_from_view` set the fields no view
holds (the listener, `Derived`, `Owner`, `Fresh`) through the generated `_fresh()`.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any, TypeVar

X = TypeVar("X")

Shared = Annotated[X, "shared"]
Value = Annotated[X, "value"]
Copied = Annotated[X, "copied"]
List = Annotated[X, "list"]
List2 = Annotated[X, "list2"]
List3 = Annotated[X, "list3"]
Derived = Annotated[X, "derived"]
Cow = Annotated[X, "cow"]
Hidden = Annotated[X, "hidden"]
Int = Annotated[int, "value", "C int"]
Flag = Annotated[bool, "value", "C bint"]
Owner = Annotated[int, "owner"]

ALIASES: dict[str, tuple[str, str | None]] = {"Int": ("value", "int"), "Flag": ("value", "bint"), "Owner": ("owner", None)}
POLICIES = {"Shared": "shared", "Value": "value", "Copied": "copied", "List": "list1", "List2": "list2",
            "List3": "list3", "Derived": "derived"}
MODIFIERS = ("Cow", "Hidden")
BASE_FIELDS = ("cfg", "listener")  # GameState's: the configuration (shared) and the measures listener (None)
BEGIN = "# --- copies: generated from the declared fields by `python -m soan.core.layout` (edit the declaration, not this) ---"
END = "# --- end of the generated copies ---"


@dataclass(frozen=True)
class Fresh:
    """`Annotated[X, Fresh(v)]`: every copy and every rebuilt state starts the field at `v`."""

    value: Any


class Forked:
    """`Annotated[X, Fresh(v), Forked]`: a fork gets the field from the game's `_fork_shares(s)`."""


@dataclass(frozen=True)
class Fixed:
    """`Annotated[List2[X], Fixed(n)]`: the outer list always has `n` rows (a copy writes each out)."""

    rows: int


class LayoutError(ValueError):
    """A declaration the generator cannot read (a field without a policy, a slot without a field)."""


@dataclass(frozen=True)
class Field:
    name: str
    policy: str  # shared, value, copied, list1..list3, derived, owner, fresh
    cow: bool = False
    hidden: bool = False
    forked: bool = False
    fresh: Any = None
    ctype: str | None = None
    rows: int = 0  # `Fixed(n)`: the list always has n rows (its copy is written out row by row)

    @property
    def depth(self) -> int:
        return int(self.policy[4]) if self.policy.startswith("list") else 0


def _meta(field: str, node: ast.expr) -> dict[str, Any]:
    """What one `Annotated[...]` metadata item says."""
    if isinstance(node, ast.Name) and node.id == "Forked":
        return {"forked": True}
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("Fresh", "Fixed"):
        value = ast.literal_eval(node.args[0])
        return {"policy": "fresh", "fresh": value} if node.func.id == "Fresh" else {"rows": value}
    raise LayoutError(f"{field}: unknown layout metadata {ast.unparse(node)}")


def parse_field(name: str, annotation: str) -> Field:
    """The field an annotation declares (its text, as `from __future__ import annotations` keeps it)."""
    node = ast.parse(annotation, mode="eval").body
    got: dict[str, Any] = {}
    while "policy" not in got:
        if isinstance(node, ast.Name) and node.id in ALIASES:
            got["policy"], got["ctype"] = ALIASES[node.id]
            continue
        if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)):
            raise LayoutError(f"{name}: {annotation!r} names no copy policy (core/layout.py lists them)")
        head, inner = node.value.id, node.slice
        if head in POLICIES:
            got["policy"] = POLICIES[head]
        elif head in MODIFIERS:
            got[head.lower()] = True
            node = inner
        elif head == "Annotated" and isinstance(inner, ast.Tuple):
            for m in inner.elts[1:]:
                got.update(_meta(name, m))
            node = inner.elts[0]
        else:
            raise LayoutError(f"{name}: {annotation!r} names no copy policy (core/layout.py lists them)")
    if got.get("cow") and not got["policy"].startswith("list"):
        raise LayoutError(f"{name}: Cow applies to a List, List2 or List3 (a fork copies one level less)")
    return Field(name, **got)


def declared(path: Path, class_name: str = "StateFields") -> list[Field]:
    """The fields `class_name` of the module at `path` declares, in slot order (read from its source, so
    the same in the pure and the compiled build); every slot has an annotation and every annotation a slot."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name), None)
    if cls is None:
        raise LayoutError(f"{path}: no class {class_name}")
    slots: list[str] = []
    anns: dict[str, str] = {}
    for st in cls.body:
        if isinstance(st, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in st.targets):
            slots = list(ast.literal_eval(st.value))
        elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
            anns[st.target.id] = ast.unparse(st.annotation)
    if list(anns) != slots:
        raise LayoutError(f"{path}: the annotations {list(anns)} are not the slots {slots}, in order")
    return [parse_field(n, anns[n]) for n in slots]


def _copy(f: Field, fork: bool = False) -> str:
    """The expression that copies field `f` of `self`."""
    src = f"self.{f.name}"
    if f.policy == "copied":
        return f"{src}.copy()"
    if f.policy in ("owner", "fresh"):
        return "-1" if f.policy == "owner" else repr(f.fresh)
    depth = f.depth - (1 if fork and f.cow else 0)
    if f.rows and depth >= 2:
        row = "[*map(list.copy, {})]" if depth == 3 else "{}[:]"
        return "[" + ", ".join(row.format(f"{src}[{i}]") for i in range(f.rows)) + "]"
    return {0: src, 1: f"{src}[:]", 2: f"[*map(list.copy, {src})]",
            3: f"[[*map(list.copy, x)] for x in {src}]"}[depth]


def _lines(fields: list[Field], fork: bool = False, public: bool = False) -> list[str]:
    out = ["s.cfg = self.cfg", "s.listener = None"]
    for f in fields:
        if (public and f.hidden) or (fork and (f.forked or f.policy == "owner")):
            continue
        out.append(f"s.{f.name} = {_copy(f, fork)}")
    return out


def methods(fields: list[Field], cls: str) -> list[str]:
    """The generated methods of class `cls` (unindented lines)."""
    names = [f.name for f in fields]
    hidden = [f.name for f in fields if f.hidden]
    owner = [f.name for f in fields if f.policy == "owner"]
    forked = [f.name for f in fields if f.forked]
    out = [f"def clone(self) -> {cls}:", '    """A copy that shares only what the declaration shares."""',
           f"    s = object.__new__({cls})", *("    " + x for x in _lines(fields)), "    return s"]
    if owner or forked or any(f.cow for f in fields):
        out += ["", f"def fork(self) -> {cls}:",
                '    """A copy for a look-ahead, changed only through `apply`: it shares the `Cow` fields\' rows with',
                '    this state until either changes them (copy on write)."""',
                f"    s = object.__new__({cls})", *("    " + x for x in _lines(fields, fork=True))]
        out += [f"    self.{o} = s.{o} = 0  # both share every list now" for o in owner]
        if forked:
            out.append(f"    self._fork_shares(s)  # sets {', '.join(forked)}")
        out.append("    return s")
    if hidden:
        out += ["", f"def _determinize(self, seat: int, rng: Any) -> {cls}:",
                '    """A copy whose hidden fields the game\'s `_resample` sets from what `seat` may know."""',
                f"    s = object.__new__({cls})", *("    " + x for x in _lines(fields, public=True)),
                f"    self._resample(s, seat, rng)  # sets {', '.join(hidden)}", "    return s"]
    start = fresh_fields(fields)
    out += ["", "def _fresh(self) -> None:",
            '    """A new or rebuilt state\'s fields that no view holds, at their start (listener, Derived, Owner, Fresh)."""',
            *(f"    self.{k} = {v!r}" for k, v in start.items())]
    assert len(set(names)) == len(names)
    return out


def fresh_fields(fields: list[Field]) -> dict[str, Any]:
    """What a state rebuilt from a view starts its not-viewed fields at: `Fresh`, `Owner`, `Derived`."""
    out: dict[str, Any] = {"listener": None}
    for f in fields:
        if f.policy in ("fresh", "owner", "derived"):
            out[f.name] = f.fresh if f.policy == "fresh" else (-1 if f.policy == "owner" else None)
    return out


def pxd(fields: list[Field], cls: str) -> str:
    """The typed layout a compiled class would declare (the fields with a C type; the rest `object`)."""
    body = [f"    cdef public {f.ctype or 'object'} {f.name}" for f in fields]
    return "\n".join([f"cdef class {cls}:", *body]) + "\n"


def _target(package: Path) -> tuple[Path, str, str]:
    """The module of `package` holding the markers, the class they are in, and their indent."""
    for path in sorted(package.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if BEGIN not in text:
            continue
        before = text[: text.index(BEGIN)].splitlines()
        indent = before[-1] if before and not before[-1].strip() else ""
        cls = next(ln.split()[1].split("(")[0].rstrip(":") for ln in reversed(before) if ln.startswith("class "))
        return path, cls, indent
    raise LayoutError(f"{package}: no module holds the marker line {BEGIN!r}")


def region(package: Path) -> tuple[Path, str, str]:
    """The module holding `package`'s generated copies, its text now, and its text as generated."""
    path, cls, indent = _target(package)
    decl = package / "fields.py"  # a small game may declare its fields in its state class itself
    fields = declared(decl) if decl.exists() else declared(path, cls)
    text = path.read_text(encoding="utf-8")
    a = text.index(BEGIN) + len(BEGIN)
    b = text.index(indent + END)
    body = "".join(f"{indent}{ln}\n" if ln else "\n" for ln in methods(fields, cls))
    return path, text, text[:a] + "\n" + body + text[b:]


def package_dir(name: str) -> Path:
    """The folder of the package named `name` (a game's, dotted)."""
    mod = import_module(name)
    return Path(mod.__file__ or "").parent


def games() -> list[str]:
    """The packages of the registered games whose copies are generated (a module holds the markers)."""
    from .game import game_info
    from .game import games as listed

    out = []
    for g in listed():
        pkg = game_info(g["id"]).new_state.__module__.rpartition(".")[0]
        if any(BEGIN in p.read_text(encoding="utf-8") for p in package_dir(pkg).glob("*.py")):
            out.append(pkg)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    check, show = "--check" in args, "--pxd" in args
    stale = []
    for pkg in [a for a in args if not a.startswith("--")] or games():
        folder = package_dir(pkg)
        if show:
            print(pxd(declared(folder / "fields.py"), _target(folder)[1]), end="")
            continue
        path, now, new = region(folder)
        if now != new:
            stale.append(str(path))
            if not check:
                path.write_text(new, encoding="utf-8")
    if stale:
        print(("out of date: " if check else "written: ") + ", ".join(stale))
    return 1 if check and stale else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

"""Component files: YAML in the package, validated on load; CSV export and import of decks.

Every error names the file, the entry and the problem, e.g.
`voyage.yaml: voyage_cards[3] (serial 4): power: Input should be greater than or equal to 0`.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from . import words
from .checks import shown
from .errors import ComponentError
from .game import data_hash

_CACHE: dict[tuple[type, str, str], tuple[Any, str]] = {}  # (model class, path, content hash) -> result


def _entry_label(raw: Any, loc: tuple[Any, ...]) -> str:
    parts: list[str] = []
    node = raw
    for i, key in enumerate(loc):
        if isinstance(key, int):
            parts[-1:] = [f"{parts[-1]}[{key}]" if parts else f"[{key}]"]
            try:
                node = node[key]
            except (IndexError, KeyError, TypeError):
                node = None
            if isinstance(node, dict) and i < len(loc) - 1:
                for name in ("id", "name", "serial"):
                    if name in node:
                        parts[-1] += f" ({name} {shown(node[name], 40)})"
                        break
        else:
            parts.append(str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return ".".join(parts) or "(top level)"


INVALID = ("invalid component data\n  ", "コンポーネントのデータが正しくありません\n  ")


def validate(raw: Any, model: type[BaseModel], source: str) -> BaseModel:
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        errs = e.errors()
        lines = [f"{source}: {_entry_label(raw, tuple(err['loc']))}: {err['msg']}" for err in errs]
        ja = [f"{source}：{_entry_label(raw, tuple(err['loc']))}：{words.pydantic_ja(err)}" for err in errs]
        raise ComponentError(INVALID[0] + "\n  ".join(lines), ja=INVALID[1] + "\n  ".join(ja)) from None


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except (OSError, ValueError) as e:  # ValueError: a NUL in the path
        why = getattr(e, 'strerror', None) or e
        raise ComponentError(f"{path}: cannot read component file: {why}",
                             ja=f"{path}：コンポーネントファイルを読めません（{why}）") from None


def decode(path: Path, data: bytes) -> str:
    """UTF-8 text, or a ComponentError naming the line of the first byte that is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise ComponentError(f"{path}: line {line}: not UTF-8 text (a binary file?); component files are "
                             "YAML in UTF-8",
                             ja=f"{path}：{line}行目：UTF-8 の文字ではありません（バイナリファイル？）。"
                                "コンポーネントファイルは UTF-8 の YAML です") from None


# libyaml's safe loader when PyYAML was built with it (the same resolver and constructor as
# yaml.safe_load), read 5-10 times faster: a new process's first `make` read a game's components for
# about 12 ms with the pure-Python parser
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _parse(text: str) -> Any:
    """The YAML's data, as yaml.safe_load reads it. What libyaml reads otherwise than the pure parser —
    a tab (which the pure parser refuses), a bare `!` tag (None there), a byte-order mark after the
    start (kept there) — goes to the pure parser, and so does text libyaml refuses, whose error then
    gives the pure parser's words and position. One difference is left: nesting between
    about 450 and 1,000 levels, which the pure parser refuses (RecursionError: 'nested too deeply')
    and libyaml reads (then the file's schema names what is wrong)."""
    if _LOADER is not yaml.SafeLoader and "\t" not in text and "!" not in text and "\ufeff" not in text[1:]:
        try:
            return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)


def read_yaml(path: Path, data: bytes | None = None) -> Any:
    text = decode(path, read_bytes(path) if data is None else data)
    if "\x00" in text:
        line = text[: text.index(chr(0))].count(chr(10)) + 1
        raise ComponentError(f"{path}: line {line}: a NUL byte; component files are YAML text",
                             ja=f"{path}：{line}行目：NUL バイトがあります。コンポーネントファイルは YAML の文字です")
    try:
        return _parse(text)
    except RecursionError:
        raise ComponentError(f"{path}: nested too deeply to be component data",
                             ja=f"{path}：入れ子が深すぎてコンポーネントのデータになりません") from None
    except (ValueError, IndexError, TypeError) as e:  # PyYAML's constructor on e.g. `2024-13-45`, `!!int`
        raise ComponentError(f"{path}: not valid YAML: a value cannot be read ({e})",
                             ja=f"{path}：YAML として読めない値があります（日付の書き方や、!!int のような型の指定を"
                                "確かめてください）") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        where_ja = f"{mark.line + 1}行目 {mark.column + 1}文字目：" if mark else ""
        raise ComponentError(f"{path}:{where}: not valid YAML: {getattr(e, 'problem', e)}",
                             ja=f"{path}：{where_ja}YAML として読めません（引用符で囲まない文の中の「: 」や字下げを"
                                f"確かめてください）") from None


Check = Callable[[Any], list[str]] | None  # a game's cross-entry check: the model -> problems in words


def load(path: str | Path, model: type[BaseModel], check: Check = None) -> tuple[Any, str]:
    """Parse and validate a component file; `check(model)` adds game-specific checks.

    Returns the validated model and a short hash of its data. Results are cached by the model class
    itself (not its name: every game's is called `Components`), the path and the file's content.
    """
    if not isinstance(path, str | os.PathLike):
        raise ComponentError(f"a component file is given by its path, got {shown(path)}",
                             ja=f"コンポーネントファイルはパスで指定します（{shown(path)} が渡されました）")
    p = Path(path)
    try:
        exists, is_file, where = p.exists(), p.is_file(), str(p.resolve())
    except (OSError, ValueError):  # ValueError: a NUL in the path
        raise ComponentError(f"{shown(str(p))}: component file not found",
                             ja=f"{shown(str(p))}：コンポーネントファイルが見つかりません") from None
    if not is_file:
        raise ComponentError(f"{p}: not a file; expected a component file (YAML)" if exists
                             else f"{p}: component file not found",
                             ja=f"{p}：ファイルではありません。コンポーネントファイル（YAML）を指定します" if exists
                             else f"{p}：コンポーネントファイルが見つかりません")
    data = read_bytes(p)
    key = (model, where, hashlib.sha256(data).hexdigest())
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    raw = read_yaml(p, data)
    m = validate(raw, model, p.name)
    if check is not None:
        problems = check(m)
        if problems:
            raise ComponentError(INVALID[0] + "\n  ".join(f"{p.name}: {x}" for x in problems),
                                 ja=INVALID[1] + "\n  ".join(f"{p.name}：{getattr(x, 'ja', x)}" for x in problems))
    out = (m, data_hash(m.model_dump(mode="json")))
    _CACHE[key] = out
    return out


def loader(default: Path, model: type[BaseModel], check: Check = None) -> Callable[..., tuple[Any, str]]:
    """A game's `load_components(path)`: the shipped file (`None`) is parsed once per process."""
    cache: list[tuple[Any, str]] = []

    def load_components(path: str | Path | None = None) -> tuple[Any, str]:
        if path is None:
            if not cache:
                cache.append(load(default, model, check))
            return cache[0]
        return load(path, model, check)

    return load_components


def _cell(v: Any) -> str:
    if isinstance(v, dict | list):
        return json.dumps(v, ensure_ascii=False)
    if v is None:
        return ""
    return str(v).lower() if isinstance(v, bool) else str(v)


def _flat(v: Any, key: str, out: dict[str, Any]) -> None:
    """One column per leaf: `effects[0].op`, `effects[1].then[0].n`, `condition.test`; a list of plain
    values (e.g. `[3, 3, 1]`) stays one cell."""
    if isinstance(v, dict) and v:
        for k, x in v.items():
            _flat(x, f"{key}.{k}" if key else str(k), out)
    elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
        for i, x in enumerate(v):
            _flat(x, f"{key}[{i}]", out)
    else:
        out[key] = v


_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _path(column: str) -> list[str | int]:
    """A column's name as keys: `effects[1].then[0].n` -> ['effects', 1, 'then', 0, 'n']."""
    parts: list[str | int] = []
    for m in _PART.finditer(column):
        parts.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
    return parts


def _nest(flat: dict[str, Any]) -> dict[str, Any]:
    """A CSV row's cells back as the nested entry (lists from their indices, in order)."""
    root: dict[Any, Any] = {}
    for col, v in flat.items():
        keys = _path(col)
        if not keys:
            continue
        node = root
        for k in keys[:-1]:
            node = node.setdefault(k, {})
            if not isinstance(node, dict):
                raise ComponentError(f"column {col!r}: {k!r} has a value of its own and parts too",
                                     ja=f"列 {col!r}：{k!r} に値と、その中身の列の両方があります")
        node[keys[-1]] = v
    out: dict[str, Any] = _lists(root)
    return out


def _lists(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    if node and all(isinstance(k, int) for k in node):
        return [_lists(node[k]) for k in sorted(node)]
    return {k: _lists(v) for k, v in node.items()}


def export_csv(model: BaseModel, deck: str, out: str | Path) -> int:
    """Write one deck (a list field of the component model) as CSV: one column per field, nested
    fields (each effect's `op`, `n`, ...) as columns of their own named by their path; a value the file
    leaves out (its default) is an empty cell."""
    data = model.model_dump(mode="json", exclude_unset=True)
    full = model.model_dump(mode="json")
    if deck not in full or not isinstance(full[deck], list):
        decks = [k for k, v in full.items() if isinstance(v, list)]
        raise ComponentError(f"no deck {deck!r}; expected one of {words.listed(decks, 'en')}",
                             ja=f"デッキ {deck!r} はありません。使えるのは{words.listed(decks, 'ja')}です")
    rows: list[dict[str, Any]] = []
    for r in data.get(deck, []):
        flat: dict[str, Any] = {}
        _flat(r, "", flat) if isinstance(r, dict) else flat.update(value=r)
        rows.append(flat)
    cols: list[str] = []
    for r in rows:
        for k in r:
            if k not in cols:
                cols.append(k)
    with open(out, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        for r in rows:
            w.writerow({k: _cell(r.get(k)) for k in cols})
    return len(rows)


def _uncell(s: str) -> Any:
    s = s.strip()
    if s == "":
        return None
    if s[0] in "[{":
        try:
            return json.loads(s)
        except json.JSONDecodeError:
            return s
    if s in ("true", "false"):
        return s == "true"
    try:
        return int(s)
    except ValueError:
        return s


def _read_rows(csv_path: str | Path) -> list[dict[str, Any]]:
    try:
        with open(csv_path, newline="", encoding="utf-8-sig") as f:
            return [_nest({k: _uncell(v) for k, v in r.items() if isinstance(k, str) and isinstance(v, str)
                           and _uncell(v) is not None}) for r in csv.DictReader(f)]
    except OSError as e:
        why_ja = "見つかりません" if isinstance(e, FileNotFoundError) else "読めません（アクセス権や種類を確かめてください）"
        raise ComponentError(f"{csv_path}: cannot read CSV: {e.strerror}", ja=f"CSV ファイル {csv_path} が{why_ja}") from None
    except UnicodeDecodeError:
        raise ComponentError(f"{csv_path}: not UTF-8 text (a binary file?); expected a CSV file",
                             ja=f"{csv_path}：UTF-8 のテキストではありません（バイナリファイル？）。CSV ファイルを指定します") from None
    except (csv.Error, ValueError) as e:
        raise ComponentError(f"{csv_path}: not a readable CSV file: {e}",
                             ja=f"{csv_path}：CSV ファイルとして読めません（{e}）") from None


def import_csv(model: type[BaseModel], base_path: str | Path, deck: str, csv_path: str | Path,
               out: str | Path, check: Check = None) -> int:
    """Replace one deck of a component file by a CSV's rows; validate; write the new YAML file with the
    base file's comments, order and layout kept (only the deck's entries are new)."""
    if not isinstance(deck, str) or not deck:
        raise ComponentError(f"a deck is named by a string, got {shown(deck)}",
                             ja=f"デッキは名前で指定します（{shown(deck)} が渡されました）")
    raw = read_yaml(Path(base_path))
    rows = _read_rows(csv_path)
    if not isinstance(raw, dict) or deck not in raw:
        raise ComponentError(f"{base_path}: has no deck {deck!r}", ja=f"{base_path}：デッキ {deck!r} がありません")
    raw[deck] = rows
    m = validate(raw, model, f"{Path(csv_path).name} (as {deck})")
    if check is not None:
        problems = check(m)
        if problems:
            raise ComponentError(INVALID[0] + "\n  ".join(f"{csv_path}: {x}" for x in problems),
                                 ja=INVALID[1] + "\n  ".join(f"{csv_path}：{getattr(x, 'ja', x)}" for x in problems))
    text = _with_comments(Path(base_path), deck, rows)
    if text is None or _parse(text) != raw:  # the round trip must give exactly the validated data
        text = yaml.safe_dump(raw, allow_unicode=True, sort_keys=False)
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as e:
        raise ComponentError(f"{out}: cannot write the component file: {e.strerror}",
                             ja=f"{out}：コンポーネントファイルを書けません（{e.strerror}）") from None
    return len(rows)


def _with_comments(base: Path, deck: str, rows: list[dict[str, Any]]) -> str | None:
    """The base file's text with only the deck's lines replaced: its comments (the deck's heading
    comment too), key order and layout stay as they were; the new entries are written by ruamel.yaml in
    the style of the old ones (flow or block, the same indentation). None without ruamel.yaml or when
    the file's layout cannot be followed (the caller then writes the data plainly)."""
    try:
        from ruamel.yaml import YAML
        from ruamel.yaml.comments import CommentedMap, CommentedSeq
    except ImportError:  # pragma: no cover - a dependency; the plain writer is the fallback
        return None
    import io

    text = decode(base, read_bytes(base))
    y = YAML(typ="rt")
    doc = y.load(text)
    if not isinstance(doc, CommentedMap) or deck not in doc:
        return None
    keys, lines = list(doc.keys()), text.splitlines(keepends=True)
    start = doc.lc.key(deck)[0]
    end = doc.lc.key(keys[keys.index(deck) + 1])[0] if keys.index(deck) + 1 < len(keys) else len(lines)
    while end - 1 > start and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1  # blank lines and the next key's heading comment stay
    old = doc[deck]
    first = next((ln for ln in lines[start + 1:end] if ln.lstrip().startswith("- ")), "- ")
    offset = len(first) - len(first.lstrip())
    flow = bool(isinstance(old, CommentedSeq) and old and isinstance(old[0], CommentedMap) and old[0].fa.flow_style())
    inner: dict[str, bool] = {}
    for e in old if isinstance(old, CommentedSeq) else []:
        if isinstance(e, CommentedMap):
            for k, v in e.items():
                if isinstance(v, CommentedSeq | CommentedMap):
                    inner.setdefault(k, bool(v.fa.flow_style()))

    def styled(v: Any, flow_here: bool) -> Any:
        if isinstance(v, dict | list):
            c: Any = (CommentedMap((k, styled(x, flow_here)) for k, x in v.items()) if isinstance(v, dict)
                      else CommentedSeq(styled(x, flow_here) for x in v))
            c.fa.set_flow_style() if flow_here else c.fa.set_block_style()
            return c
        return v

    seq = CommentedSeq()
    for r in rows:
        cm = CommentedMap((k, styled(v, flow or inner.get(k, False))) for k, v in r.items())
        cm.fa.set_flow_style() if flow else cm.fa.set_block_style()
        seq.append(cm)
    out = YAML(typ="rt")
    out.width = 4096  # an entry on one line rather than folded inside a value
    out.indent(mapping=2, sequence=offset + 2, offset=offset)
    buf = io.StringIO()
    out.dump(CommentedMap([(deck, seq)]), buf)
    return "".join(lines[:start]) + buf.getvalue() + "".join(lines[end:])

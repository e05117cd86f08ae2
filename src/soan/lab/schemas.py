"""The lab's typed data as published JSON schemas (docs/schemas/): the questions file a designer writes,
the answers `soan ask --json` gives, the result `soan balance --json` gives.

`python -m soan.lab.schemas` writes them; a test checks the published ones are up to date.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

SCHEMAS = ("questions", "answers", "balance")


def schema(name: str) -> dict[str, Any]:
    """One of SCHEMAS as a JSON schema (pydantic, from the TypedDicts the lab's code is typed with)."""
    if name not in SCHEMAS:
        raise ValueError(f"no schema {name!r}; the schemas: {', '.join(SCHEMAS)}")
    from .ask.answers import RESULT as answers
    from .ask.schema import FILE as questions
    from .balance.result import RESULT as balance

    adapters: dict[str, TypeAdapter[Any]] = {"questions": questions, "answers": answers, "balance": balance}
    adapter = adapters[name]
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **adapter.json_schema()}


def text(name: str) -> str:
    return json.dumps(schema(name), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def write(folder: str | Path = "docs/schemas") -> list[Path]:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for n in SCHEMAS:
        p = out / f"{n}.schema.json"
        p.write_text(text(n), encoding="utf-8")
        paths.append(p)
    return paths


if __name__ == "__main__":
    for p in write(*sys.argv[1:2]):
        print(p)

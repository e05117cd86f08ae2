"""A Japanese README, linked from the top of the English one, with the same two set-up commands."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_japanese_readme_is_linked_and_sets_up_alike():
    en, ja = (ROOT / "README.md").read_text(encoding="utf-8"), (ROOT / "README.ja.md").read_text(encoding="utf-8")
    assert "[README.ja.md](README.ja.md)" in "\n".join(en.splitlines()[:5])
    setup = [re.findall(r"^make (demo|test)\b", t, re.M)[:2] for t in (en, ja)]
    assert setup[0] == setup[1] == ["demo", "test"]
    assert "apt-get" in en and "root" in en and "apt-get" in ja and "root" in ja
    prose = re.sub(r"```.*?```|`[^`]*`|\[[^\]]*\]\([^)]*\)", "", ja, flags=re.S)
    assert not re.findall(r"\b[a-z]{3,} [a-z]{3,} [a-z]{3,}\b", prose)  # no English sentences in the Japanese


def test_japanese_readme_prose_is_polite_throughout():
    """Every sentence of the prose ends politely (です/ます…), or on a name, a command or a link: none in
    plain form (だ/である, a verb's dictionary form, a bare noun phrase such as 「…だけ。」)."""
    ja = (ROOT / "README.ja.md").read_text(encoding="utf-8")
    prose = "\n".join(x for x in re.sub(r"```.*?```", "", ja, flags=re.S).splitlines() if not x.startswith(("#", "|")))
    plain = []
    for sentence in re.findall(r"[^。]*。", re.sub(r"\s*\n\s*", "", prose)):
        end = re.sub(r"（[^（）]*）$", "", sentence.rstrip("。"))  # a closing aside is not the sentence's end
        if re.search(r"[\u3041-\u3096]$", end) and not re.search(r"(です|ます|ません|ました|でした|ください)$", end):
            plain.append(sentence[-30:])
    assert not plain, plain

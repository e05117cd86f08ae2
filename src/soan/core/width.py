"""Display width of terminal text: full-width (Japanese) characters take two columns.

`cols(s)` measures, `ljust(s, n)` pads to n columns, `wrap(line, n)` folds a line to n columns at
spaces or between full-width characters (never inside a word of Latin letters or digits), with the
continuation indented like the line itself.
"""

from __future__ import annotations

from wcwidth import wcswidth, wcwidth

_NO_LINE_START = set("、。，．）」】』：；！？ー・")
_BREAK_AFTER = set(" 、。，．・；;|）)」】：／")


def cols(s: str) -> int:
    w = wcswidth(s)
    return w if w >= 0 else sum(max(wcwidth(c), 0) for c in s)


def ljust(s: str, n: int) -> str:
    return s + " " * max(0, n - cols(s))


def rjust(s: str, n: int) -> str:
    return " " * max(0, n - cols(s)) + s


def _kata(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff" or ch == "ー"


def _cut(cur: str, width: int, start: int) -> int:
    """Where to fold `cur`: after a space or punctuation if one is in the second half of the line,
    else between two full-width characters (not inside a katakana word), else where the width ends."""
    w = 0
    strong = weak = -1
    i = 0
    for i, ch in enumerate(cur):
        cw = max(wcwidth(ch), 0)
        if w + cw > width:
            break
        w += cw
        if i < start:
            continue
        nxt = cur[i + 1] if i + 1 < len(cur) else ""
        nw = max(wcwidth(nxt), 0) if nxt else 0
        if nxt in _NO_LINE_START:  # kinsoku: a line never starts with 、。）」 and the like
            continue
        if ch in _BREAK_AFTER or nxt == " ":
            strong = i + 1
        elif nxt in "（「【":
            strong = i + 1
        elif (cw == 2 or nw == 2) and not (_kata(ch) and _kata(nxt)) and not (ch.isascii() and ch.isalnum()) \
                and ch not in "＋－×#" and not nxt.isdigit() and not (ch.isascii() and ch.isalnum()
                                                                            and nxt.isascii() and nxt.isalnum()):
            weak = i + 1
    else:
        return len(cur)
    if strong > 0 and cols(cur[:strong]) >= width * 0.6:
        return strong
    if weak > 0:
        return max(weak, strong)
    if strong > 0:
        return strong
    return max(1, i)


def wrap(line: str, width: int = 80) -> list[str]:
    """Fold one line (no newlines) to `width` columns."""
    if cols(line) <= width:
        return [line]
    indent = " " * (len(line) - len(line.lstrip(" ")))
    hang = indent + "  "
    out: list[str] = []
    cur = line
    start = len(indent)
    while cols(cur) > width:
        cut = _cut(cur, width, start + 1)
        out.append(cur[:cut].rstrip())
        cur = hang + cur[cut:].lstrip(" ")
        start = len(hang)
    if cur.strip():
        out.append(cur)
    return out


def fold(text: str, width: int = 80) -> str:
    """Fold every line of a text block."""
    return "\n".join(x for line in text.split("\n") for x in wrap(line, width))

"""Human output that fits the screen: prose wraps at min(terminal width, 100) columns.

`journal ...` commands and `quoted` text inside a line are never split, so a hint stays
one line a player can paste.
"""

from __future__ import annotations

import os
import re
import sys

MAX_WIDTH = 100
MIN_WIDTH = 40
_STOPS = ("`", ",", ";", "(", ")", " or ", " then ", " and ", ". ", " — ")
_GLUE = "\x00"  # stands for a space that must not break


def plural(n: int, noun: str, many: str | None = None) -> str:
    """A count as a person writes it: "1 cube", "2 cubes" ("1 die", "3 dice" with many="dice")."""
    return f"{n} {noun if n == 1 else many or noun + 's'}"


def line_break(text: str) -> bool:
    """A line break (or NUL): never part of a name, a value or a path a player types."""
    return any(c in "\n\r\x00" for c in text)


def unfold(message: str) -> str:
    """Click's message on one line: it lists a missing choice's values on lines of their own
    ("Choose from:\n\tbasic,\n\tnormal" becomes "Choose from: basic, normal")."""
    return re.sub(r"[ \t]*\n\s*", " ", message.strip())


def width() -> int:
    """min(terminal width, 100): COLUMNS when set, else the terminal's; 100 off a terminal."""
    cols = os.environ.get("COLUMNS", "").strip()
    if cols.isdigit() and int(cols) > 0:
        w = int(cols)
    else:
        try:
            w = os.get_terminal_size(sys.stdout.fileno()).columns if sys.stdout.isatty() else MAX_WIDTH
        except (OSError, ValueError, AttributeError):
            w = MAX_WIDTH
    return max(MIN_WIDTH, min(w, MAX_WIDTH))


def _glued(line: str) -> str:
    """The line with the spaces inside commands and `quotes` made unbreakable."""
    out, i = [], 0
    while i < len(line):
        if line[i] == "`":
            end = line.find("`", i + 1)
            end = len(line) if end < 0 else end + 1
        elif line.startswith("journal ", i) and (i == 0 or not (line[i - 1].isalnum() or line[i - 1] in "/.-_")):
            ends = [k for k in (line.find(stop, i + 8) for stop in _STOPS) if k >= 0]
            end = min(ends, default=len(line))
        else:
            out.append(line[i])
            i += 1
            continue
        out.append(line[i:end].replace(" ", _GLUE))
        i = end
    return "".join(out)


def wrap(lines: list[str], columns: int | None = None) -> list[str]:
    """Each line longer than `columns` (default: width()) broken at spaces; a continuation
    keeps the line's indent, two more when the line is indented (a row of a list)."""
    columns = columns or width()
    if all(len(line) <= columns and "\n" not in line for line in map(str, lines)):
        return [str(line) for line in lines]
    import textwrap  # only when a line is too long

    out: list[str] = []
    for text in lines:
        for line in str(text).split("\n"):
            if len(line) <= columns:
                out.append(line)
                continue
            indent = line[: len(line) - len(line.lstrip(" "))]
            more = indent + "  " if indent else ""
            parts = textwrap.wrap(_glued(line), columns, subsequent_indent=more, break_long_words=False,
                                  break_on_hyphens=False, replace_whitespace=False, drop_whitespace=True)
            out.extend(p.replace(_GLUE, " ") for p in parts or [""])
    return out

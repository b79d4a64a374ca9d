"""Human output's width: prose wraps at min(terminal width, 100) columns (DESIGN.md)."""

from __future__ import annotations

import os
import re
import sys

MAX_WIDTH = 100
# a command a player pastes (`journal kraken combat escape`) stays on one line: it runs to a
# parenthesis or backtick, a semicolon, a comma or ". " (the end of a sentence)
_COMMAND = re.compile(r"journal [^`()\n;,]*?(?=[`);,]| \(|\. |\.?$)")
_GLUE = "\u0000"


def width() -> int:
    """COLUMNS if set, else the terminal's width on a terminal; at most 100 (100 in a pipe)."""
    try:
        cols = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        cols = 0
    if cols <= 0 and sys.stdout.isatty():
        try:
            cols = os.get_terminal_size(sys.stdout.fileno()).columns
        except (OSError, ValueError):
            cols = 0
    return min(cols, MAX_WIDTH) if cols > 0 else MAX_WIDTH


def wrap_lines(lines: list[str]) -> list[str]:
    """Each line too wide for the terminal wrapped at spaces, continued under its indent + 2;
    a `journal …` command in it is never split. Lines that fit are kept as they are."""
    import textwrap

    cols = width()
    out: list[str] = []
    for line in lines:
        if len(line) <= cols:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" "))) + "  "
        glued = _COMMAND.sub(lambda m: m.group(0).replace(" ", _GLUE), line)
        out.extend(part.replace(_GLUE, " ") for part in textwrap.wrap(
            glued, cols, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False))
    return out

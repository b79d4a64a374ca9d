"""Human output that fits the screen: prose wraps at min(terminal width, 100) columns.

`journal ...` commands and `quoted` text inside a line are never split, so a hint stays
one line a player can paste.
"""

from __future__ import annotations

import os
import re
import sys

from journal.errors import typed

MAX_WIDTH = 100
MIN_WIDTH = 40
_STOPS = ("`", ",", ";", "(", ")", " or ", " then ", " and ", ". ", " — ")
_GLUE = "\x00"  # stands for a space that must not break


def plural(n: int, noun: str, many: str | None = None) -> str:
    """A count as a person writes it: "1 cube", "2 cubes", "2 planet searches" ("1 die", "3 dice"
    with many="dice")."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {many or noun + ('es' if noun.endswith(('s', 'x', 'z', 'ch', 'sh')) else 's')}"


MAX_LINE = 100_000  # characters in one word typed, one batch or play line, one note


def line_break(text: str) -> bool:
    """A line break (or NUL): never part of a name, a value or a path a player types."""
    return any(c in "\n\r\x00" for c in text)


# Lone surrogates are how Python hands over bytes that are not UTF-8 (an argument typed as
# $'caf\xe9'): text that can be neither logged nor printed. (A pattern, compiled by `re` the first
# time a word is not printable: compiling its ranges costs a command more than all its words.)
_NOT_IN_A_WORD = "[\n\r\x00\ud800-\udfff]"


def as_bytes_typed(text: str) -> str:
    """What was typed, quoted, with the bytes that are not UTF-8 shown as \\xNN: 'caf\\xe9'."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate no byte stands for
        raw = text.encode("utf-8", "surrogatepass")
    return "'" + raw.decode("utf-8", "backslashreplace").replace("'", "\\'") + "'"


def word_problem(word: str) -> str | None:
    """Why a word typed (an argument, a batch or play line's word) cannot be a name, a value or
    a path, as the end of a one-line message; None when it can."""
    if len(word) > MAX_LINE:
        return f"a word of {len(word)} characters: a name, a value or a note holds at most {MAX_LINE}"
    if word.isprintable():  # no control character, separator or surrogate: nearly every word
        return None
    found = re.search(_NOT_IN_A_WORD, word)
    if found is None:
        return None
    if found.group() == "\x00":
        return f"{typed(word)} holds a NUL character: a name or value is text"
    if found.group() in "\n\r":
        return f"{typed(word)}: a name or value is one line of text"
    return f"{as_bytes_typed(word)} is not UTF-8 text: type names, notes and values in UTF-8"


# What a terminal must never receive raw from a name or a note: control characters (escape
# sequences, a bell, a backspace, C1 codes), line and paragraph separators, bidirectional
# overrides, and lone surrogates (bytes that were not UTF-8). Tab and line feed stay.
_CONTROLS = ("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
             "\ud800-\udfff]")  # compiled by `re` the first time a text is not printable


def _escaped(match: re.Match) -> str:
    return repr(match.group())[1:-1]


def shown(text: str) -> str:
    """Text for a terminal, with its control characters written as Python writes them (\\x1b,
    \\u2028): a name or note can neither move the cursor, retitle the window, hide what follows
    nor break a line."""
    if text.isprintable():  # nothing a terminal acts on: nearly every line
        return text
    return re.sub(_CONTROLS, _escaped, text)


def one_line(message: str) -> str:
    """A message as one line: `shown`, with its line feeds and tabs escaped as well."""
    return shown(message).replace("\n", "\\n").replace("\t", "\\t")


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


def row_items(prefix: str, items: list[str], sep: str = " · ", columns: int | None = None) -> list[str]:
    """A row of a list: `prefix` then the items, joined by `sep`; when they do not fit, they go on
    under the first item (or 4 columns in, on a narrow screen), broken between items, never
    inside one ("17¢ · 9 XP" keeps "9 XP" whole)."""
    columns = columns or width()
    indent = " " * (len(prefix) if columns - len(prefix) >= 30 else 4)
    out: list[str] = []
    line, empty = prefix, True
    mark = sep.rstrip()  # ends a line the row goes on from
    for i, item in enumerate(items):
        joined = line + item if empty else line + sep + item
        if empty or len(joined) + (len(mark) if i < len(items) - 1 else 0) <= columns:
            line, empty = joined, False
            continue
        out.append(line + mark)
        line = indent + item
    return [*out, line]


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

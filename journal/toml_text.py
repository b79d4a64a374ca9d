"""A save's TOML text: the layout tomli-w writes, built faster for journal's plain documents.

Every command rewrites its save whole, and on a big save (a War Titans board with its invader
cards) serializing was the largest part of a command's own work. This writer gives the text
tomli-w 1.2 gives for the same document (tables as [headers], arrays one item per line, small
tables inside arrays inline), so saves read the same whatever tomli-w is installed; a test holds
it to tomli-w on every game's saves and on generated documents.
"""

from __future__ import annotations

import functools
import re
from datetime import date, datetime, time

INDENT = "    "
MAX_LINE_LENGTH = 100  # an array of tables is written inline only when each table fits a line

_ESCAPED = re.compile(r'[\x00-\x08\x0a-\x1f\x7f"\\]')  # what a basic string cannot hold as it is
_SHORT = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _escape(match: re.Match) -> str:
    char = match.group()
    return _SHORT.get(char) or f"\\u{ord(char):04x}"


def string(text: str) -> str:
    if _ESCAPED.search(text) is None:
        return f'"{text}"'
    return '"' + _ESCAPED.sub(_escape, text) + '"'


@functools.lru_cache(maxsize=4096)  # a save repeats the same few keys many times
def key(part: str) -> str:
    if not isinstance(part, str):
        raise TypeError(f"Invalid mapping key '{part}' of type '{type(part).__qualname__}'. A string is required.")
    return part if _BARE.fullmatch(part) else string(part)


def dumps(doc: dict) -> str:
    """The document as TOML text."""
    out: list[str] = []
    _table(doc, "", False, out)
    return "".join(out)


def _table(table: dict, name: str, in_array: bool, out: list[str]) -> None:
    literals, tables = [], []  # (key, its value's text); (key, table, in an array of tables)
    for k, v in table.items():
        if isinstance(v, dict):
            tables.append((k, v, False))
        elif type(v) in (list, tuple) and v and all(isinstance(t, dict) for t in v):
            inline = [_inline(t) for t in v]  # inline when each fits a line: "    { ... },"
            if all(len(text) <= MAX_LINE_LENGTH - len(INDENT) - 1 and "\n" not in text for text in inline):
                literals.append((k, "[\n" + "".join(f"{INDENT}{text},\n" for text in inline) + "]"))
            else:
                tables.extend((k, t, True) for t in v)
        else:
            literals.append((k, _value(v, 0)))
    written = False
    if in_array or name and (literals or not tables):
        written = True
        out.append(f"[[{name}]]\n" if in_array else f"[{name}]\n")
    if literals:
        written = True
        out.extend(f"{key(k)} = {text}\n" for k, text in literals)
    for k, v, array in tables:
        if written:
            out.append("\n")
        written = True
        _table(v, f"{name}.{key(k)}" if name else key(k), array, out)


def _value(value, level: int) -> str:
    kind = type(value)
    if kind is str:
        return string(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int or kind is float:
        return str(value)
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        items = []
        for item in value:  # the common plain items without a call each
            item_kind = type(item)
            items.append(string(item) if item_kind is str else str(item) if item_kind is int
                         else _value(item, level + 1))
        inner = INDENT * (level + 1)
        return f"[\n{inner}" + f",\n{inner}".join(items) + f",\n{INDENT * level}]"
    if isinstance(value, dict):
        return _inline(value)
    return _other(value, level)


def _other(value, level: int) -> str:
    """Subclasses of the plain types, dates and times: as tomli-w writes them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, date, datetime)):
        return str(value)
    if isinstance(value, time):
        if value.tzinfo:
            raise ValueError("TOML does not support offset times")
        return str(value)
    if isinstance(value, str):
        return string(value)
    if isinstance(value, (list, tuple)):
        return _value(list(value), level)
    raise TypeError(f"Object of type '{type(value).__qualname__}' is not TOML serializable")


def _inline(table: dict) -> str:
    if not table:
        return "{}"
    return "{ " + ", ".join(f"{key(k)} = {_value(v, 0)}" for k, v in table.items()) + " }"


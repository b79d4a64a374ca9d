"""A save's TOML text for a batch, which writes one text per line: each table's text is kept from
one line to the next and written again only when the table changed.

A text is exactly the one `tomli_w.dumps` gives of the whole document: tomli-w writes a table as
its header (when it holds a plain value, or nothing), its plain values, then each table below it,
a blank line before each one but the first thing written. So the text of a table is put together
here from the same parts, each one written by tomli-w itself: the header and plain values (the
document made of the table's path and those values), and each table below it, kept by its path
while its value is the same (its `repr`: 1, 1.0 and true are not the same value to TOML, though
Python finds them equal). A table that holds an array of tables is written whole by tomli-w.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import tomli_w


def nested(keys: tuple[str, ...], table: Mapping[str, Any]) -> dict[str, Any]:
    """The document that holds `table` at `keys` and nothing else: tomli-w writes no header for
    the tables above it (they hold a table and no plain value), so its text is the table's."""
    doc: dict[str, Any] = dict(table)
    for key in reversed(keys):
        doc = {key: doc}
    return doc


def holds_array_of_tables(table: Mapping[str, Any]) -> bool:
    return any(isinstance(v, (list, tuple)) and any(isinstance(t, Mapping) for t in v) for v in table.values())


class TableTexts:
    """`dumps(doc)`, the text tomli-w writes, keeping each table's text by its path between calls,
    and each plain value's line and each header as tomli-w wrote them."""

    LIMIT = 4096  # the lines kept (a counter has a new value every line): past it, begun again

    def __init__(self) -> None:
        self.known: dict[tuple[str, ...], tuple[str, str]] = {}  # path -> (repr of the table, its text)
        self.lines: dict[tuple[str, str], str] = {}  # (key, repr of the value) -> `key = value` line
        self.headers: dict[tuple[str, ...], str] = {}  # path -> `[path]` line

    def dumps(self, doc: Mapping[str, Any]) -> str:
        return self.text(doc, ())

    def text(self, table: Mapping[str, Any], keys: tuple[str, ...]) -> str:
        """The text tomli-w writes of `table` at `keys` (the root: no keys)."""
        if holds_array_of_tables(table):
            return tomli_w.dumps(nested(keys, table))
        parts = []
        below = []
        for key, value in table.items():
            if isinstance(value, Mapping):
                below.append((key, value))
            else:
                parts.append(self.line(key, value))
        if keys and (parts or not below):
            parts.insert(0, self.header(keys))
        written = bool(parts)
        for key, value in below:
            if written:
                parts.append("\n")
            written = True
            parts.append(self.kept(value, (*keys, key)))
        return "".join(parts)

    def kept(self, table: Mapping[str, Any], keys: tuple[str, ...]) -> str:
        """The text of the table at `keys`: the one kept while its value is the same."""
        value = repr(table)
        known = self.known.get(keys)
        if known is not None and known[0] == value:
            return known[1]
        text = self.text(table, keys)
        self.known[keys] = (value, text)
        return text

    def line(self, key: str, value: Any) -> str:
        """`key = value` as tomli-w writes a plain value (its only line, in a document of it alone)."""
        known = (key, repr(value))
        line = self.lines.get(known)
        if line is None:
            if len(self.lines) >= self.LIMIT:
                self.lines.clear()
            line = self.lines[known] = tomli_w.dumps({key: value})
        return line

    def header(self, keys: tuple[str, ...]) -> str:
        """`[path]` as tomli-w writes it (of an empty table there)."""
        header = self.headers.get(keys)
        if header is None:
            header = self.headers[keys] = tomli_w.dumps(nested(keys, {}))
        return header

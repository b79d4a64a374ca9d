"""A save's TOML text for a batch, which writes one text per line: each table's text is kept from
one line to the next and written again only when the table changed.

A text is exactly the one `tomli_w.dumps` gives of the whole document: tomli-w writes a table as
its header (when it holds a plain value, or nothing), its plain values, then each table below it,
a blank line before each one but the first thing written. So the text of a table is put together
here from the same parts, each one written by tomli-w itself: the header and plain values (the
document made of the table's path and those values), and each table below it, kept by its path
while it is the same. What is not the same is said by the caller: the paths where the document
differs from the one of the last text (`journal.log.diff_values`' `differ`: a value changed, added
or removed, one Python finds equal but TOML writes otherwise, keys in another order); the tables
on those paths are written again, the others kept. A table that holds an array of tables is
written whole by tomli-w. A document is made of dicts, lists and plain values, as tomllib reads
one and the rules make one.
"""

from __future__ import annotations

from typing import Any

import tomli_w


def nested(keys: tuple[str, ...], table: dict[str, Any]) -> dict[str, Any]:
    """The document that holds `table` at `keys` and nothing else: tomli-w writes no header for
    the tables above it (they hold a table and no plain value), so its text is the table's."""
    doc: dict[str, Any] = dict(table)
    for key in reversed(keys):
        doc = {key: doc}
    return doc


class TableTexts:
    """The text tomli-w writes of each document in turn, keeping each table's text by its path
    from one document to the next, and each plain value's line and each header as tomli-w wrote
    them."""

    LIMIT = 4096  # the lines kept (a counter has a new value every line): past it, begun again

    def __init__(self) -> None:
        self.known: dict[tuple[str, ...], str] = {}  # path -> the text of the table there in `last`
        self.lines: dict[tuple[str, str], str] = {}  # (key, repr of the value) -> `key = value` line
        self.headers: dict[tuple[str, ...], str] = {}  # path -> `[path]` line
        self.plain: dict[tuple[str, ...], dict[str, tuple[Any, str]]] = {}  # path -> key -> (value, its line)
        self.last: dict[str, Any] | None = None  # the document of the last text

    def after(self, before: dict[str, Any] | None, doc: dict[str, Any], differ: set[tuple]) -> str:
        """The text of `doc`, which differs from `before` only on the paths in `differ`: when
        `before` is the document of the last text, the tables on none of those paths keep theirs
        (`before` None: every table is written).
        A table at a path in `differ` (added, or its keys in another order) is written again
        whole; one above such a path, again from its own values and the tables below it."""
        marks: dict[tuple, bool] | None = None  # path -> written again whole (True) or from its parts
        if before is not None and before is self.last:
            marks = {path[:i]: False for path in differ for i in range(len(path))}
            marks.update(dict.fromkeys(differ, True))
        else:
            self.known.clear()
        self.last = doc
        return self.text(doc, (), marks)

    def text(self, table: dict[str, Any], keys: tuple[str, ...], marks: dict[tuple, bool] | None) -> str:
        """The text tomli-w writes of `table` at `keys` (the root: no keys). A table below it keeps
        the text last written there unless `marks` names it (see `after`); with `marks` None, none
        does."""
        parts = []
        below = []
        plain = self.plain.get(keys)
        if plain is None:
            plain = self.plain[keys] = {}
        for key, value in table.items():
            if type(value) is dict:
                below.append((key, value))
                continue
            kept = plain.get(key)  # the line written for the very same value (an array is not kept so:
            if kept is None or kept[0] is not value or type(value) is list:  # it can change in place)
                if type(value) in (list, tuple) and any(type(t) is dict for t in value):
                    return self.whole(table, keys)
                kept = plain[key] = (value, self.line(key, value))
            parts.append(kept[1])
        if keys and (parts or not below):
            parts.insert(0, self.header(keys))
        texts = [self.below(value, (*keys, key), marks) for key, value in below]
        if parts:  # a blank line before each thing written but the first
            texts.insert(0, "".join(parts))
        return "\n".join(texts)

    def whole(self, table: dict[str, Any], keys: tuple[str, ...]) -> str:
        """The text of a table that holds an array of tables, written whole by tomli-w (which
        writes the tables of the array after the other tables below it)."""
        for path in [path for path in self.known if path[:len(keys)] == keys]:
            del self.known[path]  # what is below it is not written apart: nothing kept
        return tomli_w.dumps(nested(keys, table))

    def below(self, table: dict[str, Any], path: tuple[str, ...], marks: dict[tuple, bool] | None) -> str:
        """The text of the table at `path` below another: the one last written there unless
        `marks` names it (or none is kept), and kept for the next text."""
        whole = True if marks is None else marks.get(path)
        if whole is None:
            kept = self.known.get(path)
            if kept is not None:
                return kept
            whole = True
        text = self.known[path] = self.text(table, path, None if whole else marks)
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

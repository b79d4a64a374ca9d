"""Reading a campaign's log: the committed entries, from the end, checked as they are read."""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterator, MutableSequence, Sequence
from typing import Any, BinaryIO

from journal import files
from journal.errors import SaveError
from journal.log import entry_problem, number_problem, side_problem
from journal.store.paths import SavePaths


LINE_HEAD = rb'\{"n":(\d+),"at":(\d+)[,}]'  # how journal begins every entry's line


def reverse_records(f: BinaryIO, size: int, chunk: int = 1 << 16) -> Iterator[tuple[int, bytes | None]]:
    """Yield (offset, record) for the newline-separated records of a file, last first.

    The first record yielded is the text after the last newline: b"" when the file
    ends with a newline, otherwise a torn (unterminated) append. A record longer than
    any log entry can be is yielded as None (and nothing after it).
    """
    pos = size
    carry = b""
    while pos > 0:
        step = min(chunk, pos)
        pos -= step
        f.seek(pos)
        buf = f.read(step) + carry
        parts = buf.split(b"\n")
        carry = parts[0]
        off = pos + len(buf)
        for part in reversed(parts[1:]):
            off -= len(part)
            yield off, part
            off -= 1
        if len(carry) > files.MAX_BYTES:
            yield pos, None
            return
    yield 0, carry


def forward_records(f: BinaryIO, start: int, end: int, chunk: int = 1 << 20) -> Iterator[tuple[int, bytes | None]]:
    """Yield (offset, record) for the newline-separated records of a file from byte `start` to
    byte `end` (a record's end), first first, read in chunks: `reverse_records` the other way. A
    record longer than any log entry can be is yielded as None (and nothing after it), before it
    is read whole."""
    f.seek(start)
    offset, carry, left = start, b"", end - start
    while left > 0:
        read = f.read(min(chunk, left))
        if not read:  # pragma: no cover - shorter than when its end was found: the caller names it
            return
        left -= len(read)
        lines = (carry + read).split(b"\n")
        carry = lines.pop()
        for line in lines:
            yield offset, line
            offset += len(line) + 1
        if len(carry) > files.MAX_BYTES:
            yield offset, None
            return


class LogView:
    """The committed part of a campaign's log (entries 1..journal.entries)."""

    def __init__(self, paths: SavePaths, entries: int):
        self.paths = paths
        self.entries = entries
        self.end = 0  # byte offset just past the last committed entry
        self.orphans: list[dict] = []  # entries past journal.entries: a command that never committed
        self.found: dict[int, dict] = {}  # the entries read so far, by number

    def open(self) -> BinaryIO | None:
        try:
            return files.open_regular(self.paths.log, one_link=True)
        except FileNotFoundError:
            return None

    def _entry(self, raw: bytes | None, where: str, committed: bool = True) -> dict:
        """A log line as an entry of the right shape, or a SaveError naming it. Of an entry past
        journal.entries (left by a crash, cut off at the next write) only its number and side
        changes are read, and checked."""
        if raw is None:
            raise SaveError(f"{self.paths.log} {where}: damaged log entry (a line longer than "
                            f"{files.MAX_BYTES} bytes)")
        try:
            entry = files.parse_json(raw)
        except ValueError:  # UnicodeDecodeError included
            raise SaveError(f"{self.paths.log} {where}: damaged log entry (not a JSON object)") from None
        self._shape(entry, where, committed)
        return entry

    def _shape(self, entry: Any, where: str, committed: bool = True) -> None:
        problem = entry_problem(entry) if committed else number_problem(entry) or side_problem(entry)
        if problem:
            raise SaveError(f"{self.paths.log} {where}: damaged log entry: {problem}")

    def scan(self, want: int = 1) -> list[tuple[int, dict]]:
        """Find the committed end; return up to `want` last entries as (offset, entry), newest first.

        Reads the log backwards, so the cost is that of the entries asked for (plus any
        uncommitted tail), not of the campaign's length. Each entry read is checked for
        the shape readers rely on, and for standing where it was written (its `at`): a line
        before it that grew or shrank, or went, is found without reading it. Raises SaveError
        when the log does not hold the entries the save expects.
        """
        f = self.open()
        if f is None:
            if self.entries:
                raise SaveError(f"{self.paths.log} is missing but journal.entries = {self.entries}: "
                                f"restore the log, or set journal.entries = 0 to start a new history")
            return []
        found: list[tuple[int, dict]] = []
        self.orphans = []
        with f:
            records = reverse_records(f, os.fstat(f.fileno()).st_size)
            next(records)  # the text after the last newline: empty, or a torn append
            for offset, raw in records:
                if not found and raw is not None and not raw.strip():
                    continue  # a blank line past the committed end: cut off at the next write
                entry = self._entry(raw, f"byte {offset}", committed=False)
                if not found and entry["n"] > self.entries:
                    self.orphans.append(entry)
                    continue  # written by a command that never committed: cut off at the next write
                if not found:
                    assert raw is not None
                    self.end = offset + len(raw) + 1
                self._committed(entry, offset, len(found))
                found.append((offset, entry))
                self.found[entry["n"]] = entry
                if len(found) >= want or entry["n"] == 1:
                    break
        if len(found) < min(want, self.entries):
            raise SaveError(f"{self.paths.log} holds fewer entries than journal.entries = {self.entries}")
        return found

    def walk_back(self, want: int) -> Iterator[tuple[int, dict]]:
        """The last `want` committed entries as (offset, entry), newest first, each checked as
        `scan` checks it, read one at a time and kept by nobody: what undo reads, whose memory
        must not grow with the number of entries it takes back. The session opened with `scan`, so
        the committed end is known; a log with fewer entries than `want` is refused at its end."""
        f = self.open()
        if f is None:
            raise SaveError(f"{self.paths.log} is missing but journal.entries = {self.entries}: "
                            f"restore the log, or set journal.entries = 0 to start a new history")
        seen = 0
        with f:
            records = reverse_records(f, self.end)
            next(records)  # b"": the committed end is a line's end
            for offset, raw in records:
                entry = self._entry(raw, f"byte {offset}", committed=False)
                self._committed(entry, offset, seen)  # its whole shape, its number, its place
                seen += 1
                yield offset, entry
                if seen >= want or entry["n"] == 1:
                    break
        if seen < min(want, self.entries):
            raise SaveError(f"{self.paths.log} holds fewer entries than journal.entries = {self.entries}")

    def _committed(self, entry: dict, offset: int, newer: int) -> None:
        """Check a committed entry read from the end: its shape, its number, and its place."""
        self._shape(entry, f"byte {offset}")
        expect = self.entries - newer
        if entry["n"] != expect:
            raise SaveError(f"{self.paths.log}: entry {entry['n']} found where entry {expect} was expected "
                            f"(journal.entries = {self.entries})")
        if entry.get("at", offset) != offset:
            self.read_all()  # names the first damaged line, as check does
            raise SaveError(self.moved(entry, offset, "the entry"))  # pragma: no cover - read_all names it

    def moved(self, entry: dict, offset: int, where: str) -> str:
        return (f"{self.paths.log} {where}: entry {entry['n']} was written at byte {entry['at']} but stands at "
                f"byte {offset}: a line before it was changed (the log is only ever appended to; restore it "
                f"from a copy)")

    def first(self) -> dict | None:
        """Entry 1 (the campaign's start), read from the front of the log; None without entries."""
        if not self.entries:
            return None
        if 1 in self.found:
            return self.found[1]
        f = self.open()
        if f is None:
            return None
        with f:
            data = b""
            while b"\n" not in data and len(data) <= files.MAX_BYTES:
                chunk = f.read(1 << 16)
                if not chunk:
                    break
                data += chunk
        line, newline, _rest = data.partition(b"\n")
        entry = self._entry(line if newline else None, "line 1")
        if entry["n"] != 1:
            raise SaveError(f"{self.paths.log} line 1: entry {entry['n']} found where entry 1 was expected")
        self.found[1] = entry
        return entry

    def read_all(self) -> list[dict]:
        """Every committed entry, oldest first, in one list (what `stream` yields, kept): for a
        short log only; a reader of a whole campaign folds `stream` instead."""
        return list(self.stream())

    def stream(self, offsets: MutableSequence[int] | None = None, checked: bool = False) -> Iterator[dict]:
        """Every committed entry, oldest first, each checked as it is read (its shape, its number,
        its place: what `check` names, line by line) and yielded at once: the log is read in chunks
        of 1 MiB, so a reader that folds the entries as they come holds one chunk and what it
        keeps, whatever the campaign's length. `offsets`, when given, gets the byte at which each
        entry's line starts (the index of a second, random reader: `entry_at`, `stream_back`).
        `checked`: this reader, under the same lock, already streamed the log whole, so each entry's
        shape is not checked again (its number and place still are)."""
        for number, offset, line in self.lines():
            entry = files.parse_json(line) if checked else self._entry(line, f"line {number}")
            self._in_place(entry["n"], entry.get("at", offset), number, offset)
            if offsets is not None:
                offsets.append(offset)
            yield entry

    def committed_file(self) -> BinaryIO | None:
        """The log open to read its committed lines (its committed end found first), or None when
        it has none or there is no log."""
        if not self.entries:
            return None
        if not self.end:
            self.scan(1)
        return self.open()

    def lines(self, chunk: int = 1 << 20) -> Iterator[tuple[int, int, bytes]]:
        """(number, offset, bytes) of each committed line, oldest first, read in chunks; a line
        longer than any entry can be is refused as not a JSON object (as `parse_json` refuses it)
        before it is read whole."""
        f = self.committed_file()
        if f is None:
            return
        with f:
            for number, (offset, line) in enumerate(forward_records(f, 0, self.end, chunk), 1):
                if line is None:
                    raise SaveError(f"{self.paths.log} line {number}: damaged log entry (not a JSON object)")
                yield number, offset, line

    def checked_back(self, offsets: MutableSequence[int] | None = None) -> Iterator[dict]:
        """Every committed entry, newest first, each checked as `stream` checks it (its shape, its
        number, its place), read in chunks from the end: one pass for a reader that walks back
        from the save (the PDF's charts, a report). A damaged line is named as `stream` names it,
        the first from the start, as `check` does. `offsets` gets where each line starts, newest
        first."""
        f = self.committed_file()
        if f is None:
            return
        number = self.entries
        with f:
            records = reverse_records(f, self.end)
            next(records)  # the end is just past a line feed
            for offset, raw in records:
                try:
                    if number < 1:
                        raise SaveError(f"{self.paths.log}: more lines than entries")  # named below
                    entry = self._entry(raw, f"line {number}")
                    if entry["n"] != number or entry.get("at", offset) != offset:
                        raise SaveError(f"{self.paths.log} line {number}: out of place")  # named below
                except SaveError:
                    self.name_damage()
                    raise
                if offsets is not None:
                    offsets.append(offset)
                yield entry
                number -= 1
        if number:  # pragma: no cover - fewer lines than entries: scan refuses it first
            self.name_damage()

    def name_damage(self) -> None:
        """Raise the SaveError `stream` raises for the first damaged line (nothing when it finds
        none: the caller raises its own)."""
        for _entry in self.stream():
            pass

    def stream_back(self, offsets: Sequence[int]) -> Iterator[dict]:
        """Every committed entry, newest first, of a log this reader already streamed whole under
        the same lock (`offsets`: where each line starts, as `stream` gave them): for a walk back
        from the save through the changes each entry records (a report's, the PDF's charts)."""
        if not offsets:
            return
        f = self.open()
        if f is None:  # pragma: no cover - streamed under the same lock a moment ago
            return
        with f:
            records = reverse_records(f, self.end)
            next(records)  # the end is just past a line feed
            for (_offset, raw), _n in zip(records, range(len(offsets))):
                yield files.parse_json(raw or b"")

    def entries_from(self, offset: int, count: int, chunk: int = 1 << 20) -> Iterator[dict]:
        """The `count` entries whose lines follow each other from byte `offset`, of a log this reader
        already streamed whole under the same lock (a part of the story, read again)."""
        f = self.open()
        if f is None:  # pragma: no cover - streamed under the same lock a moment ago
            return
        with f:
            for _offset, raw in itertools.islice(forward_records(f, offset, self.end, chunk), count):
                yield files.parse_json(raw or b"")

    def check_order(self, chunk: int = 1 << 20) -> None:
        """Every committed line is the entry of its number, standing where it was written: what
        `read_all` checks, from the head of each line alone (`{"n":5,"at":1234,`, as journal
        begins every line; another line is read whole), in chunks of 1 MiB, so that a writer
        refuses a reordered, cut or padded log as `check` does, at a fraction of its cost."""
        for number, offset, line in self.lines(chunk):
            if not line.startswith(b'{"n":%d,"at":%d,' % (number, offset)):  # as journal writes it
                self._in_order(line, number, offset)  # else read whole: another shape, or out of order

    def _in_order(self, line: bytes, number: int, offset: int) -> None:
        head = re.match(LINE_HEAD, line)
        if head is not None:
            n, at = int(head.group(1)), int(head.group(2))
        else:
            entry = self._entry(line, f"line {number}")
            n, at = entry["n"], entry.get("at", offset)
        self._in_place(n, at, number, offset)

    def _in_place(self, n: int, at: int, number: int, offset: int) -> None:
        """Refuse entry `n`, written at byte `at`, found as line `number` at byte `offset`."""
        if n != number:
            raise SaveError(f"{self.paths.log} line {number}: damaged log entry (entry {n} where entry {number} "
                            f"was expected)")
        if at != offset:
            raise SaveError(self.moved({"n": n, "at": at}, offset, f"line {number}"))

    def entry_at(self, offset: int) -> dict | None:
        """The committed entry whose line starts at byte `offset` of the log (None: no line starts
        there, or it is not a whole entry), read alone: what an `at` points to."""
        if not 0 <= offset < self.end:
            return None
        f = self.open()
        if f is None:
            return None
        with f:
            f.seek(max(offset - 1, 0))
            data = f.read(min(self.end - offset, files.MAX_BYTES + 1) + (1 if offset else 0))
        if offset:
            if data[:1] != b"\n":
                return None  # the middle of a line
            data = data[1:]
        line, newline, _rest = data.partition(b"\n")
        try:
            entry = files.parse_json(line) if newline else None
        except ValueError:
            return None
        return entry if isinstance(entry, dict) and not entry_problem(entry) else None

    def raw(self, start: int, end: int) -> bytes:
        """The log's bytes from `start` to `end` (the lines of entries already read and checked)."""
        f = self.open()
        if f is None:
            return b""
        with f:
            f.seek(start)
            return f.read(end - start)

    def tail(self, count: int) -> list[dict]:
        return [e for _off, e in reversed(self.scan(count))] if count > 0 else []


def never_committed(path: str) -> bool:
    """Whether a log with no save beside it holds nothing a command committed: nothing but blank
    lines, or entry 1 alone, whole or torn (what a `new` killed before its save's rename leaves)."""
    try:
        data = files.read_bytes(path)
    except FileNotFoundError:
        return True
    body = data.strip()
    if not body:
        return True
    if b"\n" in body:
        return False
    try:
        entry = files.parse_json(body)
    except ValueError:
        return not data.endswith(b"\n")  # a torn append, never a whole line
    return isinstance(entry, dict) and entry.get("n") == 1

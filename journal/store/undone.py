"""The commands undo took back: NAME.undone.jsonl, beside the campaign's log.

The log is the campaign's history and nothing else: `undo` cuts its entries off its end, as it
always did, so that every reader of the log (show, log, report, pdf, the checks) reads history
only. What was cut goes here first, one line per undone entry, only ever appended to by `undo`;
`redo` cuts the last undo's lines off again when it puts them back in the log. A line:

    {"at": 0, "time": "2026-12-01T00:31:02Z", "by": "undo --to 3", "log_at": 1088,
     "count": 1, "seed": 7, "left": "…", "restores": "…", "redo": [[5, 6, ["entries = 4\\n"]]],
     "entry": {…the entry, as the log held it…}}

`at` is the byte of this file at which the line starts (checked as the log's own `at`); `time` and
`by` say when the entry was undone and by which undo command; `log_at` is the byte of the log at
which the entry stood. The last line of an undo (its newest entry; an undo of several commands
writes one line per entry, oldest first) also holds what `redo` needs: how many lines the undo
wrote (`count`), the campaign's seed (which campaign the file belongs to), the SHA-256 of the save
the undo left (`left`) and of the save before it (`restores`), the line patch from the one to the
other (`redo`), and the same three for each side file the undo changed (`side`). The entry is
written as the last key, byte for byte as the log held it, so that redo puts back the log's
exact bytes.

Marks, lines of their own, say what became of an undo: `{"at": …, "mark": "undone", "time": …}`
follows its lines once its save is renamed (its commit point), and `{"at": …, "mark": "redoing",
"time": …}` is written by `redo` before its own commit point. `undo` writes its lines before its
commit point, so lines whose entries still stand in the log (at `log_at`) are either what a crash
left of an undo that never committed (no "undone" mark), or of a redo that did ("redoing"), which
every reader skips and the next undo or redo writes over; or an undo that did commit, whose
commands were then typed again to the same bytes in the same second (marked "undone" only), which
stands. Lines whose entries do not stand in the log are undone, marked or not (a crash may take
the mark, never the undo).
"""

from __future__ import annotations

import json
import os
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO, NamedTuple

from journal import files
from journal.errors import RuleError, SaveError
from journal.log import LINE_JSON, entry_problem, is_sha, patch_problem, side_name_problem, whole
from journal.schema import show_value, type_name
from journal.store.logview import forward_records, reverse_records
from journal.store.paths import SavePaths

Live = Callable[[dict, int], bool]  # live(entry, log_at): whether the entry stands in the log there
KEEP = 12  # the entries of a long undo that undo and redo keep in memory, to show (the rest are counted)
ENTRY_KEY = b',"entry":'  # what comes before the entry, the last key of every line journal writes
ENTRY_KEY_TEXT = ENTRY_KEY.decode("ascii")


class Line(NamedTuple):
    """One line of the undone file: where it starts, what it says, its bytes (no line feed)."""

    offset: int
    record: dict
    raw: bytes
    inner: bytes | None = None  # the entry's exact bytes within `raw`, when the line reads as journal wrote it

    @property
    def entry(self) -> dict:
        return self.record["entry"]


def dumps(value: Any) -> str:
    return LINE_JSON.encode(value)


def line_bytes(meta: dict, entry_line: bytes) -> bytes:
    """An undone line: `meta`, then the entry as the log held it (its exact bytes)."""
    return dumps(meta)[:-1].encode("utf-8") + b',"entry":' + entry_line + b"}\n"


def split_line(raw: bytes) -> tuple[Any, bytes | None]:
    """A line, parsed once: its record, and the entry's exact bytes when the line is its meta then
    `,"entry":` then the entry, as `line_bytes` writes it (None: read whole, as any JSON). Such a
    line is read in two parts, the meta and the entry, which give the record the whole would (a
    JSON string never holds `,"` unescaped, and a cut inside a nested value leaves the meta's part
    unbalanced); a line that might nest too deeply is read whole, and judged as any."""
    cut = raw.find(ENTRY_KEY)
    if cut > 0 and raw.endswith(b"}") and files.few_openings(raw):  # so neither part nests too deeply
        text = raw.decode("utf-8")  # a UnicodeDecodeError is a ValueError, as parse_json raises
        at = text.find(ENTRY_KEY_TEXT)  # the same place: UTF-8 keeps ASCII bytes apart
        try:
            meta, entry = json.loads(text[:at] + "}"), json.loads(text[at + len(ENTRY_KEY_TEXT):-1])
        except RecursionError:  # pragma: no cover - few openings
            raise ValueError("nested too deeply") from None
        except ValueError:
            pass
        else:
            if isinstance(meta, dict):
                return {**meta, "entry": entry}, raw[cut + len(ENTRY_KEY):-1]
    return files.parse_json(raw), None


def entry_line(line: Line) -> bytes:
    """The entry's line as the log held it (no line feed): the bytes `line_bytes` wrote, or, in a
    line edited by hand, the entry as journal writes one."""
    if line.inner is not None:
        return line.inner
    meta = {k: v for k, v in line.record.items() if k != "entry"}
    head = dumps(meta)[:-1].encode("utf-8") + b',"entry":'
    if line.raw.startswith(head) and line.raw.endswith(b"}"):
        inner = line.raw[len(head):-1]
        try:
            if files.parse_json(inner) == line.entry:
                return inner
        except ValueError:
            pass
    return dumps(line.entry).encode("utf-8")


def group_lines(undone: Iterable[tuple[int, bytes]], count: int, *, at: int, time: str, by: str, last: dict
                ) -> Iterator[bytes]:
    """The lines of one undo, one at a time: `undone` yields each entry as (its byte in the log, its
    line), oldest first, `count` of them; `at` is where the first line goes; `last` is what the last
    line adds (count, seed, left, restores, redo, side). A line longer than journal reads back is
    refused (RuleError: nothing is undone)."""
    written = 0
    middle = f',"time":{dumps(time)},"by":{dumps(by)},"log_at":'.encode("utf-8")  # the same in every line
    for log_at, raw in undone:
        written += 1
        if written == count:
            line = line_bytes({"at": at, "time": time, "by": by, "log_at": log_at, **last}, raw)
        else:  # line_bytes of {"at", "time", "by", "log_at"}, the parts that do not change written once
            line = b'{"at":%d%s%d,"entry":%s}\n' % (at, middle, log_at, raw)
        if len(line) - 1 > files.MAX_BYTES:
            raise RuleError(f"refused: the undo's record would hold a line of {len(line) - 1} bytes, more than "
                            f"the {files.MAX_BYTES} journal reads back; nothing was undone")
        yield line
        at += len(line)
    if written != count:  # pragma: no cover - the log's lines were read and checked just before
        raise SaveError("the log changed while undo read it: nothing was undone")


# --- the shape of a line -------------------------------------------------------------------------

def _restore_problem(value: Any, where: str) -> str | None:
    """`left`, `restores` and `redo` of the save (where="") or of a side file."""
    for key in ("left", "restores"):
        if not is_sha(value.get(key)):
            return f"{where}{key} is not a SHA-256 (64 hex digits)"
    return patch_problem(value.get("redo"), f"{where}redo")


def _last_problem(record: dict) -> str | None:
    """The keys of an undo's last line."""
    count = record["count"]
    if not (whole(count) and count >= 1):
        return f"count = {show_value(count)} is not a whole number 1 or more"
    if not whole(record.get("seed")):
        return "seed is missing or not a whole number 0 or more"
    problem = _restore_problem(record, "")
    if problem:
        return problem
    side = record.get("side", {})
    if not isinstance(side, dict):
        return f"side is {type_name(side)}: expected an object"
    for name, value in side.items():
        problem = side_name_problem(name) or (None if isinstance(value, dict) else f"side.{name} is not an object")
        if problem or (problem := _restore_problem(value, f"side.{name}.")):
            return problem
    return None


MARKS = ("undone", "redoing")


def mark_bytes(at: int, mark: str, time: str) -> bytes:
    """A mark: the undo before it stands ("undone"), or a redo of it began ("redoing")."""
    return (dumps({"at": at, "mark": mark, "time": time}) + "\n").encode("utf-8")


def stands(lines: list["Line"], marks: list[str], live: "Live") -> bool:
    """Whether an undo's lines are undone commands now (see the module's docstring)."""
    if not all(live(line.entry, line.record["log_at"]) for line in lines):
        return True
    return "undone" in marks and "redoing" not in marks


def line_problem(record: Any) -> str | None:
    """What is wrong with the shape of an undone line (None: nothing), naming the key."""
    if not isinstance(record, dict):
        return f"a line is {type_name(record)}: expected an object"
    if "mark" in record:
        if not whole(record.get("at")) or not isinstance(record.get("time"), str):
            return "a mark needs at (a whole number) and time (text)"
        return None if record["mark"] in MARKS else f"mark = {show_value(record['mark'])}: one of {', '.join(MARKS)}"
    for key in ("at", "log_at"):
        if not whole(record.get(key)):
            return f"{key} is missing or not a whole number 0 or more"
    for key in ("time", "by"):
        if not isinstance(record.get(key), str):
            return f"{key} is missing or not text"
    entry = record.get("entry")
    problem = entry_problem(entry) if isinstance(entry, dict) else "entry is missing or not an object"
    if problem:
        return problem
    return _last_problem(record) if "count" in record else None


def group_problem(lines: list[Line]) -> str | None:
    """What is wrong with the lines of one undo, oldest first (None: they belong together)."""
    first, last = lines[0].record, lines[-1].record
    if len(lines) != last["count"]:
        return f"the undo of entry {last['entry']['n']} counts {last['count']} lines, but holds {len(lines)}"
    for before, line in zip(lines, lines[1:]):
        if (line.record["time"], line.record["by"]) != (first["time"], first["by"]):
            return f"entry {line.entry['n']} is not undone with entry {before.entry['n']}, before it"
        if line.entry["n"] != before.entry["n"] + 1:
            return f"entry {line.entry['n']} follows entry {before.entry['n']} in one undo"
    return None


# --- reading -------------------------------------------------------------------------------------

class UndoneView:
    """A campaign's undone file, read and checked: its last undo (for undo and redo, reading from
    the end, at the cost of that undo's lines) or every line (for `log --all` and `check`)."""

    def __init__(self, paths: SavePaths, seed: object):
        self.paths = paths
        self.path = paths.undone
        self.seed = seed  # the save's: an undone file of another campaign is refused

    def open(self) -> BinaryIO | None:
        if os.path.islink(self.path):  # as a log, never read or written through a link
            raise SaveError(f"{self.path} is a link (to {os.path.realpath(self.path)}): journal keeps a campaign's "
                            f"undone commands in a file of its own; remove the link, or put the file itself there")
        try:
            return files.open_regular(self.path, one_link=True)
        except FileNotFoundError:
            return None

    def damaged(self, where: str, problem: str) -> SaveError:
        return SaveError(f"{self.path} {where}: damaged undone entry: {problem} (restore the file from a copy, or "
                         f"move it away: it holds only commands undo took back)")

    def _line(self, offset: int, raw: bytes | None) -> Line:
        if raw is None:
            raise self.damaged(f"byte {offset}", f"a line longer than {files.MAX_BYTES} bytes")
        try:
            record, inner = split_line(raw)
        except ValueError:
            raise self.damaged(f"byte {offset}", "not a JSON object") from None
        problem = line_problem(record)
        if problem:
            raise self.damaged(f"byte {offset}", problem)
        if record["at"] != offset:
            raise SaveError(f"{self.path} byte {offset}: a line written at byte {record['at']} stands at byte "
                            f"{offset}: a line before it was changed (the file is only ever appended to; restore it "
                            f"from a copy)")
        if "count" in record and record["seed"] != self.seed:
            raise SaveError(f"{self.path} holds the undone commands of another campaign (seed {record['seed']}, "
                            f"but journal.seed = {show_value(self.seed)}): move the stray file away")
        return Line(offset, record, raw, inner)

    def last_undo(self, live: Live, whole: bool = True) -> tuple[int, list[Line]]:
        """The last undo that stands, its lines oldest first (none: no undo), and the end of what
        the file holds of it (past its lines and its "undone" mark): what comes after it (what a
        crash left, a blank or torn line) is written over by the next undo or redo. Read from the
        end, at the cost of the lines read: not `whole`, only its last line when that line tells
        that it stands (what an undo needs, to write after it)."""
        group, end = self.last_group(live, whole=whole, keep=None)
        return end, ([] if group is None else group.kept)

    def last_group(self, live: Live, *, whole: bool = True, keep: int | None = KEEP,
                   judge: Callable[[dict], str | None] | None = None) -> tuple[Group | None, int]:
        """The last undo that stands (None: no undo) and the end of what the file holds of it, as
        `last_undo` finds them, each line read and checked once and kept only among the `keep`
        oldest (None: all): what redo reads, whose memory must not grow with the undo's length.
        `judge(entry)` says why an entry may not come back (the game's refusal), or None."""
        f = self.open()
        if f is None:
            return None, 0
        with f:
            records = reverse_records(f, os.fstat(f.fileno()).st_size)
            back = _BackScan(self, live, whole, end=next(records)[0], keep=keep, judge=judge)
            for offset, raw in records:  # past the last line feed first: a torn append
                if not back.step(offset, raw):
                    break
        if back.found is not None:
            return back.found, back.found.end
        if back.last is not None:
            raise self.damaged(f"byte {back.prev.offset}", back.short())
        return None, back.end

    @staticmethod
    def end_of(last: Line, marks: list[Line]) -> int:
        """The byte past an undo that stands: past its "undone" mark, else its last line."""
        past = next((m for m in marks if m.record["mark"] == "undone"), last)
        return past.offset + len(past.raw) + 1

    def entry_lines(self, group: Group) -> Iterator[bytes]:
        """The entries of an undo found by `last_group`, oldest first, each the log's line as the log
        held it (line feed included), read forward in chunks: what redo appends to the log. A line
        not where `last_group` read it (the file changed since) is refused."""
        f = self.open()
        if f is None:
            raise SaveError(f"{self.path} went while redo read it: nothing was redone")
        count, digest, end = 0, 0, group.first.offset
        with f:
            for offset, raw in forward_records(f, group.first.offset, group.end_of_lines):
                if raw is None:  # longer than journal writes: not the line read (refused below)
                    break
                if offset in group.whole_read:  # a line edited by hand: read whole again
                    yield entry_line(self._line(offset, raw)) + b"\n"
                else:
                    yield raw[raw.find(ENTRY_KEY) + len(ENTRY_KEY):-1] + b"\n"
                count, digest, end = count + 1, digest + zlib.crc32(raw), offset + len(raw) + 1
        if (count, digest, end) != (group.total, group.digest, group.end_of_lines):
            raise SaveError(f"{self.path} changed while redo read it: nothing was redone")

    def read_all(self, live: Live) -> list[list[Line]]:
        """Every undo that stands, oldest first, each its lines, checked (what `log --all` and
        `check` read): what a crash left is skipped, as by `last_undo`."""
        f = self.open()
        if f is None:
            return []
        with f:
            data = f.read()
        scan = _Scan(self, live)
        offset = 0
        for raw in data.split(b"\n")[:-1]:
            if raw.strip():
                scan.add(self._line(offset, raw if len(raw) <= files.MAX_BYTES else None))
            offset += len(raw) + 1
        return scan.finish()


class Group(NamedTuple):
    """An undo that stands, as `last_group` read it: its newest line (count, seed, left, restores,
    redo, side), its oldest lines kept (oldest first; all of them unless fewer were asked), how many
    lines it has, where its lines end and where it ends (past its "undone" mark), the lines read
    whole (edited by hand), a checksum of its lines' bytes (what `entry_lines` reads again must be
    them) and the oldest entry the judge refused, with why."""

    last: Line
    kept: list[Line]
    total: int
    end_of_lines: int
    end: int
    whole_read: frozenset[int]
    digest: int
    refusal: tuple[dict, str] | None

    @property
    def first(self) -> Line:
        return self.kept[0]


class _BackScan:
    """`last_group`'s walk from the file's end: the undo being read (its newest line, its oldest
    lines kept, how many read, whether every entry read still stands in the log), the marks after
    it, the end of what the file holds of the undos read, and the undo found. Each line is checked
    against the one after it as it is read, so that nothing but the kept lines is held."""

    def __init__(self, view: UndoneView, live: Live, whole: bool, end: int, keep: int | None,
                 judge: Callable[[dict], str | None] | None):
        self.view, self.live, self.whole, self.end, self.judge = view, live, whole, end, judge
        self.marks: list[Line] = []
        self.kept: deque[Line] = deque(maxlen=keep)
        self.last: Line | None = None
        self.read, self.live_so_far, self.digest = 0, True, 0
        self.whole_read: set[int] = set()
        self.refusal: tuple[dict, str] | None = None
        self.found: Group | None = None

    def reset(self) -> None:
        """No undo being read (the next line with a count begins one)."""
        self.last, self.read, self.live_so_far, self.digest = None, 0, True, 0
        self.kept.clear()
        self.whole_read, self.refusal = set(), None

    @property
    def prev(self) -> Line:
        """The oldest line read of the undo being read."""
        return self.kept[0]

    def step(self, offset: int, raw: bytes | None) -> bool:
        """Read the line before; False: stop (the undo that stands is found)."""
        if self.last is None and not self.marks and raw is not None and not raw.strip():
            self.end = offset  # a blank line at the end
            return True
        line = self.view._line(offset, raw)
        if "mark" in line.record:
            if self.last is not None:
                raise self.view.damaged(f"byte {offset}", "a mark among an undo's lines")
            self.marks.append(line)
        elif self.last is None and "count" not in line.record:
            self.leftover(line)
        elif self.last is not None and "count" in line.record:  # the undo before begins: fewer lines than counted
            raise self.view.damaged(f"byte {self.prev.offset}", self.short())
        else:
            self.add(line)
        return self.found is None

    def short(self) -> str:
        """An undo whose lines end before its count."""
        assert self.last is not None
        return (f"the undo of entry {self.last.entry['n']} counts {self.last.record['count']} lines, but holds "
                f"{self.read}")

    def leftover(self, line: Line) -> None:
        """A line after the last undo's last line: an undo cut short by a crash, its entry still in
        the log (the next undo writes over it)."""
        if self.marks or not self.live(line.entry, line.record["log_at"]):
            raise self.view.damaged(f"byte {line.offset}", "the last line of an undo holds no count")
        self.end = line.offset

    def add(self, line: Line) -> None:
        """A line of the undo being read, checked against the line after it (read before it)."""
        if self.last is None:
            self.last = line
        else:
            later, last = self.prev, self.last.record
            if (line.record["time"], line.record["by"]) != (last["time"], last["by"]):
                raise self.view.damaged(f"byte {line.offset}", f"entry {later.entry['n']} is not undone with "
                                                               f"entry {line.entry['n']}, before it")
            if later.entry["n"] != line.entry["n"] + 1:
                raise self.view.damaged(f"byte {line.offset}", f"entry {later.entry['n']} follows entry "
                                                               f"{line.entry['n']} in one undo")
        self.kept.appendleft(line)
        self.read += 1
        self.digest += zlib.crc32(line.raw)
        if line.inner is None:
            self.whole_read.add(line.offset)
        if self.live_so_far:  # no longer asked once an entry is found gone: the undo stands
            self.live_so_far = self.live(line.entry, line.record["log_at"])
        refusal = self.judge(line.entry) if self.judge is not None else None
        if refusal:
            self.refusal = (line.entry, refusal)  # the oldest refused is the one told
        self.judged()

    def judged(self) -> None:
        """The undo read so far, if it stands, is the one found; one that does not stand is skipped,
        and the walk goes on before it."""
        last = self.last
        assert last is not None
        whole = self.read == last.record["count"]
        if not (whole or (self.read == 1 and not self.whole)):
            return  # the undo is read on
        marks = [m.record["mark"] for m in self.marks]
        stands = not self.live_so_far or ("undone" in marks and "redoing" not in marks)
        if not self.whole and self.read == 1 and stands:
            self.found = self.group()  # its last line stands, so does the undo
        elif whole:
            if stands:
                self.found = self.group()
            else:
                self.end, self.marks = self.prev.offset, []
                self.reset()

    def group(self) -> Group:
        last = self.last
        assert last is not None
        return Group(last, list(self.kept), last.record["count"],
                     last.offset + len(last.raw) + 1, UndoneView.end_of(last, self.marks),
                     frozenset(self.whole_read), self.digest, self.refusal)


class _Scan:
    """`read_all`'s walk from the file's start: the undos that stand, the one being read (its lines
    oldest first) and the marks after it."""

    def __init__(self, view: UndoneView, live: Live):
        self.view, self.live = view, live
        self.undos: list[list[Line]] = []
        self.group: list[Line] = []
        self.marks: list[str] = []

    def closed(self) -> bool:
        """Whether the undo being read has its last line (the one that holds count)."""
        return bool(self.group) and "count" in self.group[-1].record

    def add(self, line: Line) -> None:
        if "mark" in line.record:
            if not self.closed():
                raise self.view.damaged(f"byte {line.offset}", "a mark that follows no undo")
            self.marks.append(line.record["mark"])
            return
        if self.closed():
            self.close()
        self.group.append(line)
        problem = group_problem(self.group) if "count" in line.record else None
        if problem:
            raise self.view.damaged(f"byte {self.group[0].offset}", problem)

    def close(self) -> None:
        """The undo read is whole: kept if it stands; the next line begins another."""
        self.undos += [self.group] if stands(self.group, self.marks, self.live) else []
        self.group, self.marks = [], []

    def finish(self) -> list[list[Line]]:
        if self.closed():
            self.close()
        elif self.group and not all(self.live(line.entry, line.record["log_at"]) for line in self.group):
            raise self.view.damaged(f"byte {self.group[0].offset}", "an undo's lines end without its last line (count)")
        return self.undos


def merged(entries: list[dict], undos: list[list[Line]]) -> list[dict]:
    """The log's entries with the undone ones among them (`log --all`): each undo's entries, marked
    `undone` (when, by which command), just before the entry that took the place of its first one;
    the log's entries and the undos each keep their order."""
    keyed: list[tuple[tuple[int, int, int], dict]] = []
    for order, lines in enumerate(undos):
        first = lines[0].entry["n"]
        for line in lines:
            shown = {**line.entry, "undone": {"time": line.record["time"], "by": line.record["by"]}}
            keyed.append(((first, 0, order), shown))
    keyed += [((entry["n"], 1, 0), entry) for entry in entries]
    keyed.sort(key=lambda pair: pair[0])
    return [entry for _key, entry in keyed]

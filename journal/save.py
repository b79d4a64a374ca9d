"""Save files on disk: names, locking, reading, validation, atomic writes.

A campaign is two files side by side:

* ``NAME.toml``: the save. A ``[journal]`` table (game, schema, seed, dice counter,
  number of log entries) and a ``[state]`` table owned by the game. Small, plain TOML,
  rewritten whole (atomically) by every command.
* ``NAME.log.jsonl``: the history, one JSON object per line, only ever appended to
  (undo cuts entries off its end).

The save is the commit point. ``journal.entries`` says how many log entries belong to
the campaign; lines past that (left by a crash between the log append and the save's
rename, or by an undo interrupted after its rename) are ignored by readers and cut off
by the next write. So a crash at any instant leaves either the old or the new
campaign, and one command reads only the end of the log, whatever its length.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from contextlib import contextmanager
from pathlib import Path

from journal import games
from journal.dice import MAX_SEED
from journal.errors import InputError, SaveError
from journal.schema import Int, Str, Table, opt

NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
NAME_RULE = "a save name (letters, digits, '.', '_' and '-', starting with a letter or digit) or a path ending in .toml"

JOURNAL_TABLE = Table({
    "game": Str(describe="a game id"),
    "schema": Int(1),
    "seed": Int(0, MAX_SEED),
    "dice": opt(Int(0)),
    "entries": opt(Int(0)),
})


class SavePaths:
    __slots__ = ("save", "log", "name")

    def __init__(self, save: Path, log: Path, name: str):
        self.save, self.log, self.name = save, log, name

    @property
    def shown(self) -> str:
        return str(self.save)


def resolve(ref: str, saves_dir: Path) -> SavePaths:
    """A NAME inside the saves folder, or a path to a .toml file; anything else is refused."""
    if not isinstance(ref, str) or not ref:
        raise InputError(f"no save given: expected {NAME_RULE}")
    if ref.endswith(".toml") and len(ref) > 5:
        path = Path(ref)
    elif NAME_RE.fullmatch(ref):
        path = Path(saves_dir) / f"{ref}.toml"
    else:
        raise InputError(f"'{ref}' is not {NAME_RULE}")
    name = path.name[: -len(".toml")]
    return SavePaths(path, path.with_name(f"{name}.log.jsonl"), name)


# --- the current campaign ---------------------------------------------------

CURRENT = ".current"  # one line in the saves folder: the campaign `journal use` chose


def read_current(folder: Path) -> str | None:
    """The saves folder's current campaign (a save name, or a path to a .toml file), if any."""
    path = Path(folder) / CURRENT
    try:
        text = path.read_bytes().decode("utf-8").strip()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not UTF-8 text: choose the campaign again with `journal use NAME`") from None
    except OSError as e:
        raise SaveError(f"cannot read {path}: {e.strerror}") from None
    return text.splitlines()[0].strip() if text else None


def current_ref(paths: SavePaths, folder: Path) -> str:
    """How the current-campaign file names a save: its name inside the folder, else its full path."""
    inside = paths.save.parent.resolve() == Path(folder).resolve()
    return paths.name if inside else str(paths.save.resolve())


def write_current(folder: Path, ref: str) -> None:
    """Make `ref` the folder's current campaign (the caller holds the folder's lock)."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    atomic_write(Path(folder) / CURRENT, (ref + "\n").encode("utf-8"))


# --- locking ---------------------------------------------------------------

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: commands are not serialized
    fcntl = None


@contextmanager
def locked(folder: Path, exclusive: bool):
    """Hold a lock on the save's folder: writers serialize, readers share.

    The folder itself is locked (not a lock file) so no stray files are left beside
    saves; os.replace() swaps the save's inode, so the save cannot be the lock.
    """
    if fcntl is None:
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # closing releases the lock


# --- reading and validating -----------------------------------------------

def read_text(paths: SavePaths) -> str:
    try:
        data = paths.save.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"no save '{paths.name}' at {paths.shown}: start one with `journal GAME new {paths.name}`"
                        ) from None
    except OSError as e:
        raise SaveError(f"cannot read {paths.shown}: {e.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise SaveError(f"{paths.shown} line {line}: not valid UTF-8 text") from None


def parse_side(path: Path, data: bytes | None) -> dict:
    """A side file's content (a missing file is empty), or a SaveError naming it."""
    if data is None:
        return {}
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise SaveError(f"{path} byte {e.start}: not valid UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise SaveError(f"{path}: TOML syntax error: {e}") from None


_AT_LINE = re.compile(r"^(.*?)\s*\(at line (\d+), column (\d+)\)$")


def parse(paths: SavePaths, text: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        m = _AT_LINE.match(msg)
        if m:
            raise SaveError(f"{paths.shown} line {m.group(2)}, column {m.group(3)}: "
                            f"TOML syntax error: {m.group(1)}") from None
        raise SaveError(f"{paths.shown}: TOML syntax error: {msg}") from None


def check_doc(doc: dict):
    """Validate a parsed save (migrating an older schema in memory).

    Returns (game module, migrated doc, problems). The game is None when the
    [journal] table is too broken to know which game the save belongs to.
    """
    problems: list[str] = []
    for key in doc:
        if key not in ("journal", "state"):
            problems.append(f"{key} is not a known table: a save has [journal] and [state]")
    jt = doc.get("journal")
    if jt is None:
        problems.append("journal is missing: the [journal] table names the game, schema and seed")
        return None, doc, problems
    JOURNAL_TABLE.check(jt, "journal", problems)
    if not isinstance(jt, dict) or not isinstance(jt.get("game"), str):
        return None, doc, problems
    try:
        game = games.load(jt["game"])
    except SaveError as e:
        problems.append(e.message)
        return None, doc, problems
    schema = jt.get("schema")
    if isinstance(schema, int) and not isinstance(schema, bool):
        if schema > game.SCHEMA_VERSION:
            problems.append(f"journal.schema = {schema}: this save was written by a newer journal; "
                            f"this version reads {game.ID} saves up to schema {game.SCHEMA_VERSION}")
            return game, doc, problems
        if schema < game.SCHEMA_VERSION and "state" in doc:
            doc = migrate(game, doc)
    if "state" not in doc:
        problems.append("state is missing: the [state] table holds the game")
    else:
        problems.extend(game.validate(doc["state"]))
    return game, doc, problems


def migrate(game, doc: dict) -> dict:
    """Bring a save written under an older schema up to the game's current one."""
    state = doc["state"]
    version = doc["journal"]["schema"]
    while version < game.SCHEMA_VERSION:
        step = game.MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"journal.schema = {version}: no migration from schema {version} "
                            f"for {game.ID} saves")
        state = step(state)
        version += 1
    return {**doc, "journal": {**doc["journal"], "schema": version}, "state": state}


# --- the log ----------------------------------------------------------------

def _reverse_records(f, size: int, chunk: int = 1 << 16):
    """Yield (offset, record) for the newline-separated records of a file, last first.

    The first record yielded is the text after the last newline: b"" when the file
    ends with a newline, otherwise a torn (unterminated) append.
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
    yield 0, carry


class LogView:
    """The committed part of a campaign's log (entries 1..journal.entries)."""

    def __init__(self, paths: SavePaths, entries: int):
        self.paths = paths
        self.entries = entries
        self.end = 0  # byte offset just past the last committed entry
        self.orphans: list[dict] = []  # entries past journal.entries: a command that never committed

    def open(self):
        try:
            return open(self.paths.log, "rb")
        except FileNotFoundError:
            return None

    def scan(self, want: int = 1) -> list[tuple[int, dict]]:
        """Find the committed end; return up to `want` last entries as (offset, entry), newest first.

        Reads the log backwards, so the cost is that of the entries asked for (plus any
        uncommitted tail), not of the campaign's length. Raises SaveError when the log
        does not hold the entries the save expects.
        """
        f = self.open()
        if f is None:
            if self.entries:
                raise SaveError(f"{self.paths.log} is missing but journal.entries = {self.entries}: "
                                f"restore the log, or set journal.entries = 0 to start a new history")
            return []
        found: list[tuple[int, dict]] = []
        self.orphans = []
        expect = self.entries
        with f:
            records = _reverse_records(f, os.fstat(f.fileno()).st_size)
            next(records)  # the text after the last newline: empty, or a torn append
            for offset, raw in records:
                try:
                    entry = json.loads(raw)
                    n = entry["n"]
                except (ValueError, KeyError, TypeError):
                    raise SaveError(f"{self.paths.log} byte {offset}: damaged log entry") from None
                if not found and isinstance(n, int) and n > self.entries:
                    self.orphans.append(entry)
                    continue  # written by a command that never committed: cut off at the next write
                if n != expect:
                    raise SaveError(f"{self.paths.log}: entry {n} found where entry {expect} was expected "
                                    f"(journal.entries = {self.entries})")
                if not found:
                    self.end = offset + len(raw) + 1
                found.append((offset, entry))
                expect -= 1
                if len(found) >= want or expect == 0:
                    break
        if len(found) < min(want, self.entries):
            raise SaveError(f"{self.paths.log} holds fewer entries than journal.entries = {self.entries}")
        return found

    def read_all(self) -> list[dict]:
        """Every committed entry, oldest first (for the log listing and the PDF)."""
        if not self.entries:
            return []
        if not self.end:
            self.scan(1)
        f = self.open()
        if f is None:
            return []
        with f:
            data = f.read(self.end)
        entries = []
        for number, line in enumerate(data.split(b"\n")[:-1], 1):
            try:
                entry = json.loads(line)
                ok = isinstance(entry, dict) and entry.get("n") == number
            except ValueError:  # UnicodeDecodeError included
                ok = False
            if not ok:
                raise SaveError(f"{self.paths.log} line {number}: damaged log entry (expected entry {number})")
            entries.append(entry)
        return entries

    def tail(self, count: int) -> list[dict]:
        return [e for _off, e in reversed(self.scan(count))] if count > 0 else []


# --- writing ----------------------------------------------------------------

def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some filesystems refuse
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes) -> None:
    """Write a temp file in the same folder, flush, fsync, rename over the target.

    Callers hold the folder's exclusive lock, so temp files of this save left by a
    writer that was killed are stale and are removed here.
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    prefix = f".{path.name}."
    for entry in os.scandir(path.parent):
        if entry.name.startswith(prefix) and entry.name.endswith(".tmp") and entry.name != tmp.name:
            Path(entry.path).unlink(missing_ok=True)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def append_log(log_path: Path, committed_end: int, data: bytes) -> None:
    """Cut uncommitted lines off the log, then append `data` and fsync it."""
    fd = os.open(log_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        size = os.fstat(fd).st_size
        if size != committed_end:
            os.ftruncate(fd, committed_end)
        os.lseek(fd, committed_end, os.SEEK_SET)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)


def truncate_log(log_path: Path, end: int) -> None:
    try:
        fd = os.open(log_path, os.O_RDWR)
    except FileNotFoundError:
        return
    try:
        os.ftruncate(fd, end)
        os.fsync(fd)
    finally:
        os.close(fd)

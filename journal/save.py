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
import stat
from contextlib import contextmanager

from journal import files, games
from journal.dice import MAX_SEED
from journal.errors import InputError, SaveError, typed
from journal.log import entry_problem, number_problem, side_problem
from journal.schema import Int, Str, Table, opt

NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
NAME_RULE = "a save name (letters, digits, '.', '_' and '-', starting with a letter or digit) or a path ending in .toml"

JOURNAL_TABLE = Table({
    "game": Str(describe="a game id"),
    "schema": Int(1),
    "seed": Int(0, MAX_SEED),
    "dice": opt(Int(0, MAX_SEED)),
    "entries": opt(Int(0, MAX_SEED)),
})


# --- paths ----------------------------------------------------------------------
# Paths are plain strings written as pathlib writes them (files.clean_path): pathlib alone (with
# urllib.parse, which it imports) costs a command more start-up time than reading a save.

def folder_of(path: str) -> str:
    """The folder a file is in ('.' for a bare file name)."""
    return os.path.dirname(path) or "."


def beside(path: str, name: str) -> str:
    """The file `name` in the folder of `path`."""
    return os.path.join(os.path.dirname(path), name)


def remove(path) -> None:
    """Remove a file; nothing there is fine."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


class SavePaths:
    """Where a campaign lives: the save, its log (both paths as strings) and its name."""

    __slots__ = ("save", "log", "name")

    def __init__(self, save: str, log: str, name: str):
        self.save, self.log, self.name = save, log, name

    @property
    def shown(self) -> str:
        return str(self.save)


def resolve(ref: str, saves_dir) -> SavePaths:
    """A NAME inside the saves folder, or a path to a .toml file; anything else is refused."""
    if not isinstance(ref, str) or not ref:
        raise InputError(f"no save given: expected {NAME_RULE}")
    if ref.endswith(".toml") and len(ref) > 5:
        path = files.clean_path(ref)
    elif NAME_RE.fullmatch(ref):
        path = files.clean_path(os.path.join(saves_dir, f"{ref}.toml"))
    else:
        raise InputError(f"{typed(ref)} is not {NAME_RULE}")
    name = os.path.basename(path)[: -len(".toml")]
    log = beside(path, f"{name}.log.jsonl")
    if os.path.islink(path) or os.path.islink(log):
        return _through_links(path, log, name)
    return SavePaths(path, log, name)


def _through_links(path: str, log: str, name: str) -> SavePaths:
    """A save reached through a symlink is the file it points to, with that file's own log:
    commands write there (the link stays a link). Two saves never share one history: a log
    that is a link to another save's log (another name), or a log beside the link that is
    not the real save's, is refused."""
    real = os.path.realpath(path)
    if os.path.islink(path) and not os.path.exists(real):
        raise SaveError(f"{path} is a link to {real}, where there is nothing: remove the link, or put the save "
                        f"back where it points")
    real_name = os.path.basename(real)
    if not real_name.endswith(".toml") or len(real_name) <= 5:
        raise SaveError(f"{path} is a link to {real}, which is not a .toml save")
    real_log = beside(real, f"{real_name[:-5]}.log.jsonl")
    target = os.path.realpath(real_log)
    if os.path.lexists(real_log) and os.path.basename(target) != os.path.basename(real_log):
        raise SaveError(f"{real_log} is a link to {target}, the log of another save: a save and its log "
                        f"stay together (restore the save's own log)")
    if log != real_log and os.path.lexists(log) and os.path.realpath(log) != target:
        what = f"a link to {os.path.realpath(log)}" if os.path.islink(log) else "another file"
        raise SaveError(f"{log} is {what}, but the log of {path} is {real_log}: a save and its log stay "
                        f"together (use one name for the campaign, or move the stray log away)")
    return SavePaths(real, real_log, name)


# --- the current campaign ---------------------------------------------------

CURRENT = ".current"  # one line in the saves folder: the campaign `journal use` chose


def read_current(folder) -> str | None:
    """The saves folder's current campaign (a save name, or a path to a .toml file), if any."""
    path = files.clean_path(os.path.join(folder, CURRENT))
    try:
        text = files.read_bytes(path, limit=4096).decode("utf-8").strip()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not UTF-8 text: choose the campaign again with `journal use NAME`") from None
    except SaveError as e:
        raise SaveError(f"{e.message}: choose the campaign again with `journal use NAME`") from None
    return text.split("\n")[0].strip() if text else None


def current_ref(paths: SavePaths, folder) -> str:
    """How the current-campaign file names a save: its name inside the folder, else its full path."""
    inside = os.path.realpath(folder_of(paths.save)) == os.path.realpath(folder)
    return paths.name if inside else os.path.realpath(paths.save)


def write_current(folder, ref: str) -> None:
    """Make `ref` the folder's current campaign (the caller holds the folder's lock)."""
    os.makedirs(folder, exist_ok=True)
    atomic_write(files.clean_path(os.path.join(folder, CURRENT)), (ref + "\n").encode("utf-8"))


# --- locking ---------------------------------------------------------------

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: commands are not serialized
    fcntl = None


@contextmanager
def locked(folder, exclusive: bool):
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
    """The save's text: a regular file of UTF-8 text (anything else is refused, naming it)."""
    try:
        data = files.read_bytes(paths.save, paths.shown)
    except (FileNotFoundError, NotADirectoryError):
        raise SaveError(f"no save {typed(paths.name)} at {paths.shown}: start one with `journal GAME new {paths.name}`"
                        ) from None
    return files.decode(data, paths.shown)


def read_side(path) -> bytes | None:
    """A side file's bytes (None: there is none yet)."""
    try:
        return files.read_bytes(path)
    except FileNotFoundError:
        return None


def parse_side(path, data: bytes | None) -> dict:
    """A side file's content (a missing file is empty), or a SaveError naming it."""
    if data is None:
        return {}
    return files.toml_of(data, str(path))


def parse(paths: SavePaths, text: str) -> dict:
    return files.parse_toml(text, paths.shown)


# --- the parse cache ------------------------------------------------------------
# Parsing TOML is most of a command's own work on a big save (a War Titans board), so each
# commit leaves the parsed save beside it as JSON, tied to the exact text by its hash. It is
# only ever a shortcut for `tomllib.loads(text)`: the document is validated as always, and a
# missing, torn, stale or strange cache is simply not used.

def cache_path(paths: SavePaths) -> str:
    return beside(paths.save, f".{os.path.basename(paths.save)[:-5]}.cache.json")


def read_cached(paths: SavePaths, text_sha: str) -> dict | None:
    """The parsed save from its cache, when the cache was written for exactly this text."""
    try:
        obj = files.parse_json(files.read_bytes(cache_path(paths)))  # bounded like every file read
    except (OSError, SaveError, ValueError):
        return None
    if isinstance(obj, dict) and obj.get("sha256") == text_sha and isinstance(obj.get("doc"), dict):
        return obj["doc"]
    return None


def write_cache(paths: SavePaths, text_sha: str, doc: dict) -> None:
    """Best effort and not fsynced: the save is the commit point, the cache a shortcut (never
    put in the place of a link, a folder or anything else that is not a regular file)."""
    path = cache_path(paths)
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return
    except FileNotFoundError:
        pass
    except OSError:
        return
    try:
        data = json.dumps({"sha256": text_sha, "doc": doc}, ensure_ascii=False, separators=(",", ":"))
        atomic_write(path, data.encode("utf-8"), durable=False)
    except (OSError, TypeError, ValueError):
        pass


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


class LogView:
    """The committed part of a campaign's log (entries 1..journal.entries)."""

    def __init__(self, paths: SavePaths, entries: int):
        self.paths = paths
        self.entries = entries
        self.end = 0  # byte offset just past the last committed entry
        self.orphans: list[dict] = []  # entries past journal.entries: a command that never committed
        self.found: dict[int, dict] = {}  # the entries read so far, by number

    def open(self):
        try:
            return files.open_regular(self.paths.log)
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

    def _shape(self, entry, where: str, committed: bool = True) -> None:
        problem = entry_problem(entry) if committed else number_problem(entry) or side_problem(entry)
        if problem:
            raise SaveError(f"{self.paths.log} {where}: damaged log entry: {problem}")

    def scan(self, want: int = 1) -> list[tuple[int, dict]]:
        """Find the committed end; return up to `want` last entries as (offset, entry), newest first.

        Reads the log backwards, so the cost is that of the entries asked for (plus any
        uncommitted tail), not of the campaign's length. Each entry read is checked for
        the shape readers rely on. Raises SaveError when the log does not hold the
        entries the save expects.
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
                entry = self._entry(raw, f"byte {offset}", committed=False)
                n = entry["n"]
                if not found and n > self.entries:
                    self.orphans.append(entry)
                    continue  # written by a command that never committed: cut off at the next write
                self._shape(entry, f"byte {offset}")
                if n != expect:
                    raise SaveError(f"{self.paths.log}: entry {n} found where entry {expect} was expected "
                                    f"(journal.entries = {self.entries})")
                if not found:
                    self.end = offset + len(raw) + 1
                found.append((offset, entry))
                self.found[n] = entry
                expect -= 1
                if len(found) >= want or expect == 0:
                    break
        if len(found) < min(want, self.entries):
            raise SaveError(f"{self.paths.log} holds fewer entries than journal.entries = {self.entries}")
        return found

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
        """Every committed entry, oldest first (for the log listing, the PDF and check)."""
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
            entry = self._entry(line, f"line {number}")
            if entry["n"] != number:
                raise SaveError(f"{self.paths.log} line {number}: damaged log entry (entry {entry['n']} where "
                                f"entry {number} was expected)")
            entries.append(entry)
        return entries

    def tail(self, count: int) -> list[dict]:
        return [e for _off, e in reversed(self.scan(count))] if count > 0 else []


# --- writing ----------------------------------------------------------------

def _fsync_dir(folder: str) -> None:
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


def atomic_write(path, data: bytes, durable: bool = True) -> None:
    """Write a temp file in the same folder, flush, fsync (unless not `durable`), rename over
    the target.

    Callers hold the folder's exclusive lock, so temp files of this save left by a
    writer that was killed are stale and are removed here. A symlink is followed: the file
    it points to is replaced, and the link stays a link.
    """
    path = os.fspath(path)
    if os.path.islink(path):
        path = os.path.realpath(path)
    name = os.path.basename(path)
    tmp_name = f".{name}.{os.getpid()}.tmp"
    tmp = beside(path, tmp_name)
    prefix = f".{name}."
    for entry in os.scandir(folder_of(path)):
        if entry.name.startswith(prefix) and entry.name.endswith(".tmp") and entry.name != tmp_name:
            remove(entry.path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable:
        _fsync_dir(folder_of(path))


def append_log(log_path, committed_end: int, data: bytes) -> None:
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


def truncate_log(log_path, end: int) -> None:
    try:
        fd = os.open(log_path, os.O_RDWR)
    except FileNotFoundError:
        return
    try:
        os.ftruncate(fd, end)
        os.fsync(fd)
    finally:
        os.close(fd)

"""Writing files so that a crash leaves the old bytes or the new, never a mix.

A file is written to a temporary file beside it (`.NAME.PID.tmp`), flushed, fsynced and renamed
over it, keeping the mode of the file it replaces. A link is never written through: a saves folder
received from someone else could point one at the player's own files.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from typing import AnyStr

from journal.errors import SaveError
from journal.store.paths import beside, folder_of

TEMP = r"\.(.+)\.(\d+)\.tmp"  # .NAME.PID.tmp: a file being written by process PID
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def remove(path: str) -> None:
    """Remove a file; nothing there is fine."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def fsync(fd: int) -> None:
    """Flush a file's data to the disk (os.fsync): the one place journal asks for it, so the
    tests that are not about durability can switch it off (tests/conftest.py)."""
    os.fsync(fd)


def sync_folder(folder: str) -> None:
    """Make a rename in `folder` durable (best effort: some filesystems refuse)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover
        return
    try:
        fsync(fd)
    except OSError:  # pragma: no cover - some filesystems refuse
        pass
    finally:
        os.close(fd)


def temp_path(path: str) -> str:
    """This process's temporary file for `path`: `.NAME.PID.tmp` beside it."""
    return beside(path, f".{os.path.basename(path)}.{os.getpid()}.tmp")


def gone(pid: int) -> bool:
    """Whether no process `pid` runs any more (only POSIX can tell; elsewhere: it may run)."""
    if os.name != "posix":  # pragma: no cover - Windows' os.kill(pid, 0) would stop the process
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OverflowError, ValueError):
        return True   # no process can have that number
    except OSError:
        return False  # another user's process
    return False


def clean_stale(folder: str, target: str | None = None) -> None:
    """Remove the temporary files killed writers left in `folder`: those of `target` (the caller
    holds the folder's exclusive lock, so no other writer of it runs), and any other whose process
    is gone (a PDF is written outside the lock: a running one keeps its file)."""
    mine = os.getpid()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        found = re.fullmatch(TEMP, entry.name)
        if found is None or int(found.group(2)) == mine:
            continue
        if found.group(1) == target or gone(int(found.group(2))):
            try:
                remove(entry.path)
            except OSError:
                pass


def refuse_link(path: str) -> None:
    """journal never writes through a link (a folder received from someone could point it at any
    file of the player's)."""
    if os.path.islink(path):
        raise SaveError(f"{path} is a link (to {os.path.realpath(path)}): journal never writes through a link "
                        f"in a saves folder; remove the link, or put the file itself there")


def mode_for(path: str, mode: int | None) -> int | None:
    """The permission bits a rewrite of `path` gets: `mode` when given, else those of the file it
    replaces (None: a new file, the usual 0644 less the umask). A read-only file is refused."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return mode
    refuse_read_only(path, st)
    return stat.S_IMODE(st.st_mode) if mode is None else mode


def refuse_read_only(path: str, st: os.stat_result, then: str = "to change it") -> None:
    """journal does not replace a file its owner made read-only."""
    if not st.st_mode & stat.S_IWUSR:
        raise SaveError(f"{path} is read-only (mode {stat.S_IMODE(st.st_mode):04o}): journal does not replace it; "
                        f"make it writable (chmod u+w {path}) {then}")


def stage(path: str, data: bytes, durable: bool = True, mode: int | None = None) -> str:
    """Write `data` to this process's temporary file beside `path` (flushed and fsynced when
    `durable`), with the mode `path` will keep; return the temporary file's path. On a failure
    here or in `replace`, atomic_write removes the temporary file."""
    refuse_link(path)
    mode = mode_for(path, mode)
    tmp = temp_path(path)
    clean_stale(folder_of(path), os.path.basename(path))
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | NOFOLLOW, 0o644)
    except OSError as e:  # name the folder that refuses it, not the temporary file
        if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise type(e)(e.errno, f"{e.strerror}: journal cannot create files in this folder",
                          folder_of(path)) from None
        raise
    with os.fdopen(fd, "wb") as f:
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(f.fileno(), mode)
        f.write(data)
        if durable:
            f.flush()
            fsync(f.fileno())
    return tmp


def replace(tmp: str, path: str) -> None:
    """Rename a staged file over `path` (the instant the new bytes are in place)."""
    os.replace(tmp, path)


def atomic_write(path: str | os.PathLike[str], data: bytes, durable: bool = True, mode: int | None = None,
                 unchanged: Callable[[], None] | None = None) -> None:
    """Write a temp file in the same folder, flush, fsync (unless not `durable`), rename over
    the target, keeping its mode (`mode`: set this one).

    Callers hold the folder's exclusive lock, so temp files of this target left by a writer
    that was killed are stale and are removed here (and any other whose writer is gone). A link
    is refused, never written through; so is a read-only file. `unchanged()` runs once the new
    bytes are staged, just before the rename: it raises to keep the file as it is (a save written
    by another program while the command ran).
    """
    path = os.fspath(path)
    try:
        tmp = stage(path, data, durable, mode)
        if unchanged is not None:
            unchanged()
        replace(tmp, path)
    except BaseException:  # whatever stopped it, no temporary file stays behind
        try:
            remove(temp_path(path))
        except OSError:
            pass
        raise
    if durable:
        sync_folder(folder_of(path))


def append_log(log_path: str, committed_end: int, data: bytes | Iterable[bytes], mode: int | None = None) -> int:
    """Cut uncommitted lines off the log, then append `data` and fsync it (a new log gets `mode`);
    return how many bytes were appended. `data` may come as pieces (an undo or a redo of many
    entries, which no one holds whole): they are written in blocks of 1 MiB as they come; should
    one fail to come (an exception), the caller cuts the log back.

    A log shorter than its committed part was changed by another program since it was read:
    refused (truncating would pad it with NUL bytes).
    """
    created = not os.path.lexists(log_path)
    fd = os.open(log_path, os.O_RDWR | os.O_CREAT | NOFOLLOW, 0o644)
    try:
        if created and mode is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        size = os.fstat(fd).st_size
        if size < committed_end:
            raise SaveError(f"{log_path} holds {size} bytes, fewer than the {committed_end} it held when this "
                            f"command read it: another program changed it; nothing was saved")
        if size != committed_end:
            os.ftruncate(fd, committed_end)
        os.lseek(fd, committed_end, os.SEEK_SET)
        written = 0
        for block in [data] if isinstance(data, bytes) else blocks(data):
            write_all(fd, block)
            written += len(block)
        fsync(fd)
    finally:
        os.close(fd)
    return written


def blocks(pieces: Iterable[AnyStr], size: int = 1 << 20) -> Iterator[AnyStr]:
    """Pieces (bytes, or text) joined into blocks of about `size` bytes or characters: one write,
    not thousands."""
    block: list[AnyStr] = []
    held = 0
    for piece in pieces:
        block.append(piece)
        held += len(piece)
        if held >= size:
            yield piece[:0].join(block)
            block, held = [], 0
    if block:
        yield block[0][:0].join(block)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def truncate_log(log_path: str, end: int) -> None:
    try:
        fd = os.open(log_path, os.O_RDWR | NOFOLLOW)
    except FileNotFoundError:
        return
    try:
        if os.fstat(fd).st_size > end:
            os.ftruncate(fd, end)
            fsync(fd)
    finally:
        os.close(fd)

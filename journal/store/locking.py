"""Locking: per campaign, so that a command on one campaign never waits for another.

A command on a campaign holds its campaign's lock: shared to read, exclusive to write. The
campaign's lock is its log (appended to and cut in place, so the same file for the campaign's
whole life; moving it keeps it). Readers of a campaign share it, writers of a campaign serialize,
and commands on two campaigns never wait for each other.
What changes the folder's names (`new`, and the moves: `copy`, `rename`, `delete`, `restore`; `use`,
`demo`, a campaign without a log yet) holds the folder's lock exclusively, for the moment it
changes them: a move first takes the lock of the campaign it moves (so it waits only for the
commands on that campaign), then the folder's. No command waits for a lock while it holds the
folder's, so nothing waits for a long reader of another campaign. A command that waited for its
campaign's lock while the campaign was moved finds its log no longer where it looked, and looks
again (the campaign is gone from that name: "no save").

POSIX systems lock with `fcntl.flock` (the folder itself and the log: no lock file); Windows
locks a byte of a lock file in the folder with `msvcrt.locking` (a folder cannot be opened there),
the whole folder for every command. Anywhere else journal refuses to write rather than run
commands unserialized.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from journal.errors import SaveError

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # not POSIX
    fcntl = None

LOCK_FILE = ".lock"  # Windows only: the file whose first byte is locked


@contextmanager
def locked(folder: str | os.PathLike[str], exclusive: bool) -> Iterator[None]:
    """Hold a lock on the save's folder: writers serialize, readers share (on Windows, readers
    serialize too: msvcrt has no shared lock).

    On POSIX the folder itself is locked (not a lock file), so no stray files are left beside
    saves; os.replace() swaps the save's inode, so the save cannot be the lock.
    """
    if fcntl is not None:
        with _flock(fcntl, folder, exclusive):
            yield
    elif sys.platform == "win32":  # pragma: no cover - Windows
        with _msvcrt_lock(folder):
            yield
    else:
        raise SaveError("this system offers no file locking journal knows (POSIX fcntl or Windows msvcrt): "
                        "journal does not run commands unserialized")


HELD: set[tuple[int, int]] = set()  # the folders this process holds a lock on (device, inode)


@contextmanager
def _flock(fcntl: ModuleType, folder: str | os.PathLike[str], exclusive: bool, opened: int | None = None
           ) -> Iterator[None]:
    """flock a folder (or the file open as `opened`, which the caller closes)."""
    fd = os.open(folder, os.O_RDONLY) if opened is None else opened
    try:
        st = os.fstat(fd)
        key = (st.st_dev, st.st_ino)
        if key in HELD:  # a second lock of our own would wait for the first forever
            raise RuntimeError(f"{folder} is already locked by this command: a command cannot run inside another "
                               f"on the same saves folder")
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        HELD.add(key)
        try:
            yield
        finally:
            HELD.discard(key)
            if opened is not None:
                fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        if opened is None:
            os.close(fd)  # closing releases the lock


@contextmanager
def campaign(folder: str, log: str, exclusive: bool) -> Iterator[None]:
    """Hold a campaign's lock: its log's (shared to read, exclusive to write), the log that stands
    under that name once the lock is held (a move may have renamed the one first opened). A
    campaign with no log (a save written by hand, never played) has no lock of its own: a writer
    holds the folder exclusively, a reader shares it, once it has seen under the folder's lock that no
    log has come meanwhile (a command holding the log's lock holds no folder lock)."""
    if fcntl is None:  # pragma: no cover - Windows: the whole folder
        with locked(folder, exclusive):
            yield
        return
    while True:
        fd = _open_log(log)
        if fd is None:
            with locked(folder, exclusive):
                fd = _open_log(log)  # no log comes while the folder is held (`new` makes one under it)
                if fd is None:
                    yield
                    return
                os.close(fd)
            continue  # made while this command waited for the folder: its lock is the campaign's
        try:
            with _flock(fcntl, log, exclusive, fd):
                if _names(fd, log):
                    yield
                    return
        finally:
            os.close(fd)


def _names(fd: int, path: str) -> bool:
    """Whether `path` still names the file open as `fd`."""
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    held = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (held.st_dev, held.st_ino)


@contextmanager
def names_changing(folder: str | os.PathLike[str]) -> Iterator[None]:
    """The folder's lock, exclusive, while a move changes its names, taken after the lock of the
    campaign it moves (journal/campaigns.py). Already held by this command (a campaign without a
    log is locked by its folder; on Windows every campaign is): nothing more to take."""
    if fcntl is None:  # pragma: no cover - Windows: the campaign's lock is the folder's
        yield
        return
    st = os.stat(folder)
    if (st.st_dev, st.st_ino) in HELD:
        yield
        return
    with locked(folder, True):
        yield


def _open_log(log: str) -> int | None:
    """The log, opened to be locked (None: no regular file there, so no campaign lock)."""
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(log, flags)
    except OSError:
        return None
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
    except BaseException:
        os.close(fd)
        raise
    os.close(fd)
    return None


if sys.platform == "win32":  # pragma: no cover - Windows
    @contextmanager
    def _msvcrt_lock(folder: str | os.PathLike[str]) -> Iterator[None]:
        import msvcrt

        fd = os.open(os.path.join(folder, LOCK_FILE), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            msvcrt.locking(fd, msvcrt.LK_LOCK, 1)  # retries for 10 s, then raises OSError
            try:
                yield
            finally:
                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        finally:
            os.close(fd)

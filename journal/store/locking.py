"""Locking a saves folder: writers serialize, readers share.

POSIX systems lock the folder itself with `fcntl.flock`; Windows locks a byte of a lock file in
the folder with `msvcrt.locking` (a folder cannot be opened there). Anywhere else journal refuses
to write rather than run commands unserialized.
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
def _flock(fcntl: ModuleType, folder: str | os.PathLike[str], exclusive: bool) -> Iterator[None]:
    fd = os.open(folder, os.O_RDONLY)
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
    finally:
        os.close(fd)  # closing releases the lock


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

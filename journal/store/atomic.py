"""Writing files so that a crash leaves the old bytes or the new, never a mix."""

from __future__ import annotations

import os

from journal.store.paths import beside, folder_of

def remove(path) -> None:
    """Remove a file; nothing there is fine."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


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

"""Reading files a player (or anyone) may have put there: saves, logs, side files, data files.

Every TOML or JSON document journal reads goes through here, so no file can crash the
reader: only regular files are read (a FIFO would block forever, a device never end),
sizes and nesting depths are bounded, and every problem is one line naming the file
(and the line or byte) raised as the caller's error class (SaveError for a save,
InputError for a file named on the command line).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tomllib

from journal.errors import SaveError

MAX_BYTES = 16 << 20   # a TOML file, or one log line: far above any real one
MAX_DEPTH = 32         # tables and arrays nested inside each other (real files: under 10)


def clean_path(path) -> str:
    """`path` as pathlib writes it: no empty or '.' parts, a leading '/' (or '//') kept, '.' for
    nothing (`./saves/` is `saves`)."""
    text = os.fspath(path)
    stripped = text.lstrip("/")
    root = "//" if len(text) - len(stripped) == 2 else "/" if stripped != text else ""
    return root + "/".join(p for p in stripped.split("/") if p and p != ".") or "."


def kind_of(mode: int) -> str:
    """What a non-regular file is, for a message: 'a folder', 'a FIFO', ..."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


LOOP = "a symlink loop (a link that leads back to itself)"


def kind_at(path) -> str | None:
    """What is at `path` when it is not a regular file ('a socket', LOOP ...); None for a regular
    file or when nothing can be told."""
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        return LOOP if e.errno == errno.ELOOP else None
    return None if stat.S_ISREG(mode) else kind_of(mode)


def broken_link(path) -> str | None:
    """What a link that leads nowhere is, to end "PATH ...": a loop, or a link to nothing (None:
    no link, or one that leads to something)."""
    if not os.path.islink(path):
        return None
    if kind_at(path) == LOOP:
        return f"is {LOOP}"
    if not os.path.exists(path):
        return f"is a link to {os.path.realpath(path)}, where there is nothing"
    return None


def hard_links(shown: str, count: int) -> str:
    """Why a save or log with more than one hard link is refused."""
    return (f"{shown} has {count} hard links (made by `ln` or `cp -al`): journal replaces a save and "
            f"appends to its log in place, so the linked copies would mix two histories; keep one "
            f"link (copy with plain `cp`)")


def open_regular(path, shown: str | None = None, error=SaveError, one_link: bool = False):
    """Open a regular file for reading (following symlinks), without ever blocking.

    Raises FileNotFoundError when there is nothing at `path` (a dangling symlink
    included), so each caller says what a missing file means; `error` for anything
    else that is not a readable regular file (`one_link`: or that has other hard links).
    """
    shown = shown or str(path)

    def opener(name, _flags: int) -> int:
        """The descriptor, checked; closed here alone when a check (or a Ctrl-C) stops it: once
        open() has it, the file object owns it, and only the file object closes it."""
        fd = _open_nonblocking(path, shown, error)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise error(f"cannot read {shown}: it is {kind_of(st.st_mode)}, not a regular file")
            if one_link and st.st_nlink > 1:
                raise error(hard_links(shown, st.st_nlink))
            if hasattr(os, "set_blocking"):
                os.set_blocking(fd, True)
        except BaseException:
            os.close(fd)
            raise
        return fd

    return open(path, "rb", opener=opener)


def _open_nonblocking(path, shown: str, error) -> int:
    """os.open without blocking on a FIFO, its refusals said as `error` (FileNotFoundError kept)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        return os.open(path, flags)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise error(f"cannot read {shown}: it is a folder, not a file") from None
    except OSError as e:  # a socket (ENXIO), a symlink loop (ELOOP) ...: say what it is
        kind = kind_at(path)
        raise error(f"cannot read {shown}: " + (f"it is {kind}, not a regular file" if kind
                                                else str(e.strerror or e))) from None


def read_regular(path, shown: str | None = None, error=SaveError, limit: int = MAX_BYTES,
                 one_link: bool = False) -> tuple[bytes, os.stat_result]:
    """The bytes of a regular file of at most `limit` bytes, and its status (FileNotFoundError
    when absent)."""
    shown = shown or str(path)
    with open_regular(path, shown, error, one_link) as f:
        try:
            st = os.fstat(f.fileno())
            if st.st_size > limit:
                raise error(f"cannot read {shown}: it holds {st.st_size} bytes, more than the {limit} a journal "
                            f"file may hold")
            data = f.read(limit + 1)
        except OSError as e:
            raise error(f"cannot read {shown}: {e.strerror or e}") from None
    if len(data) > limit:
        raise error(f"cannot read {shown}: it holds more than the {limit} bytes a journal file may hold")
    return data, st


def read_bytes(path, shown: str | None = None, error=SaveError, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (FileNotFoundError when absent)."""
    return read_regular(path, shown, error, limit)[0]


def decode(data: bytes, shown: str, error=SaveError) -> str:
    """UTF-8 text, or an error naming the line and byte of the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise error(f"{shown} line {line}: not valid UTF-8 text (byte {e.start})") from None


def too_deep(value, limit: int = MAX_DEPTH) -> bool:
    """Whether tables/arrays nest more than `limit` levels (checked without recursion)."""
    level = [value] if isinstance(value, (dict, list)) else []  # the tables and arrays at one depth
    depth = 0
    while level:
        if depth >= limit:
            return True
        inner: list = []
        for node in level:
            inner.extend(child for child in (node.values() if isinstance(node, dict) else node)
                         if isinstance(child, (dict, list)))
        level, depth = inner, depth + 1
    return False


_AT_LINE = r"^(.*?)\s*\(at line (\d+), column (\d+)\)$"


def parse_toml(text: str, shown: str, error=SaveError) -> dict:
    """A TOML document, or one line naming the file and the line of the syntax error."""
    if text.startswith("\ufeff"):
        raise error(f"{shown} starts with a byte-order mark (BOM, the bytes EF BB BF), which TOML does not "
                    f"allow: save it as UTF-8 without a BOM")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        m = re.match(_AT_LINE, msg)
        if m:
            raise error(f"{shown} line {m.group(2)}, column {m.group(3)}: TOML syntax error: {m.group(1)}"
                        ) from None
        raise error(f"{shown}: TOML syntax error: {msg}") from None
    except (RecursionError, MemoryError):
        doc = None
    except ValueError as e:  # Python refuses to read an integer of more than 4,300 digits
        what = "a number of more than 4300 digits" if "digits" in str(e) else "a value Python cannot read"
        raise error(f"{shown}: it holds {what}") from None
    if doc is None or too_deep(doc):
        raise error(f"{shown}: tables or arrays nested more than {MAX_DEPTH} deep: not a journal file")
    return doc


def toml_of(data: bytes, shown: str, error=SaveError) -> dict:
    """The TOML document in a file's bytes (UTF-8 text), or `error` naming `shown`."""
    return parse_toml(decode(data, shown, error), shown, error)


def read_toml(path, shown: str | None = None, error=SaveError) -> dict:
    """Read and parse a TOML file (a FileNotFoundError when it is absent, else `error`)."""
    shown = shown or str(path)
    return toml_of(read_bytes(path, shown, error), shown, error)


def parse_json(raw: bytes | str):
    """A JSON value of bounded depth, or ValueError (bad JSON, bad UTF-8, too deep, huge)."""
    import json

    if len(raw) > MAX_BYTES:
        raise ValueError("too long")
    try:
        value = json.loads(raw)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    if few_openings(raw) or not too_deep(value):
        return value
    raise ValueError("nested too deeply")


def few_openings(raw: bytes | str, limit: int = MAX_DEPTH) -> bool:
    """Whether a JSON text holds at most `limit` opening brackets, so that it cannot nest deeper
    (every level opens one; those inside strings only make the bound looser): then its value
    need not be walked. Every log line journal writes is such a text (about 12 of them)."""
    if isinstance(raw, str):
        return raw.count("[") + raw.count("{") <= limit
    return raw.count(b"[") + raw.count(b"{") <= limit

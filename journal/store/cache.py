"""The parse cache.

Parsing TOML is most of a command's own work on a big save (a War Titans board), so each
commit leaves the parsed save beside it as JSON, tied to the exact text by its hash. It is
only ever a shortcut for `tomllib.loads(text)`, and a missing, torn, stale or strange cache is
simply not used. Its first line holds a checksum of everything it holds: a cache changed by
anything but journal (an editor, a sync tool, a bad disk) fails it and is ignored, then rebuilt
by the next commit. It also records which version of journal judged that document valid, as it
was written: the same version need not judge the same document again (the session still asks
that journal wrote the text: the log's last entry holds its hash).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat

from journal import __version__, files
from journal.errors import JournalError, SaveError
from journal.store import atomic
from journal.store.paths import SavePaths, beside

def cache_path(paths: SavePaths) -> str:
    return beside(paths.save, f".{os.path.basename(paths.save)[:-5]}.cache.json")


def checksum(text_sha: str, valid_for: str, body: bytes, log: list[int] | None = None) -> str:
    """The cache's own checksum: of the save's hash, the version that judged it, the log as
    journal left it, and the document."""
    return hashlib.sha256(f"{text_sha}\n{valid_for}\n{log}\n".encode("utf-8") + body).hexdigest()


def log_identity(paths: SavePaths) -> list[int] | None:
    """The log as it stands: its inode, size and modification time (None: no log to read). Any
    change to it, by journal or anything else, changes one of them."""
    try:
        st = os.stat(paths.log)
    except OSError:
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns]


def encode(text_sha: str, doc: dict, log: list[int] | None = None) -> bytes:
    """A cache's bytes: one line of JSON saying whose it is (the save's hash, the version that
    judged the document, the log as journal left it, a checksum of those and of the document),
    then the document's JSON."""
    body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    head = {"sha256": text_sha, "valid_for": __version__, "log": log,
            "check": checksum(text_sha, __version__, body, log)}
    return json.dumps(head).encode("utf-8") + b"\n" + body


class Cached:
    """What a whole cache holds: the document, whether this version of journal judged it valid,
    and the log as journal left it when it wrote the cache (None: not known)."""

    __slots__ = ("doc", "judged", "log")

    def __init__(self, doc: dict, judged: bool, log: list[int] | None):
        self.doc, self.judged, self.log = doc, judged, log


def decode(raw: bytes, text_sha: str) -> Cached | None:
    """What a cache holds, when the cache is whole (its checksum matches what it holds) and
    belongs to the save's exact text; else None."""
    head_raw, _nl, body = raw.partition(b"\n")
    try:
        head = files.parse_json(head_raw)
        if not (isinstance(head, dict) and head.get("sha256") == text_sha and isinstance(head.get("valid_for"), str)
                and head.get("check") == checksum(text_sha, head["valid_for"], body, head.get("log"))):
            return None
        doc = files.parse_json(body)
    except (ValueError, TypeError):
        return None
    if not isinstance(doc, dict):
        return None
    log = head.get("log")
    whole = isinstance(log, list) and len(log) == 3 and all(type(v) is int for v in log)
    return Cached(doc, head["valid_for"] == __version__, log if whole else None)


def read_cached(paths: SavePaths, text_sha: str) -> Cached | None:
    """The parsed save from its cache, when the cache was written for exactly this text and is
    whole, with whether this version of journal judged it valid and the log as it left it."""
    try:
        raw = files.read_bytes(cache_path(paths))  # bounded like every file read
    except (OSError, SaveError):
        return None
    return decode(raw, text_sha)


def write_cache(paths: SavePaths, text_sha: str, doc: dict) -> None:
    """Best effort and not fsynced: the save is the commit point, the cache a shortcut (never
    put in the place of a link, a folder or anything else that is not a regular file). It has
    the save's mode: a save only its owner reads keeps a cache only its owner reads. `doc` is
    valid: journal never commits an invalid save."""
    path = cache_path(paths)
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return
    except FileNotFoundError:
        pass
    except OSError:
        return
    try:
        mode = stat.S_IMODE(os.stat(paths.save).st_mode) | stat.S_IWUSR
        atomic.atomic_write(path, encode(text_sha, doc, log_identity(paths)), durable=False, mode=mode)
    except (OSError, TypeError, ValueError, JournalError):
        pass

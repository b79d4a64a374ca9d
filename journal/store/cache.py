"""The parse cache.

Parsing TOML is most of a command's own work on a big save (a War Titans board), so each
commit leaves the parsed save beside it as JSON, tied to the exact text by its hash. It is
only ever a shortcut for `tomllib.loads(text)`, and a missing, torn, stale or strange cache is
simply not used. It also records which version of journal judged that document valid, as it
was written: the same version need not judge the same document again (the session still asks
that journal wrote the text: the log's last entry holds its hash).
"""

from __future__ import annotations

import json
import os
import stat

from journal import __version__, files
from journal.errors import JournalError, SaveError
from journal.store import atomic
from journal.store.paths import SavePaths, beside

def cache_path(paths: SavePaths) -> str:
    return beside(paths.save, f".{os.path.basename(paths.save)[:-5]}.cache.json")


def read_cached(paths: SavePaths, text_sha: str) -> tuple[dict, bool] | None:
    """The parsed save from its cache, when the cache was written for exactly this text, and
    whether this version of journal judged it valid when it wrote it."""
    try:
        obj = files.parse_json(files.read_bytes(cache_path(paths)))  # bounded like every file read
    except (OSError, SaveError, ValueError):
        return None
    if isinstance(obj, dict) and obj.get("sha256") == text_sha and isinstance(obj.get("doc"), dict):
        return obj["doc"], obj.get("valid_for") == __version__
    return None


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
        data = json.dumps({"sha256": text_sha, "valid_for": __version__, "doc": doc}, ensure_ascii=False,
                          separators=(",", ":"))
        atomic.atomic_write(path, data.encode("utf-8"), durable=False, mode=mode)
    except (OSError, TypeError, ValueError, JournalError):
        pass

"""Whole-campaign moves (delete, restore, rename, copy) as one unit: never a campaign split in two.

A campaign is several files (its save, its log, its undone commands, the shell's typed lines),
and a move renames or writes each in turn. Before the first of them the move is written down in
the saves folder (`.move.json`: which files go where, which files a copy makes and the file whose
presence means it is made, and how the current campaign changes), and removed after the last.
A kill, a Ctrl-C or an I/O error in between leaves that record, and the next command on the
folder (any command that opens a campaign, `list`, `check`) finishes the move first: every file
still at its old place goes to its new one (a copy whose save was never written is taken back
instead). So a campaign is always whole where it was or whole where it went.

The record names files only as journal names them, inside the saves folder or its trash: a folder
received from someone else cannot make journal move any other file.
"""

from __future__ import annotations

import json
import os
import re

from journal import files
from journal.errors import SaveError
from journal.store import atomic, locking
from journal.store.current import CURRENT, read_current, write_current
from journal.store.paths import NAME_PATTERN

MOVE = ".move.json"
TRASH = ".trash"
FILE = (r"(?:\.trash/)?(?:(?P<name>[^/]+?)(?:\.toml|\.log\.jsonl|\.undone\.jsonl)"
        r"|\.(?P<hidden>[^/]+?)(?:\.history|\.cache\.json))")  # compiled only when a record is read


class Move:
    """One whole-campaign move: `renames` (from, to) in order; the files a copy `made`, and its
    `commit` file (once there, the copy is made); the current campaign `current` = (the one it
    must be, the one it becomes: None for none)."""

    def __init__(self, folder: str, op: str, renames: list[tuple[str, str]] | None = None,
                 made: list[str] | None = None, commit: str | None = None,
                 current: tuple[str | None, str | None] | None = None):
        self.folder, self.op = folder, op
        self.renames, self.made, self.commit, self.current = renames or [], made or [], commit, current

    def path(self, rel: str) -> str:
        return os.path.join(self.folder, rel)

    def as_json(self) -> bytes:
        return json.dumps({"op": self.op, "renames": self.renames, "made": self.made, "commit": self.commit,
                           "current": list(self.current) if self.current else None}).encode("utf-8")


def record_path(folder: str) -> str:
    return files.clean_path(os.path.join(folder, MOVE))


def rel(folder: str, path: str) -> str:
    """A campaign file's path as the record names it (relative to the saves folder)."""
    return os.path.relpath(path, folder).replace(os.sep, "/")


def _valid_file(name: object) -> bool:
    found = re.fullmatch(FILE, name) if isinstance(name, str) else None
    return found is not None and bool(re.fullmatch(NAME_PATTERN, found.group("name") or found.group("hidden") or ""))


def _valid_ref(ref: object) -> bool:
    return ref is None or (isinstance(ref, str) and bool(re.fullmatch(NAME_PATTERN, ref)) and not ref.endswith(".toml"))


def parse(folder: str, raw: bytes) -> Move:
    """The move a record holds; anything else is refused (journal moves no file it did not name)."""
    shown = record_path(folder)
    try:
        obj = files.parse_json(raw)
        renames = [(a, b) for a, b in obj["renames"]]
        made, commit, current = list(obj["made"]), obj["commit"], obj["current"]
        ok = (all(map(_valid_file, [f for pair in renames for f in pair] + made))
              and (commit is None or _valid_file(commit))
              and (current is None or (len(current) == 2 and all(map(_valid_ref, current))))
              and isinstance(obj["op"], str))
    except (ValueError, TypeError, KeyError, SaveError):
        ok = False
    if not ok:
        raise SaveError(f"{shown} is not a record of a move journal began (it names files journal does not "
                        f"move): remove it, then check the campaigns with `journal list` and `journal list --trash`")
    return Move(folder, obj["op"], renames, made, commit, tuple(current) if current else None)  # type: ignore[arg-type]


def begin(move: Move) -> None:
    """Write the move down before its first file changes (durably: a crash must find it)."""
    atomic.atomic_write(record_path(move.folder), move.as_json())


def end(folder: str) -> None:
    """The move is whole: its record goes."""
    atomic.remove(record_path(folder))
    atomic.sync_folder(folder)


def pending(folder: str) -> bool:
    return os.path.lexists(os.path.join(folder, MOVE))


def finish(move: Move) -> None:
    """Finish a move: every file still at its old place goes to its new one; a copy whose
    commit file is missing is taken back (the files it made go); then the current campaign."""
    if move.commit is not None and not os.path.lexists(move.path(move.commit)):
        for made in move.made:
            atomic.remove(move.path(made))
    for src, dst in move.renames:
        if os.path.lexists(move.path(src)) and not os.path.lexists(move.path(dst)):
            if dst.startswith(TRASH + "/"):
                os.makedirs(move.path(TRASH), exist_ok=True)
            os.replace(move.path(src), move.path(dst))
    set_current(move)
    end(move.folder)


def set_current(move: Move) -> None:
    if move.current is None:
        return
    was, becomes = move.current
    if read_current(move.folder) != was:
        return
    if becomes is None:
        atomic.remove(os.path.join(move.folder, CURRENT))
    else:
        write_current(move.folder, becomes)


def recover(folder: str) -> bool:
    """Finish the move a killed command left in `folder` (True: there was one). Takes the
    folder's exclusive lock: call it before taking any lock of the folder."""
    if not pending(folder):
        return False
    with locking.locked(folder, True):
        try:
            raw = files.read_bytes(record_path(folder))
        except FileNotFoundError:
            return False  # another command finished it while this one waited
        finish(parse(folder, raw))
    return True


def recover_around(save_folder: str) -> None:
    """Before a command opens a campaign in `save_folder`: finish a move left there (or, for a
    campaign in the trash, in the saves folder around it)."""
    parent = (os.path.dirname(save_folder) or ".") if os.path.basename(save_folder) == TRASH else None
    for folder in (save_folder, parent):
        if folder is not None and pending(folder):
            recover(folder)


def undo_renames(move: Move, done: int) -> None:
    """After a failure: the first `done` renames taken back, newest first."""
    for src, dst in reversed(move.renames[:done]):
        if os.path.lexists(move.path(dst)) and not os.path.lexists(move.path(src)):
            os.replace(move.path(dst), move.path(src))

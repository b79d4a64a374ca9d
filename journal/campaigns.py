"""Whole campaigns in a saves folder: copy (a fork with its log), rename, delete to the trash,
restore from it.

Each works under the folder's exclusive lock (the source campaign is opened, and so validated,
first), writes what it makes before it removes anything, and leaves at every instant at least one
whole copy of the campaign: a crash never loses it. The trash is the folder `.trash/` inside the
saves folder; `journal list --trash` lists it.
"""

from __future__ import annotations

import os
import time

from journal import files
from journal.errors import InputError, RuleError, SaveError, typed
from journal.session import Session
from journal.store import atomic
from journal.store.cache import cache_path
from journal.store.current import read_current, write_current
from journal.store.folder import save_files
from journal.store.paths import NAME_CHARS, NAME_RE, SavePaths, resolve

TRASH = ".trash"


def check_name(name: str, what: str) -> str:
    """A campaign named inside the saves folder (not a path)."""
    if not NAME_RE.fullmatch(name or ""):
        raise InputError(f"{what} {typed(name)} is not a save name: {NAME_CHARS}")
    return name


def history_path(paths: SavePaths) -> str:
    """The table shell's typed lines of a campaign (`.NAME.history`, beside its save)."""
    return os.path.join(os.path.dirname(paths.save), f".{paths.name}.history")


def _taken(paths: SavePaths) -> str | None:
    """The first of a campaign's files already there (None: the name is free)."""
    return next((path for path in (paths.save, paths.log, paths.undone) if os.path.lexists(path)), None)


def _free(paths: SavePaths) -> None:
    taken = _taken(paths)
    if taken:
        raise RuleError(f"{taken} already exists: choose another name, or delete that campaign first")


def _move_beside(src: SavePaths, to: SavePaths) -> None:
    """Move what lives beside a save (its log, its undone commands, the shell's typed lines) to
    the names of `to`; the caller moves the save itself, before or after, as its order needs."""
    for old, new in ((src.log, to.log), (src.undone, to.undone)):
        if os.path.lexists(old):
            os.replace(old, new)
    if os.path.isfile(history_path(src)):
        os.replace(history_path(src), history_path(to))


def _write_copy(s: Session, to: SavePaths) -> None:
    """The campaign of an open session written under another name: its log, then its save
    (the save is the commit point, as in every command)."""
    s.history()  # every committed entry checked, and the undone ones: a copy is as sound as its source
    log = b""
    if s.log.end:
        with files.open_regular(s.paths.log) as f:
            log = f.read(s.log.end)
    atomic.atomic_write(to.log, log)
    if os.path.lexists(s.paths.undone):  # the commands undo took back: part of the history
        with files.open_regular(s.paths.undone, one_link=True) as f:
            atomic.atomic_write(to.undone, f.read())
    atomic.atomic_write(to.save, s.text.encode("utf-8"))
    history = history_path(s.paths)
    if os.path.isfile(history) and not os.path.islink(history):
        with open(history, "rb") as f:
            atomic.atomic_write(history_path(to), f.read(), durable=False)


def copy(folder: str, name: str, new: str) -> dict:
    """A fork of campaign `name` as `new`, its log included (the same seed: the same dice ahead)."""
    src = resolve(check_name(name, "the campaign"), folder)
    to = resolve(check_name(new, "the new name"), folder)
    with Session(src) as s:
        _free(to)
        _write_copy(s, to)
        return {"from": src.name, "to": to.name, "save": to.save, "game": s.game.ID, "entries": s.entries}


def rename(folder: str, name: str, new: str) -> dict:
    """Campaign `name` is now called `new`; the current campaign follows."""
    src = resolve(check_name(name, "the campaign"), folder)
    to = resolve(check_name(new, "the new name"), folder)
    if os.path.realpath(src.save) == os.path.realpath(to.save):
        raise InputError(f"{typed(name)} already has that name")
    with Session(src) as s:
        _free(to)
        _write_copy(s, to)
        for path in (src.save, src.log, src.undone, cache_path(src), history_path(src)):
            atomic.remove(path)  # the save first: from here on the campaign is `new` alone
        current = read_current(folder)
        if current == src.name:
            write_current(folder, to.name)
        return {"from": src.name, "to": to.name, "save": to.save, "game": s.game.ID,
                "current": current == src.name}


def trashed(folder: str, name: str) -> SavePaths:
    return resolve(name, os.path.join(folder, TRASH))


def delete(folder: str, name: str) -> dict:
    """Campaign `name` moved to the trash (as NAME, or NAME-2, NAME-3 ... when the trash holds one
    of that name already); the folder's current campaign is forgotten when it was this one."""
    src = resolve(check_name(name, "the campaign"), folder)
    trash = os.path.join(folder, TRASH)
    with Session(src) as s:
        os.makedirs(trash, exist_ok=True)
        label, n = src.name, 1
        while _taken(trashed(folder, label)):
            n += 1
            label = f"{src.name}-{n}"
        to = trashed(folder, label)
        os.replace(src.save, to.save)  # the campaign leaves the folder here
        _move_beside(src, to)
        atomic.remove(cache_path(src))
        current = read_current(folder) == src.name
        if current:
            atomic.remove(os.path.join(folder, ".current"))
        return {"name": src.name, "trashed_as": label, "game": s.game.ID, "entries": s.entries,
                "was_current": current}


def restore(folder: str, name: str, new: str | None = None) -> dict:
    """A campaign back from the trash, as `new` (default: its own name)."""
    src = trashed(folder, check_name(name, "the campaign"))
    if not os.path.lexists(src.save):
        raise RuleError(f"the trash holds no campaign {typed(name)}: `journal list --trash` shows what it holds")
    to = resolve(check_name(new or name, "the new name"), folder)
    with Session(src) as s:  # locks the trash folder: the saves folder is locked below
        game, entries = s.game.ID, s.entries
    from journal.store import locking

    with locking.locked(folder, True):
        _free(to)
        _move_beside(src, to)
        os.replace(src.save, to.save)  # the campaign is back
        atomic.remove(cache_path(src))
    return {"name": name, "restored_as": to.name, "game": game, "entries": entries}


def trash_rows(folder: str) -> list[dict]:
    """The campaigns in the trash: name, game (as its save says), last change."""
    trash = os.path.join(folder, TRASH)
    rows = []
    for name in sorted(n[:-5] for n in save_files(trash)):
        path = os.path.join(trash, f"{name}.toml")
        try:
            game = files.read_toml(path).get("journal", {}).get("game")
            changed = time.strftime("%Y-%m-%d %H:%M", time.localtime(os.stat(path).st_mtime))
        except (OSError, SaveError, AttributeError):
            game, changed = None, ""
        rows.append({"name": name, "game": game if isinstance(game, str) else None, "changed": changed})
    return rows

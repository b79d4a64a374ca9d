"""Whole campaigns in a saves folder: copy (a fork with its log), rename, delete to the trash,
restore from it.

Each works under the folder's exclusive lock (the source campaign is opened, and so validated,
first) and runs as one unit (journal/store/moves.py): a kill, a Ctrl-C or an I/O error leaves the
campaign whole where it was or whole where it went, and the next command finishes a move a kill
cut short. The trash is the folder `.trash/` inside the
saves folder; `journal list --trash` lists it.
"""

from __future__ import annotations

import os
import re
import time

from journal import files
from journal.errors import InputError, Interrupted, RuleError, SaveError, typed
from journal.session import Session
from journal.store import atomic, interrupts, locking, moves
from journal.store.cache import cache_path
from journal.store.current import read_current
from journal.store.folder import save_files
from journal.store.paths import NAME_CHARS, NAME_PATTERN, SavePaths, resolve

TRASH = ".trash"


def check_name(name: str, what: str) -> str:
    """A campaign named inside the saves folder (not a path: no separator, no .toml ending)."""
    if not re.fullmatch(NAME_PATTERN, name or "") or name.endswith(".toml"):
        raise InputError(f"{what} {typed(name)} is not a save name: {NAME_CHARS} (not a path, and not "
                         f"ending in .toml)")
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


def _said(e: OSError) -> str:
    """An OSError as the player reads it: the file, then what the system said."""
    return f"{str(e.filename) + ': ' if e.filename else ''}{e.strerror or e}"


def _renames(folder: str, src: SavePaths, to: SavePaths) -> list[tuple[str, str]]:
    """A campaign's files from `src` to `to` (those it has), the save last: until it moves, the
    campaign is where it was."""
    pairs = [(src.log, to.log), (src.undone, to.undone), (history_path(src), history_path(to)),
             (src.save, to.save)]
    return [(moves.rel(folder, a), moves.rel(folder, b)) for a, b in pairs if os.path.lexists(a)]


def _move(move: moves.Move, what: str) -> bool:
    """Run a move as one unit (Ctrl-C held until it is whole): True when a Ctrl-C came meanwhile.
    An I/O error takes back what was moved ("nothing changed"); should that fail too, the record
    stays and the next command finishes the move."""
    with interrupts.held() as held:
        try:
            moves.begin(move)
        except OSError as e:
            atomic.remove(moves.record_path(move.folder))
            raise SaveError(f"{_said(e)}; nothing changed") from None
        done = 0
        try:
            for src, dst in move.renames:
                os.replace(move.path(src), move.path(dst))
                done += 1
            moves.set_current(move)
        except (OSError, SaveError) as e:
            said = _said(e) if isinstance(e, OSError) else e.message
            try:
                moves.undo_renames(move, done)
                moves.end(move.folder)
            except OSError:
                raise SaveError(f"{said}; the {what} stopped halfway: the next journal command finishes it") \
                    from None
            raise SaveError(f"{said}; nothing changed") from None
        try:
            moves.end(move.folder)
        except OSError:
            pass  # the move is whole: the next command removes its record
    return held.pending


def _write_copy(s: Session, to: SavePaths) -> None:
    """The campaign of an open session written under another name: its log, its undone commands
    and the shell's typed lines, then its save (the copy's commit point, as in every command)."""
    log = b""
    if s.log.end:
        with files.open_regular(s.paths.log) as f:
            log = f.read(s.log.end)
    atomic.atomic_write(to.log, log)
    if os.path.lexists(s.paths.undone):  # the commands undo took back: part of the history
        with files.open_regular(s.paths.undone, one_link=True) as f:
            atomic.atomic_write(to.undone, f.read())
    history = history_path(s.paths)
    if os.path.isfile(history) and not os.path.islink(history):
        with files.open_regular(history) as f:
            atomic.atomic_write(history_path(to), f.read(), durable=False)
    atomic.atomic_write(to.save, s.text.encode("utf-8"))


def _copy_unit(folder: str, s: Session, to: SavePaths) -> bool:
    """A copy as one unit: what it made is taken back unless its save was written."""
    made = [moves.rel(folder, p) for p in (to.log, to.undone, history_path(to))]
    move = moves.Move(folder, "copy", made=made, commit=moves.rel(folder, to.save))
    with interrupts.held() as held:
        try:
            moves.begin(move)
        except OSError as e:
            atomic.remove(moves.record_path(folder))
            raise SaveError(f"{_said(e)}; nothing changed") from None
        try:
            _write_copy(s, to)
        except OSError as e:
            if not os.path.lexists(to.save):
                try:
                    moves.finish(move)
                except OSError:
                    raise SaveError(f"{_said(e)}; the copy stopped halfway: the next journal command takes it "
                                    f"back") from None
                raise SaveError(f"{_said(e)}; nothing changed") from None
        try:
            moves.end(folder)
        except OSError:
            pass
    return held.pending


def _interrupted(what: str) -> Interrupted:
    return Interrupted(f"interrupted once {what}: it took effect")


def copy(folder: str, name: str, new: str) -> dict:
    """A fork of campaign `name` as `new`, its log included (the same seed: the same dice ahead)."""
    src = resolve(check_name(name, "the campaign"), folder)
    to = resolve(check_name(new, "the new name"), folder)
    with Session(src, exclusive=False) as s:  # its writers wait; its readers and other campaigns do not
        s.check_history()  # every committed entry checked, and the undone ones: a copy is as sound as its source
        with locking.names_changing(folder):
            _free(to)
            if _copy_unit(folder, s, to):
                raise _interrupted(f"{typed(src.name)} was copied to {typed(to.name)}")
        return {"from": src.name, "to": to.name, "save": to.save, "game": s.game.ID, "entries": s.entries}


def rename(folder: str, name: str, new: str) -> dict:
    """Campaign `name` is now called `new` (its files renamed as one unit); the current campaign
    follows."""
    src = resolve(check_name(name, "the campaign"), folder)
    to = resolve(check_name(new, "the new name"), folder)
    if os.path.realpath(src.save) == os.path.realpath(to.save):
        raise InputError(f"{typed(name)} already has that name")
    with Session(src) as s:  # its own lock: commands on other campaigns never wait for it
        s.check_history()  # a campaign is renamed whole and sound, as it is copied (read as a stream)
        with locking.names_changing(folder):
            _free(to)
            current = read_current(folder) == src.name
            move = moves.Move(folder, "rename", _renames(folder, src, to), current=(src.name, to.name))
            late = _move(move, "rename")
            atomic.remove(cache_path(src))
        if late:
            raise _interrupted(f"{typed(src.name)} was renamed {typed(to.name)}")
        return {"from": src.name, "to": to.name, "save": to.save, "game": s.game.ID, "current": current}


def trashed(folder: str, name: str) -> SavePaths:
    return resolve(name, os.path.join(folder, TRASH))


def delete(folder: str, name: str) -> dict:
    """Campaign `name` moved to the trash (as NAME, or NAME-2, NAME-3 ... when the trash holds one
    of that name already), as one unit; the folder's current campaign is forgotten when it was
    this one."""
    src = resolve(check_name(name, "the campaign"), folder)
    trash = os.path.join(folder, TRASH)
    with Session(src) as s, locking.names_changing(folder):  # its own lock, then the folder's
        os.makedirs(trash, exist_ok=True)
        label, n = src.name, 1
        while _taken(trashed(folder, label)) or os.path.lexists(history_path(trashed(folder, label))):
            n += 1
            label = f"{src.name}-{n}"
        to = trashed(folder, label)
        current = read_current(folder) == src.name
        move = moves.Move(folder, "delete", _renames(folder, src, to), current=(src.name, None))
        late = _move(move, "delete")
        atomic.remove(cache_path(src))
        if late:
            raise _interrupted(f"{typed(src.name)} was moved to the trash as {typed(label)}")
        return {"name": src.name, "trashed_as": label, "game": s.game.ID, "entries": s.entries,
                "was_current": current}


def restore(folder: str, name: str, new: str | None = None) -> dict:
    """A campaign back from the trash, as `new` (default: its own name), as one unit; it becomes
    the current campaign when the folder has none."""
    src = trashed(folder, check_name(name, "the campaign"))
    moves.recover_around(os.path.join(folder, TRASH))
    if not os.path.lexists(src.save):
        raise RuleError(f"the trash holds no campaign {typed(name)}: `journal list --trash` shows what it holds")
    to = resolve(check_name(new or name, "the new name"), folder)
    with Session(src) as s, locking.names_changing(folder):  # its own lock, then the saves folder's
        game, entries = s.game.ID, s.entries
        _free(to)
        current = read_current(folder)
        move = moves.Move(folder, "restore", _renames(folder, src, to), current=(None, to.name))
        late = _move(move, "restore")
        atomic.remove(cache_path(src))
    if late:
        raise _interrupted(f"{typed(name)} was restored as {typed(to.name)}")
    return {"name": name, "restored_as": to.name, "game": game, "entries": entries,
            "current": current is None}


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

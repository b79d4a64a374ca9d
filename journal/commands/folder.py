"""The shared commands on the saves folder: games, list, use, where, copy, rename, delete, restore."""

from __future__ import annotations

import os
import time

import click

from journal import campaigns, files, games
from journal.errors import JournalError
from journal.options import JournalCommand, complete_saves
from journal.runtime import Runtime, pass_rt
from journal.session import Session
from journal.store import document, locking, moves
from journal.store.current import current_ref, read_current, write_current
from journal.store.folder import SAVES, save_files
from journal.store.paths import SavePaths, resolve
from journal.text import plural, row_items


@click.command("games", cls=JournalCommand)
@pass_rt
def games_cmd(rt: Runtime) -> None:
    """The supported games."""
    rows = [{"id": gid, "title": title} for gid, (_m, title) in games.GAMES.items()]
    rt.emit([f"{r['id']:<8} {r['title']}" for r in rows], rows)


@click.command("list", cls=JournalCommand)
@click.option("--trash", is_flag=True, help="The campaigns in the trash instead (journal restore NAME).")
@pass_rt
def list_cmd(rt: Runtime, trash: bool) -> None:
    """Saves in the folder: name, game, turn/phase, last change (* the current campaign)."""
    if trash:
        return list_trash(rt)
    folder = rt.saves_dir
    moves.recover(folder)  # a campaign move a kill cut short is finished before it is listed
    try:
        current = read_current(folder)
    except JournalError:
        current = None
    rows = [row for row in (list_row(folder, name, current) for name in save_files(folder)) if row is not None]
    if not rows:
        lines = [f"No saves in {folder}/ yet: start one with `journal epm new NAME ...`."]
    else:
        w = max(len(r["name"]) for r in rows)
        lines = [line for r in rows for line in row_items(
            f"{'*' if r['current'] else ' '} {r['name']:<{w}}  {str(r['game'] or '?'):<6}  {r['changed']:<16}  ",
            str(r["status"]).split(" · "))]
    rt.emit(lines, rows)


def list_trash(rt: Runtime) -> None:
    from journal.campaigns import trash_rows

    moves.recover(rt.saves_dir)
    rows = trash_rows(rt.saves_dir)
    w = max((len(r["name"]) for r in rows), default=0)
    lines = [f"  {r['name']:<{w}}  {str(r['game'] or '?'):<6}  {r['changed']}" for r in rows]
    rt.emit(lines or [f"The trash of {rt.saves_dir}/ is empty."], rows)


def list_row(folder: str, file_name: str, current: str | None) -> dict | None:
    """A save's row in `list` (None: a TOML file that is not a save, a pack kept there say)."""
    name = file_name[: -len(".toml")]
    path = os.path.join(folder, file_name)
    row = {"name": name, "game": None, "status": "", "changed": "", "valid": True,
           "current": current in (name, os.path.realpath(path))}
    skipped = not_a_file(path)
    if skipped:  # a dangling link, a link loop, a FIFO (reading it would wait forever), a folder...
        return {**row, "valid": False, "status": f"skipped: {skipped}"}
    row["changed"] = time.strftime("%Y-%m-%d %H:%M", time.localtime(os.stat(path).st_mtime))
    paths = SavePaths(path, os.path.join(folder, f"{name}.log.jsonl"), name)
    try:
        paths = resolve(path, folder)
        with Session(paths, exclusive=False) as s:
            row["game"] = s.game.ID
            row["status"] = s.game.status(s.state)
    except JournalError as e:
        try:
            doc = document.parse(paths, document.read_text(paths))
        except JournalError:
            doc = None  # unreadable: list it, so the player learns it is broken
        if doc is not None and not isinstance(doc.get("journal"), dict):
            return None
        row["valid"] = False
        row["status"] = "invalid: " + e.message
        row["game"] = doc["journal"].get("game") if doc else None
    return row


def not_a_file(path: str) -> str | None:
    """Why `list` skips a *.toml entry that is no regular file (None: it is one)."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "a symlink to nothing" if os.path.islink(path) else "gone"
    except OSError as e:
        return files.kind_at(path) or f"cannot be read ({e.strerror})"
    return None if stat.S_ISREG(mode) else f"{files.kind_of(mode)}, not a save file"


@click.command(cls=JournalCommand)
@click.argument("name", required=False, shell_complete=complete_saves)
@pass_rt
def use(rt: Runtime, name: str | None) -> None:
    """Make NAME the current campaign of the saves folder (alone: print the current one).

    Commands without -s then work on it (unless JOURNAL_SAVE names another).
    """
    folder = rt.saves_dir
    if name is None:
        current = read_current(folder)
        if current is None:
            rt.emit("No current campaign: choose one with `journal use NAME` (journal list shows them).",
                    {"current": None})
        else:
            rt.emit(f"The current campaign is '{current}'.", {"current": current})
        return
    paths = resolve(name, folder)
    with Session(paths, exclusive=False) as s:  # it must be a save journal can read
        title = games.GAMES[s.game.ID][1]
    ref = current_ref(paths, folder)
    os.makedirs(folder, exist_ok=True)
    with locking.locked(folder, True):
        write_current(folder, ref)
    rt.emit(f"'{ref}' ({title}) is now the current campaign: commands without -s work on it.",
            {"current": ref, "game": s.game.ID})



@click.command(cls=JournalCommand)
@pass_rt
def where(rt: Runtime) -> None:
    """The saves folder commands use here, and why (--saves, JOURNAL_SAVES, the nearest saves/
    made by journal in this folder or above, else your data folder)."""
    found = rt.found
    shown = os.path.abspath(rt.saves_dir)
    here = shown == os.path.abspath(SAVES)  # the saves/ folder of this very folder
    make = None if here else ("To keep campaigns in this folder instead, start one with --saves saves before its "
                              "game's `new`: journal marks the saves/ folder it makes, and finds it from here and "
                              "every folder below.")
    rt.emit([f"Saves folder: {shown}", f"Why: {found.why}." if found else "Why: named by the command.",
             *([make] if make else [])],
            {"folder": shown, "how": found.how if found else "option", "why": found.why if found else "",
             "exists": os.path.isdir(shown), "make_here": make})


@click.command("copy", cls=JournalCommand)
@click.argument("name", shell_complete=complete_saves)
@click.argument("new")
@pass_rt
def copy_cmd(rt: Runtime, name: str, new: str) -> None:
    """Copy campaign NAME, its log included, as NEW: a fork to try a what-if (keep whichever you like)."""
    done = campaigns.copy(rt.saves_dir, name, new)
    rt.committed(f"the copy {done['to']!r}")
    rt.emit(f"Copied '{done['from']}' to '{done['to']}' ({plural(done['entries'], 'log entry', 'log entries')}): "
            f"play it with `journal use {done['to']}` or -s {done['to']}.", done)


@click.command(cls=JournalCommand)
@click.argument("name", shell_complete=complete_saves)
@click.argument("new")
@pass_rt
def rename(rt: Runtime, name: str, new: str) -> None:
    """Rename campaign NAME (its save, log and shell history) to NEW; the current campaign follows."""
    done = campaigns.rename(rt.saves_dir, name, new)
    rt.committed(f"the rename to {done['to']!r}")
    more = " It is still the current campaign." if done["current"] else ""
    rt.emit(f"Renamed '{done['from']}' to '{done['to']}'.{more}", done)


@click.command(cls=JournalCommand)
@click.argument("name", shell_complete=complete_saves)
@click.option("--yes", is_flag=True, help="Do not ask (scripts): without it, a terminal asks first.")
@pass_rt
def delete(rt: Runtime, name: str, yes: bool) -> None:
    """Move campaign NAME to the trash of the saves folder (journal list --trash; journal restore
    NAME brings it back)."""
    if not yes:
        if not rt.can_prompt():
            raise click.UsageError(f"deleting {name!r} needs --yes when no terminal can ask")
        click.confirm(f"Move campaign {name!r} to the trash?", abort=True)
    done = campaigns.delete(rt.saves_dir, name)
    label = done["trashed_as"]
    rt.committed(f"the move of {done['name']!r} to the trash")
    more = " No campaign is current now: `journal use NAME` chooses one." if done["was_current"] else ""
    rt.emit(f"Moved '{done['name']}' to the trash as '{label}': `journal restore {label}` brings it back.{more}",
            done)


@click.command(cls=JournalCommand)
@click.argument("name")
@click.option("--as", "new", metavar="NEW", help="Restore it under another name.")
@pass_rt
def restore(rt: Runtime, name: str, new: str | None) -> None:
    """Bring campaign NAME back from the trash (journal list --trash shows what it holds)."""
    done = campaigns.restore(rt.saves_dir, name, new)
    rt.committed(f"the restore of {done['restored_as']!r}")
    entries = plural(done["entries"], "log entry", "log entries")
    more = " It is now the current campaign." if done["current"] else ""
    rt.emit(f"Restored '{done['restored_as']}' from the trash ({entries}).{more}", done)

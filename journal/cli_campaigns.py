"""The commands on whole campaigns and on the saves folder: where, copy, rename, delete, restore.

Thin wrappers over journal/campaigns.py and journal/store/folder.py, added to the root group by
journal/cli.py.
"""

from __future__ import annotations

import os

import click

from journal import campaigns
from journal.options import complete_saves
from journal.runtime import pass_rt
from journal.text import plural


@click.command()
@pass_rt
def where(rt):
    """The saves folder commands use here, and why (--saves, JOURNAL_SAVES, the nearest saves/
    made by journal in this folder or above, else your data folder)."""
    found = rt.found
    shown = os.path.abspath(rt.saves_dir)
    rt.emit([f"Saves folder: {shown}", f"Why: {found.why}." if found else "Why: named by the command."],
            {"folder": shown, "how": found.how if found else "option", "why": found.why if found else "",
             "exists": os.path.isdir(shown)})


@click.command("copy")
@click.argument("name", shell_complete=complete_saves)
@click.argument("new")
@pass_rt
def copy_cmd(rt, name, new):
    """Copy campaign NAME, its log included, as NEW: a fork to try a what-if (keep whichever you like)."""
    done = campaigns.copy(rt.saves_dir, name, new)
    rt.emit(f"Copied '{done['from']}' to '{done['to']}' ({plural(done['entries'], 'log entry', 'log entries')}): "
            f"play it with `journal use {done['to']}` or -s {done['to']}.", done)


@click.command()
@click.argument("name", shell_complete=complete_saves)
@click.argument("new")
@pass_rt
def rename(rt, name, new):
    """Rename campaign NAME (its save, log and shell history) to NEW; the current campaign follows."""
    done = campaigns.rename(rt.saves_dir, name, new)
    more = " It is still the current campaign." if done["current"] else ""
    rt.emit(f"Renamed '{done['from']}' to '{done['to']}'.{more}", done)


@click.command()
@click.argument("name", shell_complete=complete_saves)
@click.option("--yes", is_flag=True, help="Do not ask (scripts): without it, a terminal asks first.")
@pass_rt
def delete(rt, name, yes):
    """Move campaign NAME to the trash of the saves folder (journal list --trash; journal restore
    NAME brings it back)."""
    if not yes:
        if not rt.can_prompt():
            raise click.UsageError(f"deleting {name!r} needs --yes when no terminal can ask")
        click.confirm(f"Move campaign {name!r} to the trash?", abort=True)
    done = campaigns.delete(rt.saves_dir, name)
    label = done["trashed_as"]
    rt.emit(f"Moved '{done['name']}' to the trash as '{label}': `journal restore {label}` brings it back.", done)


@click.command()
@click.argument("name")
@click.option("--as", "new", metavar="NEW", help="Restore it under another name.")
@pass_rt
def restore(rt, name, new):
    """Bring campaign NAME back from the trash (journal list --trash shows what it holds)."""
    done = campaigns.restore(rt.saves_dir, name, new)
    rt.emit(f"Restored '{done['restored_as']}' from the trash ({plural(done['entries'], 'log entry', 'log entries')}).", done)


COMMANDS = (where, copy_cmd, rename, delete, restore)

"""The shared commands that run other commands: batch, play, guide, demo."""

from __future__ import annotations

import os
import sys

import click

from journal import games
from journal.errors import InputError
from journal.options import JournalCommand, save_option
from journal.runtime import Runtime, pass_rt
from journal.text import plural


def root_group() -> click.Group:
    """The `journal` group the running command belongs to (batch, play and demo run other
    commands through it)."""
    root = click.get_current_context().find_root().command
    assert isinstance(root, click.Group)
    return root


@click.command(cls=JournalCommand)
@save_option
@click.argument("file")  # read by journal.batch: a regular file of at most 16 MiB, or - for stdin
@pass_rt
def batch(rt: Runtime, save: str | None, file: str) -> None:
    """Run many commands from FILE (or - for stdin): one per line, as typed after `journal`.

    Blank lines and # comments are skipped; -s may be left out of the lines. All or
    nothing: if a line fails, nothing is saved and the error names the line.
    """
    if rt.batch is not None:
        raise InputError("a batch cannot run another batch")
    from journal.batch import batch_lines, read_batch_file, run_batch

    text = read_batch_file(file)
    paths = rt.paths(save)

    lines = batch_lines(text)

    b = run_batch(rt, root_group(), paths, lines, progress=len(lines) > 200 and not rt.json and sys.stderr.isatty())
    if rt.json:
        rt.emit([], {"save": paths.name, "count": b.logged, "results": b.results})
        return
    out = [f"line {r['line']}: #{r['n']} {r['summary']}" for r in b.results]
    if b.results:
        out.extend("  " + m for m in b.results[-1]["messages"][1:])
    out.append(f"Ran {plural(b.logged, 'command')} on '{paths.name}'.")
    rt.emit(out, None)


@click.command(cls=JournalCommand)
@save_option
@pass_rt
def play(rt: Runtime, save: str | None) -> int:
    """The table shell: stay on the campaign and type its commands bare (card 3, undo, help, quit).

    On a terminal: TAB completes commands, options and the campaign's names; the status line shows
    where the game stands and what comes next; a die or a draw (a cube from the bag) a line leaves out
    is asked for (Enter lets journal roll or draw). Each line is saved as it is typed. From a pipe or
    a file, each line runs in turn (errors on stderr): exit 0 when every line succeeded, 1 otherwise
    (batch is the all-or-nothing form).
    --json is refused, in play and on its lines: scripts use journal --json show, or batch.
    """
    from journal.play import shell

    return shell.play(rt, root_group(), save)


@click.command(cls=JournalCommand)
@click.argument("name", metavar="[GUIDE]", required=False)
@pass_rt
def guide(rt: Runtime, name: str | None) -> None:
    """A guide: a game's tour, its commands by table moment and its rules notes (epm, titans,
    kraken, pulp), or saves, templates, commands, development. Through a pager on a terminal."""
    from journal import guides

    known = guides.names()
    if name is None:
        width = max(map(len, known))
        rt.emit(["Guides (journal guide NAME):"] + [f"  {n:<{width}}  {what}" for n, what in known.items()],
                {"guides": known})
        return
    if name.lower() not in known:
        raise click.BadParameter(f"{name!r} is not a guide: one of {', '.join(known)}", param_hint="GUIDE")
    body = guides.text(name.lower())
    if rt.json:
        rt.emit([], {"guide": name.lower(), "text": body})
    elif sys.stdout.isatty():
        click.echo_via_pager(body)
    else:
        click.echo(body, nl=False)


@click.command(cls=JournalCommand)
@click.argument("only", metavar="[GAME]...", nargs=-1, type=click.Choice(list(games.GAMES)))
@pass_rt
def demo(rt: Runtime, only: tuple[str, ...]) -> None:
    """Demo campaigns and their PDFs in the saves folder, for every game or the GAMEs named
    (each replaces its earlier demo save)."""
    from journal import demo as demomod

    made = demomod.run_all(rt, root_group(), only)
    lines = []
    for d in made:
        entries = plural(d["entries"], "log entry", "log entries")
        lines.append(f"{d['title']}: save '{d['save']}' ({entries}), PDF {d['pdf']}")
    typed, how = demomod.how_to_type(sys.argv[0], os.environ.get("PATH", ""))
    lines.append(f"Try{how}:")
    lines += [f"  {typed} show -s {made[0]['save']}", f"  {typed} log -s {made[0]['save']} --tail 5"]
    rt.emit(lines, {"demos": made})

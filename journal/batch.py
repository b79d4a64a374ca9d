"""`journal batch`: many commands on one open save, committed once (all of them or none).

The demo plays its scripted campaigns through the same code.
"""

from __future__ import annotations

import re
import shlex
import sys

import click

from journal import files, games
from journal.errors import InputError, JournalError, typed
from journal.options import LEAN_LINE, HelpAsked, lean_words
from journal.runtime import Batch, Runtime
from journal.session import Session
from journal.store.tomltext import TableTexts
from journal.text import MAX_LINE, unfold, word_problem

BATCH_COMMANDS = ("note", "roll", "set")
# what makes shlex read a line otherwise than str.split: quotes, escapes, comments, and a space
# other than a space or a tab (shlex splits on those and line breaks alone)
SHELL_SYNTAX = re.compile(r"[\"'\\#]|[^\S \t]")


def read_batch_file(name: str) -> str:
    """A batch file's text: `-` is stdin (read at most one byte past the limit); anything else
    must be a regular file of at most 16 MiB of UTF-8, refused before it is read otherwise (a FIFO
    would wait forever, /dev/zero never ends, a huge file would be read whole for nothing)."""
    limit = files.MAX_BYTES
    shown = typed(name)
    if name == "-":
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise InputError(f"the batch on stdin holds more than {limit} bytes: a batch file holds at most 16 MiB")
    else:
        try:
            data = files.read_bytes(files.clean_path(name), f"the batch file {shown}", error=InputError, limit=limit)
        except (FileNotFoundError, NotADirectoryError):
            raise InputError(f"no batch file {shown}: name a file of commands, or - for stdin") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("the batch file is not UTF-8 text") from None


def batch_lines(text: str) -> list[str]:
    """A batch's lines: split on line feeds only (a CRLF's CR dropped), never on the other
    characters `str.splitlines` breaks at (U+2028, form feed ...): they belong to the line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def run_batch(rt: Runtime, root: click.Group, paths, lines: list[str], progress: bool = False) -> Batch:
    """Run batch lines on one open save and commit once: all of them land, or none."""
    with Session(paths, on_commit=rt.committed) as session:
        session.texts = TableTexts().after  # a text per line: each table written again only when it changed
        rt.batch = b = Batch(session)
        # The lines' parent: a line starts with a game or a batch command, never with the root's
        # options (global options go before `batch`), so the root has nothing to parse per line.
        top = click.Context(root, info_name="journal", obj=rt)
        try:
            bar = click.progressbar(length=len(lines), label="batch", file=sys.stderr) if progress else None
            for number, raw in enumerate(lines, 1):
                if bar is not None and number % 100 == 0:
                    bar.update(100)
                run_batch_line(top, b, number, raw)
            if bar is not None:
                bar.render_finish()
        finally:
            rt.batch = None
        session.commit()
    return b


def help_hint(ctx: click.Context) -> str:
    """`journal GROUP... --help` for the group or command Click was reading."""
    return shlex.join([*ctx.command_path.split(), "--help"])


def batch_words(root: click.Group, number: int, raw: str) -> list[str] | None:
    """A line's words, as `journal` would read them (None for a blank line or a comment), or an
    InputError naming the line when it is not a command that changes the save."""
    if len(raw) > MAX_LINE:
        raise InputError(f"line {number} holds {len(raw)} characters: a batch line holds at most {MAX_LINE}")
    stripped = raw.strip()
    if not stripped or stripped.startswith("#"):
        return None
    if SHELL_SYNTAX.search(stripped) is None:  # words between spaces and tabs: what shlex would split
        args = stripped.split()
    else:
        try:
            args = shlex.split(stripped, comments=True)  # a line holds at most MAX_LINE characters: bounded time
        except ValueError as e:
            raise InputError(f"line {number}: {e}") from None
    if args[:1] == ["journal"]:
        args = args[1:]
    if not args:
        return None
    if not (args[0] in games.GAMES or args[0] in BATCH_COMMANDS):
        allowed = ", ".join(f"{g} ..." for g in games.GAMES) + ", " + ", ".join(BATCH_COMMANDS)
        raise InputError(f"line {number}: {typed(stripped)} cannot run in a batch: lines are commands that "
                         f"change the save ({allowed})")
    for word in args:
        problem = word_problem(word)
        if problem:
            raise InputError(f"line {number}: {problem}")
    return args


def run_batch_line(top: click.Context, b: Batch, number: int, raw: str) -> None:
    """One line, run as `journal LINE` would run it, under `top`, the root's context."""
    root = top.command
    assert isinstance(root, click.Group)
    args = batch_words(root, number, raw)
    if args is None:
        return
    stripped = raw.strip()
    b.line, b.args = number, args
    before = b.logged
    top.meta[LEAN_LINE] = lean_words(args)  # its commands parse their own options alone
    try:
        name, cmd, rest = root.resolve_command(top, list(args))
        assert cmd is not None  # resolve_command raises for a name that is no command
        top.invoked_subcommand = name
        with cmd.make_context(name, rest, parent=top) as ctx:
            cmd.invoke(ctx)
    except click.exceptions.Exit:
        raise InputError(f"line {number}: {typed(stripped)} is not a command that changes the save") from None
    except HelpAsked as e:  # Click read -h/--help as the help option, not as some option's value
        raise InputError(f"line {number}: {typed(stripped)} asks for help: a batch line is a command that changes "
                         f"the save (see `{help_hint(e.ctx)}` outside the batch)") from None
    except click.exceptions.NoArgsIsHelpError as e:
        raise InputError(f"line {number}: {typed(stripped)} names a group of commands, not a command: write the "
                         f"whole command (see `{help_hint(e.ctx)}`)") from None
    except click.UsageError as e:
        raise InputError(f"line {number}: {unfold(e.format_message())}") from None
    except JournalError as e:  # the same error (its kind and exit code), naming the line
        e.message = f"line {number}: {e.message}"
        e.args = (e.message,)
        raise e from None
    if b.logged != before + 1:
        raise InputError(f"line {number}: {typed(stripped)} changes nothing, so it has no place in a batch "
                         f"(every line becomes one log entry)")

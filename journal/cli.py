"""The `journal` command: the root group, its global options, and the entry point.

The commands every game shares live in journal/commands/, a game's in journal/games/<game>/cli;
each is imported only when it runs (or a help lists it).
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys

import click

from journal import __version__, games
from journal.commands import SHARED
from journal.errors import InputError
from journal.options import CONTEXT, LazyGroup, complete_saves, json_option, short_help
from journal.runtime import Runtime, check_word, failure, interrupted, json_text
from journal.store import folder
from journal.text import one_line, unfold, word_problem


class RootGroup(LazyGroup):
    """The shared commands (journal/commands/), then one group per game, each imported on first use."""

    def parse_args(self, ctx, args):
        """Every word typed is one line of text: a name with a line break in it would break the
        save, the log and every hint that names it (the command line, a batch or play line)."""
        if not ctx.resilient_parsing:
            for word in args:
                problem = word_problem(word)
                if problem:
                    self.json_anyway(ctx, args)
                    raise click.UsageError(problem)
        return super().parse_args(ctx, args)

    def list_commands(self, ctx):
        return list(self.lazy) + list(games.GAMES)

    def shared(self, ctx) -> dict[str, click.Command]:
        """Every shared command, by name (their modules imported): the table shell lists them."""
        return {name: cmd for name in self.lazy if (cmd := self.get_command(ctx, name)) is not None}

    def get_command(self, ctx, name):
        if name in games.GAMES:
            return games.commands(name)
        return super().get_command(ctx, name)

    def format_commands(self, ctx, formatter):
        shared = [(n, short_help(c)) for n, c in self.shared(ctx).items()]
        per_game = [(gid, title) for gid, (_m, title) in games.GAMES.items()]
        with formatter.section("Games (journal GAME --help)"):
            formatter.write_dl(per_game)
        with formatter.section("Commands"):
            formatter.write_dl(shared)


@click.group(cls=RootGroup, lazy=SHARED, package="journal.commands", context_settings=CONTEXT,
             epilog="Guides: journal guide GAME (a game's tour, commands and rules notes); journal guide "
                    "lists them all.")
@click.option("--saves", metavar="DIR", envvar="JOURNAL_SAVES",
              help="Folder of save files (env JOURNAL_SAVES; default: the nearest saves/ made by journal here or "
                   "above, else your data folder: journal where).")
@json_option
@click.option("-s", "--save", "save", metavar="SAVE", shell_complete=complete_saves,
              help="The campaign every command works on (default: env JOURNAL_SAVE, then `journal use`).")
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, help="Show the version and exit.",
              callback=lambda ctx, _param, value: show_version(ctx) if value and not ctx.resilient_parsing else None)
@click.pass_context
def root(ctx, saves, json_mode, save):
    """A campaign journal for tabletop games played with physical components.

    Between physical turns type one short command: journal applies the rules to the
    save, prints what changed and what to do at the table, and logs it.
    """
    rt = ctx.obj
    if rt.configured:  # a batch line or a demo step, run inside the outer command
        for name in ("saves", "json_mode", "save"):
            if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE:
                raise InputError("global options (--saves, --json, -s) go before `batch`, not on its lines")
        return
    rt.configured = True
    rt.found = folder.find(check_word(saves, "--saves") if saves else saves,
                           ctx.get_parameter_source("saves") == click.core.ParameterSource.ENVIRONMENT)
    rt.saves_dir = rt.found.folder
    rt.json = rt.json or json_mode
    rt.save = save


def show_version(ctx: click.Context) -> None:
    """`journal --version` (with --json: {"version"})."""
    ctx.obj.emit(f"journal, version {__version__}", {"version": __version__})
    ctx.exit()


# --- shared commands ----------------------------------------------------------


# --- entry point ----------------------------------------------------------------

def usage_line(e: click.ClickException) -> str:
    """Click's error as one line of the project's own, naming where the usage is explained:
    `Missing argument 'NUMBER'. (see: journal epm card --help)`."""
    if isinstance(e, click.exceptions.NoArgsIsHelpError):  # its message is the whole help
        message = "Missing command."
    else:
        message = one_line(unfold(e.format_message()))
    ctx = e.ctx if isinstance(e, click.UsageError) else None
    if ctx is not None:
        message += f" (see: {ctx.command_path} --help)"
    return message


def tolerant_output() -> None:
    """Output never fails to encode (a strict ASCII stdout, a name that is not UTF-8): what a
    stream cannot take is written \\xNN instead of stopping the command after it was saved."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, io.UnsupportedOperation):
                pass


def invoke(rt: Runtime, args: list[str]) -> int:
    """Run the command line through the root group (Click's own main only for shell completion,
    since it turns a Ctrl-C into an Abort and prints a blank line)."""
    if os.environ.get("_JOURNAL_COMPLETE"):
        rv = root.main(list(args), prog_name="journal", standalone_mode=False, obj=rt)
    else:
        with root.make_context("journal", list(args), obj=rt) as ctx:
            rv = root.invoke(ctx)
    return rv if isinstance(rv, int) else 0


PIPE_CLOSED = 128 + 13  # the exit code of a program stopped by SIGPIPE, as a shell reports it


def reader_gone() -> None:
    """stdout's reader has gone: point stdout at the null device, so that nothing written later
    (Python flushes it on exit) fails again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def fail(rt: Runtime, message: str, code: int = 1, json_done: bool = False, commands: tuple[str, ...] = ()) -> int:
    """One `Error:` line on stderr, then the commands it names, if any, one a line (and, with --json,
    the one JSON document on stdout, with "commands" when there are)."""
    message = one_line(message)
    if rt.json and not json_done:
        click.echo(json_text({"error": message, "exit": code, **({"commands": list(commands)} if commands else {})},
                             None))
    click.echo(f"Error: {message}", err=True)
    for command in commands:
        click.echo(f"  {one_line(command)}", err=True)
    return code


def usage_failed(rt: Runtime, e: click.ClickException) -> int:
    """A usage error: exit 2, one line naming the command's help (`journal epm` alone: the
    commands it has first)."""
    if isinstance(e, click.exceptions.NoArgsIsHelpError) and not rt.json:
        click.echo(e.ctx.get_help())
    return fail(rt, usage_line(e), e.exit_code)


def pipe_closed(rt: Runtime) -> int:
    """What reads the output has stopped (`journal log | head`): stop quietly, as Unix tools do,
    saying only what a command had saved before."""
    reader_gone()
    if rt.saved:
        click.echo(f"Error: the output's reader stopped reading; {rt.saved} was saved before this, and stands",
                   err=True)
    return PIPE_CLOSED


def run(rt: Runtime, args: list[str]) -> int:
    """The command line run, as an exit code: every failure is one line (or raised, for a bug
    while JOURNAL_DEBUG is set)."""
    try:
        return invoke(rt, args)
    except click.exceptions.Exit as e:
        return e.exit_code
    except click.ClickException as e:
        return usage_failed(rt, e)
    except BrokenPipeError:
        return pipe_closed(rt)
    except BaseException as e:  # noqa: BLE001 - refusals, aborts, system errors and bugs: one line each
        if interrupted(e) and sys.stderr.isatty():
            click.echo(err=True)  # past the ^C the terminal echoed
        told = failure(e, rt.saved)
        if told is None:
            raise
        return fail(rt, *told, getattr(e, "json_done", False), getattr(e, "commands", ()))


def main(argv: list[str] | None = None) -> None:
    """`journal ARGS...`: Click reads every option, the global ones before or after the command."""
    args = list(sys.argv[1:] if argv is None else argv)
    rt = Runtime("saves", False, args)
    tolerant_output()
    code = run(rt, args)
    if argv is None:  # the process ends here: a Ctrl-C now has nothing left to stop (nor a traceback to print)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code)

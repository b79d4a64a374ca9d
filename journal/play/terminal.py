"""The table shell on a terminal, with prompt-toolkit (imported here only, so that no other
command pays for it): the prompt naming the campaign, TAB completion, the status line, the
campaign's history, and the questions a command asks (a die's result, a choice's menu).
"""

from __future__ import annotations

import datetime
import os
import shutil
import stat
import textwrap
from collections.abc import Iterable

import click
from prompt_toolkit import PromptSession
from prompt_toolkit.application.current import get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent, Completer, Completion, WordCompleter, get_common_complete_suffix
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.enums import DEFAULT_BUFFER
from prompt_toolkit.filters import has_focus
from prompt_toolkit.key_binding import KeyBindings

from journal import files
from journal.errors import JournalError
from journal.play.completion import Completer as Candidates

STATUS_LINES = 3  # the status line and at most two lines of "Next:"

# `table` below is the shell's open campaign (journal.play.shell.Table, which imports this module).


class ShellCompleter(Completer):
    """prompt-toolkit's side of `completion.Completer`."""

    def __init__(self, table):
        self.source = Candidates(table.root, table.group, table.game_id, table.name, lambda: table.names,
                                 lambda: table.state)

    def get_completions(self, document, complete_event):
        for c in self.source.candidates(document.text_before_cursor):
            yield Completion(c.text, start_position=c.start, display=c.display, display_meta=c.meta)


def complete_now(buffer: Buffer, completer: Completer) -> None:
    """TAB: complete the word at once, before the next key is read. prompt-toolkit's own TAB works
    out the candidates in the background, so an Enter that arrives with the TAB (a fast typist, a
    paste, a terminal sending both in one write) ran the line as typed (`sho`) while the screen
    showed it completed (`show`). Here the line holds what the screen shows when Enter is read: one
    candidate is put in, several put in what they share (and list themselves), a second TAB moves
    through the list."""
    if buffer.complete_state:
        buffer.complete_next()
        return
    document = buffer.document
    found = list(completer.get_completions(document, CompleteEvent(completion_requested=True)))
    if len(found) == 1:
        before = document.text_before_cursor
        if before[len(before) + found[0].start_position:] != found[0].text:  # else it adds nothing
            buffer.apply_completion(found[0])
        return
    if not found:
        return
    common = get_common_complete_suffix(document, found)
    if common:
        buffer.insert_text(common)
    buffer.start_completion()  # the list, drawn when it is ready (the line already holds the shared part)


def interrupt(event) -> None:
    """Ctrl-C at a prompt clears the line, as prompt-toolkit's own binding does; one that comes as
    the line is accepted (the key, or the SIGINT of a terminal already back in its usual mode)
    finds the prompt done: the line stands as typed, where prompt-toolkit's own binding failed
    ("Return value already set") with a traceback."""
    if not event.app.is_done:
        event.app.exit(exception=KeyboardInterrupt(), style="class:aborting")


def prompt_bindings() -> KeyBindings:
    """What every prompt of the shell binds over prompt-toolkit's own (which it merges after them)."""
    bindings = KeyBindings()
    bindings.add("c-c", filter=has_focus(DEFAULT_BUFFER))(interrupt)
    bindings.add("<sigint>")(interrupt)
    return bindings


def key_bindings(completer: Completer) -> KeyBindings:
    bindings = prompt_bindings()

    @bindings.add("tab")
    def _tab(event) -> None:
        complete_now(event.current_buffer, completer)

    return bindings


def toolbar_lines(table, width: int) -> list[str]:
    """The status line under the prompt: where the game stands, then what comes next."""
    out = [textwrap.shorten(f"{table.name} · {table.status}", width=max(width - 1, 20), placeholder=" …")]
    if table.next:
        out += textwrap.wrap(f"Next: {table.next}", width=max(width - 1, 20), max_lines=STATUS_LINES - 1,
                             placeholder=" …")
    return out


def toolbar(table):
    def text():
        try:
            width = get_app().output.get_size().columns
        except Exception:  # noqa: BLE001 - no size known: a reasonable one
            width = 80
        return "\n".join(toolbar_lines(table, width))
    return text


class Asker:
    """A die's result or a choice, asked in the middle of a command (no history, no status line)."""

    def __init__(self):
        self.session: PromptSession[str] = PromptSession(history=InMemoryHistory(), key_bindings=prompt_bindings())

    def read_line(self, message: str) -> str:
        try:
            return self.session.prompt(message + ": ", completer=None)
        except EOFError:
            raise click.exceptions.Abort() from None

    def menu(self, prompt: str, values: list[str]) -> str:
        """A numbered menu: the player types a number, or a value (TAB completes it)."""
        if not values:
            return self.read_line(prompt)
        click.echo(prompt)
        for i, v in enumerate(values, 1):
            click.echo(f"  {i}. {v}")
        completer = WordCompleter(values, ignore_case=True, sentence=True)
        while True:
            try:
                text = self.session.prompt(f"Choose 1-{len(values)} (or type it, TAB completes): ",
                                           completer=completer).strip()
            except EOFError:
                raise click.exceptions.Abort() from None
            found = chosen(text, values)
            if found is not None:
                return found
            click.echo(f"Expected a number from 1 to {len(values)}, or one of: {'; '.join(values)}.", err=True)


def chosen(text: str, values: list[str]) -> str | None:
    """The value a menu answer names: its number, the value itself, or the only value it begins."""
    if text.isdigit() and 1 <= int(text) <= len(values):
        return values[int(text) - 1]
    low = text.casefold()
    exact = [v for v in values if v.casefold() == low]
    if exact:
        return exact[0]
    starts = [v for v in values if v.casefold().startswith(low)] if low else []
    return starts[0] if len(starts) == 1 else None


class CampaignHistory(FileHistory):
    """The campaign's history file (`.NAME.history`), read and appended to as journal reads and
    writes every file: only when it is a regular file (a FIFO there would hold the shell at its
    first Enter, in raw mode, deaf to Ctrl-C and Ctrl-D), never through a link, at most 16 MiB
    read. A history that cannot be read or written costs the history, never the line."""

    def load_history_strings(self) -> Iterable[str]:
        try:
            data = files.read_bytes(str(self.filename))
        except (OSError, JournalError):
            return []
        strings: list[str] = []
        lines: list[str] = []
        for raw in data.splitlines(keepends=True):
            line = raw.decode("utf-8", errors="replace")
            if line.startswith("+"):
                lines.append(line[1:])
                continue
            if lines:
                strings.append("".join(lines)[:-1])
            lines = []
        if lines:
            strings.append("".join(lines)[:-1])
        return reversed(strings)

    def store_string(self, string: str) -> None:
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_CLOEXEC", 0))
        text = f"\n# {datetime.datetime.now()}\n" + "".join(f"+{line}\n" for line in string.split("\n"))
        try:
            fd = os.open(str(self.filename), flags, 0o644)
        except OSError:  # a FIFO with no reader (ENXIO), a link (ELOOP), a folder that refuses it...
            return
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                os.write(fd, text.encode("utf-8", errors="replace"))
        except OSError:
            pass
        finally:
            os.close(fd)


def run(table) -> int:
    """The loop: prompt, run the line, refresh the status line; Ctrl-D, quit or exit leave."""
    asker = Asker()
    table.rt.read_line, table.rt.menu = asker.read_line, asker.menu
    path = str(table.history_path)  # in the saves folder: never written through a link
    history: History = InMemoryHistory() if os.path.islink(path) else CampaignHistory(path)
    completer = ShellCompleter(table)
    session: PromptSession[str] = PromptSession(history=history, completer=completer, bottom_toolbar=toolbar(table),
                                                complete_while_typing=False, reserve_space_for_menu=6,
                                                key_bindings=key_bindings(completer))
    width = min(shutil.get_terminal_size((100, 24)).columns, 100)
    click.echo(textwrap.fill(f"{table.title}: '{table.name}'. Type commands without journal: help lists them, "
                             f"TAB completes, quit or Ctrl-D leaves.", width=width))
    while True:
        try:
            text = session.prompt(f"{table.name}> ")
        except KeyboardInterrupt:  # Ctrl-C clears the line, as in a shell
            continue
        except EOFError:
            break
        if table.run_typed(text) is None:
            break
    return 0

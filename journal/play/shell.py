"""The table shell: one campaign kept open, each typed line run as `journal ...` runs it.

A line goes through the real Click tree in-process (`root.make_context` + `invoke`, as a
batch line does), on a runtime whose save is fixed to the campaign: the same rules, log,
undo and refusals as the command line, one command committed per line. A refused line
prints its one `Error:` line and the shell goes on.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from journal import games
from journal.store.paths import SavePaths, beside
from journal.errors import InputError, Interrupted, JournalError
from journal.hints import Hint, Text
from journal.play import lines
from journal.options import short_help
from journal.runtime import DiceAsker, DrawAsker, Mode, Runtime, failure
from journal.session import Session
from journal.text import one_line, unfold

if TYPE_CHECKING:
    from journal.games.interface import Game


class PlayRuntime(Runtime):
    """The runtime of a table shell: every command works on its campaign, and the player is
    asked (dice, draws, choices) through the shell's own prompt when it has one."""

    def __init__(self, outer: Runtime, campaign: SavePaths):
        super().__init__(outer.saves_dir, False, [], Mode.SHELL)  # `journal play` read the global options
        self.campaign = campaign
        self.save = str(campaign.save)
        self.bare: Callable[[str], str] = str  # suggested commands as the shell takes them (Table.bare)
        self.read_line = None   # read_line(message) -> str: the terminal's prompt for a die or a draw
        self.menu = None        # menu(prompt, values) -> str: the terminal's menu for a choice

    def paths(self, ref: str | None) -> SavePaths:
        if self.batch is not None:
            return super().paths(ref)
        if ref is not None:  # -s on a line: only the shell's own campaign
            lines.same(ref, self.campaign, self.saves_dir)
        return self.campaign

    def emit(self, lines: list[str] | str, data: object) -> None:
        """A command's lines, its suggested commands written bare (the JSON data as the CLI's)."""
        super().emit([self.bare(line) for line in ([lines] if isinstance(lines, str) else lines)], data)

    def dice_asker(self) -> DiceAsker:
        return DiceAsker(self.read_line) if self.read_line else super().dice_asker()

    def draw_asker(self) -> DrawAsker:
        return DrawAsker(self.read_line) if self.read_line else super().draw_asker()

    def pick(self, prompt: str, values: list[str]) -> str:
        return self.menu(prompt, values) if self.menu else super().pick(prompt, values)

    def yes_no(self, question: str) -> bool:
        if self.read_line is None:
            return super().yes_no(question)
        while True:
            answer = self.read_line(f"{question} [y/N]").strip().casefold()
            if answer in ("", "n", "no"):
                return False
            if answer in ("y", "yes"):
                return True
            click.echo("Expected y or n.", err=True)


def as_typed(text: str, game_id: str, commands=()) -> str:
    """A hint as typed in the shell: `journal epm travel Kell` (or `epm travel Kell`) → `travel Kell`."""
    text = re.sub(rf"(?<![\w/.-])journal (?:{re.escape(game_id)} )?", "", text)
    if commands:
        words = "|".join(re.escape(c) for c in commands)
        text = re.sub(rf"(?<![\w/.-]){re.escape(game_id)} (?=(?:{words})\b)", "", text)
    return text


def bare_commands(text: str, game_id: str, typed_bare: set[str] | frozenset[str]) -> str:
    """What a command prints, its suggested commands written bare as the shell takes them (issue
    30 §10): `journal redo` → `redo`, `journal epm travel Kell` → `travel Kell`, for the commands
    the shell runs bare (`typed_bare`). Any other keeps `journal`: one the shell does not run
    (`new`, `use`), a shared command the game's own hides (War Titans' `journal check`), one with
    a global option (`journal --saves DIR ...`), and prose ("journal drew")."""
    def bare(m: re.Match) -> str:
        return "" if m.group(2) in typed_bare else m.group(0)

    return re.sub(rf"(?<![\w/.-])journal ({re.escape(game_id)} )?(?=(\S+))", bare, str(text))


def next_hint(game: Game, state: dict) -> str:
    """What to do next: the game's `next_step(state)`."""
    return game.next_step(state)


# prose that ends with a label right before a command: "Phase 5: " or "recover (" (after a sentence's start)
LABEL = re.compile(r"(?:^|(?<=[.;!?] )|(?<=\())([^.;:!?()]+)(: | \()$")


def says_again(label: str, typed: str) -> bool:
    """Whether a command as typed begins with the words of the label before it."""
    return re.match(rf"{re.escape(label.casefold())}(?!\w)", typed.casefold()) is not None


def next_as_typed(text: str, game_id: str, commands=()) -> str:
    """The next step for the status line, its commands as typed in the shell; a label that says
    again what the command says is left out ("Phase 5: phase 5." is "phase 5.", "Travel: travel
    PLANET" is "travel PLANET", "recover (recover) if you like" is "recover if you like")."""
    if not isinstance(text, Text):
        return as_typed(text, game_id, commands)
    done, prose = "", ""  # the line so far, and the prose since the last command
    close = False  # a "(" was dropped: the ")" after the command goes too
    for part in text.parts:
        if isinstance(part, Hint):
            typed = as_typed(part.render(), game_id, commands)
            label = LABEL.search(prose)
            close = False
            if label and says_again(label.group(1), typed):
                prose, close = prose[:label.start(1)], label.group(2) == " ("
            done, prose = done + prose + typed, ""
        else:
            prose += part[1:] if close and part.startswith(")") else part
            close = False
    return as_typed(done + prose, game_id, commands)


def campaign_names(game: Game, state: dict) -> dict[str, list[str]]:
    """The game's `names(state)` (kind → names) for completion."""
    return {kind: [str(n) for n in found] for kind, found in game.names(state).items()}


class Table:
    """The campaign the shell keeps open: its game, its status, and running one line."""

    def __init__(self, rt: Runtime, root: click.Group, save: str | None):
        paths = rt.paths(save)
        with Session(paths, exclusive=False) as s:  # a save journal can read, or refuse to start
            self.game = s.game
        self.root = root
        self.paths = paths
        self.game_id = self.game.ID
        self.title = games.GAMES[self.game_id][1]
        self.group = games.commands(self.game_id)
        self.game_words = lines.game_words(self.group)
        self.rt = PlayRuntime(rt, paths)
        self.rt.bare = self.bare
        self.typed_bare: frozenset[str] | None = None  # the commands typed bare here (bare(), once needed)
        self.interactive = True
        self.status, self.next = "", ""
        self.entries = 0
        self.names: dict[str, list[str]] = {}
        self.state: dict | None = None
        self.refresh()

    @property
    def name(self) -> str:
        return self.paths.name

    @property
    def history_path(self):
        """The shell's history of this campaign, beside its save: saves/.NAME.history."""
        return beside(self.paths.save, f".{self.paths.name}.history")

    def commands(self) -> dict[str, click.Command]:
        return lines.top_commands(self.root, self.group, self.game_id, self.name)

    def refresh(self) -> None:
        """Read the campaign again: its status line, the next step, its names (after each command)."""
        try:
            with Session(self.paths, exclusive=False) as s:
                game, state, self.entries = s.game, s.state, s.entries
        except JournalError as e:
            self.status, self.next, self.names = f"'{self.name}' cannot be read: {e.message}", "", {}
            self.state = None
            return
        self.state = state
        self.status = game.status(state)
        self.next = next_as_typed(next_hint(game, state), self.game_id, self.game_words)
        self.names = campaign_names(game, state)

    # --- one line ------------------------------------------------------------
    def run_typed(self, text: str) -> bool | None:
        """What the player entered at the prompt: each of its lines is one command (a paste of
        several lines runs them in turn, as if typed one by one). False when one was refused,
        None once one quits."""
        ok: bool | None = True
        for line in re.split(r"\r\n|\r|\n", text):
            done = self.run_line(line)
            if done is None:
                return None
            ok = ok and done
        return ok

    def run_line(self, text: str, number: int | None = None) -> bool | None:
        """Run one typed line: True when it succeeded, False when it was refused, None to quit."""
        try:
            words, at_top = lines.bare(lines.split(text), self.game_id)
        except InputError as e:
            return self.refuse(e.message, number)
        if not words:
            return True
        if words[0] in lines.QUIT:
            if len(words) > 1:
                return self.refuse(f"{words[0]} takes nothing after it: type {words[0]} alone to leave (every "
                                   f"command is already saved)", number)
            return None
        if words[0] in (lines.HELP, "-h", "--help"):
            return self.help(words[1:], number)
        try:
            args = lines.route(words, self.root, self.group, self.game_id, self.paths, self.rt.saves_dir, at_top)
        except InputError as e:
            return self.refuse(e.message, number)
        return self.invoke(args, number)

    def invoke(self, args: list[str], number: int | None = None) -> bool:
        """The command through the real Click tree, as `journal ARGS...` (in-process)."""
        rt = self.rt
        rt.begin(args)
        try:
            with self.root.make_context("journal", list(args), obj=rt) as ctx:
                self.root.invoke(ctx)
        except click.exceptions.Exit as e:  # --help
            return e.exit_code == 0
        except click.ClickException as e:
            return self.refuse(self.usage(e), number)
        except BaseException as e:  # noqa: BLE001 - the CLI's one-line errors, and the shell goes on
            if isinstance(e, KeyboardInterrupt) and not self.interactive:  # piped: Ctrl-C ends the shell
                if rt.saved and not isinstance(e, Interrupted):
                    raise Interrupted(f"interrupted once {rt.saved} was saved: it stands") from None
                raise
            told = failure(e, rt.saved)
            if told is None:
                raise
            return self.refuse(self.bare(told[0]), number, getattr(e, "commands", ()))
        finally:
            self.refresh()
            rt.just_made = self.entries if rt.saved else None  # what `undo` on the next line takes back
        return True

    def usage(self, e: click.ClickException) -> str:
        """Click's message, and where to read about the command."""
        message = "Missing command." if isinstance(e, click.exceptions.NoArgsIsHelpError) else e.format_message()
        ctx = getattr(e, "ctx", None)
        path = ctx.command_path.split()[1:] if ctx is not None else []
        if path[:1] == [self.game_id]:
            path = path[1:]
        return f"{message} (help {' '.join(path)})" if path else f"{message} (help lists the commands)"

    def bare(self, text: str) -> str:
        """Text a command prints in the shell, its suggested commands written bare."""
        if self.typed_bare is None:
            hidden = lines.shadowed(self.root, self.game_words, self.name, self.game_id)
            self.typed_bare = frozenset(n for n in self.commands() if n not in hidden)
        return bare_commands(text, self.game_id, self.typed_bare)

    def refuse(self, message: str, number: int | None = None, commands: tuple[str, ...] = ()) -> bool:
        """The line's one `Error:` line on stderr (a piped line's number in it), then the commands
        it names, if any, one a line, written bare as the shell takes them."""
        self.rt.just_made = None
        where = f"line {number}: " if number is not None else ""
        click.echo(f"Error: {where}{one_line(unfold(message))}", err=True)
        for command in commands:
            click.echo(f"  {one_line(self.bare(command))}", err=True)
        return False

    # --- help ----------------------------------------------------------------
    def help(self, topic: list[str], number: int | None = None) -> bool:
        """`help`, `help COMMAND` (its options, less -s: the shell stays on its campaign), `help
        journal check` (the shared command a game's own `check` hides)."""
        topic, at_top = lines.bare(topic, self.game_id)
        self.rt.just_made = None
        if not topic:
            click.echo(self.help_text(), nl=False)
            return True
        if topic[0] in lines.QUIT or topic[0] == lines.HELP:
            click.echo(lines.SHELL_WORDS[lines.HELP if topic[0] == lines.HELP else "quit"])
            return True
        try:
            args = lines.route(topic, self.root, self.group, self.game_id, self.paths, self.rt.saves_dir, at_top)
        except InputError as e:
            return self.refuse(e.message, number)
        with lines.save_option_hidden(self.root, args):
            return self.invoke([*args, "--help"], number)

    def help_text(self) -> str:
        width = min(shutil.get_terminal_size((100, 24)).columns, 100)
        f = click.HelpFormatter(width=width)
        f.write_text(f"{self.title}: '{self.name}'. Type a command as it is, without journal, the game's name "
                     f"or -s: each line is saved as it is typed, and undo takes it back. TAB completes "
                     f"commands, options and the campaign's names; a die or a draw the line leaves out is "
                     f"asked for (Enter lets journal roll or draw it).")
        cmds = self.commands()
        with f.section("Game commands"):
            f.write_dl([(n, short_help(c)) for n, c in cmds.items() if n in self.game_words])
        with f.section("Commands every game shares"):
            shared = [(n, short_help(c)) for n, c in cmds.items() if n not in self.game_words]
            hidden = lines.shadowed(self.root, self.game_words, self.name, self.game_id)
            f.write_dl(shared + [(f"journal {n}", f"{short_help(c)} ({n} alone: the game's)")
                                 for n, c in hidden.items()])
        with f.section("Table shell"):
            f.write_dl([("help [COMMAND]", lines.SHELL_WORDS[lines.HELP]),
                        ("quit, exit, Ctrl-D", lines.SHELL_WORDS["quit"])])
        return f.getvalue()


def play(rt: Runtime, root: click.Group, save: str | None) -> int:
    """`journal play`: on a terminal, the interactive shell; from a pipe or a file, each line."""
    if rt.json:
        raise InputError("play is for the table: --json is for scripts (journal --json show, or journal batch)")
    table = Table(rt, root, save)
    if sys.stdin.isatty():
        from journal.play import terminal

        return terminal.run(table)
    return piped(table, sys.stdin)


def piped(table: Table, stream) -> int:
    """Each line of `stream`, in order: 0 when every one succeeded, 1 when one was refused."""
    table.interactive = False
    ok = True
    source = getattr(stream, "buffer", stream)
    for number, raw in enumerate(source, 1):
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError:
                ok = table.refuse("the line is not UTF-8 text", number)
                continue
        done = table.run_line(raw.rstrip("\r\n"), number)
        if done is None:
            break
        ok = done and ok
    return 0 if ok else 1

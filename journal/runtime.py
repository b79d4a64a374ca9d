"""The CLI's runtime: global options, save resolution, output, batches.

Game CLIs stay thin: they parse options and call ``rt.run(save, rules_fn, ...)``,
which opens the save (or joins the running batch), applies the rules function,
commits and prints. Everything here is game-agnostic.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

import click

from journal import files, games
from journal.store.current import current_ref, read_current, write_current
from journal.store.folder import Found, mark, save_files
from journal.store.paths import SavePaths, resolve
from journal.dice import MAX_SEED, Dice, rolled_line
from journal.errors import InputError, Interrupted, JournalError, NeedChoice, RuleError, SaveError, typed
from journal.outcome import Outcome
from journal.session import Session
from journal.store import interrupts
from journal.text import MAX_LINE, plural, shown, word_problem, wrap

if TYPE_CHECKING:  # the type checker's names only: building them would cost every command start-up time
    from typing import Concatenate, Literal, ParamSpec, TypeVar

    from journal.games.interface import Game

    P = ParamSpec("P")
    R = TypeVar("R")
    Parse = Callable[[Any, dict], dict]  # (the open campaign's state, the parameters typed) -> resolved ones
    Rules = Callable[Concatenate[Any, Dice, P], Outcome]  # a rules function: (state, dice, **params) -> Outcome
    ModeName = Literal["command", "shell", "demo"]

ASK_UNDO_AFTER = 5 * 60  # seconds: undo asks first on a terminal when the last command is older


def canonical_command(ctx: click.Context | None) -> str | None:
    """The command as typed after `journal`, without global options or the save name: the name of
    each command on the way down, then the words Click read for it, less those it gave to -s,
    --json or --saves (journal.options.Parsed keeps them). None outside a command's context."""
    words: list[str] = []
    while ctx is not None and ctx.parent is not None:
        kept = getattr(ctx, "words", None)
        if kept is None:
            return None
        words = [ctx.info_name or "", *kept, *words]
        ctx = ctx.parent
    return shlex.join(words) if words else None


def check_reason(reason: str | None) -> str | None:
    """A --reason is one line of text (empty: none)."""
    if reason is None or not reason.strip():
        return None
    if "\n" in reason or "\r" in reason:
        raise InputError("--reason is one line of text")
    if len(reason) > MAX_LINE:
        raise InputError(f"--reason holds {len(reason)} characters: at most {MAX_LINE}")
    return reason.strip()


def check_word(word: str, what: str) -> str:
    """A name or path from the environment or an option Click read from it, refused as a
    typed word would be (not UTF-8, more than one line ...)."""
    problem = word_problem(word)
    if problem:
        raise InputError(f"{what}: {problem}")
    return word


def click_line(message: str) -> str:
    """One line typed by the player after `message` (Click's prompt; empty when Enter alone)."""
    return click.prompt(message, default="", show_default=False)


def interrupted(e: BaseException) -> bool:
    """A Ctrl-C: KeyboardInterrupt itself, or Click's Abort made of one (a prompt's)."""
    if isinstance(e, KeyboardInterrupt):
        return True
    return isinstance(e, click.exceptions.Abort) and isinstance(e.__context__ or e.__cause__, KeyboardInterrupt)


def failure(e: BaseException, saved: str | None = None) -> tuple[str, int] | None:
    """What the player is told when a command fails: (the `Error:` message, the exit code).

    `saved` says what the command had already committed when it failed (a failure while
    printing its result): the message says so rather than "nothing was saved".
    None lets the exception through: a bug while JOURNAL_DEBUG is set, or a real exit.
    Click's usage errors are shown by the caller (with or without their usage lines).
    """
    after = f"; {saved} was saved before this, and stands" if saved else "; nothing was saved"
    if isinstance(e, Interrupted):
        return e.message, 130
    if interrupted(e):
        return ("interrupted" + (after if saved else ": nothing was saved by the unfinished command")), 130
    if isinstance(e, (click.exceptions.Abort, EOFError)):
        return f"aborted{after}", 1
    if isinstance(e, JournalError):
        return e.message, e.exit_code
    if isinstance(e, OSError):  # a folder or file the system refuses: not a bug, say which
        return f"{str(e.filename) + ': ' if e.filename else ''}{e.strerror or e}{after}", 1
    if isinstance(e, Exception) and not os.environ.get("JOURNAL_DEBUG"):  # no traceback reaches a player
        return f"internal error ({type(e).__name__}: {e}){after}. Set JOURNAL_DEBUG=1 for details", 1
    return None


def clock() -> float:
    """Now, in seconds since the epoch: the one clock the commands read (a command's time in its
    log entry, how long ago the last one was). Tests fix it here."""
    return time.time()


def seconds_since(stamp: object) -> float | None:
    """How long ago a log entry's time was (None: it has no time journal can read)."""
    try:
        return clock() - datetime.strptime(str(stamp), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp()
    except (TypeError, ValueError, OverflowError):
        return None


def ago(seconds: float | None) -> str:
    """12 minutes ago, 3 hours ago, 2 days ago (at an unknown time)."""
    if seconds is None:
        return "at an unknown time"
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = int(seconds // size)
            return f"{plural(count, unit)} ago"
    return "just now"


def json_text(data: object, indent: int | None = 2) -> str:
    """One JSON document, in ASCII when stdout cannot take any other text."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    return json.dumps(data, ensure_ascii=encoding != "utf8", indent=indent)


ASK_WIDTH = 80  # a die's or a draw's question fits a terminal of this many columns


def asked_line(what: str, choices: str, verb: str, told: set[str] | None = None) -> str:
    """The one question journal asks for a die or a draw it was not given (a terminal's line, the
    table shell's as well): `d6 result (1-6; Enter: journal rolls)`, `bag draw (r red, b blue;
    Enter: journal draws)`. Choices too long for the line are printed on their own line(s) first,
    once while they stay the same (`told`: the choices an asker has printed so far)."""
    enter = f"Enter: journal {verb}s"
    line = f"{what} {'result' if verb == 'roll' else 'draw'} ({choices}; {enter})"
    if len(line) + 2 <= ASK_WIDTH:  # Click's prompt adds ": "
        return line
    said = f"{what}: {choices}"
    if told is None or said not in told:
        click.echo("\n".join(wrap([said], ASK_WIDTH)))
        if told is not None:
            told.add(said)
    return f"{what} {'result' if verb == 'roll' else 'draw'} ({enter})"


def asked_until_read(read: Callable[[str], str], question: str, parse: Callable[[str], R]) -> R:
    """One answer typed at a terminal (`read` asks `question`), asked again, after its one-line
    error, until `parse` reads it (the player's box: an invader's card, a flight's row)."""
    while True:
        try:
            return parse(read(question).strip())
        except InputError as e:
            click.echo(e.message, err=True)


class DiceAsker:
    """On a terminal: the result of each die, typed by the player, or Enter to let journal roll.

    `read_line(message) -> str` reads the answer (Click's prompt; the table shell passes its own).
    """

    def __init__(self, read_line: Callable[[str], str] = click_line):
        self.answers: list[int] = []
        self.read_line = read_line
        self.told: set[str] = set()  # the choices printed before a question (asked_line)

    def __call__(self, die: str, sides: int, faces: list[str] | None = None) -> int | None:
        """The face typed: its number, or for a die with named faces (`faces`, face 1 first) the
        name the player sees on it (the first face of that name)."""
        named = {str(f).casefold(): i for i, f in reversed(list(enumerate(faces or [], 1)))}
        shown = ", ".join(dict.fromkeys(str(f) for f in faces or []))
        while True:
            text = self.read_line(asked_line(die, shown if faces else f"1-{sides}", "roll", self.told)).strip()
            if not text:
                return None
            face = named.get(text.casefold()) or (int(text) if text.isdigit() and 1 <= int(text) <= sides else None)
            if face is not None:
                self.answers.append(face)
                return face
            click.echo(f"Expected one of {shown}." if faces else f"Expected a number from 1 to {sides}.", err=True)


class DrawAsker:
    """On a terminal: each item drawn from a bag or a deck, typed by the player as the real one
    came out (its name, or a short spelling the game gives), or Enter to let journal draw.

    `read_line(message) -> str` reads the answer, as for DiceAsker.
    """

    def __init__(self, read_line: Callable[[str], str] = click_line):
        self.answers: list[str] = []
        self.read_line = read_line
        self.told: set[str] = set()  # the choices printed before a question (asked_line)

    def __call__(self, what: str, pool: dict, names: dict) -> str | None:
        held = [item for item, n in pool.items() if n > 0]
        spelled = {str(k).casefold(): v for k, v in names.items()} | {str(i).casefold(): i for i in pool}
        shown = ", ".join(" ".join([*(str(k) for k, v in names.items() if v == item), str(item)]) for item in held)
        while True:
            text = self.read_line(asked_line(what, shown, "draw", self.told)).strip()
            if not text:
                return None
            item = spelled.get(text.casefold())
            if item is not None and pool.get(item, 0) > 0:
                self.answers.append(item)
                return item
            click.echo(f"The {what} holds no {item}: expected one of {shown}." if item is not None else
                       f"Expected one of {shown}.", err=True)


class How:
    """How a command runs its rules function (`Runtime.run`), apart from the rules' own parameters.

    `entered` are physical dice (--roll), `draws` physical draws from a bag (--draw), each named
    by the option that gave them. A choice the rules need and were not given (NeedChoice) is asked
    for on a terminal, then the command runs again with the answer (`choice_params` maps an option
    to the parameter it fills, when that is not the option's own name); elsewhere it refuses.
    `side_files` names the side files (in the saves folder) the rules read and change
    (Session.apply): they commit, and undo, with the save. `log_reason` (--reason) is why a value
    was changed by hand: it is kept in the log entry. `parse(state, params) -> params` is the
    command's own reading of what was typed against the open campaign (names found, values
    checked), so that the rules function receives resolved values.
    """

    __slots__ = ("entered", "roll_option", "draws", "draw_option", "entry_kind", "choice_params", "side_files",
                 "log_reason", "parse")

    def __init__(self, *, entered: Sequence[int] = (), roll_option: str = "--roll", draws: Sequence[str] = (),
                 draw_option: str = "--draw", entry_kind: str = "command", choice_params: dict[str, str] | None = None,
                 side_files: Sequence[str] = (), log_reason: str | None = None, parse: Parse | None = None):
        self.entered = tuple(entered)
        self.roll_option = roll_option
        self.draws = tuple(draws)
        self.draw_option = draw_option
        self.entry_kind = entry_kind
        self.choice_params = dict(choice_params or {})
        self.side_files = tuple(side_files)
        self.log_reason = log_reason
        self.parse = parse


class Mode:
    """How the runtime is being used, given when it is made (never flipped from outside):

    COMMAND  one command typed at a terminal or by a script;
    SHELL    `journal play`: each line asks for every die and draw it was not given (except
             `roll`, which asks journal to roll), and undo knows the line typed before;
    DEMO     the steps of `journal demo`: nothing printed, and the demo's campaigns never take
             the place of the player's current one.
    """

    COMMAND: ModeName = "command"
    SHELL: ModeName = "shell"
    DEMO: ModeName = "demo"


class Batch:
    def __init__(self, session: Session):
        self.session = session
        self.line = 0
        self.args: list[str] = []
        self.results: list[dict] = []
        self.logged = 0


class Runtime:
    def __init__(self, saves_dir: str, json_mode: bool, args: list[str], mode: ModeName = Mode.COMMAND):
        self.saves_dir = files.clean_path(saves_dir)  # a string (see journal/store/paths.py)
        self.found: Found | None = None  # how the root command found the saves folder (store/folder.py)
        self.json = json_mode
        self.args = args
        self.batch: Batch | None = None
        self.mode = mode
        self.configured = mode != Mode.COMMAND  # global options read (nested invocations keep them)
        self.save: str | None = None  # -s NAME given before the command (journal -s NAME show)
        self.saved: str | None = None  # what the running command has committed (#5, the undo ...)
        self.just_made: int | None = None  # in the shell: the last entry the line before this one left
        self._time: str | None = None

    # --- basics ------------------------------------------------------------
    def begin(self, args: list[str]) -> None:
        """A new command on a runtime that outlives it (the table shell): its words, its time."""
        self.args = list(args)
        self._time = None
        self.saved = None

    def now(self) -> str:
        if self._time is None:
            self._time = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(clock()))
        return self._time

    def paths(self, ref: str | None) -> SavePaths:
        """The save a command works on: -s NAME (after or before the command), then
        JOURNAL_SAVE, then the saves folder's current campaign (journal use)."""
        if ref is None and self.batch is not None:
            return self.batch.session.paths
        ref = ref or self.save or check_word(os.environ.get("JOURNAL_SAVE") or "", "JOURNAL_SAVE") or None
        if ref is not None:
            return resolve(ref, self.saves_dir)
        current = read_current(self.saves_dir)
        if current is None and not save_files(self.saves_dir):
            raise click.UsageError(f"no campaign in {self.saves_dir}/ yet: start one with `journal epm new NAME ...` "
                                   f"(or titans, kraken, pulp; `journal games` lists them)")
        if current is None:
            raise click.UsageError(
                "no campaign given: name it with -s NAME (before or after the command), set "
                "JOURNAL_SAVE=NAME, or make it current with `journal use NAME`")
        paths = resolve(current, self.saves_dir)
        if not os.path.exists(paths.save):
            raise SaveError(f"the current campaign {typed(current)} has no save at {paths.save} any more: choose "
                            f"another with `journal use NAME` (journal list shows them)")
        return paths

    @property
    def in_shell(self) -> bool:
        """Running the lines of the table shell (`journal play`)."""
        return self.mode == Mode.SHELL

    @property
    def keeps_current(self) -> bool:
        """`new` makes its campaign the current one (a demo's never does)."""
        return self.mode != Mode.DEMO

    def committed(self, what: str) -> None:
        """A session's commit stands (`what`: #5, the undo): a failure after it must say so."""
        self.saved = what

    def has_save(self) -> bool:
        """Whether a command without -s has a campaign to work on."""
        return bool(self.save or os.environ.get("JOURNAL_SAVE") or read_current(self.saves_dir))

    def command_text(self) -> str:
        """What the log records as typed: the running command as Click read it (the words given,
        when no command is running)."""
        found = canonical_command(click.get_current_context(silent=True))
        return found if found is not None else shlex.join(self.batch.args if self.batch else self.args)

    def setup_dice(self, seed: int, entered: Sequence[int] = (), option: str = "--roll", draws: Sequence[str] = (),
                   draw_option: str = "--draw") -> Dice:
        """Dice for a `new` command's set-up rolls, from the new campaign's seed: on a terminal each
        die and draw not given is asked for, as a command's are (asks_for_dice)."""
        asks = self.can_prompt() and self.mode is not Mode.DEMO
        return Dice(seed, 0, entered, option, draws, draw_option,
                    ask=self.dice_asker() if asks and not entered else None,
                    ask_draw=self.draw_asker() if asks and not draws else None)

    @staticmethod
    def new_seed(seed: int | None) -> int:
        if seed is None:
            return int.from_bytes(os.urandom(8), "big") & MAX_SEED
        if not 0 <= seed <= MAX_SEED:
            raise InputError(f"--seed {seed} is outside 0..{MAX_SEED}")
        return seed

    @staticmethod
    def command_game() -> str | None:
        """The game whose command group is running (`journal kraken step` → "kraken"), if any."""
        ctx = click.get_current_context(silent=True)
        while ctx is not None and ctx.parent is not None and ctx.parent.parent is not None:
            ctx = ctx.parent
        name = ctx.info_name if ctx is not None else None
        return name if name in games.GAMES else None

    def check_game(self, session: Session) -> Session:
        """Refuse to run one game's command on another game's save."""
        wanted = self.command_game()
        if wanted and session.game is not None and session.game.ID != wanted:
            raise RuleError(f"{typed(session.paths.name)} is a {games.GAMES[session.game.ID][1]} save: "
                             f"`journal {wanted} ...` commands do not apply to it")
        return session

    # --- output --------------------------------------------------------------
    def emit(self, lines: list[str] | str, data: object) -> None:
        """Print the human lines, or the one JSON document."""
        if self.mode == Mode.DEMO or self.batch is not None:
            return
        if self.json:
            click.echo(json_text(data))
        else:
            # prose at min(terminal width, 100), a hint never split, a name's escape sequence shown
            # (never run); a thousand lines an echo (the lines of a long log are not copied whole)
            lines = wrap([lines] if isinstance(lines, str) else lines)
            for at in range(0, len(lines), 1000):
                click.echo("\n".join(map(shown, lines[at:at + 1000])))

    def emit_each(self, lines: list[str], items: Callable[[], Iterable[object]]) -> None:
        """`emit` of a list too long to hold (an undo of 100,000 commands): the human lines, or the
        JSON list written an item at a time, the very text `emit` would print of the whole list."""
        if self.mode == Mode.DEMO or self.batch is not None:
            return
        if not self.json:
            self.emit(lines, None)
            return
        block, opened = ["["], False
        for item in items():
            block.append((",\n  " if opened else "\n  ") + json_text(item).replace("\n", "\n  "))
            opened = True
            if len(block) >= 512:
                click.echo("".join(block), nl=False)
                block = []
        click.echo("".join(block) + ("\n]" if opened else "]"))

    def choose(self, option: str, values: list[str], prompt: str) -> str:
        """A missing choice: prompt on a terminal, otherwise refuse naming the option."""
        if not values:
            raise InputError(f"{option} is required, and there is nothing to choose from")
        if self.can_prompt():
            return self.pick(prompt, values)
        raise InputError(f"{option} is required: one of {', '.join(values)}")

    def can_prompt(self) -> bool:
        """A player at a terminal can be asked (not in a batch, a script or --json)."""
        return self.batch is None and not self.json and sys.stdin.isatty()

    def yes_no(self, question: str) -> bool:
        """A yes-or-no question on a terminal (Enter: no)."""
        return click.confirm(question, default=False)

    def confirm_undo(self, count: int, last: dict, oldest: dict) -> None:
        """Before an undo of `count` commands, `oldest` to `last`, on a terminal: ask, naming the
        command it takes back, when that command was typed more than a few minutes ago or (in the
        table shell) not on the line just before; a no refuses the undo. Scripts, batches and --json
        are never asked."""
        if not self.can_prompt():
            return
        age = seconds_since(last.get("time"))
        why = [] if age is not None and age <= ASK_UNDO_AFTER else [f"was typed {ago(age)}"]
        if self.in_shell and self.just_made != last["n"]:
            why.append("is not the command of your last line")
        if not why:
            return
        named = f"#{last['n']} {last['command']} ({last['summary']})"
        question = (f"Undo {named}? It" if count == 1 else
                    f"Undo {count} commands, #{oldest['n']}-#{last['n']}? The last, {named},")
        if not self.yes_no(f"{question} {' and '.join(why)}."):
            raise RuleError("not undone: you answered no (nothing was changed)")

    def ask(self, need: NeedChoice) -> str:
        """Ask the player for a choice a rule needs mid-command."""
        return self.pick(need.prompt, need.values)

    def pick(self, prompt: str, values: list[str]) -> str:
        """The player's answer on a terminal: one of `values` (any text when there are none).
        The table shell asks through its own menu."""
        if values:
            return click.prompt(prompt, type=click.Choice(values, case_sensitive=False))
        return click.prompt(prompt)

    # --- state-changing commands -------------------------------------------
    def run(self, save: str | None, fn: Rules[P], how: How | None = None, /, *args: P.args,
            **params: P.kwargs) -> Outcome:
        """Apply a rules function to a save: open, apply, log, commit, print.

        `fn(state, dice, **params)` receives the parameters given here by name (checked against
        its signature by the type checker), read first by `how.parse`; `how` says how it runs (the
        dice and draws typed, the choices asked, the side files, the reason: see `How`).
        """
        if args:
            raise TypeError("a rules function takes its parameters by name")
        how = how or How()
        dice_input = {"entered": how.entered, "option": how.roll_option, "draws": how.draws,
                      "draw_option": how.draw_option}
        apply = {"dice_input": dice_input, "kind": how.entry_kind, "side_files": how.side_files,
                 "reason": check_reason(how.log_reason), "parse": how.parse}
        typed_params: dict[str, Any] = dict(params)
        askers = self.dice_asker(), self.draw_asker()
        while True:
            try:
                return self._run_once(save, fn, typed_params, apply, askers)
            except NeedChoice as need:
                if not self.can_prompt():
                    raise
                need.answer(typed_params, self.ask(need), how.choice_params.get(need.option))
                dice_input["replay"] = list(askers[0].answers)  # the dice typed before the choice
                dice_input["draw_replay"] = list(askers[1].answers)  # and the draws

    def dice_asker(self) -> DiceAsker:
        """What asks the player for each die (the table shell asks through its own prompt)."""
        return DiceAsker()

    def draw_asker(self) -> DrawAsker:
        """What asks the player for each draw from a bag or deck (the table shell: its own prompt)."""
        return DrawAsker()

    def _run_once(self, save: str | None, fn: Callable[..., Outcome], params: dict, how: dict,
                  askers: tuple[DiceAsker, DrawAsker]) -> Outcome:
        paths = self.paths(save)
        if self.batch is not None:
            return self._run_in_batch(paths, fn, params, how)
        with Session(paths, on_commit=self.committed) as session:
            self.check_game(session)
            if self.asks_for_dice(how["dice_input"]):
                how["dice_input"]["ask"] = askers[0]
            if self.asks_for_dice(how["dice_input"], given="draws"):
                how["dice_input"]["ask_draw"] = askers[1]
            outcome, entry = session.apply(fn, params, command=self.command_text(), time=self.now(), **how)
            session.commit()
        self.emit(self.told(outcome, entry), self.result_data(outcome, entry))
        return outcome

    def asks_for_dice(self, dice_input: dict, given: str = "entered") -> bool:
        """Ask the player for each die (or, `given="draws"`, each draw) the command was not given,
        on a terminal, in every game: the dice on the table are the player's (Enter lets journal
        roll). Dice typed with --roll that run short: the next ones are asked for (a die that depends
        on an earlier one cannot be known before). Never in a script, a batch, --json or a demo, nor
        for `roll`, which asks journal to roll."""
        if not self.can_prompt() or self.mode == Mode.DEMO:
            return False
        if dice_input.get(given):
            return given == "entered"
        return not self.asks_journal_to_roll()

    def asks_journal_to_roll(self) -> bool:
        """The running command is `roll` (`journal roll 2d6`, `journal epm roll`, a shell line)."""
        ctx = click.get_current_context(silent=True)
        if ctx is not None and ctx.parent is not None:
            return ctx.info_name == "roll"
        return self.args[:1] == ["roll"]

    @staticmethod
    def told(outcome: Outcome, entry: dict, fallback: bool = True) -> list[str]:
        """A command's lines for the table, saying first what journal rolled itself."""
        lines = outcome.lines or ([outcome.summary] if fallback else [])
        said = rolled_line(entry["rolls"])
        if said and not any("journal rolled" in line for line in lines):
            lines = [said] + lines
        return lines

    def create(self, name: str, game: Game, state: dict, seed: int, outcome: Outcome, dice: Dice | None = None) -> dict:
        """A new campaign save (the game's `new` command).

        Set-up that rolls uses `rt.setup_dice(seed, rolls)`, passed back here as `dice`, so
        its rolls are logged with their source and the generator continues after them.
        """
        if self.batch is not None:
            raise InputError("a batch runs on an existing save: create it first with `new`")
        paths = resolve(name, self.saves_dir)
        made_here = not os.path.isdir(self.saves_dir)  # this command makes the saves folder
        with Session(paths, create=True, on_commit=self.committed) as session:
            entry = session.start(game, state, seed, outcome, self.command_text(), self.now(), dice)
            with interrupts.held() as held:  # the campaign, then its being current
                was, not_current = self.previous_current(), None
                session.commit()  # from here on the campaign stands: nothing removes it
                if self.keeps_current:
                    try:
                        write_current(self.saves_dir, current_ref(paths, self.saves_dir))
                    except (OSError, JournalError) as e:
                        not_current = e.strerror if isinstance(e, OSError) else e.message
        if made_here or (self.found is not None and self.found.how not in ("option", "env")):
            mark(self.saves_dir)  # a folder journal made or chose is found again from below
        if held.pending:
            raise Interrupted(f"interrupted once the campaign {typed(paths.name)} was saved: it took effect")
        current = self.keeps_current and not_current is None
        data = {"save": str(paths.save), "name": paths.name, "seed": seed, **outcome.data, "current": current}
        saved = f"Saved as '{paths.name}' ({paths.save})"
        if not_current is not None:
            told = f"{saved}; it could not be made the current campaign ({not_current}): `journal use {paths.name}`."
        elif current and was not in (None, paths.name):
            told = f"{saved}, now the current campaign instead of '{was}'."
        else:
            told = f"{saved}, now the current campaign." if current else f"{saved}."
        self.emit(self.told(outcome, entry, False) + [told], data)
        return entry

    def previous_current(self) -> str | None:
        """The saves folder's current campaign before `new` (None: none, or none journal can read)."""
        if not self.keeps_current:
            return None
        try:
            return read_current(self.saves_dir)
        except JournalError:
            return None

    @staticmethod
    def result_data(outcome: Outcome, entry: dict) -> dict:
        return {**outcome.data, "summary": outcome.summary, "messages": outcome.lines,
                "rolls": entry["rolls"], "n": entry["n"]}

    def _run_in_batch(self, paths: SavePaths, fn: Callable[..., Outcome], params: dict, how: dict) -> Outcome:
        b = self.batch
        assert b is not None
        if paths is not b.session.paths and os.path.realpath(paths.save) != os.path.realpath(b.session.paths.save):
            raise InputError(f"this batch runs on {typed(b.session.paths.name)}, not {typed(paths.name)}")
        self.check_game(b.session)
        outcome, entry = b.session.apply(fn, params, command=self.command_text(), time=self.now(), **how)
        b.logged += 1
        b.results.append({"line": b.line, **self.result_data(outcome, entry), "command": entry["command"]})
        return outcome

    # --- reading ---------------------------------------------------------------
    def current_game(self, save: str | None) -> Game:
        """The game module of the save a command is about to change."""
        if self.batch is not None:
            return self.batch.session.game
        with self.read(save) as s:
            return s.game

    def current_state(self, save: str | None) -> dict:
        """The state a command is about to change (the batch's, mid-batch)."""
        if self.batch is not None:
            return self.check_game(self.batch.session).state
        with self.read(save) as s:
            return s.state

    def read(self, save: str | None) -> "_Checked":
        """Open a save for reading (shared lock, validated, of the running command's game)."""
        if self.batch is not None:
            raise InputError("only commands that change the save can run in a batch")
        return _Checked(self, Session(self.paths(save), exclusive=False))


def pass_rt(f: Callable[Concatenate[Runtime, P], R]) -> Callable[P, R]:
    """Decorator: the command receives the Runtime as its first argument."""
    return click.pass_obj(f)


class _Checked:
    """A read Session that, once open, is checked to belong to the running command's game."""

    def __init__(self, rt: Runtime, session: Session):
        self.rt, self.session = rt, session

    def __enter__(self) -> Session:
        s = self.session.__enter__()
        try:
            return self.rt.check_game(s)
        except BaseException:
            self.session.__exit__(None, None, None)
            raise

    def __exit__(self, *exc: object) -> bool | None:
        return self.session.__exit__(*exc)

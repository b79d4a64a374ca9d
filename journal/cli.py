"""The `journal` command: global options and the commands every game shares.

Game commands live in journal/games/<game>/cli.py and are loaded only when used.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import sys
import time

import click

from journal import __version__, cli_campaigns, cli_report, files, games
from journal import log as logmod
from journal import outcome as common
from journal.dice import Dice, parse_expr
from journal.errors import InputError, JournalError, SaveError
from journal.options import (
    CONTEXT,
    OrderedGroup,
    complete_saves,
    reason_option,
    rolls_option,
    save_option,
)
from journal.runtime import Runtime, check_word, failure, interrupted, json_text, pass_rt
from journal.session import Session, shown_time
from journal.store import document, folder, locking
from journal.store.current import current_ref, read_current, write_current
from journal.store.paths import SavePaths, resolve
from journal.text import MAX_LINE, one_line, plural, unfold, word_problem

class RootGroup(OrderedGroup):
    """Shared commands, then one group per game (imported on first use)."""

    def parse_args(self, ctx, args):
        """Every word typed is one line of text: a name with a line break in it would break the
        save, the log and every hint that names it (the command line, a batch or play line)."""
        if not ctx.resilient_parsing:
            for word in args:
                problem = word_problem(word)
                if problem:
                    raise click.UsageError(problem)
        return super().parse_args(ctx, args)

    def list_commands(self, ctx):
        return list(self.commands) + list(games.GAMES)

    def get_command(self, ctx, name):
        if name in games.GAMES:
            return games.commands(name)
        return super().get_command(ctx, name)

    def format_commands(self, ctx, formatter):
        shared = [(n, self.commands[n].get_short_help_str(70)) for n in self.commands]
        per_game = [(gid, title) for gid, (_m, title) in games.GAMES.items()]
        with formatter.section("Games (journal GAME --help)"):
            formatter.write_dl(per_game)
        with formatter.section("Commands"):
            formatter.write_dl(shared)


@click.group(cls=RootGroup, context_settings=CONTEXT,
             epilog="Guides: journal guide GAME (a game's tour, commands and rules notes); journal guide "
                    "lists them all.")
@click.option("--saves", metavar="DIR", envvar="JOURNAL_SAVES",
              help="Folder of save files (env JOURNAL_SAVES; default: the nearest saves/ made by journal here or "
                   "above, else your data folder: journal where).")
@click.option("--json", "json_mode", is_flag=True, help="Print exactly one JSON document on stdout.")
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

@root.command("games")
@pass_rt
def games_cmd(rt):
    """The supported games."""
    rows = [{"id": gid, "title": title} for gid, (_m, title) in games.GAMES.items()]
    rt.emit([f"{r['id']:<8} {r['title']}" for r in rows], rows)


@root.command("list")
@click.option("--trash", is_flag=True, help="The campaigns in the trash instead (journal restore NAME).")
@pass_rt
def list_cmd(rt, trash):
    """Saves in the folder: name, game, turn/phase, last change (* the current campaign)."""
    if trash:
        return list_trash(rt)
    folder = rt.saves_dir
    try:
        current = read_current(folder)
    except JournalError:
        current = None
    rows = [row for row in (list_row(folder, name, current) for name in save_files(folder)) if row is not None]
    if not rows:
        lines = [f"No saves in {folder}/ yet: start one with `journal epm new NAME ...`."]
    else:
        w = max(len(r["name"]) for r in rows)
        lines = [f"{'*' if r['current'] else ' '} {r['name']:<{w}}  {str(r['game'] or '?'):<6}  {r['changed']:<16}  "
                 f"{r['status']}" for r in rows]
    rt.emit(lines, rows)


def list_trash(rt) -> None:
    from journal.campaigns import trash_rows

    rows = trash_rows(rt.saves_dir)
    w = max((len(r["name"]) for r in rows), default=0)
    lines = [f"  {r['name']:<{w}}  {str(r['game'] or '?'):<6}  {r['changed']}" for r in rows]
    rt.emit(lines or [f"The trash of {rt.saves_dir}/ is empty."], rows)


def save_files(folder: str) -> list[str]:
    """The *.toml entries of the saves folder, by name (none when it is no folder)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(n for n in names if n.endswith(".toml") and len(n) > 5 and not n.startswith("."))


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


@root.command()
@click.argument("name", required=False, shell_complete=complete_saves)
@pass_rt
def use(rt, name):
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


@root.command()
@save_option
@pass_rt
def show(rt, save):
    """State summary (--json: {"game","name","result","state"}; result: won, lost or null)."""
    with rt.read(save) as s:
        rt.emit(s.game.summary(s.state), {"game": s.game.ID, "name": s.paths.name,
                                          "result": s.game.result(s.state), "state": s.game.public_state(s.state)})


def format_entry(e: dict) -> str:
    text = f"{e['n']:>5}  " + ("(undone) " if e.get("undone") else "")
    text += f"Note: {e['summary']}" if e.get("kind") == "note" else e["summary"]
    if e.get("reason"):
        text += f" (reason: {e['reason']})"
    if e.get("rolls"):
        shown = ", ".join(f"{r['die']}={r['value']}{'' if r['source'] == 'rolled' else ' (entered)'}"
                          for r in e["rolls"])
        text += f"   [{shown}]"
    if e.get("undone"):
        text += f"   (undone {shown_time(e['undone']['time'])} by journal {e['undone']['by']})"
    return text


def grouped(entries: list[dict]) -> list[str]:
    lines, turn = [], object()
    for e in entries:
        if e.get("turn") != turn:
            turn = e.get("turn")
            lines.append(f"— {turn} —" if turn else "—")
        lines.append(format_entry(e))
    return lines


@root.command("log")
@save_option
@click.option("--tail", type=click.IntRange(min=1), metavar="N", help="Only the last N entries.")
@click.option("--all", "with_undone", is_flag=True,
              help="The commands undo took back too, each marked undone (when, and by which undo).")
@pass_rt
def log_cmd(rt, save, tail, with_undone):
    """The campaign's history, grouped by turn (--json: entries with rolls)."""
    with rt.read(save) as s:
        if with_undone:
            entries = s.history()
            entries = entries[-tail:] if tail else entries
        else:
            entries = s.log.tail(tail) if tail else s.log.read_all()
    rt.emit(grouped(entries), [logmod.public(e) for e in entries])


@root.command(context_settings={"ignore_unknown_options": True})
@save_option
@click.argument("text", nargs=-1, required=True)
@pass_rt
def note(rt, save, text):
    """A free-text note in the log (and in the PDF)."""
    joined = " ".join(text).strip()
    if not joined:
        raise InputError("the note is empty: type some text after `note`")
    if "\n" in joined or "\r" in joined:
        raise InputError("a note is one line: write several notes for several lines")
    if len(joined) > MAX_LINE:
        raise InputError(f"the note holds {len(joined)} characters: a note holds at most {MAX_LINE}")
    rt.run(save, common.note, text=joined, entry_kind="note")


@root.command("set", context_settings={"ignore_unknown_options": True})
@save_option
@click.argument("key")
@click.argument("value", required=False)
@click.option("--unset", is_flag=True, help="Remove the key instead of setting it.")
@reason_option
@pass_rt
def set_cmd(rt, save, key, value, unset, reason):
    """Set any value of the state by hand, as a card's text says (logged, validated).

    KEY is a dotted path inside [state] (turn, crew.Ray.hp, cities."New York".damage);
    VALUE is a TOML value (3, -2, true, "text"); a bare word is taken as text.
    """
    if (value is None) != unset:
        raise click.UsageError("give a VALUE, or --unset to remove the key")
    from journal import assign

    path = assign.key_path(key)
    parsed = None if unset else assign.value(value)
    game = rt.current_game(save)
    rt.run(save, common.set_value, path=path, value=parsed, unset=unset, validate=game.validate, shown_key=key,
           raw=value, log_reason=reason)


@root.command()
@click.argument("count", metavar="[N]", type=click.IntRange(min=1), required=False)
@save_option
@click.option("--steps", type=click.IntRange(min=1), metavar="N", help="The same as N.")
@click.option("--to", "to", type=click.IntRange(min=0), metavar="ENTRY",
              help="Back to just after entry ENTRY of journal log: every later command is undone.")
@click.option("--yes", is_flag=True, help="Do not ask first (a terminal asks when the last command was typed "
                                          "more than 5 minutes ago, or in play on an earlier line).")
@pass_rt
def undo(rt, save, count, steps, to, yes):
    """Revert the last command, or the last N (exactly, when the save was not edited by hand since);
    journal redo puts them back. Undone commands stay listed by journal log --all."""
    if rt.batch is not None:
        raise InputError("undo cannot run inside a batch: fix the batch file instead")
    if count is not None and steps is not None:
        raise click.UsageError("N and --steps N say the same: give one of them")
    if to is not None and (count or steps) is not None:
        raise click.UsageError("--to ENTRY says where to stop: give it without N or --steps")
    paths = rt.paths(save)
    with Session(paths, on_commit=rt.committed) as s:
        reverted = s.undo(count or steps, to=to, time=rt.now(), by=rt.command_text(),
                          confirm=None if yes else rt.confirm_undo)
    lines = [f"Undid #{e['n']} {e['command']}: {e['summary']}" for e in reverted]
    lines.append(f"'{paths.name}' is back as it was before #{reverted[-1]['n']} (journal redo puts "
                 f"{'it' if len(reverted) == 1 else 'them'} back).")
    rt.emit(lines, [logmod.public(e) for e in reverted])


@root.command()
@save_option
@pass_rt
def redo(rt, save):
    """Put back what the last undo took back, with the same dice, while nothing else changed since."""
    if rt.batch is not None:
        raise InputError("redo cannot run inside a batch: fix the batch file instead")
    paths = rt.paths(save)
    with Session(paths, on_commit=rt.committed) as s:
        redone = s.redo(time=rt.now())
    lines = [f"Redid #{e['n']} {e['command']}: {e['summary']}" for e in redone]
    lines.append(f"'{paths.name}' is back as it was after #{redone[-1]['n']}.")
    rt.emit(lines, [logmod.public(e) for e in redone])


@root.command()
@save_option
@pass_rt
def check(rt, save):
    """Validate a (possibly hand-edited) save and its log; exit 1 listing each problem."""
    if rt.batch is not None:  # the batch holds the folder's lock, and its changes are not saved yet
        raise InputError("check cannot run inside a batch: check the save before or after it")
    paths = rt.paths(save)
    problems, game, entries = [], None, 0
    try:
        with Session(paths, exclusive=False, use_cache=False) as s:  # the save itself, never its cache
            game, entries = s.game, s.entries
            s.history()  # every entry, not only the last, and the undone ones: check is the thorough reader
    except SaveError as e:
        problems = e.problems or [e.message]
    if problems:
        rt.emit([f"{paths.save}:"] + [f"  - {p}" for p in problems],
                {"save": str(paths.save), "valid": False, "problems": problems})
        err = JournalError(f"{paths.save} has {plural(len(problems), 'problem')}")
        err.json_done = True
        raise err
    rt.emit(f"{paths.save} is valid: {games.GAMES[game.ID][1]}, {plural(entries, 'log entry', 'log entries')}.",
            {"save": str(paths.save), "valid": True, "problems": []})


@root.command(context_settings={"ignore_unknown_options": True})
@click.argument("expr")
@save_option
@rolls_option
@pass_rt
def roll(rt, expr, save, rolls):
    """Roll dice: d6, 2d6+3, d20, d3 ...; logged in the campaign when there is one."""
    parsed = parse_expr(expr)
    if save is None and rt.batch is None and not rt.has_save():
        dice = Dice(int.from_bytes(os.urandom(8), "big") >> 1, 0, rolls)
        out = common.roll({}, dice, parsed)
        dice.check_complete()
        dice.finish()
        rt.emit(out.lines, {**out.data, "rolls": [r.as_dict() for r in dice.rolls]})
        return
    rt.run(save, common.roll, expr=parsed, entered=rolls)


@root.command()
@save_option
@click.argument("file", type=click.File("rb"))  # bytes: a text-mode read would split a line at a lone CR
@pass_rt
def batch(rt, save, file):
    """Run many commands from FILE (or - for stdin): one per line, as typed after `journal`.

    Blank lines and # comments are skipped; -s may be left out of the lines. All or
    nothing: if a line fails, nothing is saved and the error names the line.
    """
    if rt.batch is not None:
        raise InputError("a batch cannot run another batch")
    try:
        text = file.read().decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("the batch file is not UTF-8 text") from None
    paths = rt.paths(save)
    from journal.batch import batch_lines, run_batch

    lines = batch_lines(text)

    b = run_batch(rt, root, paths, lines, progress=len(lines) > 200 and not rt.json and sys.stderr.isatty())
    if rt.json:
        rt.emit([], {"save": paths.name, "count": b.logged, "results": b.results})
        return
    out = [f"line {r['line']}: #{r['n']} {r['summary']}" for r in b.results]
    if b.results:
        out.extend("  " + m for m in b.results[-1]["messages"][1:])
    out.append(f"Ran {plural(b.logged, 'command')} on '{paths.name}'.")
    rt.emit(out, None)


@root.command()
@save_option
@pass_rt
def play(rt, save):
    """The table shell: stay on the campaign and type its commands bare (card 3, undo, help, quit).

    On a terminal: TAB completes commands, options and the campaign's names; the status line shows
    where the game stands and what comes next; a die or a draw (a cube from the bag) a line leaves out
    is asked for (Enter lets journal roll or draw). Each line is saved as it is typed. From a pipe or a file, each line runs in turn (errors on
    stderr): exit 0 when every line succeeded, 1 otherwise (batch is the all-or-nothing form).
    --json is refused, in play and on its lines: scripts use journal --json show, or batch.
    """
    from journal.play import shell

    return shell.play(rt, root, save)


@root.command()
@save_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="PDF file (default: beside the save).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@pass_rt
def pdf(rt, save, output, paper):
    """Trackers for the current state, then the campaign log."""
    from journal.pdf import document

    with rt.read(save) as s:
        entries = s.log.read_all()
        game, state, paths = s.game, s.state, s.paths
    out = files.clean_path(output) if output else paths.save[: -len(".toml")] + ".pdf"
    pages = document.render_save(game, state, entries, out, paper, title=paths.name,
                                 progress=not rt.json and sys.stderr.isatty(),
                                 follow_links=not in_saves_folder(rt, out, paths), error=InputError if output else SaveError)
    rt.emit(f"Wrote {out} ({pages} pages, {paper}).", {"pdf": str(out), "pages": pages, "paper": paper})


def in_saves_folder(rt: Runtime, out: str, paths: SavePaths | None = None) -> bool:
    """Whether a file is in the saves folder (or the folder of the save at hand): there a link is
    never written through, as a folder received from someone could point it at any file."""
    where = os.path.realpath(os.path.dirname(os.path.abspath(out)))
    folders = [rt.saves_dir] + ([os.path.dirname(paths.save) or "."] if paths else [])
    return any(where == os.path.realpath(folder) for folder in folders)


@root.command()
@click.argument("game", type=click.Choice(list(games.GAMES)), required=False)
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="PDF file (default: GAME-sheet.pdf in the saves folder, where `pdf` writes too).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@save_option
@pass_rt
def sheet(rt, game, output, paper, save):
    """Blank trackers for pencil play (GAME: default, the current campaign's game)."""
    from journal.pdf import document

    game = game or rt.current_game(save).ID
    out = files.clean_path(output) if output else os.path.join(rt.saves_dir, f"{game}-sheet.pdf")
    pages = document.render_blank(games.load(game), out, paper, follow_links=not in_saves_folder(rt, out))
    rt.emit(f"Wrote {out} ({pages} pages, {paper}).", {"pdf": str(out), "pages": pages, "paper": paper})


@root.command()
@click.argument("name", metavar="[GUIDE]", required=False)
@pass_rt
def guide(rt, name):
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


@root.command()
@click.argument("only", metavar="[GAME]...", nargs=-1, type=click.Choice(list(games.GAMES)))
@pass_rt
def demo(rt, only):
    """Demo campaigns and their PDFs in the saves folder, for every game or the GAMEs named
    (each replaces its earlier demo save)."""
    from journal import demo as demomod

    made = demomod.run_all(rt, root, only)
    lines = []
    for d in made:
        lines.append(f"{d['title']}: save '{d['save']}' ({plural(d['entries'], 'log entry', 'log entries')}), PDF {d['pdf']}")
    typed, how = demomod.how_to_type(sys.argv[0], os.environ.get("PATH", ""))
    lines.append(f"Try{how}:")
    lines += [f"  {typed} show -s {made[0]['save']}", f"  {typed} log -s {made[0]['save']} --tail 5"]
    rt.emit(lines, {"demos": made})


for command in (*cli_campaigns.COMMANDS, *cli_report.COMMANDS):
    root.add_command(command)


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


def help_as_json(rt: Runtime, args: list[str]) -> int:
    """`journal --json ... --help`: the help as one JSON document, {"help"} (Click prints it as
    text). Should the word have been an option's value, the command's own document stands."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        try:
            code = invoke(rt, args)
        except click.exceptions.Exit as e:
            code = e.exit_code
    text = buffer.getvalue()
    try:
        json.loads(text)
    except ValueError:
        rt.emit([], {"help": text.rstrip("\n")})
    else:
        click.echo(text, nl=False)
    return code


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    # --json is global, but players type it anywhere: `journal log -s x --json` works too
    end = args.index("--") if "--" in args else len(args)
    json_mode = "--json" in args[:end]
    if json_mode:
        args = ["--json"] + [a for i, a in enumerate(args) if a != "--json" or i >= end]
    rt = Runtime("saves", json_mode, args)
    tolerant_output()

    def fail(message: str, code: int = 1, json_done: bool = False) -> int:
        """One `Error:` line on stderr (and, with --json, the one JSON document on stdout)."""
        message = one_line(message)
        if rt.json and not json_done:
            click.echo(json_text({"error": message, "exit": code}, None))
        click.echo(f"Error: {message}", err=True)
        return code

    try:
        words = args[: args.index("--")] if "--" in args else args
        helped = json_mode and any(a in ("-h", "--help") for a in words)
        code = help_as_json(rt, args) if helped else invoke(rt, args)
    except click.exceptions.Exit as e:
        code = e.exit_code
    except click.ClickException as e:  # usage errors: exit 2, one line naming the command's help
        if isinstance(e, click.exceptions.NoArgsIsHelpError) and not rt.json:
            click.echo(e.ctx.get_help())  # `journal epm` alone: the commands it has, then the error
        code = fail(usage_line(e), e.exit_code)
    except BaseException as e:  # noqa: BLE001 - refusals, aborts, system errors and bugs: one line each
        if interrupted(e) and sys.stderr.isatty():
            click.echo(err=True)  # past the ^C the terminal echoed
        told = failure(e, rt.saved)
        if told is None:
            raise
        code = fail(*told, getattr(e, "json_done", False))
    if argv is None:  # the process ends here: a Ctrl-C now has nothing left to stop (nor a traceback to print)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(code)

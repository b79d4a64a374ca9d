"""The shared commands on a campaign's save and log: show, log, note, set, undo, redo, check, roll."""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable

import click

from journal import games
from journal import log as logmod
from journal import outcome as common
from journal.dice import Dice, parse_expr
from journal.errors import InputError, JournalError, SaveError
from journal.options import JournalCommand, reason_option, rolls_option, save_option
from journal.runtime import How, Mode, Runtime, pass_rt
from journal.session import Session, Taken, shown_time
from journal.text import MAX_LINE, plural


@click.command(cls=JournalCommand)
@save_option
@pass_rt
def show(rt: Runtime, save: str | None) -> None:
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


def grouped(entries: Iterable[dict]) -> list[str]:
    lines, turn = [], object()
    for e in entries:
        if e.get("turn") != turn:
            turn = e.get("turn")
            lines.append(f"— {turn} —" if turn else "—")
        lines.append(format_entry(e))
    return lines


def echo_json(entries: Iterable[dict]) -> None:
    """Print the JSON document of `log --json` (an array of public entries, the text `json_text`
    makes of the whole list) entry by entry as they are read: neither the entries nor the text
    are held. The entries come from a log already checked whole, so nothing is refused midway."""
    from journal.runtime import json_text

    said = False
    for e in entries:
        click.echo(("[\n  " if not said else ",\n  ") + json_text(logmod.public(e)).replace("\n", "\n  "), nl=False)
        said = True
    click.echo("\n]" if said else "[]")


@click.command("log", cls=JournalCommand)
@save_option
@click.option("--tail", type=click.IntRange(min=1), metavar="N", help="Only the last N entries.")
@click.option("--all", "with_undone", is_flag=True,
              help="The commands undo took back too, each marked undone (when, and by which undo).")
@pass_rt
def log_cmd(rt: Runtime, save: str | None, tail: int | None, with_undone: bool) -> None:
    """The campaign's history, grouped by turn (--json: entries with rolls)."""
    with rt.read(save) as s:
        entries: Iterable[dict]
        if with_undone:
            entries = s.history_stream()  # the log checked whole first, then read again
            entries = deque(entries, maxlen=tail) if tail else entries
        elif tail:
            entries = s.log.tail(tail)
        elif rt.json:
            for _entry in s.log.stream():  # checked whole first, so that a damaged line prints nothing
                pass
            entries = s.log.stream(checked=True)
        else:
            entries = s.log.stream()
        if rt.json:
            if rt.mode != Mode.DEMO:
                echo_json(entries)  # under the shared lock: each entry printed as it is read
            return
        listing = grouped(entries)  # each entry folded into its line as it is read: they are never all held
    rt.emit(listing, None)


@click.command(context_settings={"ignore_unknown_options": True}, cls=JournalCommand)
@save_option
@click.argument("text", nargs=-1, required=True)
@pass_rt
def note(rt: Runtime, save: str | None, text: tuple[str, ...]) -> None:
    """A free-text note in the log (and in the PDF)."""
    joined = " ".join(text).strip()
    if not joined:
        raise InputError("the note is empty: type some text after `note`")
    if "\n" in joined or "\r" in joined:
        raise InputError("a note is one line: write several notes for several lines")
    if len(joined) > MAX_LINE:
        raise InputError(f"the note holds {len(joined)} characters: a note holds at most {MAX_LINE}")
    rt.run(save, common.note, How(entry_kind="note"), text=joined)


@click.command("set", context_settings={"ignore_unknown_options": True}, cls=JournalCommand)
@save_option
@click.argument("key")
@click.argument("value", required=False)
@click.option("--unset", is_flag=True, help="Remove the key instead of setting it.")
@reason_option
@pass_rt
def set_cmd(rt: Runtime, save: str | None, key: str, value: str | None, unset: bool,
            reason: str | None) -> None:
    """Set any value of the state by hand, as a card's text says (logged, validated).

    KEY is a dotted path inside [state] (turn, crew.Ray.hp, cities."New York".damage);
    VALUE is a TOML value (3, -2, true, "text"); a bare word is taken as text.
    """
    if (value is None) != unset:
        raise click.UsageError("give a VALUE, or --unset to remove the key")
    from journal import assign

    path = assign.key_path(key)
    parsed = None if value is None else assign.value(value)  # None exactly when --unset (checked above)
    game = rt.current_game(save)
    rt.run(save, common.set_value, How(log_reason=reason), path=path, value=parsed, unset=unset,
           validate=game.validate, shown_key=key, raw=value)


@click.command(cls=JournalCommand)
@click.argument("count", metavar="[N]", type=click.IntRange(min=1), required=False)
@save_option
@click.option("--steps", type=click.IntRange(min=1), metavar="N", help="The same as N.")
@click.option("--to", "to", type=click.IntRange(min=0), metavar="ENTRY",
              help="Back to just after entry ENTRY of journal log: every later command is undone.")
@click.option("--yes", is_flag=True, help="Do not ask first (a terminal asks when the last command was typed "
                                          "more than 5 minutes ago, or in play on an earlier line).")
@pass_rt
def undo(rt: Runtime, save: str | None, count: int | None, steps: int | None, to: int | None,
         yes: bool) -> None:
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
        taken = s.undo(count or steps, to=to, time=rt.now(), by=rt.command_text(),
                       confirm=None if yes else rt.confirm_undo)
    oldest = taken.shown[0]["n"] - taken.total + 1
    lines = listed("Undid", taken, f"#{oldest}-#{taken.shown[0]['n'] - SHOWN}", "journal log --all")
    lines.append(f"'{paths.name}' is back as it was before #{oldest} (journal redo puts "
                 f"{'it' if taken.total == 1 else 'them'} back).")
    rt.emit_each(lines, lambda: map(logmod.public, taken.entries()))


SHOWN = 10  # the commands an undo or a redo of more than KEEP lists one by one: the rest are counted


def listed(verb: str, taken: Taken, rest: str, where: str) -> list[str]:
    """An undo's or a redo's commands, a line each; of a long one, the first SHOWN and a count of the
    rest (numbered `rest`, and listed by `where`)."""
    shown = taken.shown if taken.total <= len(taken.shown) else taken.shown[:SHOWN]
    lines = [f"{verb} #{e['n']} {e['command']}: {e['summary']}" for e in shown]
    if len(shown) < taken.total:
        lines.append(f"{verb} {plural(taken.total - len(shown), 'more command')}, {rest} ({where} lists them).")
    return lines


@click.command(cls=JournalCommand)
@save_option
@pass_rt
def redo(rt: Runtime, save: str | None) -> None:
    """Put back what the last undo took back, with the same dice, while nothing else changed since."""
    if rt.batch is not None:
        raise InputError("redo cannot run inside a batch: fix the batch file instead")
    paths = rt.paths(save)
    with Session(paths, on_commit=rt.committed) as s:
        taken = s.redo(time=rt.now())
    newest = taken.shown[0]["n"] + taken.total - 1
    lines = listed("Redid", taken, f"#{taken.shown[0]['n'] + SHOWN}-#{newest}", "journal log")
    lines.append(f"'{paths.name}' is back as it was after #{newest}.")
    rt.emit_each(lines, lambda: map(logmod.public, taken.entries()))


@click.command(cls=JournalCommand)
@save_option
@pass_rt
def check(rt: Runtime, save: str | None) -> None:
    """Validate a (possibly hand-edited) save and its log; exit 1 listing each problem."""
    if rt.batch is not None:  # the batch holds the folder's lock, and its changes are not saved yet
        raise InputError("check cannot run inside a batch: check the save before or after it")
    paths = rt.paths(save)
    problems, game, entries = [], None, 0
    try:
        with Session(paths, exclusive=False, use_cache=False) as s:  # the save itself, never its cache
            game, entries = s.game, s.entries
            s.check_history()  # every entry, not only the last, and the undone ones: check is the thorough reader
    except SaveError as e:
        problems = e.problems or [e.message]
    if problems:
        rt.emit([f"{paths.save}:"] + [f"  - {p}" for p in problems],
                {"save": str(paths.save), "valid": False, "problems": problems})
        err = JournalError(f"{paths.save} has {plural(len(problems), 'problem')}")
        err.json_done = True
        raise err
    assert game is not None  # the session opened, so it knows its game
    rt.emit(f"{paths.save} is valid: {games.GAMES[game.ID][1]}, {plural(entries, 'log entry', 'log entries')}.",
            {"save": str(paths.save), "valid": True, "problems": []})


@click.command(context_settings={"ignore_unknown_options": True}, cls=JournalCommand)
@click.argument("expr")
@save_option
@rolls_option
@pass_rt
def roll(rt: Runtime, expr: str, save: str | None, rolls: tuple[int, ...]) -> None:
    """Roll dice: d6, 2d6+3, d20, d3 ...; logged in the campaign when there is one."""
    parsed = parse_expr(expr)
    if save is None and rt.batch is None and not rt.has_save():
        dice = Dice(int.from_bytes(os.urandom(8), "big") >> 1, 0, rolls)
        out = common.roll({}, dice, parsed)
        dice.check_complete()
        dice.finish()
        rt.emit(out.lines, {**out.data, "rolls": [r.as_dict() for r in dice.rolls]})
        return
    rt.run(save, common.roll, How(entered=rolls), expr=parsed)

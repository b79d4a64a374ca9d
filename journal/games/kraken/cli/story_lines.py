"""`journal kraken step`, `advance`, `lines`, `line`, `var`, `lt`, `pack`: story lines (ch. 6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import click

from journal.errors import InputError, JournalError, RuleError
from journal.games import kraken as game
from journal.games.kraken.cli.common import AB, CREW, NEGATIVES, named, run, run_choosing
from journal.games.kraken.cli.files import campaign_pack, load_pack, read_pack, real_path
from journal.games.kraken.cli import picks
from journal.options import CampaignName, JournalCommand, OrderedGroup, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


LEADER = {"leader": CREW.on("--leader")}


@click.command(context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("line", type=picks.LINE)
@click.argument("cell")
@click.argument("nexts", nargs=-1, metavar="[NEXT [NEXT]]")
@click.option("--choose", type=AB, help="A decision event's option: A (first coordinate) or B (second).")
@rolls_option
@click.option("--standby", is_flag=True, help="Put this STANDBY event on hold: the line waits on it (K6).")
@click.option("--leader", metavar="NAME", type=picks.LEADER,
              help="The crew member who leads (default: the previous leader).")
@reason_option
@pass_rt
def step(rt: Runtime, save: str | None, line: str, cell: str, nexts: tuple[str, ...], choose: str | None,
         rolls: tuple[int, ...], standby: bool, leader: str | None, reason: str | None) -> None:
    """Manual: type the cell found at the line's coordinate.

    CELL as printed (a red coordinate, / or a command), then the coordinates to its right:

    \b
      journal kraken step 1 'A>4' 3FR 4BB    compare the line's A with 4
      journal kraken step 1 '!A7' 3TT        read event A7, then 3TT
      journal kraken step 1 4MB              a red coordinate: the line stops
      journal kraken step 1 /                end of line: erased
    """
    from journal.games.kraken import story_lines as rules
    from journal.games.kraken.cgm import cells

    parsed = cells.parse_cell(cell, nexts)
    events, pack_cell = None, None
    state = rt.current_state(save)
    if isinstance(state, dict) and state.get("pack"):
        try:
            pack = campaign_pack(rt, save, state)
        except JournalError:
            pack = None
        if pack:
            events = pack["events"]
            slot = str(line).strip()
            if slot in state.get("lines", {}):
                pack_cell = pack["cells"].get(state["lines"][slot]["coords"][-1])
    run(rt, save, rules.step, named(LEADER, How(entered=rolls, log_reason=reason)), choose=choose, line=line,
        cell=parsed, standby=standby, leader=leader, events=events, pack_cell=pack_cell, reason=reason)


@click.command(cls=JournalCommand)
@save_option
@click.argument("line", type=picks.LINE)
@click.option("--choose", "choices", multiple=True, type=AB, help="Decisions, in the order they come up (repeat).")
@rolls_option
@click.option("--leader", metavar="NAME", type=picks.LEADER,
              help="The crew member who leads (default: the previous leader).")
@click.option("--standby", is_flag=True, help="Hold a STANDBY event this line reaches (K6).")
@click.option("--activate", is_flag=True, help="Read the STANDBY event this line holds, and go on.")
@reason_option
@pass_rt
def advance(rt: Runtime, save: str | None, line: str, choices: tuple[str, ...], rolls: tuple[int, ...],
            leader: str | None, standby: bool, activate: bool, reason: str | None) -> None:
    """Pack: follow one line until it stops.

    For Phase 3's free action, catching up in Phase 1, or an extra activation an event or card
    calls for (with --reason: each line is activated once in Phase 1, one again in Phase 3).
    """
    from journal.games.kraken import story_lines as rules

    if standby and activate:
        raise InputError("--standby and --activate: give one (hold a STANDBY event, or read the one held)")
    pack = campaign_pack(rt, save)
    run_choosing(rt, save, rules.advance, named(LEADER, How(entered=rolls, log_reason=reason)),
                 choices=[c.upper() for c in choices], line=line, pack=pack, standby=standby, activate=activate,
                 leader=leader, reason=reason)


@click.command(cls=JournalCommand)
@save_option
@pass_rt
def lines(rt: Runtime, save: str | None) -> None:
    """The CGM Line Tracker, as on the book's page 14."""
    from journal.games.kraken.views.tracker import tracker

    with rt.read(save) as s:
        state = cast("State", s.state)
    if s.game.ID != game.ID:
        raise RuleError("this save is not a Space Kraken campaign")
    rt.emit(tracker(state), {"lines": state["lines"], "interlink": state["interlink"],
                             "locations": state["locations"], "turn": state["turn"],
                             "phase": state["phase"], "pending": _pending(state)})


def _pending(state: State) -> list[str]:
    from journal.games.kraken.model.campaign import pending

    return pending(state)


@click.group(cls=OrderedGroup)
def line() -> None:
    """Story line slots by hand: add, skip, set, note, end."""


@line.command("add")
@save_option
@click.argument("coord")
@click.option("--note", metavar="TEXT", help="The note beside the line.")
@pass_rt
def line_add(rt: Runtime, save: str | None, coord: str, note: str | None) -> None:
    """A new line in the first free slot of six (refused when none is free, K4)."""
    from journal.games.kraken import story_lines as rules

    run(rt, save, rules.line_add, coord=coord, note=note)


@line.command("skip")
@save_option
@click.argument("line_no", metavar="LINE", type=CampaignName(picks.lines_to_skip, "story line"))
@pass_rt
def line_skip(rt: Runtime, save: str | None, line_no: str) -> None:
    """Skip one line in this turn's Phase 1 (not last turn's, K5)."""
    from journal.games.kraken import story_lines as rules

    run(rt, save, rules.line_skip, line=line_no)


@line.command("set")
@save_option
@click.argument("line_no", metavar="LINE", type=picks.LINE)
@click.argument("coord")
@reason_option
@pass_rt
def line_set(rt: Runtime, save: str | None, line_no: str, coord: str, reason: str | None) -> None:
    """Write a coordinate into a line by hand (an event sends it elsewhere)."""
    from journal.games.kraken import story_lines as rules

    run(rt, save, rules.line_set, How(log_reason=reason), line=line_no, coord=coord)


@line.command("note")
@save_option
@click.argument("line_no", metavar="LINE", type=picks.LINE)
@click.argument("text", nargs=-1)
@pass_rt
def line_note(rt: Runtime, save: str | None, line_no: str, text: tuple[str, ...]) -> None:
    """The note beside a line (no TEXT erases it)."""
    from journal.games.kraken import story_lines as rules

    run(rt, save, rules.line_note, line=line_no, text=" ".join(text))


@line.command("end")
@save_option
@click.argument("line_no", metavar="LINE", type=picks.LINE)
@reason_option
@pass_rt
def line_end(rt: Runtime, save: str | None, line_no: str, reason: str | None) -> None:
    """End a line as an event says (like '/'): erase it and its variables."""
    from journal.games.kraken import story_lines as rules

    run(rt, save, rules.line_end, How(log_reason=reason), line=line_no)


@click.command(context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("var")
@click.argument("value", required=False)
@click.option("--line", "line_no", metavar="N", type=picks.LINE, help="The line of a variable A-H.")
@click.option("--clear", is_flag=True, help="Erase the variable (unset counts as 0).")
@reason_option
@pass_rt
def var(rt: Runtime, save: str | None, var: str, value: str | None, line_no: str | None, clear: bool,
        reason: str | None) -> None:
    """Show or set a variable: A-H (--line N) or I-Z."""
    from journal.games.kraken import cgm
    from journal.games.kraken import story_lines as rules

    if value is None and not clear:
        state = rt.current_state(save)
        if "lines" not in state:
            raise RuleError("this save is not a Space Kraken campaign")
        v = var.strip().upper()
        if v in cgm.LINE_VARS:
            if line_no is None:
                raise InputError(f"{v} is a line variable: say which line with --line N")
            table = state["lines"].get(str(line_no), {}).get("vars")
            if table is None:
                raise RuleError(f"line {line_no} is free")
        elif len(v) == 1 and v in cgm.INTERLINK:
            table = state["interlink"]
        else:
            raise InputError(f"'{var}' is not a variable: A-H (a line's), I-Z (interlink)")
        value_now = table.get(v, 0)
        rt.emit(f"{v} = {value_now}" + ("" if v in table else " (unset)"), {"var": v, "value": value_now,
                                                                            "set": v in table})
        return
    if clear and value is not None:
        raise click.UsageError("give a VALUE or --clear, not both")
    number = None
    if value is not None:
        try:
            number = int(value.replace("=", "", 1) if value.startswith("=") else value)
        except ValueError:
            raise InputError(f"'{value}' is not a whole number (variables may be negative: -3)") from None
    run(rt, save, rules.var_set, How(log_reason=reason), var=var, value=number, line=line_no)


@click.command(cls=JournalCommand)
@save_option
@rolls_option
@click.option("--choose", "choices", multiple=True, type=AB, help="Decisions the new line meets (repeat).")
@click.option("--leader", metavar="NAME", type=picks.LEADER,
              help="The crew member who leads (default: the previous leader).")
@click.option("--standby", is_flag=True, help="Hold a STANDBY event the new line reaches.")
@pass_rt
def lt(rt: Runtime, save: str | None, rolls: tuple[int, ...], choices: tuple[str, ...], leader: str | None,
       standby: bool) -> None:
    """LT tile: d20 starts a line at 1AA-1AT, at once.

    With no free line slot nothing happens.
    """
    from journal.games.kraken import story_lines as rules

    state = rt.current_state(save)
    pack = campaign_pack(rt, save, state) if isinstance(state, dict) and state.get("pack") else None
    if pack is None and (choices or standby):
        raise InputError("--choose and --standby follow a pack; without one, step the new line by hand")
    if pack is None:
        run(rt, save, rules.lt, named(LEADER, How(entered=rolls)), leader=leader)
    else:
        run_choosing(rt, save, rules.lt, named(LEADER, How(entered=rolls)), choices=[c.upper() for c in choices],
                     pack=pack, leader=leader, standby=standby)


@click.group(cls=OrderedGroup)
def pack() -> None:
    """CGM packs: check a file, point a campaign to one."""


@pack.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@pass_rt
def pack_check(rt: Runtime, file: str) -> None:
    """Lint a pack: bad cells, dangling coordinates, loops with no red stop."""
    from journal.games.kraken.cgm import packs

    p, _info, problems = read_pack(real_path(file), file)
    errors: list[str] = list(problems)
    warnings: list[str] = []
    if not problems:
        errors, warnings = packs.lint(p)
    ok = not errors
    head = (f"{file}: {p['title'] or '(untitled)'}: {plural(len(p['cells']), 'cell')}, "
            f"{plural(len(p['events']), 'event')}: " + ("OK" if ok else plural(len(errors), "problem")))
    lines_out = [head] + [f"  error: {e}" for e in errors] + [f"  warning: {w}" for w in warnings]
    rt.emit(lines_out, {"file": file, "title": p["title"], "cells": len(p["cells"]), "events": len(p["events"]),
                        "ok": ok, "errors": errors, "warnings": warnings})
    if not ok:
        err = JournalError(f"{file} has {plural(len(errors), 'problem')}")
        err.json_done = True
        raise err


@pack.command("use")
@save_option
@click.argument("file", type=click.Path(dir_okay=False))
@pass_rt
def pack_use(rt: Runtime, save: str | None, file: str) -> None:
    """Follow FILE from now on (a pack that moved, or a corrected one)."""
    from journal.games.kraken import story_lines as rules

    _pack, info = load_pack(file)
    run(rt, save, rules.pack_use, pack=info)


@pack.command("forget")
@save_option
@pass_rt
def pack_forget(rt: Runtime, save: str | None) -> None:
    """Stop using a pack: follow lines by hand."""
    from journal.games.kraken import story_lines as rules

    run(rt, save, rules.pack_forget)

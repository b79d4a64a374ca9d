"""The Ending Phase and the game's end; destroyed Titans and their pilots."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import click

from journal.errors import InputError, typed
from journal.games.titans.cli.names import city_of, may_reenter, pawn_of, read_titan, titan_of
from journal.games.titans.cli.values import run
from journal.games.titans.rules.model import COLORS
from journal.options import CampaignName, JournalCommand, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt

if TYPE_CHECKING:
    from journal.games.titans.rules.ending import Assignment


def parse_assign(spec: str) -> tuple[str, str, int | None]:
    """"T1=Atlas", "T1=Atlas:2", "T1=blue", "T1=city:1" → (pawn, target, points or None)."""
    pid, eq, rest = spec.partition("=")
    if not eq or not pid.strip() or not rest.strip():
        raise InputError(f"--assign {typed(spec)}: expected INVADER=TARGET[:N], TARGET a Titan, a support colour or "
                         f"city (e.g. T1=Atlas, T1=blue:1)")
    target, colon, n = rest.rpartition(":")
    if colon and re.fullmatch(r"\d+", n.strip()):
        return pid.strip(), target.strip(), int(n)
    return pid.strip(), rest.strip(), None


def assignment(state: dict, spec: str) -> Assignment:
    """An --assign typed (INVADER=TARGET[:N]) → rules.ending.Assignment: TARGET is "city", a
    support colour (that player's Supports) or a Titan (or its player)."""
    from journal.games.titans.rules.ending import Assignment

    pid_in, target, n = parse_assign(spec)
    pid = pawn_of(state, pid_in, "--assign")
    if n is not None and n < 1:
        raise InputError(f"--assign {pid}={target}:{n}: the points are 1 or more")
    folded = target.casefold()
    if folded == "city":
        return Assignment(pid, "city", None, n)
    if folded in COLORS:
        owner = [p for p, v in state["players"].items() if v["color"] == folded]
        if not owner:
            raise InputError(f"--assign {pid}={target}: no player has the {folded} supports")
        return Assignment(pid, "support", owner[0], n)
    return Assignment(pid, "titan", titan_of(state, target, "--assign"), n)


def read_assign(state: dict, p: dict) -> dict:
    p["assign"] = tuple(assignment(state, spec) for spec in p.get("assign", ()))
    order = [pawn_of(state, pid, "--order") for pid in p.get("order", ())]
    twice = [pid for i, pid in enumerate(order) if pid in order[:i]]
    if twice:
        raise InputError(f"--order {twice[0]} is named twice")
    p["order"] = tuple(order)
    return p


@click.command(cls=JournalCommand)
@save_option
@click.option("--assign", "assign", multiple=True, metavar="INVADER=TARGET[:N]",
              help="Send an invader's damage to a Titan or a support colour in its city instead of the city "
                   "(N points, default all; repeat). E.g. T1=Atlas, F2=blue:1, F2=city. When a Titan or Supports "
                   "share an invader's city and this is left out, a terminal asks.")
@click.option("--order", "order", multiple=True, metavar="INVADER",
              help="An invader that deals its damage before the others, in the order named (repeat; the rest "
                   "follow as show lists them). It matters when THREAT changes tier during the Invader Damage.")
@pass_rt
def ending(rt: Runtime, save: str | None, assign: tuple[str, ...], order: tuple[str, ...]) -> None:
    """Ending Phase: invader damage, THREAT and Titan checks, rifts, the Lead passes right."""
    from journal.games.titans.rules import ending as ending_phase

    for spec in assign:
        parse_assign(spec)              # a malformed one is refused before the save is opened
    run(rt, save, ending_phase.ending, How(parse=read_assign), assign=assign, order=order)


@click.command(cls=JournalCommand)
@save_option
@click.argument("result", type=click.Choice(["won", "lost"], case_sensitive=False))
@reason_option
@pass_rt
def end(rt: Runtime, save: str | None, result: str, reason: str | None) -> None:
    """The game ends: record the Final Episode's outcome, won or lost (T7)."""
    from journal.games.titans.rules import ending as ending_phase

    run(rt, save, ending_phase.end, How(log_reason=reason), result=result.lower())


def read_reenter(state: dict, p: dict) -> dict:
    p["city"] = city_of(state, p["city"])
    return read_titan(state, p)


@click.command(cls=JournalCommand)
@save_option
@click.argument("titan", type=CampaignName(may_reenter, "titan"))
@click.argument("city")
@click.option("--pilot", "pilot_name", metavar="NAME", help="The new Pilot Card drawn, if the pilot died.")
@pass_rt
def reenter(rt: Runtime, save: str | None, titan: str, city: str, pilot_name: str | None) -> None:
    """A destroyed Titan returns next turn with 1 HP on a city with no invader."""
    from journal.games.titans.rules import pilots

    run(rt, save, pilots.reenter, How(parse=read_reenter), titan=titan, city=city,
           pilot_name=pilot_name.strip() or None if pilot_name is not None else None)


@click.command("pilot-check", cls=JournalCommand)
@save_option
@click.argument("titan")
@click.option("--red/--not-red", default=None, help="What the die shows (default: journal rolls, with --dice).")
@rolls_option
@pass_rt
def pilot_check(rt: Runtime, save: str | None, titan: str, red: bool | None, rolls: tuple[int, ...]) -> None:
    """The die for a destroyed Titan's pilot: the red symbol kills the pilot."""
    from journal.games.titans.rules import pilots

    run(rt, save, pilots.pilot_check, How(entered=rolls, parse=read_titan), titan=titan, red=red)


@click.command("pilot-dies", cls=JournalCommand)
@save_option
@click.argument("player")
@reason_option
@pass_rt
def pilot_dies(rt: Runtime, save: str | None, player: str, reason: str | None) -> None:
    """A pilot dies: discard the Pilot Card, THREAT +1 (T4)."""
    from journal.games.titans.rules import pilots

    run(rt, save, pilots.pilot_dies, How(parse=read_titan, log_reason=reason), titan=player)


@click.command(cls=JournalCommand)
@save_option
@click.argument("titan")
@click.argument("name")
@reason_option
@pass_rt
def pilot(rt: Runtime, save: str | None, titan: str, name: str, reason: str | None) -> None:
    """A new Pilot Card drawn into an empty cockpit."""
    if not name.strip():
        raise InputError("the pilot's name is empty")
    from journal.games.titans.rules import pilots

    run(rt, save, pilots.pilot, How(parse=read_titan, log_reason=reason), titan=titan, name=name.strip())

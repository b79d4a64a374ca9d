"""The Ending Phase and the game's end; destroyed Titans and their pilots."""

from __future__ import annotations

import click

from journal.games.titans import rules  # each part of the turn is imported when a command uses it
from journal.options import reason_option, rolls_option, save_option
from journal.runtime import pass_rt


@click.command()
@save_option
@click.option("--assign", "assign", multiple=True, metavar="INVADER=TARGET[:N]",
              help="Send an invader's damage to a Titan or a support colour in its city instead of the city "
                   "(N points, default all; repeat). E.g. T1=Atlas, F2=blue:1, F2=city. When a Titan or Supports "
                   "share an invader's city and this is left out, a terminal asks.")
@pass_rt
def ending(rt, save, assign):
    """Ending Phase: invader damage, THREAT and Titan checks, rifts, the Lead passes right."""
    rt.run(save, rules.ending.ending, assign=tuple(rules.ending.parse_assign(a) for a in assign))


@click.command()
@save_option
@click.argument("result", type=click.Choice(["won", "lost"], case_sensitive=False))
@reason_option
@pass_rt
def end(rt, save, result, reason):
    """The game ends: record the Final Episode's outcome, won or lost (T7)."""
    rt.run(save, rules.ending.end, result=result.lower(), log_reason=reason)


@click.command()
@save_option
@click.argument("titan")
@click.argument("city")
@click.option("--pilot", "pilot_name", metavar="NAME", help="The new Pilot Card drawn, if the pilot died.")
@pass_rt
def reenter(rt, save, titan, city, pilot_name):
    """A destroyed Titan returns next turn with 1 HP on a city with no invader."""
    rt.run(save, rules.pilots.reenter, titan=titan, city=city, pilot_name=pilot_name)


@click.command("pilot-check")
@save_option
@click.argument("titan")
@click.option("--red/--not-red", default=None, help="What the die shows (default: journal rolls, with --dice).")
@rolls_option
@pass_rt
def pilot_check(rt, save, titan, red, rolls):
    """The die for a destroyed Titan's pilot: the red symbol kills the pilot."""
    rt.run(save, rules.pilots.pilot_check, entered=rolls, titan=titan, red=red)


@click.command("pilot-dies")
@save_option
@click.argument("player")
@reason_option
@pass_rt
def pilot_dies(rt, save, player, reason):
    """A pilot dies: discard the Pilot Card, THREAT +1 (T4)."""
    rt.run(save, rules.pilots.pilot_dies, player=player, log_reason=reason)


@click.command()
@save_option
@click.argument("titan")
@click.argument("name")
@pass_rt
def pilot(rt, save, titan, name):
    """A new Pilot Card drawn into an empty cockpit."""
    rt.run(save, rules.pilots.pilot, titan=titan, name=name)

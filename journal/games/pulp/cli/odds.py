"""`journal pulp bag` and `journal pulp odds`: the bag and the exact odds of its next draws (read
only; the exact fractions are loaded by these commands alone)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import click

from journal.errors import InputError
from journal.games.pulp.cli.values import ability_name
from journal.games.pulp.rules import odds
from journal.games.pulp.rules.planet_search import search_count
from journal.options import JournalCommand, save_option
from journal.runtime import Runtime, pass_rt
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.pulp.tables import State


def current(rt: Runtime, save: str | None) -> State:
    """The campaign's [state], read only: the session validated it against schema.STATE as it opened."""
    with rt.read(save) as s:
        return cast("State", s.state)


def check_count(option: str, n: int, least: int, what: str, bag: dict) -> int:
    """A number of cubes drawn: `least` or more, and no more than the bag holds now."""
    most = sum(bag.values())
    if not least <= n <= max(least, most):
        raise InputError(f"{option} {n}: the number of {what} is {least}-{max(least, most)} (the bag holds "
                         f"{plural(most, 'cube')})")
    return n


@click.command(cls=JournalCommand)
@save_option
@click.option("--odds", "draws", type=int, default=1, show_default=True, metavar="N",
              help="Also the chance of at least one of each colour in the next N draws (journal pulp odds "
                   "--draws N).")
@pass_rt
def bag(rt: Runtime, save: str | None, draws: int) -> None:
    """What is in the bag and the chance of each colour (read only)."""
    st = current(rt, save)
    check_count("--odds", draws, 1, "draws", st["bag"])
    o = odds.bag_odds(st, draws)
    rt.emit(odds.bag_lines(st, o), o)


@click.command("odds", cls=JournalCommand)
@save_option
@click.option("--draws", type=int, metavar="N", help="The next N draws: the chance of each colour, of at least "
                                                     "one of it, and how many to expect.")
@click.option("--evade", is_flag=True, help="The chance that an evade lowers each ability (its own draw rule).")
@click.option("--pay", metavar="ABILITY", help="With --evade: the ability that pays the evade's point first "
                                               "(combat, science or diplomacy).")
@click.option("--search", type=int, metavar="N", help="A planet search of N cubes: the chance of at least one "
                                                      "yellow (default: the planet icons on the line).")
@pass_rt
def odds_cmd(rt: Runtime, save: str | None, draws: int | None, evade: bool, pay: str | None,
             search: int | None) -> None:
    """Exact odds on the cubes in the bag now: the next --draws N, an --evade, a --search of N cubes.

    Without an option: the next draw, an evade and (during a round) the planet search.
    --json: draws (colours), evade (combat, science, diplomacy, expected_loss, two_at_zero),
    search (at_least_one_yellow, expected_yellow): the parts asked for.
    """
    if pay is not None and not evade:
        raise click.UsageError("--pay goes with --evade")
    everything = draws is None and not evade and search is None
    payer = ability_name(pay, "--pay") if pay else None
    st = current(rt, save)
    if draws is not None or everything:
        draws = check_count("--draws", 1 if draws is None else draws, 1, "draws", st["bag"])
    if search is not None:
        search = check_count("--search", search, 0, "cubes drawn", st["bag"])
    elif everything and st["line"]:
        search = search_count(st)[0]  # during a round: the planet icons on the line
    rt.emit(*odds_asked(st, draws, evade or everything, payer, search))


def odds_asked(st: State, draws: int | None, evade: bool, payer: str | None,
               search: int | None) -> tuple[list[str], dict[str, Any]]:
    """The odds asked for, in this order: the next draws, an evade, a planet search (lines, data)."""
    lines: list[str] = []
    data: dict[str, Any] = {}
    if draws is not None:
        data["draws"] = odds.bag_odds(st, draws)
        lines += odds.bag_lines(st, data["draws"])
    if evade:
        data["evade"] = odds.evade_odds(st, payer)
        lines += odds.evade_lines(data["evade"])
    if search is not None:
        data["search"] = odds.search_odds(st, search)
        lines += odds.search_lines(data["search"])
    return lines, data

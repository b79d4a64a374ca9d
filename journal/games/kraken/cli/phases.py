"""`journal kraken turn`, `phase`, `free-action`, `recover`: the game phases (chapters 5, 8)."""

from __future__ import annotations

import re

import click

from journal.errors import InputError
from journal.games.kraken.cli.common import AB, CREW, catalogue, named, run, run_choosing
from journal.games.kraken.cli.files import campaign_pack
from journal.games.kraken.cli import picks
from journal.games.kraken.model.constants import FREE_ACTIONS
from journal.options import CampaignName, JournalCommand, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt


@click.command(cls=JournalCommand)
@save_option
@click.option("--skip", metavar="LINE", type=CampaignName(picks.lines_to_skip_next_turn, "story line"),
              help="Skip one line this turn (not the one skipped last turn, K5).")
@click.option("--choose", "choices", multiple=True, type=AB, help="Decisions, in the order they come up (repeat).")
@rolls_option
@click.option("--leader", metavar="NAME", type=picks.LEADER,
              help="The crew member who leads (default: the previous leader).")
@click.option("--standby", "standby", multiple=True, metavar="LINE",
              type=CampaignName(picks.lines_not_on_standby, "story line"), help="Hold STANDBY events on LINE (repeat).")
@click.option("--activate", "activate", multiple=True, metavar="LINE",
              type=CampaignName(picks.lines_on_standby, "story line on STANDBY"),
              help="Read the STANDBY event LINE holds (repeat).")
@click.option("--savepoint", is_flag=True, help="Just a Simulation: save as the turn begins (K8).")
@pass_rt
def turn(rt: Runtime, save: str | None, skip: str | None, choices: tuple[str, ...], rolls: tuple[int, ...],
         leader: str | None, standby: tuple[str, ...], activate: tuple[str, ...], savepoint: bool) -> None:
    """A new turn: Phase 1 activates every line once (K5).

    The turn ending first gets what its remaining phases do by themselves (repairs,
    finished builds, quest ticks).

    With a pack every line is followed at once, slot 1 first; without one the command
    lists the lines to step by hand.
    """
    from journal.games.kraken import phases as rules

    state = rt.current_state(save)
    pack = campaign_pack(rt, save, state) if isinstance(state, dict) and state.get("pack") else None
    run_choosing(rt, save, rules.turn, named({"leader": CREW.on("--leader")}, How(entered=rolls)),
                 choices=[c.upper() for c in choices], pack=pack, skip=skip, standby=standby, activate=activate,
                 leader=leader, savepoint=savepoint)


@click.command(cls=JournalCommand)
@save_option
@click.argument("to", metavar="N|next")
@pass_rt
def phase(rt: Runtime, save: str | None, to: str) -> None:
    """Go on to Phase N of this turn (2-5, or next).

    Entering Phase 2 repairs damaged systems and finishes due builds; entering Phase 5
    ticks urgent quests (K13).
    """
    from journal.games.kraken import phases as rules

    if to != "next" and not re.fullmatch(r"[1-5]", str(to)):
        raise InputError(f"phase '{to}': a phase 1-5, or next")
    run(rt, save, rules.phase, to=to)


@click.command("free-action", cls=JournalCommand)
@save_option
@click.argument("kind", type=click.Choice([k for k in FREE_ACTIONS if k != "line"], case_sensitive=False))
@pass_rt
def free_action(rt: Runtime, save: str | None, kind: str) -> None:
    """Phase 3's one free action. A line again is journal kraken advance LINE (or step it by hand)."""
    from journal.games.kraken import phases as rules

    run(rt, save, rules.free_action, kind=kind.lower())


@click.command(cls=JournalCommand)
@save_option
@click.option("--after", is_flag=True,
              help="Phases 1 and 3: after a Dungeon Exploration or Ground Combat you played without journal.")
@pass_rt
def recover(rt: Runtime, save: str | None, after: bool) -> None:
    """Phase R, once a turn: +3 HP each, Oxygen refilled.

    Each working Med Bay and Advanced Med Bay adds 3 HP; the unconscious heal from 0.
    At the end of Phase 1 or 3 only after that phase's Dungeon Exploration or Ground
    Combat (ch. 5); at the end of Phase 5 if the turn had no Recovery yet.
    """
    from journal.games.kraken import phases as rules

    run(rt, save, rules.recover, cat=catalogue(), after=after)

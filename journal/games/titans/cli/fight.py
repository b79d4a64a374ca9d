"""The Fight Phase: Titans move, attack, face Trials and Tyrants, repair; players pass; the next phase."""

from __future__ import annotations

import click

from journal.games.titans import rules  # each part of the turn is imported when a command uses it
from journal.games.titans.cli.values import ADJACENT, DISABLE, parse_bonus
from journal.options import OrderedGroup, rolls_option, save_option
from journal.runtime import pass_rt


@click.command()
@save_option
@click.argument("titan")
@click.argument("dest", metavar="CITY")
@click.option("--bonus", type=int, default=0, metavar="N", help="Extra cities a card allows this move.")
@click.option("--anywhere", is_flag=True, help="A card places the Titan: no distance check.")
@ADJACENT
@DISABLE
@pass_rt
def move(rt, save, titan, dest, bonus, anywhere, adjacent, disable):
    """Move a Titan up to Movement cities (or onto a rift), in turn; at setup, place it."""
    rt.run(save, rules.fight.move, titan=titan, dest=dest, bonus=bonus, anywhere=anywhere, adjacent=adjacent,
           disable=disable)


@click.command()
@save_option
@click.argument("titan")
@click.option("--successes", type=int, metavar="N",
              help="Successes on your Combat Check (each is 1 damage). Leave out to let journal roll (--dice).")
@click.option("--target", "targets", multiple=True, metavar="ID",
              help="Invader to damage, in order: excess goes to the next one named (repeat).")
@click.option("--provoke", is_flag=True, help="Provoke the first invader of a rift onto this city first.")
@click.option("--rift", metavar="RIFT", help="The rift to provoke (when more than one has invaders).")
@click.option("--tech", multiple=True, metavar="CARD", help="A Tech Card used in this attack (checked against "
                                                            "immunities at Red; repeat).")
@click.option("--final-blow", is_flag=True, help="The Titan's Final Blow is used (turn its token over).")
@click.option("--bonus-dice", type=int, default=0, metavar="N", help="Extra dice when journal rolls.")
@click.option("--reroll", type=int, default=0, metavar="N", help="Re-roll up to N failed dice once (a card allows "
                                                                 "it), when journal rolls.")
@ADJACENT
@DISABLE
@rolls_option
@pass_rt
def attack(rt, save, titan, successes, targets, provoke, rift, tech, final_blow, bonus_dice, reroll, adjacent,
           disable, rolls):
    """Attack the invaders on the Titan's city (or guarding its rift); ends its Fight turn."""
    rt.run(save, rules.fight.attack, entered=rolls, titan=titan, successes=successes, targets=targets,
           provoke=provoke, rift=rift, tech=tech, final_blow=final_blow, bonus_dice=bonus_dice, reroll=reroll,
           adjacent=adjacent, disable=disable)


@click.command()
@save_option
@click.argument("titan")
@click.option("--rift", required=True, metavar="RIFT", help="The rift the Titan stands on.")
@click.argument("result", type=click.Choice(["pass", "fail"], case_sensitive=False))
@click.option("--damage", type=int, default=0, metavar="N", help="Damage the Rift Token deals on a failure.")
@click.option("--to", metavar="CITY", help="The threatened city the Titan returns to on a failure.")
@click.option("--direct", is_flag=True, help="The damage ignores Armor.")
@ADJACENT
@DISABLE
@pass_rt
def trial(rt, save, titan, rift, result, damage, to, direct, adjacent, disable):
    """The Tyrant Trial on an unguarded rift: pass (face the Tyrant next turn) or fail."""
    rt.run(save, rules.rifts.trial, titan=titan, rift=rift, result=result.lower(), damage=damage, to=to, direct=direct,
           adjacent=adjacent, disable=disable)


@click.group(cls=OrderedGroup)
def rift():
    """Rifts: close one when its Tyrant is defeated."""


@rift.command("close")
@save_option
@click.argument("rift_name", metavar="RIFT")
@click.option("--titan", required=True, metavar="TITAN", help="The Titan that defeated the Tyrant.")
@click.option("--city", metavar="CITY", help="The threatened city the Titan goes to.")
@click.option("--artifact", metavar="NAME", help="The Tyrant Artifact Card's name.")
@click.option("--bonus", multiple=True, metavar="CHECK+N", help="Bonus dice the artifact gives a check, e.g. "
                                                                "combat+1 (repeat).")
@ADJACENT
@DISABLE
@pass_rt
def rift_close(rt, save, rift_name, titan, city, artifact, bonus, adjacent, disable):
    """The Tyrant is defeated: THREAT -1, the Rift Token and Artifact to the player."""
    rt.run(save, rules.rifts.rift_close, rift=rift_name, titan=titan, city=city, artifact=artifact,
           bonus=parse_bonus(bonus), adjacent=adjacent, disable=disable)


@click.command()
@save_option
@click.argument("titan")
@click.option("--successes", type=int, metavar="N",
              help="Successes on your Repair Check. Leave out on a Refuge City (Upgrade) or to let journal roll.")
@click.option("--heal", type=int, metavar="N", help="Damage Tokens to remove (default: as many as possible "
                                                    "when nothing else is chosen).")
@click.option("--charge", multiple=True, metavar="CARD", help="1 Charge for a Tech Card (repeat).")
@click.option("--enable", multiple=True, metavar="CARD", help="Re-enable a disabled Tech Card (repeat).")
@click.option("--upgrade", is_flag=True, help="The Upgrade Phase's Repair Action (ends the Fight Phase).")
@click.option("--bonus-dice", type=int, default=0, metavar="N", help="Extra dice when journal rolls.")
@click.option("--reroll", type=int, default=0, metavar="N", help="Re-roll up to N failed dice once, when journal "
                                                                 "rolls.")
@rolls_option
@pass_rt
def repair(rt, save, titan, successes, heal, charge, enable, upgrade, bonus_dice, reroll, rolls):
    """Spend Repair Check successes: heal, charge, re-enable (Combat Repair in the Fight Phase)."""
    rt.run(save, rules.fight.repair, entered=rolls, titan=titan, successes=successes, heal=heal, charge=charge,
           enable=enable, upgrade=upgrade, bonus_dice=bonus_dice, reroll=reroll)


@click.command("pass")
@save_option
@click.argument("player", required=False)
@pass_rt
def pass_cmd(rt, save, player):
    """PLAYER passes their turn (Fight Phase, Development or Support Movement); default: whose turn it is."""
    rt.run(save, rules.turn.pass_turn, player=player)


@click.command("next")
@save_option
@pass_rt
def next_cmd(rt, save):
    """Close the current phase and start the next (Opening → Fight → Upgrade)."""
    rt.run(save, rules.turn.next_phase)

"""The Fight Phase: Titans move, attack, face Trials and Tyrants, repair; players pass; the next phase.

Each command reads what was typed against the open campaign (its `parse=` hook: names found in
the save, values checked) so that the rules receive the save's own names.
"""

from __future__ import annotations

from dataclasses import replace

import click

from journal.errors import InputError
from journal.games.titans.cli import names
from journal.games.titans.cli.names import city_of, destination, pawn_of, player_of, read_picks, rift_of, tech_of, \
    titan_of
from journal.games.titans.cli.values import ADJACENT, DISABLE, in_range, parse_bonus, rolled_only, run
from journal.games.titans.rules.model import ABILITY_MAX
from journal.options import CampaignName, JournalCommand, OrderedGroup, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt


def read_move(state: dict, p: dict) -> dict:
    p["titan"] = titan_of(state, p["titan"])
    p["dest"] = destination(state, p["dest"])
    return read_picks(state, p, p["titan"])


@click.command(cls=JournalCommand)
@save_option
@click.argument("titan", type=CampaignName(names.may_move, "titan"))
@click.argument("dest", metavar="CITY", type=CampaignName(names.may_move_to, "place"))
@click.option("--bonus", type=int, default=0, metavar="N", help="Extra cities a card allows this move.")
@click.option("--anywhere", is_flag=True, help="A card places the Titan: no distance check.")
@ADJACENT
@DISABLE
@reason_option
@pass_rt
def move(rt: Runtime, save: str | None, titan: str, dest: str, bonus: int, anywhere: bool, adjacent: tuple[str, ...],
         disable: tuple[str, ...], reason: str | None) -> None:
    """Move a Titan up to Movement cities (or onto a rift), in turn; at setup, place it."""
    from journal.games.titans.rules import fight

    in_range(bonus, 0, ABILITY_MAX, "--bonus", "extra movement from a card is")
    run(rt, save, fight.move, How(parse=read_move, log_reason=reason), titan=titan, dest=dest, bonus=bonus,
           anywhere=anywhere, adjacent=adjacent, disable=disable)


def read_attack(state: dict, p: dict) -> dict:
    """The attacker, its targets in order, the rift it provokes and its Tech Cards, by name."""
    a = p["declared"]
    titan = titan_of(state, a.titan)
    targets: list[str] = []
    for name in a.targets:
        pid = pawn_of(state, name, "--target")
        if pid in targets:
            raise InputError(f"--target {pid} is named twice")
        targets.append(pid)
    p["declared"] = replace(a, titan=titan, targets=tuple(targets), tech=tuple(tech_of(state, titan, c, "--tech")
                                                                                for c in a.tech),
                            rift=rift_of(state, a.rift, "--rift") if a.rift is not None else None)
    return read_picks(state, p, titan)


@click.command(cls=JournalCommand)
@save_option
@click.argument("titan", type=CampaignName(names.may_attack, "titan"))
@click.option("--successes", type=int, metavar="N",
              help="Successes on your Combat Check (each is 1 damage). Leave out to let journal roll (--dice).")
@click.option("--target", "targets", multiple=True, metavar="ID", type=CampaignName(names.may_target, "invader"),
              help="Invader to damage, in order: excess goes to the next one named (repeat).")
@click.option("--provoke", is_flag=True, help="Provoke the first invader of a rift onto this city first.")
@click.option("--rift", metavar="RIFT", type=CampaignName(names.may_provoke, "rift"),
              help="The rift to provoke (when more than one has invaders).")
@click.option("--tech", multiple=True, metavar="CARD", help="A Tech Card used in this attack (checked against "
                                                            "immunities at Red; repeat).")
@click.option("--final-blow", is_flag=True, help="The Titan's Final Blow is used (turn its token over).")
@click.option("--bonus-dice", type=int, default=0, metavar="N",
              help="Extra dice from cards (rolled by journal, or counted in --successes).")
@click.option("--reroll", type=int, default=0, metavar="N", help="Re-roll up to N failed dice once (a card allows "
                                                                 "it), when journal rolls.")
@ADJACENT
@DISABLE
@rolls_option
@pass_rt
def attack(rt: Runtime, save: str | None, titan: str, successes: int | None, targets: tuple[str, ...], provoke: bool,
           rift: str | None, tech: tuple[str, ...], final_blow: bool, bonus_dice: int, reroll: int,
           adjacent: tuple[str, ...], disable: tuple[str, ...], rolls: tuple[int, ...]) -> None:
    """Attack the invaders on the Titan's city (or guarding its rift); ends its Fight turn."""
    from journal.games.titans.rules import fight

    if rift is not None and not provoke:
        raise InputError("--rift only goes with --provoke")
    rolled_only(successes, bonus_dice, reroll)
    declared = fight.Attack(titan, tuple(targets), successes, provoke, rift, tuple(tech), final_blow, bonus_dice,
                            reroll)
    run(rt, save, fight.attack, How(entered=rolls, parse=read_attack), declared=declared, adjacent=adjacent,
           disable=disable)


def read_trial(state: dict, p: dict) -> dict:
    p["titan"] = titan_of(state, p["titan"])
    p["rift"] = rift_of(state, p["rift"], "--rift")
    if p.get("to") is not None:
        p["to"] = city_of(state, p["to"], "--to")
    return read_picks(state, p, p["titan"])


@click.command(cls=JournalCommand)
@save_option
@click.argument("titan", type=CampaignName(names.may_face_trial, "titan"))
@click.option("--rift", required=True, metavar="RIFT", help="The rift the Titan stands on.")
@click.argument("result", type=click.Choice(["pass", "fail"], case_sensitive=False))
@click.option("--damage", type=int, default=0, metavar="N", help="Damage the Rift Token deals on a failure.")
@click.option("--to", metavar="CITY", help="The threatened city the Titan returns to on a failure.")
@click.option("--direct", is_flag=True, help="The damage ignores Armor.")
@ADJACENT
@DISABLE
@pass_rt
def trial(rt: Runtime, save: str | None, titan: str, rift: str, result: str, damage: int, to: str | None,
          direct: bool, adjacent: tuple[str, ...], disable: tuple[str, ...]) -> None:
    """The Tyrant Trial on an unguarded rift: pass (face the Tyrant next turn) or fail."""
    from journal.games.titans.rules import rifts

    in_range(damage, 0, ABILITY_MAX, "--damage")
    if result.lower() == "pass" and (damage or to):
        raise InputError("--damage and --to record a failed trial")
    run(rt, save, rifts.trial, How(parse=read_trial), titan=titan, rift=rift, result=result.lower(), damage=damage,
           to=to, direct=direct, adjacent=adjacent, disable=disable)


@click.group(cls=OrderedGroup)
def rift() -> None:
    """Rifts: close one when its Tyrant is defeated."""


def read_rift_close(state: dict, p: dict) -> dict:
    p["rift"] = rift_of(state, p["rift"])
    p["titan"] = titan_of(state, p["titan"], "--titan")
    if p.get("city") is not None:
        p["city"] = city_of(state, p["city"], "--city")
    return read_picks(state, p, p["titan"])


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
def rift_close(rt: Runtime, save: str | None, rift_name: str, titan: str, city: str | None, artifact: str | None,
               bonus: tuple[str, ...], adjacent: tuple[str, ...], disable: tuple[str, ...]) -> None:
    """The Tyrant is defeated: THREAT -1, the Rift Token and Artifact to the player."""
    from journal.games.titans.rules import rifts

    if artifact is not None and not artifact.strip():
        raise InputError("--artifact is empty")
    run(rt, save, rifts.rift_close, How(parse=read_rift_close), rift=rift_name, titan=titan, city=city,
           artifact=artifact.strip() if artifact else None, bonus=parse_bonus(bonus), adjacent=adjacent,
           disable=disable)


def read_repair(state: dict, p: dict) -> dict:
    """The Titan and the Tech Cards its successes charge or re-enable, by name."""
    a = p["declared"]
    titan = titan_of(state, a.titan)
    p["declared"] = replace(a, titan=titan, enable=tuple(tech_of(state, titan, c, "--enable") for c in a.enable),
                            charge=tuple(tech_of(state, titan, c, "--charge") for c in a.charge))
    return p


@click.command(cls=JournalCommand)
@save_option
@click.argument("titan", type=CampaignName(names.may_repair, "titan"))
@click.option("--successes", type=int, metavar="N",
              help="Successes on your Repair Check. Leave out on a Refuge City (Upgrade) or to let journal roll.")
@click.option("--heal", type=int, metavar="N", help="Damage Tokens to remove (default: as many as possible "
                                                    "when nothing else is chosen).")
@click.option("--charge", multiple=True, metavar="CARD", help="1 Charge for a Tech Card (repeat).")
@click.option("--enable", multiple=True, metavar="CARD", help="Re-enable a disabled Tech Card (repeat).")
@click.option("--upgrade", is_flag=True, help="The Upgrade Phase's Repair Action (ends the Fight Phase).")
@click.option("--bonus-dice", type=int, default=0, metavar="N",
              help="Extra dice from cards (rolled by journal, or counted in --successes).")
@click.option("--reroll", type=int, default=0, metavar="N", help="Re-roll up to N failed dice once, when journal "
                                                                 "rolls.")
@click.option("--skip", is_flag=True, help="The player skips the Upgrade Phase's Repair Check (kept in the log).")
@rolls_option
@reason_option
@pass_rt
def repair(rt: Runtime, save: str | None, titan: str, successes: int | None, heal: int | None,
           charge: tuple[str, ...], enable: tuple[str, ...], upgrade: bool, bonus_dice: int, reroll: int, skip: bool,
           rolls: tuple[int, ...], reason: str | None) -> None:
    """Spend Repair Check successes: heal, charge, re-enable (Combat Repair in the Fight Phase); or --skip it."""
    from journal.games.titans.rules import fight

    rolled_only(successes, bonus_dice, reroll)
    if heal is not None:
        in_range(heal, 0, ABILITY_MAX, "--heal")
    if skip and (successes is not None or heal is not None or charge or enable or bonus_dice or reroll or rolls):
        raise InputError("--skip rolls no Repair Check: leave out the successes, the dice and what they are spent on")
    declared = fight.Repair(titan, successes, heal, tuple(charge), tuple(enable), upgrade, bonus_dice, reroll, skip)
    run(rt, save, fight.repair, How(entered=rolls, parse=read_repair, log_reason=reason), declared=declared)


def read_pass(state: dict, p: dict) -> dict:
    if p.get("player") is not None:
        p["player"] = player_of(state, p["player"])
    return p


@click.command("pass", cls=JournalCommand)
@save_option
@click.argument("player", required=False, type=CampaignName(names.may_pass, "player"))
@pass_rt
def pass_cmd(rt: Runtime, save: str | None, player: str | None) -> None:
    """PLAYER passes their turn (Fight Phase, Development or Support Movement); default: whose turn it is."""
    from journal.games.titans.rules import turn

    run(rt, save, turn.pass_turn, How(parse=read_pass), player=player)


@click.command("next", cls=JournalCommand)
@save_option
@pass_rt
def next_cmd(rt: Runtime, save: str | None) -> None:
    """Close the current phase and start the next (Opening → Fight → Upgrade)."""
    from journal.games.titans.rules import turn

    run(rt, save, turn.next_phase)

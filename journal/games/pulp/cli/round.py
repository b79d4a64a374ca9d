"""`journal pulp round`, `engage`, `evade`, `search`, `assign`, `weapon`, `die`, `end-round`: a
round as the table plays it (the Encounter Phase, the Planet Search Phase, the Round End)."""

from __future__ import annotations

import click

from journal.errors import InputError
from journal.games.pulp.cli.values import (
    ability_name, colour_name, draws_of, parse_add, parse_cubes, parse_die, parse_needs, parse_payment,
)
from journal.games.pulp.rules import captains_dice, encounter, engage as engaging, evade as evading
from journal.games.pulp.rules import planet_search, round_end, super_weapons
from journal.games.pulp.rules.components import BLACK, CODE, DIE_COLOURS, DRAWN, KEY, SYSTEMS, TOTALS, parse_card
from journal.options import JournalCommand, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt

NEGATIVES = {"ignore_unknown_options": True}  # so `search --extra -1` reads -1 as a value
DRAW_HELP = "The cubes you drew, in order, redraws included: letters r o b k y w, comma-separated."
DIE_HELP = ("The Captain's die used (one per engage, evade or search): COLOUR, COLOUR:FACE (the face it shows) or "
            "COLOUR:FACE:TO (turned down to TO).")


@click.command("round", cls=JournalCommand)
@save_option
@click.option("--planet", metavar="NAME", help="The face-up Planet card you search this round.")
@click.argument("cards", nargs=-1, metavar="CARD...")
@pass_rt
def round_cmd(rt: Runtime, save: str | None, planet: str | None, cards: tuple[str, ...]) -> None:
    """Encounter phase: the planet chosen and the four cards drawn, in order."""
    if not cards:
        raise click.UsageError("give the cards drawn, e.g. G2C.r.PK A4S.o.PP L.rb G2D.b.P")
    if planet is None or not planet.strip():
        raise InputError("--planet is required: the face-up Planet card you search this round")
    rt.run(save, encounter.begin_round, planet=planet.strip(), cards=[parse_card(t) for t in cards])


def upgrade_of(text: str | None) -> str | None:
    """--upgrade: a Systems die (yellow, gray), or none."""
    if text is None or text.strip().lower() == engaging.NO_UPGRADE:
        return None if text is None else engaging.NO_UPGRADE
    return colour_name(text, "--upgrade", SYSTEMS)


def payment_answer(state: dict, params: dict) -> dict:
    """The payment a terminal player chose from those that work (NeedChoice): read like --pay."""
    if isinstance(params.get("pay"), str):
        params["pay"] = parse_payment(params["pay"])
    return params


@click.command(context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("pos", type=int)
@click.option("--pay", "pays", multiple=True, metavar="ABILITY=N,...",
              help="Ability points paid, e.g. combat=2 or diplomacy=4 (2 points pay 1 of another). "
                   "Default: each point with its matching ability; when that cannot pay (or would lose), "
                   "a terminal asks and a script is refused with the payments that work.")
@click.option("--die", metavar="COLOUR[:FACE[:TO]]", help=DIE_HELP)
@click.option("--add", "adds", multiple=True, metavar="NICON", help="Engage Strength a card's text adds, e.g. 1C "
              "(or -1D).")
@click.option("--icon", type=click.Choice(["C", "D", "S"], case_sensitive=False),
              help="The engage icon, when a card's text sets it (or the neighbour shows none).")
@click.option("--upgrade", metavar="COLOUR", help="The Systems die the orange die upgrades (faces 2 and 6, owned or "
              "rolled by the yellow die); none: the orange 2 adds its strength instead.")
@rolls_option
@pass_rt
def engage(rt: Runtime, save: str | None, pos: int, pays: tuple[str, ...], die: str | None, adds: tuple[str, ...],
           icon: str | None, upgrade: str | None, rolls: tuple[int, ...]) -> None:
    """Engage card POS: pay its Engage Strength (rulebook 1a; rules notes P2, P3)."""
    rt.run(save, engaging.engage, How(entered=rolls, parse=payment_answer), pos=pos,
           pay=parse_payment(pays) if pays else None, die=parse_die(die), adds=[parse_add(a) for a in adds],
           icon=icon.upper() if icon else None, upgrade=upgrade_of(upgrade))


@click.command(cls=JournalCommand)
@save_option
@click.argument("pos", type=int)
@click.option("--pay", metavar="ABILITY", help="The ability that pays 1 point: combat, science or diplomacy "
              "(asked for on a terminal when missing).")
@click.option("--draw", "draws", multiple=True, metavar="CUBES", help=DRAW_HELP)
@click.option("--die", metavar="COLOUR[:FACE[:TO]]", help=DIE_HELP)
@click.option("--take", metavar="CUBES", help="Cubes you choose to take out of the bag (blue die 6, gray die 2).")
@pass_rt
def evade(rt: Runtime, save: str | None, pos: int, pay: str | None, draws: tuple[str, ...], die: str | None,
          take: str | None) -> None:
    """Evade card POS: pay 1 point, draw 2 cubes (rulebook 1b; rules note P4)."""
    rt.run(save, evading.evade, How(draws=draws_of(draws)), pos=pos, pay=ability_name(pay, "--pay") if pay else None,
           die=parse_die(die), take=parse_cubes(take, "--take") if take else [])


@click.command(context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.option("--extra", type=int, default=0, metavar="N", help="Cubes a card adds to (or takes from) the draw.")
@click.option("--draw", "draws", multiple=True, metavar="CUBES", help=DRAW_HELP)
@click.option("--die", metavar="COLOUR[:FACE[:TO]]", help=DIE_HELP)
@click.option("--spend", multiple=True, metavar="K|O", help="Pay a Key (K) or Code (O) card for a planet action.")
@pass_rt
def search(rt: Runtime, save: str | None, extra: int, draws: tuple[str, ...], die: str | None,
           spend: tuple[str, ...]) -> None:
    """Planet search: a cube per planet icon on the cards not evaded (rulebook 2; rules note P5)."""
    bad = next((icon for icon in spend if icon.strip().upper() not in (KEY, CODE)), None)
    if bad is not None:
        raise InputError(f"--spend {bad}: expected K (a Key card) or O (a Code card)")
    if abs(extra) > sum(TOTALS.values()):
        raise InputError(f"--extra {extra}: a card adds or takes at most the {sum(TOTALS.values())} cubes of the game")
    rt.run(save, planet_search.search, How(draws=draws_of(draws)), extra=extra, die=parse_die(die),
           spend=[icon.strip().upper() for icon in spend])


@click.command(cls=JournalCommand)
@save_option
@click.argument("cube", metavar="CUBE")
@click.option("--ability", is_flag=True, help="+1 to the matching ability (up to its maximum).")
@click.option("--weapon", type=int, metavar="N", help="Onto Super Weapon N, toward Understanding it.")
@click.option("--lose", metavar="ABILITY", help="A black cube past The Quietus: the ability that loses 1 (asked for on "
              "a terminal when missing).")
@click.option("--supply", is_flag=True, help="Leave the cube unused (to the supply).")
@pass_rt
def assign(rt: Runtime, save: str | None, cube: str, ability: bool, weapon: int | None, lose: str | None,
           supply: bool) -> None:
    """Place a cube the search drew: r, o or b (or k past The Quietus, which asks which ability loses 1)."""
    colour = colour_name(cube, "CUBE", DRAWN)
    given = sum(1 for x in (ability, weapon is not None, lose is not None, supply) if x)
    if given > 1 or (given == 0 and colour != BLACK):
        raise InputError("give exactly one of --ability, --weapon N, --lose ABILITY (black) or --supply")
    if colour == BLACK and (ability or weapon is not None):
        raise InputError("a black cube past The Quietus costs an ability point: --lose ABILITY")
    if lose is not None and colour != BLACK:
        raise InputError(f"--lose is for black cubes; a {colour} cube goes to --ability, --weapon N or --supply")
    rt.run(save, planet_search.assign, cube=colour, ability=ability, weapon=weapon,
           lose=ability_name(lose, "--lose") if lose is not None else None, supply=supply)


@click.command(cls=JournalCommand)
@save_option
@click.argument("number", type=int, metavar="N")
@click.option("--needs", metavar="CUBES", help="What Understanding it takes, as printed: e.g. r2,b1 (or none).")
@click.option("--name", metavar="NAME", help="The weapon's name.")
@click.option("--understood/--not-understood", default=None, help="Set by hand, as a card says.")
@click.option("--use", is_flag=True, help="Use its power (once per Encounter phase).")
@reason_option
@pass_rt
def weapon(rt: Runtime, save: str | None, number: int, needs: str | None, name: str | None, understood: bool | None,
           use: bool, reason: str | None) -> None:
    """A found Super Weapon: its requirement, name, or use."""
    if needs is None and name is None and understood is None and not use:
        raise InputError("give --needs r2,b1, --name NAME, --understood/--not-understood or --use")
    if name is not None and not name.strip():
        raise InputError("--name is empty")
    rt.run(save, super_weapons.weapon, How(log_reason=reason), number=number,
           needs=parse_needs(needs) if needs is not None else None, name=name.strip() if name is not None else None,
           understood=understood, use=use)


@click.command(cls=JournalCommand)
@save_option
@click.argument("colour", metavar="COLOUR")
@click.option("--to", "to", type=int, metavar="FACE", help="Turn it to FACE (by hand, as a card or die says).")
@click.option("--reroll", is_flag=True, help="Roll it again (--roll N for your own roll).")
@click.option("--use", is_flag=True, help="Use its face on its own: yellow 2/4/6, gray 3, orange 2.")
@click.option("--target", metavar="COLOUR", help="With --use: the die to swap or reroll, or to upgrade.")
@click.option("--swap-for", metavar="COLOUR", help="With --use on yellow 2: the unowned die you take.")
@click.option("--weapon", type=int, metavar="N", help="With --use on gray 3: the weapon Understood (asked for on a "
              "terminal when several wait).")
@click.option("--then", type=int, metavar="FACE", help="With --use: the lower face it turns to (default: one lower).")
@rolls_option
@reason_option
@pass_rt
def die(rt: Runtime, save: str | None, colour: str, to: int | None, reroll: bool, use: bool, target: str | None,
        swap_for: str | None, weapon: int | None, then: int | None, rolls: tuple[int, ...], reason: str | None) -> None:
    """A captain's die: --to FACE, --reroll, or --use its face."""
    colour = colour_name(colour, "COLOUR", DIE_COLOURS)
    if sum(1 for x in (to is not None, reroll, use) if x) != 1:
        raise InputError("give exactly one of --to FACE, --reroll or --use")
    if to is not None and not 1 <= to <= 6:
        raise InputError(f"--to {to}: a die face is 1-6")
    rt.run(save, captains_dice.die, How(entered=rolls, log_reason=reason, parse=weapon_answer), colour=colour, to=to,
           reroll=reroll, use=use, target=colour_name(target, "--target", DIE_COLOURS) if target is not None else None,
           swap_for=colour_name(swap_for, "--swap-for", DIE_COLOURS) if swap_for is not None else None,
           weapon=weapon, then=then)


def weapon_answer(state: dict, params: dict) -> dict:
    """The Super Weapon a terminal player chose (NeedChoice, gray 3): a number, as --weapon reads it."""
    if isinstance(params.get("weapon"), str):
        params["weapon"] = int(params["weapon"])
    return params


@click.command("end-round", cls=JournalCommand)
@save_option
@click.option("--leave", multiple=True, type=int, metavar="POS",
              help="An engaged Key/Code card you do not keep (default: all go to the hand).")
@pass_rt
def end_round(rt: Runtime, save: str | None, leave: tuple[int, ...]) -> None:
    """Round end: discard the line and the planet, keep Key/Code cards, next alien if its deck is empty."""
    rt.run(save, round_end.end_round, leave=list(leave))

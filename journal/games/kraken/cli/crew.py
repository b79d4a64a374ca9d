"""`journal kraken crew …`: the crew (3.3-3.5), their inventory, Armor, Shield and weapons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from journal.errors import InputError
from journal.games.kraken.cli import names
from journal.games.kraken.cli.common import CREW, NEGATIVES, NUMBER, named, parse_trait, run, weapons_of
from journal.games.kraken.model.constants import ATTRIBUTES, INVENTORY, JAMS
from journal.hints import cmd, say
from journal.options import Delta, DeltaType, OrderedGroup, reason_option, save_option
from journal.runtime import How, Runtime, pass_rt


MEMBER = {"name": CREW}   # the crew member a command names


@click.group(cls=OrderedGroup)
def crew() -> None:
    """Crew: add, remove, HP, level up, inventory."""


def _attr_options(f: Callable[..., Any]) -> Callable[..., Any]:
    for a in reversed(ATTRIBUTES):
        f = click.option(f"--{a}", a, type=NUMBER, metavar="N", help=f"{a.capitalize()} 1-8.")(f)
    return f


@crew.command("add")
@save_option
@click.argument("name", type=names.NEW)
@_attr_options
@click.option("--trait", "traits", multiple=True, metavar="NAME:VALUE", help="A trait, e.g. Tough:+2 (repeat).")
@click.option("--psi", is_flag=True, help="The PSI trait at level 1 (one crew member at most).")
@click.option("--level", type=NUMBER, default=1, show_default=True,
              help="A higher level (a hired member, or one a card brings): its level-ups are attribute points or "
                   "traits (two for a positive one).")
@click.option("--hire", is_flag=True, help="Hired at a Shop: pay 10¢ per level.")
@reason_option
@pass_rt
def crew_add(rt: Runtime, save: str | None, name: str, traits: tuple[str, ...], psi: bool, level: int, hire: bool,
             reason: str | None, **attrs: int | None) -> None:
    """A new crew member: six attributes 1-8 summing to 16, traits summing to 0. At set-up at
    level 1; later hired at a Shop (--hire) or brought by a card (--reason)."""
    from journal.games.kraken import crew as rules

    given = {a: v for a, v in attrs.items() if v is not None}
    run(rt, save, rules.crew_add, How(log_reason=reason), name=name, attrs=given,
        traits=[parse_trait(t) for t in traits], psi=psi, level=level, hire=hire, reason=reason)


@crew.command("remove")
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@click.option("--sell", is_flag=True, help="Sold at a Shop for 5¢ per level.")
@click.option("--died", is_flag=True, help="Killed or abandoned (a preset member may not rejoin, K11).")
@pass_rt
def crew_remove(rt: Runtime, save: str | None, name: str, sell: bool, died: bool) -> None:
    """A crew member leaves the crew."""
    from journal.games.kraken import crew as rules

    if sell and died:
        raise click.UsageError("--sell or --died, not both")
    run(rt, save, rules.crew_remove, named(MEMBER), name=name, sell=sell, died=died)


@crew.command("hp", context_settings=NEGATIVES)
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@click.argument("delta", type=DeltaType(digits=7), metavar="DELTA")
@reason_option
@pass_rt
def crew_hp(rt: Runtime, save: str | None, name: str, delta: Delta, reason: str | None) -> None:
    """Damage -N or healing +N (or =N): 0 to -3 unconscious, -4 killed (K11)."""
    from journal.games.kraken import crew as rules

    run(rt, save, rules.crew_hp, named(MEMBER, How(log_reason=reason)), name=name, delta=delta.by, value=delta.to)


@crew.command("level-up")
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@click.option("--attribute", type=click.Choice(ATTRIBUTES + ("psi",), case_sensitive=False), metavar="ATTR",
              help=f"+1 to one of {', '.join(ATTRIBUTES)} (or psi).")
@click.option("--trait", "traits", multiple=True, metavar="NAME:VALUE",
              help="Instead: one positive trait (two levels) or a positive and a negative one (one level).")
@click.option("--psi", is_flag=True, help="Gain the PSI trait (a positive trait).")
@pass_rt
def crew_level_up(rt: Runtime, save: str | None, name: str, attribute: str | None, traits: tuple[str, ...],
                  psi: bool) -> None:
    """Spend (new level)² XP: +1 attribute, or new traits."""
    from journal.games.kraken import crew as rules

    run(rt, save, rules.crew_level_up, named(MEMBER), name=name, attribute=attribute,
        traits=[parse_trait(t) for t in traits], psi=psi)


@crew.command("leader")
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@pass_rt
def crew_leader(rt: Runtime, save: str | None, name: str) -> None:
    """The crew member who leads (events call them 'you')."""
    from journal.games.kraken import crew as rules

    run(rt, save, rules.crew_leader, named(MEMBER), name=name)


@crew.command("set")
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@click.argument("field", type=names.CREW_FIELD, metavar="FIELD")
@click.argument("value", type=NUMBER)
@reason_option
@pass_rt
def crew_set(rt: Runtime, save: str | None, name: str, field: str, value: int, reason: str | None) -> None:
    """Set an attribute, level, hp_max or psi by hand (a card says so)."""
    from journal.games.kraken import crew as rules

    run(rt, save, rules.crew_set, named(MEMBER, How(log_reason=reason)), name=name,
        field=field.strip().casefold().replace("-", "_"), value=value)


@crew.command("trait")
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@click.argument("trait", type=names.TRAIT, metavar="TRAIT[:VALUE]")
@click.option("--remove", is_flag=True, help="Erase the trait.")
@reason_option
@pass_rt
def crew_trait(rt: Runtime, save: str | None, name: str, trait: str, remove: bool, reason: str | None) -> None:
    """Add, change or erase a trait by hand."""
    from journal.games.kraken import crew as rules

    if remove:
        run(rt, save, rules.crew_trait, named(MEMBER, How(log_reason=reason)), name=name,
            trait=trait.rpartition(":")[0] or trait, remove=True)
    else:
        t, v = parse_trait(trait, "TRAIT")
        run(rt, save, rules.crew_trait, named(MEMBER, How(log_reason=reason)), name=name, trait=t, value=v)


@crew.command("equip")
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@click.argument("slot", type=click.Choice(INVENTORY, case_sensitive=False))
@click.argument("item", type=names.STORED)
@click.option("--from-storage", is_flag=True, help="Take it out of the ship's storage.")
@pass_rt
def crew_equip(rt: Runtime, save: str | None, name: str, slot: str, item: str, from_storage: bool) -> None:
    """Put an item in a slot: L, R (hands) or 1-4 (backpack)."""
    from journal.games.kraken import equipment as rules

    run(rt, save, rules.crew_equip, named(MEMBER), name=name, slot=slot, item=item, from_storage=from_storage)


@crew.command("use")
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@click.argument("item", type=names.CARRIED)
@click.option("--heal", "heal_hp", type=NUMBER, help="HP the item heals (half in a Hell atmosphere).")
@click.option("--target", type=names.CREW_MEMBER, metavar="NAME", help="Who it heals (default: the user).")
@click.option("--oxygen", type=NUMBER, help="Oxygen it gives (an Oxygen item).")
@pass_rt
def crew_use(rt: Runtime, save: str | None, name: str, item: str, heal_hp: int | None, target: str | None,
             oxygen: int | None) -> None:
    """Use an item outside Ground Combat (no action); a use of a U item is erased."""
    from journal.games.kraken import equipment as rules

    run(rt, save, rules.crew_use, named({"name": CREW, "target": CREW.on("--target")}), name=name, item=item,
        heal_hp=heal_hp, target=target, oxygen=oxygen)


@crew.command("unequip")
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@click.argument("slot", type=click.Choice(INVENTORY, case_sensitive=False))
@click.option("--to-storage", is_flag=True, help="Put it in the ship's storage.")
@pass_rt
def crew_unequip(rt: Runtime, save: str | None, name: str, slot: str, to_storage: bool) -> None:
    """Take an item out of a slot."""
    from journal.games.kraken import equipment as rules

    run(rt, save, rules.crew_unequip, named(MEMBER), name=name, slot=slot, to_storage=to_storage)


@crew.command("gear")
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@click.option("--jacket", type=names.TEXT, metavar="NAME:ARMOR|none", help='The jacket worn, e.g. "Kevlar vest:2".')
@click.option("--helmet", type=names.TEXT, metavar="NAME:ARMOR|none", help='The helmet worn, e.g. "Helmet:1".')
@click.option("--physical-shield", "physical_shield", type=names.TEXT, metavar="NAME:ARMOR|none",
              help='A physical Shield held in a hand (L or R), e.g. "Anti-Terror Shield:2".')
@click.option("--armor", type=NUMBER, help="An unnamed jacket of Armor N (0-8; 0: none).")
@click.option("--shield", type=names.TEXT, metavar="A|B:POWER/RECHARGE|none",
              help="The active flash (A) or energy (B) Shield.")
@click.option("--charger", type=NUMBER, metavar="N", help="The Shield charger used each combat turn: +N (0: none).")
@pass_rt
def crew_gear(rt: Runtime, save: str | None, name: str, jacket: str | None, helmet: str | None,
              physical_shield: str | None, armor: int | None, shield: str | None, charger: int | None) -> None:
    """Armor (one jacket, one helmet, one physical Shield in a hand; 8 at most), Shield and
    Shield charger for Ground Combat."""
    from journal.games.kraken import equipment as rules

    if all(v is None for v in (jacket, helmet, physical_shield, armor, shield, charger)):
        raise InputError(say("say what is worn: ", cmd("kraken crew gear", "NAME", jacket="NAME:ARMOR"), ", ",
                             cmd("kraken crew gear", "NAME", helmet="NAME:ARMOR"), ", ",
                             cmd("kraken crew gear", "NAME", physical_shield="NAME:ARMOR"), " (none takes one off), ",
                             cmd("kraken crew gear", "NAME", armor="N"), " (an unnamed jacket), ",
                             cmd("kraken crew gear", "NAME", shield="B:POWER/RECHARGE"), " (A: flash, B: energy) or ",
                             cmd("kraken crew gear", "NAME", charger="N")))
    if armor is not None and jacket is not None:
        raise InputError("--armor N is an unnamed jacket: give --armor or --jacket, not both (one jacket is worn "
                         "at a time)")
    run(rt, save, rules.crew_gear, named(MEMBER), name=name, armor=armor, shield=shield, charger=charger, jacket=jacket,
        helmet=helmet, physical_shield=physical_shield)


@crew.command("weapon")
@save_option
@click.argument("name", type=names.CREW_MEMBER)
@click.argument("spec", type=names.TEXT, required=False)
@click.option("--weapon", type=names.WEAPON, metavar="WEAPON", help="Change this weapon instead of adding one.")
@click.option("--ammo", type=NUMBER, help="Its Ammo now.")
@click.option("--jam", type=click.Choice(("none",) + JAMS, case_sensitive=False))
@click.option("--remove", is_flag=True, help="Erase it.")
@click.option("--slot", type=click.Choice(INVENTORY, case_sensitive=False),
              help="Where a new weapon goes (default: the slot holding its name, else a free hand, else the backpack).")
@pass_rt
def crew_weapon(rt: Runtime, save: str | None, name: str, spec: str | None, weapon: str | None, ammo: int | None,
                jam: str | None, remove: bool, slot: str | None) -> None:
    """A weapon in the book's notation: "Rifle (3) 4+, 3 A5 RG"; only one in a hand attacks."""
    from journal.games.kraken import equipment as rules

    run(rt, save, rules.crew_weapon, named({"name": CREW, "weapon": weapons_of().on("--weapon")}), name=name, spec=spec,
        weapon=weapon, ammo=ammo, remove=remove, jam=jam, slot=slot)

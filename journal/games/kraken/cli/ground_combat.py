"""`journal kraken ground …`: Ground Combat (chapter 14)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import click

from journal.errors import InputError
from journal.games.kraken.cli import names
from journal.games.kraken.cli.common import (
    CREW,
    ENEMY,
    NEGATIVES,
    NUMBER,
    named,
    rolls_of,
    run,
    run_asking,
    weapons_of,
)
from journal.games.kraken.cli.files import ENEMIES_SAMPLE, load_profiles
from journal.games.kraken.model.constants import FISTS_NAMES, INVENTORY
from journal.lookup import find
from journal.options import OrderedGroup, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def whole_number(text: str, problem: str) -> int:
    """A whole number typed as a command's VALUE (-3, +2, 12), else an error saying `problem`."""
    try:
        return NUMBER.convert(text, None, None)
    except click.BadParameter:
        raise InputError(problem) from None


# the names a Ground Combat command types: crew members, enemy labels, a member's weapon (or fists)
FIGHTERS = {"name": CREW, "crew": CREW.on("--crew"), "cover": CREW.on("--cover"), "faint": CREW.on("--faint"),
            "carrier": CREW.on("--carrier"), "captive_to": CREW.on("--captive-to"),
            "sacrifice": CREW.on("--sacrifice"), "psi_shield": CREW.on("--psi-shield"), "label": ENEMY}
ATTACK = {**FIGHTERS, "targets": ENEMY, "weapon": weapons_of("name", FISTS_NAMES).on("--weapon")}
WEAPON = {**FIGHTERS, "weapon": weapons_of("name", FISTS_NAMES)}


@click.group(cls=OrderedGroup)
def ground() -> None:
    """Ground Combat (chapter 14): spawn, add enemies, initiative, actions, turns."""


@ground.command("start")
@save_option
@click.option("--level", type=NUMBER, help="The Primary Enemy level (an event's combat).")
@click.option("--tile", type=names.TILE, metavar="TILE",
              help="In a dungeon: the Enemy or Boss tile (or: journal kraken dungeon enemy TILE).")
@click.option("--boss", is_flag=True, help="A Boss battle.")
@click.option("--ambush", is_flag=True, help="An ambush: the enemies act first, no reaction.")
@click.option("--map", "map_no", type=NUMBER, help="The map number (outside a dungeon; default 1).")
@click.option("--atmosphere", type=click.Choice(["YES", "NO", "HELL"], case_sensitive=False),
              help="Outside a dungeon (default YES).")
@click.option("--crew", "crew_names", multiple=True, type=names.CONSCIOUS, metavar="NAME",
              help="Who fights (default: everyone able).")
@rolls_of("a '?' level d6", "creature from hell d6 (a LV6+ Boss)", "reaction d6", "second Primary d6", "its species d6", "Minions d6", "each Minion's species d6")
@pass_rt
def ground_start(rt: Runtime, save: str | None, level: int | None, tile: str | None, boss: bool, ambush: bool,
                 map_no: int | None, atmosphere: str | None, crew_names: tuple[str, ...],
                 rolls: tuple[int, ...]) -> None:
    """Spawn a Ground Combat (dice: hell, reaction, second Primary, Minions, species)."""
    from journal.games.kraken.ground_combat import spawn as rules

    run(rt, save, rules.ground_start, named(FIGHTERS, How(entered=rolls)), level=level, tile=tile, boss=boss,
        ambush=ambush, map_no=map_no, atmosphere=atmosphere.upper() if atmosphere else None, crew=list(crew_names))


@ground.command("add")
@save_option
@click.argument("label", type=names.NEW)
@click.option("--profile", type=names.TEXT, metavar="NAME", help="A profile from the profiles file.")
@click.option("--profiles", "profiles_path", metavar="FILE", help=f"Default: templates:kraken/{ENEMIES_SAMPLE}.")
@click.option("--name", metavar="TEXT")
@click.option("--minion", is_flag=True, help="A Minion (level - 1, no Treasure).")
@click.option("--level", type=NUMBER)
@click.option("--hp", type=NUMBER)
@click.option("--armor", type=NUMBER)
@click.option("--agility", type=NUMBER)
@click.option("--shield", type=names.TEXT, metavar="A|B:POWER/RECHARGE")
@click.option("--escape", type=NUMBER, help="Its escape value.")
@click.option("--treasure", type=NUMBER, help="Its Treasure value.")
@click.option("--xp", type=NUMBER)
@click.option("--weak", multiple=True, metavar="TYPE", help="fire, ice, toxic, ranged, melee (repeat).")
@click.option("--resist", multiple=True, metavar="TYPE", help="fire, ice, toxic, ranged, melee (repeat).")
@click.option("--action", "actions", multiple=True, metavar="ROLL: ACTION", help='e.g. "1-2: idle", "3-6: ML 4+, 3".')
@click.option("--acts", type=NUMBER, help="2 for an enemy with two actions.")
@click.option("--species", type=names.SPECIES, metavar="S")
@click.option("--note", metavar="TEXT", help="A note (a card, a special action).")
@click.option("--trait", "traits", multiple=True, type=names.TEXT, metavar="TRAIT",
              help='A trait from its sheet: Zombie, "Regen: +1 HP" (+N HP / +N Shield after its action), … (repeat).')
@pass_rt
def ground_add(rt: Runtime, save: str | None, label: str, profile: str | None, profiles_path: str | None,
               **values: Any) -> None:
    """Enter an enemy's values from its sheet (or a profile)."""
    from journal.games.kraken.ground_combat import profiles as rules

    prof = None
    if profile:
        profiles = load_profiles(profiles_path)
        pname = find(profiles, profile, "enemy profile", "--profile")
        prof = profiles[pname]
        values["profile_name"] = pname
    values["weak"], values["resist"], values["actions"] = (list(values["weak"]), list(values["resist"]),
                                                           list(values["actions"]))
    values["traits"] = list(values["traits"])
    run(rt, save, rules.ground_add, label=label, profile=prof, **values)


@ground.command("profiles")
@click.option("--profiles", "profiles_path", metavar="FILE", help=f"Default: templates:kraken/{ENEMIES_SAMPLE}.")
@pass_rt
def ground_profiles(rt: Runtime, profiles_path: str | None) -> None:
    """The enemy profiles of a profiles file."""
    profiles = load_profiles(profiles_path)
    rt.emit([f"  {n}: LV{p.get('level', '?')} HP {p.get('hp', '?')} Armor {p.get('armor', 0)} Agility "
             f"{p.get('agility', '?')}" for n, p in profiles.items()] or ["(none)"], profiles)


@ground.command("initiative")
@save_option
@click.option("--cover", multiple=True, type=names.FIGHTER, metavar="NAME",
              help="Set in cover the first turn (skipped for initiative).")
@click.option("--faint", type=names.FIGHTER, metavar="NAME", help="Out of Oxygen: who faints.")
@rolls_of("the crew's initiative d6", "the enemies' initiative d6 (none for a lone wolf or an ambush)")
@pass_rt
def ground_initiative(rt: Runtime, save: str | None, cover: tuple[str, ...], faint: str | None,
                      rolls: tuple[int, ...]) -> None:
    """Decide who acts first (crew's lowest Agility + d6, then the enemies')."""
    from journal.games.kraken.ground_combat import loop as rules

    run_asking(rt, save, rules.ground_initiative, named(FIGHTERS, How(entered=rolls)), cover=list(cover), faint=faint)


@ground.command("attack")
@save_option
@click.argument("name", type=names.FIGHTER)
@click.argument("targets", nargs=-1, type=names.ENEMY, metavar="[TARGET]...")
@click.option("--weapon", type=names.ATTACK_WEAPON, metavar="WEAPON",
              help="Which weapon (default: the only one; 'fists' for bare fists).")
@click.option("--hit", type=NUMBER, default=0,
              help="Boost steps spent on the roll (each 2 points); the rest on damage.")
@click.option("--berserk", type=NUMBER, default=0, help="Melee: turn up to 3 HP into damage.")
@click.option("--flank", is_flag=True, help="Try to flank first (Agility 8+: +3 damage).")
@click.option("--reroll", is_flag=True, help="The lone wolf's (or a Talisman's) reroll of a failed die.")
@click.option("--chain", type=NUMBER, default=0, help="Chain Attack trait: the extra attacks it grants (no boost).")
@click.option("--capture", is_flag=True, help="Capture an enemy this attack brings to 0, -1 or -2 HP.")
@click.option("--carrier", type=names.FIGHTER, metavar="NAME", help="Who carries the captive (default: the attacker).")
@rolls_of("the Flank d6 (with --flank)", "a hit d6 for each attack (each target of an explosive weapon)",
          "a reroll d6 right after a failed die it rerolls (--reroll)")
@pass_rt
def ground_attack(rt: Runtime, save: str | None, name: str, targets: tuple[str, ...], weapon: str | None, hit: int,
                  berserk: int, flank: bool, reroll: bool, chain: int, capture: bool, carrier: str | None,
                  rolls: tuple[int, ...]) -> None:
    """Attack with a weapon in a hand (dice: flank, then one per attack; melee may split targets)."""
    from journal.games.kraken.ground_combat import attacks as rules

    run(rt, save, rules.ground_attack, named(ATTACK, How(entered=rolls, parse=_weapon_in_hand)), name=name,
        weapon=weapon, targets=list(targets), hit=hit, berserk=berserk, flank=flank, reroll=reroll, chain=chain,
        capture=capture, carrier=carrier)


def _weapon_in_hand(state: dict, params: dict) -> dict:
    """--weapon left out: the only weapon the attacker holds in a hand (or carries), else bare
    fists; with two or more, the player names one."""
    if params["weapon"] is not None:
        return params
    from journal.games.kraken.model.weapons import weapon_slot

    m = state.get("crew", {}).get(params["name"], {})
    ws = list(m.get("weapons") or {})
    ws = [w for w in ws if weapon_slot(m, w) in ("L", "R")] or ws
    if len(ws) > 1:
        raise InputError(f"--weapon is required: one of {', '.join(ws)} (or fists)")
    return {**params, "weapon": ws[0] if ws else "fists"}


@ground.command("capture")
@save_option
@click.argument("label", type=names.DEFEATED)
@click.option("--carrier", required=True, type=names.FIGHTER, metavar="NAME",
              help="Who carries it (they cannot attack meanwhile).")
@pass_rt
def ground_capture(rt: Runtime, save: str | None, label: str, carrier: str) -> None:
    """Capture an enemy an attack brought to 0, -1 or -2 HP (no action)."""
    from journal.games.kraken.ground_combat import attacks as rules

    run(rt, save, rules.ground_capture, named(FIGHTERS), label=label, carrier=carrier)


def _make_action(action: str, help_text: str, args: tuple[str, ...]) -> click.Command:
    @ground.command(action, help=help_text)
    @save_option
    @click.argument("name", type=names.FIGHTER)
    @click.argument("weapon", type=names.WEAPON, required=bool(args))
    @pass_rt
    def _cmd(rt: Runtime, save: str | None, name: str, weapon: str | None) -> None:
        from journal.games.kraken.ground_combat import actions as rules

        if weapon is not None and not args:
            raise click.UsageError(f"`ground {action}` takes only NAME")
        run(rt, save, rules.ground_simple, named(WEAPON), name=name, action=action, weapon=weapon)
    return _cmd


_make_action("cover", "Take cover: +1 Armor, +1 to be hit.", ())


@ground.command("reload")
@save_option
@click.argument("name", type=names.FIGHTER)
@click.argument("weapon", type=names.WEAPON)
@click.option("--slot", "mag_slot", type=click.Choice(INVENTORY, case_sensitive=False),
              help="The slot holding the magazine (when the member carries several).")
@pass_rt
def ground_reload(rt: Runtime, save: str | None, name: str, weapon: str, mag_slot: str | None) -> None:
    """Reload a weapon with a magazine the member carries ("Rifle mag"; it is erased)."""
    from journal.games.kraken.ground_combat import actions as rules

    run_asking(rt, save, rules.ground_simple, named(WEAPON), name=name, action="reload", weapon=weapon,
               mag_slot=mag_slot.upper() if mag_slot else None)


_make_action("recharge", "Recharge a T2 weapon.", ("weapon",))
_make_action("wait", "Take no action this turn.", ())


@ground.command("exchange")
@save_option
@click.argument("name", type=names.FIGHTER)
@click.option("--captive-to", type=names.FIGHTER, metavar="NAME",
              help="Hand the captive NAME carries to this crew member.")
@pass_rt
def ground_exchange(rt: Runtime, save: str | None, name: str, captive_to: str | None) -> None:
    """Exchange and rearrange equipment (and hand over a captive)."""
    from journal.games.kraken.ground_combat import actions as rules

    run(rt, save, rules.ground_simple, named(FIGHTERS), name=name, action="exchange", captive_to=captive_to)


@ground.command("item")
@save_option
@click.argument("name", type=names.FIGHTER)
@click.argument("item", type=names.CARRIED)
@click.option("--heal", type=NUMBER, help="HP the item heals (half in Hell).")
@click.option("--target", type=names.FIGHTER, metavar="NAME", help="Who it heals (default: the user).")
@pass_rt
def ground_item(rt: Runtime, save: str | None, name: str, item: str, heal: int | None, target: str | None) -> None:
    """Use an item."""
    from journal.games.kraken.ground_combat import actions as rules

    run(rt, save, rules.ground_simple, named({**FIGHTERS, "target": CREW.on("--target")}), name=name, action="item",
        item=item, heal=heal, target=target)


@ground.command("unjam")
@save_option
@click.argument("name", type=names.ON_FOOT)
@click.argument("weapon", type=names.WEAPON)
@click.option("--bonus", type=NUMBER, default=0, help="An item's unjamming bonus.")
@click.option("--faint", type=names.TEAM, metavar="NAME", help="In a dungeon, out of Oxygen: who faints.")
@rolls_option
@pass_rt
def ground_unjam(rt: Runtime, save: str | None, name: str, weapon: str, bonus: int, faint: str | None,
                 rolls: tuple[int, ...]) -> None:
    """Unjam a weapon: Tech + d6 >= 8, then 6+, then 6+ or it breaks (in a dungeon: repair a
    damaged one, an action)."""
    from journal.games.kraken.ground_combat import actions as rules

    run_asking(rt, save, rules.ground_unjam, named(WEAPON, How(entered=rolls)), name=name, weapon=weapon, bonus=bonus,
               faint=faint)


@ground.command("escape")
@save_option
@click.option("--sacrifice", multiple=True, type=names.FIGHTER, metavar="NAME",
              help="Left behind (those who acted are, anyway).")
@click.option("--crew", "crew_names", multiple=True, type=names.FIGHTER, metavar="NAME",
              help="Who escapes (default: all who may).")
@rolls_option
@pass_rt
def ground_escape(rt: Runtime, save: str | None, sacrifice: tuple[str, ...], crew_names: tuple[str, ...],
                  rolls: tuple[int, ...]) -> None:
    """Escape: d6 + lowest Agility + 3 per sacrificed + 2 per try >= the highest enemy Agility."""
    from journal.games.kraken.ground_combat import actions as rules

    run(rt, save, rules.ground_escape, named(FIGHTERS, How(entered=rolls)), sacrifice=list(sacrifice),
        crew=list(crew_names))


@ground.command("psi")
@save_option
@click.argument("name", type=names.FIGHTER)
@click.argument("power", nargs=-1, required=True, type=names.GROUND_PSI)
@click.option("--target", type=names.PSI_TARGET, metavar="TARGET")
@click.option("--bonus", type=NUMBER, default=0, help="One PSI item's bonus.")
@click.option("--capture", is_flag=True, help="A PSI attack: capture an enemy it brings to 0, -1 or -2 HP.")
@click.option("--carrier", type=names.FIGHTER, metavar="NAME",
              help="Who carries the captive (default: the PSI member).")
@rolls_option
@pass_rt
def ground_psi(rt: Runtime, save: str | None, name: str, power: tuple[str, ...], target: str | None, bonus: int,
               capture: bool, carrier: str | None, rolls: tuple[int, ...]) -> None:
    """A PSI power after the member's action: d6 + PSI >= difficulty."""
    from journal.games.kraken.ground_combat import psi as rules

    p = rules.psi_power(" ".join(power))
    at = CREW if p in rules.CREW_TARGETED else ENEMY
    run(rt, save, rules.ground_psi, named({**FIGHTERS, "target": at.on("--target")}, How(entered=rolls)), name=name,
        power=p, target=target, bonus=bonus, capture=capture, carrier=carrier)


@ground.command("meditate")
@save_option
@click.argument("name", type=names.FIGHTER)
@rolls_option
@pass_rt
def ground_meditate(rt: Runtime, save: str | None, name: str, rolls: tuple[int, ...]) -> None:
    """Meditate (an action): d6 >= 3 + missing HP recovers PSI."""
    from journal.games.kraken.ground_combat import psi as rules

    run(rt, save, rules.meditate, named(FIGHTERS, How(entered=rolls)), name=name)


@ground.command("enemy")
@save_option
@click.argument("label", type=names.ENEMY)
@click.option("--target", type=names.FIGHTER, metavar="NAME", help="Who it attacks (within its priority).")
@click.option("--action", metavar="TEXT", help='The action you read (no table): "idle", "ML 4+, 3" …')
@click.option("--psi-shield", type=names.FIGHTER, metavar="NAME",
              help="The PSI member shields the target (PSI SHIELD, 8).")
@rolls_of("its escape d6 (at or below its escape value)", "its action d6 (without --action)",
          "a hit d6 for each of its attacks")
@pass_rt
def ground_enemy(rt: Runtime, save: str | None, label: str, target: str | None, action: str | None,
                 psi_shield: str | None, rolls: tuple[int, ...]) -> None:
    """An enemy acts (escape check, d6 on its table, its attack)."""
    from journal.games.kraken.ground_combat import enemies as rules

    run_asking(rt, save, rules.ground_enemy, named({**FIGHTERS, "target": CREW.on("--target")}, How(entered=rolls)),
               label=label, target=target, action=action, psi_shield=psi_shield)


@ground.command("turn")
@save_option
@click.option("--faint", type=names.FIGHTER, metavar="NAME", help="Out of Oxygen: who faints.")
@pass_rt
def ground_turn(rt: Runtime, save: str | None, faint: str | None) -> None:
    """End the turn (shields recharge) and begin the next (Oxygen)."""
    from journal.games.kraken.ground_combat import loop as rules

    run_asking(rt, save, rules.ground_turn, named(FIGHTERS), faint=faint)


@ground.command("set", context_settings=NEGATIVES)
@save_option
@click.argument("label", type=names.ANY_ENEMY)
@click.argument("field", type=names.ENEMY_FIELD, metavar="FIELD")
@click.argument("value")
@reason_option
@pass_rt
def ground_set(rt: Runtime, save: str | None, label: str, field: str, value: str, reason: str | None) -> None:
    """Change an enemy by hand (its traits, a card). FIELD: hp, shield, armor, agility, escape,
    weaken (VALUE a number), status (active, defeated or escaped) or note (VALUE a text)."""
    from journal.games.kraken.ground_combat import loop as rules

    f = field.strip().casefold()
    given: int | str = value
    if f in rules.ENEMY_NUMBERS:
        given = whole_number(value, f"{f} takes a whole number")
    elif f == "status":
        given = value.strip().casefold()
    run(rt, save, rules.ground_set, named(FIGHTERS, How(log_reason=reason)), label=label, field=f, value=given)


@ground.command("end")
@save_option
@click.argument("result", type=click.Choice(["won", "escaped"], case_sensitive=False))
@reason_option
@pass_rt
def ground_end(rt: Runtime, save: str | None, result: str, reason: str | None) -> None:
    """End the Ground Combat by hand."""
    from journal.games.kraken.ground_combat import loop as rules

    run(rt, save, rules.ground_end, How(log_reason=reason), result=result)


@ground.command("show")
@save_option
@pass_rt
def ground_show(rt: Runtime, save: str | None) -> None:
    """The ground combat sheet."""
    with rt.read(save) as s:
        state = cast("State", s.state)
    if not state.get("ground"):
        rt.emit("No Ground Combat is going on.", {"ground": None})
        return
    from journal.games.kraken.model import ground
    from journal.games.kraken.views import adventure
    from journal.hints import say

    rt.emit(adventure.ground_status(state) + [say("Next: ", ground.turn_hint(state, state["ground"]))],
            {"ground": state["ground"]})

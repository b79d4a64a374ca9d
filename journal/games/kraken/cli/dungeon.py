"""`journal kraken dungeon …` and `visit`: Dungeon Exploration (ch. 13), Phase 4's short visit."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import click

from journal.errors import InputError, typed
from journal.games.kraken.cli import names
from journal.games.kraken.cli.common import CREW, NUMBER, named, rolls_of, run, run_asking, short, weapons_of
from journal.options import JournalCommand, OrderedGroup, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


# the crew members (and a member's weapon) a dungeon command names
TEAM = {"name": CREW, "crew": CREW.on("--crew"), "disarm": CREW.on("--disarm"), "faint": CREW.on("--faint")}
CRACK = {**TEAM, "weapon": weapons_of("crew").on("--weapon")}
MOD = {**TEAM, "weapon": weapons_of("name")}


@click.group(cls=OrderedGroup)
def dungeon() -> None:
    """Dungeon Exploration: maps, tiles, Oxygen (chapter 13).

    Every tile command is one action (move onto the tile, Oxygen by the atmosphere you
    step into) unless --stay (activate the tile you stand on: still an action), --no-move
    (a tile the previous move triggered) or --free (the free move on entering a map).
    Tiles are named as printed: B2, M, L4, E?, T1 (E2a, E2b for two alike tiles).
    """


def _move_options(default: str = "move") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def deco(f: Callable[..., Any]) -> Callable[..., Any]:
        f = click.option("--breach", multiple=True, type=names.TILE, metavar="TILE",
                         help="The area you step into is connected to this Hull Breach (Outside atmosphere until "
                              "it is repaired).")(f)
        f = click.option("--faint", type=names.TEAM, metavar="NAME", help="Out of Oxygen: who faints.")(f)
        f = click.option("--free", "how", flag_value="free", help="The free move on entering a map.")(f)
        f = click.option("--no-move", "how", flag_value="none", help="Triggered by the previous move: no action.")(f)
        f = click.option("--stay", "how", flag_value="stay", help="Activate the tile you stand on (an action).")(f)
        f = click.option("--to", type=click.Choice(["outside", "inside"], case_sensitive=False),
                         help="The atmosphere you step into (default: where you are).")(f)
        return f
    return deco


def _how(how: str | None, default: str = "move") -> str:
    return how or default


def _portals(text: str | None) -> list[int]:
    """--portals 1,4: teleportal numbers 1-6 (d6), separated by commas."""
    import re

    if text is None:
        return []
    parts = [x for x in re.split(r"[\s,]+", text) if x]
    if not parts or not all(re.fullmatch(r"[1-6]", x) for x in parts):
        raise InputError(f"--portals {typed(short(text))}: teleportal numbers 1-6 separated by commas, e.g. 1,4")
    return [int(x) for x in parts]


@dungeon.command("enter")
@save_option
@click.argument("slot", type=names.LOCATION)
@click.option("--crew", "crew_names", multiple=True, type=names.CONSCIOUS, metavar="NAME",
              help="Who is deployed (default: everyone able).")
@click.option("--map", "map_no", type=NUMBER, help="Teleport to a later map (after a cleared one, within range).")
@click.option("--inside", is_flag=True, help="The entrance is inside (default: outside).")
@rolls_option
@pass_rt
def dungeon_enter(rt: Runtime, save: str | None, slot: str, crew_names: tuple[str, ...], map_no: int | None,
                  inside: bool, rolls: tuple[int, ...]) -> None:
    """Land on a Location from the Starmap Locations Log."""
    from journal.games.kraken.dungeon import maps as rules

    run(rt, save, rules.dungeon_enter, named(TEAM, How(entered=rolls)), slot=slot, crew=list(crew_names), map_no=map_no,
        inside=inside)


@dungeon.command("move")
@save_option
@click.option("--to", type=click.Choice(["outside", "inside"], case_sensitive=False),
              help="The atmosphere you step into.")
@click.option("--free", is_flag=True, help="The free move on entering a map.")
@click.option("--faint", type=names.TEAM, metavar="NAME", help="Out of Oxygen: who faints.")
@click.option("--breach", multiple=True, type=names.TILE, metavar="TILE",
              help="The area you step into is connected to this Hull Breach (Outside atmosphere until repaired).")
@pass_rt
def dungeon_move(rt: Runtime, save: str | None, to: str | None, free: bool, faint: str | None,
                 breach: tuple[str, ...]) -> None:
    """Move to an adjacent tile or area (one action)."""
    from journal.games.kraken.dungeon import maps as rules

    run_asking(rt, save, rules.dungeon_move, named(TEAM), how="free" if free else "move", to=to, breach=list(breach),
               faint=faint)


@dungeon.command("bulkhead")
@save_option
@click.argument("tile", type=names.TILE)
@click.option("--crew", type=names.TEAM, metavar="NAME", help="Who tries: 2d6 + Tech >= 10 + level.")
@_move_options()
@rolls_option
@pass_rt
def dungeon_bulkhead(rt: Runtime, save: str | None, tile: str, crew: str | None, to: str | None,
                     breach: tuple[str, ...], how: str | None, faint: str | None, rolls: tuple[int, ...]) -> None:
    """Open a bulkhead B# (three failures lock it)."""
    from journal.games.kraken.dungeon import hazards as rules

    run_asking(rt, save, rules.dungeon_bulkhead, named(TEAM, How(entered=rolls)), tile=tile, crew=crew, how=_how(how),
               to=to, breach=list(breach), faint=faint)


@dungeon.command("crack")
@save_option
@click.argument("tile", type=names.TILE)
@click.option("--crew", type=names.TEAM, metavar="NAME", help="Whose weapon.")
@click.option("--weapon", type=names.WEAPON, metavar="WEAPON", help="A fully loaded weapon of grade >= the level.")
@click.option("--grade", type=NUMBER, help="The weapon's grade (if its spec has no G<n>).")
@click.option("--emergency", is_flag=True, help="One-way Location: the emergency release.")
@_move_options()
@pass_rt
def dungeon_crack(rt: Runtime, save: str | None, tile: str, crew: str | None, weapon: str | None, grade: int | None,
                  emergency: bool, to: str | None, breach: tuple[str, ...], how: str | None, faint: str | None) -> None:
    """Crack a bulkhead with a weapon's Ammo, or the emergency release."""
    from journal.games.kraken.dungeon import hazards as rules

    run_asking(rt, save, rules.dungeon_crack, named(CRACK), tile=tile, crew=crew, weapon=weapon, grade=grade,
               emergency=emergency, how=_how(how, "stay"), to=to, breach=list(breach), faint=faint)


@dungeon.command("mine")
@save_option
@click.argument("tile", type=names.TILE)
@click.option("--disarm", type=names.TEAM, metavar="NAME", help="Who tries to disarm them first.")
@_move_options()
@rolls_option
@pass_rt
def dungeon_mine(rt: Runtime, save: str | None, tile: str, disarm: str | None, to: str | None, breach: tuple[str, ...],
                 how: str | None, faint: str | None, rolls: tuple[int, ...]) -> None:
    """Mines M#: disarm (2d6 + Tech), or Agility saves (d6 + AGI >= 8)."""
    from journal.games.kraken.dungeon import hazards as rules

    run_asking(rt, save, rules.dungeon_mine, named(TEAM, How(entered=rolls)), tile=tile, disarm=disarm, how=_how(how),
               to=to, breach=list(breach), faint=faint)


@dungeon.command("laser")
@save_option
@click.argument("tile", type=names.TILE)
@click.option("--disarm", type=names.TEAM, metavar="NAME",
              help="Disarm it: an action on the tile (2d6 + Tech), after entering it (its damage) unless the team "
                   "stands on it already.")
@_move_options()
@rolls_of("an L? level d6", "the disarm's two d6")
@pass_rt
def dungeon_laser(rt: Runtime, save: str | None, tile: str, disarm: str | None, to: str | None, breach: tuple[str, ...],
                  how: str | None, faint: str | None, rolls: tuple[int, ...]) -> None:
    """A laser barrier L#: damage on entering; disarm it on the tile."""
    from journal.games.kraken.dungeon import hazards as rules

    run_asking(rt, save, rules.dungeon_laser, named(TEAM, How(entered=rolls)), tile=tile, disarm=disarm, how=how, to=to,
               breach=list(breach), faint=faint)


@dungeon.command("value")
@save_option
@click.argument("tile", type=names.TILE)
@rolls_option
@reason_option
@pass_rt
def dungeon_value(rt: Runtime, save: str | None, tile: str, rolls: tuple[int, ...], reason: str | None) -> None:
    """Roll a '?' value (d6 halved, once per exploration)."""
    from journal.games.kraken.dungeon import hazards as rules

    run(rt, save, rules.dungeon_value, How(entered=rolls, log_reason=reason), tile=tile)


@dungeon.command("med")
@save_option
@click.argument("tile", type=names.TILE)
@click.argument("name", type=names.TEAM)
@_move_options()
@pass_rt
def dungeon_med(rt: Runtime, save: str | None, tile: str, name: str, to: str | None, breach: tuple[str, ...],
                how: str | None, faint: str | None) -> None:
    """A med-station heals one member up to 4 HP (3 times)."""
    from journal.games.kraken.dungeon import stations as rules

    run_asking(rt, save, rules.dungeon_med, named(TEAM), tile=tile, name=name, how=_how(how), to=to,
               breach=list(breach), faint=faint)


@dungeon.command("oxygen-station")
@save_option
@click.argument("tile", type=names.TILE)
@_move_options()
@pass_rt
def dungeon_oxygen(rt: Runtime, save: str | None, tile: str, to: str | None, breach: tuple[str, ...], how: str | None,
                   faint: str | None) -> None:
    """Refill the Oxygen."""
    from journal.games.kraken.dungeon import stations as rules

    run_asking(rt, save, rules.dungeon_oxygen, named(TEAM), tile=tile, how=_how(how), to=to, breach=list(breach),
               faint=faint)


@dungeon.command("clone")
@save_option
@click.argument("tile", type=names.TILE)
@click.option("--savepoint/--no-savepoint", default=True, show_default=True, help="A save point (K8).")
@click.option("--heal/--no-heal", default=True, show_default=True, help="Heal each crew member 4 HP.")
@_move_options()
@pass_rt
def dungeon_clone(rt: Runtime, save: str | None, tile: str, savepoint: bool, heal: bool, to: str | None,
                  breach: tuple[str, ...], how: str | None, faint: str | None) -> None:
    """A clone station: heal 4 HP each, a save point (K8), once per station and exploration."""
    from journal.games.kraken.dungeon import stations as rules

    run_asking(rt, save, rules.dungeon_clone, named(TEAM), tile=tile, savepoint=savepoint, how=_how(how), to=to,
               breach=list(breach), faint=faint, heal_crew=heal)


for _kind, _help in (("shop", "A Shop S#: trash bonus, grades and prices."),
                     ("ammo-dealer", "An Ammo dealer: two magazines for the grade in Credits."),
                     ("gambler", "A Gambler: trade Equipment for another grade."),
                     ("modder", "A Modder: +50% Ammo or +1 damage."),
                     ("quest-master", "A Quest Master: accept a quest (once per exploration).")):
    def _make(kind: str, help_text: str) -> click.Command:
        @dungeon.command(kind, help=help_text)
        @save_option
        @click.argument("tile", type=names.TILE)
        @_move_options()
        @rolls_option
        @pass_rt
        def _cmd(rt: Runtime, save: str | None, tile: str, to: str | None, breach: tuple[str, ...], how: str | None,
                 faint: str | None, rolls: tuple[int, ...]) -> None:
            from journal.games.kraken.dungeon import shops as rules

            run_asking(rt, save, rules.dungeon_shop, named(TEAM, How(entered=rolls)), tile=tile, kind=kind,
                       how=_how(how), to=to, breach=list(breach), faint=faint)
        return _cmd
    _make(_kind, _help)


@click.command("visit", cls=JournalCommand)
@save_option
@click.argument("slot", type=names.LOCATION)
@click.argument("map_no", metavar="MAP", type=NUMBER)
@click.argument("kind", type=click.Choice(["shop", "ammo-dealer", "quest-master", "gambler", "modder"],
                                          case_sensitive=False))
@click.argument("tile", type=names.TILE)
@click.option("--crew", "crew_names", multiple=True, type=names.CONSCIOUS, metavar="NAME",
              help="Who teleports down (default: all able).")
@rolls_option
@pass_rt
def visit(rt: Runtime, save: str | None, slot: str, map_no: int, kind: str, tile: str, crew_names: tuple[str, ...],
          rolls: tuple[int, ...]) -> None:
    """Phase 4 short visit: teleport to a cleared map's trader, do one thing, come back."""
    from journal.games.kraken.dungeon import shops as rules

    run(rt, save, rules.short_visit, named(TEAM, How(entered=rolls)), slot=slot, map_no=map_no, kind=kind, tile=tile,
        crew=list(crew_names))


@click.command("event-shop", cls=JournalCommand)
@save_option
@click.argument("grade", type=int)
@pass_rt
def event_shop(rt: Runtime, save: str | None, grade: int) -> None:
    """An event's Shop of GRADE: buy, sell and hire there until the phase ends (chapter 6)."""
    from journal.games.kraken.dungeon import shops as rules

    run(rt, save, rules.event_shop, grade=grade)


@dungeon.command("buy")
@save_option
@click.argument("item", type=names.NEW)
@click.option("--grade", type=NUMBER, required=True, help="Its grade.")
@click.option("--price", type=NUMBER, help="Its price (book p. 165/167), if journal does not know it.")
@click.option("--rare", is_flag=True, help="Rare Equipment: one grade above the shop's, double price.")
@click.option("--ammo", is_flag=True, help="Ammo for a weapon of this grade.")
@pass_rt
def dungeon_buy(rt: Runtime, save: str | None, item: str, grade: int, price: int | None, rare: bool,
                ammo: bool) -> None:
    """Buy at the Shop or Ammo dealer you stand on (or Phase 3's grade 5 Shop, an event's)."""
    from journal.games.kraken.dungeon import shops as rules

    run(rt, save, rules.dungeon_buy, item=item, grade=grade, price=price, rare=rare, ammo=ammo)


@dungeon.command("sell")
@save_option
@click.argument("item", type=names.CARRIED)
@click.option("--value", type=NUMBER, required=True, help="Its price; it sells for half.")
@click.option("--faint", type=names.TEAM, metavar="NAME", help="At a Gambler (an action), out of Oxygen: who faints.")
@pass_rt
def dungeon_sell(rt: Runtime, save: str | None, item: str, value: int, faint: str | None) -> None:
    """Sell Equipment for half its value (at a Gambler: an action)."""
    from journal.games.kraken.dungeon import shops as rules

    run_asking(rt, save, rules.dungeon_sell, named(TEAM), item=item, value=value, faint=faint)


@dungeon.command("gamble")
@save_option
@click.argument("item", type=names.CARRIED, required=False)
@click.option("--grade", type=NUMBER, help="Its grade (2-6).")
@click.option("--worn", is_flag=True, help="Uses or magazine not full: counts one grade lower.")
@click.option("--got", type=names.TEXT, metavar="NAME",
              help="Name what a Gambler gave you (no Gambler takes it back this turn).")
@click.option("--faint", type=names.TEAM, metavar="NAME", help="Out of Oxygen: who faints (the trade is an action).")
@rolls_option
@pass_rt
def dungeon_gamble(rt: Runtime, save: str | None, item: str | None, grade: int | None, worn: bool, got: str | None,
                   faint: str | None, rolls: tuple[int, ...]) -> None:
    """Trade an Item or Weapon at the Gambler (an action, d6), then name what you got (--got)."""
    from journal.games.kraken.dungeon import shops as rules

    if got is None and (item is None or grade is None):
        raise click.UsageError("give ITEM --grade G (or --got NAME)")
    run_asking(rt, save, rules.dungeon_gamble, named(TEAM, How(entered=rolls)), item=item, grade=grade, worn=worn,
               got=got, faint=faint)


@dungeon.command("mod")
@save_option
@click.argument("name", type=names.TEAM)
@click.argument("weapon", type=names.WEAPON)
@click.option("--ammo", "mod", flag_value="ammo", help="+50% Ammo (rounded up).")
@click.option("--damage", "mod", flag_value="damage", help="+1 damage.")
@click.option("--both", "mod", flag_value="both", help="Both, for three times the price.")
@click.option("--grade", type=NUMBER, help="The weapon's grade (if its spec has no G<n>).")
@click.option("--price", type=NUMBER, help="The grade's price (book p. 165), if journal does not know it.")
@pass_rt
def dungeon_mod(rt: Runtime, save: str | None, name: str, weapon: str, mod: str | None, grade: int | None,
                price: int | None) -> None:
    """Mod a crew member's weapon at the Modder."""
    from journal.games.kraken.dungeon import shops as rules

    if mod is None:
        raise click.UsageError("give --ammo, --damage or --both")
    run(rt, save, rules.dungeon_mod, named(MOD), name=name, weapon=weapon, mod=mod, grade=grade,
        price=price)


@dungeon.command("treasure")
@save_option
@click.argument("tile", type=names.TILE)
@_move_options()
@rolls_option
@pass_rt
def dungeon_treasure(rt: Runtime, save: str | None, tile: str, to: str | None, breach: tuple[str, ...], how: str | None,
                     faint: str | None, rolls: tuple[int, ...]) -> None:
    """A Treasure T#: a drop of grade difficulty + # (first time)."""
    from journal.games.kraken.dungeon import stations as rules

    run_asking(rt, save, rules.dungeon_treasure, named(TEAM, How(entered=rolls)), tile=tile, how=_how(how), to=to,
               breach=list(breach), faint=faint)


@dungeon.command("tile")
@save_option
@click.argument("tile", type=names.TILE)
@click.argument("what", type=click.Choice(["door", "automatic-door", "obstacle", "area", "entrance", "event",
                                           "disruptor", "breach", "teleportal", "safety-bulkhead"],
                                          case_sensitive=False))
@click.option("--portals", metavar="N,N,…", help="Teleportal: the teleportal numbers on this map (a twin number: "
                                                 "go there; else d6 until one).")
@_move_options()
@rolls_option
@pass_rt
def dungeon_tile(rt: Runtime, save: str | None, tile: str, what: str, portals: str | None, to: str | None,
                 breach: tuple[str, ...], how: str | None, faint: str | None, rolls: tuple[int, ...]) -> None:
    """Any other map element (an action): a door, obstacle, Disruptor, Hull Breach, Teleportal, Safety Bulkhead."""
    from journal.games.kraken.dungeon import elements as rules

    nums = _portals(portals)
    run_asking(rt, save, rules.dungeon_tile, named(TEAM, How(entered=rolls)), tile=tile, what=what, how=_how(how),
               to=to, breach=list(breach), faint=faint, portals=nums)


@dungeon.command("element")
@save_option
@click.argument("tile", type=names.TILE)
@click.argument("what", type=click.Choice(["disruptor", "breach", "teleportal", "boss"], case_sensitive=False))
@click.option("--portals", metavar="N,N,…", help="teleportal: the other teleportals' numbers on this map.")
@pass_rt
def dungeon_element(rt: Runtime, save: str | None, tile: str, what: str, portals: str | None) -> None:
    """Note what the current map shows (no action): a Disruptor, a Hull Breach, Teleportals, a Boss."""
    from journal.games.kraken.dungeon import elements as rules

    nums = _portals(portals)
    run(rt, save, rules.dungeon_element, tile=tile, what=what, portals=nums)


@dungeon.command("breach")
@save_option
@click.argument("tile", type=names.TILE)
@click.option("--crew", required=True, type=names.TEAM, metavar="NAME", help="Who carries the welding device.")
@click.option("--undo", is_flag=True, help="Undo the repair (the same way).")
@_move_options()
@pass_rt
def dungeon_breach(rt: Runtime, save: str | None, tile: str, crew: str, undo: bool, to: str | None,
                   breach: tuple[str, ...], how: str | None, faint: str | None) -> None:
    """Repair a Hull Breach you stand on with a welding device (an action)."""
    from journal.games.kraken.dungeon import elements as rules

    run_asking(rt, save, rules.dungeon_breach, named(TEAM), tile=tile, crew=crew, undo=undo, how=_how(how), to=to,
               breach=list(breach), faint=faint)


@dungeon.command("enemy")
@save_option
@click.argument("tile", type=names.TILE)
@click.option("--ambush", is_flag=True, help="An ambush: the enemies act first, no reaction.")
@rolls_of("a '?' level d6", "creature from hell d6 (a LV6+ Boss)", "reaction d6", "second Primary d6", "its species d6", "Minions d6", "each Minion's species d6")
@pass_rt
def dungeon_enemy(rt: Runtime, save: str | None, tile: str, ambush: bool, rolls: tuple[int, ...]) -> None:
    """An Enemy E# or Boss B# tile: the Ground Combat spawns."""
    from journal.games.kraken.ground_combat import spawn as rules

    run(rt, save, rules.ground_start, How(entered=rolls), tile=tile, ambush=ambush)


@dungeon.command("avoid")
@save_option
@click.argument("tile", type=names.TILE)
@click.argument("way", type=click.Choice(["run", "camouflage", "charisma", "intimidate"], case_sensitive=False))
@click.option("--pay", type=NUMBER, default=0, help="Charisma: Credits paid to add to the roll.")
@rolls_option
@pass_rt
def dungeon_avoid(rt: Runtime, save: str | None, tile: str, way: str, pay: int, rolls: tuple[int, ...]) -> None:
    """Try to avoid a Ground Combat with an Enemy (not a Boss)."""
    from journal.games.kraken.dungeon import avoid as rules

    run(rt, save, rules.dungeon_avoid, How(entered=rolls), tile=tile, way=way, pay=pay)


@dungeon.command("exit")
@save_option
@click.argument("tile", type=names.TILE, required=False)
@click.option("--keep-uncleared", is_flag=True, help="No Treasure was activated: leave the map uncleared.")
@click.option("--reward", type=click.Choice(["four", "two"]),
              help="Solving the Location: four Treasures of difficulty + 1, or two of difficulty + 2.")
@_move_options()
@rolls_option
@pass_rt
def dungeon_exit(rt: Runtime, save: str | None, tile: str | None, keep_uncleared: bool, reward: str | None,
                 to: str | None, breach: tuple[str, ...], how: str | None, faint: str | None,
                 rolls: tuple[int, ...]) -> None:
    """An exit tile EX: the next map, or the last map's exit solves the Location."""
    from journal.games.kraken.dungeon import maps as rules

    run_asking(rt, save, rules.dungeon_exit, named(TEAM, How(entered=rolls)), how=_how(how), to=to, breach=list(breach),
               faint=faint, keep_uncleared=keep_uncleared, reward=reward, tile=tile)


@dungeon.command("back")
@save_option
@click.option("--keep-uncleared", is_flag=True, help="No Treasure was activated: leave the map uncleared.")
@_move_options()
@pass_rt
def dungeon_back(rt: Runtime, save: str | None, keep_uncleared: bool, to: str | None, breach: tuple[str, ...],
                 how: str | None, faint: str | None) -> None:
    """Back to the previous map through an entrance."""
    from journal.games.kraken.dungeon import maps as rules

    run_asking(rt, save, rules.dungeon_back, named(TEAM), how=_how(how), to=to, breach=list(breach), faint=faint,
               keep_uncleared=keep_uncleared)


@dungeon.command("leave")
@save_option
@click.argument("way", type=click.Choice(["entrance", "exit-location", "teleport"], case_sensitive=False))
@click.option("--keep-uncleared", is_flag=True, help="No Treasure was activated: leave the map uncleared.")
@_move_options()
@pass_rt
def dungeon_leave(rt: Runtime, save: str | None, way: str, keep_uncleared: bool, to: str | None,
                  breach: tuple[str, ...], how: str | None, faint: str | None) -> None:
    """Leave the Location: the first map's entrance, an Exit Location '/', the Teleporter."""
    from journal.games.kraken.dungeon import maps as rules

    run_asking(rt, save, rules.dungeon_leave, named(TEAM), way=way, how=_how(how), to=to, breach=list(breach),
               faint=faint, keep_uncleared=keep_uncleared)


@dungeon.command("psi")
@save_option
@click.argument("name", type=names.TEAM)
@click.argument("power", nargs=-1, required=True, type=names.DUNGEON_PSI)
@click.option("--bonus", type=NUMBER, default=0, help="One PSI item's bonus.")
@rolls_option
@pass_rt
def dungeon_psi(rt: Runtime, save: str | None, name: str, power: tuple[str, ...], bonus: int,
                rolls: tuple[int, ...]) -> None:
    """A dungeon PSI power: surprise, divination, midas touch, oxygen creation."""
    from journal.games.kraken.ground_combat import psi as rules

    run(rt, save, rules.dungeon_psi, named(TEAM, How(entered=rolls)), name=name, power=rules.psi_power(" ".join(power)),
        bonus=bonus)


@dungeon.command("meditate")
@save_option
@click.argument("name", type=names.TEAM)
@click.option("--faint", type=names.TEAM, metavar="NAME", help="Out of Oxygen: who faints.")
@rolls_option
@pass_rt
def dungeon_meditate(rt: Runtime, save: str | None, name: str, faint: str | None, rolls: tuple[int, ...]) -> None:
    """Recover an exhausted PSI trait (Oxygen instead of an action)."""
    from journal.games.kraken.ground_combat import psi as rules

    run_asking(rt, save, rules.meditate, named(TEAM, How(entered=rolls)), name=name, in_dungeon=True, faint=faint)


@dungeon.command("show")
@save_option
@pass_rt
def dungeon_show(rt: Runtime, save: str | None) -> None:
    """The exploration state."""
    with rt.read(save) as s:
        state = cast("State", s.state)
    if not state.get("dungeon"):
        rt.emit("The crew is not exploring a Location.", {"dungeon": None})
        return
    from journal.games.kraken.views import adventure

    rt.emit(adventure.dungeon_status(state), {"dungeon": state["dungeon"]})

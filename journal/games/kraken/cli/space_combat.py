"""`journal kraken combat …`: Space Combat, one command per sub-phase (chapter 10)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import click

from journal.errors import InputError, typed
from journal.games.kraken.cli.common import (
    CREW,
    NEGATIVES,
    NUMBER,
    SYSTEM,
    Names,
    catalogue,
    named,
    rolls_of,
    run,
    run_asking,
    short,
)
from journal.games.kraken.cli.files import load_table
from journal.games.kraken.cli import picks
from journal.options import OrderedGroup, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

# the names a Space Combat command types: crew members, ship systems (or the ship's SP)
CREWS = {"crew": CREW.on("--crew"), "evade": CREW.on("--evade"), "reroll": CREW.on("--reroll"),
         "hurt": CREW.on("--hurt"), "sacrifice": CREW.on("--sacrifice"), "name": CREW,
         "shields": SYSTEM.on("--shield"), "oc": SYSTEM.on("--oc")}
REPAIRED = Names("ship system", SYSTEM.table, also=("sp",))
AMMO_LABELS = Names("weapon or magazine with Ammo", lambda s, p: (s.get("combat") or {}).get("ammo"))


@click.group(cls=OrderedGroup)
def combat() -> None:
    """Space Combat, one command per sub-phase (chapter 10).

    \b
    1) timeline   2) objective / repair   3) fire   4) enemy-fire / evade
    5) board / repel / round / retreat / heal   6) escape   7) recharge (loops)
    """


@combat.command("start")
@save_option
@click.option("--number", type=NUMBER, help="A flight number of the flight table (an event names one).")
@click.option("--table", "table_path", metavar="FILE", help="Your flight table (with --number).")
@click.option("--name", metavar="TEXT", help="What the combat is.")
@click.option("--enemy", "enemies", multiple=True, metavar="SPEC", help='An enemy: "Mine 3-0, 5, 0-0" (up to 4).')
@click.option("--timeline", metavar="CELLS", help='The timeline, e.g. "-,-,A,V".')
@click.option("--objective", "objectives", multiple=True, metavar="X", help="An objective, e.g. T9 (up to 4).")
@click.option("--xp", type=NUMBER, help="XP (and Credits) for winning.")
@pass_rt
def combat_start(rt: Runtime, save: str | None, number: int | None, table_path: str | None, name: str | None,
                 enemies: tuple[str, ...], timeline: str | None, objectives: tuple[str, ...], xp: int | None) -> None:
    """A Space Combat an event starts (a flight starts its own)."""
    from journal.games.kraken.space_combat import page as rules

    cells = [x for x in (timeline or "").replace(",", " ").split()]
    run(rt, save, rules.combat_start, cat=catalogue(), table=load_table(table_path) if number else None, number=number,
        name=name, enemies=list(enemies), timeline=cells, objectives=list(objectives), xp=xp)


def _fire_options(f: Callable[..., Any]) -> Callable[..., Any]:
    f = click.option("--shield", "shields", multiple=True, metavar="LABEL",
                     type=picks.SHIELDS,
                     help="The shield system a 6 on the system damage roll hits (in order).")(f)
    f = click.option("--evade-enemy", type=NUMBER, metavar="N",
                     help="Evade this enemy's hit (default: the first hit).")(f)
    f = click.option("--no-evade", is_flag=True,
                     help="Take every hit: no evasion (a script's answer when a hit would lose the ship).")(f)
    f = click.option("--evade", multiple=True, metavar="NAME", type=picks.UNUSED,
                     help="Up to two unused crew pilot an evasion, named "
                                                                    "before the hits (after them: combat evade).")(f)
    return f


@combat.command("timeline")
@save_option
@_fire_options
@rolls_option
@pass_rt
def combat_timeline(rt: Runtime, save: str | None, shields: tuple[str, ...], evade_enemy: int | None,
                    evade: tuple[str, ...], no_evade: bool, rolls: tuple[int, ...]) -> None:
    """1) Activate the leftmost timeline command and cross it out."""
    from journal.games.kraken.space_combat import timeline as rules

    run_asking(rt, save, rules.combat_timeline, named(CREWS, How(entered=rolls)), cat=catalogue(), evade=list(evade),
               evade_enemy=evade_enemy, shields=list(shields), ask_evade=rt.can_prompt() and not no_evade, evade_after=[],
               no_evade=no_evade)


@combat.command("objective")
@save_option
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", type=picks.UNUSED,
              help="Who tries (attributes add up; repeat).")
@click.option("--check", type=click.Choice(["A", "T", "C"], case_sensitive=False), help="For a ? objective.")
@click.option("--objective", type=NUMBER, metavar="N", help="Which one (it must be the first unsolved).")
@rolls_option
@pass_rt
def combat_objective(rt: Runtime, save: str | None, crew_names: tuple[str, ...], check: str | None,
                     objective: int | None, rolls: tuple[int, ...]) -> None:
    """2) Try the next objective: attributes + d6 >= difficulty (a 1 fails)."""
    from journal.games.kraken.space_combat import objectives as rules

    run(rt, save, rules.combat_objective, named(CREWS, How(entered=rolls)), crew=list(crew_names), check=check,
        objective=objective)


@combat.command("repair")
@save_option
@click.argument("target", metavar="SYSTEM|sp", type=picks.REPAIRS)
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", type=picks.UNUSED, help="Who repairs (repeat).")
@rolls_option
@pass_rt
def combat_repair(rt: Runtime, save: str | None, target: str, crew_names: tuple[str, ...],
                  rolls: tuple[int, ...]) -> None:
    """2) Repair a damaged system or 3 SP: a T9 tech check."""
    from journal.games.kraken.space_combat import objectives as rules

    run(rt, save, rules.combat_repair, named({**CREWS, "target": REPAIRED}, How(entered=rolls)), cat=catalogue(),
        target=target, crew=list(crew_names))


@combat.command("fire")
@save_option
@click.argument("weapons", nargs=-1, metavar="[WEAPON[@N]]...", type=picks.WEAPONS)
@click.option("--target", type=NUMBER, metavar="N", help="The enemy every weapon fires at (WEAPON@N for one weapon).")
@click.option("--oc", multiple=True, metavar="WEAPON", type=picks.OC_WEAPONS,
              help="Burst mode: 2 more Ammo, double damage.")
@click.option("--reroll", multiple=True, metavar="NAME", type=picks.UNUSED,
              help="Unused crew who reroll misses, in order.")
@rolls_of("each weapon's hit d6 in the order named (none for a shot at an enemy destroyed already)",
          "a reroll d6 right after a miss it rerolls")
@pass_rt
def combat_fire(rt: Runtime, save: str | None, weapons: tuple[str, ...], target: int | None, oc: tuple[str, ...],
                reroll: tuple[str, ...], rolls: tuple[int, ...]) -> None:
    """3) Fire up to 4 weapons (no WEAPON: hold fire)."""
    from journal.games.kraken.space_combat import fire as rules

    parsed: list[tuple[str, int | None]] = []
    for w in weapons:
        label, sep, n = w.rpartition("@")
        if sep and n.strip().isdigit():
            parsed.append((label, int(n)))
        else:
            parsed.append((w, None))
    run(rt, save, rules.combat_fire, named(CREWS, How(parse=_weapons_firing, entered=rolls)), cat=catalogue(),
        weapons=parsed, target=target, oc=list(oc), reroll=list(reroll))


def _weapons_firing(state: dict, params: dict) -> dict:
    """The ship's weapons a fire names (WEAPON or WEAPON@N), as the ship page writes them."""
    weapons = Names("ship weapon", SYSTEM.table)
    params["weapons"] = [(weapons.key(state, params, label), n) for label, n in params["weapons"]]
    return params


@combat.command("enemy-fire")
@save_option
@_fire_options
@rolls_of("each enemy's hit d6, 1 to 4", "after a hit: the evasion d6 (if pilots evade it)",
          "the system damage d6 (if SP are lost)", "a system d20 (on 3-5)")
@pass_rt
def combat_enemy_fire(rt: Runtime, save: str | None, shields: tuple[str, ...], evade_enemy: int | None,
                      evade: tuple[str, ...], no_evade: bool, rolls: tuple[int, ...]) -> None:
    """4) Every enemy left fires at you, 1 to 4."""
    from journal.games.kraken.space_combat import enemy_fire as rules

    run_asking(rt, save, rules.combat_enemy_fire, named(CREWS, How(entered=rolls)), cat=catalogue(), evade=list(evade),
               evade_enemy=evade_enemy, shields=list(shields), ask_evade=rt.can_prompt() and not no_evade, evade_after=[],
               no_evade=no_evade)


@combat.command("evade")
@save_option
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", type=picks.UNUSED,
              help="One or two unused crew pilot (repeat).")
@click.option("--enemy", type=int, metavar="N", help="The enemy whose hit is evaded (default: the last hit).")
@rolls_option
@pass_rt
def combat_evade(rt: Runtime, save: str | None, crew_names: tuple[str, ...], enemy: int | None,
                 rolls: tuple[int, ...]) -> None:
    """4) After a hit: evade it with Maneuver Engines (Tech / 2 + d6 >= 8), once a turn."""
    from journal.games.kraken.space_combat import enemy_fire as rules

    run(rt, save, rules.combat_evade, named(CREWS, How(entered=rolls)), cat=catalogue(), crew=list(crew_names),
        enemy=enemy)


@combat.command("board")
@save_option
@click.argument("enemy", type=NUMBER)
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", type=picks.UNUSED, help="Who boards (repeat).")
@pass_rt
def combat_board(rt: Runtime, save: str | None, enemy: int, crew_names: tuple[str, ...]) -> None:
    """5) Board an enemy ship (Shield 3 or less, crew aboard)."""
    from journal.games.kraken.space_combat import boarding as rules

    run(rt, save, rules.combat_board, named(CREWS), enemy=enemy, crew=list(crew_names))


@combat.command("repel")
@save_option
@click.argument("enemy", type=NUMBER)
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", type=picks.DEFENDERS, help="Who defends (repeat).")
@pass_rt
def combat_repel(rt: Runtime, save: str | None, enemy: int, crew_names: tuple[str, ...]) -> None:
    """Defend your ship against boarders (timeline Combat)."""
    from journal.games.kraken.space_combat import boarding as rules

    run(rt, save, rules.combat_repel, named(CREWS), enemy=enemy, crew=list(crew_names))


@combat.command("round")
@save_option
@click.option("--negate", type=NUMBER, metavar="N", help="How many enemy hits your hits cancel (default: as many as "
                                                      "possible).")
@click.option("--hurt", multiple=True, metavar="NAME", type=picks.BOARDERS,
              help="Who takes each enemy hit (4 HP), in order.")
@click.option("--sacrifice", metavar="NAME", type=picks.BOARDERS,
              help="A sacrifice attack with a single hit left: 3 HP for a die.")
@click.option("--reroll", "rerolls", multiple=True, metavar="N",
              help="With a Boarding Armory (boarding) or Onboard defense (boarded): reroll your die at place N "
                   "(1 = your first; repeat), or none.")
@rolls_option
@pass_rt
def combat_round(rt: Runtime, save: str | None, negate: int | None, hurt: tuple[str, ...], sacrifice: str | None,
                 rerolls: tuple[str, ...], rolls: tuple[int, ...]) -> None:
    """5) One Boarding Combat round (your dice, then theirs, then rerolls)."""
    from journal.games.kraken.space_combat import boarding as rules

    run_asking(rt, save, rules.combat_round, named(CREWS, How(entered=rolls)), negate=negate, hurt=list(hurt),
               sacrifice=sacrifice, rerolls=list(rerolls) if rerolls else None)


@combat.command("retreat")
@save_option
@pass_rt
def combat_retreat(rt: Runtime, save: str | None) -> None:
    """5) Your boarders retreat to your ship."""
    from journal.games.kraken.space_combat import boarding as rules

    run(rt, save, rules.combat_retreat)


@combat.command("heal")
@save_option
@click.argument("name", type=picks.UNCONSCIOUS)
@rolls_option
@pass_rt
def combat_heal(rt: Runtime, save: str | None, name: str, rolls: tuple[int, ...]) -> None:
    """After boarding: heal an unconscious member in a hurry (d6 2-6: 2 HP; 1: dies)."""
    from journal.games.kraken.space_combat import boarding as rules

    run(rt, save, rules.combat_heal, named(CREWS, How(entered=rolls)), name=name)


@combat.command("escape")
@save_option
@rolls_option
@pass_rt
def combat_escape(rt: Runtime, save: str | None, rolls: tuple[int, ...]) -> None:
    """6) d20 + the unused crew's Tech >= 20 (15 after a failed try)."""
    from journal.games.kraken.space_combat import escape as rules

    run(rt, save, rules.combat_escape, How(entered=rolls))


@combat.command("recharge")
@save_option
@click.option("--drones", metavar="SYSTEM|sp", type=picks.REPAIRS, help="Repair Drones: a damaged system or 3 SP.")
@pass_rt
def combat_recharge(rt: Runtime, save: str | None, drones: str | None) -> None:
    """7) Shields recharge, crew marks erased; the combat ends or loops."""
    from journal.games.kraken.space_combat import recharge as rules

    run(rt, save, rules.combat_recharge, named({"drones": REPAIRED.on("--drones")}), cat=catalogue(), drones=drones)


@combat.command("set", context_settings=NEGATIVES)
@save_option
@click.argument("key")
@click.argument("value")
@reason_option
@pass_rt
def combat_set(rt: Runtime, save: str | None, key: str, value: str, reason: str | None) -> None:
    """Change the SPACE COMBAT page by hand.

    KEY: ship.sp, ship.shield, ship.shield_max, ship.recharge, enemy.N (a spec),
    enemy.N.sp|shield|crew, enemy.N.remove, ammo.LABEL, timeline, objectives,
    objective.N (solved|unsolved), xp, used.NAME, unused.NAME.
    """
    from journal.games.kraken.space_combat import page as rules

    run(rt, save, rules.combat_set, How(parse=_page_value, log_reason=reason), key=key, value=value)


def _page_value(state: dict, params: dict) -> dict:
    """`combat set`'s KEY with the names in it as the page writes them (ammo.LABEL, used.NAME),
    and its VALUE read as that key holds it (a number, an enemy's line, cells, objectives...)."""
    if not state.get("combat"):
        return params                              # the rules say there is no Space Combat going on
    key = str(params["key"]).strip()
    head, _, rest = key.partition(".")
    if rest and head in ("used", "unused"):
        key = f"{head}.{CREW.key(state, params, rest)}"
    elif rest and head == "ammo":
        key = f"ammo.{AMMO_LABELS.key(state, params, rest)}"
    read = _reading(key)
    return {**params, "key": key, "value": read(key, params["value"]) if read else params["value"]}


def _reading(key: str) -> Callable[[str, str], object] | None:
    """How `combat set` reads the VALUE of a key (None: as typed, for the rules to refuse the key)."""
    from journal.games.kraken.model import flight_table

    head, _, rest = key.partition(".")
    if head == "enemy" and rest.isdigit():
        return lambda k, text: flight_table.parse_enemy(text)
    if key == "timeline":
        return lambda k, text: flight_table.parse_timeline(str(text).replace(",", " ").split())
    if key == "objectives":
        return lambda k, text: [flight_table.parse_objective(x) for x in str(text).replace(",", " ").split()]
    if head == "objective" and rest:
        return _solved
    if head == "used" and rest:
        return lambda k, text: str(text).strip()
    if _numbered(key):
        return _whole
    return None


def _numbered(key: str) -> bool:
    """Whether `combat set` reads KEY's VALUE as a whole number: the XP, the ship's SP, shield and
    recharge, a weapon's ammo, an enemy ship's SP, shield and crew."""
    head, _, rest = key.partition(".")
    field = rest.rpartition(".")[2]
    return (key == "xp" or (head == "ship" and rest in ("sp", "shield", "shield_max", "recharge"))
            or (head == "ammo" and bool(rest))
            or (head == "enemy" and field in ("sp", "shield", "crew") and rest != field))


def _whole(key: str, text: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise InputError(f"{key} takes a whole number, not {typed(short(str(text)))}") from None


def _solved(key: str, text: str) -> bool:
    v = str(text).strip().lower()
    if v not in ("solved", "unsolved"):
        raise InputError(f"{key} takes solved or unsolved")
    return v == "solved"


@combat.command("end")
@save_option
@click.argument("result", type=click.Choice(["won", "retreated", "lost"], case_sensitive=False))
@reason_option
@pass_rt
def combat_end(rt: Runtime, save: str | None, result: str, reason: str | None) -> None:
    """End the Space Combat by hand (an event says so)."""
    from journal.games.kraken.space_combat import after as rules

    run(rt, save, rules.combat_end, How(log_reason=reason), result=result.lower())


@combat.command("show")
@save_option
@pass_rt
def combat_show(rt: Runtime, save: str | None) -> None:
    """The SPACE COMBAT page."""
    with rt.read(save) as s:
        state = cast("State", s.state)
    if not state.get("combat"):
        rt.emit("No Space Combat is going on.", {"combat": None, "flight": state.get("flight")})
        return
    from journal.games.kraken.model.away import next_command
    from journal.games.kraken.views import adventure

    rt.emit(adventure.combat_status(state) + ["Next: " + next_command(state)],
            {"combat": state["combat"], "flight": state.get("flight")})

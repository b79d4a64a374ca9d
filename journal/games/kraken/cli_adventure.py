"""`journal kraken` commands for issue 6: space flight, space combat, new Locations,
dungeons, ground combat, crew gear and Treasure drops (thin wrappers over flight.py,
dungeon.py and ground.py, registered on the `kraken` group by cli.py).
"""

from __future__ import annotations

from pathlib import Path

import click

from journal.options import OrderedGroup, rolls_option, save_option
from journal.errors import InputError, RuleError
from journal.lookup import find
from journal.games.kraken.cli import (
    NEGATIVES,
    catalogue,
    kraken,
    read_pack_like,
    run,
)
from journal.games.kraken.state import FLIGHT_OPTIONS
from journal.runtime import pass_rt

FLIGHT_TABLE = "flight-table.toml"
TREASURE_TABLE = "treasure-table.toml"
GENERATOR_SAMPLE = "location-generator-sample.toml"
ENEMIES_SAMPLE = "enemies-sample.toml"


def run_asking(rt, save, fn, **params):
    """Run a rules function; a choice it could not make (--shield, --hurt, --faint, --target,
    --action) is asked for on a terminal, else the error names it (the core's NeedChoice)."""
    return rt.run(save, fn, **params)


def _templates(name: str) -> Path:
    from journal import templates

    return templates.path("kraken", name)


# --- files the player supplies (flight table, generator, enemy profiles) --------------------------

def _path(path_text: str) -> Path:
    """A file the player names; 'templates:kraken/…' is a file of the installed templates."""
    from journal.games.kraken.cli import real_path

    return real_path(path_text)


def load_table(path_text: str | None) -> dict:
    from journal.games.kraken import flight

    path = _path(path_text) if path_text else _templates(FLIGHT_TABLE)
    doc, _info = read_pack_like(path, path_text or f"templates/kraken/{FLIGHT_TABLE}")
    rows, problems = flight.parse_table(doc, str(path_text or FLIGHT_TABLE))
    if problems:
        raise InputError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return rows


def load_generator(path_text: str) -> tuple[dict, dict]:
    from journal.games.kraken import dungeon

    doc, info = read_pack_like(_path(path_text), path_text)
    gen, problems = dungeon.parse_generator(doc, path_text)
    if problems:
        raise InputError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    info["title"] = gen["title"] or Path(path_text).stem
    return gen, info


def campaign_generator(rt, save) -> dict:
    from journal.games.kraken.cli import real_path

    state = rt.current_state(save)
    gen = ((state.get("flight") or {}).get("generation") or {}) if isinstance(state, dict) else {}
    ref = gen.get("generator")
    if not ref:
        raise RuleError("no Location is being generated (journal kraken location generate --generator FILE)")
    path = real_path(ref["path"])
    try:
        g, info = load_generator(str(path))
    except InputError as e:
        raise RuleError(f"the generator {path} cannot be read any more: {e.message}") from None
    if info["sha256"] != ref["sha256"]:
        raise RuleError(f"the generator {path} changed since the generation began: finish with the same tables")
    return g


def load_profiles(path_text: str | None) -> dict:
    path = _path(path_text) if path_text else _templates(ENEMIES_SAMPLE)
    doc, _info = read_pack_like(path, path_text or f"templates/kraken/{ENEMIES_SAMPLE}")
    enemies = doc.get("enemies")
    if not isinstance(enemies, dict) or not all(isinstance(v, dict) for v in enemies.values()):
        raise InputError(f"{path}: expected [enemies.NAME] tables")
    return enemies


def load_treasure_table(path_text: str | None) -> dict:
    """The Treasure Table file (default: templates/kraken/treasure-table.toml, the one cell
    our rulebook text prints)."""
    from journal.games.kraken.ground import parse_treasure_table

    path = _path(path_text) if path_text else _templates(TREASURE_TABLE)
    doc, _info = read_pack_like(path, path_text or f"templates/kraken/{TREASURE_TABLE}")
    table, problems = parse_treasure_table(doc, str(path_text or TREASURE_TABLE))
    if problems:
        raise InputError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return table


def grade_prices() -> dict:
    from journal.games.kraken.dungeon import GRADE_PRICES

    return dict(GRADE_PRICES)


# --- space flight (chapter 9) ---------------------------------------------------------------------

@kraken.command()
@save_option
@click.option("--difficulty", type=int, required=True, help="The Location Difficulty, 1-5.")
@click.option("--option", "options", multiple=True, type=click.Choice(FLIGHT_OPTIONS, case_sensitive=False),
              help="A flight option (one or two).")
@click.option("--stealth", is_flag=True, help="Use the Stealth Skin: flight difficulty -3.")
@click.option("--avoid", is_flag=True, help="Check to avoid the Space Combat (d6 >= flight difficulty, a 1 fails).")
@click.option("--nano-skin", is_flag=True, help="Use the Nano Skin: no Space Combat (and no XP or Credits).")
@click.option("--table", "table_path", metavar="FILE", help="Your flight table (default: the rows the rulebook prints).")
@rolls_option
@pass_rt
def flight(rt, save, difficulty, options, stealth, avoid, nano_skin, table_path, rolls):
    """Phase 3: a space flight (chapter 9).

    Flight difficulty from the options, the dice modifications they and your sensors
    earn, the avoid check, and if the Space Combat comes: the flight number (2 ×
    difficulty + d3, at most 19) and the SPACE COMBAT page from the flight table.
    Dice in order: the avoid d6, then the d6 halved for the d3.
    """
    run(rt, save, _rules("flight").flight, entered=rolls, difficulty=difficulty, cat=catalogue(),
        table=load_table(table_path), options=[o.lower() for o in options], stealth=stealth, avoid=avoid,
        nano_skin=nano_skin)


@kraken.command("flight-table")
@click.option("--table", "table_path", metavar="FILE", help="A flight table to check (default: the shipped one).")
@pass_rt
def flight_table(rt, table_path):
    """Check a flight table and list its rows (flight numbers 3-19)."""
    rows = load_table(table_path)
    out = [f"{len(rows)} flight(s); missing: {', '.join(str(n) for n in range(3, 20) if n not in rows) or 'none'}"]
    for n, r in sorted(rows.items()):
        out.append(f"  {n:>2} {r['name']}: timeline {' '.join(r['timeline']) or '-'}; objectives "
                   f"{' '.join(o['check'] + str(o['target']) for o in r['objectives']) or '-'}; enemies "
                   f"{' | '.join(e['spec'] for e in r['enemies']) or '-'}; XP {r['xp']}")
    rt.emit(out, {str(n): r for n, r in sorted(rows.items())})


@kraken.command("flight-end")
@save_option
@pass_rt
def flight_end(rt, save):
    """Drop the flight under way by hand (its dice modifications are lost)."""
    run(rt, save, _rules("flight").flight_end)


def _rules(name: str):
    import importlib

    return importlib.import_module(f"journal.games.kraken.{name}")


# --- space combat (chapter 10) --------------------------------------------------------------------

@kraken.group(cls=OrderedGroup)
def combat():
    """Space Combat, one command per sub-phase (chapter 10).

    \b
    1) timeline   2) objective / repair   3) fire   4) enemy-fire
    5) board / repel / round / retreat / heal   6) escape   7) recharge (loops)
    """


@combat.command("start")
@save_option
@click.option("--number", type=int, help="A flight number of the flight table (an event names one).")
@click.option("--table", "table_path", metavar="FILE", help="Your flight table (with --number).")
@click.option("--name", metavar="TEXT", help="What the combat is.")
@click.option("--enemy", "enemies", multiple=True, metavar="SPEC", help='An enemy: "Mine 3-0, 5, 0-0" (up to 4).')
@click.option("--timeline", metavar="CELLS", help='The timeline, e.g. "-,-,A,V".')
@click.option("--objective", "objectives", multiple=True, metavar="X", help="An objective, e.g. T9 (up to 4).")
@click.option("--xp", type=int, help="XP (and Credits) for winning.")
@pass_rt
def combat_start(rt, save, number, table_path, name, enemies, timeline, objectives, xp):
    """A Space Combat an event starts (a flight starts its own)."""
    cells = [x for x in (timeline or "").replace(",", " ").split()]
    run(rt, save, _rules("flight").combat_start, cat=catalogue(), table=load_table(table_path) if number else None,
        number=number, name=name, enemies=list(enemies), timeline=cells, objectives=list(objectives), xp=xp)


def _fire_options(f):
    f = click.option("--shield", "shields", multiple=True, metavar="LABEL",
                     help="The shield system a 6 on the system damage roll hits (in order).")(f)
    f = click.option("--evade-enemy", type=int, metavar="N", help="Evade this enemy's hit (default: the first hit).")(f)
    f = click.option("--evade", multiple=True, metavar="NAME", help="Up to two unused crew pilot an evasion.")(f)
    return f


@combat.command("timeline")
@save_option
@_fire_options
@rolls_option
@pass_rt
def combat_timeline(rt, save, shields, evade_enemy, evade, rolls):
    """1) Activate the leftmost timeline command and cross it out."""
    run_asking(rt, save, _rules("flight").combat_timeline, entered=rolls, cat=catalogue(), evade=list(evade),
               evade_enemy=evade_enemy, shields=list(shields))


@combat.command("objective")
@save_option
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", help="Who tries (attributes add up; repeat).")
@click.option("--check", type=click.Choice(["A", "T", "C"], case_sensitive=False), help="For a ? objective.")
@click.option("--objective", type=int, metavar="N", help="Which one (it must be the first unsolved).")
@rolls_option
@pass_rt
def combat_objective(rt, save, crew_names, check, objective, rolls):
    """2) Try the next objective: attributes + d6 >= difficulty (a 1 fails)."""
    run(rt, save, _rules("flight").combat_objective, entered=rolls, crew=list(crew_names), check=check,
        objective=objective)


@combat.command("repair")
@save_option
@click.argument("target", metavar="SYSTEM|sp")
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", help="Who repairs (repeat).")
@rolls_option
@pass_rt
def combat_repair(rt, save, target, crew_names, rolls):
    """2) Repair a damaged system or 3 SP: a T9 tech check."""
    run(rt, save, _rules("flight").combat_repair, entered=rolls, cat=catalogue(), target=target,
        crew=list(crew_names))


@combat.command("fire")
@save_option
@click.argument("weapons", nargs=-1, metavar="[WEAPON[@N]]...")
@click.option("--target", type=int, metavar="N", help="The enemy every weapon fires at (WEAPON@N for one weapon).")
@click.option("--oc", multiple=True, metavar="WEAPON", help="Burst mode: 2 more Ammo, double damage.")
@click.option("--reroll", multiple=True, metavar="NAME", help="Unused crew who reroll misses, in order.")
@rolls_option
@pass_rt
def combat_fire(rt, save, weapons, target, oc, reroll, rolls):
    """3) Fire up to 4 weapons (no WEAPON: hold fire)."""
    parsed = []
    for w in weapons:
        label, sep, n = w.rpartition("@")
        if sep and n.strip().isdigit():
            parsed.append((label, int(n)))
        else:
            parsed.append((w, None))
    run(rt, save, _rules("flight").combat_fire, entered=rolls, cat=catalogue(), weapons=parsed, target=target,
        oc=list(oc), reroll=list(reroll))


@combat.command("enemy-fire")
@save_option
@_fire_options
@rolls_option
@pass_rt
def combat_enemy_fire(rt, save, shields, evade_enemy, evade, rolls):
    """4) Every enemy left fires at you, 1 to 4."""
    run_asking(rt, save, _rules("flight").combat_enemy_fire, entered=rolls, cat=catalogue(), evade=list(evade),
               evade_enemy=evade_enemy, shields=list(shields))


@combat.command("board")
@save_option
@click.argument("enemy", type=int)
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", help="Who boards (repeat).")
@pass_rt
def combat_board(rt, save, enemy, crew_names):
    """5) Board an enemy ship (Shield 3 or less, crew aboard)."""
    run(rt, save, _rules("flight").combat_board, enemy=enemy, crew=list(crew_names))


@combat.command("repel")
@save_option
@click.argument("enemy", type=int)
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", help="Who defends (repeat).")
@pass_rt
def combat_repel(rt, save, enemy, crew_names):
    """Defend your ship against boarders (timeline Combat)."""
    run(rt, save, _rules("flight").combat_repel, enemy=enemy, crew=list(crew_names))


@combat.command("round")
@save_option
@click.option("--negate", type=int, metavar="N", help="How many enemy hits your hits cancel (default: as many as "
                                                      "possible).")
@click.option("--hurt", multiple=True, metavar="NAME", help="Who takes each enemy hit (4 HP), in order.")
@click.option("--sacrifice", metavar="NAME", help="A sacrifice attack with a single hit left: 3 HP for a die.")
@rolls_option
@pass_rt
def combat_round(rt, save, negate, hurt, sacrifice, rolls):
    """5) One Boarding Combat round (your dice, then theirs, then rerolls)."""
    run_asking(rt, save, _rules("flight").combat_round, entered=rolls, negate=negate, hurt=list(hurt),
               sacrifice=sacrifice)


@combat.command("retreat")
@save_option
@pass_rt
def combat_retreat(rt, save):
    """5) Your boarders retreat to your ship."""
    run(rt, save, _rules("flight").combat_retreat)


@combat.command("heal")
@save_option
@click.argument("name")
@rolls_option
@pass_rt
def combat_heal(rt, save, name, rolls):
    """After boarding: heal an unconscious member in a hurry (d6 2-6: 2 HP; 1: dies)."""
    run(rt, save, _rules("flight").combat_heal, entered=rolls, name=name)


@combat.command("escape")
@save_option
@rolls_option
@pass_rt
def combat_escape(rt, save, rolls):
    """6) d20 + the unused crew's Tech >= 20 (15 after a failed try)."""
    run(rt, save, _rules("flight").combat_escape, entered=rolls)


@combat.command("recharge")
@save_option
@click.option("--drones", metavar="SYSTEM|sp", help="Repair Drones: a damaged system or 3 SP.")
@pass_rt
def combat_recharge(rt, save, drones):
    """7) Shields recharge, crew marks erased; the combat ends or loops."""
    run(rt, save, _rules("flight").combat_recharge, cat=catalogue(), drones=drones)


@combat.command("set", context_settings=NEGATIVES)
@save_option
@click.argument("key")
@click.argument("value")
@pass_rt
def combat_set(rt, save, key, value):
    """Change the SPACE COMBAT page by hand.

    KEY: ship.sp, ship.shield, ship.shield_max, ship.recharge, enemy.N (a spec),
    enemy.N.sp|shield|crew, enemy.N.remove, ammo.LABEL, timeline, objectives,
    objective.N (solved|unsolved), xp, used.NAME, unused.NAME.
    """
    run(rt, save, _rules("flight").combat_set, key=key, value=value)


@combat.command("end")
@save_option
@click.argument("result", type=click.Choice(["won", "retreated", "lost"], case_sensitive=False))
@pass_rt
def combat_end(rt, save, result):
    """End the Space Combat by hand (an event says so)."""
    run(rt, save, _rules("flight").combat_end, result=result.lower())


@combat.command("show")
@save_option
@pass_rt
def combat_show(rt, save):
    """The SPACE COMBAT page."""
    with rt.read(save) as s:
        state = s.state
    if not state.get("combat"):
        rt.emit("No Space Combat is going on.", {"combat": None, "flight": state.get("flight")})
        return
    from journal.games.kraken import flight as fl

    rt.emit(fl.combat_status(state) + ["Next: " + fl.next_command(state)],
            {"combat": state["combat"], "flight": state.get("flight")})


# --- new Locations (chapter 12) -------------------------------------------------------------------

def _location_group():
    from journal.games.kraken.cli import location

    return location


location = _location_group()


@location.command("generate")
@save_option
@click.option("--generator", "gen_path", metavar="FILE", required=True,
              help=f"Your LOCATION GENERATOR tables (format and a sample: templates:kraken/{GENERATOR_SAMPLE}).")
@click.option("--difficulty", type=int, help="Without a flight: the Location Difficulty.")
@click.option("--modifications", type=int, default=0, help="Without a flight: dice modifications.")
@click.option("--roll-maps", is_flag=True, help="Roll every Map ID at the end.")
@click.option("--name", metavar="TEXT", help="Your own label for it.")
@rolls_option
@pass_rt
def location_generate(rt, save, gen_path, difficulty, modifications, roll_maps, name, rolls):
    """Roll a new Location on your generator tables, value by value."""
    gen, info = load_generator(gen_path)
    from journal.games.kraken.cli import stored_path

    info["path"] = stored_path(_path(gen_path))
    run(rt, save, _rules("dungeon").location_generate, entered=rolls, generator=gen, ref=info,
        difficulty=difficulty, modifications=modifications, roll_maps=roll_maps, name=name)


@location.command("modify", context_settings=NEGATIVES)
@save_option
@click.argument("how", metavar="reroll|+1|-1")
@click.option("--die", type=int, metavar="N", help="Which die of the value (when it is rolled with several).")
@rolls_option
@pass_rt
def location_modify(rt, save, how, die, rolls):
    """Spend a dice modification on the value being defined."""
    run(rt, save, _rules("dungeon").location_modify, entered=rolls, generator=campaign_generator(rt, save), how=how,
        die=die)


@location.command("accept")
@save_option
@click.option("--roll-maps", is_flag=True, help="Roll every Map ID if this completes the Location.")
@click.option("--name", metavar="TEXT", help="Your own label for it.")
@click.option("--rest", is_flag=True, help="Keep every remaining value as rolled (unused modifications are lost).")
@rolls_option
@pass_rt
def location_accept(rt, save, roll_maps, name, rest, rolls):
    """Keep the value and roll the next table (the last writes the Location)."""
    run(rt, save, _rules("dungeon").location_accept, entered=rolls, generator=campaign_generator(rt, save),
        roll_maps=roll_maps, name=name, rest=rest)


@location.command("event")
@save_option
@click.argument("text", metavar="SHORT-FORM")
@click.option("--maps", metavar="ID,ID,…", help="Map IDs the event gives.")
@click.option("--roll-maps", is_flag=True, help="Roll every Map ID now.")
@click.option("--name", metavar="TEXT", help="Your own label for it.")
@rolls_option
@pass_rt
def location_event(rt, save, text, maps, roll_maps, name, rolls):
    """A Location an event gives, in the book's short form.

    e.g. "Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / One-way / Kraken"
    """
    ids = []
    if maps:
        try:
            ids = [int(x) for x in maps.replace(" ", "").split(",") if x]
        except ValueError:
            raise InputError(f"--maps '{maps}': Map IDs separated by commas, e.g. 8,3,12") from None
    run(rt, save, _rules("dungeon").location_event, entered=rolls, text=text, maps=ids, roll_maps=roll_maps, name=name)


@location.command("check-generator")
@click.argument("file", type=click.Path(dir_okay=False))
@pass_rt
def location_check_generator(rt, file):
    """Check a generator file (tables, dice, every roll covered once)."""
    gen, _info = load_generator(file)
    out = [f"{file}: {gen['title'] or '(untitled)'}: OK"]
    for t in gen["tables"]:
        die = f"{t['count'] if t['count'] > 1 else ''}d{t['sides']}"
        out.append(f"  {t['field']} ({die}): " + ", ".join(f"{lo}{'-' + str(hi) if hi != lo else ''} {v}"
                                                           for lo, hi, v in t["rows"]))
    rt.emit(out, gen)


# --- dungeon exploration (chapter 13) ---------------------------------------------------------------

@kraken.group(cls=OrderedGroup)
def dungeon():
    """Dungeon Exploration: maps, tiles, Oxygen (chapter 13).

    Every tile command is one action (move onto the tile, Oxygen by the atmosphere you
    step into) unless --stay (activate the tile you stand on: still an action), --no-move
    (a tile the previous move triggered) or --free (the free move on entering a map).
    Tiles are named as printed: B2, M, L4, E?, T1 (E2a, E2b for two alike tiles).
    """


def _move_options(default: str = "move"):
    def deco(f):
        import functools

        inner = f

        @functools.wraps(inner)
        def wrapper(*args, breach=(), to=None, **kw):
            if breach:      # the rules read `to` as "outside|inside" + "|B1,B2" (the area's Hull Breaches)
                to = f"{to or ''}|{','.join(breach)}"
            return inner(*args, to=to, **kw)

        f = wrapper
        f = click.option("--breach", multiple=True, metavar="TILE",
                         help="The area you step into is connected to this Hull Breach (Outside atmosphere until "
                              "it is repaired).")(f)
        f = click.option("--faint", metavar="NAME", help="Out of Oxygen: who faints.")(f)
        f = click.option("--free", "how", flag_value="free", help="The free move on entering a map.")(f)
        f = click.option("--no-move", "how", flag_value="none", help="Triggered by the previous move: no action.")(f)
        f = click.option("--stay", "how", flag_value="stay", help="Activate the tile you stand on (an action).")(f)
        f = click.option("--to", type=click.Choice(["outside", "inside"]),
                         help="The atmosphere you step into (default: where you are).")(f)
        return f
    return deco


def _how(how, default="move"):
    return how or default


@dungeon.command("enter")
@save_option
@click.argument("slot")
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", help="Who is deployed (default: everyone able).")
@click.option("--map", "map_no", type=int, help="Teleport to a later map (after a cleared one, within range).")
@click.option("--inside", is_flag=True, help="The entrance is inside (default: outside).")
@rolls_option
@pass_rt
def dungeon_enter(rt, save, slot, crew_names, map_no, inside, rolls):
    """Land on a Location from the Starmap Locations Log."""
    run(rt, save, _rules("dungeon").dungeon_enter, entered=rolls, slot=slot, crew=list(crew_names), map_no=map_no,
        inside=inside)


@dungeon.command("move")
@save_option
@click.option("--to", type=click.Choice(["outside", "inside"]), help="The atmosphere you step into.")
@click.option("--free", is_flag=True, help="The free move on entering a map.")
@click.option("--faint", metavar="NAME", help="Out of Oxygen: who faints.")
@click.option("--breach", multiple=True, metavar="TILE",
              help="The area you step into is connected to this Hull Breach (Outside atmosphere until repaired).")
@pass_rt
def dungeon_move(rt, save, to, free, faint, breach):
    """Move to an adjacent tile or area (one action)."""
    if breach:
        to = f"{to or ''}|{','.join(breach)}"
    run_asking(rt, save, _rules("dungeon").dungeon_move, how="free" if free else "move", to=to, faint=faint)


@dungeon.command("bulkhead")
@save_option
@click.argument("tile")
@click.option("--crew", metavar="NAME", help="Who tries: 2d6 + Tech >= 10 + level.")
@_move_options()
@rolls_option
@pass_rt
def dungeon_bulkhead(rt, save, tile, crew, to, how, faint, rolls):
    """Open a bulkhead B# (three failures lock it)."""
    run_asking(rt, save, _rules("dungeon").dungeon_bulkhead, entered=rolls, tile=tile, crew=crew, how=_how(how),
               to=to, faint=faint)


@dungeon.command("crack")
@save_option
@click.argument("tile")
@click.option("--crew", metavar="NAME", help="Whose weapon.")
@click.option("--weapon", metavar="WEAPON", help="A fully loaded weapon of grade >= the level.")
@click.option("--grade", type=int, help="The weapon's grade (if its spec has no G<n>).")
@click.option("--emergency", is_flag=True, help="One-way Location: the emergency release.")
@_move_options()
@pass_rt
def dungeon_crack(rt, save, tile, crew, weapon, grade, emergency, to, how, faint):
    """Crack a bulkhead with a weapon's Ammo, or the emergency release."""
    run_asking(rt, save, _rules("dungeon").dungeon_crack, tile=tile, crew=crew, weapon=weapon, grade=grade,
               emergency=emergency, how=_how(how, "stay"), to=to, faint=faint)


@dungeon.command("mine")
@save_option
@click.argument("tile")
@click.option("--disarm", metavar="NAME", help="Who tries to disarm them first.")
@_move_options()
@rolls_option
@pass_rt
def dungeon_mine(rt, save, tile, disarm, to, how, faint, rolls):
    """Mines M#: disarm (2d6 + Tech), or Agility saves (d6 + AGI >= 8)."""
    run_asking(rt, save, _rules("dungeon").dungeon_mine, entered=rolls, tile=tile, disarm=disarm, how=_how(how),
               to=to, faint=faint)


@dungeon.command("laser")
@save_option
@click.argument("tile")
@click.option("--disarm", metavar="NAME", help="Disarm it (an action on the tile: 2d6 + Tech).")
@_move_options()
@rolls_option
@pass_rt
def dungeon_laser(rt, save, tile, disarm, to, how, faint, rolls):
    """A laser barrier L#: damage on entering; disarm it on the tile."""
    run_asking(rt, save, _rules("dungeon").dungeon_laser, entered=rolls, tile=tile, disarm=disarm, how=how, to=to,
               faint=faint)


@dungeon.command("value")
@save_option
@click.argument("tile")
@rolls_option
@pass_rt
def dungeon_value(rt, save, tile, rolls):
    """Roll a '?' value (d6 halved, once per exploration)."""
    run(rt, save, _rules("dungeon").dungeon_value, entered=rolls, tile=tile)


@dungeon.command("med")
@save_option
@click.argument("tile")
@click.argument("name")
@_move_options()
@pass_rt
def dungeon_med(rt, save, tile, name, to, how, faint):
    """A med-station heals one member up to 4 HP (3 times)."""
    run_asking(rt, save, _rules("dungeon").dungeon_med, tile=tile, name=name, how=_how(how), to=to, faint=faint)


@dungeon.command("oxygen-station")
@save_option
@click.argument("tile")
@_move_options()
@pass_rt
def dungeon_oxygen(rt, save, tile, to, how, faint):
    """Refill the Oxygen."""
    run_asking(rt, save, _rules("dungeon").dungeon_oxygen, tile=tile, how=_how(how), to=to, faint=faint)


@dungeon.command("clone")
@save_option
@click.argument("tile")
@click.option("--savepoint/--no-savepoint", default=True, show_default=True, help="A save point (K8).")
@_move_options()
@pass_rt
def dungeon_clone(rt, save, tile, savepoint, to, how, faint):
    """A clone station: heal 4 HP each, a save point (K8)."""
    run_asking(rt, save, _rules("dungeon").dungeon_clone, tile=tile, savepoint=savepoint, how=_how(how), to=to,
               faint=faint)


for _kind, _help in (("shop", "A Shop S#: trash bonus, grades and prices."),
                     ("ammo-dealer", "An Ammo dealer: two magazines for the grade in Credits."),
                     ("gambler", "A Gambler: trade Equipment for another grade."),
                     ("modder", "A Modder: +50% Ammo or +1 damage."),
                     ("quest-master", "A Quest Master: accept a quest (once per exploration).")):
    def _make(kind, help_text):
        @dungeon.command(kind, help=help_text)
        @save_option
        @click.argument("tile")
        @_move_options()
        @rolls_option
        @pass_rt
        def _cmd(rt, save, tile, to, how, faint, rolls):
            run_asking(rt, save, _rules("dungeon").dungeon_shop, entered=rolls, tile=tile, kind=kind, how=_how(how),
                       to=to, faint=faint)
        return _cmd
    _make(_kind, _help)


@kraken.command("visit")
@save_option
@click.argument("slot")
@click.argument("map_no", metavar="MAP", type=int)
@click.argument("kind", type=click.Choice(["shop", "ammo-dealer", "quest-master", "gambler", "modder"]))
@click.argument("tile")
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", help="Who teleports down (default: all able).")
@rolls_option
@pass_rt
def visit(rt, save, slot, map_no, kind, tile, crew_names, rolls):
    """Phase 4 short visit: teleport to a cleared map's trader, do one thing, come back."""
    run(rt, save, _rules("dungeon").short_visit, entered=rolls, slot=slot, map_no=map_no, kind=kind, tile=tile,
        crew=list(crew_names))


@dungeon.command("buy")
@save_option
@click.argument("item")
@click.option("--grade", type=int, required=True, help="Its grade.")
@click.option("--price", type=int, help="Its price (book p. 165/167), if journal does not know it.")
@click.option("--rare", is_flag=True, help="Rare Equipment: one grade above the shop's, double price.")
@click.option("--ammo", is_flag=True, help="Ammo for a weapon of this grade.")
@pass_rt
def dungeon_buy(rt, save, item, grade, price, rare, ammo):
    """Buy at the Shop or Ammo dealer you stand on."""
    run(rt, save, _rules("dungeon").dungeon_buy, item=item, grade=grade, prices=grade_prices(), price=price,
        rare=rare, ammo=ammo)


@dungeon.command("sell")
@save_option
@click.argument("item")
@click.option("--value", type=int, required=True, help="Its price; it sells for half.")
@pass_rt
def dungeon_sell(rt, save, item, value):
    """Sell Equipment for half its value."""
    run(rt, save, _rules("dungeon").dungeon_sell, item=item, value=value)


@dungeon.command("gamble")
@save_option
@click.argument("item", required=False)
@click.option("--grade", type=int, help="Its grade (2-6).")
@click.option("--worn", is_flag=True, help="Uses or magazine not full: counts one grade lower.")
@click.option("--got", metavar="NAME", help="Name what a Gambler gave you (no Gambler takes it back this turn).")
@rolls_option
@pass_rt
def dungeon_gamble(rt, save, item, grade, worn, got, rolls):
    """Trade an Item or Weapon at the Gambler (d6), then name what you got (--got)."""
    if got is None and (item is None or grade is None):
        raise click.UsageError("give ITEM --grade G (or --got NAME)")
    run(rt, save, _rules("dungeon").dungeon_gamble, entered=rolls, item=item, grade=grade, worn=worn, got=got)


@dungeon.command("mod")
@save_option
@click.argument("name")
@click.argument("weapon")
@click.option("--ammo", "mod", flag_value="ammo", help="+50% Ammo (rounded up).")
@click.option("--damage", "mod", flag_value="damage", help="+1 damage.")
@click.option("--both", "mod", flag_value="both", help="Both, for three times the price.")
@click.option("--grade", type=int, help="The weapon's grade (if its spec has no G<n>).")
@click.option("--price", type=int, help="The grade's price (book p. 165), if journal does not know it.")
@pass_rt
def dungeon_mod(rt, save, name, weapon, mod, grade, price):
    """Mod a crew member's weapon at the Modder."""
    if mod is None:
        raise click.UsageError("give --ammo, --damage or --both")
    run(rt, save, _rules("dungeon").dungeon_mod, name=name, weapon=weapon, mod=mod, grade=grade,
        prices=grade_prices(), price=price)


@dungeon.command("treasure")
@save_option
@click.argument("tile")
@_move_options()
@rolls_option
@pass_rt
def dungeon_treasure(rt, save, tile, to, how, faint, rolls):
    """A Treasure T#: a drop of grade difficulty + # (first time)."""
    run_asking(rt, save, _rules("dungeon").dungeon_treasure, entered=rolls, tile=tile, how=_how(how), to=to,
               faint=faint)


@dungeon.command("tile")
@save_option
@click.argument("tile")
@click.argument("what", type=click.Choice(["door", "automatic-door", "obstacle", "area", "entrance", "event",
                                           "disruptor", "breach", "teleportal"]))
@click.option("--portals", metavar="N,N,…", help="Teleportal: the teleportal numbers on this map (a twin number: "
                                                 "go there; else d6 until one).")
@_move_options()
@rolls_option
@pass_rt
def dungeon_tile(rt, save, tile, what, portals, to, how, faint, rolls):
    """Any other map element (an action): doors, obstacles, a Disruptor, a Hull Breach, a Teleportal."""
    nums = [int(x) for x in (portals or "").replace(" ", "").split(",") if x]
    run_asking(rt, save, _rules("dungeon").dungeon_tile, entered=rolls, tile=tile, what=what, how=_how(how), to=to,
               faint=faint, portals=nums)


@dungeon.command("element")
@save_option
@click.argument("tile")
@click.argument("what", type=click.Choice(["disruptor", "breach", "teleportal"]))
@click.option("--portals", metavar="N,N,…", help="teleportal: the other teleportals' numbers on this map.")
@pass_rt
def dungeon_element(rt, save, tile, what, portals):
    """Note what the current map shows (no action): a Disruptor, a Hull Breach, Teleportals."""
    nums = [int(x) for x in (portals or "").replace(" ", "").split(",") if x]
    run(rt, save, _rules("dungeon").dungeon_element, tile=tile, what=what, portals=nums)


@dungeon.command("breach")
@save_option
@click.argument("tile")
@click.option("--crew", required=True, metavar="NAME", help="Who carries the welding device.")
@click.option("--undo", is_flag=True, help="Undo the repair (the same way).")
@_move_options()
@pass_rt
def dungeon_breach(rt, save, tile, crew, undo, to, how, faint):
    """Repair a Hull Breach you stand on with a welding device (an action)."""
    run_asking(rt, save, _rules("dungeon").dungeon_breach, tile=tile, crew=crew, undo=undo, how=_how(how),
               to=to, faint=faint)


@dungeon.command("enemy")
@save_option
@click.argument("tile")
@click.option("--ambush", is_flag=True, help="An ambush: the enemies act first, no reaction.")
@rolls_option
@pass_rt
def dungeon_enemy(rt, save, tile, ambush, rolls):
    """An Enemy E# or Boss B# tile: the Ground Combat spawns."""
    run(rt, save, _rules("ground").ground_start, entered=rolls, tile=tile, ambush=ambush)


@dungeon.command("avoid")
@save_option
@click.argument("tile")
@click.argument("way", type=click.Choice(["run", "camouflage", "charisma", "intimidate"]))
@click.option("--pay", type=int, default=0, help="Charisma: Credits paid to add to the roll.")
@rolls_option
@pass_rt
def dungeon_avoid(rt, save, tile, way, pay, rolls):
    """Try to avoid a Ground Combat with an Enemy (not a Boss)."""
    run(rt, save, _rules("dungeon").dungeon_avoid, entered=rolls, tile=tile, way=way, pay=pay)


@dungeon.command("exit")
@save_option
@click.option("--keep-uncleared", is_flag=True, help="No Treasure was activated: leave the map uncleared.")
@_move_options()
@rolls_option
@pass_rt
def dungeon_exit(rt, save, keep_uncleared, to, how, faint, rolls):
    """An exit tile EX: the next map, or the last map's exit solves the Location."""
    run_asking(rt, save, _rules("dungeon").dungeon_exit, entered=rolls, how=_how(how), to=to, faint=faint,
               keep_uncleared=keep_uncleared)


@dungeon.command("back")
@save_option
@click.option("--keep-uncleared", is_flag=True, help="No Treasure was activated: leave the map uncleared.")
@_move_options()
@pass_rt
def dungeon_back(rt, save, keep_uncleared, to, how, faint):
    """Back to the previous map through an entrance."""
    run_asking(rt, save, _rules("dungeon").dungeon_back, how=_how(how), to=to, faint=faint,
               keep_uncleared=keep_uncleared)


@dungeon.command("leave")
@save_option
@click.argument("way", type=click.Choice(["entrance", "exit-location", "teleport"]))
@click.option("--keep-uncleared", is_flag=True, help="No Treasure was activated: leave the map uncleared.")
@_move_options()
@pass_rt
def dungeon_leave(rt, save, way, keep_uncleared, to, how, faint):
    """Leave the Location: the first map's entrance, an Exit Location '/', the Teleporter."""
    run_asking(rt, save, _rules("dungeon").dungeon_leave, way=way, how=_how(how), to=to, faint=faint,
               keep_uncleared=keep_uncleared)


@dungeon.command("psi")
@save_option
@click.argument("name")
@click.argument("power", nargs=-1, required=True)
@click.option("--bonus", type=int, default=0, help="One PSI item's bonus.")
@rolls_option
@pass_rt
def dungeon_psi(rt, save, name, power, bonus, rolls):
    """A dungeon PSI power: surprise, divination, midas touch, oxygen creation."""
    run(rt, save, _rules("ground").dungeon_psi, entered=rolls, name=name, power=" ".join(power), bonus=bonus)


@dungeon.command("meditate")
@save_option
@click.argument("name")
@click.option("--faint", metavar="NAME", help="Out of Oxygen: who faints.")
@rolls_option
@pass_rt
def dungeon_meditate(rt, save, name, faint, rolls):
    """Recover an exhausted PSI trait (Oxygen instead of an action)."""
    run_asking(rt, save, _rules("ground").meditate, entered=rolls, name=name, in_dungeon=True, faint=faint)


@dungeon.command("show")
@save_option
@pass_rt
def dungeon_show(rt, save):
    """The exploration state."""
    with rt.read(save) as s:
        state = s.state
    if not state.get("dungeon"):
        rt.emit("The crew is not exploring a Location.", {"dungeon": None})
        return
    from journal.games.kraken import dungeon as dg

    rt.emit(dg.dungeon_status(state), {"dungeon": state["dungeon"]})


# --- ground combat (chapter 14) --------------------------------------------------------------------

@kraken.group(cls=OrderedGroup)
def ground():
    """Ground Combat (chapter 14): spawn, add enemies, initiative, actions, turns."""


@ground.command("start")
@save_option
@click.option("--level", type=int, help="The Primary Enemy level (an event's combat).")
@click.option("--tile", metavar="TILE", help="In a dungeon: the Enemy or Boss tile (or: dungeon enemy TILE).")
@click.option("--boss", is_flag=True, help="A Boss battle.")
@click.option("--ambush", is_flag=True, help="An ambush: the enemies act first, no reaction.")
@click.option("--map", "map_no", type=int, help="The map number (outside a dungeon; default 1).")
@click.option("--atmosphere", type=click.Choice(["YES", "NO", "HELL"], case_sensitive=False),
              help="Outside a dungeon (default YES).")
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", help="Who fights (default: everyone able).")
@rolls_option
@pass_rt
def ground_start(rt, save, level, tile, boss, ambush, map_no, atmosphere, crew_names, rolls):
    """Spawn a Ground Combat (dice: hell, reaction, second Primary, Minions, species)."""
    run(rt, save, _rules("ground").ground_start, entered=rolls, level=level, tile=tile, boss=boss, ambush=ambush,
        map_no=map_no, atmosphere=atmosphere.upper() if atmosphere else None, crew=list(crew_names))


@ground.command("add")
@save_option
@click.argument("label")
@click.option("--profile", metavar="NAME", help="A profile from the profiles file.")
@click.option("--profiles", "profiles_path", metavar="FILE", help=f"Default: templates/kraken/{ENEMIES_SAMPLE}.")
@click.option("--name", metavar="TEXT")
@click.option("--minion", is_flag=True, help="A Minion (level - 1, no Treasure).")
@click.option("--level", type=int)
@click.option("--hp", type=int)
@click.option("--armor", type=int)
@click.option("--agility", type=int)
@click.option("--shield", metavar="A|B:POWER/RECHARGE")
@click.option("--escape", type=int, help="Its escape value.")
@click.option("--treasure", type=int, help="Its Treasure value.")
@click.option("--xp", type=int)
@click.option("--weak", multiple=True, metavar="TYPE", help="fire, ice, toxic, ranged, melee (repeat).")
@click.option("--resist", multiple=True, metavar="TYPE", help="fire, ice, toxic, ranged, melee (repeat).")
@click.option("--action", "actions", multiple=True, metavar="ROLL: ACTION", help='e.g. "1-2: idle", "3-6: ML 4+, 3".')
@click.option("--acts", type=int, help="2 for an enemy with two actions.")
@click.option("--species", metavar="S")
@click.option("--note", metavar="TEXT", help="A note (a card, a special action).")
@click.option("--trait", "traits", multiple=True, metavar="TRAIT",
              help='A trait from its sheet: Zombie, "Regen: +1 HP" (+N HP / +N Shield after its action), … (repeat).')
@pass_rt
def ground_add(rt, save, label, profile, profiles_path, **values):
    """Enter an enemy's values from its sheet (or a profile)."""
    prof = None
    if profile:
        profiles = load_profiles(profiles_path)
        pname = find(profiles, profile, "enemy profile", "--profile")
        prof = profiles[pname]
        values["profile_name"] = pname
    values["weak"], values["resist"], values["actions"] = (list(values["weak"]), list(values["resist"]),
                                                           list(values["actions"]))
    values["traits"] = list(values["traits"])
    run(rt, save, _rules("ground").ground_add, label=label, profile=prof, **values)


@ground.command("profiles")
@click.option("--profiles", "profiles_path", metavar="FILE", help=f"Default: templates/kraken/{ENEMIES_SAMPLE}.")
@pass_rt
def ground_profiles(rt, profiles_path):
    """The enemy profiles of a profiles file."""
    profiles = load_profiles(profiles_path)
    rt.emit([f"  {n}: LV{p.get('level', '?')} HP {p.get('hp', '?')} Armor {p.get('armor', 0)} Agility "
             f"{p.get('agility', '?')}" for n, p in profiles.items()] or ["(none)"], profiles)


@ground.command("initiative")
@save_option
@click.option("--cover", multiple=True, metavar="NAME", help="Set in cover the first turn (skipped for initiative).")
@click.option("--faint", metavar="NAME", help="Out of Oxygen: who faints.")
@rolls_option
@pass_rt
def ground_initiative(rt, save, cover, faint, rolls):
    """Decide who acts first (crew's lowest Agility + d6, then the enemies')."""
    run_asking(rt, save, _rules("ground").ground_initiative, entered=rolls, cover=list(cover), faint=faint)


@ground.command("attack")
@save_option
@click.argument("name")
@click.argument("targets", nargs=-1, metavar="[TARGET]...")
@click.option("--weapon", metavar="WEAPON", help="Which weapon (default: the only one; 'fists' for bare fists).")
@click.option("--hit", type=int, default=0, help="Boost steps spent on the roll (each 2 points); the rest on damage.")
@click.option("--berserk", type=int, default=0, help="Melee: turn up to 3 HP into damage.")
@click.option("--flank", is_flag=True, help="Try to flank first (Agility 8+: +3 damage).")
@click.option("--reroll", is_flag=True, help="The lone wolf's (or a Talisman's) reroll of a failed die.")
@click.option("--chain", type=int, default=0, help="Chain Attack trait: the extra attacks it grants (no boost).")
@click.option("--capture", is_flag=True, help="Capture an enemy this attack brings to 0, -1 or -2 HP.")
@click.option("--carrier", metavar="NAME", help="Who carries the captive (default: the attacker).")
@rolls_option
@pass_rt
def ground_attack(rt, save, name, targets, weapon, hit, berserk, flank, reroll, chain, capture, carrier, rolls):
    """Attack with a weapon in a hand (dice: flank, then one per attack; melee may split targets)."""
    if weapon is None:
        state = rt.current_state(save)
        from journal.games.kraken.ground import weapon_slot
        member = state.get("crew", {})
        key = find(member, name, "crew member") if member else name
        m = member.get(key) or {}
        ws = list(m.get("weapons") or {})
        held = [w for w in ws if weapon_slot(m, w) in ("L", "R")]
        ws = held or ws
        if len(ws) > 1:
            raise InputError(f"--weapon is required: one of {', '.join(ws)} (or fists)")
        weapon = ws[0] if ws else "fists"
    run(rt, save, _rules("ground").ground_attack, entered=rolls, name=name, weapon=weapon, targets=list(targets),
        hit=hit, berserk=berserk, flank=flank, reroll=reroll, chain=chain, capture=capture, carrier=carrier)


@ground.command("capture")
@save_option
@click.argument("label")
@click.option("--carrier", required=True, metavar="NAME", help="Who carries it (they cannot attack meanwhile).")
@pass_rt
def ground_capture(rt, save, label, carrier):
    """Capture an enemy an attack brought to 0, -1 or -2 HP (no action)."""
    run(rt, save, _rules("ground").ground_capture, label=label, carrier=carrier)


for _action, _help, _args in (("cover", "Take cover: +1 Armor, +1 to be hit.", ()),
                              ("reload", "Reload a weapon with a magazine.", ("weapon",)),
                              ("recharge", "Recharge a T2 weapon.", ("weapon",)),
                              ("wait", "Take no action this turn.", ())):
    def _make_action(action, help_text, args):
        @ground.command(action, help=help_text)
        @save_option
        @click.argument("name")
        @click.argument("weapon", required=bool(args))
        @pass_rt
        def _cmd(rt, save, name, weapon):
            if weapon is not None and not args:
                raise click.UsageError(f"`ground {action}` takes only NAME")
            run(rt, save, _rules("ground").ground_simple, name=name, action=action, weapon=weapon)
        return _cmd
    _make_action(_action, _help, _args)


@ground.command("exchange")
@save_option
@click.argument("name")
@click.option("--captive-to", metavar="NAME", help="Hand the captive NAME carries to this crew member.")
@pass_rt
def ground_exchange(rt, save, name, captive_to):
    """Exchange and rearrange equipment (and hand over a captive)."""
    run(rt, save, _rules("ground").ground_simple, name=name, action="exchange", captive_to=captive_to)


@ground.command("item")
@save_option
@click.argument("name")
@click.argument("item")
@click.option("--heal", type=int, help="HP the item heals (half in Hell).")
@click.option("--target", metavar="NAME", help="Who it heals (default: the user).")
@pass_rt
def ground_item(rt, save, name, item, heal, target):
    """Use an item."""
    run(rt, save, _rules("ground").ground_simple, name=name, action="item", item=item, heal=heal, target=target)


@ground.command("unjam")
@save_option
@click.argument("name")
@click.argument("weapon")
@click.option("--bonus", type=int, default=0, help="An item's unjamming bonus.")
@rolls_option
@pass_rt
def ground_unjam(rt, save, name, weapon, bonus, rolls):
    """Unjam a weapon: Tech + d6 >= 8, then 6+, then 6+ or it breaks."""
    run(rt, save, _rules("ground").ground_unjam, entered=rolls, name=name, weapon=weapon, bonus=bonus)


@ground.command("escape")
@save_option
@click.option("--sacrifice", multiple=True, metavar="NAME", help="Left behind (those who acted are, anyway).")
@click.option("--crew", "crew_names", multiple=True, metavar="NAME", help="Who escapes (default: all who may).")
@rolls_option
@pass_rt
def ground_escape(rt, save, sacrifice, crew_names, rolls):
    """Escape: d6 + lowest Agility + 3 per sacrificed + 2 per try >= the highest enemy Agility."""
    run(rt, save, _rules("ground").ground_escape, entered=rolls, sacrifice=list(sacrifice), crew=list(crew_names))


@ground.command("psi")
@save_option
@click.argument("name")
@click.argument("power", nargs=-1, required=True)
@click.option("--target", metavar="NAME|ENEMY")
@click.option("--bonus", type=int, default=0, help="One PSI item's bonus.")
@click.option("--capture", is_flag=True, help="A PSI attack: capture an enemy it brings to 0, -1 or -2 HP.")
@click.option("--carrier", metavar="NAME", help="Who carries the captive (default: the PSI member).")
@rolls_option
@pass_rt
def ground_psi(rt, save, name, power, target, bonus, capture, carrier, rolls):
    """A PSI power after the member's action: d6 + PSI >= difficulty."""
    run(rt, save, _rules("ground").ground_psi, entered=rolls, name=name, power=" ".join(power), target=target,
        bonus=bonus, capture=capture, carrier=carrier)


@ground.command("meditate")
@save_option
@click.argument("name")
@rolls_option
@pass_rt
def ground_meditate(rt, save, name, rolls):
    """Meditate (an action): d6 >= 3 + missing HP recovers PSI."""
    run(rt, save, _rules("ground").meditate, entered=rolls, name=name)


@ground.command("enemy")
@save_option
@click.argument("label")
@click.option("--target", metavar="NAME", help="Who it attacks (within its priority).")
@click.option("--action", metavar="TEXT", help='The action you read (no table): "idle", "ML 4+, 3" …')
@click.option("--psi-shield", metavar="NAME", help="The PSI member shields the target (PSI SHIELD, 8).")
@rolls_option
@pass_rt
def ground_enemy(rt, save, label, target, action, psi_shield, rolls):
    """An enemy acts (escape check, d6 on its table, its attack)."""
    run_asking(rt, save, _rules("ground").ground_enemy, entered=rolls, label=label, target=target, action=action,
               psi_shield=psi_shield)


@ground.command("turn")
@save_option
@click.option("--faint", metavar="NAME", help="Out of Oxygen: who faints.")
@pass_rt
def ground_turn(rt, save, faint):
    """End the turn (shields recharge) and begin the next (Oxygen)."""
    run_asking(rt, save, _rules("ground").ground_turn, faint=faint)


@ground.command("set", context_settings=NEGATIVES)
@save_option
@click.argument("label")
@click.argument("field", metavar="hp|shield|armor|agility|escape|weaken|status|note")
@click.argument("value")
@pass_rt
def ground_set(rt, save, label, field, value):
    """Change an enemy by hand (its traits, a card)."""
    run(rt, save, _rules("ground").ground_set, label=label, field=field, value=value)


@ground.command("end")
@save_option
@click.argument("result", type=click.Choice(["won", "escaped"]))
@pass_rt
def ground_end(rt, save, result):
    """End the Ground Combat by hand."""
    run(rt, save, _rules("ground").ground_end, result=result)


@ground.command("show")
@save_option
@pass_rt
def ground_show(rt, save):
    """The ground combat sheet."""
    with rt.read(save) as s:
        state = s.state
    if not state.get("ground"):
        rt.emit("No Ground Combat is going on.", {"ground": None})
        return
    from journal.games.kraken import ground as gr

    nxt = ("enter the enemies (journal kraken ground add LABEL …), then journal kraken ground initiative"
           if state["ground"]["step"] == "spawn" else gr._next(state, state["ground"]))
    rt.emit(gr.ground_status(state) + ["Next: " + nxt], {"ground": state["ground"]})


# --- crew gear -------------------------------------------------------------------------------------

def _crew_group():
    from journal.games.kraken.cli import crew

    return crew


crew = _crew_group()


@crew.command("gear")
@save_option
@click.argument("name")
@click.option("--jacket", metavar="NAME:ARMOR|none", help='The jacket worn, e.g. "Kevlar vest:2".')
@click.option("--helmet", metavar="NAME:ARMOR|none", help='The helmet worn, e.g. "Helmet:1".')
@click.option("--physical-shield", "physical_shield", metavar="NAME:ARMOR|none",
              help='A physical Shield held in a hand (L or R), e.g. "Anti-Terror Shield:2".')
@click.option("--armor", type=int, help="An unnamed jacket of Armor N (0-8; 0: none).")
@click.option("--shield", metavar="A|B:POWER/RECHARGE|none", help="The active flash (A) or energy (B) Shield.")
@click.option("--charger", type=int, metavar="N", help="The Shield charger used each combat turn: +N (0: none).")
@pass_rt
def crew_gear(rt, save, name, jacket, helmet, physical_shield, armor, shield, charger):
    """Armor (one jacket, one helmet, one physical Shield in a hand; 8 at most), Shield and
    Shield charger for Ground Combat."""
    run(rt, save, _rules("ground").crew_gear, name=name, armor=armor, shield=shield, charger=charger,
        jacket=jacket, helmet=helmet, physical_shield=physical_shield)


@crew.command("weapon")
@save_option
@click.argument("name")
@click.argument("spec", required=False)
@click.option("--weapon", metavar="WEAPON", help="Change this weapon instead of adding one.")
@click.option("--ammo", type=int, help="Its Ammo now.")
@click.option("--jam", type=click.Choice(["none", "jammed", "jammed-again", "damaged"]))
@click.option("--remove", is_flag=True, help="Erase it.")
@click.option("--slot", type=click.Choice(["L", "R", "1", "2", "3", "4"], case_sensitive=False),
              help="Where a new weapon goes (default: the slot holding its name, else a free hand, else the backpack).")
@pass_rt
def crew_weapon(rt, save, name, spec, weapon, ammo, jam, remove, slot):
    """A weapon in the book's notation: "Rifle (3) 4+, 3 A5 RG"; only one in a hand attacks."""
    run(rt, save, _rules("ground").crew_weapon, name=name, spec=spec, weapon=weapon, ammo=ammo, remove=remove, jam=jam,
        slot=slot)


# --- Treasure drops ---------------------------------------------------------------------------------

@kraken.group(cls=OrderedGroup)
def treasure():
    """Treasure drops (chapter 14): take, then resolve as the Treasure Table says."""


@treasure.command("add")
@save_option
@click.option("--grade", type=int, required=True)
@click.option("--count", type=int, default=1, show_default=True)
@click.option("--from", "source", metavar="TEXT", help="Where it comes from.")
@pass_rt
def treasure_add(rt, save, grade, count, source):
    """Add Treasure drops by hand (e.g. the reward for solving a Location)."""
    run(rt, save, _rules("ground").treasure_add, grade=grade, count=count, source=source)


@treasure.command("take", context_settings=NEGATIVES)
@save_option
@click.option("--credits", "first", flag_value="credits", help="Credits equal to the grade.")
@click.option("--stimpack", "first", flag_value="stimpack", help="A free Stimpack.")
@click.option("--shift", type=int, default=0, help="PSI DIVINATION: +3 or -3 on the d20.")
@click.option("--table", "table_path", metavar="FILE",
              help=f"Your Treasure Table (default: templates/kraken/{TREASURE_TABLE}, the cell the rulebook prints).")
@click.option("--column", metavar="NAME", help="The table's column (default: the one named like the Location's type).")
@rolls_option
@pass_rt
def treasure_take(rt, save, first, shift, table_path, column, rolls):
    """The next drop: Credits or a Stimpack, then the Treasure Table d20."""
    if first is None:
        first = rt.choose("--credits|--stimpack", ["credits", "stimpack"], "Credits or a Stimpack")
    run(rt, save, _rules("ground").treasure_take, entered=rolls, first=first, shift=shift,
        table=load_treasure_table(table_path), column=column)


for _kind, _help in (("cash", "Extra cash: d6 1-5 half the grade's value, 6 all."),
                     ("item", "An Item: d6 for the row."),
                     ("weapon", "A Weapon: d6 for the row."),
                     ("ammo", "Ammo for this grade (or two of lower grades)."),
                     ("prototype", "A Prototype: d6 row, d6 effect.")):
    def _make_treasure(kind, help_text):
        @treasure.command(kind, help=help_text)
        @save_option
        @click.option("--value", type=int, help="cash: the grade's value, if journal does not know it.")
        @click.option("--as", "proto", type=click.Choice(["item", "weapon"]), help="prototype: what the d20 gave.")
        @click.option("--table", "table_path", metavar="FILE", help="prototype: your Treasure Table.")
        @click.option("--column", metavar="NAME", help="prototype: the table's column.")
        @rolls_option
        @pass_rt
        def _cmd(rt, save, value, proto, table_path, column, rolls):
            table = load_treasure_table(table_path) if kind == "prototype" else None
            run(rt, save, _rules("ground").treasure_resolve, entered=rolls, kind=kind, prices=grade_prices(),
                value=value, proto=proto, table=table, column=column if kind == "prototype" else None)
        return _cmd
    _make_treasure(_kind, _help)


@kraken.command("treasure-table")
@click.option("--table", "table_path", metavar="FILE", help=f"Default: templates/kraken/{TREASURE_TABLE}.")
@pass_rt
def treasure_table(rt, table_path):
    """Check a Treasure Table file and list its cells."""
    table = load_treasure_table(table_path)
    lines = [f"Treasure Table: {table['title'] or 'untitled'}"]
    for name, col in table["columns"].items():
        cells = ", ".join(f"{r}: {k}" for r, k in sorted(col.items())) or "no cells"
        lines.append(f"  {name} ({len(col)}/20): {cells}")
    rt.emit(lines, {"title": table["title"], "columns": {n: {str(r): k for r, k in c.items()}
                                                        for n, c in table["columns"].items()}})


@treasure.command("discard")
@save_option
@pass_rt
def treasure_discard(rt, save):
    """Drop the next Treasure drop by hand."""
    run(rt, save, _rules("ground").treasure_discard)

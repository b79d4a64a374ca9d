"""`journal kraken location …`: the Starmap Locations Log and new Locations (chapter 12)."""

from __future__ import annotations

import click

from journal.errors import InputError
from journal.games.kraken.cli.common import NEGATIVES, NUMBER, run, run_asking
from journal.games.kraken.cli.files import GENERATOR_SAMPLE, load_generator, real_path
from journal.games.kraken.cli import picks
from journal.games.kraken.model.constants import SPECIALS
from journal.options import OrderedGroup, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt


@click.group(cls=OrderedGroup)
def location() -> None:
    """The Starmap Locations Log (chapter 12, K7)."""


@location.command("add")
@save_option
@click.option("--type", "type_", required=True, metavar="TYPE", help='e.g. "Mining Station", "Core Planet".')
@click.option("--difficulty", type=NUMBER, required=True, help="Location Difficulty 1-5.")
@click.option("--ao", required=True, metavar="YES|NO|HELL", help="Atmosphere outside.")
@click.option("--ai", required=True, metavar="YES|NO|HELL", help="Atmosphere inside.")
@click.option("--depth", type=NUMBER, required=True, help="Number of maps, 4-9.")
@click.option("--teleport", type=NUMBER, required=True, help="Deepest map a Teleporter reaches (0: none).")
@click.option("--special", type=click.Choice(SPECIALS, case_sensitive=False), help="A special condition.")
@click.option("--species", required=True, help="Kraken, Grey, Insectoids, Lost, Beasts or Renegades.")
@click.option("--name", metavar="TEXT", help="Your own label for it.")
@click.option("--maps", metavar="ID,ID,…", help="Map IDs as given (an event's Location).")
@click.option("--roll-maps", is_flag=True, help="Roll every Map ID now (a d20 each).")
@click.option("--event", is_flag=True, help="An event gives it: its values are fixed (no dice modifications).")
@rolls_option
@pass_rt
def location_add(rt: Runtime, save: str | None, type_: str, difficulty: int, ao: str, ai: str, depth: int,
                 teleport: int, special: str | None, species: str, name: str | None, maps: str | None, roll_maps: bool,
                 event: bool, rolls: tuple[int, ...]) -> None:
    """Note a new Location in the first free slot."""
    from journal.games.kraken import starmap as rules
    from journal.games.kraken.model.locations import parse_atmosphere

    ids = []
    if maps:
        try:
            ids = [int(x) for x in maps.replace(" ", "").split(",") if x]
        except ValueError:
            raise InputError(f"--maps '{maps}': Map IDs separated by commas, e.g. 8,3,12") from None
    if ids and roll_maps:
        raise InputError("--maps and --roll-maps: give the Map IDs, or roll them, not both")
    run(rt, save, rules.location_add, How(entered=rolls), type=type_, difficulty=difficulty,
        ao=parse_atmosphere(ao, "--ao"), ai=parse_atmosphere(ai, "--ai"), depth=depth, teleport=teleport,
        special=special.lower() if special else None, species=species, name=name, maps=ids, roll_maps=roll_maps,
        event=event)


@location.command("map")
@save_option
@click.argument("slot", type=picks.LOCATION)
@click.option("--id", "map_id", type=NUMBER, help="The Map ID (default: roll a d20).")
@rolls_option
@pass_rt
def location_map(rt: Runtime, save: str | None, slot: str, map_id: int | None, rolls: tuple[int, ...]) -> None:
    """The next map's ID: roll a d20 as you enter it (or --id N)."""
    from journal.games.kraken import starmap as rules

    run(rt, save, rules.location_map, How(entered=rolls), slot=slot, map_id=map_id)


@location.command("clear")
@save_option
@click.argument("slot", type=picks.LOCATION)
@click.argument("map_no", metavar="MAP", type=NUMBER)
@reason_option
@pass_rt
def location_clear(rt: Runtime, save: str | None, slot: str, map_no: int, reason: str | None) -> None:
    """Underline a cleared map (its number in the Location, 1-9)."""
    from journal.games.kraken import starmap as rules

    run(rt, save, rules.location_clear, How(log_reason=reason), slot=slot, map_no=map_no)


@location.command("solve")
@save_option
@click.argument("slot", type=picks.LOCATION)
@click.option("--reward", type=click.Choice(["four", "two"]),
              help="Four Treasures of difficulty + 1, or two of difficulty + 2.")
@pass_rt
def location_solve(rt: Runtime, save: str | None, slot: str, reward: str | None) -> None:
    """Solved by the last map's exit: XP = maps x difficulty x 2 and the Treasures."""
    from journal.games.kraken import starmap as rules

    run_asking(rt, save, rules.location_solve, slot=slot, reward=reward)


@location.command("remove")
@save_option
@click.argument("slot", type=picks.LOCATION)
@reason_option
@pass_rt
def location_remove(rt: Runtime, save: str | None, slot: str, reason: str | None) -> None:
    """Erase a Location from the log."""
    from journal.games.kraken import starmap as rules

    run(rt, save, rules.location_remove, How(log_reason=reason), slot=slot)


@location.command("generate")
@save_option
@click.option("--generator", "gen_path", metavar="FILE",
              help=f"A LOCATION GENERATOR file (default: your box's, filled in as its tables are rolled; format "
                   f"and a sample: templates:kraken/{GENERATOR_SAMPLE}).")
@click.option("--difficulty", type=NUMBER, help="Without a flight: the Location Difficulty.")
@click.option("--modifications", type=NUMBER, default=0, help="Without a flight: dice modifications.")
@click.option("--roll-maps", is_flag=True, help="Roll every Map ID at the end.")
@click.option("--name", metavar="TEXT", help="Your own label for it.")
@rolls_option
@pass_rt
def location_generate(rt: Runtime, save: str | None, gen_path: str | None, difficulty: int | None,
                      modifications: int, roll_maps: bool, name: str | None, rolls: tuple[int, ...]) -> None:
    """Roll a new Location on your generator tables, value by value."""
    from journal.games.kraken import new_location as rules
    from journal.games.kraken.cli import box

    if gen_path is None:  # the box's: a table's dice and a roll's result asked for as they first come
        gen, info = box.box_generator(rt)
    else:
        from journal.games.kraken.cli.files import stored_path

        gen, info = load_generator(gen_path)
        info["path"] = stored_path(real_path(gen_path))
    out = run(rt, save, rules.location_generate, How(entered=rolls), generator=gen, ref=info, difficulty=difficulty,
              modifications=modifications, roll_maps=roll_maps, name=name)
    box.keep_answers(rt, out)


@location.command("modify", context_settings=NEGATIVES)
@save_option
@click.argument("how", metavar="reroll|+1|-1")
@click.option("--die", type=NUMBER, metavar="N", help="Which die of the value (when it is rolled with several).")
@rolls_option
@pass_rt
def location_modify(rt: Runtime, save: str | None, how: str, die: int | None, rolls: tuple[int, ...]) -> None:
    """Spend a dice modification on the value being defined."""
    from journal.games.kraken import new_location as rules
    from journal.games.kraken.cli import box

    generator, _boxed = box.generator_for(rt, save)
    box.keep_answers(rt, run(rt, save, rules.location_modify, How(entered=rolls), generator=generator, how=how,
                             die=die))


@location.command("accept")
@save_option
@click.option("--roll-maps", is_flag=True, help="Roll every Map ID if this completes the Location.")
@click.option("--name", metavar="TEXT", help="Your own label for it.")
@click.option("--rest", is_flag=True, help="Keep every remaining value as rolled (unused modifications are lost).")
@rolls_option
@pass_rt
def location_accept(rt: Runtime, save: str | None, roll_maps: bool, name: str | None, rest: bool,
                    rolls: tuple[int, ...]) -> None:
    """Keep the value and roll the next table (the last writes the Location)."""
    from journal.games.kraken import new_location as rules
    from journal.games.kraken.cli import box

    generator, _boxed = box.generator_for(rt, save)
    box.keep_answers(rt, run(rt, save, rules.location_accept, How(entered=rolls), generator=generator,
                             roll_maps=roll_maps, name=name, rest=rest))


@location.command("event")
@save_option
@click.argument("text", metavar="SHORT-FORM")
@click.option("--maps", metavar="ID,ID,…", help="Map IDs the event gives.")
@click.option("--roll-maps", is_flag=True, help="Roll every Map ID now.")
@click.option("--name", metavar="TEXT", help="Your own label for it.")
@rolls_option
@pass_rt
def location_event(rt: Runtime, save: str | None, text: str, maps: str | None, roll_maps: bool, name: str | None,
                   rolls: tuple[int, ...]) -> None:
    """A Location an event gives, in the book's short form.

    e.g. "Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / One-way / Kraken"
    """
    from journal.games.kraken import new_location as rules

    ids = []
    if maps:
        try:
            ids = [int(x) for x in maps.replace(" ", "").split(",") if x]
        except ValueError:
            raise InputError(f"--maps '{maps}': Map IDs separated by commas, e.g. 8,3,12") from None
    run(rt, save, rules.location_event, How(entered=rolls), text=text, maps=ids, roll_maps=roll_maps, name=name)


@location.command("check-generator")
@click.argument("file", type=click.Path(dir_okay=False))
@pass_rt
def location_check_generator(rt: Runtime, file: str) -> None:
    """Check a generator file (tables, dice, every roll covered once)."""
    gen, _info = load_generator(file)
    out = [f"{file}: {gen['title'] or '(untitled)'}: OK"]
    for t in gen["tables"]:
        die = f"{t['count'] if t['count'] > 1 else ''}d{t['sides']}"
        out.append(f"  {t['field']} ({die}): " + ", ".join(f"{lo}{'-' + str(hi) if hi != lo else ''} {v}"
                                                           for lo, hi, v in t["rows"]))
    rt.emit(out, gen)

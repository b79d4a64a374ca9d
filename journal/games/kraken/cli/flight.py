"""`journal kraken flight`, `flight-table`, `flight-end`: space flight (chapter 9)."""

from __future__ import annotations

import click

from journal.games.kraken.cli.common import NUMBER, catalogue, rolls_of, run
from journal.games.kraken.cli.files import load_table
from journal.games.kraken.model.constants import FLIGHT_OPTIONS
from journal.options import JournalCommand, reason_option, save_option
from journal.runtime import How, Mode, Runtime, pass_rt
from journal.text import plural


@click.command(cls=JournalCommand)
@save_option
@click.option("--difficulty", type=NUMBER, required=True, help="The Location Difficulty, 1-5.")
@click.option("--option", "options", multiple=True, type=click.Choice(FLIGHT_OPTIONS, case_sensitive=False),
              help="A flight option (one or two).")
@click.option("--stealth", is_flag=True, help="Use the Stealth Skin: flight difficulty -3.")
@click.option("--avoid", is_flag=True, help="Check to avoid the Space Combat (d6 >= flight difficulty, a 1 fails).")
@click.option("--nano-skin", is_flag=True, help="Use the Nano Skin: no Space Combat (and no XP or Credits).")
@click.option("--table", "table_path", metavar="FILE",
              help="Your flight table (default: your box's, `journal kraken box`, else "
                   "templates:kraken/flight-table.toml, the rows the rulebook prints).")
@rolls_of("the avoid d6 (with --avoid)", "the flight number's d3 (a d6 halved) if there is a Space Combat")
@pass_rt
def flight(rt: Runtime, save: str | None, difficulty: int, options: tuple[str, ...], stealth: bool, avoid: bool,
           nano_skin: bool, table_path: str | None, rolls: tuple[int, ...]) -> None:
    """Phase 3: a space flight (chapter 9).

    Flight difficulty from the options, the dice modifications they and your sensors
    earn, the avoid check, and if the Space Combat comes: the flight number (2 ×
    difficulty + d3, at most 19) and the SPACE COMBAT page from the flight table.
    Dice in order: the avoid d6, then the d6 halved for the d3.
    """
    from journal.games.kraken import flight as rules
    from journal.games.kraken.cli import box

    boxed = table_path is None and rt.mode != Mode.DEMO  # the player's own table, filled in as flights come
    table = box.flight_table(rt) if boxed else load_table(table_path)
    out = run(rt, save, rules.flight, How(entered=rolls), difficulty=difficulty, cat=catalogue(), table=table,
              options=[o.lower() for o in options], stealth=stealth, avoid=avoid, nano_skin=nano_skin, box=boxed)
    if boxed:
        box.after_flight(rt, save, out)


@click.command("flight-table", cls=JournalCommand)
@click.option("--table", "table_path", metavar="FILE",
              help="A flight table to check (default: templates:kraken/flight-table.toml).")
@pass_rt
def flight_table(rt: Runtime, table_path: str | None) -> None:
    """Check a flight table and list its rows (flight numbers 3-19)."""
    rows = load_table(table_path)
    missing = ", ".join(str(n) for n in range(3, 20) if n not in rows) or "none"
    out = [f"{plural(len(rows), 'flight')}; missing: {missing}"]
    for n, r in sorted(rows.items()):
        out.append(f"  {n:>2} {r['name']}: timeline {' '.join(r['timeline']) or '-'}; objectives "
                   f"{' '.join(o['check'] + str(o['target']) for o in r['objectives']) or '-'}; enemies "
                   f"{' | '.join(e['spec'] for e in r['enemies']) or '-'}; XP {r['xp']}")
    rt.emit(out, {str(n): r for n, r in sorted(rows.items())})


@click.command("flight-end", cls=JournalCommand)
@save_option
@reason_option
@pass_rt
def flight_end(rt: Runtime, save: str | None, reason: str | None) -> None:
    """Drop the flight under way by hand (its dice modifications are lost)."""
    from journal.games.kraken import flight as rules

    run(rt, save, rules.flight_end, How(log_reason=reason))

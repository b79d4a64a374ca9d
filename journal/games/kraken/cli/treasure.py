"""`journal kraken treasure …` and `treasure-table`: Treasure drops (chapter 14)."""

from __future__ import annotations

import click

from journal.errors import InputError
from journal.games.kraken.cli import names
from journal.games.kraken.cli.common import NEGATIVES, NUMBER, run
from journal.games.kraken.cli.files import TREASURE_TABLE, load_treasure_table
from journal.hints import cmd, say
from journal.options import JournalCommand, OrderedGroup, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt


@click.group(cls=OrderedGroup)
def treasure() -> None:
    """Treasure drops (chapter 14): take, then resolve as the Treasure Table says."""


@treasure.command("add")
@save_option
@click.option("--grade", type=NUMBER, required=True)
@click.option("--count", type=NUMBER, default=1, show_default=True)
@click.option("--from", "source", metavar="TEXT", help="Where it comes from.")
@reason_option
@pass_rt
def treasure_add(rt: Runtime, save: str | None, grade: int, count: int, source: str | None, reason: str | None) -> None:
    """Add Treasure drops by hand (e.g. the reward for solving a Location)."""
    from journal.games.kraken import treasure as rules

    run(rt, save, rules.treasure_add, How(log_reason=reason), grade=grade, count=count, source=source)


@treasure.command("take", context_settings=NEGATIVES)
@save_option
@click.option("--credits", "first", flag_value="credits", help="Credits equal to the grade.")
@click.option("--stimpack", "first", flag_value="stimpack", help="A free Stimpack.")
@click.option("--shift", type=NUMBER, default=0, help="PSI DIVINATION: +3 or -3 on the d20.")
@click.option("--table", "table_path", metavar="FILE",
              help=f"Your Treasure Table (default: templates:kraken/{TREASURE_TABLE}, the cell the rulebook prints).")
@click.option("--column", type=names.TEXT, metavar="NAME",
              help="The table's column (default: the one named like the Location's type).")
@rolls_option
@pass_rt
def treasure_take(rt: Runtime, save: str | None, first: str | None, shift: int, table_path: str | None,
                  column: str | None, rolls: tuple[int, ...]) -> None:
    """The next drop: Credits or a Stimpack, then the Treasure Table d20."""
    from journal.games.kraken import treasure as rules

    if first is None:
        if not rt.can_prompt():
            raise InputError(say("the drop gives Credits or a Stimpack first: ",
                                 cmd("kraken treasure take", credits=True), " or ",
                                 cmd("kraken treasure take", stimpack=True)))
        first = rt.pick("Credits or a Stimpack", ["credits", "stimpack"])
    table = load_treasure_table(table_path)
    run(rt, save, rules.treasure_take, How(entered=rolls), first=first, shift=shift, table=table,
        column=column_of(table, column))


for _kind, _help in (("cash", "Extra cash: d6 1-5 half the grade's value, 6 all."),
                     ("item", "An Item: d6 for the row."),
                     ("weapon", "A Weapon: d6 for the row."),
                     ("ammo", "Ammo for this grade (or two of lower grades)."),
                     ("prototype", "A Prototype: d6 row, d6 effect.")):
    def _make_treasure(kind: str, help_text: str) -> click.Command:
        @treasure.command(kind, help=help_text)
        @save_option
        @click.option("--value", type=NUMBER, help="cash: the grade's value, if journal does not know it.")
        @click.option("--as", "proto", type=click.Choice(["item", "weapon"], case_sensitive=False),
                      help="prototype: what the d20 gave.")
        @click.option("--table", "table_path", metavar="FILE", help="prototype: your Treasure Table.")
        @click.option("--column", type=names.TEXT, metavar="NAME", help="prototype: the table's column.")
        @rolls_option
        @pass_rt
        def _cmd(rt: Runtime, save: str | None, value: int | None, proto: str | None, table_path: str | None,
                 column: str | None, rolls: tuple[int, ...]) -> None:
            from journal.games.kraken import treasure as rules

            table = load_treasure_table(table_path) if kind == "prototype" else None
            run(rt, save, rules.treasure_resolve, How(entered=rolls), kind=kind, value=value,
                proto=proto, table=table, column=column_of(table, column) if table else None)
        return _cmd
    _make_treasure(_kind, _help)


def column_of(table: dict, column: str | None) -> str | None:
    """The column of the Treasure Table a command named (in any case)."""
    if column is None or not table.get("columns"):
        return column
    from journal.lookup import find

    return find(table["columns"], column, "column", "--column")


@click.command("treasure-table", cls=JournalCommand)
@click.option("--table", "table_path", metavar="FILE", help=f"Default: templates:kraken/{TREASURE_TABLE}.")
@pass_rt
def treasure_table(rt: Runtime, table_path: str | None) -> None:
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
@reason_option
@pass_rt
def treasure_discard(rt: Runtime, save: str | None, reason: str | None) -> None:
    """Drop the next Treasure drop by hand."""
    from journal.games.kraken import treasure as rules

    run(rt, save, rules.treasure_discard, How(log_reason=reason))

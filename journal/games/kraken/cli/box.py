"""`journal kraken box`: the player's own FLIGHT TABLE and LOCATION GENERATOR, entered as they come.

The box lives in the saves folder, in `box/kraken/flight-table.toml`, in the format of
templates/kraken/flight-table.toml (so it can be shared, or named with `flight --table`). The
rows the rulebook prints (flights 3 and 4) come with journal; the others are typed once, the
first time a flight of that number comes: on a terminal `flight` asks for the row and fills the
SPACE COMBAT page with it; elsewhere the page waits and the output names the one command that
records the row (`journal kraken box flight N ...`), which fills the page too. Every later
campaign finds the row in the box.

`journal kraken flight` without `--table` reads the shipped rows and the box's (the box's win).

The LOCATION GENERATOR is the same: `box/kraken/location-generator.toml`, in the format of
templates/kraken/location-generator-sample.toml, a table's dice and each roll's result typed the
first time they are rolled (`location generate` without --generator, then `modify` and `accept`:
a terminal asks, a script is told `journal kraken box table` or `box result`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from journal import box as box_files
from journal.errors import InputError, JournalError, RuleError, typed
from journal.games.kraken.model import flight_table as ft
from journal.hints import cmd
from journal.options import OrderedGroup
from journal.games.kraken.model.constants import GEN_FIELDS as GEN_FIELDS_CHOICE
from journal.runtime import Mode, Runtime, asked_until_read, pass_rt
from journal.text import wrap

if TYPE_CHECKING:
    from journal.outcome import Outcome

FLIGHTS = "flight-table.toml"
GENERATOR = "location-generator.toml"
GENERATOR_TITLE = "Your LOCATION GENERATOR (kept by journal as its tables are rolled)"
HEADER = ("# Your own Space Kraken FLIGHT TABLE, kept by journal for every campaign (see `journal kraken box`).\n"
          "# The format of templates:kraken/flight-table.toml: share it, or fly with it as a --table FILE.\n\n")
GEN_HEADER = ("# Your own Space Kraken LOCATION GENERATOR, kept by journal as its tables are rolled (see `journal "
              "kraken box`).\n# The format of templates:kraken/location-generator-sample.toml: each table's dice, and the result "
              "of each\n# roll typed so far (a roll not here is asked for the first time it comes).\n\n")
RECORD = cmd("kraken box flight", "N", name="NAME", timeline="CELLS", objective="X", enemy="SPEC", xp="N")


def folder(rt: Runtime) -> str:
    return box_files.folder(rt, "kraken")


def path_of(rt: Runtime, name: str = FLIGHTS) -> str:
    return os.path.join(folder(rt), name)


def read_doc(rt: Runtime, name: str = FLIGHTS) -> dict:
    """A file of the box as written ({} when there is none)."""
    return box_files.read(path_of(rt, name)) or {}


def rows_of(doc: dict, source: str) -> dict:
    """The rows of a flight table document, each checked ({N: row})."""
    if not doc:
        return {}
    rows, problems = ft.parse_table(doc, source)
    if problems:
        raise RuleError(problems[0])
    return rows


def shipped_rows() -> dict:
    from journal.games.kraken.cli.files import load_table

    return load_table(None)


def flight_table(rt: Runtime) -> dict:
    """What `flight` reads without --table once there is a box: the shipped rows, then the box's."""
    return {**shipped_rows(), **rows_of(read_doc(rt), path_of(rt))}


def record(rt: Runtime, number: int, row: dict) -> None:
    """Keep a row (in the file's form) in the box's flight table."""
    def change(doc: dict) -> dict:
        flights = doc.setdefault("flights", {})
        flights[str(number)] = row
        doc["flights"] = dict(sorted(flights.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0))
        return doc
    update(rt, FLIGHTS, change)


def update(rt: Runtime, name: str, change: Callable[[dict], dict]) -> dict:
    """Read a file of the box, change it (`change(doc) -> doc`, refusing bad input before anything
    is written), check it whole and write it (journal/box.py)."""
    def layout(doc: dict) -> tuple[str, str]:
        if name == FLIGHTS:
            rows_of(doc, path_of(rt, name))
            return HEADER, table_text(doc)
        generator_of(doc, path_of(rt, name))
        return GEN_HEADER, generator_text(doc)

    return box_files.update(rt, path_of(rt, name), change, layout)


def toml_value(v: object) -> str:
    """A value on one line (strings as JSON writes them, which TOML reads the same)."""
    import json

    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{toml_value(str(k))} = {toml_value(x)}" for k, x in v.items()) + " }" if v else "{}"
    return json.dumps(v, ensure_ascii=False) if isinstance(v, str) else str(v)


def table_text(doc: dict) -> str:
    """The flight table as the shipped file writes it: a [flights.N] table a row, arrays on one line."""
    return "\n".join(f"[flights.{n}]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in row.items())
                     for n, row in doc.get("flights", {}).items())


def checked_row(number: int, row: dict) -> dict:
    """A row as typed, checked as a flight table file's row is: {N: the row journal uses}."""
    if not 3 <= number <= ft.MAX_FLIGHT_NUMBER:
        raise InputError(f"N {number}: a flight number is 3-{ft.MAX_FLIGHT_NUMBER}")
    rows, problems = ft.parse_table({"flights": {str(number): row}}, "the row")
    if problems:
        raise InputError(problems[0].replace(f"the row: flights.{number}: ", "").replace(f"the row: flights.{number}.",
                                                                                          "--"))
    return rows[number]


# --- the LOCATION GENERATOR ----------------------------------------------------------------------

def generator_of(doc: dict, source: str) -> dict:
    """The box's generator as the rules read it: every Location value's table in the book's order
    (GEN_FIELDS), a table whose dice are not known yet without them, and the results typed so far."""
    from journal.games.kraken import new_location as rules
    from journal.games.kraken.model.constants import GEN_FIELDS

    gen, problems = rules.parse_generator(doc, source, partial=True)
    if problems:
        raise RuleError(problems[0])
    by_field = {t["field"]: t for t in gen["tables"]}
    tables = [by_field.get(f) or {"field": f, "count": None, "sides": None, "rows": []} for f in GEN_FIELDS]
    return {"title": gen["title"] or GENERATOR_TITLE, "tables": tables}


def box_generator(rt: Runtime) -> tuple[dict, dict]:
    """The box's generator and how a generation's save names it (its path, SHA-256, title)."""
    from hashlib import sha256

    from journal import files
    from journal.games.kraken.cli.files import stored_path

    path = path_of(rt, GENERATOR)
    try:
        data = files.read_bytes(path, path, RuleError)
    except (FileNotFoundError, NotADirectoryError):
        data = b""
    gen = generator_of(files.toml_of(data, path, RuleError) if data else {}, path)
    return gen, {"path": stored_path(os.path.abspath(path)), "sha256": sha256(data).hexdigest(), "title": gen["title"]}


def generator_for(rt: Runtime, save: str | None) -> tuple[dict, bool]:
    """The generator of the generation under way: the box's, read again (it grows as its rolls come;
    True), or the file it began with, checked unchanged (False)."""
    from journal.games.kraken.cli.files import campaign_generator, real_path

    state = rt.current_state(save)
    ref = ((state.get("flight") or {}).get("generation") or {}).get("generator") if isinstance(state, dict) else None
    if ref and os.path.realpath(real_path(ref["path"])) == os.path.realpath(path_of(rt, GENERATOR)):
        return box_generator(rt)[0], True
    return campaign_generator(rt, save), False


def keep_answers(rt: Runtime, out: Outcome) -> None:
    """The parts of the generator the player typed as they were rolled, kept in the box."""
    answers = out.data.get("answers")
    if not answers:
        return
    update(rt, GENERATOR, lambda doc: with_answers(doc, answers))
    click.echo("\n".join(wrap([f"Kept in your box ({path_of(rt, GENERATOR)}) for every later Location."])))


def with_answers(doc: dict, answers: dict) -> dict:
    """The generator file with the answers written in (a table's dice, a roll's result)."""
    from journal.games.kraken import new_location as rules
    from journal.games.kraken.model.constants import GEN_FIELDS

    doc.setdefault("generator", {"title": GENERATOR_TITLE})
    tables = doc.setdefault("tables", [])
    for key, text in answers.items():
        field, _sep, what = key.partition(":")
        t = next((t for t in tables if isinstance(t, dict) and t.get("field") == field), None)
        if t is None:
            t = {"field": field, "dice": "", "results": {}}
            tables.append(t)
        if what == "dice":
            t["dice"] = str(text).strip().lower()
        else:
            t.setdefault("results", {})[what] = rules.normal_value(field, text)
    tables.sort(key=lambda t: GEN_FIELDS.index(t["field"]) if t.get("field") in GEN_FIELDS else len(GEN_FIELDS))
    return doc


def generator_text(doc: dict) -> str:
    """The generator as the sample writes it: [generator], then a [[tables]] a Location value."""
    head = doc.get("generator", {})
    out = ["[generator]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in head.items())]
    for t in doc.get("tables", []):
        out.append("[[tables]]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in t.items()))
    return "\n".join(out)


# --- asked on a terminal, as the flight comes ---------------------------------------------------

def cells(text: str) -> list[str]:
    return [c.strip() for c in text.split(",")] if text.strip() else []


def whole(text: str) -> int:
    if not text.isdigit() or len(text) > 9:
        raise InputError(f"{typed(text)}: expected a whole number, 0 or more (at most 9 digits)")
    return int(text)


def ask_row(rt: Runtime, number: int) -> dict:
    """The row of flight `number`, typed from the book's FLIGHT TABLE (the prompt of the dice)."""
    read = rt.dice_asker().read_line
    click.echo("\n".join(wrap([f"Flight {number} is not in your box yet: type its row from the FLIGHT TABLE "
                                f"(Ctrl-C: the flight stands, its page stays empty)."])))

    def name(text: str) -> str:
        if not text:
            raise InputError("the flight's name, as the table prints it")
        return text

    def timeline(text: str) -> list[str]:
        ft.parse_timeline(cells(text))
        return cells(text)

    def objectives(text: str) -> list[str]:
        for o in cells(text):
            ft.parse_objective(o)
        return cells(text)

    def enemy(text: str) -> str:
        if text:
            ft.parse_enemy(text)
        return text

    row: dict = {"name": asked_until_read(read, f"Flight {number} name", name),
                 "timeline": asked_until_read(read, f"Flight {number} timeline (cells, e.g. -,-,V; Enter: none)",
                                              timeline),
                 "objectives": asked_until_read(read, f"Flight {number} objectives (e.g. T7,T9; Enter: none)",
                                                objectives),
                 "enemies": []}
    while len(row["enemies"]) < 4:
        spec = asked_until_read(read, f"Flight {number} enemy {len(row['enemies']) + 1} (e.g. Mine 3-0, 5, 0-0; "
                                      f"Enter: no more)", enemy)
        if not spec:
            break
        row["enemies"].append(spec)
    row["xp"] = asked_until_read(read, f"Flight {number} XP", whole)
    return row


def after_flight(rt: Runtime, save: str | None, out: Outcome) -> None:
    """A flight into a Space Combat whose row the box lacks: on a terminal, ask for the row, keep it
    in the box and fill the page (its own log entry); elsewhere the flight's output named the
    command that records it."""
    number = out.data.get("number")
    if not out.data.get("combat") or out.data.get("name") or number is None:
        return
    if not rt.can_prompt() or rt.mode == Mode.DEMO:
        return
    row = ask_row(rt, number)
    fill(rt, save, number, row)


def fill(rt: Runtime, save: str | None, number: int, row: dict) -> None:
    """Keep the row in the box, and fill the campaign's page of that flight with it."""
    from journal.games.kraken import flight as rules
    from journal.games.kraken.cli.common import catalogue, run

    parsed = checked_row(number, row)
    record(rt, number, row)
    run(rt, save, rules.flight_row, number=number, row=parsed, cat=catalogue(),
        note=f"Flight {number} {row['name']} is kept in your box ({path_of(rt)}) for every later campaign.")


def waiting_for(rt: Runtime, save: str | None, number: int) -> bool:
    """Whether the campaign (-s, or the current one) waits for flight `number`'s row: its SPACE
    COMBAT page is that flight's, still empty."""
    if not (save or rt.has_save()):
        return False
    try:
        state = rt.current_state(save)
    except (JournalError, click.ClickException):
        return False
    c = state.get("combat") or {}
    return (c.get("number") == number and not c.get("timeline") and not c.get("objectives")
            and not c.get("enemies") and c.get("turn") == 1 and c.get("step") == "timeline")


# --- the commands -------------------------------------------------------------------------------

@click.group(cls=OrderedGroup, invoke_without_command=True)
@pass_rt
@click.pass_context
def box(ctx: click.Context, rt: Runtime) -> None:
    """Your own FLIGHT TABLE, entered once for every campaign: the rows it holds and lacks.

    A row is asked for the first time its flight comes (a script is told the command that
    records it, which fills the SPACE COMBAT page too).
    """
    if ctx.invoked_subcommand is None:
        show_box(rt)


def show_box(rt: Runtime) -> None:
    shipped = shipped_rows()
    yours = rows_of(read_doc(rt), path_of(rt))
    missing = [n for n in range(3, ft.MAX_FLIGHT_NUMBER + 1) if n not in shipped and n not in yours]
    lines = [f"Your Space Kraken box ({folder(rt)}):",
             "Flight table: " + ", ".join(
                 [f"{n} {r['name']} ({'yours' if n in yours else 'the book, shipped'})"
                  for n, r in sorted({**shipped, **yours}.items())])]
    if missing:
        lines.append(f"  not yet: {', '.join(map(str, missing))}: each is asked for as its flight comes; or {RECORD}")
    gen = box_generator(rt)[0]
    lines.append("LOCATION GENERATOR (each roll asked for the first time it comes; or "
                 f"{cmd('kraken box table', 'FIELD', dice='DICE')}, {cmd('kraken box result', 'FIELD', 'ROLL', 'VALUE')}):")
    lines += [f"  {line}" for line in generator_lines(gen)]
    rt.emit(lines, {"folder": folder(rt), "flights": {"shipped": sorted(shipped), "yours": sorted(yours),
                                                      "missing": missing},
                    "generator": {t["field"]: generator_data(t) for t in gen["tables"]}})


def rolls(t: dict) -> list[int]:
    """Every total a table's dice can show."""
    return list(range(t["count"], t["count"] * t["sides"] + 1)) if t["sides"] else []


def entered(t: dict) -> list[int]:
    return [n for n in rolls(t) if any(lo <= n <= hi for lo, hi, _v in t["rows"])]


def generator_lines(gen: dict) -> list[str]:
    out = []
    for t in gen["tables"]:
        if t["sides"] is None:
            out.append(f"{t['field']}: its dice are not entered yet")
            continue
        from journal.games.kraken.new_location import dice_text

        out.append(f"{t['field']} ({dice_text(t)}): {len(entered(t))} of {len(rolls(t))} rolls entered")
    return out


def generator_data(t: dict) -> dict:
    if t["sides"] is None:
        return {"dice": None, "entered": [], "missing": []}
    done = entered(t)
    return {"dice": f"{t['count'] if t['count'] > 1 else ''}d{t['sides']}", "entered": done,
            "missing": [n for n in rolls(t) if n not in done]}


@box.command("flight")
@click.argument("number", metavar="N", type=int)
@click.option("--name", required=True, metavar="NAME", help="The flight's name, as the table prints it.")
@click.option("--timeline", default="", metavar="CELLS", help="Its timeline cells, left to right: -,-,V.")
@click.option("--objective", "objectives", multiple=True, metavar="X",
              help="An objective, e.g. T7 (repeat, in order; up to 4).")
@click.option("--enemy", "enemies", multiple=True, metavar="SPEC",
              help='An enemy as printed, e.g. "Mine 3-0, 5, 0-0" (repeat; up to 4).')
@click.option("--xp", required=True, type=int, metavar="N", help="Its XP (and as many Credits).")
@click.option("-s", "--save", "save", metavar="SAVE", help="The campaign whose SPACE COMBAT page waits for it.")
@pass_rt
def box_flight(rt: Runtime, number: int, name: str, timeline: str, objectives: tuple[str, ...],
               enemies: tuple[str, ...], xp: int, save: str | None) -> None:
    """Record a row of your FLIGHT TABLE (it fills the SPACE COMBAT page that waits for it)."""
    row = {"name": " ".join(name.split()), "timeline": cells(timeline), "objectives": list(objectives),
           "enemies": list(enemies), "xp": xp}
    parsed = checked_row(number, row)
    if waiting_for(rt, save, number):
        fill(rt, save, number, row)
        return
    record(rt, number, row)
    rt.emit([f"Flight {number} {parsed['name']}: kept in your box ({path_of(rt)}) for every campaign."],
            {"number": number, **parsed})


@box.command("table")
@click.argument("field", type=click.Choice(GEN_FIELDS_CHOICE, case_sensitive=False))
@click.option("--dice", required=True, metavar="DICE", help="Its dice, as the LOCATION GENERATOR prints them: d6, 2d6...")
@pass_rt
def box_table(rt: Runtime, field: str, dice: str) -> None:
    """Record the dice of a table of your LOCATION GENERATOR."""
    field = field.lower()
    doc = update(rt, GENERATOR, lambda doc: with_answers(doc, {f"{field}:dice": dice}))
    t = next(t for t in generator_of(doc, path_of(rt, GENERATOR))["tables"] if t["field"] == field)
    rt.emit([f"The {field} table rolls {dice.strip().lower()}: kept in your box ({path_of(rt, GENERATOR)})."],
            {"field": field, **generator_data(t)})


@box.command("result")
@click.argument("field", type=click.Choice(GEN_FIELDS_CHOICE, case_sensitive=False))
@click.argument("roll", type=int)
@click.argument("value")
@pass_rt
def box_result(rt: Runtime, field: str, roll: int, value: str) -> None:
    """Record what a roll of a table of your LOCATION GENERATOR gives (its dice first)."""
    from journal.games.kraken import new_location as rules

    field = field.lower()
    t = next(t for t in box_generator(rt)[0]["tables"] if t["field"] == field)
    if t["sides"] is None:
        raise InputError(f"the {field} table's dice are not in your box yet: record them first with "
                         f"{cmd('kraken box table', field, dice='DICE')}")
    if roll not in rolls(t):
        raise InputError(f"ROLL {roll}: {rules.dice_text(t)} rolls {rolls(t)[0]}-{rolls(t)[-1]}")
    if rules.normal_value(field, value) is None:
        raise InputError(f"VALUE {typed(value)} is no {field}: "
                         + (', '.join(rules.VALUE_CHOICES[field]) if field in rules.VALUE_CHOICES
                            else rules.VALUE_HINT.get(field, "a name")))
    update(rt, GENERATOR, lambda doc: with_answers(doc, {f"{field}:{roll}": value}))
    shown = rules.normal_value(field, value)
    rt.emit([f"The {field} for {rules.dice_text(t)} = {roll}: {shown}, kept in your box ({path_of(rt, GENERATOR)})."],
            {"field": field, "roll": roll, "value": shown})

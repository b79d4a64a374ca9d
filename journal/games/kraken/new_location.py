"""Chapter 12, Creating a new location: the LOCATION GENERATOR and an event's short form.

The generator's tables are the book's and are not in our copy, so a player supplies them
in a generator file (format in templates/kraken/location-generator-sample.toml; the CLI
parses it and passes the tables in). Each table is rolled in order; dice modifications (a
re-roll, or +1/-1 on one die) are spent on the value being defined before going on. An
event's Location is recorded from the book's short form
``Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / One-way / Kraken``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, cast

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.kraken.cgm import SLOTS
from journal.games.kraken.model.campaign import copy_state, refuse_if_over
from journal.games.kraken.model.commands import LOCATION_GENERATE
from journal.games.kraken.model.constants import ATMOSPHERES, GEN_FIELDS, MAX_DEPTH, MIN_DEPTH, SPECIALS, SPECIES
from journal.games.kraken.model.locations import describe_location, location_capacity, parse_atmosphere, parse_species
from journal.games.kraken.starmap import location_add
from journal.hints import cmd, say
from journal.outcome import Outcome
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

# --- the short form (ch. 12) ------------------------------------------------------------------
_KEYED = re.compile(r"(dif(?:ficulty)?|ao|ai|depth|telep(?:ort)?|maps?|map\s*ids?)\s*\.?\s*:?\s*(.*)", re.IGNORECASE)
SHORT_HINT = ("expected the book's short form, e.g. \"Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / "
              "Telep.: 4 / One-way / Kraken\" (optionally \"/ Maps: 8, 3, 12\")")


def parse_short(text) -> dict:
    """'Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / One-way / Kraken'
    → the Location's values (maps: the Map IDs if some follow)."""
    parts = [p.strip() for p in str(text).split("/")]
    parts = [p for p in parts if p]
    if len(parts) < 7:
        raise InputError(f"'{text}' is not a Location: {SHORT_HINT}")
    loc: dict = {"type": parts[0]}
    rest = parts[1:]
    for p in rest:
        m = _KEYED.fullmatch(p)
        if m:
            _keyed_value(loc, p, m)
        else:
            _plain_value(loc, p, text)
    missing = [k for k in ("difficulty", "ao", "ai", "depth", "teleport", "species") if k not in loc]
    if missing:
        raise InputError(f"'{text}' has no {missing[0]}: {SHORT_HINT}")
    return loc


def _keyed_value(loc: dict, p: str, m: re.Match) -> None:
    """A value the short form names: Dif., AO, AI, Depth, Telep., Maps."""
    key, value = m[1].lower().replace(" ", ""), m[2].strip()
    if key.startswith("map"):
        ids = [x for x in re.split(r"[\s,]+", value) if x]
        try:
            loc["maps"] = [int(x) for x in ids]
        except ValueError:
            raise InputError(f"'{p}': Map IDs are numbers 1-20") from None
        return
    if key in ("ao", "ai"):
        loc[key] = parse_atmosphere(value, key.upper())
        return
    try:
        n = int(value)
    except ValueError:
        raise InputError(f"'{p}': expected a number after {m[1]}") from None
    loc[{"dif": "difficulty", "difficulty": "difficulty", "depth": "depth"}.get(key, "teleport")] = n


def _plain_value(loc: dict, p: str, text) -> None:
    """A value the short form gives unnamed: a special condition, the Map IDs, the species."""
    low = p.casefold().replace(" ", "-")
    if low in SPECIALS:
        if "special" in loc:
            raise InputError(f"'{text}': two special conditions")
        loc["special"] = low
        return
    if re.fullmatch(r"[\d\s,]+", p):
        loc["maps"] = [int(x) for x in re.split(r"[\s,]+", p) if x]
        return
    if "species" in loc:
        raise InputError(f"'{p}' is not a Location value: {SHORT_HINT}")
    loc["species"] = parse_species(p)


def location_event(state: State, dice, text: str, maps=(), roll_maps: bool = False, name: str | None = None
                   ) -> Outcome:
    """Ch. 12: a Location an event gives, in the book's short form; its values are fixed
    (no dice modifications). Map IDs that follow are copied, else rolled (now with
    `roll_maps`, or as each map is entered)."""
    loc = parse_short(text)
    ids = list(maps) or loc.get("maps", [])
    if maps and loc.get("maps"):
        raise InputError("the short form carries Map IDs already: they are not given twice")
    return location_add(state, dice, type=loc["type"], difficulty=loc["difficulty"], ao=loc["ao"], ai=loc["ai"],
                        depth=loc["depth"], teleport=loc["teleport"], species=loc["species"],
                        special=loc.get("special"), name=name, maps=ids, roll_maps=roll_maps, event=True)


# --- the LOCATION GENERATOR (ch. 12) --------------------------------------------------------------
_RANGE = re.compile(r"\s*(-?\d+)\s*(?:-\s*(-?\d+)|(\+))?\s*")
_DICE = re.compile(r"(\d*)d(\d+)", re.IGNORECASE)


def parse_generator(doc: dict, source: str = "generator", partial: bool = False) -> tuple[dict, list[str]]:
    """A generator file: [generator] title; [[tables]] field, dice ("d6", "2d6", "d20"),
    results {"1-2" = VALUE, "6+" = VALUE}. → ({title, tables}, problems). `partial`: the player's
    box, filled in as its tables are rolled: a table may lack results, a value its table."""
    problems: list[str] = []
    head = doc.get("generator")
    head = head if isinstance(head, dict) else {}
    title = head.get("title") if isinstance(head.get("title"), str) else ""
    tables = doc.get("tables", [] if partial else None)
    if not isinstance(tables, list) or not (tables or partial):
        return {"title": title, "tables": []}, [f"{source}: expected [[tables]] (one per Location value, in order)"]
    out: list[dict] = []
    seen: set[str] = set()
    for i, t in enumerate(tables, 1):
        table = _generator_table(t, f"{source}: tables[{i}]", seen, problems, partial)
        if table is not None:
            out.append(table)
    if partial:
        return {"title": title, "tables": out}, problems
    for need in ("type", "ao", "ai", "depth", "teleport", "species"):
        if need not in seen:
            problems.append(f"{source}: no table for the {need} (a Location needs type, ao, ai, depth, teleport "
                            f"and species; special is optional)")
    return {"title": title, "tables": out}, problems


def _generator_table(t: object, where: str, seen: set, problems: list[str], partial: bool = False) -> dict | None:
    """One [[tables]] entry: the Location value it rolls (each once), its dice, its results."""
    if not isinstance(t, dict):
        problems.append(f"{where} is not a table")
        return None
    unknown = set(t) - {"field", "dice", "results", "note"}
    if unknown:
        problems.append(f"{where}.{min(unknown)} is not a known key: expected field, dice, results, note")
    field = t.get("field")
    if field not in GEN_FIELDS:
        problems.append(f"{where}.field = {field!r}: one of {', '.join(GEN_FIELDS)}")
        return None
    if field in seen:
        problems.append(f"{where}.field = {field}: the {field} has a table already")
    seen.add(field)
    m = _DICE.fullmatch(str(t.get("dice", "")).strip())
    if not m or not 1 <= int(m[1] or 1) <= 6 or int(m[2]) not in (3, 4, 6, 8, 10, 12, 20):
        problems.append(f"{where}.dice = {t.get('dice')!r}: e.g. d6, 2d6, d20 (1-6 dice)")
        return None
    count, sides = int(m[1] or 1), int(m[2])
    results = t.get("results", {} if partial else None)
    if not isinstance(results, dict) or not (results or partial):
        problems.append(f"{where}.results: a table of \"roll\" = value (\"1-2\" = \"YES\", \"6+\" = 9)")
        return None
    rows = _result_rows(field, results, where, problems)
    _every_roll_once(rows, count, sides, where, problems, partial)
    return {"field": field, "count": count, "sides": sides, "rows": rows}


def _every_roll_once(rows: list[list], count: int, sides: int, where: str, problems: list[str],
                     partial: bool = False) -> None:
    """Every total the dice can roll matches exactly one result (`partial`: at most one)."""
    for total in range(count, count * sides + 1):
        hits = [r for r in rows if r[0] <= total <= r[1]]
        if len(hits) > 1 or (len(hits) == 0 and not partial):
            problems.append(f"{where}: a roll of {total} matches {plural(len(hits), 'result')}: every roll of "
                            f"{count if count > 1 else ''}d{sides} needs exactly one")
            break


def _result_rows(field: str, results: dict, where: str, problems: list[str]) -> list[list]:
    """The results of a table as [lo, hi, value] rows (a roll is N, N-M or N+; the value fits the field)."""
    rows = []
    for key, value in results.items():
        r = _RANGE.fullmatch(str(key))
        if not r:
            problems.append(f"{where}.results.{key!r}: a roll is N, N-M or N+")
            continue
        lo = int(r[1])
        hi = int(r[2]) if r[2] else (999 if r[3] else lo)
        if hi < lo:
            problems.append(f"{where}.results.{key!r}: the range is backwards")
            continue
        bad = _check_value(field, value)
        if bad:
            problems.append(f"{where}.results.{key!r} = {value!r}: {bad}")
            continue
        rows.append([lo, hi, _norm_value(field, value)])
    return rows


def _check_value(field: str, value) -> str | None:
    if field in ("depth", "teleport"):
        return _check_number(field, value)
    if not isinstance(value, str) or not value.strip():
        return "a name"
    if field in ("ao", "ai") and value.strip().upper() not in ATMOSPHERES:
        return "YES, NO or HELL"
    if field == "special" and value.strip().lower() not in SPECIALS + ("none",):
        return f"none, {', '.join(SPECIALS)}"
    if field == "species":
        try:
            parse_species(value)
        except InputError:
            return f"one of {', '.join(SPECIES)}"
    return None


def _check_number(field: str, value) -> str | None:
    """A depth (MIN_DEPTH-MAX_DEPTH) or a teleport range (0-MAX_DEPTH), a whole number."""
    if isinstance(value, bool) or not isinstance(value, int):
        return "a whole number"
    if field == "depth" and not MIN_DEPTH <= value <= MAX_DEPTH:
        return f"a depth is {MIN_DEPTH}-{MAX_DEPTH}"
    if field == "teleport" and not 0 <= value <= MAX_DEPTH:
        return f"a teleport range is 0-{MAX_DEPTH}"
    return None


def _norm_value(field: str, value):
    if field in ("ao", "ai"):
        return value.strip().upper()
    if field == "special":
        return value.strip().lower()
    if field == "species":
        return parse_species(value)
    return value.strip() if isinstance(value, str) else value


def _lookup(table: dict, dice_faces: list[int]):
    total = sum(dice_faces)
    for lo, hi, value in table["rows"]:
        if lo <= total <= hi:
            return value
    raise MissingResult(table["field"], total, dice_text(table))  # the box's: a file's tables cover every roll


def dice_text(table: dict) -> str:
    return f"{table['count'] if table['count'] > 1 else ''}d{table['sides']}"


VALUE_CHOICES = {"ao": list(ATMOSPHERES), "ai": list(ATMOSPHERES), "special": ["none", *SPECIALS],
                 "species": list(SPECIES)}
VALUE_HINT = {"type": "a name, e.g. Mining Station", "depth": f"{MIN_DEPTH}-{MAX_DEPTH}",
              "teleport": f"0-{MAX_DEPTH}"}


class MissingResult(NeedChoice):
    """A part of the player's own LOCATION GENERATOR (their box, filled in as its tables are rolled)
    not entered yet: a table's dice (`total` None), or the result of a roll. On a terminal the
    runtime asks for it and runs the command again with the dice typed so far (`answers`, which
    the command then keeps in the box); in a script it is refused naming the command that records
    it."""

    def __init__(self, field: str, total: int | None = None, dice: str = "", problem: str = ""):
        if total is None:
            what = f"the {field} table's dice"
            record = cmd("kraken box table", field, dice="DICE")
            prompt = f"{problem}The {field} table's dice, as your LOCATION GENERATOR prints them (e.g. d6, 2d6)"
        else:
            what = f"the {field} for {dice} = {total}"
            record = cmd("kraken box result", field, total, "VALUE")
            hint = VALUE_HINT.get(field)
            prompt = f"{problem}The {field} for {dice} = {total}" + (f" ({hint})" if hint else "")
        super().__init__(say(f"{problem}{what} {'is' if total is not None else 'are'} not in your box yet: record "
                             f"{'it' if total is not None else 'them'} with ", record,
                             ", then run this command again"), "--answer", VALUE_CHOICES.get(field, [])
                         if total is not None else [], prompt, param="answers")
        self.key = f"{field}:{'dice' if total is None else total}"

    def answer(self, params: dict, value: str, param: str | None = None) -> None:
        params["answers"] = {**(params.get("answers") or {}), self.key: value}


def with_answers(generator: dict, answers: dict | None) -> dict:
    """The generator with the parts the player typed as they were rolled (`answers`, "FIELD:dice"
    or "FIELD:TOTAL" -> the text typed), each checked as a generator file's: a wrong one is asked
    for again."""
    if not answers:
        return generator
    tables = [dict(t, rows=list(t["rows"])) for t in generator["tables"]]
    for key, text in answers.items():
        field, _sep, what = key.partition(":")
        table = next(t for t in tables if t["field"] == field)
        if what == "dice":
            m = _DICE.fullmatch(str(text).strip())
            if not m or not 1 <= int(m[1] or 1) <= 6 or int(m[2]) not in (3, 4, 6, 8, 10, 12, 20):
                raise MissingResult(field, problem=f"{text!r} is not dice (1-6 dice of 3, 4, 6, 8, 10, 12 or 20 "
                                                   f"sides, e.g. d6, 2d6). ")
            table["count"], table["sides"] = int(m[1] or 1), int(m[2])
            continue
        value = box_value(field, text)
        bad = _check_value(field, value)
        if bad:
            raise MissingResult(field, int(what), dice_text(table), problem=f"{text!r}: {bad}. ")
        table["rows"].append([int(what), int(what), _norm_value(field, value)])
    return {**generator, "tables": tables}


def normal_value(field: str, text: object) -> object:
    """A value typed for the box, as a generator file holds it (checked: None when it is no value
    of `field`)."""
    value = box_value(field, text)
    return None if _check_value(field, value) else _norm_value(field, value)


def box_value(field: str, text: object) -> object:
    """A value typed for the box: a whole number for a depth or a teleport range, text otherwise."""
    if field in ("depth", "teleport") and isinstance(text, str) and text.strip().isdigit():
        return int(text.strip())
    return text


def _gen(s: State, generator: dict | None = None) -> tuple[dict, dict]:
    """The flight and its generation; with its `generator`, checked against it: each table before
    the current one defined its value (a hand edit may have broken it: refused, never a crash)."""
    f = s.get("flight")
    g = f.get("generation") if f else None
    if not f or not g:
        raise RuleError(say("no Location is being generated (", LOCATION_GENERATE, ")"))
    if generator is not None:
        tables = generator["tables"]
        if g["table"] >= len(tables):
            raise RuleError(f"state.flight.generation.table = {g['table']}: the generator's tables are 0 to "
                            f"{len(tables) - 1}")
        missing = [t["field"] for t in tables[:g["table"]] if t["field"] not in g["values"]]
        if missing:
            raise RuleError(f"state.flight.generation.table = {g['table']}, but state.flight.generation.values has "
                            f"no {missing[0]}, which an earlier table of the generator defines")
    return f, g


def _left(f: dict, g: dict) -> int:
    return max(0, f["modifications"] - g["spent"])


def location_generate(state: State, dice, generator: dict, ref: dict, difficulty: int | None = None,
                      modifications: int = 0, roll_maps: bool = False, name: str | None = None,
                      answers: dict | None = None) -> Outcome:
    """Ch. 12: roll the generator's tables in order for the Location the flight found; with
    dice modifications left, each value waits for `location modify` / `location accept`.
    `answers`: what the player typed for their box's tables as they came (MissingResult)."""
    generator = with_answers(generator, answers)
    s = copy_state(state)
    refuse_if_over(s)
    if s.get("combat"):
        raise RuleError("finish the Space Combat first")
    f = s.get("flight")
    if f is None:
        if difficulty is None:
            raise RuleError(say("no flight found a new Location: fly first (", cmd("kraken flight", difficulty="D"),
                                "), or give the Difficulty of a Location generated for another reason (",
                                cmd("kraken location generate", generator="FILE", difficulty="D"), ")"))
        if not 1 <= difficulty <= 5:
            raise InputError(f"a Location Difficulty is 1-5, not {difficulty}")
        if modifications < 0:
            raise InputError(f"dice modifications are 0 or more, not {modifications}")
        f = {"location_difficulty": difficulty, "difficulty": difficulty, "options": [], "modifications": modifications,
             "stage": "arrived", "land": True}
        s["flight"] = f
    elif difficulty is not None or modifications:
        raise InputError("the flight decided the Location Difficulty and the dice modifications: they are not "
                         "given again")
    if f.get("generation"):
        raise RuleError(say("a Location is being generated already: ", cmd("kraken location accept"), " (or ",
                            cmd("kraken location modify", "reroll"), ")"))
    cap = location_capacity(s, working=True)
    if all(x in s["locations"] for x in SLOTS[:cap]):
        raise RuleError(say(f"the Starmap Locations Log is full ({cap} slots): erase a Location first (",
                            cmd("kraken location remove", "SLOT"), "; rules note K7)"))
    if not generator["tables"]:
        raise InputError("the generator has no tables")
    g = {"generator": ref, "table": 0, "dice": [], "values": {}, "spent": 0,
         "difficulty": f["location_difficulty"]}
    f["generation"] = g
    out = [f"Generating a Location of Difficulty {g['difficulty']} with {generator['title'] or 'your tables'}; "
           f"{f['modifications']} dice modification{'s' if f['modifications'] != 1 else ''}."]
    done = _roll_on(s, dice, generator, out, roll_maps, name)
    return Outcome(s, _gen_summary(s, done), out, _gen_data(s, done, answers))


def _roll_current(g: dict, table: dict, dice) -> None:
    if table.get("sides") is None:   # the player's box does not know this table's dice yet
        raise MissingResult(table["field"])
    g["dice"] = [dice.roll(table["sides"]) for _ in range(table["count"])]


def _show(g: dict, table: dict) -> str:
    faces = g["dice"]
    die = dice_text(table)
    shown = " + ".join(map(str, faces)) + (f" = {sum(faces)}" if len(faces) > 1 else "")
    return f"{table['field']}: {die} {shown} → {_lookup(table, faces)}"


def _roll_on(s: State, dice, generator: dict, out: list[str], roll_maps: bool, name: str | None,
             stop: bool = True) -> dict | None:
    """Roll the current table (or go on with the next); with no modifications left,
    accept every value in turn. Returns the Location when it is complete."""
    f, g = _gen(s)
    tables = generator["tables"]
    while True:
        table = tables[g["table"]]
        if not g["dice"]:
            _roll_current(g, table, dice)
            out.append("  " + _show(g, table))
        if stop and _left(f, g) > 0:
            out.append(say(f"{plural(_left(f, g), 'modification')} left: keep it (", cmd("kraken location accept"),
                           ") or change it (", cmd("kraken location modify", "reroll"), ", ",
                           cmd("kraken location modify", "+1"), ", ", cmd("kraken location modify", "-1"),
                           "; --die N for one die of several)."))
            return None
        g["values"][table["field"]] = _lookup(table, g["dice"])
        g["dice"] = []
        g["table"] += 1
        if g["table"] >= len(tables):
            return _write_location(s, dice, out, roll_maps, name)


def location_modify(state: State, dice, generator: dict, how: str, die: int | None = None,
                    answers: dict | None = None) -> Outcome:
    """Ch. 12: one dice modification: re-roll a die, or +1 / -1 on it (kept within the
    die's faces); any number may go to one value, except Map numbers and the difficulty."""
    generator = with_answers(generator, answers)
    s = copy_state(state)
    f, g = _gen(s, generator)
    if _left(f, g) <= 0:
        raise RuleError(say("no dice modification is left: ", cmd("kraken location accept")))
    table = generator["tables"][g["table"]]
    n = 1 if die is None else die
    if not 1 <= n <= len(g["dice"]):
        raise InputError(f"the {table['field']} is rolled with {plural(len(g['dice']), 'die', 'dice')} (1-{len(g['dice'])}): "
                         f"there is no die {die}")
    if die is None and len(g["dice"]) > 1:
        raise InputError(say(f"the {table['field']} is rolled with {len(g['dice'])} dice; a modification changes "
                             f"one of them: ", cmd("kraken location modify", how, die="N")))
    before = g["dice"][n - 1]
    how = str(how).strip().lower()
    if how == "reroll":
        g["dice"][n - 1] = dice.roll(table["sides"])
    elif how in ("+1", "-1"):
        g["dice"][n - 1] = max(1, min(table["sides"], before + int(how)))
        if g["dice"][n - 1] == before:
            raise RuleError(f"the die shows {before}: {how} would leave the d{table['sides']}'s faces")
    else:
        raise InputError(f"'{how}' is not a modification: reroll, +1 or -1")
    g["spent"] += 1
    out = [f"Modification ({how}) on the {table['field']}: die {n} {before} → {g['dice'][n - 1]}.",
           "  " + _show(g, table)]
    if _left(f, g):
        out.append(say(f"{plural(_left(f, g), 'modification')} left: modify again, or keep it (", cmd("kraken location accept"),
                       ")."))
    else:
        out.append(say("No modification left: ", cmd("kraken location accept"), "."))
    return Outcome(s, f"Location generation: {how} on the {table['field']} → {_lookup(table, g['dice'])}", out,
                   _gen_data(s, None, answers))


def location_accept(state: State, dice, generator: dict, roll_maps: bool = False, name: str | None = None,
                    rest: bool = False, answers: dict | None = None) -> Outcome:
    """Ch. 12: keep the value and roll the next table; values already defined cannot be
    changed. After the last table the Location is written in the log. `rest`: keep every
    value still to roll as it comes (the modifications left are lost)."""
    generator = with_answers(generator, answers)
    s = copy_state(state)
    _f, g = _gen(s, generator)
    tables = generator["tables"]
    table = tables[g["table"]]
    out = [f"Keep the {table['field']}: {_lookup(table, g['dice'])}."]
    g["values"][table["field"]] = _lookup(table, g["dice"])
    g["dice"] = []
    g["table"] += 1
    done = _write_location(s, dice, out, roll_maps, name) if g["table"] >= len(tables) else \
        _roll_on(s, dice, generator, out, roll_maps, name, stop=not rest)
    return Outcome(s, _gen_summary(s, done), out, _gen_data(s, done, answers))


def _write_location(s: State, dice, out: list[str], roll_maps: bool, name: str | None) -> dict:
    f, g = _gen(s)
    v = g["values"]
    depth = v["depth"]
    tele = min(v["teleport"], depth)
    special = v.get("special")
    state_wo = cast("State", {k: val for k, val in s.items() if k != "flight"})
    res = location_add(state_wo, dice, type=v["type"], difficulty=g["difficulty"], ao=v["ao"], ai=v["ai"],
                       depth=depth, teleport=tele, species=v["species"],
                       special=None if special in (None, "none") else special, name=name, roll_maps=roll_maps)
    new = res.state
    slot = res.data["slot"]
    if not f["land"]:
        new["locations"][slot]["land_turn"] = s["turn"] + 1
    cast(dict, s).clear()   # the campaign becomes location_add's, in place
    cast(dict, s).update(new)
    left = max(0, f["modifications"] - g["spent"])
    out.extend(res.lines)
    if v["teleport"] > depth:
        out.append(f"(The teleport range {v['teleport']} is deeper than the Location: it counts as {depth}.)")
    if left:
        out.append(f"{plural(left, 'unused dice modification')} {'is' if left == 1 else 'are'} lost.")
    if not f["land"]:
        out.append("You cannot land there this turn (you may from the next turn on).")
    elif s["phase"] == 3:
        out.append(say("Land and explore: ", cmd("kraken dungeon enter", slot), "."))
    return {"slot": slot, **s["locations"][slot]}


def _gen_summary(s: State, done: dict | None) -> str:
    if done:
        return f"New Location MAP{done['slot']}: {describe_location(s, done)}"
    _f, g = _gen(s)
    return f"Location generation: {', '.join(f'{k} {v}' for k, v in g['values'].items()) or 'first value rolled'}"


def _gen_data(s: State, done: dict | None, answers: dict | None = None) -> dict:
    """The --json payload; `answers`: the box's parts typed as they came, for the command to keep."""
    kept = {"answers": dict(answers)} if answers else {}
    if done:
        return {"done": True, "location": done, **kept}
    f, g = _gen(s)
    return {"done": False, "values": dict(g["values"]), "dice": list(g["dice"]), "table": g["table"],
            "modifications_left": _left(f, g), **kept}

"""Space Kraken: new Locations (chapter 12) and dungeon exploration (chapter 13), pure.

Locations: the LOCATION GENERATOR's tables are the book's and are not in our copy, so a
player supplies them in a generator file (format in
templates/kraken/location-generator-sample.toml; the CLI parses it and passes the
tables in). Each table is rolled in order; dice modifications (a re-roll, or +1/-1 on one
die) are spent on the value being defined before going on. An event's Location is
recorded from the book's short form
``Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / One-way / Kraken``.

Dungeons live in ``[state.dungeon]``: the Location and map the team is on, whether it
stands outside or inside, the deployed crew, bulkheads (fails, open or locked), the '?'
values rolled, the tiles resolved (mines, defeated enemies, treasures ...) and the maps
whose Treasure was activated. Tiles are named as printed on the map ("B2", "M", "E?",
"T1"); a map with two alike tiles names them apart ("E2a", "E2b"): the level is read from
the first number (or '?').
"""

from __future__ import annotations

import copy
import re

from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import half_up
from journal.games.kraken.state import (
    ATMOSPHERES,
    KNOWN_GRADE_PRICES,
    MAX_DEPTH,
    MAX_TREASURE_GRADE,
    MIN_DEPTH,
    SPECIALS,
    SPECIES,
    location_capacity,
    oxygen_max,
    systems_named,
)
from journal.lookup import find
from journal.outcome import Outcome

GEN_FIELDS = ("type", "ao", "ai", "depth", "teleport", "special", "species")
OXYGEN_COST = {"YES": 0, "NO": 1, "HELL": 2}      # ch. 13: breathable 0, none 1, hell 2
CHECK_BASE = 10                                    # bulkheads, mines, lasers: 2d6 + Tech >= 10 + level
BULKHEAD_TRIES = 3                                 # the third failure locks it
AVOID_MINE = 8                                     # d6 + Agility >= 8
DISARM_PENALTY = 2                                 # the failed disarmer takes 2 more
MED_HEAL, MED_USES = 4, 3
CLONE_HEAL = 4
SHOP_TRASH = 2                                     # best Charisma - 2 Credits, the first visit
RUN_BASE, CAMO_BASE, CHARISMA_BASE = 9, 2, 5       # avoiding a Ground Combat
GAMBLE = {1: -1, 2: -1, 3: 0, 4: 0, 5: 0, 6: 1}
# Item and weapon prices by grade: the book's own examples give these two (a grade 3 weapon
# costs 12, modding a grade 4 weapon 30); the price list is on book p. 165/167. Others: --price.
GRADE_PRICES = dict(KNOWN_GRADE_PRICES)


def _copy(state: dict) -> dict:
    return copy.deepcopy(state)


# --- the short form (ch. 12) ------------------------------------------------------------------

_KEYED = re.compile(r"(dif(?:ficulty)?|ao|ai|depth|telep(?:ort)?|maps?|map\s*ids?)\s*\.?\s*:?\s*(.*)", re.IGNORECASE)
SHORT_HINT = ("expected the book's short form, e.g. \"Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / "
              "Telep.: 4 / One-way / Kraken\" (optionally \"/ Maps: 8, 3, 12\")")


def parse_short(text) -> dict:
    """'Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / One-way / Kraken'
    → the Location's values (maps: the Map IDs if some follow)."""
    from journal.games.kraken.rules import _atmosphere, _species

    parts = [p.strip() for p in str(text).split("/")]
    parts = [p for p in parts if p]
    if len(parts) < 7:
        raise InputError(f"'{text}' is not a Location: {SHORT_HINT}")
    loc: dict = {"type": parts[0]}
    rest = parts[1:]
    for p in rest:
        m = _KEYED.fullmatch(p)
        if m:
            key, value = m[1].lower().replace(" ", ""), m[2].strip()
            if key.startswith("map"):
                ids = [x for x in re.split(r"[\s,]+", value) if x]
                try:
                    loc["maps"] = [int(x) for x in ids]
                except ValueError:
                    raise InputError(f"'{p}': Map IDs are numbers 1-20") from None
                continue
            if key in ("ao", "ai"):
                loc[key] = _atmosphere(value, key.upper())
                continue
            try:
                n = int(value)
            except ValueError:
                raise InputError(f"'{p}': expected a number after {m[1]}") from None
            loc[{"dif": "difficulty", "difficulty": "difficulty", "depth": "depth"}.get(key, "teleport")] = n
            continue
        low = p.casefold().replace(" ", "-")
        if low in SPECIALS:
            if "special" in loc:
                raise InputError(f"'{text}': two special conditions")
            loc["special"] = low
            continue
        if re.fullmatch(r"[\d\s,]+", p):
            loc["maps"] = [int(x) for x in re.split(r"[\s,]+", p) if x]
            continue
        if "species" in loc:
            raise InputError(f"'{p}' is not a Location value: {SHORT_HINT}")
        loc["species"] = _species(p)
    missing = [k for k in ("difficulty", "ao", "ai", "depth", "teleport", "species") if k not in loc]
    if missing:
        raise InputError(f"'{text}' has no {missing[0]}: {SHORT_HINT}")
    return loc


def location_event(state: dict, dice, text: str, maps=(), roll_maps: bool = False, name: str | None = None
                   ) -> Outcome:
    """Ch. 12: a Location an event gives, in the book's short form; its values are fixed
    (no dice modifications). Map IDs that follow are copied, else rolled (now with
    --roll-maps, or as each map is entered)."""
    from journal.games.kraken.rules import location_add

    loc = parse_short(text)
    ids = list(maps) or loc.get("maps", [])
    if maps and loc.get("maps"):
        raise InputError("the short form carries Map IDs already: leave out --maps")
    return location_add(state, dice, type=loc["type"], difficulty=loc["difficulty"], ao=loc["ao"], ai=loc["ai"],
                        depth=loc["depth"], teleport=loc["teleport"], species=loc["species"],
                        special=loc.get("special"), name=name, maps=ids, roll_maps=roll_maps, event=True)


# --- the LOCATION GENERATOR (ch. 12) --------------------------------------------------------------

_RANGE = re.compile(r"\s*(-?\d+)\s*(?:-\s*(-?\d+)|(\+))?\s*")
_DICE = re.compile(r"(\d*)d(\d+)", re.IGNORECASE)


def parse_generator(doc: dict, source: str = "generator") -> tuple[dict, list[str]]:
    """A generator file: [generator] title; [[tables]] field, dice ("d6", "2d6", "d20"),
    results {"1-2" = VALUE, "6+" = VALUE}. → ({title, tables}, problems)."""
    problems: list[str] = []
    head = doc.get("generator") if isinstance(doc.get("generator"), dict) else {}
    title = head.get("title") if isinstance(head.get("title"), str) else ""
    tables = doc.get("tables")
    if not isinstance(tables, list) or not tables:
        return {"title": title, "tables": []}, [f"{source}: expected [[tables]] (one per Location value, in order)"]
    out, seen = [], set()
    for i, t in enumerate(tables, 1):
        where = f"{source}: tables[{i}]"
        if not isinstance(t, dict):
            problems.append(f"{where} is not a table")
            continue
        unknown = set(t) - {"field", "dice", "results", "note"}
        if unknown:
            problems.append(f"{where}.{min(unknown)} is not a known key: expected field, dice, results, note")
        field = t.get("field")
        if field not in GEN_FIELDS:
            problems.append(f"{where}.field = {field!r}: one of {', '.join(GEN_FIELDS)}")
            continue
        if field in seen:
            problems.append(f"{where}.field = {field}: the {field} has a table already")
        seen.add(field)
        m = _DICE.fullmatch(str(t.get("dice", "")).strip())
        if not m or not 1 <= int(m[1] or 1) <= 6 or int(m[2]) not in (3, 4, 6, 8, 10, 12, 20):
            problems.append(f"{where}.dice = {t.get('dice')!r}: e.g. d6, 2d6, d20 (1-6 dice)")
            continue
        count, sides = int(m[1] or 1), int(m[2])
        results = t.get("results")
        if not isinstance(results, dict) or not results:
            problems.append(f"{where}.results: a table of \"roll\" = value (\"1-2\" = \"YES\", \"6+\" = 9)")
            continue
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
        lo_all, hi_all = count, count * sides
        for total in range(lo_all, hi_all + 1):
            hits = [r for r in rows if r[0] <= total <= r[1]]
            if len(hits) != 1:
                problems.append(f"{where}: a roll of {total} matches {len(hits)} result(s): every roll of "
                                f"{count if count > 1 else ''}d{sides} needs exactly one")
                break
        out.append({"field": field, "count": count, "sides": sides, "rows": rows})
    for need in ("type", "ao", "ai", "depth", "teleport", "species"):
        if need not in seen:
            problems.append(f"{source}: no table for the {need} (a Location needs type, ao, ai, depth, teleport "
                            f"and species; special is optional)")
    return {"title": title, "tables": out}, problems


def _check_value(field: str, value) -> str | None:
    if field in ("depth", "teleport"):
        if isinstance(value, bool) or not isinstance(value, int):
            return "a whole number"
        if field == "depth" and not MIN_DEPTH <= value <= MAX_DEPTH:
            return f"a depth is {MIN_DEPTH}-{MAX_DEPTH}"
        if field == "teleport" and not 0 <= value <= MAX_DEPTH:
            return f"a teleport range is 0-{MAX_DEPTH}"
        return None
    if not isinstance(value, str) or not value.strip():
        return "a name"
    if field in ("ao", "ai") and value.strip().upper() not in ATMOSPHERES:
        return "YES, NO or HELL"
    if field == "special" and value.strip().lower() not in SPECIALS + ("none",):
        return f"none, {', '.join(SPECIALS)}"
    if field == "species":
        from journal.games.kraken.rules import _species

        try:
            _species(value)
        except InputError:
            return f"one of {', '.join(SPECIES)}"
    return None


def _norm_value(field: str, value):
    if field in ("ao", "ai"):
        return value.strip().upper()
    if field == "special":
        return value.strip().lower()
    if field == "species":
        from journal.games.kraken.rules import _species

        return _species(value)
    return value.strip() if isinstance(value, str) else value


def _lookup(table: dict, dice_faces: list[int]):
    total = sum(dice_faces)
    for lo, hi, value in table["rows"]:
        if lo <= total <= hi:
            return value
    raise RuleError(f"the {table['field']} table has no result for {total}")  # pragma: no cover - parse checks


def _gen(s: dict) -> tuple[dict, dict]:
    f = s.get("flight")
    g = f.get("generation") if f else None
    if not g:
        raise RuleError("no Location is being generated (journal kraken location generate …)")
    return f, g


def _left(f: dict, g: dict) -> int:
    return max(0, f["modifications"] - g["spent"])


def location_generate(state: dict, dice, generator: dict, ref: dict, difficulty: int | None = None,
                      modifications: int = 0, roll_maps: bool = False, name: str | None = None) -> Outcome:
    """Ch. 12: roll the generator's tables in order for the Location the flight found; with
    dice modifications left, each value waits for `location modify` / `location accept`."""
    from journal.games.kraken.rules import _refuse_if_over

    s = _copy(state)
    _refuse_if_over(s)
    if s.get("combat"):
        raise RuleError("finish the Space Combat first")
    f = s.get("flight")
    if f is None:
        if difficulty is None:
            raise RuleError("no flight found a new Location: fly first (journal kraken flight …), or give "
                            "--difficulty D for a Location generated for another reason")
        if not 1 <= difficulty <= 5:
            raise InputError(f"--difficulty {difficulty}: a Location Difficulty is 1-5")
        if modifications < 0:
            raise InputError("--modifications is 0 or more")
        f = {"location_difficulty": difficulty, "difficulty": difficulty, "options": [], "modifications": modifications,
             "stage": "arrived", "land": True}
        s["flight"] = f
    elif difficulty is not None or modifications:
        raise InputError("the flight decided the Location Difficulty and the dice modifications: leave out "
                         "--difficulty and --modifications")
    if f.get("generation"):
        raise RuleError("a Location is being generated already: journal kraken location modify|accept")
    cap = location_capacity(s, working=True)
    from journal.games.kraken.cgm import SLOTS

    if all(x in s["locations"] for x in SLOTS[:cap]):
        raise RuleError(f"the Starmap Locations Log is full ({cap} slots): erase a Location first (journal kraken "
                        f"location remove SLOT; rulings K7)")
    if not generator["tables"]:
        raise InputError("the generator has no tables")
    g = {"generator": ref, "table": 0, "dice": [], "values": {}, "spent": 0,
         "difficulty": f["location_difficulty"]}
    f["generation"] = g
    out = [f"Generating a Location of Difficulty {g['difficulty']} with {generator['title'] or 'your tables'}; "
           f"{f['modifications']} dice modification{'s' if f['modifications'] != 1 else ''}."]
    done = _roll_on(s, dice, generator, out, roll_maps, name)
    return Outcome(s, _gen_summary(s, done), out, _gen_data(s, done))


def _roll_current(g: dict, table: dict, dice) -> None:
    g["dice"] = [dice.roll(table["sides"]) for _ in range(table["count"])]


def _show(g: dict, table: dict) -> str:
    faces = g["dice"]
    die = f"{table['count'] if table['count'] > 1 else ''}d{table['sides']}"
    shown = " + ".join(map(str, faces)) + (f" = {sum(faces)}" if len(faces) > 1 else "")
    return f"{table['field']}: {die} {shown} → {_lookup(table, faces)}"


def _roll_on(s: dict, dice, generator: dict, out: list[str], roll_maps: bool, name: str | None,
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
            out.append(f"{_left(f, g)} modification(s) left: keep it (journal kraken location accept) or change "
                       f"it (journal kraken location modify reroll|+1|-1 [--die N]).")
            return None
        g["values"][table["field"]] = _lookup(table, g["dice"])
        g["dice"] = []
        g["table"] += 1
        if g["table"] >= len(tables):
            return _write_location(s, dice, out, roll_maps, name)


def location_modify(state: dict, dice, generator: dict, how: str, die: int | None = None) -> Outcome:
    """Ch. 12: one dice modification: re-roll a die, or +1 / -1 on it (kept within the
    die's faces); any number may go to one value, except Map numbers and the difficulty."""
    s = _copy(state)
    f, g = _gen(s)
    if _left(f, g) <= 0:
        raise RuleError("no dice modification is left: journal kraken location accept")
    table = generator["tables"][g["table"]]
    n = 1 if die is None else die
    if not 1 <= n <= len(g["dice"]):
        raise InputError(f"--die {die}: this value is rolled with {len(g['dice'])} die/dice (1-{len(g['dice'])})")
    if die is None and len(g["dice"]) > 1:
        raise InputError(f"--die is required: the {table['field']} is rolled with {len(g['dice'])} dice; a "
                         f"modification changes one of them")
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
        out.append(f"{_left(f, g)} modification(s) left: modify again, or keep it (journal kraken location accept).")
    else:
        out.append("No modification left: journal kraken location accept.")
    return Outcome(s, f"Location generation: {how} on the {table['field']} → {_lookup(table, g['dice'])}", out,
                   _gen_data(s, None))


def location_accept(state: dict, dice, generator: dict, roll_maps: bool = False, name: str | None = None,
                    rest: bool = False) -> Outcome:
    """Ch. 12: keep the value and roll the next table; values already defined cannot be
    changed. After the last table the Location is written in the log. `rest`: keep every
    value still to roll as it comes (the modifications left are lost)."""
    s = _copy(state)
    _f, g = _gen(s)
    tables = generator["tables"]
    table = tables[g["table"]]
    out = [f"Keep the {table['field']}: {_lookup(table, g['dice'])}."]
    g["values"][table["field"]] = _lookup(table, g["dice"])
    g["dice"] = []
    g["table"] += 1
    done = _write_location(s, dice, out, roll_maps, name) if g["table"] >= len(tables) else \
        _roll_on(s, dice, generator, out, roll_maps, name, stop=not rest)
    return Outcome(s, _gen_summary(s, done), out, _gen_data(s, done))


def _write_location(s: dict, dice, out: list[str], roll_maps: bool, name: str | None) -> dict:
    from journal.games.kraken.rules import location_add

    f, g = _gen(s)
    v = g["values"]
    depth = v["depth"]
    tele = min(v["teleport"], depth)
    special = v.get("special")
    state_wo = {k: val for k, val in s.items() if k != "flight"}
    res = location_add(state_wo, dice, type=v["type"], difficulty=g["difficulty"], ao=v["ao"], ai=v["ai"],
                       depth=depth, teleport=tele, species=v["species"],
                       special=None if special in (None, "none") else special, name=name, roll_maps=roll_maps)
    new = res.state
    slot = res.data["slot"]
    if not f["land"]:
        new["locations"][slot]["land_turn"] = s["turn"] + 1
    s.clear()
    s.update(new)
    left = max(0, f["modifications"] - g["spent"])
    out.extend(res.lines)
    if v["teleport"] > depth:
        out.append(f"(The teleport range {v['teleport']} is deeper than the Location: it counts as {depth}.)")
    if left:
        out.append(f"{left} unused dice modification(s) are lost.")
    if not f["land"]:
        out.append("You cannot land there this turn (you may from the next turn on).")
    elif s["phase"] == 3:
        out.append(f"Land and explore: journal kraken dungeon enter {slot}.")
    return {"slot": slot, **s["locations"][slot]}


def _gen_summary(s: dict, done: dict | None) -> str:
    if done:
        from journal.games.kraken.rules import describe_location

        return f"New Location MAP{done['slot']}: {describe_location(s, done)}"
    _f, g = _gen(s)
    return f"Location generation: {', '.join(f'{k} {v}' for k, v in g['values'].items()) or 'first value rolled'}"


def _gen_data(s: dict, done: dict | None) -> dict:
    if done:
        return {"done": True, "location": done}
    f, g = _gen(s)
    return {"done": False, "values": dict(g["values"]), "dice": list(g["dice"]), "table": g["table"],
            "modifications_left": _left(f, g)}


# --- dungeon exploration (ch. 13) ---------------------------------------------------------------

def _dungeon(s: dict) -> dict:
    d = s.get("dungeon")
    if not d:
        raise RuleError("the crew is not exploring a Location (journal kraken dungeon enter SLOT)")
    if s.get("ground"):
        raise RuleError("a Ground Combat is going on: finish it first (journal kraken ground …)")
    return d


def _location(s: dict, d: dict) -> dict:
    return s["locations"][d["location"]]


def breached(d: dict) -> list[str]:
    """Ch. 13 Hull Breach: the unrepaired breaches the team's area is connected to."""
    return [k for k in d.get("near", []) if not _resolved(d, f"{k}:repaired")]


def atmosphere_here(s: dict, d: dict, where: str | None = None) -> str:
    """The atmosphere where the team stands: the Location's AO outside, AI inside (ch. 12),
    with Hardcore's and space's changes; an area connected to an unrepaired Hull Breach has
    an Outside atmosphere (ch. 13)."""
    from journal.games.kraken.rules import effective_atmosphere

    loc = _location(s, d)
    w = where or d["where"]
    if w == "inside" and where is None and breached(d):
        w = "outside"
    return effective_atmosphere(s, loc, "ao" if w == "outside" else "ai")


def _tile(text: str) -> tuple[str, str, str | None]:
    """'B2' → ('B2', 'B', '2'); 'E?' → ('E?', 'E', '?'); 'm' → ('M', 'M', None)."""
    t = str(text).strip().upper()
    m = re.fullmatch(r"([A-Z]+)\s*(\d+|\?)?\s*([A-Z0-9_-]*)", t)
    if not t or not m:
        raise InputError(f"'{text}' is not a tile label: as printed on the map, e.g. B2, M, E?, T1 (E2a, E2b for two "
                         f"alike tiles)")
    return t.replace(" ", ""), m[1], m[2]


def _key(d: dict, tile: str) -> str:
    return f"{d['map']}:{tile}"


def _value(s: dict, d: dict, dice, tile: str, level: str | None, out: list[str]) -> int:
    """Ch. 13 '?': d6 halved (rounded up), rolled once per unknown value and exploration."""
    if level is None:
        return 0
    if level != "?":
        return int(level)
    key = _key(d, tile)
    values = d.setdefault("values", {})
    if key not in values:
        r = dice.roll(6)
        values[key] = half_up(r)
        out.append(f"{tile}: the '?' is d6 {r} ÷ 2 = {values[key]} (kept for this exploration).")
    return values[key]


def _deployed(s: dict, d: dict, conscious: bool = True) -> list[str]:
    return [n for n in d["crew"] if n in s["crew"] and (not conscious or s["crew"][n]["status"] == "active")]


def _resolved(d: dict, key: str) -> bool:
    return key in d.get("resolved", [])


def _resolve(d: dict, key: str) -> None:
    d.setdefault("resolved", [])
    if key not in d["resolved"]:
        d["resolved"].append(key)


def _cleared(s: dict, d: dict) -> bool:
    return d["map"] in _location(s, d)["cleared"]


def _member(s: dict, d: dict, name: str, option: str) -> str:
    key = find(s["crew"], name, "crew member", option)
    if key not in d["crew"]:
        raise RuleError(f"{option} {key}: {key} is not on this exploration (deployed: {', '.join(d['crew'])})")
    if s["crew"][key]["status"] != "active":
        raise RuleError(f"{option} {key}: {key} is unconscious")
    return key


def _near(d: dict, how: str, to: str | None) -> str | None:
    """`to` is "outside" or "inside", optionally followed by "|B1,B2": the Hull Breaches
    the area stepped into is connected to (ch. 13; --breach on the command line). Moving
    without it leaves any breach behind."""
    breaches = None
    if to is not None and "|" in to:
        to, _sep, tiles = to.partition("|")
        breaches = [_key(d, _tile(t)[0]) for t in tiles.split(",") if t.strip()]
        to = to or None
    if to is not None and to not in ("outside", "inside"):
        raise InputError(f"--to {to}: outside or inside (the atmosphere of where you step)")
    if breaches is not None and how not in ("move", "free"):
        raise InputError("--breach names the Hull Breaches of the area you step into: a move")
    if how in ("move", "free"):
        if breaches:
            known = d.setdefault("breaches", [])
            known.extend(b for b in breaches if b not in known)
            d["near"] = breaches
        else:
            d.pop("near", None)
    return to


def _action(s: dict, d: dict, how: str, to: str | None, faint: str | None, out: list[str], what: str) -> int:
    """One Move-and-activate (or activate) action: Oxygen by the atmosphere of where the
    team ends up (0 breathable, 1 none, 2 hell; ch. 13; an area connected to an unrepaired
    Hull Breach is Outside), nothing for the free move on entering a map or a tile another
    move already triggered. Out of Oxygen, a conscious member faints for each action that
    costs Oxygen. A short visit (Phase 4) has no actions. Returns the Oxygen spent."""
    if how not in ("move", "stay", "none", "free"):
        raise InputError(f"'{how}': move, stay, none or free")
    if d.get("visit") and how != "none":
        raise RuleError("a short visit is one trade where you teleported: no moves (journal kraken dungeon leave "
                        "teleport to go back to the ship)")
    to = _near(d, how, to)
    if how == "none":
        return 0
    if how == "free":
        if not d.get("free_move"):
            raise RuleError("the free move is the first move on entering a map, and it was made already")
        d.pop("free_move", None)
        if to:
            d["where"] = to
        d["actions"] += 1
        out.append(f"{what}: the free move on entering the map (no Oxygen).")
        return 0
    d.pop("free_move", None)
    if how == "move" and to:
        d["where"] = to
    if how == "move":
        d.pop("portal", None)
    d.pop("avoid_failed", None)
    d["actions"] += 1
    atm = atmosphere_here(s, d)
    cost = OXYGEN_COST[atm]
    where = f"{d['where']} ({atm})" + (f", open to the Hull Breach {', '.join(k.split(':')[1] for k in breached(d))}"
                                       if breached(d) and d["where"] == "inside" else "")
    if cost == 0:
        out.append(f"{what}: {where}: no Oxygen.")
        return 0
    before = s["oxygen"]
    if before >= cost:
        s["oxygen"] -= cost
        out.append(f"{what}: {where}: Oxygen {before} → {s['oxygen']}.")
        if s["oxygen"] == 0:
            out.append("Out of Oxygen: from now on each action that costs Oxygen makes a conscious member faint.")
        return cost
    s["oxygen"] = 0
    out.append(f"{what}: {where} costs {cost} Oxygen and {before} {'is' if before == 1 else 'are'} left: "
               f"Oxygen {before} → 0, and someone faints.")
    _faint(s, d, faint, out)
    return before


def _faint(s: dict, d: dict, faint: str | None, out: list[str]) -> None:
    up = _deployed(s, d)
    if not up:
        return
    if faint is not None:
        who = _member(s, d, faint, "--faint")
    elif len(up) == 1:
        who = up[0]
    else:
        from journal.errors import NeedChoice

        raise NeedChoice(f"--faint is required: out of Oxygen, one of {', '.join(up)} becomes unconscious",
                         "--faint", up, "Who faints")
    m = s["crew"][who]
    out.append(f"{who} faints for lack of Oxygen: HP {m['hp']} → 0 (unconscious).")
    m["hp"], m["status"] = 0, "unconscious"
    _all_down(s, d, out)


def _all_down(s: dict, d: dict, out: list[str]) -> bool:
    """Ch. 13: with no conscious deployed member the whole team is lost."""
    if _deployed(s, d) or not s.get("dungeon"):
        return False
    from journal.games.kraken.rules import _drop_member, _fallen

    lost = list(_deployed(s, d, conscious=False))
    out.append(f"No conscious member is left at the Location: {', '.join(lost)} are lost.")
    for n in lost:
        _fallen(s, n, out)
        _drop_member(s, n, out)
    _close(s, out, cleared=False)
    if not s["crew"]:
        s["result"] = "lost"
        out.append("Every crew member is dead: the campaign is lost.")
    else:
        out.append("The Dungeon Exploration is over; the campaign goes on with the crew on the ship.")
    return True


def _close(s: dict, out: list[str], cleared: bool = True, keep_uncleared: bool = False) -> None:
    """The exploration ends: the map left is cleared (ch. 13), weapons are repaired on the
    ship, PSI recovers, a self-destructing Location is erased."""
    d = s.pop("dungeon")
    slot = d["location"]
    loc = s["locations"].get(slot)
    if d.get("visit"):
        out.append("The short visit is over: the crew teleports back to the ship.")
        return
    from journal.games.kraken.rules import mark_returned

    mark_returned(s)
    if loc and cleared:
        _clear_map(s, d, loc, out, keep_uncleared)
    for name in d["crew"]:
        m = s["crew"].get(name)
        if not m:
            continue
        for w in (m.get("weapons") or {}).values():
            w.pop("jam", None)
            w.pop("spent", None)
        m.pop("psi_exhausted", None)
    out.append("Back on the ship: every weapon is unjammed and repaired; an exhausted PSI trait recovers. You may "
               "recover in Phase R (journal kraken recover).")
    if loc and loc.get("special") == "self-destruction":
        del s["locations"][slot]
        out.append(f"Self-destruction: MAP{slot} is erased from the Starmap Locations Log.")


def _clear_map(s: dict, d: dict, loc: dict, out: list[str], keep_uncleared: bool) -> None:
    n = d["map"]
    if n in loc["cleared"] or n > len(loc["maps"]):
        return
    if keep_uncleared:
        if n in d.get("treasure_maps", []):
            raise RuleError(f"--keep-uncleared: a Treasure was activated on map {n}, so it is cleared as you leave")
        out.append(f"Map {n} is left uncleared (no Treasure was activated there).")
        return
    loc["cleared"] = sorted(loc["cleared"] + [n])
    out.append(f"Map {n} (ID {loc['maps'][n - 1]}) is cleared: underline it on the Locations Log.")


def _roll_map_id(s: dict, loc: dict, n: int, dice, out: list[str]) -> None:
    while len(loc["maps"]) < n:
        r = dice.roll(20)
        loc["maps"].append(r)
        out.append(f"Map {len(loc['maps'])}: Map ID d20 = {r} (note it; do not look at the map before you enter).")



def _team(s: dict, crew) -> list[str]:
    """The crew members deployed: those named (`--crew`), else every conscious one not building.

    Nobody building (ch. 7) or unconscious may go down, and somebody must.
    """
    builders = {n for b in s["builds"].values() for n in b["crew"]}
    if crew:
        names = []
        for c in crew:
            n = find(s["crew"], c, "crew member", "--crew")
            if n in names:
                raise InputError(f"--crew names {n} twice")
            names.append(n)
    else:
        names = [n for n, m in s["crew"].items() if m["status"] == "active" and n not in builders]
    for n in names:
        if n in builders:
            raise RuleError(f"{n} is building and does not join Dungeon Explorations (ch. 7)")
        if s["crew"][n]["status"] != "active":
            raise RuleError(f"{n} is unconscious and cannot be deployed")
    if not names:
        raise RuleError("nobody can be deployed (conscious and not building)")
    return names


def dungeon_enter(state: dict, dice, slot: str, crew=(), map_no: int | None = None, inside: bool = False
                  ) -> Outcome:
    """Ch. 13 deployment: land on the Location's first map (or teleport to a map after a
    cleared one, within the Teleporter's range), with the crew you choose (not those who
    are building); the first move on a map is free."""
    from journal.games.kraken.rules import (
        _loc,
        _refuse_if_over,
        describe_location,
    )

    s = _copy(state)
    _refuse_if_over(s)
    for k, what in (("dungeon", "a Dungeon Exploration"), ("combat", "a Space Combat"), ("ground", "a Ground Combat")):
        if s.get(k):
            raise RuleError(f"{what} is going on already")
    if s.get("flight"):
        raise RuleError("the flight's new Location is not generated yet (journal kraken location generate …)")
    key, loc = _loc(s, slot)
    if loc.get("land_turn") and s["turn"] < loc["land_turn"]:
        raise RuleError(f"MAP{key} was reached too slowly to land this turn: land from turn {loc['land_turn']} on")
    names = _team(s, crew)
    out: list[str] = []
    n = 1 if map_no is None else map_no
    if map_no is not None and map_no != 1:
        if not systems_named(s, "Teleporter"):
            raise RuleError("entering a later map takes a working Teleporter")
        if not 2 <= map_no <= loc["depth"]:
            raise InputError(f"--map {map_no}: MAP{key} has maps 1-{loc['depth']}")
        if map_no > loc["teleport"]:
            raise RuleError(f"--map {map_no}: the Teleporter reaches map {loc['teleport']} at most here")
        if map_no - 1 not in loc["cleared"]:
            raise RuleError(f"--map {map_no}: you may teleport to the map after a cleared one, and map {map_no - 1} "
                            f"is not cleared")
    if s["turn"] >= 1 and s["phase"] == 3 and not s.get("free_action"):
        s["free_action"] = "location"
        out.append("Phase 3 free action: a visit to a known Location.")
    _roll_map_id(s, loc, n, dice, out)
    s["dungeon"] = {"location": key, "map": n, "where": "inside" if inside else "outside", "crew": names,
                    "actions": 0, "free_move": True}
    d = s["dungeon"]
    atm = atmosphere_here(s, d)
    out.insert(0, f"Dungeon Exploration of MAP{key} ({describe_location(s, loc)}): "
                  + (f"teleported to map {n}" if n > 1 else "land on map 1") + f", Map ID {loc['maps'][n - 1]}"
                  + (" (cleared: no enemies, treasures or disruptors)" if n in loc["cleared"] else "") + ".")
    out.append(f"Deployed: {', '.join(names)}. Oxygen {s['oxygen']}/{oxygen_max(s)}. You stand at an entrance '>' "
               f"({d['where']}, {atm}).")
    out.append("Make the free first move now (journal kraken dungeon move --free, or a tile command with --free).")
    return Outcome(s, f"Exploring MAP{key}, map {n} (ID {loc['maps'][n - 1]}) with {', '.join(names)}", out,
                   {"dungeon": d})


def dungeon_move(state: dict, dice, how: str = "move", to: str | None = None, faint: str | None = None
                 ) -> Outcome:
    """Ch. 13: move to an adjacent tile or area (up, down, left, right), one action; Oxygen
    by the atmosphere you end up in (a tile between two atmospheres counts as the side you
    came from)."""
    s = _copy(state)
    d = _dungeon(s)
    if how not in ("move", "free"):
        raise InputError("a move is a move (or the free one): --free")
    out: list[str] = []
    spent = _action(s, d, how, to, faint, out, "Move")
    return Outcome(s, f"Move ({d['where'] if s.get('dungeon') else 'lost'}): {spent} Oxygen", out,
                   {"oxygen": s["oxygen"], "where": d["where"], "actions": d["actions"]})


def _check2(s: dict, dice, who: str, goal: int, attr: str = "tech") -> tuple[bool, list[int], int]:
    a, b = dice.roll(6), dice.roll(6)
    total = a + b + s["crew"][who][attr]
    return total >= goal, [a, b], total


def _bulkhead(d: dict, tile: str) -> tuple[str, str | None, dict]:
    """A bulkhead tile B#: its label, level and record (fails, open) on this map."""
    label, kind, level = _tile(tile)
    if kind != "B":
        raise InputError(f"'{label}' is not a bulkhead: B#")
    bh = d.setdefault("bulkheads", {}).setdefault(_key(d, label), {"fails": 0, "open": False})
    return label, level, bh


def dungeon_bulkhead(state: dict, dice, tile: str, crew: str | None = None, how: str = "move",
                     to: str | None = None, faint: str | None = None) -> Outcome:
    """Ch. 13 bulkhead B#: a crew member makes 2d6 + Tech ≥ 10 + # (an action each try,
    Oxygen as usual); passed, it stays open for this exploration; the third failure locks
    it (crack it with a weapon; on a One-way Location the emergency release opens it)."""
    s = _copy(state)
    d = _dungeon(s)
    label, level, bh = _bulkhead(d, tile)
    out: list[str] = []
    if bh["open"]:
        _action(s, d, how, to, faint, out, f"Through the open bulkhead {label}")
        return Outcome(s, f"Bulkhead {label}: open, passed", out, {"tile": label, "open": True})
    if bh["fails"] >= BULKHEAD_TRIES:
        raise RuleError(f"bulkhead {label} is locked (three failed tries): crack it with a weapon (journal kraken "
                        f"dungeon crack {label} …)" + (" or use the emergency release (dungeon crack … --emergency)"
                                                      if _location(s, d).get("special") == "one-way" else ""))
    if crew is None:
        raise InputError("--crew is required: who tries to open the bulkhead (2d6 + Tech)")
    who = _member(s, d, crew, "--crew")
    _action(s, d, how, to, faint, out, f"Bulkhead {label}")
    if not s.get("dungeon"):
        return Outcome(s, f"Bulkhead {label}: the team is lost", out, {"tile": label})
    lv = _value(s, d, dice, label, level, out)
    ok, faces, total = _check2(s, dice, who, CHECK_BASE + lv)
    line = f"{who}: 2d6 {faces[0]}+{faces[1]} + Tech {s['crew'][who]['tech']} = {total} against {CHECK_BASE + lv}"
    if ok:
        bh["open"] = True
        out.append(f"{line}: the bulkhead opens (it needs no check again this exploration).")
    else:
        bh["fails"] += 1
        out.append(f"{line}: failed ({bh['fails']} of {BULKHEAD_TRIES}).")
        if bh["fails"] >= BULKHEAD_TRIES:
            out.append(f"Bulkhead {label} locks: no more tries this exploration (crack it with a fully loaded "
                       f"weapon of grade {lv} or more).")
    return Outcome(s, f"Bulkhead {label}: {total} vs {CHECK_BASE + lv} ({'open' if ok else 'failed'})", out,
                   {"tile": label, "open": ok, "total": total, "target": CHECK_BASE + lv, "fails": bh["fails"]})


def dungeon_crack(state: dict, dice, tile: str, crew: str | None = None, weapon: str | None = None,
                  grade: int | None = None, emergency: bool = False, how: str = "stay", to: str | None = None,
                  faint: str | None = None) -> Outcome:
    """Ch. 13: crack a bulkhead (locked or not) by spending a fully loaded weapon's Ammo,
    the weapon's grade at least the bulkhead's level; or, on a One-way Location, the
    emergency release opens a locked one when nothing else gets you out."""
    from journal.games.kraken.ground import weapon_spec

    s = _copy(state)
    d = _dungeon(s)
    label, level, bh = _bulkhead(d, tile)
    if bh["open"]:
        raise RuleError(f"bulkhead {label} is open already")
    out: list[str] = []
    if emergency:
        loc = _location(s, d)
        if loc.get("special") != "one-way":
            raise RuleError("the emergency release is for One-way Locations")
        if bh["fails"] < BULKHEAD_TRIES:
            raise RuleError(f"bulkhead {label} is not locked")
        if _can_teleport(s, d):
            raise RuleError("the Teleporter can take you out: the emergency release does not open")
        bh["open"] = True
        out.append(f"Emergency release: bulkhead {label} opens by itself (One-way Location, no way out).")
        return Outcome(s, f"Bulkhead {label}: emergency release", out, {"tile": label, "open": True})
    if crew is None or weapon is None:
        raise InputError("--crew NAME --weapon WEAPON: whose fully loaded weapon cracks it")
    who = _member(s, d, crew, "--crew")
    wkey = find(s["crew"][who].get("weapons") or {}, weapon, "weapon of " + who, "--weapon")
    w = s["crew"][who]["weapons"][wkey]
    spec = weapon_spec(w)
    g = grade if grade is not None else spec.get("grade")
    if g is None:
        raise InputError(f"--grade is required: the {wkey}'s grade (or write G<n> in its spec)")
    lv = _value(s, d, dice, label, level, out)
    if g < lv:
        raise RuleError(f"the {wkey} is grade {g}: cracking B{lv} takes a weapon of grade {lv} or more")
    if spec.get("ammo") is not None and w.get("ammo", spec["ammo"]) < spec["ammo"]:
        raise RuleError(f"the {wkey} has {w.get('ammo')} of {spec['ammo']} Ammo: cracking spends a fully loaded "
                        f"weapon's Ammo")
    _action(s, d, how, to, faint, out, f"Crack bulkhead {label}")
    if spec.get("ammo") is not None:
        w["ammo"] = 0
        out.append(f"{who} empties the {wkey} ({spec['ammo']} Ammo) into the bulkhead.")
    bh["open"] = True
    out.append(f"Bulkhead {label} is cracked open.")
    return Outcome(s, f"Bulkhead {label} cracked with {who}'s {wkey}", out, {"tile": label, "open": True})


def _armor(m: dict) -> int:
    from journal.games.kraken.state import crew_armor

    return crew_armor(m)


def dungeon_mine(state: dict, dice, tile: str, disarm: str | None = None, how: str = "move", to: str | None = None,
                 faint: str | None = None) -> Outcome:
    """Ch. 13 mines: entering, one member may try to disarm them (2d6 + Tech ≥ 10 + grade).
    Failed or not tried: each conscious member makes d6 + Agility ≥ 8 (the disarmer fails
    and takes 2 more); damage = Location Difficulty + grade, Armor applies, Shields do not.
    Then the mines are ignored for the rest of the exploration."""
    s = _copy(state)
    d = _dungeon(s)
    label, kind, level = _tile(tile)
    if kind != "M":
        raise InputError(f"'{label}' is not a mine tile: M or M#")
    key = _key(d, label)
    out: list[str] = []
    _action(s, d, how, to, faint, out, f"Mines {label}")
    if not s.get("dungeon"):
        return Outcome(s, f"Mines {label}: the team is lost", out, {"tile": label})
    if _resolved(d, key):
        out.append(f"The mines {label} were dealt with this exploration: nothing happens.")
        return Outcome(s, f"Mines {label}: already resolved", out, {"tile": label, "resolved": True})
    lv = _value(s, d, dice, label, level, out)
    dif = _location(s, d)["difficulty"]
    data: dict = {"tile": label, "damage": dif + lv, "hurt": {}}
    who = None
    if disarm is not None:
        who = _member(s, d, disarm, "--disarm")
        ok, faces, total = _check2(s, dice, who, CHECK_BASE + lv)
        out.append(f"{who} tries to disarm: 2d6 {faces[0]}+{faces[1]} + Tech {s['crew'][who]['tech']} = {total} "
                   f"against {CHECK_BASE + lv}: " + ("disarmed." if ok else "failed: the mines explode."))
        data["disarm"] = {"crew": who, "total": total, "ok": ok}
        if ok:
            _resolve(d, key)
            return Outcome(s, f"Mines {label}: disarmed by {who}", out, data)
    else:
        out.append("Nobody tries to disarm them: the mines explode.")
    from journal.games.kraken.rules import wound

    for n in _deployed(s, d):
        base = dif + lv
        if n == who:
            dmg = max(0, base + DISARM_PENALTY - _armor(s["crew"][n]))
            why = f"{dif} + {lv} + {DISARM_PENALTY} for the failed disarm" + (f" - Armor {_armor(s['crew'][n])}"
                                                                            if _armor(s["crew"][n]) else "")
            data["hurt"][n] = dmg
            wound(s, n, dmg, out, why)
            continue
        r = dice.roll(6)
        agi = s["crew"][n]["agility"]
        if r + agi >= AVOID_MINE:
            out.append(f"{n}: d6 {r} + Agility {agi} = {r + agi}: avoids the blast.")
            continue
        dmg = max(0, base - _armor(s["crew"][n]))
        data["hurt"][n] = dmg
        out.append(f"{n}: d6 {r} + Agility {agi} = {r + agi}: caught.")
        wound(s, n, dmg, out, f"{dif} + {lv}" + (f" - Armor {_armor(s['crew'][n])}" if _armor(s["crew"][n]) else ""))
    _resolve(d, key)
    if s.get("dungeon"):
        _all_down(s, d, out)
    return Outcome(s, f"Mines {label}: exploded ({', '.join(f'{k} -{v}' for k, v in data['hurt'].items()) or 'no one hurt'})",
                   out, data)


def dungeon_laser(state: dict, dice, tile: str, disarm: str | None = None, how: str | None = None,
                  to: str | None = None, faint: str | None = None) -> Outcome:
    """Ch. 13 laser barrier L#: entering deals Location Difficulty + # to each conscious
    member (Armor applies, Shields do not). On it, an action: 2d6 + Tech ≥ 10 + # disables
    it until you leave the map; a failure hurts as entering does."""
    from journal.games.kraken.rules import wound

    s = _copy(state)
    d = _dungeon(s)
    label, kind, level = _tile(tile)
    if kind != "L":
        raise InputError(f"'{label}' is not a laser barrier: L or L#")
    key = _key(d, label)
    out: list[str] = []
    how = how or ("stay" if disarm else "move")
    _action(s, d, how, to, faint, out, f"Laser barrier {label}" + (" (disarm)" if disarm else ""))
    if not s.get("dungeon"):
        return Outcome(s, f"Laser {label}: the team is lost", out, {"tile": label})
    if key in d.get("disabled", []):
        out.append(f"The laser barrier {label} is disabled: nothing happens.")
        return Outcome(s, f"Laser {label}: disabled", out, {"tile": label, "disabled": True})
    lv = _value(s, d, dice, label, level, out)
    dif = _location(s, d)["difficulty"]
    data: dict = {"tile": label, "damage": dif + lv, "hurt": {}}
    if disarm is not None:
        who = _member(s, d, disarm, "--disarm")
        ok, faces, total = _check2(s, dice, who, CHECK_BASE + lv)
        out.append(f"{who} tries to disarm it: 2d6 {faces[0]}+{faces[1]} + Tech {s['crew'][who]['tech']} = {total} "
                   f"against {CHECK_BASE + lv}: " + ("disabled until you leave this map." if ok else "failed."))
        data["disarm"] = {"crew": who, "total": total, "ok": ok}
        if ok:
            d.setdefault("disabled", []).append(key)
            return Outcome(s, f"Laser {label}: disabled by {who}", out, data)
    for n in _deployed(s, d):
        dmg = max(0, dif + lv - _armor(s["crew"][n]))
        data["hurt"][n] = dmg
        wound(s, n, dmg, out, f"laser {dif} + {lv}" + (f" - Armor {_armor(s['crew'][n])}" if _armor(s["crew"][n])
                                                       else ""))
    if s.get("dungeon"):
        _all_down(s, d, out)
    return Outcome(s, f"Laser {label}: {dif + lv} damage", out, data)


def dungeon_value(state: dict, dice, tile: str) -> Outcome:
    """Ch. 13 '?': roll an unknown value now (d6 ÷ 2, rounded up; once per exploration)."""
    s = _copy(state)
    d = _dungeon(s)
    label, _kind, level = _tile(tile)
    if level != "?":
        raise InputError(f"'{label}' has no '?' value")
    out: list[str] = []
    key = _key(d, label)
    if key in d.get("values", {}):
        raise RuleError(f"{label} is {d['values'][key]} already this exploration")
    v = _value(s, d, dice, label, level, out)
    return Outcome(s, f"{label} = {v}", out, {"tile": label, "value": v})


def dungeon_med(state: dict, dice, tile: str, name: str, how: str = "move", to: str | None = None,
                faint: str | None = None) -> Outcome:
    """Ch. 13 med-station: heal one member on it up to 4 HP; three times per station and
    exploration (half in a Hell atmosphere)."""
    from journal.games.kraken.rules import heal

    s = _copy(state)
    d = _dungeon(s)
    label, _k, _l = _tile(tile)
    key = _key(d, label)
    used = d.setdefault("med", {}).get(key, 0)
    if used >= MED_USES:
        raise RuleError(f"med-station {label} was used {MED_USES} times this exploration")
    who = find(s["crew"], name, "crew member")
    if who not in d["crew"]:
        raise RuleError(f"{who} is not on this exploration")
    out: list[str] = []
    _action(s, d, how, to, faint, out, f"Med-station {label}")
    if not s.get("dungeon"):
        return Outcome(s, f"Med-station {label}: the team is lost", out, {"tile": label})
    d["med"][key] = used + 1
    gained = heal(s, who, MED_HEAL, out, f"med-station, use {used + 1} of {MED_USES}",
                  hell=atmosphere_here(s, d) == "HELL")
    return Outcome(s, f"Med-station {label}: {who} +{gained} HP", out, {"tile": label, "name": who, "gained": gained})


def dungeon_oxygen(state: dict, dice, tile: str, how: str = "move", to: str | None = None,
                   faint: str | None = None) -> Outcome:
    """Ch. 13 Oxygen station: refill the whole Oxygen storage, tanks included."""
    s = _copy(state)
    d = _dungeon(s)
    label, _k, _l = _tile(tile)
    out: list[str] = []
    _action(s, d, how, to, faint, out, f"Oxygen station {label}")
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    before = s["oxygen"]
    s["oxygen"] = oxygen_max(s)
    out.append(f"Oxygen refilled: {before} → {s['oxygen']}.")
    return Outcome(s, f"Oxygen station {label}: Oxygen {s['oxygen']}", out, {"oxygen": s["oxygen"]})


def dungeon_clone(state: dict, dice, tile: str, savepoint: bool = True, how: str = "move", to: str | None = None,
                  faint: str | None = None) -> Outcome:
    """Ch. 13 clone station: heals each member 4 HP once per station and exploration (any
    difficulty); a save point in Just a Simulation and Adventurer (rulings K8)."""
    from journal.games.kraken.rules import _save_point, heal
    from journal.games.kraken.state import DIFFICULTY_TEXT, SAVE_DIFFICULTIES

    s = _copy(state)
    d = _dungeon(s)
    label, _k, _l = _tile(tile)
    key = _key(d, label) + ":clone"
    out: list[str] = []
    _action(s, d, how, to, faint, out, f"Clone station {label}")
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    meta: dict = {}
    if _resolved(d, key):
        out.append(f"Clone station {label} healed you already this exploration.")
    else:
        _resolve(d, key)
        hell = atmosphere_here(s, d) == "HELL"
        for n in list(d["crew"]):
            heal(s, n, CLONE_HEAL, out, "clone station", hell=hell)
    if savepoint:
        if s["difficulty"] in SAVE_DIFFICULTIES:
            _save_point(s, f"clone station {label}, MAP{d['location']} map {d['map']}", out, meta)
        else:
            out.append(f"{DIFFICULTY_TEXT[s['difficulty']]}: clone stations heal, but there is no save-and-load.")
    return Outcome(s, f"Clone station {label}" + (f", save point {s['savepoint']['id']}" if meta else ""), out,
                   {"tile": label, "savepoint": s.get("savepoint") if meta else None}, meta)


def _grade_price(grade: int, price: int | None, prices: dict, what: str) -> int:
    if price is not None:
        if price < 0:
            raise InputError("--price is 0 or more")
        return price
    if grade in prices:
        return prices[grade]
    known = ", ".join(f"grade {g} {p}¢" for g, p in sorted(prices.items()))
    raise InputError(f"--price is required: the price of a grade {grade} {what} is in your book (p. 165/167); "
                     f"known here: {known} (note it once: journal kraken grade-price {grade} PRICE)")


def dungeon_shop(state: dict, dice, tile: str, kind: str = "shop", how: str = "move", to: str | None = None,
                 faint: str | None = None) -> Outcome:
    """Ch. 13 Shop S#: the first visit ever sells your trash for the best Charisma - 2
    Credits; it sells grade ≤ # + Location Difficulty (one grade more as rare Equipment at
    double price). Ammo dealer: two magazines for the weapon's grade in Credits, grades up
    to the Location Difficulty + 1. Gambler, Modder: see `dungeon gamble`, `dungeon mod`."""
    s = _copy(state)
    d = _dungeon(s)
    label, _k, level = _tile(tile)
    if kind not in ("shop", "ammo-dealer", "gambler", "modder", "quest-master"):
        raise InputError(f"'{kind}': shop, ammo-dealer, gambler, modder or quest-master")
    out: list[str] = []
    _action(s, d, how, to, faint, out, f"{kind.replace('-', ' ').capitalize()} {label}")
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    loc = _location(s, d)
    dif = loc["difficulty"]
    d["at"] = f"{kind}:{label}"
    data: dict = {"tile": label, "kind": kind}
    if kind == "shop":
        lv = _value(s, d, dice, label, level, out)
        limit = lv + dif
        key = _key(d, label)
        if key not in loc.get("shops", []):
            loc.setdefault("shops", []).append(key)
            best = max((s["crew"][n]["charisma"] for n in _deployed(s, d)), default=0)
            gain = max(0, best - SHOP_TRASH)
            before = s["credits"]
            s["credits"] += gain
            out.append(f"First visit: your trash sells for the best Charisma {best} - {SHOP_TRASH} = {gain}¢ "
                       f"(Credits {before}¢ → {s['credits']}¢).")
        out.append(f"Shop grade {lv} + Difficulty {dif}: Items, Weapons and Ammo up to grade {limit}; rare "
                   f"Equipment of grade {limit + 1} at double price; crew members up to level {lv}; sell at half "
                   f"price (journal kraken dungeon buy|sell …, ship buy …, crew add --hire).")
        data.update(grade=lv, limit=limit)
    elif kind == "ammo-dealer":
        out.append(f"Ammo dealer: two magazines for a weapon's grade in Credits, grades up to {dif + 1} "
                   f"(journal kraken dungeon buy WEAPON --ammo --grade G); it buys Equipment too.")
        data["limit"] = dif + 1
    elif kind == "gambler":
        out.append("Gambler: trade an Item or Weapon of grade 2+ (journal kraken dungeon gamble ITEM --grade G), or "
                   "sell Equipment.")
    elif kind == "modder":
        out.append("Modder: mod a weapon (+50% Ammo or +1 damage for its grade's price, both for three times it: "
                   "journal kraken dungeon mod NAME WEAPON --ammo|--damage|--both), or sell Equipment.")
    else:
        key = _key(d, label) + ":quest"
        if _resolved(d, key):
            raise RuleError(f"the Quest Master {label} was activated this exploration already (once per exploration)")
        _resolve(d, key)
        out.append("Quest Master: accept a quest (journal kraken quest add NAME …).")
    return Outcome(s, f"{kind.replace('-', ' ').capitalize()} {label}", out, data)


VISIT_KINDS = ("shop", "ammo-dealer", "quest-master", "gambler", "modder")


def short_visit(state: dict, dice, slot: str, map_no: int, kind: str, tile: str, crew=()) -> Outcome:
    """Ch. 5 Phase 4, short visit: with a working Teleporter, teleport to a CLEARED map of a
    Location on the Starmap Locations Log that you can teleport to (its number within the
    Location's teleport value) and has a Shop, Ammo dealer, Quest Master, Gambler or
    Modder; do that one thing there (buy, sell, gamble, mod, accept a quest) and come back
    (`dungeon leave teleport`). Once a turn."""
    from journal.games.kraken.rules import _loc, _refuse_if_over

    s = _copy(state)
    _refuse_if_over(s)
    if s["turn"] < 1 or s["phase"] != 4:
        raise RuleError(f"the short visit is Phase 4's (this is Phase {s['phase']}): journal kraken phase 4")
    for k, what in (("dungeon", "a Dungeon Exploration"), ("combat", "a Space Combat"), ("ground", "a Ground Combat"),
                    ("flight", "a flight")):
        if s.get(k):
            raise RuleError(f"{what} is going on")
    if s.get("short_visit"):
        raise RuleError("the short visit of this turn was made already")
    if not systems_named(s, "Teleporter"):
        raise RuleError("no working Teleporter: skip the short visit (Phase 4)")
    if kind not in VISIT_KINDS:
        raise InputError(f"'{kind}': {', '.join(VISIT_KINDS)}")
    key, loc = _loc(s, slot)
    if map_no not in loc["cleared"]:
        cleared = ", ".join(map(str, loc["cleared"])) or "none"
        raise RuleError(f"map {map_no} of MAP{key} is not cleared (cleared: {cleared}): a short visit goes to a "
                        f"cleared map")
    if map_no > loc["teleport"]:
        raise RuleError(f"map {map_no} of MAP{key} is beyond its teleport value {loc['teleport']}: you cannot "
                        f"teleport there")
    names = _team(s, crew)
    s["short_visit"] = True
    s["dungeon"] = {"location": key, "map": map_no, "where": "inside", "crew": names, "actions": 0, "visit": True}
    res = dungeon_shop(s, dice, tile, kind, how="none")
    head = (f"Phase 4 short visit: {', '.join(names)} teleport to MAP{key} map {map_no} (ID "
            f"{loc['maps'][map_no - 1]}, cleared), the {kind.replace('-', ' ')} {res.data['tile']}.")
    lines = [head] + res.lines + ["One trade, then back to the ship: journal kraken dungeon leave teleport."]
    return Outcome(res.state, f"Short visit: MAP{key} map {map_no}, {kind.replace('-', ' ')} {res.data['tile']}",
                   lines, {**res.data, "location": key, "map": map_no})


def _at(d: dict, kinds) -> tuple[str, str]:
    at = d.get("at") or ""
    kind, _sep, label = at.partition(":")
    if kind not in kinds:
        raise RuleError(f"you are not at a {' or '.join(k.replace('-', ' ') for k in kinds)} (journal kraken dungeon "
                        f"shop TILE --kind …)")
    return kind, label


def dungeon_buy(state: dict, dice, item: str, grade: int, prices: dict, price: int | None = None,
                rare: bool = False, ammo: bool = False) -> Outcome:
    """Buy at the Shop or Ammo dealer the team stands on (a purchase you cannot pay is
    refused, K12): Equipment up to the shop's grade limit (rare: one more, double price);
    Ammo costs the weapon's grade for one magazine (at a dealer: two magazines)."""
    from journal.games.kraken.rules import _pay, known_prices

    s = _copy(state)
    d = _dungeon(s)
    prices = known_prices(s, prices)
    kind, label = _at(d, ("shop", "ammo-dealer"))
    loc = _location(s, d)
    if not 1 <= grade <= MAX_TREASURE_GRADE:
        raise InputError(f"--grade {grade}: grades are 1-{MAX_TREASURE_GRADE}")
    out: list[str] = []
    if kind == "ammo-dealer":
        if not ammo:
            raise RuleError("an Ammo dealer sells only Ammo: add --ammo")
        if grade > loc["difficulty"] + 1:
            raise RuleError(f"this dealer sells Ammo up to grade {loc['difficulty'] + 1}")
        cost = grade
        _pay(s, cost, f"two magazines for the {item} (grade {grade})", out)
        msg = f"Bought two magazines for the {item} for {cost}¢"
    else:
        lv = d.get("values", {}).get(_key(d, label))
        m = re.fullmatch(r"[A-Z]+(\d)?.*", label)
        shop_grade = int(m[1]) if m and m[1] else (lv or 0)
        limit = shop_grade + loc["difficulty"]
        if ammo:
            if grade > limit:
                raise RuleError(f"this shop sells up to grade {limit}")
            cost = grade
            _pay(s, cost, f"a magazine for the {item} (grade {grade})", out)
            msg = f"Bought a magazine for the {item} for {cost}¢"
        else:
            if rare and grade != limit + 1:
                raise RuleError(f"rare Equipment is one grade above the shop's limit: grade {limit + 1}")
            if not rare and grade > limit:
                raise RuleError(f"this shop sells up to grade {limit} (rare Equipment of grade {limit + 1} with --rare, "
                                f"at double price)")
            base = _grade_price(grade, price, prices, "Item or Weapon")
            cost = base * (2 if rare else 1)
            _pay(s, cost, f"the {item} (grade {grade}{', rare' if rare else ''})", out)
            msg = f"Bought {item} (grade {grade}) for {cost}¢"
    out.insert(0, msg + ".")
    out.append("Give it to someone: journal kraken crew equip NAME SLOT ITEM (a weapon: crew weapon NAME SPEC).")
    return Outcome(s, msg, out, {"item": item, "grade": grade, "cost": cost, "credits": s["credits"]})


def dungeon_sell(state: dict, dice, item: str, value: int) -> Outcome:
    """Any Shop, Ammo dealer, Gambler or Modder buys Equipment at half its value (rounded
    up, K14); Items with uses spent cannot be sold."""
    s = _copy(state)
    d = _dungeon(s)
    _at(d, ("shop", "ammo-dealer", "gambler", "modder"))
    if value < 0:
        raise InputError("--value is the Equipment's price, 0 or more")
    gain = half_up(value)
    before = s["credits"]
    s["credits"] += gain
    msg = f"Sold {item} for {gain}¢ (half of {value}¢)"
    return Outcome(s, msg, [msg + f": Credits {before}¢ → {s['credits']}¢.", "Erase it from the inventory."],
                   {"item": item, "gain": gain, "credits": s["credits"]})


def _discard(s: dict, d: dict, item: str, out: list[str]) -> str | None:
    """Erase an item a deployed crew member carries (and its combat gear, for a weapon)."""
    from journal.games.kraken.rules import item_slot
    from journal.games.kraken.state import release_shield

    for n in _deployed(s, d, conscious=False):
        m = s["crew"][n]
        slot = item_slot(m, item)
        if slot is None:
            continue
        text = m["inventory"].pop(slot)
        weapons = m.get("weapons") or {}
        wkey = next((k for k in weapons if k.casefold() == text.split("+")[0].strip().casefold()), None)
        if wkey:
            del weapons[wkey]
            if not weapons:
                del m["weapons"]
        out.append(f"{n} hands over the {text}: slot {slot} erased.")
        release_shield(m, n, out)
        return n
    out.append(f"Erase the {item} (it is in none of the team's inventory slots).")
    return None


def dungeon_gamble(state: dict, dice, item: str | None, grade: int | None, worn: bool = False,
                   got: str | None = None) -> Outcome:
    """Ch. 13 Gambler: discard an Item or Weapon of grade 2+ (one grade less if its uses or
    magazine are not full) and roll a d6: 1-2 one grade lower, 3-5 the same, 6 one higher
    (6 stays 6); what you get comes from the Treasure Table (d20). Gamblers do not take
    back what they gave you this turn: name it (`got`) once you know what it is."""
    s = _copy(state)
    if got is not None:
        if item is not None or grade is not None:
            raise InputError("--got names what a Gambler gave you: leave out ITEM and --grade")
        text = str(got).strip()
        if not text:
            raise InputError("--got: name the item or weapon the Gambler gave you")
        s.setdefault("gambled", []).append(text)
        msg = f"The Gambler gave you the {text} this turn"
        return Outcome(s, msg, [msg + ": no Gambler takes it back before the next turn (bad for business)."],
                       {"got": text, "gambled": list(s["gambled"])})
    d = _dungeon(s)
    _at(d, ("gambler",))
    if item is None or grade is None:
        raise InputError("name the ITEM you trade and its --grade (or --got NAME for what you received)")
    if any(str(x).casefold() == str(item).strip().casefold() for x in s.get("gambled", [])):
        raise RuleError(f"a Gambler gave you the {item} this turn: Gamblers don't accept what they gave you during "
                        f"this turn (it's bad for business)")
    if not 2 <= grade <= MAX_TREASURE_GRADE:
        raise RuleError(f"--grade {grade}: the Gambler takes grade 2-{MAX_TREASURE_GRADE}")
    counts = grade - 1 if worn else grade
    r = dice.roll(6)
    new = max(1, min(MAX_TREASURE_GRADE, counts + GAMBLE[r]))
    out = [f"The Gambler takes the {item}" + (f" (counted as grade {counts}: not full)" if worn else "")
           + f": d6 {r} → a random Weapon or Item of grade {new} (the Treasure Table says which, book p. 167)."]
    _discard(s, d, item, out)
    out.append("Name what you get: journal kraken dungeon gamble --got NAME (no Gambler takes it back this turn).")
    return Outcome(s, f"Gambler: {item} (grade {counts}) → grade {new} (d6 {r})", out,
                   {"item": item, "counted": counts, "roll": r, "grade": new})


def dungeon_mod(state: dict, dice, name: str, weapon: str, mod: str, grade: int | None, prices: dict,
                price: int | None = None) -> Outcome:
    """Ch. 13 Modder: an unmodded weapon gets +50% Ammo (rounded up) or +1 damage for its
    grade's price, or both for three times the price; mark it with a *."""
    from journal.games.kraken.ground import weapon_spec
    from journal.games.kraken.rules import _pay, known_prices

    s = _copy(state)
    d = _dungeon(s)
    prices = known_prices(s, prices)
    _at(d, ("modder",))
    who = find(s["crew"], name, "crew member")
    wkey = find(s["crew"][who].get("weapons") or {}, weapon, f"weapon of {who}")
    w = s["crew"][who]["weapons"][wkey]
    if w.get("mod"):
        raise RuleError(f"the {wkey} is modded already")
    if mod not in ("ammo", "damage", "both"):
        raise InputError("--ammo, --damage or --both")
    spec = weapon_spec(w)
    g = grade if grade is not None else spec.get("grade")
    if g is None:
        raise InputError(f"--grade is required: the {wkey}'s grade (or write G<n> in its spec)")
    if mod in ("ammo", "both") and spec.get("ammo") is None:
        raise RuleError(f"the {wkey} has no Ammo to increase")
    base = _grade_price(g, price, prices, "weapon")
    cost = base * (3 if mod == "both" else 1)
    out: list[str] = []
    _pay(s, cost, f"modding the {wkey} ({mod})", out)
    w["mod"] = mod
    new = weapon_spec(w)
    if mod in ("ammo", "both") and w.get("ammo") is not None:
        w["ammo"] = min(w["ammo"], new["ammo"])
    out.insert(0, f"The {wkey}* is modded ({mod}): {describe_weapon(new)}.")
    return Outcome(s, f"Modder: {who}'s {wkey} +{mod} for {cost}¢", out, {"weapon": wkey, "mod": mod, "cost": cost})


def describe_weapon(spec: dict) -> str:
    times = f"{spec['times']}x" if spec["times"] > 1 else ""
    ammo = f" A{spec['ammo']}" if spec.get("ammo") is not None else ""
    flags = " ".join(spec["flags"])
    return f"{spec['hit']}+, {times}{spec['damage']}{ammo} {spec['kind']}{(' ' + flags) if flags else ''}"


def dungeon_treasure(state: dict, dice, tile: str, how: str = "move", to: str | None = None,
                     faint: str | None = None) -> Outcome:
    """Ch. 13 Treasure T#: the first time you enter it in an exploration, a Treasure drop of
    grade Location Difficulty + # (at most 6)."""
    s = _copy(state)
    d = _dungeon(s)
    label, kind, level = _tile(tile)
    if kind != "T":
        raise InputError(f"'{label}' is not a Treasure: T#")
    out: list[str] = []
    _action(s, d, how, to, faint, out, f"Treasure {label}")
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    key = _key(d, label)
    if _cleared(s, d):
        out.append(f"Map {d['map']} is cleared: its Treasures are gone.")
        return Outcome(s, f"Treasure {label}: map cleared", out, {"tile": label, "grade": None})
    if _resolved(d, key):
        out.append(f"Treasure {label} was taken this exploration.")
        return Outcome(s, f"Treasure {label}: taken already", out, {"tile": label, "grade": None})
    lv = _value(s, d, dice, label, level, out)
    dif = _location(s, d)["difficulty"]
    grade = min(MAX_TREASURE_GRADE, dif + lv)
    _resolve(d, key)
    tm = d.setdefault("treasure_maps", [])
    if d["map"] not in tm:
        tm.append(d["map"])
    s.setdefault("loot", []).append({"grade": grade, "from": f"Treasure {label}, MAP{d['location']} map {d['map']}"})
    out.append(f"Treasure {label}: grade {dif} + {lv} = {dif + lv}" + (f", at most {MAX_TREASURE_GRADE}"
                                                                      if dif + lv > MAX_TREASURE_GRADE else "")
               + f": a grade {grade} drop (journal kraken treasure take).")
    return Outcome(s, f"Treasure {label}: grade {grade} drop", out, {"tile": label, "grade": grade})


ELEMENTS = ("disruptor", "breach", "teleportal")


def _portal_number(label: str, level: str | None) -> int:
    if level is None or level == "?" or not 1 <= int(level) <= 6:
        raise InputError(f"'{label}': name a teleportal with its number as printed, 1-6 (e.g. P3)")
    return int(level)


def _note_element(d: dict, label: str, level: str | None, what: str) -> str:
    """What the current map shows (no action): a Disruptor, a Hull Breach, a Teleportal."""
    key = _key(d, label)
    if what == "disruptor":
        known = d.setdefault("disruptors", [])
        if key not in known:
            known.append(key)
        return key
    if what == "breach":
        known = d.setdefault("breaches", [])
        if key not in known:
            known.append(key)
        return key
    n = _portal_number(label, level)
    d.setdefault("portals", []).append(n)
    return key


def active_disruptors(s: dict, d: dict) -> list[str]:
    """Ch. 13 Disruptor: active on the current map until entered (then disabled until you
    leave the Location); on a cleared map it has no effect."""
    if _cleared(s, d):
        return []
    here = f"{d['map']}:"
    return [k for k in d.get("disruptors", []) if k.startswith(here) and f"{k}:disruptor" not in d.get("disabled", [])]


def dungeon_element(state: dict, dice, tile: str, what: str, portals=()) -> Outcome:
    """Note an element the current map shows, without moving (no action): a Disruptor
    (the Teleporter cannot take you away while it is active), a Hull Breach (areas
    connected to it have an Outside atmosphere until it is repaired), the Teleportals
    (their numbers: where a teleportal sends you)."""
    s = _copy(state)
    d = _dungeon(s)
    if what not in ELEMENTS:
        raise InputError(f"'{what}': {', '.join(ELEMENTS)}")
    label, _k, level = _tile(tile)
    out: list[str] = []
    if what == "teleportal":
        nums = [_portal_number(label, level)] + [int(p) for p in portals]
        if any(not 1 <= p <= 6 for p in nums):
            raise InputError("--portals: teleportal numbers are 1-6")
        d["portals"] = sorted(nums) if not d.get("portals") else sorted(d["portals"] + nums)
        out.append(f"Teleportals on map {d['map']}: {', '.join(map(str, d['portals']))}.")
        return Outcome(s, f"Map {d['map']}: teleportals {', '.join(map(str, d['portals']))}", out,
                       {"portals": d["portals"]})
    if portals:
        raise InputError("--portals is for teleportals")
    _note_element(d, label, level, what)
    if what == "disruptor":
        if _cleared(s, d):
            out.append(f"Disruptor {label} on a cleared map: it has no effect.")
        else:
            out.append(f"Disruptor {label}: while it is active the Teleporter cannot take you away from this map; "
                       f"enter it to disable it (journal kraken dungeon tile {label} disruptor).")
    else:
        out.append(f"Hull Breach {label}: areas connected to it have an Outside atmosphere until it is repaired "
                   f"(move with --breach {label}; repair it: journal kraken dungeon breach {label} --crew NAME).")
    return Outcome(s, f"Map {d['map']}: {what} {label}", out, {"tile": label, "what": what})


def _teleport(s: dict, d: dict, dice, label: str, level: str | None, portals, out: list[str], data: dict) -> None:
    """Ch. 13 Teleportal: to the other teleportal with the same number; with none, a d6
    names the target portal (your own number: back where you stood; a number not on the
    map: roll again). Disruptors and the Location's teleport depth do not matter."""
    n = _portal_number(label, level)
    if portals:
        nums = [int(p) for p in portals]
        if any(not 1 <= p <= 6 for p in nums):
            raise InputError("--portals: teleportal numbers are 1-6")
        if n not in nums:
            nums.append(n)
        d["portals"] = sorted(nums)
    present = d.get("portals") or []
    if n not in present:
        raise InputError(f"--portals is required: the numbers of the teleportals on map {d['map']} (e.g. --portals "
                         f"{n},{n % 6 + 1}), or note them first (journal kraken dungeon element {label} teleportal "
                         f"--portals …)")
    if present.count(n) >= 2:
        d["portal"] = n
        out.append(f"Teleportal {label}: to the other teleportal {n} (same number).")
        data["portal"] = n
        return
    rolls = []
    while True:
        r = dice.roll(6)
        rolls.append(r)
        if r in present:
            break
        if len(rolls) > 200:  # pragma: no cover - a present portal always comes up
            raise RuleError("no portal came up")
    d["portal"] = rolls[-1]
    out.append(f"Teleportal {label}: no other portal {n}: d6 {', '.join(map(str, rolls))} → portal {rolls[-1]}"
               + (" (back where you stood)" if rolls[-1] == n else "") + ".")
    out.append("Teleport again from where you stand: another action (journal kraken dungeon tile P# teleportal "
               "--stay).")
    data["portal"] = rolls[-1]
    data["rolls"] = rolls


def dungeon_tile(state: dict, dice, tile: str, what: str, how: str = "move", to: str | None = None,
                 faint: str | None = None, portals=()) -> Outcome:
    """Other map elements: a door or obstacle (an action), a Disruptor (entering disables it
    until you leave the Location), a Hull Breach (step onto it; repair it with `dungeon
    breach`), a Teleportal (to the portal of the same number, else d6 until one exists; each
    teleportation is an action, the first one comes with the move onto the portal)."""
    s = _copy(state)
    d = _dungeon(s)
    label, _k, level = _tile(tile)
    out: list[str] = []
    if what == "teleportal":
        _portal_number(label, level)
    if what == "breach" and how in ("move", "free") and "|" not in (to or ""):
        to = f"{to or ''}|{label}"      # standing on the breach: exposed to it
    _action(s, d, how, to, faint, out, f"{what.capitalize()} {label}")
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    key = _key(d, label)
    data: dict = {"tile": label, "what": what}
    if what == "disruptor":
        _note_element(d, label, level, what)
        if _cleared(s, d):
            out.append("On a cleared map a Disruptor has no effect.")
        elif f"{key}:disruptor" in d.get("disabled", []):
            out.append(f"Disruptor {label} is disabled already.")
        else:
            d.setdefault("disabled", []).append(f"{key}:disruptor")
            out.append(f"Disruptor {label} is disabled until you leave the Location.")
    elif what == "breach":
        _note_element(d, label, level, what)
        if _resolved(d, f"{key}:repaired"):
            out.append(f"Hull Breach {label} is repaired: it stays closed until the exploration ends.")
        else:
            out.append(f"Hull Breach {label}: repair it with a welding device (journal kraken dungeon breach {label} "
                       f"--crew NAME); leave it the way you came in.")
    elif what == "teleportal":
        _teleport(s, d, dice, label, level, portals, out, data)
    else:
        if portals:
            raise InputError("--portals is for teleportals")
        out.append(f"{what.capitalize()} {label}.")
    return Outcome(s, f"{what.capitalize()} {label}" + (f" → portal {data['portal']}" if "portal" in data else ""),
                   out, data)


WELDING = "welding"


def dungeon_breach(state: dict, dice, tile: str, crew: str, undo: bool = False, how: str = "move",
                   to: str | None = None, faint: str | None = None) -> Outcome:
    """Ch. 13 Hull Breach: on it (moving onto it, or --stay), a crew member carrying a
    welding device repairs it (an action; the connected areas get their own atmosphere
    back at once and it stays closed until the exploration ends), or undoes the repair the
    same way."""
    s = _copy(state)
    d = _dungeon(s)
    label, _k, level = _tile(tile)
    who = _member(s, d, crew, "--crew")
    tool = next((v for v in s["crew"][who]["inventory"].values() if WELDING in str(v).casefold()), None)
    if tool is None:
        raise RuleError(f"{who} carries no welding device (a Hull Breach is repaired with one: journal kraken crew "
                        f"equip {who} SLOT \"Welding device\")")
    key = _key(d, label)
    rk = f"{key}:repaired"
    if undo and not _resolved(d, rk):
        raise RuleError(f"Hull Breach {label} is not repaired")
    if not undo and _resolved(d, rk):
        raise RuleError(f"Hull Breach {label} is repaired already")
    out: list[str] = []
    if how in ("move", "free") and "|" not in (to or ""):
        to = f"{to or ''}|{label}"      # standing on the breach: exposed to it
    _action(s, d, how, to, faint, out, f"Hull Breach {label}" + (" (undo the repair)" if undo else " (repair)"))
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    _note_element(d, label, level, "breach")
    if undo:
        d["resolved"].remove(rk)
        if not d["resolved"]:
            d.pop("resolved")
        out.append(f"{who} cuts Hull Breach {label} open again: connected areas have an Outside atmosphere again.")
    else:
        _resolve(d, rk)
        out.append(f"{who} welds Hull Breach {label} shut ({tool}): the connected areas keep their own atmosphere "
                   f"until the exploration ends. Leave it the way you came in.")
    return Outcome(s, f"Hull Breach {label} {'opened again' if undo else 'repaired'} by {who}", out,
                   {"tile": label, "repaired": not undo})


def _can_teleport(s: dict, d: dict) -> bool:
    """The ship's Teleporter reaches this map, and no active Disruptor is on it."""
    loc = _location(s, d)
    return bool(systems_named(s, "Teleporter")) and d["map"] <= loc["teleport"] and not active_disruptors(s, d)


def dungeon_exit(state: dict, dice, how: str = "move", to: str | None = None, faint: str | None = None,
                 keep_uncleared: bool = False) -> Outcome:
    """Ch. 13 exit tile EX: on to the next map (an entrance of your choice, then a free
    move); from the last map the Location is solved: XP = maps × difficulty × 2 and four
    Treasures of difficulty + 1 or two of difficulty + 2 (once per Location)."""
    from journal.games.kraken.rules import location_solve

    s = _copy(state)
    d = _dungeon(s)
    if d.get("backwards"):
        raise RuleError("you went back to a previous map: no exit tile takes you forward again this exploration")
    out: list[str] = []
    _action(s, d, how, to, faint, out, "Exit tile EX")
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    loc = _location(s, d)
    if d["map"] >= loc["depth"]:
        slot = d["location"]
        _clear_map(s, d, loc, out, keep_uncleared)
        data = {"solved": False, "map": d["map"]}
        if not loc["solved"]:
            res = location_solve({k: v for k, v in s.items()}, dice, slot=slot)
            s.clear()
            s.update(res.state)
            out.extend(res.lines)
            data.update(solved=True, xp=res.data["xp_gain"])
            out.append(f"Take the reward: journal kraken treasure add --grade {min(6, loc['difficulty'] + 1)} "
                       f"--count 4, or --grade {min(6, loc['difficulty'] + 2)} --count 2.")
        else:
            out.append("The Location was solved before: no second reward.")
        _close(s, out, cleared=False)
        return Outcome(s, f"MAP{slot} left by the last map's exit" + (" (solved)" if data["solved"] else ""), out,
                       data)
    _clear_map(s, d, loc, out, keep_uncleared)
    d["map"] += 1
    _next_map(s, d, loc, dice, out)
    return Outcome(s, f"On to map {d['map']} of MAP{d['location']} (ID {loc['maps'][d['map'] - 1]})", out,
                   {"map": d["map"], "id": loc["maps"][d["map"] - 1]})


def _next_map(s: dict, d: dict, loc: dict, dice, out: list[str]) -> None:
    _roll_map_id(s, loc, d["map"], dice, out)
    d["where"] = "outside"
    d["free_move"] = True
    for k in ("at", "near", "portals", "portal"):
        d.pop(k, None)
    d["disabled"] = [x for x in d.get("disabled", []) if x.endswith(":disruptor")]
    if not d["disabled"]:
        d.pop("disabled")
    out.append(f"Map {d['map']} (ID {loc['maps'][d['map'] - 1]})"
               + (", cleared" if d["map"] in loc["cleared"] else "")
               + ": choose an entrance '>' and make the free first move (journal kraken dungeon move --free).")


def dungeon_back(state: dict, dice, how: str = "move", to: str | None = None, faint: str | None = None,
                 keep_uncleared: bool = False) -> Outcome:
    """Ch. 13: back to the previous map through an entrance (to one of its exits); after
    that no exit tile takes you forward this exploration. Not on One-way Locations. On the
    first map an entrance leaves the Location."""
    s = _copy(state)
    d = _dungeon(s)
    loc = _location(s, d)
    if d["map"] == 1:
        raise RuleError("this is the first map: its entrance leaves the Location (journal kraken dungeon leave "
                        "entrance)")
    if loc.get("special") == "one-way":
        raise RuleError("a One-way Location: you cannot go back to a previous map")
    out: list[str] = []
    _action(s, d, how, to, faint, out, "Entrance >")
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    _clear_map(s, d, loc, out, keep_uncleared)
    d["map"] -= 1
    d["backwards"] = True
    d["where"] = "outside"
    for k in ("at", "near", "portals", "portal"):
        d.pop(k, None)
    d["disabled"] = [x for x in d.get("disabled", []) if x.endswith(":disruptor")]
    if not d["disabled"]:
        d.pop("disabled")
    out.append(f"Back on map {d['map']} (ID {loc['maps'][d['map'] - 1]}) at an exit tile; no exit takes you forward "
               f"again this exploration.")
    return Outcome(s, f"Back to map {d['map']} of MAP{d['location']}", out, {"map": d["map"]})


LEAVE_WAYS = ("entrance", "exit-location", "teleport")


def dungeon_leave(state: dict, dice, way: str, how: str = "move", to: str | None = None, faint: str | None = None,
                  keep_uncleared: bool = False) -> Outcome:
    """Ch. 13, the ways to leave: the first map's entrance; an Exit Location tile '/' on any
    map; the ship's Teleporter within its range and with no active Disruptor (the last
    map's exit is `dungeon exit`; losing everyone ends it too). The map you leave is
    cleared."""
    s = _copy(state)
    d = _dungeon(s)
    loc = _location(s, d)
    if way not in LEAVE_WAYS:
        raise InputError(f"'{way}': {', '.join(LEAVE_WAYS)} (the last map's exit: journal kraken dungeon exit)")
    if way == "entrance" and d["map"] != 1:
        raise RuleError("an entrance leaves the Location only on the first map (journal kraken dungeon back goes to "
                        "the previous map)")
    out: list[str] = []
    if way == "teleport":
        if not systems_named(s, "Teleporter"):
            raise RuleError("the ship has no working Teleporter")
        if not d.get("visit"):
            if d["map"] > loc["teleport"]:
                raise RuleError(f"map {d['map']} is beyond the Teleporter's range here (map {loc['teleport']} at most)")
            blocking = active_disruptors(s, d)
            if blocking:
                tiles = ", ".join(k.split(":")[1] for k in blocking)
                raise RuleError(f"the Disruptor {tiles} on map {d['map']} is active: the Teleporter cannot take you "
                                f"away (enter it to disable it: journal kraken dungeon tile {tiles.split(',')[0]} "
                                f"disruptor)")
            out.append("The Teleporter beams the team up to the ship.")
    else:
        _action(s, d, how, to, faint, out, "Entrance >" if way == "entrance" else "Exit Location /")
        if not s.get("dungeon"):
            return Outcome(s, "The team is lost", out, {})
    slot = d["location"]
    visit = bool(d.get("visit"))
    _close(s, out, cleared=True, keep_uncleared=keep_uncleared)
    return Outcome(s, f"Short visit to MAP{slot} over" if visit else f"Left MAP{slot} ({way})", out,
                   {"way": way, "location": slot})


def dungeon_avoid(state: dict, dice, tile: str, way: str, pay: int = 0) -> Outcome:
    """Ch. 13, avoiding a Ground Combat with an Enemy (never a Boss): Run (d6 + the lowest
    and highest Agility ≥ level + 9), Camouflage (each member d6 + Tech ≥ level + 2),
    Charisma (d6 + every Charisma + Credits paid ≥ level × 3 + 5), Intimidate (the level is
    below the second lowest crew level: no roll). Success skips the combat this time only."""
    from journal.games.kraken.rules import _pay

    s = _copy(state)
    d = _dungeon(s)
    label, kind, level = _tile(tile)
    if kind == "B":
        raise RuleError("a Boss encounter cannot be avoided")
    if kind != "E":
        raise InputError(f"'{label}' is not an Enemy tile: E#")
    key = _key(d, label)
    if _cleared(s, d):
        raise RuleError(f"map {d['map']} is cleared: no enemy is there")
    if _resolved(d, key):
        raise RuleError(f"{label} was defeated this exploration: it does not attack again")
    if d.get("avoid_failed") == key:
        raise RuleError(f"you failed to avoid {label}: the Ground Combat begins (journal kraken dungeon enemy {label})")
    out: list[str] = []
    lv = _location(s, d)["difficulty"] + _value(s, d, dice, label, level, out)
    lv = min(lv, 8)
    team = _deployed(s, d)
    data: dict = {"tile": label, "way": way, "level": lv}
    if way == "run":
        agis = sorted(s["crew"][n]["agility"] for n in team)
        r = dice.roll(6)
        total = r + agis[0] + agis[-1]
        ok = total >= lv + RUN_BASE
        out.append(f"Run: d6 {r} + lowest Agility {agis[0]} + highest {agis[-1]} = {total} against {lv + RUN_BASE}: "
                   + ("you get away." if ok else "caught."))
    elif way == "camouflage":
        ok = True
        for n in team:
            r = dice.roll(6)
            t = r + s["crew"][n]["tech"]
            good = t >= lv + CAMO_BASE
            ok = ok and good
            out.append(f"Camouflage, {n}: d6 {r} + Tech {s['crew'][n]['tech']} = {t} against {lv + CAMO_BASE}: "
                       + ("hidden." if good else "seen."))
    elif way == "charisma":
        if pay < 0:
            raise InputError("--pay is 0 or more Credits")
        if pay:
            _pay(s, pay, "a bribe", out)
        cha = sum(m["charisma"] for m in s["crew"].values() if m["status"] == "active")
        r = dice.roll(6)
        total = r + cha + pay
        goal = lv * 3 + CHARISMA_BASE
        ok = total >= goal
        out.append(f"Charisma: d6 {r} + the crew's Charisma {cha}" + (f" + {pay}¢" if pay else "")
                   + f" = {total} against {goal}: " + ("they let you pass." if ok else "no deal."))
    elif way == "intimidate":
        if pay:
            raise InputError("--pay is for Charisma")
        levels = sorted(s["crew"][n]["level"] for n in team)
        if len(levels) < 2:
            raise RuleError("Intimidate compares with the second lowest crew level: it takes two crew members")
        ok = lv < levels[1]
        out.append(f"Intimidate: enemy level {lv} " + (f"< {levels[1]}" if ok else f"is not below {levels[1]}")
                   + " (the second lowest crew level): " + ("they back off." if ok else "it does not work."))
        if not ok:
            raise RuleError(out[-1] + " Choose another way (no roll was made)")
    else:
        raise InputError(f"'{way}': run, camouflage, charisma or intimidate")
    data["avoided"] = ok
    if ok:
        out.append(f"The Ground Combat with {label} is avoided this time (the enemy stays).")
    else:
        d["avoid_failed"] = key
        out.append(f"The Ground Combat begins: journal kraken dungeon enemy {label}.")
    return Outcome(s, f"Avoid {label} ({way}): {'avoided' if ok else 'failed'}", out, data)


def dungeon_psi(s: dict, d: dict, power: str, out: list[str]) -> None:
    """Dungeon PSI support powers (after a successful PSI check)."""
    if power == "SURPRISE":
        d["surprise"] = True
        out.append("PSI SURPRISE: +2 to the next Ground Combat initiative roll.")
    elif power == "DIVINATION":
        out.append("PSI DIVINATION: +3 or -3 to the next loot d20 (journal kraken treasure take --shift +3|-3).")
        d["divination"] = 3
    elif power == "MIDAS TOUCH":
        d["midas"] = True
        out.append("PSI MIDAS TOUCH: +3 Credits if the next Ground Combat is won.")
    elif power == "OXYGEN CREATION":
        before = s["oxygen"]
        s["oxygen"] = min(oxygen_max(s), s["oxygen"] + 2)
        out.append(f"PSI OXYGEN CREATION: Oxygen {before} → {s['oxygen']}.")


def dungeon_status(s: dict) -> list[str]:
    from journal.games.kraken.rules import describe_location

    d = s["dungeon"]
    loc = s["locations"].get(d["location"], {})
    out = [f"Dungeon: MAP{d['location']} ({describe_location(s, loc) if loc else '?'}), map {d['map']}"
           + (f" (ID {loc['maps'][d['map'] - 1]})" if loc and len(loc['maps']) >= d['map'] else "")
           + f" of {loc.get('depth', '?')}, {d['where']} ({atmosphere_here(s, d) if loc else '?'}), "
           + f"Oxygen {s['oxygen']}/{oxygen_max(s)}, {d['actions']} action(s)"
           + (" · free move pending" if d.get("free_move") else "") + (" · going back" if d.get("backwards") else "")]
    team = ", ".join(f"{n} {s['crew'][n]['hp']}/{s['crew'][n]['hp_max']}" for n in d["crew"] if n in s["crew"])
    out.append(f"  Team: {team}")
    locked = [k for k, b in d.get("bulkheads", {}).items() if b["fails"] >= BULKHEAD_TRIES and not b["open"]]
    opened = [k for k, b in d.get("bulkheads", {}).items() if b["open"]]
    if opened or locked:
        out.append("  Bulkheads: " + ", ".join([f"{k} open" for k in opened] + [f"{k} LOCKED" for k in locked]))
    if d.get("values"):
        out.append("  '?' values: " + ", ".join(f"{k} = {v}" for k, v in d["values"].items()))
    if d.get("resolved"):
        out.append("  Resolved: " + ", ".join(d["resolved"]))
    if d.get("disruptors"):
        out.append("  Disruptors: " + ", ".join(k + (" off" if f"{k}:disruptor" in d.get("disabled", []) else
                                                     " ACTIVE") for k in d["disruptors"]))
    if d.get("breaches"):
        out.append("  Hull Breaches: " + ", ".join(k + (" repaired" if _resolved(d, f"{k}:repaired") else " open")
                                                   for k in d["breaches"])
                   + (f" · the team's area is open to {', '.join(breached(d))}" if breached(d) else ""))
    if d.get("portals"):
        out.append(f"  Teleportals on this map: {' '.join(map(str, d['portals']))}"
                   + (f" · standing on portal {d['portal']}" if d.get("portal") else ""))
    if d.get("visit"):
        out.append("  A Phase 4 short visit: trade, then journal kraken dungeon leave teleport.")
    if loc:
        out.append(f"  Cleared maps: {', '.join(map(str, loc['cleared'])) or 'none'}")
    return out

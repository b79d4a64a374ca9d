"""The Crypted Game Master: coordinates, cells, packs and the line engine.

Pure code: parsing never touches files (the CLI reads a pack and hands over its parsed
TOML), and the engine changes only the state copy it is given. Rulings K1-K6 in
../shared/rules/RULINGS.md:

* K1 a coordinate is sheet digits then two characters 0-9/A-Z (upper-cased; 0/O and 1/I
  stay distinct);
* K2 a cell is a red coordinate, ``/`` or a green command with one or two blue
  coordinates: ``X>Y X<Y X=Y`` (true → first, false → second), ``X+Y X-Y``, ``!ID`` (one
  coordinate: read and follow; two: a decision A/B), ``%N`` (d20 ≥ N → first);
* K3 a line has 7 cells; when they are full the last coordinate goes back to cell 1;
* K6 a STANDBY event may be held: the line stays on it and does nothing until activated.
"""

from __future__ import annotations

import re

from journal.errors import InputError, NeedChoice, RuleError

LINE_CELLS = 7                 # K3
SLOTS = ("1", "2", "3", "4", "5", "6")   # K4
LINE_VARS = "ABCDEFGH"         # K2: the current line's variables
INTERLINK = "IJKLMNOPQRSTUVWXYZ"         # K2: shared by every line
VAR_MIN, VAR_MAX = -(1 << 63), (1 << 63) - 1   # "no range limits" within what TOML can store
MAX_STEPS = 1000               # cells one activation may follow before we call it a loop

COORD_HINT = "expected sheet digits then two characters, e.g. 3HC"
CELL_HINT = ("expected a red coordinate (e.g. 4MB), / (end of line) or a command followed by "
             "its coordinates: X>Y, X<Y, X=Y, X+Y, X-Y, !ID or %N")

_COORD = re.compile(r"[0-9]+[0-9A-Z]{2}")
_EVENT = re.compile(r"[0-9A-Z]{2}")
_CMP = re.compile(r"(-?\d{1,9}|[A-Z])([<>=])(-?\d{1,9}|[A-Z])")
_ARITH = re.compile(r"([A-Z])([+-])(\d{1,9}|[A-Z])")
_RANDOM = re.compile(r"%(\d{1,2})")
_NUM_FIRST = re.compile(r"-?\d+[+-].*")


# --- coordinates and cells -----------------------------------------------------------

def parse_coord(text, what: str = "") -> str:
    """K1: '3hc' → '3HC'; anything else is refused with the rule."""
    t = str(text).strip().upper()
    if not _COORD.fullmatch(t):
        raise InputError(f"{what}'{text}' is not a coordinate: {COORD_HINT}")
    return t


def is_coord(text) -> bool:
    return isinstance(text, str) and _COORD.fullmatch(text) is not None


def parse_event_id(text, what: str = "") -> str:
    t = str(text).strip().upper()
    if not _EVENT.fullmatch(t):
        raise InputError(f"{what}'{text}' is not an event ID: two characters 0-9 or A-Z, e.g. A7")
    return t


def _operand(tok: str):
    return int(tok) if tok[-1].isdigit() else tok


def _need(head: str, coords: list, n: tuple, what: str, where: str) -> None:
    if len(coords) not in n:
        want = " or ".join(str(x) for x in n)
        raise InputError(f"{where}'{head}' {what}: it needs {want} coordinate{'s' if n[-1] > 1 else ''} "
                         f"after it, got {len(coords)}")


def parse_cell(text, nexts=(), where: str = "") -> dict:
    """A cell as printed (K2), e.g. 'A>4 3FR 4BB', '!A7 3TT', '4MB' or '/'.

    `nexts` are further tokens typed separately (the coordinates to the command's
    right). Returns {"kind": "red"|"end"|"cmp"|"add"|"event"|"random", ...}.
    """
    tokens = str(text).split() + [str(t).strip() for t in nexts]
    tokens = [t for t in tokens if t]
    if not tokens:
        raise InputError(f"{where}the cell is empty: {CELL_HINT}")
    raw, rest = tokens[0], tokens[1:]
    head = raw.upper()
    if head == "/":
        if rest:
            raise InputError(f"{where}'/' ends the line and stands alone in its cell: unexpected '{rest[0]}'")
        return {"kind": "end"}
    if head[0] not in "!%" and not any(op in head for op in "<>=+-"):
        if not _COORD.fullmatch(head):
            if head[0].isdigit():
                raise InputError(f"{where}'{raw}' is not a coordinate: {COORD_HINT}")
            raise InputError(f"{where}'{raw}' is not a cell: {CELL_HINT}")
        if rest:
            raise InputError(f"{where}'{head}' is a red coordinate and stands alone in its cell "
                             f"(a command starts with > < = + - ! or %): unexpected '{rest[0]}'")
        return {"kind": "red", "coord": head}
    coords = [parse_coord(t, where) for t in rest]
    if head[0] == "!":
        ident = head[1:]
        if not _EVENT.fullmatch(ident):
            raise InputError(f"{where}'{raw}' is not an event: !ID with ID two characters 0-9 or A-Z, e.g. !A7")
        _need(head, coords, (1, 2), "reads an event (two coordinates make it a decision A/B)", where)
        return {"kind": "event", "id": ident, "to": coords}
    if head[0] == "%":
        m = _RANDOM.fullmatch(head)
        if not m or not 1 <= int(m.group(1)) <= 20:
            raise InputError(f"{where}'{raw}' is not a random switch: %N rolls a d20 against N, 1-20 (e.g. %12)")
        _need(head, coords, (2,), "is a random switch (N or higher → first, else second)", where)
        return {"kind": "random", "n": int(m.group(1)), "to": coords}
    m = _CMP.fullmatch(head)
    if m:
        _need(head, coords, (2,), "compares (true → first, false → second)", where)
        return {"kind": "cmp", "left": _operand(m.group(1)), "op": m.group(2),
                "right": _operand(m.group(3)), "to": coords}
    m = _ARITH.fullmatch(head)
    if m:
        _need(head, coords, (1,), f"changes {m.group(1)}", where)
        return {"kind": "add", "var": m.group(1), "op": m.group(2), "by": _operand(m.group(3)), "to": coords}
    if _NUM_FIRST.fullmatch(head):
        raise InputError(f"{where}'{raw}': + and - change a variable, so the first term is a letter A-Z "
                         f"(e.g. A+3, D-2, D+A)")
    raise InputError(f"{where}'{raw}' is not a command: compare X>Y, X<Y, X=Y; change X+Y, X-Y (X a variable "
                     f"A-Z, Y a number or variable); event !ID; random %N")


def cell_text(cell: dict) -> str:
    """The cell as printed: 'A>4 3FR 4BB'."""
    kind = cell["kind"]
    if kind == "red":
        return cell["coord"]
    if kind == "end":
        return "/"
    if kind == "event":
        head = "!" + cell["id"]
    elif kind == "random":
        head = f"%{cell['n']}"
    elif kind == "cmp":
        head = f"{cell['left']}{cell['op']}{cell['right']}"
    else:
        head = f"{cell['var']}{cell['op']}{cell['by']}"
    return " ".join([head] + cell["to"])


def targets(cell: dict) -> list[str]:
    """Every coordinate a cell can lead to (a red cell leads to its own coordinate)."""
    if cell["kind"] == "red":
        return [cell["coord"]]
    return list(cell.get("to", ()))


# --- packs ---------------------------------------------------------------------------

PACK_KEYS = ("title", "description", "author")
EVENT_KEYS = ("title", "text", "standby")


def parse_pack(doc: dict, source: str = "pack") -> tuple[dict, list[str]]:
    """A parsed pack TOML → ({"title", "cells", "events"}, problems).

    Only the format is checked here (every cell parses, keys are coordinates and event
    IDs); `lint` adds what a pack can be wrong about as a whole.
    """
    problems: list[str] = []
    pack = {"title": "", "cells": {}, "events": {}}
    if not isinstance(doc, dict):
        return pack, [f"{source}: not a TOML table"]
    for key in doc:
        if key not in ("pack", "cells", "events"):
            problems.append(f"{source}: [{key}] is not a pack table: expected [pack], [cells] and [events.ID]")
    head = doc.get("pack")
    if not isinstance(head, dict):
        problems.append(f"{source}: [pack] is missing: a pack starts with [pack] title = \"...\"")
    else:
        for key in head:
            if key not in PACK_KEYS:
                problems.append(f"{source}: pack.{key} is not a known key: expected {', '.join(PACK_KEYS)}")
            elif not isinstance(head[key], str):
                problems.append(f"{source}: pack.{key} should be a string")
        title = head.get("title")
        if not isinstance(title, str) or not title.strip():
            problems.append(f"{source}: pack.title is missing: name the pack, e.g. title = \"Demo sheets\"")
        else:
            pack["title"] = title.strip()
    cells = doc.get("cells", {})
    if not isinstance(cells, dict):
        problems.append(f"{source}: cells should be a table of \"COORD\" = \"CELL\"")
        cells = {}
    for key, value in cells.items():
        where = f"{source}: cell {key}: "
        coord = key.strip().upper()
        if not _COORD.fullmatch(coord):
            problems.append(f"{where}'{key}' is not a coordinate: {COORD_HINT}")
            continue
        if coord in pack["cells"]:
            problems.append(f"{where}{coord} appears twice (keys are upper-cased)")
            continue
        if not isinstance(value, str):
            problems.append(f"{where}should be a string as printed, e.g. \"A+1 1AB\"")
            continue
        try:
            pack["cells"][coord] = parse_cell(value, where=where)
        except InputError as e:
            problems.append(e.message)
    events = doc.get("events", {})
    if not isinstance(events, dict):
        problems.append(f"{source}: events should be tables [events.ID]")
        events = {}
    for key, value in events.items():
        where = f"{source}: events.{key}"
        ident = key.strip().upper()
        if not _EVENT.fullmatch(ident):
            problems.append(f"{where}: '{key}' is not an event ID: two characters 0-9 or A-Z, e.g. A7")
            continue
        if ident in pack["events"]:
            problems.append(f"{where}: {ident} appears twice (IDs are upper-cased)")
            continue
        if not isinstance(value, dict):
            problems.append(f"{where} should be a table: [events.{ident}] title = \"...\"")
            continue
        ev = {}
        for k, v in value.items():
            if k not in EVENT_KEYS:
                problems.append(f"{where}.{k} is not a known key: expected {', '.join(EVENT_KEYS)}")
            elif k == "standby":
                if not isinstance(v, bool):
                    problems.append(f"{where}.standby should be true or false")
                else:
                    ev[k] = v
            elif not isinstance(v, str):
                problems.append(f"{where}.{k} should be a string")
            else:
                ev[k] = v
        pack["events"][ident] = ev
    return pack, problems


def lint(pack: dict) -> tuple[list[str], list[str]]:
    """(errors, warnings) about a well-formed pack as a whole.

    Errors: coordinates with no cell (dangling), cells from which no path reaches a red
    coordinate or '/' (a loop that would never stop). Warnings: events used without an
    [events.ID] table, and event tables no cell uses.
    """
    cells, events = pack["cells"], pack["events"]
    errors, warnings = [], []
    for coord, cell in cells.items():
        for t in targets(cell):
            if t not in cells:
                what = "red coordinate" if cell["kind"] == "red" else "coordinate"
                errors.append(f"cell {coord} ({cell_text(cell)}): {what} {t} has no cell in the pack")
    # cells that can reach a stop: red and '/' cells, and (to report a gap only once)
    # cells leading to a coordinate the pack does not hold
    reach = {c for c, cell in cells.items() if cell["kind"] in ("red", "end")}
    preds: dict[str, list[str]] = {}
    for c, cell in cells.items():
        if cell["kind"] in ("red", "end"):
            continue
        for t in cell["to"]:
            if t not in cells:
                reach.add(c)
            preds.setdefault(t, []).append(c)
    todo = list(reach)
    while todo:
        c = todo.pop()
        for p in preds.get(c, ()):
            if p not in reach:
                reach.add(p)
                todo.append(p)
    trapped = sorted(c for c in cells if c not in reach)
    seen: set[str] = set()
    for start in trapped:
        if start in seen:
            continue
        path, at = [], start
        while at not in path:
            path.append(at)
            at = next(t for t in cells[at]["to"] if t in cells)
        loop = path[path.index(at):] + [at]
        group = _closure(start, cells) & set(trapped)
        seen |= group
        errors.append(f"cells {', '.join(sorted(group))} never reach a red coordinate or '/': "
                      f"a line there loops forever ({' → '.join(loop)})")
    used = set()
    for coord, cell in cells.items():
        if cell["kind"] == "event":
            used.add(cell["id"])
            if cell["id"] not in events:
                warnings.append(f"cell {coord}: event {cell['id']} has no [events.{cell['id']}] table "
                                f"(no title, and it cannot be put on STANDBY)")
    for ident in events:
        if ident not in used:
            warnings.append(f"[events.{ident}] is not used by any cell")
    return errors, warnings


def _closure(start: str, cells: dict) -> set:
    out, todo = {start}, [start]
    while todo:
        c = todo.pop()
        for t in targets(cells[c]):
            if t in cells and t not in out and cells[t]["kind"] not in ("red", "end"):
                out.add(t)
                todo.append(t)
    return out


# --- the engine ----------------------------------------------------------------------

def write_coord(line: dict, coord: str) -> bool:
    """K3: write into the next free cell; when all 7 are full, start again with the last
    coordinate back in cell 1. Returns True when the tracker wrapped."""
    coords = line["coords"]
    if len(coords) >= LINE_CELLS:
        line["coords"] = [coords[-1], coord]
        return True
    coords.append(coord)
    return False


def get_var(s: dict, line: dict, var: str) -> int:
    """K2: A-H are the line's, I-Z the interlink memory; an unset variable is 0."""
    table = line["vars"] if var in LINE_VARS else s["interlink"]
    return table.get(var, 0)


def set_var(s: dict, line: dict, var: str, value: int) -> None:
    if not VAR_MIN <= value <= VAR_MAX:
        raise RuleError(f"{var} would become {value}, more than a save file can hold")
    table = line["vars"] if var in LINE_VARS else s["interlink"]
    table[var] = value


def value_of(s: dict, line: dict, operand) -> int:
    return operand if isinstance(operand, int) else get_var(s, line, operand)


def _show(operand, s, line) -> str:
    return str(operand) if isinstance(operand, int) else f"{operand}={get_var(s, line, operand)}"


class Activation:
    """Following one line: the dice, the decisions given, what to tell the table.

    `events` are the pack's event tables (titles, STANDBY flags); `choices` the
    `--choose` answers, used in order; `hold` puts a STANDBY event on hold instead of
    reading it; `activate` reads the event a line holds.
    """

    def __init__(self, s: dict, dice, events=None, choices=(), hold=False, activate=False, leader=None):
        self.s = s
        self.dice = dice
        self.events = events or {}
        self.choices = list(choices)
        self.hold = hold
        self.activate = activate
        self.leader = leader
        self.lines: list[str] = []       # for the table
        self.trail: list[str] = []       # for the log summary
        self.revealed: list[str] = []
        self.decisions: list[dict] = []
        self.held: list[str] = []
        self.wrapped = False

    def event_label(self, ident: str) -> str:
        title = self.events.get(ident, {}).get("title")
        return f"event {ident}" + (f" ({title})" if title else "")

    def choose(self, slot: str, at: str, cell: dict) -> str:
        a, b = cell["to"]
        label = self.event_label(cell["id"])
        if not self.choices:
            raise NeedChoice(f"--choose is required: line {slot} reads {label} at {at}, a decision: "
                             f"A → {a}, B → {b}", "--choose", ["A", "B"],
                             f"Line {slot}, {label}: option A ({a}) or B ({b})?")
        pick = str(self.choices.pop(0)).strip().upper()
        if pick not in ("A", "B"):
            raise InputError(f"--choose {pick}: a decision is A or B")
        return pick

    def finish(self) -> None:
        if self.choices:
            raise InputError(f"--choose given {len(self.decisions) + len(self.choices)} time(s) but "
                             f"{len(self.decisions)} decision(s) came up: unused "
                             f"{', '.join(str(c) for c in self.choices)}")


def exec_cell(run: Activation, slot: str, cell: dict) -> tuple[str, str | None]:
    """Apply one cell found at line `slot`'s current coordinate.

    Returns ("follow", coord) after a command, ("red", coord) when a red coordinate
    stops the line for this turn, ("end", None) for '/', ("hold", event) for a STANDBY
    event put on hold. Coordinates followed are written into the line (K3).
    """
    s = run.s
    line = s["lines"][slot]
    at = line["coords"][-1]
    kind = cell["kind"]
    if line.get("standby"):
        held = line["standby"]
        if kind != "event" or cell["id"] != held:
            raise RuleError(f"line {slot} is on STANDBY at {run.event_label(held)} ({at}): the cell "
                            f"there is !{held}; nothing else happens on this line until you activate it")
        if not run.activate:
            raise RuleError(f"line {slot} is on STANDBY at {run.event_label(held)} ({at}): nothing happens "
                            f"until you activate the event (--activate)")
        del line["standby"]
        run.lines.append(f"Line {slot}: activate {run.event_label(held)} held on STANDBY.")
    if kind == "red":
        _write(run, slot, line, cell["coord"])
        run.trail.append(f"{at} red {cell['coord']}: stop")
        run.lines.append(f"Line {slot}: {at} holds the red coordinate {cell['coord']}: write it down; "
                         f"the line stops for this turn.")
        return "red", cell["coord"]
    if kind == "end":
        run.trail.append(f"{at} /: end of line")
        run.lines.append(f"Line {slot}: {at} is '/': the story line is complete. "
                         f"Erase line {slot} and its variables A-H.")
        return "end", None
    if kind == "cmp":
        left, right = value_of(s, line, cell["left"]), value_of(s, line, cell["right"])
        op = cell["op"]
        truth = left > right if op == ">" else left < right if op == "<" else left == right
        to = cell["to"][0 if truth else 1]
        shown = f"{_show(cell['left'], s, line)} {op} {_show(cell['right'], s, line)}"
        run.trail.append(f"{at} {cell_text(cell)}: {'true' if truth else 'false'} → {to}")
        run.lines.append(f"Line {slot}: {at} compares {shown}: {'true' if truth else 'false'} → {to}.")
    elif kind == "add":
        var, by = cell["var"], value_of(s, line, cell["by"])
        before = get_var(s, line, var)
        after = before + by if cell["op"] == "+" else before - by
        set_var(s, line, var, after)
        to = cell["to"][0]
        where = "" if var in LINE_VARS else " (interlink)"
        run.trail.append(f"{at} {cell_text(cell)}: {var} {before} → {after} → {to}")
        run.lines.append(f"Line {slot}: {at} {cell_text(cell).split()[0]}: write {var} = {after}{where} "
                         f"(was {before}); next {to}.")
    elif kind == "random":
        roll = run.dice.roll(20)
        hit = roll >= cell["n"]
        to = cell["to"][0 if hit else 1]
        run.trail.append(f"{at} %{cell['n']}: d20 {roll} → {to}")
        run.lines.append(f"Line {slot}: {at} random switch %{cell['n']}: d20 = {roll}, "
                         f"{'at least' if hit else 'below'} {cell['n']} → {to}.")
    else:  # event
        ident = cell["id"]
        label = run.event_label(ident)
        # hold: "always" (the player says this event is a STANDBY one), or True (hold the
        # events the pack marks standby = true)
        if run.hold == "always" or (run.hold and run.events.get(ident, {}).get("standby")):
            line["standby"] = ident
            run.held.append(ident)
            run.trail.append(f"{at} !{ident}: STANDBY")
            run.lines.append(f"Line {slot}: {at} is {label}, a STANDBY event: write STANDBY after {at}. "
                             f"The line waits on it until you activate it.")
            return "hold", ident
        run.revealed.append(ident)
        leader = f" ({run.leader} leads)" if run.leader else ""
        text = run.events.get(ident, {}).get("text")
        if len(cell["to"]) == 2:
            pick = run.choose(slot, at, cell)
            to = cell["to"][0 if pick == "A" else 1]
            run.decisions.append({"line": slot, "event": ident, "choice": pick, "to": to})
            run.trail.append(f"{at} !{ident}: option {pick} → {to}")
            run.lines.append(f"Line {slot}: read {label}{leader}; you chose option {pick} → {to}.")
        else:
            to = cell["to"][0]
            run.trail.append(f"{at} !{ident} → {to}")
            run.lines.append(f"Line {slot}: read {label}{leader}; then {to}.")
        if text:
            run.lines.append(f"    “{text}”")
    _write(run, slot, line, to)
    return "follow", to


def _write(run: Activation, slot: str, line: dict, coord: str) -> None:
    if write_coord(line, coord):
        run.wrapped = True
        run.lines.append(f"Line {slot}: its seven cells are full: erase them, write {line['coords'][0]} back "
                         f"in cell 1 and {coord} in cell 2.")


def follow(run: Activation, slot: str, cells: dict) -> tuple[str, str | None]:
    """Pack mode: follow line `slot` through `cells` until it stops (a red coordinate,
    '/', a held STANDBY event) or reaches a coordinate the pack has no cell for.

    Returns (how it stopped, coordinate or event): ("red"|"end"|"hold"|"missing", …).
    Bounded: more than MAX_STEPS cells in one activation is a loop, refused.
    """
    line = run.s["lines"][slot]
    path = []
    for _ in range(MAX_STEPS):
        at = line["coords"][-1]
        cell = cells.get(at)
        if cell is None:
            run.trail.append(f"{at}: not in the pack")
            run.lines.append(f"Line {slot}: the pack has no cell {at}: look it up in the book and "
                             f"continue with `journal kraken step {slot} CELL ...`.")
            return "missing", at
        path.append(at)
        how, what = exec_cell(run, slot, cell)
        if how != "follow":
            return how, what
    tail = " → ".join(path[-8:])
    raise RuleError(f"line {slot} followed {MAX_STEPS} cells without reaching a red coordinate or '/': "
                    f"the pack loops (… {tail}); check it with `journal kraken pack check`")

"""CGM packs: a TOML file transcribing CGM sheets (cells and events), its format and lint."""

from __future__ import annotations

from journal.errors import InputError
from journal.games.kraken.cgm.cells import COORD, COORD_HINT, EVENT_ID, cell_text, parse_cell, targets

PACK_KEYS = ("title", "description", "author")
EVENT_KEYS = ("title", "text", "standby")


def parse_pack(doc: dict, source: str = "pack") -> tuple[dict, list[str]]:
    """A parsed pack TOML → ({"title", "cells", "events"}, problems).

    Only the format is checked here (every cell parses, keys are coordinates and event
    IDs); `lint` adds what a pack can be wrong about as a whole.
    """
    problems: list[str] = []
    if not isinstance(doc, dict):
        return {"title": "", "cells": {}, "events": {}}, [f"{source}: not a TOML table"]
    for key in doc:
        if key not in ("pack", "cells", "events"):
            problems.append(f"{source}: [{key}] is not a pack table: expected [pack], [cells] and [events.ID]")
    pack = {"title": _pack_title(doc.get("pack"), source, problems),
            "cells": _pack_cells(doc.get("cells", {}), source, problems),
            "events": _pack_events(doc.get("events", {}), source, problems)}
    return pack, problems


def _pack_title(head: object, source: str, problems: list[str]) -> str:
    """[pack]: its title (required), description and author, all strings."""
    if not isinstance(head, dict):
        problems.append(f"{source}: [pack] is missing: a pack starts with [pack] title = \"...\"")
        return ""
    for key in head:
        if key not in PACK_KEYS:
            problems.append(f"{source}: pack.{key} is not a known key: expected {', '.join(PACK_KEYS)}")
        elif not isinstance(head[key], str):
            problems.append(f"{source}: pack.{key} should be a string")
    title = head.get("title")
    if not isinstance(title, str) or not title.strip():
        problems.append(f"{source}: pack.title is missing: name the pack, e.g. title = \"Demo sheets\"")
        return ""
    return title.strip()


def _pack_cells(cells: object, source: str, problems: list[str]) -> dict[str, dict]:
    """[cells]: "COORD" = "CELL" as printed on the sheets, each parsed (cgm/cells.py)."""
    out: dict[str, dict] = {}
    if not isinstance(cells, dict):
        problems.append(f"{source}: cells should be a table of \"COORD\" = \"CELL\"")
        return out
    for key, value in cells.items():
        where = f"{source}: cell {key}: "
        coord = key.strip().upper()
        if not COORD.fullmatch(coord):
            problems.append(f"{where}'{key}' is not a coordinate: {COORD_HINT}")
        elif coord in out:
            problems.append(f"{where}{coord} appears twice (keys are upper-cased)")
        elif not isinstance(value, str):
            problems.append(f"{where}should be a string as printed, e.g. \"A+1 1AB\"")
        else:
            try:
                out[coord] = parse_cell(value, where=where)
            except InputError as e:
                problems.append(e.message)
    return out


def _pack_events(events: object, source: str, problems: list[str]) -> dict[str, dict]:
    """[events.ID]: each event's title, text and standby flag."""
    out: dict[str, dict] = {}
    if not isinstance(events, dict):
        problems.append(f"{source}: events should be tables [events.ID]")
        return out
    for key, value in events.items():
        where = f"{source}: events.{key}"
        ident = key.strip().upper()
        if not EVENT_ID.fullmatch(ident):
            problems.append(f"{where}: '{key}' is not an event ID: two characters 0-9 or A-Z, e.g. A7")
        elif ident in out:
            problems.append(f"{where}: {ident} appears twice (IDs are upper-cased)")
        elif not isinstance(value, dict):
            problems.append(f"{where} should be a table: [events.{ident}] title = \"...\"")
        else:
            out[ident] = _event_table(value, where, problems)
    return out


def _event_table(value: dict, where: str, problems: list[str]) -> dict:
    ev: dict[str, str | bool] = {}
    for k, v in value.items():
        if k not in EVENT_KEYS:
            problems.append(f"{where}.{k} is not a known key: expected {', '.join(EVENT_KEYS)}")
        elif k == "standby" and not isinstance(v, bool):
            problems.append(f"{where}.standby should be true or false")
        elif k != "standby" and not isinstance(v, str):
            problems.append(f"{where}.{k} should be a string")
        else:
            ev[k] = v
    return ev


def lint(pack: dict) -> tuple[list[str], list[str]]:
    """(errors, warnings) about a well-formed pack as a whole.

    Errors: coordinates with no cell (dangling), cells from which no path reaches a red
    coordinate or '/' (a loop that would never stop). Warnings: events used without an
    [events.ID] table, and event tables no cell uses.
    """
    cells, events = pack["cells"], pack["events"]
    errors = _dangling(cells) + _loops(cells)
    warnings = []
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


def _dangling(cells: dict) -> list[str]:
    """Coordinates a cell leads to that have no cell in the pack."""
    errors = []
    for coord, cell in cells.items():
        for t in targets(cell):
            if t not in cells:
                what = "red coordinate" if cell["kind"] == "red" else "coordinate"
                errors.append(f"cell {coord} ({cell_text(cell)}): {what} {t} has no cell in the pack")
    return errors


def _reaching_a_stop(cells: dict) -> set[str]:
    """The cells from which some path reaches a stop: red and '/' cells, and (to report a gap
    only once) cells leading to a coordinate the pack does not hold."""
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
    return reach


def _loops(cells: dict) -> list[str]:
    """Groups of cells from which no path stops, each with one loop a line would follow forever."""
    reach = _reaching_a_stop(cells)
    trapped = sorted(c for c in cells if c not in reach)
    errors = []
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
    return errors


def _closure(start: str, cells: dict) -> set:
    out, todo = {start}, [start]
    while todo:
        c = todo.pop()
        for t in targets(cells[c]):
            if t in cells and t not in out and cells[t]["kind"] not in ("red", "end"):
                out.add(t)
                todo.append(t)
    return out

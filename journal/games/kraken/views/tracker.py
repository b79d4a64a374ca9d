"""The CGM Line Tracker page as text (rulebook page 14): `kraken lines` and show."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.kraken.cgm import INTERLINK, LINE_CELLS, LINE_VARS, SLOTS, lines_named
from journal.games.kraken.model.campaign import pending
from journal.games.kraken.model.locations import describe_location, location_capacity

if TYPE_CHECKING:
    from journal.games.kraken.tables import Line, Location, State


def _vars(table: dict, letters: str) -> str:
    return " ".join(f"{v}={table[v]}" for v in letters if v in table)


def line_row(slot: str, line: Line | None) -> str:
    if line is None:
        return f"Line {slot}  (free)"
    cells = list(line["coords"]) + ["·"] * (LINE_CELLS - len(line["coords"]))
    row = f"Line {slot}  " + " ".join(f"{c:<5}" for c in cells)
    extra = []
    v = _vars(line["vars"], LINE_VARS)
    if v:
        extra.append(v)
    if line.get("standby"):
        extra.append(f"STANDBY {line['standby']}")
    if line.get("running"):
        extra.append(f"running: look up {line['coords'][-1]}")
    if line.get("note"):
        extra.append(f"note: {line['note']}")
    return row.rstrip() + ("   " + " · ".join(extra) if extra else "")


def location_row(state: State, slot: str, loc: Location | None) -> str:
    if loc is None:
        return f"  MAP{slot}  (free)"
    maps = []
    for i in range(loc["depth"]):
        if i < len(loc["maps"]):
            m = str(loc["maps"][i])
            maps.append(f"_{m}_" if i + 1 in loc["cleared"] else m)
        else:
            maps.append("?")
    solved = (" · SOLVED" if loc["solved"] else "") + (" · fixed (an event's)" if loc.get("fixed") else "")
    return f"  MAP{slot}  {describe_location(state, loc)} · maps {' '.join(maps)}{solved}"


def tracker(state: State) -> list[str]:
    """The CGM Line Tracker page as text (rulebook page 14)."""
    head = "CGM Line Tracker" + ("" if state["turn"] == 0 else f": turn {state['turn']}, Phase {state['phase']}")
    if state.get("pack"):
        head += f" · pack {state['pack']['title']}"
    lines = [head]
    for slot in SLOTS:
        lines.append(line_row(slot, state["lines"].get(slot)))
    lines.append("Interlink  " + (_vars(state["interlink"], INTERLINK) or "(empty)"))
    cap = location_capacity(state)
    lines.append(f"Starmap Locations Log ({cap} slots; cleared maps _underlined_)")
    for slot in SLOTS[:max(cap, max((int(x) for x in state["locations"]), default=0))]:
        lines.append(location_row(state, slot, state["locations"].get(slot)))
    lines.extend(_phase_notes(state))
    return lines


def _phase_notes(state: State) -> list[str]:
    out = []
    todo = pending(state)
    if todo:
        out.append(f"Phase 1: {lines_named(todo)} still to activate this turn.")
    if state.get("skipped"):
        out.append(f"Line {state['skipped']} is skipped this turn.")
    if state.get("skipped_before"):
        out.append(f"Line {state['skipped_before']} was skipped last turn (it cannot be skipped this turn).")
    return out

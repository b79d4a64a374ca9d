"""The DUNGEON EXPLORATION form (ch. 13): the Location, its maps, Oxygen, tiles, drops.

The Location and its maps (IDs, cleared, where the team is), Oxygen, bulkheads with their
three tries, '?' values, resolved tiles, Treasure drops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from journal.games.kraken.model.campaign import oxygen_max
from journal.games.kraken.model.constants import MAX_DEPTH, OXYGEN_BASE
from journal.games.kraken.model.exploration import atmosphere_here, breached
from journal.games.kraken.model.locations import effective_atmosphere
from journal.games.kraken.sheets.parts import FORM_GAP, as_dict, form_cell, form_title, pencil, rules_and_notes
from journal.pdf.flow import field, grid, heading
from journal.pdf.primitives import BOLD, INK, REGULAR, checkbox, text, track, triangle

if TYPE_CHECKING:
    from collections.abc import Mapping
    from journal.games.kraken.tables import State


def draw_exploration(c, page, s: State, blank: bool) -> None:
    d = as_dict(s.get("dungeon")) if not blank else {}
    live = bool(d)
    loc = as_dict(s.get("locations", {}).get(d.get("location", ""))) if live else {}
    badge = f"MAP{d['location']} \u00b7 MAP {d['map']} OF {loc.get('depth', '?')}" if live else None
    form_title(c, page, "DUNGEON EXPLORATION" + (f": {loc.get('name') or loc.get('type')}" if loc else ""),
           "Chapter 13: move and activate tiles; Oxygen by atmosphere (breathable 0, none 1, hell 2 an action); "
           "leave a map and it is cleared", badge)
    x, w = page.x0, page.width
    top = page.cursor
    cx = x
    for (label, v), f in zip(_location_values(s, d, loc), LOCATION_WIDTHS, strict=True):
        form_cell(c, cx, top - 26, w * f - 3, 26, v, label, size=9)
        cx += w * f
    page.take(30)
    _maps(c, page, d, loc)
    _the_team(c, page, s, d, blank)
    half = (w - 12) / 2
    top = page.cursor
    heading(c, x, top, half, "Bulkheads", right="2d6+Tech \u2265 10+B#")
    heading(c, x + half + 12, top, half, "Tiles this exploration", right="'?' = d6 / 2, rounded up")
    top -= 19
    rows = [_bulkhead_row(key, b) for key, b in as_dict(d.get("bulkheads")).items()]
    rows += [[None, None, _fails(0), None]] * max(0, 5 - len(rows))
    hb = grid(c, x, top, [half * 0.25, half * 0.15, half * 0.35, half * 0.25], rows,
              row_h=pencil(14, blank), zebra=not blank,
              header=["Bulkhead", "Map", "Failed tries", "State"], size=7.5, align=["l", "c", "l", "c"])
    trows = _tile_notes(d) if live else []
    trows += [[None, None]] * max(0, 5 - len(trows))
    ht = grid(c, x + half + 12, top, [half * 0.4, half * 0.6], trows[:12], row_h=pencil(14, blank), zebra=not blank,
              header=["Tile", "Note"],
              size=7.5)
    page.take(19 + max(hb, ht) + FORM_GAP)
    _treasure_drops(c, page, s.get("loot", []) if not blank else [], blank)
    rules_and_notes(c, page, "Exploration rules", RULES, blank)


LOCATION_WIDTHS = [0.09, 0.18, 0.09, 0.13, 0.13, 0.09, 0.15, 0.14]


def _location_values(s: State, d: dict, loc: Mapping[str, Any]) -> list[tuple[str, object]]:
    """The Location across the top: its slot, type, Difficulty, atmospheres (and what they
    count as), teleport depth, special rule, species."""
    ao = effective_atmosphere(s, loc, "ao") if loc else None
    ai = effective_atmosphere(s, loc, "ai") if loc else None
    return [("Location", f"MAP{d['location']}" if d else None), ("Type", loc.get("type")),
            ("Difficulty", loc.get("difficulty")), ("AO (counts as)", f"{loc['ao']} ({ao})" if loc else None),
            ("AI (counts as)", f"{loc['ai']} ({ai})" if loc else None), ("Teleport", loc.get("teleport")),
            ("Special", (loc.get("special") or "-") if loc else None), ("Species", loc.get("species"))]


def _maps(c, page, d: dict, loc: Mapping[str, Any]) -> None:
    """MAP 1-9: each Map ID, cleared or not, the team's map marked, those beyond the depth
    struck out."""
    x, w = page.x0, page.width
    page.take(heading(c, x, page.cursor, w, "Maps", right="Map ID (d20 as you enter) \u00b7 X cleared \u00b7 "
                                                             "arrow: the team"))
    top = page.cursor
    depth = loc.get("depth", MAX_DEPTH) if loc else MAX_DEPTH
    mw = w / MAX_DEPTH
    maps = loc.get("maps", []) if loc else []
    cleared = set(loc.get("cleared", [])) if loc else set()
    for i in range(MAX_DEPTH):
        mx = x + i * mw
        beyond = loc and i >= depth
        here = bool(d) and d["map"] == i + 1
        form_cell(c, mx, top - 34, mw - 3, 26, maps[i] if i < len(maps) else None, f"MAP {i + 1}", size=12,
                  shade=0.8 if beyond else (0.9 if here else None), frame=1.8 if here else 0.6)
        if here:
            triangle(c, mx + (mw - 3) / 2, top - 7, 7, "down")
        if not beyond:
            checkbox(c, mx + mw - 13, top - 32, i + 1 in cleared, 7)
        if beyond:
            c.setStrokeGray(0.55)
            c.line(mx + 2, top - 32, mx + mw - 5, top - 10)
            c.setStrokeGray(INK)
    page.take(38)


STATUS_TEXT = (("free_move", "free move pending"), ("backwards", "went back: no exit forward"),
               ("visit", "short visit"))


def _the_team(c, page, s: State, d: dict, blank: bool) -> None:
    """Where the team stands, its actions and status, the deployed crew's HP, the Oxygen track."""
    x, w = page.x0, page.width
    where = None
    status: list[str] = []
    if d:
        where = f"{d['where']} ({atmosphere_here(s, d)}" + (": breach)" if breached(d) and d["where"] == "inside"
                                                             else ")")
        status = _team_status(d)
    y = page.cursor - 12
    field(c, x, y, w * 0.3, "The team stands", where, size=9)
    field(c, x + w * 0.32, y, w * 0.26, "Actions so far", d.get("actions") if d else None, size=9)
    field(c, x + w * 0.6, y, w * 0.4, "Status", ", ".join(status) if status else None, size=8)
    page.take(20)
    team = [n for n in d.get("crew", []) if n in s.get("crew", {})] if d else []
    field(c, x, page.cursor - 10, w, "Deployed crew (HP)",
          ", ".join(f"{n} {s['crew'][n]['hp']}/{s['crew'][n]['hp_max']}" for n in team) if team else None, size=8.5)
    page.take(18)
    _oxygen_track(c, page, s, blank)


def _team_status(d: dict) -> list[str]:
    """The free move pending, going back, the trader's tile, a short visit, the teleportal stood on."""
    status = [label for key, label in STATUS_TEXT[:2] if d.get(key)]
    status += [f"at {d['at'].replace(':', ' ')}"] if d.get("at") else []
    status += [label for key, label in STATUS_TEXT[2:] if d.get(key)]
    status += [f"on teleportal {d['portal']}"] if d.get("portal") else []
    return status


def _oxygen_track(c, page, s: State, blank: bool) -> None:
    x, w = page.x0, page.width
    mx_ox = oxygen_max(s) if not blank else OXYGEN_BASE
    cur = None if blank else s.get("oxygen")
    h = track(c, x, page.cursor, w, 0, mx_ox, current=cur, label="Oxygen" + ("" if blank else f": {cur}/{mx_ox}"),
              box_h=14, min_box=14, number_size=7)
    page.take(h + FORM_GAP)


def _bulkhead_row(key: str, b: dict) -> list:
    mapno, _sep, tile = key.partition(":")
    state_ = "open" if b["open"] else ("LOCKED" if b["fails"] >= 3 else "closed")
    return [(tile, BOLD), mapno, _fails(b["fails"]), (state_, BOLD if state_ == "LOCKED" else REGULAR)]


RESOLVED_TEXT = {"clone": "clone station used", "quest": "quest master used", "repaired": "hull breach repaired"}
RESOLVED_KIND = {"M": "mines dealt with", "E": "enemy defeated", "B": "boss defeated", "T": "treasure taken"}


def _tile_notes(d: dict) -> list[list]:
    """What the tiles of this exploration hold: '?' values, tiles resolved, med-stations used,
    lasers and Disruptors off, Disruptors on, open Hull Breaches, the map's teleportals."""
    trows = [[key.replace(":", " "), f"? = {v}"] for key, v in as_dict(d.get("values")).items()]
    for key in d.get("resolved", []):
        parts = key.split(":")
        what = RESOLVED_TEXT.get(parts[2] if len(parts) > 2 else "", RESOLVED_KIND.get(parts[1][:1], "resolved"))
        trows.append([f"map {parts[0]} {parts[1]}", what])
    trows += [[key.replace(":", " "), f"med-station used {uses}/3"] for key, uses in as_dict(d.get("med")).items()]
    for key in d.get("disabled", []):
        parts = key.split(":")
        trows.append([f"map {parts[0]} {parts[1]}", "disruptor off" if key.endswith(":disruptor") else "laser off"])
    for key in d.get("disruptors", []):
        if f"{key}:disruptor" not in d.get("disabled", []):
            mapno, _sep, tile = key.partition(":")
            trows.append([f"map {mapno} {tile}", "DISRUPTOR on: no Teleporter"])
    for key in d.get("breaches", []):
        if f"{key}:repaired" not in d.get("resolved", []):
            mapno, _sep, tile = key.partition(":")
            trows.append([f"map {mapno} {tile}", "HULL BREACH: its areas Outside"])
    if d.get("portals"):
        trows.append([f"map {d['map']} teleportals", " ".join(map(str, d["portals"]))])
    return trows


def _treasure_drops(c, page, loot: list, blank: bool) -> None:
    x, w = page.x0, page.width
    page.take(heading(c, x, page.cursor, w, "Treasure drops", right="Credits = grade or a Stimpack, then d20 on "
                                                                        "the Treasure Table"))
    rows = [[(f"grade {drop['grade']}", BOLD), drop["from"], drop.get("first", ""), str(drop.get("d20", ""))]
            for drop in loot]
    rows += [[None] * 4] * max(0, 3 - len(rows))
    h = grid(c, x, page.cursor, [w * 0.15, w * 0.5, w * 0.2, w * 0.15], rows[:8], row_h=pencil(14, blank),
             zebra=not blank, header=["Drop", "From", "Taken", "d20"], size=7.5)
    page.take(h + FORM_GAP)


RULES = [("Oxygen", "every move-and-activate action costs 1 (none) or 2 (hell); breathable is free; Hardcore: "
                    "NO counts as HELL, YES as NO. Out of Oxygen: a member faints per action."),
         ("Checks", "bulkheads, mines, lasers: 2d6 + Tech \u2265 10 + level. Mines: else each d6 + Agility "
                    "\u2265 8 or take difficulty + grade (the disarmer +2); Armor helps, Shields do not."),
         ("Avoid", "Run d6 + lowest + highest Agility \u2265 LV + 9; Camouflage each d6 + Tech \u2265 LV + 2; "
                   "Charisma d6 + all Charisma + Credits \u2265 LV x 3 + 5; Intimidate LV < second lowest crew "
                   "level. Never a Boss."),
         ("Leave", "the first map's entrance, the last map's exit (solves it: XP = maps x difficulty x 2, four "
                   "Treasures of difficulty + 1 or two of + 2), an Exit Location '/', the Teleporter in range "
                   "(no active Disruptor), or nobody left.")]


def _fails(n):
    def draw(c, x, y, w, h):
        for i in range(3):
            checkbox(c, x + 4 + i * 11, y + (h - 7.5) / 2, i < n, 7.5)
        if n >= 3:
            text(c, x + 40, y + (h - 5) / 2, "locked", BOLD, 6.5)
    return draw

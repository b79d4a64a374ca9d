"""Chapter 6, the Crypted Game Master (CGM): the line tracker's shape (slots, cells, variables).

The CGM's code is in three modules: `cells` (coordinates and cells as printed), `packs`
(a pack file transcribing CGM sheets) and `engine` (following a line). Rules notes K1-K6
(docs/kraken.md):

* K1 a coordinate is sheet digits then two characters 0-9/A-Z (upper-cased; 0/O and 1/I
  stay distinct);
* K2 a cell is a red coordinate, ``/`` or a green command with one or two blue
  coordinates: ``X>Y X<Y X=Y`` (true → first, false → second), ``X+Y X-Y``, ``!ID`` (one
  coordinate: read and follow; two: a decision A/B), ``%N`` (d20 ≥ N → first);
* K3 a line has 7 cells; when they are full the last coordinate goes back to cell 1;
* K6 a STANDBY event may be held: the line stays on it and does nothing until activated.

Pure code: parsing never touches files (the CLI reads a pack and hands over its parsed
TOML), and the engine changes only the state copy it is given.
"""

from __future__ import annotations

from journal.text import plural

LINE_CELLS = 7                 # K3
SLOTS = ("1", "2", "3", "4", "5", "6")   # K4
LINE_VARS = "ABCDEFGH"         # K2: the current line's variables
INTERLINK = "IJKLMNOPQRSTUVWXYZ"         # K2: shared by every line
VAR_MIN, VAR_MAX = -(1 << 63), (1 << 63) - 1   # "no range limits" within what TOML can store


def lines_named(slots) -> str:
    """Line slots as a person writes them: "line 2", "lines 1, 2"."""
    slots = list(slots)
    return f"line {slots[0]}" if len(slots) == 1 else f"lines {', '.join(slots)}"


def choices_unused(made: int, unused: list) -> str:
    """Decisions given ahead (--choose) that no decision took."""
    given = made + len(unused)
    return (f"{plural(given, 'choice')} given but {plural(made, 'decision')} came up: unused "
            f"{', '.join(str(c) for c in unused)}")

"""CGM coordinates and cells as the sheets print them (rules notes K1, K2)."""

from __future__ import annotations

import re

from journal.errors import InputError

COORD_HINT = "expected sheet digits then two characters, e.g. 3HC"
CELL_HINT = ("expected a red coordinate (e.g. 4MB), / (end of line) or a command followed by "
             "its coordinates: X>Y, X<Y, X=Y, X+Y, X-Y, !ID or %N")
COORD = re.compile(r"[0-9]+[0-9A-Z]{2}")
EVENT_ID = re.compile(r"[0-9A-Z]{2}")
_CMP = re.compile(r"(-?\d{1,9}|[A-Z])([<>=])(-?\d{1,9}|[A-Z])")
_ARITH = re.compile(r"([A-Z])([+-])(\d{1,9}|[A-Z])")
_RANDOM = re.compile(r"%(\d{1,2})")
_NUM_FIRST = re.compile(r"-?\d+[+-].*")


def parse_coord(text, what: str = "") -> str:
    """K1: '3hc' → '3HC'; anything else is refused with the rule."""
    t = str(text).strip().upper()
    if not COORD.fullmatch(t):
        raise InputError(f"{what}'{text}' is not a coordinate: {COORD_HINT}")
    return t


def is_coord(text) -> bool:
    return isinstance(text, str) and COORD.fullmatch(text) is not None


def parse_event_id(text, what: str = "") -> str:
    t = str(text).strip().upper()
    if not EVENT_ID.fullmatch(t):
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
        return _red_cell(raw, head, rest, where)
    coords = [parse_coord(t, where) for t in rest]
    if head[0] == "!":
        return _event_cell(raw, head, coords, where)
    if head[0] == "%":
        return _random_cell(raw, head, coords, where)
    return _variable_cell(raw, head, coords, where)


def _red_cell(raw: str, head: str, rest: list[str], where: str) -> dict:
    """A red coordinate: where the line goes on, alone in its cell."""
    if not COORD.fullmatch(head):
        if head[0].isdigit():
            raise InputError(f"{where}'{raw}' is not a coordinate: {COORD_HINT}")
        raise InputError(f"{where}'{raw}' is not a cell: {CELL_HINT}")
    if rest:
        raise InputError(f"{where}'{head}' is a red coordinate and stands alone in its cell "
                         f"(a command starts with > < = + - ! or %): unexpected '{rest[0]}'")
    return {"kind": "red", "coord": head}


def _event_cell(raw: str, head: str, coords: list[str], where: str) -> dict:
    """!ID: read an event; two coordinates make it a decision A/B."""
    ident = head[1:]
    if not EVENT_ID.fullmatch(ident):
        raise InputError(f"{where}'{raw}' is not an event: !ID with ID two characters 0-9 or A-Z, e.g. !A7")
    _need(head, coords, (1, 2), "reads an event (two coordinates make it a decision A/B)", where)
    return {"kind": "event", "id": ident, "to": coords}


def _random_cell(raw: str, head: str, coords: list[str], where: str) -> dict:
    """%N: a random switch, a d20 against N."""
    m = _RANDOM.fullmatch(head)
    if not m or not 1 <= int(m.group(1)) <= 20:
        raise InputError(f"{where}'{raw}' is not a random switch: %N rolls a d20 against N, 1-20 (e.g. %12)")
    _need(head, coords, (2,), "is a random switch (N or higher → first, else second)", where)
    return {"kind": "random", "n": int(m.group(1)), "to": coords}


def _variable_cell(raw: str, head: str, coords: list[str], where: str) -> dict:
    """X>Y, X<Y, X=Y compare; X+Y, X-Y change a variable (X a letter A-Z)."""
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

"""The CGM engine: following a story line cell by cell (variables, events, decisions, K2-K6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.kraken.cgm import LINE_CELLS, LINE_VARS, VAR_MAX, VAR_MIN, choices_unused
from journal.games.kraken.model.checks import check, d20_chance
from journal.games.kraken.cgm.cells import cell_text
from journal.hints import cmd, say

if TYPE_CHECKING:
    from journal.games.kraken.tables import Line, State

MAX_STEPS = 1000               # cells one activation may follow before we call it a loop


def write_coord(line: Line, coord: str) -> bool:
    """K3: write into the next free cell; when all 7 are full, start again with the last
    coordinate back in cell 1. Returns True when the tracker wrapped."""
    coords = line["coords"]
    if len(coords) >= LINE_CELLS:
        line["coords"] = [coords[-1], coord]
        return True
    coords.append(coord)
    return False


def get_var(s: State, line: Line, var: str) -> int:
    """K2: A-H are the line's, I-Z the interlink memory; an unset variable is 0."""
    table = line["vars"] if var in LINE_VARS else s["interlink"]
    return table.get(var, 0)


def set_var(s: State, line: Line, var: str, value: int) -> None:
    if not VAR_MIN <= value <= VAR_MAX:
        raise RuleError(f"{var} would become {value}, more than a save file can hold")
    table = line["vars"] if var in LINE_VARS else s["interlink"]
    table[var] = value


def value_of(s: State, line: Line, operand) -> int:
    return operand if isinstance(operand, int) else get_var(s, line, operand)


def _show(operand, s, line) -> str:
    return str(operand) if isinstance(operand, int) else f"{operand}={get_var(s, line, operand)}"


class Activation:
    """Following one line: the dice, the decisions given, what to tell the table.

    `events` are the pack's event tables (titles, STANDBY flags); `choices` the
    `--choose` answers, used in order; `hold` puts a STANDBY event on hold instead of
    reading it; `activate` reads the event a line holds.
    """

    def __init__(self, s: State, dice, events=None, choices=(), hold=False, activate=False, leader=None):
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
        self.checks: list[dict] = []     # the random switches' d20s, with their chance (the luck audit)

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
            raise InputError(f"'{pick}' is not an option: a decision is A or B")
        return pick

    def finish(self) -> None:
        if self.choices:
            raise InputError(choices_unused(len(self.decisions), self.choices))


def exec_cell(run: Activation, slot: str, cell: dict) -> tuple[str, str | None]:
    """Apply one cell found at line `slot`'s current coordinate.

    Returns ("follow", coord) after a command, ("red", coord) when a red coordinate
    stops the line for this turn, ("end", None) for '/', ("hold", event) for a STANDBY
    event put on hold. Coordinates followed are written into the line (K3).
    """
    line = run.s["lines"][slot]
    if line.get("standby"):
        _wake(run, slot, line, cell)
    return CELL_STEPS[cell["kind"]](run, slot, line, cell)


def _wake(run: Activation, slot: str, line: Line, cell: dict) -> None:
    """K6: a line on STANDBY moves only when its held event is activated."""
    at, held = line["coords"][-1], line["standby"]
    if cell["kind"] != "event" or cell["id"] != held:
        raise RuleError(f"line {slot} is on STANDBY at {run.event_label(held)} ({at}): the cell "
                        f"there is !{held}; nothing else happens on this line until you activate it")
    if not run.activate:
        raise RuleError(say(f"line {slot} is on STANDBY at {run.event_label(held)} ({at}): nothing happens "
                            f"until you activate the event (", cmd("kraken advance", slot, activate=True), ")"))
    del line["standby"]
    run.lines.append(f"Line {slot}: activate {run.event_label(held)} held on STANDBY.")


def _red(run: Activation, slot: str, line: Line, cell: dict) -> tuple[str, str | None]:
    """K4: a red coordinate is written down and stops the line for this turn."""
    at = line["coords"][-1]
    _write(run, slot, line, cell["coord"])
    run.trail.append(f"{at} red {cell['coord']}: stop")
    run.lines.append(f"Line {slot}: {at} holds the red coordinate {cell['coord']}: write it down; "
                     f"the line stops for this turn.")
    return "red", cell["coord"]


def _end(run: Activation, slot: str, line: Line, cell: dict) -> tuple[str, str | None]:
    """'/': the story line is complete."""
    at = line["coords"][-1]
    run.trail.append(f"{at} /: end of line")
    run.lines.append(f"Line {slot}: {at} is '/': the story line is complete. "
                     f"Erase line {slot} and its variables A-H.")
    return "end", None


def _compare(run: Activation, slot: str, line: Line, cell: dict) -> tuple[str, str | None]:
    """A comparison (K2): the first coordinate when it holds, else the second."""
    s, at = run.s, line["coords"][-1]
    left, right = value_of(s, line, cell["left"]), value_of(s, line, cell["right"])
    op = cell["op"]
    truth = left > right if op == ">" else left < right if op == "<" else left == right
    to = cell["to"][0 if truth else 1]
    shown = f"{_show(cell['left'], s, line)} {op} {_show(cell['right'], s, line)}"
    run.trail.append(f"{at} {cell_text(cell)}: {'true' if truth else 'false'} → {to}")
    run.lines.append(f"Line {slot}: {at} compares {shown}: {'true' if truth else 'false'} → {to}.")
    return _follow_to(run, slot, line, to)


def _add(run: Activation, slot: str, line: Line, cell: dict) -> tuple[str, str | None]:
    """A variable changes (K2): A-H the line's, I-Z the interlink's."""
    s, at = run.s, line["coords"][-1]
    var, by = cell["var"], value_of(s, line, cell["by"])
    before = get_var(s, line, var)
    after = before + by if cell["op"] == "+" else before - by
    set_var(s, line, var, after)
    to = cell["to"][0]
    where = "" if var in LINE_VARS else " (interlink)"
    run.trail.append(f"{at} {cell_text(cell)}: {var} {before} → {after} → {to}")
    run.lines.append(f"Line {slot}: {at} {cell_text(cell).split()[0]}: write {var} = {after}{where} "
                     f"(was {before}); next {to}.")
    return _follow_to(run, slot, line, to)


def _random(run: Activation, slot: str, line: Line, cell: dict) -> tuple[str, str | None]:
    """A random switch %N: a d20 of at least N takes the first coordinate."""
    at = line["coords"][-1]
    roll = run.dice.roll(20)
    hit = roll >= cell["n"]
    run.checks.append(check(f"CGM %{cell['n']} random switch", d20_chance(0, cell["n"]), hit))
    to = cell["to"][0 if hit else 1]
    run.trail.append(f"{at} %{cell['n']}: d20 {roll} → {to}")
    run.lines.append(f"Line {slot}: {at} random switch %{cell['n']}: d20 = {roll}, "
                     f"{'at least' if hit else 'below'} {cell['n']} → {to}.")
    return _follow_to(run, slot, line, to)


def _event(run: Activation, slot: str, line: Line, cell: dict) -> tuple[str, str | None]:
    """An event (K6): held when it is a STANDBY one and the player holds it, else read; a
    decision event takes option A or B."""
    at, ident = line["coords"][-1], cell["id"]
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
    text = run.events.get(ident, {}).get("text")
    if text:
        run.lines.append(f"    “{text}”")
    return _follow_to(run, slot, line, to)


def _follow_to(run: Activation, slot: str, line: Line, to: str) -> tuple[str, str | None]:
    _write(run, slot, line, to)
    return "follow", to


# a cell's kind -> the step that applies it (cgm/cells.py parses the kinds)
CELL_STEPS = {"red": _red, "end": _end, "cmp": _compare, "add": _add, "random": _random, "event": _event}


def _write(run: Activation, slot: str, line: Line, coord: str) -> None:
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
            run.lines.append(say(f"Line {slot}: the pack has no cell {at}: look it up in the book and "
                                 f"continue with `", cmd("kraken step", slot, "CELL"), "`."))
            return "missing", at
        path.append(at)
        how, what = exec_cell(run, slot, cell)
        if how != "follow":
            return how, what
    tail = " → ".join(path[-8:])
    raise RuleError(say(f"line {slot} followed {MAX_STEPS} cells without reaching a red coordinate or '/': "
                        f"the pack loops (… {tail}); check it with `", cmd("kraken pack check", "FILE"), "`"))

"""Chapter 6, Activate story lines: following a line by hand or from a pack, LT tiles, by hand.

`step` follows a line by hand, `advance` from a pack; an LT tile starts a new line; the
line tracker by hand (A2): slots, skips, coordinates, notes, variables, the pack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import InputError, RuleError
from journal.games.kraken.cgm import INTERLINK, LINE_VARS, SLOTS, VAR_MAX, VAR_MIN, choices_unused, lines_named
from journal.games.kraken.cgm.cells import cell_text, parse_coord
from journal.games.kraken.cgm.engine import Activation, exec_cell, follow, write_coord
from journal.games.kraken.model.campaign import copy_state, pending, refuse_if_over, refuse_setup, set_leader
from journal.games.kraken.model.checks import with_checks
from journal.games.kraken.model.constants import FREE_ACTION_TEXT
from journal.hints import Hint, cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import Line, State


def line_slot(s: State, line) -> str:
    slot = str(line).strip()
    if slot not in SLOTS:
        raise InputError(f"line '{line}' is not a line slot: 1-6")
    if slot not in s["lines"]:
        used = ", ".join(x for x in SLOTS if x in s["lines"]) or "none"
        raise RuleError(f"line {slot} is free (lines in use: {used})")
    return slot


def _coord_list(line: Line) -> str:
    return " ".join(line["coords"])


def _begin(s: State, slot: str, out: list[str], reason: str | None = None, how: Hint | None = None) -> str:
    """Bookkeeping when a line's activation starts (K5): its Phase 1 turn, Phase 3's free
    action, or an extra activation an event or card calls for: only with its `reason`
    (`how` is the command that gives it)."""
    line = s["lines"][slot]
    if line.get("running"):
        return "continued"
    phase = s["phase"]
    if phase == 1 and (slot not in s["done"] or slot == s.get("skipped")):
        _phase_1_activation(s, slot, out)
        return "phase 1"
    if phase == 3 and not s.get("free_action"):
        s["free_action"] = "line"
        out.append(f"Phase 3 free action: activate line {slot} again.")
        return "free action"
    if not (reason and reason.strip()):
        raise RuleError(say(f"{_why_not_again(s, slot)}: an extra activation an event or card calls for is "
                            f"made with its reason (", how or cmd("kraken advance", slot, reason="TEXT"), ")"))
    out.append(f"An extra activation of line {slot} ({reason.strip()}).")
    return "extra"


def _phase_1_activation(s: State, slot: str, out: list[str]) -> None:
    """Phase 1 (K5): the line is done this turn (activated after all if it was to be skipped);
    the lines before it in slot order are noted."""
    earlier = [x for x in pending(s) if int(x) < int(slot)]
    if earlier:
        waits = "waits" if len(earlier) == 1 else "wait"
        out.append(f"Note: Phase 1 activates the lines slot 1 first; {lines_named(earlier)} still {waits} for "
                   f"this turn.")
    if slot == s.get("skipped"):
        del s["skipped"]
        out.append(f"Line {slot} was to be skipped this turn; it is activated after all.")
    if slot not in s["done"]:
        s["done"].append(slot)
        s["done"].sort()


def _why_not_again(s: State, slot: str) -> str:
    """Why a line's activation now is none of the book's (ch. 5, 6, 8): story lines are activated
    once each in Phase 1, and one again as Phase 3's ONE free action."""
    phase, fa = s["phase"], s.get("free_action")
    if phase == 1:
        return (f"line {slot} has had this turn's Phase 1 activation (each line once, ch. 6; a line written during "
                f"the turn waits for the next)")
    if phase == 3 and fa == "flight":
        return ("Phase 3 is ONE free action, and this turn's was a space flight: no story line is activated after "
                "it (ch. 8)")
    if phase == 3:
        return f"Phase 3 is ONE free action, and this turn's was {FREE_ACTION_TEXT[str(fa)]} (ch. 8)"
    return (f"story lines are activated in Phase 1, and one again as Phase 3's free action, and this is "
            f"Phase {phase} (ch. 5)")


def _after(s: State, slot: str, how: str) -> None:
    """A line's state once `exec_cell`/`follow` returned `how`."""
    if how == "end":
        del s["lines"][slot]
        if slot in s["done"]:
            s["done"].remove(slot)
        if s.get("skipped") == slot:
            del s["skipped"]
        return
    line = s["lines"][slot]
    if how in ("follow", "missing"):
        line["running"] = True
    else:
        line.pop("running", None)


def unused_choices(choices: list, made: int) -> None:
    if choices:
        raise InputError(choices_unused(made, choices))


def line_data(s: State, slot: str) -> dict:
    line = s["lines"].get(slot)
    if line is None:
        return {"line": slot, "ended": True}
    d = {"line": slot, "coords": list(line["coords"]), "vars": dict(line["vars"])}
    for k in ("note", "standby"):
        if k in line:
            d[k] = line[k]
    return d


def step(state: State, dice, line, cell: dict, choose: str | None = None, standby: bool = False,
         leader: str | None = None, events: dict | None = None, pack_cell: dict | None = None,
         reason: str | None = None) -> Outcome:
    """Manual mode: the player typed the cell found at line `line`'s current coordinate (an
    extra activation with its `reason`)."""
    s = copy_state(state)
    refuse_if_over(s)
    refuse_setup(s)
    slot = line_slot(s, line)
    ln = s["lines"][slot]
    at = ln["coords"][-1]
    out: list[str] = []
    if standby and cell["kind"] != "event":
        raise InputError(f"only an event (!ID) can be put on STANDBY, and {at} holds "
                         f"{cell_text(cell)}")
    if standby and ln.get("standby"):
        raise RuleError(f"line {slot} is already on STANDBY at event {ln['standby']}")
    set_leader(s, leader, out)
    kind = _begin(s, slot, out, reason, cmd("kraken step", slot, *cell_text(cell).split(), reason="TEXT"))
    run = Activation(s, dice, events, [choose] if choose else [], hold="always" if standby else False,
                         activate=True, leader=s.get("leader"))
    how, what = exec_cell(run, slot, cell)
    unused_choices(run.choices, len(run.decisions))
    _after(s, slot, how)
    out.extend(run.lines)
    if pack_cell is not None and cell_text(pack_cell) != cell_text(cell):
        out.append(f"Note: the pack has '{cell_text(pack_cell)}' at {at}, not '{cell_text(cell)}'.")
    data = {**line_data(s, slot), "at": at, "cell": cell_text(cell), "activation": kind,
            "stopped": how != "follow", "ended": how == "end", "events": run.revealed,
            "decisions": run.decisions}
    if how == "follow":
        data["next"] = what
        out.append(say(f"Look up {what} next: ", cmd("kraken step", slot, "CELL")))
    elif how == "hold":
        data["standby"] = what
    summary = f"Line {slot}{' (extra)' if kind == 'extra' else ''}: " + "; ".join(run.trail)
    meta = {"revealed": run.revealed} if run.revealed else {}
    return Outcome(s, summary, out, data, with_checks(meta, run.checks))


def activate_from_pack(s: State, dice, slot: str, pack: dict, choices: list, hold: bool, activate: bool,
                        out: list[str]) -> tuple[dict, Activation]:
    line = s["lines"][slot]
    start = list(line["coords"])
    run = Activation(s, dice, pack["events"], choices, hold=hold, activate=activate,
                         leader=s.get("leader"))
    run.choices = choices            # shared by every line of one command, used in order
    how, what = follow(run, slot, pack["cells"])
    _after(s, slot, how)
    out.extend(run.lines)
    result = {**line_data(s, slot), "from": start[-1], "trail": run.trail, "stopped": how,
              "events": run.revealed, "decisions": run.decisions}
    if how == "missing":
        result["next"] = what
    if how == "hold":
        result["standby"] = what
    return result, run


def advance(state: State, dice, line, pack: dict, choices=(), standby: bool = False, activate: bool = False,
            leader: str | None = None, reason: str | None = None) -> Outcome:
    """Pack mode: follow one line until it stops (Phase 1's activation, Phase 3's, or an extra
    one an event or card calls for, with its `reason`)."""
    s = copy_state(state)
    refuse_if_over(s)
    refuse_setup(s)
    slot = line_slot(s, line)
    ln = s["lines"][slot]
    if standby and activate:
        raise InputError("a STANDBY event is held or activated, not both at once")
    if activate and not ln.get("standby"):
        raise RuleError(f"line {slot} holds no STANDBY event to activate")
    if ln.get("standby") and not activate:
        label = pack["events"].get(ln["standby"], {}).get("title")
        raise RuleError(say(f"line {slot} is on STANDBY at event {ln['standby']}"
                            f"{f' ({label})' if label else ''}: nothing happens until you activate it: ",
                            cmd("kraken advance", slot, activate=True)))
    out: list[str] = []
    set_leader(s, leader, out)
    kind = _begin(s, slot, out, reason, cmd("kraken advance", slot, activate=activate, reason="TEXT"))
    choices = list(choices)
    result, run = activate_from_pack(s, dice, slot, pack, choices, standby, activate, out)
    unused_choices(choices, len(run.decisions))
    summary = f"Line {slot} ({kind}): " + "; ".join(run.trail)
    result["activation"] = kind
    meta = {"revealed": run.revealed} if run.revealed else {}
    return Outcome(s, summary, out, result, with_checks(meta, run.checks))


def lt(state: State, dice, pack: dict | None = None, choices=(), leader: str | None = None,
       standby: bool = False) -> Outcome:
    """Ch. 13 LT tile: with a free slot, d20 r starts a line at 1A + the r-th letter
    (1 → 1AA … 20 → 1AT, rules note K4), activated at once; with none, nothing happens."""
    s = copy_state(state)
    refuse_if_over(s)
    refuse_setup(s, "an LT tile is stepped on")
    free = [x for x in SLOTS if x not in s["lines"]]
    if not free:
        line = "LT tile: all six story line slots are in use, so nothing happens."
        return Outcome(s, line, [line], {"line": None})
    r = dice.roll(20)
    coord = "1A" + chr(ord("A") + r - 1)
    slot = free[0]
    s["lines"][slot] = {"coords": [coord], "vars": {}}
    if s["phase"] == 1 and slot not in s["done"]:
        s["done"].append(slot)
        s["done"].sort()
    out = [f"LT tile: d20 = {r}: a new story line starts at {coord}. Write it in line {slot}."]
    set_leader(s, leader, out)
    meta: dict = {}
    if pack is None:
        s["lines"][slot]["running"] = True
        out.append(say(f"Activate it now: look up {coord} (", cmd("kraken step", slot, "CELL"), ")."))
        return Outcome(s, f"LT tile: d20 {r} → line {slot} starts at {coord}", out,
                       {"line": slot, "roll": r, "start": coord, "next": coord})
    choices = list(choices)
    result, run = activate_from_pack(s, dice, slot, pack, choices, standby, False, out)
    unused_choices(choices, len(run.decisions))
    if run.revealed:
        meta["revealed"] = run.revealed
    summary = f"LT tile: d20 {r} → line {slot} starts at {coord}: " + "; ".join(run.trail)
    return Outcome(s, summary, out, {**result, "roll": r, "start": coord}, with_checks(meta, run.checks))


# --- the line tracker by hand (A2) ----------------------------------------------------------

def line_add(state: State, dice, coord: str, note: str | None = None) -> Outcome:
    """K4: a new line takes the first free slot; with none free it is refused."""
    s = copy_state(state)
    coord = parse_coord(coord)
    free = [x for x in SLOTS if x not in s["lines"]]
    if not free:
        raise RuleError("all six story line slots are in use: never erase an unresolved line to make "
                        "room (rules note K4); the new line waits until one ends")
    slot = free[0]
    s["lines"][slot] = {"coords": [coord], "vars": {}}
    if note and note.strip():
        s["lines"][slot]["note"] = note.strip()
    out = [f"Write {coord} in the first cell of line {slot}."]
    if s["turn"] >= 1:
        if slot not in s["done"]:
            s["done"].append(slot)
            s["done"].sort()
        out.append(say(f"Line {slot} is first activated in the next Phase 1 (or now, if an event says so: ",
                       cmd("kraken advance", slot, reason="TEXT"), " with a pack, else ",
                       cmd("kraken step", slot, "CELL", reason="TEXT"), ")."))
    return Outcome(s, f"New line {slot} at {coord}", out, line_data(s, slot))


def line_skip(state: State, dice, line) -> Outcome:
    """K5: skip one line in this turn's Phase 1, not the line skipped on the previous turn."""
    s = copy_state(state)
    refuse_setup(s, "lines are skipped")
    slot = line_slot(s, line)
    if s["phase"] != 1:
        raise RuleError(f"lines are skipped in Phase 1, and this is Phase {s['phase']}")
    if s.get("skipped"):
        raise RuleError(f"line {s['skipped']} is skipped this turn already: one line per turn (rules note K5)")
    if slot == s.get("skipped_before"):
        raise RuleError(f"line {slot} was skipped last turn; a line cannot be skipped two turns running (rules note K5)")
    if slot in s["done"] or s["lines"][slot].get("running"):
        raise RuleError(f"line {slot} was activated this turn already")
    s["skipped"] = slot
    msg = f"Line {slot} is skipped this turn"
    return Outcome(s, msg, [msg + " (it cannot be skipped next turn)."], {"line": slot})


def line_set(state: State, dice, line, coord: str) -> Outcome:
    """A2: write a coordinate by hand (an event sends the line elsewhere)."""
    s = copy_state(state)
    slot = line_slot(s, line)
    coord = parse_coord(coord)
    ln = s["lines"][slot]
    wrapped = write_coord(ln, coord)
    held = ln.pop("standby", None)
    out = [f"Line {slot}: write {coord}" + (" (the seven cells were full: start again with "
                                             f"{_coord_list(ln)})" if wrapped else "") + "."]
    if held:
        out.append(f"The STANDBY event {held} is dropped.")
    return Outcome(s, f"Line {slot} set to {coord} by hand", out, line_data(s, slot))


def line_note(state: State, dice, line, text: str | None) -> Outcome:
    s = copy_state(state)
    slot = line_slot(s, line)
    if text and text.strip():
        s["lines"][slot]["note"] = text.strip()
        msg = f"Line {slot} note: {text.strip()}"
    else:
        s["lines"][slot].pop("note", None)
        msg = f"Line {slot}: note erased"
    return Outcome(s, msg, [msg + "."], line_data(s, slot))


def line_end(state: State, dice, line) -> Outcome:
    """A2: an event ends a line (as '/'): erase it and its variables A-H."""
    s = copy_state(state)
    slot = line_slot(s, line)
    _after(s, slot, "end")
    msg = f"Line {slot} ends: erase it and its variables A-H."
    return Outcome(s, f"Line {slot} ended by hand", [msg], {"line": slot, "ended": True})


def var_set(state: State, dice, var: str, value: int | None, line=None) -> Outcome:
    """A2 / K2: write a variable by hand: A-H on a line (`line`), I-Z in the interlink."""
    s = copy_state(state)
    v = str(var).strip().upper()
    if len(v) != 1 or v not in LINE_VARS + INTERLINK:
        raise InputError(f"'{var}' is not a variable: A-H belong to a line, I-Z to the interlink")
    if v in LINE_VARS:
        if line is None:
            raise InputError(say(f"{v} is a line variable: say which line (", cmd("kraken var", v, "VALUE", line="N"),
                                 ")"))
        slot = line_slot(s, line)
        table, where = s["lines"][slot]["vars"], f"line {slot}"
    else:
        if line is not None:
            raise InputError(f"{v} is an interlink variable, shared by every line: it belongs to no line")
        table, where = s["interlink"], "the interlink memory"
    before = table.get(v)
    if value is None:
        table.pop(v, None)
        msg = f"Erase {v} in {where}" + (f" (was {before})" if before is not None else "")
    else:
        if not VAR_MIN <= value <= VAR_MAX:
            raise InputError(f"{v} = {value} is more than a save file can hold")
        table[v] = value
        msg = f"Write {v} = {value} in {where}" + (f" (was {before})" if before is not None else "")
    return Outcome(s, msg, [msg + "."], {"var": v, "value": value, "before": before})


def pack_use(state: State, dice, pack: dict) -> Outcome:
    s = copy_state(state)
    old = s.get("pack")
    s["pack"] = pack
    msg = f"Pack: {pack['title']} ({pack['path']})"
    lines = [msg + "."]
    if old and old["sha256"] != pack["sha256"]:
        lines.append("Its cells differ from the pack this campaign used so far.")
    return Outcome(s, msg, lines, {"pack": pack})


def pack_forget(state: State, dice) -> Outcome:
    s = copy_state(state)
    if "pack" not in s:
        raise RuleError("this campaign has no pack")
    del s["pack"]
    msg = say("No pack: lines are followed by hand (", cmd("kraken step", "LINE", "CELL"), ")")
    return Outcome(s, msg, [say(msg, ".")], {"pack": None})

"""Space Kraken: the rules between flights, as pure functions.

Every command is ``fn(state, dice, **params) -> Outcome``: no files, clocks or global
randomness, and the given state is never mutated. Rule numbers (K1-K14, A1-A2) refer to
../shared/rules/RULINGS.md; chapter numbers to the rulebook. The CGM engine itself is in
cgm.py; the catalogue of ship systems is passed in by the CLI (``cat``).
"""

from __future__ import annotations

import copy
import re

from journal.errors import InputError, RuleError
from journal.games.kraken import cgm
from journal.games.kraken.catalogue import AMMO, half_up
from journal.games.kraken.catalogue import price as cat_price
from journal.games.kraken.state import (
    ATMOSPHERES,
    ATTR_MAX,
    ATTR_MIN,
    ATTR_SUM,
    ATTRIBUTES,
    DIFFICULTIES,
    DIFFICULTY_TEXT,
    EXCLUSIVE,
    FREE_ACTION_TEXT,
    FREE_ACTIONS,
    INVENTORY,
    MAX_BUILD_CREW,
    MAX_CREW,
    MAX_DEPTH,
    MAX_TICKS,
    MAX_TRAITS,
    MIN_DEPTH,
    OVERLOAD_MAX,
    PHASES,
    PRESET_CREW,
    SAVE_DIFFICULTIES,
    SCHEMA_VERSION,
    SPECIALS,
    SPECIES,
    START_CREDITS,
    carry_capacity,
    hp_formula,
    location_capacity,
    overload,
    oxygen_max,
    pending,
    release_shield,
    systems_named,
    validate,
)
from journal.lookup import find
from journal.outcome import Outcome

CLONE_HEAL = 4           # ch. 13: a clone station heals each crew member 4 HP
RECOVER_HEAL = 3         # ch. 5, Phase R
UNCONSCIOUS_FLOOR = -3   # K11: 0 to -3 unconscious, -4 or lower killed
HIRE_PRICE = 10          # ch. 13 Shops: 10 Credits per Level
SELL_PRICE = 5           # ch. 13 Shops: 5 x Level


# --- small helpers ---------------------------------------------------------------------

def _copy(state: dict) -> dict:
    return copy.deepcopy(state)




def _slot(s: dict, line) -> str:
    slot = str(line).strip()
    if slot not in cgm.SLOTS:
        raise InputError(f"line '{line}' is not a line slot: 1-6")
    if slot not in s["lines"]:
        used = ", ".join(x for x in cgm.SLOTS if x in s["lines"]) or "none"
        raise RuleError(f"line {slot} is free (lines in use: {used})")
    return slot


def _refuse_if_over(s: dict) -> None:
    if s.get("result"):
        raise RuleError(f"the campaign is over ({s['result']}): nothing more happens on the story lines")


def _refuse_busy(s: dict, what: str) -> None:
    """A turn or phase does not move on in the middle of a combat, an exploration or a flight."""
    if s.get("combat"):
        raise RuleError(f"{what}: a Space Combat is going on (journal kraken combat …, or combat end by hand)")
    if s.get("ground"):
        raise RuleError(f"{what}: a Ground Combat is going on (journal kraken ground …, or ground end by hand)")
    if s.get("dungeon"):
        raise RuleError(f"{what}: the crew is exploring a Location (journal kraken dungeon leave|exit …)")
    if s.get("flight"):
        raise RuleError(f"{what}: the flight's new Location is not generated yet (journal kraken location generate …, "
                        f"location add|event, or flight-end to drop it)")


def _refuse_setup(s: dict, what: str = "story lines are activated") -> None:
    if s["turn"] == 0:
        raise RuleError(f"{what} during a turn, and the first has not begun: "
                        f"`journal kraken turn` starts turn 1")


def _credits_line(before: int, after: int) -> str:
    return f"Credits {before}¢ → {after}¢."


def _pay(s: dict, amount: int, what: str, lines: list[str], purchase: bool = True) -> int:
    """K12: a purchase you cannot cover is refused; a penalty takes all your Credits and
    nothing more. Returns what was paid."""
    have = s["credits"]
    if amount <= have:
        s["credits"] = have - amount
        lines.append(f"Pay {amount}¢ for {what}: " + _credits_line(have, s["credits"]))
        return amount
    if purchase:
        raise RuleError(f"{what} costs {amount}¢ and you have {have}¢: a purchase you cannot cover is "
                        f"refused (rulings K12)")
    s["credits"] = 0
    lines.append(f"{what}: {amount}¢ due but you have {have}¢: pay all {have}¢ and nothing more "
                 f"(rulings K12).")
    return have


def _leader(s: dict, leader: str | None, lines: list[str]) -> None:
    if leader is None:
        return
    if not s["crew"]:
        raise RuleError("--leader: there is no crew yet (journal kraken crew add ...)")
    name = find(s["crew"], leader, "crew member", "--leader")
    if name != s.get("leader"):
        lines.append(f"{name} leads the crew from the front (was {s.get('leader') or 'nobody'}).")
    s["leader"] = name


def _coord_list(line: dict) -> str:
    return " ".join(line["coords"])


# --- a new campaign ---------------------------------------------------------------------

def new(difficulty: str, lines: list[str], pack: dict | None = None, backstory: str | None = None,
        credits: int = START_CREDITS) -> Outcome:
    """3.1-3.8: difficulty, backstory, 100¢ (3.7), Oxygen 25 (3.6), the start lines (3.8)."""
    if difficulty not in DIFFICULTIES:
        raise InputError(f"--difficulty '{difficulty}' is not one of {', '.join(DIFFICULTIES)}")
    if len(lines) > len(cgm.SLOTS):
        raise InputError(f"--line given {len(lines)} times: the tracker has {len(cgm.SLOTS)} slots")
    if not 0 <= credits <= 100000:
        raise InputError(f"--credits {credits}: expected 0 or more")
    s = {"difficulty": difficulty, "turn": 0, "phase": 0, "credits": credits, "xp": 0, "oxygen": 25,
         "oxygen_tanks": 0, "recovered": False, "done": [], "storage": [], "expansion_storage": [],
         "lines": {}, "interlink": {}, "crew": {}, "locations": {}, "quests": {}, "builds": {}}
    if backstory and backstory.strip():
        s["backstory"] = backstory.strip()
    if pack:
        s["pack"] = pack
    out = [f"Space Kraken, {DIFFICULTY_TEXT[difficulty]}: {credits}¢, Oxygen 25."]
    for i, coord in enumerate(lines):
        slot = cgm.SLOTS[i]
        s["lines"][slot] = {"coords": [cgm.parse_coord(coord, "--line ")], "vars": {}}
        out.append(f"Write {s['lines'][slot]['coords'][0]} in the first cell of line {slot}.")
    if pack:
        out.append(f"Pack: {pack['title']} ({pack['path']}).")
    out.append("Next: choose your crew (journal kraken crew add …), buy a ship hull and systems "
               "(journal kraken ship …), then `journal kraken turn` begins turn 1.")
    where = "; ".join(f"line {k}: {v['coords'][0]}" for k, v in s["lines"].items()) or "no lines yet"
    summary = f"New {DIFFICULTY_TEXT[difficulty]} campaign ({where})"
    return Outcome(s, summary, out, {"difficulty": difficulty, "lines": {k: v["coords"][0]
                                                                         for k, v in s["lines"].items()}})


# --- the line tracker: activations -------------------------------------------------------

def _begin(s: dict, slot: str, out: list[str]) -> str:
    """Bookkeeping when a line's activation starts (K5): its Phase 1 turn, Phase 3's free
    action, or an extra activation an event or card calls for."""
    line = s["lines"][slot]
    if line.get("running"):
        return "continued"
    phase = s["phase"]
    if phase == 1 and (slot not in s["done"] or slot == s.get("skipped")):
        earlier = [x for x in pending(s) if int(x) < int(slot)]
        if earlier:
            out.append(f"Note: Phase 1 activates the lines slot 1 first; line(s) {', '.join(earlier)} "
                       f"still wait for this turn.")
        if slot == s.get("skipped"):
            del s["skipped"]
            out.append(f"Line {slot} was to be skipped this turn; it is activated after all.")
        if slot not in s["done"]:
            s["done"].append(slot)
            s["done"].sort()
        return "phase 1"
    if phase == 3 and not s.get("free_action"):
        s["free_action"] = "line"
        out.append(f"Phase 3 free action: activate line {slot} again.")
        return "free action"
    return "extra"


def _after(s: dict, slot: str, how: str) -> None:
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


def _unused_choices(choices: list, made: int) -> None:
    if choices:
        raise InputError(f"--choose given {made + len(choices)} time(s) but {made} decision(s) came up: "
                         f"unused {', '.join(str(c) for c in choices)}")


def _line_data(s: dict, slot: str) -> dict:
    line = s["lines"].get(slot)
    if line is None:
        return {"line": slot, "ended": True}
    d = {"line": slot, "coords": list(line["coords"]), "vars": dict(line["vars"])}
    for k in ("note", "standby"):
        if k in line:
            d[k] = line[k]
    return d


def step(state: dict, dice, line, cell: dict, choose: str | None = None, standby: bool = False,
         leader: str | None = None, events: dict | None = None, pack_cell: dict | None = None) -> Outcome:
    """Manual mode: the player typed the cell found at line `line`'s current coordinate."""
    s = _copy(state)
    _refuse_if_over(s)
    _refuse_setup(s)
    slot = _slot(s, line)
    ln = s["lines"][slot]
    at = ln["coords"][-1]
    out: list[str] = []
    if standby and cell["kind"] != "event":
        raise InputError(f"--standby: only an event (!ID) can be put on STANDBY, and {at} holds "
                         f"{cgm.cell_text(cell)}")
    if standby and ln.get("standby"):
        raise RuleError(f"line {slot} is already on STANDBY at event {ln['standby']}")
    _leader(s, leader, out)
    kind = _begin(s, slot, out)
    run = cgm.Activation(s, dice, events, [choose] if choose else [], hold="always" if standby else False,
                         activate=True, leader=s.get("leader"))
    how, what = cgm.exec_cell(run, slot, cell)
    _unused_choices(run.choices, len(run.decisions))
    _after(s, slot, how)
    out.extend(run.lines)
    if pack_cell is not None and cgm.cell_text(pack_cell) != cgm.cell_text(cell):
        out.append(f"Note: the pack has '{cgm.cell_text(pack_cell)}' at {at}, not '{cgm.cell_text(cell)}'.")
    data = {**_line_data(s, slot), "at": at, "cell": cgm.cell_text(cell), "activation": kind,
            "stopped": how != "follow", "ended": how == "end", "events": run.revealed,
            "decisions": run.decisions}
    if how == "follow":
        data["next"] = what
        out.append(f"Look up {what} next: journal kraken step {slot} CELL [NEXT [NEXT]]")
    elif how == "hold":
        data["standby"] = what
    summary = f"Line {slot}: " + "; ".join(run.trail)
    meta = {"revealed": run.revealed} if run.revealed else {}
    return Outcome(s, summary, out, data, meta)


def _activate_from_pack(s: dict, dice, slot: str, pack: dict, choices: list, hold: bool, activate: bool,
                        out: list[str]) -> tuple[dict, cgm.Activation]:
    line = s["lines"][slot]
    start = list(line["coords"])
    run = cgm.Activation(s, dice, pack["events"], choices, hold=hold, activate=activate,
                         leader=s.get("leader"))
    run.choices = choices            # shared by every line of one command, used in order
    how, what = cgm.follow(run, slot, pack["cells"])
    _after(s, slot, how)
    out.extend(run.lines)
    result = {**_line_data(s, slot), "from": start[-1], "trail": run.trail, "stopped": how,
              "events": run.revealed, "decisions": run.decisions}
    if how == "missing":
        result["next"] = what
    if how == "hold":
        result["standby"] = what
    return result, run


def advance(state: dict, dice, line, pack: dict, choices=(), standby: bool = False, activate: bool = False,
            leader: str | None = None) -> Outcome:
    """Pack mode: follow one line until it stops (Phase 3's activation, an event that
    activates a line, catching up)."""
    s = _copy(state)
    _refuse_if_over(s)
    _refuse_setup(s)
    slot = _slot(s, line)
    ln = s["lines"][slot]
    if standby and activate:
        raise InputError("--standby and --activate: give one (hold a STANDBY event, or read the one held)")
    if activate and not ln.get("standby"):
        raise RuleError(f"--activate: line {slot} holds no STANDBY event")
    if ln.get("standby") and not activate:
        label = pack["events"].get(ln["standby"], {}).get("title")
        raise RuleError(f"line {slot} is on STANDBY at event {ln['standby']}"
                        f"{f' ({label})' if label else ''}: nothing happens until you activate it: add --activate")
    out: list[str] = []
    _leader(s, leader, out)
    kind = _begin(s, slot, out)
    choices = list(choices)
    result, run = _activate_from_pack(s, dice, slot, pack, choices, standby, activate, out)
    _unused_choices(choices, len(run.decisions))
    summary = f"Line {slot} ({kind}): " + "; ".join(run.trail)
    result["activation"] = kind
    meta = {"revealed": run.revealed} if run.revealed else {}
    return Outcome(s, summary, out, result, meta)


def turn(state: dict, dice, pack: dict | None = None, skip=None, choices=(), standby=(), activate=(),
         leader: str | None = None, savepoint: bool = False) -> Outcome:
    """A new turn: Phase 5 of the turn ending (if not done), then Phase 1 (K5): every line
    once, slot 1 first, one line skipped at most (not the one skipped last turn)."""
    s = _copy(state)
    _refuse_if_over(s)
    _refuse_busy(s, "the turn cannot end yet")
    running = [x for x in cgm.SLOTS if s["lines"].get(x, {}).get("running")]
    if running:
        at = s["lines"][running[0]]["coords"][-1]
        raise RuleError(f"line {running[0]} is mid-way through an activation: look up {at} and "
                        f"`journal kraken step {running[0]} CELL …` until it stops")
    out: list[str] = []
    closing: list[str] = []
    if s["turn"] >= 1 and s["phase"] < 5:
        _to_phase(s, 5, out, closing=True, notes=closing)
    previous = s.pop("skipped", None)
    s["turn"] += 1
    s["phase"] = 1
    s["done"] = []
    s.pop("free_action", None)
    s["recovered"] = False
    for key in ("returned", "gambled", "short_visit"):   # Phase R, Gamblers and Phase 4 count per turn
        s.pop(key, None)
    for q in s["quests"].values():
        q["activated"] = False
    if previous:
        s["skipped_before"] = previous
    else:
        s.pop("skipped_before", None)
    out.append(f"Turn {s['turn']} begins. Phase 1: activate the story lines, slot 1 first.")
    if skip is not None:
        slot = _slot(s, skip)
        if slot == previous:
            raise RuleError(f"--skip {slot}: line {slot} was skipped last turn; a line cannot be skipped two "
                            f"turns running (rulings K5)")
        s["skipped"] = slot
        out.append(f"Skip line {slot} this turn.")
    _leader(s, leader, out)
    held_slots = {_slot(s, x) for x in standby}
    wake = {_slot(s, x) for x in activate}
    for slot in wake:
        if not s["lines"][slot].get("standby"):
            raise RuleError(f"--activate {slot}: line {slot} holds no STANDBY event")
    meta: dict = {}
    if savepoint:
        _save_point(s, "start of turn", out, meta)
    results: dict = {}
    revealed: list[str] = []
    trails: list[str] = []
    if pack is None:
        if held_slots or wake or choices:
            raise InputError("--standby, --activate and --choose follow lines from a pack; without one, "
                             "step each line with `journal kraken step`")
        todo = pending(s)
        for slot in todo:
            out.append(f"Line {slot}: look up {s['lines'][slot]['coords'][-1]} "
                       f"(journal kraken step {slot} CELL [NEXT [NEXT]]).")
        for slot in cgm.SLOTS:
            if s["lines"].get(slot, {}).get("standby"):
                out.append(f"Line {slot} waits on STANDBY at event {s['lines'][slot]['standby']}: "
                           f"nothing happens unless you activate it.")
        if not s["lines"]:
            out.append("No story line is in play.")
        summary = (f"Turn {s['turn']} begins" + (f" (line {s['skipped']} skipped)" if s.get("skipped") else "")
                   + (f"; turn {s['turn'] - 1} ended: {'; '.join(closing)}" if closing else ""))
        data = {"turn": s["turn"], "pending": todo, "skipped": s.get("skipped")}
        return Outcome(s, summary, out, data, meta)
    choices = list(choices)
    made = 0
    for slot in [x for x in cgm.SLOTS if x in s["lines"]]:
        if slot not in s["lines"]:
            continue
        if slot == s.get("skipped"):
            results[slot] = {"line": slot, "stopped": "skipped"}
            trails.append(f"line {slot} skipped")
            continue
        s["done"].append(slot)
        line = s["lines"][slot]
        if line.get("standby") and slot not in wake:
            out.append(f"Line {slot} waits on STANDBY at event {line['standby']}: nothing happens.")
            results[slot] = {**_line_data(s, slot), "stopped": "standby"}
            trails.append(f"line {slot} on STANDBY ({line['standby']})")
            continue
        result, run = _activate_from_pack(s, dice, slot, pack, choices, slot in held_slots, slot in wake, out)
        made += len(run.decisions)
        revealed.extend(run.revealed)
        results[slot] = result
        trails.append(f"line {slot}: " + "; ".join(run.trail))
    s["done"] = sorted(x for x in set(s["done"]) if x in s["lines"])
    _unused_choices(choices, made)
    if not s["lines"]:
        out.append("No story line is in play.")
    out.append("Phase 1 is done. Next: Phase 2 (journal kraken phase 2).")
    summary = f"Turn {s['turn']}, Phase 1: " + (" | ".join(trails) if trails else "no lines")
    if closing:
        summary = f"Turn {s['turn'] - 1} ended: {'; '.join(closing)}. " + summary
    if revealed:
        meta["revealed"] = revealed
    return Outcome(s, summary, out, {"turn": s["turn"], "lines": results, "skipped": s.get("skipped")}, meta)


def lt(state: dict, dice, pack: dict | None = None, choices=(), leader: str | None = None,
       standby: bool = False) -> Outcome:
    """Ch. 13 LT tile: with a free slot, d20 r starts a line at 1A + the r-th letter
    (1 → 1AA … 20 → 1AT, rulings K4), activated at once; with none, nothing happens."""
    s = _copy(state)
    _refuse_if_over(s)
    _refuse_setup(s, "an LT tile is stepped on")
    free = [x for x in cgm.SLOTS if x not in s["lines"]]
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
    _leader(s, leader, out)
    meta: dict = {}
    if pack is None:
        s["lines"][slot]["running"] = True
        out.append(f"Activate it now: look up {coord} (journal kraken step {slot} CELL [NEXT [NEXT]]).")
        return Outcome(s, f"LT tile: d20 {r} → line {slot} starts at {coord}", out,
                       {"line": slot, "roll": r, "start": coord, "next": coord})
    choices = list(choices)
    result, run = _activate_from_pack(s, dice, slot, pack, choices, standby, False, out)
    _unused_choices(choices, len(run.decisions))
    if run.revealed:
        meta["revealed"] = run.revealed
    summary = f"LT tile: d20 {r} → line {slot} starts at {coord}: " + "; ".join(run.trail)
    return Outcome(s, summary, out, {**result, "roll": r, "start": coord}, meta)


# --- the line tracker by hand (A2) ----------------------------------------------------------

def line_add(state: dict, dice, coord: str, note: str | None = None) -> Outcome:
    """K4: a new line takes the first free slot; with none free it is refused."""
    s = _copy(state)
    coord = cgm.parse_coord(coord)
    free = [x for x in cgm.SLOTS if x not in s["lines"]]
    if not free:
        raise RuleError("all six story line slots are in use: never erase an unresolved line to make "
                        "room (rulings K4); the new line waits until one ends")
    slot = free[0]
    s["lines"][slot] = {"coords": [coord], "vars": {}}
    if note and note.strip():
        s["lines"][slot]["note"] = note.strip()
    out = [f"Write {coord} in the first cell of line {slot}."]
    if s["turn"] >= 1:
        if slot not in s["done"]:
            s["done"].append(slot)
            s["done"].sort()
        out.append(f"Line {slot} is first activated in the next Phase 1 (or now, if an event says so: "
                   f"journal kraken advance/step {slot}).")
    return Outcome(s, f"New line {slot} at {coord}", out, _line_data(s, slot))


def line_skip(state: dict, dice, line) -> Outcome:
    """K5: skip one line in this turn's Phase 1, not the line skipped on the previous turn."""
    s = _copy(state)
    _refuse_setup(s, "lines are skipped")
    slot = _slot(s, line)
    if s["phase"] != 1:
        raise RuleError(f"lines are skipped in Phase 1, and this is Phase {s['phase']}")
    if s.get("skipped"):
        raise RuleError(f"line {s['skipped']} is skipped this turn already: one line per turn (rulings K5)")
    if slot == s.get("skipped_before"):
        raise RuleError(f"line {slot} was skipped last turn; a line cannot be skipped two turns running (rulings K5)")
    if slot in s["done"] or s["lines"][slot].get("running"):
        raise RuleError(f"line {slot} was activated this turn already")
    s["skipped"] = slot
    msg = f"Line {slot} is skipped this turn"
    return Outcome(s, msg, [msg + " (it cannot be skipped next turn)."], {"line": slot})


def line_set(state: dict, dice, line, coord: str) -> Outcome:
    """A2: write a coordinate by hand (an event sends the line elsewhere)."""
    s = _copy(state)
    slot = _slot(s, line)
    coord = cgm.parse_coord(coord)
    ln = s["lines"][slot]
    wrapped = cgm.write_coord(ln, coord)
    held = ln.pop("standby", None)
    out = [f"Line {slot}: write {coord}" + (" (the seven cells were full: start again with "
                                             f"{_coord_list(ln)})" if wrapped else "") + "."]
    if held:
        out.append(f"The STANDBY event {held} is dropped.")
    return Outcome(s, f"Line {slot} set to {coord} by hand", out, _line_data(s, slot))


def line_note(state: dict, dice, line, text: str | None) -> Outcome:
    s = _copy(state)
    slot = _slot(s, line)
    if text and text.strip():
        s["lines"][slot]["note"] = text.strip()
        msg = f"Line {slot} note: {text.strip()}"
    else:
        s["lines"][slot].pop("note", None)
        msg = f"Line {slot}: note erased"
    return Outcome(s, msg, [msg + "."], _line_data(s, slot))


def line_end(state: dict, dice, line) -> Outcome:
    """A2: an event ends a line (as '/'): erase it and its variables A-H."""
    s = _copy(state)
    slot = _slot(s, line)
    _after(s, slot, "end")
    msg = f"Line {slot} ends: erase it and its variables A-H."
    return Outcome(s, f"Line {slot} ended by hand", [msg], {"line": slot, "ended": True})


def var_set(state: dict, dice, var: str, value: int | None, line=None) -> Outcome:
    """A2 / K2: write a variable by hand: A-H on a line (--line), I-Z in the interlink."""
    s = _copy(state)
    v = str(var).strip().upper()
    if len(v) != 1 or v not in cgm.LINE_VARS + cgm.INTERLINK:
        raise InputError(f"'{var}' is not a variable: A-H belong to a line (--line N), I-Z to the interlink")
    if v in cgm.LINE_VARS:
        if line is None:
            raise InputError(f"{v} is a line variable: say which line with --line N")
        slot = _slot(s, line)
        table, where = s["lines"][slot]["vars"], f"line {slot}"
    else:
        if line is not None:
            raise InputError(f"{v} is an interlink variable, shared by every line: leave out --line")
        table, where = s["interlink"], "the interlink memory"
    before = table.get(v)
    if value is None:
        table.pop(v, None)
        msg = f"Erase {v} in {where}" + (f" (was {before})" if before is not None else "")
    else:
        if not cgm.VAR_MIN <= value <= cgm.VAR_MAX:
            raise InputError(f"{v} = {value} is more than a save file can hold")
        table[v] = value
        msg = f"Write {v} = {value} in {where}" + (f" (was {before})" if before is not None else "")
    return Outcome(s, msg, [msg + "."], {"var": v, "value": value, "before": before})


def pack_use(state: dict, dice, pack: dict) -> Outcome:
    s = _copy(state)
    old = s.get("pack")
    s["pack"] = pack
    msg = f"Pack: {pack['title']} ({pack['path']})"
    lines = [msg + "."]
    if old and old["sha256"] != pack["sha256"]:
        lines.append("Its cells differ from the pack this campaign used so far.")
    return Outcome(s, msg, lines, {"pack": pack})


def pack_forget(state: dict, dice) -> Outcome:
    s = _copy(state)
    if "pack" not in s:
        raise RuleError("this campaign has no pack")
    del s["pack"]
    msg = "No pack: lines are followed by hand (journal kraken step)"
    return Outcome(s, msg, [msg + "."], {"pack": None})


# --- turn phases -----------------------------------------------------------------------------

def _to_phase(s: dict, target: int, out: list[str], closing: bool = False, notes: list | None = None) -> None:
    """Enter the phases after the current one up to `target`, applying what each does.
    `closing`: a new turn ends this one, so only what happens by itself is said."""
    if s["phase"] == 1 and target > 1:
        todo = pending(s)
        if todo:
            nxt = s["lines"][todo[0]]["coords"][-1]
            raise RuleError(f"Phase 1 activates every line once: line(s) {', '.join(todo)} still wait "
                            f"(line {todo[0]}: look up {nxt}); one line may be skipped per turn "
                            f"(journal kraken line skip N)")
        running = [x for x in cgm.SLOTS if s["lines"].get(x, {}).get("running")]
        if running:
            raise RuleError(f"line {running[0]} is mid-way through an activation: look up "
                            f"{s['lines'][running[0]]['coords'][-1]} and step it until it stops")
    while s["phase"] < target:
        s["phase"] += 1
        _enter_phase(s, s["phase"], out, closing, notes if notes is not None else [])


def _enter_phase(s: dict, p: int, out: list[str], closing: bool = False, notes: list | None = None) -> None:
    notes = notes if notes is not None else []
    if closing and p in (3, 4):
        return
    if p == 2:
        if not closing:
            out.append("Phase 2: ship construction.")
        ship = s.get("ship")
        fixed = [label for label, e in (ship or {}).get("systems", {}).items() if e.pop("damaged", None)]
        if fixed:
            out.append(f"Damaged systems are repaired: {', '.join(fixed)}.")
            notes.append(f"repaired {', '.join(fixed)}")
        for name in list(s["builds"]):
            b = s["builds"][name]
            if b["due"] > s["turn"]:
                out.append(f"{' and '.join(b['crew'])} keep building the {name} (done in Phase 2 of turn {b['due']}).")
                continue
            notes.append(_complete_build(s, name, out))
    elif p == 3:
        out.append("Phase 3: one free action: a space flight, a known Location, a story line again, a "
                   "grade 5 Shop, or skip (journal kraken free-action …).")
    elif p == 4:
        if not systems_named(s, "Teleporter"):
            out.append("Phase 4: no working Teleporter: skip the short visit.")
        else:
            cleared = [f"MAP{slot}" for slot, loc in s["locations"].items() if loc["cleared"]]
            where = f" ({', '.join(cleared)})" if cleared else " (no cleared map on the Starmap Locations Log yet)"
            how = " (journal kraken visit SLOT MAP KIND TILE)" if cleared else ""
            out.append(f"Phase 4: short visit: teleport to a cleared map with a Shop, Ammo dealer, Quest "
                       f"Master, Gambler or Modder{where}, do one thing there, and come back{how}.")
    elif p == 5:
        if closing:
            out.append(f"Turn {s['turn']} ends.")
        else:
            out.append("Phase 5: quest timer.")
        notes.extend(_quest_timer(s, out))
        if not s["recovered"] and not closing:
            out.append("No Recovery yet this turn: you may recover now (journal kraken recover).")


def phase(state: dict, dice, to) -> Outcome:
    """Ch. 5: the phases in order. Entering Phase 2 repairs damaged systems and completes
    due builds; entering Phase 5 ticks urgent quests (rulings K13)."""
    s = _copy(state)
    _refuse_if_over(s)
    _refuse_setup(s, "phases happen")
    _refuse_busy(s, "the next phase waits")
    target = s["phase"] + 1 if to == "next" else int(to)
    if not 1 <= target <= 5:
        raise InputError(f"phase {to}: phases are 1-5 (a new turn: journal kraken turn)")
    if target <= s["phase"]:
        raise RuleError(f"this is Phase {s['phase']} of turn {s['turn']} already: phases go in order "
                        f"(a new turn: journal kraken turn)")
    out: list[str] = []
    notes: list[str] = []
    before = s["phase"]
    _to_phase(s, target, out, notes=notes)
    if target == 5:
        out.append("Next: a new turn (journal kraken turn).")
    summary = f"Turn {s['turn']}: Phase {before} → Phase {target} ({PHASES[target]})"
    if notes:
        summary += ": " + "; ".join(notes)
    return Outcome(s, summary, out, {"turn": s["turn"], "phase": target})


def free_action(state: dict, dice, kind: str) -> Outcome:
    """Ch. 8: Phase 3 allows one free action (a line activated again is recorded by
    `advance`/`step` itself)."""
    s = _copy(state)
    _refuse_setup(s, "free actions happen")
    if kind not in FREE_ACTIONS:
        raise InputError(f"'{kind}' is not a free action: {', '.join(FREE_ACTIONS)}")
    if s["phase"] != 3:
        raise RuleError(f"the free action is Phase 3's, and this is Phase {s['phase']} (journal kraken phase 3)")
    if s.get("free_action"):
        raise RuleError(f"this turn's free action was already taken: {FREE_ACTION_TEXT[s['free_action']]}")
    if kind == "line":
        raise InputError("to activate a story line again, run it: journal kraken advance LINE "
                         "(or step it by hand); that is recorded as the free action")
    s["free_action"] = kind
    out = [f"Phase 3 free action: {FREE_ACTION_TEXT[kind]}."]
    if kind == "flight":
        out.append("Fly: journal kraken flight --difficulty D [--option …] [--avoid] (chapter 9; it records this "
                   "free action itself); a flight played by hand: record the new Location with `journal kraken "
                   "location add`.")
    elif kind == "location":
        out.append("No space flight or Space Combat when visiting a known Location: start the Dungeon "
                   "Exploration on its first Map (or teleport deeper). Clear maps with "
                   "`journal kraken location clear`.")
    elif kind == "shop":
        out.append("A grade 5 Shop: buy with `journal kraken credits -N --buy`, `ship buy`, `crew add --hire`.")
    return Outcome(s, f"Phase 3 free action: {FREE_ACTION_TEXT[kind]}", out, {"free_action": kind})


def mark_returned(s: dict) -> None:
    """Phase R (ch. 5): a Dungeon Exploration or a Ground Combat ended in this phase, so the
    crew may recover at its end (Phases 1 and 3)."""
    if s["turn"] >= 1 and s["phase"] in (1, 3):
        ret = s.setdefault("returned", [])
        if s["phase"] not in ret:
            ret.append(s["phase"])


def recover(state: dict, dice, cat: dict, after: bool = False) -> Outcome:
    """Ch. 5 Phase R, once a turn: every crew member +3 HP (+3 per working Med Bay and
    Advanced Med Bay), the unconscious from 0, Oxygen refilled. At the end of Phase 1 or
    3 only after a Dungeon Exploration or Ground Combat of that phase (journal records
    the ones it ran; `after`: one you played without it); at the end of Phase 5 when the
    turn had no Recovery yet."""
    s = _copy(state)
    _refuse_setup(s, "Recovery happens")
    for key, what in (("combat", "a Space Combat"), ("ground", "a Ground Combat"), ("dungeon", "an exploration")):
        if s.get(key):
            raise RuleError(f"Recovery comes after {what}, not during it")
    if s["recovered"]:
        raise RuleError(f"the crew already recovered this turn (turn {s['turn']}): once a turn")
    if s["phase"] not in (1, 3, 5):
        raise RuleError(f"Recovery is checked at the end of Phases 1, 3 and 5, and this is Phase {s['phase']}")
    earned = s["phase"] == 5 or s["phase"] in s.get("returned", []) or after
    if not earned:
        raise RuleError(f"Recovery at the end of Phase {s['phase']} follows a Dungeon Exploration or Ground Combat "
                        f"of that phase, and there was none (ch. 5): recover after Phase 5's quest timer "
                        f"(or --after for one you played without journal)")
    bonus = [(label, cat[e["system"]]["heal"]) for label, e in (s.get("ship") or {}).get("systems", {}).items()
             if not e.get("damaged") and cat.get(e["system"], {}).get("heal")]
    heal = RECOVER_HEAL + sum(h for _l, h in bonus)
    out = [f"Recovery: every crew member recovers {heal} HP"
           + (f" (3 + {', '.join(f'{lab} +{h}' for lab, h in bonus)})" if bonus else "") + "."]
    if s["phase"] in (1, 3):
        out.append(f"(At the end of Phase {s['phase']}: after its "
                   + ("Dungeon Exploration or Ground Combat" if s["phase"] in s.get("returned", [])
                      else "Dungeon Exploration or Ground Combat played by hand") + ".)")
    healed = {}
    for name, c in s["crew"].items():
        before = c["hp"]
        c["hp"] = min(c["hp_max"], c["hp"] + heal)
        was = c["status"]
        c["status"] = "active" if c["hp"] > 0 else "unconscious"
        healed[name] = c["hp"]
        woke = " (conscious again)" if was == "unconscious" else ""
        out.append(f"  {name}: HP {before} → {c['hp']}/{c['hp_max']}{woke}")
    before = s["oxygen"]
    s["oxygen"] = oxygen_max(s)
    out.append(f"Oxygen refilled: {before} → {s['oxygen']}. Rearrange items between crew and ship freely.")
    s["recovered"] = True
    return Outcome(s, f"Recovery: +{heal} HP each, Oxygen {s['oxygen']}", out,
                   {"heal": heal, "hp": healed, "oxygen": s["oxygen"]})


# --- ship construction (chapter 7) -----------------------------------------------------------

def build_start(state: dict, dice, system: str | None, crew: list[str], turns: int, cat: dict,
                hull: str | None = None, price: int | None = None, sp: int | None = None,
                expansion_sp: int | None = None) -> Outcome:
    """Ch. 7: 1-3 crew build a system (or a hull) in 1 or 2 turns; each rolls d6 + Tech, a
    2-turn build doubles the total; the discount comes off the price, paid at the end."""
    s = _copy(state)
    _refuse_setup(s, "construction starts")
    if s["phase"] != 2:
        raise RuleError(f"construction starts in Phase 2, and this is Phase {s['phase']}")
    if turns not in (1, 2):
        raise InputError(f"--turns {turns}: a build takes 1 or 2 turns")
    if not 1 <= len(crew) <= MAX_BUILD_CREW:
        raise InputError(f"--crew given {len(crew)} times: assign 1 to {MAX_BUILD_CREW} crew members")
    names = [find(s["crew"], c, "crew member", "--crew") for c in crew]
    if len(set(names)) != len(names):
        raise InputError("--crew names someone twice")
    for bname, b in s["builds"].items():
        for who in names:
            if who in b["crew"]:
                raise RuleError(f"{who} already builds the {bname}")
    entry: dict = {}
    if hull is not None:
        if price is None or sp is None:
            raise InputError("a hull build needs its --price and --sp from the ship's page")
        label, cost = hull.strip(), price
        entry = {"hull": label, "sp": sp}
        if expansion_sp:
            entry["expansion_sp"] = expansion_sp
    else:
        from journal.games.kraken.catalogue import find as cat_find

        label = cat_find(cat, system)
        cost = cat_price(cat, label) if price is None else price
        _can_install(s, label, cat)
        entry = {"system": label}
    if label in s["builds"]:
        raise RuleError(f"the {label} is already being built")
    rolls = []
    for who in names:
        r = dice.roll(6)
        rolls.append((who, r, s["crew"][who]["tech"]))
    total = sum(r + t for _w, r, t in rolls)
    discount = total * (2 if turns == 2 else 1)
    due = s["turn"] + turns
    s["builds"][label] = {**entry, "crew": names, "turns": turns, "cost": cost, "discount": discount, "due": due}
    parts = " + ".join(f"{w} {r}+{t}" for w, r, t in rolls)
    out = [f"Construction of the {label}: {parts} = {total}" + (" × 2 (two turns)" if turns == 2 else "")
           + f" → discount {discount}¢ off {cost}¢.",
           f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} busy building until Phase 2 of turn {due} "
           f"(no Dungeon Exploration or "
           f"Ground Combat for them); pay {max(0, cost - discount)}¢ then."]
    return Outcome(s, f"Build {label} ({turns} turn{'s' if turns > 1 else ''}): discount {discount}, "
                      f"due turn {due}", out,
                   {"build": label, "discount": discount, "cost": cost, "due": due, "pay": max(0, cost - discount)})


def build_cancel(state: dict, dice, name: str) -> Outcome:
    s = _copy(state)
    key = find(s["builds"], name, "build")
    b = s["builds"].pop(key)
    msg = f"Construction of the {key} cancelled (no refund); {', '.join(b['crew'])} are free again"
    return Outcome(s, msg, [msg + "."], {"build": key})


def _complete_build(s: dict, name: str, out: list[str]) -> None:
    b = s["builds"].pop(name)
    due = max(0, b["cost"] - b["discount"])
    if s["credits"] < due:
        out.append(f"The {name} is finished but costs {due}¢ and you have {s['credits']}¢: the build fails.")
        return f"the {name} build fails (cannot pay {due}¢)"
    if "hull" in b:
        old = s.get("ship")
        s["ship"] = {"hull": b["hull"], "hull_price": b["cost"], "sp": b["sp"],
                     "systems": old["systems"] if old else {}}
        if "expansion_sp" in b:
            s["ship"]["expansion_sp"] = b["expansion_sp"]
        _pay(s, due, f"the {name} hull", out)
        out.append(f"The new ship {b['hull']} is ready ({b['sp']} SP); move your systems over if its "
                   f"blueprint lists them.")
    else:
        if not s.get("ship"):
            out.append(f"The {name} is finished but there is no ship to install it in: the build fails.")
            return f"the {name} build fails (no ship)"
        _pay(s, due, f"the {name} (price {b['cost']}¢ - discount {b['discount']}¢)", out)
        label = _install(s, name)
        out.append(f"Install the {label}: mark it with an X on the ship page.")
    out.append(f"{', '.join(b['crew'])} are free again.")
    return f"{name} built for {due}¢"


# --- crew (3.3-3.5, chapter 4, rulings K10-K11) ---------------------------------------------

def _preset(name: str) -> str | None:
    folded = name.casefold()
    return next((p for p in PRESET_CREW if p.casefold() == folded), None)


def crew_add(state: dict, dice, name: str, attrs: dict, traits=(), psi: bool = False, level: int = 1,
             hire: bool = False) -> Outcome:
    """K10: attributes 1-8 summing to 16, HP max = min(2 x Strength, 14), at most 4 traits
    summing to 0, one PSI crew member (PSI 1 at creation), at most 4 crew."""
    s = _copy(state)
    name = str(name).strip()
    if not name:
        raise InputError("the crew member's name is empty")
    if any(k.casefold() == name.casefold() for k in s["crew"]):
        raise RuleError(f"{name} is already in the crew")
    if len(s["crew"]) >= MAX_CREW:
        raise RuleError(f"the crew has {MAX_CREW} members already: at most {MAX_CREW} at any time "
                        f"(remove one first: journal kraken crew remove NAME)")
    preset = _preset(name)
    if preset and preset in s.get("fallen", []):
        raise RuleError(f"{preset} died in this campaign: a preset crew member may not rejoin (rulings K11)")
    for a, b in EXCLUSIVE:
        other = b if preset == a else a if preset == b else None
        if other and any(k.casefold() == other.casefold() for k in s["crew"]):
            raise RuleError(f"{preset} and {other} cannot be in the same crew: their sheets cover each other")
    if not 1 <= level <= 99:
        raise InputError(f"--level {level}: expected 1 or more")
    missing = [a for a in ATTRIBUTES if a not in attrs]
    if missing:
        raise InputError(f"--{missing[0]} is required: give all six attributes "
                         f"({', '.join('--' + a for a in ATTRIBUTES)})")
    for a in ATTRIBUTES:
        if not ATTR_MIN <= attrs[a] <= ATTR_MAX:
            raise InputError(f"--{a} {attrs[a]} is outside {ATTR_MIN}..{ATTR_MAX} (rulings K10)")
    total = sum(attrs[a] for a in ATTRIBUTES)
    extra = level - 1
    if level == 1 and total != ATTR_SUM:
        raise RuleError(f"the six attributes add up to {total}: they must add up to exactly {ATTR_SUM} "
                        f"(rulings K10)")
    if level > 1 and not ATTR_SUM <= total <= ATTR_SUM + extra:
        raise RuleError(f"the six attributes add up to {total}: a level {level} member has {ATTR_SUM} plus up "
                        f"to {extra} level-up point(s), {ATTR_SUM}-{ATTR_SUM + extra}")
    trait_map = _traits(traits, "--trait")
    if len(trait_map) + (1 if psi else 0) > MAX_TRAITS:
        raise RuleError(f"{len(trait_map) + (1 if psi else 0)} traits (PSI included): at most {MAX_TRAITS} "
                        f"(rulings K10)")
    if sum(trait_map.values()) != 0:
        raise RuleError(f"the trait values add up to {sum(trait_map.values()):+d}: a new crew member's traits "
                        f"must add up to 0 (rulings K10)")
    if psi:
        others = [n for n, c in s["crew"].items() if "psi" in c]
        if others:
            raise RuleError(f"{others[0]} has PSI already: at most one crew member with PSI (rulings K10)")
    out = []
    if hire:
        _pay(s, HIRE_PRICE * level, f"hiring {name} (level {level}, {HIRE_PRICE}¢ a level)", out)
    hp = hp_formula(attrs["strength"])
    member = {"level": level, "hp": hp, "hp_max": hp, "status": "active",
              **{a: attrs[a] for a in ATTRIBUTES}, "traits": trait_map, "inventory": {}}
    if psi:
        member["psi"] = 1
    s["crew"][name] = member
    shown = ", ".join(f"{a.capitalize()} {attrs[a]}" for a in ATTRIBUTES)
    out.insert(0, f"Fold out {name}'s profile: LV{level}, HP {hp}/{hp}; {shown}"
               + (", PSI 1" if psi else "") + ".")
    if trait_map:
        out.append("Traits: " + ", ".join(f"{t} {v:+d}" for t, v in trait_map.items()) + ".")
    if preset:
        out.append(f"{preset} is a preset crew member with story events of their own.")
    if not s.get("leader"):
        s["leader"] = name
        out.append(f"{name} leads the crew (change it with --leader or `journal kraken crew leader`).")
    out.append(f"Carry capacity {carry_capacity(attrs['strength'])} items (two hands and "
               f"{carry_capacity(attrs['strength']) - 2} in the backpack).")
    return Outcome(s, f"{name} joins the crew (LV{level}, HP {hp})", out,
                   {"name": name, "level": level, "hp": hp, "hp_max": hp})


def _traits(specs, option: str) -> dict:
    out: dict = {}
    for spec in specs:
        name, value = spec
        name = str(name).strip()
        if not name:
            raise InputError(f"{option}: a trait has a name, e.g. {option} Tough:2")
        if name.upper() == "PSI":
            raise InputError(f"{option} {name}: PSI is given with --psi (it is a trait and an attribute)")
        if not -9 <= value <= 9:
            raise InputError(f"{option} {name}:{value}: trait values are -9..9")
        if any(k.casefold() == name.casefold() for k in out):
            raise InputError(f"{option} {name} is given twice")
        out[name] = value
    return out


def _scrub(s: dict, name: str, out: list[str] | None = None) -> None:
    """A member who leaves the crew leaves the combat and dungeon tables too (a captive
    they carried gets away)."""
    for label, cap in list((s.get("captives") or {}).items()):
        if cap["carrier"] == name:
            del s["captives"][label]
            if out is not None:
                out.append(f"The captive {cap['name']} ({label}) that {name} carried gets away.")
    if s.get("captives") == {}:
        del s["captives"]
    c = s.get("combat")
    if c:
        c["used"].pop(name, None)
        b = c.get("boarding")
        if b and name in b["crew"]:
            b["crew"].remove(name)
    d = s.get("dungeon")
    if d and name in d["crew"]:
        d["crew"].remove(name)
    g = s.get("ground")
    if g:
        if name in g["crew"]:
            g["crew"].remove(name)
        for key in ("shields", "acted", "last", "boosts"):
            if key in g:
                g[key].pop(name, None)
        for key in ("cover", "extra"):
            if key in g and name in g[key]:
                g[key].remove(name)
        if g.get("taunt") == name:
            del g["taunt"]
        for label, e in g["enemies"].items():
            if e.get("carrier") == name:
                e.pop("carrier")
                e["status"] = "defeated"
                if out is not None:
                    out.append(f"Nobody carries the captured {label} any more: it counts as defeated.")


def wound(s: dict, name: str, amount: int, out: list[str], why: str = "") -> str:
    """Damage to a crew member (K11, ch. 4): an unconscious member takes no further damage;
    HP 0 to -3 is unconscious (recorded as 0); -4 or lower is killed and removed.
    Returns "active", "unconscious", "killed" or "spared" (already unconscious)."""
    c = s["crew"][name]
    why = f" ({why})" if why else ""
    if amount <= 0:
        out.append(f"{name} takes no damage{why}.")
        return c["status"]
    if c["status"] == "unconscious":
        out.append(f"{name} is unconscious and takes no further damage{why}.")
        return "spared"
    before = c["hp"]
    raw = before - amount
    if raw <= UNCONSCIOUS_FLOOR - 1:
        out.append(f"{name} takes {amount} damage{why}: HP {before} → {raw}: killed.")
        _fallen(s, name, out)
        _drop_member(s, name, out)
        return "killed"
    c["hp"] = max(0, raw)
    if c["hp"] == 0:
        c["status"] = "unconscious"
        out.append(f"{name} takes {amount} damage{why}: HP {before} → {raw}: unconscious (counts as 0).")
        return "unconscious"
    out.append(f"{name} takes {amount} damage{why}: HP {before} → {c['hp']}/{c['hp_max']}.")
    return "active"


def heal(s: dict, name: str, amount: int, out: list[str], why: str = "", hell: bool = False) -> int:
    """Healing stops at HP max; in a Hell atmosphere it heals half, rounded up (ch. 12, K14).
    Returns the HP gained."""
    c = s["crew"][name]
    if hell:
        amount = half_up(amount)
    before = c["hp"]
    c["hp"] = min(c["hp_max"], before + amount)
    was = c["status"]
    c["status"] = "active" if c["hp"] > 0 else "unconscious"
    woke = " (conscious again)" if was == "unconscious" and c["status"] == "active" else ""
    note = " (halved: Hell atmosphere)" if hell else ""
    out.append(f"{name} heals {amount}{note}{f' ({why})' if why else ''}: HP {before} → {c['hp']}/{c['hp_max']}{woke}.")
    return c["hp"] - before


def _drop_member(s: dict, name: str, out: list[str]) -> None:
    _scrub(s, name, out)
    c = s["crew"].pop(name)
    if c["inventory"]:
        items = ", ".join(f"{slot}: {item}" for slot, item in c["inventory"].items())
        out.append(f"Collect {name}'s equipment if you can: {items}.")
    for bname in list(s["builds"]):
        b = s["builds"][bname]
        if name in b["crew"]:
            b["crew"].remove(name)
            if not b["crew"]:
                del s["builds"][bname]
                out.append(f"Nobody is left to build the {bname}: the construction stops.")
    if s.get("leader") == name:
        if s["crew"]:
            s["leader"] = next(iter(s["crew"]))
            out.append(f"{s['leader']} leads the crew now.")
        else:
            del s["leader"]
    if not s["crew"]:
        out.append("No crew member is left: the campaign is lost (3.9) unless a card says otherwise "
                   "(journal kraken end lost).")


def crew_remove(state: dict, dice, name: str, sell: bool = False, died: bool = False) -> Outcome:
    """Ch. 4: a crew member may leave at any time (sold at a Shop for 5 x Level)."""
    s = _copy(state)
    key = find(s["crew"], name, "crew member")
    level = s["crew"][key]["level"]
    out = [f"Erase {key}'s profile."]
    if sell:
        before = s["credits"]
        s["credits"] += SELL_PRICE * level
        out.append(f"Sold at a Shop for {SELL_PRICE * level}¢: " + _credits_line(before, s["credits"]))
    if died:
        _fallen(s, key, out)
    _drop_member(s, key, out)
    how = "died" if died else "sold" if sell else "left"
    return Outcome(s, f"{key} {how} (removed from the crew)", out, {"name": key, "removed": how})


def _fallen(s: dict, name: str, out: list[str]) -> None:
    preset = _preset(name)
    if preset:
        s.setdefault("fallen", [])
        if preset not in s["fallen"]:
            s["fallen"].append(preset)
        out.append(f"{preset} cannot rejoin your crew in this campaign: note it (rulings K11).")


def crew_hp(state: dict, dice, name: str, delta: int | None = None, value: int | None = None) -> Outcome:
    """K11: 0 to -3 unconscious (recorded as 0); -4 or lower killed and removed. Healing
    stops at HP max; an unconscious member takes no further damage (chapter 4)."""
    s = _copy(state)
    key = find(s["crew"], name, "crew member")
    c = s["crew"][key]
    before = c["hp"]
    out: list[str] = []
    if value is not None:
        if not 0 <= value <= c["hp_max"]:
            raise InputError(f"={value}: {key}'s HP is 0..{c['hp_max']}")
        c["hp"] = value
    else:
        if delta == 0:
            raise InputError("a DELTA of 0 changes nothing: type -N for damage, +N for healing, =N to set")
        if delta < 0 and c["status"] == "unconscious":
            raise RuleError(f"{key} is unconscious and takes no further damage (chapter 4); if a card kills "
                            f"them: journal kraken crew remove {key} --died")
        raw = before + delta
        if raw <= UNCONSCIOUS_FLOOR - 1:
            out.append(f"{key} takes {-delta} damage: HP {before} → {raw}: killed.")
            _fallen(s, key, out)
            _drop_member(s, key, out)
            return Outcome(s, f"{key}: HP {before} {delta:+d} → {raw}: killed", out,
                           {"name": key, "hp": None, "status": "killed"})
        c["hp"] = max(0, min(c["hp_max"], raw))
        if delta > 0 and raw > c["hp_max"]:
            out.append(f"(healing stops at HP max {c['hp_max']})")
    was = c["status"]
    c["status"] = "active" if c["hp"] > 0 else "unconscious"
    shown = f"{key}: HP {before} → {c['hp']}/{c['hp_max']}"
    out.insert(0, shown + ".")
    if c["status"] == "unconscious" and was == "active":
        out.append(f"{key} is unconscious (HP 0 to -3 count as 0): cross out the last health point.")
    elif c["status"] == "active" and was == "unconscious":
        out.append(f"{key} is conscious again (no action before the next Ground Combat turn).")
    how = f"={value}" if value is not None else f"{delta:+d}"
    return Outcome(s, f"{shown} ({how})", out, {"name": key, "hp": c["hp"], "status": c["status"]})


def level_cost(level: int, levels: int = 1) -> int:
    """Ch. 14 Level Up: each new level costs (new level)² XP (2 → 3 costs 9)."""
    return sum((level + i) ** 2 for i in range(1, levels + 1))


def crew_level_up(state: dict, dice, name: str, attribute: str | None = None, traits=(), psi: bool = False
                  ) -> Outcome:
    """K10: a level costs (new level)² XP and gives +1 to one attribute (max 8); raising
    Strength raises HP max and HP together. Instead: two levels for one positive trait, or
    one level for a positive and a negative trait (ch. 14); PSI is a positive trait."""
    s = _copy(state)
    key = find(s["crew"], name, "crew member")
    c = s["crew"][key]
    given = (attribute is not None) + (bool(traits) or psi)
    if given != 1:
        raise InputError("level up with --attribute ATTR, or with traits: --trait NAME:+N (two levels), "
                         "or --trait NAME:+N --trait NAME:-N (one level); --psi counts as a positive trait")
    out: list[str] = []
    if attribute is not None:
        attr = attribute.strip().lower()
        if attr == "psi":
            if "psi" not in c:
                raise RuleError(f"{key} has no PSI trait to raise")
        elif attr not in ATTRIBUTES:
            raise InputError(f"--attribute {attribute}: one of {', '.join(ATTRIBUTES)}, or psi")
        if c[attr] >= ATTR_MAX:
            raise RuleError(f"{key}'s {attr.capitalize()} is {c[attr]} already: a level up does not raise an "
                            f"attribute above {ATTR_MAX}")
        levels = 1
    else:
        new = _traits(traits, "--trait")
        pos = [t for t, v in new.items() if v > 0] + (["PSI"] if psi else [])
        neg = [t for t, v in new.items() if v < 0]
        if any(v == 0 for v in new.values()):
            raise InputError("--trait: a trait gained at a level up is positive or negative, not 0")
        if (len(pos), len(neg)) == (1, 0):
            levels = 2
        elif (len(pos), len(neg)) == (1, 1):
            levels = 1
        else:
            raise InputError("traits at a level up: one positive trait (costs two levels), or one positive and "
                             "one negative (one level)")
        have = len(c["traits"]) + (1 if "psi" in c else 0)
        if have + len(pos) + len(neg) > MAX_TRAITS:
            raise RuleError(f"{key} has {have} traits: at most {MAX_TRAITS}")
        for t in new:
            if any(k.casefold() == t.casefold() for k in c["traits"]):
                raise RuleError(f"{key} has the trait {t} already")
        if psi:
            if "psi" in c:
                raise RuleError(f"{key} has PSI already")
            others = [n for n, m in s["crew"].items() if "psi" in m]
            if others:
                raise RuleError(f"{others[0]} has PSI: at most one crew member with PSI (rulings K10)")
    cost = level_cost(c["level"], levels)
    if s["xp"] < cost:
        steps = " + ".join(f"{c['level'] + i}²" for i in range(1, levels + 1))
        raise RuleError(f"levelling {key} up to {c['level'] + levels} costs {steps} = {cost} XP and the crew "
                        f"has {s['xp']} XP")
    xp_before = s["xp"]
    s["xp"] -= cost
    c["level"] += levels
    out.append(f"{key} is now level {c['level']}: pay {cost} XP (XP {xp_before} → {s['xp']}).")
    if attribute is not None:
        before = c[attr]
        c[attr] += 1
        out.append(f"{attr.capitalize()} {before} → {c[attr]}.")
        if attr == "strength":
            gain = hp_formula(c["strength"]) - hp_formula(before)
            if gain:
                c["hp_max"] += gain
                if c["status"] == "active":
                    c["hp"] += gain
                out.append(f"HP max {c['hp_max'] - gain} → {c['hp_max']}; current HP rises with it "
                           f"to {c['hp']}.")
            out.append(f"Carry capacity is {carry_capacity(c['strength'])}.")
        what = f"+1 {attr.capitalize()}"
    else:
        for t, v in new.items():
            c["traits"][t] = v
        if psi:
            c["psi"] = 1
        gained = [f"{t} {v:+d}" for t, v in new.items()] + (["PSI 1"] if psi else [])
        out.append(f"New trait(s): {', '.join(gained)} (permanent).")
        what = ", ".join(gained)
    return Outcome(s, f"{key} levels up to {c['level']} ({what}) for {cost} XP", out,
                   {"name": key, "level": c["level"], "cost": cost, "xp": s["xp"]})


def crew_leader(state: dict, dice, name: str) -> Outcome:
    s = _copy(state)
    out: list[str] = []
    _leader(s, name, out)
    msg = f"{s['leader']} leads the crew"
    return Outcome(s, msg, out or [msg + " already."], {"leader": s["leader"]})


CREW_FIELDS = ATTRIBUTES + ("level", "hp_max", "psi")


def crew_set(state: dict, dice, name: str, field: str, value: int) -> Outcome:
    """A2: set an attribute, level, HP max or PSI by hand (a card or effect says so)."""
    s = _copy(state)
    key = find(s["crew"], name, "crew member")
    c = s["crew"][key]
    f = field.strip().lower().replace("-", "_")
    if f not in CREW_FIELDS:
        raise InputError(f"'{field}' is not something to set: {', '.join(CREW_FIELDS)} (HP: crew hp)")
    lo, hi = {"level": (1, 99), "hp_max": (1, 99), "psi": (0, 20)}.get(f, (1, 20))
    if not lo <= value <= hi:
        raise InputError(f"{f} {value} is outside {lo}..{hi}")
    before = c.get(f)
    out: list[str] = []
    if f == "psi":
        if value == 0:
            c.pop("psi", None)
        else:
            others = [n for n, m in s["crew"].items() if "psi" in m and n != key]
            if others:
                raise RuleError(f"{others[0]} has PSI: at most one crew member with PSI (rulings K10)")
            if "psi" not in c and len(c["traits"]) >= MAX_TRAITS:
                raise RuleError(f"{key} has {MAX_TRAITS} traits already (PSI is a trait too)")
            c["psi"] = value
    else:
        c[f] = value
        if f == "hp_max" and c["hp"] > value:
            c["hp"] = value
            out.append(f"HP lowered to the new maximum, {value}.")
    c["status"] = "active" if c["hp"] > 0 else "unconscious"
    msg = f"{key}: {f} {before if before is not None else '-'} → {value if value or f != 'psi' else '-'}"
    out.insert(0, msg + " (by hand).")
    if f in ATTRIBUTES and value > ATTR_MAX:
        out.append(f"Above {ATTR_MAX}: only some rules and effects allow that.")
    return Outcome(s, msg + " (by hand)", out, {"name": key, "field": f, "value": value})


def crew_trait(state: dict, dice, name: str, trait: str, value: int | None = None, remove: bool = False
               ) -> Outcome:
    """A2: add, change or erase a trait by hand."""
    s = _copy(state)
    key = find(s["crew"], name, "crew member")
    c = s["crew"][key]
    t = str(trait).strip()
    if not t or t.upper() == "PSI":
        raise InputError("a trait has a name (PSI is set with `crew set NAME psi N`)")
    existing = next((k for k in c["traits"] if k.casefold() == t.casefold()), None)
    if remove:
        if existing is None:
            raise RuleError(f"{key} has no trait {t}")
        del c["traits"][existing]
        msg = f"{key}: trait {existing} erased"
    else:
        if value is None or not -9 <= value <= 9:
            raise InputError("give the trait's value: NAME:+N or NAME:-N (-9..9)")
        if existing is None and len(c["traits"]) + (1 if "psi" in c else 0) >= MAX_TRAITS:
            raise RuleError(f"{key} has {MAX_TRAITS} traits: at most {MAX_TRAITS} active at any time")
        if existing:
            del c["traits"][existing]
        c["traits"][t] = value
        msg = f"{key}: trait {t} {value:+d}"
    return Outcome(s, msg + " (by hand)", [msg + "."], {"name": key, "traits": dict(c["traits"])})


def crew_equip(state: dict, dice, name: str, slot: str, item: str, from_storage: bool = False) -> Outcome:
    """Ch. 4: L, R and backpack 1-4; capacity 2 + 1 per 2 Strength; one or two items over
    it is an overload (-1 / -2 to Ranged and Melee attack rolls)."""
    s = _copy(state)
    key = find(s["crew"], name, "crew member")
    c = s["crew"][key]
    sl = str(slot).strip().upper()
    if sl not in INVENTORY:
        raise InputError(f"slot '{slot}' is not an inventory slot: L, R (hands) or 1-4 (backpack)")
    text = str(item).strip()
    if not text:
        raise InputError("the item is empty: name it (e.g. \"Rifle + mag\")")
    if sl in c["inventory"]:
        raise RuleError(f"{key}'s slot {sl} holds {c['inventory'][sl]}: unequip it first")
    cap = carry_capacity(c["strength"])
    if len(c["inventory"]) + 1 > cap + OVERLOAD_MAX:
        raise RuleError(f"{key} carries {len(c['inventory'])} items: capacity {cap} + at most {OVERLOAD_MAX} "
                        f"overload")
    from journal.games.kraken.state import MOBILE_TRANSMITTER, transmitters

    if MOBILE_TRANSMITTER in text.casefold() and transmitters(s):
        raise RuleError(f"only one Mobile transmitter may be carried by the whole team (ch. 4): "
                        f"{', '.join(transmitters(s))} has one")
    out: list[str] = []
    if from_storage:
        _take_from_storage(s, text, out)
    c["inventory"][sl] = text
    c["inventory"] = {k: c["inventory"][k] for k in INVENTORY if k in c["inventory"]}
    out.insert(0, f"{key}: {text} in slot {sl}.")
    over = overload(c)
    if over:
        out.append(f"{key} is overloaded by {over}: -{over} to Ranged and Melee attack rolls in Ground Combat.")
    return Outcome(s, f"{key} takes {text} ({sl})", out, {"name": key, "slot": sl, "item": text, "overload": over})


_USES = re.compile(r"(?<![\w])U(\d{0,2})(?![\w])")


def item_slot(member: dict, item: str) -> str | None:
    """The inventory slot holding an item: its text, or its name before a '+' note or a
    U<n> uses mark ("Med kit U2" is the Med kit), ignoring case."""
    want = str(item).strip().casefold()
    for slot, text in member.get("inventory", {}).items():
        base = _USES.sub("", str(text).split("+")[0]).strip().casefold()
        if str(text).strip().casefold() == want or base == want:
            return slot
    return None


def use_item(s: dict, name: str, item: str, out: list[str]) -> None:
    """Ch. 14 ITEMS DEFINITION, U / Use up: an item marked U is erased when used once, U<n>
    after n uses (one use is erased each time; used-up items cannot be reloaded). An item
    not found in the inventory is only noted."""
    m = s["crew"][name]
    slot = item_slot(m, item)
    if slot is None:
        out.append(f"(No {item} in {name}'s inventory: erase a use of it by hand if it has uses.)")
        return
    text = m["inventory"][slot]
    hit = _USES.search(text)
    if not hit:
        return
    left = int(hit[1] or 1) - 1
    if left <= 0:
        del m["inventory"][slot]
        out.append(f"The {item} is used up: erased from {name}'s slot {slot}.")
        release_shield(m, name, out)
        return
    m["inventory"][slot] = text[:hit.start()] + f"U{left}" + text[hit.end():]
    out.append(f"{name}'s {item}: {left} use{'s' if left != 1 else ''} left (slot {slot}: "
               f"{m['inventory'][slot]}).")


def crew_use(state: dict, dice, name: str, item: str, heal_hp: int | None = None, target: str | None = None,
             oxygen: int | None = None) -> Outcome:
    """Ch. 13-14: using an item outside Ground Combat costs no action (a Ground Combat's is
    `ground item`): a healing item heals its wearer or another member (half in a Hell
    atmosphere), an Oxygen item refills Oxygen; a use of a U item is erased."""
    s = _copy(state)
    if s.get("ground"):
        raise RuleError("in a Ground Combat an item takes an action: journal kraken ground item NAME ITEM")
    key = find(s["crew"], name, "crew member")
    if s["crew"][key]["status"] != "active":
        raise RuleError(f"{key} is unconscious")
    out = [f"{key} uses {str(item).strip()}."]
    d = s.get("dungeon")
    if heal_hp is not None:
        if heal_hp < 1:
            raise InputError("--heal is the HP the item heals, 1 or more")
        who = find(s["crew"], target, "crew member", "--target") if target else key
        hell = False
        if d:
            from journal.games.kraken.dungeon import atmosphere_here

            hell = atmosphere_here(s, d) == "HELL"
        heal(s, who, heal_hp, out, str(item).strip(), hell=hell)
    elif target:
        raise InputError("--target goes with --heal")
    if oxygen is not None:
        if oxygen < 1:
            raise InputError("--oxygen is the Oxygen the item gives, 1 or more")
        before = s["oxygen"]
        s["oxygen"] = min(oxygen_max(s), before + oxygen)
        out.append(f"Oxygen {before} → {s['oxygen']}.")
    use_item(s, key, item, out)
    return Outcome(s, f"{key} uses {str(item).strip()}", out, {"name": key, "item": str(item).strip()})


def _take_from_storage(s: dict, text: str, out: list[str]) -> None:
    for where in ("storage", "expansion_storage"):
        hit = next((i for i, x in enumerate(s[where]) if x.casefold() == text.casefold()), None)
        if hit is not None:
            s[where].pop(hit)
            out.append(f"Taken out of the ship's {'storage' if where == 'storage' else 'EXPANSION storage'}.")
            return
    stored = ", ".join(s["storage"] + s["expansion_storage"]) or "empty"
    raise RuleError(f"'{text}' is not in the ship's storage ({stored})")


def crew_unequip(state: dict, dice, name: str, slot: str, to_storage: bool = False) -> Outcome:
    s = _copy(state)
    key = find(s["crew"], name, "crew member")
    c = s["crew"][key]
    sl = str(slot).strip().upper()
    if sl not in c["inventory"]:
        raise RuleError(f"{key}'s slot {sl} is empty" if sl in INVENTORY else
                        f"slot '{slot}' is not an inventory slot: L, R or 1-4")
    item = c["inventory"].pop(sl)
    out = [f"{key}: {item} out of slot {sl}."]
    release_shield(c, key, out)
    if to_storage:
        if not s.get("ship"):
            raise RuleError("there is no ship to store it in")
        s["storage"].append(item)
        out.append("Stored in the ship.")
    return Outcome(s, f"{key} puts down {item} ({sl})" + (" into storage" if to_storage else ""), out,
                   {"name": key, "slot": sl, "item": item})


# --- resources -------------------------------------------------------------------------------

def credits(state: dict, dice, delta: int | None = None, value: int | None = None, buy: bool = False,
            why: str | None = None) -> Outcome:
    """K12: a penalty you cannot cover takes all your Credits and nothing more; a purchase
    (--buy) you cannot cover is refused."""
    s = _copy(state)
    before = s["credits"]
    out: list[str] = []
    what = why or ("a purchase" if buy else "a payment")
    if value is not None:
        if value < 0:
            raise InputError(f"={value}: Credits are 0 or more")
        s["credits"] = value
        out.append(_credits_line(before, value) + " (set by hand)")
    elif delta is None or delta == 0:
        raise InputError("a DELTA of 0 changes nothing: +N gains, -N pays, =N sets")
    elif delta > 0:
        if buy:
            raise InputError("--buy pays: give a negative DELTA (e.g. -12)")
        s["credits"] += delta
        out.append(_credits_line(before, s["credits"]))
    else:
        _pay(s, -delta, what, out, purchase=buy)
    how = f"={value}" if value is not None else f"{delta:+d}"
    summary = f"Credits {before} → {s['credits']} ({how}{', ' + why if why else ''})"
    return Outcome(s, summary, out, {"before": before, "credits": s["credits"]})


def xp(state: dict, dice, delta: int | None = None, value: int | None = None, why: str | None = None) -> Outcome:
    """XP are shared by the crew (ch. 14); spent by levelling up."""
    s = _copy(state)
    before = s["xp"]
    if value is not None:
        if value < 0:
            raise InputError(f"={value}: XP are 0 or more")
        s["xp"] = value
    elif not delta:
        raise InputError("a DELTA of 0 changes nothing: +N gains, -N spends, =N sets")
    else:
        if before + delta < 0:
            raise RuleError(f"the crew has {before} XP: cannot take away {-delta}")
        s["xp"] = before + delta
    how = f"={value}" if value is not None else f"{delta:+d}"
    line = f"XP {before} → {s['xp']}"
    return Outcome(s, f"{line} ({how}{', ' + why if why else ''})", [line + "."], {"before": before, "xp": s["xp"]})


def oxygen(state: dict, dice, delta: int | None = None, value: int | None = None, tanks: int | None = None
           ) -> Outcome:
    """3.6: 25 units shared by the crew plus Oxygen tanks; 0 to the maximum."""
    s = _copy(state)
    out: list[str] = []
    before = s["oxygen"]
    if tanks is not None:
        if not 0 <= tanks <= 999:
            raise InputError(f"--tanks {tanks}: the extra Oxygen the crew's tanks hold, 0 or more")
        old_max = oxygen_max(s)
        s["oxygen_tanks"] = tanks
        new_max = oxygen_max(s)
        out.append(f"Oxygen maximum {old_max} → {new_max} (25 + {tanks} in tanks).")
        if s["oxygen"] > new_max:
            s["oxygen"] = new_max
    mx = oxygen_max(s)
    if value is not None:
        if not 0 <= value <= mx:
            raise InputError(f"={value}: Oxygen is 0..{mx}")
        s["oxygen"] = value
    elif delta:
        target = s["oxygen"] + delta
        s["oxygen"] = max(0, min(mx, target))
        if target < 0:
            out.append(f"Only {before} Oxygen left: it runs out.")
        elif target > mx:
            out.append(f"(Oxygen stops at its maximum {mx}.)")
    elif tanks is None:
        raise InputError("a DELTA of 0 changes nothing: -N spends, +N refills, =N sets (or --tanks N)")
    out.insert(0, f"Oxygen {before} → {s['oxygen']}/{mx}.")
    if s["oxygen"] == 0:
        out.append("Out of Oxygen: every action that costs Oxygen now makes an active crew member "
                   "unconscious (chapter 13).")
    return Outcome(s, f"Oxygen {before} → {s['oxygen']}", out, {"before": before, "oxygen": s["oxygen"], "max": mx})


# --- the ship (chapter 11) ---------------------------------------------------------------------

def _can_install(s: dict, name: str, cat: dict) -> None:
    if name.startswith(AMMO + ":"):
        return
    info = cat[name]
    ship = s.get("ship")
    if ship and not info.get("multiple"):
        owned = [label for label, e in ship["systems"].items() if e["system"] == name]
        if owned:
            raise RuleError(f"the ship has a {name} already (one of each standard system)")
    if name == "Hull expansion" and ship and "expansion_sp" not in ship:
        raise RuleError("a Hull expansion adds the SP printed on your ship's page: record it first with "
                        "`journal kraken ship hull … --expansion-sp X`")


def _install(s: dict, name: str) -> str:
    systems = s["ship"]["systems"]
    label, n = name, 1
    while label in systems:
        n += 1
        label = f"{name} {n}"
    if name.startswith(AMMO + ":"):
        systems[label] = {"system": AMMO, "for": name[len(AMMO) + 1:]}
    else:
        systems[label] = {"system": name}
    return label


def ship_hull(state: dict, dice, name: str, price: int, sp: int, expansion_sp: int | None = None,
              sell_old: bool = False, free: bool = False) -> Outcome:
    """3.7: a ship is bought as a hull first (price and SP from its profile page)."""
    s = _copy(state)
    name = str(name).strip()
    if not name:
        raise InputError("name the hull (the ship's name on its profile page)")
    if not 0 <= price <= 100000 or not 1 <= sp <= 999:
        raise InputError("--price is 0 or more and --sp 1-999, as printed on the ship's profile page")
    if expansion_sp is not None and not 1 <= expansion_sp <= 999:
        raise InputError("--expansion-sp is the SP a Hull expansion adds on this ship, 1 or more")
    out: list[str] = []
    old = s.get("ship")
    if old and sell_old:
        before = s["credits"]
        s["credits"] += half_up(old["hull_price"])
        out.append(f"Sell the {old['hull']} hull for half its price, {half_up(old['hull_price'])}¢: "
                   + _credits_line(before, s["credits"]))
    elif old:
        out.append(f"The {old['hull']} hull is left behind (use --sell-old at a Shop to get half its price).")
    if not free:
        _pay(s, price, f"the {name} hull", out)
    systems = old["systems"] if old else {}
    s["ship"] = {"hull": name, "hull_price": price, "sp": sp, "systems": systems}
    if expansion_sp:
        s["ship"]["expansion_sp"] = expansion_sp
    elif old and "expansion_sp" in old and any(e["system"] == "Hull expansion" for e in systems.values()):
        raise RuleError("the systems moved over include a Hull expansion: give this ship's --expansion-sp")
    out.insert(0, f"Your ship: the {name}, {sp} SP.")
    if systems:
        out.append(f"Systems moved over: {', '.join(systems)} (only those the new blueprint lists).")
    out.append("Buy systems for it: journal kraken ship buy SYSTEM (see `journal kraken ship catalogue`).")
    return Outcome(s, f"Ship hull: {name} ({sp} SP) for {0 if free else price}¢", out,
                   {"hull": name, "sp": sp, "credits": s["credits"]})


def ship_buy(state: dict, dice, system: str, cat: dict, free: bool = False) -> Outcome:
    """Ch. 11: systems are bought for their catalogue price (K12: refused if you cannot
    pay); ship magazines cost half their weapon's price, rounded up (K14)."""
    from journal.games.kraken.catalogue import find as cat_find

    s = _copy(state)
    if not s.get("ship"):
        raise RuleError("buy a ship hull first (journal kraken ship hull NAME --price P --sp N)")
    name = cat_find(cat, system)
    _can_install(s, name, cat)
    out: list[str] = []
    cost = cat_price(cat, name)
    if not free:
        _pay(s, cost, f"the {name}", out)
    label = _install(s, name)
    out.insert(0, f"Mark the {label} with an X on the ship page.")
    if name == "HyperNavMemory":
        out.append("The Starmap Locations Log now has six slots (MAP 1-6).")
    return Outcome(s, f"Bought {label} for {0 if free else cost}¢", out,
                   {"system": label, "price": cost, "credits": s["credits"]})


def ship_sell(state: dict, dice, label: str, cat: dict) -> Outcome:
    """Ch. 11: systems sell for half their price at a Shop (rounded up, K14)."""
    s = _copy(state)
    ship = s.get("ship")
    if not ship:
        raise RuleError("there is no ship")
    key = find(ship["systems"], label, "ship system")
    _check_removal(s, key, selling=True)
    if s.get("combat"):
        raise RuleError("systems are sold at a Shop, not in the middle of a Space Combat")
    e = ship["systems"].pop(key)
    from journal.games.kraken.catalogue import entry_name

    value = half_up(cat_price(cat, entry_name(e)))
    before = s["credits"]
    s["credits"] += value
    out = [f"Sell the {key} for {value}¢ (half its price): " + _credits_line(before, s["credits"]),
           f"Erase the {key} from the ship page."]
    return Outcome(s, f"Sold {key} for {value}¢", out, {"system": key, "value": value, "credits": s["credits"]})


def _check_removal(s: dict, key: str, selling: bool) -> list[str]:
    """What losing a system takes with it; refuses a sale that would lose stored data."""
    e = s["ship"]["systems"][key]
    lost: list[str] = []
    if e["system"] == "HyperNavMemory" and len(systems_named(s, "HyperNavMemory", working=False)) == 1:
        far = [x for x in s["locations"] if int(x) > 2]
        if far and selling:
            raise RuleError(f"the Starmap Locations Log uses MAP {', '.join(far)}: erase those Locations "
                            f"before selling the HyperNavMemory")
        for x in far:
            del s["locations"][x]
        if far:
            lost.append(f"Locations in MAP {', '.join(far)} are lost with the HyperNavMemory.")
    if e["system"] == "Storage Expansion" and s["expansion_storage"]:
        if selling:
            raise RuleError("the EXPANSION storage holds items: move them out before selling it")
        lost.append(f"Everything in the EXPANSION storage is lost: {', '.join(s['expansion_storage'])}.")
        s["expansion_storage"] = []
    return lost


def ship_system(state: dict, dice, label: str, action: str) -> Outcome:
    """Ch. 10-11 by hand: a damaged system is deactivated; damaged again it is destroyed
    and erased; Phase 2 (or `repair`) repairs damage."""
    s = _copy(state)
    ship = s.get("ship")
    if not ship:
        raise RuleError("there is no ship")
    key = find(ship["systems"], label, "ship system")
    e = ship["systems"][key]
    out: list[str] = []
    if action == "repair":
        if not e.get("damaged"):
            raise RuleError(f"the {key} is not damaged")
        del e["damaged"]
        msg = f"{key} repaired"
        out.append(f"Erase the damage mark on the {key}.")
    elif action == "damage" and not e.get("damaged"):
        e["damaged"] = True
        msg = f"{key} damaged"
        out.append(f"Mark the {key} as damaged: it does not work until repaired (Phase 2 repairs it).")
    else:
        again = action == "damage"
        out.extend(_check_removal(s, key, selling=False))
        del ship["systems"][key]
        if s.get("combat"):
            s["combat"]["ammo"].pop(key, None)
        msg = f"{key} destroyed"
        out.insert(0, f"The {key} is destroyed{' (damaged a second time)' if again else ''}: erase it from the "
                      f"ship page.")
    return Outcome(s, msg, out, {"system": key, "action": action})


def storage(state: dict, dice, item: str, remove: bool = False, expansion: bool = False) -> Outcome:
    s = _copy(state)
    if not s.get("ship"):
        raise RuleError("there is no ship to store anything in")
    where = "expansion_storage" if expansion else "storage"
    label = "EXPANSION storage" if expansion else "storage"
    text = str(item).strip()
    if not text:
        raise InputError("name the item")
    if remove:
        hit = next((i for i, x in enumerate(s[where]) if x.casefold() == text.casefold()), None)
        if hit is None:
            raise RuleError(f"'{text}' is not in the ship's {label} ({', '.join(s[where]) or 'empty'})")
        text = s[where].pop(hit)
        msg = f"{text} taken out of the ship's {label}"
    else:
        if expansion and not systems_named(s, "Storage Expansion"):
            raise RuleError("the EXPANSION storage needs a working Storage Expansion")
        s[where].append(text)
        msg = f"{text} stored in the ship's {label}"
    return Outcome(s, msg, [msg + "."], {where: list(s[where])})


# --- the Starmap Locations Log (chapter 12, rulings K7) ----------------------------------------

def _species(text: str) -> str:
    t = str(text).strip().casefold().rstrip("s")
    for sp in SPECIES:
        if sp.casefold().rstrip("s") == t or (t.startswith("the ") and sp.casefold().rstrip("s") == t[4:]):
            return sp
    raise InputError(f"--species '{text}' is not one of {', '.join(SPECIES)}")


def _atmosphere(text: str, option: str) -> str:
    t = str(text).strip().upper()
    t = {"Y": "YES", "N": "NO", "H": "HELL"}.get(t, t)
    if t not in ATMOSPHERES:
        raise InputError(f"{option} '{text}' is not one of YES (breathable), NO, HELL")
    return t


def effective_atmosphere(state: dict, loc: dict, key: str) -> str:
    """Ch. 3.2 Hardcore: NO counts as HELL and YES as NO; ch. 4: Space Stations and In
    Space have no breathable outside (YES → NO)."""
    a = loc[key]
    if key == "ao" and a == "YES" and any(w in loc["type"].casefold() for w in ("space station", "in space")):
        a = "NO"
    if state["difficulty"] == "hardcore":
        a = {"NO": "HELL", "YES": "NO"}.get(a, a)
    return a


def location_add(state: dict, dice, type: str, difficulty: int, ao: str, ai: str, depth: int, teleport: int,
                 species: str, special: str | None = None, name: str | None = None, maps=(),
                 roll_maps: bool = False, event: bool = False) -> Outcome:
    """Ch. 12: a Location takes the first free slot of the log (2, or 6 with HyperNavMemory).
    `event`: a Story Line revealed it: its values are fixed (no dice modifications can
    alter them) and it is not the Location a flight is looking for."""
    s = _copy(state)
    f = s.get("flight")
    if f and (f["stage"] == "combat" or f.get("generation")) and not event:
        raise RuleError("the flight's Space Combat or Location generation is under way: finish it first")
    if event:
        f = None
    cap = location_capacity(s, working=True)
    free = [x for x in cgm.SLOTS[:cap] if x not in s["locations"]]
    if not free:
        more = "" if cap == 6 else " (HyperNavMemory gives MAP 3-6)"
        raise RuleError(f"the Starmap Locations Log is full ({cap} slots{more}): erase a Location first "
                        f"(journal kraken location remove SLOT)")
    if not str(type).strip():
        raise InputError("--type names the Location type (e.g. \"Mining Station\")")
    if not 1 <= difficulty <= 5:
        raise InputError(f"--difficulty {difficulty}: a Location Difficulty is 1-5")
    if not MIN_DEPTH <= depth <= MAX_DEPTH:
        raise InputError(f"--depth {depth}: a Location has {MIN_DEPTH}-{MAX_DEPTH} maps")
    if not 0 <= teleport <= depth:
        raise InputError(f"--teleport {teleport}: 0 (no teleporting) up to the depth, {depth}")
    if special is not None and special not in SPECIALS:
        raise InputError(f"--special '{special}' is not one of {', '.join(SPECIALS)}")
    ids = [int(m) for m in maps]
    if roll_maps and ids:
        raise InputError("--maps and --roll-maps: give the Map IDs, or roll them, not both")
    if len(ids) > depth:
        raise InputError(f"--maps gives {len(ids)} IDs for a depth of {depth}")
    for m in ids:
        if not 1 <= m <= 20:
            raise InputError(f"--maps {m}: a Map ID is a d20 result, 1-20")
    if roll_maps:
        ids = [dice.roll(20) for _ in range(depth)]
    slot = free[0]
    loc = {"type": str(type).strip(), "difficulty": difficulty, "ao": _atmosphere(ao, "--ao"),
           "ai": _atmosphere(ai, "--ai"), "depth": depth, "teleport": teleport,
           "species": _species(species), "maps": ids, "cleared": [], "solved": False}
    if special:
        loc["special"] = special
    if event:
        loc["fixed"] = True
    if name and name.strip():
        loc = {"name": name.strip(), **loc}
    s["locations"][slot] = loc
    out = [f"Note it in MAP{slot} of the Starmap Locations Log: {describe_location(s, loc)}."]
    if event and s.get("flight") and s["flight"].get("modifications"):
        out.append("An event's Location: its values are fixed; the flight's dice modifications do not apply to it.")
    if f:   # the flight's Location, generated by hand from the book: the flight is over
        del s["flight"]
        if not f["land"]:
            loc["land_turn"] = s["turn"] + 1
            out.append("It was reached too slowly to land this turn: you may from the next turn on.")
        if f["modifications"]:
            out.append(f"This is the flight's new Location; its {f['modifications']} dice modification(s) are spent "
                       f"or lost.")
    if ids:
        out.append(f"Map IDs: {' '.join(str(m) for m in ids)}" + (" (rolled)" if roll_maps else "") + ".")
    if len(ids) < depth:
        out.append(f"Roll each remaining Map ID when you enter that map: journal kraken location map {slot}.")
    eff = [f"{k.upper()} counts as {effective_atmosphere(s, loc, k)}" for k in ("ao", "ai")
           if effective_atmosphere(s, loc, k) != loc[k]]
    if eff:
        out.append("Mind: " + ", ".join(eff) + ".")
    return Outcome(s, f"Location MAP{slot}: {describe_location(s, loc)}", out, {"slot": slot, **loc})


def describe_location(s: dict, loc: dict) -> str:
    parts = [loc.get("name") or loc["type"]]
    if loc.get("name"):
        parts.append(loc["type"])
    parts += [f"Dif. {loc['difficulty']}", f"AO {loc['ao']}", f"AI {loc['ai']}", f"Depth {loc['depth']}",
              f"Telep. {loc['teleport']}"]
    if loc.get("special"):
        parts.append(loc["special"])
    parts.append(loc["species"])
    return " / ".join(parts)


def _loc(s: dict, slot) -> tuple[str, dict]:
    key = str(slot).strip().upper().removeprefix("MAP")
    if key not in s["locations"]:
        used = ", ".join(s["locations"]) or "none"
        raise InputError(f"'{slot}' is not a Location in the log (slots in use: {used})")
    return key, s["locations"][key]


def location_map(state: dict, dice, slot, map_id: int | None = None) -> Outcome:
    """Ch. 12: roll the next Map ID (d20) as you enter a new map, or note a given one."""
    s = _copy(state)
    key, loc = _loc(s, slot)
    if len(loc["maps"]) >= loc["depth"]:
        raise RuleError(f"MAP{key} has all {loc['depth']} Map IDs already")
    rolled = map_id is None
    if rolled:
        map_id = dice.roll(20)
    elif not 1 <= map_id <= 20:
        raise InputError(f"--id {map_id}: a Map ID is 1-20")
    loc["maps"].append(map_id)
    n = len(loc["maps"])
    msg = f"MAP{key} map {n}: Map ID {map_id}" + (" (d20)" if rolled else "")
    return Outcome(s, msg, [msg + ". Open the Location type's maps at that ID."], {"slot": key, "map": n,
                                                                                  "id": map_id})


def location_clear(state: dict, dice, slot, map_no: int) -> Outcome:
    """Ch. 13: a map left is cleared (underline its ID); it cannot become uncleared."""
    s = _copy(state)
    key, loc = _loc(s, slot)
    if not 1 <= map_no <= len(loc["maps"]):
        raise RuleError(f"MAP{key} has Map IDs for maps 1-{len(loc['maps'])}: map {map_no} has none yet"
                        if loc["maps"] else f"MAP{key} has no Map IDs yet")
    if map_no in loc["cleared"]:
        raise RuleError(f"map {map_no} of MAP{key} is cleared already")
    loc["cleared"] = sorted(loc["cleared"] + [map_no])
    msg = f"MAP{key} map {map_no} (ID {loc['maps'][map_no - 1]}) cleared"
    return Outcome(s, msg, [f"Underline Map ID {loc['maps'][map_no - 1]} (map {map_no}) of MAP{key}: cleared."],
                   {"slot": key, "cleared": loc["cleared"]})


def location_solve(state: dict, dice, slot) -> Outcome:
    """Ch. 13: leaving by the last map's exit solves a Location once: XP = maps x
    difficulty x 2, and four treasures of difficulty+1 or two of difficulty+2."""
    s = _copy(state)
    key, loc = _loc(s, slot)
    if loc["solved"]:
        raise RuleError(f"MAP{key} is solved already: a Location is solved only once")
    loc["solved"] = True
    gain = loc["depth"] * loc["difficulty"] * 2
    before = s["xp"]
    s["xp"] += gain
    d = loc["difficulty"]
    out = [f"MAP{key} solved: {loc['depth']} maps × difficulty {d} × 2 = {gain} XP (XP {before} → {s['xp']}).",
           f"Take four Treasures of grade {min(6, d + 1)} or two of grade {min(6, d + 2)}."]
    if loc.get("special") == "self-destruction":
        out.append("Self-destruction: once you leave, erase it (journal kraken location remove "
                   f"{key}).")
    return Outcome(s, f"MAP{key} solved: +{gain} XP", out, {"slot": key, "xp_gain": gain, "xp": s["xp"]})


def location_remove(state: dict, dice, slot) -> Outcome:
    s = _copy(state)
    key, loc = _loc(s, slot)
    del s["locations"][key]
    msg = f"MAP{key} erased ({describe_location(s, loc)})"
    return Outcome(s, msg, [f"Erase MAP{key} from the Starmap Locations Log."], {"slot": key})


# --- quests (Quest Master, rulings K13) ---------------------------------------------------------

def quest_add(state: dict, dice, name: str, urgent: bool = False, reward: str | None = None,
              penalty: str | None = None, penalty_credits: int | None = None, note: str | None = None,
              capture: bool = False) -> Outcome:
    """A quest from a Quest Master (its sheet, book p. 160, gives the reward, the penalty
    and whether it is urgent) or an event. Standing on a Quest Master tile, the quest
    remembers it. `capture`: a 'Capture' quest, completed by handing over a carried
    captive (ch. 4)."""
    s = _copy(state)
    name = str(name).strip()
    if not name:
        raise InputError("name the quest")
    if any(k.casefold() == name.casefold() for k in s["quests"]):
        raise RuleError(f"there is a quest {name} already")
    q: dict = {"urgent": urgent, "activated": False}
    if capture:
        q["capture"] = True
    d = s.get("dungeon")
    if d and str(d.get("at", "")).startswith("quest-master:"):
        q["master"] = f"MAP{d['location']} map {d['map']} {d['at'].partition(':')[2]}"
    if urgent:
        q["ticks"] = 0
    for k, v in (("reward", reward), ("penalty", penalty), ("note", note)):
        if v and v.strip():
            q[k] = v.strip()
    if penalty_credits is not None:
        if penalty_credits < 0:
            raise InputError("--penalty-credits is 0 or more")
        q["penalty_credits"] = penalty_credits
    s["quests"][name] = q
    out = [f"Write the quest {name} in the Notes/Quests section of the ship page"
           + (" with an empty timer (urgent: the fourth tick fails it)." if urgent else ".")]
    if capture:
        out.append("A Capture quest: bring the alien back alive, carried by a crew member (journal kraken quest done "
                   f"\"{name}\" --captive LABEL).")
    return Outcome(s, f"Quest accepted: {name}" + (" (urgent)" if urgent else ""), out, {"quest": name, **q})


def quest_activate(state: dict, dice, name: str) -> Outcome:
    """K13: an urgent quest worked on this turn gets no tick in Phase 5."""
    s = _copy(state)
    _refuse_setup(s, "quests are worked on")
    key = find(s["quests"], name, "quest")
    s["quests"][key]["activated"] = True
    msg = f"Quest {key} activated this turn"
    extra = " (no timer tick in Phase 5)" if s["quests"][key]["urgent"] else ""
    return Outcome(s, msg, [msg + extra + "."], {"quest": key})


def _quest_timer(s: dict, out: list[str]) -> list[str]:
    """K13: each urgent quest not activated this turn gets a tick; the fourth fails it."""
    notes = []
    for name in list(s["quests"]):
        q = s["quests"][name]
        if not q["urgent"]:
            continue
        if q["activated"]:
            out.append(f"Quest {name} was activated this turn: no tick.")
            continue
        q["ticks"] += 1
        if q["ticks"] >= MAX_TICKS:
            _fail_quest(s, name, out, "fourth tick")
            notes.append(f"quest {name} failed (fourth tick)")
        else:
            out.append(f"Quest {name}: draw tick {q['ticks']} in its timer ({MAX_TICKS - q['ticks']} before it fails).")
            notes.append(f"quest {name} tick {q['ticks']}")
    return notes


def _fail_quest(s: dict, name: str, out: list[str], why: str) -> None:
    q = s["quests"].pop(name)
    out.append(f"Quest {name} fails ({why}): pay the penalty and erase it"
               + (f": {q['penalty']}" if q.get("penalty") else "") + ".")
    if q.get("penalty_credits"):
        _pay(s, q["penalty_credits"], f"the {name} penalty", out, purchase=False)


def quest_tick(state: dict, dice, name: str, delta: int) -> Outcome:
    """A2: ticks by hand; a fourth tick fails the quest as in Phase 5."""
    s = _copy(state)
    key = find(s["quests"], name, "quest")
    q = s["quests"][key]
    if not q["urgent"]:
        raise RuleError(f"{key} is not urgent: it has no timer")
    target = q["ticks"] + delta
    if target < 0:
        raise InputError(f"{key} has {q['ticks']} tick(s): cannot take away {-delta}")
    out: list[str] = []
    if target >= MAX_TICKS:
        q["ticks"] = MAX_TICKS - 1
        _fail_quest(s, key, out, "fourth tick")
        return Outcome(s, f"Quest {key} failed (fourth tick, by hand)", out, {"quest": key, "failed": True})
    q["ticks"] = target
    msg = f"Quest {key}: {target} tick(s)"
    return Outcome(s, msg + " (by hand)", [msg + "."], {"quest": key, "ticks": target})


def quest_done(state: dict, dice, name: str, credits: int = 0, xp: int = 0, captive: str | None = None) -> Outcome:
    """A quest solved: erase it and take its reward. A Capture quest takes a captive that a
    crew member carries (ch. 4), which is handed over."""
    s = _copy(state)
    key = find(s["quests"], name, "quest")
    q = s["quests"].pop(key)
    if credits < 0 or xp < 0:
        raise InputError("--credits and --xp are the reward: 0 or more")
    out = [f"Quest {key} solved: erase it" + (f" and take the reward: {q['reward']}" if q.get("reward") else "") + "."]
    if captive is not None or q.get("capture"):
        caps = s.get("captives") or {}
        if captive is None:
            raise RuleError(f"{key} is a Capture quest: name the captive you hand over (--captive "
                            f"{' | '.join(caps) or 'LABEL'}); captured aliens must be carried by a crew member")
        ckey = find(caps, captive, "captive", "--captive")
        cap = caps.pop(ckey)
        if not caps:
            del s["captives"]
        out.append(f"{cap['carrier']} hands over the captured {cap['name']} ({ckey}).")
    if credits:
        before = s["credits"]
        s["credits"] += credits
        out.append(_credits_line(before, s["credits"]))
    if xp:
        before = s["xp"]
        s["xp"] += xp
        out.append(f"XP {before} → {s['xp']}.")
    return Outcome(s, f"Quest solved: {key}" + (f" (+{credits}¢)" if credits else "") + (f" (+{xp} XP)" if xp else ""),
                   out, {"quest": key, "credits": s["credits"], "xp": s["xp"]})


def quest_fail(state: dict, dice, name: str) -> Outcome:
    s = _copy(state)
    key = find(s["quests"], name, "quest")
    out: list[str] = []
    _fail_quest(s, key, out, "given up or lost")
    return Outcome(s, f"Quest failed: {key}", out, {"quest": key, "credits": s["credits"]})


# --- item prices by grade (book p. 165/167) -------------------------------------------------------------

def known_prices(s: dict, prices: dict | None = None) -> dict:
    """Item and weapon prices by grade: the ones our rulebook text prints (grade 3 12¢,
    grade 4 30¢) and the ones the player copied from their book (`grade-price`)."""
    from journal.games.kraken.state import KNOWN_GRADE_PRICES

    out = {int(k): v for k, v in (s.get("grade_prices") or {}).items()}
    out.update(KNOWN_GRADE_PRICES)
    if prices:
        out.update({int(k): v for k, v in prices.items()})
    return out


def grade_price(state: dict, dice, grade: int, price: int | None = None) -> Outcome:
    """Note the price of an item or weapon grade from the book's Weapons and Items pages
    (p. 165/167), once per campaign: Shops, Modders and extra cash drops use it. The
    grades our rulebook text prints (3: 12¢, 4: 30¢) are fixed."""
    from journal.games.kraken.state import KNOWN_GRADE_PRICES, MAX_TREASURE_GRADE

    s = _copy(state)
    if not 1 <= grade <= MAX_TREASURE_GRADE:
        raise InputError(f"grade {grade}: grades are 1-{MAX_TREASURE_GRADE}")
    if grade in KNOWN_GRADE_PRICES:
        raise RuleError(f"grade {grade} costs {KNOWN_GRADE_PRICES[grade]}¢: the rulebook prints it (ch. 13-14)")
    table = s.setdefault("grade_prices", {})
    if price is None:
        if str(grade) not in table:
            raise RuleError(f"no price noted for grade {grade}")
        del table[str(grade)]
        if not table:
            del s["grade_prices"]
        msg = f"Grade {grade}: price erased"
        return Outcome(s, msg, [msg + " (give --price again when you need it)."], {"grade": grade})
    if price < 0:
        raise InputError("a price is 0 or more Credits")
    table[str(grade)] = price
    s["grade_prices"] = {k: table[k] for k in sorted(table)}
    msg = f"Grade {grade} items and weapons cost {price}¢"
    return Outcome(s, msg, [msg + " (from your book, p. 165/167)."], {"grade": grade, "price": price})


# --- captured aliens (ch. 4) -----------------------------------------------------------------------------

def captive_add(state: dict, dice, label: str, carrier: str, level: int, name: str | None = None,
                species: str | None = None) -> Outcome:
    """A2: a captured alien by hand (an event's, or one a Ground Combat played without
    journal brought down to 0, -1 or -2 HP): carried by one crew member, who cannot attack
    while carrying it."""
    s = _copy(state)
    label = str(label).strip()
    if not label:
        raise InputError("name the captive (a label such as E1)")
    caps = s.setdefault("captives", {})
    if any(k.casefold() == label.casefold() for k in caps):
        raise RuleError(f"there is a captive {label} already")
    who = find(s["crew"], carrier, "crew member", "--carrier")
    from journal.games.kraken.state import carrying

    held = carrying(s, who)
    if held:
        raise RuleError(f"{who} carries {held} already (one captive each)")
    if not 1 <= level <= 8:
        raise InputError(f"--level {level}: 1-8")
    cap = {"name": (name or label).strip(), "level": level, "carrier": who}
    if species:
        cap["species"] = _species(species)
    caps[label] = cap
    msg = f"Captive {label} ({cap['name']}, LV{level}) carried by {who}"
    return Outcome(s, msg + " (by hand)", [msg + f": {who} cannot attack while carrying it."], {"captive": label,
                                                                                                 **cap})


def captive_give(state: dict, dice, label: str, to: str) -> Outcome:
    """Ch. 4: the captive changes hands (outside Ground Combat; in one, an Exchange action:
    journal kraken ground exchange NAME --captive-to OTHER)."""
    s = _copy(state)
    if s.get("ground"):
        raise RuleError("during a Ground Combat a captive changes hands with an Exchange action (journal kraken "
                        "ground exchange NAME --captive-to OTHER)")
    caps = s.get("captives") or {}
    key = find(caps, label, "captive")
    who = find(s["crew"], to, "crew member")
    from journal.games.kraken.state import carrying

    held = carrying(s, who)
    if held == key:
        raise RuleError(f"{who} carries {key} already")
    if held:
        raise RuleError(f"{who} carries {held} already (one captive each)")
    before = caps[key]["carrier"]
    caps[key]["carrier"] = who
    msg = f"Captive {key}: {before} hands it to {who}"
    return Outcome(s, msg, [msg + f" ({before} may attack again)."], {"captive": key, "carrier": who})


def captive_release(state: dict, dice, label: str) -> Outcome:
    s = _copy(state)
    caps = s.get("captives") or {}
    key = find(caps, label, "captive")
    cap = caps.pop(key)
    if not caps:
        del s["captives"]
    msg = f"Captive {key} ({cap['name']}) released"
    return Outcome(s, msg, [msg + f": {cap['carrier']} may attack again."], {"captive": key})


# --- saving and loading (3.2, rulings K8) ------------------------------------------------------------

def at_turn_start(s: dict) -> bool:
    """Just a Simulation saves 'at the beginning of each turn': before the first turn, or in
    Phase 1 before any line was activated."""
    if s["turn"] == 0:
        return True
    return (s["phase"] == 1 and not s["done"] and not any(x.get("running") for x in s["lines"].values())
            and not s.get("free_action"))


def _save_point(s: dict, where: str, out: list[str], meta: dict) -> None:
    if s["difficulty"] not in SAVE_DIFFICULTIES:
        raise RuleError(f"{DIFFICULTY_TEXT[s['difficulty']]} has no save points: there is no save-and-load "
                        f"(rulings K8)")
    old = s.get("savepoint")
    point = {"id": (old["id"] + 1) if old else 1, "turn": s["turn"], "at": where}
    s["savepoint"] = point
    meta["savepoint"] = point["id"]
    meta["schema"] = SCHEMA_VERSION
    meta["snapshot"] = copy.deepcopy(s)
    out.append(f"Save point {point['id']}: turn {s['turn']}, {where}. Photograph your CGM Line Tracker, "
               f"crew profiles and ship page, or keep `journal pdf`.")


def savepoint(state: dict, dice) -> Outcome:
    """K8: Just a Simulation saves at the start of a turn (and at clone stations);
    Adventurer only at clone stations; Real Life and Hardcore never."""
    s = _copy(state)
    d = s["difficulty"]
    if d == "adventurer":
        raise RuleError("Adventurer saves only at clone stations (journal kraken clone-station)")
    if d not in SAVE_DIFFICULTIES:
        raise RuleError(f"{DIFFICULTY_TEXT[d]} has no save points: there is no save-and-load (rulings K8)")
    if not at_turn_start(s):
        raise RuleError("Just a Simulation saves at the start of a turn (before any line is activated; "
                        "`journal kraken turn --savepoint` saves as the turn begins) or at a clone station")
    out: list[str] = []
    meta: dict = {}
    _save_point(s, "start of turn" if s["turn"] else "before turn 1", out, meta)
    return Outcome(s, f"Save point {s['savepoint']['id']} (turn {s['turn']})", out,
                   {"savepoint": s["savepoint"]}, meta)


def clone_station(state: dict, dice, heal: bool = True, keep: bool = True) -> Outcome:
    """Ch. 13 clone station: heals each crew member 4 HP (once per station and
    exploration) at any difficulty; a save point in Just a Simulation and Adventurer."""
    s = _copy(state)
    out: list[str] = []
    meta: dict = {}
    if heal:
        for name, c in s["crew"].items():
            before = c["hp"]
            c["hp"] = min(c["hp_max"], c["hp"] + CLONE_HEAL)
            c["status"] = "active" if c["hp"] > 0 else "unconscious"
            out.append(f"{name}: HP {before} → {c['hp']}/{c['hp_max']}.")
        out.insert(0, f"Clone station: each crew member heals {CLONE_HEAL} HP (once per station and exploration).")
    if keep:
        if s["difficulty"] in SAVE_DIFFICULTIES:
            _save_point(s, "clone station", out, meta)
        else:
            out.append(f"{DIFFICULTY_TEXT[s['difficulty']]}: clone stations heal, but there is no save-and-load.")
    if not heal and "savepoint" not in meta:
        raise RuleError("--no-heal and no save point: the clone station does nothing")
    summary = "Clone station" + (": healed" if heal else "") + (f", save point {s['savepoint']['id']}"
                                                                  if "savepoint" in meta else "")
    return Outcome(s, summary, out, {"savepoint": s.get("savepoint") if meta else None}, meta)


def reload(state: dict, dice, snapshot: dict, point: int) -> Outcome:
    """K8: Just a Simulation and Adventurer reload their save point (achievements persist,
    they are not in the save)."""
    d = state["difficulty"]
    if d not in SAVE_DIFFICULTIES:
        raise RuleError(f"{DIFFICULTY_TEXT[d]} has no save-and-load (rulings K8)")
    sp = state.get("savepoint")
    if not sp:
        raise RuleError("there is no save point to reload" + (" (Adventurer saves at clone stations)"
                                                             if d == "adventurer" else ""))
    if sp["id"] != point:
        raise RuleError("the save changed while reloading: run reload again")
    s = copy.deepcopy(snapshot)
    problems = validate(s)
    if problems:
        raise RuleError(f"the save point's state is not valid any more: {problems[0]}")
    if s.get("savepoint", {}).get("id") != point:
        raise RuleError("the save point's state does not match its record")
    out = [f"Reloaded save point {point}: turn {s['turn']}, {s['savepoint']['at']}.",
           "Set your pages back as they were then (journal kraken lines, journal show, journal pdf). "
           "Achievements stay unlocked."]
    return Outcome(s, f"Reloaded save point {point} (turn {s['turn']}, {s['savepoint']['at']})", out,
                   {"savepoint": s["savepoint"], "turn": s["turn"]}, {"reload": point})


def end(state: dict, dice, result: str) -> Outcome:
    """3.9: a plot point says the campaign is won; losing the crew or the ship loses it."""
    s = _copy(state)
    if result not in ("won", "lost"):
        raise InputError(f"'{result}' is not a result: won or lost")
    if s.get("result"):
        raise RuleError(f"the campaign is over already ({s['result']})")
    s["result"] = result
    if result == "won":
        out = ["The campaign is won!", "Claim your Campaign Score: journal kraken score --record."]
    else:
        out = ["The campaign is lost."]
    return Outcome(s, f"The campaign is {result}", out, {"result": result})


# --- odds (chapter 4 attribute checks; chapter 13 bulkheads, mines, lasers) ------------------------

def check_odds(attribute: int, target: int, dice_count: int = 1, modifier: int = 0) -> float:
    """P(sum of `dice_count` d6 + attribute + modifier >= target)."""
    if dice_count == 1:
        faces = [(a,) for a in range(1, 7)]
    else:
        faces = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    wins = sum(1 for f in faces if sum(f) + attribute + modifier >= target)
    return wins / len(faces)

"""Chapter 5, Game phases: a new turn, phases 1-5 in order, the free action (ch. 8), Phase R.

A new turn closes the last (what its remaining phases do by themselves) and runs Phase 1;
entering Phase 2 repairs systems and finishes builds; Phase 5 ticks urgent quests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.cgm import SLOTS, lines_named
from journal.games.kraken.construction import complete_build
from journal.games.kraken.model.campaign import (
    copy_state,
    oxygen_max,
    pending,
    refuse_busy,
    refuse_if_over,
    refuse_setup,
    save_point,
    set_leader,
)
from journal.games.kraken.model.checks import with_checks
from journal.games.kraken.model.commands import CREW_ADD, LOCATION_ADD, SHIP_HULL
from journal.games.kraken.model.constants import DIFFICULTY_TEXT, FREE_ACTIONS, FREE_ACTION_TEXT, PHASES, SHOP_COMMANDS
from journal.games.kraken.model.systems import systems_named
from journal.games.kraken.quests import quest_timer
from journal.games.kraken.story_lines import activate_from_pack, line_data, line_slot, unused_choices
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

RECOVER_HEAL = 3         # ch. 5, Phase R
GRADE_5_SHOP = 5         # ch. 5, Phase 3: "Visit a grade 5 Shop"


def turn(state: State, dice: Dice, pack: dict | None = None, skip=None, choices=(), standby=(), activate=(),
         leader: str | None = None, savepoint: bool = False) -> Outcome:
    """A new turn: Phase 5 of the turn ending (if not done), then Phase 1 (K5): every line
    once, slot 1 first, one line skipped at most (not the one skipped last turn)."""
    s = copy_state(state)
    refuse_if_over(s)
    if savepoint:
        refuse_turn_savepoint(s)
    refuse_busy(s, "the turn cannot end yet")
    if s["turn"] == 0:
        refuse_unready(s)
    _refuse_running_line(s)
    out: list[str] = []
    closing: list[str] = []
    if s["turn"] >= 1 and s["phase"] < 5:
        _to_phase(s, 5, out, closing=True, notes=closing)
    previous = new_turn(s)
    out.append(f"Turn {s['turn']} begins. Phase 1: activate the story lines, slot 1 first.")
    if skip is not None:
        _skip_line(s, skip, previous, out)
    set_leader(s, leader, out)
    held, wake = _standby_events(s, standby, activate)
    meta: dict = {}
    if savepoint:
        save_point(s, "start of turn", out, meta)
    if pack is None:
        if held or wake or choices:
            raise InputError(say("STANDBY events held or activated and decisions chosen ahead follow lines from a "
                                 "pack; without one, step each line with `", cmd("kraken step", "LINE", "CELL"), "`"))
        return _phase_1_by_hand(s, out, closing, meta)
    return _phase_1_from_pack(s, dice, pack, list(choices), held, wake, out, closing, meta)


def refuse_turn_savepoint(s: State) -> None:
    """3.2: only Just a Simulation "can save and reload the game at the beginning of each turn";
    Adventurer "can save and load your game at any clone station" (rules note K8)."""
    d = s["difficulty"]
    if d == "adventurer":
        raise RuleError(say("Adventurer saves only at clone stations (", cmd("kraken dungeon clone", "TILE"),
                            "): a save point as the turn begins is Just a Simulation's (rules note K8)"))
    if d != "simulation":
        raise RuleError(f"{DIFFICULTY_TEXT[d]} has no save points: there is no save-and-load (rules note K8)")


def _refuse_running_line(s: State) -> None:
    """A line mid-way through an activation is stepped to its end before the turn ends."""
    running = [x for x in SLOTS if s["lines"].get(x, {}).get("running")]
    if running:
        at = s["lines"][running[0]]["coords"][-1]
        raise RuleError(say(f"line {running[0]} is mid-way through an activation: look up {at} and `",
                            cmd("kraken step", running[0], "CELL"), "` until it stops"))


def _skip_line(s: State, skip, previous: str | None, out: list[str]) -> None:
    """K5: one line may be skipped a turn, never the one skipped last turn."""
    slot = line_slot(s, skip)
    if slot == previous:
        raise RuleError(f"line {slot} was skipped last turn: a line cannot be skipped two turns running "
                        f"(rules note K5)")
    s["skipped"] = slot
    out.append(f"Skip line {slot} this turn.")


def _standby_events(s: State, standby, activate) -> tuple[set, set]:
    """The lines whose STANDBY event is held, and those whose STANDBY event is activated."""
    held = {line_slot(s, x) for x in standby}
    wake = {line_slot(s, x) for x in activate}
    for slot in wake:
        if not s["lines"][slot].get("standby"):
            raise RuleError(f"line {slot} holds no STANDBY event to activate")
    return held, wake


def refuse_unready(s: State) -> None:
    """3.3, 3.7: set-up is complete before turn 1: a crew ("Choose 3 Crew Members if not
    otherwise stated by the CREW BACKSTORY") and a ship ("you must buy one of the available
    Spaceships"). How many crew members is the player's to say: any number from one."""
    missing: list[object] = []
    if not s["crew"]:
        missing += ["no crew (", CREW_ADD, ")"]
    if not s.get("ship"):
        missing += [", and " if missing else "", "no ship (", SHIP_HULL, ")"]
    if missing:
        raise RuleError(say("turn 1 begins once the set-up is complete, and there is ", *missing))


def new_turn(s: State) -> str | None:
    """The turn counter moves on; what a turn records starts afresh (the lines done, the free
    action, Phase R, Gamblers, Phase 4's visit, quests activated). Returns last turn's skipped line."""
    previous = s.pop("skipped", None)
    s["turn"] += 1
    s["phase"] = 1
    s["done"] = []
    for key in ("free_action", "free_used", "found", "shop", "returned", "recoveries", "gambled", "short_visit"):
        cast(dict, s).pop(key, None)
    s["recovered"] = False
    for q in s["quests"].values():
        q["activated"] = False
    if previous:
        s["skipped_before"] = previous
    else:
        s.pop("skipped_before", None)
    return previous


def _phase_1_by_hand(s: State, out: list[str], closing: list[str], meta: dict) -> Outcome:
    """Phase 1 without a pack: say which coordinate each line looks up (`step` follows it)."""
    todo = pending(s)
    for slot in todo:
        out.append(say(f"Line {slot}: look up {s['lines'][slot]['coords'][-1]} (",
                       cmd("kraken step", slot, "CELL"), ")."))
    for slot in SLOTS:
        if s["lines"].get(slot, {}).get("standby"):
            out.append(f"Line {slot} waits on STANDBY at event {s['lines'][slot]['standby']}: "
                       f"nothing happens unless you activate it.")
    if not s["lines"]:
        out.append("No story line is in play.")
    summary = (f"Turn {s['turn']} begins" + (f" (line {s['skipped']} skipped)" if s.get("skipped") else "")
               + (f"; turn {s['turn'] - 1} ended: {'; '.join(closing)}" if closing else ""))
    data = {"turn": s["turn"], "pending": todo, "skipped": s.get("skipped")}
    return Outcome(cast(dict, s), summary, out, data, meta)


def _phase_1_from_pack(s: State, dice: Dice, pack: dict, choices: list, held: set, wake: set, out: list[str],
                       closing: list[str], meta: dict) -> Outcome:
    """Phase 1 from a pack (K5): every line once, slot 1 first, the skipped one left, a line on
    STANDBY waiting unless it is activated."""
    results: dict = {}
    revealed: list[str] = []
    trails: list[str] = []
    checks: list[dict] = []
    made = 0
    for slot in [x for x in SLOTS if x in s["lines"]]:
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
            results[slot] = {**line_data(s, slot), "stopped": "standby"}
            trails.append(f"line {slot} on STANDBY ({line['standby']})")
            continue
        result, run = activate_from_pack(s, dice, slot, pack, choices, slot in held, slot in wake, out)
        made += len(run.decisions)
        revealed.extend(run.revealed)
        checks.extend(run.checks)
        results[slot] = result
        trails.append(f"line {slot}: " + "; ".join(run.trail))
    s["done"] = sorted(x for x in set(s["done"]) if x in s["lines"])
    unused_choices(choices, made)
    if not s["lines"]:
        out.append("No story line is in play.")
    out.append(say("Phase 1 is done. Next: Phase 2 (", cmd("kraken phase", "2"), ")."))
    summary = f"Turn {s['turn']}, Phase 1: " + (" | ".join(trails) if trails else "no lines")
    if closing:
        summary = f"Turn {s['turn'] - 1} ended: {'; '.join(closing)}. " + summary
    if revealed:
        meta["revealed"] = revealed
    return Outcome(cast(dict, s), summary, out, {"turn": s["turn"], "lines": results, "skipped": s.get("skipped")},
                   with_checks(meta, checks))


def _to_phase(s: State, target: int, out: list[str], closing: bool = False, notes: list | None = None) -> None:
    """Enter the phases after the current one up to `target`, applying what each does.
    `closing`: a new turn ends this one, so only what happens by itself is said."""
    if s["phase"] == 1 and target > 1:
        todo = pending(s)
        if todo:
            nxt = s["lines"][todo[0]]["coords"][-1]
            wait = "waits" if len(todo) == 1 else "wait"
            raise RuleError(say(f"Phase 1 activates every line once: {lines_named(todo)} still {wait} "
                                f"(line {todo[0]}: look up {nxt}); one line may be skipped per turn (",
                                cmd("kraken line skip", "N"), ")"))
        running = [x for x in SLOTS if s["lines"].get(x, {}).get("running")]
        if running:
            raise RuleError(f"line {running[0]} is mid-way through an activation: look up "
                            f"{s['lines'][running[0]]['coords'][-1]} and step it until it stops")
    while s["phase"] < target:
        s["phase"] += 1
        s.pop("shop", None)               # a Shop away from a Location is left as its phase ends
        _enter_phase(s, s["phase"], out, closing, notes if notes is not None else [])


def _enter_phase(s: State, p: int, out: list[str], closing: bool = False, notes: list | None = None) -> None:
    notes = notes if notes is not None else []
    if closing and p in (3, 4):
        return
    if p == 2:
        _phase_2_ship_construction(s, out, closing, notes)
    elif p == 3:
        out.append(say("Phase 3: one free action: a space flight, a known Location, a story line again, a "
                       "grade 5 Shop, or skip (", cmd("kraken free-action", "KIND"), ")."))
    elif p == 4:
        _phase_4_short_visit(s, out)
    elif p == 5:
        _phase_5_quest_timer(s, out, closing, notes)


def _phase_2_ship_construction(s: State, out: list[str], closing: bool, notes: list) -> None:
    """Phase 2: damaged systems are repaired; the builds due this turn are completed."""
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
        notes.append(complete_build(s, name, out))


def _phase_4_short_visit(s: State, out: list[str]) -> None:
    """Phase 4: a short visit by Teleporter to a cleared map, if the ship has a working one."""
    if not systems_named(s, "Teleporter"):
        out.append("Phase 4: no working Teleporter: skip the short visit.")
        return
    cleared = [f"MAP{slot}" for slot, loc in s["locations"].items() if loc["cleared"]]
    where = f" ({', '.join(cleared)})" if cleared else " (no cleared map on the Starmap Locations Log yet)"
    how = (" (", cmd("kraken visit", "SLOT", "MAP", "KIND", "TILE"), ")") if cleared else ()
    out.append(say(f"Phase 4: short visit: teleport to a cleared map with a Shop, Ammo dealer, Quest "
                   f"Master, Gambler or Modder{where}, do one thing there, and come back", *how, "."))


def _phase_5_quest_timer(s: State, out: list[str], closing: bool, notes: list) -> None:
    """Phase 5: the quest timer (K13); Phase R if the turn had no Recovery yet."""
    if closing:
        out.append(f"Turn {s['turn']} ends.")
    else:
        out.append("Phase 5: quest timer.")
    notes.extend(quest_timer(s, out))
    if not s["recovered"] and not closing:
        out.append(say("No Recovery yet this turn: you may recover now (", cmd("kraken recover"), ")."))


def phase(state: State, dice, to) -> Outcome:
    """Ch. 5: the phases in order. Entering Phase 2 repairs damaged systems and completes
    due builds; entering Phase 5 ticks urgent quests (rules note K13)."""
    s = copy_state(state)
    refuse_if_over(s)
    refuse_setup(s, "phases happen")
    refuse_busy(s, "the next phase waits")
    target = s["phase"] + 1 if to == "next" else int(to)
    if not 1 <= target <= 5:
        raise InputError(say(f"phase {to}: phases are 1-5 (a new turn: ", cmd("kraken turn"), ")"))
    if target <= s["phase"]:
        raise RuleError(say(f"this is Phase {s['phase']} of turn {s['turn']} already: phases go in order "
                            f"(a new turn: ", cmd("kraken turn"), ")"))
    out: list[str] = []
    notes: list[str] = []
    before = s["phase"]
    _to_phase(s, target, out, notes=notes)
    if target == 5:
        out.append(say("Next: a new turn (", cmd("kraken turn"), ")."))
    summary = f"Turn {s['turn']}: Phase {before} → Phase {target} ({PHASES[target]})"
    if notes:
        summary += ": " + "; ".join(notes)
    return Outcome(s, summary, out, {"turn": s["turn"], "phase": target})


def free_action(state: State, dice, kind: str) -> Outcome:
    """Ch. 8: Phase 3 allows one free action (a line activated again is recorded by
    `advance`/`step` itself). The grade 5 Shop opens at once, until the phase ends: buy,
    sell and hire there as at a dungeon's Shop."""
    s = copy_state(state)
    refuse_setup(s, "free actions happen")
    if kind not in FREE_ACTIONS:
        raise InputError(f"'{kind}' is not a free action: {', '.join(FREE_ACTIONS)}")
    if s["phase"] != 3:
        raise RuleError(say(f"the free action is Phase 3's, and this is Phase {s['phase']} (", cmd("kraken phase", "3"),
                            ")"))
    if s.get("free_action"):
        raise RuleError(f"this turn's free action was already taken: {FREE_ACTION_TEXT[s['free_action']]}")
    if kind == "line":
        raise InputError(say("to activate a story line again, run it: ", cmd("kraken advance", "LINE"),
                             " (or step it by hand); that is recorded as the free action"))
    s["free_action"] = kind
    out = [f"Phase 3 free action: {FREE_ACTION_TEXT[kind]}."]
    if kind == "flight":
        out.append(say("Fly: ", cmd("kraken flight", difficulty="D"), " (with --option or --avoid as chapter 9 "
                       "says; it records this free action itself); a flight played by hand: record the new Location "
                       "with `", LOCATION_ADD, "`."))
    elif kind == "location":
        out.append(say("No space flight or Space Combat when visiting a known Location: start the Dungeon "
                       "Exploration on its first Map (or teleport deeper). Clear maps with `",
                       cmd("kraken location clear", "SLOT", "MAP"), "`."))
    elif kind == "shop":
        s["shop"] = {"grade": GRADE_5_SHOP, "by": "phase 3"}
        out.append(f"A grade {GRADE_5_SHOP} Shop, until Phase 3 ends: Items, Weapons and Ammo up to grade "
                   f"{GRADE_5_SHOP}, rare Equipment of grade {GRADE_5_SHOP + 1} at double price, crew members up to "
                   f"level {GRADE_5_SHOP}, ships and systems; sell at half price: {SHOP_COMMANDS}.")
    return Outcome(s, f"Phase 3 free action: {FREE_ACTION_TEXT[kind]}", out, {"free_action": kind})


def recover(state: State, dice, cat: dict, after: bool = False) -> Outcome:
    """Ch. 5 Phase R, "Check this at the end of phases 1, 3 and 5": every crew member +3 HP
    (+3 per working Med Bay and Advanced Med Bay), the unconscious from 0, Oxygen refilled.
    At the end of Phase 1 after an event's Dungeon Exploration or Ground Combat, at the end
    of Phase 3 after returning from an exploration (the ones this program ran are recorded;
    `after`: one you played without it); at the end of Phase 5 only when the turn had no
    Recovery yet. So a turn may recover twice (Phases 1 and 3), each phase once."""
    s = copy_state(state)
    refuse_setup(s, "Recovery happens")
    _refuse_recovery_now(s)
    earned = s["phase"] == 5 or s["phase"] in s.get("returned", []) or after
    if not earned:
        raise RuleError(say(f"Recovery at the end of Phase {s['phase']} follows a Dungeon Exploration or Ground "
                            f"Combat of that phase, and there was none (ch. 5): recover after Phase 5's quest timer "
                            f"(or after one you played without journal: ", cmd("kraken recover", after=True), ")"))
    bonus = [(label, cat[e["system"]]["heal"]) for label, e in (s.get("ship") or {}).get("systems", {}).items()
             if not e.get("damaged") and cat.get(e["system"], {}).get("heal")]
    heal = RECOVER_HEAL + sum(h for _l, h in bonus)
    out = [f"Recovery: every crew member recovers {heal} HP"
           + (f" (3 + {', '.join(f'{lab} +{h}' for lab, h in bonus)})" if bonus else "") + "."]
    if s["phase"] in (1, 3):
        out.append(f"(At the end of Phase {s['phase']}: after its "
                   + ("Dungeon Exploration or Ground Combat" if s["phase"] in s.get("returned", [])
                      else "Dungeon Exploration or Ground Combat played by hand") + ".)")
    healed = _heal_crew(s, heal, out)
    before = s["oxygen"]
    s["oxygen"] = oxygen_max(s)
    out.append(f"Oxygen refilled: {before} → {s['oxygen']}. Rearrange items between crew and ship freely.")
    s["recovered"] = True
    s.setdefault("recoveries", []).append(s["phase"])
    return Outcome(s, f"Recovery: +{heal} HP each, Oxygen {s['oxygen']}", out,
                   {"heal": heal, "hp": healed, "oxygen": s["oxygen"]})


def _refuse_recovery_now(s: State) -> None:
    """Phase R is checked at the end of Phases 1, 3 and 5, each once, after a combat or an
    exploration, once Phase 1's lines are all activated; Phase 5's only for a turn that had none."""
    for key, what in (("combat", "a Space Combat"), ("ground", "a Ground Combat"), ("dungeon", "an exploration")):
        if s.get(key):
            raise RuleError(f"Recovery comes after {what}, not during it")
    if s["phase"] not in (1, 3, 5):
        raise RuleError(f"Recovery is checked at the end of Phases 1, 3 and 5, and this is Phase {s['phase']}")
    waiting = pending(s) + [x for x in SLOTS if s["lines"].get(x, {}).get("running")]
    if s["phase"] == 1 and waiting:
        slots = sorted(set(waiting))
        raise RuleError(f"Phase R comes at the end of Phase 1, and {lines_named(slots)} still "
                        f"{'waits' if len(slots) == 1 else 'wait'} to be activated this turn")
    if s["phase"] in s.get("recoveries", []):
        raise RuleError(f"the crew recovered at the end of Phase {s['phase']} already (turn {s['turn']}): Phase R is "
                        f"checked once at the end of Phases 1, 3 and 5")
    if s["phase"] == 5 and s["recovered"]:
        raise RuleError(f"the crew recovered this turn already (Phase {', '.join(map(str, s.get('recoveries', [])))}):"
                        f" Phase 5's Recovery is for a turn that had none (ch. 5: \"If you did not trigger a Recovery "
                        f"phase during the entire turn\")")


def _heal_crew(s: State, heal: int, out: list[str]) -> dict:
    """Every crew member recovers `heal` HP, the unconscious from 0; their HP after, by name."""
    healed = {}
    for name, c in s["crew"].items():
        before = c["hp"]
        c["hp"] = min(c["hp_max"], c["hp"] + heal)
        was = c["status"]
        c["status"] = "active" if c["hp"] > 0 else "unconscious"
        healed[name] = c["hp"]
        woke = " (conscious again)" if was == "unconscious" else ""
        out.append(f"  {name}: HP {before} → {c['hp']}/{c['hp_max']}{woke}")
    return healed

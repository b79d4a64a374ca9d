"""Chapter 13, map elements in the way: bulkheads, mines, laser barriers, '?' values.

Bulkheads are opened, cracked with a weapon's Ammo, or (One-way Locations) opened by the
emergency release.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.dungeon.actions import all_down, deployed_member, take_action
from journal.games.kraken.dungeon.elements import can_teleport
from journal.games.kraken.model.campaign import copy_state, known
from journal.games.kraken.model.constants import BULKHEAD_TRIES
from journal.games.kraken.model.exploration import (
    current_exploration,
    deployed,
    explored_location,
    parse_tile,
    resolve,
    resolved,
    tile_key,
    tile_value,
)
from journal.games.kraken.model.checks import check, d6_chance, with_checks
from journal.games.kraken.model.members import crew_armor, wound
from journal.games.kraken.model.weapons import weapon_spec
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import CrewMember, State

CHECK_BASE = 10                                    # bulkheads, mines, lasers: 2d6 + Tech >= 10 + level
AVOID_MINE = 8                                     # d6 + Agility >= 8
DISARM_PENALTY = 2                                 # the failed disarmer takes 2 more


def _check2(s: State, dice: Dice, who: str, goal: int, checks: list[dict], kind: str) -> tuple[bool, list[int], int]:
    """2d6 + Tech >= goal, noted in `checks` with its chance (the luck audit)."""
    chance = d6_chance(s["crew"][who]["tech"], goal, dice_count=2)
    a, b = dice.roll(6, label=f"{who}'s {kind} d6"), dice.roll(6, label=f"{who}'s {kind} second d6")
    total = a + b + s["crew"][who]["tech"]
    checks.append(check(kind, chance, total >= goal))
    return total >= goal, [a, b], total


def _bulkhead(d: dict, tile: str) -> tuple[str, str | None, dict]:
    """A bulkhead tile B#: its label, level and record (fails, open) on this map."""
    label, kind, level = parse_tile(tile)
    if kind != "B":
        raise InputError(f"'{label}' is not a bulkhead: B#")
    bh = d.setdefault("bulkheads", {}).setdefault(tile_key(d, label), {"fails": 0, "open": False})
    return label, level, bh


def dungeon_bulkhead(state: State, dice: Dice, tile: str, crew: str | None = None, how: str = "move",
                     to: str | None = None, faint: str | None = None, breach=()) -> Outcome:
    """Ch. 13 bulkhead B#: a crew member makes 2d6 + Tech ≥ 10 + # (an action each try,
    Oxygen as usual); passed, it stays open for this exploration; the third failure locks
    it (crack it with a weapon; on a One-way Location the emergency release opens it)."""
    s = copy_state(state)
    d = current_exploration(s)
    label, level, bh = _bulkhead(d, tile)
    out: list[str] = []
    if bh["open"]:
        take_action(s, d, how, to, faint, out, f"Through the open bulkhead {label}", breach=breach)
        return Outcome(s, f"Bulkhead {label}: open, passed", out, {"tile": label, "open": True})
    if bh["fails"] >= BULKHEAD_TRIES:
        one_way = explored_location(s, d).get("special") == "one-way"
        raise RuleError(say(f"bulkhead {label} is locked (three failed tries): crack it with a weapon (",
                            cmd("kraken dungeon crack", label, crew="NAME", weapon="WEAPON"), ")",
                            *((", or use the emergency release (", cmd("kraken dungeon crack", label, emergency=True),
                               ")") if one_way else ())))
    if crew is None:
        raise InputError(say(f"who tries to open the bulkhead {label} (2d6 + Tech)? ",
                             cmd("kraken dungeon bulkhead", label, crew="NAME")))
    who = deployed_member(s, d, crew)
    take_action(s, d, how, to, faint, out, f"Bulkhead {label}", breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, f"Bulkhead {label}: the team is lost", out, {"tile": label})
    lv = tile_value(s, d, dice, label, level, out)
    checks: list[dict] = []
    ok, faces, total = _check2(s, dice, who, CHECK_BASE + lv, checks, "bulkhead")
    line = f"{who}: 2d6 {faces[0]}+{faces[1]} + Tech {s['crew'][who]['tech']} = {total} against {CHECK_BASE + lv}"
    if ok:
        bh["open"] = True
        out.append(f"{line}: the bulkhead opens (it needs no check again this exploration).")
    else:
        bh["fails"] += 1
        out.append(f"{line}: failed ({bh['fails']} of {BULKHEAD_TRIES}).")
        if bh["fails"] >= BULKHEAD_TRIES:
            out.append(f"Bulkhead {label} locks: no more tries this exploration (crack it with a fully loaded "
                       f"weapon of grade {lv} or more).")
    return Outcome(s, f"Bulkhead {label}: {total} vs {CHECK_BASE + lv} ({'open' if ok else 'failed'})", out,
                   {"tile": label, "open": ok, "total": total, "target": CHECK_BASE + lv, "fails": bh["fails"]},
                   with_checks({}, checks))


def dungeon_crack(state: State, dice: Dice, tile: str, crew: str | None = None, weapon: str | None = None,
                  grade: int | None = None, emergency: bool = False, how: str = "stay", to: str | None = None,
                  faint: str | None = None, breach=()) -> Outcome:
    """Ch. 13: crack a bulkhead (locked or not) by spending a fully loaded weapon's Ammo,
    the weapon's grade at least the bulkhead's level; or, on a One-way Location, the
    emergency release opens a locked one when nothing else gets you out."""
    s = copy_state(state)
    d = current_exploration(s)
    label, level, bh = _bulkhead(d, tile)
    if bh["open"]:
        raise RuleError(f"bulkhead {label} is open already")
    out: list[str] = []
    if emergency:
        loc = explored_location(s, d)
        if loc.get("special") != "one-way":
            raise RuleError("the emergency release is for One-way Locations")
        if bh["fails"] < BULKHEAD_TRIES:
            raise RuleError(f"bulkhead {label} is not locked")
        if can_teleport(s, d):
            raise RuleError("the Teleporter can take you out: the emergency release does not open")
        bh["open"] = True
        out.append(f"Emergency release: bulkhead {label} opens by itself (One-way Location, no way out).")
        return Outcome(s, f"Bulkhead {label}: emergency release", out, {"tile": label, "open": True})
    if crew is None or weapon is None:
        raise InputError(say(f"whose fully loaded weapon cracks the bulkhead {label}? ",
                             cmd("kraken dungeon crack", label, crew="NAME", weapon="WEAPON")))
    who = deployed_member(s, d, crew)
    wkey = known(s["crew"][who].get("weapons") or {}, weapon, "weapon of " + who)
    w = s["crew"][who]["weapons"][wkey]
    spec = weapon_spec(w)
    g = grade if grade is not None else spec.get("grade")
    if g is None:
        raise InputError(say(f"the {wkey}'s grade is not in its spec (G<n>): ",
                             cmd("kraken dungeon crack", label, crew=who, weapon=wkey, grade="N")))
    lv = tile_value(s, d, dice, label, level, out)
    if g < lv:
        raise RuleError(f"the {wkey} is grade {g}: cracking B{lv} takes a weapon of grade {lv} or more")
    if spec.get("ammo") is not None and w.get("ammo", spec["ammo"]) < spec["ammo"]:
        raise RuleError(f"the {wkey} has {w.get('ammo')} of {spec['ammo']} Ammo: cracking spends a fully loaded "
                        f"weapon's Ammo")
    take_action(s, d, how, to, faint, out, f"Crack bulkhead {label}", breach=breach)
    if spec.get("ammo") is not None:
        w["ammo"] = 0
        out.append(f"{who} empties the {wkey} ({spec['ammo']} Ammo) into the bulkhead.")
    bh["open"] = True
    out.append(f"Bulkhead {label} is cracked open.")
    return Outcome(s, f"Bulkhead {label} cracked with {who}'s {wkey}", out, {"tile": label, "open": True})


def armor_note(m: CrewMember) -> str:
    """" - Armor N" where the member's Armor lowers the damage (Shields do not help here)."""
    return f" - Armor {crew_armor(m)}" if crew_armor(m) else ""


def dungeon_mine(state: State, dice: Dice, tile: str, disarm: str | None = None, how: str = "move",
                 to: str | None = None, faint: str | None = None, breach=()) -> Outcome:
    """Ch. 13 mines: entering, one member may try to disarm them (2d6 + Tech ≥ 10 + grade).
    Failed or not tried: each conscious member makes d6 + Agility ≥ 8 (the disarmer fails
    and takes 2 more); damage = Location Difficulty + grade, Armor applies, Shields do not.
    Then the mines are ignored for the rest of the exploration."""
    s = copy_state(state)
    d = current_exploration(s)
    label, kind, level = parse_tile(tile)
    if kind != "M":
        raise InputError(f"'{label}' is not a mine tile: M or M#")
    key = tile_key(d, label)
    out: list[str] = []
    take_action(s, d, how, to, faint, out, f"Mines {label}", breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, f"Mines {label}: the team is lost", out, {"tile": label})
    if resolved(d, key):
        out.append(f"The mines {label} were dealt with this exploration: nothing happens.")
        return Outcome(s, f"Mines {label}: already resolved", out, {"tile": label, "resolved": True})
    lv = tile_value(s, d, dice, label, level, out)
    dif = explored_location(s, d)["difficulty"]
    data: dict = {"tile": label, "damage": dif + lv, "hurt": {}}
    who = None
    checks: list[dict] = []
    if disarm is not None:
        who = deployed_member(s, d, disarm)
        ok, faces, total = _check2(s, dice, who, CHECK_BASE + lv, checks, "disarm attempt")
        out.append(f"{who} tries to disarm: 2d6 {faces[0]}+{faces[1]} + Tech {s['crew'][who]['tech']} = {total} "
                   f"against {CHECK_BASE + lv}: " + ("disarmed." if ok else "failed: the mines explode."))
        data["disarm"] = {"crew": who, "total": total, "ok": ok}
        if ok:
            resolve(d, key)
            return Outcome(s, f"Mines {label}: disarmed by {who}", out, data, with_checks({}, checks))
    else:
        out.append("Nobody tries to disarm them: the mines explode.")
    for n in deployed(s, d):
        base = dif + lv
        if n == who:
            dmg = max(0, base + DISARM_PENALTY - crew_armor(s["crew"][n]))
            why = f"{dif} + {lv} + {DISARM_PENALTY} for the failed disarm" + armor_note(s["crew"][n])
            data["hurt"][n] = dmg
            wound(s, n, dmg, out, why)
            continue
        agi = s["crew"][n]["agility"]
        chance = d6_chance(agi, AVOID_MINE)
        r = dice.roll(6, label=f"{n}'s Agility d6")
        checks.append(check("Agility check", chance, r + agi >= AVOID_MINE))
        if r + agi >= AVOID_MINE:
            out.append(f"{n}: d6 {r} + Agility {agi} = {r + agi}: avoids the blast.")
            continue
        dmg = max(0, base - crew_armor(s["crew"][n]))
        data["hurt"][n] = dmg
        out.append(f"{n}: d6 {r} + Agility {agi} = {r + agi}: caught.")
        wound(s, n, dmg, out, f"{dif} + {lv}" + armor_note(s["crew"][n]))
    resolve(d, key)
    if s.get("dungeon"):
        all_down(s, d, out)
    hurt = ", ".join(f"{k} -{v}" for k, v in data["hurt"].items()) or "no one hurt"
    return Outcome(s, f"Mines {label}: exploded ({hurt})", out, data, with_checks({}, checks))


def dungeon_laser(state: State, dice: Dice, tile: str, disarm: str | None = None, how: str | None = None,
                  to: str | None = None, faint: str | None = None, breach=()) -> Outcome:
    """Ch. 13 laser barrier L# (l.1029-1035): "Each time you enter a Laser barrier it will
    activate, dealing damage to all Crew Members on that Tile": Location Difficulty + #
    (Armor applies, Shields do not). Disarming is "a successful Tech Check … performed as an
    action on the Tile" (2d6 + Tech ≥ 10 + #): it disables the barrier until you leave the
    map; "If you fail the check, you take damage as you would when entering". `--disarm`
    from elsewhere enters first (the damage), then the disarm is one more action; on the
    tile already (`--stay`, or the last tile command entered it) it is the action alone."""
    s = copy_state(state)
    d = current_exploration(s)
    label, kind, level = parse_tile(tile)
    if kind != "L":
        raise InputError(f"'{label}' is not a laser barrier: L or L#")
    key = tile_key(d, label)
    on_it = d.get("at") == f"laser:{label}"
    disarm = _laser_legal(s, d, label, disarm, how)
    out: list[str] = []
    data: dict = {"tile": label, "hurt": {}}
    checks: list[dict] = []
    entering = how != "stay" and not (how is None and disarm and on_it)
    if entering:
        take_action(s, d, how or "move", to, faint, out, f"Laser barrier {label}", breach=breach)
        if not s.get("dungeon"):
            return Outcome(s, f"Laser {label}: the team is lost", out, data)
        d["at"] = f"laser:{label}"
        if key in d.get("disabled", []):
            out.append(f"The laser barrier {label} is disabled: nothing happens.")
            return Outcome(s, f"Laser {label}: disabled", out, {**data, "disabled": True})
        if not _laser_fires(s, d, dice, label, level, out, data, ""):
            return Outcome(s, f"Laser {label}: the team is lost", out, data)
    if disarm is None:
        return Outcome(s, f"Laser {label}: {data['damage']} damage", out, data)
    summary = _laser_disarm(s, d, dice, label, level, disarm, faint, out, data, checks)
    return Outcome(s, summary, out, data, with_checks({}, checks))


def _laser_legal(s: State, d: dict, label: str, disarm: str | None, how: str | None) -> str | None:
    """Staying on a barrier does not enter it again: the action there is a disarm, by a
    conscious member deployed, of a barrier not disabled yet. Returns the disarmer's name."""
    if how == "stay" and not disarm:
        raise InputError(f"a laser barrier activates as you enter it; on {label}, the action is --disarm NAME")
    if disarm is None:
        return None
    if tile_key(d, label) in d.get("disabled", []):
        raise RuleError(f"the laser barrier {label} is disabled already until you leave this map")
    return deployed_member(s, d, disarm)


def _laser_fires(s: State, d: dict, dice: Dice, label: str, level: str | None, out: list[str], data: dict,
                 why: str) -> bool:
    """The barrier's damage to every conscious member deployed (l.1031: "Unconscious Crew Members
    are never damaged"). False when the team is lost."""
    lv = tile_value(s, d, dice, label, level, out)
    dif = explored_location(s, d)["difficulty"]
    data["damage"] = dif + lv
    for n in deployed(s, d):
        dmg = max(0, dif + lv - crew_armor(s["crew"][n]))
        data["hurt"][n] = data["hurt"].get(n, 0) + dmg
        wound(s, n, dmg, out, f"laser {dif} + {lv}{why}" + armor_note(s["crew"][n]))
    if s.get("dungeon"):
        all_down(s, d, out)
    return bool(s.get("dungeon"))


def _laser_disarm(s: State, d: dict, dice: Dice, label: str, level: str | None, disarm: str, faint: str | None,
                  out: list[str], data: dict, checks: list[dict]) -> str:
    """The disarm, an action on the tile (its Oxygen): 2d6 + Tech ≥ 10 + #; a failure fires it
    again. Returns the summary."""
    if s["crew"][disarm]["status"] != "active":
        out.append(f"{disarm} is unconscious: no disarm attempt.")
        return f"Laser {label}: {data.get('damage', 0)} damage"
    take_action(s, d, "stay", None, faint, out, f"Laser barrier {label} (disarm)")
    if not s.get("dungeon"):
        return f"Laser {label}: the team is lost"
    d["at"] = f"laser:{label}"
    if s["crew"][disarm]["status"] != "active":
        out.append(f"{disarm} fainted: no disarm attempt.")
        return f"Laser {label}: no disarm"
    lv = tile_value(s, d, dice, label, level, out)
    goal = CHECK_BASE + lv
    ok, faces, total = _check2(s, dice, disarm, goal, checks, "disarm attempt")
    out.append(f"{disarm} tries to disarm it: 2d6 {faces[0]}+{faces[1]} + Tech {s['crew'][disarm]['tech']} = {total} "
               f"against {goal}: " + ("disabled until you leave this map." if ok else "failed: the barrier fires."))
    data["disarm"] = {"crew": disarm, "total": total, "ok": ok}
    if ok:
        d.setdefault("disabled", []).append(tile_key(d, label))
        return f"Laser {label}: disabled by {disarm}"
    _laser_fires(s, d, dice, label, level, out, data, ", the failed disarm")
    return f"Laser {label}: disarm failed, {data['damage']} damage"


def dungeon_value(state: State, dice: Dice, tile: str) -> Outcome:
    """Ch. 13 '?': roll an unknown value now (d6 ÷ 2, rounded up; once per exploration).
    Not an Enemy's or a Boss's: "You are not allowed to determine the random number before
    entering the combat" (`dungeon enemy` rolls it as the combat begins)."""
    s = copy_state(state)
    d = current_exploration(s)
    label, kind, level = parse_tile(tile)
    if level != "?":
        raise InputError(f"'{label}' has no '?' value")
    if kind in ("E", "B"):
        raise RuleError(say(f"{label}: an Enemy's or Boss's '?' is rolled as you enter the combat, not before (ch. "
                            f"13: \"You are not allowed to determine the random number before entering the combat\"): ",
                            cmd("kraken dungeon enemy", label), " (a bulkhead's B? is rolled as you try it: ",
                            cmd("kraken dungeon bulkhead", label, crew="NAME"), ")"))
    out: list[str] = []
    key = tile_key(d, label)
    if key in d.get("values", {}):
        raise RuleError(f"{label} is {d['values'][key]} already this exploration")
    v = tile_value(s, d, dice, label, level, out)
    return Outcome(s, f"{label} = {v}", out, {"tile": label, "value": v})

"""Chapter 13, map elements: doors and obstacles, Disruptors, Hull Breaches, Teleportals, Safety Bulkheads.

A Disruptor stops the Teleporter; a Hull Breach opens its areas to the outside until it
is welded shut; a Teleportal sends the team to its twin; a Safety Bulkhead stays shut
while a Boss of its map lives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.dungeon.actions import deployed_member, take_action
from journal.games.kraken.model.campaign import copy_state
from journal.games.kraken.model.exploration import (
    current_exploration,
    explored_location,
    map_cleared,
    parse_tile,
    resolve,
    resolved,
    tile_key,
)
from journal.games.kraken.model.systems import systems_named
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

ELEMENTS = ("disruptor", "breach", "teleportal", "boss")


def _portal_number(label: str, level: str | None) -> int:
    if level is None or level == "?" or not 1 <= int(level) <= 6:
        raise InputError(f"'{label}': name a teleportal with its number as printed, 1-6 (e.g. P3)")
    return int(level)


def _note_element(d: dict, label: str, level: str | None, what: str) -> str:
    """What the current map shows (no action): a Disruptor, a Hull Breach, a Teleportal."""
    key = tile_key(d, label)
    if what in ("disruptor", "boss"):
        known = d.setdefault("disruptors" if what == "disruptor" else "bosses", [])
        if key not in known:
            known.append(key)
        return key
    if what == "breach":
        known = d.setdefault("breaches", [])
        if key not in known:
            known.append(key)
        return key
    n = _portal_number(label, level)
    d.setdefault("portals", []).append(n)
    return key


def active_disruptors(s: State, d: dict) -> list[str]:
    """Ch. 13 Disruptor: active on the current map until entered (then disabled until you
    leave the Location); on a cleared map it has no effect."""
    if map_cleared(s, d):
        return []
    here = f"{d['map']}:"
    return [k for k in d.get("disruptors", []) if k.startswith(here) and f"{k}:disruptor" not in d.get("disabled", [])]


def tile_labels(keys) -> list[str]:
    """The tiles' labels of "map:tile" keys ("2:B1" → "B1")."""
    return [k.split(":")[1] for k in keys]


def living_bosses(s: State, d: dict) -> list[str]:
    """Ch. 13: the Bosses noted on the current map and not defeated this exploration (on a
    cleared map none are present)."""
    if map_cleared(s, d):
        return []
    here = f"{d['map']}:"
    return [k for k in d.get("bosses", []) if k.startswith(here) and not resolved(d, k)]


def can_teleport(s: State, d: dict) -> bool:
    """The ship's Teleporter reaches this map, and no active Disruptor is on it."""
    loc = explored_location(s, d)
    return bool(systems_named(s, "Teleporter")) and d["map"] <= loc["teleport"] and not active_disruptors(s, d)


def dungeon_element(state: State, dice: Dice, tile: str, what: str, portals=()) -> Outcome:
    """Note an element the current map shows, without moving (no action): a Disruptor
    (the Teleporter cannot take you away while it is active), a Hull Breach (areas
    connected to it have an Outside atmosphere until it is repaired), the Teleportals
    (their numbers: where a teleportal sends you), a Boss (the map's Safety Bulkheads stay
    shut while it lives)."""
    s = copy_state(state)
    d = current_exploration(s)
    if what not in ELEMENTS:
        raise InputError(f"'{what}': {', '.join(ELEMENTS)}")
    label, _k, level = parse_tile(tile)
    out: list[str] = []
    if what == "teleportal":
        nums = [_portal_number(label, level)] + [int(p) for p in portals]
        if any(not 1 <= p <= 6 for p in nums):
            raise InputError("teleportal numbers are 1-6")
        d["portals"] = sorted(nums) if not d.get("portals") else sorted(d["portals"] + nums)
        out.append(f"Teleportals on map {d['map']}: {', '.join(map(str, d['portals']))}.")
        return Outcome(s, f"Map {d['map']}: teleportals {', '.join(map(str, d['portals']))}", out,
                       {"portals": d["portals"]})
    if portals:
        raise InputError("teleportal numbers go with a teleportal")
    if what == "boss" and parse_tile(tile)[1] != "B":
        raise InputError(f"'{label}' is not a Boss tile: B#")
    _note_element(d, label, level, what)
    if what == "boss":
        out.append(say(f"Boss {label}: while it lives the Safety Bulkheads of map {d['map']} stay shut",
                       " (a cleared map: none is present)." if map_cleared(s, d) else
                       say("; fight it: ", cmd("kraken dungeon enemy", label), ".")))
    elif what == "disruptor":
        if map_cleared(s, d):
            out.append(f"Disruptor {label} on a cleared map: it has no effect.")
        else:
            out.append(say(f"Disruptor {label}: while it is active the Teleporter cannot take you away from this map; "
                           f"enter it to disable it (", cmd("kraken dungeon tile", label, "disruptor"), ")."))
    else:
        out.append(say(f"Hull Breach {label}: areas connected to it have an Outside atmosphere until it is repaired "
                       f"(move with --breach {label}; repair it: ", cmd("kraken dungeon breach", label, crew="NAME"),
                       ")."))
    return Outcome(s, f"Map {d['map']}: {what} {label}", out, {"tile": label, "what": what})


def _teleport(s: State, d: dict, dice: Dice, label: str, level: str | None, portals, out: list[str],
              data: dict) -> None:
    """Ch. 13 Teleportal: to the other teleportal with the same number; with none, a d6
    names the target portal (your own number: back where you stood; a number not on the
    map: roll again). Disruptors and the Location's teleport depth do not matter."""
    n = _portal_number(label, level)
    if portals:
        nums = [int(p) for p in portals]
        if any(not 1 <= p <= 6 for p in nums):
            raise InputError("teleportal numbers are 1-6")
        if n not in nums:
            nums.append(n)
        d["portals"] = sorted(nums)
    present = d.get("portals") or []
    if n not in present:
        raise InputError(say(f"the numbers of the teleportals on map {d['map']} are needed (",
                             cmd("kraken dungeon tile", label, "teleportal", portals=f"{n},{n % 6 + 1}"),
                             "), or note them first (",
                             cmd("kraken dungeon element", label, "teleportal", portals=f"{n},{n % 6 + 1}"), ")"))
    if present.count(n) >= 2:
        d["portal"] = n
        out.append(f"Teleportal {label}: to the other teleportal {n} (same number).")
        data["portal"] = n
        return
    rolls = []
    while True:
        r = dice.roll(6)
        rolls.append(r)
        if r in present:
            break
        if len(rolls) > 200:  # pragma: no cover - a present portal always comes up
            raise RuleError("no portal came up")
    d["portal"] = rolls[-1]
    out.append(f"Teleportal {label}: no other portal {n}: d6 {', '.join(map(str, rolls))} → portal {rolls[-1]}"
               + (" (back where you stood)" if rolls[-1] == n else "") + ".")
    out.append(say("Teleport again from where you stand: another action (",
                   cmd("kraken dungeon tile", "P" + str(rolls[-1]), "teleportal", stay=True), ")."))
    data["portal"] = rolls[-1]
    data["rolls"] = rolls


def dungeon_tile(state: State, dice: Dice, tile: str, what: str, how: str = "move", to: str | None = None,
                 faint: str | None = None, breach=(), portals=()) -> Outcome:
    """Other map elements: a door or obstacle (an action), a Disruptor (entering disables it
    until you leave the Location), a Hull Breach (step onto it; repair it with `dungeon
    breach`), a Teleportal (to the portal of the same number, else d6 until one exists; each
    teleportation is an action, the first one comes with the move onto the portal), a
    Safety Bulkhead ("These elements function as normal doors if there are no Bosses
    present. Otherwise they are completely impassable": refused while a Boss noted on the
    map lives)."""
    s = copy_state(state)
    d = current_exploration(s)
    label, _k, level = parse_tile(tile)
    out: list[str] = []
    if what == "teleportal":
        _portal_number(label, level)
    if what == "safety-bulkhead":
        _refuse_safety_bulkhead(s, d, label)
    if what == "breach" and how in ("move", "free") and not breach:
        breach = (label,)                 # standing on the breach: exposed to it
    take_action(s, d, how, to, faint, out, f"{what.capitalize()} {label}", breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    data: dict = {"tile": label, "what": what}
    if what == "disruptor":
        _disruptor(s, d, label, level, out)
    elif what == "breach":
        _hull_breach(d, label, level, out)
    elif what == "teleportal":
        _teleport(s, d, dice, label, level, portals, out, data)
    elif portals:
        raise InputError("teleportal numbers go with a teleportal")
    elif what == "safety-bulkhead":
        _safety_bulkhead(d, label, out)
    else:
        out.append(f"{what.capitalize()} {label}.")
    return Outcome(s, f"{what.capitalize()} {label}" + (f" → portal {data['portal']}" if "portal" in data else ""),
                   out, data)


def _refuse_safety_bulkhead(s: State, d: dict, label: str) -> None:
    """A Safety Bulkhead is impassable while a Boss of the map lives."""
    bosses = tile_labels(living_bosses(s, d))
    if bosses:
        raise RuleError(say(f"Safety Bulkhead {label} is impassable while the Boss {', '.join(bosses)} of map "
                            f"{d['map']} lives (ch. 13: \"you must eliminate a Boss in order to open all Safety "
                            f"Bulkheads on the current Map\"): ", cmd("kraken dungeon enemy", bosses[0])))


def _disruptor(s: State, d: dict, label: str, level: str | None, out: list[str]) -> None:
    """Entering a Disruptor disables it until the team leaves the Location (no effect on a cleared map)."""
    key = tile_key(d, label)
    _note_element(d, label, level, "disruptor")
    if map_cleared(s, d):
        out.append("On a cleared map a Disruptor has no effect.")
    elif f"{key}:disruptor" in d.get("disabled", []):
        out.append(f"Disruptor {label} is disabled already.")
    else:
        d.setdefault("disabled", []).append(f"{key}:disruptor")
        out.append(f"Disruptor {label} is disabled until you leave the Location.")


def _hull_breach(d: dict, label: str, level: str | None, out: list[str]) -> None:
    """Stepping onto a Hull Breach: repaired it stays closed; otherwise it waits for a welding device."""
    key = tile_key(d, label)
    _note_element(d, label, level, "breach")
    if resolved(d, f"{key}:repaired"):
        out.append(f"Hull Breach {label} is repaired: it stays closed until the exploration ends.")
    else:
        out.append(say(f"Hull Breach {label}: repair it with a welding device (",
                       cmd("kraken dungeon breach", label, crew="NAME"), "); leave it the way you came in."))


def _safety_bulkhead(d: dict, label: str, out: list[str]) -> None:
    """With no Boss alive on the map, a Safety Bulkhead opens like a door; it is airtight."""
    noted = d.get("bosses") and any(k.startswith(f"{d['map']}:") for k in d["bosses"])
    out.append(say(f"Safety Bulkhead {label}: open like a door, no Boss lives on this map",
                   "" if noted else say(" (a Boss the map shows keeps it shut: note it with ",
                                        cmd("kraken dungeon element", "TILE", "boss"), ")"),
                   "; it is airtight."))


WELDING = "welding"


def dungeon_breach(state: State, dice: Dice, tile: str, crew: str, undo: bool = False, how: str = "move",
                   to: str | None = None, faint: str | None = None, breach=()) -> Outcome:
    """Ch. 13 Hull Breach: on it (moving onto it, or --stay), a crew member carrying a
    welding device repairs it (an action; the connected areas get their own atmosphere
    back at once and it stays closed until the exploration ends), or undoes the repair the
    same way."""
    s = copy_state(state)
    d = current_exploration(s)
    label, _k, level = parse_tile(tile)
    who = deployed_member(s, d, crew)
    tool = next((v for v in s["crew"][who]["inventory"].values() if WELDING in str(v).casefold()), None)
    if tool is None:
        raise RuleError(say(f"{who} carries no welding device (a Hull Breach is repaired with one: ",
                            cmd("kraken crew equip", who, "SLOT", "Welding device"), ")"))
    key = tile_key(d, label)
    rk = f"{key}:repaired"
    if undo and not resolved(d, rk):
        raise RuleError(f"Hull Breach {label} is not repaired")
    if not undo and resolved(d, rk):
        raise RuleError(f"Hull Breach {label} is repaired already")
    out: list[str] = []
    if how in ("move", "free") and not breach:
        breach = (label,)                 # standing on the breach: exposed to it
    take_action(s, d, how, to, faint, out, f"Hull Breach {label}" + (" (undo the repair)" if undo else " (repair)"),
                breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    _note_element(d, label, level, "breach")
    if undo:
        d["resolved"].remove(rk)
        if not d["resolved"]:
            d.pop("resolved")
        out.append(f"{who} cuts Hull Breach {label} open again: connected areas have an Outside atmosphere again.")
    else:
        resolve(d, rk)
        out.append(f"{who} welds Hull Breach {label} shut ({tool}): the connected areas keep their own atmosphere "
                   f"until the exploration ends. Leave it the way you came in.")
    return Outcome(s, f"Hull Breach {label} {'opened again' if undo else 'repaired'} by {who}", out,
                   {"tile": label, "repaired": not undo})

"""Chapter 13, map elements that help: med, Oxygen and clone stations (K8), Treasures."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.dungeon.actions import take_action
from journal.games.kraken.model.campaign import copy_state, known, oxygen_max, save_point
from journal.games.kraken.model.constants import CLONE_HEAL, DIFFICULTY_TEXT, MAX_TREASURE_GRADE, SAVE_DIFFICULTIES
from journal.games.kraken.model.exploration import (
    atmosphere_here,
    current_exploration,
    explored_location,
    map_cleared,
    parse_tile,
    resolve,
    resolved,
    tile_key,
    tile_value,
)
from journal.games.kraken.model.members import heal
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

MED_HEAL, MED_USES = 4, 3


def dungeon_med(state: State, dice: Dice, tile: str, name: str, how: str = "move", to: str | None = None,
                faint: str | None = None, breach=()) -> Outcome:
    """Ch. 13 med-station: heal one member on it up to 4 HP; three times per station and
    exploration (half in a Hell atmosphere)."""
    s = copy_state(state)
    d = current_exploration(s)
    label, _k, _l = parse_tile(tile)
    key = tile_key(d, label)
    used = d.setdefault("med", {}).get(key, 0)
    if used >= MED_USES:
        raise RuleError(f"med-station {label} was used {MED_USES} times this exploration")
    who = known(s["crew"], name, "crew member")
    if who not in d["crew"]:
        raise RuleError(f"{who} is not on this exploration")
    out: list[str] = []
    take_action(s, d, how, to, faint, out, f"Med-station {label}", breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, f"Med-station {label}: the team is lost", out, {"tile": label})
    d["med"][key] = used + 1
    gained = heal(s, who, MED_HEAL, out, f"med-station, use {used + 1} of {MED_USES}",
                  hell=atmosphere_here(s, d) == "HELL")
    return Outcome(s, f"Med-station {label}: {who} +{gained} HP", out, {"tile": label, "name": who, "gained": gained})


def dungeon_oxygen(state: State, dice: Dice, tile: str, how: str = "move", to: str | None = None,
                   faint: str | None = None, breach=()) -> Outcome:
    """Ch. 13 Oxygen station: refill the whole Oxygen storage, tanks included."""
    s = copy_state(state)
    d = current_exploration(s)
    label, _k, _l = parse_tile(tile)
    out: list[str] = []
    take_action(s, d, how, to, faint, out, f"Oxygen station {label}", breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    before = s["oxygen"]
    s["oxygen"] = oxygen_max(s)
    out.append(f"Oxygen refilled: {before} → {s['oxygen']}.")
    return Outcome(s, f"Oxygen station {label}: Oxygen {s['oxygen']}", out, {"oxygen": s["oxygen"]})


def dungeon_clone(state: State, dice: Dice, tile: str, savepoint: bool = True, how: str = "move", to: str | None = None,
                  faint: str | None = None, breach=(), heal_crew: bool = True) -> Outcome:
    """Ch. 13 clone station, a map tile: "it is also able to heal each Crew Member 4 HP a
    single time per Clone Station and per Dungeon Exploration" (any difficulty); "Here you can
    Save Your Game" (Just a Simulation and Adventurer, rules note K8) is not limited: each
    activation makes a save point. `heal_crew`/`savepoint` False leave that for a later visit."""
    s = copy_state(state)
    d = current_exploration(s)
    label, _k, _l = parse_tile(tile)
    key = tile_key(d, label) + ":clone"
    out: list[str] = []
    if not heal_crew and not savepoint:
        raise InputError("a clone station that neither heals nor saves does nothing")
    take_action(s, d, how, to, faint, out, f"Clone station {label}", breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    meta: dict = {}
    if not heal_crew:
        pass
    elif resolved(d, key):
        out.append(f"Clone station {label} healed you already this exploration (once per station and exploration).")
    else:
        resolve(d, key)
        hell = atmosphere_here(s, d) == "HELL"
        for n in list(d["crew"]):
            heal(s, n, CLONE_HEAL, out, "clone station", hell=hell)
    if savepoint:                    # l.997 limits the healing, not the saving: every activation saves
        if s["difficulty"] not in SAVE_DIFFICULTIES:
            out.append(f"{DIFFICULTY_TEXT[s['difficulty']]}: clone stations heal, but there is no save-and-load.")
        else:
            save_point(s, f"clone station {label}, MAP{d['location']} map {d['map']}", out, meta)
    return Outcome(s, f"Clone station {label}" + (f", save point {s['savepoint']['id']}" if meta else ""), out,
                   {"tile": label, "savepoint": s.get("savepoint") if meta else None}, meta)


def dungeon_treasure(state: State, dice: Dice, tile: str, how: str = "move", to: str | None = None,
                     faint: str | None = None, breach=()) -> Outcome:
    """Ch. 13 Treasure T#: the first time you enter it in an exploration, a Treasure drop of
    grade Location Difficulty + # (at most 6)."""
    s = copy_state(state)
    d = current_exploration(s)
    label, kind, level = parse_tile(tile)
    if kind != "T":
        raise InputError(f"'{label}' is not a Treasure: T#")
    out: list[str] = []
    take_action(s, d, how, to, faint, out, f"Treasure {label}", breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    key = tile_key(d, label)
    if map_cleared(s, d):
        out.append(f"Map {d['map']} is cleared: its Treasures are gone.")
        return Outcome(s, f"Treasure {label}: map cleared", out, {"tile": label, "grade": None})
    if resolved(d, key):
        out.append(f"Treasure {label} was taken this exploration.")
        return Outcome(s, f"Treasure {label}: taken already", out, {"tile": label, "grade": None})
    lv = tile_value(s, d, dice, label, level, out)
    dif = explored_location(s, d)["difficulty"]
    grade = min(MAX_TREASURE_GRADE, dif + lv)
    resolve(d, key)
    tm = d.setdefault("treasure_maps", [])
    if d["map"] not in tm:
        tm.append(d["map"])
    s.setdefault("loot", []).append({"grade": grade, "from": f"Treasure {label}, MAP{d['location']} map {d['map']}"})
    out.append(say(f"Treasure {label}: grade {dif} + {lv} = {dif + lv}",
                   f", at most {MAX_TREASURE_GRADE}" if dif + lv > MAX_TREASURE_GRADE else "",
                   f": a grade {grade} drop (", cmd("kraken treasure take"), ")."))
    return Outcome(s, f"Treasure {label}: grade {grade} drop", out, {"tile": label, "grade": grade})

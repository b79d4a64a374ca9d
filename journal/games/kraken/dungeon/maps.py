"""Chapter 13, the maps: landing on a Location, moving, exits, going back, leaving, solving it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, cast

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.dungeon.actions import choose_team, clear_map, close_exploration, roll_map_ids, take_action
from journal.games.kraken.dungeon.elements import active_disruptors, tile_labels
from journal.games.kraken.model.campaign import copy_state, exploration_phase, oxygen_max, refuse_if_over
from journal.games.kraken.model.commands import LOCATION_GENERATE
from journal.games.kraken.model.exploration import (
    atmosphere_here,
    current_exploration,
    explored_location,
    parse_tile,
)
from journal.games.kraken.model.locations import describe_location, location_at
from journal.games.kraken.model.systems import systems_named
from journal.games.kraken.starmap import location_solve
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import Location, State


def dungeon_enter(state: State, dice: Dice, slot: str, crew=(), map_no: int | None = None, inside: bool = False
                  ) -> Outcome:
    """Ch. 13 deployment: land on the Location's first map (or teleport to a map after a
    cleared one, within the Teleporter's range), with the crew you choose (not those who
    are building); the first move on a map is free. Phase 3's free action, or an event's
    exploration (see exploration_phase)."""
    s = copy_state(state)
    refuse_if_over(s)
    for k, what in (("dungeon", "a Dungeon Exploration"), ("combat", "a Space Combat"), ("ground", "a Ground Combat")):
        if s.get(k):
            raise RuleError(f"{what} is going on already")
    if s.get("flight"):
        raise RuleError(say("the flight's new Location is not generated yet (",
                            LOCATION_GENERATE, ")"))
    key, loc = location_at(s, slot)
    if loc.get("land_turn") and s["turn"] < loc["land_turn"]:
        raise RuleError(f"MAP{key} was reached too slowly to land this turn: land from turn {loc['land_turn']} on")
    names = choose_team(s, crew)
    out: list[str] = []
    exploration_phase(s, out, key)
    n = 1 if map_no is None else map_no
    if map_no is not None and map_no != 1:
        _refuse_teleport(s, key, loc, map_no)
    roll_map_ids(s, loc, n, dice, out)
    s["dungeon"] = {"location": key, "map": n, "where": "inside" if inside else "outside", "crew": names,
                    "actions": 0, "free_move": True}
    d = s["dungeon"]
    atm = atmosphere_here(s, d)
    out.insert(0, f"Dungeon Exploration of MAP{key} ({describe_location(s, loc)}): "
                  + (f"teleported to map {n}" if n > 1 else "land on map 1") + f", Map ID {loc['maps'][n - 1]}"
                  + (" (cleared: no enemies, treasures or disruptors)" if n in loc["cleared"] else "") + ".")
    out.append(f"Deployed: {', '.join(names)}. Oxygen {s['oxygen']}/{oxygen_max(s)}. You stand at an entrance '>' "
               f"({d['where']}, {atm}).")
    out.append(say("Make the free first move now (", cmd("kraken dungeon move", free=True),
                   ", or a tile command with --free)."))
    return Outcome(s, f"Exploring MAP{key}, map {n} (ID {loc['maps'][n - 1]}) with {', '.join(names)}", out,
                   {"dungeon": d})


def _refuse_teleport(s: State, key: str, loc: Location, map_no: int) -> None:
    """A later map is reached by a working Teleporter, within its range, after a cleared map."""
    if not systems_named(s, "Teleporter"):
        raise RuleError("entering a later map takes a working Teleporter")
    if not 2 <= map_no <= loc["depth"]:
        raise InputError(f"MAP{key} has maps 1-{loc['depth']}, not {map_no}")
    if map_no > loc["teleport"]:
        raise RuleError(f"the Teleporter reaches map {loc['teleport']} at most here, not map {map_no}")
    if map_no - 1 not in loc["cleared"]:
        raise RuleError(f"you may teleport to the map after a cleared one, and map {map_no - 1} is not cleared")


def dungeon_move(state: State, dice: Dice, how: str = "move", to: str | None = None, faint: str | None = None,
                 breach=()) -> Outcome:
    """Ch. 13: move to an adjacent tile or area (up, down, left, right), one action; Oxygen
    by the atmosphere you end up in (a tile between two atmospheres counts as the side you
    came from)."""
    s = copy_state(state)
    d = current_exploration(s)
    if how not in ("move", "free"):
        raise InputError(f"'{how}' is no way to move: a move, or the free one")
    out: list[str] = []
    spent = take_action(s, d, how, to, faint, out, "Move", breach=breach)
    return Outcome(s, f"Move ({d['where'] if s.get('dungeon') else 'lost'}): {spent} Oxygen", out,
                   {"oxygen": s["oxygen"], "where": d["where"], "actions": d["actions"]})


def dungeon_exit(state: State, dice: Dice, how: str = "move", to: str | None = None, faint: str | None = None,
                 breach=(), keep_uncleared: bool = False, reward: str | None = None, tile: str | None = None) -> Outcome:
    """Ch. 13 exit tile EX: on to the next map (an entrance of your choice, then a free
    move); from the last map the Location is solved: XP = maps × difficulty × 2 and four
    Treasures of difficulty + 1 or two of difficulty + 2 (`reward` four|two; once per
    Location), booked as Treasure drops. `tile`: the exit as printed (EX, or EXa and EXb for two),
    named as the other tile commands name theirs."""
    s = copy_state(state)
    d = current_exploration(s)
    label = "EX"
    if tile is not None:
        label, kind, level = parse_tile(tile)
        if not re.fullmatch(r"EX[A-Z]?", kind) or level is not None:
            raise InputError(f"'{label}' is not an exit tile: EX (as printed on the map)")
    if d.get("backwards"):
        raise RuleError("you went back to a previous map: no exit tile takes you forward again this exploration")
    out: list[str] = []
    take_action(s, d, how, to, faint, out, f"Exit tile {label}", breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    loc = explored_location(s, d)
    if d["map"] >= loc["depth"]:
        slot = d["location"]
        clear_map(s, d, loc, out, keep_uncleared)
        data = {"solved": False, "map": d["map"]}
        if not loc["solved"]:
            res = location_solve(cast("State", {k: v for k, v in s.items()}), dice, slot=slot, reward=reward)
            s.clear()
            s.update(res.state)
            out.extend(res.lines)
            data.update(solved=True, xp=res.data["xp_gain"], reward=res.data["reward"])
        else:
            if reward is not None:
                raise InputError("the Location was solved before: no second reward")
            out.append("The Location was solved before: no second reward.")
        close_exploration(s, out, cleared=False)
        return Outcome(s, f"MAP{slot} left by the last map's exit" + (" (solved)" if data["solved"] else ""), out,
                       data)
    if reward is not None:
        raise InputError(f"a reward comes with the last map's exit (map {loc['depth']}), which solves the Location")
    clear_map(s, d, loc, out, keep_uncleared)
    d["map"] += 1
    _next_map(s, d, loc, dice, out)
    return Outcome(s, f"On to map {d['map']} of MAP{d['location']} (ID {loc['maps'][d['map'] - 1]})", out,
                   {"map": d["map"], "id": loc["maps"][d["map"] - 1]})


def _next_map(s: State, d: dict, loc: Location, dice: Dice, out: list[str]) -> None:
    roll_map_ids(s, loc, d["map"], dice, out)
    d["where"] = "outside"
    d["free_move"] = True
    for k in ("at", "near", "portals", "portal"):
        d.pop(k, None)
    d["disabled"] = [x for x in d.get("disabled", []) if x.endswith(":disruptor")]
    if not d["disabled"]:
        d.pop("disabled")
    out.append(say(f"Map {d['map']} (ID {loc['maps'][d['map'] - 1]})",
                   ", cleared" if d["map"] in loc["cleared"] else "",
                   ": choose an entrance '>' and make the free first move (", cmd("kraken dungeon move", free=True),
                   ")."))


def dungeon_back(state: State, dice: Dice, how: str = "move", to: str | None = None, faint: str | None = None,
                 breach=(), keep_uncleared: bool = False) -> Outcome:
    """Ch. 13: back to the previous map through an entrance (to one of its exits); after
    that no exit tile takes you forward this exploration. Not on One-way Locations. On the
    first map an entrance leaves the Location."""
    s = copy_state(state)
    d = current_exploration(s)
    loc = explored_location(s, d)
    if d["map"] == 1:
        raise RuleError(say("this is the first map: its entrance leaves the Location (",
                            cmd("kraken dungeon leave", "entrance"), ")"))
    if loc.get("special") == "one-way":
        raise RuleError("a One-way Location: you cannot go back to a previous map")
    out: list[str] = []
    take_action(s, d, how, to, faint, out, "Entrance >", breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    clear_map(s, d, loc, out, keep_uncleared)
    d["map"] -= 1
    d["backwards"] = True
    d["where"] = "outside"
    for k in ("at", "near", "portals", "portal"):
        d.pop(k, None)
    d["disabled"] = [x for x in d.get("disabled", []) if x.endswith(":disruptor")]
    if not d["disabled"]:
        d.pop("disabled")
    out.append(f"Back on map {d['map']} (ID {loc['maps'][d['map'] - 1]}) at an exit tile; no exit takes you forward "
               f"again this exploration.")
    return Outcome(s, f"Back to map {d['map']} of MAP{d['location']}", out, {"map": d["map"]})


LEAVE_WAYS = ("entrance", "exit-location", "teleport")


def dungeon_leave(state: State, dice: Dice, way: str, how: str = "move", to: str | None = None,
                  faint: str | None = None, breach=(), keep_uncleared: bool = False) -> Outcome:
    """Ch. 13, the ways to leave: the first map's entrance; an Exit Location tile '/' on any
    map; the ship's Teleporter within its range and with no active Disruptor (the last
    map's exit is `dungeon exit`; losing everyone ends it too). The map you leave is
    cleared."""
    s = copy_state(state)
    d = current_exploration(s)
    loc = explored_location(s, d)
    if way not in LEAVE_WAYS:
        raise InputError(say(f"'{way}': {', '.join(LEAVE_WAYS)} (the last map's exit: ", cmd("kraken dungeon exit"),
                             ")"))
    if way == "entrance" and d["map"] != 1:
        raise RuleError(say("an entrance leaves the Location only on the first map (", cmd("kraken dungeon back"),
                            " goes to the previous map)"))
    out: list[str] = []
    if way == "teleport":
        if not systems_named(s, "Teleporter"):
            raise RuleError("the ship has no working Teleporter")
        if not d.get("visit"):
            if d["map"] > loc["teleport"]:
                raise RuleError(f"map {d['map']} is beyond the Teleporter's range here (map {loc['teleport']} at most)")
            blocking = tile_labels(active_disruptors(s, d))
            if blocking:
                raise RuleError(say(f"the Disruptor {', '.join(blocking)} on map {d['map']} is active: the "
                                    f"Teleporter cannot take you away (enter it to disable it: ",
                                    cmd("kraken dungeon tile", blocking[0], "disruptor"), ")"))
            out.append("The Teleporter beams the team up to the ship.")
    else:
        take_action(s, d, how, to, faint, out, "Entrance >" if way == "entrance" else "Exit Location /",
                    breach=breach)
        if not s.get("dungeon"):
            return Outcome(s, "The team is lost", out, {})
    slot = d["location"]
    visit = bool(d.get("visit"))
    close_exploration(s, out, cleared=True, keep_uncleared=keep_uncleared)
    return Outcome(s, f"Short visit to MAP{slot} over" if visit else f"Left MAP{slot} ({way})", out,
                   {"way": way, "location": slot})

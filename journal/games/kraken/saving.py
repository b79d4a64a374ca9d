"""3.2 Saving and loading (rules note K8): save points, clone stations, reloading a save point."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import InputError, RuleError
from journal.games.kraken.dungeon.stations import dungeon_clone
from journal.games.kraken.model.campaign import copy_state, save_point
from journal.games.kraken.model.constants import DIFFICULTY_TEXT, SAVE_DIFFICULTIES
from journal.games.kraken.schema import validate
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def at_turn_start(s: State) -> bool:
    """Just a Simulation saves 'at the beginning of each turn': before the first turn, or in
    Phase 1 before any line was activated."""
    if s["turn"] == 0:
        return True
    return (s["phase"] == 1 and not s["done"] and not any(x.get("running") for x in s["lines"].values())
            and not s.get("free_action"))


def savepoint(state: State, dice) -> Outcome:
    """K8: Just a Simulation saves at the start of a turn (and at clone stations);
    Adventurer only at clone stations; Real Life and Hardcore never."""
    s = copy_state(state)
    d = s["difficulty"]
    if d == "adventurer":
        raise RuleError(say("Adventurer saves only at clone stations (", cmd("kraken dungeon clone", "TILE"), ")"))
    if d not in SAVE_DIFFICULTIES:
        raise RuleError(f"{DIFFICULTY_TEXT[d]} has no save points: there is no save-and-load (rules note K8)")
    if not at_turn_start(s):
        raise RuleError(say("Just a Simulation saves at the start of a turn (before any line is activated; `",
                            cmd("kraken turn", savepoint=True), "` saves as the turn begins) or at a clone station"))
    out: list[str] = []
    meta: dict = {}
    save_point(s, "start of turn" if s["turn"] else "before turn 1", out, meta)
    return Outcome(s, f"Save point {s['savepoint']['id']} (turn {s['turn']})", out,
                   {"savepoint": s["savepoint"]}, meta)


def clone_station(state: State, dice, tile: str | None = None, heal: bool = True, keep: bool = True) -> Outcome:
    """Ch. 13: a clone station is a map tile: it heals and saves only where the team stands
    on one during a Dungeon Exploration, once per station and exploration (the rule of
    `dungeon clone TILE`, which this runs)."""
    if not state.get("dungeon") or state["dungeon"].get("visit"):
        raise RuleError(say("a clone station is a map tile: it heals and saves during a Dungeon Exploration, on the "
                            "station (", cmd("kraken dungeon clone", "TILE"), ")"))
    if tile is None:
        raise InputError(say("name the clone station's tile as printed on the map (e.g. C): ",
                             cmd("kraken clone-station", "TILE")))
    return dungeon_clone(state, dice, tile, savepoint=keep, heal_crew=heal)


def reload(state: State, dice, snapshot: dict, point: int) -> Outcome:
    """K8: Just a Simulation and Adventurer reload their save point (achievements persist,
    they are not in the save)."""
    d = state["difficulty"]
    if d not in SAVE_DIFFICULTIES:
        raise RuleError(f"{DIFFICULTY_TEXT[d]} has no save-and-load (rules note K8)")
    sp = state.get("savepoint")
    if not sp:
        raise RuleError("there is no save point to reload" + (" (Adventurer saves at clone stations)"
                                                             if d == "adventurer" else ""))
    if sp["id"] != point:
        raise RuleError("the save changed while reloading: run reload again")
    s = copy_state(snapshot)
    problems = validate(s)
    if problems:
        raise RuleError(f"the save point's state is not valid any more: {problems[0]}")
    if s.get("savepoint", {}).get("id") != point:
        raise RuleError("the save point's state does not match its record")
    out = [f"Reloaded save point {point}: turn {s['turn']}, {s['savepoint']['at']}.",
           say("Set your pages back as they were then (", cmd("kraken lines"), ", ", cmd("show"), ", ", cmd("pdf"),
               "). Achievements stay unlocked.")]
    return Outcome(s, f"Reloaded save point {point} (turn {s['turn']}, {s['savepoint']['at']})", out,
                   {"savepoint": s["savepoint"], "turn": s["turn"]}, {"reload": point})

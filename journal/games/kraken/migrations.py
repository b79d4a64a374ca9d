"""The save format's versions: SCHEMA_VERSION of `[state]` and the migrations that read an older save.

1: the campaign (crew, ship, story lines, Locations, quests, builds).
2: the optional flight, combat, dungeon, ground and loot tables and crew gear (issue 6);
   a schema 1 state is valid as it is (MIGRATIONS[1] is the identity).
3: what a careful reading of the book needed (issue 11): ground.revived, recoveries,
   free_used, shop, dungeon.bosses, combat.fire (see MIGRATIONS[2]).
4: found, the Location the turn's space flight found: the only one explored after it (issue 19).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

SCHEMA_VERSION = 4                   # of [state]; a save point's snapshot records it too


def v1_to_v2(state: dict) -> dict:
    """Schema 2 only adds optional tables (flight, combat, dungeon, ground, loot, crew gear)."""
    return state


def v2_to_v3(state: dict) -> dict:
    """Schema 3 adds optional keys (ground.revived, recoveries). A schema 2 state that
    recovered this turn did so at the end of its current phase or an earlier one: the
    latest of Phases 1, 3 and 5 up to it is taken as that Recovery's."""
    s = dict(state)
    if s.get("recovered") and "recoveries" not in s and s.get("phase", 0) >= 1:
        s["recoveries"] = [max(p for p in (1, 3, 5) if p <= s["phase"])]
    return s


def v3_to_v4(state: dict) -> dict:
    """Schema 4 adds `found`. A schema 3 state in the Phase 3 of a flight that is over did not
    record the Location it found: the last one of the Starmap Locations Log is taken as it."""
    s = dict(state)
    flown = s.get("free_action") == "flight" and not s.get("flight")
    if flown and s.get("phase") == 3 and s.get("locations") and "found" not in s:
        s["found"] = list(s["locations"])[-1]
    return s


# {from_version: fn(state) -> state}, applied in order when an older save is read
MIGRATIONS: Mapping[int, Callable[[dict], dict]] = {1: v1_to_v2, 2: v2_to_v3, 3: v3_to_v4}

"""A Location as every chapter reads it (ch. 12, K7): slots, species, atmospheres, description.

The log's slots (2, or 6 with HyperNavMemory), species and atmospheres as typed, the
atmosphere that counts (Hardcore, space), a Location's description, finding one by slot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from journal.errors import InputError
from journal.games.kraken.model.constants import ATMOSPHERES, LOCATION_SLOTS, LOCATION_SLOTS_HNM, SPECIES
from journal.games.kraken.model.systems import systems_named

if TYPE_CHECKING:
    from collections.abc import Mapping
    from journal.games.kraken.tables import Location, State


def location_capacity(state: State, working: bool = False) -> int:
    """K7: 2 slots, 6 while HyperNavMemory is installed (working=True: and undamaged)."""
    return LOCATION_SLOTS_HNM if systems_named(state, "HyperNavMemory", working) else LOCATION_SLOTS


def parse_species(text: str) -> str:
    t = str(text).strip().casefold().rstrip("s")
    for sp in SPECIES:
        if sp.casefold().rstrip("s") == t or (t.startswith("the ") and sp.casefold().rstrip("s") == t[4:]):
            return sp
    raise InputError(f"'{text}' is not a species: one of {', '.join(SPECIES)}")


def parse_atmosphere(text: str, what: str) -> str:
    """An atmosphere as the book prints it (YES, NO, HELL; Y, N, H), for `what` (AO, AI)."""
    t = str(text).strip().upper()
    t = {"Y": "YES", "N": "NO", "H": "HELL"}.get(t, t)
    if t not in ATMOSPHERES:
        raise InputError(f"{what} '{text}' is not one of YES (breathable), NO, HELL")
    return t


def hardcore_atmosphere(state: State, a: str) -> str:
    """Ch. 3.2 Hardcore: "For the entirety of your campaign non-breathable environments are
    considered hell-conditions and breathable-conditions are considered as non-breathable"
    (NO → HELL, YES → NO), wherever the crew is: at a Location or in an event's combat."""
    if state["difficulty"] == "hardcore":
        return {"NO": "HELL", "YES": "NO"}.get(a, a)
    return a


def effective_atmosphere(state: State, loc: Mapping[str, Any], key: str) -> str:
    """Ch. 3.2 Hardcore (see hardcore_atmosphere); ch. 4: Space Stations and In Space have
    no breathable outside (YES → NO)."""
    a = loc[key]
    if key == "ao" and a == "YES" and any(w in loc["type"].casefold() for w in ("space station", "in space")):
        a = "NO"
    return hardcore_atmosphere(state, a)


def describe_location(s: State, loc: Mapping[str, Any]) -> str:
    parts = [loc.get("name") or loc["type"]]
    if loc.get("name"):
        parts.append(loc["type"])
    parts += [f"Dif. {loc['difficulty']}", f"AO {loc['ao']}", f"AI {loc['ai']}", f"Depth {loc['depth']}",
              f"Telep. {loc['teleport']}"]
    if loc.get("special"):
        parts.append(loc["special"])
    parts.append(loc["species"])
    return " / ".join(parts)


def location_at(s: State, slot) -> tuple[str, Location]:
    key = str(slot).strip().upper().removeprefix("MAP")
    if key not in s["locations"]:
        used = ", ".join(s["locations"]) or "none"
        raise InputError(f"'{slot}' is not a Location in the log (slots in use: {used})")
    return key, s["locations"][key]

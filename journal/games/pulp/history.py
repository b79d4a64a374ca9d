"""Pulp Invasion over a campaign (journal.games.interface.History): the three abilities per round
and the cubes in the bag, the sector (the Cosmic Hegemony alien of the round) as the stage the
charts mark, and the bag's contents before each draw for the luck audit; the headline, the
turning points (a Super Weapon found or used, a sector left behind, an ability run dry) and the
captain's engagements, evasions and searches, read from the entries' changes and summaries."""

from __future__ import annotations

import re

from journal.games.interface import Check, Deed
from journal.games.pulp.rules.components import ABILITIES, ABILITY_COLOUR, ABILITY_MAX, COLOURS, CUBE_HEX, TOTALS
from journal.games.pulp.rules.model import alien_name
from journal.history import changed, recorded_checks
from journal.scales import Scale
from journal.text import plural

_FOUND = re.compile(r"^Searched (.+?): .*found (Super Weapon \d+)")
_USED = re.compile(r"^(Super Weapon \d+(?: \([^)]*\))?): used")

UNIT = "Round"
# The charts: abilities on their printed track 0-10, each in its cube's colour; the cubes in the bag
# from 0 to the most of a colour the box holds (P1), each colour in its own
CHART_SCALES = {
    "Abilities": Scale(0, ABILITY_MAX, colours=tuple((a.capitalize(), CUBE_HEX[ABILITY_COLOUR[a]]) for a in ABILITIES)),
    "Cubes in the bag": Scale(0, max(TOTALS.values()), colours=tuple((c.capitalize(), CUBE_HEX[c]) for c in COLOURS)),
}


def period(state: dict) -> int:
    return int(state.get("round", 0))


def tracks(state: dict) -> dict[str, dict[str, float]]:
    abilities = state.get("abilities", {})
    return {"Abilities": {name.capitalize(): a.get("value", 0) for name, a in abilities.items()},
            "Cubes in the bag": {colour.capitalize(): n for colour, n in state.get("bag", {}).items()}}


def stage(state: dict) -> str:
    if not state.get("round"):
        return "Setup"
    try:
        return f"Sector: {alien_name(state)}"
    except (KeyError, IndexError, TypeError):  # a hand-edited save: no sector to name
        return ""


def cast(state: dict) -> list[str]:
    return [f"Captain {state['captain']}"] if state.get("captain") else []


def checks(entry: dict, before: dict) -> list[Check]:
    """A planet search: the chance of at least one yellow in its draws, recorded as it was made
    (engagements spend the captain's dice as they lie: no odds to audit; the bag's draws are)."""
    return recorded_checks(entry)


def bag(state: dict) -> dict[str, int]:
    return {colour: n for colour, n in state.get("bag", {}).items() if isinstance(n, int) and n > 0}


def headline(state: dict, result: str | None) -> str:
    who = cast(state)[0] if cast(state) else "The captain"
    rounds = plural(period(state), "round")
    weapons = state.get("weapons", [])
    found = f"{plural(len(weapons), 'Super Weapon')} found" if isinstance(weapons, list) else ""
    abilities = ", ".join(f"{k} {v}" for k, v in tracks(state)["Abilities"].items())
    track = ", ".join(t for t in (found, abilities) if t)
    if result == "won":
        return f"{who} drove back the Cosmic Hegemony after {rounds}: {track}"
    if result == "lost":
        return f"The Cosmic Hegemony overcame {who} after {rounds}: {track}"
    return f"{who} fights the Cosmic Hegemony, round {period(state)}: {track}"


def turning_points(entry: dict, before: dict) -> list[str]:
    summary = str(entry.get("summary", ""))
    found, used = _FOUND.match(summary), _USED.match(summary)
    out = [f"{found.group(2)} found on {found.group(1)}"] if found else []
    out += [f"{used.group(1)} used"] if used else []
    for path, old, new in changed(entry, "abilities"):
        if path[1:] == ["value"] and new == 0 and isinstance(old, int) and old > 0:
            out.append(f"{str(path[0]).capitalize()} runs dry")
    for path, old, new in changed(entry, "alien"):
        if isinstance(old, int) and isinstance(new, int) and new > old:
            out.append(f"the sector of {stage(before).removeprefix('Sector: ') or 'an alien'} is left behind")
    return out


def deeds(entry: dict, before: dict) -> list[Deed]:
    if not before.get("captain"):
        return []
    who, summary = cast(before)[0], str(entry.get("summary", ""))
    kinds = (("Engaged card", "cards engaged"), ("Evaded card", "cards evaded"), ("Searched ", "planets searched"))
    out = [Deed(who, what, 1) for start, what in kinds if summary.startswith(start)]
    if _FOUND.match(summary):
        out.append(Deed(who, "Super Weapons found", 1))
    return out


def die_faces(die: str, state: dict) -> list[str] | None:
    return None

"""Pulp Invasion over a campaign (journal.games.interface.History): the three abilities per round
and the cubes in the bag, the sector (the Cosmic Hegemony alien of the round) as the stage the
charts mark, and the bag's contents before each draw for the luck audit."""

from __future__ import annotations

from journal.games.interface import Check
from journal.games.pulp.rules.model import alien_name
from journal.history import recorded_checks

UNIT = "Round"


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

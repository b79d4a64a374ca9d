"""Space Kraken (`kraken`): the Crypted Game Master, the line tracker and the campaign
between flights (crew, ship, resources, Starmap Locations Log, quests, turn phases,
save points by difficulty), space flights and space combat (`[state.flight]`,
`[state.combat]`, flight.py), new Locations and dungeons (`[state.dungeon]`,
dungeon.py) and ground combat (`[state.ground]`, `[state.loot]`, ground.py).
"""

from __future__ import annotations

from journal.games.kraken.state import DIFFICULTY_TEXT, SCHEMA_VERSION, validate  # noqa: F401 (the interface)

ID = "kraken"
TITLE = "Space Kraken"


def _v1_to_v2(state: dict) -> dict:
    """Schema 2 only adds optional tables (flight, combat, dungeon, ground, loot, crew gear)."""
    return state


MIGRATIONS: dict = {1: _v1_to_v2}  # {from_version: fn(state) -> state}, applied in order on load


def summary(state: dict) -> list[str]:
    from journal.games.kraken import views

    return views.summary(state)


def status(state: dict) -> str:
    from journal.games.kraken import views

    return views.status(state)


def turn_label(state: dict) -> str:
    if state["turn"] == 0:
        return "Setup"
    from journal.games.kraken.state import PHASES

    return f"Turn {state['turn']} · Phase {state['phase']} · {PHASES[state['phase']]}"


def undo_refusal(entry: dict, state: dict) -> str | None:
    """Rulings K8: outside Just a Simulation, `undo` never reverts a command whose outcome
    involved a die roll or revealed an event; only reloading a save point goes back past
    new information."""
    if state.get("difficulty") == "simulation":
        return None
    mode = DIFFICULTY_TEXT.get(state.get("difficulty"), "this difficulty")
    rolls = entry.get("rolls") or []
    revealed = (entry.get("meta") or {}).get("revealed") or []
    if not rolls and not revealed:
        return None
    what = []
    if rolls:
        what.append("it rolled " + ", ".join(f"{r.get('die')}={r.get('value')}" for r in rolls))
    if revealed:
        what.append("it revealed event " + ", ".join(revealed))
    reload = (" (journal kraken reload)" if state.get("difficulty") == "adventurer" else "")
    return (f"{' and '.join(what)}: in {mode} only reloading a save point goes back past new information "
            f"(rulings K8){reload}")

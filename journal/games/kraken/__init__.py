"""Space Kraken (`kraken`): the package interface the core reads (journal/games/README.md).

The code follows the rulebook's table of contents. At the bottom, `model/` (the save's
schema and invariants, the constants, the helpers every chapter shares) and `cgm/` (the
Crypted Game Master); then one module (or package) per chapter: `start`, `saving`,
`crew`, `equipment`, `resources` (ch. 3), `phases` (ch. 5, 8), `story_lines` (ch. 6),
`construction` (ch. 7), `flight` (ch. 9), `space_combat/` (ch. 10), `ship` (ch. 11),
`starmap` and `new_location` (ch. 12), `dungeon/` (ch. 13), `ground_combat/` and
`treasure` (ch. 14), `quests`, `captives`; `views/` (text), `cli/` (commands) and
`sheets/` (PDF pages) on top. This package imports the model and, for `journal show`,
the views: never a chapter's rules, the CLI or the sheets.
"""

from __future__ import annotations

from journal.games.kraken.model.constants import DIFFICULTY_TEXT
from journal.games.kraken.model.schema import SCHEMA_VERSION  # noqa: F401 (the interface)
from journal.games.kraken.model.validate import validate  # noqa: F401 (the interface)

ID = "kraken"
TITLE = "Space Kraken"


def _v1_to_v2(state: dict) -> dict:
    """Schema 2 only adds optional tables (flight, combat, dungeon, ground, loot, crew gear)."""
    return state


def _v2_to_v3(state: dict) -> dict:
    """Schema 3 adds optional keys (ground.revived, recoveries). A schema 2 state that
    recovered this turn did so at the end of its current phase or an earlier one: the
    latest of Phases 1, 3 and 5 up to it is taken as that Recovery's."""
    s = dict(state)
    if s.get("recovered") and "recoveries" not in s and s.get("phase", 0) >= 1:
        s["recoveries"] = [max(p for p in (1, 3, 5) if p <= s["phase"])]
    return s


MIGRATIONS: dict = {1: _v1_to_v2, 2: _v2_to_v3}  # {from_version: fn(state) -> state}, applied in order on load


def summary(state: dict) -> list[str]:
    from journal.games.kraken import views

    return views.summary(state)


def status(state: dict) -> str:
    from journal.games.kraken import views

    return views.status(state)


def turn_label(state: dict) -> str:
    if state["turn"] == 0:
        return "Setup"
    from journal.games.kraken.model.constants import PHASES

    return f"Turn {state['turn']} · Phase {state['phase']} · {PHASES[state['phase']]}"


def rolls_undoable(state: dict) -> bool:
    """Rules note K8: only Just a Simulation may undo a roll. Elsewhere the runtime asks a player
    at a terminal for each die (type it, or Enter lets journal roll) before journal rolls."""
    return state.get("difficulty") == "simulation"


def undo_refusal(entry: dict, state: dict) -> str | None:
    """Rules note K8: outside Just a Simulation, `undo` never reverts a command whose outcome
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
            f"(rules note K8){reload}")


def names(state: dict) -> dict[str, list[str]]:
    """The campaign's own names by kind, for a shell to complete (`journal play`): crew
    members, ground enemies' labels, Location slots and names, items, weapons, ship
    systems, quests, captives and story line slots. Read from the state as it is, no rules."""
    def keys(table) -> list[str]:
        return [str(k) for k in table] if isinstance(table, dict) else []

    def unique(values) -> list[str]:
        return list(dict.fromkeys(str(v) for v in values if v not in (None, "")))

    crew = state.get("crew") if isinstance(state.get("crew"), dict) else {}
    members = [c for c in crew.values() if isinstance(c, dict)]
    locations = state.get("locations") if isinstance(state.get("locations"), dict) else {}
    items = [v for c in members for v in (c.get("inventory") or {}).values()]
    items += list(state.get("storage") or []) + list(state.get("expansion_storage") or [])
    return {
        "crew": keys(crew),
        "enemy": keys((state.get("ground") or {}).get("enemies")),
        "location": unique([*locations, *(loc.get("name") for loc in locations.values() if isinstance(loc, dict))]),
        "item": unique(items),
        "weapon": unique(w for c in members for w in (c.get("weapons") or {})),
        "system": keys((state.get("ship") or {}).get("systems")),
        "quest": keys(state.get("quests")),
        "captive": keys(state.get("captives")),
        "line": keys(state.get("lines")),
    }

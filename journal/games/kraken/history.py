"""Space Kraken over a campaign (journal.games.interface.History): Credits, XP, Oxygen and each crew
member's HP per turn; a Space Combat, a dungeon or a Ground Combat under way as the stage the
charts mark."""

from __future__ import annotations

from journal.games.interface import Check
from journal.history import recorded_checks

UNIT = "Turn"


def period(state: dict) -> int:
    return int(state.get("turn", 0))


def tracks(state: dict) -> dict[str, dict[str, float]]:
    crew = state.get("crew", {})
    return {"Credits and XP": {"Credits": state.get("credits", 0), "XP": state.get("xp", 0)},
            "Oxygen": {"Oxygen": state.get("oxygen", 0)},
            "Crew HP": {name: member.get("hp", 0) for name, member in crew.items() if isinstance(member, dict)}}


def stage(state: dict) -> str:
    if state.get("ground"):
        return "Ground Combat"
    if state.get("combat"):
        return "Space Combat"
    if state.get("dungeon"):
        return "Dungeon"
    return ""


def cast(state: dict) -> list[str]:
    return [str(name) for name in state.get("crew", {})]


def checks(entry: dict, before: dict) -> list[Check]:
    """The checks whose odds journal knew, recorded by the rules as they made them (meta.checks)."""
    return recorded_checks(entry)


def bag(state: dict) -> dict[str, int]:
    return {}


def events(entry: dict) -> list[str]:
    """What the log pages give a line of its own, read from an entry's changes: a crew member
    DOWN (unconscious, or worse) or back on their feet."""
    out: list[str] = []
    for change in entry.get("changes") or ():
        path = change.get("path") if isinstance(change, dict) else None
        if (isinstance(path, list) and len(path) == 4 and path[:2] == ["state", "crew"] and path[3] == "status"
                and isinstance(change.get("to"), str)):
            status = change["to"]
            out.append(f"{path[2]} back in action" if status == "active" else f"{path[2]} DOWN ({status})")
    return out

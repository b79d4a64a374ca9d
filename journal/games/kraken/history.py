"""Space Kraken over a campaign (journal.games.interface.History): Credits, XP, Oxygen and each crew
member's HP per turn; a Space Combat, a dungeon or a Ground Combat under way as the stage the
charts mark; the headline, the turning points (a crew member down, a Space Combat over, a new
Location, a level gained) and each crew member's attacks, hits and damage taken, read from the
entries' changes and summaries (a rules-side `meta.who` would be cleaner than the summary's words)."""

from __future__ import annotations

import re

from journal.games.interface import Check, Deed
from journal.games.kraken.model.constants import HP_CAP, OXYGEN_BASE
from journal.history import changed, listed, recorded_checks
from journal.scales import Scale
from journal.text import plural

_ATTACK = re.compile(r"^(.+?) attacks with the .+?: (\d+) hits?")
_PSI = re.compile(r"^(.+?): PSI .*\((success|failure|failed)\)")
_LEVEL = re.compile(r"^(.+?) levels up to (\d+)")

UNIT = "Turn"
# The charts on their tracks: a crew member's HP 0-14 (K10), the Oxygen 0-25 (more with tanks: the
# axis grows with the data); Credits and XP have no printed top
CHART_SCALES = {"Crew HP": Scale(0, HP_CAP), "Oxygen": Scale(0, OXYGEN_BASE)}


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


def headline(state: dict, result: str | None) -> str:
    crew = listed(cast(state)) or "The crew"
    turns = plural(period(state), "turn")
    track = f"Credits {state.get('credits', 0)}, XP {state.get('xp', 0)}, Oxygen {state.get('oxygen', 0)}"
    if result == "won":
        return f"{crew} won their Space Kraken campaign after {turns}: {track}"
    if result == "lost":
        return f"The Space Kraken campaign of {crew} ended in defeat after {turns}: {track}"
    verb = "flies" if len(cast(state)) == 1 else "fly"
    return f"{crew} {verb} on through turn {period(state)} of their Space Kraken campaign: {track}"


def turning_points(entry: dict, before: dict) -> list[str]:
    out = []
    for path, old, new in changed(entry, "crew"):
        if path[1:] == ["hp"] and isinstance(new, int) and isinstance(old, int) and new <= 0 < old:
            out.append(f"{path[0]} is down")
    summary = str(entry.get("summary", ""))
    level = _LEVEL.match(summary)
    if summary.startswith(("Space Combat over", "New Location")):
        out.append(summary.split(" / ")[0])
    elif level:
        out.append(f"{level.group(1)} reaches level {level.group(2)}")
    return out


def deeds(entry: dict, before: dict) -> list[Deed]:
    summary, crew = str(entry.get("summary", "")), before.get("crew", {})
    out = []
    attack, psi = _ATTACK.match(summary), _PSI.match(summary)
    if attack and attack.group(1) in crew:
        out += [Deed(attack.group(1), "attacks made", 1), Deed(attack.group(1), "hits", int(attack.group(2)))]
    if psi and psi.group(1) in crew:
        out += [Deed(psi.group(1), "PSI powers used", 1)]
        out += [Deed(psi.group(1), "PSI powers that worked", 1)] if psi.group(2) == "success" else []
    for path, old, new in changed(entry, "crew"):
        if path[1:] == ["hp"] and isinstance(new, int) and isinstance(old, int) and new < old:
            out.append(Deed(str(path[0]), "damage taken", old - new))
    return out


def die_faces(die: str, state: dict) -> list[str] | None:
    return None

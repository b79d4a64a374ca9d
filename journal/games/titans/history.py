"""War Titans over a campaign (journal.games.interface.History): THREAT per turn, the cities lost
and the rifts closed, and THREAT's tier (T1) as the stage the charts mark."""

from __future__ import annotations

from journal.games.titans.rules.model import tier
from journal.games.interface import Check

UNIT = "Turn"


def period(state: dict) -> int:
    return int(state.get("turn", 0))


def tracks(state: dict) -> dict[str, dict[str, float]]:
    cities = state.get("cities", {}).values()
    rifts = state.get("rifts", {}).values()
    return {"THREAT": {"THREAT": state.get("threat", 0)},
            "Cities lost and rifts closed": {"Cities lost": sum(1 for c in cities if c.get("destroyed")),
                                             "Rifts closed": sum(1 for r in rifts if r.get("closed"))}}


def stage(state: dict) -> str:
    return f"THREAT {tier(int(state.get('threat', 0))).capitalize()}"


def cast(state: dict) -> list[str]:
    return [f"{name} ({titan.get('player', '?')})" for name, titan in state.get("titans", {}).items()]


def checks(entry: dict, before: dict) -> list[Check]:
    """The checks of an entry whose odds journal knew as they were made (a face table; the rules
    keep them in the entry's meta): a Combat Check won when it destroys its first target, a Repair
    Check when it mends all it can, a pilot die roll when the pilot survives."""
    meta = entry.get("meta")
    found = meta.get("checks") if isinstance(meta, dict) else None
    out: list[Check] = []
    for c in found if isinstance(found, list) else ():
        if not isinstance(c, dict):
            continue
        kind, chance, success = c.get("kind"), c.get("chance"), c.get("success")
        if (isinstance(kind, str) and kind and isinstance(success, bool) and isinstance(chance, (int, float))
                and not isinstance(chance, bool) and 0 <= chance <= 1):
            out.append(Check(kind, float(chance), success))
    return out


def bag(state: dict) -> dict[str, int]:
    return {}


def _became(change: dict, field: str) -> bool:
    """Whether a change turned `field` true: the field itself, or a whole record holding it."""
    before, after = change.get("from"), change.get("to")
    if change["path"][-1] == field:
        return after is True and before is not True
    return (isinstance(after, dict) and after.get(field) is True
            and not (isinstance(before, dict) and before.get(field) is True))


_BECAME = {"cities": ("destroyed", "{} DESTROYED"), "titans": ("destroyed", "Titan {} DESTROYED"),
           "rifts": ("closed", "Rift {} closed")}


def _event(change: dict) -> str | None:
    """The event one change tells, if any."""
    path = change.get("path")
    if not isinstance(path, list) or len(path) < 2 or path[0] != "state":
        return None
    key = path[1:]
    if key[0] in _BECAME and len(key) in (2, 3):
        field, said = _BECAME[key[0]]
        return said.format(key[1]) if _became(change, field) else None
    was, now = change.get("from"), change.get("to")
    if key == ["threat"] and isinstance(was, int) and isinstance(now, int) and tier(was) != tier(now):
        return f"THREAT tier {tier(was).capitalize()} \u2192 {tier(now).capitalize()}"
    return None


def events(entry: dict) -> list[str]:
    """What the log pages give a line of its own, read from an entry's changes: a city or a Titan
    DESTROYED, a rift closed, THREAT entering another tier."""
    found = (_event(change) for change in entry.get("changes") or () if isinstance(change, dict))
    return [event for event in found if event]

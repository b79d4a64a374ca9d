"""War Titans over a campaign (journal.games.interface.History): THREAT per turn, the cities lost
and the rifts closed, and THREAT's tier (T1) as the stage the charts mark; the headline, the
turning points (an invader, a city or a Titan destroyed, a rift closed) from the entries' changes, and each
Titan's attacks, damage and repairs, read from the summaries (a rules-side `meta` of the damage dealt would be
cleaner than the summary's words)."""

from __future__ import annotations

import re
import shlex

from journal.games.interface import Check, Deed
from journal.games.titans.rules.model import THREAT_MAX, TIER_SPANS, TIERS, tier
from journal.history import changed, listed
from journal.scales import Scale
from journal.text import plural

_DAMAGE = re.compile(r"attacks: (\d+) damage")
_DESTROYS = re.compile(r"destroys ([^(;]+)")
_HEALED = re.compile(r"\(healed (\d+)\)")
UNIT = "Turn"
# The chart: THREAT on its whole track (T1), 0 to the sixth Red step, its four tiers shaded
CHART_SCALES = {"THREAT": Scale(
    0, THREAT_MAX,
    zones=tuple((lo - (0.5 if lo else 0), THREAT_MAX if t == TIERS[-1] else hi + 0.5, f"{t.capitalize()} tier", tint)
                for (t, (lo, hi)), tint in zip(TIER_SPANS.items(), ("#dcefdc", "#f6f6f6", "#dde8f7", "#f6dcd9"))),
    lines=((THREAT_MAX, f"{THREAT_MAX}: the players lose"),))}


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


def headline(state: dict, result: str | None) -> str:
    titans = listed([f"{t.get('player', '?')} ({name})" for name, t in state.get("titans", {}).items()
                     if isinstance(t, dict)]) or "The Titans"
    turns = plural(period(state), "turn")
    lost = tracks(state)["Cities lost and rifts closed"]
    track = (f"THREAT {state.get('threat', 0)}, {plural(int(lost['Cities lost']), 'city', 'cities')} lost, "
             f"{plural(int(lost['Rifts closed']), 'rift')} closed")
    if result == "won":
        return f"{titans} drove the invaders back after {turns}: {track}"
    if result == "lost":
        return f"The invaders overran {titans} after {turns}: {track}"
    verb = "holds" if len(state.get("titans", {})) == 1 else "hold"
    return f"{titans} {verb} the line on turn {period(state)}: {track}"


def turning_points(entry: dict, before: dict) -> list[str]:
    destroys = _DESTROYS.search(str(entry.get("summary", ""))) if " attacks" in str(entry.get("summary", "")) else None
    out = [f"{str(entry['summary']).split(' ')[0]} destroys {destroys.group(1).strip()}"] if destroys else []
    for kind, said in (("cities", "{} destroyed"), ("rifts", "the {} Rift closed"), ("titans", "{} is destroyed")):
        for path, old, new in changed(entry, kind):
            if path[1:] == [{"rifts": "closed"}.get(kind, "destroyed")] and new is True and not old:
                out.append(said.format(path[0]))
    return out


def titan_named(name: str, state: dict) -> str:
    titan = state.get("titans", {}).get(name, {})
    return f"{name} ({titan.get('player', '?')})"


def action_deeds(who: str, action: str, summary: str) -> list[Deed]:
    """An attack's (its damage, the invaders it destroyed) or a repair's (the damage mended)."""
    if action == "repair":
        healed = _HEALED.search(summary)
        return [Deed(who, "damage repaired", int(healed.group(1)))] if healed and int(healed.group(1)) else []
    damage, destroys = _DAMAGE.search(summary), _DESTROYS.search(summary)
    killed = re.split(r", | and ", destroys.group(1).strip()) if destroys else []
    return ([Deed(who, "attacks made", 1)] + ([Deed(who, "damage dealt", int(damage.group(1)))] if damage else [])
            + ([Deed(who, "invaders destroyed", len(killed))] if killed else []))


def deeds(entry: dict, before: dict) -> list[Deed]:
    try:
        words = shlex.split(str(entry.get("command", "")))
    except ValueError:  # an unbalanced quote in a hand-edited log: no deed read from it
        return []
    out = []
    if words[:2] in (["titans", "attack"], ["titans", "repair"]) and len(words) > 2 \
            and words[2] in before.get("titans", {}):
        out += action_deeds(titan_named(words[2], before), words[1], str(entry.get("summary", "")))
    for path, old, new in changed(entry, "titans"):
        if path[1:] == ["damage"] and isinstance(new, int) and isinstance(old, int) and new > old:
            out.append(Deed(titan_named(path[0], before), "damage taken", new - old))
    return out


def die_faces(die: str, state: dict) -> list[str] | None:
    """The custom titan die: its faces as the game's face table names them (the symbols typed)."""
    faces = state.get("dice", {}).get("faces") if die == "titan die" else None
    return [str(f) for f in faces] if isinstance(faces, list) and len(faces) == 6 else None

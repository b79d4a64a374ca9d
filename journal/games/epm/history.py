"""War With the Evil Power Master over a campaign (journal.games.interface.History): the Signal
and the EPM Meter per visit, the challenge level (E2) as its stage, and the odds of each challenge
(a d6, two with a "roll twice" booster, plus proficiency and booster against the level), as the
rules recorded them when the challenge was made; the headline, the turning points (the report's
own: the levels and the Final Showdown reached, the long odds beaten) and each character's
challenges and items, read from the entries' summaries (the log records no "who" of its own: a
rules-side `meta.who` would be cleaner)."""

from __future__ import annotations

import re
from itertools import product

from journal.games.epm.constants import LEVELS, TRACK_MAX
from journal.games.epm.rules import challenge_level
from journal.games.interface import Check, Deed
from journal.history import listed, recorded_checks
from journal.scales import Scale
from journal.text import plural

UNIT = "Visit"
# The chart: both tracks on their whole printed range, the Signal's challenge levels (E2) shaded, the
# 25 that ends the game ruled
LOWEST = (0,) + tuple(highest + 1 for highest, _ in LEVELS[:-1])
CHART_SCALES = {"Signal and EPM Meter": Scale(
    0, TRACK_MAX,
    zones=tuple((low - (0.5 if low else 0), highest + 0.5, f"Signal: level {level}", tint)
                for low, (highest, level), tint in zip(LOWEST, LEVELS, ("#e4f3e4", "#fdf0d8", "#f8dedc"))),
    lines=((TRACK_MAX, "25: Showdown / EPM wins"),))}
_CHALLENGE = re.compile(r"challenge \(level (\d+)\): ")
_TAKES = re.compile(r"^(.+?) takes the ")
_TOTAL = re.compile(r" = (-?\d+) → (WIN|LOSE)(?: \(retry\))?$")


def period(state: dict) -> int:
    return int(state.get("visit", 0))


def tracks(state: dict) -> dict[str, dict[str, float]]:
    return {"Signal and EPM Meter": {"Signal": state.get("signal", 0), "EPM Meter": state.get("epm", 0)}}


def stage(state: dict) -> str:
    if state.get("phase") in ("showdown", "won", "lost"):
        return "Final Showdown"
    return f"Challenge level {challenge_level(int(state.get('signal', 0)))}"


def cast(state: dict) -> list[str]:
    return list(state.get("characters", {}))


def chance(level: int, modifier: int, dice: int) -> float:
    """The chance that `dice` d6 plus `modifier` reach `level` (E3)."""
    outcomes = list(product(range(1, 7), repeat=dice))
    return sum(1 for faces in outcomes if sum(faces) + modifier >= level) / len(outcomes)


def checks(entry: dict, before: dict) -> list[Check]:
    """A challenge: the chance to win recorded as it was made (meta.checks). A challenge logged
    before journal recorded its checks is read from its entry: its level and total are in the
    summary, its dice in the rolls (the modifier is the total less the dice)."""
    recorded = recorded_checks(entry)
    if recorded or not str(entry.get("command", "")).startswith("epm challenge"):
        return recorded
    summary = str(entry.get("summary", ""))
    levels, total = _CHALLENGE.findall(summary), _TOTAL.search(summary)
    faces = [r["value"] for r in entry.get("rolls", ()) if r.get("die") == "d6" and isinstance(r.get("value"), int)]
    if not levels or not total or not 1 <= len(faces) <= 2:
        return []
    level, value = int(levels[-1]), int(total.group(1))
    return [Check("challenge", chance(level, value - sum(faces), len(faces)), total.group(2) == "WIN")]


def bag(state: dict) -> dict[str, int]:
    return {}


def headline(state: dict, result: str | None) -> str:
    crew = listed(cast(state)) or "The crew"
    visits = plural(period(state), "visit")
    where, track = state.get("planet", "?"), f"Signal {state.get('signal', 0)}, EPM {state.get('epm', 0)}"
    if result == "won":
        return f"{crew} beat the Evil Power Master on {where} after {visits}, {track}"
    if result == "lost":
        return f"The Evil Power Master beat {crew} on {where} after {visits}, {track}"
    verb = "hunts" if len(cast(state)) == 1 else "hunt"
    return f"{crew} {verb} the Evil Power Master, at {where} on visit {period(state)}, {track}"


def turning_points(entry: dict, before: dict) -> list[str]:
    """None of the game's own: its turning points are the challenge levels and the Final Showdown
    (the stages the report marks) and the challenges won at long odds (the report's own)."""
    return []


def challenger(summary: str, before: dict) -> str | None:
    """The character a challenge's summary begins with ("Bo & "Kip": perception challenge ...")."""
    for name in before.get("characters", {}):
        if summary.startswith(f"{name}: "):
            return str(name)
    return None


def deeds(entry: dict, before: dict) -> list[Deed]:
    command, summary = str(entry.get("command", "")), str(entry.get("summary", ""))
    if command.startswith("epm challenge"):
        who = challenger(summary, before)
        if who is None:
            return []
        won = summary.rstrip().endswith(("WIN", "WIN (retry)"))
        return [Deed(who, "challenges made", 1)] + ([Deed(who, "challenges won", 1)] if won else [])
    found = _TAKES.match(summary) if command.startswith("epm item add") else None
    if found and found.group(1) in before.get("characters", {}):
        return [Deed(found.group(1), "items found", 1)]
    return []


def die_faces(die: str, state: dict) -> list[str] | None:
    return None

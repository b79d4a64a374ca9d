"""War With the Evil Power Master over a campaign (journal.games.interface.History): the Signal
and the EPM Meter per visit, the challenge level (E2) as its stage, and the odds of each challenge
(a d6, two with a "roll twice" booster, plus proficiency and booster against the level), as the
rules recorded them when the challenge was made."""

from __future__ import annotations

import re
from itertools import product

from journal.games.epm.rules import challenge_level
from journal.games.interface import Check
from journal.history import recorded_checks

UNIT = "Visit"
_CHALLENGE = re.compile(r"challenge \(level (\d+)\): ")
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

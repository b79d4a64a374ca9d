"""War Titans over a campaign (journal.games.History): THREAT per turn, the cities lost
and the rifts closed, and THREAT's tier (T1) as the stage the charts mark."""

from __future__ import annotations

from journal.games.titans.rules.model import tier
from journal.games import Check

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
    return []  # a check's successes depend on the face table and its pool: the dice are audited instead


def bag(state: dict) -> dict[str, int]:
    return {}

"""Whether the game is over, and the state as scripts and the sheets see it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.titans.rules.model import OVER, tier

if TYPE_CHECKING:
    from journal.games.interface import Result


def result(state: dict) -> Result | None:
    """"won" or "lost" once the game is over (phase "over", with `result` and `reason`), else
    None: the Final Episode still to be played (phase "final") is not over yet (T7)."""
    if state.get("phase") != OVER:
        return None
    return "won" if state.get("result") == "won" else "lost"


def public_state(state: dict) -> dict:
    """The save's values plus the derived ones (`tier`, from THREAT: T1)."""
    return {**state, "tier": tier(state["threat"])}

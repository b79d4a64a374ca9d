"""The game's hook for the state as scripts and the sheets see it (`public_state`). The rules
decide it (rules/model.py: `new` reports the state with its tier), as they decide whether the
game is over (rules/model.py `result`, the game's hook itself)."""

from __future__ import annotations

from journal.games.titans.rules import model


def public_state(state: dict) -> dict:
    """The save's values plus the derived ones (`tier`, from THREAT: T1; rules/model.py)."""
    return model.public_state(state)

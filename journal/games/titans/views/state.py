"""The game's hooks for whether the game is over (`result`) and the state as scripts and the
sheets see it (`public_state`). The rules decide both (rules/model.py: the phases refuse a
command once the game is over, `new` reports the state with its tier): these declare them
where every game keeps its hooks (tests/test_games.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.titans.rules import model

if TYPE_CHECKING:
    from journal.games.interface import Result


def result(state: dict) -> Result | None:
    """"won" or "lost" once the game is over, else None (T7; rules/model.py)."""
    return model.result(state)


def public_state(state: dict) -> dict:
    """The save's values plus the derived ones (`tier`, from THREAT: T1; rules/model.py)."""
    return model.public_state(state)

"""Bringing a save written under an older schema up to its game's current one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import SaveError

if TYPE_CHECKING:
    from journal.games.interface import Game

def migrate(game: Game, doc: dict) -> dict:
    """Bring a save written under an older schema up to the game's current one."""
    state = doc["state"]
    version = doc["journal"]["schema"]
    while version < game.SCHEMA_VERSION:
        step = game.MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"journal.schema = {version}: no migration from schema {version} "
                            f"for {game.ID} saves")
        state = step(state)
        version += 1
    return {**doc, "journal": {**doc["journal"], "schema": version}, "state": state}

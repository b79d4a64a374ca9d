"""The games journal knows; journal/games/README.md describes the interface each implements.

Game modules are imported only when a command needs them, so a command on one game
never pays for the others (or for ReportLab).
"""

from __future__ import annotations

import importlib

from journal.errors import SaveError
from journal.schema import show_value

# id -> (module, title); the order is the order `journal games` lists them in.
GAMES: dict[str, tuple[str, str]] = {
    "epm": ("journal.games.epm", "War With the Evil Power Master"),
}


def load(game_id: str):
    try:
        module, _title = GAMES[game_id]
    except (KeyError, TypeError):
        raise SaveError(
            f"journal.game = {show_value(game_id)} is not a game journal knows: expected one of {', '.join(GAMES)}"
        ) from None
    return importlib.import_module(module)

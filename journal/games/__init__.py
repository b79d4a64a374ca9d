"""The games journal knows, found by id; the interface each declares is journal/games/interface.py.

Game modules are imported only when a command needs them, so a command on one game
never pays for the others (or for ReportLab). journal/games/README.md describes the files
every game keeps its hooks in.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, cast

from journal.errors import SaveError
from journal.schema import show_value

if TYPE_CHECKING:
    from journal.games.interface import Game, History, Sheets
    from journal.options import OrderedGroup

# The games in the order `journal games` lists them (each is the package journal/games/ID/).
TITLES = {
    "epm": "War With the Evil Power Master",
    "titans": "War Titans: Invaders Must Die!",
    "kraken": "Space Kraken",
    "pulp": "Pulp Invasion",
}



# id -> (module, title)
GAMES: dict[str, tuple[str, str]] = {
    gid: (f"journal.games.{gid}", title) for gid, title in TITLES.items()
}


def load(game_id: str) -> "Game":
    try:
        module, _title = GAMES[game_id]
    except (KeyError, TypeError):
        raise SaveError(
            f"journal.game = {show_value(game_id)} is not a game journal knows: expected one of {', '.join(GAMES)}"
        ) from None
    return cast("Game", importlib.import_module(module))


@functools.cache  # (a batch looks its game's group up at every line)
def commands(game_id: str) -> "OrderedGroup":
    """The game's Click group: `journal.games.GID.cli` names it after the game (`epm`...)."""
    load(game_id)
    group = getattr(importlib.import_module(f"journal.games.{game_id}.cli"), game_id)
    if not group.epilog:
        group.epilog = (f"The guide: journal guide {game_id} (the tour, the commands by table moment, "
                        f"the rules notes).")
    return group


def sheets(game_id: str) -> "Sheets":
    """The game's ReportLab pages, `journal.games.GID.sheets` (imported only for PDFs): its
    `draw_tracker(c, page, state_or_None, title)` draws the tracker page(s)."""
    load(game_id)
    return cast("Sheets", importlib.import_module(f"journal.games.{game_id}.sheets"))


def history(game_id: str) -> "History":
    """The game's history (journal/games/GID/history.py): its trackers, stages and checks over time."""
    load(game_id)
    return cast("History", importlib.import_module(f"journal.games.{game_id}.history"))

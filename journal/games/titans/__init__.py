"""War Titans: Invaders Must Die! (`titans`): THREAT, Titans, cities, invaders and rifts.

The game interface (journal.games.interface.Game; journal/games/README.md): each hook lives in its own
file, the schema in schema.py, what `show` and the sheets read in views/ (which print what the rules
decide: whether the game is over and the derived tier, rules/model.py; what the table does next,
rules/phases.py), the save's versions in migrations.py; the rules in rules/, the commands in cli/,
the pages in sheets.py.
"""

from __future__ import annotations

from journal.games.titans.migrations import MIGRATIONS, SCHEMA_VERSION
from journal.games.titans.schema import validate
from journal.games.titans.rules.model import result
from journal.games.titans.rules.phases import next_step
from journal.games.titans.views.show import names, status, summary, turn_label
from journal.games.titans.views.state import public_state

ID = "titans"
TITLE = "War Titans: Invaders Must Die!"
__all__ = ["ID", "TITLE", "SCHEMA_VERSION", "MIGRATIONS", "validate", "summary", "status", "turn_label",
           "next_step", "names", "public_state", "result", "undo_refusal", "rolls_undoable"]


def undo_refusal(entry: dict, state: dict) -> str | None:
    """Every command can be undone in this game."""
    return None


def rolls_undoable(state: dict) -> bool:
    """Undo takes back any roll: nothing the dice reveal stays known."""
    return True

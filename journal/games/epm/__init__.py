"""War With the Evil Power Master (`epm`): story cards, challenges, two 0-25 trackers.

The game interface (journal.games.interface.Game), each hook from the file that keeps it: the save's
[state] in schema.py, what it shows in views.py, whether it is over and what comes next in sequence.py
(part of the rules), the save format's versions in migrations.py.
The rules are rules.py, the commands cli.py, the printed pages sheets.py (found by name, never
imported here).
"""

from __future__ import annotations

from journal.games.epm.migrations import MIGRATIONS, SCHEMA_VERSION
from journal.games.epm.schema import validate
from journal.games.epm.sequence import next_step, result
from journal.games.epm.views import names, public_state, status, summary, turn_label

ID = "epm"
TITLE = "War With the Evil Power Master"

__all__ = ["ID", "TITLE", "SCHEMA_VERSION", "MIGRATIONS", "validate", "summary", "status", "turn_label",
           "next_step", "names", "public_state", "result", "undo_refusal", "rolls_undoable"]


def undo_refusal(entry: dict, state: dict) -> str | None:
    """Every command can be undone in this game."""
    return None


def rolls_undoable(state: dict) -> bool:
    """Undo takes a roll back like any other change: journal rolls without asking first."""
    return True

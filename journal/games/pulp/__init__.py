"""Pulp Invasion (`pulp`): encounter lines, the cube bag, three abilities, captain's dice and
Super Weapons, in three Cosmic Hegemony sectors.

The game interface (journal.games.interface.Game), each hook from the file that keeps it: the save's
[state] in schema.py, what it shows in views.py, whether it is over and the step that is due in
rules/phase.py, the save format's versions in migrations.py.
The rules are the rules/ package (one module per step of the round), the commands the cli/
package, the printed pages sheets.py (found by name, never imported here).
"""

from __future__ import annotations

from journal.games.pulp.migrations import MIGRATIONS, SCHEMA_VERSION
from journal.games.pulp.schema import validate
from journal.games.pulp.rules.phase import next_step, result
from journal.games.pulp.views import names, public_state, status, summary, turn_label

ID = "pulp"
TITLE = "Pulp Invasion"

__all__ = ["ID", "TITLE", "SCHEMA_VERSION", "MIGRATIONS", "validate", "summary", "status", "turn_label",
           "next_step", "names", "public_state", "result", "undo_refusal", "rolls_undoable"]


def undo_refusal(entry: dict, state: dict) -> str | None:
    """Every command can be undone in this game."""
    return None


def rolls_undoable(state: dict) -> bool:
    """Undo takes a roll or a draw back like any other change: journal rolls without asking first."""
    return True

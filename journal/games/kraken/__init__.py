"""Space Kraken (`kraken`): the package interface the core reads (journal/games/README.md).

The code follows the rulebook's table of contents. At the bottom, `model/` (the constants,
the invariants, the helpers every chapter shares) and `cgm/` (the Crypted Game Master); then
one module (or package) per chapter: `start`, `saving`, `crew`, `equipment`, `resources`
(ch. 3), `phases` (ch. 5, 8), `story_lines` (ch. 6), `construction` (ch. 7), `flight` (ch. 9),
`space_combat/` (ch. 10), `ship` (ch. 11), `starmap` and `new_location` (ch. 12), `dungeon/`
(ch. 13), `ground_combat/` and `treasure` (ch. 14), `quests`, `captives`; `views/` (text),
`cli/` (commands) and `sheets/` (PDF pages) on top.

The game interface (journal.games.interface.Game) lives in the same files as every game's: schema.py
(`validate`), migrations.py (SCHEMA_VERSION, MIGRATIONS), views/ (summary, status, turn_label,
names, public_state); whether the campaign is over (`result`) and its next step (`next_step`) are
the model's sequence of play (model/sequence.py); undo's two hooks are here. This package imports
the schema, the model and the views: never a chapter's rules, the CLI or the sheets.
"""

from __future__ import annotations

from journal.games.kraken.migrations import MIGRATIONS, SCHEMA_VERSION
from journal.games.kraken.model.constants import DIFFICULTY_TEXT, SAVE_DIFFICULTIES
from journal.games.kraken.schema import validate
from journal.games.kraken.model.sequence import next_step, result
from journal.games.kraken.views import names, public_state, status, summary, turn_label
from journal.hints import cmd, say

ID = "kraken"
TITLE = "Space Kraken"

__all__ = ["ID", "TITLE", "SCHEMA_VERSION", "MIGRATIONS", "validate", "summary", "status", "turn_label",
           "next_step", "names", "public_state", "result", "undo_refusal", "rolls_undoable"]


def rolls_undoable(state: dict) -> bool:
    """Rules note K8: only Just a Simulation may undo a roll. (A player at a terminal is asked for
    each die in every game and difficulty: type it, or press Enter to let the program roll.)"""
    return state.get("difficulty") == "simulation"


def undo_refusal(entry: dict, state: dict) -> str | None:
    """Rules note K8: outside Just a Simulation, `undo` never reverts a command whose outcome
    involved a die roll or revealed an event; only reloading a save point goes back past
    new information. A die typed wrong is corrected by hand: the refusal names the commands that
    set what it changed, with --reason (issue 30 §7)."""
    difficulty = state.get("difficulty")
    if difficulty == "simulation":
        return None
    mode = DIFFICULTY_TEXT.get(difficulty, "this difficulty") if isinstance(difficulty, str) else "this difficulty"
    rolls = entry.get("rolls") or []
    revealed = (entry.get("meta") or {}).get("revealed") or []
    if not rolls and not revealed:
        return None
    what = []
    if rolls:
        what.append("it rolled " + ", ".join(f"{r.get('die')}={r.get('value')}" for r in rolls))
    if revealed:
        what.append("it revealed event " + ", ".join(revealed))
    if difficulty not in SAVE_DIFFICULTIES:
        why = say(f"{' and '.join(what)}: in {mode} nothing goes back past new information: it has no save points "
                  f"(rules note K8)")
    elif not state.get("savepoint"):    # the hint runs as pasted: only when there is a save point to reload
        why = say(f"{' and '.join(what)}: in {mode} only reloading a save point goes back past new information, "
                  f"and none was made yet (rules note K8)")
    else:
        why = say(f"{' and '.join(what)}: in {mode} only reloading a save point goes back past new information "
                  f"(rules note K8) (", cmd("kraken reload"), ")")
    return say(why, BY_HAND) if rolls else why


# A die typed wrong (--roll 3 for a 5): what it changed is set right by hand, and the log says why.
BY_HAND = say(". A die typed wrong? Set what it changed by hand, saying why: ",
              cmd("kraken line set", "LINE", "COORD", reason="TEXT"), ", ",
              cmd("kraken crew hp", "NAME", "DELTA", reason="TEXT"), " or ",
              cmd("kraken set", "KEY", "VALUE", reason="TEXT"))

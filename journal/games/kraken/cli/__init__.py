"""`journal kraken …`: the Click group, and which module of this package defines each command.

Commands are thin: parse, then run a rules function of the chapter they belong to (imported
inside the command, so a command loads only its own chapter). The group lists them in
the order of play and imports a command's module only when that command runs or a help
lists it: the modules here never import this one.
"""

from __future__ import annotations

import click

from journal.options import LazyGroup

# command name -> "module:attribute" in journal.games.kraken.cli, in the order of play
COMMANDS = {
    "new": "start:new", "step": "story_lines:step", "advance": "story_lines:advance", "turn": "phases:turn",
    "phase": "phases:phase", "free-action": "phases:free_action", "recover": "phases:recover",
    "lines": "story_lines:lines", "line": "story_lines:line", "var": "story_lines:var", "lt": "story_lines:lt",
    "pack": "story_lines:pack", "crew": "crew:crew", "credits": "resources:credits_cmd", "xp": "resources:xp_cmd",
    "oxygen": "resources:oxygen_cmd", "ship": "ship:ship", "storage": "ship:storage", "build": "ship:build",
    "location": "locations:location", "quest": "quests:quest", "captive": "quests:captive",
    "grade-price": "resources:grade_price_cmd", "savepoint": "saving:savepoint",
    "clone-station": "saving:clone_station", "reload": "saving:reload", "end": "start:end",
    "score": "achievements:score", "achievements": "achievements:achievements",
    "achievement": "achievements:achievement", "odds": "resources:odds", "flight": "flight:flight",
    "flight-table": "flight:flight_table", "flight-end": "flight:flight_end", "combat": "space_combat:combat",
    "dungeon": "dungeon:dungeon", "visit": "dungeon:visit", "event-shop": "dungeon:event_shop",
    "ground": "ground_combat:ground", "treasure": "treasure:treasure", "treasure-table": "treasure:treasure_table",
    "box": "box:box",
}


@click.group(cls=LazyGroup, lazy=COMMANDS, package=__name__,
             context_settings={"help_option_names": ["-h", "--help"]})
def kraken() -> None:
    """Space Kraken: the Crypted Game Master, story lines, crew, ship, quests.

    Rules notes K1-K14 (journal guide kraken): coordinates are sheet digits then two
    characters (3HC); lines have 7 cells and 6 slots; a line stops on a red coordinate
    or '/'. Follow lines by hand with `step`, or from a pack with `advance` and `turn`.
    Outside Just a Simulation, `undo` will not take back a die roll or a revealed event
    (K8): reload a save point instead.
    """

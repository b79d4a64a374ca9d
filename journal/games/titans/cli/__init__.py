"""`journal titans ...`: the Click group, and which module of this package defines each command.

Commands are thin: they read what was typed (names.py finds the names in the save through
rt.run's parse= hook, files.py reads the board, invaders and dice files, values.py the rest),
then run a rules function of the part of the turn they belong to (journal.games.titans.rules),
which receives the save's own values: `run(rt, save, fight.attack, How(...), declared=...)`, its
keywords checked by mypy against the rules function (values.py's `run` is `rt.run`, and adds the
invader cards that come out of the player's box: box.py). The group lists them in the order of play
and imports a command's module only when that command runs or a help lists it (the modules here
never import this one); a command imports its rules module (`from journal.games.titans.rules
import fight`) in its own body, when it runs, so that a help imports no rules of the turn.
"""

from __future__ import annotations

import click

from journal.options import LazyGroup

# command name -> "module:attribute" in journal.games.titans.cli, in the order of play
COMMANDS = {
    "new": "setup:new", "opening": "setup:opening", "invade": "setup:invade",
    "move": "fight:move", "attack": "fight:attack", "trial": "fight:trial", "rift": "fight:rift",
    "repair": "fight:repair", "pass": "fight:pass_cmd", "next": "fight:next_cmd",
    "develop": "upgrade:develop", "supports": "upgrade:supports", "tech": "upgrade:tech",
    "face-up": "upgrade:face_up",
    "ending": "ending:ending", "end": "ending:end", "reenter": "ending:reenter", "pilot-check": "ending:pilot_check",
    "pilot-dies": "ending:pilot_dies", "pilot": "ending:pilot",
    "defeat": "byhand:defeat", "threat": "byhand:threat", "damage": "byhand:damage", "credits": "byhand:credits",
    "lead": "byhand:lead", "invader": "byhand:invader", "check": "checks:check", "odds": "checks:odds",
    "set": "byhand:set_cmd", "box": "box:box",
}


@click.group(cls=LazyGroup, lazy=COMMANDS, package=__name__, aliases={"final": "end"},
             context_settings={"help_option_names": ["-h", "--help"]})
def titans() -> None:
    """War Titans: Invaders Must Die!: THREAT, Titans, cities, invaders and rifts, turn by turn.

    One command per step of the turn: opening → invade → move/attack/trial → repair →
    develop → supports → ending. Successes come from your custom dice: type them with
    --successes N. Rules notes T1-T7 (journal guide titans): THREAT 0-21 (21 loses at
    once); Episode Cards 1, then max(1, players-1), `players` at Red.

    Players act in turn, from the Lead Character clockwise (the order of --titan at
    `new`): the Titans' placement, the Fight Phase, Development and Support Movement.
    A player who does nothing in a step passes: `journal titans pass PLAYER`.
    """

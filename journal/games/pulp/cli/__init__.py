"""`journal pulp ...`: the Click group, and which module of this package defines each command.

Commands are thin: they read what was typed (values.py) and run a rules function of the step
of the round they belong to (journal.games.pulp.rules). The group lists them in the order of
play and imports a command's module only when that command runs or a help lists it: the
modules here never import this one.
"""

from __future__ import annotations

import click

from journal.options import LazyGroup

# command name -> "module:attribute" in journal.games.pulp.cli, in the order of play
COMMANDS = {
    "new": "setup:new",
    "round": "round:round_cmd", "engage": "round:engage", "evade": "round:evade", "search": "round:search",
    "assign": "round:assign", "weapon": "round:weapon", "die": "round:die", "end-round": "round:end_round",
    "bag": "odds:bag", "odds": "odds:odds_cmd",
    "ability": "by_hand:ability", "cubes": "by_hand:cubes", "deck": "by_hand:deck", "planets": "by_hand:planets",
    "hand": "by_hand:hand", "location": "by_hand:location", "end": "by_hand:end",
}


@click.group(cls=LazyGroup, lazy=COMMANDS, package=__name__, context_settings={"help_option_names": ["-h", "--help"]})
def pulp() -> None:
    """Pulp Invasion: encounter lines, the cube bag, abilities, captain's dice, Super Weapons.

    Card tokens: KIND[STRENGTH][ICON][.CUBES][.FLAGS], e.g. G2C.r.PK (Guardforce, strength
    2, shows Combat, a red cube, a planet icon and a Key), A4S.o.PP, L.rb, ES. Cube
    letters: r red (combat), o orange (science), b blue (diplomacy), k black, y yellow,
    w white. Rules notes P1-P6 (journal guide pulp).
    """

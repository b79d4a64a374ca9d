"""The commands several chapters name in their hints, as values (journal.hints): written once.

A hint names whole commands, one per alternative: COMBAT_ENDS names `kraken combat end` with
won, with retreated and with lost, each a command of its own, never `won|retreated|lost`.
"""

from __future__ import annotations

from journal.hints import Hint, Text, cmd, say


def either(*hints: Hint, last: str = " or ") -> Text:
    """`a, b or c`: alternatives, each a whole command."""
    parts: list[object] = []
    for i, hint in enumerate(hints):
        if i:
            parts.append(last if i == len(hints) - 1 else ", ")
        parts.append(hint)
    return say(*parts)


# 3.4: a crew member and the six attributes of their profile
CREW_ADD = cmd("kraken crew add", "NAME", agility="N", strength="N", tech="N", charisma="N", ranged="N", melee="N")
# 11: a ship's hull first, with its price and SP from its page
SHIP_HULL = cmd("kraken ship hull", "NAME", price="P", sp="N")
# ch. 12: a Location rolled by hand from the book, its values as the Starmap Locations Log shows them (all seven
# options in one hint would not fit a line of 100 columns)
LOCATION_ADD = say(cmd("kraken location add", type_="TYPE", difficulty="D", depth="N"),
                   " (and --ao, --ai, --teleport, --species as rolled)")
LOCATION_GENERATE = cmd("kraken location generate", generator="FILE")
# ch. 10, 14: a combat ended by hand
COMBAT_ENDS = either(*(cmd("kraken combat end", result) for result in ("won", "retreated", "lost")))
GROUND_ENDS = either(*(cmd("kraken ground end", result) for result in ("won", "escaped")))
# ch. 10 (2), (3): objectives and repairs, or fire
OBJECTIVES_OR_FIRE = say("objectives and repairs (", cmd("kraken combat objective", crew="NAME"), ", ",
                         cmd("kraken combat repair", "SYSTEM", crew="NAME"), "), or fire (",
                         cmd("kraken combat fire", "WEAPON"), ")")
# ch. 10 (5)-(7): after the enemy fire
BOARD_ESCAPE_OR_RECHARGE = say("board an enemy (", cmd("kraken combat board", "N", crew="NAME"), "), try to escape (",
                               cmd("kraken combat escape"), ") or recharge (", cmd("kraken combat recharge"), ")")

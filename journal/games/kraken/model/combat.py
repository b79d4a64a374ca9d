"""`[state.combat]`, the SPACE COMBAT page as it stands (ch. 10), read by the rules and views.

The combat going on, the enemy ships left, a boarding pending, enemy fire due.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import RuleError
from journal.games.kraken.model.constants import COMBAT_STEPS, TIMELINE_IDLE
from journal.hints import Text, cmd, say

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def current_space_combat(s: State) -> dict:
    c = s.get("combat")
    if not c:
        raise RuleError(say("there is no Space Combat going on (a flight that failed to avoid it starts one; an event: ",
                            cmd("kraken combat start", enemy="SPEC"), ")"))
    return c


def ships_left(c: dict) -> list[int]:
    return [i for i, e in enumerate(c["enemies"], 1) if e["sp"] > 0]


def boarding_pending(c: dict) -> Text:
    if c.get("boarding"):
        b = c["boarding"]
        retreat = (" (or ", cmd("kraken combat retreat"), ")") if b["by"] == "us" else ()
        return say(f"a Boarding Combat with enemy {b['enemy']} is going on: ", cmd("kraken combat round"), *retreat)
    return say(f"enemy {c['boarders'][0]} boards your ship: defend with ",
               cmd("kraken combat repel", c["boarders"][0], crew="NAME"))


def enemy_fire_due(c: dict) -> bool:
    return c["step"] in COMBAT_STEPS[:4] and c.get("event") != TIMELINE_IDLE and bool(ships_left(c))

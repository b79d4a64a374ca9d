"""Space combat phase 6, Attempt to escape."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.kraken.model.campaign import copy_state
from journal.games.kraken.model.checks import check, d20_chance
from journal.games.kraken.model.combat import current_space_combat
from journal.games.kraken.space_combat.after import finish_combat
from journal.games.kraken.space_combat.page import free_crew, goto_step
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

ESCAPE_TARGET, ESCAPE_AGAIN = 20, 15


def combat_escape(state: State, dice) -> Outcome:
    """10 (6): d20 + the Tech of every unused crew member ≥ 20 (15 after a failed try in this
    combat): you escape; the battle counts as lost (a new Location without dice
    modifications, no landing this turn)."""
    s = copy_state(state)
    c = current_space_combat(s)
    goto_step(c, "escape")
    free = free_crew(s, c)
    tech = sum(s["crew"][n]["tech"] for n in free)
    target = ESCAPE_AGAIN if c.get("escape_failed") else ESCAPE_TARGET
    r = dice.roll(20)
    total = r + tech
    ok = total >= target
    parts = " + ".join(f"{n} {s['crew'][n]['tech']}" for n in free) or "no unused crew"
    out = [f"Escape: d20 {r} + Tech ({parts}) = {total} against {target}: " + ("escaped." if ok else "failed.")]
    if ok:
        finish_combat(s, c, "escaped", out)
    else:
        c["escape_failed"] = True
        c["step"] = "recharge"
        out.append(say(f"A later try in this combat needs {ESCAPE_AGAIN}. Next: ", cmd("kraken combat recharge"), "."))
    return Outcome(s, f"Escape: d20 {r} + {tech} = {total} ({'escaped' if ok else 'failed'})", out,
                   {"roll": r, "tech": tech, "total": total, "target": target, "escaped": ok},
                   {"checks": [check("Space Combat escape", d20_chance(tech, target), ok)]})

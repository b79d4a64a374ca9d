"""`[state.ground]`, the Ground Combat as it stands (ch. 14), read by the rules and the views.

The combat going on, who is conscious, the enemies still fighting, the lone wolf, the
activations a member has, and what comes next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import RuleError
from journal.hints import Text, cmd, say

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def current_ground_combat(s: State) -> dict:
    g = s.get("ground")
    if not g:
        raise RuleError(say("there is no Ground Combat going on (", cmd("kraken dungeon enemy", "TILE"), ", or ",
                            cmd("kraken ground start", level="N"), ")"))
    return g


def conscious(s: State, g: dict) -> list[str]:
    return [n for n in g["crew"] if n in s["crew"] and s["crew"][n]["status"] == "active"]


def active_enemies(g: dict) -> list[str]:
    return [k for k, e in g["enemies"].items() if e["status"] == "active"]


def lone_wolf(s: State, g: dict) -> bool:
    return len(conscious(s, g)) == 1


def activations_allowed(s: State, g: dict, name: str) -> int:
    """1 a turn (a lone wolf 2, PSI MOTIVATION one more); none for a member healed from
    unconscious this turn (ch. 4: "Healed unconscious Crew Members are active again, but
    cannot take any actions before the next Ground Combat turn")."""
    if name in g.get("revived", []):
        return 0
    base = 2 if lone_wolf(s, g) else 1
    return base + g.get("extra", []).count(name)


def spawn_hint(g: dict) -> Text:
    """Ch. 14, as the enemies spawn: their values, then the reaction's bonus action (it exists
    only before the initiative check), then the initiative."""
    bonus = (", then the reaction's bonus action if one crew member takes it (",
             cmd("kraken ground attack", "NAME", "TARGET"), ", another action but a Flank, or a PSI power: ",
             cmd("kraken ground psi", "NAME", "POWER"), ")") if g.get("bonus") else ()
    return say("enter each enemy's values from its sheet (", cmd("kraken ground add", "LABEL", hp="N", armor="N",
               agility="N"), ", or ", cmd("kraken ground add", "LABEL", profile="NAME"), ")", *bonus, ", then ",
               cmd("kraken ground initiative"))


def turn_hint(s: State, g: dict) -> Text:
    if g["step"] == "spawn":
        return spawn_hint(g)
    todo = [n for n in conscious(s, g) if g.get("acted", {}).get(n, 0) < activations_allowed(s, g, n)]
    if g["step"] == "crew" and todo:
        return say(f"Turn {g['turn']}: the crew acts ({', '.join(todo)}): ", cmd("kraken ground attack", "NAME", "TARGET"),
                   ", or another action (", cmd("kraken ground cover", "NAME"), ", ", cmd("kraken ground wait", "NAME"),
                   ", and the others)")
    if g["step"] == "enemies":
        todo = [k for k in active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
        if todo:
            return say(f"Turn {g['turn']}: the enemies act, top to bottom: ", cmd("kraken ground enemy", todo[0]))
    return say(f"Turn {g['turn']} is over: ", cmd("kraken ground turn"))

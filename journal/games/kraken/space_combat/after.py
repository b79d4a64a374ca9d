"""After space combat: repairs, SP and Ammo restored, XP and Credits, smuggling; by hand.

A won combat pays the flight's XP and as many Credits (and the smuggling bonus); a lost
one ends the campaign; `combat end` ends one by hand (A2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import InputError
from journal.games.kraken.flight import deliver_smuggled_goods, next_location_hint
from journal.games.kraken.model.campaign import copy_state
from journal.games.kraken.model.combat import current_space_combat
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def finish_combat(s: State, c: dict, result: str, out: list[str]) -> None:
    """AFTER SPACE COMBAT: damaged systems repaired, SP restored and Ammo refilled for
    free; a successful flight's XP and as many Credits (and the smuggling bonus)."""
    s.pop("combat", None)
    if result == "lost":
        s["result"] = "lost"
        if s.get("flight"):
            del s["flight"]
        out.append("The campaign is lost.")
        return
    fixed = [label for label, e in s["ship"]["systems"].items() if e.pop("damaged", None)]
    out.append("After the Space Combat: " + (f"{', '.join(fixed)} repaired, " if fixed else "")
               + "structure points restored and Ammo refilled for free.")
    f = s.get("flight")
    if result == "won":
        _successful_flight(s, c, f, out)
    else:
        _battle_lost(f, out)
    if f:
        out.append(next_location_hint(f))


def _successful_flight(s: State, c: dict, f: dict | None, out: list[str]) -> None:
    """A won combat: the flight's XP and as many Credits (none with Nano skin), the smuggling bonus."""
    gain = c.get("xp", 0)
    if f and f.get("nano_skin"):
        gain = 0
    if gain:
        xb, cb = s["xp"], s["credits"]
        s["xp"] += gain
        s["credits"] += gain
        out.append(f"The flight is a success: +{gain} XP (XP {xb} → {s['xp']}) and +{gain}¢ "
                   f"(Credits {cb}¢ → {s['credits']}¢).")
    if f and "smuggle" in f["options"]:
        deliver_smuggled_goods(s, out)
    if f:
        f["stage"] = "arrived"


def _battle_lost(f: dict | None, out: list[str]) -> None:
    """An escape or a retreat counts as a lost battle: no XP, no smuggling bonus, no landing."""
    if f:
        f["stage"] = "escaped"
        f["modifications"] = 0
        f["land"] = False
    out.append("The battle counts as lost: no XP" + (", no smuggling bonus" if f and "smuggle" in f["options"]
                                                     else "") + ".")


def check_crew(s: State, c: dict, out: list[str]) -> None:
    if not s["crew"] and s.get("combat"):
        out.append("Your last crew member is lost: you lose the game.")
        finish_combat(s, c, "lost", out)


def combat_end(state: State, dice, result: str) -> Outcome:
    """A2: an event or card ends the Space Combat (won, retreated, lost)."""
    s = copy_state(state)
    c = current_space_combat(s)
    if result not in ("won", "retreated", "lost"):
        raise InputError(f"'{result}': won, retreated or lost")
    c.pop("boarding", None)
    c.pop("boarders", None)
    out = [f"The Space Combat ends by hand: {result}."]
    finish_combat(s, c, result, out)
    return Outcome(s, f"Space Combat ended by hand: {result}", out, {"result": result})
